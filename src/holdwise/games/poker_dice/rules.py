"""Poker dice as a table game: hand ranking and its variants (seed 003). Rules and data only.

Faces are 1..6 (with poker dice: 9, 10, J, Q, K, A from the lowest value up). A hand is ranked by its
category, then by the values of its groups (larger groups first, higher values first), then the other
dice: only identical value patterns tie. Categories, best first, by default: five of a kind, four of a
kind, full house, straight, three of a kind, two pairs, pair, bust. A straight is five consecutive values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import InputError
from ..inputs import shown

__all__ = [
    "CATEGORY_LABELS", "DIGITS", "POKER_FACES", "Variant", "category_of", "describe", "hand_key", "hand_labels",
    "hand_ranks", "hand_text", "parse_hand", "parse_keep",
]

CATEGORY_LABELS = {
    "five_of_a_kind": "five of a kind", "four_of_a_kind": "four of a kind", "flush": "flush",
    "full_house": "full house", "straight": "straight", "three_of_a_kind": "three of a kind",
    "two_pairs": "two pairs", "pair": "pair", "bust": "bust",
}
POKER_FACES = ("9", "10", "J", "Q", "K", "A")  # from the lowest value up
DIGITS = ("1", "2", "3", "4", "5", "6")
_DIGIT_FACE = {d: int(d) for d in DIGITS}
# one face of a run written without spaces ("66", "AAK109"): "10" is read whole, before "1"
_FACE_TOKEN = re.compile(r"10|[1-69TJQKA]")


@dataclass(frozen=True)
class Variant:
    """Rule options: straights count or are busts; straight above or below the full house; the flush rule;
    ace high (1 above 6); poker-dice faces for input and display.

    The flush rule, as the seed's rules page gives it: "only a straight to a King is called a Straight, while a
    straight to an Ace is called a Flush ... a Straight beats a Full House ... but does not beat a Four of a
    Kind ... A Flush beats a Four of a Kind": five of a kind > flush > four of a kind > straight > full house >
    three of a kind > two pairs > pair > bust (the straight above the full house whatever that option says).
    """

    straights: bool = True
    straight_above_full_house: bool = False
    flush: bool = False
    ace_high: bool = False
    poker_faces: bool = False

    def __post_init__(self) -> None:
        for name in ("straights", "straight_above_full_house", "flush", "ace_high", "poker_faces"):
            if not isinstance(getattr(self, name), bool):
                raise InputError(f"the rule option {name} must be true or false, got {_shown(getattr(self, name))}")
        if self.flush and not self.straights:
            raise InputError("the flush rule needs straights to count")
        if self.straight_above_full_house and not self.straights:
            raise InputError("a straight above the full house needs straights to count")

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names, best first."""
        if self.flush:  # the rules page's order (see the class docstring)
            return ("five_of_a_kind", "flush", "four_of_a_kind", "straight", "full_house", "three_of_a_kind",
                    "two_pairs", "pair", "bust")
        order = ["five_of_a_kind", "four_of_a_kind"]
        if self.straights and self.straight_above_full_house:
            order += ["straight", "full_house"]
        elif self.straights:
            order += ["full_house", "straight"]
        else:
            order.append("full_house")
        return tuple(order + ["three_of_a_kind", "two_pairs", "pair", "bust"])

    def value(self, face: int) -> int:
        """A face's value for comparisons (ace high puts 1 above 6)."""
        return 7 if self.ace_high and face == 1 else face

    def face_label(self, face: int) -> str:
        """How a face is written: 1-6, or with poker faces A K Q J 10 9 (by value, the highest is A)."""
        if not self.poker_faces:
            return str(face)
        order = sorted(range(1, 7), key=self.value)
        return POKER_FACES[order.index(face)]

    def parse_face(self, text: str) -> int:
        """A face from text: 1-6, or a poker-dice face (9, 10 or T, J, Q, K, A); anything else is an error."""
        t = str(text).strip().upper()
        t = "10" if t == "T" else t
        if t in DIGITS:
            return int(t)
        if t in POKER_FACES:
            # the poker faces name the values from the lowest up, whichever notation is shown
            order = sorted(range(1, 7), key=self.value)
            return order[POKER_FACES.index(t)]
        raise InputError(f"not a face: {_shown(text)} (1-6, or A K Q J 10 9)")


def _shown(value: object, limit: int = 24) -> str:
    """A bad input as quoted in an error (`holdwise.games.inputs.shown`), cut shorter: hands are short (this
    module's own: other modules call `shown`)."""
    return shown(value, limit)


