"""The public hint against the engine call it wraps: what reading the user's input and building the answer
cost over the answer itself, per game and typical position, in one process, warm.

Run: python benchmarks/bench_hint.py [--json-out benchmarks/results/hint.json]
Per position, two rows and their ratio (goal: at most 1.3x):
- "public hint, every option read": the face's `parse_hint(fields)` from the user's input (text, as the CLI
  and the web pass it) and `hint(request)`, then every field of every option read (option, value, loss,
  action, the exact texts, and each of the game's extras fetched), as a caller that shows every option does.
  A position is asked as new: the face's memos of the position (its parsed roll, its ranked answer) are
  cleared before each call; what a game keeps across positions (its solved table, a loadout read) stays.
- "engine": the solver's call that computes the same values from already-read inputs, with the same solved
  table in memory (a solve is timed by each game's own benchmark). The row says what it calls; Farkle's and
  Yahtzee's engine calls rank the plays and build their options (they have no call below that).
- "reading every option of the made hint": the reading above alone, of a hint made once before the timing (no
  input read, no solve, no option made), paired with the engine in turn; and "floor", (engine + that reading)
  / engine: the ratio a public hint would have if reading the input and making the options cost nothing.
  Where the floor is above 1.3x, the goal cannot be met by the face: the reading alone passes it.
Video poker also writes its hint as JSON (the web's answer), against the same engine.
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


def read(hint):
    """Every field of every option of `hint`, read as a caller that shows them all; the number of extras."""
    n = 0
    for o in hint.options:
        o.option, o.value, o.loss, o.action, o.value_exact, o.loss_exact  # noqa: B018 (read, not used)
        for _ in o.extras.values():
            n += 1
    return n


def made_hint(public):
    """The hint `public()` reads, made by one call of it (outside any timing): `read` is swapped for one that
    keeps its argument, for that call only."""
    global read
    plain, got = read, []
    read = lambda hint: got.append(hint) or plain(hint)  # noqa: E731
    try:
        public()
    finally:
        read = plain
    return got[-1]


def farkle_cases():
    """(label, public, engine) for Farkle: the coaching table and a race-aware hint (the turn and the match
    solved once, in memory, on both sides)."""
    from holdwise.games import farkle
    from holdwise.games.farkle import hints
    from holdwise.games.farkle.hints import CoachValuer, RaceValuer, rank_options
    from holdwise.games.farkle.stored import cached_match, cached_turn

    def fresh():  # a new position: its roll read and its selections listed again (the face's memos of them)
        hints._ROLLS.clear()
        hints._SELECTIONS.clear()

    dice = farkle.parse_loadout(None)
    selections = hints._selections_of.__wrapped__
    turn = cached_turn(dice)  # the solves in memory, fetched once: the engine rows look nothing up by hashing dice
    out = []
    for roll, turn_total in (("1 1 5 2 3 4", 300), ("5 3 2 2", 1000)):
        faces = tuple(farkle.parse_roll(roll, dice))
        pos = tuple(range(1, len(faces) + 1))
        fields = {"roll": roll, "turn_total": turn_total}
        out.append((f"farkle {roll!r} at {turn_total}", "rank_options, coaching table",
                    lambda f=fields: fresh() or read(farkle.hint(farkle.parse_hint(f))),
                    lambda f=faces, p=pos, t=turn_total: rank_options(
                        selections(dice, f, p, True), t, CoachValuer(turn))))
    roll, kw = "1 5 2 3 4 6", {"score": 1200, "opponent": 1500, "target": 2000}
    faces = tuple(farkle.parse_roll(roll, dice))
    fields = {"roll": roll, "turn_total": 300, **kw}
    match = cached_match(dice, dice, 2000, store=True)
    out.append(("farkle race-aware to 2000", "rank_options, match solve",
                lambda: fresh() or read(farkle.hint(farkle.parse_hint(fields))),
                lambda: rank_options(selections(dice, faces, tuple(range(1, 7)), True), 300, RaceValuer(
                    match, 0, 1200, 1500))))
    return out


def dice_poker_cases():
    """Dice poker: a first-roll hand and a last re-roll (the table's optimum solved once, in memory)."""
    from holdwise.games import dice_poker
    from holdwise.games.dice_poker import hints
    from holdwise.games.dice_poker.analysis import _solved
    from holdwise.games.dice_poker.rules import BUILTIN_TABLES, parse_hand
    from holdwise.solver import ranked_keeps

    payouts = BUILTIN_TABLES[dice_poker.DEFAULT_TABLE]
    out = []
    for hand, left in (("2 3 4 5 5", 2), ("1 1 3 6 6", 1)):
        faces = parse_hand(hand)
        fields = {"hand": hand, "rolls_left": left}

        def public(f=fields):
            hints._ANSWERS.clear()  # the face keeps its answers: a new position is not among them
            return read(dice_poker.hint(dice_poker.parse_hint(f)))

        def engine(f=faces, k=left):
            result = _solved(payouts, 5, 6, k, None, False)
            return ranked_keeps(result.game, f, k, result=result)

        out.append((f"dice poker {hand!r}, {left} re-roll(s) left", "ranked_keeps", public, engine))
    return out


def poker_dice_cases():
    """Poker dice: first to roll, and second of two against a hand (the seat's table solved once, in memory)."""
    from holdwise.games import poker_dice
    from holdwise.games.poker_dice.rules import parse_hand
    from holdwise.games.poker_dice.strategy import Seat, _keep_options, hand_index

    out = []
    for hand, left, beat in (("1 1 3 4 6", 2, None), ("2 2 5 5 6", 1, "3 3 3 4 4")):
        fields = {"hand": hand, "rolls_left": left, **({"to_beat": beat} if beat else {})}
        kind = poker_dice.parse_hint(fields).kind
        variant, solutions = kind.variant, kind.solutions
        faces = tuple(sorted(parse_hand(hand, variant)))
        seat = Seat(2, 1 if beat is None else 2, None if beat is None else hand_index(parse_hand(beat, variant)),
                    holders=1)

        def public(f=fields):
            _keep_options.cache_clear()  # the face keeps its rankings: a new position is not among them
            return read(poker_dice.hint(poker_dice.parse_hint(f)))

        out.append((f"poker dice {hand!r}, {left} roll(s) left" + (f", to beat {beat!r}" if beat else ""),
                    "keep values", public,
                    lambda f=faces, k=left, s=seat, v=variant, sol=solutions: _keep_options.__wrapped__(v, s, f, 3 - k, sol)))
    out.append(card_dice_case())
    return out


def card_dice_case():
    """Poker dice on card dice (the octahedral set), first of two with two rolls left: the public hint against
    the set's keep values from the same solved table (card_game.card_hint has no memo of a position)."""
    from holdwise.games import poker_dice
    from holdwise.games.poker_dice.card_game import card_table, parse_roll
    from holdwise.games.poker_dice.rounds import first_pays

    hand = "7s 8d Qc Ad Qh"
    fields = {"hand": hand, "rolls_left": 2, "rules": "octahedral"}
    kind = poker_dice.parse_hint(fields).kind
    dice, solutions = kind.dice, kind.solutions
    state = parse_roll(hand, dice)
    table = card_table(dice)

    def engine():
        return table.keep_values(first_pays(solutions.cards(dice, 2, False), 2), state, 1)

    return (f"poker dice, octahedral card dice {hand!r}, 2 roll(s) left", "keep values",
            lambda: read(poker_dice.hint(poker_dice.parse_hint(fields))), engine)


def yahtzee_cases():
    """Yahtzee: an empty card's first roll and a half-filled card's last choice; Balut's last choice on a card
    begun (each rule set's table solved once, in memory)."""
    from holdwise.games import yahtzee
    from holdwise.games.yahtzee.card import options_for
    from holdwise.games.yahtzee.variants import rule_set

    out = []
    for card, dice, left in (("", "1 1 5 3 2", 2), ("ones=3 twos=6 fh=25 ss=30 y=50 chance=22", "6 6 6 2 2", 0)):
        parsed = yahtzee.parse_card(card, yahtzee.YAHTZEE)
        hand = yahtzee.parse_dice(dice, yahtzee.YAHTZEE)
        fields = {"card": card, "dice": dice, "rolls_left": left}
        out.append((f"yahtzee {dice!r}, {left} roll(s) left" + (", card half full" if card else ""),
                    "options_for", lambda f=fields: read(yahtzee.hint(yahtzee.parse_hint(f))),
                    lambda c=parsed, h=hand, k=left: options_for(c, h, k)))
    balut = rule_set("balut")
    card, dice = "fours=8,12 straight=20 choice=22", "6 6 6 2 2"
    fields = {"rules": "balut", "card": card, "dice": dice, "rolls_left": 0}
    parsed_card, hand = balut.parse_card(card), yahtzee.parse_dice(dice, balut.rules)
    out.append((f"balut {dice!r}, 0 roll(s) left, card begun", "the card's options (balut options_for)",
                lambda: read(yahtzee.hint(yahtzee.parse_hint(fields))), lambda: parsed_card.options(hand, 0)))
    return out


# one hand of each kind the video-poker hint serves: a plain deal, a wild game's deal, the joker deck's
VP_HANDS = (("jacks-or-better-9-6", "AS KS QS JS 9D"), ("deuces-wild-full-pay", "2S 7H 8H 9H KC"),
            ("joker-poker-kings", "JK AS 7D 7C 3H"))


def video_poker_cases():
    """Video poker: one hand's 32 holds, per hand of VP_HANDS (the game's subset tables in memory)."""
    from holdwise.games import video_poker as vp
    from holdwise.games.video_poker.solver import hand_values

    out = []
    for game_id, text in VP_HANDS:
        table = vp.get_game(game_id)
        cards = vp.parse_hand(text, table.deck)
        fields = {"hand": text, "rules": game_id}
        out.append((f"video poker {text!r} ({game_id})", "hand_values",
                    lambda f=fields: read(vp.hint(vp.parse_hint(f))),
                    lambda c=cards, t=table: hand_values(c, t)))
        out.append((f"video poker {text!r} ({game_id}) as JSON", "hand_values",
                    lambda f=fields: vp.hint(vp.parse_hint(f)).to_json(),
                    lambda c=cards, t=table: hand_values(c, t)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-out", default=str(HERE / "results" / "hint.json"))
    args = parser.parse_args()
    rows = []
    worst = 0.0
    for cases in (farkle_cases, dice_poker_cases, poker_dice_cases, yahtzee_cases, video_poker_cases):
        for label, engine_name, public, engine in cases():
            t_public, t_engine = paired(public, engine)
            ratio = t_public / t_engine
            as_json = label.endswith(" as JSON")
            if not as_json:
                worst = max(worst, ratio)
            rows.append((f"{label}: public hint" + ("" if as_json else ", every option read"), 1e6 * t_public,
                         "us", None))
            rows.append((f"{label}: engine ({engine_name})", 1e6 * t_engine, "us", None))
            rows.append((f"{label}: public / engine", ratio, "x", None if as_json else f"<= {GOAL}"))
            if not as_json:
                hint = made_hint(public)
                t_read, t_engine2 = paired(lambda h=hint: read(h), engine)
                rows.append((f"{label}: reading every option of the made hint", 1e6 * t_read, "us", None))
                rows.append((f"{label}: floor, (engine + reading) / engine", (t_engine2 + t_read) / t_engine2, "x",
                             None))
    rows.append(("worst public / engine (options read)", worst, "x", f"<= {GOAL}"))
    print_and_save(rows, args.json_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
