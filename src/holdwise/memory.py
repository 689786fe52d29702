"""Answers kept in a process's memory, every cache bounded by bytes under one budget for the whole process.

Each `ByteCache` drops its own least recently used entries beyond its own limit; together they stay under the
process's budget (`$HOLDWISE_MEMORY_BUDGET`, holdwise.settings): an entry that would pass it first removes
the least recently used entries of every cache, whichever cache holds them.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import threading
import tracemalloc
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["DEFAULT_BUDGET", "SOLVE_BYTES", "ByteCache", "budget", "bounded", "bounded_large", "drop_all", "give_back", "kept",
           "kept_by_name", "on_solve", "parse_bytes", "peak", "sizeof", "solve_starts"]

DEFAULT_BUDGET = "160M"  # a worker's answers and tables; with its code and a match solve, under 800 MB
# what one heavy solve of the server's line may allocate at its peak beside the budget: a first video-poker
# strategy derivation (52 cards: about 300 MB traced, its tables included) or a race-aware match (at most
# --match-memory, 300 MB, and its scratch). A worker: about 150 MB of code and default tables, the budget, and
# this: 150 + 160 + 340 = 650 MB, under the 800 MB a worker may reach (issue 41), with room for what the
# allocator keeps after a solve
SOLVE_BYTES = 340 << 20

# what a stopped solve keeps to go on from (a race-aware match's checkpoint: its whole arrays, up to
# --match-memory) lives in the room of the one heavy solve, SOLVE_BYTES, never beside another: each heavy solve
# that starts lets the others' go first (issue 41: every match a flood left behind kept its checkpoint, 1.26 GB)
_ROOM: list[Callable[[str], None]] = []

_LOCK = threading.RLock()  # one lock for every cache: the budget's trimming reaches across them
_CACHES: list[ByteCache] = []
_CLOCK = itertools.count()


def parse_bytes(text: str) -> int:
    """A size as written: a whole number of bytes, or a number with K, M, G or T (powers of 1024)."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    shift = {"K": 10, "M": 20, "G": 30, "T": 40}.get(text[-1:], 0)
    number = text[:-1] if shift else text
    value = float(number) if shift else int(number)
    if not value == value or value < 0 or value > 2**62:  # noqa: PLR0124 - nan
        raise ValueError(text)
    return int(value * (1 << shift))


_BUDGET: list[int] = []


def budget() -> int:
    """The process's budget for kept answers, in bytes (`$HOLDWISE_MEMORY_BUDGET`, read once; a bad value,
    which `holdwise serve` refuses at start, reads as the default)."""
    if not _BUDGET:
        try:
            _BUDGET.append(parse_bytes(os.environ.get("HOLDWISE_MEMORY_BUDGET", "").strip() or DEFAULT_BUDGET))
        except (ValueError, IndexError):
            _BUDGET.append(parse_bytes(DEFAULT_BUDGET))
    return _BUDGET[0]


