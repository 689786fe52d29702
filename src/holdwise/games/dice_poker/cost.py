"""What a dice-poker solve costs, told before it starts: interfaces that bound their work (the web lab, the
sweeps) refuse a game by these measures (the solver's own: multisets of the lattice, links of exact work)."""

from __future__ import annotations

from ...errors import InputError
from ...solver import MAX_DICE, MAX_SIDES, MIN_DICE, MIN_SIDES, keep_count, links

__all__ = ["exact_links", "lattice_keeps"]


def _check_size(dice: int, sides: int) -> None:
    for value, low, high, what in ((dice, MIN_DICE, MAX_DICE, "dice"), (sides, MIN_SIDES, MAX_SIDES, "faces")):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(f"{what} must be a whole number {low} to {high}, got {value!r}")


def lattice_keeps(dice: int, sides: int) -> int:
    """The multisets of 0..dice dice with `sides` faces: what a float solve's time and memory grow with."""
    _check_size(dice, sides)
    return int(keep_count(dice, sides))


def exact_links(dice: int, sides: int, rerolls: int, solves: int = 4) -> int:
    """The links of `solves` exact solves (a depth report is 4, a hint 1): what exact arithmetic costs."""
    _check_size(dice, sides)
    return int(links(dice, sides, rerolls, solves))
