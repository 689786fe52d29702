# mypy: disable-error-code="valid-type,untyped-decorator"
"""Yahtzee's turn kernels: a layer of the solve and the policy's outcomes, in Cython's pure-Python mode (compiled
by the build; see holdwise.solver.native)."""

from __future__ import annotations

import numpy as np

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

# Python sees the kernels below written as `def` or `ccall`; the `cfunc` helpers are C functions only.
__all__ = ["LANES", "NEG", "best_below_arg", "box_values", "outcome", "reach", "solve_states", "turn_outcomes"]

NEG = -1.0e300
_NEG = cython.declare(cython.double, -1.0e300)  # NEG as a C value (read without the GIL)
LANES = 8  # states whose keeps are walked together (a row of the lanes: two AVX2 vectors, one AVX-512)


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(n_boxes=cython.longlong, threshold=cython.longlong, upper_bonus=cython.longlong,
               yz=cython.longlong, yz_bonus=cython.longlong, joker_mode=cython.longlong, bonus=cython.longlong,
               joker=cython.bint, only=cython.longlong, lower_only=cython.bint, fb=cython.longlong,
               upper_open=cython.bint, b=cython.longlong, pts=cython.longlong, nmask=cython.longlong,
               nup=cython.longlong, gain=cython.longlong, nyb=cython.longlong)
def box_values(mask: cython.longlong, up: cython.longlong, yb: cython.longlong,
               values: cython.const[cython.double][:, :, ::1], points: cython.const[cython.int][:, ::1],
               joker_points: cython.const[cython.int][:, ::1], upper_face: cython.const[cython.int][::1],
               face_box: cython.const[cython.int][::1], all_same: cython.const[cython.uchar][::1],
               hand_face: cython.const[cython.int][::1], params: cython.const[cython.longlong][::1],
               h: cython.Py_ssize_t, out: cython.double[::1]) -> cython.void:
    """out[b] = points + bonuses + V(next state) of putting hand h in box b, or NEG where b is not allowed."""
    n_boxes = params[0]
    threshold = params[1]
    upper_bonus = params[2]
    yz = params[3]
    yz_bonus = params[4]
    joker_mode = params[5]
    bonus = 0
    joker = False  # full values in the lower boxes
    only = -1  # the one box a forced joker must use
    lower_only = False  # a forced joker whose upper box is used: a lower box while one is open
    if yz >= 0 and all_same[h] and (mask >> yz) & 1:
        if yb == 1:
            bonus = yz_bonus
        fb = face_box[hand_face[h]]
        upper_open = fb >= 0 and not (mask >> fb) & 1
        if joker_mode == 1:  # forced: the upper box if open, else a lower box (full values), else any
            joker = True
            if upper_open:
                only = fb
            else:
                for b in range(n_boxes):
                    if upper_face[b] == 0 and not (mask >> b) & 1:
                        lower_only = True
        elif joker_mode == 2 and not upper_open:  # free: any box; full values once the upper box is used
            joker = True
    for b in range(n_boxes):
        out[b] = _NEG
        if (mask >> b) & 1:
            continue
        if only >= 0 and b != only:
            continue
        if lower_only and upper_face[b] != 0:
            continue
        pts = joker_points[h, b] if joker else points[h, b]
        nmask = mask | (1 << b)
        if upper_face[b] != 0:
            nup = up + pts
            if nup > threshold:
                nup = threshold
            gain = pts
            if up < threshold and nup >= threshold:
                gain += upper_bonus
            out[b] = gain + bonus + values[nmask, nup, yb]
        elif b == yz:
            nyb = 1 if (pts > 0 and yz_bonus > 0) else 0
            out[b] = pts + bonus + values[nmask, up, nyb]
        else:
            out[b] = pts + bonus + values[nmask, up, yb]


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(threshold=cython.longlong, upper_bonus=cython.longlong, yz=cython.longlong,
               yz_bonus=cython.longlong, joker_mode=cython.longlong, bonus=cython.longlong, joker=cython.bint,
               fb=cython.longlong, upper_open=cython.bint, pts=cython.longlong, nup=cython.longlong,
               nyb=cython.longlong, gain=cython.longlong)
