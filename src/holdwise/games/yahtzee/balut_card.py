"""A Balut card as players write it ("fours=8,12 straight=20 balut=0"), what it earns, and the plays of a
position on it ranked by expected final total score (the card's scores so far included)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...solver.lattice import lattice
from ..base import Option
from .balut import BALUT, Award, BalutRules, possible_scores
from .balut_solver import NEG, turn_tables
from .ruleset import Row, keep_row, keeps_of, ranked
from .store import balut_solution

__all__ = ["BalutCard", "award_text", "parse_balut_card"]


@dataclass(frozen=True)
class BalutCard:
    """A Balut card: the scores written in each category (in card order)."""

    rules: BalutRules
    scores: tuple[tuple[int, ...], ...]

    @property
    def filled(self) -> tuple[int, ...]:
        return tuple(len(s) for s in self.scores)

    @property
    def index(self) -> int:
        """The state's index in the table."""
        return sum(n * (self.rules.boxes + 1) ** i for i, n in enumerate(self.filled))

    @property
    def total(self) -> int:
        return sum(sum(s) for s in self.scores)

    @property
    def full(self) -> bool:
        return all(n == self.rules.boxes for n in self.filled)

    @property
    def used(self) -> int:
        return sum(self.filled)

    @property
    def bonus(self) -> int:
        return 0  # no Yahtzee bonus in Balut

    def with_score(self, category: int, score: int) -> BalutCard:
        """The card with one more score written in a category."""
        scores = list(self.scores)
        scores[category] = (*scores[category], score)
        return BalutCard(self.rules, tuple(scores))

    def written(self, box: int, extras: Mapping[str, object]) -> tuple[BalutCard, int]:
        points = extras["points"]
        assert isinstance(points, int)
        return self.with_score(box, points), 0

    def awards(self) -> dict[str, int]:
        """The points each award gives this card as it stands (on a full card: the game's points), and
        "total" for the total's band."""
        out = {}
        for award in self.rules.awards:
            s = self.scores[self.rules.index(award.category)]
            if award.test == "at_least":
                out[award.category] = award.points if sum(s) >= award.threshold else 0
            elif award.test == "every":
                out[award.category] = award.points if len(s) == self.rules.boxes and all(s) else 0
            else:
                out[award.category] = award.points * sum(1 for v in s if v > 0)
        out["total"] = self.rules.total_points(self.total)
        return out

    def text(self) -> str:
        """The card as players write it: "fours=8,12 house=26" (empty boxes left out)."""
        pairs = zip(self.rules.categories, self.scores, strict=True)
        return " ".join(f"{c.name}={','.join(map(str, s))}" for c, s in pairs if s)

    def boxes_json(self) -> dict[str, object]:
        return {c.name: list(s) for c, s in zip(self.rules.categories, self.scores, strict=True)}

    def final_note(self) -> str:
        return f"Balut points {sum(self.awards().values()):+d}"

    def lines(self) -> list[str]:
        """Each category's boxes, written or open (.), and the points so far."""
        rules = self.rules
        rows = [f"  {c.name:<9}{' '.join(f'{v:>3}' for v in s)}{'   .' * (rules.boxes - len(s))}"
                for c, s in zip(rules.categories, self.scores, strict=True)]
        return [*rows, f"  total {self.total}; points so far {sum(self.awards().values()):+d}"]

    def view(self, now: Mapping[str, int]) -> dict[str, object]:
        rules = self.rules
        awards = self.awards()
        boxes = [{"name": c.name, "label": c.label, "scores": list(s), "open": rules.boxes - len(s),
                  "now": now.get(c.name), "award": awards.get(c.name, 0)}
                 for c, s in zip(rules.categories, self.scores, strict=True)]
        return {"rules": rules.name, "kind": "balut", "title": rules.title, "boxes": boxes,
                "boxes_each": rules.boxes, "total": self.total, "total_points": awards["total"],
                "points": sum(awards.values()), "turns": rules.turns,
                "awards": [award_text(a, rules.boxes) for a in rules.awards],
                "bands": [[low, pts] for low, pts in rules.total_bands], "below_bands": rules.total_base}

    def options(self, hand: tuple[int, ...], rolls_left: int) -> list[Option]:
        """Every play of the position ranked by expected final total score (the card's scores included)."""
        r = self.rules
        solution = balut_solution(r)
        boxes, keeps = turn_tables(solution, self.index)
        lat = lattice(r.dice, r.sides)
        h = int(lat.hand_index(np.bincount(np.array(hand) - 1, minlength=r.sides)))
        rows: list[Row] = []
        for i, value in enumerate(boxes[h].tolist()):
            if value <= NEG / 10:
                continue
            name = r.categories[i].name
            pts = int(solution.compiled.points[h, i])
            rows.append((self.total + value, f"score {name} ({pts})", {"type": "score", "box": name},
                         {"kind": "score", "box": name, "points": pts}))
        if rolls_left > 0:
            table = keeps[rolls_left - 1]
            for keep in keeps_of(hand):
                counts = np.bincount(np.array(keep, dtype=np.int64) - 1, minlength=r.sides)
                rows.append(keep_row(self.total + float(table[int(lat.index_of(counts))]), keep))
        return ranked(rows)


