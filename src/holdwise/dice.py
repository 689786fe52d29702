"""Dice, faces, weights, multisets and exact roll distributions.

A hand (or a keep) is a multiset of faces, stored as a vector of counts per face. Face values
are 1..sides for users and 0..sides-1 as array columns. All multisets of 0..count dice form a
lattice: a keep's *child* on face f is the keep with one more die showing f, its *parent* on f
the keep with one die fewer showing f. Rolling m dice one after another gives the same multiset
distribution as rolling them together, so every exact distribution here is a walk up the lattice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

MIN_DICE, MAX_DICE = 1, 10
MIN_SIDES, MAX_SIDES = 2, 20
# Multisets of 0..count dice; beyond this the lattice's index arrays outgrow a small machine.
MAX_KEEPS = 6_000_000


def multiset_count(dice: int, sides: int) -> int:
    """Number of multisets of exactly `dice` dice over `sides` faces: C(dice + sides - 1, dice)."""
    return math.comb(dice + sides - 1, dice)


def keep_count(dice: int, sides: int) -> int:
    """Number of multisets of 0..dice dice over `sides` faces: C(dice + sides, dice)."""
    return math.comb(dice + sides, dice)


class KeepLattice:
    """Every multiset of 0..count dice over `sides` faces, ordered by size, then by code.

    The code of a multiset is sum(c_f * (count + 1) ** f), so within one size a keep holding more
    of the highest face comes later. Hands (multisets of exactly `count` dice) are the last block.
    """

    def __init__(self, count: int, sides: int):
        if keep_count(count, sides) > MAX_KEEPS:
            raise ValueError(
                f"{count} dice with {sides} faces is too large: {keep_count(count, sides):,} "
                f"multisets (at most {MAX_KEEPS:,})"
            )
        self.count = count
        self.sides = sides
        rows = np.zeros((1, 0), dtype=np.int64)
        for _ in range(sides):
            room = count - rows.sum(axis=1)
            reps = room + 1
            base = np.repeat(rows, reps, axis=0)
            offsets = np.repeat(np.cumsum(reps) - reps, reps)
            column = np.arange(int(reps.sum())) - offsets
            rows = np.column_stack([base, column])
        radix = (count + 1) ** np.arange(sides, dtype=np.int64)
        size = rows.sum(axis=1)
        code = rows @ radix
        order = np.lexsort((code, size))
        self.counts = rows[order].astype(np.int64)
        self.size = size[order]
        self.code = code[order]
        self.radix = radix
        self.start = np.searchsorted(self.size, np.arange(count + 2)).astype(np.int64)
        self._code_order = np.argsort(self.code, kind="stable")
        self._code_sorted = self.code[self._code_order]
        n_keeps = len(self.code)
        eye = np.eye(sides, dtype=np.int64)
        child = np.full((n_keeps, sides), -1, dtype=np.int64)
        small = self.size < count
        child[small] = self.index_of(self.counts[small][:, None, :] + eye[None, :, :])
        parent = np.full((n_keeps, sides), -1, dtype=np.int64)
        has = self.counts > 0
        rows_with, faces_with = np.nonzero(has)
        parent[rows_with, faces_with] = self.index_of(self.counts[rows_with] - eye[faces_with])
        self.child = child
        self.parent = parent

    @property
    def n_keeps(self) -> int:
        return len(self.code)

    @property
    def hands(self) -> slice:
        """The block of full hands inside the lattice."""
        return slice(int(self.start[self.count]), self.n_keeps)

    @property
    def n_hands(self) -> int:
        return self.n_keeps - int(self.start[self.count])

    def size_block(self, size: int) -> slice:
        return slice(int(self.start[size]), int(self.start[size + 1]))

    def index_of(self, counts: np.ndarray) -> np.ndarray:
        """Lattice index of each count vector (last axis = faces)."""
        codes = np.asarray(counts, dtype=np.int64) @ self.radix
        pos = np.searchsorted(self._code_sorted, codes)
        return self._code_order[pos]

    def hand_index(self, counts: np.ndarray) -> np.ndarray:
        """Index of each hand among the hands (0..n_hands-1)."""
        return self.index_of(counts) - int(self.start[self.count])

    def subkeep_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """Every (hand number, lattice index of a sub-multiset of that hand) pair, hand by hand."""
        if not hasattr(self, "_subkeep_pairs"):
            hands = self.counts[self.hands]
            n_pairs = int(np.prod(hands + 1, axis=1).sum())
            if n_pairs > MAX_KEEPS:
                raise ValueError(f"{n_pairs:,} (hand, keep) pairs is too many to list")
            hand_of = np.arange(len(hands))
            subs = np.zeros_like(hands)
            for face in range(self.sides):
                reps = hands[hand_of, face] + 1
                hand_of = np.repeat(hand_of, reps)
                subs = np.repeat(subs, reps, axis=0)
                offsets = np.repeat(np.cumsum(reps) - reps, reps)
                subs[:, face] = np.arange(int(reps.sum())) - offsets
            self._subkeep_pairs = (hand_of, self.index_of(subs))
        return self._subkeep_pairs

    @cached_property
    def hand_faces(self) -> list[tuple[int, ...]]:
        """Every hand as sorted face values, in hand order."""
        return [counts_to_faces(row) for row in self.counts[self.hands].tolist()]

    def faces(self, index: int) -> tuple[int, ...]:
        """The multiset at a lattice index as sorted face values 1..sides."""
        return counts_to_faces(self.counts[index])


@lru_cache(maxsize=32)
def lattice(count: int, sides: int) -> KeepLattice:
    """The cached keep lattice of `count` dice with `sides` faces."""
    return KeepLattice(count, sides)


def counts_to_faces(counts) -> tuple[int, ...]:
    """Count vector -> sorted tuple of face values (1-based)."""
    return tuple(f + 1 for f, c in enumerate(counts) for _ in range(int(c)))


def faces_to_counts(faces, sides: int) -> np.ndarray:
    """Face values (1-based) -> count vector; raises ValueError on a face out of range."""
    counts = np.zeros(sides, dtype=np.int64)
    for value in faces:
        if not 1 <= int(value) <= sides or int(value) != value:
            raise ValueError(f"face {value} is not a face of a {sides}-sided die (1..{sides})")
        counts[int(value) - 1] += 1
    return counts


@dataclass(frozen=True)
class Dice:
    """`count` alike dice with `sides` faces; integer `weights` per face make them loaded."""

    count: int = 5
    sides: int = 6
    weights: tuple[int, ...] | None = None

    def __post_init__(self):
        if not isinstance(self.count, int) or not MIN_DICE <= self.count <= MAX_DICE:
            raise ValueError(f"dice must be {MIN_DICE} to {MAX_DICE}, got {self.count}")
        if not isinstance(self.sides, int) or not MIN_SIDES <= self.sides <= MAX_SIDES:
            raise ValueError(f"faces must be {MIN_SIDES} to {MAX_SIDES}, got {self.sides}")
        if self.weights is None:
            object.__setattr__(self, "weights", (1,) * self.sides)
        weights = tuple(self.weights)
        if len(weights) != self.sides:
            raise ValueError(f"{len(weights)} weights given for {self.sides} faces")
        if any(int(w) != w or w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError("weights must be non-negative integers, not all zero")
        object.__setattr__(self, "weights", tuple(int(w) for w in weights))

    @property
    def fair(self) -> bool:
        return len(set(self.weights)) == 1

    @property
    def total_weight(self) -> int:
        return sum(self.weights)

    @property
    def lattice(self) -> KeepLattice:
        return lattice(self.count, self.sides)

    def face_probabilities(self, exact: bool = False) -> np.ndarray:
        """Chance of each face on one die (floats, or Fractions when exact)."""
        total = self.total_weight
        if exact:
            return np.array([Fraction(w, total) for w in self.weights], dtype=object)
        return np.array(self.weights, dtype=np.float64) / total

    def outcome_counts(self, rolled: int) -> np.ndarray:
        """Weighted ordered outcomes behind each multiset of `rolled` dice (integers).

        For counts c: rolled! / prod(c_f!) * prod(w_f ** c_f); they add up to total_weight ** rolled.
        """
        return _outcome_counts(self.count, self.sides, self.weights, rolled)

    def roll_distribution(self, rolled: int | None = None, exact: bool = False) -> np.ndarray:
        """Chance of each multiset of `rolled` dice (default: all), in lattice order of that size."""
        return _roll_distribution(self.count, self.sides, self.weights, self.count if rolled is None else rolled,
                                  exact)

    def first_roll(self, exact: bool = False) -> np.ndarray:
        """Chance of each hand on the first roll of all dice."""
        return self.roll_distribution(self.count, exact=exact)

    @property
    def hand_faces(self) -> list[tuple[int, ...]]:
        """Every hand as sorted face values, in hand order."""
        return self.lattice.hand_faces


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@lru_cache(maxsize=64)
def _outcome_counts(count: int, sides: int, weights: tuple[int, ...], rolled: int) -> np.ndarray:
    lat = lattice(count, sides)
    block = lat.counts[lat.size_block(rolled)]
    out = np.empty(len(block), dtype=object)
    fact = [math.factorial(i) for i in range(count + 1)]
    for i, row in enumerate(block.tolist()):
        ways = fact[rolled]
        for w, c in zip(weights, row):
            if c:
                ways = ways // fact[c] * w**c
        out[i] = ways
    return _read_only(out)


@lru_cache(maxsize=64)
def _roll_distribution(count: int, sides: int, weights: tuple[int, ...], rolled: int, exact: bool) -> np.ndarray:
    total = sum(weights)
    if exact:
        denom = total**rolled
        ways = _outcome_counts(count, sides, weights, rolled)
        return _read_only(np.array([Fraction(int(w), denom) for w in ways], dtype=object))
    lat = lattice(count, sides)
    probs = np.array(weights, dtype=np.float64) / total
    mass = np.zeros(lat.n_keeps)
    mass[0] = 1.0
    for size in range(rolled):
        block = lat.size_block(size)
        pushed = mass[block, None] * probs[None, :]
        mass += np.bincount(lat.child[block].ravel(), weights=pushed.ravel(), minlength=lat.n_keeps)
    return _read_only(mass[lat.size_block(rolled)].copy())
