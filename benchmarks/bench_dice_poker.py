"""Dice poker speed: batch throughput, one report, the CLI as a process, 10 dice; against baselines.

Run: python benchmarks/bench_dice_poker.py [--tables 100000] [--json-out benchmarks/results/dice_poker.json] [--quick]
Prints a table and writes the figures as JSON. The baseline is the seed's plain method (every
keep of every hand with its outcome list), in Node when `node` is on the PATH, and in Python.
The batch kernel's first call is timed in new processes: with every cache empty (holdwise's and Numba's, so
whatever compiles at first use is in it), then with the caches that run filled. Every other row runs after the
kernels it calls were called once (compiled or loaded): warm, each call doing the work (no answer is kept
between calls but the lattice, which the "cold" row builds). `--quick`: 20,000 tables, half a minute.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import first_env, holdwise_env, print_and_save, timed  # noqa: E402

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
FIRST_BATCH = """
import json, time
start = time.perf_counter()
import numpy as np
from holdwise.games.dice_poker.analysis import batch_returns
batch_returns(np.random.default_rng(1).uniform(0, 20, (10, 7)))
print(json.dumps(time.perf_counter() - start))
"""


def first_batch(env: dict) -> float:
    """Seconds from the import to the end of a first batch_returns call of 10 tables, in a new process."""
    out = subprocess.run([sys.executable, "-c", FIRST_BATCH], env=env, cwd=HERE.parent, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def python_baseline(table):
    """The seed's plain method in Python: per hand every keep, per keep every outcome."""
    from math import factorial

    sides, dice = 6, 5

    def multisets(m, face=0):
        if face == sides - 1:
            return [(m,)]
        return [(c, *rest) for c in range(m, -1, -1) for rest in multisets(m - c, face + 1)]

    def chance(c):
        m = sum(c)
        out = factorial(m)
        for x in c:
            out /= factorial(x)
        return out / sides**m

    def category(c):
        shape = sorted((x for x in c if x), reverse=True)
        present = [f for f, x in enumerate(c) if x]
        if shape[0] == 5:
            return 0
        if shape[0] == 4:
            return 1
        if shape[:2] == [3, 2]:
            return 2
        if len(shape) == 5 and present[-1] - present[0] == 4:
            return 3
        if shape[0] == 3:
            return 4
        if shape[:2] == [2, 2]:
            return 5
        return 6 if shape[0] == 2 else 7

    hands = multisets(dice)
    index = {h: i for i, h in enumerate(hands)}
    rolls = [[(r, chance(r)) for r in multisets(m)] for m in range(dice + 1)]
    keeps_of = []
    for h in hands:
        options = []
        for k in product(*[range(c + 1) for c in h]):
            rest = dice - sum(k)
            options.append((k, [(index[tuple(a + b for a, b in zip(k, r))], p) for r, p in rolls[rest]]))
        keeps_of.append(options)
    pay = [table[c] if c < 7 else 0.0 for c in map(category, hands)]

    def run(pick):
        v = pay
        for _ in range(2):
            v = [pick(h, [(k, sum(p * v[j] for j, p in nxt)) for k, nxt in keeps_of[i]]) for i, h in enumerate(hands)]
        return sum(p * v[index[h]] for h, p in rolls[dice])

    def rule(h, options):
        most = max(h)
        top = max(f for f, c in enumerate(h) if c == most)
        return next(e for k, e in options if all(x == (most if f == top else 0) for f, x in enumerate(k)))

    return {"optimal": run(lambda h, o: max(e for _, e in o)), "rule": run(rule),
            "none": sum(p * pay[index[h]] for h, p in rolls[dice])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--json-out", default=str(HERE / "results" / "dice_poker.json"))
    parser.add_argument("--quick", action="store_true", help="--tables 20000")
    args = parser.parse_args()
    if args.quick:
        args.tables = min(args.tables, 20_000)
    tmp = tempfile.TemporaryDirectory(prefix="holdwise-bench-dice-poker-")
    import numpy as np

    from holdwise.games.dice_poker.analysis import batch_returns, make_game, report
    from holdwise.solver import solve

    rows = []
    table_b = [10, 6, 4, 3, 2, 1, 0.5]

    node = shutil.which("node")
    node_ms = None
    if node:
        out = subprocess.run([node, str(HERE / "baseline" / "seed_method.mjs"), "10"], capture_output=True, text=True)
        if out.returncode == 0:
            node_ms = json.loads(out.stdout)["ms_per_table"]
            rows.append(("baseline: seed method, Node, one table (optimum, rule, none)", node_ms, "ms", None))
    py_ms = 1000 * timed(lambda: python_baseline(table_b), 3)
    rows.append(("baseline: seed method, Python, one table", py_ms, "ms", None))

    rng = np.random.default_rng(20261130)
    tables = rng.uniform(0, 20, (args.tables, 7))
    env = first_env(SRC, Path(tmp.name) / "first")
    rows.append(("batch_returns: first call in a new process, every cache empty (imports included)", first_batch(env),
                 "s", None))
    rows.append(("  the same, caches filled by that run", first_batch(env), "s", None))
    batch_returns(tables[:10])  # this process's kernels compiled or loaded, untimed
    batch_s = timed(lambda: batch_returns(tables), 3)
    per_second = args.tables / batch_s
    rows.append((f"batch_returns: {args.tables:,} random tables", per_second, "tables/s", ">= 100,000"))
    base_ms = node_ms if node_ms is not None else py_ms
    rows.append(("batch speed-up over the baseline (per table)", base_ms / 1000 * per_second, "x", "~8,000"))

    report(table_b)
    report_ms = 1000 * timed(lambda: report(table_b), 50)
    rows.append(("one table's full depth report, warm (4 solves each call; lattice built)", report_ms, "ms", "< 5"))
    rows.append(("report speed-up over the baseline", base_ms / report_ms, "x", None))

    # this tree's holdwise, its own cache folder filled by a run before
    cli = [sys.executable, "-m", "holdwise", "dice-poker", "--table", "B", "--json"]
    cli_env = holdwise_env(SRC, Path(tmp.name) / "cli")
    subprocess.run(cli, capture_output=True, env=cli_env, check=True)
    cli_s = timed(lambda: subprocess.run(cli, capture_output=True, check=True, env=cli_env), 5)
    rows.append(("holdwise dice-poker --table B --json, whole process (caches filled by a run before)", cli_s, "s",
                 "<= 0.5"))

    from holdwise.solver import lattice

    solve(make_game(table_b, dice=3, sides=6, rerolls=3))  # the solver's kernels compiled or loaded, untimed
    lattice.cache_clear()
    game = make_game(table_b, dice=10, sides=6, rerolls=3)
    cold = timed(lambda: (lattice.cache_clear(), solve(game)), 1)
    warm = timed(lambda: solve(game), 5)
    rows.append(("optimum of 10 dice, 6 faces, 3 re-rolls, cold (lattice built; kernels compiled before)", cold, "s",
                 "< 1"))
    rows.append(("optimum of 10 dice, 6 faces, 3 re-rolls, warm (lattice built before)", warm, "s", "< 1"))

    print_and_save(rows, args.json_out)
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
