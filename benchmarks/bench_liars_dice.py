"""Liar's Dice: holdwise's equilibrium solves per size, beside OpenSpiel's solve of the same game (the anchor).

Run: python benchmarks/bench_liars_dice.py [--anchor-python PATH] [--quick] [--json-out FILE]

Every holdwise row solves: `equilibrium` with its caches emptied (the compiled CFR+, snapped to fractions,
else the sequence-form LP; certified by exact best responses up to 12 bids, in floats above), wall and CPU
seconds of the call in this process. The anchor is OpenSpiel 2.0.2, installed in a virtual environment
OUTSIDE the repository (never a dependency) whose python `--anchor-python` names; it runs
benchmarks/_liars_dice_anchor.py there, one process a row (wall and CPU of its work). Without it the anchor
columns say "-". OpenSpiel's game has the highest face wild (holdwise's `wild_face=faces`) and only equal dice,
so the compared rows are one die each at that rule; holdwise's own rule sets (ones wild or none, one die against
two) have no OpenSpiel row. At six faces OpenSpiel's LP does not fit in memory (22 GB): its C++ CFR+ runs for
`--anchor-seconds`, and OpenSpiel also measures holdwise's equilibrium (its NashConv and value: "check").
ratio = OpenSpiel's seconds / holdwise's (above 1: holdwise is quicker). `--quick` leaves out one die against
two at six faces (minutes each) and gives the anchor's CFR+ 60 seconds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
ANCHOR = Path(__file__).resolve().parent / "_liars_dice_anchor.py"


def solve_row(rules) -> tuple[dict, object]:  # noqa: ANN001 (holdwise's types, imported late)
    """One holdwise solve from empty caches: its row and the equilibrium."""
    from holdwise.games.liars_dice import solver

    solver.equilibrium.cache_clear()
    solver.nodes_of.cache_clear()
    wall, cpu = time.perf_counter(), time.process_time()
    found = solver.equilibrium(rules)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    value = (found.value_low + found.value_high) / 2
    return {"seconds": wall, "cpu": cpu, "value": float(value), "exploitability": float(found.exploitability),
            "method": found.method, "certified": found.certified, "iterations": found.iterations}, found


def openspiel_policy(rules, found) -> dict:  # noqa: ANN001
    """The equilibrium as OpenSpiel's tabular policy: information-state string -> [[action, chance], ...]."""
    import numpy as np

    call = sum(rules.dice) * rules.faces
    table = {}
    for history, rows in found.strategy.items():
        player = len(history) % 2
        start = history[-1] + 1 if history else 0
        actions = list(range(start, rules.bids)) + ([call] if history else [])
        said = "".join(f" {b // rules.faces + 1}-{b % rules.faces + 1}" for b in history)
        for hand, row in zip(rules.hands[player], np.asarray(rows, dtype=np.float64).tolist(), strict=True):
            table["".join(map(str, hand)) + said] = [[a, p] for a, p in zip(actions, row, strict=True)]
    return table


def anchor(python: str | None, request: dict, timeout: float) -> dict | None:
    """One anchor run's JSON answer, or None without an anchor (or when it fails: said on stderr)."""
    if not python:
        return None
    try:
        out = subprocess.run([python, str(ANCHOR), json.dumps(request)], capture_output=True, text=True,
                             timeout=timeout, check=True)
    except (subprocess.SubprocessError, OSError) as exc:
        print(f"anchor failed on {request}: {exc}", file=sys.stderr)
        return None
    answer: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor-python", default=None, help="the python of a venv with open-spiel 2.0.2")
    parser.add_argument("--anchor-seconds", type=float, default=600.0, help="OpenSpiel's CFR+ budget, 6 faces")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json-out", default="benchmarks/results/liars_dice.json")
    args = parser.parse_args()
    if args.anchor_python and not Path(args.anchor_python).exists():
        print(f"no anchor python at {args.anchor_python}: anchor rows skipped", file=sys.stderr)
        args.anchor_python = None
    budget = 60.0 if args.quick else args.anchor_seconds
    from holdwise.games.liars_dice.rules import Rules

    rows: list[dict] = []
    own = [("1v1 6f", Rules(faces=6)), ("1v1 6f ones", Rules(faces=6, wild=True))]
    if not args.quick:
        own += [("1v2 6f", Rules(dice=(1, 2), faces=6)), ("1v2 6f ones", Rules(dice=(1, 2), faces=6, wild=True))]
    for name, rules in own:
        row, _ = solve_row(rules)
        rows.append({"size": name, "holdwise": row, "openspiel": None})
    with tempfile.TemporaryDirectory(prefix="holdwise-liars-") as folder:
        for faces in range(2, 7):
            rules = Rules(faces=faces, wild=True, wild_face=faces)
            row, found = solve_row(rules)
            mode = "lp" if faces < 6 else "cfr+"
            theirs = anchor(args.anchor_python, {"mode": mode, "faces": faces, "seconds": budget}, budget + 600)
            rows.append({"size": f"1v1 {faces}f high", "holdwise": row, "openspiel": theirs})
            if faces == 6:
                path = Path(folder) / "policy.json"
                path.write_text(json.dumps(openspiel_policy(rules, found)))
                check = anchor(args.anchor_python, {"mode": "check", "faces": faces, "policy": str(path)}, 600)
                if check is not None:
                    rows.append({"size": "1v1 6f high, check", "holdwise": row, "openspiel": check})
    print(f"{'size':<18} {'hw s':>6} {'hw value':>11} {'hw expl':>8} {'os':>5} {'os s':>6} {'os value':>11} "
          f"{'os NC':>8}")
    for r in rows:
        hw, os_ = r["holdwise"], r["openspiel"]
        line = f"{r['size']:<18} {hw['seconds']:>6.1f} {hw['value']:>+11.8f} {hw['exploitability']:>8.1e}"
        if os_ is None:
            line += f" {'-':>5}"
        else:
            line += (f" {os_['mode']:>5} {os_['seconds']:>6.1f} {os_['value']:>+11.8f} {os_['nash_conv']:>8.1e}")
            solved = os_["mode"] != "check"
            r["ratio"] = os_["seconds"] / hw["seconds"] if solved else None
            r["cpu_ratio"] = os_["cpu"] / max(hw["cpu"], 1e-9) if solved else None
            r["difference"] = abs(os_["value"] - hw["value"])
        print(line)
    print("OpenSpiel / holdwise, wall and CPU seconds, and |value difference|:")
    for r in rows:
        if r.get("difference") is not None:
            ratio = f"{r['ratio']:.1f}x" if r.get("ratio") else "-"
            cpu = f"{r['cpu_ratio']:.1f}x" if r.get("cpu_ratio") else "-"
            print(f"  {r['size']:<19} wall {ratio:>8}  CPU {cpu:>8}  {r['difference']:.1e}")
    print("CPU seconds, holdwise / OpenSpiel:")
    for r in rows:
        theirs = f"{r['openspiel']['cpu']:.2f}" if r["openspiel"] else "-"
        print(f"  {r['size']:<19} {r['holdwise']['cpu']:>8.2f} {theirs:>8}")
    out = Path(args.json_out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(f"written {out}")


if __name__ == "__main__":
    main()
