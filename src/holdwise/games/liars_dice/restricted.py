"""Liar's Dice's sequence-form LP over a restricted game, grown from best responses in the full game (a
sequence-form double oracle): where the whole LP of lp.py is out of reach (one die against two at six faces:
7.1 million sequences) but the equilibrium is sparse (most bids are never made).

The restricted game keeps, at each information set (a history and a hand), a set of allowed actions: the call always
(where it is legal), and the bids the start (a short CFR+ run's average strategy: its sequences above a realization
threshold, and its likely bids where the restricted game does not reach yet) or a later best response allowed. Its
sequences are the allowed actions at the information sets the restricted game reaches: a history is reached when
each bid on it is allowed for some hand of its bidder whose information set is reached, an information set when its
history is reached and its player's own last action is a kept sequence. The sequence-form program of the restricted
game (Koller, Megiddo and von Stengel's, as in lp.py) gives each player's restricted equilibrium; each player's best
response in the FULL game to the other's (the compiled kernel) measures the exploitability. Above the target, the
best responses' actions where they are reached (the responder's own plan and the other's chances both positive) are
allowed (and each side's best answers to the other's new moves) and the program is solved again. Each round adds a
sequence or stops: a best response that gains on the restricted value plays some sequence the restricted game lacks,
so the rounds end, at the latest, at the whole game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from .cfr import FlatSolve, FlatTree, flat_tree, normalized, tree_parents
from .cfr_kernels import best_response
from .rules import Rules

__all__ = ["Round", "RestrictedSolve", "TreeIndex", "initial_allowed", "restricted_solve"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

REACHED = 1e-13  # the other's chance of reaching a history below which a best response's move there is not added
PLAN_ZERO = 1e-14  # a realization weight below this counts as never played (the LP's solution is floats)


class TreeIndex:
    """The flat tree's structure by depth, and each entry's node, hand and action place, computed once."""

    def __init__(self, tree: FlatTree) -> None:
        self.tree = tree
        n = tree.last.shape[0]
        self.parent, self.place = tree_parents(tree)
        parent = self.parent
        depth = np.zeros(n, dtype=np.int64)
        for i in range(1, n):  # preorder: a parent before its children
            depth[i] = depth[parent[i]] + 1
        self.depth = depth
        self.by_depth = [np.flatnonzero(depth == d) for d in range(int(depth.max()) + 1)]
        self.width = np.where(tree.player == 0, tree.hands[0], tree.hands[1]).astype(np.int64)
        self.row_base = np.zeros(n, dtype=np.int64)
        self.row_base[1:] = np.cumsum(self.width)[:-1]
        self.rows = int(self.width.sum())

    @cached_property
    def entry_node(self) -> IntArray:
        """Each strategy entry's node."""
        out: IntArray = np.searchsorted(self.tree.off, np.arange(self.tree.size), side="right") - 1
        return out

    @cached_property
    def is_call(self) -> BoolArray:
        """Whether each entry is a call (a node's last action, below the root)."""
        node = self.entry_node
        action = (np.arange(self.tree.size) - self.tree.off[node]) // self.width[node]
        out: BoolArray = (action == self.tree.nact[node] - 1) & (node > 0)
        return out

    def bid_entries(self, nodes: IntArray, width: int) -> IntArray:
        """For nodes of one depth (width: the hands of its bidder): the entries of the bid leading to each, by the
        bidder's hand (nodes x width)."""
        up = self.parent[nodes]
        out: IntArray = (self.tree.off[up] + self.place[nodes] * width)[:, None] + np.arange(width)[None, :]
        return out


def initial_allowed(index: TreeIndex, strategy: FloatArray, threshold: float, behaviour: float = 1.0
                    ) -> BoolArray:
    """The bids a strategy makes with realization weight (its own chances along the way) above `threshold`, or
    with a chance above `behaviour` where they are (histories the restricted game does not reach yet: when a
    best response's bid brings one in, the other answers it as the strategy does, not only by the call)."""
    tree = index.tree
    plan_row = np.ones(index.rows)  # each information set's realization weight (its parent sequence's)
    for d, nodes in enumerate(index.by_depth):
        if d < 2:
            continue
        w = tree.hands[d % 2]
        rows = index.row_base[nodes][:, None] + np.arange(w)[None, :]
        up = index.parent[nodes]
        grand_rows = index.row_base[index.parent[up]][:, None] + np.arange(w)[None, :]
        plan_row[rows] = plan_row[grand_rows] * strategy[index.bid_entries(up, w)]
    out: BoolArray = ((plan_row[tree.row] * strategy > threshold) | (strategy > behaviour)) & ~index.is_call
    return out


