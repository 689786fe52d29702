"""The exact distribution of the final score under optimal solitaire play.

The policy is the solver's, with the simulation's tie-breaking: a keep is the first best among the hand's
sub-keeps (in `sub_keep` order), a box the first best of the hand's `box_table` row. The joint chance of
(scorecard state, score so far) is pushed forward layer by layer (boxes used 0, 1, ..., n): from each state the
turn's outcomes follow from the first roll's hand chances (the lattice walked from the empty keep), the keep
chosen for each hand, the kept dice's re-rolls (the lattice again, one die at a time), the second keep and
re-roll, and the box chosen for the final hand; each final (hand, box) gives a gain (points, the joker's full
values, the upper bonus on crossing the threshold, the Yahtzee bonus) and a next state. A state's score
distribution, shifted by each gain and weighted by its chance, is added into the next state's.

Memory: only two layers are held, and in the next one only the states reached, each with the scores it can
have: a first pass over the layer finds them from the boxes chosen for the final hands alone (every final hand
has a chance), so each state's window is exactly [its lowest score, its highest] (about half the states and a
fifth of the scores that bounds from the boxes alone would give). The kernels release the GIL: the outcomes of
a chunk of states are found in parallel, then each thread adds into the next states it owns.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from ...solver.jit import njit
from ...solver.lattice import lattice
from ..base import Result
from .solver import LANES, Solution, best_boxes, box_arrays, layers, outcome, walk_lanes

__all__ = ["PERCENTILES", "ScoreDistribution", "score_distribution", "summarize"]

Array = np.ndarray
# The kernels take their arrays in a few tuples (Numba passes a tuple of arrays as one argument):
#   boxes = (points, joker_points, upper_face, face_box, all_same, hand_face, params, points_t, face_count,
#            same_hands): what `best_boxes` and `outcome` read;
#   walk = (child, hand_start, block_start, below, rank): the keep lattice and the keeps' tie-break order;
#   layer = (masks, ups, ybs, lo, hi): a layer's states and the scores each can have so far;
#   outs = (target, gain, chance, count): each source row's outcomes.
Boxes = tuple[Array, Array, Array, Array, Array, Array, Array, Array, Array, Array]
Walk = tuple[Array, int, Array, Array, Array]
Layer = tuple[Array, Array, Array, Array, Array]
Outs = tuple[Array, Array, Array, Array]

PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)
CHUNK = 2048  # source states whose outcomes are held at once (8 MB of them)
_TOLERANCE = 1e-12  # a cumulative chance this close below p/100 reaches it (rounding of an exact tie)


@dataclass(frozen=True)
class ScoreDistribution(Result):
    """P(final score = s) for s = 0..max under optimal play, its mean, standard deviation and percentiles."""

    rules: str
    chances: tuple[float, ...]
    mean: float
    standard_deviation: float
    percentiles: dict[str, int]
    seconds: float

    @property
    def max_score(self) -> int:
        return len(self.chances) - 1

    def to_json(self) -> dict[str, object]:
        out = super().to_json()
        # the scores with a chance only, as [score, chance] pairs
        out["chances"] = [[s, p] for s, p in enumerate(self.chances) if p > 0.0]
        return out


def _push(mass: Array, child: Array, block_start: Array) -> None:
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


def _keep_and_reroll(mass: Array, keep: Array, held: Array, hand_start: int, child: Array, block_start: Array) -> None:
    """Each hand's chance moved to the keep chosen for it (`held` is scratch), then the missing dice rolled."""
    n_hands = keep.shape[0]
    for h in range(n_hands):
        held[h] = mass[hand_start + h]
        mass[hand_start + h] = 0.0
    for h in range(n_hands):
        mass[keep[h]] += held[h]
    push(mass, child, block_start)


