"""Farkle speed: the turn solve (fair and unlike dice), the race-aware match, a loadout search.

Run: python benchmarks/bench_farkle.py [--json-out benchmarks/results/farkle.json] [--quick]
Prints a table and writes JSON. Baselines run here, in the same run: the plain recursion of tests/oracles
(over ordered dice), timed on three dice against the solver on the same three dice; and the race-aware match
solved one pair at a time (the solver before lanes) against eight pairs side by side, for the three solves of
issue 25. The JavaScript anchor (Gaetarra/kcd2-dice-calculator) is timed side by side in bench_anchors.py.

What the rows include: "first call" rows run in a new process, with every cache empty (holdwise's folder and
Numba's: compiling included where a kernel compiles at first use) or with them filled by that first run; "solve
from the dice" solves every time, each of the turn modules' memos emptied first (the roll table built, the
backward pass run; only the score table and multiset shapes, which no loadout owns, stay); "backward pass"
keeps the roll table and the plan built by a call before. No row reads a stored turn: holdwise's cache folder is
a new empty one for this run. `--quick` leaves out the two costliest match solves (six unlike dice, and three
special + three ordinary) and runs in about a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import first_env, forget_turns, print_and_save, timed  # noqa: E402

SIX_UNLIKE = "ordinary,lucky,odd,kings,misfortune,heavenly-kingdom"

FIRST_TURN = """
import json, time
start = time.perf_counter()
from holdwise.games.farkle import parse_dice, turn
turn.solve_turn(parse_dice(None))
print(json.dumps(time.perf_counter() - start))
"""


def _first_turn(env: dict) -> float:
    """Seconds of the import and the first turn solve (six fair dice) in a new process with this environment."""
    out = subprocess.run([sys.executable, "-c", FIRST_TURN], check=True, capture_output=True, text=True, env=env,
                         cwd=HERE.parent)
    return json.loads(out.stdout.strip().splitlines()[-1])

MATCH_IN_A_PROCESS = """
import json, resource, time
from holdwise.games.farkle import parse_dice
from holdwise.games.farkle.match import solve_match
dice, ordinary = parse_dice({text!r}), parse_dice(None)
solve_match(dice, ordinary, target=200, lanes={lanes})
start = time.perf_counter()
match = solve_match(dice, ordinary, target=4000, lanes={lanes})
seconds = time.perf_counter() - start
print(json.dumps([seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, match.first_player_win]))
"""


def _match_in_a_process(text: str | None, lanes: bool) -> tuple[float, float, float]:
    """(seconds, peak MiB, first player's win chance) of a match to 4,000 against six ordinary dice."""
    out = subprocess.run([sys.executable, "-c", MATCH_IN_A_PROCESS.format(text=text, lanes=lanes)], check=True,
                         capture_output=True, text=True, cwd=HERE.parent)
    return tuple(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "farkle.json"))
    parser.add_argument("--quick", action="store_true", help="leave out the two costliest match solves")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="holdwise-bench-farkle-")
    os.environ["HOLDWISE_CACHE_DIR"] = str(Path(tmp.name) / "cache")  # no stored turn or match is read
    src = HERE.parent / "src"
    rows = []
    first_env_ = first_env(src, Path(tmp.name) / "first")
    rows.append(("turn solve, six fair dice: first call in a new process, every cache empty (imports included)",
                 _first_turn(first_env_), "s", None))
    rows.append(("  the same, caches filled by that run (kernels loaded, not compiled)", _first_turn(first_env_), "s",
                 None))

    from holdwise.games.farkle import turn as turn_module
    from holdwise.games.farkle.analysis import best_loadouts, parse_dice
    from holdwise.games.farkle.roll_table import die_types
    from holdwise.games.farkle.rules import NAMED_DICE

    fair = parse_dice(None)
    types = die_types(fair)

    def fresh(dice):
        forget_turns()
        return turn_module.solve_turn(dice)

    fresh(fair)  # kernels compiled or loaded in this process
    rows.append(("turn solve, six fair dice, warm: the backward pass (roll table and plan built before)",
                 1000 * timed(lambda: turn_module.solve_types(types), 20), "ms", "<= 5"))
    rows.append(("turn solve from the dice, six fair dice (roll table + backward pass, no memo)",
                 1000 * timed(lambda: fresh(fair), 5), "ms", None))
    for names in (["ordinary", "lucky", "odd", "kings", "misfortune", "heavenly-kingdom"],
                  ["ordinary", "pie", "favourable", "holy-trinity", "ci", "devils-head"],
                  ["weighted", "lucky", "aranka", "kings", "odd", "heavenly-kingdom"]):
        dice = tuple(NAMED_DICE[n] for n in names)
        fresh(dice)
        rows.append((f"turn solve from the dice, six unlike dice ({', '.join(names)}; no memo)",
                     timed(lambda d=dice: fresh(d), 3), "s", "<= 0.5"))

    from tests.oracles.farkle_bruteforce import turn_value

    three = [NAMED_DICE["lucky"], NAMED_DICE["pie"], NAMED_DICE["ordinary"]]
    base = timed(lambda: turn_value([d.weights for d in three], cap=20000))
    ours = timed(lambda: fresh(tuple(three)), 5)
    rows.append(("baseline: plain recursion over ordered dice, three dice", base, "s", None))
    rows.append(("solver on the same three dice (solve from the dice, no memo)", 1000 * ours, "ms", None))
    rows.append(("speed-up over the plain recursion", base / ours, "x", None))

    # the three race-aware solves to 4,000, one pair at a time (the solver before lanes) and eight
    # pairs side by side, in this run, each in a process of its own: wall-clock seconds of solve_match from
    # the dice (after a warm-up solve to 200 that loads the kernels and solves the turns), two threads, and
    # the process's peak resident memory (Python, Numba and the solve)
    matches = (("six unlike named dice", SIX_UNLIKE, "<= 60"),
               ("three special + three ordinary", "lucky,odd,kings,ordinary*3", "<= 20"),
               ("six ordinary dice (mirrored)", None, "<= 1.5"))
    for label, text, goal in matches[2:] if args.quick else matches:
        results = {}
        for lanes in (False, True):
            seconds, peak, win = _match_in_a_process(text, lanes)
            results[lanes] = (seconds, win)
            how = "eight pairs side by side" if lanes else "one pair at a time (before)"
            # the row is the solve a user waits for once the page has the dice's turns (kernels warm)
            rows.append((f"match to 4000, {label} v six ordinary: {how} (the match solve; kernels compiled, "
                         "both turns solved before)", seconds, "s", goal if lanes else None))
            rows.append(("  peak memory of that process", peak, "MiB", "<= 4096"))
        assert results[True][1] == results[False][1], "the two solvers must give the same number"
        rows.append((f"  speed-up (first player wins {results[True][1]:.12f} both ways)",
                     results[False][0] / results[True][0], "x", None))

    owned = parse_dice("ordinary,weighted,lucky,odd,kings,misfortune,heavenly-kingdom,aranka,pie,holy-trinity")
    forget_turns()
    start = time.perf_counter()
    n = best_loadouts(owned, top=1).choices
    rows.append((f"loadout search, 10 owned dice ({n} choices, 2 processes, every turn solved)",
                 time.perf_counter() - start, "s", "<= 10"))

    print_and_save(rows, args.json_out)
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
