"""Poker dice with card dice (a suited octahedral set, Royal Poker Dice with wild stars): odds, hints, win chances.

A set is five distinguishable dice, each a list of faces (`cards`); a roll is one face per die and its hand the
best card-poker hand its stars can make (`card_rank`). The game is the table game of `rounds`: up to three
rolls, keep any of the dice, best hand wins, ties replayed. The exact work is `card_table.CardTable`; this
module reads a user's sets and rolls, guards the cost of a solve and answers in the game's
result shapes (`Hint`, `DuelResult`). It is pure: a solution comes from the `sources.Solutions` the caller hands in
(the face's keep them on disk: `solutions`).

A solve's cost: every threshold batch solves one game per hand class over every roll of the dice, so its work
is (batches, weighed by the payouts they follow: `rounds.solve_work`) x (classes) x (rolls). A batch that
follows nothing took 5.6 s with the royal set (6,498 classes x 248,832 rolls) on this project's 2-core machine
(benchmarks/bench_card_dice.py): 3.5 ns a unit; `SECONDS_PER_UNIT` leaves headroom for a shared machine. The
royal duel takes four or five such batches, about 26 s; three players on it, about 3 minutes, are refused.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ...errors import InputError
from ..base import Hint, Option, Progress, Result
from ..inputs import shown
from .card_rank import CARD_CATEGORIES, hand_value
from .card_solve import (
    MAX_SOLVE_SECONDS, SECONDS_PER_UNIT, SHIPPED_SETS, card_args, card_table, resolve_set, set_key, solve_cards,
    solve_cost,
)
from .cards import DiceSet, face_text, parse_face
from .inputs import parse_players, parse_position, parse_rolls_allowed, parse_rolls_left, parse_whole
from .rounds import TOLERANCE, TableSolution, first_pays, seat_pays
from .sources import PURE, Solutions
from .table import ROLLS

if TYPE_CHECKING:
    from .card_table import CardTable
    from .reports import DuelResult

__all__ = [
    "MAX_SOLVE_SECONDS", "SECONDS_PER_UNIT", "SHIPPED_SETS", "CardOdds", "card_duel", "card_hint", "card_odds",
    "card_args", "card_solution", "card_table", "parse_roll", "resolve_set", "roll_label", "set_key", "solve_cards",
    "solve_cost",
    "to_beat_class",
]

@dataclass(frozen=True)
class CardOdds(Result):
    """Exact counts of every category over the set's equally likely ordered rolls, best first."""

    dice_set: str
    categories: tuple[str, ...]
    counts: dict[str, int]
    chances: dict[str, float]
    outcomes: int


def card_odds(dice: str | DiceSet) -> CardOdds:
    """Counts and chances of every category on one roll of the set (every ordered roll, equally likely)."""
    dice = resolve_set(dice)
    counts = card_table(dice).odds()
    total = int(counts.pop("total"))
    return CardOdds(dice_set=dice.name, categories=tuple(CARD_CATEGORIES), counts=counts,
                    chances={c: n / total for c, n in counts.items()}, outcomes=total)


def card_solution(dice: str | DiceSet, players: int = 2, roll_limit: bool = False,
                  progress: Progress | None = None, *, solutions: Solutions = PURE) -> TableSolution:
    """Rounds of 2..players on the set solved, from `solutions` (the face's: in this process and on disk)."""
    return solutions.cards(dice, players, roll_limit, progress)


