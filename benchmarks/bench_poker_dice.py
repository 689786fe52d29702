"""Poker dice speed: the exact two-player duel and three players, with and without the roll limit.

Run: python benchmarks/bench_poker_dice.py [--json-out benchmarks/results/poker_dice.json]
The baseline in the same run: the brute-force duel of tests/oracles on two dice with six faces, and
the solver on the same small game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import print_and_save, timed  # noqa: E402



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "poker_dice.json"))
    args = parser.parse_args()
    from holdwise.games.poker_dice.rules import Variant
    from holdwise.games.poker_dice.solver import solve_duel, solve_three
    from tests.oracles.poker_dice_bruteforce import duel_first_player

    rows = []
    start = time.perf_counter()
    solve_duel()
    rows.append(("first duel in this process (JIT cache load)", time.perf_counter() - start, "s", None))
    rows.append(("two-player duel", timed(solve_duel, 5), "s", "< 1"))
    rows.append(("two-player duel, roll limit", timed(lambda: solve_duel(roll_limit=True), 3), "s", "< 1"))
    rows.append(("three players", timed(solve_three, 1), "s", "< 10"))
    rows.append(("three players, roll limit", timed(lambda: solve_three(roll_limit=True), 1), "s", "< 10"))
    base = timed(lambda: duel_first_player(2, 6, 3))
    ours = timed(lambda: solve_duel(Variant(), n_dice=2, sides=6), 5)
    rows.append(("baseline: brute-force duel, two dice with six faces", base, "s", None))
    rows.append(("solver on the same small game", ours, "s", None))
    rows.append(("speed-up over brute force", base / ours, "x", None))
    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
