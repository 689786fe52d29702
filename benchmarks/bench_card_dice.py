"""Card dice speed: building the tables, one-roll odds, the threshold games (one game per hand to beat, with and
without a payout followed along the best keeps), one game and one hint; the royal set (12**5 rolls) and the
octahedral one (8**5).

Run: python benchmarks/bench_card_dice.py [--skip-royal-aux | --quick] [--json-out benchmarks/results/card_dice.json]
Prints a table and writes the figures as JSON. About a minute on two cores, most of it the royal set's threshold
games with one aux payout (`--quick` leaves that row out). The first two rows are new processes: the octahedral
table built and its first kernel calls made with every cache empty (holdwise's and Numba's: whatever compiles
at first use included), then again with the caches that run filled. The other rows run in this process after
those kernels were called once (compiled or loaded), each a median of calls that all do the work (no memo).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _table import first_env, print_and_save, timed  # noqa: E402

FIRST_CALLS = """
import json, time
start = time.perf_counter()
import numpy as np
from holdwise.games.poker_dice.card_table import CardTable
from holdwise.games.poker_dice.cards import dice_set
octa = CardTable(dice_set("octahedral"))
k = octa.n_classes
octa.single_game(np.ones((1, k)), np.ones((1, 1, k)))
octa.threshold_games(np.ones(k), np.full(k, 0.5), 2, np.ones((0, k)), np.zeros(0), np.zeros(0))
print(json.dumps(time.perf_counter() - start))
"""


def first_calls(env: dict) -> float:
    """Seconds from the imports to the octahedral table's first game and threshold games, in a new process."""
    out = subprocess.run([sys.executable, "-c", FIRST_CALLS], env=env, cwd=HERE.parent, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def threshold_args(table, n_aux: int, rng: np.random.Generator) -> tuple:
    """The last player's games against each hand: 1 to beat it, 1/2 to tie; the chance to beat it followed."""
    k = table.n_classes
    aux_above = np.ones((n_aux, k))
    return np.ones(k), np.full(k, 0.5), 2, aux_above, np.zeros(n_aux), np.zeros(n_aux)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-royal-aux", "--quick", action="store_true", help="leave out the 20-second royal row")
    parser.add_argument("--json-out", default=str(HERE / "results" / "card_dice.json"))
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="holdwise-bench-card-dice-") as tmp:
        env = first_env(HERE.parent / "src", Path(tmp))
        rows.append(("first calls in a new process, every cache empty (imports, octahedral table, its kernels)",
                     first_calls(env), "s", None))
        rows.append(("  the same, caches filled by that run", first_calls(env), "s", None))
    from holdwise.games.poker_dice.card_table import CardTable
    from holdwise.games.poker_dice.cards import dice_set
    from holdwise.solver.batch import threads

    rng = np.random.default_rng(0)
    octa = CardTable(dice_set("octahedral"))  # this process's kernels compiled or loaded, untimed
    octa.single_game(np.ones((1, octa.n_classes)), np.ones((1, 1, octa.n_classes)))
    octa.threshold_games(*threshold_args(octa, 0, rng))
    rows.append(("threads", threads(), "", None))
    for name in ("octahedral", "royal"):
        build = timed(lambda name=name: CardTable(dice_set(name)), 3)
        table = CardTable(dice_set(name))
        rows.append((f"{name}: build the table ({table.n_states:,} rolls, {table.n_classes:,} classes)", build, "s",
                     None))
        rows.append((f"{name}: one-roll odds", timed(table.odds, 5), "s", None))
        k = table.n_classes
        pay = rng.random((3, k))
        rows.append((f"{name}: one game of 3 rolls, pay by rolls used, 1 payout followed",
                     timed(lambda t=table, p=pay: t.single_game(p, p[None]), 3), "s", None))
        rows.append((f"{name}: every keep of one roll after 1 roll (a hint)",
                     timed(lambda t=table, p=pay: t.keep_values(p, (0, 1, 2, 3, 4), 1), 3), "s", None))
        repeat = 3 if name == "octahedral" else 1
        rows.append((f"{name}: {k:,} threshold games, 2 re-rolls, no aux",
                     timed(lambda t=table: t.threshold_games(*threshold_args(t, 0, rng)), repeat), "s",
                     "< 0.5" if name == "octahedral" else None))
        if name == "royal" and args.skip_royal_aux:
            continue
        rows.append((f"{name}: {k:,} threshold games, 2 re-rolls, 1 aux followed",
                     timed(lambda t=table: t.threshold_games(*threshold_args(t, 1, rng)), repeat), "s",
                     "< 0.5" if name == "octahedral" else "< 10"))
    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
