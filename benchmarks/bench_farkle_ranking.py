"""Farkle whole-domain ranking (`holdwise sweep farkle-ranking --dice all-named`): CPU per set of the judge
stage as a worker runs it, beside solving every set exactly (the anchor: what `farkle-loadouts` does per set),
and the projection for the 2,324,784 sets on 2 and on 100 workers.

Run: python benchmarks/bench_farkle_ranking.py [--sets 1500] [--sample 12] [--quick] [--json-out FILE]
Rows: "judge, memo empty": the kind's own `solve_range` over `--sets` sets from a few places in the listing, in
a process whose memo of sub-set bounds was emptied first (a worker's first range there); "judge, memo warm":
the next `--sets` sets right after (a worker's later ranges). The threshold is the one the whole run found
(the 20th best of the 100 strongest sets, 8,598.36 points). "solve exactly": `exact_points` of a seeded random
sample of the whole domain's sets (nothing remembered between sets). CPU seconds (process time), one process,
compiled kernels; `--quick`: --sets 400 --sample 4.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

THRESHOLD = 8598.36215990608  # the whole run's: 20th best exact value of the 100 strongest sets
PLACES = (0, 400_000, 1_200_000, 2_000_000)  # where in the listing (by index) the ranges start
WORKERS = (2, 100)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=1500)
    parser.add_argument("--sample", type=int, default=12)
    parser.add_argument("--json-out", default=None)
    parser.add_argument("--quick", action="store_true", help="--sets 400 --sample 4")
    args = parser.parse_args()
    if args.quick:
        args.sets, args.sample = 400, 4
    from holdwise.games import farkle as fk
    from holdwise.games.farkle import search
    from holdwise.sweep.kinds import farkle_ranking as kind

    d = kind.definition(dice="all-named")
    total = kind.count(d)
    # the threshold as the workers get it: the top-th best of the stage's exact values
    d["exact"] = [[f"(threshold {i})", THRESHOLD] for i in range(d["top"])]
    fk.exact_points(fk.parse_loadout("ordinary*6"))  # kernels loaded before any timing
    rows = []
    for place in PLACES:
        search._MEMOS.clear()
        for label, start in (("memo empty", place), ("memo warm", place + args.sets)):
            began = time.process_time()
            out = kind.solve_range(d, start, start + args.sets)
            cpu = time.process_time() - began
            rows.append({"row": f"judge, {label}", "start": start, "sets": len(out),
                         "ms_per_set": 1000 * cpu / len(out),
                         "solved": sum(1 for r in out if r[2])})
    sample = random.Random(7).sample(range(total), args.sample)
    texts = [kind._text(d, next(kind._sets_from(kind._counts(d), n))) for n in sample]
    began = time.process_time()
    for text in texts:
        fk.exact_points(fk.parse_loadout(text))
    exact_ms = 1000 * (time.process_time() - began) / len(texts)
    rows.append({"row": "solve exactly (anchor)", "start": None, "sets": len(texts), "ms_per_set": exact_ms,
                 "solved": len(texts)})
    warm = [r["ms_per_set"] for r in rows if r["row"] == "judge, memo warm"]
    cold = [r["ms_per_set"] for r in rows if r["row"] == "judge, memo empty"]
    per_set = sum(warm) / len(warm)
    print(f"{'row':<24} {'start':>10} {'sets':>6} {'ms/set':>8} {'solved':>7}")
    for r in rows:
        start = "-" if r["start"] is None else f"{r['start']:,}"
        print(f"{r['row']:<24} {start:>10} {r['sets']:>6} {r['ms_per_set']:>8.2f} {r['solved']:>7}")
    print(f"judge (memo warm, mean) {per_set:.2f} ms a set; memo empty {sum(cold) / len(cold):.2f}; "
          f"solve exactly {exact_ms:.0f} ms: {exact_ms / per_set:.0f}x")
    projection = {}
    for workers in WORKERS:
        hours = total * per_set / 1000 / workers / 3600
        projection[workers] = hours
        print(f"whole domain, judge stage on {workers} idle workers: {60 * hours:,.1f} min "
              f"(every set solved exactly: {60 * hours * exact_ms / per_set:,.0f} min)")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"rows": rows, "sets": total, "threshold": THRESHOLD,
                                                   "projection_hours": projection}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