def outcome(mask: cython.longlong, up: cython.longlong, yb: cython.longlong, h: cython.Py_ssize_t, b: cython.Py_ssize_t,
            points: cython.const[cython.int][:, ::1], joker_points: cython.const[cython.int][:, ::1],
            upper_face: cython.const[cython.int][::1], face_box: cython.const[cython.int][::1],
            all_same: cython.const[cython.uchar][::1], hand_face: cython.const[cython.int][::1],
            params: cython.const[cython.longlong][::1], res: cython.longlong[::1]) -> cython.void:
    """res = (points written, Yahtzee bonus earned (0/1), gain, next mask, next upper total, next flag) of hand h
    in box b: the sums of `box_values`."""
    threshold = params[1]
    upper_bonus = params[2]
    yz = params[3]
    yz_bonus = params[4]
    joker_mode = params[5]
    bonus = 0
    joker = False
    if yz >= 0 and all_same[h] and (mask >> yz) & 1:
        if yb == 1:
            bonus = yz_bonus
        fb = face_box[hand_face[h]]
        upper_open = fb >= 0 and not (mask >> fb) & 1
        if joker_mode == 1:
            joker = True
        elif joker_mode == 2 and not upper_open:
            joker = True
    pts = joker_points[h, b] if joker else points[h, b]
    nup = up
    nyb = yb
    gain = pts + bonus
    if upper_face[b] != 0:
        nup = up + pts
        if nup > threshold:
            nup = threshold
        if up < threshold and nup >= threshold:
            gain += upper_bonus
    elif b == yz:
        nyb = 1 if (pts > 0 and yz_bonus > 0) else 0
    res[0] = pts
    res[1] = 1 if bonus > 0 else 0
    res[2] = gain
    res[3] = mask | (1 << b)
    res[4] = nup
    res[5] = nyb


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(n_hands=cython.Py_ssize_t, dice=cython.Py_ssize_t, threshold=cython.longlong,
               upper_bonus=cython.longlong, yz=cython.longlong, yz_bonus=cython.longlong, h=cython.Py_ssize_t,
               b=cython.Py_ssize_t, k=cython.Py_ssize_t, i=cython.Py_ssize_t, nmask=cython.longlong,
               face=cython.longlong, pts=cython.longlong, nup=cython.longlong, gain=cython.longlong,
               v=cython.double, take=cython.bint, hit=cython.double, miss=cython.double, base=cython.double,
               x=cython.double)
