"""Pig: you and the computer take turns with one die. Roll to add the face to the turn total (a 1 loses it
and ends the turn) or hold to bank it; the first to the target (20 by default) wins.

A toy game kept with the tests, the worked example of docs/adding-a-game.md; this is its public face.

Verbs: `parse_target`, `parse_points` (inputs); `turn_values` (the exact solve: each turn total's value);
`parse_hint(fields) -> HintRequest` and `hint(request) -> Hint` (roll and hold ranked by the expected points
the turn banks, exact); the play session `new_game`, `actions`, `step`, `computer_action`, `advice`,
`parse_action`.

    >>> from holdwise import games
    >>> games.register("pig", "tests.toy_games.pig")
    >>> pig = games.get("pig")
    >>> pig.hint(pig.parse_hint({"score": 0, "turn_total": 20, "target": 100})).best.option
    'hold'
    >>> games.unregister("pig")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdwise.games import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .hints import HINT_FIELDS, MEASURE, HintRequest, hint, parse_hint
    from .rules import DEFAULT_TARGET, GAME, MAX_TARGET, MIN_TARGET, SIDES, parse_points, parse_target
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
    from .solve import turn_values

_EXPORTS = {
    **dict.fromkeys(("HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_hint"), ".hints"),
    **dict.fromkeys(("DEFAULT_TARGET", "GAME", "MAX_TARGET", "MIN_TARGET", "SIDES", "parse_points", "parse_target"),
                    ".rules"),
    **dict.fromkeys(("DEFAULT_OPTIONS", "actions", "advice", "computer_action", "new_game", "normalize_options",
                     "parse_action", "step"), ".session"),
    **dict.fromkeys(("turn_values",), ".solve"),
}
__all__ = [
    "DEFAULT_OPTIONS", "DEFAULT_TARGET", "GAME", "HINT_FIELDS", "MAX_TARGET", "MEASURE", "MIN_TARGET", "SIDES",
    "HintRequest", "actions", "advice", "computer_action", "hint", "new_game", "normalize_options", "parse_action",
    "parse_hint", "parse_points", "parse_target", "step", "turn_values",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
