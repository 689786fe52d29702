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
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from ...solver.lattice import lattice
from .rules import Rules, score
from .turn_kernels import LANES, NEG, box_values, outcome, solve_states

__all__ = ["LANES", "NEG", "Compiled", "Solution", "TurnTables", "box_args", "box_arrays", "box_table",
           "compile_rules", "each_layer", "layers", "outcome", "solve", "state_count", "turn_tables", "written"]

Array = np.ndarray
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


def box_args(c: Compiled) -> tuple[Array, Array, Array, Array, Array, Array, Array]:
    """What `best_boxes` and `outcome` take after the state, as the kernels type them (bools as uint8)."""
    return (c.points, c.joker_points, c.upper_face, c.face_box, c.all_same.view(np.uint8), c.hand_face, c.params)


def parents(c: Compiled) -> tuple[Array, Array]:
    """Each keep's keeps of one die fewer (`below` without the keep itself), as (pointers, indices): the keep k's
    are indices[pointers[k]:pointers[k + 1]], in face order."""
    real = c.below != np.arange(c.below.shape[0])[:, None]
    pointers = np.concatenate([[0], np.cumsum(real.sum(axis=1))]).astype(np.int64)
    return pointers, np.ascontiguousarray(c.below[real], dtype=np.int32)


def _kernel_args(c: Compiled) -> tuple[object, ...]:
    return (c.child, c.hand_start, c.block_start, *parents(c), *box_args(c), *box_arrays(c),
            hand_probabilities(c.rules))


def hand_probabilities(rules: Rules) -> np.ndarray:
    """The chance of each hand (multiset) on one roll of all the dice: dice! / prod(count!) / sides^dice."""
    from math import factorial, prod

    counts = lattice(rules.dice, rules.sides).counts[int(lattice(rules.dice, rules.sides).start[rules.dice]):]
    ways = np.array([factorial(rules.dice) // prod(factorial(int(c)) for c in row) for row in counts],
                    dtype=np.float64)
    return ways / float(rules.sides) ** rules.dice


def solve(rules: Rules, threads: int | None = None, progress: Callable[[int, int], None] | None = None,
          ) -> Solution:
    """The whole table by backward induction, each layer split over `threads` (default: the cores; the kernel
    runs without the GIL)."""
    start = time.perf_counter()
    compiled = compile_rules(rules)
    values = np.zeros((1 << rules.n_categories, rules.upper_threshold + 1, 2), dtype=np.float64)
    args = _kernel_args(compiled)
    if threads is None:
        threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    threads = max(1, threads)
    states = sum(len(m) for m, _, _ in each_layer(compiled))
    done = 0
    with ThreadPoolExecutor(threads) as pool:
        for masks, ups, ybs in each_layer(compiled):
            # interleaved slices: each thread gets states of every kind (cheap and dear alike); contiguous, as
            # the kernel takes them
            parts = [tuple(np.ascontiguousarray(a[t::threads]) for a in (masks, ups, ybs)) for t in range(threads)]
            if threads == 1:
                solve_states(*parts[0], values, *args)
            else:
                list(pool.map(lambda p: solve_states(p[0], p[1], p[2], values, *args), parts))
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
    """The turn's tables from a state, in NumPy (one turn: quick without a kernel)."""
    boxes = box_table(solution, mask, up, yb)
    h0 = boxes.max(axis=1)
    k1, k2, value = _walk(solution.compiled, h0)
    return TurnTables(boxes, h0, k1, k2, value)


def written(solution: Solution, mask: int, up: int, yb: int, h: int, b: int) -> tuple[int, int]:
    """(points, Yahtzee bonus points) that hand h writes in box b from a state: the joker's full values where
    they apply (the kernel `outcome`)."""
    res = np.zeros(6, dtype=np.int64)
    outcome(mask, up, yb, h, b, *box_args(solution.compiled), res)
    return int(res[0]), int(res[1]) * solution.rules.yahtzee_bonus


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
        table = np.ascontiguousarray(values, dtype=np.float64)
        for h in np.flatnonzero(c.all_same).tolist():
            box_values(mask, up, yb, table, *box_args(c), h, row)
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
