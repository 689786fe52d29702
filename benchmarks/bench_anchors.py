"""Holdwise against other public solvers (issue 13, the anchors), measured side by side in the same run.

    python benchmarks/bench_anchors.py [--anchors DIR] [--repeat 5] [--json build/bench/anchors.json]

An anchor is another project's solver, cloned and built by hand under DIR (default $HOLDWISE_ANCHORS, else
build/anchors in this checkout, a folder git ignores); none of its code is committed here. Each found anchor is run next
to the matching holdwise measurement, and where both give a comparable answer the two are checked to agree:

- zig-video-poker: avril-affine/panda-probs @ 3b4da4d (Zig 0.14, threads), expected at
  DIR/panda-probs/zig-out/bin/panda_probs. Whole 9/6 Jacks or Better game: a fresh process each
  (`python -m holdwise video-poker return` against the binary) and the solve itself (holdwise's warm
  solve_game against the binary's own "Compute strategy" timer); the final-hand counts must be equal and the
  returns equal as fractions.
- ts-video-poker: MoonCha/video-poker-calculator @ b027c9f (TypeScript, compiled by its own tsc to DIR/
  video-poker-calculator/gen). One hand's 32 holds warm, timed twice on holdwise's side: the engine
  (`solver.hand_values` on parsed cards) and the public verb (`video_poker.hint` on the hand's text and the game
  id, what the CLI and the web call), against its OptimalHoldTargetSelector timed in Node by a driver this
  script writes to a temporary folder; and a fresh process for one hand. Every hold's value must agree to 1e-9.
  Both holdwise columns are also timed on a deuces wild deal and on the joker deck, built anchor or not.
- js-farkle (a JavaScript Farkle solver of the Kingdom Come: Deliverance rules) and rust-farkle
  (phlip9/kcddice, Rust expectimax): listed with the reason they are not built; holdwise's side is still timed.

"Fresh process" means a new process with each side's disk caches filled by one run first (holdwise's in a
temporary HOLDWISE_CACHE_DIR, the anchors' in a temporary working folder), as bench_wait.py does; warm figures
are medians of many calls inside this process (the functions called directly, holdwise imported from this
checkout's src with the same temporary cache folder). Build notes for the anchors live beside them (DIR/README.md), not
here. Prints the table (measure, holdwise, anchor, ratio = anchor / holdwise, so above 1 holdwise is quicker)
and writes JSON; a missing anchor is a row marked "not built", not an error.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import holdwise_env, in_process  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
HAND = "AS KS QS JS 9D"
GAME = "jacks-or-better-9-6"

ANCHORS = {
    "zig-video-poker": {"repo": "avril-affine/panda-probs", "commit": "3b4da4d30a16dfbd55e6998da6e0ffed5eefd106",
                        "folder": "panda-probs", "needs": "zig-out/bin/panda_probs"},
    "ts-video-poker": {"repo": "MoonCha/video-poker-calculator", "commit": "b027c9f916eb966979c32c6baa617e2b7f9a8824",
                       "folder": "video-poker-calculator", "needs": "gen/hold-target-selector/optimal-selector.js"},
    "js-farkle": {"repo": None, "commit": None, "folder": "js-farkle", "needs": None,
                  "why": "no public repository matching it was identified (issue 13 names none)"},
    "rust-farkle": {"repo": "phlip9/kcddice", "commit": "2b2a31926029e2150e4eef831e6c001fe20bce06",
                    "folder": "kcddice", "needs": None,
                    "why": "its crates (ndarray, statrs, trice, tabular, claim) come only from crates.io, which this "
                           "machine does not reach, and Debian packages lack them"},
}

# Node driver for the TypeScript anchor: argv ROOT HAND WARM CALLS; prints one JSON line (median us, every hold)
TS_DRIVER = r"""
const path = require('path');
const [root, handText, warmText, callsText] = process.argv.slice(2);
const gen = (p) => require(path.join(root, 'gen', p));
const { OptimalHoldTargetSelector } = gen('hold-target-selector/optimal-selector.js');
const PayCalculator = gen('video-poker/pay-calculator.js').default;
const { allPayTitleToJudgeFuncMap } = gen('video-poker/supported-pay.js');
// 9/6 Jacks or Better per coin with the 5-coin royal (800); keys in priority order, as the anchor requires
const pays = { ROYAL_STRAIGHT_FLUSH: 800, STRAIGHT_FLUSH: 50, FOUR_OF_A_KIND: 25, FULL_HOUSE: 9, FLUSH: 6,
               STRAIGHT: 4, THREE_OF_A_KIND: 3, TWO_PAIR: 2, JACKS_OR_BETTER: 1 };