@dataclass(frozen=True)
class _Restricted:
    """The restricted game of an allowed set: its sequences (entries) and information sets (rows)."""

    seq_in: BoolArray
    info_in: BoolArray
    nodes: int


def _restricted(index: TreeIndex, allowed: BoolArray) -> _Restricted:
    tree = index.tree
    alive = np.zeros(tree.last.shape[0], dtype=bool)
    info_in = np.zeros(index.rows, dtype=bool)
    alive[0] = True
    info_in[: tree.hands[0]] = True
    for d, nodes in enumerate(index.by_depth):
        if d == 0:
            continue
        w_bidder, w = tree.hands[(d - 1) % 2], tree.hands[d % 2]
        up = index.parent[nodes]
        bid = index.bid_entries(nodes, w_bidder)
        bidder_in = info_in[index.row_base[up][:, None] + np.arange(w_bidder)[None, :]]
        alive[nodes] = alive[up] & (allowed[bid] & bidder_in).any(axis=1)
        rows = index.row_base[nodes][:, None] + np.arange(w)[None, :]
        if d == 1:
            info_in[rows] = alive[nodes][:, None]
        else:
            mine = index.bid_entries(up, w)  # my own last bid, the one before the other's
            mine_in = allowed[mine] & info_in[index.row_base[index.parent[up]][:, None] + np.arange(w)[None, :]]
            info_in[rows] = alive[nodes][:, None] & mine_in
    seq_in: BoolArray = info_in[tree.row] & (allowed | index.is_call)
    return _Restricted(seq_in, info_in, int(alive.sum()))


