"""A worker's allocator (engine._tune_malloc): under Dask's MALLOC_TRIM_THRESHOLD_, a chunk's arrays of a few MB
come from the heap once tuned, instead of being mapped afresh each time."""

import os
import platform
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                                reason="mallopt is glibc's")

PROBE = """
import ctypes, sys
from holdwise.sweep import engine

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]

def mapped(size):
    p = libc.malloc(size)
    flags = ctypes.c_size_t.from_address(p - ctypes.sizeof(ctypes.c_size_t)).value
    libc.free(p)
    return bool(flags & 2)  # glibc marks a chunk that mmap gave with bit 1 of its size word

before = [mapped(n) for n in (1 << 20, 8 << 20, 64 << 20)]
engine._tune_malloc()
engine._tune_malloc()  # once is enough; twice changes nothing
after = [mapped(n) for n in (1 << 20, 8 << 20, 64 << 20)]
print(before, after)
"""


def test_a_tuned_worker_takes_chunk_sized_blocks_from_the_heap():
    env = {**os.environ, "MALLOC_TRIM_THRESHOLD_": "65536"}  # as Dask's nanny starts a worker
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["[True,", "True,", "True]", "[False,", "False,", "True]"]


def test_the_chunk_functions_tune_once(monkeypatch):
    from holdwise.sweep import engine

    calls = []
    monkeypatch.setattr(engine, "_tune_malloc", lambda: calls.append(1))
    engine.solve_range_chunk("dice-poker", _definition(), 0, 3)
    engine.solve_chunk("dice-poker", _definition(), [])
    assert calls == [1, 1]


def _definition():
    from holdwise.sweep.kinds import dice_poker

    return dice_poker.definition(grid="five=5:7")
