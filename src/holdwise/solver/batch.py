"""The Numba kernel for batches of payout tables, and the threads that share them out.

The kernel is a plain function `_name` bound as `name = njit(...)(_name)`, so the tests can run it uncompiled
with NUMBA_DISABLE_JIT=1. It is serial and releases the GIL: `optimal_returns` gives each thread a run of
blocks of tables. (Numba's parallel=True did the same but took seconds more to compile on a first run.)
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .jit import njit
from .lattice import FloatArray, Int32Array

__all__ = ["TABLE_BLOCK", "block_returns", "optimal_returns", "threads"]

# Tables solved side by side: the inner loops then run over contiguous tables and vectorize.
TABLE_BLOCK = 128


def _block_returns(keep_values1: FloatArray, parent_ptr: Int32Array, parent_idx: Int32Array, child: Int32Array,
                   hand_start: int, probs: FloatArray, first_roll: FloatArray, rerolls: int, out: FloatArray,
                   b_lo: int, b_hi: int, e: FloatArray, best: FloatArray) -> None:
    """Optimal return of each table of blocks b_lo..b_hi-1, given E_1 of every keep for every table (one
    column a table); e and best are scratch (keeps x TABLE_BLOCK).

    Keep k's parents are parent_idx[parent_ptr[k]:parent_ptr[k + 1]]; keeps are ordered by size.
    Per level: the closure B(k) = max(E(k), B(parents of k)) over the smallest keeps first gives
    V_L(h) = B(h); then E(k) = sum_f p_f E(k + f) over the largest keeps first. The return is
    sum_h P(h) V_R(h) (with no re-roll, sum_h P(h) payout(h)). No min()/max() calls: each would compile
    a builtin of its own on a first run.
    """
    n_keeps, n_tables = keep_values1.shape
    sides = child.shape[1]
    n_hands = n_keeps - hand_start
    for b in range(b_lo, b_hi):
        lo = b * TABLE_BLOCK
        width = TABLE_BLOCK if n_tables - lo > TABLE_BLOCK else n_tables - lo
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
        final = best if rerolls > 0 else e
        for t in range(width):
            total = 0.0
            for h in range(n_hands):
                total += first_roll[h] * final[hand_start + h, t]
            out[lo + t] = total


block_returns = njit(cache=True, nogil=True)(_block_returns)



@dataclass
class _Pool:
    """The batch threads of one process: a forked child (another pid) makes its own."""

    pid: int = -1
    workers: int = 0
    executor: ThreadPoolExecutor | None = None


_POOL = _Pool()
_LOCK = threading.Lock()


def threads() -> int:
    """Threads a batch may use: the CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _pool(workers: int) -> ThreadPoolExecutor:
    with _LOCK:
        if _POOL.executor is None or _POOL.pid != os.getpid() or _POOL.workers < workers:
            if _POOL.executor is not None and _POOL.pid == os.getpid():
                _POOL.executor.shutdown(wait=False)  # a smaller pool of this process: its threads end when idle
            _POOL.pid, _POOL.workers = os.getpid(), workers
            _POOL.executor = ThreadPoolExecutor(workers, thread_name_prefix="holdwise-batch")
        return _POOL.executor


def optimal_returns(keep_values1: FloatArray, parent_ptr: Int32Array, parent_idx: Int32Array, child: Int32Array,
                    hand_start: int, probs: FloatArray, first_roll: FloatArray, rerolls: int,
                    max_threads: int | None = None) -> FloatArray:
    """Optimal return of each table (keep_values1: E_1 of every keep, one column a table, C order); the
    blocks of tables are shared out over threads (the CPUs, or at most `max_threads`), one run of blocks each."""
    n_keeps, n_tables = keep_values1.shape
    out: FloatArray = np.empty(n_tables)
    n_blocks = (n_tables + TABLE_BLOCK - 1) // TABLE_BLOCK
    allowed = threads() if max_threads is None else max(1, int(max_threads))
    workers = max(1, min(n_blocks, allowed))  # two blocks (252 tables of five dice) already gain

    def run(part: int) -> None:
        block_returns(keep_values1, parent_ptr, parent_idx, child, hand_start, probs, first_roll, rerolls, out,
                      part * n_blocks // workers, (part + 1) * n_blocks // workers,
                      np.empty((n_keeps, TABLE_BLOCK)), np.empty((n_keeps, TABLE_BLOCK)))

    if workers <= 1:
        run(0)
    else:
        others = [_pool(workers - 1).submit(run, part) for part in range(1, workers)]
        run(0)  # this thread takes the first run
        for future in others:
            future.result()
    return out
