"""Video poker: cards, the evaluator, pay tables, one hand's holds and a whole game's return."""

from __future__ import annotations

from ...solver import fraction_str
from .cards import JOKER, card_str, hand_str, parse_card, parse_hand
from .paytables import get_game, load_games, shipped_games
from .solver import analyze_hand, solve_game

__all__ = [
    "JOKER", "analyze_hand", "card_str", "fraction_str", "get_game", "hand_str", "load_games", "parse_card",
    "parse_hand", "shipped_games", "solve_game",
]
