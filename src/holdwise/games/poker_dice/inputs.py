"""Poker dice's numbers as users type them: players, position, rolls left, a seed.

Each is read by `holdwise.games.inputs.parse_whole` (an int or its ASCII digits; the error names the field
and the range), like every game's whole numbers.
"""

from __future__ import annotations

from ..inputs import MAX_SEED, parse_seed, parse_whole

__all__ = [
    "MAX_SEED", "parse_players", "parse_position", "parse_rolls_allowed", "parse_rolls_left", "parse_seed",
    "parse_whole",
]


def parse_players(value: int | str, what: str = "players") -> int:
    """Players at the table: 2 to 6 (`what` names the input in the error)."""
    return parse_whole(value, what, 2, 6)


def parse_position(value: int | str, players: int, what: str = "position") -> int:
    """A place at the table of `players`: 1 (first to roll) to `players`."""
    return parse_whole(value, what, 1, parse_players(players))


def parse_rolls_left(value: int | str, what: str = "rolls_left") -> int:
    """Rolls still allowed after the first roll: 1 or 2."""
    return parse_whole(value, what, 1, 2, "after the first roll")


def parse_rolls_allowed(roll_limit: bool, rolls_allowed: int | str | None, position: int, rolls_left: int) -> int:
    """The rolls a player may use: 3, or under the roll limit a later player's `rolls_allowed` (the first
    player's rolls: 2 or 3; allowed one, a player stands on his first roll and has nothing to decide)."""
    from ...errors import InputError

    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    if rolls_allowed is None:
        allowed = 3
    elif not roll_limit or position == 1:
        raise InputError("rolls_allowed is for a later player under the roll limit (the rolls the first player "
                         "used)")
    else:
        allowed = parse_whole(rolls_allowed, "rolls_allowed", 2, 3, "the rolls the first player used")
    if rolls_left >= allowed:
        raise InputError(f"rolls_left must be at most {allowed - 1} when {allowed} rolls are allowed")
    return allowed
