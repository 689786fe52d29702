"""Whole CLI processes (issue 38, lean processes): wall time and peak memory of each main command, and what it
imports.

    python benchmarks/bench_processes.py [--repeat 5] [--first-repeat 5] [--only farkle,yahtzee]
                                         [--json build/bench/processes.json]

Each row times whole processes `python -m holdwise <command>` run from this tree's `src/` (median of --repeat
new processes). "warm" rows run with caches already filled (a private holdwise cache folder and Numba cache,
filled by one unmeasured run of the command first), as a user's second command finds them: a command whose
answer was stored reads it (the row says "reads the stored answer" where that is so). "first call" rows run
each process with an empty holdwise cache folder and an empty Numba cache, as right after install: they
include building tables, solving, and compiling any Numba kernel. Peak RSS is the largest `ru_maxrss` of the
measured processes (the Python process itself: a compiler it starts is not counted). The anchors, in the same
run: a Python process that only imports what the whole command line prints or computes with (numpy, typer,
rich), and one that only imports NumPy (the floor of a command that computes; the quick lane, `cli/quick.py`,
runs `farkle turn` without typer and rich), both with one OpenBLAS thread, as the command line runs itself
(`cli.main`): the threads OpenBLAS starts per core would make the anchors dearer than a command. Goal:
`farkle turn` for a new loadout, first call, within 0.15 s.
The heavy libraries each command loaded, first call and warm (from one more, unmeasured, run of each) are
printed below the table and kept in the JSON. Goal: at most 80 MiB a command, except solves whose tables alone are larger.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import holdwise_env, print_and_save  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
LIMIT_MIB = 80
HEAVY = ("numpy", "numba", "llvmlite", "matplotlib", "dask", "distributed", "fastapi", "starlette", "uvicorn",
         "jinja2", "pydantic", "rich", "typer", "threadpoolctl")
FIRST_CALL_GOAL = {"farkle turn kings*6": 0.15}  # seconds, whole process (issue 38)

# (name, command line after `python -m holdwise`, what a warm run does)
COMMANDS = [
    ("--help", ["--help"], "prints the help"),
    ("serve --help", ["serve", "--help"], "prints the help"),
    ("dice-poker", ["dice-poker"], "solves the shipped tables"),
    ("dice-poker hint", ["dice-poker", "hint", "2", "3", "4", "5", "5", "--rolls-left", "2", "--rules", "B"],
     "solves the position"),
    ("farkle turn kings*6", ["farkle", "turn", "--dice", "kings*6"], "reads the stored answer"),
    ("farkle hint, race", ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300", "--score",
                           "1200"], "reads the stored match"),
    ("video-poker hint", ["video-poker", "hint", "AS", "KS", "QS", "JS", "9D", "--rules", "jacks-or-better-9-6"],
     "reads the stored deal tables, solves the hand"),
    ("video-poker return", ["video-poker", "return"], "reads the stored return"),
    ("yahtzee hint", ["yahtzee", "hint", "1", "1", "5", "3", "2", "--card", "fh=25", "--rolls-left", "2",
                      "--rules", "yahtzee"], "reads the stored table, solves the turn"),
    ("poker-dice hint", ["poker-dice", "hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--rules", "six"],
     "reads the stored solve"),
]

ANCHOR = "import numpy, typer, rich.console, rich.table"
FLOOR = "import numpy"

# one more run, not measured: runs the command as `python -m holdwise` does and lists the heavy modules loaded
LOADS = """
import runpy, sys
sys.argv = ["holdwise", *{args!r}]
try:
    runpy.run_module("holdwise", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
import json
print(json.dumps([m for m in {heavy!r} if m in sys.modules]), file=sys.stderr)
"""


def _process(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall seconds, peak RSS in MiB, CPU seconds: user + system) of one new process; its output is
    discarded, a failure raises."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {proc.returncode}\n{err[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime  # RSS in KiB on Linux


def _runs(argv: list[str], env_of, repeat: int) -> tuple[float, float, float]:
    """(median wall seconds, largest peak RSS in MiB, median CPU seconds) of `repeat` new processes, each with
    env_of(i)."""
    results = [_process(argv, env_of(i)) for i in range(repeat)]
    return (statistics.median(r[0] for r in results), max(r[1] for r in results),
            statistics.median(r[2] for r in results))


def _loads(args: list[str], env: dict[str, str]) -> list[str]:
    code = LOADS.format(args=args, heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          check=True)
    found: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return found


def _target(mib: float) -> str:
    return f"<= {LIMIT_MIB}" + ("" if mib <= LIMIT_MIB else " OVER")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="processes a warm row (median)")
    parser.add_argument("--first-repeat", type=int, default=5, help="processes a first-call row (median)")
    parser.add_argument("--only", default="", help="the commands whose name contains one of these (comma-separated)")
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "processes.json"))
    opts = parser.parse_args()
    wanted = [w for w in opts.only.split(",") if w]
    commands = [c for c in COMMANDS if not wanted or any(w in c[0] for w in wanted)]
    rows: list[tuple[str, float, str, str | None]] = []
    loads: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="holdwise-processes-") as tmp:
        warm_env = holdwise_env(SRC, Path(tmp) / "cache")
        anchor_env = {**warm_env, "OPENBLAS_NUM_THREADS": "1"}  # as cli.main sets it for every command
        anchor_s, anchor_mib, anchor_cpu = _runs([sys.executable, "-c", ANCHOR], lambda i: anchor_env, opts.repeat)
        rows += [("anchor: numpy, typer, rich", anchor_s, "s", None),
                 ("anchor: numpy, typer, rich, CPU", anchor_cpu, "s", None),
                 ("anchor: numpy, typer, rich, RSS", anchor_mib, "MiB", None)]
        print(f"  anchor: {anchor_s:.3f} s (CPU {anchor_cpu:.3f} s), {anchor_mib:.1f} MiB", flush=True)
        floor_s, floor_mib, floor_cpu = _runs([sys.executable, "-c", FLOOR], lambda i: anchor_env, opts.repeat)
        rows += [("floor: numpy alone", floor_s, "s", f"{floor_s / anchor_s:.2f}x anchor"),
                 ("floor: numpy alone, CPU", floor_cpu, "s", None),
                 ("floor: numpy alone, RSS", floor_mib, "MiB", None)]
        print(f"  floor: {floor_s:.3f} s (CPU {floor_cpu:.3f} s), {floor_mib:.1f} MiB", flush=True)

        def first_env(i: int) -> dict[str, str]:
            empty = Path(tmp) / f"first-{len(rows)}-{i}"
            return holdwise_env(SRC, empty / "holdwise")

        for name, args, _ in commands:
            argv = [sys.executable, "-m", "holdwise", *args]
            first_s, first_mib, first_cpu = _runs(argv, first_env, opts.first_repeat)
            goal = FIRST_CALL_GOAL.get(name)
            rows += [(f"{name}, first call", first_s, "s",
                      None if goal is None else f"<= {goal} s" + ("" if first_s <= goal else " OVER")),
                     (f"{name}, first call CPU", first_cpu, "s", f"{first_cpu / anchor_cpu:.1f}x anchor"),
                     (f"{name}, first call RSS", first_mib, "MiB", _target(first_mib))]
            _process(argv, warm_env)  # fills the warm caches
            warm_s, warm_mib, warm_cpu = _runs(argv, lambda i: warm_env, opts.repeat)
            rows += [(f"{name}, warm", warm_s, "s", f"{warm_s / anchor_s:.1f}x anchor"),
                     (f"{name}, warm CPU", warm_cpu, "s", f"{warm_cpu / anchor_cpu:.1f}x anchor"),
                     (f"{name}, warm RSS", warm_mib, "MiB", _target(warm_mib))]
            loads[f"{name}, first call"] = _loads(args, first_env(opts.first_repeat))
            loads[f"{name}, warm"] = _loads(args, warm_env)
            print(f"  {name}: first {first_s:.3f} s (CPU {first_cpu:.3f}) {first_mib:.1f} MiB; warm {warm_s:.3f} s "
                  f"(CPU {warm_cpu:.3f}) {warm_mib:.1f} MiB", flush=True)
    print("\nfirst call: new processes with empty caches (holdwise's and Numba's), as after")
    print("install; warm: caches filled by an unmeasured run. Seconds: the median of whole")
    print("processes; CPU: their median user + system seconds (steadier than wall time on a")
    print("loaded machine); RSS: the largest peak resident memory of those processes (MiB).")
    print("What a warm run of each command does:")
    for name, _, warm_does in commands:
        print(f"  {name}: {warm_does}")
    print()
    print_and_save(rows, opts.json)
    print("\nheavy libraries loaded (one more run of each kind, not measured):")
    for name, found in loads.items():
        print(f"  {name}: {', '.join(found) or 'none'}")
    out = Path(opts.json)
    saved = json.loads(out.read_text())
    for row in saved:
        row["loads"] = loads.get(row["measure"].removesuffix(" RSS").removesuffix(" CPU"))
    out.write_text(json.dumps(saved, indent=2))


if __name__ == "__main__":
    main()