def _best_below_arg(lanes: Array, arg: Array, below: Array, block_start: Array, rank: Array) -> None:
    """`best_below` that also records, in arg, the keep giving each best: the first in `sub_keep` order
    (the lowest rank) among equal values, as the simulation picks it. Value first, then rank, is one order, so
    taking it over the keeps of one die fewer finds the same keep as a scan over all the hand's pairs."""
    sides = below.shape[1]
    dice = block_start.shape[0] - 2
    for k in range(block_start[dice + 1]):
        for lane in range(LANES):
            arg[k, lane] = k
    for size in range(1, dice + 1):
        for k in range(block_start[size], block_start[size + 1]):
            for f in range(sides):
                p = below[k, f]
                if p == k:
                    continue
                for lane in range(LANES):
                    v = lanes[p, lane]
                    cur = lanes[k, lane]
                    if v > cur or (v == cur and rank[arg[p, lane]] < rank[arg[k, lane]]):
                        lanes[k, lane] = v
                        arg[k, lane] = arg[p, lane]


def _turn_outcomes(rows: Array, src: Array, layer: Layer, values: Array, walk: Walk, boxes_in: Boxes, index: Array,
                   max_pts: int, outs: Outs) -> None:
    """For each listed row r (source state src[r]): its turn's outcomes under the policy, merged by (box,
    points, bonus): out_target[r, :n] (next state's index in its layer), out_gain, out_prob; n = out_count[r].
    The keeps are chosen LANES states at a time (as the solve walks them), the chances state by state."""
    masks, ups, ybs, amin, amax = layer
    child, hand_start, block_start, below, rank = walk
    points, joker_points, upper_face, face_box, all_same, hand_face, params, points_t, face_count, same_hands = \
        boxes_in
    out_target, out_gain, out_prob, out_count = outs
    n_hands = points.shape[0]
    n_boxes = points.shape[1]
    n_keeps = child.shape[0]
    dice = block_start.shape[0] - 2
    upper_tab = np.empty(dice + 1, dtype=np.float64)
    lanes = np.zeros((n_keeps, LANES), dtype=np.float64)
    arg = np.zeros((n_keeps, LANES), dtype=np.int64)
    mass = np.zeros(n_keeps, dtype=np.float64)
    boxes = np.empty(n_boxes, dtype=np.float64)
    box_lanes = np.empty((LANES, n_hands), dtype=np.int64)
    keep1_lanes = np.empty((LANES, n_hands), dtype=np.int64)
    keep2_lanes = np.empty((LANES, n_hands), dtype=np.int64)
    hand_value = np.empty(n_hands, dtype=np.float64)
    first = np.empty(n_hands, dtype=np.float64)
    width = max_pts + 1
    used = np.empty(n_hands, dtype=np.int64)
    slot = np.full(n_boxes * width * 2, -1, dtype=np.int64)
    # the first roll's chances are every state's: pushed once, copied for each
    first_roll = np.empty(n_hands, dtype=np.float64)
    mass[0] = 1.0
    push(mass, child, block_start)
    for h in range(n_hands):
        first_roll[h] = mass[hand_start + h]
        mass[hand_start + h] = 0.0
    for group in range(0, rows.shape[0], LANES):
        count = min(LANES, rows.shape[0] - group)
        for lane in range(count):
            s = src[rows[group + lane]]
            # the boxes: the first best of each hand's row, as the solver finds them
            best_boxes(masks[s], ups[s], ybs[s], values, points, joker_points, upper_face, face_box, all_same,
                       hand_face, params, points_t, face_count, same_hands, upper_tab, boxes, hand_value,
                       box_lanes[lane])
            for h in range(n_hands):
                lanes[hand_start + h, lane] = hand_value[h]
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
            r = rows[group + lane]
            s = src[r]
            out_count[r] = 0
            if amax[s] < amin[s]:
                continue  # no chance of this state under the policy
            mask, up, yb = masks[s], ups[s], ybs[s]
            box_choice = box_lanes[lane]
            keep1 = keep1_lanes[lane]
            keep2 = keep2_lanes[lane]
            # the chances: the first roll, the first keep's re-roll, the second's (`mass` is all zeros here)
            for h in range(n_hands):
                mass[hand_start + h] = first_roll[h]
            keep_and_reroll(mass, keep2, first, hand_start, child, block_start)
            keep_and_reroll(mass, keep1, first, hand_start, child, block_start)
            # the final hands into their boxes, merged by (box, points, bonus)
            n = 0
            for h in range(n_hands):
                p = mass[hand_start + h]
                mass[hand_start + h] = 0.0
                if p == 0.0:
                    continue
                b = box_choice[h]
                # a hand of several faces writes its points (no joker, no bonus): its box and points say the
                # outcome, worked out once for all such hands (an `outcome` call costs as much as 50 additions)
                key = (b * width + points[h, b]) * 2
                if all_same[h] or slot[key] < 0:
                    pts, bon, gain, nmask, nup, nyb = outcome(mask, up, yb, h, b, points, joker_points, upper_face,
                                                               face_box, all_same, hand_face, params)
                    key = (b * width + pts) * 2 + bon
                    if slot[key] < 0:
                        slot[key] = n
                        used[n] = key
                        out_target[r, n] = index[nmask, nup, nyb]
                        out_gain[r, n] = gain
                        out_prob[r, n] = 0.0
                        n += 1
                out_prob[r, slot[key]] += p
            out_count[r] = n
            for e in range(n):
                slot[used[e]] = -1


