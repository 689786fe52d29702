"""Pig's rules as data, and its inputs: a target and a number of points."""

from __future__ import annotations

from holdwise import InputError

__all__ = ["DEFAULT_TARGET", "GAME", "MAX_TARGET", "MIN_TARGET", "PIG", "SIDES", "parse_points", "parse_target"]

GAME = "pig"
SIDES = 6  # one ordinary die
PIG = 1  # the face that loses the turn total
DEFAULT_TARGET = 20
MIN_TARGET, MAX_TARGET = 2, 100  # a larger target only makes the exact fractions longer


def _whole(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            return int(value.strip())
        raise InputError(f"must be a whole number, got {value!r:.24}", field=field)
    return value


def parse_target(value: object) -> int:
    """The points that win: a whole number from MIN_TARGET to MAX_TARGET."""
    target = _whole(value, "target")
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise InputError(f"must be {MIN_TARGET} to {MAX_TARGET}, got {target}", field="target")
    return target


def parse_points(value: object, field: str, below: int) -> int:
    """A score or a turn total: a whole number 0 or more and below `below` (at the target the game is won)."""
    points = _whole(value, field)
    if not 0 <= points < below:
        raise InputError(f"must be 0 to {below - 1}, got {points}", field=field)
    return points
