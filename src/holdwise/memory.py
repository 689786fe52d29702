"""Answers kept in a process's memory, every cache bounded by bytes under one budget for the whole process.

Each `ByteCache` drops its own least recently used entries beyond its own limit; together they stay under the
process's budget (`$HOLDWISE_MEMORY_BUDGET`, holdwise.settings): an entry that would pass it first removes
the least recently used entries of every cache, whichever cache holds them.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

__all__ = ["ByteCache", "budget", "kept"]

_LOCK = threading.RLock()  # one lock for every cache: the budget's trimming reaches across them
_CACHES: list[ByteCache] = []
_CLOCK = itertools.count()


def budget() -> int:
    """The process's budget for kept answers, in bytes."""
    from .settings import limits

    return limits().memory_bytes


def kept() -> int:
    """Bytes kept by every cache of this process."""
    with _LOCK:
        return sum(c.size for c in _CACHES)


class ByteCache:
    """Values by key, least recently used dropped first, at most `limit` bytes here (a value over a quarter of it
    is not kept) and the process's budget in all; thread-safe."""

    def __init__(self, limit: int, name: str = ""):
        self.limit = limit
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
        if size > self.limit // 4:
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
