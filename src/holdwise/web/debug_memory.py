"""A worker's memory as it sees it, for the benchmarks only (issue 41's soak): `GET /api/debug/memory`.

The route exists only when `$HOLDWISE_DEBUG_MEMORY` is set when the app is made (never by `holdwise serve`'s
options, never in the schema): `1` for the byte totals, `trace` to also trace allocations from the start
(tracemalloc, one frame; slower) and answer the 15 lines that grew most since the first snapshot. The answer:
the process's RSS and anonymous RSS, the bytes each `ByteCache` keeps (by name) under the memory budget, the
entries and about-bytes (`memory.sizeof`) of every `functools.lru_cache` of holdwise's modules, and glibc's
`mallinfo2` (bytes the allocator has from the system, in use, and free but kept). `?trim=1` first hands freed
memory back (`memory.give_back`) and says how much RSS that returned."""

from __future__ import annotations

import functools
import os
import re
import sys
import tracemalloc
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from .. import memory

_LRU = type(functools.lru_cache(maxsize=1)(len))  # functools' wrapper type (its name is private)

__all__ = ["enabled", "router"]

_FIRST: list[tracemalloc.Snapshot] = []


def enabled() -> bool:
    """Whether the route is to be added (`$HOLDWISE_DEBUG_MEMORY`); with `trace`, tracing starts now."""
    mode = os.environ.get("HOLDWISE_DEBUG_MEMORY", "").strip().lower()
    if mode == "trace" and not tracemalloc.is_tracing():
        tracemalloc.start(1)
    return mode not in ("", "0", "no", "off", "false")


def _status() -> tuple[float, float]:
    text = Path("/proc/self/status").read_text()
    rss, anon = (re.search(rf"{k}:\s+(\d+)", text) for k in ("VmRSS", "RssAnon"))
    return (int(rss.group(1)) / 1024 if rss else 0.0), (int(anon.group(1)) / 1024 if anon else 0.0)


def _mallinfo() -> dict[str, int]:
    import ctypes

    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                          "fsmblks", "uordblks", "fordblks", "keepcost")]

    try:
        call = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return {}
    call.restype = Info
    info = call()
    # arena: from the system by brk and the threads' arenas; hblkhd: mmapped blocks; uordblks: in use;
    # fordblks: free but kept
    return {"arena": info.arena, "mmapped": info.hblkhd, "in_use": info.uordblks, "free_kept": info.fordblks}


def _memos() -> dict[str, tuple[int, int]]:
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("holdwise.") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            # lru_cache's wrappers only: an object answering any attribute (Cython's shadow module in
            # holdwise.solver.cy) has a "cache_info" too; a memo by bytes (memory.bounded) is its ByteCache, counted
            # with the caches
            if not isinstance(value, _LRU) or value.__module__ != name:
                continue  # imported from another module: counted there
            entries = value.cache_info().currsize
            size = _lru_bytes(value) if entries else 0
            out[f"{name.removeprefix('holdwise.')}.{attr}"] = (entries, size)
    return out


def _lru_bytes(wrapper: Any) -> int:  # noqa: ANN401
    """About the bytes an lru_cache holds: its entries' keys and values (the C implementation hands them to the
    garbage collector's traversal of the wrapper, beside its dict, function and type)."""
    import gc
    import types

    skip = (type, dict, types.FunctionType)
    return sum(memory.sizeof(ref) for ref in gc.get_referents(wrapper) if not isinstance(ref, skip))


router = APIRouter()


@router.get("/api/debug/memory", include_in_schema=False)
def debug_memory(trim: bool = False) -> dict:
    rss, anon = _status()
    answer: dict[str, Any] = {"pid": os.getpid(), "rss_mb": rss, "anon_mb": anon}
    if trim:
        memory.give_back()
        answer["trimmed_rss_mb"], answer["trimmed_anon_mb"] = _status()
    caches = memory.kept_by_name()
    answer["kept"] = sum(caches.values())
    answer["budget"] = memory.budget()
    answer["caches"] = {k: v for k, v in caches.items() if v}
    answer["memos"] = {k: v for k, v in _memos().items() if v[0]}
    answer["malloc"] = _mallinfo()
    if tracemalloc.is_tracing():
        snap = tracemalloc.take_snapshot()
        if not _FIRST:
            _FIRST.append(snap)
        answer["traced_mb"] = tracemalloc.get_traced_memory()[0] / 2**20
        answer["grown"] = [[str(s.traceback), s.size_diff, s.count_diff]
                           for s in snap.compare_to(_FIRST[0], "lineno")[:15]]
    return answer