def sizeof(value: Any, depth: int = 4) -> int:  # noqa: ANN401
    """About how many bytes `value` holds: its NumPy arrays' bytes (a file-mapped array's none: the system may
    take its pages back), through tuples, lists, dicts, dataclasses and objects' attributes, `depth` deep; 64
    for anything else."""
    nbytes = getattr(value, "nbytes", None)
    if isinstance(nbytes, int):
        return 0 if getattr(value, "filename", None) else nbytes  # np.memmap names its file
    if isinstance(value, (bytes, str)):
        return len(value)
    if depth <= 0:
        return 64
    if isinstance(value, (tuple, list)):
        return 64 + sum(sizeof(v, depth - 1) for v in value)
    if isinstance(value, dict):
        return 64 + sum(sizeof(v, depth - 1) for v in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return 64 + sum(sizeof(getattr(value, f.name, None), depth - 1) for f in dataclasses.fields(value))
    attributes = getattr(value, "__dict__", None)
    if isinstance(attributes, dict) and not isinstance(value, type):
        return 64 + sum(sizeof(v, depth - 1) for v in attributes.values())
    return 64


def peak(work: Callable[[], T]) -> tuple[T, int]:
    """`work()` and the most bytes it had allocated at once beyond what was allocated when it began (Python's
    and NumPy's allocations, as tracemalloc counts them; slower while it runs: for tests and benchmarks)."""
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start(1)
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        result = work()
        return result, tracemalloc.get_traced_memory()[1] - before
    finally:
        if started:
            tracemalloc.stop()


def kept() -> int:
    """Bytes kept by every cache of this process."""
    with _LOCK:
        return sum(c.size for c in _CACHES)


def kept_by_name() -> dict[str, int]:
    """Bytes kept by this process's caches, summed by their names ("?" for an unnamed one)."""
    out: dict[str, int] = {}
    with _LOCK:
        for cache in _CACHES:
            out[cache.name or "?"] = out.get(cache.name or "?", 0) + cache.size
    return out


def drop_all() -> None:
    """Forget what every cache of this process keeps (as the budget does when it lets everything go)."""
    with _LOCK:
        for cache in _CACHES:
            cache.clear()


class ByteCache:
    """Values by key, least recently used dropped first, at most `limit` bytes here (a value over `largest`,
    a quarter of it unless told, is not kept) and the process's budget in all; thread-safe."""

    def __init__(self, limit: int, name: str = "", largest: int | None = None):
        self.limit = limit
        self.largest = limit // 4 if largest is None else largest
        self.name = name
        self.size = 0
        self.items: OrderedDict[Hashable, tuple[Any, int, int]] = OrderedDict()  # key -> (value, bytes, last use)
        with _LOCK:
            _CACHES.append(self)

    def get(self, key: Hashable) -> Any:  # noqa: ANN401
        """The value kept for `key` (now the most recently used), or None."""
        with _LOCK:
            hit = self.items.get(key)
            if hit is None:
                return None
            self.items[key] = (hit[0], hit[1], next(_CLOCK))
            self.items.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:  # noqa: ANN401
        """Keep `value` (`size` bytes) for `key`, dropping the least recently used here, then anywhere, to fit."""
        if size > self.largest:
            return
        with _LOCK:
            self._drop(key)
            self.items[key] = (value, size, next(_CLOCK))
            self.size += size
            while self.size > self.limit and self.items:
                self._drop(next(iter(self.items)))
            total, cap = kept(), budget()
            while total > cap:
                oldest = min((c for c in _CACHES if c.items), key=lambda c: next(iter(c.items.values()))[2])
                first = next(iter(oldest.items))
                total -= oldest.items[first][1]
                oldest._drop(first)

    def keep_at_most(self, count: int) -> None:
        """Drop the least recently used entries beyond `count`."""
        with _LOCK:
            while len(self.items) > count:
                self._drop(next(iter(self.items)))

    def clear(self) -> None:
        """Forget everything."""
        with _LOCK:
            self.items.clear()
            self.size = 0

    def pop(self, key: Hashable) -> None:
        """Forget `key`."""
        with _LOCK:
            self._drop(key)

    def _drop(self, key: Hashable) -> None:
        old = self.items.pop(key, None)
        if old is not None:
            self.size -= old[1]

    def __contains__(self, key: Hashable) -> bool:
        with _LOCK:
            return key in self.items


class _Bounded:
    """A function remembered by its arguments in a ByteCache (see `bounded`)."""

    def __init__(self, work: Callable[..., Any], name: str, share: float = 0.25):
        self.work = work
        self.memo = ByteCache(budget(), name, int(budget() * share))
        self.__name__ = getattr(work, "__name__", name)
        self.__doc__ = work.__doc__
        self.__wrapped__ = work

    def __call__(self, *args: Hashable) -> Any:  # noqa: ANN401
        known = self.memo.get(args)
        if known is None:
            known = self.work(*args)
            self.memo.put(args, known, sizeof(known))
        return known

    def cache_clear(self) -> None:
        """Forget everything (as `functools.lru_cache`'s)."""
        self.memo.clear()

    def cache_info(self) -> Any:  # noqa: ANN401
        """(hits, misses, maxsize, currsize) as `functools.lru_cache`'s: here hits and misses are not counted
        (0) and maxsize is the bytes of the budget."""
        from functools import _CacheInfo  # type: ignore[attr-defined]

        return _CacheInfo(0, 0, self.memo.limit, len(self.memo.items))


def bounded(work: Callable[..., T]) -> Callable[..., T]:
    """`functools.lru_cache` by bytes: `work`'s answers by its (hashable, positional) arguments, under the
    process's budget with every other cache; `cache_clear()` as lru_cache's."""
    return _Bounded(work, getattr(work, "__qualname__", "memo"))


def bounded_large(work: Callable[..., T]) -> Callable[..., T]:
    """`bounded` for a few large tables a process reuses across calls (a video-poker game's deal table, 47 MB):
    a value up to half the budget is kept, not only up to a quarter; the budget still bounds them all."""
    return _Bounded(work, getattr(work, "__qualname__", "memo"), share=0.5)


def on_solve(release: Callable[[str], None]) -> None:
    """Have `release(key)` called as each heavy solve `key` starts in this process: it lets go what it keeps in
    the room of the one solve (a stopped solve's checkpoint), but what the solve `key` itself goes on from."""
    _ROOM.append(release)


def solve_starts(key: str) -> None:
    """A heavy solve `key` starts in this process: the room of the one solve is made (see `on_solve`)."""
    for release in list(_ROOM):
        release(key)
    give_back()


_TRIM: list[Any] = []


def give_back() -> None:
    """Hand the pages of freed memory back to the system (glibc's `malloc_trim`; elsewhere nothing): the
    allocator keeps what a solve freed otherwise (a worker's share of the flood: 642 MB of anonymous memory
    once its solves were done, 393 MB after this)."""
    if not _TRIM:
        import ctypes
        import ctypes.util

        try:
            _TRIM.append(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim)
        except (OSError, AttributeError):
            _TRIM.append(None)
    if _TRIM[0] is not None:
        _TRIM[0](0)
