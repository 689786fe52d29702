"""The exact solitaire optimum: the expected final score from every scorecard state, by backward induction.

A state is (the boxes used, the upper total capped at the bonus threshold, whether the Yahtzee box holds its
points). V(state) is the expected score still to come under optimal play; V = 0 once every box is used. A turn
from a state is three rolls with keeps between them, walked on the keep lattice of the game's dice:

    H0[hand]  = max over allowed open boxes b of  points(hand, b) + V(state after b)
    K1[keep]  = mean over the dice rolled of H0[keep + those dice]     (one die at a time: mean of the children)
    H1[hand]  = max over the keeps inside the hand of K1[keep]
    K2, H2 likewise, and V(state) = K3[no dice kept] = mean over first rolls of H2.

The states with the same number of used boxes depend only on states with more, so each layer is solved at once,
split over threads (the kernel releases the GIL). Pure: the table is stored and read around it (`store`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from ...solver.aot import AotKernel
from ...solver.jit import njit
from ...solver.lattice import lattice
from .rules import Rules, score

__all__ = ["LANES", "NEG", "Compiled", "Solution", "TurnTables", "best_boxes", "box_arrays", "box_table",
           "compile_rules", "each_layer", "layers", "outcome", "solve", "state_count", "turn_tables", "walk_lanes",
           "written"]

Array = np.ndarray
Kernel = Callable[..., None]  # a layer kernel: `_solve_states` jitted, or the one built ahead of time
NEG = -1.0e300
LANES = 8  # states whose keeps are walked together (a row of the lanes: two AVX2 vectors, one AVX-512)
JOKER_MODES = {"none": 0, "forced": 1, "free": 2}


@dataclass(frozen=True)
class Compiled:
    """The arrays the kernel reads: the lattice, the points of every hand in every box, the joker's."""

    rules: Rules
    child: np.ndarray  # (keeps, sides) int32
    hand_start: int
    block_start: np.ndarray  # (dice + 2,) start of each size block
    sub_start: np.ndarray  # (hands + 1,) each hand's keeps in sub_keep
    sub_keep: np.ndarray  # keeps inside each hand (lattice indices)
    below: np.ndarray  # (keeps, sides) int32: the keep with one die of face f fewer, else the keep itself
    points: np.ndarray  # (hands, boxes) int32
    joker_points: np.ndarray  # (hands, boxes) int32: under the joker (fixed boxes at full value)
    upper_face: np.ndarray  # (boxes,) face of an upper box, else 0
    face_box: np.ndarray  # (sides + 1,) the upper box of a face, else -1
    all_same: np.ndarray  # (hands,) bool: every die the same face
    hand_face: np.ndarray  # (hands,) the face when all_same
    reachable: np.ndarray  # (2^uppers, threshold + 1) bool: upper totals reachable with those upper boxes
    upper_bit: np.ndarray  # (boxes,) the box's bit among the upper boxes, or 0
    params: np.ndarray = field(repr=False)  # int64: boxes, threshold, upper bonus, Yahtzee box, its bonus, joker


