"""Dice poker against a payout table: the game's public face."""

from __future__ import annotations

from ...solver import fraction_str
from .analysis import (
    VERIFY_STRATEGIES,
    batch_returns,
    hand_categories,
    hint,
    make_game,
    report,
    report_to_json,
    verify_by_play,
)
from .depth import DepthReport
from .rules import (
    ALL_CATEGORIES,
    BUILTIN_TABLES,
    CATEGORIES,
    CATEGORY_LABELS,
    categories,
    load_tables,
    parse_payouts,
)

__all__ = [
    "ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "VERIFY_STRATEGIES", "DepthReport",
    "batch_returns", "categories", "fraction_str", "hand_categories", "hint", "load_tables", "make_game",
    "parse_payouts", "report", "report_to_json", "verify_by_play",
]
