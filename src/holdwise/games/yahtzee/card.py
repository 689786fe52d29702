"""The scorecard as players write it, the solver's state it stands for, and the plays of a position on it.

A card is a list of `box=points` (or `box:points`), separated by spaces or commas, in any order and case, with
the names or short forms of the boxes: `ones=3 twos=6 3k=24 fh=25 y=50`. A box not written is open. Points are
checked against what the box can score (`fh=20` is refused). `bonus=200` is the Yahtzee bonus taken so far
(100 a Yahtzee; it needs `yahtzee=50`); the upper bonus is worked out, never written. An empty card is a new
game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from ...errors import InputError
from ...solver.lattice import lattice
from ..base import Option
from ..inputs import parse_whole
from .rules import Rules, score
from .ruleset import Row, keep_row, keeps_of, parse_dice, ranked
from .solver import box_table, turn_tables, written
from .store import solution_for

__all__ = ["Card", "card_text", "parse_card", "options_for", "parse_dice", "parse_whole", "possible_points"]

_TOKEN = re.compile(r"^([A-Za-z0-9_\-]+?)[=:](-?[0-9]+)$", re.ASCII)


@dataclass(frozen=True)
class Card:
    """A scorecard: the points in each used box (None = open) and the Yahtzee bonus points taken."""

    rules: Rules
    points: tuple[int | None, ...]
    yahtzee_bonus: int = 0

    @property
    def mask(self) -> int:
        return sum(1 << i for i, p in enumerate(self.points) if p is not None)

    @property
    def upper_total(self) -> int:
        return sum(p for c, p in zip(self.rules.categories, self.points, strict=True) if c.is_upper and p is not None)

    @property
    def upper_capped(self) -> int:
        return min(self.rules.upper_threshold, self.upper_total)

    @property
    def bonus_flag(self) -> int:
        """1 when further Yahtzees earn the bonus (the Yahtzee box holds its points)."""
        yz = self.rules.yahtzee_index
        return int(yz >= 0 and self.rules.yahtzee_bonus > 0 and bool(self.points[yz]))

    @property
    def upper_bonus(self) -> int:
        return self.rules.upper_bonus if self.upper_total >= self.rules.upper_threshold else 0

    @property
    def total(self) -> int:
        """The score so far: the boxes, the upper bonus once earned, the Yahtzee bonus."""
        return sum(p for p in self.points if p is not None) + self.upper_bonus + self.yahtzee_bonus

    @property
    def open_boxes(self) -> tuple[str, ...]:
        return tuple(c.name for c, p in zip(self.rules.categories, self.points, strict=True) if p is None)

    @property
    def full(self) -> bool:
        return all(p is not None for p in self.points)

    @property
    def used(self) -> int:
        return sum(p is not None for p in self.points)

    @property
    def bonus(self) -> int:
        return self.yahtzee_bonus

    def with_box(self, index: int, points: int, bonus: int = 0) -> Card:
        """The card after writing `points` in box `index` (and `bonus` Yahtzee-bonus points)."""
        values = list(self.points)
        values[index] = points
        return Card(self.rules, tuple(values), self.yahtzee_bonus + bonus)

    def written(self, box: int, extras: Mapping[str, object]) -> tuple[Card, int]:
        points, bonus = cast(int, extras["points"]), cast(int, extras["bonus"])  # the turn's extras: ints
        return self.with_box(box, points, bonus), bonus

    def text(self) -> str:
        """The card as `parse_card` reads it (used boxes in scorecard order)."""
        parts = [f"{c.name}={p}" for c, p in zip(self.rules.categories, self.points, strict=True) if p is not None]
        if self.yahtzee_bonus:
            parts.append(f"bonus={self.yahtzee_bonus}")
        return " ".join(parts)

    def boxes_json(self) -> dict[str, object]:
        return {c.name: p for c, p in zip(self.rules.categories, self.points, strict=True)}

    def options(self, hand: tuple[int, ...], rolls_left: int) -> list[Option]:
        return options_for(self, hand, rolls_left)

    def final_note(self) -> str:
        return f"upper bonus {self.upper_bonus}"

    def lines(self) -> list[str]:
        """The score, the upper total and the open boxes."""
        open_boxes = " ".join(c.short for c, p in zip(self.rules.categories, self.points, strict=True) if p is None)
        return [f"  score {self.total} (upper {self.upper_total}/{self.rules.upper_threshold}); open: {open_boxes}"]

    def view(self, now: Mapping[str, int]) -> dict[str, object]:
        rules = self.rules
        boxes = [{"name": c.name, "label": c.label, "short": c.short, "upper": c.is_upper, "points": p,
                  "now": now.get(c.name) if p is None else None}
                 for c, p in zip(rules.categories, self.points, strict=True)]
        return {"rules": rules.name, "title": rules.title, "boxes": boxes, "upper_total": self.upper_total,
                "upper_threshold": rules.upper_threshold, "upper_bonus": self.upper_bonus,
                "upper_bonus_points": rules.upper_bonus, "yahtzee_bonus": self.yahtzee_bonus,
                "yahtzee_bonus_points": rules.yahtzee_bonus, "total": self.total, "turns": rules.n_categories}


@lru_cache(maxsize=16)
def possible_points(rules: Rules) -> tuple[frozenset[int], ...]:
    """What each box can hold: its scores over every hand, 0, and the joker's full values."""
    hands = list(combinations_with_replacement(range(1, rules.sides + 1), rules.dice))
    out = []
    for c in rules.categories:
        values = {score(c, h, rules.sides) for h in hands} | {0}
        if rules.joker != "none" and c.kind in ("full_house", "straight") and c.value:
            values.add(c.value)
        out.append(frozenset(values))
    return tuple(out)


