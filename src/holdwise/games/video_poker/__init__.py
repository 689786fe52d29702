"""Video poker's public face: cards, pay tables, a hand's hint, a whole game's return, the play session.

    >>> from holdwise.games import video_poker as vp
    >>> vp.hint(vp.parse_hint({"hand": "AS KS QS JS 9D"})).best.option
    'As Ks Qs Js'
    >>> round(vp.game_return("jacks-or-better-9-6").return_value, 8)
    0.99543904

A hand is five cards in dealt order, as text ("As Ks Qs Js 9d"; `10h`, `A♠`, `Jk`, and `A*` for the
extra-ace deck's ace of stars accepted) or a list; a hold is the positions 1-5 kept, in dealt order. Values are expected returns per coin bet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from ...solver import fraction_str
    from .analysis import (
        MEASURE, GameInfo, GamesList, ReturnReport, ReturnRow, game_return, games, hold_hint, play_statistics,
    )
    from .answers import is_stored, load_strategy_report, stored, stored_return, stored_strategy, strategy_answer
    from .cards import JOKER, card_str, hand_str, parse_card, parse_hand, parse_hold
    from .chart_search import CURVE_LINES
    from .disk import analyze_hand, hold_patterns, is_solved, parse_chart, read_chart, solve_game, vocabulary
    from .editor import (
        editor_options, table_code, table_field, table_from_code, table_from_fields, table_to_json, table_toml,
    )
    from .hints import HINT_FIELDS, HintRequest, hint, offer_games, parse_hint
    from .inputs import MAX_CREDITS, MAX_SEED, parse_coins, parse_credits, parse_seed
    from .patterns import Chart, ChartLine, Pattern, Vocabulary
    from .paytables import (
        DEFAULT_GAME, HAND_KINDS, MAX_COINS, PayTable, all_games, get_game, hand_label, load_games, max_scaled_pay,
        parse_games, pay_text, resolve_game, shipped_games,
    )
    from .report import ChartError, ChartLineStats, ChartReport, CurvePoint
    from .session import (
        DECISION_MEASURE, GAME, actions, advice, computer_action, new_game, parse_action, paytable_of, step,
    )
    from .strategy import ChartHold, chart_hold, check_lines, cost_curve, evaluate_chart, strategy_report
    from .trainer import TRAINER_CHOICES, TrainerChart, check_choice, trainer_chart

_EXPORTS: dict[str, str | tuple[str, ...]] = {
    **dict.fromkeys(("fraction_str",), "...solver"),
    **dict.fromkeys(("GameInfo", "GamesList", "MEASURE", "ReturnReport", "ReturnRow", "game_return", "games",
                     "hold_hint", "play_statistics"), ".analysis"),
    **dict.fromkeys(("HINT_FIELDS", "HintRequest", "hint", "offer_games", "parse_hint"), ".hints"),
    **dict.fromkeys(("JOKER", "card_str", "hand_str", "parse_card", "parse_hand", "parse_hold"), ".cards"),
    **dict.fromkeys(("editor_options", "table_code", "table_field", "table_from_code", "table_from_fields",
                     "table_to_json", "table_toml"), ".editor"),
    **dict.fromkeys(("MAX_CREDITS", "MAX_SEED", "parse_coins", "parse_credits", "parse_seed"), ".inputs"),
    **dict.fromkeys(("Chart", "ChartLine", "Pattern", "Vocabulary"), ".patterns"),
    **dict.fromkeys(("DEFAULT_GAME", "HAND_KINDS", "MAX_COINS", "PayTable", "all_games", "get_game", "hand_label",
                     "load_games", "max_scaled_pay", "parse_games", "pay_text", "resolve_game", "shipped_games"), ".paytables"),
    **dict.fromkeys(("DECISION_MEASURE", "GAME", "actions", "advice", "computer_action", "new_game", "parse_action",
                     "paytable_of", "step"), ".session"),
    **dict.fromkeys(("analyze_hand", "hold_patterns", "is_solved", "parse_chart", "read_chart", "solve_game",
                     "vocabulary"), ".disk"),
    **dict.fromkeys(("is_stored", "load_strategy_report", "stored", "stored_return", "stored_strategy",
                     "strategy_answer"), ".answers"),
    **dict.fromkeys(("CURVE_LINES",), ".chart_search"),
    **dict.fromkeys(("ChartError", "ChartLineStats", "ChartReport", "CurvePoint"), ".report"),
    **dict.fromkeys(("ChartHold", "chart_hold", "check_lines", "cost_curve", "evaluate_chart", "strategy_report"),
                    ".strategy"),
    **dict.fromkeys(("TRAINER_CHOICES", "TrainerChart", "check_choice", "trainer_chart"), ".trainer"),
    "KERNEL_MODULES": (),  # no Numba kernel: video poker's kernels are compiled when the package is built
    "STRATEGY_KERNEL_MODULES": (),
}
__all__ = ["CURVE_LINES", "Chart", "ChartError", "ChartHold", "ChartLine", "ChartLineStats", "ChartReport", "CurvePoint",
    "DECISION_MEASURE", "DEFAULT_GAME", "GAME", "GameInfo", "GamesList", "HAND_KINDS", "HINT_FIELDS", "HintRequest",
    "JOKER", "KERNEL_MODULES", "MAX_COINS", "MAX_CREDITS", "MAX_SEED", "MEASURE", "Pattern", "PayTable",
    "ReturnReport", "ReturnRow", "STRATEGY_KERNEL_MODULES", "TRAINER_CHOICES", "TrainerChart", "Vocabulary",
    "actions", "advice", "all_games", "analyze_hand", "card_str", "chart_hold", "check_choice", "check_lines",
    "computer_action", "cost_curve", "editor_options", "evaluate_chart", "fraction_str", "game_return", "games",
    "get_game", "hand_label", "hand_str", "hint", "hold_hint", "hold_patterns", "is_solved", "is_stored",
    "load_games", "load_strategy_report", "max_scaled_pay", "new_game", "offer_games", "parse_action", "parse_card",
    "parse_chart", "parse_coins", "parse_credits", "parse_games", "parse_hand", "parse_hint", "parse_hold",
    "parse_seed", "pay_text", "paytable_of", "play_statistics", "read_chart", "resolve_game", "shipped_games",
    "solve_game", "step", "stored", "stored_return", "stored_strategy", "strategy_answer", "strategy_report",
    "table_code", "table_field", "table_from_code", "table_from_fields", "table_to_json", "table_toml",
    "trainer_chart", "vocabulary"]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
