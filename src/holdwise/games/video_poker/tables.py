"""The deck-level tables every video poker game is valued from: the deck's subset offsets and draw weights, its
suit-distinct deals, every final hand's pay class and the class counts T[X] of every smaller card set X.

T[X] = the pay-class counts of all final hands that contain the card set X (|X| <= 4), rows in colex order per
size (`Deck.offset`). The table T is built by its compiled kernel (`table_kernels.subset_class_counts`, 3x
quicker than NumPy), or with NumPy (`class_count_table`) where the kernels run as plain Python; the
suit-distinct deals with NumPy (`_canonical_deals`). Both NumPy builds equal their kernels (`subset_class_counts`,
`canonical_keys`), which tests compare. This module never reads or writes the disk: `game_tables` and
`distinct_deals` remember what this process built, or what the storage layer (`disk.py`, which keeps both on
disk) read for it and handed over with `keep`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Generic, TypeVar

import numpy as np

from ...memory import ByteCache, budget, sizeof
from .cards import HAND_SIZE
from .evaluator import binomials, classify_all, colex_blocks
from .paytables import PayTable
from .table_kernels import canonical_keys, deals_of_keys, subset_class_counts

__all__ = [
    "Deck", "GameTables", "Memo", "build_distinct_deals", "build_game_tables", "canonical_keys", "class_count_table",
    "pay_sums_of", "row_totals",
    "deck", "distinct_deals", "game_tables", "kernels_compiled", "subset_class_counts",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A process's memory of what `build` made, or of what a caller read elsewhere and handed over (`keep`): the
    least recently used beyond `size` are dropped, and beyond the process's memory budget (holdwise.memory: a
    game's tables are tens of MB). A call answers from memory, else builds and remembers."""

    def __init__(self, build: Callable[[K], V], size: int) -> None:
        self._build = build
        self._size = size
        self._known = ByteCache(budget(), getattr(build, "__name__", "memo"))

    def __call__(self, key: K) -> V:
        known = self.get(key)
        if known is None:
            known = self._build(key)
            self.keep(key, known)
        return known

    def get(self, key: K) -> V | None:
        """What is remembered for `key`, or None."""
        known: V | None = self._known.get(key)
        return known

    def keep(self, key: K, value: V) -> None:
        """Remember `value` for `key` (what a call then answers)."""
        self._known.put(key, value, sizeof(value))
        self._known.keep_at_most(self._size)

    def cache_clear(self) -> None:
        """Forget everything (as `functools.lru_cache`'s)."""
        self._known.clear()


def _drop_ranks(n_cards: int, size: int, j: int, smaller: list[np.ndarray]) -> np.ndarray:
    """Colex rank of every `size`-card set without its j-th card; smaller[j] = the same for the sets one card
    smaller (see `class_count_table`)."""
    binom = binomials()
    out = np.empty(math.comb(n_cards, size), dtype=np.int64)
    for t, start, count in colex_blocks(n_cards, size):
        if j < size - 1:
            out[start:start + count] = smaller[j][:count] + int(binom[t, size - 1])
        else:  # dropping the top card t leaves the smaller set itself
            out[start:start + count] = np.arange(count)
    return out


