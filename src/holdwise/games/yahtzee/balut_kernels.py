# mypy: disable-error-code="valid-type,untyped-decorator"
"""Balut's kernels: the solve, each state's outcomes and the points system's pushes and samples, in Cython's
pure-Python mode (compiled by the build; see holdwise.solver.native)."""

from __future__ import annotations

import numpy as np

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["fill_table", "push_layer", "sample", "solve_all"]

_NEG = cython.declare(cython.double, -1.0e300)  # balut_solver.NEG as a C value (read without the GIL)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.cdivision(True)  # non-negative integers, and a double divided by an int: the same results either way
@cython.locals(n_cat=cython.Py_ssize_t, n_hands=cython.Py_ssize_t, sides=cython.Py_ssize_t, dice=cython.Py_ssize_t,
               i=cython.Py_ssize_t, h=cython.Py_ssize_t, r=cython.Py_ssize_t, size=cython.Py_ssize_t,
               k=cython.Py_ssize_t, f=cython.Py_ssize_t, p=cython.Py_ssize_t, filled=cython.longlong,
               best=cython.double, arg=cython.longlong, v=cython.double, total=cython.double, value=cython.double)
def turn(s: cython.Py_ssize_t, values: cython.const[cython.double][::1], child: cython.const[cython.int][:, ::1],
         hand_start: cython.Py_ssize_t, block_start: cython.const[cython.longlong][::1],
         sub_start: cython.const[cython.longlong][::1], sub_keep: cython.const[cython.int][::1],
         points: cython.const[cython.double][:, ::1], hand_prob: cython.const[cython.double][::1],
         stride: cython.const[cython.longlong][::1], boxes: cython.longlong, rerolls: cython.Py_ssize_t,
         vnext: cython.double[::1], hand_value: cython.double[::1], choice: cython.longlong[::1],
         keep_vals: cython.double[:, ::1], keep_choice: cython.longlong[:, ::1]) -> cython.double:
    """One turn from state s: V(s). Fills choice[h] (the first best category of hand h), keep_vals[r] (each
    keep's value when it is kept with r + 1 re-rolls left, the one it starts included) and keep_choice[r, h]
    (the first best keep of hand h then)."""
    n_cat = stride.shape[0]
    n_hands = points.shape[0]
    sides = child.shape[1]
    dice = block_start.shape[0] - 2
    for i in range(n_cat):
        filled = (s // stride[i]) % (boxes + 1)
        vnext[i] = values[s + stride[i]] if filled < boxes else _NEG
    for h in range(n_hands):
        best = _NEG
        arg = -1
        for i in range(n_cat):
            if vnext[i] > _NEG:
                v = points[h, i] + vnext[i]
                if v > best:
                    best = v
                    arg = i
        hand_value[h] = best
        choice[h] = arg
    for r in range(rerolls):
        for h in range(n_hands):
            keep_vals[r, hand_start + h] = hand_value[h]
        for size in range(dice - 1, -1, -1):
            for k in range(block_start[size], block_start[size + 1]):
                total = 0.0
                for f in range(sides):
                    total += keep_vals[r, child[k, f]]
                keep_vals[r, k] = total / sides
        for h in range(n_hands):
            best = _NEG
            arg = -1
            for p in range(sub_start[h], sub_start[h + 1]):
                v = keep_vals[r, sub_keep[p]]
                if v > best:
                    best = v
                    arg = sub_keep[p]
            hand_value[h] = best
            keep_choice[r, h] = arg
    value = 0.0
    for h in range(n_hands):
        value += hand_prob[h] * hand_value[h]
    return value


def _scratch(n_cat: int, n_hands: int, n_keeps: int, rerolls: int) -> tuple[np.ndarray, ...]:
    """`turn`'s scratch arrays: vnext, hand_value, choice, keep_vals, keep_choice."""
    return (np.empty(n_cat), np.empty(n_hands), np.empty(n_hands, dtype=np.int64),
            np.empty((max(rerolls, 1), n_keeps)), np.empty((max(rerolls, 1), n_hands), dtype=np.int64))


@cython.locals(s=cython.Py_ssize_t, n_states=cython.Py_ssize_t)
def solve_all(values: cython.double[::1], child: cython.const[cython.int][:, ::1], hand_start: cython.Py_ssize_t,
              block_start: cython.const[cython.longlong][::1], sub_start: cython.const[cython.longlong][::1],
              sub_keep: cython.const[cython.int][::1], points: cython.const[cython.double][:, ::1],
              hand_prob: cython.const[cython.double][::1], stride: cython.const[cython.longlong][::1],
              boxes: cython.longlong, rerolls: cython.Py_ssize_t) -> None:
    """V of every state, from the full card (index n - 1, V = 0) down: a successor has a larger index. Runs
    without the GIL."""
    n_states = values.shape[0]
    vnext: cython.double[::1]
    hand_value: cython.double[::1]
    choice: cython.longlong[::1]
    keep_vals: cython.double[:, ::1]
    keep_choice: cython.longlong[:, ::1]
    vnext, hand_value, choice, keep_vals, keep_choice = _scratch(stride.shape[0], points.shape[0], child.shape[0],
                                                                 rerolls)
    with cython.nogil:
        values[n_states - 1] = 0.0
        for s in range(n_states - 2, -1, -1):
            values[s] = turn(s, values, child, hand_start, block_start, sub_start, sub_keep, points, hand_prob,
                             stride, boxes, rerolls, vnext, hand_value, choice, keep_vals, keep_choice)


@cython.locals(n_states=cython.Py_ssize_t, n_cat=cython.Py_ssize_t, n_hands=cython.Py_ssize_t,
               sides=cython.Py_ssize_t, dice=cython.Py_ssize_t, used=cython.Py_ssize_t, s=cython.Py_ssize_t,
               i=cython.Py_ssize_t, v=cython.Py_ssize_t, h=cython.Py_ssize_t, r=cython.Py_ssize_t,
               k=cython.Py_ssize_t, size=cython.Py_ssize_t, f=cython.Py_ssize_t, share=cython.double,
               full=cython.bint)
@cython.cdivision(True)  # a double divided by an int: the same IEEE division either way, no zero check
def fill_table(values: cython.const[cython.double][::1], child: cython.const[cython.int][:, ::1],
               hand_start: cython.Py_ssize_t, block_start: cython.const[cython.longlong][::1],
               sub_start: cython.const[cython.longlong][::1], sub_keep: cython.const[cython.int][::1],
               points: cython.const[cython.double][:, ::1], hand_prob: cython.const[cython.double][::1],
               stride: cython.const[cython.longlong][::1], boxes: cython.longlong, rerolls: cython.Py_ssize_t,
               max_score: cython.Py_ssize_t, start: cython.longlong[::1], cats: cython.schar[::1],
               scores: cython.short[::1], probs: cython.double[::1]) -> cython.Py_ssize_t:
    """Every non-full state's outcomes (the chance that its optimal turn writes each score in each category),
    listed state by state (start[s]..start[s+1]); -1 when the lists outgrow the arrays given (the caller gives
    larger ones). Runs without the GIL."""
    n_states = values.shape[0]
    n_cat = stride.shape[0]
    n_hands = points.shape[0]
    sides = child.shape[1]
    dice = block_start.shape[0] - 2
    vnext: cython.double[::1]
    hand_value: cython.double[::1]
    choice: cython.longlong[::1]
    keep_vals: cython.double[:, ::1]
    keep_choice: cython.longlong[:, ::1]
    vnext, hand_value, choice, keep_vals, keep_choice = _scratch(n_cat, n_hands, child.shape[0], rerolls)
    mass: cython.double[::1] = np.empty(child.shape[0])
    out: cython.double[:, ::1] = np.empty((n_cat, max_score + 1))
    used = 0
    full = False
    with cython.nogil:
        start[0] = 0
        for s in range(n_states - 1):
            turn(s, values, child, hand_start, block_start, sub_start, sub_keep, points, hand_prob, stride, boxes,
                 rerolls, vnext, hand_value, choice, keep_vals, keep_choice)
            for h in range(n_hands):
                hand_value[h] = hand_prob[h]  # now the chance of each hand
            for r in range(rerolls - 1, -1, -1):
                for k in range(mass.shape[0]):
                    mass[k] = 0.0
                for h in range(n_hands):
                    mass[keep_choice[r, h]] += hand_value[h]
                for size in range(dice):  # the kept dice plus the rest rolled, one die at a time
                    for k in range(block_start[size], block_start[size + 1]):
                        if mass[k] > 0.0:
                            share = mass[k] / sides
                            for f in range(sides):
                                mass[child[k, f]] += share
                for h in range(n_hands):
                    hand_value[h] = mass[hand_start + h]
            for i in range(n_cat):
                for v in range(max_score + 1):
                    out[i, v] = 0.0
            for h in range(n_hands):
                i = choice[h]
                out[i, cython.cast(cython.Py_ssize_t, points[h, i])] += hand_value[h]
            for i in range(n_cat):
                for v in range(max_score + 1):
                    if out[i, v] > 0.0:
                        if used >= cats.shape[0]:
                            full = True
                            break
                        cats[used] = cython.cast(cython.schar, i)
                        scores[used] = cython.cast(cython.short, v)
                        probs[used] = out[i, v]
                        used += 1
                if full:
                    break
            if full:
                break
            start[s + 1] = used
        if not full:
            start[n_states] = used  # the full card has none
    return -1 if full else used


@cython.locals(n_feat=cython.Py_ssize_t, j=cython.Py_ssize_t, s=cython.Py_ssize_t, e=cython.Py_ssize_t,
               c=cython.Py_ssize_t, v=cython.longlong, p=cython.double, q=cython.Py_ssize_t, off=cython.Py_ssize_t,
               width=cython.Py_ssize_t, inc=cython.Py_ssize_t, f=cython.Py_ssize_t, x=cython.double,
               row=cython.Py_ssize_t, out=cython.Py_ssize_t)
def push_layer(layer: cython.const[cython.longlong][::1], pos: cython.const[cython.longlong][::1],
               src: cython.const[cython.double][:, ::1], dst: cython.double[:, ::1],
               start: cython.const[cython.longlong][::1], cats: cython.const[cython.schar][::1],
               scores: cython.const[cython.short][::1], probs: cython.const[cython.double][::1],
               stride: cython.const[cython.longlong][::1], feat_cat: cython.const[cython.longlong][::1],
               feat_count: cython.const[cython.longlong][::1], feat_off: cython.const[cython.longlong][::1],
               feat_width: cython.const[cython.longlong][::1]) -> None:
    """One turn forward for the states of a layer: dst[pos[next], feature] += chance * src[pos[s], feature],
    each feature moved by what the turn adds to it (the score, or 1 for a score above 0 in a counted
    category; the total takes every category's score, a category's feature only its own). Runs without the
    GIL."""
    n_feat = feat_cat.shape[0]
    with cython.nogil:
        for j in range(layer.shape[0]):
            s = layer[j]
            row = pos[s]
            for e in range(start[s], start[s + 1]):
                c = cats[e]
                v = scores[e]
                p = probs[e]
                out = pos[s + stride[c]]
                for q in range(n_feat):
                    off = feat_off[q]
                    width = feat_width[q]
                    inc = 0
                    if feat_cat[q] < 0 or feat_cat[q] == c:
                        inc = (1 if v > 0 else 0) if feat_count[q] else v
                    for f in range(width - inc):
                        x = src[row, off + f]
                        if x != 0.0:
                            dst[out, off + f + inc] += p * x


@cython.locals(g=cython.Py_ssize_t, s=cython.Py_ssize_t, t=cython.Py_ssize_t, u=cython.double,
               e=cython.Py_ssize_t, acc=cython.double, c=cython.Py_ssize_t, v=cython.longlong)
def sample(start: cython.const[cython.longlong][::1], cats: cython.const[cython.schar][::1],
           scores: cython.const[cython.short][::1], probs: cython.const[cython.double][::1],
           stride: cython.const[cython.longlong][::1], turns: cython.Py_ssize_t,
           uniforms: cython.const[cython.double][:, ::1], totals: cython.longlong[::1], sums: cython.longlong[:, ::1],
           nonzero: cython.longlong[:, ::1]) -> None:
    """Seeded games drawn from the outcome lists: each game's total, category sums and boxes above 0. Runs
    without the GIL."""
    with cython.nogil:
        for g in range(uniforms.shape[0]):
            s = 0
            for t in range(turns):
                u = uniforms[g, t]
                e = start[s]
                acc = probs[e]
                while acc < u and e + 1 < start[s + 1]:
                    e += 1
                    acc += probs[e]
                c = cats[e]
                v = scores[e]
                totals[g] += v
                sums[g, c] += v
                if v > 0:
                    nonzero[g, c] += 1
                s += stride[c]
