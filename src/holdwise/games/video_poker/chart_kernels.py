# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg"
"""The chart search's kernels over "entries" (per deal, one entry per chart line that fits one of its holds:
`deal_table.line_entries`): each deal's chosen line, insertion moves, what removing, merging or inserting a
line gains or loses, in Cython's pure-Python mode (compiled by the build; see holdwise.solver.native).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

import numpy as np

__all__ = ["NO_LINE", "add_gains", "choices", "removal_costs", "sweep", "union_losses"]

NO_LINE = 1 << 40  # position of a line that is not in the chart


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def first_entry(d: cython.Py_ssize_t, skip: cython.Py_ssize_t, start: cython.const[cython.longlong][::1],
                line: cython.const[cython.longlong][::1], pos: cython.const[cython.longlong][::1],
                no_line: cython.longlong) -> cython.Py_ssize_t:
    """The entry of deal d, other than entry `skip`, whose line stands first in the chart (-1: none)."""
    top: cython.longlong = no_line
    best: cython.Py_ssize_t = -1
    e: cython.Py_ssize_t
    p: cython.longlong
    for e in range(start[d], start[d + 1]):
        if e != skip:
            p = pos[line[e]]
            if p < top:
                top = p
                best = e
    return best


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def second_value(d: cython.Py_ssize_t, skip: cython.Py_ssize_t, start: cython.const[cython.longlong][::1],
                 line: cython.const[cython.longlong][::1], value: cython.const[cython.longlong][::1],
                 pos: cython.const[cython.longlong][::1], fallback: cython.const[cython.longlong][::1],
                 no_line: cython.longlong) -> tuple[cython.longlong, cython.longlong]:
    """(position, value) of the deal's first line other than entry `skip` (fallback: position NO_LINE)."""
    f: cython.Py_ssize_t = first_entry(d, skip, start, line, pos, no_line)
    if f < 0:
        return no_line, fallback[d]
    return pos[line[f]], value[f]


def choices(start: cython.const[cython.longlong][::1], line: cython.const[cython.longlong][::1],
            pos: cython.const[cython.longlong][::1], choice: cython.longlong[::1]) -> None:
    """choice[d] = the entry of deal d whose line stands first in the chart (-1: none)."""
    no_line: cython.longlong = NO_LINE
    d: cython.Py_ssize_t
    with cython.nogil:
        for d in range(start.shape[0] - 1):
            choice[d] = first_entry(d, -1, start, line, pos, no_line)


def sweep(order: cython.longlong[::1], pos: cython.longlong[::1], start: cython.const[cython.longlong][::1],
          line: cython.const[cython.longlong][::1], value: cython.const[cython.longlong][::1],
          weights: cython.const[cython.longlong][::1], fallback: cython.const[cython.longlong][::1],
          by_start: cython.const[cython.longlong][::1], by_entry: cython.const[cython.longlong][::1],
          deal_of: cython.const[cython.longlong][::1], choice: cython.longlong[::1],
          lines: cython.const[cython.longlong][::1], up: cython.longlong[::1],
          down: cython.longlong[::1]) -> tuple:
    """One pass of insertion moves over every line of `order`; returns (moves made, total gain).

    Moving line a from position p to q < p switches the deals whose chosen line c stands at q..p-1 and hold
    a to a: gain sum w (v_a - v_c). Moving it to q > p switches the deals that chose a and whose next line
    s stands at p+1..q to s: gain sum w (v_s - v_a). Each line moves to its best place if that gains.
    `lines` is a copy of `order` (the lines visited), `up` and `down` scratch as long: the caller's.
    """
    no_line: cython.longlong = NO_LINE
    n_pos: cython.Py_ssize_t = order.shape[0]
    moves: cython.longlong = 0
    gained: cython.longlong = 0
    t: cython.Py_ssize_t
    a: cython.Py_ssize_t
    p: cython.Py_ssize_t
    k: cython.Py_ssize_t
    e: cython.Py_ssize_t
    d: cython.Py_ssize_t
    c: cython.Py_ssize_t
    q: cython.Py_ssize_t
    best_q: cython.Py_ssize_t
    w: cython.longlong
    sp: cython.longlong
    sv: cython.longlong
    best_gain: cython.longlong
    acc: cython.longlong
    with cython.nogil:
        for t in range(lines.shape[0]):
            a = lines[t]
            p = pos[a]
            for k in range(n_pos):
                up[k] = 0
                down[k] = 0
            for k in range(by_start[a], by_start[a + 1]):
                e = by_entry[k]
                d = deal_of[e]
                c = choice[d]
                w = weights[d]
                if c != e:
                    up[pos[line[c]]] += w * (value[e] - value[c])
                else:
                    sp, sv = second_value(d, e, start, line, value, pos, fallback, no_line)
                    if sp < no_line:
                        down[sp] += w * (sv - value[e])
            best_gain = 0
            best_q = p
            acc = 0
            for q in range(p - 1, -1, -1):
                acc += up[q]
                if acc > best_gain:
                    best_gain = acc
                    best_q = q
            acc = 0
            for q in range(p + 1, n_pos):
                acc += down[q]
                if acc > best_gain:
                    best_gain = acc
                    best_q = q
            if best_q == p:
                continue
            if best_q < p:
                for k in range(p, best_q, -1):
                    order[k] = order[k - 1]
                    pos[order[k]] = k
            else:
                for k in range(p, best_q):
                    order[k] = order[k + 1]
                    pos[order[k]] = k
            order[best_q] = a
            pos[a] = best_q
            for k in range(by_start[a], by_start[a + 1]):
                d = deal_of[by_entry[k]]
                choice[d] = first_entry(d, -1, start, line, pos, no_line)
            moves += 1
            gained += best_gain
    return moves, gained


