"""Shared by the benchmark scripts: time a call, print the rows as a table and write them as JSON."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path


def timed(fn, repeat: int = 1) -> float:
    """Median wall-clock seconds of `repeat` calls of fn()."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def print_and_save(rows, json_out: str) -> None:
    """rows: (measure, value, unit, target or None)."""
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>14}  {'unit':<8}  target")
    for name, value, unit, target in rows:
        print(f"{name:<{width}}  {value:>14,.3f}  {unit:<8}  {target or ''}")
    out = Path(json_out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([{"measure": n, "value": v, "unit": u, "target": t} for n, v, u, t in rows], indent=2))
    print(f"written {out}")
