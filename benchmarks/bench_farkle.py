"""Farkle speed: the turn solve (fair and unlike dice), the race-aware match, a loadout search.

Run: python benchmarks/bench_farkle.py [--json-out benchmarks/results/farkle.json]
Prints a table and writes JSON. Anchors from the issue (not runnable here): an exact JavaScript turn
solver about 45 ms per set of dice; a Rust expectimax about 0.4 s for one decision. The baseline run
here is the plain recursion of tests/oracles (over ordered dice), timed on three dice and compared with
the solver on the same three dice.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import print_and_save, timed  # noqa: E402



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "farkle.json"))
    args = parser.parse_args()
    from holdwise.games.farkle.analysis import best_loadouts, parse_dice
    from holdwise.games.farkle import turn as turn_module
    from holdwise.games.farkle.match import solve_match
    from holdwise.games.farkle.rules import NAMED_DICE

    rows = []
    fair = parse_dice(None)
    start = time.perf_counter()
    turn_module.solve_turn(fair)
    rows.append(("first turn solve in this process (JIT cache load, tables)", time.perf_counter() - start, "s", None))

    def fresh(dice):
        turn_module._solve_turn.cache_clear()
        turn_module.roll_table.cache_clear()
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
        rows.append((f"turn, six unlike dice ({', '.join(names)})", timed(lambda: fresh(dice), 3), "s", "<= 0.5"))

    from tests.oracles.farkle_bruteforce import turn_value

    three = [NAMED_DICE["lucky"], NAMED_DICE["pie"], NAMED_DICE["ordinary"]]
    base = timed(lambda: turn_value([d.weights for d in three], cap=20000))
    ours = timed(lambda: fresh(tuple(three)), 5)
    rows.append(("baseline: plain recursion over ordered dice, three dice", base, "s", None))
    rows.append(("solver on the same three dice", 1000 * ours, "ms", None))
    rows.append(("speed-up over the plain recursion", base / ours, "x", None))

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    match = solve_match(fair, target=4000)
    rows.append((f"race-aware match to 4000, fair dice (first player wins {match.first_player_win:.6f})",
                 time.perf_counter() - start, "s", "<= 30"))
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rows.append(("peak memory of this process after the match", after / 1024, "MiB", None))
    rows.append(("  of which grown during the match", (after - before) / 1024, "MiB", None))

    owned = parse_dice("ordinary,weighted,lucky,odd,kings,misfortune,heavenly-kingdom,aranka,pie,holy-trinity")
    turn_module._solve_turn.cache_clear()
    turn_module.roll_table.cache_clear()
    start = time.perf_counter()
    n = best_loadouts(owned, top=1).choices
    rows.append((f"loadout search, 10 owned dice ({n} choices, 2 processes)", time.perf_counter() - start, "s", "<= 10"))

    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