def class_count_table(n_cards: int, classes5: np.ndarray, n_classes: int) -> np.ndarray:
    """`subset_class_counts` with NumPy: T[offset[k] + rank(X), c] = the final hands of class c containing X.

    Sets of one size with the same top card t form a block (`colex_blocks`): t added to each smaller set r of
    the cards below it. Without t such a set is r; without its j-th card (j below the top) it is t added to
    r without its j-th card: a size's drops are the smaller size's, block by block. Every final hand counts
    once under each of its five 4-card subsets (a bincount); T of a smaller set X is then the sum of T over
    its sets one card larger, which counts each final hand once per card it has beyond X: / (5 - |X|).
    """
    offset = deck(n_cards).offset_list
    table = np.zeros((offset[HAND_SIZE], n_classes), dtype=np.int64)
    drops = {1: [np.zeros(n_cards, dtype=np.int64)]}  # size -> [rank of each set without its j-th card]
    for size in range(2, HAND_SIZE):
        drops[size] = [_drop_ranks(n_cards, size, j, drops[size - 1]) for j in range(size)]
    classes = classes5.astype(np.int64)
    counts4 = np.zeros((offset[HAND_SIZE] - offset[HAND_SIZE - 1]) * n_classes, dtype=np.int64)
    for j in range(HAND_SIZE):  # one drop at a time: one hand-sized array, not five
        sub = _drop_ranks(n_cards, HAND_SIZE, j, drops[HAND_SIZE - 1])
        sub *= n_classes
        sub += classes
        counts4 += np.bincount(sub, minlength=len(counts4))
    table[offset[HAND_SIZE - 1]:] = counts4.reshape(-1, n_classes)
    for size in range(HAND_SIZE - 1, 1, -1):
        larger = table[offset[size]:offset[size + 1]].T.astype(np.float64)  # every sum < 2**53: exact
        n_rows = offset[size] - offset[size - 1]
        sums = np.zeros((n_classes, n_rows))
        for drop in drops[size]:
            for c in range(n_classes):
                sums[c] += np.bincount(drop, weights=larger[c], minlength=n_rows)
        table[offset[size - 1]:offset[size]] = sums.T.astype(np.int64) // (HAND_SIZE - (size - 1))
    table[0] = np.bincount(classes5, minlength=n_classes)
    return table


@dataclass(frozen=True)
class Deck:
    """What every game on a deck shares: subset offsets, draw weights, the distinct deals."""

    n_cards: int
    offset: np.ndarray  # offset[k] = first row of the k-card subsets
    draws: tuple[int, ...]  # draws[h] = C(n_cards - 5, 5 - h): draws after holding h cards
    weight: int  # M = lcm of draws: every deal's weight in the return table
    mult: np.ndarray  # mult[h] = M / draws[h]

    @cached_property
    def offset_list(self) -> list[int]:
        """`offset` as Python ints (for plain-Python loops)."""
        return [int(x) for x in self.offset]


