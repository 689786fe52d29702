"""Farkle as played in Kingdom Come: Deliverance: the game's public face."""

from __future__ import annotations

from .analysis import best_loadouts, check_six, hint, parse_dice, turn_report
from .match import TOLERANCE, solve_match
from .rules import NAMED_DICE, busts, die_by_name, roll_counts, score, selections
from .simulate import simulate_matches, simulate_turns
from .turn import solve_turn

__all__ = [
    "NAMED_DICE", "TOLERANCE", "best_loadouts", "busts", "check_six", "die_by_name", "hint", "parse_dice",
    "roll_counts", "score", "selections", "simulate_matches", "simulate_turns", "solve_match", "solve_turn",
    "turn_report",
]
