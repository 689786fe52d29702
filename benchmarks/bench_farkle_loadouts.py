"""Farkle inventory search: `holdwise farkle search` beside the Kingdom Come calculator's own search, in one run.

Run: python benchmarks/bench_farkle_loadouts.py [--anchors DIR] [--sizes 247,2510,60460] [--modes ppt,need2000]
     [--anchor-max-seconds 600] [--workers 2] [--before SRC] [--repeat 1] [--no-anchor]
     [--json-out benchmarks/results/farkle_loadouts.json]
Prints a table and writes JSON. `--before SRC` runs the same searches from another source tree (a worktree of
main, say) in turn with this one, `--repeat` times each, the fastest kept, for paired ratios on the shared
machine; `--no-anchor` leaves the calculator's search out (its dice list still chooses the inventories, or
without the calculator at hand its order recorded here, ANCHOR_ORDER).

The inventories: the first 8, 12 and 20 special dice in the calculator's own order, one of each, Ordinary dice
filling (both tools fill so): 247, 2,510 and 60,460 sets of six. The modes: `ppt`, expected points per turn
(the calculator's "points per turn", its cap of 20,000); `need2000`, a turn played to 2,000 points (holdwise
`--need 2000`; the calculator's "match target" 2,000: both maximize E[min(banked, 2000)]).

What a row times: holdwise, one whole process, `python -m holdwise farkle search --owned ... --top 12 --workers W
--json`, started cold (imports, the score table, every bound and every exact solve; no stored answer exists for a
search); the calculator, `node search.js` with W worker threads (its page's "cores"), the exact search as the page
runs it (its neural-network accelerator off: that is a learned filter, not a proof). Wall seconds and CPU
seconds (user + sys of the process and every worker). A calculator run its own page's cost model says would take
longer than --anchor-max-seconds is not run: its row is an estimate from the measured CPU per set of the largest
inventory measured before it in the same mode (a lower bound: bigger inventories hold more unlike dice per set, and those cost it
more), and says so; a run that does start is stopped at 3 x --anchor-max-seconds (at least 600 s) and its row
says "more than" that wall time (on 2,510 sets the estimate from 247 fell short by over 3x). The goals (issue 39): 2,510 sets in at most 5 s and 60,460 in at most 2 minutes, wall, on
this 2-core machine, which is shared: the load average is printed with each row.

Values: both rank every set exactly, but holdwise's rules add the spare-die rule (docs/games/farkle.md), so the
values differ (six ordinary dice: 594.96 against the calculator's 564.44 points a turn); each tool's best set
and value are printed, and holdwise's ranking is checked against its own brute force in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _kcd2_anchor import anchor_dice, anchor_names, find_anchor_search, run_anchor_search  # noqa: E402

SIZES = {247: 8, 2510: 12, 60460: 20}
GOALS = {2510: 5.0, 60460: 120.0}
MODES = {"ppt": None, "need2000": 2000}
TOP = 12


# The first 20 distinct special dice in the calculator's order (its page at 3000829 lists the dice by name),
# as holdwise ids: the inventories when the calculator is not at hand and --no-anchor is given
ANCHOR_ORDER = ("aranka", "balatro", "cautious-cheater", "ci", "misfortune", "even", "favourable", "greasy", "grimy",
                "grozav", "heavenly-kingdom", "holy-trinity", "kings", "lousy-gambler", "lucky", "mathematician",
                "monk", "mother-of-pearl", "odd", "painted")


def inventory(anchor: Path | None, specials: int) -> tuple[list[str], dict[str, int]]:
    """(holdwise ids, the calculator's inventory by its names) of the first `specials` distinct special dice in
    the calculator's order, one of each (a re-skin of the Ordinary die or of a die before it is skipped);
    with no calculator, ANCHOR_ORDER's and no names."""
    if anchor is None:
        return list(ANCHOR_ORDER[:specials]), {}
    dice = anchor_dice(anchor)
    names = anchor_names(dice)
    by_name = {v: k for k, v in names.items()}
    ordinary = [d["weights"] for d in dice if d["name"] == "Ordinary die"][0]
    chosen: list[str] = []
    seen = {(tuple(ordinary), False)}  # distinct dice only: re-skins roll alike and are one kind to both tools
    for d in dice:
        kind = (tuple(d["weights"]), bool(d["devil"]))
        if kind not in seen and len(chosen) < specials:
            seen.add(kind)
            chosen.append(d["name"])
    return [by_name[n] for n in chosen], {n: 1 for n in chosen}


def run_holdwise(ids: list[str], need: int | None, workers: int, src: Path = HERE.parent / "src") -> dict:
    """One cold `holdwise farkle search` process running holdwise from `src`: its JSON answer, wall and CPU
    seconds."""
    cmd = [sys.executable, "-m", "holdwise", "farkle", "search", "--owned", ",".join(ids), "--top", str(TOP),
           "--workers", str(workers), "--json"]
    if need:
        cmd += ["--need", str(need)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONPATH=str(src)))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = json.loads(done.stdout)
    out["wall"] = wall
    out["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out


def fastest(ids: list[str], need: int | None, workers: int, repeat: int, before: Path | None) -> tuple[dict, dict | None]:
    """The fastest (wall) of `repeat` runs of this tree and, with `before`, of that tree, run in turn."""
    ours: list[dict] = []
    theirs: list[dict] = []
    for _ in range(max(1, repeat)):
        if before is not None:
            theirs.append(run_holdwise(ids, need, workers, before))
        ours.append(run_holdwise(ids, need, workers))
    pick = min(ours, key=lambda r: r["wall"])
    return pick, (min(theirs, key=lambda r: r["wall"]) if theirs else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchors", help="the anchors folder (else $HOLDWISE_ANCHORS, else build/anchors)")
    parser.add_argument("--sizes", default="247,2510,60460")
    parser.add_argument("--modes", default="ppt,need2000")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--anchor-max-seconds", type=float, default=600.0,
                        help="longest calculator run made (else estimated from the smallest inventory's)")
    parser.add_argument("--before", type=Path, help="another source tree, searched in turn with this one")
    parser.add_argument("--repeat", type=int, default=1, help="searches a row and tree; the fastest is kept")
    parser.add_argument("--no-anchor", action="store_true", help="time holdwise only (the calculator not run)")
    parser.add_argument("--json-out", default=str(HERE / "results" / "farkle_loadouts.json"))
    args = parser.parse_args()
    anchor = find_anchor_search(args.anchors)
    if anchor is None and not args.no_anchor:
        print("the calculator's search.js is not in the anchors folder (see benchmarks/_kcd2_anchor.py)")
        return 2
    sizes = sorted(int(s) for s in args.sizes.split(","))
    rows = []
    stopped: set[tuple[str, int]] = set()  # the calculator's searches stopped at their time limit
    print(f"{'inventory':>9} {'mode':>8} | {'holdwise wall':>13} {'cpu':>7} | {'calculator wall':>15} {'cpu':>8} | "
          f"{'ratio':>6} {'load':>5}")
    for mode in args.modes.split(","):
        need = MODES[mode]
        per_set_cpu = None
        for size in sizes:
            ids, anchor_inv = inventory(anchor, SIZES[size])
            load = os.getloadavg()[0]
            ours, before = fastest(ids, need, args.workers, args.repeat, args.before)
            assert ours["sets"] == size, (ours["sets"], size)
            guess = None if per_set_cpu is None else per_set_cpu * size / args.workers
            if args.no_anchor:
                a_wall = a_cpu = float("nan")
                measured, best_theirs = False, {}
            elif guess is None or guess <= args.anchor_max_seconds:
                assert anchor is not None
                limit = max(3 * args.anchor_max_seconds, 600)
                try:
                    theirs = run_anchor_search(anchor, anchor_inv, threads=args.workers,
                                               mode="ppt" if need is None else "match", target=need,
                                               timeout=limit, top=TOP)
                except subprocess.TimeoutExpired:
                    # the estimate is a lower bound, and an inventory with more unlike dice per set costs the
                    # calculator more a set: a search stopped at the limit is a row of its own, "more than"
                    a_wall, a_cpu, measured, best_theirs = limit, float("nan"), False, {}
                    stopped.add((mode, size))
                else:
                    a_wall, a_cpu, measured = theirs["process_wall_seconds"], theirs["process_cpu_seconds"], True
                    per_set_cpu = a_cpu / size  # the largest inventory measured: the tightest lower bound
                    best_theirs = theirs.get("top", [{}])[0]
            else:
                a_wall = a_cpu = per_set_cpu * size
                a_wall /= args.workers
                measured, best_theirs = False, {}
            ratio = ours["wall"] / a_wall
            goal = GOALS.get(size) if need is None else None
            rows.append({"inventory": size, "mode": mode, "holdwise_wall": ours["wall"], "holdwise_cpu": ours["cpu"],
                         "holdwise_solved": ours["solved"], "holdwise_best": ours["loadouts"][0],
                         "calculator_wall": None if args.no_anchor else a_wall,
                         "calculator_cpu": None if args.no_anchor else a_cpu, "calculator_measured": measured,
                         "calculator_stopped_at_limit": (mode, size) in stopped,
                         "calculator_best": best_theirs, "ratio": None if args.no_anchor else ratio,
                         "goal_seconds": goal,
                         "goal_met": None if goal is None else ours["wall"] <= goal, "load": load,
                         "before_wall": None if before is None else before["wall"],
                         "before_cpu": None if before is None else before["cpu"],
                         "before_solved": None if before is None else before["solved"]})
            tag = ("" if measured else " (not run)" if args.no_anchor else " (>, stopped)" if (mode, size) in stopped
                   else " (est.)")
            print(f"{size:>9,} {mode:>8} | {ours['wall']:>11.1f} s {ours['cpu']:>6.1f}s | {a_wall:>13.1f} s{tag} "
                  f"{a_cpu:>7.0f}s | {ratio:>6.3f} {load:>5.1f}"
                  + (f"  goal {goal:.0f} s: {'met' if ours['wall'] <= goal else 'NOT met'}" if goal else ""))
            print(f"{'':>20}holdwise best: {', '.join(ours['loadouts'][0]['dice_names'])} "
                  f"{ours['loadouts'][0]['expected_points']:.2f} ({ours['solved']} of {size:,} solved exactly)")
            if best_theirs:
                print(f"{'':>20}calculator best: {', '.join(best_theirs['dice'])} {best_theirs['ev']:.2f}")
            if before is not None:
                print(f"{'':>20}before: {before['wall']:.1f} s wall, {before['cpu']:.1f} s CPU "
                      f"({before['solved']} solved); this tree / before: wall {ours['wall'] / before['wall']:.3f}, "
                      f"CPU {ours['cpu'] / before['cpu']:.3f}")
    out = Path(args.json_out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(f"written {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
