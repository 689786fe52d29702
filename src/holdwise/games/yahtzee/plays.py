"""The plays of a Yahtzee position: every keep (or, with no rolls left, every box) valued by expected final score."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...solver.lattice import lattice
from ..base import Option
from .ruleset import Row, keep_row, keeps_of, ranked
from .solver import box_table, turn_tables, written
from .store import solution_for

if TYPE_CHECKING:  # the card imports this module: its class is only a type here
    from .card import Card

__all__ = ["options_for"]


def options_for(card: Card, hand: tuple[int, ...], rolls_left: int) -> list[Option]:
    """Every legal play of the position, best first, valued by expected final score."""
    solution = solution_for(card.rules)
    state = (card.mask, card.upper_capped, card.bonus_flag)
    tables = turn_tables(solution, *state) if rolls_left > 0 else None
    boxes = tables.boxes if tables is not None else box_table(solution, *state)
    sides = card.rules.sides
    lat = lattice(card.rules.dice, sides)
    h = int(lat.hand_index(np.bincount(np.array(hand) - 1, minlength=sides)))
    rows: list[Row] = []
    for b, value in enumerate(boxes[h].tolist()):
        if value <= -1e299:  # used, or not allowed (the forced joker)
            continue
        name = card.rules.categories[b].name
        pts, bonus = written(solution, *state, h, b)
        rows.append((card.total + value, f"score {name} ({pts})", {"type": "score", "box": name},
                     {"kind": "score", "box": name, "points": pts, "bonus": bonus}))
    if tables is not None:
        keeps = tables.k1 if rolls_left == 1 else tables.k2
        for keep in keeps_of(hand):
            counts = np.bincount(np.array(keep, dtype=np.int64) - 1, minlength=sides) if keep \
                else np.zeros(sides, dtype=np.int64)
            rows.append(keep_row(card.total + float(keeps[int(lat.index_of(counts))]), keep))
    return ranked(rows)