_SEPARATORS = re.compile(r"[,\s]+")
_BONUS_NAMES = ("bonus", "yahtzee_bonus", "yb")
Entries = dict[str, tuple[int, int]]  # a card entry as written -> (its box, or -1 for the bonus; its points)
# id(rules) -> (rules, {name or alias: box}, what each box can hold, the entries read so far): made once per rule
# set, found by identity (a Rules hashes its every category)
_CARD_TABLES: dict[int, tuple[Rules, dict[str, int], tuple[frozenset[int], ...], Entries]] = {}


def _card_tables(rules: Rules) -> tuple[dict[str, int], tuple[frozenset[int], ...], Entries]:
    """Each box's names (as `Rules.index` reads them, the first box of a name winning), what it can hold, and
    the card entries read so far (each checked alone: what a card allows of it besides is checked per card)."""
    hit = _CARD_TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:  # the memo holds `rules`: its id is not reused meanwhile
        return hit[1], hit[2], hit[3]
    names: dict[str, int] = {}
    for i, c in enumerate(rules.categories):
        for name in (c.name, *c.aliases):
            names.setdefault(name, i)
    if len(_CARD_TABLES) >= 64:
        _CARD_TABLES.clear()
    entries: Entries = {}
    _CARD_TABLES[id(rules)] = (rules, names, possible_points(rules), entries)
    return names, possible_points(rules), entries


def parse_card(text: str, rules: Rules) -> Card:
    """A card from `box=points` pairs (see the module's docstring); InputError names the first bad part."""
    points: list[int | None] = [None] * rules.n_categories
    bonus = 0
    names, allowed, entries = _card_tables(rules)
    for raw in _SEPARATORS.split((text or "").strip()):
        if not raw:
            continue
        entry = entries.get(raw)  # an entry read before: its box (-1: the Yahtzee bonus) and points, checked
        if entry is None:
            entry = i, value = _entry(raw, rules, names)
            if i >= 0:  # the checks in this order: a box written twice is said before its points
                if points[i] is not None:
                    raise InputError(f"box {rules.categories[i].name} is written twice")
                if value not in allowed[i]:
                    shown = ", ".join(str(v) for v in sorted(allowed[i]))
                    raise InputError(f"{rules.categories[i].name} cannot hold {value}; it holds one of {shown}")
            if len(entries) >= _MAX_ENTRIES:  # a full memo starts over: the entries in use come back at once
                entries.clear()
            entries[raw] = entry
        i, value = entry
        if i < 0:
            bonus = value
            continue
        if points[i] is not None:
            raise InputError(f"box {rules.categories[i].name} is written twice")
        points[i] = value
    card = Card(rules, tuple(points), bonus)
    if bonus and not card.bonus_flag:
        raise InputError("a Yahtzee bonus needs 50 in the Yahtzee box")
    return card


_MAX_ENTRIES = 4096  # entries remembered per rule set (every score of every box, each under a few names)


def _entry(raw: str, rules: Rules, names: dict[str, int]) -> tuple[int, int]:
    """One card entry read: (its box, its points; what the box can hold is checked by the caller), or
    (-1, points) for the Yahtzee bonus, checked."""
    m = _TOKEN.match(raw)
    if not m:
        raise InputError(f"card entry {raw!r} is not box=points (e.g. fh=25)")
    name, value = m.group(1), int(m.group(2))
    key = name.strip().lower()
    if key in _BONUS_NAMES:
        if not rules.yahtzee_bonus:
            raise InputError(f"{rules.name} has no Yahtzee bonus")
        if value < 0 or value % rules.yahtzee_bonus:
            raise InputError(f"the Yahtzee bonus is {rules.yahtzee_bonus} a Yahtzee: got {value}")
        return -1, value
    i = names.get(key.replace("-", "_").replace(" ", "_"))
    if i is None:
        i = rules.index(name)  # not a box: its error
    return i, value


def card_text(card: Card) -> str:
    """The card as `parse_card` reads it (used boxes in scorecard order)."""
    return card.text()


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