@lru_cache(maxsize=2)
def deck(n_cards: int) -> Deck:
    """The draw counts and the common deal weight M = lcm_h C(n - 5, 5 - h) of a 52- or 53-card deck."""
    left = n_cards - HAND_SIZE
    draws = tuple(math.comb(left, HAND_SIZE - h) for h in range(HAND_SIZE + 1))
    weight = math.lcm(*draws)
    offset = np.cumsum([0] + [math.comb(n_cards, k) for k in range(HAND_SIZE + 1)]).astype(np.int64)
    return Deck(n_cards, offset, draws, weight, np.array([weight // d for d in draws], dtype=np.int64))


def _canonical_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """(suit-symmetry key as `canonical_keys`, hands it stands for) of each suit-distinct deal, keys ascending.

    With NumPy over the colex blocks: every hand's four suit rank-masks, built up one card at a time. The
    deals whose masks already rise with the suit (m0 <= m1 <= m2 <= m3) are one per key; a key stands for
    the 4! / prod(k!) orders of its masks (k = how often a mask repeats): prod over i of how many of
    m0..m_i equal m_i. (Every suit holds the same ranks: 52 cards, or 53 with the joker.)
    """
    cards = np.arange(n_cards)
    natural = cards < 52
    card_masks = [np.where(natural & (cards & 3 == s), 1 << (cards >> 2), 0).astype(np.int16) for s in range(4)]
    card_masks.append((cards == 52).astype(np.int16))  # the joker, a fifth "suit" of one card
    masks = card_masks
    for size in range(2, HAND_SIZE):
        total = math.comb(n_cards, size)
        grown = [np.empty(total, dtype=np.int16) for _ in range(5)]
        for t, start, count in colex_blocks(n_cards, size):
            for s in range(5):
                grown[s][start:start + count] = masks[s][:count] | card_masks[s][t]
        masks = grown
    # the hands themselves block by block (one top card at a time): only the rising ones are kept, so the
    # first call never holds the 2.6 million hands' masks at once
    key_parts, repeat_parts = [], []
    for t, _, count in colex_blocks(n_cards, HAND_SIZE):
        hand = [masks[s][:count] | card_masks[s][t] for s in range(5)]
        rising = (hand[0] <= hand[1]) & (hand[1] <= hand[2]) & (hand[2] <= hand[3])
        m = [x[rising].astype(np.int64) for x in hand]
        repeats = np.ones(len(m[0]), dtype=np.int64)
        for i in range(1, 4):
            repeats *= 1 + sum((m[j] == m[i]).astype(np.int64) for j in range(i))
        key_parts.append((((m[3] << 13 | m[2]) << 13 | m[1]) << 13 | m[0]) << 1 | m[4])
        repeat_parts.append(repeats)
    keys, repeats = np.concatenate(key_parts), np.concatenate(repeat_parts)
    order = np.argsort(keys)  # one deal per key: the order is the keys' whatever the blocks' order
    return keys[order], 24 // repeats[order]


def build_distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """The deals that differ up to a renaming of suits (134,459 for 52 cards), with how many each stands for."""
    unique, counts = _canonical_deals(n_cards)
    if kernels_compiled():
        deals = np.empty((len(unique), HAND_SIZE), dtype=np.int64)
        deals_of_keys(unique, deals)
        return deals, counts.astype(np.int64)
    # rebuild one deal per key: sorted suit masks go to suits 0..3, the joker is card 52 (as `deals_of_keys`)
    present = np.zeros((len(unique), n_cards), dtype=bool)
    present[:, 52:] = (unique & 1)[:, None].astype(bool) if n_cards > 52 else present[:, 52:]
    ranks = np.arange(13)
    for suit in range(4):
        suit_mask = (unique >> (1 + 13 * suit)) & 0x1FFF
        present[:, ranks * 4 + suit] = (suit_mask[:, None] >> ranks[None, :]) & 1 == 1
    deals = np.nonzero(present)[1].reshape(len(unique), HAND_SIZE).astype(np.int64)
    return deals, counts.astype(np.int64)


# a deck's distinct deals, built once per process (or read from the disk by `disk.distinct_deals`)
distinct_deals: Memo[int, tuple[np.ndarray, np.ndarray]] = Memo(build_distinct_deals, 2)


@dataclass
class GameTables:
    """A game's class of every final hand and class counts of every smaller card set."""

    table: PayTable
    deck: Deck
    classes5: np.ndarray
    class_counts: np.ndarray  # (rows of subsets with <= 4 cards, classes), int32: at most C(53, 5) a cell


def kernels_compiled() -> bool:
    """Whether video poker's table and per-deal kernels run compiled in this process (else they run as plain
    Python, where NumPy is far quicker: the first builds and solves then take NumPy's way)."""
    from ...compiled import loaded_compiled  # not solver.native: the solver package is not needed here
    from . import deal_kernels, table_kernels

    return loaded_compiled(table_kernels) and loaded_compiled(deal_kernels)


def build_game_tables(table: PayTable) -> GameTables:
    """Every final hand's pay class and T[X] for every card set |X| <= 4: by the kernel where it runs compiled,
    else with NumPy."""
    classes5 = classify_all(table)
    d = deck(table.deck)
    if kernels_compiled():
        counts = np.zeros((int(d.offset[HAND_SIZE]), len(table.hands)), dtype=np.int32)
        subset_class_counts(table.deck, classes5, len(table.hands), binomials(), d.offset, counts)
    else:
        counts = class_count_table(table.deck, classes5, len(table.hands)).astype(np.int32)
    # int32, as on disk: half the memory of every process holding a game (the kernels read int32)
    return GameTables(table, d, classes5, counts)


def pay_sums_of(class_counts: np.ndarray, pays: np.ndarray) -> np.ndarray:
    """T . pays for every card set (int64 for integer pays). By einsum, which casts T a buffer at a time:
    `T @ pays` copies the whole int32 table to int64 first (22 MiB for a 52-card deck, doubling a hint's
    memory), and NumPy's integer matrix product is 1.4-3x slower than einsum here."""
    out: np.ndarray = np.einsum("ij,j->i", class_counts, pays)
    return out


def row_totals(per_row: np.ndarray, class_counts: np.ndarray) -> np.ndarray:
    """per_row @ T: the class counts that rows of T weighted by per_row add up to (as `pay_sums_of`)."""
    out: np.ndarray = np.einsum("i,ij->j", per_row, class_counts)
    return out


# a game's tables, built once per process (or read from the disk by `disk.game_tables`)
game_tables: Memo[PayTable, GameTables] = Memo(build_game_tables, 16)
