"""Yahtzee (issues 15, 28): the full solve of the official rules against the published Rust solver in the same
run, memory, the table on disk, the exact distribution, a hint warm and a fresh `holdwise yahtzee hint` process.

    python benchmarks/bench_yahtzee.py [--reference-python PATH] [--repeat 3] [--json build/bench/yahtzee.json]
                                       [--quick]

Each solve is a whole new process, timed from its start to its end (Python, the imports, the solve) with a fresh
cache folder. The first solve on a new machine runs with every cache empty (holdwise's folder and Numba's), so
whatever compiles or builds at first use is in it; for the other rows the kernels are compiled first, untimed,
as an installed holdwise has them after its first solve (the layer kernel built ahead of time,
`holdwise.solver.aot`, and Numba's cache). The process also reports the
solve's own seconds and its peak memory (ru_maxrss). In a tree whose solve picks a layer kernel, holdwise's
default solve in a new process runs the built kernel (one thread, no Numba in the process) and the JIT row runs
Numba's kernel on two threads; a tree whose kernels are compiled with the package has one solve and no JIT row. The reference is
PyPI's `yatzy-solver` (Rust, MIT), `Solver.build` of its "american" variant (the same rules: 254.5896), in a
process of `--reference-python` (an interpreter where it is installed; default: the anchors' yatzy-venv/bin/python
under $HOLDWISE_ANCHORS or build/anchors when it is there, else this one); without it the ratio is left out. The
solves alternate, ours then the reference, `--repeat` times, and the medians are compared: the machine is shared
and noisy. The exact distribution is timed twice in one process from the stored table: its first call with
Numba's cache empty (compiling at first use included) and a second, warm call. `--quick`: --repeat 1.
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

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
sys.path.insert(0, str(HERE))
from _table import first_env, holdwise_env, in_process, print_and_save  # noqa: E402

# kernel: a layer kernel to pick ("auto", "aot", "jit") in a tree whose solve offers the choice, else None
OURS = """
import json, resource, time
from holdwise.games.yahtzee import get_rules, solve
solution = solve(get_rules({rules!r}), **({{"kernel": {kernel!r}}} if {kernel!r} else {{}}))
print(json.dumps({{"seconds": solution.seconds, "score": solution.expected_score,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

FLOOR = """
import json, resource
from dataclasses import replace
from holdwise.games.yahtzee import YAHTZEE, solve
solve(replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5))
print(json.dumps({"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

# the first call (whatever compiles at first use included) and a warm one, on the table read once before
DISTRIBUTION = """
import json, resource, time
from holdwise.games.yahtzee import get_rules, score_distribution, solution_for
solution = solution_for(get_rules("yahtzee"))
times = []
for _ in range(2):
    start = time.perf_counter()
    result = score_distribution(solution)
    times.append(time.perf_counter() - start)
print(json.dumps({"first": times[0], "seconds": times[1], "sd": result.standard_deviation,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

REFERENCE = """
import json, resource, time
import yatzy_solver as ys
start = time.perf_counter()
solver = ys.Solver.build(ys.Variant({variant!r}))
seconds = time.perf_counter() - start
print(json.dumps({{"seconds": seconds, "score": solver.state_value("upper 0 | filled -"),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def _run(python: str, code: str, env: dict) -> dict | None:
    """What the process printed last (JSON), with "wall": its whole run in seconds, start to exit."""
    start = time.perf_counter()
    out = subprocess.run([python, "-c", code], env=env, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    lines = out.stdout.strip().splitlines()
    return {**json.loads(lines[-1]), "wall": wall} if lines else None


KERNELS = """
import inspect, json
from holdwise.games.yahtzee import solve
print(json.dumps({"choice": "kernel" in inspect.signature(solve).parameters}))
"""


def _has_reference(python: str) -> bool:
    return subprocess.run([python, "-c", "import yatzy_solver"], capture_output=True).returncode == 0


def _default_reference() -> str:
    """The anchors' interpreter with yatzy-solver (yatzy-venv under $HOLDWISE_ANCHORS or build/anchors), else this."""
    anchors = Path(os.environ.get("HOLDWISE_ANCHORS", HERE.parent / "build" / "anchors"))
    python = anchors / "yatzy-venv" / "bin" / "python"
    return str(python) if python.exists() else sys.executable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", default=_default_reference(),
                        help="an interpreter with yatzy-solver installed (default: the anchors' yatzy-venv, else "
                             "this one)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", default=str(HERE.parent / "build" / "bench" / "yahtzee.json"))
    parser.add_argument("--quick", action="store_true", help="--repeat 1")
    opts = parser.parse_args()
    if opts.quick:
        opts.repeat = 1
    rows = []
    with tempfile.TemporaryDirectory(prefix="holdwise-bench-yahtzee-") as tmp:
        cache = Path(tmp) / "cache"
        cache.mkdir()
        env = holdwise_env(SRC, cache)
        # a tree whose solve picks among layer kernels (the built one, Numba's) gets a row per kernel; a tree
        # whose kernels are compiled with the package has one way to solve
        choice = _run(sys.executable, KERNELS, env)["choice"]
        auto = "auto" if choice else None
        # the first solve on a new machine: every cache empty, whatever builds or compiles at first use included
        first = _run(sys.executable, OURS.format(rules="yahtzee", kernel=auto), first_env(SRC, Path(tmp) / "first"))
        # compile the kernels once, untimed: the built layer kernel and Numba's cache (or whatever a first solve
        # leaves in the cache folder)
        _run(sys.executable, "from holdwise.games.yahtzee import YAHTZEE, solve\n"
                             "from dataclasses import replace\n"
                             "small = replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5)\n" +
                             ("solve(small, kernel='aot'); solve(small, kernel='jit')" if choice else "solve(small)"),
             env)
        reference = _has_reference(opts.reference_python)
        ours, jit, theirs = [], [], []
        for _ in range(opts.repeat):
            ours.append(_run(sys.executable, OURS.format(rules="yahtzee", kernel=auto), env))
            if reference:
                theirs.append(_run(opts.reference_python, REFERENCE.format(variant="american"), env))
            if choice:
                jit.append(_run(sys.executable, OURS.format(rules="yahtzee", kernel="jit"), env))
        our_wall = statistics.median(r["wall"] for r in ours)
        floor = _run(sys.executable, FLOOR, env)["rss_mb"]
        rows.append(("yahtzee (official) first solve on a new machine, holdwise: the whole process, every cache "
                     "empty", first["wall"], "s", None))
        rows.append(("  its process's peak memory", first["rss_mb"], "MB", None))
        rows.append(("yahtzee (official) full solve, holdwise: the whole process", our_wall, "s", None))
        rows.append((f"  the solve alone ({'built kernel, one thread' if choice else 'compiled kernels'})",
                     statistics.median(r["seconds"] for r in ours), "s", None))
        rows.append(("  its expected score", ours[0]["score"], "points", "254.5896 (Verhoeff)"))
        rows.append(("  its process's peak memory", max(r["rss_mb"] for r in ours), "MB", "<= 100"))
        rows.append(("  the floor: a process solving a 3-box card", floor, "MB", None))
        if jit:
            rows.append(("the same with Numba's JIT kernel, two threads: the whole process",
                         statistics.median(r["wall"] for r in jit), "s", None))
            rows.append(("  the solve alone", statistics.median(r["seconds"] for r in jit), "s", None))
            rows.append(("  its process's peak memory", max(r["rss_mb"] for r in jit), "MB", None))
        if reference:
            ref_wall = statistics.median(r["wall"] for r in theirs)
            rows.append(("yahtzee full solve, yatzy-solver 1.0.0 (Rust, PyPI): the whole process", ref_wall, "s",
                         None))
            rows.append(("  the solve alone", statistics.median(r["seconds"] for r in theirs), "s", None))
            rows.append(("  its expected score", theirs[0]["score"], "points", None))
            rows.append(("  its process's peak memory", max(r["rss_mb"] for r in theirs), "MB", None))
            rows.append(("yatzy-solver / holdwise, whole processes", ref_wall / our_wall, "ratio", ">= 2"))
            rows.append(("yatzy-solver / holdwise's first solve on a new machine (the wheel keeps no cache)",
                         ref_wall / first["wall"], "ratio", ">= 2"))
        yatzy = _run(sys.executable, OURS.format(rules="yatzy", kernel=auto), env)
        rows.append(("yatzy (Scandinavian) full solve, holdwise: the whole process", yatzy["wall"], "s", None))
        if reference:
            ref = _run(opts.reference_python, REFERENCE.format(variant="yatzy-scandinavian"), env)
            rows.append(("yatzy full solve, yatzy-solver: the whole process", ref["wall"], "s", None))
            rows.append(("yatzy-solver / holdwise (yatzy), whole processes", ref["wall"] / yatzy["wall"], "ratio",
                         None))

        # the stored table, then the exact distribution and hints from it
        subprocess.run([sys.executable, "-m", "holdwise", "yahtzee", "solve"], env=env, check=True,
                       capture_output=True)
        dist = _run(sys.executable, DISTRIBUTION, env)
        rows.append(("the exact final-score distribution, warm (kernel compiled, table stored and read)",
                     dist["seconds"], "s", "<= 5"))
        rows.append(("  its first call in a new process, Numba's cache empty (compiling at first use included)",
                     dist["first"], "s", None))
        rows.append(("  its process's peak memory", dist["rss_mb"], "MB", "<= 400"))
        rows.append(("  its standard deviation", dist["sd"], "points", None))
        stored = sorted((cache / "yahtzee").glob("yahtzee-*.npz"))
        rows.append(("the official rules' table on disk", stored[0].stat().st_size / 2**20, "MiB", None))
        warm = in_process(SRC, cache, "from holdwise.games.yahtzee import hint, parse_hint",
                          "hint(parse_hint({'card': 'ones=3 fh=25', 'dice': '1 1 5 3 2', 'rolls_left': 2}))", 200)
        rows.append(("hint from the stored table, warm (2 rolls left: 36 plays)", warm["seconds"] * 1e3, "ms",
                     "<= 5"))
        warm0 = in_process(SRC, cache, "from holdwise.games.yahtzee import hint, parse_hint",
                           "hint(parse_hint({'card': 'ones=3 fh=25 y=50', 'dice': '6 6 6 6 6', 'rolls_left': 0}))",
                           200)
        rows.append(("hint, warm (no rolls left: the open boxes)", warm0["seconds"] * 1e3, "ms", "<= 5"))
        fresh = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "holdwise", "yahtzee", "hint", "1", "1", "5", "3", "2", "--card",
                            "ones=3 fh=25"], env=env, check=True, capture_output=True)
            fresh.append(time.perf_counter() - start)
        rows.append(("a fresh `holdwise yahtzee hint` process, the table stored (median of 5)",
                     statistics.median(fresh), "s", "<= 0.5"))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy"], env=env, check=True, capture_output=True)
        rows.append(("  anchor: a process that imports NumPy", time.perf_counter() - start, "s", None))
    print_and_save(rows, opts.json)


if __name__ == "__main__":
    main()