def _faces(text: str | Sequence[object], what: str) -> list[int]:
    """Five face codes from text ("As Kh * 10d 7c") or a list."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        parts = list(text)
    else:
        raise InputError(f"{what} is five faces such as As Kh * 10d 7c, got {shown(text, 40)}")
    if len(parts) != 5:
        raise InputError(f"{what} has 5 faces (one per die), got {len(parts)}")
    return [parse_face(p) for p in parts]


def parse_roll(text: str | Sequence[object], dice: DiceSet) -> tuple[int, ...]:
    """A roll as one face per die, in die order ("As Kh * 10d 7c"): the face index shown on each die."""
    out = []
    for d, code in enumerate(_faces(text, "a roll")):
        if code not in dice.dice[d]:
            raise InputError(f"die {d + 1} has no face {face_text(code)} (its faces: {dice.die_text(d)})")
        out.append(dice.dice[d].index(code))
    return tuple(out)


def to_beat_class(text: str | Sequence[object], dice: DiceSet) -> int:
    """The class of the best hand so far, given as its five faces (in any order)."""
    table = card_table(dice)
    value = hand_value(_faces(text, "the hand to beat"))
    c = int(np.searchsorted(table.class_values, value))
    if c == table.n_classes or int(table.class_values[c]) != value:
        raise InputError(f"{' '.join(face_text(f) for f in _faces(text, 'the hand to beat'))} is a hand no roll "
                         f"of {dice.name} makes")
    return c


def roll_label(dice: str | DiceSet, roll: Sequence[int]) -> str:
    """What a roll (a face index per die) makes, its stars counted: "A A A K K (full house)"."""
    dice = resolve_set(dice)
    table = card_table(dice)
    return table.class_label(int(table.class_of_state[table.state_index(tuple(roll))]))


def _situation(players: int, position: int, holders: int) -> str:
    from .strategy import situation

    return situation(players, position, holders)


def card_hint(roll: str | Sequence[object], rolls_left: int, dice: str | DiceSet = "royal",
              to_beat: str | Sequence[object] | None = None, players: int = 2, position: int | None = None,
              holders: int = 1, roll_limit: bool = False, rolls_allowed: int | None = None,
              progress: Progress | None = None, *, solutions: Solutions = PURE) -> Hint:
    """Every keep of a card-dice roll (a subset of the five dice) ranked by the chance to win ("win_chance").

    As `strategy.hint`: position 1 moves first; a later one plays against the best hand so far `to_beat`, held
    by `holders` earlier players. The set's table of `players` comes from `solutions` (solved once a process).
    """
    dice = resolve_set(dice)
    rolls_left = parse_rolls_left(rolls_left)
    players = parse_players(players)
    position = (1 if to_beat is None else players) if position is None else parse_position(position, players)
    if (position == 1) != (to_beat is None):
        raise InputError("give the hand to beat for a later position, and none for the first")
    holders = parse_whole(holders, "holders", 1, max(1, position - 1), "earlier players holding the hand to beat")
    allowed = parse_rolls_allowed(roll_limit, rolls_allowed, position, rolls_left)
    state = parse_roll(roll, dice)
    best = to_beat_class(to_beat, dice) if to_beat is not None else None
    solution = solutions.cards(dice, players, roll_limit, progress)
    table = card_table(dice)
    if position == 1:
        pays = first_pays(solution, players)  # by the rolls used, with the roll limit
    else:
        # fewer rolls allowed are the end of the same game: the pay does not depend on the rolls used
        assert best is not None  # a later position has a hand to beat (checked above)
        pays = seat_pays(solution, players, position, best, holders, allowed)[None, :]
    rows = table.keep_values(pays, state, ROLLS - rolls_left)
    top = rows[0][1]
    shown_faces = [face_text(dice.dice[d][state[d]]) for d in range(5)]
    options = []
    for kept, value in rows:
        faces = [shown_faces[d] for d in kept]
        text = "all" if len(kept) == 5 else (" ".join(faces) if kept else "none")
        options.append(Option(option=text, value=value, loss=max(0.0, top - value),
                              action={"type": "keep", "dice": list(kept)},
                              extras={"keep": faces, "dice": [d + 1 for d in kept], "stand": len(kept) == 5}))
    return Hint(game="poker-dice", position={
        "dice_set": dice.name, "hand": shown_faces, "category": _category(table, state),
        "rolls_left": rolls_left,
        "to_beat": table.class_label(best) if best is not None else None, "players": players,
        "position": position, "holders": holders if best is not None else 0, "roll_limit": roll_limit,
        "rolls_allowed": allowed, "situation": _situation(players, position, holders),
    }, measure="win_chance", options=tuple(options))


def _category(table: CardTable, state: tuple[int, ...]) -> str:
    return table.class_label(int(table.class_of_state[table.state_index(state)]))


def card_duel(dice: str | DiceSet = "royal", players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None, *, solutions: Solutions = PURE) -> DuelResult:
    """Each player's win chance under exact play on the set (see `card_solution` for the cost)."""
    from .reports import DuelResult

    start = time.perf_counter()
    solution = solutions.cards(dice, players, roll_limit, progress)
    return DuelResult(players=parse_players(players), roll_limit=roll_limit,
                      win_chances=tuple(solution.rounds[players].win), iterations=solution.rounds[players].steps,
                      tolerance=TOLERANCE, seconds=time.perf_counter() - start)
