"""A hint for any position: every keep (or, with no rolls left, every box) ranked by expected final score."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...solver.lattice import lattice
from ..base import Hint, Option, Result
from ..inputs import parse_whole
from .card import Card, parse_card, parse_dice
from .rules import Rules, get_rules
from .solver import Solution, box_table, cached_solution, turn_tables, written

__all__ = ["GAME", "MEASURE", "Solved", "hint", "keep_text", "solution_for", "solved"]

GAME = "yahtzee"
MEASURE = "expected_score"
MAX_ROLLS_LEFT = 2

_SOLUTIONS: dict[str, Solution] = {}


def solution_for(rules: Rules, on_layer=None) -> Solution:  # noqa: ANN001
    """The rule set's table: in memory, else from the cache folder, else solved (and stored)."""
    if rules.name not in _SOLUTIONS or _SOLUTIONS[rules.name].rules != rules:
        _SOLUTIONS[rules.name] = cached_solution(rules, on_layer=on_layer)[0]
    return _SOLUTIONS[rules.name]


@dataclass(frozen=True)
class Solved(Result):
    """The expected score of a new game under optimal play, and what it took."""

    rules: str
    title: str
    expected_score: float
    states: int
    seconds: float
    from_cache: bool
    table_bytes: int


def solved(rules: str = "yahtzee", fresh: bool = False, on_layer=None) -> Solved:  # noqa: ANN001
    """Solve a rule set (or load its stored table); `fresh` solves again and replaces what is stored."""
    r = get_rules(rules)
    solution, cached = cached_solution(r, on_layer=on_layer, fresh=fresh)
    _SOLUTIONS[r.name] = solution
    return Solved(r.name, r.title, solution.expected_score, solution.states, solution.seconds, cached,
                  int(solution.values.nbytes))


def keep_text(keep: tuple[int, ...]) -> str:
    """A keep as players say it: "keep 5 5" or "roll all"."""
    return "keep " + " ".join(map(str, keep)) if keep else "roll all"


def options_for(card: Card, hand: tuple[int, ...], rolls_left: int) -> list[Option]:
    """Every legal play of the position, best first, valued by expected final score."""
    solution = solution_for(card.rules)
    state = (card.mask, card.upper_capped, card.bonus_flag)
    tables = turn_tables(solution, *state) if rolls_left > 0 else None
    boxes = tables.boxes if tables is not None else box_table(solution, *state)
    lat = lattice(card.rules.dice, card.rules.sides)
    h = int(lat.hand_index(np.bincount(np.array(hand) - 1, minlength=card.rules.sides)))
    rows: list[tuple[float, str, dict, dict]] = []
    for b, value in enumerate(boxes[h].tolist()):
        if value <= -1e299:  # used, or not allowed (the forced joker)
            continue
        name = card.rules.categories[b].name
        pts, bonus = written(solution, *state, h, b)
        rows.append((card.total + value, f"score {name} ({pts})", {"type": "score", "box": name},
                     {"kind": "score", "box": name, "points": pts, "bonus": bonus}))
    if tables is not None:
        keeps = tables.k1 if rolls_left == 1 else tables.k2
        seen = set()
        for n in range(len(hand)):
            for keep in itertools.combinations(hand, n):
                if keep in seen:
                    continue
                seen.add(keep)
                counts = np.bincount(np.array(keep, dtype=np.int64) - 1, minlength=card.rules.sides) if keep \
                    else np.zeros(card.rules.sides, dtype=np.int64)
                value = float(keeps[int(lat.index_of(counts))])
                rows.append((card.total + value, keep_text(keep), {"type": "keep", "keep": list(keep)},
                             {"kind": "keep", "keep": list(keep)}))
    rows.sort(key=lambda r: -r[0])
    best = rows[0][0]
    return [Option(option=text, value=v, loss=max(0.0, best - v), action=action, extras=extras)
            for v, text, action, extras in rows]


def hint(card: "str | Card" = "", dice: "str | list | tuple" = (), rolls_left: int = 2,
         rules: str = "yahtzee") -> Hint:
    """Every play of a position ranked by expected final score (the card's points so far included).

    `card` as players write it (`parse_card`), `dice` the five faces, `rolls_left` 0-2 (2 after the first
    roll). With no rolls left the options are the open boxes; otherwise every keep and scoring now.
    """
    r = get_rules(rules) if isinstance(card, str) else card.rules
    if isinstance(card, str):
        card = parse_card(card, r)
    hand = parse_dice(list(dice) if not isinstance(dice, str) else dice, r)
    rolls_left = parse_whole(rolls_left, "rolls_left", 0, MAX_ROLLS_LEFT)
    if card.full:
        raise InputError("the card is full: the game is over")
    from .card import card_text

    options = options_for(card, hand, rolls_left)
    position = {"rules": r.name, "card": card_text(card), "dice": list(hand), "rolls_left": rolls_left,
                "score_so_far": card.total}
    return Hint(GAME, position, MEASURE, tuple(options))
