"""The web server's limits on heavy work and memory, from the environment; a bad value is refused in one line.

`holdwise serve` sets the variables from its options; its workers read them."""

from __future__ import annotations

import os
from dataclasses import dataclass

from .errors import InputError
from .memory import parse_bytes
from .storage import cache_budget

__all__ = ["SETTINGS", "Limits", "check_settings", "limits"]


@dataclass(frozen=True)
class Limits:
    """How much heavy work a server takes on (holdwise.web.work says how each is used) and the memory budget."""

    solves: int
    jobs: int
    per_client: int
    idle_s: float
    memory_bytes: int
    match_bytes: int


# (environment variable, `holdwise serve` option, default, smallest, largest, what it is): the defaults are sized
# for a 2-core machine running two workers: one solve at a time leaves a core for the cheap requests
SETTINGS = (
    ("HOLDWISE_SOLVES", "--solves", "1", 1, 64, "heavy solves running at once"),
    ("HOLDWISE_MAX_JOBS", "--max-jobs", "6", 1, 10_000, "visitors' solves queued or running in all"),
    ("HOLDWISE_CLIENT_JOBS", "--client-jobs", "2", 1, 10_000, "solves queued or running per client"),
    ("HOLDWISE_JOB_IDLE", "--job-idle", "20", 2, 3600, "seconds a solve nobody asks about is kept"),
    ("HOLDWISE_MEMORY_BUDGET", "--memory-budget", "160M", 16 << 20, 1 << 50, "bytes of answers kept in memory"),
    ("HOLDWISE_MATCH_MEMORY", "--match-memory", "300M", 16 << 20, 1 << 50, "bytes of a match solve the web starts"),
    ("HOLDWISE_CACHE_BUDGET", "--cache-budget", "3G", 64 << 20, 1 << 60, "bytes of the cache folder"),
)


def _setting(name: str, option: str, default: str, low: int, high: int, what: str) -> int:
    text = os.environ.get(name, "").strip() or default
    sized = name.endswith(("_BUDGET", "_MEMORY"))
    try:
        value = parse_bytes(text) if sized else int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        kind = f"a size (3G, 500M, bytes) of at least {_size(low)}" if sized else f"{low:,} to {high:,}"
        raise InputError(f"{option} ({name}): {kind}, got {text!r}")
    return value


def _size(n: int) -> str:
    for unit, shift in (("T", 40), ("G", 30), ("M", 20), ("K", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift:,}{unit}"
    return f"{n:,}"


def check_settings() -> Limits:
    """The limits from the environment; InputError, one line naming the setting, for a bad value."""
    values = [_setting(*row) for row in SETTINGS]
    cache_budget()  # read by the stores (holdwise.storage); the same check
    return Limits(solves=values[0], jobs=values[1], per_client=values[2], idle_s=float(values[3]),
                  memory_bytes=values[4], match_bytes=values[5])


_LIMITS: list[Limits] = []


def limits() -> Limits:
    """This process's limits (read once)."""
    if not _LIMITS:
        _LIMITS.append(check_settings())
    return _LIMITS[0]
