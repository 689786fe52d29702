"""Balut's rules as data: the categories, how a roll scores in each, the points system.

Balut (the game poker dice came from; docs/reference/balut.md gives the source) is played with five dice and
three rolls a turn, like Yahtzee, on a card of seven categories that each take four scores: fours, fives,
sixes (the dice of that face), straight (1-2-3-4-5 scores 15, 2-3-4-5-6 scores 20), house (three of one face
and two of another: the sum), choice (the sum) and balut (five of a kind: 20 plus the sum). After 28 turns
the card is full; the points system (`Award`, `BalutRules.total_bands`) turns it into points, see
`balut_points`.
The solver is `balut_solver`, the card `balut_card`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from ...errors import InputError
from ...i18n import N_
from .rules import category_index

__all__ = ["BALUT", "BALUT_RULES", "Award", "BalutCategory", "BalutRules", "balut_rules", "balut_score",
           "possible_scores"]


@dataclass(frozen=True)
class BalutCategory:
    """A row of the Balut card: its name, how players write it, how a roll scores in it.

    `kind`: "face" (value = the face: that face times how many dice show it), "straight" (every die a
    different face and the faces consecutive: the sum), "house" (three of one face and two of another: the
    sum), "choice" (the sum), "balut" (every die the same face: value plus the sum).
    """

    name: str
    label: str
    kind: str
    value: int = 0
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Award:
    """A row of the points table: `test` "at_least" (the category's scores add up to `threshold` or more),
    "every" (every box of the category holds a score above 0) or "each" (`points` for each box above 0)."""

    category: str
    test: str
    points: int
    threshold: int = 0


@dataclass(frozen=True)
class BalutRules:
    """A Balut rule set: the categories, how many boxes each, the dice, and the points system."""

    name: str
    title: str
    categories: tuple[BalutCategory, ...]
    boxes: int = 4
    dice: int = 5
    sides: int = 6
    rolls: int = 3
    awards: tuple[Award, ...] = ()
    total_base: int = 0  # the total's points below the first band
    total_bands: tuple[tuple[int, int], ...] = ()  # (lowest total, points), rising

    @property
    def n_categories(self) -> int:
        return len(self.categories)

    @property
    def n_states(self) -> int:
        return int((self.boxes + 1) ** self.n_categories)

    @property
    def turns(self) -> int:
        return self.boxes * self.n_categories

    @property
    def max_rolls_left(self) -> int:
        return self.rolls - 1

    def index(self, name: str) -> int:
        """A category's position from its name or any alias, in any case."""
        return category_index(self.categories, name, self.name)

    def total_points(self, total: int) -> int:
        """The points the total score earns (its band's)."""
        points = self.total_base
        for low, pts in self.total_bands:
            if total >= low:
                points = pts
        return points


BALUT = BalutRules(
    name="balut", title=N_("Balut (seven categories, four boxes each; Milholt's points system)"),
    categories=(
        BalutCategory("fours", "Fours", "face", 4, aliases=("4s", "4")),
        BalutCategory("fives", "Fives", "face", 5, aliases=("5s", "5")),
        BalutCategory("sixes", "Sixes", "face", 6, aliases=("6s", "6")),
        BalutCategory("straight", "Straight", "straight", aliases=("st", "s", "str", "straights")),
        BalutCategory("house", "House", "house", aliases=("fh", "h", "full_house")),
        BalutCategory("choice", "Choice", "choice", aliases=("c", "ch", "chance")),
        BalutCategory("balut", "Balut", "balut", 20, aliases=("b", "bal", "baluts"))),
    awards=(Award("fours", "at_least", 2, 52), Award("fives", "at_least", 2, 65),
            Award("sixes", "at_least", 2, 78), Award("straight", "every", 4), Award("house", "every", 3),
            Award("choice", "at_least", 2, 100), Award("balut", "each", 2)),
    total_base=-2,
    total_bands=((300, -1), (350, 0), (400, 1), (450, 2), (500, 3), (550, 4), (600, 5), (650, 6)))

BALUT_RULES = {BALUT.name: BALUT}


def balut_rules(name: str = "balut") -> BalutRules:
    """A Balut rule set by name."""
    key = name.strip().lower()
    if key not in BALUT_RULES:
        raise InputError(f"unknown rules {name!r}; known: {', '.join(BALUT_RULES)}")
    return BALUT_RULES[key]


def balut_score(category: BalutCategory, dice: tuple[int, ...]) -> int:
    """What the dice score in a Balut category, by its own rule."""
    total = sum(dice)
    kind = category.kind
    if kind == "face":
        return category.value * dice.count(category.value)
    if kind == "straight":
        distinct = set(dice)
        return total if len(distinct) == len(dice) and max(dice) - min(dice) == len(dice) - 1 else 0
    if kind == "house":
        return total if sorted(dice.count(f) for f in set(dice)) == [2, 3] else 0
    if kind == "choice":
        return total
    if kind == "balut":
        return category.value + total if len(set(dice)) == 1 else 0
    raise ValueError(f"unknown category kind {kind!r}")



@lru_cache(maxsize=64)
def possible_scores(rules: BalutRules, category: BalutCategory) -> frozenset[int]:
    """Every score a roll can write in a category."""
    return frozenset(balut_score(category, h) for h in itertools.combinations_with_replacement(
        range(1, rules.sides + 1), rules.dice))
