# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg"
"""Video poker's per-deal kernels: every hold of every deal valued exactly (the solver's best hold and class
totals, the deal table's values, a chosen hold's class counts, a chart's line entries), in Cython's pure-Python
mode (compiled by the build; see holdwise.solver.native).

A deal's 32 holds are the 5-bit masks over its sorted cards (bit j keeps card j). The row of the count table T
of the cards a mask keeps is offset[cards kept] + their colex rank (`subset_ranks`); the values of "draws
containing the hold" become "draws keeping exactly the hold" by Möbius inversion (`exclude_supersets`).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

import numpy as np

__all__ = ["all_hold_values", "chosen_class_totals", "entries_kernel", "hand_counts", "solve_deals"]

# classes of final hands: int8 as the tables keep them, int64 as some callers build them
klass = cython.fused_type(cython.schar, cython.longlong)


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def subset_ranks(binom: cython.const[cython.longlong][:, ::1], deals: cython.const[cython.longlong][:, ::1],
                 i: cython.Py_ssize_t, popcount: cython.const[cython.longlong][::1],
                 rank: cython.longlong[::1]) -> cython.int:
    """rank[mask] = colex rank of the cards `mask` keeps from the sorted deal deals[i]: the sum over kept cards of
    C(card, place), place 1, 2, ... from the lowest (a row of T is offset[cards kept] + rank).

    The masks whose top card is j are j added to each mask of the cards below it: its place is the cards kept.
    """
    j: cython.Py_ssize_t
    m: cython.Py_ssize_t
    low: cython.Py_ssize_t
    card: cython.Py_ssize_t
    rank[0] = 0
    for j in range(5):
        low = 1 << j
        card = deals[i, j]
        for m in range(low, 2 * low):
            rank[m] = rank[m - low] + binom[card, popcount[m]]
    return 0


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def exclude_supersets(value: cython.longlong[::1]) -> cython.int:
    """Möbius inversion over the 32 holds, in place: value[m] = sum over the final hands containing the cards of
    m becomes the sum over those whose kept cards are exactly m, value[m] -= value[m | bit] bit by bit
    (a bit's pass reads only masks with that bit set, which it never writes, so the order of masks is free)."""
    bit: cython.Py_ssize_t
    step: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    for bit in range(5):
        step = 1 << bit
        for mask in range(32):
            if not mask & step:
                value[mask] -= value[mask | step]
    return 0


def solve_deals(deals: cython.const[cython.longlong][:, ::1], weights: cython.const[cython.longlong][::1],
                pay_sums: cython.const[cython.longlong][::1], classes5: cython.const[klass][::1],
                pays: cython.const[cython.longlong][::1], binom: cython.const[cython.longlong][:, ::1],
                offset: cython.const[cython.longlong][::1], mult: cython.const[cython.longlong][::1],
                priority: cython.const[cython.longlong][::1], popcount: cython.const[cython.longlong][::1],
                rows: cython.longlong[::1], value: cython.longlong[::1], best_mask: cython.longlong[::1],
                best_value: cython.longlong[::1], per_row: cython.longlong[::1], last: cython.longlong[::1],
                ) -> None:
    """Best hold of every deal (exact), and the weights of the rows of T its final hands are counted from.

    best_value[i] = S(H*) * mult[|H*|]: the best hold's payout sum scaled to the common weight. The class
    counts of the final hands, sum_i weights[i] * mult[|H*|] * N_c(H*), are per_row @ T + last: per_row[r] adds
    the signed weight of T's row r (Möbius inversion over the holds containing H*), last[c] that of the whole
    deals of class c. A deal adds one number a row, not a row of T's classes: T is read once, at the end
    (`tables.row_totals`), not a row per hold of every deal. `rows` and `value` are scratch (32 each),
    `popcount` the number of bits of each 5-bit mask.
    """
    i: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    best: cython.Py_ssize_t
    full: cython.Py_ssize_t
    top: cython.longlong
    scaled: cython.longlong
    held: cython.longlong
    factor: cython.longlong
    sign: cython.longlong
    with cython.nogil:
        for i in range(deals.shape[0]):
            # the row of T of each of the deal's 32 subsets; full = the deal's colex rank
            subset_ranks(binom, deals, i, popcount, rows)
            full = rows[31]
            for mask in range(31):
                rows[mask] += offset[popcount[mask]]
                value[mask] = pay_sums[rows[mask]]
            value[31] = pays[classes5[full]]
            exclude_supersets(value)
            best = 0
            top = value[0] * mult[0]
            for mask in range(1, 32):
                scaled = value[mask] * mult[popcount[mask]]
                if scaled > top or (scaled == top and priority[mask] < priority[best]):
                    best = mask
                    top = scaled
            best_mask[i] = best
            best_value[i] = top
            held = popcount[best]
            factor = weights[i] * mult[held]
            for mask in range(32):
                if (mask & best) == best:
                    sign = factor if (popcount[mask] - held) & 1 == 0 else -factor
                    if mask == 31:
                        last[classes5[full]] += sign
                    else:
                        per_row[rows[mask]] += sign


def all_hold_values(deals: cython.const[cython.longlong][:, ::1], pay_sums: cython.const[cython.longlong][::1],
                    classes5: cython.const[klass][::1], pays: cython.const[cython.longlong][::1],
                    binom: cython.const[cython.longlong][:, ::1], offset: cython.const[cython.longlong][::1],
                    mult: cython.const[cython.longlong][::1], priority: cython.const[cython.longlong][::1],
                    popcount: cython.const[cython.longlong][::1], value: cython.longlong[::1],
                    values: cython.longlong[:, ::1], best_mask: cython.longlong[::1]) -> None:
    """values[i, mask] = S(H) x mult[|H|] for every hold of every deal; best_mask[i] = the solver's best hold.

    S(H) = sum over Y, H ⊆ Y ⊆ deal of (-1)^|Y - H| T[Y] . pays (the Möbius transform of the solver). `value`
    is scratch (32), `popcount[mask]` the cards held.
    """
    rank_arr = np.empty(32, dtype=np.int64)
    rank: cython.longlong[::1] = rank_arr
    i: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    best: cython.Py_ssize_t
    top: cython.longlong
    scaled: cython.longlong
    with cython.nogil:
        for i in range(deals.shape[0]):
            subset_ranks(binom, deals, i, popcount, rank)
            for mask in range(31):  # the row of T of each subset (as `solver.hand_values`)
                value[mask] = pay_sums[offset[popcount[mask]] + rank[mask]]
            value[31] = pays[classes5[rank[31]]]
            exclude_supersets(value)
            best = 0
            top = value[0] * mult[0]
            for mask in range(32):
                scaled = value[mask] * mult[popcount[mask]]
                values[i, mask] = scaled
                if scaled > top or (scaled == top and priority[mask] < priority[best]):
                    best = mask
                    top = scaled
            best_mask[i] = best


def hand_counts(hand: cython.const[cython.longlong][:, ::1], class_counts: cython.const[cython.int][:, ::1],
                classes5: cython.const[klass][::1], binom: cython.const[cython.longlong][:, ::1],
                offset: cython.const[cython.longlong][::1], popcount: cython.const[cython.longlong][::1],
                counts: cython.longlong[:, ::1]) -> None:
    """counts[mask, c] = the draws of hold `mask` of one sorted hand (hand[0]) that end in class c.

    A held subset's row of T counts the final hands containing it; Möbius inversion over the 32 subsets leaves
    those whose kept cards are exactly the held ones (as `exclude_supersets`, a row of classes at a time).
    """
    n_classes: cython.Py_ssize_t = class_counts.shape[1]
    rank_arr = np.empty(32, dtype=np.int64)
    rank: cython.longlong[::1] = rank_arr
    mask: cython.Py_ssize_t
    c: cython.Py_ssize_t
    row: cython.Py_ssize_t
    bit: cython.Py_ssize_t
    step: cython.Py_ssize_t
    subset_ranks(binom, hand, 0, popcount, rank)
    for mask in range(31):
        row = offset[popcount[mask]] + rank[mask]
        for c in range(n_classes):
            counts[mask, c] = class_counts[row, c]
    for c in range(n_classes):
        counts[31, c] = 0
    counts[31, classes5[rank[31]]] = 1
    for bit in range(5):
        step = 1 << bit
        for mask in range(32):
            if not mask & step:
                for c in range(n_classes):
                    counts[mask, c] -= counts[mask | step, c]


def chosen_class_totals(deals: cython.const[cython.longlong][:, ::1], weights: cython.const[cython.longlong][::1],
                        masks: cython.const[cython.longlong][::1], class_counts: cython.const[cython.int][:, ::1],
                        classes5: cython.const[klass][::1], binom: cython.const[cython.longlong][:, ::1],
                        offset: cython.const[cython.longlong][::1], mult: cython.const[cython.longlong][::1],
                        popcount: cython.const[cython.longlong][::1], totals: cython.longlong[::1]) -> None:
    """totals[c] += w_i x mult[|H_i|] x N_c(H_i): the final-hand class counts of one chosen hold per deal."""
    n_classes: cython.Py_ssize_t = class_counts.shape[1]
    rank_arr = np.empty(32, dtype=np.int64)
    rank: cython.longlong[::1] = rank_arr
    i: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    c: cython.Py_ssize_t
    row: cython.Py_ssize_t
    hold: cython.longlong
    held: cython.longlong
    factor: cython.longlong
    sign: cython.longlong
    with cython.nogil:
        for i in range(deals.shape[0]):
            hold = masks[i]
            held = popcount[hold]
            factor = weights[i] * mult[held]
            subset_ranks(binom, deals, i, popcount, rank)
            for mask in range(32):
                if (mask & hold) == hold:
                    sign = factor if (popcount[mask] - held) & 1 == 0 else -factor
                    if mask == 31:
                        totals[classes5[rank[31]]] += sign
                    else:
                        row = offset[popcount[mask]] + rank[mask]
                        for c in range(n_classes):
                            totals[c] += sign * class_counts[row, c]


def entries_kernel(ids: cython.const[cython.longlong][:, ::1], by_within: cython.const[cython.longlong][:, ::1],
                   id_start: cython.const[cython.longlong][::1], id_lines: cython.const[cython.longlong][::1],
                   seen: cython.longlong[::1], count_only: cython.bint, out_deal: cython.longlong[::1],
                   out_line: cython.longlong[::1], out_mask: cython.longlong[::1]) -> cython.Py_ssize_t:
    """Per deal, walk its holds in the in-line order; each line naming the hold's id takes its first hold.

    Returns the number of entries (count_only) or fills out_*; `seen[l]` = last deal that line l entered.
    """
    k: cython.Py_ssize_t = 0
    d: cython.Py_ssize_t
    j: cython.Py_ssize_t
    t: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    pid: cython.Py_ssize_t
    line: cython.Py_ssize_t
    with cython.nogil:
        for d in range(ids.shape[0]):
            for j in range(32):
                mask = by_within[d, j]
                pid = ids[d, mask]
                for t in range(id_start[pid], id_start[pid + 1]):
                    line = id_lines[t]
                    if seen[line] != d:
                        seen[line] = d
                        if not count_only:
                            out_deal[k] = d
                            out_line[k] = line
                            out_mask[k] = mask
                        k += 1
    return k
