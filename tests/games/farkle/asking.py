"""A Farkle hint asked as the tests used to: positional words in, `hint(parse_hint(fields))` underneath."""

from __future__ import annotations

from holdwise.games.base import Hint
from holdwise.games.farkle import hint, parse_hint


def ask(roll: object, turn_total: object = 0, dice: object = None, positions: object = None, score: object = None,
        opponent: object = None, target: object = None, opponent_dice: object = None) -> Hint:
    """The hint of these fields (None: not given)."""
    return hint(parse_hint({"roll": roll, "turn_total": turn_total, "dice": dice, "positions": positions,
                            "score": score, "opponent": opponent, "target": target, "opponent_dice": opponent_dice}))
