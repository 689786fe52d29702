"""Dice poker against a payout table: the game's public face.

The question: `parse_hint(fields) -> HintRequest` (fields named in `HINT_FIELDS`: hand, rolls_left, rules,
payouts, ...) and `hint(request)`, every keep ranked by expected payout. Also `report` / `reports` (the depth
report: optimum, rule, no re-roll, the criterion); `verify_by_play` (seeded play against the exact values);
`batch_returns` (many tables at once); `make_game` (the game on the solver); tables by name, from a TOML file
or its text (`select_tables`, `load_tables`, `parse_tables_text`); `lattice_keeps`, `exact_links` (the size of
a solve, for interfaces that bound their cost); the play session `new_game`, `actions`, `step`,
`computer_action`, `advice`, `parse_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from ...solver import fraction_str
    from .analysis import GAME, MEASURE, batch_returns, hand_categories, keep_text, make_game, report, reports
    from .cost import exact_links, lattice_keeps
    from .depth import (
        MAX_GAP_PP, MIN_CHANCE_GAP_PP, MIN_RULE_GAP_PP, DepthReport, DepthReports, Diff, DiffRow, check_gap,
    )
    from .hints import HINT_FIELDS, HintRequest, hint, parse_hint
    from .rules import (
        ALL_CATEGORIES, BUILTIN_TABLES, CATEGORIES, CATEGORY_LABELS, DEFAULT_TABLE, MAX_PAYOUT, categories, parse_hand,
        parse_payouts,
    )
    from .session import (
        DEFAULT_OPTIONS, actions, advice, computer_action, new_game, normalize_options, parse_action, step,
    )
    from .tables import (
        MAX_TABLE_NAME, MAX_TABLES, MAX_TABLES_TEXT, find_table, load_tables, parse_tables_text, select_tables,
    )
    from .verify import (
        MIN_HANDS, VERIFY_MAX_WORK, VERIFY_STRATEGIES, Z_LIMIT, VerifyAverage, VerifyFrequency, VerifyResult,
        check_verify, verify_by_play,
    )

__all__ = [
    "ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_OPTIONS", "DEFAULT_TABLE",
    "DepthReport", "DepthReports", "Diff", "DiffRow", "GAME", "HINT_FIELDS", "HintRequest", "MAX_GAP_PP", "MAX_PAYOUT",
    "MAX_TABLES", "MAX_TABLES_TEXT", "MAX_TABLE_NAME", "MEASURE", "MIN_CHANCE_GAP_PP", "MIN_HANDS", "MIN_RULE_GAP_PP",
    "VERIFY_MAX_WORK", "VERIFY_STRATEGIES", "VerifyAverage", "VerifyFrequency", "VerifyResult", "Z_LIMIT", "actions",
    "advice", "batch_returns", "categories", "check_gap", "check_verify", "computer_action", "exact_links",
    "find_table", "fraction_str", "hand_categories", "hint", "keep_text", "lattice_keeps", "load_tables", "make_game",
    "new_game", "normalize_options", "parse_action", "parse_hand", "parse_hint", "parse_payouts", "parse_tables_text",
    "report", "reports", "select_tables", "step", "verify_by_play"
]
_EXPORTS = {
    **dict.fromkeys(("fraction_str",), "...solver"),
    **dict.fromkeys(("GAME", "MEASURE", "batch_returns", "hand_categories", "keep_text", "make_game", "report",
                     "reports"), ".analysis"),
    **dict.fromkeys(("exact_links", "lattice_keeps"), ".cost"),
    **dict.fromkeys(("DepthReport", "DepthReports", "Diff", "DiffRow", "MAX_GAP_PP", "MIN_CHANCE_GAP_PP",
                     "MIN_RULE_GAP_PP", "check_gap"), ".depth"),
    **dict.fromkeys(("HINT_FIELDS", "HintRequest", "hint", "parse_hint"), ".hints"),
    **dict.fromkeys(("ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_TABLE", "MAX_PAYOUT",
                     "categories", "parse_hand", "parse_payouts"), ".rules"),
    **dict.fromkeys(("DEFAULT_OPTIONS", "actions", "advice", "computer_action", "new_game", "normalize_options",
                     "parse_action", "step"), ".session"),
    **dict.fromkeys(("MAX_TABLES", "MAX_TABLES_TEXT", "MAX_TABLE_NAME", "find_table", "load_tables",
                     "parse_tables_text", "select_tables"), ".tables"),
    **dict.fromkeys(("MIN_HANDS", "VERIFY_MAX_WORK", "VERIFY_STRATEGIES", "VerifyAverage", "VerifyFrequency",
                     "VerifyResult", "Z_LIMIT", "check_verify", "verify_by_play"), ".verify"),
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
