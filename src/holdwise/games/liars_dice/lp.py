"""Liar's Dice's sequence-form linear program, solved by SciPy's HiGHS: each player's equilibrium strategy to
the LP's precision (an exploitability near 1e-12), where CFR+ stalls near 1e-5 (ones wild at six faces).

A sequence is a (history, action, hand) of one player: the flat tree's strategy entries (cfr.py) are exactly
the sequences, plus the empty one. For player `me` the program is Koller, Megiddo and von Stengel's:
maximise q0 over me's realization plan x (x_empty = 1, each information set's actions adding up to the
sequence that leads to it) and the other's information-set values q, with F^T q <= A^T x for every sequence of
the other (A: me's payoff at each call, by the two players' last sequences). The strategy is x divided by its
parent sequence.
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt

from .cfr import FlatSolve, FlatTree, flat_tree, float_best_response, tree_parents
from .rules import Rules

__all__ = ["lp_solve"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def _entries(tree: FlatTree, node: IntArray, action: IntArray | int, hand: IntArray) -> IntArray:
    width = np.where(tree.player[node] == 0, tree.hands[0], tree.hands[1])
    out: IntArray = tree.off[node] + action * width + hand
    return out


def _program(tree: FlatTree, me: int, parent: IntArray, place: IntArray) -> tuple[FloatArray, FloatArray]:
    """Solve me's program; return me's strategy (zeros at the other's entries) and me's value."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    n = tree.last.shape[0]
    entry_player = tree.player[np.searchsorted(tree.off, np.arange(tree.size), side="right") - 1]
    seq = [np.flatnonzero(entry_player == p) for p in (0, 1)]
    # numbering: sequence index of each entry within its player's list, the empty sequence last
    index = np.empty(tree.size, dtype=np.int64)
    for p in (0, 1):
        index[seq[p]] = np.arange(seq[p].shape[0])
    empty = [seq[0].shape[0], seq[1].shape[0]]

    def parent_sequence(node: IntArray, hand: IntArray, p: int) -> IntArray:
        """The sequence of player p leading to node (p acts there), for each hand: its own last action."""
        up = parent[node]
        grand = np.where(up >= 0, parent[np.maximum(up, 0)], -1)
        out = np.full(node.shape[0], empty[p], dtype=np.int64)
        has = grand >= 0
        out[has] = index[_entries(tree, grand[has], place[up[has]], hand[has])]
        return out

    # information sets: (node, hand) of each player, numbered node by node
    infosets = []
    for p in (0, 1):
        nodes = np.flatnonzero(tree.player == p)
        node = np.repeat(nodes, tree.hands[p])
        hand = np.tile(np.arange(tree.hands[p]), nodes.shape[0])
        infosets.append((node, hand))
    other = 1 - me
    # terminals: a call at each non-root node, every pair of hands
    calls = np.arange(1, n)
    h0 = np.arange(tree.hands[0])
    h1 = np.arange(tree.hands[1])
    node = np.repeat(calls, h0.shape[0] * h1.shape[0])
    hand0 = np.tile(np.repeat(h0, h1.shape[0]), calls.shape[0])
    hand1 = np.tile(h1, calls.shape[0] * h0.shape[0])
    bidder = 1 - tree.player[node]
    value = tree.payoff[tree.last[node], hand0, hand1] * np.where(bidder == me, 1.0, -1.0)
    hands = (hand0, hand1)
    last_seq = []
    for p in (0, 1):
        acts = tree.player[node] == p
        out = parent_sequence(node, hands[p], p)  # p's last action before the call, when the other calls
        mine = np.flatnonzero(acts)
        out[mine] = index[_entries(tree, node[mine], tree.nact[node[mine]] - 1, hands[p][mine])]
        up = parent[node]
        bid_by_p = np.flatnonzero(~acts)  # p made the called bid: p's last sequence is that bid
        out[bid_by_p] = index[_entries(tree, up[bid_by_p], place[node[bid_by_p]], hands[p][bid_by_p])]
        last_seq.append(out)
    n_x = empty[me] + 1
    n_q = infosets[other][0].shape[0] + 1  # the other's information sets, and the root row (y_empty = 1)
    # A^T x for each sequence of the other: rows other's sequences, columns me's
    a_t = coo_matrix((value, (last_seq[other], last_seq[me])), shape=(empty[other] + 1, n_x)).tocsr()
    # F^T q: column of sequence s gets +q_I for the infoset I it belongs to, -q_J for infosets J it leads to
    def constraints(player: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The player's sequence-form constraints as (sequence, row, value) entries: each information set's
        actions add up to its parent sequence (row = the information set), and the empty sequence is 1 (the
        last row). F (the other's) and E (me's) are these, one transposed."""
        node, hand = infosets[player]
        owner = np.arange(node.shape[0])
        seqs, rows, vals = [], [], []
        for place_a in range(int(tree.nact.max())):
            ok = tree.nact[node] > place_a
            seqs.append(index[_entries(tree, node[ok], place_a, hand[ok])])
            rows.append(owner[ok])
            vals.append(np.ones(int(ok.sum())))
        seqs.append(parent_sequence(node, hand, player))
        rows.append(owner)
        vals.append(-np.ones(owner.shape[0]))
        seqs.append(np.array([empty[player]]))
        rows.append(np.array([node.shape[0]]))
        vals.append(np.ones(1))
        return np.concatenate(seqs), np.concatenate(rows), np.concatenate(vals)

    # F^T q: column of sequence s gets +q_I for the infoset I it belongs to, -q_J for infosets J it leads to
    seq_f, row_f, val_f = constraints(other)
    f_t = coo_matrix((val_f, (seq_f, row_f)), shape=(empty[other] + 1, n_q)).tocsr()
    # E x = e: each of me's infosets' actions add up to its parent sequence; x_empty = 1
    m_node = infosets[me][0]
    seq_e, row_e, val_e = constraints(me)
    e = coo_matrix((val_e, (row_e, seq_e)), shape=(m_node.shape[0] + 1, n_x))
    from scipy.sparse import hstack

    b_eq = np.zeros(m_node.shape[0] + 1)
    b_eq[-1] = 1.0
    cost = np.zeros(n_x + n_q)
    cost[-1] = -1.0  # maximise q of the root row
    bounds = [(0, None)] * n_x + [(None, None)] * n_q
    got = linprog(cost, A_ub=hstack([-a_t, f_t]).tocsr(), b_ub=np.zeros(empty[other] + 1),
                  A_eq=hstack([e, coo_matrix((e.shape[0], n_q))]).tocsr(), b_eq=b_eq, bounds=bounds,
                  method="highs")
    if got.status != 0:
        raise RuntimeError(f"the sequence-form program failed: {got.message}")
    x = np.maximum(got.x[:n_x], 0.0)
    # each of me's entries divided by its parent sequence: the behaviour strategy (uniform where unreached)
    strategy = np.zeros(tree.size)
    mine = seq[me]
    m_entry_node = np.searchsorted(tree.off, mine, side="right") - 1
    width = tree.hands[me]
    m_entry_hand = (mine - tree.off[m_entry_node]) % width
    parent_x = x[parent_sequence(m_entry_node, m_entry_hand, me)]
    strategy[mine] = np.where(parent_x > 0, x[index[mine]] / np.where(parent_x > 0, parent_x, 1.0),
                              1.0 / tree.nact[m_entry_node])
    return strategy, np.array([-got.fun])


def lp_solve(rules: Rules, tree: FlatTree | None = None) -> FlatSolve:
    """Both players' programs solved; the strategies' float best responses give the exploitability."""
    began = time.perf_counter()
    tree = tree or flat_tree(rules)
    parent, place = tree_parents(tree)
    strategy = np.zeros(tree.size)
    for me in (0, 1):
        part, _ = _program(tree, me, parent, place)
        strategy += part
    # rows scaled to add up to 1 exactly as floats can
    from .cfr import normalized

    strategy = normalized(tree, strategy)
    low, high = float_best_response(tree, strategy, 1), float_best_response(tree, strategy, 0)
    return FlatSolve(tree, strategy, low, high, 0, 0, time.perf_counter() - began)