def best_boxes(mask: cython.longlong, up: cython.longlong, yb: cython.longlong,
               values: cython.const[cython.double][:, :, ::1], points: cython.const[cython.int][:, ::1],
               joker_points: cython.const[cython.int][:, ::1], upper_face: cython.const[cython.int][::1],
               face_box: cython.const[cython.int][::1], all_same: cython.const[cython.uchar][::1],
               hand_face: cython.const[cython.int][::1], params: cython.const[cython.longlong][::1],
               points_t: cython.const[cython.double][:, ::1], face_count: cython.const[cython.longlong][:, ::1],
               same_hands: cython.const[cython.longlong][::1], upper_tab: cython.double[::1], boxes: cython.double[::1],
               best: cython.double[::1], choice: cython.longlong[::1]) -> cython.void:
    """best[h], choice[h]: the value of each hand's best box now and the box (the first best in box order).

    Box by box over all hands: the next state's value is the same for every hand but in the upper boxes, where
    it depends only on how many dice show the face. The hands of one face, which the Yahtzee bonus and the
    joker change, are then redone one by one (`box_values`).
    """
    n_hands = best.shape[0]
    dice = upper_tab.shape[0] - 1
    threshold = params[1]
    upper_bonus = params[2]
    yz = params[3]
    yz_bonus = params[4]
    for h in range(n_hands):
        best[h] = _NEG
        choice[h] = -1
    for b in range(points_t.shape[0]):
        if (mask >> b) & 1:
            continue
        nmask = mask | (1 << b)
        face = upper_face[b]
        if face != 0:
            for k in range(dice + 1):
                pts = face * k
                nup = up + pts
                if nup > threshold:
                    nup = threshold
                gain = pts + (upper_bonus if (up < threshold and nup >= threshold) else 0)
                upper_tab[k] = gain + values[nmask, nup, yb]
            for h in range(n_hands):
                v = upper_tab[face_count[b, h]]
                take = v > best[h]  # no branch: which hands improve is unpredictable
                best[h] = v if take else best[h]
                choice[h] = b if take else choice[h]
        elif b == yz:
            hit = values[nmask, up, 1 if yz_bonus > 0 else 0]
            miss = values[nmask, up, 0]
            for h in range(n_hands):
                x = points_t[b, h]
                v = x + (hit if x > 0 else miss)
                take = v > best[h]
                best[h] = v if take else best[h]
                choice[h] = b if take else choice[h]
        else:
            base = values[nmask, up, yb]
            for h in range(n_hands):
                v = points_t[b, h] + base
                take = v > best[h]
                best[h] = v if take else best[h]
                choice[h] = b if take else choice[h]
    if yz >= 0 and (mask >> yz) & 1:
        for i in range(same_hands.shape[0]):
            h = same_hands[i]
            box_values(mask, up, yb, values, points, joker_points, upper_face, face_box, all_same, hand_face,
                       params, h, boxes)
            best[h] = _NEG
            choice[h] = -1
            for b in range(boxes.shape[0]):
                if boxes[b] > best[h]:
                    best[h] = boxes[b]
                    choice[h] = b


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.cdivision(True)  # a double divided by an int: the same IEEE division either way, no zero check
@cython.locals(sides=cython.Py_ssize_t, dice=cython.Py_ssize_t, size=cython.Py_ssize_t, k=cython.Py_ssize_t,
               f=cython.Py_ssize_t, c=cython.Py_ssize_t, a0=cython.double, a1=cython.double, a2=cython.double,
               a3=cython.double, a4=cython.double, a5=cython.double, a6=cython.double, a7=cython.double,
               d=cython.double)
def walk_lanes(lanes: cython.double[:, ::1], child: cython.const[cython.int][:, ::1],
               block_start: cython.const[cython.longlong][::1]) -> cython.void:
    """Each keep's value as the mean of its children's (one die more), from the hands' values up, on LANES
    states at once (row k holds keep k of each; the sums in the same order whatever the lane). The lanes are
    spelled out one variable each: the compiler keeps them in vector registers."""
    sides = child.shape[1]
    d = sides
    dice = block_start.shape[0] - 2
    for size in range(dice - 1, -1, -1):
        for k in range(block_start[size], block_start[size + 1]):
            a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
            for f in range(sides):
                c = child[k, f]
                a0 += lanes[c, 0]
                a1 += lanes[c, 1]
                a2 += lanes[c, 2]
                a3 += lanes[c, 3]
                a4 += lanes[c, 4]
                a5 += lanes[c, 5]
                a6 += lanes[c, 6]
                a7 += lanes[c, 7]
            lanes[k, 0] = a0 / d
            lanes[k, 1] = a1 / d
            lanes[k, 2] = a2 / d
            lanes[k, 3] = a3 / d
            lanes[k, 4] = a4 / d
            lanes[k, 5] = a5 / d
            lanes[k, 6] = a6 / d
            lanes[k, 7] = a7 / d


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(dice=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t, c=cython.Py_ssize_t,
               a0=cython.double, a1=cython.double, a2=cython.double, a3=cython.double, a4=cython.double,
               a5=cython.double, a6=cython.double, a7=cython.double)
