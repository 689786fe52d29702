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
    from .analysis import (
        GAME,
        MEASURE,
        batch_returns,
        hand_categories,
        hint,
        keep_text,
        make_game,
        report,
        reports,
    )
    from .depth import (
        MAX_GAP_PP,
        MIN_CHANCE_GAP_PP,
        MIN_RULE_GAP_PP,
        DepthReport,
        DepthReports,
        Diff,
        DiffRow,
        check_gap,
    )
    from .rules import (
        ALL_CATEGORIES,
        BUILTIN_TABLES,
        CATEGORIES,
        CATEGORY_LABELS,
        DEFAULT_TABLE,
        MAX_PAYOUT,
        categories,
        load_tables,
        parse_hand,
        parse_payouts,
        select_tables,
    )
    from .session import (
        DEFAULT_OPTIONS,
        actions,
        advice,
        computer_action,
        new_game,
        normalize_options,
        parse_action,
        step,
    )
    from .verify import (
        MIN_HANDS,
        VERIFY_MAX_WORK,
        VERIFY_STRATEGIES,
        Z_LIMIT,
        VerifyAverage,
        VerifyFrequency,
        VerifyResult,
        check_verify,
        verify_by_play,
    )
    from .web_support import (
        MAX_TABLE_NAME,
        MAX_TABLES,
        MAX_TABLES_TEXT,
        exact_links,
        lattice_keeps,
        parse_tables_text,
    )

_EXPORTS = {
    'ALL_CATEGORIES': '.rules',
    'BUILTIN_TABLES': '.rules',
    'CATEGORIES': '.rules',
    'CATEGORY_LABELS': '.rules',
    'DEFAULT_OPTIONS': '.session',
    'DEFAULT_TABLE': '.rules',
    'DepthReport': '.depth',
    'DepthReports': '.depth',
    'Diff': '.depth',
    'DiffRow': '.depth',
    'GAME': '.analysis',
    'MAX_GAP_PP': '.depth',
    'MAX_PAYOUT': '.rules',
    'MIN_HANDS': '.verify',
    'VERIFY_MAX_WORK': '.verify',
    'check_gap': '.depth',
    'check_verify': '.verify',
    'MEASURE': '.analysis',
    'MIN_CHANCE_GAP_PP': '.depth',
    'MIN_RULE_GAP_PP': '.depth',
    'VERIFY_STRATEGIES': '.verify',
    'VerifyAverage': '.verify',
    'VerifyFrequency': '.verify',
    'VerifyResult': '.verify',
    'Z_LIMIT': '.verify',
    'actions': '.session',
    'advice': '.session',
    'batch_returns': '.analysis',
    'categories': '.rules',
    'computer_action': '.session',
    'fraction_str': '...solver',
    'hand_categories': '.analysis',
    'hint': '.analysis',
    'keep_text': '.analysis',
    'load_tables': '.rules',
    'make_game': '.analysis',
    'new_game': '.session',
    'normalize_options': '.session',
    'parse_action': '.session',
    'parse_hand': '.rules',
    'parse_payouts': '.rules',
    'report': '.analysis',
    'reports': '.analysis',
    'select_tables': '.rules',
    'step': '.session',
    'verify_by_play': '.verify',
    'MAX_TABLE_NAME': '.web_support',
    'MAX_TABLES': '.web_support',
    'MAX_TABLES_TEXT': '.web_support',
    'exact_links': '.web_support',
    'lattice_keeps': '.web_support',
    'parse_tables_text': '.web_support',
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_OPTIONS", "DEFAULT_TABLE", "GAME",
    "MAX_GAP_PP", "MAX_PAYOUT", "MEASURE", "MIN_CHANCE_GAP_PP", "MIN_HANDS", "MIN_RULE_GAP_PP", "VERIFY_MAX_WORK",
    "VERIFY_STRATEGIES", "Z_LIMIT", "DepthReport", "DepthReports", "Diff", "DiffRow", "VerifyAverage",
    "VerifyFrequency", "VerifyResult", "actions", "advice", "batch_returns", "categories", "check_gap",
    "check_verify", "computer_action", "fraction_str", "hand_categories", "hint", "keep_text", "load_tables",
    "make_game", "new_game", "normalize_options", "parse_action", "parse_hand", "parse_payouts", "report",
    "reports", "select_tables", "step", "verify_by_play",
    "MAX_TABLE_NAME", "MAX_TABLES", "MAX_TABLES_TEXT", "exact_links", "lattice_keeps", "parse_tables_text",
]
