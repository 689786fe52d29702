"""The fast hand evaluator: rank bit masks, the ten straight windows, wild deuces and the joker.

`classify_all(table)` gives the pay class (an index into the table's hands) of every 5-card hand
of the deck, in colex order of the sorted card set: hand {a < b < c < d < e} sits at
C(a,1) + C(b,2) + C(c,3) + C(d,4) + C(e,5). With wild cards a hand takes the first entry of the
table it can make with some choice of the wild cards (checked by counting, not by trying).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...solver.jit import njit
from .paytables import KIND_CODES, WILD_MODES, PayTable

__all__ = [
    "ACE", "ROYAL_MASK", "STRAIGHT_WINDOWS", "binomials", "classify", "classify_all", "classify_every_hand",
    "classify_hand", "satisfies",
]

ACE = 12
ROYAL_MASK = 0b1111100000000  # T J Q K A
# The ten straight windows as rank masks: A-2-3-4-5, then 2-6 up to T-A.
STRAIGHT_WINDOWS = np.array([0b1000000001111] + [0b11111 << lo for lo in range(9)], dtype=np.int64)

K = KIND_CODES  # short names for the kind codes inside the kernel


def _binomials(n_max: int, k_max: int) -> np.ndarray:
    from math import comb

    return np.array([[comb(n, k) for k in range(k_max + 1)] for n in range(n_max + 1)], dtype=np.int64)


def _satisfies(kind, wild, counts, mask, flush, ranks_of_naturals, n_natural, c1, c2, pairs_free):
    """Can the hand make `kind` with its `wild` wild cards?"""
    if kind == 0:  # royal_flush (natural)
        return wild == 0 and flush and mask == ROYAL_MASK
    if kind == 1:  # four_deuces
        return wild == 4
    if kind == 2:  # wild_royal_flush
        return wild >= 1 and flush and pairs_free and (mask & ~ROYAL_MASK) == 0
    if kind == 3:  # five_of_a_kind
        return c1 + wild >= 5
    if kind == 4 or kind == 13:  # straight_flush, straight
        if not pairs_free or (kind == 4 and not flush):
            return False
        for w in range(10):
            if (mask & ~STRAIGHT_WINDOWS[w]) == 0:
                return True
        return False
    if kind == 5 or kind == 6:  # fours with a kicker (natural games only)
        if wild != 0 or c1 != 4:
            return False
        quad = -1
        kicker = -1
        for r in range(13):
            if counts[r] == 4:
                quad = r
            elif counts[r] == 1:
                kicker = r
        if kind == 5:
            return quad == ACE and 0 <= kicker <= 2
        return 0 <= quad <= 2 and (kicker == ACE or 0 <= kicker <= 2)
    if kind == 7:  # four_aces
        return counts[ACE] + wild >= 4
    if kind == 8 or kind == 9:  # four_2s_4s, four_5s_ks
        lo, hi = (0, 3) if kind == 8 else (3, 12)
        for r in range(lo, hi):
            if counts[r] + wild >= 4:
                return True
        return False
    if kind == 10:  # four_of_a_kind
        return c1 + wild >= 4
    if kind == 11:  # full_house: two ranks at most, the wild cards fill 3 + 2
        distinct = 0
        for r in range(13):
            if counts[r] > 0:
                distinct += 1
        return distinct <= 2 and max(0, 3 - c1) + max(0, 2 - c2) <= wild
    if kind == 12:  # flush
        return flush
    if kind == 14:  # three_of_a_kind
        return c1 + wild >= 3
    if kind == 15:  # two_pair
        return max(0, 2 - c1) + max(0, 2 - c2) <= wild
    if kind == 16 or kind == 17:  # jacks_or_better, kings_or_better
        low = 9 if kind == 16 else 11
        for r in range(low, 13):
            if counts[r] + wild >= 2:
                return True
        return False
    return kind == 18  # nothing


satisfies = njit(cache=True)(_satisfies)


def _classify(hand, kinds, wild_mode, counts):
    """Index into `kinds` of the first kind the 5 cards can make (`counts` is scratch, 13 long)."""
    for r in range(13):
        counts[r] = 0
    wild = 0
    mask = 0
    suit = -1
    flush = True
    n_natural = 0
    for i in range(5):
        card = hand[i]
        if wild_mode == 2 and card == 52:
            wild += 1
            continue
        rank = card >> 2
        if wild_mode == 1 and rank == 0:
            wild += 1
            continue
        counts[rank] += 1
        mask |= 1 << rank
        n_natural += 1
        if suit < 0:
            suit = card & 3
        elif (card & 3) != suit:
            flush = False
    c1 = 0
    c2 = 0
    for r in range(13):
        c = counts[r]
        if c > c1:
            c2 = c1
            c1 = c
        elif c > c2:
            c2 = c
    pairs_free = c1 <= 1
    for i in range(len(kinds)):
        if satisfies(kinds[i], wild, counts, mask, flush, mask, n_natural, c1, c2, pairs_free):
            return i
    return len(kinds) - 1


classify = njit(cache=True)(_classify)


def _classify_every_hand(n_cards, kinds, wild_mode, binom, out):
    """The class of every 5-card hand of an n_cards deck, stored at the hand's colex rank."""
    hand = np.empty(5, dtype=np.int64)
    counts = np.empty(13, dtype=np.int64)
    for e in range(4, n_cards):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(0, b):
                        hand[0] = a
                        hand[1] = b
                        hand[2] = c
                        hand[3] = d
                        hand[4] = e
                        rank = binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]
                        out[rank] = classify(hand, kinds, wild_mode, counts)


classify_every_hand = njit(cache=True, nogil=True)(_classify_every_hand)


@lru_cache(maxsize=1)
def binomials() -> np.ndarray:
    """C(n, k) for n <= 53, k <= 5."""
    return _binomials(53, 5)


@lru_cache(maxsize=32)
def classify_all(table: PayTable) -> np.ndarray:
    """Pay class of every 5-card hand of the table's deck, by colex rank (read-only)."""
    binom = binomials()
    out = np.empty(int(binom[table.deck, 5]), dtype=np.int8)
    kinds = np.array(table.kind_codes, dtype=np.int64)
    classify_every_hand(table.deck, kinds, WILD_MODES[table.wild], binom, out)
    out.flags.writeable = False
    return out


def classify_hand(cards: Sequence[int], table: PayTable) -> int:
    """Pay class of one hand of five cards."""
    kinds = np.array(table.kind_codes, dtype=np.int64)
    return int(classify(np.array(sorted(cards), dtype=np.int64), kinds, WILD_MODES[table.wild],
                        np.empty(13, dtype=np.int64)))
