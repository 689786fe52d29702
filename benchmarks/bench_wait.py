"""What a person waits for (issue 13): one hand, one turn, a fresh process; this tree against a baseline commit,
in the same run.

    python benchmarks/bench_wait.py [--baseline REV | --no-baseline] [--repeat 5] [--json build/bench/wait.json]
                                    [--only NAMES] [--quick]

The baseline is checked out into a temporary git worktree and run from its own `src/` with the same Python and
packages; each tree gets its own cache folder (HOLDWISE_CACHE_DIR), warmed by one run of every command first, so
"fresh process" means a new process with the disk caches (Numba's and holdwise's) already filled, as a user's
second command finds them. Warm figures are medians of many calls inside one process (kernels compiled, the
game's tables built; each row says what was built before). A fresh row whose command reads an answer the
warm-up run stored (or the package ships) says so. "First run" rows start a process with both caches empty, as
after install. Face rows (a hint) read every option the hint returns. Prints the table (before, after, ratio,
target) and writes JSON; a command that a tree refuses (exit 2) shows "refused". `--quick`: this tree alone
(no baseline), one run a row, without the minute-long loadout search: about two minutes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import holdwise_env, in_process  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BASELINE = "dd37372"  # main before the issue-13 work

# (name, command line after `python -m holdwise`, target in seconds, runs (None: --repeat), empty holdwise cache)
LOADOUT = "weighted,lucky,odd,kings,pie,aranka,heavenly-kingdom,favourable"  # eight unlike dice: 28 choices
COMMANDS = [
    ("fresh `video-poker hold`", ["video-poker", "hold", "AS", "KS", "QS", "JS", "9D"], 0.4, None, False),
    ("fresh `video-poker return` (reads the answer the warm-up stored)", ["video-poker", "return"], 0.6, None, False),
    ("fresh `farkle turn` (reads the shipped or stored turn)", ["farkle", "turn"], 0.3, None, False),
    ("fresh `farkle hint` (race-blind; reads the shipped or stored turn)", ["farkle", "hint", "1", "1", "5", "2", "3",
                                                                           "4", "--turn-total", "300"], 0.3,
     None, False),
    ("fresh race-aware `farkle hint`, match on disk", ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--score",
                                                      "1200", "--opponent", "3500"], 0.5, None, False),
    ("race-aware `farkle hint`, match not solved yet", ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--score",
                                                       "1200", "--opponent", "3500"], None, 1, True),
    ("`farkle loadout`, 28 choices vs ordinary*6, to 1,000", ["farkle", "loadout", "--owned", LOADOUT,
                                                              "--opponent-dice", "ordinary*6", "--target", "1000"],
     60, 1, False),
    ("fresh `poker-dice hint` (3 players; reads the table the warm-up stored)",
     ["poker-dice", "hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--players", "3", "--position", "3",
      "--to-beat", "66622"], None, None, False),
]

# what no command can go below: Python started with the libraries a command prints with (typer, rich) and computes
# with (numpy) imported; the fresh-process rows are read against it
FLOOR = "import numpy, typer, rich.console, rich.table"

# first run after install: a new process with empty caches (Numba's and holdwise's): (name, command, target s)
FIRST_RUN = [
    ("first run: `video-poker hold`", ["video-poker", "hold", "AS", "KS", "QS", "JS", "9D"], 3.0),
    ("first run: `video-poker return`", ["video-poker", "return"], 3.0),
    ("first run: `video-poker strategy`", ["video-poker", "strategy"], 3.0),
    ("first run: `farkle turn`", ["farkle", "turn"], 3.0),
    ("first run: `farkle hint` (race-blind)", ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300"],
     3.0),
    ("first run: `farkle match --target 1000`", ["farkle", "match", "--target", "1000"], 3.0),
    ("first run: `farkle loadout` (8 dice, 11 choices)", ["farkle", "loadout", "--owned",
                                                          "ordinary*4,weighted,lucky,odd,kings"], 3.0),
    ("first run: `poker-dice duel`", ["poker-dice", "duel"], 3.0),
    ("first run: `poker-dice hint` (3 players)", ["poker-dice", "hint", "1", "1", "3", "4", "6", "--rolls-left", "2",
                                                  "--players", "3", "--position", "3", "--to-beat", "66622"], 3.0),
    ("first run: `dice-poker --table B`", ["dice-poker", "--table", "B"], 3.0),
]

# every option of a hint's answer read, in either tree (an answer with options, or the older list of holds)
READ = ("def read(answer):\n"
        "    return [(getattr(o, 'option', o), getattr(o, 'value', None), getattr(o, 'extras', None))\n"
        "            for o in getattr(answer, 'options', answer)]\n")
# the public video-poker hint from the hand's text, in either tree: a request (parse_hint) where the face has one,
# else the older call on the text and the game
VP_HINT = (READ + "from holdwise.games import video_poker as vp\n"
           "if hasattr(vp, 'parse_hint'):\n"
           "    def ask():\n"
           "        return read(vp.hint(vp.parse_hint({{'hand': 'AS KS QS JS 9D', 'rules': 'jacks-or-better-9-6',\n"
           "                                           'exact': {exact}}})))\n"
           "else:  # a tree from before the hint was a request\n"
           "    t = vp.get_game('jacks-or-better-9-6')\n"
           "    def ask():\n"
           "        return read(vp.hint('AS KS QS JS 9D', t, exact={exact}))")

# in-process timings: (name, setup, statement, number of calls, unit scale, unit, target)
WARM = [
    ("one video-poker hand, 32 holds (engine)",
     "from holdwise.games.video_poker import solver, get_game, parse_hand\n"
     "t = get_game('jacks-or-better-9-6'); h = parse_hand('AS KS QS JS 9D')\n"
     "f = getattr(solver, 'hand_values', solver.analyze_hand)",
     "f(h, t)", 2000, 1e6, "us", 100),
    ("one video-poker hand, hint, every option read (floats)", VP_HINT.format(exact=False), "ask()", 300, 1e3, "ms",
     None),
    ("one video-poker hand, hint, every option read (exact fractions)", VP_HINT.format(exact=True), "ask()", 300,
     1e3, "ms", 1.0),
    ("whole video-poker game (9/6 Jacks, exact): the deal pass, game tables built",
     "from holdwise.games.video_poker import solver, get_game\nt = get_game('jacks-or-better-9-6')",
     "solver.solve_game(t)", 5, 1.0, "s", 0.15),
    ("one Farkle turn, six fair dice: the backward pass (roll table built)",
     "from holdwise.games.farkle import turn, rules\n"
     "try:\n    from holdwise.games.farkle.roll_table import die_types\n"
     "except ImportError:  # a tree from before the roll table left turn.py\n    die_types = turn.die_types\n"
     "d = tuple([rules.die_by_name('ordinary')] * 6); types = die_types(d)",
     "getattr(turn, 'solve_types', turn._solve_turn.__wrapped__)(types)", 50, 1e3, "ms", 1.0),
    ("race-aware Farkle match to 4,000, one solve (six fair dice; turns solved before)",
     "from holdwise.games.farkle import match, parse_dice\nd = parse_dice(None)",
     "match.solve_match(d, target=4000)", 1, 1.0, "s", 2.0),
    ("poker-dice hint, third of three players, every option read (table solved before)",
     READ + "from holdwise.games import poker_dice as pd\n"
     "if hasattr(pd, 'parse_hint'):\n"
     "    def ask():\n"
     "        return read(pd.hint(pd.parse_hint({'hand': '1 1 3 4 6', 'rolls_left': 2, 'players': 3,\n"
     "                                           'position': 3, 'to_beat': '66622'})))\n"
     "else:  # a tree from before the hint was a request\n"
     "    def ask():\n"
     "        return read(pd.hint('1 1 3 4 6', 2, players=3, position=3, to_beat='66622'))",
     "ask()", 50, 1e3, "ms", 50),
]

def _floor(repeat: int) -> float:
    """Median wall time of a new process that only imports what every command needs (the chosen libraries),
    with one OpenBLAS thread as the command line runs itself (cli.main)."""
    times = []
    env = {**holdwise_env(ROOT / "src", ROOT), "OPENBLAS_NUM_THREADS": "1"}
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", FLOOR], check=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _fresh(src: Path, cache: Path, args: list[str], repeat: int, empty: bool = False) -> float | None:
    """Median wall time of `repeat` new processes; `empty`: each with an empty holdwise cache (Numba's kept);
    None when the command refuses (exit 2: beyond that tree's guard)."""
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="holdwise-empty-") as empty_cache:
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "holdwise", *args], capture_output=True, cwd=src.parent,
                                  env=holdwise_env(src, Path(empty_cache) if empty else cache))
            if done.returncode == 2:
                return None
            done.check_returncode()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def _first(src: Path, args: list[str]) -> float | None:
    """Wall time of one new process with empty Numba and holdwise caches (the first run after install)."""
    with tempfile.TemporaryDirectory(prefix="holdwise-first-") as tmp:
        env = holdwise_env(src, Path(tmp) / "holdwise")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "holdwise", *args], capture_output=True, cwd=src.parent, env=env)
        if done.returncode == 2:
            return None
        done.check_returncode()
        return time.perf_counter() - start


