"""Yahtzee's rules as data: the categories and their scoring, the upper bonus, the Yahtzee bonus and the joker.

Three rule sets ship. `yahtzee`, the official rules as Verhoeff's optimal solitaire player reads them
(expected score 254.5896): 13 categories; 35 points when the six upper boxes total 63 or more; 100 points for
each further Yahtzee once the Yahtzee box holds 50; and the joker: a Yahtzee rolled when the Yahtzee box is
filled (50 or 0) may go in any open box; once the upper box of its face is filled it is a joker, and full
house, small and large straight score their full 25, 30 and 40 (an open upper box of its face scores it
normally, and the lower boxes then score it by their own rules). `yahtzee-forced` reads the rule sheet's joker
as forcing (254.5877): the upper box of the face if open, else an open lower box at full value, else a zero in
an open upper box. `yatzy`, Scandinavian Yatzy: 15 categories (one pair, two pairs, three and four of a kind
scored as the dice that make them, the small straight 1-2-3-4-5 for 15, the large straight 2-3-4-5-6 for 20,
full house as the sum of its dice, chance, yatzy 50), 50 points at 63 in the upper boxes, no Yahtzee bonus, no
joker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ...errors import InputError
from ...i18n import N_

__all__ = ["RULES", "YAHTZEE", "YAHTZEE_FORCED", "YATZY", "Category", "Rules", "category_index", "get_rules", "score"]


class Named(Protocol):
    """A category of either family's card: its name and the other words players write for it."""

    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...

UPPER_CAP = 63  # the upper total is kept only up to here: past it the bonus is won and nothing else depends on it


@dataclass(frozen=True)
class Category:
    """A box of the scorecard: its name, how players write it, and how a roll scores in it.

    `kind` is one of: "upper" (value = the face: that face times how many show it), "sum_if_kind" (value = n:
    the sum of all dice when some face shows n times or more), "same_kind" (value = n: n times the highest face
    shown n times or more), "pairs" (value = how many distinct pairs: their dice), "full_house" (value = points,
    or 0 for the sum of the dice: three of one face and two of another), "straight" (value = points: at least
    `run` consecutive faces; `faces` set: exactly those faces, scoring `points` or their sum when 0),
    "chance" (the sum), "yahtzee" (value = points: five of a kind). In reduced games (the tests' oracle) a
    joker of a face with no upper box counts as one whose upper box is used.
    """

    name: str
    label: str
    kind: str
    value: int = 0
    run: int = 0
    faces: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def is_upper(self) -> bool:
        return self.kind == "upper"

    @property
    def short(self) -> str:
        """The box's shortest written name of two letters or more ("1s", "fh", "3k"; "y" and "c" stand alone)."""
        names = [a for a in self.aliases if len(a) >= 2] or [self.name]
        return min(names, key=len)


@dataclass(frozen=True)
class Rules:
    """A rule set: its categories in scorecard order (the six upper boxes first), the upper bonus and, for
    Yahtzee, the bonus for further Yahtzees and the joker."""

    name: str
    title: str
    categories: tuple[Category, ...]
    upper_bonus: int
    upper_threshold: int = UPPER_CAP
    yahtzee_bonus: int = 0  # points for each Yahtzee after the Yahtzee box holds its points (0: none)
    joker: str = "none"  # "free" (a joker once its upper box is used), "forced" (the rule sheet's order) or "none"
    dice: int = 5
    sides: int = 6

    @property
    def n_categories(self) -> int:
        return len(self.categories)

    @property
    def turns(self) -> int:
        return len(self.categories)

    @property
    def rolls(self) -> int:
        return 3  # a property, not a field: the stored tables' key reads the fields

    @property
    def max_rolls_left(self) -> int:
        return self.rolls - 1

    @property
    def yahtzee_index(self) -> int:
        """The Yahtzee box's position, or -1."""
        return next((i for i, c in enumerate(self.categories) if c.kind == "yahtzee"), -1)

    def index(self, name: str) -> int:
        """A category's position from its name or any alias, in any case."""
        return category_index(self.categories, name, self.name)


_UPPER = tuple(Category(name, label, "upper", face, aliases=aliases) for face, name, label, aliases in (
    (1, "ones", "Ones", ("aces", "1s", "1")), (2, "twos", "Twos", ("2s", "2")),
    (3, "threes", "Threes", ("3s", "3")), (4, "fours", "Fours", ("4s", "4")),
    (5, "fives", "Fives", ("5s", "5")), (6, "sixes", "Sixes", ("6s", "6"))))

