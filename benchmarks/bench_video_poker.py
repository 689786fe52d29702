"""Video poker speed: every shipped game's exact return, one hand's holds, a fresh process's first call; with a
baseline.

Run: python benchmarks/bench_video_poker.py [--json-out benchmarks/results/video_poker.json] [--quick]
Prints a table and writes JSON. Figures:
- first call: `holdwise video-poker return` as a whole new process with an empty holdwise cache (it classifies
  every final hand, builds the tables and the distinct deals, solves and writes them), and solve_game as a new
  process's first call (from the import; the kernels are compiled when the package is built: nothing compiles);
- per game, in a warm process (kernels compiled, the deck's distinct deals built once): the whole
  game from scratch (classify every final hand, the subset table, every deal), and the deal pass alone;
- one hand's 32 holds, median over 1,000 random hands;
- the baseline: brute force (every draw of every hold, evaluated through a lookup of every final
  hand's class, vectorized with NumPy) timed on a few deals and scaled to the 134,459 distinct deals.
`--quick`: three games (Jacks or Better, deuces wild, joker poker) and 200 hands.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import first_env, print_and_save  # noqa: E402

HERE = Path(__file__).resolve().parent
FIRST_RUN = ("import time; t=time.perf_counter(); from holdwise.games.video_poker.paytables import get_game; "
             "from holdwise.games.video_poker.solver import solve_game; "
             "solve_game(get_game('jacks-or-better-9-6')); print(time.perf_counter()-t)")


QUICK_GAMES = ("jacks-or-better-9-6", "deuces-wild-full-pay", "joker-poker-kings")


def first_run_seconds(env: dict) -> float:
    out = subprocess.run([sys.executable, "-c", FIRST_RUN], capture_output=True, text=True, env=env, check=True,
                         cwd=HERE.parent)
    return float(out.stdout.strip())


def first_return_seconds(repeat: int = 3) -> float:
    """Median wall time of `holdwise video-poker return` as a whole new process, each with an empty cache folder."""
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as empty_cache:
            env = dict(os.environ, HOLDWISE_CACHE_DIR=empty_cache)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "holdwise", "video-poker", "return"], capture_output=True, env=env,
                           check=True)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def brute_force_deal_seconds(table, n_deals: int = 3) -> float:
    """Every draw of every hold of a deal, evaluated by class lookup: seconds per deal."""
    import math

    import numpy as np

    from holdwise.games.video_poker.evaluator import binomials, classify_all

    classes = classify_all(table)
    binom = binomials()
    stub_size = table.deck - 5
    combos = {k: np.array(list(combinations(range(stub_size), k)), dtype=np.int64).reshape(math.comb(stub_size, k), k)
              for k in range(6)}
    rng = np.random.default_rng(1)
    times = []
    for _ in range(n_deals):
        deal = np.sort(rng.choice(table.deck, 5, replace=False))
        stub = np.setdiff1d(np.arange(table.deck), deal)
        start = time.perf_counter()
        for mask in range(32):
            held = deal[[j for j in range(5) if mask >> j & 1]]
            draws = stub[combos[5 - len(held)]]
            finals = np.sort(np.hstack([np.broadcast_to(held, (len(draws), len(held))), draws.reshape(len(draws), -1)]),
                             axis=1)
            ranks = sum(binom[finals[:, j], j + 1] for j in range(5))
            np.bincount(classes[ranks], minlength=len(table.hands))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "video_poker.json"))
    parser.add_argument("--quick", action="store_true", help="three games, 200 hands")
    args = parser.parse_args()
    import numpy as np

    from holdwise.games.video_poker import evaluator, solver
    from holdwise.games.video_poker.paytables import shipped_games

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = first_env(HERE.parent / "src", Path(tmp))
        cold = first_run_seconds(env)
        cached = first_run_seconds(env)
    rows.append(("first `video-poker return`, whole new process, every cache empty", first_return_seconds(), "s",
                 None))
    rows.append(("9/6 JoB solve_game, first call in a new process, every cache empty (imports included)", cold, "s",
                 None))
    rows.append(("  the same, caches filled by that run", cached, "s", None))

    for n_cards in (52, 53):
        start = time.perf_counter()
        solver.distinct_deals(n_cards)
        rows.append((f"distinct deals of the {n_cards}-card deck (once per process)",
                     time.perf_counter() - start, "s", None))

    games = shipped_games()
    solver.solve_game(games["jacks-or-better-8-5"], 5)  # this process's kernels compiled or loaded, untimed
    for game_id, table in games.items():
        if args.quick and game_id not in QUICK_GAMES:
            continue
        evaluator.classify_all.cache_clear()
        solver.game_tables.cache_clear()
        start = time.perf_counter()
        result = solver.solve_game(table, 5)
        whole = time.perf_counter() - start
        start = time.perf_counter()
        solver.solve_game(table, 1)
        deal_pass = time.perf_counter() - start
        target = "<= 1" if game_id == "jacks-or-better-9-6" else ("<= 3" if "deuces" in game_id or "joker" in game_id
                                                                   else None)
        rows.append((f"{game_id}: whole game from scratch (return {result.value:.8f})", whole, "s", target))
        rows.append((f"{game_id}: the deal pass alone (1-4 coins)", deal_pass, "s", None))

    job = games["jacks-or-better-9-6"]
    rng = np.random.default_rng(7)
    hands = [rng.choice(52, 5, replace=False).tolist() for _ in range(200 if args.quick else 1000)]
    solver.analyze_hand(hands[0], job)
    times = []
    for hand in hands:
        start = time.perf_counter()
        solver.analyze_hand(hand, job)
        times.append(time.perf_counter() - start)
    rows.append((f"one hand's 32 holds as exact fractions (analyze_hand, median of {len(hands):,} hands)",
                 1000 * statistics.median(times), "ms", "< 5"))
    solver.hand_values(hands[0], job)
    times = []
    for hand in hands:
        start = time.perf_counter()
        solver.hand_values(hand, job)
        times.append(time.perf_counter() - start)
    rows.append((f"one hand's 32 holds, the engine (hand_values, median of {len(hands):,} hands)",
                 1e6 * statistics.median(times), "us", None))

    per_deal = brute_force_deal_seconds(job)
    rows.append(("baseline: brute force, one deal (every draw of every hold)", per_deal, "s", None))
    brute_total = per_deal * 134_459
    rows.append(("baseline: brute force scaled to 134,459 distinct deals", brute_total / 3600, "hours", None))
    job_whole = next(v for n, v, u, t in rows if n.startswith("jacks-or-better-9-6: whole"))
    rows.append(("speed-up of the 9/6 JoB whole game over brute force", brute_total / job_whole, "x", None))

    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
