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

from ...solver.lattice import lattice
from ..base import Result
from .distribution_kernels import spread
from .solver import Solution, box_args, box_arrays, layers
from .turn_kernels import reach, turn_outcomes

__all__ = ["PERCENTILES", "ScoreDistribution", "score_distribution", "summarize"]

Array = np.ndarray
# The kernels take their arrays in a few groups, spread into their arguments:
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
    boxes: Boxes = (*box_args(c), *box_arrays(c))
    values = np.ascontiguousarray(solution.values, dtype=np.float64)
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
            _each(pool, reach, [(np.arange(t, len(live), threads, dtype=np.int64), live, *layer, values,
                                 c.block_start, *boxes, index, max_pts, t_min[t], t_max[t]) for t in range(threads)])
            nxt = layer_arrays(masks, ups, ybs, t_min.min(axis=0), t_max.max(axis=0))
            del t_min, t_max
            for lo_i in range(0, len(live), CHUNK):
                src = live[lo_i:lo_i + CHUNK]
                _each(pool, turn_outcomes, [(np.arange(t, len(src), threads, dtype=np.int64), src, *layer, values,
                                             *walk, *boxes, index, max_pts, *outs) for t in range(threads)])
                source = (cur["off"], cur["lo"], cur["min"], cur["max"], cur["data"])
                target = (nxt["off"], nxt["lo"], nxt["hi"], nxt["min"], nxt["max"], nxt["data"])
                _each(pool, spread, [(t, threads, src, *outs, *source, *target, error) for t in range(threads)])
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
