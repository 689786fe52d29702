"""Farkle as played in Kingdom Come: Deliverance: the game's public face.

The hint as a request: `parse_hint(fields)` over `HINT_FIELDS` -> `HintRequest`, then `hint(request)` (every
selection x roll on / bank, ranked by expected points, or win chance when race-aware). Reports with `to_json()`:
`turn_report`, `coaching_chart`, `match_report`, `match_chart`, `strategy_report`, `best_loadouts`, `list_dice`,
`rules_sheet`; the inventory search `parse_inventory` -> `InventoryRequest`, `search_inventory` ->
`InventorySearch` (every six-set an inventory allows, ranked exactly; `estimate_seconds` before it starts). The
pure solvers `solve_turn`, `solve_match`, `simulate_turns`, `simulate_matches`; the same
solves kept in memory and on disk: `cached_turn`, `cached_match` (and the guard by dice: `match_cost`,
`largest_target`, `check_match_cost`). Badges (`BADGES`, `parse_badges`): `solve_badge_match`, `badge_layers`,
`badge_report`. The play session (`new_game`, `actions`, `step`, `computer_action`,
`advice`, `parse_action`, `prepare`) and the practice table (`coach`, `review`, `legal_keeps`,
`session_loadouts`, `match_ready`, `match_solving`). `KERNEL_MODULES` (none) are the modules compiling kernels at
first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .analysis import (
        LOADOUT_TURN_MAX_WORK, MATCH_METHOD, MAX_CHOICES, CoachingChart, CoachingRow, DiceListing, DieInfo,
        LoadoutRanking, LoadoutRow, MatchChart, MatchReport, best_loadouts, check_loadout_search,
        coaching_chart, count_choices, distinct_choices, list_dice, match_chart, match_report, ranking_stored,
    )
    from .badge_coach import BadgeReport, badge_report
    from .badge_loadouts import check_badge_search
    from .badge_match import LAYER_COST, badge_layers, solve_badge_match
    from .badge_session import badges_ready, solve_badges, with_extra
    from .badges import BADGES, parse_badges
    from .guard import MATCH_MAX_BYTES, MATCH_MAX_WORK, SECONDS_PER_STEP, work_fraction
    from .hints import GAME, HINT_FIELDS, HintRequest, Selection, hint, option_text, parse_hint
    from .inventory import (InventoryRequest, InventorySearch, estimate_seconds, is_whole_domain, parse_inventory,
                            search_inventory, stored_search, unsearched)
    from .match import TOLERANCE, MatchSolution, solve_match
    from .parsing import (
        DEFAULT_TARGET, MAX_DICE, MAX_REPEAT, MAX_TARGET, MAX_TURN_TOTAL, check_not_won, check_points, check_six, check_target,
        dice_names, dice_text, face_text, parse_dice, parse_loadout, parse_positions, parse_roll, parse_seed,
        parse_turn_total, parse_whole,
    )
    from .practice import Coaching, CoachRow, Review, ReviewRow, coach, legal_keeps, review, session_loadouts
    from .report import Disagreement, Finding, RegionRow, StrategyReport, strategy_report
    from .rules import (
        DICE_GROUPS, DICE_NAMES, DICE_PER_PLAYER, JOKER_SYMBOL, MAX_WEIGHT, NAMED_DICE, SCORE_UNIT, Die, busts,
        die_by_name, die_title, roll_counts, score, selections,
    )
    from .session import (
        COMPUTER_PLAYS, DEFAULT_OPTIONS, actions, advice, busts_always, computer_action, measure_of, new_game,
        normalize_options, parse_action, prepare, step,
    )
    from .sheet import Combo, DieChances, KindRow, RulesSheet, SpareRow, rules_sheet
    from .search import exact_points, judge, kind_strengths
    from .simulate import simulate_matches, simulate_turns
    from .stored import (
        cached_match, cached_turn, calibrate, check_match_cost, largest_target, match_cost, match_ready,
        match_solving, turn_id, turn_ready, turn_stored,
    )
    from .turn import TURN_MAX_BYTES, TURN_MAX_WORK, TurnPlan, TurnSolution, solve_turn, turn_plan
    from .turn_summary import DiceLeftRow, TurnReport, turn_report

_EXPORTS: dict[str, str | tuple[str, ...]] = {
    **dict.fromkeys(("CoachingChart", "CoachingRow", "DiceListing", "DieInfo", "LOADOUT_TURN_MAX_WORK",
                     "LoadoutRanking", "LoadoutRow", "MATCH_METHOD", "MAX_CHOICES", "MatchChart", "MatchReport",
                     "best_loadouts", "check_loadout_search", "coaching_chart", "count_choices",
                     "distinct_choices", "list_dice", "match_chart", "match_report", "ranking_stored"),
                    ".analysis"),
    **dict.fromkeys(("DiceLeftRow", "TurnReport", "turn_report"), ".turn_summary"),
    **dict.fromkeys(("GAME", "HINT_FIELDS", "HintRequest", "Selection", "hint", "option_text", "parse_hint"), ".hints"),
    **dict.fromkeys(("BadgeReport", "badge_report"), ".badge_coach"),
    "check_badge_search": ".badge_loadouts",
    **dict.fromkeys(("LAYER_COST", "badge_layers", "solve_badge_match"), ".badge_match"),
    **dict.fromkeys(("badges_ready", "solve_badges", "with_extra"), ".badge_session"),
    **dict.fromkeys(("BADGES", "parse_badges"), ".badges"),
    **dict.fromkeys(("MATCH_MAX_BYTES", "MATCH_MAX_WORK", "SECONDS_PER_STEP", "work_fraction"), ".guard"),
    **dict.fromkeys(("exact_points", "judge", "kind_strengths"), ".search"),
    **dict.fromkeys(("InventoryRequest", "InventorySearch", "estimate_seconds", "is_whole_domain", "parse_inventory",
                     "search_inventory", "stored_search", "unsearched"),
                    ".inventory"),
    **dict.fromkeys(("MatchSolution", "TOLERANCE", "solve_match"), ".match"),
    **dict.fromkeys(("DEFAULT_TARGET", "MAX_DICE", "MAX_REPEAT", "MAX_TARGET", "MAX_TURN_TOTAL", "check_not_won", "check_points",
                     "check_six", "check_target", "dice_names", "dice_text", "face_text", "parse_dice", "parse_loadout",
                     "parse_positions", "parse_roll", "parse_seed", "parse_turn_total", "parse_whole"), ".parsing"),
    **dict.fromkeys(("CoachRow", "Coaching", "Review", "ReviewRow", "coach", "legal_keeps", "review",
                     "session_loadouts"), ".practice"),
    **dict.fromkeys(("Disagreement", "Finding", "RegionRow", "StrategyReport", "strategy_report"), ".report"),
    **dict.fromkeys(("DICE_GROUPS", "DICE_NAMES", "DICE_PER_PLAYER", "Die", "JOKER_SYMBOL", "MAX_WEIGHT",
                     "NAMED_DICE", "SCORE_UNIT", "busts", "die_by_name", "die_title", "roll_counts", "score",
                     "selections"), ".rules"),
    **dict.fromkeys(("COMPUTER_PLAYS", "DEFAULT_OPTIONS", "actions", "advice", "busts_always", "computer_action",
                     "measure_of", "new_game", "normalize_options", "parse_action", "prepare", "step"), ".session"),
    **dict.fromkeys(("Combo", "DieChances", "KindRow", "RulesSheet", "SpareRow", "rules_sheet"), ".sheet"),
    **dict.fromkeys(("simulate_matches", "simulate_turns"), ".simulate"),
    **dict.fromkeys(("cached_match", "cached_turn", "calibrate", "check_match_cost", "largest_target", "match_cost",
                     "match_ready", "match_solving", "turn_id", "turn_ready", "turn_stored"), ".stored"),
    **dict.fromkeys(("TURN_MAX_BYTES", "TURN_MAX_WORK", "TurnPlan", "TurnSolution", "solve_turn", "turn_plan"), ".turn"),
    "KERNEL_MODULES": (),  # the kernels (`*_kernels.py`) are compiled when the package is built: none at first use
}
__all__ = [  # literal, for type checkers; a test compares it with _EXPORTS
    "BADGES", "BadgeReport", "COMPUTER_PLAYS", "CoachRow", "Coaching", "CoachingChart", "CoachingRow", "Combo",
    "DEFAULT_OPTIONS", "DEFAULT_TARGET", "DICE_GROUPS", "DICE_NAMES", "DICE_PER_PLAYER", "DiceLeftRow", "DiceListing",
    "Die", "DieChances", "DieInfo", "Disagreement", "Finding", "GAME", "HINT_FIELDS", "HintRequest", "InventoryRequest",
    "InventorySearch", "JOKER_SYMBOL", "KERNEL_MODULES", "KindRow", "LAYER_COST", "LOADOUT_TURN_MAX_WORK",
    "LoadoutRanking", "LoadoutRow", "MATCH_MAX_BYTES", "MATCH_MAX_WORK", "MATCH_METHOD", "MAX_CHOICES", "MAX_DICE",
    "MAX_REPEAT", "MAX_TARGET", "MAX_TURN_TOTAL", "MAX_WEIGHT", "MatchChart", "MatchReport", "MatchSolution",
    "NAMED_DICE", "RegionRow", "Review", "ReviewRow", "RulesSheet", "SCORE_UNIT", "SECONDS_PER_STEP", "Selection",
    "SpareRow", "StrategyReport", "TOLERANCE", "TURN_MAX_BYTES", "TURN_MAX_WORK", "TurnPlan", "TurnReport",
    "TurnSolution", "actions", "advice", "badge_layers", "badge_report", "badges_ready", "best_loadouts", "busts", "busts_always",
    "cached_match", "cached_turn", "calibrate", "check_badge_search", "check_loadout_search", "check_match_cost", "check_not_won",
    "check_points", "check_six", "check_target", "coach", "coaching_chart", "computer_action", "count_choices",
    "dice_names", "dice_text", "die_by_name", "die_title", "distinct_choices", "estimate_seconds", "exact_points",
    "face_text", "hint", "is_whole_domain", "judge", "kind_strengths", "largest_target", "legal_keeps", "list_dice",
    "match_chart", "match_cost", "match_ready", "match_report", "match_solving", "measure_of", "new_game",
    "normalize_options", "option_text", "parse_action", "parse_badges", "parse_dice", "parse_hint", "parse_inventory",
    "parse_loadout", "parse_positions", "parse_roll", "parse_seed", "parse_turn_total", "parse_whole", "prepare",
    "ranking_stored", "review", "roll_counts", "rules_sheet", "score", "search_inventory", "selections", "session_loadouts",
    "simulate_matches", "simulate_turns", "solve_badge_match", "solve_badges", "solve_match", "solve_turn", "step", "stored_search",
    "strategy_report", "turn_id", "turn_plan", "turn_ready", "turn_report", "turn_stored", "unsearched", "with_extra",
    "work_fraction",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
