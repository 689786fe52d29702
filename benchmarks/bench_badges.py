"""Badges at the Kingdom Come table: six ordinary dice against six ordinary to 4,000, player 1 bringing one badge.

Run: python benchmarks/bench_badges.py [--target 4000] [--json-out benchmarks/results/badges.json] [--quick]
     [--only fortune,transmutation]
Prints a table and writes JSON: per modelled badge and tier, player 1's start win chance (moving first), the
layers of unspent uses solved, the start-of-turn states (layers x 2 players x score pairs) and the solve's wall
and CPU seconds (an Advantage's or the Emperor's solve includes its own turn solve: its scoring is another
table). Every row solves (nothing stored is read); the turn table is solved once before the timed rows (its
cost is its own row). The anchors, in the same run: the match of `match.py` (lanes, threads, mirrored; what a
headstart alone reads) and the badge driver solving the same match itself (`direct=False`: one layer, pairs
dealt to threads): a badge's CPU over the second anchor is its cost in layers. --quick: tin only (Swap-Out,
Wedding, the Emperor's and the Advantages, which have no tin, are left out), to 1,000.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _table import print_and_save  # noqa: E402

from holdwise.games.farkle.badge_match import solve_badge_match  # noqa: E402
from holdwise.games.farkle.badges import BADGES  # noqa: E402
from holdwise.games.farkle.match import solve_match  # noqa: E402
from holdwise.games.farkle.rules import NAMED_DICE  # noqa: E402
from holdwise.games.farkle.turn import solve_turn  # noqa: E402

SIX = (NAMED_DICE["ordinary"],) * 6


def timed(fn):
    """(result, wall s, CPU s) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", type=int, default=4000)
    ap.add_argument("--json-out", default="benchmarks/results/badges.json")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="", help="effects to run, comma-separated (default: every modelled one; "
                    "swap-out, wedding, emperor, ...)")
    args = ap.parse_args()
    target = 1000 if args.quick else args.target
    g = target // 50
    turn, wall, cpu = timed(lambda: solve_turn(SIX))
    rows = [("turn solve (six ordinary), CPU", cpu, "s", None)]
    turns = (turn, turn)
    plain, wall, cpu = timed(lambda: solve_match(SIX, target=target, turns=turns))
    rows += [("anchor: match.py solve, win chance", plain.first_player_win, "chance", target),
             ("anchor: match.py solve, wall", wall, "s", target), ("anchor: match.py solve, CPU", cpu, "s", target)]
    none, wall, cpu = timed(lambda: solve_badge_match(SIX, target=target, turns=turns, direct=False))
    base_cpu = cpu
    rows += [("anchor: badge driver, no badge, win chance", none.start_win, "chance", target),
             ("anchor: badge driver, no badge, wall", wall, "s", target),
             ("anchor: badge driver, no badge, CPU", cpu, "s", target)]
    tiers = ("tin",) if args.quick else ("tin", "silver", "gold")
    print(f"{'badge':<22} {'win chance':>10} {'gain':>7} {'layers':>6} {'states':>9} {'wall s':>7} "
          f"{'CPU s':>7} {'x base':>6}")
    only = set(args.only.split(",")) if args.only else None
    slugs = [f"{effect}-{tier}" for effect in ("headstart", "warlord", "doppelganger", "resurrection", "fortune",
                                               "transmutation", "might") for tier in tiers]
    slugs += [f"swap-out-{tier}" for tier in tiers if tier != "tin"]
    slugs += [] if args.quick else ["wedding-gold", "emperor-gold", "advantage-cut", "advantage-gallows",
                                    "advantage-eye"]
    for slug in slugs:
        badge = BADGES[slug]
        if only is not None and badge.effect not in only:
            continue
        solve, wall, cpu = timed(lambda b=badge: solve_badge_match(SIX, target=target, badges1=(b,),
                                                                   turns=turns))
        layers = len(solve.first)
        states = layers * 2 * g * g
        gain = solve.start_win - none.start_win
        print(f"{badge.slug:<22} {solve.start_win:>10.4%} {100 * gain:>+6.2f} {layers:>6} {states:>9,} "
              f"{wall:>7.2f} {cpu:>7.2f} {cpu / base_cpu:>6.2f}", flush=True)
        rows += [(f"{badge.slug}: win chance", solve.start_win, "chance", target),
                 (f"{badge.slug}: layers", layers, "count", target),
                 (f"{badge.slug}: solve wall", wall, "s", target),
                 (f"{badge.slug}: solve CPU", cpu, "s", target)]
    print_and_save(rows, args.json_out)


if __name__ == "__main__":
    main()
