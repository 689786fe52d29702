"""The Badge of Might's throw: the dice left and one extra ordinary die thrown together, grouped as a roll table
is, and what spending a use on a throw is worth, read from the layer with one use fewer.

The reading (docs/reference/badges.md): the extra die is thrown once with the dice left and is not kept for the
next throws. A selection takes one to six of the dice shown (the score table's selections: a seventh die is
never set aside with six others) and scores by the table; the dice left are the player's own dice not set
aside (the extra die leaves either way), none of them left being hot dice as always. Built in NumPy with the
roll table's grouping (`roll_table.grouped_outcomes`): selections are coded in base 8 here, so that seven like
faces (a count of 7) stay a code of their own that scores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...errors import InputError
from .badge_kernels import might_pass
from .badges import MIGHT_DIE
from .roll_table import (CODE_BASE, N_FACES, DieType, RollTable, _type_parts, group_csr, grouped_outcomes,
                         score_table, weights7)
from .rules import NAMED_DICE, Combos

__all__ = ["MIGHT_MAX_PAIRS", "MightTable", "might_table", "might_values"]

# (outcome, selection) pairs of a state's Might throw listed at once in NumPy (about 100 bytes each): six
# ordinary dice and the extra die take 148,512; six unlike dice about 36 million (refused: minutes and GBs)
MIGHT_MAX_PAIRS = 3_000_000
_BASE = 8


@dataclass
class MightTable:
    """For every dice-left state s of the player's roll table: the Might throw's non-bust outcome groups
    (group_start[s]..group_start[s + 1], each its chance and options (score units, dice left)) and its bust
    chance (nan for the empty state)."""

    group_start: np.ndarray
    group_prob: np.ndarray
    option_start: np.ndarray
    option_units: np.ndarray
    option_state: np.ndarray
    bust: np.ndarray


def _recode(codes: np.ndarray) -> np.ndarray:
    """Selection codes in base CODE_BASE (counts of at most 6) as codes in base 8."""
    out = np.zeros_like(codes)
    for f in range(N_FACES):
        out += codes // CODE_BASE**f % CODE_BASE * _BASE**f
    return out


@lru_cache(maxsize=8)
def _scores8(combos: Combos) -> np.ndarray:
    """score / 50 of a selection by its base-8 code; -1 if illegal (seven dice: no selection of the table)."""
    table = score_table(combos)
    codes = np.flatnonzero(table != -1)
    out = np.full(_BASE**N_FACES, -1, dtype=np.int16)
    out[_recode(codes)] = table[codes]
    return out


def might_table(table: RollTable, combos: Combos = ()) -> MightTable:
    """The Might throw of every state of this roll table (its dice types), scored with combos."""
    return _might(table.types, combos)


@lru_cache(maxsize=8)
def _might(types: tuple[DieType, ...], combos: Combos) -> MightTable:
    extra = DieType(weights7(NAMED_DICE[MIGHT_DIE]), 1, (MIGHT_DIE,))
    every = (*types, extra)
    parts = [_type_parts(d.weights7, d.count) for d in every]
    pairs = 1
    for (_, m_start, starts, _, _), d in zip(parts, every):
        pairs *= int(starts[m_start[d.count + 1]] - starts[m_start[d.count]])
    if pairs > MIGHT_MAX_PAIRS:
        raise InputError(f"the Badge of Might with these dice lists {pairs:,} throws and selections at once "
                         f"(limit {MIGHT_MAX_PAIRS:,}): fewer unlike dice")
    n_types = len(every)
    stride = np.ones(len(types), dtype=np.int64)
    for t in range(1, len(types)):
        stride[t] = stride[t - 1] * (types[t - 1].count + 1)
    n_states = int(stride[-1] * (types[-1].count + 1))
    full_state = int(sum(d.count * s for d, s in zip(types, stride)))
    # the extra die's stride is 0: setting it aside leaves the player's dice as they are
    type_stride = np.append(stride, 0)
    type_start = np.zeros((n_types, max(d.count for d in every) + 2), dtype=np.int64)
    n_ms, n_sub = 0, 0
    sub_starts = [np.zeros(1, dtype=np.int64)]
    for t, (probs, m_start, starts, _, _) in enumerate(parts):
        type_start[t, :len(m_start)] = n_ms + m_start
        type_start[t, len(m_start):] = n_ms + m_start[-1]
        sub_starts.append(n_sub + starts[1:])
        n_ms += len(probs)
        n_sub += int(starts[-1])
    ms_prob = np.concatenate([p[0] for p in parts])
    sub_start = np.concatenate(sub_starts)
    sub_code = _recode(np.concatenate([p[3] for p in parts]))
    sub_size = np.concatenate([p[4] for p in parts])
    scores = _scores8(combos)
    counts = np.array([[s // int(stride[t]) % (types[t].count + 1) for t in range(len(types))]
                       for s in range(n_states)], dtype=np.int64)
    group_start = np.zeros(n_states + 1, dtype=np.int64)
    bust = np.full(n_states, np.nan)
    probs_out, starts_out, states_out, units_out = [], [np.zeros(1, dtype=np.int64)], [], []
    n_options = 0
    for s in range(1, n_states):
        reachable = np.nonzero(np.all(counts <= counts[s], axis=1))[0]
        reachable = reachable[reachable > 0]
        if len(reachable) == 0 or reachable[-1] != full_state:
            reachable = np.append(reachable, full_state)
        column_of = np.full(n_states, -1, dtype=np.int64)
        column_of[reachable] = np.arange(len(reachable))
        m = np.append(counts[s], 1)
        rows, probs, bust[s] = grouped_outcomes(m, s, type_start, type_stride, ms_prob, sub_start, sub_code,
                                                sub_size, scores, full_state, column_of, len(reachable))
        g_start, g_state, g_units = group_csr(rows, reachable)
        probs_out.append(probs)
        starts_out.append(g_start[1:] + n_options)
        states_out.append(g_state)
        units_out.append(g_units)
        n_options += len(g_units)
        group_start[s + 1] = group_start[s] + len(probs)
    return MightTable(group_start, np.concatenate(probs_out), np.concatenate(starts_out).astype(np.int64),
                      np.concatenate(units_out).astype(np.int64), np.concatenate(states_out).astype(np.int64),
                      bust)


def might_values(mt: MightTable, w_low: np.ndarray, bust_low: float, top: int) -> np.ndarray:
    """vm[t, s] (t = 0..top): a Might throw of the dice s at turn total t, the game going on in the layer with
    one use fewer, whose held values are w_low[t, s] (1 past the target: t > top) and whose bust is worth
    bust_low (`badge_kernels.might_pass`). C-contiguous, for `badge_kernels.badge_pass`."""
    vm = np.zeros((top + 1, w_low.shape[1]))
    might_pass(top, bust_low, np.ascontiguousarray(w_low), mt.group_start, mt.group_prob, mt.option_start,
               mt.option_units, mt.option_state, np.nan_to_num(mt.bust, nan=0.0), vm)
    return vm
