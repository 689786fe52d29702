"""holdwise poker-dice: odds, the exact duel, hints, a game against the computer."""

from __future__ import annotations

from typing import Optional

import typer

from ._common import _console, _working, emit_json, fail, new_app

poker_dice_app = new_app(
    "Poker dice for two or three players: odds, the exact duel, hints, a game against the computer.",
)

def _variant(no_straights: bool, straight_above: bool, flush_rule: bool, ace_high: bool, poker_faces: bool):
    from ..games.poker_dice import Variant

    try:
        return Variant(straights=not no_straights, straight_above_full_house=straight_above, flush=flush_rule,
                       ace_high=ace_high, poker_faces=poker_faces)
    except ValueError as err:
        fail(str(err))


NO_STRAIGHTS = typer.Option(False, "--no-straights", help="Straights count as busts.")
STRAIGHT_ABOVE = typer.Option(False, "--straight-above-full-house", help="A straight beats a full house.")
FLUSH_RULE = typer.Option(False, "--flush-rule",
                          help="A straight to the king is a straight, to the ace a flush (below four of a kind).")
ACE_HIGH = typer.Option(False, "--ace-high", help="1 ranks above 6 (1, 6, 5, 4, 3, 2).")
POKER_FACES = typer.Option(False, "--poker-faces", help="Show faces as A K Q J 10 9.")


def _hand_text(faces, variant) -> str:
    return " ".join(variant.face_label(f) for f in sorted(faces, key=variant.value, reverse=True))