def removal_costs(order: cython.const[cython.longlong][::1], pos: cython.const[cython.longlong][::1],
                  start: cython.const[cython.longlong][::1], line: cython.const[cython.longlong][::1],
                  value: cython.const[cython.longlong][::1], weights: cython.const[cython.longlong][::1],
                  fallback: cython.const[cython.longlong][::1], choice: cython.const[cython.longlong][::1],
                  cost: cython.longlong[::1]) -> None:
    """cost[l] = sum over deals choosing line l of w (v_l - v_next): what removing l loses (may be < 0)."""
    no_line: cython.longlong = NO_LINE
    k: cython.Py_ssize_t
    d: cython.Py_ssize_t
    e: cython.Py_ssize_t
    sp: cython.longlong
    sv: cython.longlong
    with cython.nogil:
        for k in range(order.shape[0]):
            cost[order[k]] = 0
        for d in range(start.shape[0] - 1):
            e = choice[d]
            if e < 0:
                continue
            sp, sv = second_value(d, e, start, line, value, pos, fallback, no_line)
            cost[line[e]] += weights[d] * (value[e] - sv)


def union_losses(start: cython.const[cython.longlong][::1], line: cython.const[cython.longlong][::1],
                 mask: cython.const[cython.longlong][::1], value: cython.const[cython.longlong][::1],
                 weights: cython.const[cython.longlong][::1], within: cython.const[cython.schar][:, ::1],
                 next_line: cython.const[cython.longlong][::1], choice: cython.const[cython.longlong][::1],
                 loss: cython.longlong[::1]) -> None:
    """loss[a] = what merging line a with the line after it (next_line[a]) into one union line loses.

    Merged in a's place, the union line takes on each deal the first of its holds in the deal's in-line
    order: only deals that chose a and where b's hold comes first in that order change (to b's hold), so
    loss[a] = sum over them of w (v_a - v_b) (negative when the merge gains).
    """
    d: cython.Py_ssize_t
    e: cython.Py_ssize_t
    f: cython.Py_ssize_t
    a: cython.Py_ssize_t
    b: cython.Py_ssize_t
    with cython.nogil:
        for d in range(start.shape[0] - 1):
            e = choice[d]
            if e < 0:
                continue
            a = line[e]
            b = next_line[a]
            if b < 0:
                continue
            for f in range(start[d], start[d + 1]):
                if line[f] == b:
                    if within[d, mask[f]] < within[d, mask[e]]:
                        loss[a] += weights[d] * (value[e] - value[f])
                    break


def add_gains(candidates: cython.const[cython.longlong][::1], by_start: cython.const[cython.longlong][::1],
              by_entry: cython.const[cython.longlong][::1], deal_of: cython.const[cython.longlong][::1],
              line: cython.const[cython.longlong][::1], value: cython.const[cython.longlong][::1],
              weights: cython.const[cython.longlong][::1], fallback: cython.const[cython.longlong][::1],
              pos: cython.const[cython.longlong][::1], choice: cython.const[cython.longlong][::1],
              n_pos: cython.Py_ssize_t, gains: cython.longlong[::1], places: cython.longlong[::1]) -> None:
    """For each candidate line: the best place to insert it in the chart and what that gains.

    Inserted at place q, the line takes the deals that hold it and whose chosen line stands at q or below
    (or that no line matches): gain(q) = sum over them of w (v_line - v_now), a suffix sum over places.
    """
    up_arr = np.zeros(n_pos + 1, dtype=np.int64)
    up: cython.longlong[::1] = up_arr
    k: cython.Py_ssize_t
    c: cython.Py_ssize_t
    q: cython.Py_ssize_t
    t: cython.Py_ssize_t
    e: cython.Py_ssize_t
    d: cython.Py_ssize_t
    f: cython.Py_ssize_t
    place: cython.Py_ssize_t
    acc: cython.longlong
    best: cython.longlong
    with cython.nogil:
        for k in range(candidates.shape[0]):
            c = candidates[k]
            for q in range(n_pos + 1):
                up[q] = 0
            for t in range(by_start[c], by_start[c + 1]):
                e = by_entry[t]
                d = deal_of[e]
                f = choice[d]
                if f < 0:
                    up[n_pos] += weights[d] * (value[e] - fallback[d])
                else:
                    up[pos[line[f]]] += weights[d] * (value[e] - value[f])
            acc = 0
            best = 0
            place = -1
            for q in range(n_pos, -1, -1):
                acc += up[q]
                if acc > best:
                    best = acc
                    place = q
            gains[k] = best
            places[k] = place
