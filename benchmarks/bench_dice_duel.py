"""The dice-poker duel's and Liar's Dice's solves, timed; the anchor is the brute-force oracle on the same game.

Run: python benchmarks/bench_dice_duel.py [--json-out benchmarks/results/dice_duel.json]
Every row solves (its caches emptied first, none read). The anchor rows time tests/oracles/dice_duel_bruteforce.py
and the fast path on one reduced game (five dice of three faces, one re-roll each) in the same run, and the ratio
row divides them. Wall time, fastest of `--repeat` runs, one process.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import print_and_save, timed  # noqa: E402


def _forget() -> None:
    from holdwise.games.dice_duel import solver

    solver.tables.cache_clear()
    solver.solved.cache_clear()
    solver._value.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default="benchmarks/results/dice_duel.json")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from holdwise.games.dice_duel import Rules, depth_report, duel_value
    from holdwise.games.liars_dice import equilibrium
    from holdwise.games.liars_dice import Rules as LiarsRules
    from tests.oracles import dice_duel_bruteforce as brute

    def best(fn) -> float:  # the fastest of the repeats, each from empty caches
        return min(timed(lambda: (_forget(), fn())) for _ in range(args.repeat))

    reduced = dict(dice=5, faces=3, rerolls=1, ante=1, bet=1, raises=1)
    fast = best(lambda: duel_value(Rules(**reduced)))
    oracle = min(timed(lambda: (brute._reroll_game.cache_clear(), brute.duel_value(**reduced)))
                 for _ in range(args.repeat))
    rows = [
        ("duel: value, default rules (tables, re-rolls, betting)", best(lambda: duel_value(Rules())), "s", None),
        ("duel: depth report, default rules (value and 3 policies)", best(lambda: depth_report(Rules())), "s", None),
        ("duel: value, two re-rolls each", best(lambda: duel_value(Rules(rerolls=2))), "s", None),
        ("anchor: brute force, 5 dice of 3 faces", oracle, "s", None),
        ("anchor: fast path, 5 dice of 3 faces", fast, "s", None),
        ("anchor: brute force / fast path", oracle / fast, "x", None),
    ]

    def liars() -> None:
        equilibrium.cache_clear()
        equilibrium(LiarsRules(faces=3))

    rows.append(("liars-dice: exact equilibrium, 1 and 1 dice, 3 faces", min(timed(liars) for _ in range(2)), "s",
                 None))
    print_and_save(rows, args.json_out)


if __name__ == "__main__":
    main()