@poker_dice_app.command("odds")
def poker_dice_odds(
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Exact counts of every category over the 7,776 rolls of five dice, best first.

    Example: holdwise poker-dice odds --poker-faces
    """
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from ..games.poker_dice import CATEGORY_LABELS, Dice, category_of

    dice = Dice(5, 6)
    lat = dice.lattice
    counts = {c: 0 for c in variant.categories}
    busts = []
    for row, ways in zip(lat.counts[lat.hands].tolist(), dice.outcome_counts(5)):
        cat = category_of(tuple(row), variant)
        counts[cat] += int(ways)
        if cat == "bust" and variant.straights:
            busts.append(_hand_text([f + 1 for f, c in enumerate(row) for _ in range(c)], variant))
    if as_json:
        emit_json({"categories": list(variant.categories), "counts": counts, "total": 7776,
                   "probabilities": {c: n / 7776 for c, n in counts.items()},
                   "bust_hands": busts if variant.straights else None})
        return
    from rich.table import Table

    t = Table(title="Poker dice: first-roll combinations out of 7,776")
    for col in ("hand", "rolls", "chance"):
        t.add_column(col, justify="right" if col != "hand" else "left")
    for c, n in counts.items():
        t.add_row(CATEGORY_LABELS[c], f"{n:,}", f"{100 * n / 7776:.3f}%")
    console = _console()
    console.print(t)
    if variant.straights:
        console.print("bust hands: " + "; ".join(f"[{b}]" for b in busts))


@poker_dice_app.command("duel")
def poker_dice_duel(
    players: int = typer.Option(2, "--players", help="2 or 3 players."),
    roll_limit: bool = typer.Option(False, "--roll-limit", help="Later players may not roll more times than the first."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Each player's win chance when everyone plays the exact strategy (ties replayed).

    Example: holdwise poker-dice duel --players 3 --roll-limit
    """
    import time

    if players not in (2, 3):
        fail(f"--players must be 2 or 3, got {players}")
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from ..games.poker_dice import TOLERANCE, solve_duel, solve_three

    start = time.perf_counter()
    with _working("solving", large=players == 3):
        result = solve_duel(variant, roll_limit) if players == 2 else solve_three(variant, roll_limit)
    seconds = time.perf_counter() - start
    names = ["first_player_win", "second_player_win", "third_player_win"]
    data = {n: w for n, w in zip(names, result.win)}
    data.update({"players": players, "roll_limit": roll_limit, "iterations": result.iterations,
                 "tolerance": TOLERANCE, "seconds": seconds})
    if as_json:
        emit_json(data)
        return
    console = _console()
    for i, w in enumerate(result.win, 1):
        console.print(f"player {i} wins {100 * w:.4f}%")
    console.print(f"(ties replayed exactly; fixed point to {TOLERANCE:g} in {result.iterations} steps, {seconds:.2f} s)")


@poker_dice_app.command("hint")
def poker_dice_hint(
    hand: list[str] = typer.Argument(..., help="The five dice showing, e.g. 1 1 3 4 6 (or A K Q J 10 9)."),
    rolls_left: int = typer.Option(..., "--rolls-left", help="Rolls still allowed (1 or 2)."),
    to_beat: Optional[str] = typer.Option(None, "--to-beat", help='The best hand so far, e.g. "6 6 6 2 2".'),
    players: int = typer.Option(2, "--players", help="2 or 3 players."),
    position: Optional[int] = typer.Option(None, "--position",
                                           help="Your place in the order (default: last with --to-beat, else 1)."),
    tied: bool = typer.Option(False, "--tied", help="Three players: both earlier players hold the hand to beat."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
):
    """Every keep ranked by the chance to win, for any position: the hand to beat is the best so far.

    Example: holdwise poker-dice hint 1 1 3 4 6 --rolls-left 2 --to-beat "6 6 6 2 2"
    """
    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from ..games.poker_dice import hint, parse_hand

    try:
        faces = parse_hand(hand, variant)
        beat = parse_hand(to_beat, variant) if to_beat is not None else None
        result = hint(faces, rolls_left, variant, beat, players, position, tied)
    except ValueError as err:
        fail(str(err))
    rows = [{"keep": [variant.face_label(f) for f in sorted(k, key=variant.value, reverse=True)],
             "win_probability": v} for k, v in result["keeps"]]
    if as_json:
        emit_json({"hand": _hand_text(faces, variant), "rolls_left": rolls_left,
                   "to_beat": _hand_text(beat, variant) if beat else None, "measure": result["measure"],
                   "keeps": rows})
        return
    from rich.table import Table

    t = Table(title=f"{_hand_text(faces, variant)}, {rolls_left} roll(s) left: {result['measure']}")
    t.add_column("keep")
    t.add_column("win chance", justify="right")
    for row in rows:
        t.add_row(" ".join(row["keep"]) or "(roll all)", f"{100 * row['win_probability']:.3f}%")
    _console().print(t)


@poker_dice_app.command("play")
def poker_dice_play(
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed the dice (for a repeatable game)."),
    no_straights: bool = NO_STRAIGHTS, straight_above: bool = STRAIGHT_ABOVE, flush_rule: bool = FLUSH_RULE,
    ace_high: bool = ACE_HIGH, poker_faces: bool = POKER_FACES,
):
    """A game in the terminal against the optimal computer: you roll first, then the computer.

    At each prompt type the dice to keep (e.g. "6 6"), "all" (or Enter) to stand, "h" for a hint, "q" to quit.
    Example: holdwise poker-dice play --seed 7
    """
    import numpy as np

    variant = _variant(no_straights, straight_above, flush_rule, ace_high, poker_faces)
    from ..games.poker_dice import (
        CATEGORY_LABELS,
        ROLLS,
        Game,
        beat_payout,
        category_of,
        faces_to_counts,
        hint,
        setup,
        solve,
        solve_duel,
    )

    rng = np.random.default_rng(seed)
    s = setup(variant)
    lat = s.dice.lattice
    w = solve_duel(variant).win[0]
    echo = typer.echo

    def roll(n):
        return [int(x) for x in rng.integers(1, 7, size=n)]

    def describe(faces):
        return f"{_hand_text(faces, variant)}  ({CATEGORY_LABELS[category_of(tuple(faces_to_counts(faces, 6)), variant)]})"

    round_no = 1
    while True:
        echo(f"-- round {round_no} --")
        mine = roll(5)
        for left in range(ROLLS - 1, 0, -1):
            echo(f"you: {describe(mine)}   ({left} roll(s) left)")
            while True:
                answer = typer.prompt("keep", default="all", show_default=False).strip().lower()
                if answer == "q":
                    raise typer.Exit(0)
                if answer == "h":
                    for keep, value in hint(tuple(sorted(mine)), left, variant)["keeps"][:5]:
                        echo(f"  keep {_hand_text(keep, variant) or '(none)'}: {100 * value:.2f}% to win")
                    continue
                if answer in ("all", "a", ""):
                    keep = list(mine)
                    break
                try:
                    keep = [variant.parse_face(p) for p in answer.replace(",", " ").split()]
                    counts = faces_to_counts(keep, 6)
                    if np.any(counts > faces_to_counts(mine, 6)):
                        raise ValueError("you can only keep dice you rolled")
                    break
                except ValueError as err:
                    echo(f"  {err}")
            if len(keep) == 5:
                break
            mine = keep + roll(5 - len(keep))
        echo(f"you stand on {describe(mine)}")
        b = int(lat.hand_index(faces_to_counts(mine, 6)))
        policy = solve(Game(s.dice, beat_payout(s, b, 1.0 - w), ROLLS - 1))
        theirs = roll(5)
        for left in range(ROLLS - 1, 0, -1):
            h = int(lat.hand_index(faces_to_counts(theirs, 6)))
            keep = list(lat.faces(int(policy.keeps[left, h])))
            echo(f"computer: {describe(theirs)} -> keeps {_hand_text(keep, variant) or 'nothing'}")
            if len(keep) == 5:
                break
            theirs = keep + roll(5 - len(keep))
        echo(f"computer stands on {describe(theirs)}")
        h = int(lat.hand_index(faces_to_counts(theirs, 6)))
        if s.ranks[b] > s.ranks[h]:
            echo("you win!")
            return
        if s.ranks[b] < s.ranks[h]:
            echo("the computer wins.")
            return
        echo("a tie: the round is replayed.")
        round_no += 1

