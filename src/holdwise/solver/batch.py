"""Numba kernels for batches of payout tables (imported lazily: numba is slow to import).

Each kernel is a plain function `_name` bound as `name = njit(...)(_name)`, so the tests can run
them uncompiled with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["TABLE_BLOCK", "optimal_returns"]

# Tables solved side by side: the inner loops then run over contiguous tables and vectorize.
TABLE_BLOCK = 128


def _optimal_returns(keep_values1, parent_ptr, parent_idx, child, hand_start, probs, first_roll, rerolls, out):
    """Optimal return of each table, given E_1 of every keep for every table (one column a table).

    Keep k's parents are parent_idx[parent_ptr[k]:parent_ptr[k + 1]]; keeps are ordered by size.
    Per level: the closure B(k) = max(E(k), B(parents of k)) over the smallest keeps first gives
    V_L(h) = B(h); then E(k) = sum_f p_f E(k + f) over the largest keeps first. The return is
    sum_h P(h) V_R(h) (with no re-roll, sum_h P(h) payout(h)).
    """
    n_keeps, n_tables = keep_values1.shape
    sides = child.shape[1]
    n_hands = n_keeps - hand_start
    n_blocks = (n_tables + TABLE_BLOCK - 1) // TABLE_BLOCK
    for b in prange(n_blocks):
        lo = b * TABLE_BLOCK
        width = min(TABLE_BLOCK, n_tables - lo)
        e = np.empty((n_keeps, TABLE_BLOCK))
        best = np.empty((n_keeps, TABLE_BLOCK))
        for k in range(n_keeps):
            for t in range(width):
                e[k, t] = keep_values1[k, lo + t]
        for level in range(rerolls):
            for k in range(n_keeps):
                for t in range(width):
                    best[k, t] = e[k, t]
                for j in range(parent_ptr[k], parent_ptr[k + 1]):
                    q = parent_idx[j]
                    for t in range(width):
                        best[k, t] = max(best[k, t], best[q, t])
            if level == rerolls - 1:
                break
            for k in range(hand_start, n_keeps):
                for t in range(width):
                    e[k, t] = best[k, t]
            for k in range(hand_start - 1, -1, -1):
                for t in range(width):
                    e[k, t] = 0.0
                for f in range(sides):
                    c = child[k, f]
                    pf = probs[f]
                    for t in range(width):
                        e[k, t] += pf * e[c, t]
        final = best if rerolls > 0 else e
        for t in range(width):
            total = 0.0
            for h in range(n_hands):
                total += first_roll[h] * final[hand_start + h, t]
            out[lo + t] = total


optimal_returns = njit(cache=True, parallel=True)(_optimal_returns)
