"""Dice poker against a payout table: the game's public face.

Verbs: `parse_payouts`, `parse_hand`, `select_tables`, `load_tables`; `hint(hand, rerolls_left, table)` (every
keep ranked by expected payout); `report` / `reports` (the depth report: optimum, rule, no re-roll, the
criterion); `verify_by_play` (seeded play against the exact values); `batch_returns` (many tables at once);
`make_game` (the game on the solver); `parse_tables_text`, `lattice_keeps`, `exact_links` (tables from TOML
text and the size of a solve, for interfaces that bound their cost); the play session `new_game`, `actions`, `step`, `computer_action`,
`advice`, `parse_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from ...solver import fraction_str
    from .analysis import GAME, MEASURE, batch_returns, hand_categories, hint, keep_text, make_game, report, reports
    from .depth import (
        MAX_GAP_PP, MIN_CHANCE_GAP_PP, MIN_RULE_GAP_PP, DepthReport, DepthReports, Diff, DiffRow, check_gap,
    )
    from .rules import (
        ALL_CATEGORIES, BUILTIN_TABLES, CATEGORIES, CATEGORY_LABELS, DEFAULT_TABLE, MAX_PAYOUT, categories,
        load_tables, parse_hand, parse_payouts, select_tables,
    )
    from .session import (
        DEFAULT_OPTIONS, actions, advice, computer_action, new_game, normalize_options, parse_action, step,
    )
    from .verify import (
        MIN_HANDS, VERIFY_MAX_WORK, VERIFY_STRATEGIES, Z_LIMIT, VerifyAverage, VerifyFrequency, VerifyResult,
        check_verify, verify_by_play,
    )
    from .web_support import MAX_TABLES, MAX_TABLES_TEXT, MAX_TABLE_NAME, exact_links, lattice_keeps, parse_tables_text

_EXPORTS = {
    **dict.fromkeys(("fraction_str",), "...solver"),
    **dict.fromkeys(("GAME", "MEASURE", "batch_returns", "hand_categories", "hint", "keep_text", "make_game", "report",
                     "reports"), ".analysis"),
    **dict.fromkeys(("DepthReport", "DepthReports", "Diff", "DiffRow", "MAX_GAP_PP", "MIN_CHANCE_GAP_PP",
                     "MIN_RULE_GAP_PP", "check_gap"), ".depth"),
    **dict.fromkeys(("ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_TABLE", "MAX_PAYOUT",
                     "categories", "load_tables", "parse_hand", "parse_payouts", "select_tables"), ".rules"),
    **dict.fromkeys(("DEFAULT_OPTIONS", "actions", "advice", "computer_action", "new_game", "normalize_options",
                     "parse_action", "step"), ".session"),
    **dict.fromkeys(("MIN_HANDS", "VERIFY_MAX_WORK", "VERIFY_STRATEGIES", "VerifyAverage", "VerifyFrequency",
                     "VerifyResult", "Z_LIMIT", "check_verify", "verify_by_play"), ".verify"),
    **dict.fromkeys(("MAX_TABLES", "MAX_TABLES_TEXT", "MAX_TABLE_NAME", "exact_links", "lattice_keeps",
                     "parse_tables_text"), ".web_support"),
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