def compile_rules(rules: Rules) -> Compiled:
    """The kernel's arrays for a rule set."""
    lat = lattice(rules.dice, rules.sides)
    hands = lat.hand_faces
    n_boxes = rules.n_categories
    points = np.array([[score(c, h, rules.sides) for c in rules.categories] for h in hands], dtype=np.int32)
    all_same = np.array([len(set(h)) == 1 for h in hands], dtype=np.bool_)
    hand_face = np.array([h[0] for h in hands], dtype=np.int32)
    joker_points = points.copy()
    for i, c in enumerate(rules.categories):
        if c.kind in ("full_house", "straight") and c.value:
            joker_points[all_same, i] = c.value
    upper_face = np.array([c.value if c.is_upper else 0 for c in rules.categories], dtype=np.int32)
    face_box = np.full(rules.sides + 1, -1, dtype=np.int32)
    upper_bit = np.zeros(n_boxes, dtype=np.int64)
    uppers = [i for i, c in enumerate(rules.categories) if c.is_upper]
    for j, i in enumerate(uppers):
        face_box[upper_face[i]] = i
        upper_bit[i] = 1 << j
    threshold = rules.upper_threshold
    reachable = np.zeros((1 << len(uppers), threshold + 1), dtype=np.bool_)
    reachable[0, 0] = True
    for sub in range(1, 1 << len(uppers)):
        j = (sub & -sub).bit_length() - 1  # one box of the subset: the rest is reachable already
        face = int(upper_face[uppers[j]])
        rest = reachable[sub ^ (1 << j)]
        for k in range(rules.dice + 1):
            shifted = np.zeros_like(rest)
            gain = face * k
            for u in np.flatnonzero(rest):
                shifted[min(threshold, u + gain)] = True
            reachable[sub] |= shifted
    hand_of, keeps = lat.subkeep_pairs()
    own = np.arange(lat.parent.shape[0])[:, None]
    below = np.where(lat.parent < 0, own, lat.parent).astype(np.int32)
    sub_start = np.searchsorted(hand_of, np.arange(len(hands) + 1)).astype(np.int64)
    params = np.array([n_boxes, threshold, rules.upper_bonus, rules.yahtzee_index, rules.yahtzee_bonus,
                       JOKER_MODES[rules.joker]], dtype=np.int64)
    return Compiled(rules, lat.child.astype(np.int32), int(lat.start[rules.dice]), lat.start.astype(np.int64),
                    sub_start, keeps.astype(np.int32), below, points, joker_points, upper_face, face_box, all_same,
                    hand_face, reachable, upper_bit, params)


def _box_values(mask: int, up: int, yb: int, values: Array, points: Array, joker_points: Array,
                upper_face: Array, face_box: Array, all_same: Array, hand_face: Array, params: Array, h: int,
                out: Array) -> None:
    """out[b] = points + bonuses + V(next state) of putting hand h in box b, or NEG where b is not allowed."""
    n_boxes, threshold, upper_bonus, yz, yz_bonus, joker_mode = (params[0], params[1], params[2], params[3],
                                                                 params[4], params[5])
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
        out[b] = NEG
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


box_values = njit(cache=True, nogil=True, inline="always")(_box_values)


def _outcome(mask: int, up: int, yb: int, h: int, b: int, points: Array, joker_points: Array, upper_face: Array,
             face_box: Array, all_same: Array, hand_face: Array, params: Array) -> tuple[int, int, int, int, int, int]:
    """(points written, Yahtzee bonus earned (0/1), gain, next mask, next upper total, next flag) of hand h in
    box b: the sums of `box_values`. Plain Python calls it too (hints, the simulation): it calls no kernel."""
    threshold, upper_bonus, yz, yz_bonus, joker_mode = params[1], params[2], params[3], params[4], params[5]
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
    nmask = mask | (1 << b)
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
    return pts, 1 if bonus > 0 else 0, gain, nmask, nup, nyb


outcome = njit(cache=True, nogil=True, inline="always")(_outcome)


def _best_boxes(mask: int, up: int, yb: int, values: Array, points: Array, joker_points: Array,
                upper_face: Array, face_box: Array, all_same: Array, hand_face: Array, params: Array,
                points_t: Array, face_count: Array, same_hands: Array, upper_tab: Array, boxes: Array, best: Array,
                choice: Array) -> None:
    """best[h], choice[h]: the value of each hand's best box now and the box (the first best in box order).

    Box by box over all hands: the next state's value is the same for every hand but in the upper boxes, where
    it depends only on how many dice show the face. The hands of one face, which the Yahtzee bonus and the
    joker change, are then redone one by one (`box_values`).
    """
    n_hands = best.shape[0]
    dice = upper_tab.shape[0] - 1
    threshold, upper_bonus, yz, yz_bonus = params[1], params[2], params[3], params[4]
    for h in range(n_hands):
        best[h] = NEG
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
            row = face_count[b]
            for h in range(n_hands):
                v = upper_tab[row[h]]
                if v > best[h]:
                    best[h] = v
                    choice[h] = b
        elif b == yz:
            hit = values[nmask, up, 1 if yz_bonus > 0 else 0]
            miss = values[nmask, up, 0]
            row = points_t[b]
            for h in range(n_hands):
                pts = row[h]
                v = pts + (hit if pts > 0 else miss)
                if v > best[h]:
                    best[h] = v
                    choice[h] = b
        else:
            base = values[nmask, up, yb]
            row = points_t[b]
            for h in range(n_hands):
                v = row[h] + base
                if v > best[h]:
                    best[h] = v
                    choice[h] = b
    if yz >= 0 and (mask >> yz) & 1:
        for i in range(same_hands.shape[0]):
            h = same_hands[i]
            box_values(mask, up, yb, values, points, joker_points, upper_face, face_box, all_same, hand_face,
                       params, h, boxes)
            best[h] = NEG
            choice[h] = -1
            for b in range(boxes.shape[0]):
                if boxes[b] > best[h]:
                    best[h] = boxes[b]
                    choice[h] = b


