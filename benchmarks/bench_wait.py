"""What a person waits for (issue 13): one hand, one turn, a fresh process; this tree against a baseline commit,
in the same run.

    python benchmarks/bench_wait.py [--baseline REV] [--repeat 5] [--json build/bench/wait.json]

The baseline is checked out into a temporary git worktree and run from its own `src/` with the same Python and
packages; each tree gets its own cache folder (HOLDWISE_CACHE_DIR), warmed by one run of every command first, so
"fresh process" means a new process with the disk caches (Numba's and holdwise's) already filled, as a user's
second command finds them. Warm figures are medians of many calls inside one process (kernels compiled, the
game's tables built). Prints the table (before, after, ratio, target) and writes JSON.
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

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASELINE = "dd37372"  # main before the issue-13 work

# (name, command line after `python -m holdwise`, target in seconds)
COMMANDS = [
    ("fresh `video-poker hold`", ["video-poker", "hold", "AS", "KS", "QS", "JS", "9D"], 0.4),
    ("fresh `video-poker return`", ["video-poker", "return"], 0.6),
    ("fresh `farkle turn`", ["farkle", "turn"], 0.3),
    ("fresh `farkle hint` (race-blind)", ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300"], 0.3),
    ("fresh `poker-dice hint` (3 players)", ["poker-dice", "hint", "1", "1", "3", "4", "6", "--rolls-left", "2",
                                             "--players", "3", "--position", "3", "--to-beat", "66622"], None),
]

# in-process timings: (name, setup, statement, number of calls, unit scale, unit, target)
WARM = [
    ("one video-poker hand, 32 holds (engine)",
     "from holdwise.games.video_poker import solver, get_game, parse_hand\n"
     "t = get_game('jacks-or-better-9-6'); h = parse_hand('AS KS QS JS 9D')\n"
     "f = getattr(solver, 'hand_values', solver.analyze_hand)",
     "f(h, t)", 2000, 1e6, "us", 100),
    ("one video-poker hand, hint (floats)",
     "from holdwise.games.video_poker import hint, get_game\nt = get_game('jacks-or-better-9-6')",
     "hint('AS KS QS JS 9D', t)", 300, 1e3, "ms", None),
    ("one video-poker hand, hint (exact fractions)",
     "from holdwise.games.video_poker import hint, get_game\nt = get_game('jacks-or-better-9-6')",
     "hint('AS KS QS JS 9D', t, exact=True)", 300, 1e3, "ms", 1.0),
    ("whole video-poker game (9/6 Jacks, exact)",
     "from holdwise.games.video_poker import solver, get_game\nt = get_game('jacks-or-better-9-6')",
     "solver.solve_game(t)", 5, 1.0, "s", 0.15),
    ("one Farkle turn, six fair dice (solve)",
     "from holdwise.games.farkle import turn, rules\n"
     "d = tuple([rules.die_by_name('ordinary')] * 6); types = turn.die_types(d)",
     "getattr(turn, '_solve_turn_now', turn._solve_turn.__wrapped__)(types)", 50, 1e3, "ms", 1.0),
    ("poker-dice hint, third of three players",
     "from holdwise.games import poker_dice as pd",
     "pd.hint('1 1 3 4 6', 2, players=3, position=3, to_beat='66622')", 50, 1e3, "ms", 50),
]

SNIPPET = """
import json, statistics, sys, time
{setup}
exec({stmt!r})  # warm: compile, build tables
times = []
for _ in range({number}):
    _t0 = time.perf_counter(); exec({stmt!r}); times.append(time.perf_counter() - _t0)
print(json.dumps(statistics.median(times)))
"""


def _env(src: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src), HOLDWISE_CACHE_DIR=str(cache), COLUMNS="80")
    env.pop("NUMBA_DISABLE_JIT", None)
    return env


def _fresh(src: Path, cache: Path, args: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "holdwise", *args], env=_env(src, cache), check=True,
                       capture_output=True, cwd=src.parent)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _warm(src: Path, cache: Path, setup: str, stmt: str, number: int) -> float:
    code = SNIPPET.format(setup=setup, stmt=stmt, number=number)
    out = subprocess.run([sys.executable, "-c", code], env=_env(src, cache), check=True, capture_output=True,
                         text=True, cwd=src.parent)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "wait.json"))
    opts = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="holdwise-wait-") as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), opts.baseline],
                       check=True, capture_output=True)
        try:
            trees = {"before": (base / "src", Path(tmp) / "cache-before"),
                     "after": (ROOT / "src", Path(tmp) / "cache-after")}
            for src, cache in trees.values():  # fill Numba's and holdwise's caches once
                for _, args, _ in COMMANDS:
                    _fresh(src, cache, args, 1)
            for name, args, target in COMMANDS:
                before, after = (_fresh(*trees[k], args, opts.repeat) for k in ("before", "after"))
                rows.append((name, before, after, "s", target))
                print(f"  {name}: {before:.3f} s -> {after:.3f} s", flush=True)
            for name, setup, stmt, number, scale, unit, target in WARM:
                before, after = (scale * _warm(*trees[k], setup, stmt, number) for k in ("before", "after"))
                rows.append((name, before, after, unit, target))
                print(f"  {name}: {before:.3f} {unit} -> {after:.3f} {unit}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False,
                           capture_output=True)
    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':<{width}}  {'before':>10}  {'after':>10}  {'ratio':>6}  target")
    for name, before, after, unit, target in rows:
        shown = f"<= {target:g} {unit}" if target else ""
        print(f"{name:<{width}}  {before:>7.3f} {unit:<2}  {after:>7.3f} {unit:<2}  {before / after:>5.1f}x  {shown}")
    out = Path(opts.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([{"measure": n, "before": b, "after": a, "unit": u, "target": t}
                               for n, b, a, u, t in rows], indent=2))
    print(f"written {out} (baseline {opts.baseline})")


if __name__ == "__main__":
    main()