def _program(index: TreeIndex, game: _Restricted) -> tuple[FloatArray, float]:
    """The first player's program over the restricted game (maximise the value over their realization plan and
    the second player's information-set values); the second's plan is its dual. Returns the flat behaviour
    strategy of both (zeros outside the restricted game's played information sets) and the value."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, hstack

    tree = index.tree
    node = index.entry_node
    entry_player = tree.player[node]
    seqs = [np.flatnonzero(game.seq_in & (entry_player == p)) for p in (0, 1)]
    row_player = np.repeat(tree.player, index.width)
    infos = [np.flatnonzero(game.info_in & (row_player == p)) for p in (0, 1)]
    row_node = np.repeat(np.arange(tree.last.shape[0]), index.width)

    def seq_number(p: int, entries: IntArray) -> IntArray:
        out: IntArray = np.searchsorted(seqs[p], entries)
        return out

    def parent_seq(p: int) -> IntArray:
        """Each of p's information sets' parent sequence (p's own last bid; the empty sequence, last, at first)."""
        rows = infos[p]
        nodes = row_node[rows]
        hand = rows - index.row_base[nodes]
        out = np.full(rows.shape[0], seqs[p].shape[0], dtype=np.int64)
        deep = index.depth[nodes] >= 2
        up = index.parent[nodes[deep]]
        entry = tree.off[index.parent[up]] + index.place[up] * tree.hands[p] + hand[deep]
        out[deep] = seq_number(p, entry)
        return out

    def constraints(p: int) -> tuple[IntArray, IntArray, FloatArray]:
        """p's sequence-form constraints as (sequence, row, value): an information set's sequences add up to its
        parent sequence (row: the information set), the empty sequence is 1 (the last row)."""
        n_info = infos[p].shape[0]
        owner = np.searchsorted(infos[p], tree.row[seqs[p]])
        seq_col = np.concatenate([np.arange(seqs[p].shape[0]), parent_seq(p), [seqs[p].shape[0]]])
        row = np.concatenate([owner, np.arange(n_info), [n_info]])
        val = np.concatenate([np.ones(seqs[p].shape[0]), -np.ones(n_info), [1.0]])
        return seq_col, row, val

    # terminals: every call in the restricted game, against each hand of the bidder whose bid is kept
    calls = seqs[0][index.is_call[seqs[0]]], seqs[1][index.is_call[seqs[1]]]
    terms0, terms1, vals = [], [], []
    for caller in (0, 1):
        entries = calls[caller]
        at = node[entries]
        hand = entries - tree.off[at] - (tree.nact[at] - 1) * tree.hands[caller]
        bidder = 1 - caller
        bid = index.bid_entries(at, tree.hands[bidder])
        keep = game.seq_in[bid]
        c_idx, b_hand = np.nonzero(keep)
        bid_seq = seq_number(bidder, bid[c_idx, b_hand])
        call_seq = seq_number(caller, entries[c_idx])
        h0, h1 = (b_hand, hand[c_idx]) if bidder == 0 else (hand[c_idx], b_hand)
        sign = 1.0 if bidder == 0 else -1.0
        vals.append(sign * tree.payoff[tree.last[at[c_idx]], h0, h1])
        terms0.append(bid_seq if bidder == 0 else call_seq)
        terms1.append(call_seq if bidder == 0 else bid_seq)
    value0 = np.concatenate(vals)
    n_x, n_y = seqs[0].shape[0] + 1, seqs[1].shape[0] + 1
    n_q = infos[1].shape[0] + 1
    a_t = coo_matrix((value0, (np.concatenate(terms1), np.concatenate(terms0))), shape=(n_y, n_x)).tocsr()
    seq_f, row_f, val_f = constraints(1)
    f_t = coo_matrix((val_f, (seq_f, row_f)), shape=(n_y, n_q)).tocsr()
    seq_e, row_e, val_e = constraints(0)
    e = coo_matrix((val_e, (row_e, seq_e)), shape=(infos[0].shape[0] + 1, n_x))
    b_eq = np.zeros(e.shape[0])
    b_eq[-1] = 1.0
    cost = np.zeros(n_x + n_q)
    cost[-1] = -1.0
    bounds = [(0, None)] * n_x + [(None, None)] * n_q
    got = linprog(cost, A_ub=hstack([-a_t, f_t]).tocsr(), b_ub=np.zeros(n_y),
                  A_eq=hstack([e, coo_matrix((e.shape[0], n_q))]).tocsr(), b_eq=b_eq, bounds=bounds,
                  method="highs-ds")
    if got.status != 0:
        raise RuntimeError(f"the restricted sequence-form program failed: {got.message}")
    plans = [np.maximum(got.x[:n_x], 0.0), np.maximum(-got.ineqlin.marginals, 0.0)]
    strategy = np.zeros(tree.size)
    for p in (0, 1):
        plan = plans[p]
        plan[plan < PLAN_ZERO] = 0.0
        up = plan[parent_seq(p)][np.searchsorted(infos[p], tree.row[seqs[p]])]
        strategy[seqs[p]] = np.where(up > 0, plan[:-1] / np.where(up > 0, up, 1.0), 0.0)
    return strategy, float(-got.fun)


def _completed(index: TreeIndex, strategy: FloatArray) -> FloatArray:
    """The restricted strategies made a full one: information sets they never play call (the root's first
    bid), the rest as played."""
    tree = index.tree
    sums = np.bincount(tree.row, weights=strategy, minlength=index.rows)
    idle = sums[tree.row] <= 0
    default = index.is_call.astype(np.float64)
    default[: tree.off[1]] = 0.0
    default[: tree.hands[0]] = 1.0  # at the root (no call): the lowest bid
    return normalized(tree, np.where(idle, default, strategy))


def _best_response_moves(index: TreeIndex, strategy: FloatArray, responder: int, allowed: BoolArray
                         ) -> tuple[float, IntArray, IntArray]:
    """The responder's best value (the first player's, float) against the other's part of `strategy` in the full
    game, and the bids a best response makes that `allowed` lacks, where it is reached (its own plan from the
    root, the other's chance above REACHED), on ties an allowed move kept; and every move it makes there (the
    calls too)."""
    tree = index.tree
    n = tree.last.shape[0]
    other = 1 - responder
    reach = np.empty((n, tree.hands[other]))
    value = np.empty((n, tree.hands[responder]))
    scratch = np.empty(max(tree.hands))
    got = best_response(responder, strategy, tree.last, tree.player, tree.off, tree.nact, tree.kid_start,
                        tree.kids, tree.payoff, reach, value, scratch)
    seen = reach.max(axis=1) > REACHED
    new: list[int] = []
    picked: list[IntArray] = []
    frontier: dict[int, IntArray] = {0: np.arange(tree.hands[responder])}  # node -> responder's hands there
    while frontier:
        nxt: dict[int, IntArray] = {}
        for i, hands in frontier.items():
            start, n_bids = int(tree.kid_start[i]), int(tree.nact[i]) - (1 if i else 0)
            kids = tree.kids[start:start + n_bids]
            if tree.player[i] != responder:
                for c in kids[seen[kids]]:
                    nxt[int(c)] = hands
                continue
            options = value[kids][:, hands]  # bids x hands
            if i:
                table = tree.payoff[tree.last[i]]
                called = -((table[hands] @ reach[i]) if responder == 0 else (reach[i] @ table[:, hands]))
                options = np.vstack([options, called[None, :]])
            best = options.max(axis=0)
            entries = tree.off[i] + np.arange(options.shape[0])[:, None] * tree.hands[responder] + hands[None, :]
            kept = np.ones(options.shape, dtype=bool)
            kept[:n_bids] = allowed[entries[:n_bids]]
            tol = 1e-13 * max(1.0, float(np.abs(best).max()))
            near = options >= best[None, :] - tol
            pick = np.where((near & kept).any(axis=0), np.argmax(near & kept, axis=0), np.argmax(near, axis=0))
            go = np.zeros(options.shape, dtype=bool)
            go[pick, np.arange(hands.shape[0])] = True
            new.extend(int(e) for e in entries[go & ~kept])
            picked.append(entries[go])
            for a in np.flatnonzero(go[:n_bids].any(axis=1)).tolist():
                c = int(kids[a])
                if seen[c]:
                    nxt[c] = hands[go[a]]
        frontier = nxt
    value_first = float(got) if responder == 0 else -float(got)
    return value_first, np.array(sorted(set(new)), dtype=np.int64), np.concatenate(picked)


@dataclass(frozen=True)
class Round:
    """One round: the restricted game's sequences (both players') and reached histories, the LP's seconds and
    value, the two full best responses (first player's values) and how many bids they added."""

    sequences: int
    nodes: int
    lp_seconds: float
    lp_value: float
    value_low: float
    value_high: float
    added: int

    @property
    def exploitability(self) -> float:
        """What the two best responses gain together."""
        return self.value_high - self.value_low


@dataclass(frozen=True)
class RestrictedSolve:
    """The solve (its strategy, the final best responses, seconds; `iterations` the warm CFR+'s) and its
    rounds."""

    solve: FlatSolve
    rounds: tuple[Round, ...]


def restricted_solve(rules: Rules, tree: FlatTree | None = None, *, warm: FloatArray | None = None,
                     warm_iterations: int = 200, threshold: float = 1e-3, behaviour: float = 0.1,
                     target: float = 1e-12, max_rounds: int = 2000, look_ahead: float = 1e-3,
                     progress: Callable[[Round], None] | None = None) -> RestrictedSolve:
    """The double oracle: start from `warm` (a flat strategy, from `warm_iterations` of CFR+; else those
    iterations are run), its bids above `threshold` and `behaviour` (initial_allowed), then the LP and the best
    responses until the exploitability is below `target`, nothing is added, or `max_rounds`. With `look_ahead`
    each round also adds each side's best response to the other's strategy tilted that much towards its best
    response (the answers to the new moves, a round sooner)."""
    from .cfr import flat_solve

    began = time.perf_counter()
    tree = tree or flat_tree(rules)
    index = TreeIndex(tree)
    if warm is None:
        warm = flat_solve(rules, warm_iterations, check_every=10**9, target=-1.0, tree=tree).strategy
    allowed = initial_allowed(index, warm, threshold, behaviour)
    allowed[: tree.off[1]] |= _root_best(index, warm)
    rounds: list[Round] = []
    strategy = warm
    low = high = 0.0
    while True:
        game = _restricted(index, allowed)
        t = time.perf_counter()
        part, lp_value = _program(index, game)
        lp_seconds = time.perf_counter() - t
        strategy = _completed(index, part)
        high, add0, pick0 = _best_response_moves(index, strategy, 0, allowed)
        low, add1, pick1 = _best_response_moves(index, strategy, 1, allowed)
        added = np.union1d(add0, add1)
        if look_ahead > 0 and high - low >= target:  # each side's answers to the other's new moves, at once
            tilted = _tilted(index, strategy, np.concatenate([pick0, pick1]), look_ahead)
            grown = allowed.copy()
            grown[added] = True
            more = [_best_response_moves(index, tilted, p, grown)[1] for p in (0, 1)]
            added = np.union1d(added, np.union1d(*more))
        done = high - low < target or added.shape[0] == 0 or len(rounds) + 1 >= max_rounds
        rounds.append(Round(int(game.seq_in.sum()), game.nodes, lp_seconds, lp_value, low, high,
                            0 if done else int(added.shape[0])))
        if progress is not None:
            progress(rounds[-1])
        if done:
            break
        allowed[added] = True
    solve = FlatSolve(tree, strategy, low, high, 0, warm_iterations, time.perf_counter() - began)
    return RestrictedSolve(solve, tuple(rounds))


def _tilted(index: TreeIndex, strategy: FloatArray, picked: IntArray, weight: float) -> FloatArray:
    """The strategy moved `weight` towards the picked moves at their information sets."""
    tree = index.tree
    touched = np.zeros(index.rows, dtype=bool)
    touched[tree.row[picked]] = True
    out: FloatArray = np.where(touched[tree.row], (1.0 - weight) * strategy, strategy)
    out[picked] += weight
    return out


def _root_best(index: TreeIndex, warm: FloatArray) -> BoolArray:
    """At the root each hand's likeliest bid, so every hand of the first player has a move."""
    tree = index.tree
    w = tree.hands[0]
    block = warm[: tree.off[1]].reshape(int(tree.nact[0]), w)
    out = np.zeros(tree.off[1], dtype=bool)
    out[np.argmax(block, axis=0) * w + np.arange(w)] = True
    return out
