"""What one pass of the Farkle match kernel is bound by: the same pass with its reads made cache-resident, with its
groups cut to one option, with its groups in order of length.

Run: python benchmarks/bench_farkle_pass.py [--rows 40] [--json-out benchmarks/results/farkle_pass.json]
Each row is one call of `lanes_kernels.lanes_pass` (eight score pairs, rows from 40 units of 50 down to own
scores 0-7) on the turn table of the hardest named loadout of `bench_farkle_match.py` (121,934 options in
14,261 groups a row), nothing else: the inputs are built once, before the timing, and every row is timed
in turn with the real pass (batches of five passes, the fastest of seven rounds), so a busy neighbour slows
them alike. The rows change one thing each:
- "real": the match's own pass (the anchor of the ratios);
- "reads folded onto N places": every option reads one of N places (of the 757 a row reads) instead of its own,
  the instructions and their order unchanged; with 16 places the 16 x 8 lanes x 16 bytes it reads sit in L1.
  Not a match's numbers: a probe of whether the pass waits on reading from L2;
- "every group cut to its first option": what a group costs before its options' comparisons;
- "groups in order of length": the groups of each set of dice left sorted by their option count, so the
  option loop's exits repeat (its numbers differ from the real pass's in the last bits: another sum order).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # this checkout's holdwise, not an installed one
sys.path.insert(0, str(HERE))
from _table import print_and_save  # noqa: E402

LOADOUT = "ordinary,lucky,odd,kings,misfortune,devils-head"  # bench_farkle_match.HARDEST's first player


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40, help="the pass's target, in units of 50 (default 40)")
    parser.add_argument("--json-out", default=str(HERE / "results" / "farkle_pass.json"))
    args = parser.parse_args()

    import numpy as np

    from holdwise.games.farkle import parse_loadout
    from holdwise.games.farkle.lanes_kernels import LANES, lanes_pass
    from holdwise.games.farkle.match import _lane_buffers, _tables
    from holdwise.games.farkle.turn import solve_turn

    sol = solve_turn(tuple(parse_loadout(LOADOUT)))
    t = sol.table
    group_start, group_prob, option_start, offset, _, _, bust, full = _tables(sol)
    g = args.rows
    n = t.n_states
    rows = g + 1 + max(int(t.option_units.max()), g)
    rng = np.random.default_rng(1)
    x_other = np.sort(rng.random((g, g + 1 + 200)), axis=1)[:, ::-1].copy()  # falling in the own score, as a match's
    own = np.arange(LANES, dtype=np.int64)
    opp = g // 2 - own
    bust_value = rng.random(LANES)

    def case(gs, gp, ostart, off):
        w, dw = _lane_buffers(rows, n)
        value, slope = np.zeros(LANES), np.zeros(LANES)
        return lambda: lanes_pass(own, opp, g, bust_value, x_other, gs, gp, ostart, off, bust, full, w, dw,
                                  value, slope)

    places = np.unique(offset)
    cases = {"real": case(group_start, group_prob, option_start, offset)}
    for keep in (256, 64, 16):
        folded = np.ascontiguousarray(places[np.searchsorted(places[:keep], offset).clip(0, keep - 1)])
        cases[f"reads folded onto {keep} places"] = case(group_start, group_prob, option_start, folded)
    one = np.arange(len(group_prob) + 1, dtype=np.int64)
    cases["every group cut to its first option"] = case(group_start, group_prob, one,
                                                        np.ascontiguousarray(offset[option_start[:-1]]))
    order = np.concatenate([sorted(range(group_start[s], group_start[s + 1]),
                                   key=lambda k: (option_start[k + 1] - option_start[k], k)) for s in range(1, n)]
                           ).astype(np.int64)
    sizes = np.diff(option_start)[order]
    cases["groups in order of length"] = case(
        group_start, np.ascontiguousarray(group_prob[order]), np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
        np.concatenate([offset[option_start[k]:option_start[k + 1]] for k in order]).astype(np.int64))

    best = dict.fromkeys(cases, float("inf"))
    for fn in cases.values():
        fn()
    for _ in range(7):
        for name, fn in cases.items():
            start = time.perf_counter()
            for _ in range(5):
                fn()
            best[name] = min(best[name], (time.perf_counter() - start) / 5)
    passed = g - int(own.min())  # rows the pass computes
    out = []
    for name, seconds in best.items():
        out.append((f"one pass, {name}", 1e3 * seconds, "ms", None))
        out.append((f"one pass, {name} / real", seconds / best["real"], "x", None))
    out.append(("real: ns per option and row (8 lanes)", 1e9 * best["real"] / (passed * len(offset)), "ns", None))
    per_group = best["every group cut to its first option"]
    out.append(("one-option groups: ns per group and row", 1e9 * per_group / (passed * len(group_prob)), "ns", None))
    out.append(("the other options: ns per option and row",
                1e9 * (best["real"] - per_group) / (passed * (len(offset) - len(group_prob))), "ns", None))
    print_and_save(out, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
