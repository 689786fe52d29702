"""The exact solve of a Pig turn: the expected points it banks under the best play, for every turn total.

Points beyond the target are worth nothing, so with c = target - score still to make, a turn total k >= c
is worth c (it reaches the target, which banks it), and below c
V(k) = max(hold: k (not at k = 0: a turn rolls once at least), roll: (1/6) sum over faces 2-6 of V(k + face)),
a recursion from the top down: every roll raises the total or ends the turn, so there is no cycle.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .rules import PIG, SIDES

__all__ = ["roll_value", "turn_values"]


@lru_cache(maxsize=256)
def turn_values(to_make: int) -> tuple[Fraction, ...]:
    """V(k) for k = 0 .. to_make + SIDES (exact): the best expected points a turn banks from turn total k
    (a roll from below to_make lands at most SIDES above it)."""
    values = [Fraction(0)] * (to_make + SIDES + 1)
    for k in range(to_make, to_make + SIDES + 1):
        values[k] = Fraction(to_make)
    for k in range(to_make - 1, -1, -1):
        roll = roll_value(values, k)
        values[k] = max(roll, Fraction(k)) if k else roll
    return tuple(values)


def roll_value(values: tuple[Fraction, ...] | list[Fraction], k: int) -> Fraction:
    """The worth of rolling at turn total k, given the values of the totals above it."""
    return sum((values[k + face] for face in range(1, SIDES + 1) if face != PIG), Fraction(0)) / SIDES
