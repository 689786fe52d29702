"""Holdwise against other public solvers (issue 13, the anchors), measured side by side in the same run.

    python benchmarks/bench_anchors.py [--anchors DIR] [--repeat 5] [--json build/bench/anchors.json] [--quick]

An anchor is another project's solver, cloned and built by hand under DIR (default $HOLDWISE_ANCHORS, else
build/anchors in this checkout, a folder git ignores); none of its code is committed here. Each found anchor is run next
to the matching holdwise measurement, and where both give a comparable answer the two are checked to agree:

- zig-video-poker: avril-affine/panda-probs @ 3b4da4d (Zig 0.14, threads), expected at
  DIR/panda-probs/zig-out/bin/panda_probs. Whole 9/6 Jacks or Better game (`python -m holdwise video-poker
  return` against the binary): the first run on a new machine (every cache empty, both sides), a fresh process
  that solves (holdwise's stored answer deleted; both keep their deal tables on disk), a fresh process where
  holdwise reads the answer it stored (the anchor stores none), and the solve itself (holdwise's warm
  solve_game, its game tables built, against the binary's own "Compute strategy" timer, its deal tables
  loaded); the final-hand counts must be equal and the returns equal as fractions.
- ts-video-poker: MoonCha/video-poker-calculator @ b027c9f (TypeScript, compiled by its own tsc to DIR/
  video-poker-calculator/gen). One hand's 32 holds warm, timed twice on holdwise's side: the engine
  (`solver.hand_values` on parsed cards) and the public verb (`video_poker.hint` on the hand's text and the game
  id, what the CLI and the web call, with every one of its 32 options read: the anchor makes all 32), against its OptimalHoldTargetSelector timed in Node by a driver this
  script writes to a temporary folder; and a fresh process for one hand. Every hold's value must agree to 1e-9.
  Both holdwise columns are also timed on a deuces wild deal and on the joker deck, built anchor or not.
- js-farkle: Gaetarra/kcd2-dice-calculator @ 3000829 (a one-page JavaScript solver of Kingdom Come:
  Deliverance II Farkle, no build step). Its page script from `"use strict";` up to the "Neural Network
  Accelerator" section (dice, scoring, roll lists, keep tables, solve, adviseThrow; no DOM) is copied out of
  index.html unchanged to DIR/kcd2-dice-calculator/solver.js, which a Node driver this script writes to a
  temporary folder runs as one function body. Rows: the first `farkle turn` of six King's dice on a new machine
  (holdwise's caches all empty; the anchor has none), a fresh `farkle turn` of six ordinary dice (holdwise reads
  the solve its package ships; the anchor solves in every process), a fresh process that must solve (six King's
  dice, holdwise's stored turns deleted, its compiled kernels kept), and a warm turn solve from the dice for a new loadout (median of many
  calls in one process each side). The rules differ in one point: holdwise lets a 1-5 or 2-6 straight take a
  spare sixth die that scores nothing (hot dice), the page does not, so its six ordinary dice make 564.4376
  points a turn against holdwise's 594.9567; the driver also solves with that rule added to the page's scoring,
  and the expected points must then equal holdwise's (1e-6), and the bust chances by dice left must be equal.
- rust-farkle (phlip9/kcddice, Rust expectimax): listed with the reason it is not built; holdwise's side is
  still timed.

"Fresh process" means a new process with each side's disk caches filled by one run first (holdwise's in a
temporary HOLDWISE_CACHE_DIR, the anchors' in a temporary working folder), as bench_wait.py does; warm figures
are medians of many calls inside this process (the functions called directly, holdwise imported from this
checkout's src with the same temporary cache folder). Build notes for the anchors live beside them (DIR/README.md), not
here. Prints the table (measure, holdwise, anchor, ratio = anchor / holdwise, so above 1 holdwise is quicker)
and writes JSON; a missing anchor is a row marked "not built", not an error. `--quick`: every row, with
--repeat 2, one first run a side and a tenth of the warm calls (about two minutes on a quiet machine).
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
from _table import FORGET_TURNS, first_env, holdwise_env, in_process, read_options  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
HAND = "AS KS QS JS 9D"
GAME = "jacks-or-better-9-6"

ANCHORS = {
    "zig-video-poker": {"repo": "avril-affine/panda-probs", "commit": "3b4da4d30a16dfbd55e6998da6e0ffed5eefd106",
                        "folder": "panda-probs", "needs": "zig-out/bin/panda_probs"},
    "ts-video-poker": {"repo": "MoonCha/video-poker-calculator", "commit": "b027c9f916eb966979c32c6baa617e2b7f9a8824",
                       "folder": "video-poker-calculator", "needs": "gen/hold-target-selector/optimal-selector.js"},
    "js-farkle": {"repo": "Gaetarra/kcd2-dice-calculator", "commit": "3000829582662227d0ad685ce4a7e23899738d18",
                  "folder": "kcd2-dice-calculator", "needs": "solver.js"},
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

# Node driver for the JavaScript Farkle anchor: argv SOLVER DIE WARM CALLS MODE; prints one JSON line.
# SOLVER is the page's solver script (see the module docstring), run as one function body that hands back what
# the driver calls. MODE "time": solve() of six DIE from the dice, WARM untimed then CALLS timed (median us); per
# call the per-die face lists are dropped (a new loadout's), its score memo and shape keep tables stay (every
# loadout shares them). MODE "check": the expected points as the page plays, and again with one rule of
# holdwise's added (a 1-5 or 2-6 straight may take a sixth die that scores nothing), with bust chances by dice left.
FARKLE_DRIVER = r"""
const fs = require('fs');
const [file, dieName, warmText, callsText, mode] = process.argv.slice(2);
const page = fs.readFileSync(file, 'utf8');
const SPARE = `
  const asPage = bestScore;
  bestScore = function (c, j) {
    let best = asPage(c, j), dice = j;
    for (let v = 1; v <= 6; v++) dice += c[v];
    if (j > 0 || dice !== 6) return best;
    for (const [low, value] of [[1, 500], [2, 750]]) {
      let spare = 0;  // the face left once low..low+4 are taken, -1 when one is missing
      for (let v = 1; v <= 6 && spare >= 0; v++) {
        const left = c[v] - (v >= low && v < low + 5 ? 1 : 0);
        spare = left < 0 ? -1 : left > 0 ? v : spare;
      }
      if (spare > 0) best = Math.max(best, value + (spare === 1 ? 100 : spare === 5 ? 50 : 0));
    }
    return best;
  };`;
