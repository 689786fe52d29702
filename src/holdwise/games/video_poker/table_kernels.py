# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg"
"""Video poker's deck-level kernels: the class counts T[X] of every card set and the suit-symmetry key of every
hand, walking the hands in colex order, in Cython's pure-Python mode (compiled by the build; see
holdwise.solver.native). `tables.py` builds both with NumPy too; the tests hold the two ways equal.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

import numpy as np

__all__ = ["canonical_keys", "deals_of_keys", "subset_class_counts"]

# classes of final hands: int8 as the tables keep them, int64 as some callers build them
klass = cython.fused_type(cython.schar, cython.longlong)


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def next_combination(combo: cython.longlong[::1], size: cython.Py_ssize_t) -> cython.bint:
    """Step combo[0:size] (combo[size] = the deck size, a sentinel) to the next set in colex order.

    Returns False after the last set.
    """
    j: cython.Py_ssize_t = 0
    i: cython.Py_ssize_t
    while j < size and combo[j] + 1 == combo[j + 1]:
        j += 1
    if j == size:
        return False
    combo[j] += 1
    for i in range(j):
        combo[i] = i
    return True


def subset_class_counts(n_cards: cython.Py_ssize_t, classes5: cython.const[klass][::1], n_classes: cython.Py_ssize_t,
                        binom: cython.const[cython.longlong][:, ::1], offset: cython.const[cython.longlong][::1],
                        table: cython.int[:, ::1]) -> None:
    """table[offset[k] + rank(X)] = class counts of the final hands containing X, for |X| <= 4 (int32: before
    the division below a cell holds at most 5 x C(53, 5), about 14 million)."""
    combo_arr = np.empty(6, dtype=np.int64)
    combo: cython.longlong[::1] = combo_arr
    size: cython.Py_ssize_t
    j: cython.Py_ssize_t
    drop: cython.Py_ssize_t
    pos: cython.Py_ssize_t
    c: cython.Py_ssize_t
    row: cython.Py_ssize_t
    src: cython.Py_ssize_t
    lo: cython.Py_ssize_t
    hi: cython.Py_ssize_t
    rank: cython.Py_ssize_t
    sub: cython.longlong
    with cython.nogil:
        for size in range(5, 0, -1):  # push each size's sets down to their subsets one card smaller
            for j in range(size):
                combo[j] = j
            combo[size] = n_cards
            rank = 0
            while True:
                for drop in range(size):
                    sub = 0
                    pos = 1
                    for j in range(size):
                        if j != drop:
                            sub += binom[combo[j], pos]
                            pos += 1
                    row = offset[size - 1] + sub
                    if size == 5:
                        table[row, classes5[rank]] += 1
                    else:
                        src = offset[size] + rank
                        for c in range(n_classes):
                            table[row, c] += table[src, c]
                rank += 1
                if not next_combination(combo, size):
                    break
            # every final hand was counted once per card it has beyond the subset
            lo = offset[size - 1]
            hi = offset[size]
            for row in range(lo, hi):
                for c in range(n_classes):
                    table[row, c] = table[row, c] // (5 - (size - 1))


def canonical_keys(n_cards: cython.Py_ssize_t, binom: cython.const[cython.longlong][:, ::1],
                   keys: cython.longlong[::1]) -> None:
    """Suit-symmetry key of every 5-card hand (colex order): its four suit rank-masks sorted, + joker."""
    combo_arr = np.empty(6, dtype=np.int64)
    combo: cython.longlong[::1] = combo_arr
    j: cython.Py_ssize_t
    rank: cython.Py_ssize_t = 0
    card: cython.longlong
    joker: cython.longlong
    m0: cython.longlong
    m1: cython.longlong
    m2: cython.longlong
    m3: cython.longlong
    m: cython.longlong
    with cython.nogil:
        for j in range(5):
            combo[j] = j
        combo[5] = n_cards
        while True:
            m0 = 0
            m1 = 0
            m2 = 0
            m3 = 0
            joker = 0
            for j in range(5):
                card = combo[j]
                if card == 52:
                    joker = 1
                else:
                    m = 1 << (card >> 2)
                    if card & 3 == 0:
                        m0 |= m
                    elif card & 3 == 1:
                        m1 |= m
                    elif card & 3 == 2:
                        m2 |= m
                    else:
                        m3 |= m
            # a sorting network for four masks
            if m0 > m1:
                m0, m1 = m1, m0
            if m2 > m3:
                m2, m3 = m3, m2
            if m0 > m2:
                m0, m2 = m2, m0
            if m1 > m3:
                m1, m3 = m3, m1
            if m1 > m2:
                m1, m2 = m2, m1
            keys[rank] = (((m3 << 13 | m2) << 13 | m1) << 13 | m0) << 1 | joker
            rank += 1
            if not next_combination(combo, 5):
                break


def deals_of_keys(keys: cython.const[cython.longlong][::1], deals: cython.longlong[:, ::1]) -> None:
    """deals[i] = the sorted cards of one deal of suit-symmetry key keys[i] (`canonical_keys`): suit s holds the
    ranks of its mask (bits 1 + 13 s up), card 52 (the joker) is there when the key's lowest bit is set."""
    i: cython.Py_ssize_t
    k: cython.Py_ssize_t
    rank: cython.longlong
    suit: cython.longlong
    key: cython.longlong
    with cython.nogil:
        for i in range(keys.shape[0]):
            key = keys[i]
            k = 0
            for rank in range(13):
                for suit in range(4):
                    if (key >> (1 + 13 * suit + rank)) & 1:
                        deals[i, k] = 4 * rank + suit
                        k += 1
            if key & 1:
                deals[i, k] = 52
