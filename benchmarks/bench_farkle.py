"""Farkle speed: the turn solve (fair and unlike dice), the race-aware match, a loadout search.

Run: python benchmarks/bench_farkle.py [--json-out benchmarks/results/farkle.json]
Prints a table and writes JSON. Baselines run here, in the same run: the plain recursion of tests/oracles
(over ordered dice), timed on three dice against the solver on the same three dice; and the race-aware match
solved one pair at a time (the solver before lanes) against eight pairs side by side, for the three solves of
issue 25. The JavaScript anchor (Gaetarra/kcd2-dice-calculator) is timed side by side in bench_anchors.py.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import print_and_save, timed  # noqa: E402

SIX_UNLIKE = "ordinary,lucky,odd,kings,misfortune,heavenly-kingdom"



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
    args = parser.parse_args()
    from holdwise.games.farkle import turn as turn_module
    from holdwise.games.farkle.analysis import best_loadouts, parse_dice
    from holdwise.games.farkle.rules import NAMED_DICE

    rows = []
    fair = parse_dice(None)
    start = time.perf_counter()
    turn_module.solve_turn(fair)
    rows.append(("first turn solve in this process (JIT cache load, tables)", time.perf_counter() - start, "s", None))

    from holdwise.games.farkle import roll_table as roll_table_module

    def fresh(dice):
        # every memo of a turn's tables: the solve, its plan (which holds the roll table), the roll table and the
        # per-die parts it is built from
        for memo in (turn_module._solve_turn, turn_module._turn_plan, roll_table_module.roll_table,
                     roll_table_module._type_parts):
            memo.cache_clear()
        return turn_module.solve_turn(dice)

    rows.append(("turn, six fair dice, warm (roll table cached)",
                 1000 * timed(lambda: (turn_module._solve_turn.cache_clear(), turn_module.solve_turn(fair)), 20),
                 "ms", "<= 5"))
    rows.append(("turn, six fair dice, tables rebuilt", 1000 * timed(lambda: fresh(fair), 5), "ms", None))
    for names in (["ordinary", "lucky", "odd", "kings", "misfortune", "heavenly-kingdom"],
                  ["ordinary", "pie", "favourable", "holy-trinity", "ci", "devils-head"],
                  ["weighted", "lucky", "aranka", "kings", "odd", "heavenly-kingdom"]):
        dice = tuple(NAMED_DICE[n] for n in names)
        fresh(dice)
        rows.append((f"turn, six unlike dice ({', '.join(names)})", timed(lambda d=dice: fresh(d), 3), "s", "<= 0.5"))

    from tests.oracles.farkle_bruteforce import turn_value

    three = [NAMED_DICE["lucky"], NAMED_DICE["pie"], NAMED_DICE["ordinary"]]
    base = timed(lambda: turn_value([d.weights for d in three], cap=20000))
    ours = timed(lambda: fresh(tuple(three)), 5)
    rows.append(("baseline: plain recursion over ordered dice, three dice", base, "s", None))
    rows.append(("solver on the same three dice", 1000 * ours, "ms", None))
    rows.append(("speed-up over the plain recursion", base / ours, "x", None))

    # the three race-aware solves to 4,000, one pair at a time (the solver before lanes) and eight
    # pairs side by side, in this run, each in a process of its own: wall-clock seconds of solve_match from
    # the dice (after a warm-up solve to 200 that loads the kernels and solves the turns), two threads, and
    # the process's peak resident memory (Python, Numba and the solve)
    for label, text, goal in (("six unlike named dice", SIX_UNLIKE, "<= 60"),
                              ("three special + three ordinary", "lucky,odd,kings,ordinary*3", "<= 20"),
                              ("six ordinary dice (mirrored)", None, "<= 1.5")):
        results = {}
        for lanes in (False, True):
            seconds, peak, win = _match_in_a_process(text, lanes)
            results[lanes] = (seconds, win)
            how = "eight pairs side by side" if lanes else "one pair at a time (before)"
            # the row is the solve a user waits for once the page has the dice's turns (kernels warm)
            rows.append((f"match to 4000, {label} v six ordinary: {how} (solve only, kernels warm)", seconds, "s",
                         goal if lanes else None))
            rows.append(("  peak memory of that process", peak, "MiB", "<= 4096"))
        assert results[True][1] == results[False][1], "the two solvers must give the same number"
        rows.append((f"  speed-up (first player wins {results[True][1]:.12f} both ways)",
                     results[False][0] / results[True][0], "x", None))

    owned = parse_dice("ordinary,weighted,lucky,odd,kings,misfortune,heavenly-kingdom,aranka,pie,holy-trinity")
    for memo in (turn_module._solve_turn, turn_module._turn_plan, roll_table_module.roll_table):
        memo.cache_clear()
    start = time.perf_counter()
    n = best_loadouts(owned, top=1).choices
    rows.append((f"loadout search, 10 owned dice ({n} choices, 2 processes)", time.perf_counter() - start, "s", "<= 10"))

    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
