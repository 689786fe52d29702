"""Numba kernels for batches of payout tables (imported lazily: numba is slow to import).

Each kernel is a plain function `_name` bound as `name = njit(...)(_name)`, so the tests can run
them uncompiled with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


def _optimal_returns(keep_values0, parent_ptr, parent_idx, child, hand_start, probs, first_roll, rerolls, out):
    """Optimal return of each table, given E_1 of every keep per table (rows of keep_values0).

    Parents come as a CSR list (parent_ptr, parent_idx): keep k's parents are
    parent_idx[parent_ptr[k]:parent_ptr[k + 1]].
    Per table: V_L(h) = max over sub-keeps (closure over parents, smallest keeps first), then
    E_{L+1}(k) = sum_f p_f E(k + f) (largest keeps first), and finally sum_h P(h) V_R(h).
    """
    n_tables, n_keeps = keep_values0.shape
    sides = child.shape[1]
    n_hands = n_keeps - hand_start
    for t in prange(n_tables):
        e = keep_values0[t].copy()
        best = np.empty(n_keeps)
        if rerolls == 0:
            total = 0.0
            for h in range(n_hands):
                total += first_roll[h] * e[hand_start + h]
            out[t] = total
            continue
        for level in range(rerolls):
            for k in range(n_keeps):
                v = e[k]
                for j in range(parent_ptr[k], parent_ptr[k + 1]):
                    b = best[parent_idx[j]]
                    if b > v:
                        v = b
                best[k] = v
            if level == rerolls - 1:
                break
            for k in range(hand_start, n_keeps):
                e[k] = best[k]
            for k in range(hand_start - 1, -1, -1):
                acc = 0.0
                for f in range(sides):
                    acc += probs[f] * e[child[k, f]]
                e[k] = acc
        total = 0.0
        for h in range(n_hands):
            total += first_roll[h] * best[hand_start + h]
        out[t] = total


optimal_returns = njit(cache=True, parallel=True)(_optimal_returns)
