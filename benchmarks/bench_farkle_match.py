"""Farkle match length: the hardest pair of named loadouts solved to growing targets, the growth fitted.

Run: python benchmarks/bench_farkle_match.py [--targets 2000,3000,4000] [--before SRC] [--repeat 2]
     [--solve-to 8000] [--json-out benchmarks/results/farkle_match.json] [--quick]
Prints a table and writes JSON. The pair: two unlike loadouts of six named dice with the devil's head (the
joker), not mirrored (`HARDEST`): the largest turn tables of the named dice (136,259 options, groups and sets
each), so the costliest match solve of any two named loadouts (a mirrored pair solves half the score pairs).

What a row includes: each solve runs in a new process (kernels compiled, both turns solved and a match to 200
solved first, so loading and the turn solves are not in it), two threads (the default); its wall-clock
seconds and its CPU seconds (user + sys of every thread, during the solve): on the shared 2-core machine the
CPU time is the figure to compare, the wall time depends on the load. `--before SRC` runs the same solves from
another source tree (an older build) in turn with this one, for paired ratios; `--repeat` keeps the fastest
of several. The growth exponent is fitted on the CPU times (least squares of log time on log target), and the
8,000 row extrapolates with it (an estimate, not a solve, and it says so) unless `--solve-to` solves it. The
guard's estimate (`guard.match_cost` times SECONDS_PER_STEP) is printed beside each measured target.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _table import print_and_save  # noqa: E402

HARDEST = ("ordinary,lucky,odd,kings,misfortune,devils-head", "ordinary,lucky,odd,kings,heavenly-kingdom,devils-head")
GOAL_TARGET = 8000

SOLVE = """
import json, time
from holdwise.games.farkle import parse_loadout
from holdwise.games.farkle.guard import SECONDS_PER_STEP, match_cost
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.stored import cached_turn
dice1, dice2 = parse_loadout({dice1!r}), parse_loadout({dice2!r})
turns = (cached_turn(dice1), cached_turn(dice2))
solve_match(dice1, dice2, target=200, turns=turns)
cpu, wall = time.process_time(), time.perf_counter()
match = solve_match(dice1, dice2, target={target}, turns=turns)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
guess = match_cost(*turns, {target})[0] * SECONDS_PER_STEP
print(json.dumps([wall, cpu, guess, match.first_player_win, match.iterations]))
"""


def solve(src: Path, target: int) -> tuple[float, float, float, float, int]:
    """(wall s, CPU s, the guard's estimate s, first player's win chance, fixed-point steps) of one match solve
    of the hardest pair to `target`, in a new process running holdwise from `src`."""
    code = SOLVE.format(dice1=HARDEST[0], dice2=HARDEST[1], target=target)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=src.parent,
                         env=dict(os.environ, PYTHONPATH=str(src)))
    return tuple(json.loads(out.stdout.strip().splitlines()[-1]))


def exponent(targets: list[int], seconds: list[float]) -> float:
    """The slope of log seconds on log target (least squares): time grows as target^slope."""
    xs, ys = [math.log(t) for t in targets], [math.log(s) for s in seconds]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", default="2000,3000,4000", help="targets solved, comma-separated")
    parser.add_argument("--before", type=Path, help="another source tree, solved in turn with this one")
    parser.add_argument("--repeat", type=int, default=1, help="solves a target and tree; the fastest is kept")
    parser.add_argument("--solve-to", type=int, default=0, help="also solve this target once (e.g. 8000)")
    parser.add_argument("--quick", action="store_true", help="targets 1500 and 2000, one solve each")
    parser.add_argument("--json-out", default=str(HERE / "results" / "farkle_match.json"))
    args = parser.parse_args()
    targets = [1500, 2000] if args.quick else [int(t) for t in args.targets.split(",")]
    trees = [("after", HERE.parent / "src")] + ([("before", args.before.resolve())] if args.before else [])
    best: dict[tuple[str, int], tuple] = {}
    for target in targets:
        for _ in range(max(1, args.repeat)):
            for name, src in reversed(trees):  # the older tree first, then this one: paired, in turn
                got = solve(src, target)
                old = best.get((name, target))
                best[name, target] = got if old is None or got[1] < old[1] else old
    rows = []
    for target in targets:
        wall, cpu, guess, win, steps = best["after", target]
        rows.append((f"match to {target}: wall (two threads, machine shared)", wall, "s", None))
        rows.append(("  CPU of that solve (user + sys, every thread)", cpu, "s", None))
        rows.append(("  the guard's estimate for it", guess, "s", None))
        if ("before", target) in best:
            b_wall, b_cpu, _, b_win, b_steps = best["before", target]
            assert (b_win, b_steps) == (win, steps), "the two trees must give the same answer"
            rows.append(("  before: wall", b_wall, "s", None))
            rows.append(("  before: CPU", b_cpu, "s", None))
            rows.append((f"  speed-up in CPU (same answer, {steps} steps)", b_cpu / cpu, "x", None))
    if len(targets) >= 2:
        for name, _ in trees:
            cpus = [best[name, t][1] for t in targets]
            slope = exponent(targets, cpus)
            label = "" if name == "after" else "before: "
            rows.append((f"{label}growth of CPU time: target^k, k", slope, "", None))
            estimate = cpus[-1] * (GOAL_TARGET / targets[-1]) ** slope
            rows.append((f"  {label}CPU to {GOAL_TARGET}, extrapolated (no solve)", estimate, "s", None))
            rows.append((f"  {label}wall to {GOAL_TARGET} on 2 free cores, extrapolated", estimate / 2, "s", "<= 60"))
    if args.solve_to:
        wall, cpu, guess, _, _ = solve(HERE.parent / "src", args.solve_to)
        rows.append((f"match to {args.solve_to}: wall (one solve, machine shared)", wall, "s", "<= 60"))
        rows.append(("  CPU of that solve", cpu, "s", None))
        rows.append(("  the guard's estimate for it", guess, "s", None))
    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