def _spread(thread: int, threads: int, src: Array, outs: Outs, source: tuple[Array, Array, Array, Array, Array],
            target: tuple[Array, Array, Array, Array, Array, Array], error: Array) -> None:
    """Add each source's score chances, shifted by each outcome's gain and weighted by its chance, into the
    next states this thread owns (index % threads == thread): each next state is written by one thread.
    `source` = (offsets, lowest score held, lowest and highest score reached, chances) of the layer's states,
    `target` the next layer's (offsets, lowest and highest score held, lowest and highest reached, chances)."""
    out_target, out_gain, out_prob, count = outs
    s_off, s_lo, s_min, s_max, s_data = source
    t_off, t_lo, t_hi, t_min, t_max, t_data = target
    for r in range(src.shape[0]):
        s = src[r]
        lo_s = s_min[s]
        hi_s = s_max[s]
        if hi_s < lo_s:
            continue
        base_s = s_off[s] - s_lo[s]
        for e in range(count[r]):
            t = out_target[r, e]
            if t % threads != thread:
                continue
            g = out_gain[r, e]
            p = out_prob[r, e]
            if t < 0 or lo_s + g < t_lo[t] or hi_s + g > t_hi[t]:
                error[thread] = 1  # outside the next state's window: a bound is wrong
                continue
            base_t = t_off[t] - t_lo[t] + g
            for x in range(lo_s, hi_s + 1):
                t_data[base_t + x] += p * s_data[base_s + x]
            if lo_s + g < t_min[t]:
                t_min[t] = lo_s + g
            if hi_s + g > t_max[t]:
                t_max[t] = hi_s + g


def _reach(rows: Array, src: Array, layer: Layer, values: Array, block_start: Array, boxes_in: Boxes,
           index: Array, max_pts: int, t_min: Array, t_max: Array) -> None:
    """The next states the listed rows' sources reach and their scores' range, into t_min/t_max (this thread's
    own). Every final hand has a chance (the first roll may show it, and a re-roll of any keep inside it may
    give it back), so the boxes chosen for the hands are the turn's outcomes: no keep nor chance is needed."""
    masks, ups, ybs, s_min, s_max = layer
    points, joker_points, upper_face, face_box, all_same, hand_face, params, points_t, face_count, same_hands = \
        boxes_in
    n_hands = points.shape[0]
    upper_tab = np.empty(block_start.shape[0] - 1, dtype=np.float64)
    boxes = np.empty(points.shape[1], dtype=np.float64)
    box_choice = np.empty(n_hands, dtype=np.int64)
    hand_value = np.empty(n_hands, dtype=np.float64)
    width = max_pts + 1
    seen = np.full(points.shape[1] * width, -1, dtype=np.int64)
    for i in range(rows.shape[0]):
        s = src[rows[i]]
        mask, up, yb = masks[s], ups[s], ybs[s]
        best_boxes(mask, up, yb, values, points, joker_points, upper_face, face_box, all_same, hand_face, params,
                   points_t, face_count, same_hands, upper_tab, boxes, hand_value, box_choice)
        for h in range(n_hands):
            b = box_choice[h]
            key = b * width + points[h, b]
            if not all_same[h]:  # its box and points say the outcome (see `turn_outcomes`): once is enough
                if seen[key] == i:
                    continue
                seen[key] = i
            _, _, gain, nmask, nup, nyb = outcome(mask, up, yb, h, b, points, joker_points, upper_face, face_box,
                                                  all_same, hand_face, params)
            t = index[nmask, nup, nyb]
            if s_min[s] + gain < t_min[t]:
                t_min[t] = s_min[s] + gain
            if s_max[s] + gain > t_max[t]:
                t_max[t] = s_max[s] + gain