def award_text(award: Award, boxes: int = 4) -> dict[str, str]:
    """An award as a page's legend says it."""
    if award.test == "at_least":
        rule = f"{award.points} points when its scores add up to {award.threshold} or more"
    elif award.test == "every":
        rule = f"{award.points} points when all {_count(boxes)} of its boxes score"
    else:
        rule = f"{award.points} points for each box that scores"
    return {"category": award.category, "text": rule}


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))


_MAX_ENTRIES = 4096  # card entries remembered per rule set
# id(rules) -> (rules, card entry as written -> (its category, its scores)): each entry read and checked once per
# rule set (what the card allows besides, its boxes, is checked per card)
_ENTRIES: dict[int, tuple[BalutRules, dict[str, tuple[int, tuple[int, ...]]]]] = {}


def _entries(rules: BalutRules) -> dict[str, tuple[int, tuple[int, ...]]]:
    """The entries read so far with these rules, found by the rules' identity (they hash every category)."""
    hit = _ENTRIES.get(id(rules))
    if hit is not None and hit[0] is rules:  # the memo holds `rules`: its id is not reused meanwhile
        return hit[1]
    if len(_ENTRIES) >= 64:
        _ENTRIES.clear()
    entries: dict[str, tuple[int, tuple[int, ...]]] = {}
    _ENTRIES[id(rules)] = (rules, entries)
    return entries


def parse_balut_card(text: str = "", rules: BalutRules = BALUT) -> BalutCard:
    """A card as players write it: category=score,score,... pairs ("fours=8,12 straight=20 balut=0")."""
    if not isinstance(text, str):
        raise InputError(f"a Balut card is text like 'fours=8,12 straight=20', got {type(text).__name__}")
    scores: list[list[int]] = [[] for _ in rules.categories]
    entries = _entries(rules)
    for token in text.replace(";", " ").split():
        entry = entries.get(token)  # an entry read before: its category and its scores, each checked
        if entry is not None:
            i, given = entry
            scores[i].extend(given)
            if len(scores[i]) > rules.boxes:
                raise InputError(f"{rules.categories[i].name} has {rules.boxes} boxes, the card gives it "
                                 f"{len(scores[i])} scores")
            continue
        name, eq, values = token.partition("=")
        if not eq or not values:
            raise InputError(f"a card entry is category=score[,score...], got {token!r}")
        i = rules.index(name)
        category = rules.categories[i]
        allowed = possible_scores(rules, category)
        for v in values.split(","):
            if not re.fullmatch(r"[0-9]+", v, re.ASCII) or int(v) not in allowed:
                raise InputError(f"{category.name} cannot score {v!r}; it scores one of "
                                 f"{', '.join(map(str, sorted(allowed)))}")
            scores[i].append(int(v))
        if len(entries) >= _MAX_ENTRIES:  # a full memo starts over: the entries in use come back at once
            entries.clear()
        entries[token] = i, tuple(int(v) for v in values.split(","))
        if len(scores[i]) > rules.boxes:
            raise InputError(f"{category.name} has {rules.boxes} boxes, the card gives it {len(scores[i])} scores")
    return BalutCard(rules, tuple(tuple(s) for s in scores))
