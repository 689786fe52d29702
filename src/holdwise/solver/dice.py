"""Dice, faces, weights, multisets and exact roll distributions.

A hand (or a keep) is a multiset of faces, stored as a vector of counts per face. Face values
are 1..sides for users and 0..sides-1 as array columns. All multisets of 0..count dice form the
keep lattice (`lattice.py`); every exact roll distribution here is a walk up it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from .lattice import IntArray, KeepLattice, Numbers, counts_to_faces, faces_to_counts, lattice, push

__all__ = [
    "MAX_DICE", "MAX_SIDES", "MAX_WEIGHT", "MIN_DICE", "MIN_SIDES", "Dice", "counts_to_faces", "faces_to_counts",
]

MIN_DICE, MAX_DICE = 1, 10
MIN_SIDES, MAX_SIDES = 2, 20
MAX_WEIGHT = 1_000_000  # a face's weight: 0 to this (a million to one is loaded enough)
INT64_LIMIT = 2**63  # outcome counts below this are computed in int64 columns, larger ones as Python ints

A = TypeVar("A", bound=npt.NDArray[np.generic])


def _whole_number(value: object) -> bool:
    """An int (not a bool) or an integral finite float."""
    if isinstance(value, bool):
        return False
    if isinstance(value, numbers.Integral):
        return True
    return isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer()


@dataclass(frozen=True, init=False)
class Dice:
    """`count` alike dice with `sides` faces; integer `weights` per face make them loaded."""

    count: int
    sides: int
    weights: tuple[int, ...]  # one per face; all 1 for fair dice

    def __init__(self, count: int = 5, sides: int = 6, weights: Iterable[float] | None = None) -> None:
        """Checked as a user's input (InputError): `weights` None means fair dice, else whole numbers."""
        if isinstance(count, bool) or not isinstance(count, int) or not MIN_DICE <= count <= MAX_DICE:
            raise InputError(f"dice must be {MIN_DICE} to {MAX_DICE}, got {count!r}")
        if isinstance(sides, bool) or not isinstance(sides, int) or not MIN_SIDES <= sides <= MAX_SIDES:
            raise InputError(f"faces must be {MIN_SIDES} to {MAX_SIDES}, got {sides!r}")
        if weights is None:
            weights = (1,) * sides
        if isinstance(weights, (str, bytes)) or not hasattr(weights, "__iter__"):
            raise InputError(f"weights are a list of {sides} whole numbers, got {weights!r}")
        given = tuple(weights)
        if len(given) != sides:
            raise InputError(f"{len(given)} weights given for {sides} faces")
        if not all(_whole_number(w) and 0 <= w <= MAX_WEIGHT for w in given) or sum(given) <= 0:
            raise InputError(f"weights must be non-negative integers 0 to {MAX_WEIGHT:,}, not all zero, "
                             f"got {', '.join(map(str, given))[:80]}")
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "weights", tuple(int(w) for w in given))

    @property
    def fair(self) -> bool:
        return len(set(self.weights)) == 1

    @property
    def total_weight(self) -> int:
        return sum(self.weights)

    @property
    def lattice(self) -> KeepLattice:
        return lattice(self.count, self.sides)

    def face_probabilities(self, exact: bool = False) -> Numbers:
        """Chance of each face on one die (floats, or Fractions when exact)."""
        total = self.total_weight
        if exact:
            return np.array([Fraction(w, total) for w in self.weights], dtype=object)
        return np.array(self.weights, dtype=np.float64) / total

    def outcome_counts(self, rolled: int) -> npt.NDArray[np.object_]:
        """Weighted ordered outcomes behind each multiset of `rolled` dice (integers).

        For counts c: rolled! / prod(c_f!) * prod(w_f ** c_f); they add up to total_weight ** rolled.
        """
        return _outcome_counts(self.count, self.sides, self.weights, rolled)

    def roll_distribution(self, rolled: int | None = None, exact: bool = False) -> Numbers:
        """Chance of each multiset of `rolled` dice (default: all), in lattice order of that size."""
        return _roll_distribution(self.count, self.sides, self.weights, self.count if rolled is None else rolled,
                                  exact)

    def first_roll(self, exact: bool = False) -> Numbers:
        """Chance of each hand on the first roll of all dice."""
        return self.roll_distribution(self.count, exact=exact)

    @property
    def hand_faces(self) -> list[tuple[int, ...]]:
        """Every hand as sorted face values, in hand order."""
        return self.lattice.hand_faces


def _read_only(array: A) -> A:
    array.flags.writeable = False
    return array


@lru_cache(maxsize=64)
def _outcome_counts(count: int, sides: int, weights: tuple[int, ...], rolled: int) -> npt.NDArray[np.object_]:
    lat = lattice(count, sides)
    block = lat.counts[lat.size_block(rolled)]
    fact = [math.factorial(i) for i in range(count + 1)]
    if fact[rolled] * max(weights) ** rolled < INT64_LIMIT:
        # every partial product of rolled! / prod(c!) * prod(w ** c) is at most rolled! * max(w) ** rolled,
        # so it fits in int64: whole columns at once
        column: IntArray = np.full(len(block), fact[rolled], dtype=np.int64)
        fact_col = np.array(fact, dtype=np.int64)
        for f in range(sides):
            column //= fact_col[block[:, f]]
        for f, w in enumerate(weights):
            if w != 1:
                column *= np.int64(w) ** block[:, f].astype(np.int64)
        return _read_only(column.astype(object))
    out = np.empty(len(block), dtype=object)
    for i, row in enumerate(block.tolist()):
        ways = fact[rolled]
        for w, c in zip(weights, row, strict=True):
            if c:
                ways = ways // fact[c] * w**c
        out[i] = ways
    return _read_only(out)


@lru_cache(maxsize=64)
def _roll_distribution(count: int, sides: int, weights: tuple[int, ...], rolled: int, exact: bool) -> Numbers:
    total = sum(weights)
    if exact:
        denom = total**rolled
        ways = _outcome_counts(count, sides, weights, rolled)
        return _read_only(np.array([Fraction(int(w), denom) for w in ways], dtype=object))
    if rolled == 0:
        return _read_only(np.ones(1))
    # Ranks within a size do not depend on the lattice's dice count, so `rolled` dice use their own.
    lat = lattice(rolled, sides)
    mass = np.zeros(lat.n_keeps)
    mass[0] = 1.0
    return _read_only(push(lat, np.array(weights, dtype=np.float64) / total, mass, exact=False))
