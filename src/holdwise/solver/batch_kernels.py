# mypy: disable-error-code="valid-type"
"""The kernel of a batch of payout tables, in Cython's pure-Python mode (compiled by the build; see native.py)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["TABLE_BLOCK", "block_returns"]

# Tables solved side by side: the inner loops then run over contiguous tables and vectorize.
TABLE_BLOCK = 128
# lattice indices: int32, or int64 for lattices of 2**31 keeps and more (solver/lattice.py)
index = cython.fused_type(cython.int, cython.longlong)


def block_returns(keep_values1: cython.const[cython.double][:, ::1], parent_ptr: cython.const[index][::1],
                  parent_idx: cython.const[index][::1], child: cython.const[index][:, ::1],
                  hand_start: cython.Py_ssize_t, probs: cython.const[cython.double][::1],
                  first_roll: cython.const[cython.double][::1], rerolls: cython.Py_ssize_t, out: cython.double[::1],
                  b_lo: cython.Py_ssize_t, b_hi: cython.Py_ssize_t, e: cython.double[:, ::1],
                  best: cython.double[:, ::1]) -> None:
    """Optimal return of each table of blocks b_lo..b_hi-1, given E_1 of every keep for every table (one
    column a table); e and best are scratch (keeps x TABLE_BLOCK). Runs without the GIL.

    Keep k's parents are parent_idx[parent_ptr[k]:parent_ptr[k + 1]]; keeps are ordered by size.
    Per level: the closure B(k) = max(E(k), B(parents of k)) over the smallest keeps first gives
    V_L(h) = B(h); then E(k) = sum_f p_f E(k + f) over the largest keeps first. The return is
    sum_h P(h) V_R(h) (with no re-roll, sum_h P(h) payout(h)).
    """
    n_keeps: cython.Py_ssize_t = keep_values1.shape[0]
    n_tables: cython.Py_ssize_t = keep_values1.shape[1]
    sides: cython.Py_ssize_t = child.shape[1]
    n_hands: cython.Py_ssize_t = n_keeps - hand_start
    b: cython.Py_ssize_t
    lo: cython.Py_ssize_t
    width: cython.Py_ssize_t
    k: cython.Py_ssize_t
    t: cython.Py_ssize_t
    j: cython.Py_ssize_t
    q: cython.Py_ssize_t
    c: cython.Py_ssize_t
    f: cython.Py_ssize_t
    h: cython.Py_ssize_t
    level: cython.Py_ssize_t
    v: cython.double
    pf: cython.double
    total: cython.double
    block: cython.Py_ssize_t = TABLE_BLOCK  # a C value: the loop below runs without the GIL
    with cython.nogil:
        for b in range(b_lo, b_hi):
            lo = b * block
            width = block if n_tables - lo > block else n_tables - lo
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
                            v = best[q, t]
                            if v > best[k, t]:
                                best[k, t] = v
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
            for t in range(width):
                total = 0.0
                for h in range(n_hands):
                    if rerolls > 0:
                        total += first_roll[h] * best[hand_start + h, t]
                    else:
                        total += first_roll[h] * e[hand_start + h, t]
                out[lo + t] = total