best_boxes = njit(cache=True, nogil=True, inline="always")(_best_boxes)


def _walk_lanes(lanes: Array, child: Array, block_start: Array) -> None:
    """Each keep's value as the mean of its children's (one die more), from the hands' values up, on LANES
    states at once (row k holds keep k of each; the sums in the same order whatever the lane). The lanes are
    spelled out one variable each: LLVM turns them into vector instructions, which it does not for a loop over
    the row (it cannot tell the rows read from the row written)."""
    sides = child.shape[1]
    dice = block_start.shape[0] - 2
    for size in range(dice - 1, -1, -1):
        for k in range(block_start[size], block_start[size + 1]):
            a0 = 0.0
            a1 = 0.0
            a2 = 0.0
            a3 = 0.0
            a4 = 0.0
            a5 = 0.0
            a6 = 0.0
            a7 = 0.0
            for f in range(sides):
                row = lanes[child[k, f]]
                a0 += row[0]
                a1 += row[1]
                a2 += row[2]
                a3 += row[3]
                a4 += row[4]
                a5 += row[5]
                a6 += row[6]
                a7 += row[7]
            out = lanes[k]
            out[0] = a0 / sides
            out[1] = a1 / sides
            out[2] = a2 / sides
            out[3] = a3 / sides
            out[4] = a4 / sides
            out[5] = a5 / sides
            out[6] = a6 / sides
            out[7] = a7 / sides


walk_lanes = njit(cache=True, nogil=True, inline="always")(_walk_lanes)


def _best_below(lanes: Array, below: Array, block_start: Array) -> None:
    """Each keep's value becomes the best of the keeps inside it (itself included), smallest keeps first, on
    LANES states at once: the best inside a keep is its own or the best inside one of its keeps of one die
    fewer. On the hands this is the best keep's value (`best_below_arg` also records which): about 2,800 steps
    for the 4,368 (hand, keep) pairs, and a maximum is exact in any order."""
    sides = below.shape[1]
    dice = block_start.shape[0] - 2
    for size in range(1, dice + 1):
        for k in range(block_start[size], block_start[size + 1]):
            out = lanes[k]
            a0 = out[0]
            a1 = out[1]
            a2 = out[2]
            a3 = out[3]
            a4 = out[4]
            a5 = out[5]
            a6 = out[6]
            a7 = out[7]
            for f in range(sides):
                row = lanes[below[k, f]]
                a0 = max(a0, row[0])
                a1 = max(a1, row[1])
                a2 = max(a2, row[2])
                a3 = max(a3, row[3])
                a4 = max(a4, row[4])
                a5 = max(a5, row[5])
                a6 = max(a6, row[6])
                a7 = max(a7, row[7])
            out[0] = a0
            out[1] = a1
            out[2] = a2
            out[3] = a3
            out[4] = a4
            out[5] = a5
            out[6] = a6
            out[7] = a7


best_below = njit(cache=True, nogil=True, inline="always")(_best_below)


