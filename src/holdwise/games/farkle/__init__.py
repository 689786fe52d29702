"""Farkle as played in Kingdom Come: Deliverance: the game's public face.

Verbs: `parse_dice` / `parse_loadout` / `check_six` (dice by name), `parse_roll` (faces, J for a joker),
`parse_positions`; `hint(roll, turn_total, dice, positions, score, opponent, target, opponent_dice)` (every
selection x roll on / bank, ranked: expected points, or win chance when race-aware); `turn_report`,
`coaching_chart`, `match_report`, `match_chart`, `best_loadouts`, `list_dice` (frozen results with
`to_json()`); the solvers `solve_turn`, `solve_match`, `cached_match` and seeded play `simulate_turns`,
`simulate_matches`; the play session `new_game`, `actions`, `step`, `computer_action`, `advice`,
`parse_action` (and `prepare` to solve ahead). `KERNEL_MODULES` are the modules holding Numba kernels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .analysis import (
        MATCH_METHOD,
        CoachingChart,
        CoachingRow,
        DiceLeftRow,
        DiceListing,
        DieInfo,
        LoadoutRanking,
        LoadoutRow,
        MatchChart,
        MatchReport,
        TurnReport,
        best_loadouts,
        coaching_chart,
        list_dice,
        match_chart,
        match_report,
        turn_report,
    )
    from .hints import GAME, Selection, hint, option_text
    from .match import (
        DEFAULT_TARGET,
        TOLERANCE,
        MatchSolution,
        cached_match,
        solve_match,
    )
    from .parsing import (
        MAX_TARGET,
        check_points,
        check_six,
        check_target,
        dice_names,
        face_text,
        parse_dice,
        parse_loadout,
        parse_positions,
        parse_roll,
    )
    from .rules import (
        DICE_PER_PLAYER,
        JOKER_SYMBOL,
        NAMED_DICE,
        SCORE_UNIT,
        Die,
        busts,
        die_by_name,
        roll_counts,
        score,
        selections,
    )
    from .session import (
        COMPUTER_PLAYS,
        DEFAULT_OPTIONS,
        actions,
        advice,
        computer_action,
        measure_of,
        new_game,
        normalize_options,
        parse_action,
        prepare,
        step,
    )
    from .simulate import simulate_matches, simulate_turns
    from .turn import TurnSolution, solve_turn

_EXPORTS = {
    'COMPUTER_PLAYS': '.session',
    'CoachingChart': '.analysis',
    'CoachingRow': '.analysis',
    'DEFAULT_OPTIONS': '.session',
    'DEFAULT_TARGET': '.match',
    'DICE_PER_PLAYER': '.rules',
    'DiceLeftRow': '.analysis',
    'DiceListing': '.analysis',
    'Die': '.rules',
    'DieInfo': '.analysis',
    'GAME': '.hints',
    'JOKER_SYMBOL': '.rules',
    'KERNEL_MODULES': ('.turn', '.match', '.simulate'),
    'LoadoutRanking': '.analysis',
    'LoadoutRow': '.analysis',
    'MATCH_METHOD': '.analysis',
    'MAX_TARGET': '.parsing',
    'MatchChart': '.analysis',
    'MatchReport': '.analysis',
    'MatchSolution': '.match',
    'NAMED_DICE': '.rules',
    'SCORE_UNIT': '.rules',
    'Selection': '.hints',
    'TOLERANCE': '.match',
    'TurnReport': '.analysis',
    'TurnSolution': '.turn',
    'actions': '.session',
    'advice': '.session',
    'best_loadouts': '.analysis',
    'busts': '.rules',
    'cached_match': '.match',
    'check_points': '.parsing',
    'check_six': '.parsing',
    'check_target': '.parsing',
    'coaching_chart': '.analysis',
    'computer_action': '.session',
    'dice_names': '.parsing',
    'die_by_name': '.rules',
    'face_text': '.parsing',
    'hint': '.hints',
    'list_dice': '.analysis',
    'match_chart': '.analysis',
    'match_report': '.analysis',
    'measure_of': '.session',
    'new_game': '.session',
    'normalize_options': '.session',
    'option_text': '.hints',
    'parse_action': '.session',
    'parse_dice': '.parsing',
    'parse_loadout': '.parsing',
    'parse_positions': '.parsing',
    'parse_roll': '.parsing',
    'prepare': '.session',
    'roll_counts': '.rules',
    'score': '.rules',
    'selections': '.rules',
    'simulate_matches': '.simulate',
    'simulate_turns': '.simulate',
    'solve_match': '.match',
    'solve_turn': '.turn',
    'step': '.session',
    'turn_report': '.analysis',
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "COMPUTER_PLAYS", "DEFAULT_OPTIONS", "DEFAULT_TARGET", "DICE_PER_PLAYER", "GAME", "JOKER_SYMBOL",
    "KERNEL_MODULES", "MATCH_METHOD", "MAX_TARGET", "NAMED_DICE", "SCORE_UNIT", "TOLERANCE", "CoachingChart",
    "CoachingRow", "DiceLeftRow", "DiceListing", "Die", "DieInfo", "LoadoutRanking", "LoadoutRow", "MatchChart",
    "MatchReport", "MatchSolution", "Selection", "TurnReport", "TurnSolution", "actions", "advice",
    "best_loadouts", "busts", "cached_match", "check_points", "check_six", "check_target", "coaching_chart",
    "computer_action", "dice_names", "die_by_name", "face_text", "hint", "list_dice", "match_chart",
    "match_report", "measure_of", "new_game", "normalize_options", "option_text", "parse_action", "parse_dice",
    "parse_loadout", "parse_positions", "parse_roll", "prepare", "roll_counts", "score", "selections",
    "simulate_matches", "simulate_turns", "solve_match", "solve_turn", "step", "turn_report",
]
