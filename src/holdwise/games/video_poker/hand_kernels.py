# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg"
"""Video poker's hand evaluator kernels: the first kind of a pay table a hand makes (wild deuces, the joker, the
extra ace), for one hand or every hand of a deck, in Cython's pure-Python mode (compiled by the build; see
holdwise.solver.native). The kind codes are `paytables.KIND_CODES`.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

import numpy as np

__all__ = ["classes_of_keys", "classify", "classify_every_hand", "first_kind"]

# classes of final hands: int8 as the tables keep them, int64 as some callers build them
klass = cython.fused_type(cython.schar, cython.longlong)

# C values (a Python global is no C value): `evaluator` names the same numbers for Python
ACE = cython.declare(cython.longlong, 12)
ROYAL_MASK = cython.declare(cython.longlong, 0b1111100000000)  # T J Q K A


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def in_window(mask: cython.longlong) -> cython.bint:
    """Whether one straight window holds every rank of `mask`."""
    w: cython.longlong
    # the ten windows as rank masks: A-2-3-4-5, then 2-6 up to T-A
    if (mask & ~0b1000000001111) == 0:
        return True
    for w in range(9):
        if (mask & ~(0b11111 << w)) == 0:
            return True
    return False


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def satisfies(kind: cython.longlong, wild: cython.longlong, counts: cython.const[cython.longlong][::1],
              mask: cython.longlong, flush: cython.bint, c1: cython.longlong, c2: cython.longlong,
              pairs_free: cython.bint) -> cython.bint:
    """Can the hand make `kind` with its `wild` wild cards?"""
    r: cython.Py_ssize_t
    lo: cython.Py_ssize_t
    hi: cython.Py_ssize_t
    quad: cython.longlong
    kicker: cython.longlong
    distinct: cython.longlong
    low: cython.Py_ssize_t
    royal: cython.longlong = ROYAL_MASK
    ace: cython.longlong = ACE
    if kind == 0:  # royal_flush (natural)
        return wild == 0 and flush and mask == royal
    if kind == 1:  # four_deuces
        return wild == 4
    if kind == 2:  # wild_royal_flush
        return wild >= 1 and flush and pairs_free and (mask & ~royal) == 0
    if kind == 3:  # five_of_a_kind
        return c1 + wild >= 5
    if kind == 4 or kind == 13:  # straight_flush, straight
        if not pairs_free or (kind == 4 and not flush):
            return False
        return in_window(mask)
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
            return quad == ace and 0 <= kicker <= 2
        return 0 <= quad <= 2 and (kicker == ace or 0 <= kicker <= 2)
    if kind == 7:  # four_aces
        return counts[ace] + wild >= 4
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
        return counts[ace] + wild >= 5
    if kind == 20:  # aces_or_better
        return counts[ace] + wild >= 2
    return kind == 18  # nothing


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def first_kind(kinds: cython.const[cython.longlong][::1], wild: cython.longlong,
               counts: cython.const[cython.longlong][::1], mask: cython.longlong, flush: cython.bint,
               c1: cython.longlong, c2: cython.longlong, pairs_free: cython.bint) -> cython.Py_ssize_t:
    """Index into `kinds` of the first kind a hand makes (the last, "nothing", when none fits): its `wild` wild
    cards, natural ranks `counts` (13) and their bit `mask`, whether its naturals share a suit, the two largest
    counts."""
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = kinds.shape[0]
    for i in range(n):
        if satisfies(kinds[i], wild, counts, mask, flush, c1, c2, pairs_free):
            return i
    return n - 1


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def classify(hand: cython.const[cython.longlong][::1], kinds: cython.const[cython.longlong][::1],
             wild_mode: cython.longlong, counts: cython.longlong[::1]) -> cython.Py_ssize_t:
    """Index into `kinds` of the first kind the 5 cards can make (`counts` is scratch, 13 long)."""
    r: cython.Py_ssize_t
    i: cython.Py_ssize_t
    card: cython.longlong
    rank: cython.longlong
    card_suit: cython.longlong
    c: cython.longlong
    c1: cython.longlong = 0
    c2: cython.longlong = 0
    wild: cython.longlong = 0
    mask: cython.longlong = 0
    suit: cython.longlong = -1
    flush: cython.bint = True
    for r in range(13):
        counts[r] = 0
    for i in range(5):
        card = hand[i]
        if wild_mode == 2 and card == 52:
            wild += 1
            continue
        rank = card >> 2
        card_suit = card & 3
        if card == 52:  # the extra ace: an ace of its own suit (stars)
            rank = 12
            card_suit = 4
        if wild_mode == 1 and rank == 0:
            wild += 1
            continue
        counts[rank] += 1
        mask |= 1 << rank
        if suit < 0:
            suit = card_suit
        elif card_suit != suit:
            flush = False
    for r in range(13):
        c = counts[r]
        if c > c1:
            c2 = c1
            c1 = c
        elif c > c2:
            c2 = c
    return first_kind(kinds, wild, counts, mask, flush, c1, c2, c1 <= 1)


def classify_every_hand(n_cards: cython.Py_ssize_t, kinds: cython.const[cython.longlong][::1],
                        wild_mode: cython.longlong, binom: cython.const[cython.longlong][:, ::1],
                        out: klass[::1]) -> None:
    """The class of every 5-card hand of an n_cards deck, stored at the hand's colex rank."""
    hand_arr = np.empty(5, dtype=np.int64)
    counts_arr = np.empty(13, dtype=np.int64)
    hand: cython.longlong[::1] = hand_arr
    counts: cython.longlong[::1] = counts_arr
    a: cython.Py_ssize_t
    b: cython.Py_ssize_t
    c: cython.Py_ssize_t
    d: cython.Py_ssize_t
    e: cython.Py_ssize_t
    rank: cython.Py_ssize_t
    with cython.nogil:
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


def classes_of_keys(keys: cython.const[cython.longlong][::1], rank_sets: cython.const[cython.longlong][:, ::1],
                    kinds: cython.const[cython.longlong][::1], wild_mode: cython.longlong,
                    lookup: cython.schar[::1]) -> None:
    """lookup[key] = the first kind a hand of this key makes, for each of `keys` (`evaluator.hand_keys`: 2 x the
    index of the hand's rank multiset, + 1 if its natural cards share a suit); rank_sets[index] = the multiset's
    five ranks, the joker 13."""
    counts_arr = np.empty(13, dtype=np.int64)
    counts: cython.longlong[::1] = counts_arr
    k: cython.Py_ssize_t
    j: cython.Py_ssize_t
    r: cython.Py_ssize_t
    key: cython.longlong
    wild: cython.longlong
    mask: cython.longlong
    c: cython.longlong
    c1: cython.longlong
    c2: cython.longlong
    for k in range(keys.shape[0]):
        key = keys[k]
        for r in range(13):
            counts[r] = 0
        wild = 0
        mask = 0
        for j in range(5):
            r = rank_sets[key >> 1, j]
            if r == 13 or (wild_mode == 1 and r == 0):
                wild += 1
            else:
                counts[r] += 1
                mask |= 1 << r
        c1 = 0
        c2 = 0
        for r in range(13):
            c = counts[r]
            if c > c1:
                c2 = c1
                c1 = c
            elif c > c2:
                c2 = c
        lookup[key] = first_kind(kinds, wild, counts, mask, (key & 1) == 1, c1, c2, c1 <= 1)