const log = console.log; console.log = () => {};  // its progress lines would mix with the JSON
const selector = new OptimalHoldTargetSelector(new PayCalculator(pays, allPayTitleToJudgeFuncMap));
console.log = log;
// the anchor's card is suit * 13 + rank - 1: suits hearts, diamonds, spades, clubs; ace 1 .. king 13
const SUITS = 'HDSC', RANKS = 'A23456789TJQK';
const names = handText.trim().split(/\s+/).map((s) => s.toUpperCase());
const cards = names.map((s) => SUITS.indexOf(s[1]) * 13 + RANKS.indexOf(s[0]));
const nameOf = new Map(cards.map((c, i) => [c, names[i]]));
let out;
for (let i = 0; i < Number(warmText); i++) out = selector.getExpectedValueWithPossibleHoldingHandList(cards);
const times = [];
for (let i = 0; i < Number(callsText); i++) {
  const s = process.hrtime.bigint();
  out = selector.getExpectedValueWithPossibleHoldingHandList(cards);
  times.push(Number(process.hrtime.bigint() - s));
}
times.sort((a, b) => a - b);
log(JSON.stringify({ us: times[times.length >> 1] / 1e3,
                     holds: out.map((h) => ({ held: h.hand.map((c) => nameOf.get(c)), ev: h.expected_value })) }));
"""

# one hand of each kind the hint serves: a plain deal, a wild game's deal, the joker deck's
HANDS = ((GAME, HAND), ("deuces-wild-full-pay", "2S 7H 8H 9H KC"), ("joker-poker-kings", "JK AS 7D 7C 3H"))


def _holdwise():
    """holdwise's video poker face and solver, imported into this process from this checkout's src."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    os.environ.pop("NUMBA_DISABLE_JIT", None)  # as holdwise_env: Numba on, as a user runs it
    from holdwise.games import video_poker
    from holdwise.games.video_poker import solver

    return video_poker, solver


def _median_us(fn, number: int) -> float:
    """Median microseconds of a call of fn() in this process, after a few warm calls (tables, caches)."""
    return _median_pair_us(fn, fn, number)[0]


def _median_pair_us(first, second, number: int) -> tuple[float, float]:
    """Median microseconds of first() and of second(), called in turn (a loaded machine slows both alike)."""
    for _ in range(20):
        first()
        second()
    times: tuple[list, list] = ([], [])
    for _ in range(number):
        for fn, out in zip((first, second), times):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return 1e6 * statistics.median(times[0]), 1e6 * statistics.median(times[1])


def hand_rows(number: int = 2000, anchor_us: float | None = None, agree: bool | None = None,
              note: str = "") -> list[dict]:
    """One hand's 32 holds warm, per hand of HANDS: the engine and the public hint, each in its own row (the TS
    anchor's figure beside the Jacks or Better rows when it is built)."""
    vp, solver = _holdwise()
    rows = []
    for game_id, text in HANDS:
        table = vp.get_game(game_id)
        cards = vp.parse_hand(text, table.deck)
        engine, public = _median_pair_us(lambda: solver.hand_values(cards, table), lambda: vp.hint(text, game_id),
                                         number)
        here = anchor_us if game_id == GAME else None
        rows.append(row(f"one hand, 32 holds, warm, engine hand_values ({game_id}: {text})", "us", engine, here,
                        agree if here else None, note if here else ""))
        rows.append(row(f"one hand, 32 holds, warm, public hint() ({game_id}: {text}; {public / engine:.2f}x engine)",
                        "us", public, here, agree if here else None, note if here else ""))
    return rows


def _holdwise_values(text: str) -> dict:
    """Every hold's value per coin of a 9/6 Jacks or Better hand, keyed by its sorted card names (as the anchor's)."""
    vp, solver = _holdwise()
    names = text.split()
    hand = vp.parse_hand(" ".join(names))
    name_of = dict(zip(hand, names))
    hv = solver.hand_values(hand, vp.get_game(GAME))
    return {" ".join(sorted(name_of[c] for i, c in enumerate(hv.hand) if m >> i & 1)): int(v) / hv.scale
            for m, v in enumerate(hv.values)}


def _run(cmd: list[str], cwd: Path, env: dict | None = None) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, out


def _median_run(cmd: list[str], cwd: Path, repeat: int, env: dict | None = None):
    """Median wall seconds of `repeat` runs, and the last run's output."""
    runs = [_run(cmd, cwd, env) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), runs[-1][1]


def _holdwise_fresh(cache: Path, args: list[str], repeat: int):
    return _median_run([sys.executable, "-m", "holdwise", *args], ROOT, repeat, holdwise_env(SRC, cache))