def best_below(lanes: cython.double[:, ::1], parent_ptr: cython.const[cython.longlong][::1],
               parent_idx: cython.const[cython.int][::1], block_start: cython.const[cython.longlong][::1]
               ) -> cython.void:
    """Each keep's value becomes the best of the keeps inside it (itself included), smallest keeps first, on
    LANES states at once: the best inside a keep is its own or the best inside one of its keeps of one die
    fewer (parent_idx[parent_ptr[k]:parent_ptr[k + 1]], `parents`). On the hands this is the best keep's value
    (`best_below_arg` also records which): about 1,400 steps for the 4,368 (hand, keep) pairs, and a maximum
    is exact in any order."""
    dice = block_start.shape[0] - 2
    for k in range(block_start[1], block_start[dice + 1]):
        a0 = lanes[k, 0]
        a1 = lanes[k, 1]
        a2 = lanes[k, 2]
        a3 = lanes[k, 3]
        a4 = lanes[k, 4]
        a5 = lanes[k, 5]
        a6 = lanes[k, 6]
        a7 = lanes[k, 7]
        for j in range(parent_ptr[k], parent_ptr[k + 1]):
            c = parent_idx[j]
            a0 = max(a0, lanes[c, 0])
            a1 = max(a1, lanes[c, 1])
            a2 = max(a2, lanes[c, 2])
            a3 = max(a3, lanes[c, 3])
            a4 = max(a4, lanes[c, 4])
            a5 = max(a5, lanes[c, 5])
            a6 = max(a6, lanes[c, 6])
            a7 = max(a7, lanes[c, 7])
        lanes[k, 0] = a0
        lanes[k, 1] = a1
        lanes[k, 2] = a2
        lanes[k, 3] = a3
        lanes[k, 4] = a4
        lanes[k, 5] = a5
        lanes[k, 6] = a6
        lanes[k, 7] = a7


@cython.locals(n_hands=cython.Py_ssize_t, n=cython.Py_ssize_t, first=cython.Py_ssize_t, count=cython.Py_ssize_t,
               lane=cython.Py_ssize_t, i=cython.Py_ssize_t, h=cython.Py_ssize_t, _level=cython.Py_ssize_t,
               value=cython.double, start=cython.Py_ssize_t, group=cython.Py_ssize_t, width=cython.Py_ssize_t)
