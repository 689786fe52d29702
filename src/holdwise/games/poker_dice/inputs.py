"""Poker dice's numbers as users type them: players, position, rolls left, a seed.

Each is read by `holdwise.games.inputs.parse_whole` (an int or its ASCII digits; the error names the field
and the range), like every game's whole numbers.
"""

from __future__ import annotations

from ..inputs import MAX_SEED, parse_seed, parse_whole

__all__ = ["MAX_SEED", "parse_players", "parse_position", "parse_rolls_left", "parse_seed", "parse_whole"]


def parse_players(value: int | str, what: str = "players") -> int:
    """Players at the table: 2 to 6 (`what` names the input in the error)."""
    return parse_whole(value, what, 2, 6)


def parse_position(value: int | str, players: int, what: str = "position") -> int:
    """A place at the table of `players`: 1 (first to roll) to `players`."""
    return parse_whole(value, what, 1, parse_players(players))


def parse_rolls_left(value: int | str, what: str = "rolls_left") -> int:
    """Rolls still allowed after the first roll: 1 or 2."""
    return parse_whole(value, what, 1, 2, "after the first roll")
