"""Poker dice as a table game: hand ranking and its variants (seed 003). Rules and data only.

Faces are 1..6 (with poker dice: 9, 10, J, Q, K, A from the lowest value up). A hand is ranked by its
category, then by the values of its groups (larger groups first, higher values first), then the other
dice: only identical value patterns tie. Categories, best first, by default: five of a kind, four of a
kind, full house, straight, three of a kind, two pairs, pair, bust. A straight is five consecutive values.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import InputError

CATEGORY_LABELS = {
    "five_of_a_kind": "five of a kind", "four_of_a_kind": "four of a kind", "flush": "flush",
    "full_house": "full house", "straight": "straight", "three_of_a_kind": "three of a kind",
    "two_pairs": "two pairs", "pair": "pair", "bust": "bust",
}
POKER_FACES = ("9", "10", "J", "Q", "K", "A")  # from the lowest value up


@dataclass(frozen=True)
class Variant:
    """Rule options: straights count or are busts; straight above or below the full house; "a straight to
    the king is a straight, to the ace a flush" (the flush right below four of a kind); ace high (1 above
    6); poker-dice faces for input and display."""

    straights: bool = True
    straight_above_full_house: bool = False
    flush: bool = False
    ace_high: bool = False
    poker_faces: bool = False

    def __post_init__(self):
        if self.flush and not self.straights:
            raise InputError("the flush rule needs straights to count")

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names, best first."""
        order = ["five_of_a_kind", "four_of_a_kind"]
        if self.flush:
            order.append("flush")
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
        if not self.poker_faces:
            return str(face)
        order = sorted(range(1, 7), key=self.value)
        return POKER_FACES[order.index(face)]

    def parse_face(self, text: str) -> int:
        """A face from text: 1-6, or a poker-dice face (9, 10 or T, J, Q, K, A)."""
        t = text.strip().upper()
        t = "10" if t == "T" else t
        poker = {Variant(poker_faces=True, ace_high=self.ace_high).face_label(f): f for f in range(1, 7)}
        if t in poker:
            return poker[t]
        if t.isdigit() and 1 <= int(t) <= 6:
            return int(t)
        raise InputError(f"not a face: {text!r} (1-6, or A K Q J 10 9)")


def _pattern_category(sizes: tuple[int, ...]) -> str:
    return {(5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house", (3, 1, 1): "three_of_a_kind",
            (2, 2, 1): "two_pairs", (2, 1, 1, 1): "pair"}.get(sizes, "bust")


def hand_key(counts, variant: Variant) -> tuple:
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


def category_of(counts, variant: Variant) -> str:
    key = hand_key(counts, variant)
    return variant.categories[len(variant.categories) - key[0]]


def hand_ranks(hand_counts: np.ndarray, variant: Variant) -> np.ndarray:
    """Rank of every hand (0 = worst); equal ranks only for identical hands."""
    keys = [hand_key(tuple(int(c) for c in row), variant) for row in hand_counts]
    order = sorted(set(keys))
    index = {k: i for i, k in enumerate(order)}
    return np.array([index[k] for k in keys], dtype=np.int64)
