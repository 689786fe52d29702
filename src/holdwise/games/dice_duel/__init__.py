"""The dice-poker duel with bets, as in The Witcher: the game's public face.

Two players, five dice each, both hands open. Each antes and rolls; one
betting round (check or bet; then call, raise up to the cap, or fold); each re-rolls in turn, the first seat
first, seeing the other's dice; the better hand (five of a kind, four, full house, straight, three, two pairs,
pair) takes the pot, a tie splits it.

The game's public face. Verbs: `parse_rules` (the rules as data), `duel_value` (the exact value of a rule set
for any pair of policies: optimal, rule, chance), `depth_report` (the study's depth measures in bets won per
duel); `parse_hint(fields) -> HintRequest` and `hint(request) -> Hint` (either seat, at the betting or a
re-roll, every choice by its exact expected net bets); the play session `new_game`, `actions`, `step`,
`computer_action`, `advice`, `parse_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .depth import DepthReport, depth_report
    from .hints import HINT_FIELDS, MEASURE, HintRequest, hint, parse_hint
    from .rules import CATEGORIES, GAME, Rules, parse_rules, strength_key
    from .session import (
        ACTION_EXAMPLE,
        DEFAULT_OPTIONS,
        MOVE_EXAMPLE,
        actions,
        advice,
        computer_action,
        new_game,
        normalize_options,
        parse_action,
        step,
    )
    from .solver import CHANCE, OPTIMAL, POLICIES, RULE, duel_value

_EXPORTS = {
    **dict.fromkeys(("DepthReport", "depth_report"), ".depth"),
    **dict.fromkeys(("HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_hint"), ".hints"),
    **dict.fromkeys(("CATEGORIES", "GAME", "Rules", "parse_rules", "strength_key"), ".rules"),
    **dict.fromkeys(("ACTION_EXAMPLE", "DEFAULT_OPTIONS", "MOVE_EXAMPLE", "actions", "advice", "computer_action", "new_game", "normalize_options",
                     "parse_action", "step"), ".session"),
    **dict.fromkeys(("CHANCE", "OPTIMAL", "POLICIES", "RULE", "duel_value"), ".solver"),
}
__all__ = [
    "ACTION_EXAMPLE", "CATEGORIES", "CHANCE", "DEFAULT_OPTIONS", "DepthReport", "GAME", "HINT_FIELDS", "HintRequest",
    "MEASURE", "MOVE_EXAMPLE", "OPTIMAL", "POLICIES", "RULE", "Rules", "actions", "advice", "computer_action",
    "depth_report", "duel_value", "hint", "new_game", "normalize_options", "parse_action", "parse_hint",
    "parse_rules", "step", "strength_key",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