def _shown(value: float | None, unit: str, missing: str = "refused") -> str:
    return f"{value:>7.3f} {unit:<2}" if value is not None else f"{missing:>10}"


def _warm(src: Path, cache: Path, setup: str, stmt: str, number: int) -> float:
    return in_process(src, cache, setup, stmt, number)["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "wait.json"))
    parser.add_argument("--only", default="", help="run the measures whose name contains one of these "
                                                   "(comma-separated)")
    parser.add_argument("--no-baseline", action="store_true", help="this tree alone (the before column empty)")
    parser.add_argument("--quick", action="store_true",
                        help="--no-baseline --repeat 1, without the loadout search: about two minutes")
    opts = parser.parse_args()
    if opts.quick:
        opts.no_baseline, opts.repeat = True, 1
    wanted = [w for w in opts.only.split(",") if w]
    commands = [c for c in COMMANDS if (not wanted or any(w in c[0] for w in wanted))
                and not (opts.quick and "loadout" in c[0])]
    warm = [c for c in WARM if not wanted or any(w in c[0] for w in wanted)]
    first = [c for c in FIRST_RUN if not wanted or any(w in c[0] for w in wanted)]
    rows = []
    missing = "-" if opts.no_baseline else "refused"  # a before figure that is None
    with tempfile.TemporaryDirectory(prefix="holdwise-wait-") as tmp:
        base = Path(tmp) / "baseline"
        if not opts.no_baseline:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), opts.baseline],
                           check=True, capture_output=True)
        try:
            trees = {"before": (base / "src", Path(tmp) / "cache-before"),
                     "after": (ROOT / "src", Path(tmp) / "cache-after")}
            if opts.no_baseline:
                del trees["before"]
            for src, cache in trees.values():  # fill Numba's and holdwise's caches once
                for _, args, _, _, _ in commands:
                    _fresh(src, cache, args, 1)
            if commands:
                floor = _floor(opts.repeat)
                rows.append(("floor: python importing numpy, typer, rich", floor, floor, "s", None))
                print(f"  floor: {floor:.3f} s", flush=True)
            for name, args, target, runs, empty in commands:
                before, after = (_fresh(*trees[k], args, runs or opts.repeat, empty) if k in trees else None
                                 for k in ("before", "after"))
                rows.append((name, before, after, "s", target))
                print(f"  {name}: {_shown(before, 's', missing)} -> {_shown(after, 's')}", flush=True)
            for name, args, target in first:
                before, after = (_first(trees[k][0], args) if k in trees else None for k in ("before", "after"))
                rows.append((name, before, after, "s", target))
                print(f"  {name}: {_shown(before, 's', missing)} -> {_shown(after, 's')}", flush=True)
            for name, setup, stmt, number, scale, unit, target in warm:
                before, after = (scale * _warm(*trees[k], setup, stmt, number) if k in trees else None
                                 for k in ("before", "after"))
                rows.append((name, before, after, unit, target))
                print(f"  {name}: {_shown(before, unit, missing)} -> {_shown(after, unit)}", flush=True)
        finally:
            if not opts.no_baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False,
                               capture_output=True)
    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':<{width}}  {'before':>10}  {'after':>10}  {'ratio':>6}  target")
    for name, before, after, unit, target in rows:
        shown = f"<= {target:g} {unit}" if target else ""
        ratio = f"{before / after:>5.1f}x" if before is not None and after is not None else f"{'-':>6}"
        print(f"{name:<{width}}  {_shown(before, unit, missing)}  {_shown(after, unit)}  {ratio}  {shown}")
    out = Path(opts.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([{"measure": n, "before": b, "after": a, "unit": u, "target": t}
                               for n, b, a, u, t in rows], indent=2))
    print(f"written {out} (baseline {opts.baseline})")


if __name__ == "__main__":
    main()