YAHTZEE = Rules(
    name="yahtzee", title=N_("Yahtzee (official rules, Verhoeff's reading of the joker)"),
    categories=(*_UPPER,
                Category("three_of_a_kind", "3 of a kind", "sum_if_kind", 3, aliases=("3k", "3oak", "three")),
                Category("four_of_a_kind", "4 of a kind", "sum_if_kind", 4, aliases=("4k", "4oak", "four")),
                Category("full_house", "Full house", "full_house", 25, aliases=("fh", "full")),
                Category("small_straight", "Small straight", "straight", 30, run=4, aliases=("ss", "sm", "small")),
                Category("large_straight", "Large straight", "straight", 40, run=5, aliases=("ls", "lg", "large")),
                Category("yahtzee", "Yahtzee", "yahtzee", 50, aliases=("y", "yz")),
                Category("chance", "Chance", "chance", aliases=("c", "ch"))),
    upper_bonus=35, yahtzee_bonus=100, joker="free")

YAHTZEE_FORCED = replace(YAHTZEE, name="yahtzee-forced", title=N_("Yahtzee (official rules, forced joker)"),
                         joker="forced")

YATZY = Rules(
    name="yatzy", title=N_("Yatzy (Scandinavian: 15 categories, no Yahtzee bonus)"),
    categories=(*_UPPER,
                Category("one_pair", "One pair", "pairs", 1, aliases=("pair", "1p")),
                Category("two_pairs", "Two pairs", "pairs", 2, aliases=("2p",)),
                Category("three_of_a_kind", "3 of a kind", "same_kind", 3, aliases=("3k", "3oak", "three")),
                Category("four_of_a_kind", "4 of a kind", "same_kind", 4, aliases=("4k", "4oak", "four")),
                Category("small_straight", "Small straight", "straight", 15, faces=(1, 2, 3, 4, 5),
                         aliases=("ss", "sm", "small")),
                Category("large_straight", "Large straight", "straight", 20, faces=(2, 3, 4, 5, 6),
                         aliases=("ls", "lg", "large")),
                Category("full_house", "Full house", "full_house", 0, aliases=("fh", "full")),
                Category("chance", "Chance", "chance", aliases=("c", "ch")),
                Category("yatzy", "Yatzy", "yahtzee", 50, aliases=("y", "yahtzee", "yz"))),
    upper_bonus=50)

RULES = {r.name: r for r in (YAHTZEE, YAHTZEE_FORCED, YATZY)}


def get_rules(name: str) -> Rules:
    """A rule set by name."""
    key = name.strip().lower()
    if key not in RULES:
        raise InputError(f"unknown rules {name!r}; known: {', '.join(RULES)}")
    return RULES[key]


def score(category: Category, dice: tuple[int, ...], sides: int = 6) -> int:
    """What the dice (faces 1..sides) score in a box, by the box's own rule (no joker: see `Rules.joker`)."""
    counts = [dice.count(f) for f in range(sides + 1)]
    total = sum(dice)
    kind = category.kind
    if kind == "upper":
        return category.value * counts[category.value]
    if kind == "sum_if_kind":
        return total if max(counts) >= category.value else 0
    if kind == "same_kind":
        faces = [f for f in range(1, sides + 1) if counts[f] >= category.value]
        return category.value * max(faces) if faces else 0
    if kind == "pairs":
        faces = sorted((f for f in range(1, sides + 1) if counts[f] >= 2), reverse=True)
        return 2 * sum(faces[:category.value]) if len(faces) >= category.value else 0
    if kind == "full_house":
        if sorted(c for c in counts if c) == [2, 3]:
            return category.value or total
        return 0
    if kind == "straight":
        if category.faces:
            if len(dice) == len(category.faces) and all(f <= sides and counts[f] == 1 for f in category.faces):
                return category.value or total
            return 0
        longest = run = 0
        for f in range(1, sides + 1):
            run = run + 1 if counts[f] else 0
            longest = max(longest, run)
        return category.value if longest >= category.run else 0
    if kind == "chance":
        return total
    if kind == "yahtzee":
        return category.value if max(counts) == len(dice) else 0
    raise ValueError(f"unknown category kind {kind!r}")


def category_index(categories: Sequence[Named], name: str, rules: str) -> int:
    """A category's position in `categories` from its name or any alias, in any case (both families' cards)."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    for i, c in enumerate(categories):
        if key == c.name or key in c.aliases:
            return i
    raise InputError(f"unknown category {name!r} in {rules}; known: {', '.join(c.name for c in categories)}")