const load = (spare) => new Function(page + (spare ? SPARE : '') +
  '\nreturn { solve: solve, DICE: DICE, forget: function () { _fd.clear(); } };')();
const CAP = 20000;  // the page's "points per turn" mode: a cap no turn reaches
function six(anchor) {
  const die = anchor.DICE.findIndex((d) => d.n === dieName);
  if (die < 0) throw new Error('no die ' + dieName);
  return [die, die, die, die, die, die];
}
if (mode === 'check') {
  const asIs = load(false), withSpare = load(true);
  const sol = withSpare.solve(six(withSpare), CAP);
  console.log(JSON.stringify({ ev: asIs.solve(six(asIs), CAP).ev, spare_ev: sol.ev,
                               bust: [1, 2, 3, 4, 5, 6].map((k) => sol.data[k].bust) }));
} else {
  const anchor = load(false), dice = six(anchor);
  let sol;
  for (let i = 0; i < Number(warmText); i++) { anchor.forget(); sol = anchor.solve(dice, CAP); }
  const times = [];
  for (let i = 0; i < Number(callsText); i++) {
    anchor.forget();
    const s = process.hrtime.bigint();
    sol = anchor.solve(dice, CAP);
    times.push(Number(process.hrtime.bigint() - s));
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ us: times[times.length >> 1] / 1e3, ev: sol.ev }));
}
"""
# the loadouts both sides solve (holdwise's name, the anchor's): the default one, and one neither side has stored.
# Both are banked by holdwise from below the page's 20000 cap (13,000 and 7,400 points), so the page's figure is
# the uncapped one: six odd dice, banked only from 474,200, would come out 4e-5 points short.
FARKLE_DICE = (("ordinary", "Ordinary die"), ("kings", "King's die"))

# calls timed in one process per warm figure, and runs of a first call on a new machine (--quick takes fewer)
CALLS = {"hand": 2000, "ts": 2000, "js": 500, "first": 3}
# the Zig report's hand names that holdwise spells otherwise
ZIG_NAMES = {"none": "nothing", "two_pair": "two_pairs"}

# one hand of each kind the hint serves: a plain deal, a wild game's deal, the joker deck's
HANDS = ((GAME, HAND), ("deuces-wild-full-pay", "2S 7H 8H 9H KC"), ("joker-poker-kings", "JK AS 7D 7C 3H"))


def _holdwise():
    """holdwise's video poker face and solver, imported into this process from this checkout's src."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    os.environ.pop("HOLDWISE_PURE", None)  # as holdwise_env: the compiled kernels, as a user runs them
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


