"""The fast hand evaluator: rank bit masks, the ten straight windows, wild deuces, the joker and the extra ace.

`classify_all(table)` gives the pay class (an index into the table's hands) of every 5-card hand
of the deck, in colex order of the sorted card set: hand {a < b < c < d < e} sits at
C(a,1) + C(b,2) + C(c,3) + C(d,4) + C(e,5). With wild cards a hand takes the first entry of the
table it can make with some choice of the wild cards (checked by counting, not by trying).

A hand's class depends only on its multiset of ranks (the joker as a 14th rank) and on whether its
natural cards share a suit: `classify_all` keys every hand so with NumPy (built up one card at a time
over the colex blocks, no per-hand loop), classifies each key that occurs once (`satisfies`, run as
plain Python: a few thousand keys) and looks the hands up. No kernel runs, so a fresh process never
waits for Numba. The kernels `classify` / `classify_every_hand` classify hand by hand (`classify_hand`,
and the reference the tests hold the keyed build to).

The extra-ace deck (deck mode EXTRA_ACE) has card 52 as a fifth ace of a fifth suit, stars: it counts as an
ace everywhere and matches no other card's suit, so a hand holding it is never a flush.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...solver import IndexArray, IntArray
from ...solver.jit import njit
from .paytables import KIND_CODES, WILD_MODES, PayTable

__all__ = [
    "ACE", "EXTRA_ACE", "ROYAL_MASK", "STRAIGHT_WINDOWS", "binomials", "classify", "classify_all",
    "classify_every_hand", "classify_hand", "colex_blocks", "deck_mode", "hand_keys", "satisfies",
]

ACE = 12
ROYAL_MASK = 0b1111100000000  # T J Q K A
# The ten straight windows as rank masks: A-2-3-4-5, then 2-6 up to T-A.
STRAIGHT_WINDOWS = np.array([0b1000000001111] + [0b11111 << lo for lo in range(9)], dtype=np.int64)

K = KIND_CODES  # short names for the kind codes inside the kernel
# The kernels' deck mode beyond WILD_MODES (0 none, 1 deuces, 2 joker): no wild card, card 52 the ace of stars.
EXTRA_ACE = 3


def deck_mode(table: PayTable) -> int:
    """The kernels' mode of a table's deck: its wild cards, or EXTRA_ACE."""
    return EXTRA_ACE if table.extra_ace else WILD_MODES[table.wild]


def _binomials(n_max: int, k_max: int) -> np.ndarray:
    from math import comb

    return np.array([[comb(n, k) for k in range(k_max + 1)] for n in range(n_max + 1)], dtype=np.int64)


def _satisfies(kind: int, wild: int, counts: IntArray | list[int], mask: int, flush: bool, ranks_of_naturals: int,
               n_natural: int, c1: int, c2: int, pairs_free: bool) -> bool:
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
    if kind == 15:  # two_pairs
        return max(0, 2 - c1) + max(0, 2 - c2) <= wild
    if kind == 16 or kind == 17:  # jacks_or_better, kings_or_better
        low = 9 if kind == 16 else 11
        for r in range(low, 13):
            if counts[r] + wild >= 2:
                return True
        return False
    if kind == 19:  # five_aces
        return counts[ACE] + wild >= 5
    if kind == 20:  # aces_or_better
        return counts[ACE] + wild >= 2
    return kind == 18  # nothing


satisfies = njit(cache=True)(_satisfies)


def _classify(hand: IntArray, kinds: IntArray, wild_mode: int, counts: IntArray) -> int:
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
        card_suit = card & 3
        if card == 52:  # the extra ace: an ace of its own suit (stars)
            rank = ACE
            card_suit = 4
        if wild_mode == 1 and rank == 0:
            wild += 1
            continue
        counts[rank] += 1
        mask |= 1 << rank
        n_natural += 1
        if suit < 0:
            suit = card_suit
        elif card_suit != suit:
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


def _classify_every_hand(n_cards: int, kinds: IntArray, wild_mode: int, binom: IntArray, out: IndexArray) -> None:
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


def colex_blocks(n_cards: int, size: int) -> list[tuple[int, int, int]]:
    """(top card t, first colex rank, count) of each run of the `size`-card sets whose top card is t.

    The sets with top card t are t added to each (size - 1)-set of the cards below t: colex ranks
    C(t, size) + r for r < C(t, size - 1), r the smaller set's rank. So a per-set array of size k
    is the (k - 1) array's first C(t, k - 1) entries, once per t, each combined with t.
    """
    binom = binomials()
    return [(t, int(binom[t, size]), int(binom[t, size - 1])) for t in range(size - 1, n_cards)]


# a 4-bit mask of the suits the natural cards show: one suit or none (all wild) is a flush
_ONE_SUIT = np.array([m.bit_count() <= 1 for m in range(16)], dtype=np.int16)
N_RANK_SETS = 8568  # rank multisets of 5 cards over 14 ranks (13 + the joker): C(14 + 4, 5)


def hand_keys(n_cards: int, wild_mode: int) -> np.ndarray:
    """Key of every 5-card hand by colex rank (int16): 2 x the index of its rank multiset + 1 if its natural
    cards share a suit.

    The multiset index of sorted ranks r0 <= ... <= r4 (joker 13) is sum_j C(r_j + j, j + 1), the colex rank
    of the distinct numbers r_j + j, below C(18, 5) = N_RANK_SETS. Cards in a hand are sorted, so ranks are.
    """
    binom = binomials()[:18].astype(np.int16)  # C(n, k) for n <= 17: every multiset index fits
    cards = np.arange(n_cards)
    wild = cards == 52 if wild_mode == 2 else (cards < 4 if wild_mode == 1 else np.zeros(n_cards, dtype=bool))
    suit_bit = np.where(wild, 0, 1 << (cards & 3)).astype(np.int8)
    ranks = cards >> 2
    if wild_mode == EXTRA_ACE and n_cards > 52:
        ranks[52] = ACE
        suit_bit[52] = 0b1111  # a suit no other card has: with any other natural card, more than one suit
    key = binom[ranks, 1]
    suits = suit_bit
    for size in range(2, 6):
        blocks = colex_blocks(n_cards, size)
        total = blocks[-1][1] + blocks[-1][2]
        next_key = np.empty(total, dtype=np.int16)
        next_suits = np.empty(total, dtype=np.int8)
        for t, start, count in blocks:
            next_key[start:start + count] = key[:count] + binom[ranks[t] + size - 1, size]
            next_suits[start:start + count] = suits[:count] | suit_bit[t]
        key, suits = next_key, next_suits
    key *= 2
    key += _ONE_SUIT[suits]
    keys: np.ndarray = key
    return keys


@lru_cache(maxsize=1)
def _rank_sets() -> list[tuple[int, ...]]:
    """Every rank multiset (sorted ranks, the joker 13) at its index (as `hand_keys`)."""
    from itertools import combinations_with_replacement

    binom = binomials()
    out: list[tuple[int, ...]] = [()] * N_RANK_SETS
    for ranks in combinations_with_replacement(range(14), 5):
        out[sum(int(binom[r + j, j + 1]) for j, r in enumerate(ranks))] = ranks
    return out


def _class_of_key(key: int, kinds: Sequence[int], wild_mode: int) -> int:
    """Index into `kinds` of the first kind a hand of this key makes (as `classify`, from the key alone)."""
    counts = [0] * 13
    wild = 0
    for r in _rank_sets()[key >> 1]:
        if r == 13 or (wild_mode == 1 and r == 0):
            wild += 1
        else:
            counts[r] += 1
    mask = sum(1 << r for r in range(13) if counts[r])
    c1, c2 = sorted(counts, reverse=True)[:2]
    flush = bool(key & 1)
    for i, kind in enumerate(kinds):
        if _satisfies(kind, wild, counts, mask, flush, mask, 5 - wild, c1, c2, c1 <= 1):
            return i
    return len(kinds) - 1


@lru_cache(maxsize=32)
def classify_all(table: PayTable) -> np.ndarray:
    """Pay class of every 5-card hand of the table's deck, by colex rank (read-only, int8)."""
    wild_mode = deck_mode(table)
    keys = hand_keys(table.deck, wild_mode)
    lookup = np.zeros(2 * N_RANK_SETS, dtype=np.int8)
    kinds = table.kind_codes
    for key in np.flatnonzero(np.bincount(keys, minlength=2 * N_RANK_SETS)).tolist():  # the keys that occur
        lookup[key] = _class_of_key(key, kinds, wild_mode)
    out: np.ndarray = lookup[keys]
    out.flags.writeable = False
    return out


def classify_hand(cards: Sequence[int], table: PayTable) -> int:
    """Pay class of one hand of five cards."""
    kinds = np.array(table.kind_codes, dtype=np.int64)
    return int(classify(np.array(sorted(cards), dtype=np.int64), kinds, deck_mode(table),
                        np.empty(13, dtype=np.int64)))
