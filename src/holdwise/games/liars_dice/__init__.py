"""Liar's Dice for two, solved for an equilibrium: the game's public face.

Each player rolls a few dice and sees only their own; the first bids (count, face), "at least count dice show
face"; each in turn raises the bid or calls it a lie; a call settles: the bid stands (its bidder wins) when
enough dice show the face, with ones wild if chosen, else the caller wins.

Verbs: `parse_rules`; `equilibrium` (compiled CFR+ snapped to an exact equilibrium, else the sequence-form
LP up to 12 bids and above it the LP of a restricted game grown by best responses, certified by exact best
responses: in fractions up to 12 bids and for the restricted LP, in floats otherwise) and `play_equilibrium`
(the one hints and play read); `parse_hint(fields) -> HintRequest` and `hint(request) -> Hint` (the equilibrium's mix at a
bid history and each bid's worth against it); the play session `new_game`, `actions`, `step`,
`computer_action`, `advice`, `parse_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from .hints import GAME, HINT_FIELDS, MEASURE, HintRequest, hint, parse_hint
    from .rules import MAX_BIDS, Rules, parse_rules
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
    from .solver import Equilibrium, equilibrium, play_equilibrium

_EXPORTS = {
    **dict.fromkeys(("GAME", "HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_hint"), ".hints"),
    **dict.fromkeys(("MAX_BIDS", "Rules", "parse_rules"), ".rules"),
    **dict.fromkeys(("ACTION_EXAMPLE", "DEFAULT_OPTIONS", "MOVE_EXAMPLE", "actions", "advice", "computer_action",
                     "new_game", "normalize_options", "parse_action", "step"), ".session"),
    **dict.fromkeys(("Equilibrium", "equilibrium", "play_equilibrium"), ".solver"),
}
__all__ = [
    "ACTION_EXAMPLE", "DEFAULT_OPTIONS", "Equilibrium", "GAME", "HINT_FIELDS", "HintRequest", "MAX_BIDS", "MEASURE",
    "MOVE_EXAMPLE", "Rules", "actions", "advice", "computer_action", "equilibrium", "hint", "new_game",
    "normalize_options", "parse_action", "parse_hint", "parse_rules", "play_equilibrium", "step",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