push = njit(cache=True, nogil=True)(_push)
best_below_arg = njit(cache=True, nogil=True, inline="always")(_best_below_arg)
reach = njit(cache=True, nogil=True)(_reach)
keep_and_reroll = njit(cache=True, nogil=True)(_keep_and_reroll)
turn_outcomes = njit(cache=True, nogil=True)(_turn_outcomes)
spread = njit(cache=True, nogil=True)(_spread)


def _state_layers(solution: Solution) -> list[tuple[Array, Array, Array]]:
    """The states by number of boxes used, 0..n (the full card's last: where the game ends)."""
    c = solution.compiled
    rules = c.rules
    n = rules.n_categories
    states = layers(c)[::-1]
    full_upper = int(c.upper_bit.sum())
    ups = np.flatnonzero(c.reachable[full_upper]).astype(np.int64)
    ybs = [0, 1] if rules.yahtzee_index >= 0 and rules.yahtzee_bonus else [0]
    m = np.full(len(ups) * len(ybs), (1 << n) - 1, dtype=np.int64)
    states.append((m, np.tile(ups, len(ybs)), np.repeat(np.array(ybs, dtype=np.int64), len(ups))))
    return states


def _each(pool: ThreadPoolExecutor, kernel: Callable[..., None], calls: list[tuple[object, ...]]) -> None:
    """Each call of a kernel on the pool's threads (the kernels release the GIL), waiting for them all."""
    list(pool.map(lambda args: kernel(*args), calls))


def _threads(threads: int | None) -> int:
    if threads is None:
        threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, int(threads))


