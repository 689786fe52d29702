"""The rules of Farkle at the table, as a sheet: every number on it comes from the rules module.

`rules_sheet()` lists the singles, the of-a-kind table (three to six of every face), the straights with each
spare die, examples of hot dice (also with fewer than six dice), a bust and a joker, the target that ends
the match, and the named dice with the chance of each face. Every points figure is `rules.score` of the
dice the line names, never a restated table: change the scoring and the sheet follows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..base import Result
from .hints import GAME
from .match import DEFAULT_TARGET
from .rules import (
    DICE_PER_PLAYER, FACES, JOKER, JOKER_SYMBOL, NAMED_DICE, SCORE_UNIT, SHORT_STRAIGHTS, SINGLE, die_title,
    roll_counts, score,
)

__all__ = ["Combo", "DieChances", "KindRow", "RulesSheet", "SpareRow", "rules_sheet"]

KINDS = (3, 4, 5, 6)  # how many of a face the of-a-kind table shows
BUST_EXAMPLE = (2, 2, 3, 4, 6, 6)  # no 1, no 5, no three alike, no straight
HOT_EXAMPLES = ((1, 1, 5, 5, 5, 1), (5, 5, 5), (1, 5))  # every die of the roll scores: six, three and two rolled
JOKER_EXAMPLES = ((1, 1, JOKER), (2, 3, 4, 5, JOKER))  # a joker completes three 1s, and a straight


@dataclass(frozen=True)
class Combo(Result):
    """One selection of dice set aside and its points by the scoring function (faces as shown; J a joker)."""

    name: str
    dice: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class KindRow(Result):
    """Three, four, five and six of one face."""

    face: int
    combos: tuple[Combo, ...]


@dataclass(frozen=True)
class SpareRow(Result):
    """The two short straights with one spare die (None: the straight alone); the full straight when the spare
    completes it."""

    spare: int | None
    low: Combo
    high: Combo


@dataclass(frozen=True)
class DieChances(Result):
    """A named die: its id, its name in the game, its faces as shown (J a joker), their weights and chances
    (weight / total)."""

    id: str
    name: str
    faces: tuple[str, ...]
    weights: tuple[int, ...]
    chances: tuple[float, ...]


@dataclass(frozen=True)
class RulesSheet(Result):
    """The rules at the table: scoring (every points figure from the scoring function), turns, the match,
    the named dice."""

    game: str
    dice_per_player: int
    score_unit: int
    target: int
    singles: tuple[Combo, ...]
    of_a_kind: tuple[KindRow, ...]
    straights: tuple[SpareRow, ...]
    full_straight: Combo
    hot_dice: tuple[Combo, ...]
    bust: tuple[str, ...]
    jokers: tuple[Combo, ...]
    rules: tuple[str, ...]
    dice: tuple[DieChances, ...]


def N_(message: str) -> str:  # noqa: N802 (gettext's marker: the games do not import the interfaces' i18n)
    """Mark `message` for the catalogues; the interfaces translate it (rules_sheet's `translate`)."""
    return message


# the sheet's words: English here (the JSON answer), translated by the page and the command line
KIND_NAMES = {3: N_("three {face}s"), 4: N_("four {face}s"), 5: N_("five {face}s"), 6: N_("six {face}s")}
RULE_TEXTS = (
    N_("Each side rolls {n} dice. After every roll set aside at least one scoring die; every die set aside "
       "must score (a 2, 3, 4 or 6 alone scores nothing). Then roll the rest on, or bank the turn total."),
    N_("A selection scores the best reading of its dice; singles count one or two at a time, and three or "
       "more of a face double with each die beyond the third."),
    N_("Bust: a roll with nothing to set aside (such as {bust}) loses the turn total, and the turn passes."),
    N_("Hot dice: set aside every die you rolled, six or fewer, and all {n} dice come back to roll on."),
    N_("Every score is a multiple of {unit}."),
    N_("The match: the first side whose score and turn total reach the target ({target} unless set) wins "
       "at once."),
    N_("A joker ({joker}, the Devil's head die's 1) stands in for any face to complete a combination and "
       "never scores alone."),
)


def _same(message: str) -> str:
    return message


def _whole(value: int) -> str:
    return f"{value:,}"


def _shown(faces: Sequence[int]) -> tuple[str, ...]:
    return tuple(JOKER_SYMBOL if f == JOKER else str(f) for f in faces)


def _combo(name: str, faces: Sequence[int]) -> Combo:
    """The selection of `faces` scored by the rules (never a figure written here)."""
    return Combo(name, _shown(faces), score(roll_counts(faces)))


def rules_sheet(target: int = DEFAULT_TARGET, translate: Callable[[str], str] = _same,
                whole: Callable[[int], str] = _whole) -> RulesSheet:
    """The rules sheet: every combination with its points from `rules.score`, the turn and match rules, and
    the named dice's chances; its words through `translate` and the target through `whole` (default: English)."""
    t = translate
    singles = [_combo(t(N_("single {face}")).format(face=f), (f,)) for f in sorted(SINGLE)]
    singles += [_combo(t(N_("two {face}s")).format(face=f), (f, f)) for f in sorted(SINGLE)]
    singles.append(_combo(t(N_(" and ")).join(map(str, sorted(SINGLE))), tuple(sorted(SINGLE))))
    kinds = tuple(KindRow(f, tuple(_combo(t(KIND_NAMES[k]).format(face=f), (f,) * k) for k in KINDS))
                  for f in range(1, FACES + 1))
    low, high = sorted(SHORT_STRAIGHTS, key=lambda s: SHORT_STRAIGHTS[s])
    straights = [SpareRow(None, _combo("-".join(map(str, low)), low), _combo("-".join(map(str, high)), high))]
    for spare in range(1, FACES + 1):
        pair = [_combo("-".join(map(str, s)) + f" + {spare}", (*s, spare)) for s in (low, high)]
        straights.append(SpareRow(spare, *pair))
    full = tuple(range(1, FACES + 1))
    full_straight = _combo("-".join(map(str, full)), full)
    hot = tuple(_combo(t(N_("{dice} from {n} dice rolled")).format(dice=" ".join(map(str, h)), n=len(h)), h)
                for h in HOT_EXAMPLES)
    jokers = tuple(_combo(" ".join(_shown(j)), j) for j in JOKER_EXAMPLES)
    n = DICE_PER_PLAYER
    rules = tuple(t(text).format(n=n, bust=" ".join(map(str, BUST_EXAMPLE)), unit=SCORE_UNIT,
                                 target=whole(int(target)), joker=JOKER_SYMBOL) for text in RULE_TEXTS)
    dice = []
    for die in NAMED_DICE.values():
        total = sum(die.weights)
        faces = tuple(JOKER_SYMBOL if f in die.joker_faces else str(f) for f in range(1, FACES + 1))
        dice.append(DieChances(die.name, die_title(die), faces, tuple(die.weights),
                               tuple(w / total for w in die.weights)))
    return RulesSheet(GAME, n, SCORE_UNIT, int(target), tuple(singles), kinds, tuple(straights), full_straight, hot,
                      _shown(BUST_EXAMPLE), jokers, rules, tuple(dice))