def _solve_states(masks: Array, ups: Array, ybs: Array, values: Array, child: Array, hand_start: int,
                  block_start: Array, below: Array, points: Array, joker_points: Array, upper_face: Array,
                  face_box: Array, all_same: Array, hand_face: Array, params: Array, points_t: Array,
                  face_count: Array, same_hands: Array, hand_prob: Array) -> None:
    """V of each listed state, written into `values` (the states of one layer: they read only later layers).

    LANES states at a time: each one's hands valued in its best box, then the two keep-and-re-roll steps
    walked on all of them at once, then the first roll's chances (a dot product instead of a third walk)."""
    n_hands = points.shape[0]
    n = masks.shape[0]
    hands_buf = np.empty(n_hands, dtype=np.float64)
    lanes = np.zeros((child.shape[0], LANES), dtype=np.float64)
    boxes = np.empty(points.shape[1], dtype=np.float64)
    upper_tab = np.empty(block_start.shape[0] - 1, dtype=np.float64)
    choice = np.empty(n_hands, dtype=np.int64)
    for first in range(0, n, LANES):
        count = min(LANES, n - first)
        for lane in range(count):
            i = first + lane
            best_boxes(masks[i], ups[i], ybs[i], values, points, joker_points, upper_face, face_box, all_same,
                       hand_face, params, points_t, face_count, same_hands, upper_tab, boxes, hands_buf, choice)
            for h in range(n_hands):
                lanes[hand_start + h, lane] = hands_buf[h]
        for _level in range(2):  # each pass leaves the next one's hand values in place
            walk_lanes(lanes, child, block_start)
            best_below(lanes, below, block_start)
        for lane in range(count):
            value = 0.0
            for h in range(n_hands):
                value += hand_prob[h] * lanes[hand_start + h, lane]
            i = first + lane
            values[masks[i], ups[i], ybs[i]] = value


solve_states = njit(cache=True, nogil=True)(_solve_states)


def layers(compiled: Compiled) -> list[tuple[Array, Array, Array]]:
    """The reachable states by number of boxes used, most first (the full card's layer left out: V = 0)."""
    return list(each_layer(compiled))


def each_layer(compiled: Compiled) -> Iterator[tuple[Array, Array, Array]]:
    """`layers` one at a time: the solve holds one layer's list of states, not all 536,320 (13 MB)."""
    rules = compiled.rules
    n = rules.n_categories
    yz = rules.yahtzee_index
    masks = np.arange(1 << n, dtype=np.int64)
    used = np.array([bin(m).count("1") for m in range(1 << n)])
    upper_of = np.zeros(1 << n, dtype=np.int64)
    for b in range(n):
        if compiled.upper_bit[b]:
            upper_of |= np.where(masks >> b & 1, compiled.upper_bit[b], 0)
    for count in range(n - 1, -1, -1):
        chosen = masks[used == count]
        reach = compiled.reachable[upper_of[chosen]]  # (states, threshold + 1)
        idx, up = np.nonzero(reach)
        m = chosen[idx]
        yb = np.zeros(len(m), dtype=np.int64)
        if yz >= 0 and rules.yahtzee_bonus:
            with_yz = (m >> yz & 1) == 1
            m = np.concatenate([m, m[with_yz]])
            up = np.concatenate([up, up[with_yz]])
            yb = np.concatenate([yb, np.ones(int(with_yz.sum()), dtype=np.int64)])
        yield m, up.astype(np.int64), yb


def state_count(rules: Rules) -> int:
    """How many scorecard states the solve visits."""
    return sum(len(m) for m, _, _ in layers(compile_rules(rules)))


@dataclass(frozen=True)
class Solution:
    """V for every state of a rule set (`values[mask, upper, yahtzee_bonus]`) and the solve's cost."""

    rules: Rules
    values: np.ndarray
    seconds: float
    states: int
    compiled: Compiled = field(repr=False, compare=False)

    @property
    def expected_score(self) -> float:
        """The expected final score of a new game under optimal play."""
        return float(self.values[0, 0, 0])


