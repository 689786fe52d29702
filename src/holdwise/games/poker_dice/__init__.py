"""Poker dice for two or three players: the game's public face."""

from __future__ import annotations

from ...solver import Dice, Game, faces_to_counts, solve
from .rules import CATEGORY_LABELS, Variant, category_of, hand_key, hand_ranks
from .solver import (
    ROLLS,
    TOLERANCE,
    beat_payout,
    hint,
    parse_hand,
    setup,
    simulate_duels,
    solve_duel,
    solve_three,
)

__all__ = [
    "CATEGORY_LABELS", "ROLLS", "TOLERANCE", "Dice", "Game", "Variant", "beat_payout", "category_of",
    "faces_to_counts", "hand_key", "hand_ranks", "hint", "parse_hand", "setup", "simulate_duels", "solve",
    "solve_duel", "solve_three",
]