def _holdwise_warm(cache: Path, setup: str, stmt: str, number: int, result: str = "None") -> dict:
    """A Farkle row's warm figure, timed in a new process (as before: those rows are not video poker's)."""
    return in_process(SRC, cache, setup, stmt, number, result)


def _zig_counts(stderr: str, paytable: list[int]) -> tuple[dict, Fraction, float]:
    """Final-hand counts, exact return per coin and the binary's own solve time, read from its report."""
    counts = {m[1]: int(m[2]) for m in re.finditer(r"^\s*(\w+):\s+(\d+)\s+[\d.]+$", stderr, re.MULTILINE)}
    names = list(counts)  # its report lists the classes in pay-table order, nothing first
    ret = Fraction(sum(counts[n] * p for n, p in zip(names, paytable)), sum(counts.values()))
    solve = float(re.search(r"Compute strategy: took ([\d.]+) seconds", stderr)[1])
    return {("nothing" if n == "none" else n): c for n, c in counts.items()}, ret, solve


def bench_zig(where: Path, tmp: Path, cache: Path, repeat: int) -> list[dict]:
    binary, table = where / ANCHORS["zig-video-poker"]["needs"], where / "paytables" / "jacks_or_better.json"
    run_dir = tmp / "run"
    (run_dir / ".cache").mkdir(parents=True)  # it keeps its deal tables in ./.cache, like our cache folder
    cmd, pays = [str(binary), "--paytable", str(table)], json.loads(table.read_text())
    _run(cmd, run_dir)  # fill its cache
    _holdwise_fresh(cache, ["video-poker", "return"], 1)
    runs = [_run(cmd, run_dir) for _ in range(repeat)]
    reports = [_zig_counts(out.stderr, pays) for _, out in runs]
    counts, zig_return, _ = reports[-1]
    hw_s, hw = _holdwise_fresh(cache, ["video-poker", "return", "--game", GAME, "--json", "--exact"], repeat)
    report = json.loads(hw.stdout)
    hw_counts = {row["hand"]: row["combinations"] for row in report["table"]}
    agree = hw_counts == counts and Fraction(report["return_exact"]) == zig_return
    note = (f"return {float(zig_return):.8f}, counts and exact return equal" if agree else
            f"DISAGREE: holdwise {report['return_exact']} vs anchor {zig_return}")
    vp, solver = _holdwise()
    table = vp.get_game(GAME)
    warm = {"seconds": 1e-6 * _median_us(lambda: solver.solve_game(table), 5)}
    return [row("fresh whole game, 9/6 Jacks (`video-poker return`)", "s", hw_s,
                statistics.median(t for t, _ in runs), agree, note),
            row("whole game solve, warm (holdwise 1 thread, anchor threads)", "s", warm["seconds"],
                statistics.median(r[2] for r in reports), agree, note)]


def bench_ts(where: Path, tmp: Path, cache: Path, repeat: int) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not on PATH")
    driver, run_dir = tmp / "driver.js", tmp / "run"
    driver.write_text(TS_DRIVER)
    run_dir.mkdir()  # its table cache (filecache_*) is written to the working folder
    cmd = [node, str(driver), str(where), HAND]
    _run(cmd + ["0", "1"], run_dir)  # build and save its tables once (about 20 s)
    ts = json.loads(_run(cmd + ["300", "2000"], run_dir)[1].stdout)
    anchor = {" ".join(sorted(h["held"])): h["ev"] for h in ts["holds"]}
    ours = _holdwise_values(HAND)
    gap = max(abs(ours[k] - anchor[k]) for k in ours) if ours.keys() == anchor.keys() else float("inf")
    agree = gap < 1e-9
    note = f"32 holds agree (max |diff| {gap:.1e})" if agree else f"DISAGREE: max |diff| {gap:.3g}"
    _holdwise_fresh(cache, ["video-poker", "hold", *HAND.split()], 1)
    hw_fresh, _ = _holdwise_fresh(cache, ["video-poker", "hold", *HAND.split()], repeat)
    ts_fresh, _ = _median_run(cmd + ["0", "1"], run_dir, repeat)
    return [*hand_rows(2000, ts["us"], agree, note),
            row("fresh process, one hand (`video-poker hold`)", "s", hw_fresh, ts_fresh, agree, note)]


