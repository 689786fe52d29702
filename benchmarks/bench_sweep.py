"""Sweeps on Dask (issue 14): throughput with 1 and 2 workers against the same items solved in this process, in
the same run; the overhead per item for video poker and Farkle; the 54,264 named-dice loadouts' time here and
projected for 100 workers.

    python benchmarks/bench_sweep.py [--tables 2000000] [--row-tables 200000] [--sample 400]
                                     [--json build/bench/sweep.json] [--quick]

In-process rows call what a worker runs on the same chunks: for dice poker the kind's `solve_range` (index range
to tables to rows, in chunks of 10,000), and the kernel alone (`batch_returns`) for reference; for the others
the kind's `solve`. Sweep rows time `run_sweep` on a local cluster that is already up (its start, a few
seconds, is a row of its own), into a fresh results file: ranges sent, tables made and solved on the workers,
rows written to SQLite in one transaction per chunk. The client shares this machine's two cores with the
workers: writing a row costs it about as much as solving the table costs a worker, so dice poker is timed both
keeping every row and keeping only the tables that meet a target (`--only-deep --only-return`, the designer's
question), where the client has almost nothing to write. "A worker's own rate" is the workers' solve time per
item as they measure it. The loadouts' projection solves every `--sample`-th of the 54,264 items in
this process (a uniform spread: the order runs from all-ordinary to all-devil's-head). Every in-process and
sweep row runs after a warm call or sweep of its own (imports, kernels compiled or loaded, tables built), untimed.
`--quick`: --tables 200000 --row-tables 20000 --sample 4000, about two minutes.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

# per core: the in-process rows use one thread, as each worker does (Dask starts its workers with these at 1;
# the batch kernel's own threads are capped by the kind)
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))
from _table import print_and_save  # noqa: E402

# 4,939,200 tables per unit bet around table B's shape: returns 0.8-1.7, about 1% deep and returning 94-96%
DICE_GRID = ("five=1:10 four=0.5:4:0.25 full=0.5:2:0.25 straight=0.25:2:0.25 three=0.25:1:0.25 two=0:0.5:0.025 "
             "pair=0:0.3:0.05")
ONLY = {"only_deep": True, "only_return": "0.94:0.96"}  # the designer: deep tables returning 94-96%
ONLY_TEXT = "deep, return 0.94-0.96"
VP_OPTIONS = {"game": "jacks-or-better-9-6", "vary": ["full_house=6:9", "flush=5:6"]}  # 9/6 ... 6/5: 8 variants
FARKLE_OPTIONS = {"owned": "ordinary*3,weighted,lucky,odd,kings,pie,aranka"}  # 9 owned: the distinct sixes


def _in_process(kind_name: str, options: dict, chunk: int, limit: int | None = None) -> tuple[float, int]:
    """Seconds per item of the kind's `solve` over its items in chunks, in this process (after a warm chunk)."""
    from holdwise.sweep.kind import get_kind

    kind = get_kind(kind_name)
    definition = kind.definition(**options)
    items = [item for _, item in itertools.islice(kind.items(definition), limit)]
    kind.solve(definition, items[:1])  # compile, build tables
    start = time.perf_counter()
    for lo in range(0, len(items), chunk):
        kind.solve(definition, items[lo:lo + chunk])
    return (time.perf_counter() - start) / len(items), len(items)


