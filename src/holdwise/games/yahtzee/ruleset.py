"""What every scorecard of the family offers the session, the hint and the interfaces: `RuleSet` and `Scorecard`.

A rule set (Yahtzee, Yatzy, Balut, ...) is one object that makes its cards (`empty_card`, `parse_card`,
`card_from_state`) and finds its table; a card writes scores, ranks the plays of a position and describes
itself. The session, the CLI and the web only ever talk to these two protocols, so a new scorecard is a data
object of an existing family (`rules.RULES`, `balut.BALUT_RULES`) or one small class beside them
(`variants.py`). Also here: the dice parser and the ranking of a position's plays that the families share.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ...errors import InputError
from ..base import Option, Result

if TYPE_CHECKING:
    from .distribution import ScoreDistribution

__all__ = ["Box", "Progress", "RuleSet", "Row", "Scorecard", "Solved", "keep_text", "keeps_of", "parse_dice",
           "ranked"]

Progress = Callable[[int, int], None]
Row = tuple[float, str, dict[str, object], dict[str, object]]  # (value, play as said, action, extras)


class Box(Protocol):
    """A row of a scorecard, as players name it."""

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> str: ...


class Dice(Protocol):
    """What reading the dice needs of a rule set."""

    @property
    def name(self) -> str: ...

    @property
    def dice(self) -> int: ...

    @property
    def sides(self) -> int: ...


class Scorecard(Protocol):
    """A card of some rule set: its scores so far and what can be done from it."""

    @property
    def total(self) -> int:
        """The score so far (every bonus earned included)."""

    @property
    def full(self) -> bool: ...

    @property
    def used(self) -> int:
        """The turns played (the boxes written)."""

    @property
    def bonus(self) -> int:
        """The Yahtzee bonus points taken so far (the session state's `bonus`; 0 without such a bonus)."""

    def text(self) -> str:
        """The card as its `parse_card` reads it."""

    def boxes_json(self) -> dict[str, object]:
        """Every box as the session state holds it (`card`)."""

    def options(self, hand: tuple[int, ...], rolls_left: int) -> list[Option]:
        """Every legal play of the position (keeps with rolls left, boxes), best first, by expected final score."""

    def written(self, box: int, extras: Mapping[str, object]) -> tuple[Scorecard, int]:
        """The card after the play whose `extras` a score option carries, in box `box`; and its bonus points."""

    def final_note(self) -> str:
        """What a full card earned beyond its boxes ("upper bonus 35", "Balut points +3")."""

    def lines(self) -> list[str]:
        """The card in a terminal's lines (80 columns)."""

    def view(self, now: Mapping[str, int]) -> dict[str, object]:
        """What a page draws of the card; `now` is what the dice would score in each open box."""


class RuleSet(Protocol):
    """A scorecard's rules: the dice, the boxes, the cards, the table of the optimum."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def dice(self) -> int: ...

    @property
    def sides(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def max_rolls_left(self) -> int:
        """Re-rolls after the first roll of a turn."""

    @property
    def boxes(self) -> Sequence[Box]: ...

    @property
    def intro(self) -> tuple[str, ...]:
        """The rules in a few lines, for a terminal game."""

    @property
    def keys(self) -> str:
        """What a player types, in short."""

    def index(self, name: str) -> int:
        """A box's position from its name or any alias (InputError naming the known ones)."""

    def empty_card(self) -> Scorecard: ...

    def parse_card(self, text: str) -> Scorecard:
        """A card as players write it; InputError names the first bad part."""

    def card_from_state(self, boxes: Mapping[str, object], bonus: object) -> Scorecard:
        """The card a session state holds; InputError when it is not one of these rules'."""

    def prepare(self, progress: Progress | None = None) -> float:
        """The table in memory (read from the cache folder, or solved and stored): the expected final score
        of a new game under optimal play."""

    def solved(self, fresh: bool = False, progress: Progress | None = None) -> Solved:
        """The table (solved again when `fresh`, and stored) and what it took."""

    def distribution(self, fresh: bool = False) -> ScoreDistribution:
        """The exact distribution of the final score under optimal play (stored once computed)."""


@dataclass(frozen=True)
class Solved(Result):
    """The expected final score of a new game under optimal play, and what it took; `points`, for a rule set
    with a points system (Balut), the exact expected points of that play (its JSON)."""

    rules: str
    title: str
    expected_score: float
    states: int
    seconds: float
    from_cache: bool
    table_bytes: int
    points: Mapping[str, object] | None = None

    def to_json(self) -> dict[str, object]:
        out = super().to_json()
        if self.points is None:
            del out["points"]
        return out


def parse_dice(values: object, rules: Dice) -> tuple[int, ...]:
    """The dice as faces (`1 1 5 3 2`, `11532`, `1,1,5,3,2`, a list), sorted; InputError if not `rules.dice`
    faces 1 to `rules.sides`."""
    if isinstance(values, str):
        tokens = values.replace(",", " ").split()  # as the list's join below reads one text
    elif not isinstance(values, (list, tuple)):
        raise InputError(f"the dice are {rules.dice} faces 1 to {rules.sides}, got {type(values).__name__}")
    else:
        tokens = " ".join(str(v) for v in values).replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) == rules.dice:
        tokens = list(tokens[0])
    faces = []
    for t in tokens:
        if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= rules.sides:  # ASCII digits: [0-9]+
            raise InputError(f"a die shows 1 to {rules.sides}, got {t!r}")
        faces.append(int(t))
    if len(faces) != rules.dice:
        raise InputError(f"{rules.name} rolls {rules.dice} dice, got {len(faces)}")
    return tuple(sorted(faces))


def keep_text(keep: tuple[int, ...]) -> str:
    """A keep as players say it: "keep 5 5" or "roll all"."""
    return "keep " + " ".join(map(str, keep)) if keep else "roll all"


def keeps_of(hand: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every distinct keep of a sorted hand but the whole hand, smallest first ("roll all" first)."""
    seen: set[tuple[int, ...]] = set()
    for n in range(len(hand)):
        for keep in itertools.combinations(hand, n):
            if keep not in seen:
                seen.add(keep)
                yield keep


def keep_row(value: float, keep: tuple[int, ...]) -> Row:
    """A keep's row of a hint."""
    return (value, keep_text(keep), {"type": "keep", "keep": list(keep)}, {"kind": "keep", "keep": list(keep)})


def ranked(rows: list[Row]) -> list[Option]:
    """The rows as options, best first (a stable sort: ties keep their order), each with its loss."""
    rows.sort(key=lambda r: -r[0])
    best = rows[0][0]
    return [Option(option=text, value=v, loss=max(0.0, best - v), action=action, extras=extras)
            for v, text, action, extras in rows]
