"""Video poker strategy speed: a chart's exact return over every deal, deriving each game's charts.

Run: python benchmarks/bench_strategy.py [--json-out benchmarks/results/strategy.json] [--game ID ...] [--quick]
Prints a table and writes JSON. Figures, in one process with a new, empty holdwise cache folder (nothing kept on
disk is read), its kernels called once first on another game (8/5 Jacks or Better: compiled or loaded, and the
deck's distinct deals built; that first call is a row of its own):
- every hold of every deal classified (the pattern ids; the first call for the game, its tables built), and
  every hold of every deal valued (the deal table, which reads those ids), per game;
- a chart's exact return over every deal (9/6 Jacks or Better, the 27-line classic simple strategy and the
  derived basic strategy), median of 5 warm runs: target <= 1 s;
- deriving the best basic strategy (local search from the mean-value order; deal table and pattern ids built
  before): target <= 60 s;
- the short charts and the cost curve (1-40 lines), the search before and after issue 26: reported.
`--quick`: 9/6 Jacks or Better alone, without the chart searches (a minute each).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import print_and_save  # noqa: E402

HERE = Path(__file__).resolve().parent
CLASSIC = """royal flush
straight flush
four of a kind and a kicker
4 to a royal flush
full house
flush
straight
three of a kind
4 to a straight flush
two pair
high pair
3 to a royal flush
4 to a flush
low pair
4 to an outside straight
AK suited
AQ suited
AJ suited
KQ suited
KJ suited
QJ suited
3 to a straight flush
unsuited high cards
JT suited
QT suited
KT suited
single high card
"""


def timed(fn, repeat: int = 1) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "strategy.json"))
    parser.add_argument("--game", action="append")
    parser.add_argument("--quick", action="store_true", help="9/6 Jacks or Better alone, no chart search")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="holdwise-bench-strategy-")
    os.environ["HOLDWISE_CACHE_DIR"] = tmp.name  # nothing kept on disk before this run is read
    from holdwise.games import video_poker as vp
    from holdwise.games.video_poker import deal_table as dtm
    from holdwise.games.video_poker import strategy as st

    rows = []
    job = vp.get_game("jacks-or-better-9-6")
    seconds, _ = timed(lambda: dtm.deal_table(vp.get_game("jacks-or-better-8-5"), 5))
    rows.append(("8/5 JoB deal table, this process's first call (kernels compiled or loaded, deals built)", seconds,
                 "s", None))
    games = args.game or (["jacks-or-better-9-6"] if args.quick else
                          ["jacks-or-better-9-6", "deuces-wild-full-pay", "double-double-bonus-9-6"])
    for game_id in games:
        table = vp.get_game(game_id)
        # classified first: the deal table reads the pattern ids (whole hands dealt), so the other order would
        # time a read of the ids the deal table built
        seconds, _ = timed(lambda t=table: st._game_patterns(t))
        rows.append((f"{game_id}: every hold of every deal classified (first call for the game: its tables built)",
                     seconds, "s", None))
        seconds, dt = timed(lambda t=table: dtm.deal_table(t, 5))
        rows.append((f"{game_id}: every hold of every deal valued (its tables and pattern ids built before)",
                     seconds, "s", None))
        seconds, (live, value) = timed(lambda t=table: st._derived(t, 5))
        ret = dt.ret(value)
        rows.append((f"{game_id}: derive the basic strategy ({len(live)} lines, {100 * float(ret):.4f}%)", seconds,
                     "s", "<= 60"))
        # the search itself (st._reduced would read its kept answer from disk), before issue 26 (greedy growing
        # and shrinking) and after (with the published charts as seeds and swaps at 8-20 lines), in this run
        searches = (("before", {"published": False, "swaps": False}), ("after", {}))
        for label, options in () if args.quick else searches:
            seconds, reduced = timed(lambda t=table, o=options: st._search_reduced(t, 5, **o))
            shown = ", ".join(f"{n}: {100 * float(dt.ret(reduced[n][2])):.4f}%" for n in (10, 15, 20))
            rows.append((f"{game_id}: charts of 1-40 lines, {label} ({shown})", seconds, "s",
                         "<= 60" if label == "after" else None))
    vp.evaluate_chart(job, CLASSIC)
    seconds, report = timed(lambda: vp.evaluate_chart(job, CLASSIC), repeat=5)
    rows.append((f"9/6 JoB: a 27-line chart's exact return, warm (deal table and ids built; "
                 f"{100 * report.return_value:.4f}%)", seconds, "s", "<= 1"))
    basic = vp.strategy_report(job)
    seconds, _ = timed(lambda: vp.evaluate_chart(job, basic.chart_text), repeat=5)
    rows.append((f"9/6 JoB: the {len(basic.lines)}-line basic strategy's exact return, warm (as above)", seconds, "s",
                 "<= 1"))
    print_and_save(rows, args.json_out)
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