def hand_rows(number: int | None = None, anchor_us: float | None = None, agree: bool | None = None,
              note: str = "") -> list[dict]:
    """One hand's 32 holds warm, per hand of HANDS: the engine and the public hint with every option read (as the
    anchor's 32 holds are made), each in its own row (the TS anchor's figure beside the Jacks or Better rows when
    it is built)."""
    vp, solver = _holdwise()
    number = number or CALLS["hand"]
    rows = []
    for game_id, text in HANDS:
        table = vp.get_game(game_id)
        cards = vp.parse_hand(text, table.deck)
        request = vp.parse_hint({"hand": text, "rules": game_id})
        engine, public = _median_pair_us(lambda cards=cards, table=table: solver.hand_values(cards, table),
                                         lambda request=request: read_options(vp.hint(request)), number)
        here = anchor_us if game_id == GAME else None
        rows.append(row(f"one hand, 32 holds, warm, engine hand_values ({game_id}: {text})", "us", engine, here,
                        agree if here else None, note if here else ""))
        rows.append(row(f"one hand, 32 holds, warm, public hint(), every option read ({game_id}: {text}; "
                        f"{public / engine:.2f}x engine)",
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
    return {ZIG_NAMES.get(n, n): c for n, c in counts.items()}, ret, solve


def _holdwise_first(tmp: Path, args: list[str], repeat: int) -> float:
    """Median wall seconds of a holdwise process run as the first on a new machine: every cache empty (holdwise's
    folder and Numba's; a kernel the package's build compiled stays compiled)."""
    times = []
    for i in range(repeat):
        env = first_env(SRC, tmp / f"first-{i}")
        times.append(_run([sys.executable, "-m", "holdwise", *args], ROOT, env)[0])
    return statistics.median(times)


def _holdwise_fresh_solve_vp(cache: Path, args: list[str], repeat: int):
    """Median wall seconds and last output of new processes that must solve the game: the stored answer
    (video-poker/solve-*.json) deleted before each run; the game's tables and deals stay on disk, as the
    anchor's deal tables stay in its .cache."""
    runs = []
    for _ in range(repeat):
        shutil.rmtree(cache / "video-poker", ignore_errors=True)
        runs.append(_holdwise_fresh(cache, args, 1))
    return statistics.median(t for t, _ in runs), runs[-1][1]


def bench_zig(where: Path, tmp: Path, cache: Path, repeat: int) -> list[dict]:
    binary, table = where / ANCHORS["zig-video-poker"]["needs"], where / "paytables" / "jacks_or_better.json"
    run_dir = tmp / "run"
    (run_dir / ".cache").mkdir(parents=True)  # it keeps its deal tables in ./.cache, like our cache folder
    cmd, pays = [str(binary), "--paytable", str(table)], json.loads(table.read_text())
    firsts = []  # a first run on a new machine: its ./.cache empty
    for i in range(CALLS["first"]):
        (tmp / f"zig-first-{i}" / ".cache").mkdir(parents=True)
        firsts.append(_run(cmd, tmp / f"zig-first-{i}")[0])
    args = ["video-poker", "return", "--game", GAME, "--json", "--exact"]
    hw_first = _holdwise_first(tmp, args, CALLS["first"])
    _run(cmd, run_dir)  # fill its cache
    _holdwise_fresh(cache, ["video-poker", "return"], 1)
    runs = [_run(cmd, run_dir) for _ in range(repeat)]
    reports = [_zig_counts(out.stderr, pays) for _, out in runs]
    counts, zig_return, _ = reports[-1]
    hw_s, hw = _holdwise_fresh_solve_vp(cache, args, repeat)
    _holdwise_fresh(cache, args, 1)  # its answer stored, for the row that reads it
    stored_s, _ = _holdwise_fresh(cache, args, repeat)
    report = json.loads(hw.stdout)
    hw_counts = {row["hand"]: row["outcomes"] for row in report["table"]}
    agree = hw_counts == counts and Fraction(report["return_exact"]) == zig_return
    note = (f"return {float(zig_return):.8f}, counts and exact return equal" if agree else
            f"DISAGREE: holdwise {report['return_exact']} vs anchor {zig_return}")
    vp, solver = _holdwise()
    table = vp.get_game(GAME)
    warm = {"seconds": 1e-6 * _median_us(lambda: solver.solve_game(table), 5)}
    zig_fresh = statistics.median(t for t, _ in runs)
    return [row("first `video-poker return` on a new machine, 9/6 Jacks: every cache empty, both solve", "s",
                hw_first, statistics.median(firsts), agree, note),
            row("fresh `video-poker return`, both solve (kernels compiled, deal tables on disk)", "s", hw_s,
                zig_fresh, agree, note),
            row("fresh `video-poker return`, holdwise reads its stored answer (anchor solves)", "s", stored_s,
                zig_fresh, agree, note),
            row("whole game solve, warm: the deal pass, game tables built (holdwise 1 thread; anchor threads, "
                "its own timer)", "s", warm["seconds"], statistics.median(r[2] for r in reports), agree, note)]


def bench_ts(where: Path, tmp: Path, cache: Path, repeat: int) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not on PATH")
    driver, run_dir = tmp / "driver.js", tmp / "run"
    driver.write_text(TS_DRIVER)
    run_dir.mkdir()  # its table cache (filecache_*) is written to the working folder
    cmd = [node, str(driver), str(where), HAND]
    _run(cmd + ["0", "1"], run_dir)  # build and save its tables once (about 20 s)
    ts = json.loads(_run(cmd + ["300", str(CALLS["ts"])], run_dir)[1].stdout)
    anchor = {" ".join(sorted(h["held"])): h["ev"] for h in ts["holds"]}
    ours = _holdwise_values(HAND)
    gap = max(abs(ours[k] - anchor[k]) for k in ours) if ours.keys() == anchor.keys() else float("inf")
    agree = gap < 1e-9
    note = f"32 holds agree (max |diff| {gap:.1e})" if agree else f"DISAGREE: max |diff| {gap:.3g}"
    _holdwise_fresh(cache, ["video-poker", "hold", *HAND.split()], 1)
    hw_fresh, _ = _holdwise_fresh(cache, ["video-poker", "hold", *HAND.split()], repeat)
    ts_fresh, _ = _median_run(cmd + ["0", "1"], run_dir, repeat)
    return [*hand_rows(None, ts["us"], agree, note),
            row("fresh process, one hand (`video-poker hold`; game tables on disk, anchor's tables too)", "s",
                hw_fresh, ts_fresh, agree, note)]


def _holdwise_fresh_solve(cache: Path, args: list[str], repeat: int) -> float:
    """Median wall seconds of a new process that has to solve its turn: holdwise's stored turns deleted before
    each run (the compiled kernels and its other caches stay)."""
    times = []
    for _ in range(repeat):
        shutil.rmtree(cache / "farkle-turn", ignore_errors=True)
        times.append(_holdwise_fresh(cache, args, 1)[0])
    return statistics.median(times)


def _dice_args(die: str) -> list[str]:
    return [] if die == "ordinary" else ["--dice", f"{die}*6"]


def farkle_turn_side(cache: Path, repeat: int, anchor: dict | None = None) -> list[dict]:
    """Holdwise's side of the JavaScript Farkle anchor (a turn solve), with the anchor's figures beside it (a dict
    of bench_js_farkle's) when it is built."""
    a = anchor or {}
    _holdwise_fresh(cache, ["farkle", "turn"], 1)
    fresh, _ = _holdwise_fresh(cache, ["farkle", "turn"], repeat)
    new_args = ["farkle", "turn", *_dice_args(FARKLE_DICE[1][0])]
    first = _holdwise_first(cache.parent / "farkle-first", new_args, CALLS["first"])
    _holdwise_fresh(cache, new_args, 1)  # compiles the table kernels into the cache folder, as a user's first run
    solved = _holdwise_fresh_solve(cache, new_args, repeat)
    # a turn from the dice, as for a loadout not seen before: the roll table built, the backward pass run; only
    # what no loadout owns stays warm (the score table, the multiset shapes, compiled kernels)
    warm = _holdwise_warm(cache, FORGET_TURNS + "from holdwise.games.farkle import roll_table, turn, rules\n"
                                 "d = tuple([rules.die_by_name('ordinary')] * 6)",
                          "forget_turns(); turn.solve_types(roll_table.die_types(d))", 20)
    ordinary, new = a.get("ordinary", {}), a.get(FARKLE_DICE[1][0], {})
    # the anchor keeps nothing on disk: each of its processes solves; holdwise's first row reads a stored solve
    return [row(f"first `farkle turn {' '.join(new_args[2:])}` on a new machine: every cache empty, both solve",
                "s", first, a.get("fresh_new"), new.get("agree"), new.get("note", "")),
            row("fresh `farkle turn` (six ordinary dice; holdwise reads its shipped solve, anchor solves)", "s",
                fresh, a.get("fresh"), ordinary.get("agree"), ordinary.get("note", "")),
            row(f"fresh `farkle turn {' '.join(new_args[2:])}`, turn files deleted: both solve from the dice",
                "s", solved, a.get("fresh_new"), new.get("agree"), new.get("note", "")),
            row("Farkle turn from the dice, warm process, new loadout (six ordinary dice)", "ms",
                1e3 * warm["seconds"], a.get("warm"), ordinary.get("agree"),
                "; ".join(["roll table + backward pass; no memo" + (", anchor: solve() to its 20000 cap" if a else ""),
                           *([ordinary["note"]] if ordinary else [])]))]


def _farkle_agreement(check: dict, hw: dict, die: str) -> dict:
    """Do the two turns agree? The anchor's expected points with holdwise's spare-die rule added must equal
    holdwise's, and the bust chance by dice left must be equal (the rule does not touch busting)."""
    gap = abs(check["spare_ev"] - hw["expected_points"])
    bust_gap = max(abs(check["bust"][k - 1] - hw["bust_chance"][str(k)]) for k in range(1, 7))
    agree = gap < 1e-6 and bust_gap < 1e-12
    note = (f"six {die}: anchor {check['ev']:.4f} (its rules: no spare die by a 1-5/2-6 straight), with "
            f"holdwise's spare die {check['spare_ev']:.4f} = holdwise (|diff| {gap:.0e}); bust chances equal"
            if agree else
            f"DISAGREE: six {die}: anchor with the spare-die rule {check['spare_ev']:.6f}, holdwise "
            f"{hw['expected_points']:.6f}; bust chances differ by up to {bust_gap:.1e}")
    return {"agree": agree, "note": note}


def bench_js_farkle(where: Path, tmp: Path, cache: Path, repeat: int) -> list[dict]:
    """The JavaScript Farkle anchor timed in Node beside holdwise's turn rows, the two turns checked to agree."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not on PATH")
    driver = tmp / "driver.js"
    driver.write_text(FARKLE_DRIVER)
    cmd = [node, str(driver), str(where / ANCHORS["js-farkle"]["needs"])]
    anchor: dict = {}
    for ours, theirs in FARKLE_DICE:
        check = json.loads(_run(cmd + [theirs, "0", "0", "check"], tmp)[1].stdout)
        hw = json.loads(_holdwise_fresh(cache, ["farkle", "turn", *_dice_args(ours), "--json"], 1)[1].stdout)
        anchor[ours] = _farkle_agreement(check, hw, ours)
    anchor["warm"] = 1e-3 * json.loads(_run(cmd + [FARKLE_DICE[0][1], "50", str(CALLS["js"]), "time"],
                                            tmp)[1].stdout)["us"]
    anchor["fresh"], anchor["fresh_new"] = (_median_run(cmd + [theirs, "0", "1", "time"], tmp, repeat)[0]
                                            for _, theirs in FARKLE_DICE)
    return farkle_turn_side(cache, repeat, anchor)


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
    parser.add_argument("--quick", action="store_true",
                        help="every row, fewer runs and calls (--repeat 2, one first run, a tenth of the warm calls)")
    opts = parser.parse_args()
    if opts.quick:
        opts.repeat = min(opts.repeat, 2)
        CALLS.update({k: max(1, v // 10) for k, v in CALLS.items()})
    base = Path(opts.anchors)
    runners = {"zig-video-poker": bench_zig, "ts-video-poker": bench_ts, "js-farkle": bench_js_farkle}
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
        ratio = f"{r['ratio']:>5.{2 if r['ratio'] < 10 else 1}f}x" if r["ratio"] else f"{'-':>6}"
        print(f"{r['measure']:<{width}}  {_show(r['holdwise'], r['unit'])}  {_show(r['anchor'], r['unit'])}  {ratio}  "
              f"{r['repo'] or r['name']}: {r['note']}")
    out = Path(opts.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(f"written {out} (anchors from {base})")


if __name__ == "__main__":
    main()
