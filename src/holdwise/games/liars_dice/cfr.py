"""Liar's Dice's compiled CFR+: the public tree as flat arrays, CFR+ run by the kernel, the average strategy
snapped to fractions of a fixed denominator, and the float best responses that measure a strategy.

Sizes the tree-walking solver in solver.py cannot reach in minutes (one die each with six faces: 4,096
histories; one die against two: 262,144) run here: one iteration touches every history once per player, all
hands at once, in compiled loops (cfr_kernels.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .cfr_kernels import best_response, cfr_pass
from .rules import Rules

__all__ = ["FlatSolve", "FlatTree", "flat_solve", "flat_tree", "float_best_response", "snap_flat",
           "to_strategy", "tree_parents"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
# tried in turn when snapping: the least common multiples of 1..n (each divides the next)
SNAP_DENOMINATORS = (12, 60, 420, 840, 2520, 27720, 360360, 720720)


@dataclass(frozen=True)
class FlatTree:
    """The public tree in preorder: per node its last bid, player, actions, strategy offset and children; per
    strategy entry its row (a node's hand); the payoff table (bidder's payoff x both hands' chances)."""

    rules: Rules
    last: IntArray
    player: IntArray
    nact: IntArray
    off: IntArray
    kid_start: IntArray
    kids: IntArray
    row: IntArray
    payoff: FloatArray
    histories: list[tuple[int, ...]]
    hands: tuple[int, int]

    @property
    def size(self) -> int:
        """How many strategy entries (actions x hands over every node) there are."""
        return int(self.row.shape[0])


def flat_tree(rules: Rules) -> FlatTree:
    """The flat public tree of a rule set (a parent before its children, bids in their order)."""
    bids = rules.bids
    hands = (len(rules.hands[0]), len(rules.hands[1]))
    last: list[int] = []
    histories: list[tuple[int, ...]] = []
    kids_of: list[list[int]] = []
    stack: list[tuple[int, ...]] = [()]
    parents: list[int] = [-1]  # beside `stack`: the parent of each history waiting there
    while stack:
        history = stack.pop()
        parent = parents.pop()
        index = len(histories)
        histories.append(history)
        last.append(history[-1] if history else -1)
        kids_of.append([])
        if parent >= 0:
            kids_of[parent].append(index)
        start = history[-1] + 1 if history else 0
        for b in range(bids - 1, start - 1, -1):  # pushed last to first: popped (visited) in the bids' order
            stack.append((*history, b))
            parents.append(index)
    n = len(histories)
    last_a = np.array(last, dtype=np.int64)
    player = np.array([len(h) % 2 for h in histories], dtype=np.int64)
    nact = np.array([len(k) + (1 if i else 0) for i, k in enumerate(kids_of)], dtype=np.int64)
    width = np.where(player == 0, hands[0], hands[1]).astype(np.int64)
    sizes = nact * width
    off = np.zeros(n, dtype=np.int64)
    off[1:] = np.cumsum(sizes)[:-1]
    kid_start = np.zeros(n, dtype=np.int64)
    kid_start[1:] = np.cumsum([len(k) for k in kids_of])[:-1]
    kids = np.array([c for k in kids_of for c in k], dtype=np.int64)
    # each entry's row (node, hand): rows numbered node by node, a node's rows its hands
    row_base = np.zeros(n, dtype=np.int64)
    row_base[1:] = np.cumsum(width)[:-1]
    entry = np.arange(int(sizes.sum()), dtype=np.int64)
    node = np.searchsorted(off, entry, side="right") - 1
    row = row_base[node] + (entry - off[node]) % width[node]
    h0, h1 = rules.hands
    w = [np.array(rules.hand_ways(p), dtype=np.float64) / rules.faces ** rules.dice[p] for p in (0, 1)]
    truth = np.array([[[rules.stands(k, a, b) for b in h1] for a in h0] for k in range(bids)], dtype=np.float64)
    payoff = np.ascontiguousarray(w[0][None, :, None] * w[1][None, None, :] * (2 * truth - 1))
    return FlatTree(rules=rules, last=last_a, player=player, nact=nact, off=off, kid_start=kid_start, kids=kids,
                    row=row, payoff=payoff, histories=histories, hands=hands)


def tree_parents(tree: FlatTree) -> tuple[IntArray, IntArray]:
    """Each node's parent (-1 at the root) and the place of the bid leading to it among the parent's actions."""
    n = tree.last.shape[0]
    parent = np.full(n, -1, dtype=np.int64)
    place = np.zeros(n, dtype=np.int64)
    # a node's children are its bids (every action but the call, which the root lacks), laid out in node order
    counts = tree.nact - (np.arange(n) > 0)
    owner = np.repeat(np.arange(n), counts)
    parent[tree.kids] = owner
    place[tree.kids] = np.arange(tree.kids.shape[0]) - tree.kid_start[owner]
    return parent, place


def normalized(tree: FlatTree, weights: FloatArray) -> FloatArray:
    """Each row of `weights` scaled to add up to 1 (a row of zeros becomes uniform over its actions)."""
    sums = np.bincount(tree.row, weights=weights, minlength=int(tree.row.max()) + 1)
    width = np.bincount(tree.row, minlength=sums.shape[0]).astype(np.float64)
    out: FloatArray = np.where(sums[tree.row] > 0, weights / np.where(sums > 0, sums, 1.0)[tree.row],
                               1.0 / width[tree.row])
    return out


def float_best_response(tree: FlatTree, strategy: FloatArray, responder: int) -> float:
    """The first player's value (float) when `responder` best-responds to the other's part of `strategy`."""
    n = tree.last.shape[0]
    reach = np.empty((n, tree.hands[1 - responder]))
    value = np.empty((n, tree.hands[responder]))
    scratch = np.empty(max(tree.hands))
    got = best_response(responder, strategy, tree.last, tree.player, tree.off, tree.nact, tree.kid_start,
                        tree.kids, tree.payoff, reach, value, scratch)
    return float(got if responder == 0 else -got)


@dataclass(frozen=True)
class FlatSolve:
    """A compiled solve: the strategy (flat), the two best responses' values (first player's), the snap's
    denominator (0 when the average strategy is kept), iterations and seconds."""

    tree: FlatTree
    strategy: FloatArray
    value_low: float
    value_high: float
    denominator: int
    iterations: int
    seconds: float

    @property
    def exploitability(self) -> float:
        """What the two best responses gain together (0 at an equilibrium)."""
        return self.value_high - self.value_low


def snap_flat(tree: FlatTree, strategy: FloatArray, denominator: int) -> FloatArray:
    """The strategy's chances rounded to multiples of 1/denominator, each row scaled back to add up to 1."""
    return normalized(tree, np.rint(strategy * denominator))


def flat_solve(rules: Rules, iterations: int = 1000, *, target: float = 1e-12, check_every: int = 250,
               tree: FlatTree | None = None, predictive: bool = False, power: float = 1.0,
               progress: Callable[[int, float, float], None] | None = None) -> FlatSolve:
    """CFR+ (alternating updates, linear averaging) for up to `iterations`; every `check_every` iterations the
    average strategy is snapped to each of SNAP_DENOMINATORS and kept once its float exploitability is below
    `target`; else the last average strategy with its exploitability. `progress(t, low, high)` hears each check
    (the average strategy's best responses). `predictive` and `power` (the averaging weight t ** power) try
    predictive CFR+ and other weights: not better here (docs/performance.md)."""
    began = time.perf_counter()
    tree = tree or flat_tree(rules)
    n = tree.last.shape[0]
    regret = np.zeros(tree.size)
    last_regret = np.zeros(tree.size if predictive else 0)
    cur = np.zeros(tree.size)
    total = np.zeros(tree.size)
    reach = (np.empty((n, tree.hands[0])), np.empty((n, tree.hands[1])))
    scratch = np.empty(max(tree.hands))
    values = [np.empty((n, tree.hands[p])) for p in (0, 1)]

    def measured(strategy: FloatArray) -> tuple[float, float]:
        return float_best_response(tree, strategy, 1), float_best_response(tree, strategy, 0)

    for t in range(1, iterations + 1):
        for me in (0, 1):
            cfr_pass(me, float(t) ** power, tree.last, tree.player, tree.off, tree.nact, tree.kid_start,
                     tree.kids, tree.payoff, regret, last_regret, cur, total, reach[0], reach[1], values[me],
                     scratch)
        if t % check_every == 0 or t == iterations:
            average = normalized(tree, total)
            if progress is not None:
                progress(t, *measured(average))
            for d in SNAP_DENOMINATORS:
                exact = snap_flat(tree, average, d)
                low, high = measured(exact)
                if high - low < target:
                    return FlatSolve(tree, exact, low, high, d, t, time.perf_counter() - began)
    average = normalized(tree, total)
    low, high = measured(average)
    return FlatSolve(tree, average, low, high, 0, iterations, time.perf_counter() - began)


def to_strategy(tree: FlatTree, strategy: FloatArray) -> dict[tuple[int, ...], FloatArray]:
    """The flat strategy as solver.py's: history -> (hands x actions) chances, the call last."""
    out: dict[tuple[int, ...], FloatArray] = {}
    for i, history in enumerate(tree.histories):
        width = tree.hands[int(tree.player[i])]
        block = strategy[tree.off[i]:tree.off[i] + tree.nact[i] * width]
        out[history] = np.ascontiguousarray(block.reshape(int(tree.nact[i]), width).T)
    return out