def _sweep(client, kind_name: str, options: dict, chunk: int | None, folder: Path) -> tuple[float, int, float]:
    """(wall seconds per item, items, worker seconds per item) of a sweep on `client`'s cluster, into a new file."""
    from holdwise.sweep import run_sweep

    last = []
    db_path = folder / f"{kind_name}-{len(list(folder.iterdir()))}.sqlite"
    summary = run_sweep(kind_name, options, db_path, client=client, chunk=chunk, on_progress=last.append)
    return summary.seconds / summary.done_now, summary.done_now, last[-1].worker_seconds / summary.done_now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=2_000_000,
                        help="dice-poker tables per sweep that keeps the tables meeting a target")
    parser.add_argument("--row-tables", type=int, default=200_000,
                        help="dice-poker tables per sweep that keeps every row")
    parser.add_argument("--sample", type=int, default=400, help="every n-th of the 54,264 loadouts")
    parser.add_argument("--json", default=str(HERE.parent / "build" / "bench" / "sweep.json"))
    parser.add_argument("--quick", action="store_true", help="--tables 200000 --row-tables 20000 --sample 4000")
    opts = parser.parse_args()
    if opts.quick:
        opts.tables, opts.row_tables, opts.sample = 200_000, 20_000, 4000
    from distributed import Client, LocalCluster

    rows = []
    dice_options = {"grid": DICE_GRID, "random": opts.row_tables, "seed": 1}
    only_options = {"grid": DICE_GRID, "random": opts.tables, "seed": 1, **ONLY}
    from holdwise.games import dice_poker
    from holdwise.sweep.kinds import dice_poker as dice_kind

    def in_process(options: dict) -> float:
        definition = dice_kind.definition(**options)
        dice_kind.solve_range(definition, 0, 10)  # compile
        start = time.perf_counter()
        for lo in range(0, options["random"], 10_000):
            dice_kind.solve_range(definition, lo, min(options["random"], lo + 10_000))
        return options["random"] / (time.perf_counter() - start)

    definition = dice_kind.definition(**dice_options)
    in_process_dice = in_process(dice_options)
    rows.append((f"dice poker, in process, every row ({opts.row_tables:,} tables, chunks of 10,000)",
                 in_process_dice, "tables/s", None))
    in_process_only = in_process(only_options)
    rows.append((f"dice poker, in process, {ONLY_TEXT} ({opts.tables:,} tables)", in_process_only, "tables/s",
                 None))
    tables = [item["payouts"] for _, item in itertools.islice(dice_kind.items(definition), 20_000)]
    start = time.perf_counter()
    dice_poker.batch_returns(tables, max_threads=1)
    rows.append(("dice poker, the batch kernel alone (batch_returns, 1 thread)", len(tables) / (time.perf_counter() - start),
                 "tables/s", None))
    kept = sum(len(dice_kind.solve_range(dice_kind.definition(**only_options), lo, lo + 10_000))
               for lo in range(0, 20_000, 10_000))
    rows.append((f"dice poker, tables kept by {ONLY_TEXT}", kept / 20_000, "share", None))
    vp_per, vp_n = _in_process("video-poker", VP_OPTIONS, 1)
    rows.append((f"video poker, in process ({vp_n} variants)", vp_per, "s/item", None))
    fk_per, fk_n = _in_process("farkle-loadouts", FARKLE_OPTIONS, 8)
    rows.append((f"farkle loadouts, in process ({fk_n} loadouts)", fk_per, "s/item", None))

    by_workers, only_by_workers, adaptive_by_workers = {}, {}, {}
    with tempfile.TemporaryDirectory(prefix="holdwise-bench-sweep-") as tmp:
        folder = Path(tmp)
        for workers in (1, 2):
            start = time.perf_counter()
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                              dashboard_address="127.0.0.1:0") as cluster, \
                    Client(cluster, set_as_default=False) as client:
                rows.append((f"local cluster start, {workers} worker(s)", time.perf_counter() - start, "s", None))
                # warm each worker (imports, kernel compile) with a sweep of its own, not timed
                _sweep(client, "dice-poker", {"grid": "five=5:6"}, None, folder)
                per, n, busy = _sweep(client, "dice-poker", dice_options, 10_000, folder)
                by_workers[workers] = 1 / per
                rows.append((f"dice poker, sweep, {workers} worker(s), every row kept, chunks of 10,000", 1 / per,
                             "tables/s", None))
                rows.append((f"dice poker, {workers} worker(s), every row: a worker's own rate", 1 / busy,
                             "tables/s", None))
                per, n, busy = _sweep(client, "dice-poker", only_options, 10_000, folder)
                only_by_workers[workers] = 1 / per
                rows.append((f"dice poker, sweep, {workers} worker(s), {ONLY_TEXT}, chunks of 10,000", 1 / per,
                             "tables/s",
                             ">= 90% of in process per core" if workers == 1 else ">= 1.8x of 1 worker"))
                per, n, busy = _sweep(client, "dice-poker", only_options, None, folder)
                adaptive_by_workers[workers] = 1 / per
                rows.append((f"dice poker, {workers} worker(s), {ONLY_TEXT}, default chunks", 1 / per, "tables/s",
                             None))
                if workers == 2:
                    _sweep(client, "video-poker", {"game": "jacks-or-better-8-5", "vary": ["flush=5"]}, 1,
                           folder)  # compile the video-poker kernel on the workers
                    per, n, _ = _sweep(client, "video-poker", VP_OPTIONS, 1, folder)
                    rows.append((f"video poker, sweep, 2 workers ({n} variants)", per, "s/item", None))
                    rows.append(("video poker, overhead per item (sweep x 2 workers - in process)",
                                 2 * per - vp_per, "s/item", None))
                    per, n, _ = _sweep(client, "farkle-loadouts", FARKLE_OPTIONS, None, folder)
                    rows.append((f"farkle loadouts, sweep, 2 workers ({n} loadouts)", per, "s/item", None))
                    rows.append(("farkle loadouts, overhead per item (sweep x 2 workers - in process)",
                                 2 * per - fk_per, "s/item", None))
    # the machine is shared: the in-process anchor again after the sweeps, the ratios against the mean of both
    again = in_process(only_options)
    rows.append((f"dice poker, in process, {ONLY_TEXT}, again after the sweeps", again, "tables/s", None))
    in_process_only = (in_process_only + again) / 2
    rows.append((f"dice poker, {ONLY_TEXT}, chunks of 10,000: 1 worker / in process",
                 only_by_workers[1] / in_process_only, "ratio", ">= 0.9"))
    rows.append((f"dice poker, {ONLY_TEXT}, chunks of 10,000: 2 workers / 1", only_by_workers[2] / only_by_workers[1],
                 "ratio",
                 ">= 1.8"))
    rows.append((f"dice poker, {ONLY_TEXT}, default chunks: 1 worker / in process",
                 adaptive_by_workers[1] / in_process_only, "ratio", None))
    rows.append((f"dice poker, {ONLY_TEXT}, default chunks: 2 workers / 1",
                 adaptive_by_workers[2] / adaptive_by_workers[1], "ratio", None))
    rows.append(("dice poker, every row kept: 1 worker / in process", by_workers[1] / in_process_dice, "ratio",
                 None))
    rows.append(("dice poker, every row kept: 2 workers / 1", by_workers[2] / by_workers[1], "ratio", None))

    # the 54,264 loadouts of the named dice: every --sample-th, in this process
    from holdwise.sweep.kinds import farkle_loadouts

    definition = farkle_loadouts.definition(dice="all-named")
    total = farkle_loadouts.count(definition)
    sample = [item for _, item in itertools.islice(farkle_loadouts.items(definition), 0, None, opts.sample)]
    times = []
    for item in sample:
        start = time.perf_counter()
        farkle_loadouts.solve(definition, [item])
        times.append(time.perf_counter() - start)
    mean = statistics.fmean(times)
    rows.append((f"named-dice loadouts: mean solve of {len(sample)} (1 in {opts.sample})", mean, "s/item", None))
    rows.append((f"all {total:,} named-dice loadouts, one core", mean * total / 60, "min", None))
    rows.append((f"all {total:,} on this machine's 2 workers", mean * total / 2 / 60, "min", None))
    rows.append((f"all {total:,} on 100 workers (+ overhead per item)", (mean / 100 + 0.001) * total / 60, "min",
                 None))
    print_and_save(rows, opts.json)


if __name__ == "__main__":
    main()
