"""Farkle loadout sweep with an opponent: seconds per loadout (one row of the `farkle-loadouts` kind, one
thread, as a Dask worker runs it) and the projection for all 54,264 named loadouts on 100 workers.

Run: python benchmarks/bench_farkle_sweep.py [--targets 1000 2000 4000] [--sample 40] [--quick]
Each row is timed through the kind's own `solve` (the turn report, then one race-aware match solve, which gives
both the first and the second mover's chance), as a worker meets a new loadout: the turn memos emptied first,
the opponent's turn solved before (a worker solves it once), the kernels called before by a warm-up row; holdwise's
cache folder is a new empty one (nothing stored is read). `--quick`: --targets 1000 2000 --sample 10. A match's work grows as g^2 (g + 1) in g = target / 50, so the
rows too slow or beyond the guard at 4,000 are timed at smaller targets and scaled. The projection: seconds
per step of the match's cost model (match_cost), measured on the timed rows, times the steps of a seeded
random sample of the named loadouts, scaled to all of them and divided among the workers.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))
from _table import forget_turns  # noqa: E402

TYPICAL = ("ordinary*6", "ordinary*4, weighted*2", "ordinary*4, lucky, odd", "ordinary*3, weighted, lucky, odd",
           "lucky*2, odd*2, kings, pie")
OPPONENT = "ordinary*6"
WORKERS = 100


def steps(g: int) -> int:
    return g * g * (g + 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--json-out", default=None)
    parser.add_argument("--quick", action="store_true", help="--targets 1000 2000 --sample 10")
    args = parser.parse_args()
    if args.quick:
        args.targets, args.sample = [1000, 2000], 10
    tmp = tempfile.TemporaryDirectory(prefix="holdwise-bench-farkle-sweep-")
    os.environ["HOLDWISE_CACHE_DIR"] = tmp.name  # nothing stored before this run is read
    from holdwise.games import farkle as fk
    from holdwise.games.farkle import MATCH_MAX_WORK, match_cost
    from holdwise.sweep.kinds import farkle_loadouts as kind

    other = fk.parse_loadout(OPPONENT)
    warm = kind.definition(owned="ordinary*6,lucky", opponent_dice=OPPONENT, target=500)
    kind.solve(warm, [{"dice": "ordinary*6"}, {"dice": "ordinary*5, lucky"}])  # compile first
    timed = []
    for target in args.targets:
        # the rows one at a time: the definition itself refuses all named dice beyond 2,250 (its costliest six)
        d = {**kind.definition(dice="all-named"), "opponent_dice": OPPONENT, "target": target}
        for text in TYPICAL:
            dice = fk.parse_loadout(text)
            work = match_cost(dice, other, target)[0]
            if work > MATCH_MAX_WORK:
                print(f"{text:36} {target:>6,}  beyond the guard ({work:.2e} steps)", flush=True)
                continue
            forget_turns()
            fk.solve_turn(other)  # the opponent's turn: a worker solves it once, for its first row
            start = time.perf_counter()
            row = kind.solve(d, [{"dice": text}])[0]
            seconds = time.perf_counter() - start
            assert row["win_average"] is not None, row
            timed.append({"dice": text, "target": target, "seconds": seconds, "work": work})
            print(f"{text:36} {target:>6,}  {seconds:7.2f} s  {work:.2e} steps  {1e9 * seconds / work:.2f} ns/step"
                  f"  win {row['win_average']:.4f}", flush=True)
    # the unlike rows only: the mirror (the opponent's own dice) solves half the pairs its model counts
    per_step = statistics.median(t["seconds"] / t["work"] for t in timed
                                 if t["target"] >= 2000 and t["dice"] != OPPONENT)
    keys = [k for k, _ in kind.items(kind.definition(dice="all-named"))]
    rng = random.Random(25)
    sample = rng.sample(keys, args.sample)
    works = {}
    for text in sample:
        plan = fk.turn_plan(fk.parse_loadout(text), keep=False)
        if plan.unbounded is not None or plan.work > fk.LOADOUT_TURN_MAX_WORK:
            continue
        works[text] = match_cost(fk.parse_loadout(text), other, 4000)[0]
    mean = statistics.fmean(works.values())
    beyond = sum(w > MATCH_MAX_WORK for w in works.values()) / len(works)
    total_s = len(keys) * mean * per_step
    print(f"seconds per step (median of the timed rows at 2,000 and above): {1e9 * per_step:.2f} ns")
    print(f"sample of {len(sample)} named loadouts, {len(works)} bounded: mean {mean:.2e} steps at 4,000 "
          f"(= {mean * per_step:.1f} s a row), {100 * beyond:.0f}% beyond the guard")
    print(f"all {len(keys):,}: {total_s / 3600:,.0f} core-hours; on {WORKERS} workers {total_s / WORKERS / 3600:,.1f} h")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"timed": timed, "ns_per_step": 1e9 * per_step,
                                                   "sample": works, "total_seconds": total_s}, indent=1))
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
