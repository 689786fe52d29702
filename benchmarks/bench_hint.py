"""The public hint against the engine call it wraps: what reading the user's input and building the answer
cost over the answer itself, per game and typical position, in one process, warm.

Run: python benchmarks/bench_hint.py [--json-out benchmarks/results/hint.json]
Per position: the public `hint(...)` from the user's input (text, as the CLI and the web pass it), the engine
call it wraps on already-read values, and their ratio (goal: at most 1.3x). Dice poker's public hint keeps
its answers in a cache; the cache is cleared before each public call, and its engine is the uncached call,
so both sides do the work.
(Video poker is measured elsewhere.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from _table import print_and_save  # noqa: E402

GOAL = 1.3


def paired(public, engine, seconds: float = 0.6) -> tuple[float, float]:
    """Seconds of one call of each: batches of the two taken in turn (nine rounds, after warm calls), the
    fastest batch of each. Taken in turn, a busy neighbour slows both alike; the fastest batch is the one
    least disturbed."""
    for fn in (public, engine, public, engine):
        fn()
    start, n = time.perf_counter(), 0
    while time.perf_counter() - start < 0.02 or n < 3:
        public()
        engine()
        n += 1
    batch = max(1, int(n * (seconds / 9) / (time.perf_counter() - start)))
    best = [float("inf"), float("inf")]
    for _ in range(9):
        for i, fn in enumerate((public, engine)):
            t0 = time.perf_counter()
            for _ in range(batch):
                fn()
            best[i] = min(best[i], (time.perf_counter() - t0) / batch)
    return best[0], best[1]


def farkle_cases():
    """(label, public, engine) for Farkle: the coaching table and a race-aware hint."""
    from holdwise.games import farkle
    from holdwise.games.farkle.hints import CoachValuer, RaceValuer, rank_options, selections_of
    from holdwise.games.farkle.stored import cached_match
    from holdwise.games.farkle.turn import solve_turn

    dice = farkle.parse_loadout(None)
    out = []
    for roll, turn_total in (("1 1 5 2 3 4", 300), ("5 3 2 2", 1000)):
        faces = farkle.parse_roll(roll, dice)
        pos = list(range(1, len(faces) + 1))
        out.append((f"farkle {roll!r} at {turn_total}", lambda r=roll, t=turn_total: farkle.hint(farkle.parse_hint({"roll": r, "turn_total": t})),
                    lambda d=dice, f=faces, p=pos, t=turn_total: rank_options(
                        selections_of(d, f, p), t, CoachValuer(solve_turn(d)))))
    roll, kw = "1 5 2 3 4 6", {"score": 1200, "opponent": 1500, "target": 2000}
    faces = farkle.parse_roll(roll, dice)
    out.append(("farkle race-aware to 2000", lambda: farkle.hint(farkle.parse_hint({"roll": roll, "turn_total": 300, **kw})),
                lambda: rank_options(selections_of(dice, faces, list(range(1, 7))), 300, RaceValuer(
                    cached_match(dice, dice, 2000, store=True), 0, 1200, 1500))))
    return out


def dice_poker_cases():
    """Dice poker: a first-roll hand and a last re-roll."""
    from holdwise.games import dice_poker
    from holdwise.games.dice_poker.analysis import _ranked_options
    from holdwise.games.dice_poker.rules import BUILTIN_TABLES, parse_hand

    payouts = BUILTIN_TABLES[dice_poker.DEFAULT_TABLE]
    out = []
    for hand, left in (("2 3 4 5 5", 2), ("1 1 3 6 6", 1)):
        faces = parse_hand(hand)

        def public(h=hand, k=left):
            _ranked_options.cache_clear()
            return dice_poker.hint(dice_poker.parse_hint({"hand": h, "rolls_left": k}))

        out.append((f"dice poker {hand!r}, {left} re-roll(s) left", public,
                    lambda f=faces, k=left: _ranked_options.__wrapped__(f, k, payouts, 5, 6, k, None, False, 1,
                                                                        False)))
    return out


def poker_dice_cases():
    """Poker dice: first to roll, and second of two against a hand."""
    from holdwise.games import poker_dice
    from holdwise.games.poker_dice.rules import Variant, parse_hand
    from holdwise.games.poker_dice.strategy import Seat, hand_index, option_list

    variant = Variant()
    out = []
    for hand, left, beat in (("1 1 3 4 6", 2, None), ("2 2 5 5 6", 1, "3 3 3 4 4")):
        faces = parse_hand(hand, variant)
        seat = Seat(2, 1 if beat is None else 2, None if beat is None else hand_index(parse_hand(beat, variant)),
                    holders=1)
        out.append((f"poker dice {hand!r}, {left} roll(s) left" + (f", to beat {beat!r}" if beat else ""),
                    lambda h=hand, k=left, b=beat: poker_dice.hint(poker_dice.parse_hint(
                        {"hand": h, "rolls_left": k, **({"to_beat": b} if b else {})})),
                    lambda f=faces, k=left, s=seat: option_list(variant, s, f, 3 - k)))
    return out


def yahtzee_cases():
    """Yahtzee: an empty card's first roll and a half-filled card's last choice."""
    from holdwise.games import yahtzee
    from holdwise.games.yahtzee.card import options_for

    out = []
    for card, dice, left in (("", "1 1 5 3 2", 2), ("ones=3 twos=6 fh=25 ss=30 y=50 chance=22", "6 6 6 2 2", 0)):
        parsed = yahtzee.parse_card(card, yahtzee.YAHTZEE)
        hand = yahtzee.parse_dice(dice, yahtzee.YAHTZEE)
        out.append((f"yahtzee {dice!r}, {left} roll(s) left" + (", card half full" if card else ""),
                    lambda c=card, d=dice, k=left: yahtzee.hint(yahtzee.parse_hint(
                        {"card": c, "dice": d, "rolls_left": k})),
                    lambda c=parsed, h=hand, k=left: options_for(c, h, k)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "hint.json"))
    args = parser.parse_args()
    rows = []
    worst = 0.0
    for cases in (farkle_cases, dice_poker_cases, poker_dice_cases, yahtzee_cases):
        for label, public, engine in cases():
            t_public, t_engine = paired(public, engine)
            ratio = t_public / t_engine
            worst = max(worst, ratio)
            rows.append((f"{label}: public hint", 1e6 * t_public, "us", None))
            rows.append((f"{label}: engine", 1e6 * t_engine, "us", None))
            rows.append((f"{label}: public / engine", ratio, "x", f"<= {GOAL}"))
    rows.append(("worst public / engine", worst, "x", f"<= {GOAL}"))
    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
