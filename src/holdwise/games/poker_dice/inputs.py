"""Poker dice's numbers as users type them: players, position, rolls left, a seed.

Each takes a whole number (not a bool) or its text in ASCII digits with an optional sign; anything else,
Unicode digits ("٢", "²") included, or a number outside the allowed range is refused with InputError
naming the bad part and the range. Text is measured before it is converted, so a huge one costs nothing.
"""

from __future__ import annotations

import re

from ...errors import InputError
from .rules import _shown

__all__ = ["MAX_SEED", "parse_players", "parse_position", "parse_rolls_left", "parse_seed", "parse_whole"]

MAX_SEED = 2**63 - 1  # a seed fits a signed 64-bit integer (JSON readers elsewhere keep it exact)
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")  # ASCII digits only; more than 30 is past every range here


def parse_whole(value: int | str, what: str, low: int, high: int, note: str = "", either: bool = False) -> int:
    """A whole number `low`..`high` from an int or its text; InputError names `what` and the range (+ `note`).

    `either`: the range is said "low or high" (two choices), else "low to high".
    """
    allowed = f"{low} {'or' if either else 'to'} {high}" + (f" ({note})" if note else "")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InputError(f"{what} must be a whole number {allowed}, got {_shown(value)}")
    if isinstance(value, str):
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            raise InputError(f"{what} must be a whole number {allowed}, got {_shown(value)}")
        number = int(text)
    else:
        number = value
    if not low <= number <= high:
        raise InputError(f"{what} must be {allowed}, got {_shown(number)}")
    return number


def parse_players(value: int | str, what: str = "players") -> int:
    """Players at the table: 2 or 3 (`what` names the input in the error, e.g. "--players")."""
    return parse_whole(value, what, 2, 3, either=True)


def parse_position(value: int | str, players: int, what: str = "position") -> int:
    """A place at the table of `players`: 1 (first to roll) to `players`."""
    return parse_whole(value, what, 1, parse_players(players))


def parse_rolls_left(value: int | str, what: str = "rolls left") -> int:
    """Rolls still allowed after the first roll: 1 or 2."""
    return parse_whole(value, what, 1, 2, "after the first roll", either=True)


def parse_seed(value: int | str, what: str = "the seed") -> int:
    """A seed for the dice: a whole number 0 to 2**63 - 1."""
    return parse_whole(value, what, 0, MAX_SEED)