def _pattern_category(sizes: tuple[int, ...]) -> str:
    return {(5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house", (3, 1, 1): "three_of_a_kind",
            (2, 2, 1): "two_pairs", (2, 1, 1, 1): "pair"}.get(sizes, "bust")


def hand_key(counts: Sequence[int], variant: Variant) -> tuple[Any, ...]:
    """Comparable key of a hand given as counts per face: larger is better.

    Five dice: (category, group values...). Other numbers of dice (small test games): (group sizes,
    group values), which orders five dice without straights the same way.
    """
    groups = sorted(((c, variant.value(f + 1)) for f, c in enumerate(counts) if c), reverse=True)
    sizes = tuple(c for c, _ in groups)
    values = tuple(v for _, v in groups)
    if sum(sizes) != 5:
        return (sizes, values)
    category = _pattern_category(sizes)
    if category == "bust" and variant.straights and max(values) - min(values) == 4:
        top = max(values)
        category = "flush" if variant.flush and top == max(variant.value(f) for f in range(1, 7)) else "straight"
    order = variant.categories
    return (len(order) - order.index(category), *values)


def category_of(counts: Sequence[int], variant: Variant) -> str:
    """The category name of a hand given as counts per face ("full_house", ...)."""
    key = hand_key(counts, variant)
    return variant.categories[len(variant.categories) - int(key[0])]


def hand_ranks(hand_counts: np.ndarray, variant: Variant) -> np.ndarray:
    """Rank of every hand (0 = worst); equal ranks only for identical hands."""
    keys = [hand_key(tuple(int(c) for c in row), variant) for row in hand_counts]
    order = sorted(set(keys))
    index = {k: i for i, k in enumerate(order)}
    return np.array([index[k] for k in keys], dtype=np.int64)


def _tokens(text: object) -> list[str]:
    """The faces of a hand or keep as written, one string each (nothing is mapped yet)."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        parts = [_face_text(t) for t in text]
    else:
        raise InputError(f"dice must be text or a list of faces, got {_shown(text)}")
    out = []
    for part in parts:
        up = part.upper()
        if up in DIGITS or up in POKER_FACES or up == "T":
            out.append(up)
            continue
        # a run without spaces: only when it splits into faces with nothing left over
        found = _FACE_TOKEN.findall(up)
        if len(up) > 1 and "".join(found) == up:
            out.extend(found)
            continue
        raise InputError(f"not a face: {_shown(part)} (1-6, or A K Q J 10 9)")
    digits = [t for t in out if t in DIGITS]
    if digits and len(digits) < len(out):
        # "1" next to "A" could mean the ace or the lowest face: refuse rather than guess
        raise InputError(f"{_shown(' '.join(out))} mixes digits 1-6 with poker faces A K Q J 10 9; "
                         "use one or the other")
    return out


def _face_text(face: object) -> str:
    """One face of a list as text: a whole number (not a bool or a float) or a string."""
    if isinstance(face, bool) or not isinstance(face, (int, str)):
        raise InputError(f"not a face: {_shown(face)} (1-6, or A K Q J 10 9)")
    return str(face).strip()


def parse_keep(text: object, variant: Variant = Variant(), hand: Sequence[int] | None = None) -> tuple[int, ...]:
    """0 to 5 faces (sorted face numbers 1-6); with `hand`, they must be dice of that hand."""
    faces = tuple(sorted(variant.parse_face(t) for t in _tokens(text)))
    if len(faces) > 5:
        raise InputError(f"a keep has at most 5 dice, got {len(faces)}")
    if hand is not None:
        for face in set(faces):
            if faces.count(face) > list(hand).count(face):
                raise InputError(f"you can only keep dice you rolled: there is no "
                                 f"{' '.join([variant.face_label(face)] * faces.count(face))} in "
                                 f"{hand_text(hand, variant)}")
    return faces


def parse_hand(text: object, variant: Variant = Variant(), n_dice: int = 5) -> tuple[int, ...]:
    """A hand: `n_dice` faces as one string (spaces or commas) or a list; 1-6 or A K Q J 10 9; sorted."""
    if isinstance(n_dice, bool) or not isinstance(n_dice, int) or not 1 <= n_dice <= 5:
        raise InputError(f"a hand has 1 to 5 dice, not {_shown(n_dice)}")
    if type(text) is str:
        # faces written as digits 1-6 with spaces or commas: each is its face, in any variant (no parsing)
        digits = [_DIGIT_FACE.get(t) for t in text.replace(",", " ").split()]
        if len(digits) == n_dice and None not in digits:
            return tuple(sorted(digits))  # type: ignore[arg-type]  # no None among them
    faces = tuple(sorted(variant.parse_face(t) for t in _tokens(text)))
    if len(faces) != n_dice:
        raise InputError(f"a hand has {n_dice} dice, got {len(faces)}")
    return faces


def hand_labels(faces: Sequence[int], variant: Variant) -> list[str]:
    """Faces as written, highest value first (["A", "A", "K", "Q", "9"] with poker faces)."""
    return [variant.face_label(f) for f in sorted(faces, key=variant.value, reverse=True)]


def hand_text(faces: Sequence[int], variant: Variant) -> str:
    """Faces as one string, highest value first ("6 6 6 2 2")."""
    return " ".join(hand_labels(faces, variant))


def describe(faces: Sequence[int], variant: Variant) -> str:
    """A five-dice hand with its category: "6 6 6 2 2 (full house)"."""
    return _describe(tuple(sorted(faces)), variant)


@lru_cache(maxsize=2048)
def _describe(faces: tuple[int, ...], variant: Variant) -> str:
    counts = tuple(list(faces).count(f) for f in range(1, 7))
    return f"{hand_text(faces, variant)} ({CATEGORY_LABELS[category_of(counts, variant)]})"
