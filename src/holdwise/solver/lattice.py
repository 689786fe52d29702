"""The keep lattice: every multiset of 0..n dice, its links, and the walks over it.

A keep's *child* on face f is the keep with one more die showing f, its *parent* on f the keep with
one die fewer showing f. Rolling m dice one after another gives the same multiset distribution as
rolling them together, so every exact distribution and every expectation is a walk over the lattice.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from ..errors import InputError

__all__ = [
    "CHUNK_ROWS", "MAX_KEEPS", "MAX_PAIRS", "FloatArray", "IndexArray", "Int32Array", "IntArray", "KeepLattice",
    "Numbers", "block_chunks", "check_size", "chunks", "counts_to_faces", "expect", "faces_to_counts", "keep_count",
    "lattice", "multiset_count", "push", "scatter_add", "zeros",
]

FloatArray: TypeAlias = npt.NDArray[np.float64]
IntArray: TypeAlias = npt.NDArray[np.int64]
Int32Array: TypeAlias = npt.NDArray[np.int32]
# lattice indices: int32 below 2**31 keeps (half the memory of the links), int64 above
IndexArray: TypeAlias = npt.NDArray[np.signedinteger[Any]]
# a solve's numbers: float64, or Python Fractions in an object array when exact. The dtype is chosen at run
# time by `exact`, and NumPy's stubs type no arithmetic on a union of dtypes, so the scalar type stays open.
Numbers: TypeAlias = npt.NDArray[Any]

# Above this many multisets the lattice is built and walked in chunks of this many rows.
CHUNK_ROWS = 1 << 20
# Multisets of 0..count dice at most: the lattice's links take 16 bytes a face per multiset, and a
# solve several arrays more; 5.5 million covers 10 dice up to 16 faces and 8 dice up to 20.
MAX_KEEPS = 5_500_000
# (hand, sub-keep) pairs listed at most (for counting tied best keeps).
MAX_PAIRS = 5_000_000


def multiset_count(dice: int, sides: int) -> int:
    """Number of multisets of exactly `dice` dice over `sides` faces: C(dice + sides - 1, dice)."""
    return math.comb(dice + sides - 1, dice)


def keep_count(dice: int, sides: int) -> int:
    """Number of multisets of 0..dice dice over `sides` faces: C(dice + sides, dice)."""
    return math.comb(dice + sides, dice)


def check_size(count: int, sides: int) -> None:
    """Refuse a lattice of more than MAX_KEEPS multisets (before anything is built)."""
    if keep_count(count, sides) > MAX_KEEPS:
        raise InputError(
            f"{count} dice with {sides} faces is too large to solve here: {keep_count(count, sides):,} "
            f"multisets of 0..{count} dice (at most {MAX_KEEPS:,}: 10 dice with 16 faces, 9 with 18, 8 with 20); "
            f"use fewer dice or faces"
        )


def chunks(n: int, size: int = CHUNK_ROWS) -> Iterator[slice]:
    """Slices covering range(n) in pieces of at most `size`."""
    for lo in range(0, n, size):
        yield slice(lo, min(n, lo + size))


def counts_to_faces(counts: Sequence[int] | npt.NDArray[np.integer[Any]]) -> tuple[int, ...]:
    """Count vector -> sorted tuple of face values (1-based)."""
    return tuple(f + 1 for f, c in enumerate(counts) for _ in range(int(c)))


def faces_to_counts(faces: Sequence[int], sides: int) -> IntArray:
    """Face values (1-based) -> count vector; raises InputError on a face that is not a whole number 1..sides."""
    counts = np.zeros(sides, dtype=np.int64)
    for value in faces:
        whole = not isinstance(value, bool) and isinstance(value, numbers.Real) and math.isfinite(value)
        if not whole or int(value) != value or not 1 <= int(value) <= sides:
            raise InputError(f"face {value if whole else repr(value)} is not a face of a {sides}-sided die "
                             f"(1..{sides})")
        counts[int(value) - 1] += 1
    return counts


class KeepLattice:
    """Every multiset of 0..count dice over `sides` faces, ordered by size, then by colex rank.

    A multiset of m dice, sorted a_1 <= ... <= a_m (faces 0-based), maps to the strictly increasing
    b_i = a_i + i - 1, whose colex rank sum_i C(b_i, i) numbers the multisets of size m from 0 to
    C(m + sides - 1, m) - 1. Its index is start[m] + rank, a formula: no search, no sort. Within one
    size a later index means a higher top die, then a higher second die, and so on (equivalently:
    more of the highest face, then of the next). Hands (exactly `count` dice) are the last block.
    """

    start: IntArray  # start[m]: index of the first multiset of m dice; start[count + 1] = n_keeps
    counts: npt.NDArray[np.uint8]  # (keeps, sides): dice per face of every multiset
    size: npt.NDArray[np.int8]  # dice of every multiset
    child: IndexArray  # (keeps, sides): index with one more die on the face, -1 past the hands
    parent: IndexArray  # (keeps, sides): index with one die fewer on the face, -1 when none shows it
    _step: IntArray
    _prefix: IntArray
    _subkeep_pairs: tuple[IntArray, IntArray]

    def __init__(self, count: int, sides: int) -> None:
        check_size(count, sides)
        self.count = count
        self.sides = sides
        per_size = [multiset_count(m, sides) for m in range(count + 1)]
        self.start = np.concatenate([[0], np.cumsum(per_size)]).astype(np.int64)
        n_keeps = int(self.start[-1])
        index_dtype = np.int32 if n_keeps < 2**31 else np.int64
        # step[g, j] = C(g + j, j + 1): a die of face g at sorted position j + 1 adds this to the rank
        self._step = np.array([[math.comb(g + j, j + 1) for j in range(count + 1)] for g in range(sides)],
                              dtype=np.int64)
        # prefix[g, j] = sum of step[g, :j]
        self._prefix = np.concatenate([np.zeros((sides, 1), np.int64), np.cumsum(self._step, axis=1)], axis=1)

        counts = np.empty((n_keeps, sides), dtype=np.uint8)
        rows = np.zeros((1, 0), dtype=np.uint8)
        for _ in range(sides):
            reps = count - rows.sum(axis=1, dtype=np.int64) + 1
            offsets = np.repeat(np.cumsum(reps) - reps, reps)
            column = (np.arange(int(reps.sum())) - offsets).astype(np.uint8)
            rows = np.column_stack([np.repeat(rows, reps, axis=0), column])
        for part in chunks(len(rows)):
            counts[self.index_of(rows[part])] = rows[part]
        del rows
        self.counts = counts
        self.size = np.repeat(np.arange(count + 1, dtype=np.int8), per_size)

        # child[k, f] = index of k plus a die showing f: the rank moves by step[f, e_f] for the new
        # die plus, for every higher face g present, step[g, e_g] - step[g, cum_g] (its dice shift
        # one position up), where cum_g / e_g count the dice below / up to face g.
        child = np.full((n_keeps, sides), -1, dtype=index_dtype)
        parent = np.full((n_keeps, sides), -1, dtype=index_dtype)
        small_end = int(self.start[count])
        for part in chunks(small_end):
            block = counts[part].astype(np.int64)
            upto = np.cumsum(block, axis=1)
            below = upto - block
            faces = np.arange(sides)
            shift = self._step[faces, upto] - self._step[faces, below]
            above = np.cumsum(shift[:, ::-1], axis=1)[:, ::-1] - shift  # sum over g > f
            size = upto[:, -1]
            rank = np.arange(part.start, part.stop) - self.start[size]
            kids = self.start[size + 1][:, None] + rank[:, None] + self._step[faces, upto] + above
            child[part] = kids
            for f in range(sides):
                parent[kids[:, f], f] = np.arange(part.start, part.stop)
        self.child = child
        self.parent = parent

    @property
    def n_keeps(self) -> int:
        return int(self.start[-1])

    @property
    def hands(self) -> slice:
        """The block of full hands inside the lattice."""
        return slice(int(self.start[self.count]), self.n_keeps)

    @property
    def n_hands(self) -> int:
        return self.n_keeps - int(self.start[self.count])

    def size_block(self, size: int) -> slice:
        return slice(int(self.start[size]), int(self.start[size + 1]))

    def index_of(self, counts: npt.ArrayLike) -> IntArray:
        """Lattice index of each count vector (last axis = faces): start[size] + colex rank."""
        counts = np.asarray(counts)
        if counts.ndim == 2 and len(counts) > CHUNK_ROWS:
            out = np.empty(len(counts), dtype=np.int64)
            for part in chunks(len(counts)):
                out[part] = self.index_of(counts[part])
            return out
        counts = counts.astype(np.int64)
        upto = np.cumsum(counts, axis=-1)
        below = upto - counts
        faces = np.arange(self.sides)
        rank: IntArray = (self._prefix[faces, upto] - self._prefix[faces, below]).sum(axis=-1)
        first: IntArray = self.start[upto[..., -1]]  # one vector: NumPy scalars, as int() reads them
        return first + rank

    def hand_index(self, counts: npt.ArrayLike) -> IntArray:
        """Index of each hand among the hands (0..n_hands-1)."""
        return self.index_of(counts) - int(self.start[self.count])

    def subkeep_pairs(self) -> tuple[IntArray, IntArray]:
        """Every (hand number, lattice index of a sub-multiset of that hand) pair, hand by hand."""
        if not hasattr(self, "_subkeep_pairs"):
            hands = self.counts[self.hands].astype(np.int64)
            n_pairs = math.comb(self.count + 2 * self.sides - 1, self.count)
            if n_pairs > MAX_PAIRS:
                raise InputError(f"{n_pairs:,} (hand, keep) pairs is too many to list")
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
        return self.faces_of(np.arange(self.hands.start, self.n_keeps))

    def faces(self, index: int) -> tuple[int, ...]:
        """The multiset at a lattice index as sorted face values 1..sides."""
        return counts_to_faces(self.counts[index].tolist())

    def faces_of(self, indices: npt.ArrayLike) -> list[tuple[int, ...]]:
        """The multisets at many lattice indices as sorted face values (one pass, not one call each)."""
        counts = self.counts[np.asarray(indices, dtype=np.int64)]
        flat = np.repeat(np.tile(np.arange(1, self.sides + 1), len(counts)), counts.ravel()).tolist()
        ends = np.cumsum(counts.sum(axis=1, dtype=np.int64)).tolist()
        return [tuple(flat[a:b]) for a, b in zip([0, *ends[:-1]], ends, strict=False)]  # no hands: [0] beside []


@lru_cache(maxsize=32)
def lattice(count: int, sides: int) -> KeepLattice:
    """The cached keep lattice of `count` dice with `sides` faces."""
    return KeepLattice(count, sides)


def zeros(n: int, exact: bool) -> Numbers:
    """n zeros: Fractions when exact, else floats."""
    return np.array([Fraction(0)] * n, dtype=object) if exact else np.zeros(n)


def scatter_add(n: int, index: npt.NDArray[np.integer[Any]], values: Numbers, exact: bool) -> Numbers:
    """An array of n sums: values added up by index."""
    if exact:
        out = zeros(n, True)
        np.add.at(out, index, values)
        return out
    return np.bincount(index, weights=values, minlength=n)


def block_chunks(lat: KeepLattice, size: int) -> Iterator[slice]:
    """The keeps of one size, in slices of at most CHUNK_ROWS rows."""
    block = lat.size_block(size)
    for part in chunks(block.stop - block.start):
        yield slice(block.start + part.start, block.start + part.stop)


def expect(lat: KeepLattice, probs: Numbers, hand_values: Numbers) -> Numbers:
    """E(k) for every keep k: the expected hand value after rolling the dice not kept.

    `hand_values` has the hands on its first axis; further axes (several payout vectors) are kept.
    """
    tail = hand_values.shape[1:]
    keep_values = np.empty((lat.n_keeps, *tail), dtype=hand_values.dtype)
    keep_values[lat.hands] = hand_values
    for size in range(lat.count - 1, -1, -1):
        for part in block_chunks(lat, size):
            kids = keep_values[lat.child[part]]
            keep_values[part] = np.tensordot(kids, probs, axes=([1], [0])) if tail else kids @ probs
    return keep_values


def push(lat: KeepLattice, probs: Numbers, keep_mass: Numbers, exact: bool) -> Numbers:
    """Chance of each hand after every keep rolls its missing dice, from a chance per keep."""
    mass = keep_mass.copy()
    for size in range(lat.count):
        target = lat.size_block(size + 1)
        for part in block_chunks(lat, size):
            pushed = (mass[part][:, None] * probs[None, :]).ravel()
            index = lat.child[part].ravel() - target.start
            mass[target] += scatter_add(target.stop - target.start, index, pushed, exact)
    return mass[lat.hands]