def solve_states(masks: cython.const[cython.longlong][::1], ups: cython.const[cython.longlong][::1],
                 ybs: cython.const[cython.longlong][::1], values: cython.double[:, :, ::1],
                 child: cython.const[cython.int][:, ::1], hand_start: cython.Py_ssize_t,
                 block_start: cython.const[cython.longlong][::1], parent_ptr: cython.const[cython.longlong][::1],
                 parent_idx: cython.const[cython.int][::1], points: cython.const[cython.int][:, ::1],
                 joker_points: cython.const[cython.int][:, ::1], upper_face: cython.const[cython.int][::1],
                 face_box: cython.const[cython.int][::1], all_same: cython.const[cython.uchar][::1],
                 hand_face: cython.const[cython.int][::1], params: cython.const[cython.longlong][::1],
                 points_t: cython.const[cython.double][:, ::1],
                 face_count: cython.const[cython.longlong][:, ::1], same_hands: cython.const[cython.longlong][::1],
                 hand_prob: cython.const[cython.double][::1]) -> None:
    """V of each listed state, written into `values` (the states of one layer: they read only later layers).
    Runs without the GIL.

    LANES states at a time: each one's hands valued in its best box, then the two keep-and-re-roll steps
    walked on all of them at once, then the first roll's chances (a dot product instead of a third walk)."""
    n_hands = points.shape[0]
    n = masks.shape[0]
    width = LANES
    hands_buf: cython.double[::1] = np.empty(n_hands, dtype=np.float64)
    lanes: cython.double[:, ::1] = np.zeros((child.shape[0], width), dtype=np.float64)
    boxes: cython.double[::1] = np.empty(points.shape[1], dtype=np.float64)
    upper_tab: cython.double[::1] = np.empty(block_start.shape[0] - 1, dtype=np.float64)
    choice: cython.longlong[::1] = np.empty(n_hands, dtype=np.int64)
    with cython.nogil:
        for group in range((n + width - 1) // width):  # a C loop: range's step must be a constant
            start = group * width
            count = min(width, n - start)
            for lane in range(count):
                i = start + lane
                best_boxes(masks[i], ups[i], ybs[i], values, points, joker_points, upper_face, face_box, all_same,
                           hand_face, params, points_t, face_count, same_hands, upper_tab, boxes, hands_buf,
                           choice)
                for h in range(n_hands):
                    lanes[hand_start + h, lane] = hands_buf[h]
            for _level in range(2):  # each pass leaves the next one's hand values in place
                walk_lanes(lanes, child, block_start)
                best_below(lanes, parent_ptr, parent_idx, block_start)
            for lane in range(count):
                value = 0.0
                for h in range(n_hands):
                    value += hand_prob[h] * lanes[hand_start + h, lane]
                i = start + lane
                values[masks[i], ups[i], ybs[i]] = value


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.cdivision(True)  # a double divided by an int: the same IEEE division either way, no zero check
@cython.locals(sides=cython.Py_ssize_t, dice=cython.Py_ssize_t, size=cython.Py_ssize_t, k=cython.Py_ssize_t,
               f=cython.Py_ssize_t, m=cython.double, share=cython.double)
def push(mass: cython.double[::1], child: cython.const[cython.int][:, ::1],
         block_start: cython.const[cython.longlong][::1]) -> cython.void:
    """Roll every keep's missing dice, one die at a time: the chance moves from each keep to its children."""
    sides = child.shape[1]
    dice = block_start.shape[0] - 2
    for size in range(dice):
        for k in range(block_start[size], block_start[size + 1]):
            m = mass[k]
            if m != 0.0:
                share = m / sides
                for f in range(sides):
                    mass[child[k, f]] += share
                mass[k] = 0.0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(n_hands=cython.Py_ssize_t, h=cython.Py_ssize_t)
def keep_and_reroll(mass: cython.double[::1], keep: cython.longlong[:, ::1], lane: cython.Py_ssize_t,
                    held: cython.double[::1], hand_start: cython.Py_ssize_t, child: cython.const[cython.int][:, ::1],
                    block_start: cython.const[cython.longlong][::1]) -> cython.void:
    """Each hand's chance moved to the keep chosen for it (keep[lane, hand]; `held` is scratch), then the
    missing dice rolled."""
    n_hands = keep.shape[1]
    for h in range(n_hands):
        held[h] = mass[hand_start + h]
        mass[hand_start + h] = 0.0
    for h in range(n_hands):
        mass[keep[lane, h]] += held[h]
    push(mass, child, block_start)


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(sides=cython.Py_ssize_t, dice=cython.Py_ssize_t, size=cython.Py_ssize_t, k=cython.Py_ssize_t,
               f=cython.Py_ssize_t, p=cython.Py_ssize_t, lane=cython.Py_ssize_t, v=cython.double,
               cur=cython.double, lanes_n=cython.Py_ssize_t)
def best_below_arg(lanes: cython.double[:, ::1], arg: cython.longlong[:, ::1], below: cython.const[cython.int][:, ::1],
                   block_start: cython.const[cython.longlong][::1],
                   rank: cython.const[cython.longlong][::1]) -> cython.void:
    """`best_below` that also records, in arg, the keep giving each best: the first in `sub_keep` order
    (the lowest rank) among equal values, as the simulation picks it. Value first, then rank, is one order, so
    taking it over the keeps of one die fewer finds the same keep as a scan over all the hand's pairs."""
    sides = below.shape[1]
    dice = block_start.shape[0] - 2
    lanes_n = lanes.shape[1]
    for k in range(block_start[dice + 1]):
        for lane in range(lanes_n):
            arg[k, lane] = k
    for size in range(1, dice + 1):
        for k in range(block_start[size], block_start[size + 1]):
            for f in range(sides):
                p = below[k, f]
                if p == k:
                    continue
                for lane in range(lanes_n):
                    v = lanes[p, lane]
                    cur = lanes[k, lane]
                    if v > cur or (v == cur and rank[arg[p, lane]] < rank[arg[k, lane]]):
                        lanes[k, lane] = v
                        arg[k, lane] = arg[p, lane]


@cython.locals(n_hands=cython.Py_ssize_t, n_boxes=cython.Py_ssize_t, n_keeps=cython.Py_ssize_t,
               dice=cython.Py_ssize_t, width=cython.Py_ssize_t, lanes_n=cython.Py_ssize_t, h=cython.Py_ssize_t,
               group=cython.Py_ssize_t, count=cython.Py_ssize_t, lane=cython.Py_ssize_t, r=cython.Py_ssize_t,
               s=cython.Py_ssize_t, n=cython.Py_ssize_t, e=cython.Py_ssize_t, b=cython.Py_ssize_t,
               key=cython.Py_ssize_t, p=cython.double, mask=cython.longlong, up=cython.longlong,
               yb=cython.longlong)
def turn_outcomes(rows: cython.const[cython.longlong][::1], src: cython.const[cython.longlong][::1],
                  masks: cython.const[cython.longlong][::1], ups: cython.const[cython.longlong][::1],
                  ybs: cython.const[cython.longlong][::1], amin: cython.const[cython.longlong][::1],
                  amax: cython.const[cython.longlong][::1], values: cython.const[cython.double][:, :, ::1],
                  child: cython.const[cython.int][:, ::1], hand_start: cython.Py_ssize_t,
                  block_start: cython.const[cython.longlong][::1], below: cython.const[cython.int][:, ::1],
                  rank: cython.const[cython.longlong][::1], points: cython.const[cython.int][:, ::1],
                  joker_points: cython.const[cython.int][:, ::1], upper_face: cython.const[cython.int][::1],
                  face_box: cython.const[cython.int][::1], all_same: cython.const[cython.uchar][::1],
                  hand_face: cython.const[cython.int][::1], params: cython.const[cython.longlong][::1],
                  points_t: cython.const[cython.double][:, ::1], face_count: cython.const[cython.longlong][:, ::1],
                  same_hands: cython.const[cython.longlong][::1], index: cython.const[cython.int][:, :, ::1],
                  max_pts: cython.Py_ssize_t, out_target: cython.int[:, ::1], out_gain: cython.int[:, ::1],
                  out_prob: cython.double[:, ::1], out_count: cython.longlong[::1]) -> None:
    """For each listed row r (source state src[r]): its turn's outcomes under the policy, merged by (box,
    points, bonus): out_target[r, :n] (next state's index in its layer), out_gain, out_prob; n = out_count[r].
    The keeps are chosen LANES states at a time (as the solve walks them), the chances state by state. Runs
    without the GIL."""
    n_hands = points.shape[0]
    n_boxes = points.shape[1]
    n_keeps = child.shape[0]
    dice = block_start.shape[0] - 2
    lanes_n = LANES
    width = max_pts + 1
    upper_tab: cython.double[::1] = np.empty(dice + 1, dtype=np.float64)
    lanes: cython.double[:, ::1] = np.zeros((n_keeps, lanes_n), dtype=np.float64)
    arg: cython.longlong[:, ::1] = np.zeros((n_keeps, lanes_n), dtype=np.int64)
    mass: cython.double[::1] = np.zeros(n_keeps, dtype=np.float64)
    boxes: cython.double[::1] = np.empty(n_boxes, dtype=np.float64)
    box_lanes: cython.longlong[:, ::1] = np.empty((lanes_n, n_hands), dtype=np.int64)
    keep1_lanes: cython.longlong[:, ::1] = np.empty((lanes_n, n_hands), dtype=np.int64)
    keep2_lanes: cython.longlong[:, ::1] = np.empty((lanes_n, n_hands), dtype=np.int64)
    choice: cython.longlong[::1] = np.empty(n_hands, dtype=np.int64)
    hand_value: cython.double[::1] = np.empty(n_hands, dtype=np.float64)
    held: cython.double[::1] = np.empty(n_hands, dtype=np.float64)
    first_roll: cython.double[::1] = np.empty(n_hands, dtype=np.float64)
    used: cython.longlong[::1] = np.empty(n_hands, dtype=np.int64)
    slot: cython.longlong[::1] = np.full(n_boxes * width * 2, -1, dtype=np.int64)
    res: cython.longlong[::1] = np.zeros(6, dtype=np.int64)
    with cython.nogil:
        # the first roll's chances are every state's: pushed once, copied for each
        mass[0] = 1.0
        push(mass, child, block_start)
        for h in range(n_hands):
            first_roll[h] = mass[hand_start + h]
            mass[hand_start + h] = 0.0
        for group in range((rows.shape[0] + lanes_n - 1) // lanes_n):
            count = min(lanes_n, rows.shape[0] - group * lanes_n)
            for lane in range(count):
                s = src[rows[group * lanes_n + lane]]
                # the boxes: the first best of each hand's row, as the solver finds them
                best_boxes(masks[s], ups[s], ybs[s], values, points, joker_points, upper_face, face_box, all_same,
                           hand_face, params, points_t, face_count, same_hands, upper_tab, boxes, hand_value,
                           choice)
                for h in range(n_hands):
                    lanes[hand_start + h, lane] = hand_value[h]
                    box_lanes[lane, h] = choice[h]
            # the second keep (one re-roll to come), then the first (two): each pass leaves the next one's hands
            walk_lanes(lanes, child, block_start)
            best_below_arg(lanes, arg, below, block_start, rank)
            for lane in range(count):
                for h in range(n_hands):
                    keep1_lanes[lane, h] = arg[hand_start + h, lane]
            walk_lanes(lanes, child, block_start)
            best_below_arg(lanes, arg, below, block_start, rank)
            for lane in range(count):
                for h in range(n_hands):
                    keep2_lanes[lane, h] = arg[hand_start + h, lane]
            for lane in range(count):
                r = rows[group * lanes_n + lane]
                s = src[r]
                out_count[r] = 0
                if amax[s] < amin[s]:
                    continue  # no chance of this state under the policy
                mask = masks[s]
                up = ups[s]
                yb = ybs[s]
                # the chances: the first roll, the first keep's re-roll, the second's (`mass` is all zeros here)
                for h in range(n_hands):
                    mass[hand_start + h] = first_roll[h]
                keep_and_reroll(mass, keep2_lanes, lane, held, hand_start, child, block_start)
                keep_and_reroll(mass, keep1_lanes, lane, held, hand_start, child, block_start)
                # the final hands into their boxes, merged by (box, points, bonus)
                n = 0
                for h in range(n_hands):
                    p = mass[hand_start + h]
                    mass[hand_start + h] = 0.0
                    if p == 0.0:
                        continue
                    b = box_lanes[lane, h]
                    # a hand of several faces writes its points (no joker, no bonus): its box and points say the
                    # outcome, worked out once for all such hands (an `outcome` call costs as much as 50 additions)
                    key = (b * width + points[h, b]) * 2
                    if all_same[h] or slot[key] < 0:
                        outcome(mask, up, yb, h, b, points, joker_points, upper_face, face_box, all_same, hand_face,
                                params, res)
                        key = (b * width + res[0]) * 2 + res[1]
                        if slot[key] < 0:
                            slot[key] = n
                            used[n] = key
                            out_target[r, n] = index[res[3], res[4], res[5]]
                            out_gain[r, n] = cython.cast(cython.int, res[2])
                            out_prob[r, n] = 0.0
                            n += 1
                    out_prob[r, slot[key]] += p
                out_count[r] = n
                for e in range(n):
                    slot[used[e]] = -1


@cython.locals(n_hands=cython.Py_ssize_t, width=cython.Py_ssize_t, i=cython.Py_ssize_t, s=cython.Py_ssize_t,
               h=cython.Py_ssize_t, b=cython.Py_ssize_t, key=cython.Py_ssize_t, t=cython.Py_ssize_t,
               gain=cython.longlong, mask=cython.longlong, up=cython.longlong, yb=cython.longlong)
def reach(rows: cython.const[cython.longlong][::1], src: cython.const[cython.longlong][::1],
          masks: cython.const[cython.longlong][::1], ups: cython.const[cython.longlong][::1],
          ybs: cython.const[cython.longlong][::1], s_min: cython.const[cython.longlong][::1],
          s_max: cython.const[cython.longlong][::1], values: cython.const[cython.double][:, :, ::1],
          block_start: cython.const[cython.longlong][::1], points: cython.const[cython.int][:, ::1],
          joker_points: cython.const[cython.int][:, ::1], upper_face: cython.const[cython.int][::1],
          face_box: cython.const[cython.int][::1], all_same: cython.const[cython.uchar][::1],
          hand_face: cython.const[cython.int][::1], params: cython.const[cython.longlong][::1],
          points_t: cython.const[cython.double][:, ::1], face_count: cython.const[cython.longlong][:, ::1],
          same_hands: cython.const[cython.longlong][::1], index: cython.const[cython.int][:, :, ::1],
          max_pts: cython.Py_ssize_t, t_min: cython.longlong[::1], t_max: cython.longlong[::1]) -> None:
    """The next states the listed rows' sources reach and their scores' range, into t_min/t_max (this thread's
    own). Every final hand has a chance (the first roll may show it, and a re-roll of any keep inside it may
    give it back), so the boxes chosen for the hands are the turn's outcomes: no keep nor chance is needed.
    Runs without the GIL."""
    n_hands = points.shape[0]
    width = max_pts + 1
    upper_tab: cython.double[::1] = np.empty(block_start.shape[0] - 1, dtype=np.float64)
    boxes: cython.double[::1] = np.empty(points.shape[1], dtype=np.float64)
    box_choice: cython.longlong[::1] = np.empty(n_hands, dtype=np.int64)
    hand_value: cython.double[::1] = np.empty(n_hands, dtype=np.float64)
    seen: cython.longlong[::1] = np.full(points.shape[1] * width, -1, dtype=np.int64)
    res: cython.longlong[::1] = np.zeros(6, dtype=np.int64)
    with cython.nogil:
        for i in range(rows.shape[0]):
            s = src[rows[i]]
            mask = masks[s]
            up = ups[s]
            yb = ybs[s]
            best_boxes(mask, up, yb, values, points, joker_points, upper_face, face_box, all_same, hand_face,
                       params, points_t, face_count, same_hands, upper_tab, boxes, hand_value, box_choice)
            for h in range(n_hands):
                b = box_choice[h]
                key = b * width + points[h, b]
                if not all_same[h]:  # its box and points say the outcome (see `turn_outcomes`): once is enough
                    if seen[key] == i:
                        continue
                    seen[key] = i
                outcome(mask, up, yb, h, b, points, joker_points, upper_face, face_box, all_same, hand_face,
                        params, res)
                gain = res[2]
                t = index[res[3], res[4], res[5]]
                if s_min[s] + gain < t_min[t]:
                    t_min[t] = s_min[s] + gain
                if s_max[s] + gain > t_max[t]:
                    t_max[t] = s_max[s] + gain