def box_arrays(c: Compiled) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What `best_boxes` reads besides the points: the points box by box (floats), the count of each upper
    box's face in each hand, the hands of one face."""
    points_t = np.ascontiguousarray(c.points.T.astype(np.float64))
    hands = np.asarray(lattice(c.rules.dice, c.rules.sides).counts[c.hand_start:], dtype=np.int64)
    face_count = np.zeros(points_t.shape, dtype=np.int64)
    for b, face in enumerate(c.upper_face.tolist()):
        if face:
            face_count[b] = hands[:, face - 1]
    return points_t, face_count, np.flatnonzero(c.all_same).astype(np.int64)


def _kernel_args(c: Compiled) -> tuple[object, ...]:
    return (c.child, c.hand_start, c.block_start, c.below, c.points, c.joker_points,
            c.upper_face, c.face_box, c.all_same, c.hand_face, c.params, *box_arrays(c),
            hand_probabilities(c.rules))


def hand_probabilities(rules: Rules) -> np.ndarray:
    """The chance of each hand (multiset) on one roll of all the dice: dice! / prod(count!) / sides^dice."""
    from math import factorial, prod

    counts = lattice(rules.dice, rules.sides).counts[int(lattice(rules.dice, rules.sides).start[rules.dice]):]
    ways = np.array([factorial(rules.dice) // prod(factorial(int(c)) for c in row) for row in counts],
                    dtype=np.float64)
    return ways / float(rules.sides) ** rules.dice


# The layer kernel built ahead of time (solver.aot): a solve in a process that has not started Numba runs it
# and stays near 50 MB instead of about 165 MB; the arrays' layouts are those `_kernel_args` makes.
SOLVE_KERNEL = AotKernel(
    "yahtzee_solve", __name__, "_solve_states",
    "void(int64[::1], int64[::1], int64[::1], float64[:,:,::1], int32[:,::1], int64, int64[::1], int32[:,::1], "
    "int32[:,::1], int32[:,::1], int32[::1], int32[::1], boolean[::1], int32[::1], int64[::1], float64[:,::1], "
    "int64[:,::1], int64[::1], float64[::1])")
KERNELS = ("auto", "jit", "aot")


def kernel_ready() -> bool:
    """Whether the layer kernel built ahead of time is there (else the first solve builds it: seconds)."""
    return bool(SOLVE_KERNEL.ready())


def layer_kernel(kernel: str = "auto", on_build: Callable[[], None] | None = None) -> tuple[Kernel, bool]:
    """The kernel a solve runs and whether it may use threads: the built one ("aot": one thread, it holds the
    GIL) or Numba's ("jit": threads). "auto" takes the built one unless Numba is already running in this
    process (its threads are then the faster way) or built kernels are off; the JIT one if the build fails."""
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, got {kernel!r}")
    if kernel == "jit" or (kernel == "auto" and "numba" in sys.modules):
        return solve_states, True
    built = SOLVE_KERNEL.load(on_build=on_build)
    if built is None:
        if kernel == "aot":
            raise RuntimeError("the ahead-of-time kernel is not available here (see holdwise.solver.aot)")
        return solve_states, True
    return built, False


def solve(rules: Rules, threads: int | None = None, progress: Callable[[int, int], None] | None = None,
          kernel: str = "auto", on_build: Callable[[], None] | None = None) -> Solution:
    """The whole table by backward induction; `kernel` as `layer_kernel` picks it; the JIT kernel splits each
    layer over `threads` (default: the cores)."""
    run, threaded = layer_kernel(kernel, on_build)
    start = time.perf_counter()
    compiled = compile_rules(rules)
    values = np.zeros((1 << rules.n_categories, rules.upper_threshold + 1, 2), dtype=np.float64)
    args = _kernel_args(compiled)
    if not threaded:
        threads = 1
    elif threads is None:
        threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    threads = max(1, threads)
    states = sum(len(m) for m, _, _ in each_layer(compiled))
    done = 0
    with ThreadPoolExecutor(threads) as pool:
        for masks, ups, ybs in each_layer(compiled):
            # interleaved slices: each thread gets states of every kind (cheap and dear alike); contiguous, as
            # the built kernel takes them
            parts = [tuple(np.ascontiguousarray(a[t::threads]) for a in (masks, ups, ybs)) for t in range(threads)]
            list(pool.map(lambda p: run(p[0], p[1], p[2], values, *args), parts))
            done += len(masks)
            if progress is not None:
                progress(done, states)
    return Solution(rules, values, time.perf_counter() - start, states, compiled)


@dataclass(frozen=True)
class TurnTables:
    """One turn from a state: every hand's value in every box (`boxes`, as `box_table`), the best box per
    hand (h0) and each keep's value with 1 (k1) or 2 (k2) re-rolls still to come after it; `value` is the
    state's V."""

    boxes: np.ndarray
    h0: np.ndarray
    k1: np.ndarray
    k2: np.ndarray
    value: float


def turn_tables(solution: Solution, mask: int, up: int, yb: int) -> TurnTables:
    """The turn's tables from a state, in NumPy (a hint imports no Numba: a fresh process answers at once)."""
    boxes = box_table(solution, mask, up, yb)
    h0 = boxes.max(axis=1)
    k1, k2, value = _walk(solution.compiled, h0)
    return TurnTables(boxes, h0, k1, k2, value)


def written(solution: Solution, mask: int, up: int, yb: int, h: int, b: int) -> tuple[int, int]:
    """(points, Yahtzee bonus points) that hand h writes in box b from a state: the joker's full values where
    they apply (`_outcome`, run as plain Python)."""
    c = solution.compiled
    pts, bonus, *_ = _outcome(mask, up, yb, h, b, c.points, c.joker_points, c.upper_face, c.face_box, c.all_same,
                              c.hand_face, c.params)
    return int(pts), int(bonus) * solution.rules.yahtzee_bonus


def box_table(solution: Solution, mask: int, up: int, yb: int) -> np.ndarray:
    """(hands, boxes): what each hand earns in each box now, bonuses and V(next state) included; NEG where the
    box is used or not allowed. The same sums as the kernel's, in NumPy."""
    c = solution.compiled
    values = solution.values
    n_boxes = c.points.shape[1]
    threshold, upper_bonus, yz, yz_bonus = (int(x) for x in c.params[1:5])
    out = np.full(c.points.shape, NEG)
    for b in range(n_boxes):
        if mask >> b & 1:
            continue
        nmask = mask | (1 << b)
        pts = c.points[:, b].astype(np.int64)
        if c.upper_face[b]:
            nup = np.minimum(threshold, up + pts)
            gain = pts + np.where((up < threshold) & (nup >= threshold), upper_bonus, 0)
            out[:, b] = gain + values[nmask, nup, yb]
        elif b == yz:
            out[:, b] = pts + np.where(pts > 0, values[nmask, up, 1 if yz_bonus > 0 else 0], values[nmask, up, 0])
        else:
            out[:, b] = pts + values[nmask, up, yb]
    if yz >= 0 and mask >> yz & 1:  # the Yahtzee bonus and the joker: the hands of one face, one by one
        row = np.empty(n_boxes)
        for h in np.flatnonzero(c.all_same).tolist():
            _box_values(mask, up, yb, values, c.points, c.joker_points, c.upper_face, c.face_box, c.all_same,
                        c.hand_face, c.params, h, row)
            out[h] = row
    return out


def _walk(c: Compiled, h0: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """K1, K2 and V from the hands' best-box values, in NumPy (one turn: no kernel needed)."""
    sides = c.child.shape[1]
    dice = len(c.block_start) - 2
    n_hands = len(h0)
    out = []
    hand_values = h0
    for _level in range(3):
        keeps = np.empty(c.child.shape[0])
        keeps[c.hand_start:c.hand_start + n_hands] = hand_values
        for size in range(dice - 1, -1, -1):
            block = slice(int(c.block_start[size]), int(c.block_start[size + 1]))
            keeps[block] = keeps[c.child[block]].sum(axis=1) / sides
        out.append(keeps)
        per_pair = keeps[c.sub_keep]
        hand_values = np.maximum.reduceat(per_pair, c.sub_start[:-1])
    return out[0], out[1], float(out[2][0])