def score_distribution(solution: Solution, threads: int | None = None) -> ScoreDistribution:
    """The exact distribution of the final score of a new game under the solution's optimal play (the
    simulation's tie-breaking), pushed forward layer by layer (see the module's docstring)."""
    start = time.perf_counter()
    c = solution.compiled
    rules = c.rules
    n = rules.n_categories
    threads = _threads(threads)
    by_layer = _state_layers(solution)
    index = np.full(solution.values.shape, -1, dtype=np.int32)
    for masks, ups, ybs in by_layer:
        index[masks, ups, ybs] = np.arange(len(masks), dtype=np.int32)
    max_pts = int(max(c.points.max(), c.joker_points.max()))
    n_hands = c.points.shape[0]
    out_target = np.empty((CHUNK, n_hands), dtype=np.int32)
    out_gain = np.empty((CHUNK, n_hands), dtype=np.int32)
    out_prob = np.empty((CHUNK, n_hands), dtype=np.float64)
    out_count = np.zeros(CHUNK, dtype=np.int64)
    outs = (out_target, out_gain, out_prob, out_count)
    error = np.zeros(threads, dtype=np.int64)
    boxes: Boxes = (c.points, c.joker_points, c.upper_face, c.face_box, c.all_same, c.hand_face, c.params,
                    *box_arrays(c))
    # each keep's place in `sub_keep` order (by its count of ones, then of twos, ...): the tie-break
    counts = lattice(rules.dice, rules.sides).counts
    rank = np.empty(len(counts), dtype=np.int64)
    rank[np.lexsort(tuple(counts[:, f] for f in range(rules.sides - 1, -1, -1)))] = np.arange(len(counts))
    walk: Walk = (c.child, c.hand_start, c.block_start, c.below, rank)
    none = np.iinfo(np.int64).max

    def layer_arrays(masks: Array, ups: Array, ybs: Array, lo: Array, hi: Array) -> dict[str, Array]:
        width = np.where(hi >= lo, hi - lo + 1, 0)
        off = np.concatenate([[0], np.cumsum(width)]).astype(np.int64)
        return {"masks": masks, "ups": ups, "ybs": ybs, "lo": lo, "hi": hi, "off": off,
                "min": np.full(len(masks), none, dtype=np.int64), "max": np.full(len(masks), -1, dtype=np.int64),
                "data": np.zeros(int(off[-1]), dtype=np.float64)}

    first = int(index[0, 0, 0])
    size = len(by_layer[0][0])
    new_game = np.arange(size) == first
    cur = layer_arrays(*by_layer[0], np.where(new_game, 0, none), np.where(new_game, 0, -1))
    cur["data"][cur["off"][first]] = 1.0  # a new game: score 0 for sure
    cur["min"][first] = cur["max"][first] = 0
    with ThreadPoolExecutor(threads) as pool:
        for count in range(n):
            masks, ups, ybs = by_layer[count + 1]
            live = np.flatnonzero(cur["max"] >= cur["min"]).astype(np.int64)
            # the next states reached and their scores' range first: only those get chances, each exactly
            # the window it needs (about a fifth of a window bounded from the boxes alone)
            t_min = np.full((threads, len(masks)), none, dtype=np.int64)
            t_max = np.full((threads, len(masks)), -1, dtype=np.int64)
            layer = (cur["masks"], cur["ups"], cur["ybs"], cur["min"], cur["max"])
            _each(pool, reach, [(np.arange(t, len(live), threads, dtype=np.int64), live, layer, solution.values,
                                 c.block_start, boxes, index, max_pts, t_min[t], t_max[t]) for t in range(threads)])
            nxt = layer_arrays(masks, ups, ybs, t_min.min(axis=0), t_max.max(axis=0))
            del t_min, t_max
            for lo_i in range(0, len(live), CHUNK):
                src = live[lo_i:lo_i + CHUNK]
                _each(pool, turn_outcomes, [(np.arange(t, len(src), threads, dtype=np.int64), src, layer,
                                             solution.values, walk, boxes, index, max_pts, outs)
                                            for t in range(threads)])
                source = (cur["off"], cur["lo"], cur["min"], cur["max"], cur["data"])
                target = (nxt["off"], nxt["lo"], nxt["hi"], nxt["min"], nxt["max"], nxt["data"])
                _each(pool, spread, [(t, threads, src, outs, source, target, error) for t in range(threads)])
                if error.any():
                    raise RuntimeError("a score fell outside its state's window: the bounds are wrong")
            cur = nxt
    top = int(cur["max"].max())
    probs = np.zeros(top + 1, dtype=np.float64)
    for s in np.flatnonzero(cur["max"] >= cur["min"]).tolist():
        a, b = int(cur["min"][s]), int(cur["max"][s])
        base = int(cur["off"][s] - cur["lo"][s])
        probs[a:b + 1] += cur["data"][base + a:base + b + 1]
    return summarize(rules.name, probs, time.perf_counter() - start)


def summarize(rules: str, probs: Array | tuple[float, ...], seconds: float = 0.0) -> ScoreDistribution:
    """The distribution's mean, standard deviation and percentiles (the smallest score whose cumulative
    chance reaches p/100, less a rounding tolerance of 1e-12)."""
    probs = np.asarray(probs, dtype=np.float64)
    scores = np.arange(len(probs), dtype=np.float64)
    mean = float(probs @ scores)
    sd = math.sqrt(max(0.0, float(probs @ (scores - mean) ** 2)))
    cumulative = np.cumsum(probs)
    percentiles = {str(p): int(np.searchsorted(cumulative, p / 100 - _TOLERANCE, side="left"))
                   for p in PERCENTILES}
    return ScoreDistribution(rules, tuple(probs.tolist()), mean, sd, percentiles, seconds)
