"""Poker dice speed and memory: first solves (six-faced tables of 2 to 6 players, the card dice sets), hints on
prepared tables, and the anchor: a brute-force duel against the solver on the same small game.

Run: python benchmarks/bench_poker_dice.py [--json-out benchmarks/results/poker_dice.json] [--quick]

What each row includes:
- "first solve" rows run in a fresh process with an empty holdwise cache (nothing read from disk); the time is
  the call a user waits for (`table_solution`, `card_duel`, ...), from `import holdwise.games.poker_dice` on:
  the game's modules imported and the solve (the kernels are compiled when the package is built, so there is
  nothing to compile or warm first); "peak MiB" is the whole process's maximum resident memory.
- "hint" rows time the public `hint(parse_hint({...}))` from the typed roll on a table solved before (in this
  process), with every option it returns read, the median of several different rolls: what a player waits for at
  the table.
- the six-faced duel's first call runs in new processes: with every cache empty (holdwise's and Numba's: whatever
  compiles at first use included), then with the caches that run filled; the anchor rows run warm in this process.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import first_env, holdwise_env, print_and_save, read_options, timed  # noqa: E402

SRC = HERE.parent / "src"

FRESH = """
import json, resource, time
t0 = time.perf_counter()
from holdwise.games import poker_dice as pd
{stmt}
seconds = time.perf_counter() - t0
print(json.dumps({{"seconds": seconds, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def fresh(stmt: str, env: dict | None = None) -> dict:
    """{"seconds", "peak_mib"} of `stmt` in a new process with an empty holdwise cache (see the docstring), or
    with the environment `env`."""
    with tempfile.TemporaryDirectory() as cache:
        code = FRESH.format(stmt=stmt)
        out = subprocess.run([sys.executable, "-c", code], env=env or holdwise_env(SRC, Path(cache)),
                             cwd=HERE.parent, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "poker_dice.json"))
    parser.add_argument("--quick", action="store_true",
                        help="skip the royal set's duel and the octahedral five players (about 25 s each)")
    args = parser.parse_args()
    from holdwise.games import poker_dice as pd
    from holdwise.games.poker_dice.rules import Variant
    from holdwise.games.poker_dice.solver import solve_duel
    from tests.oracles.poker_dice_bruteforce import duel_first_player

    rows = []
    six = [("six-faced, 2 players", "pd.table_solution(pd.Variant(), 2)"),
           ("six-faced, 3 players", "pd.table_solution(pd.Variant(), 3)"),
           ("six-faced, 6 players", "pd.table_solution(pd.Variant(), 6)"),
           ("six-faced, 6 players, roll limit", "pd.table_solution(pd.Variant(), 6, roll_limit=True)")]
    for name, stmt in six:
        got = fresh(stmt)
        rows.append((f"first solve: {name}", got["seconds"], "s", "< 30"))
        rows.append((f"  peak memory, {name}", got["peak_mib"], "MiB", None))
    cards = [("royal: one-roll odds (the set read, every roll ranked)", "pd.card_odds('royal')"),
             ("royal: best keeps of one player, every roll (one game)",
              "from holdwise.games.poker_dice.card_game import card_table\n"
              "import numpy as np\nt = card_table(pd.resolve_set('royal'))\n"
              "t.single_game(np.linspace(0, 1, t.n_classes)[None, :], None)"),
             ("octahedral: duel", "pd.card_duel('octahedral')")]
    if not args.quick:
        cards.insert(2, ("royal: duel", "pd.card_duel('royal')"))
        cards.append(("octahedral: 5 players", "pd.card_duel('octahedral', 5)"))
    for name, stmt in cards:
        got = fresh(stmt)
        rows.append((f"first solve: {name}", got["seconds"], "s", "< 30"))
        rows.append((f"  peak memory, {name}", got["peak_mib"], "MiB", None))

    # hints on prepared tables, in this process
    pd.table_solution(pd.Variant(), 6)
    seat = {"rolls_left": 1, "to_beat": "5 5 5 2 2", "players": 6, "position": 4, "holders": 2}
    pd.hint(pd.parse_hint({"hand": "6 6 1 2 3", **seat}))
    hands = ["6 6 1 2 3", "1 1 3 4 6", "2 3 4 5 6", "5 5 5 2 1", "6 4 3 1 1", "3 3 2 2 6"]
    rows.append(("hint, six-faced, seat 4 of 6, prepared table, every option read", 1000 * _median(
        lambda h: read_options(pd.hint(pd.parse_hint({"hand": h, **seat}))), hands), "ms", "< 50"))
    pd.card_duel("octahedral")
    rolls = ["Ac As Ah Ad Ac", "7s 8d 9s 10d Js", "Kd Kc Ks Kh Qh", "9d 9c 8c 8s 7s"]
    rows.append(("hint, octahedral, first of two, prepared table, every option read", 1000 * _median(
        lambda r: read_options(pd.hint(pd.parse_hint({"hand": r, "rolls_left": 2, "rules": "octahedral"}))), rolls),
        "ms", "< 50"))
    if not args.quick:
        pd.card_duel("royal")
        rolls = ["Ks Ac Kc Kd As", "* * Js 10s 9s", "2h 2s 3c 3d 3h", "Qh Qs * Qc Qd"]
        rows.append(("hint, royal, first of two, prepared table, every option read", 1000 * _median(
            lambda r: read_options(pd.hint(pd.parse_hint({"hand": r, "rolls_left": 2, "rules": "royal"}))), rolls),
            "ms", "< 50"))

    # the anchor: brute force and the solver on the same small duel
    with tempfile.TemporaryDirectory(prefix="holdwise-bench-poker-dice-") as tmp:
        env = first_env(SRC, Path(tmp))
        duel = "from holdwise.games.poker_dice.solver import solve_duel\nsolve_duel()"
        rows.append(("six-faced duel: first call in a new process, every cache empty",
                     fresh(duel, env)["seconds"], "s", None))
        rows.append(("  the same, caches filled by that run", fresh(duel, env)["seconds"], "s", None))
    solve_duel()  # this process's kernels called once, untimed
    base = timed(lambda: duel_first_player(2, 6, 3))
    ours = timed(lambda: solve_duel(Variant(), n_dice=2, sides=6), 5)
    rows.append(("anchor: brute-force duel, two dice with six faces", base, "s", None))
    rows.append(("solver on the same small game (warm: its setup built, solved each call)", ours, "s", None))
    rows.append(("speed-up over brute force", base / ours, "x", None))
    print_and_save(rows, args.json_out)
    return 0


def _median(call, inputs) -> float:
    """Median seconds of call(x) over the inputs (each once)."""
    times = []
    for x in inputs:
        start = time.perf_counter()
        call(x)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


if __name__ == "__main__":
    sys.exit(main())
