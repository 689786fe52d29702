"""Farkle as played in Kingdom Come: Deliverance: scoring, busting, hot dice, the dice.

Sources: seed 004 (rules), docs/reference/kcd-farkle.md (three-of-a-kind values, the joker) and
docs/reference/kcd-dice.md (every die of Kingdom Come II, shipped as data/kcd2-dice.json). Rules and data
only; the solvers live beside it in holdwise.games.farkle.

Faces are 1..6; a joker face is face 7 (JOKER) in count vectors. Scoring a set-aside selection:
- a single 1 scores 100 and a single 5 scores 50 per die held (one or two of them);
- three or more of a face score the base value of three, doubled per die beyond the third;
- 1-2-3-4-5 scores 500 and 2-3-4-5-6 scores 750, plus a spare sixth die scored as a single (a spare 2,
  3, 4 or 6 is allowed and scores 0); 1-2-3-4-5-6 scores 1500;
- every other die of a selection must belong to a scoring combination: 2, 3, 4 or 6 held one or two at a
  time make a selection illegal; a selection scores the best reading of its dice.
A joker stands in for any face to complete a combination (a triple, a straight, a single 1 or 5 next to
it) and never scores on its own: a selection needs at least one die that is not a joker.
A roll busts when no legal selection exists. Using every rolled die gives hot dice: six dice again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
from typing import Any

from ...errors import InputError

__all__ = [
    "DICE_GROUPS", "DICE_NAMES", "DICE_PER_PLAYER", "DICE_SOURCES", "FACES", "FULL_STRAIGHT", "JOKER", "JOKER_SYMBOL",
    "MAX_WEIGHT", "NAMED_DICE", "SCORE_UNIT", "SHORT_STRAIGHTS", "SINGLE", "SOURCE_TITLES", "TRIPLE_BASE", "Die",
    "busts", "die_by_name", "die_title", "roll_counts", "score", "score_with", "selections",
]

FACES = 6
JOKER = 7  # the face number of a joker in rolls given by users is the die's joker face; inside: 7
JOKER_SYMBOL = "J"  # how a joker face is typed and shown (the Devil's head die's 1)
TRIPLE_BASE = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
SINGLE = {1: 100, 5: 50}
SHORT_STRAIGHTS = {(1, 2, 3, 4, 5): 500, (2, 3, 4, 5, 6): 750}
FULL_STRAIGHT = 1500
DICE_PER_PLAYER = 6
SCORE_UNIT = 50  # every score is a multiple of 50
MAX_WEIGHT = 1_000_000  # a face's weight (the named dice use at most 10): chances stay well inside a float


@dataclass(frozen=True)
class Die:
    """A die: integer weights for faces 1..6, and the faces (if any) that are jokers."""

    name: str
    weights: tuple[int, ...]
    joker_faces: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        def whole(w: object) -> bool:
            return isinstance(w, (int, float)) and math.isfinite(w) and int(w) == w and 0 <= w <= MAX_WEIGHT

        if len(self.weights) != FACES or not all(whole(w) for w in self.weights) or sum(self.weights) == 0:
            raise InputError(f"die {str(self.name)[:40]!r}: weights must be six whole numbers 0 to {MAX_WEIGHT:,}, "
                             "not all zero")
        if any(f not in range(1, FACES + 1) for f in self.joker_faces):
            raise InputError(f"die {self.name!r}: joker faces must be 1..6")


def _catalogue() -> dict[str, Any]:
    """The Kingdom Come II dice as shipped data (data/kcd2-dice.json; docs/reference/kcd-dice.md tells its sources)."""
    import json
    from pathlib import Path

    data: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "kcd2-dice.json").read_text(encoding="utf-8"))
    return data


def _key(text: str) -> str:
    """A name as die_by_name compares it: lower case, no apostrophes or dots, words joined by '-', no 'die'."""
    key = re.sub(r"[^a-z0-9]+", "-", text.strip().lower().replace("\u2019", "'").replace("'", "").replace(".", ""))
    key = key.strip("-").removesuffix("-die").removeprefix("die-of-")
    return key


_CATALOGUE = _catalogue()
# every die of the catalogue by its stable id (the slugs holdwise has always used stay ids); the game's own name
# is DICE_NAMES[id], and dice that roll alike share DICE_GROUPS[id] (re-skins: Ci/Lu/Fer, the plain dice, ...)
NAMED_DICE: dict[str, Die] = {r["id"]: Die(r["id"], tuple(r["weights"]), tuple(r["joker_faces"]))
                              for r in _CATALOGUE["dice"]}
DICE_NAMES: dict[str, str] = {r["id"]: r["name"] for r in _CATALOGUE["dice"]}
DICE_GROUPS: dict[str, str] = {r["id"]: r["group"] for r in _CATALOGUE["dice"]}
DICE_SOURCES: dict[str, tuple[str, ...]] = {r["id"]: tuple(r["sources"]) for r in _CATALOGUE["dice"]}
SOURCE_TITLES: dict[str, tuple[str, str]] = {k: (v["title"], v["url"]) for k, v in _CATALOGUE["sources"].items()}
_BY_KEY: dict[str, str] = {}
for _row in _CATALOGUE["dice"]:
    _name = _row["name"]
    for _text in (_row["id"], _name, _name.replace("'s ", " ").replace("\u2019s ", " "), *_row.get("aliases", ())):
        _BY_KEY.setdefault(_key(_text), _row["id"])
_BY_KEY.update({"devils": "devils-head", "st-stephens": "st-stephen"})


def die_by_name(name: str) -> Die:
    """A named die by its id or its name in the game, forgiving case, spaces, apostrophes and a "die" ("Devil's
    head die", "devils-head", "King's die", "kings")."""
    key = _BY_KEY.get(_key(name))
    if key is None:
        raise InputError(f"unknown die {name!r}; known: {', '.join(NAMED_DICE)} (or their names in the game, "
                         "see 'holdwise farkle dice')")
    return NAMED_DICE[key]


def die_title(die: Die) -> str:
    """A die's name as the game shows it ("Lucky die"); a die of the user's own keeps its text."""
    return DICE_NAMES.get(die.name, die.name)


@cache  # a joker's fillings repeat across selections: the score table asks for ~1,000 distinct ones 17,640 times
def _natural_score(counts: tuple[int, ...]) -> int:
    """Best score of a selection with faces 1..6 counted in counts[0..5]; -1 if illegal or empty."""
    total = sum(counts)
    if total == 0:
        return -1  # not reached from score(), which answers an empty selection itself
    best = -1
    # per face: singles of 1 and 5, or three or more of a kind
    score = 0
    for face, k in enumerate(counts, start=1):
        if k == 0:
            continue
        if k >= 3:
            score += TRIPLE_BASE[face] << (k - 3)
        elif face in SINGLE:
            score += SINGLE[face] * k
        else:
            score = -1
            break
    best = max(best, score)
    if total == 6 and all(k == 1 for k in counts):
        best = max(best, FULL_STRAIGHT)
    for faces, value in SHORT_STRAIGHTS.items():
        if total in (5, 6) and all(counts[f - 1] >= 1 for f in faces):
            spare = [f for f in range(1, FACES + 1) for _ in range(counts[f - 1] - (1 if f in faces else 0))]
            best = max(best, value + sum(SINGLE.get(f, 0) for f in spare))
    return best


@cache
def score(counts: tuple[int, ...]) -> int:
    """Best score of a selection given as counts of faces 1..6 and jokers (7 numbers); -1 if illegal."""
    naturals, jokers = tuple(counts[:FACES]), counts[FACES] if len(counts) > FACES else 0
    if sum(naturals) == 0:
        return -1
    if jokers == 0:
        return _natural_score(naturals)
    best = -1
    # a joker takes any face: every multiset of faces for the jokers (the order they are given in cannot matter)
    for faces in combinations_with_replacement(range(FACES), jokers):
        filled = list(naturals)
        for f in faces:
            filled[f] += 1
        best = max(best, _natural_score(tuple(filled)))
    return best


Combos = tuple[tuple[tuple[int, ...], int], ...]  # extra combinations: (faces, points), e.g. ((3, 5), 100)


@cache
def score_with(counts: tuple[int, ...], combos: Combos = ()) -> int:
    """`score` with extra combinations (a Badge of Advantage's): jokers take any faces, then the selection is
    split into extra combinations, each as often as it fits, and a rest scored by the table (or nothing
    left); -1 if illegal."""
    if not combos:
        return score(counts)
    naturals, jokers = tuple(counts[:FACES]), counts[FACES] if len(counts) > FACES else 0
    if sum(naturals) == 0:
        return -1
    best = -1
    for faces in combinations_with_replacement(range(FACES), jokers):
        filled = list(naturals)
        for f in faces:
            filled[f] += 1
        best = max(best, _natural_with(tuple(filled), combos))
    return best


@cache
def _natural_with(counts: tuple[int, ...], combos: Combos) -> int:
    """Best score of faces 1..6 (counts) split into extra combinations and a rest scored by the table."""
    best = _natural_score(counts)
    for faces, points in combos:
        rest = list(counts)
        for f in faces:
            rest[f - 1] -= 1
        if min(rest) < 0:
            continue
        tail = 0 if sum(rest) == 0 else _natural_with(tuple(rest), combos)
        if tail >= 0:
            best = max(best, points + tail)
    return best


def roll_counts(faces: Sequence[int]) -> tuple[int, ...]:
    """Counts of faces 1..6 and jokers (7) from a list of faces."""
    counts = [0] * (FACES + 1)
    for f in faces:
        counts[int(f) - 1] += 1
    return tuple(counts)


def selections(faces: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every legal selection of a roll (as counts of faces 1..6 and jokers) with its score, best first."""
    roll = roll_counts(faces)
    out = []
    for sub in product(*[range(c + 1) for c in roll]):
        s = score(tuple(sub))
        if s > 0:
            out.append((tuple(sub), s))
    out.sort(key=lambda item: (-item[1], -sum(item[0])))
    return out


def busts(faces: Sequence[int]) -> bool:
    """True when the roll has no legal selection."""
    return not selections(faces)