def farkle_turn_side(cache: Path, repeat: int) -> list[dict]:
    """Holdwise's side of the JavaScript Farkle anchor (a turn solve), timed even while it is not built."""
    _holdwise_fresh(cache, ["farkle", "turn"], 1)
    fresh, _ = _holdwise_fresh(cache, ["farkle", "turn"], repeat)
    # a turn from the dice, as for a loadout not seen before: the roll table built, the backward pass run; only
    # what no loadout owns stays warm (the score table, the multiset shapes, compiled kernels)
    warm = _holdwise_warm(cache, "from holdwise.games.farkle import turn, rules\n"
                                 "d = tuple([rules.die_by_name('ordinary')] * 6)\n"
                                 "memos = (turn.roll_table, turn._type_parts, turn._turn_plan)",
                          "[m.cache_clear() for m in memos]; turn._solve_turn_now(turn.die_types(d))", 20)
    return [row("fresh `farkle turn` (six ordinary dice)", "s", fresh, None, None, ""),
            row("Farkle turn from the dice, warm process, new loadout", "ms", 1e3 * warm["seconds"], None, None,
                "roll table + backward pass; no memo")]


def farkle_decision_side(cache: Path, repeat: int) -> list[dict]:
    """Holdwise's side of the Rust expectimax anchor (one decision), timed even while it is not built."""
    args = ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300"]
    _holdwise_fresh(cache, args, 1)
    fresh, _ = _holdwise_fresh(cache, args, repeat)
    return [row("fresh `farkle hint` (one decision)", "s", fresh, None, None, "")]


def row(measure, unit, holdwise, anchor, agree, note) -> dict:
    return {"measure": measure, "unit": unit, "holdwise": holdwise, "anchor": anchor,
            "ratio": anchor / holdwise if anchor and holdwise else None, "agree": agree, "note": note}


def _show(value: float | None, unit: str) -> str:
    return f"{value:>9.3f} {unit:<2}" if value is not None else f"{'-':>9}   "


def _failure(err: Exception) -> str:
    lines = (getattr(err, "stderr", None) or "").strip().splitlines()
    return f"{err}: {lines[-1]}" if lines else str(err)


def _commit(where: Path, fallback: str | None) -> str | None:
    out = subprocess.run(["git", "-C", str(where), "rev-parse", "HEAD"], capture_output=True, text=True,
                         check=False)
    return out.stdout.strip() if out.returncode == 0 and (where / ".git").exists() else fallback


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--anchors", default=os.environ.get("HOLDWISE_ANCHORS", str(ROOT / "build" / "anchors")),
                        help="folder of the built anchors (default $HOLDWISE_ANCHORS, else build/anchors here)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "anchors.json"))
    opts = parser.parse_args()
    base = Path(opts.anchors)
    runners = {"zig-video-poker": bench_zig, "ts-video-poker": bench_ts}
    holdwise_only = {"js-farkle": farkle_turn_side, "rust-farkle": farkle_decision_side,
                     "ts-video-poker": lambda cache, repeat: hand_rows()}
    rows = []
    with tempfile.TemporaryDirectory(prefix="holdwise-anchors-") as tmp_name:
        tmp = Path(tmp_name)
        cache = tmp / "holdwise-cache"
        os.environ["HOLDWISE_CACHE_DIR"] = str(cache)  # the warm rows run holdwise in this process
        for name, spec in ANCHORS.items():
            where = base / spec["folder"]
            info = {"name": name, "repo": spec["repo"], "commit": _commit(where, spec["commit"])}
            why = spec.get("why") or f"{where / spec['needs']} missing"
            built = name in runners and not spec.get("why") and (where / spec["needs"]).exists()
            status = "ok" if built else f"not built: {why}"
            (tmp / name).mkdir()
            try:
                if built:
                    found = runners[name](where, tmp / name, cache, opts.repeat)
                else:  # holdwise's side alone, to set beside the figure the issue quotes
                    found = holdwise_only[name](cache, opts.repeat) if name in holdwise_only else []
            except (OSError, RuntimeError, subprocess.CalledProcessError, ValueError, KeyError) as err:
                # a failed run, the anchor's or holdwise's, is reported in its row rather than ending the others
                failed = f"failed: {_failure(err)}"
                status, found = (failed if built else f"{status}; holdwise {failed}"), []
            for r in found or [row(name, "", None, None, None, "")]:
                r.update(info, status=status)
                if status != "ok":
                    r["note"] = status
                rows.append(r)
                print(f"  {name}: {r['measure']}: {status}", flush=True)
    width = max(len(r["measure"]) for r in rows)
    print(f"\n{'measure':<{width}}  {'holdwise':>12}  {'anchor':>12}  {'ratio':>6}  anchor / note")
    for r in rows:
        ratio = f"{r['ratio']:>5.1f}x" if r["ratio"] else f"{'-':>6}"
        print(f"{r['measure']:<{width}}  {_show(r['holdwise'], r['unit'])}  {_show(r['anchor'], r['unit'])}  {ratio}  "
              f"{r['repo'] or r['name']}: {r['note']}")
    out = Path(opts.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(f"written {out} (anchors from {base})")


if __name__ == "__main__":
    main()
