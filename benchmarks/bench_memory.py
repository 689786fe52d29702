"""Memory: a first video-poker strategy derivation's traced peak beside a worker's full answer budget.

Run: python benchmarks/bench_memory.py [--json-out benchmarks/results/memory.json]
Prints a table and writes JSON. The derivation is the strategy page's and the trainer's (hold values, basic
strategy, short charts) for a table of one's own (9/6 Jacks with the flush at 7: nothing shipped, nothing kept
on disk: a fresh cache folder), traced by `memory.peak` (tracemalloc: Python's and NumPy's allocations) while
the byte budget is full of kept answers, as a busy worker's is. The target is `memory.SOLVE_BYTES`, the memory a
heavy solve may use beside the budget (issue 41). It was a test until its 1-3 minutes of traced derivation
(10 on a loaded machine) were too much for the suite's time; the row also checks, as the test did, that the
derivation's figures are the game's and that the budget still holds afterwards (a failed check exits 1).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ["HOLDWISE_CACHE_DIR"] = tempfile.mkdtemp(prefix="holdwise-bench-memory-")  # nothing derived on disk
os.environ["HOLDWISE_MEMORY_BUDGET"] = "32M"  # a small budget, filled below
from _table import print_and_save  # noqa: E402

import numpy as np  # noqa: E402

from holdwise import memory  # noqa: E402
from holdwise.games import video_poker as face  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json-out", default="benchmarks/results/memory.json")
    args = ap.parse_args()
    filler = memory.ByteCache(32 << 20, "bench-filler")
    for i in range(16):  # the budget full of kept answers
        filler.put(i, np.ones(1 << 17), 2 << 20)
    kept_before = memory.kept()
    fields = face.table_to_json(face.get_game("jacks-or-better-9-6"))
    fields["id"], fields["name"] = "memory-bench-jacks", "Jacks or Better 9/7 (memory benchmark)"
    fields["pays"] = [{**p, "pay": "7"} if p["hand"] == "flush" else p for p in fields["pays"]]
    table = face.table_from_fields(fields)
    start = time.perf_counter()
    try:
        report, used = memory.peak(lambda: face.stored_strategy(table, 5))
    finally:
        filler.clear()
    seconds = time.perf_counter() - start
    best = face.game_return(table, 5).return_value
    checks = {"the budget was full": kept_before >= 30 << 20,
              "the derivation's figures are the game's": abs(report["optimal_return"] - best) < 1e-12
              and report["return"] <= best + 1e-12 and report["chart_text"].count("\n") >= 20,
              "the budget holds afterwards": memory.kept() <= memory.budget()}
    print_and_save([("first derivation: traced peak", used / 2**20, "MiB", f"<= {memory.SOLVE_BYTES / 2**20:.0f}"),
                    ("first derivation: wall, traced", seconds, "s", None)], args.json_out)
    failed = [name for name, ok in checks.items() if not ok]
    for name in failed:
        print(f"check failed: {name}")
    sys.exit(1 if failed or used > memory.SOLVE_BYTES else 0)


if __name__ == "__main__":
    main()
