"""Batches of payout tables shared out over threads; the kernel is `batch_kernels.block_returns`.

The kernel is serial and releases the GIL: `optimal_returns` gives each thread a run of blocks of tables.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .batch_kernels import TABLE_BLOCK, block_returns
from .lattice import FloatArray, Int32Array

__all__ = ["TABLE_BLOCK", "block_returns", "optimal_returns", "threads"]






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
