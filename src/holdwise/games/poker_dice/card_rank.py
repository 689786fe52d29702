"""Card poker hands of five card-dice faces, stars wild: the value of every roll, comparable as an int.

Categories, best first: five of a kind, straight flush, four of a kind, full house, flush, straight, three of a
kind, two pairs, pair, bust. Aces are high and A-2-3-4-5 is the lowest straight. Within a category the cards
decide as in card poker: the ranks of the groups (larger groups first), then the kickers; a straight by its top
card; a flush by its ranks from the highest down. Suits never break ties: equal values tie.

A star stands for any card, any rank and suit, a card already showing included (card dice may repeat a card,
so a roll may hold two A♠ even without stars): a roll's hand is the best hand its stars can make; five stars
are five aces. `hand_value` finds it directly (the best category the natural cards allow, then its best
kickers); the tests hold it to trying every card for every star.

A value is category * 15**5 + the deciding ranks as base-15 digits (2..14, left-aligned), so larger is better.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

import numpy as np

from ...errors import InputError
from .cards import RANK_TEXT, WILD, parse_face

__all__ = [
    "CARD_CATEGORIES", "CARD_CATEGORY_LABELS", "category_of_value", "hand_value", "hand_values", "rank_value",
    "value_label", "value_ranks",
]

CARD_CATEGORIES = ("five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
                   "three_of_a_kind", "two_pairs", "pair", "bust")  # best first
CARD_CATEGORY_LABELS = {
    "five_of_a_kind": "five of a kind", "straight_flush": "straight flush", "four_of_a_kind": "four of a kind",
    "full_house": "full house", "flush": "flush", "straight": "straight", "three_of_a_kind": "three of a kind",
    "two_pairs": "two pairs", "pair": "pair", "bust": "bust",
}
_CODE = {name: len(CARD_CATEGORIES) - 1 - i for i, name in enumerate(CARD_CATEGORIES)}  # bust 0 .. five 9
_BASE = 15
_SCALE = _BASE**5


def _value(category: str, ranks: Sequence[int]) -> int:
    v = _CODE[category] * _SCALE
    for i, r in enumerate(ranks):
        v += r * _BASE ** (4 - i)
    return v


def _straight_top(ranks: set[int]) -> int:
    """The top card of the highest straight holding all these distinct ranks (stars fill the rest), or 0."""
    for top in range(14, 4, -1):
        window = set(range(top - 4, top + 1)) if top > 5 else {14, 2, 3, 4, 5}
        if ranks <= window:
            return top
    return 0


def rank_value(ranks: Sequence[int], wilds: int, one_suit: bool) -> int:
    """The value of a hand given its natural cards' ranks (2..14), its number of stars and whether its natural
    cards share one suit (no natural card: True)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    n = len(ranks)
    if len(counts) <= 1:  # the stars join the one rank (five stars: aces)
        return _value("five_of_a_kind", [ranks[0] if n else 14])
    distinct = len(counts) == n
    top = _straight_top(set(counts)) if distinct else 0
    if top and one_suit:
        return _value("straight_flush", [top])
    if len(counts) == 2:
        # four of a kind: every other natural card is one kicker; the stars join the quads
        quads = [r for r in counts if n - counts[r] <= 1]
        if quads:
            q = max(quads)
            return _value("four_of_a_kind", [q, next(r for r in counts if r != q)])
        # else both ranks show at least twice: a full house, the higher rank three times if it can be
        trips = [r for r in counts if counts[r] <= 3 and all(counts[o] <= 2 for o in counts if o != r)]
        t = max(trips)
        return _value("full_house", [t, next(r for r in counts if r != t)])
    if one_suit:  # stars are aces of that suit
        return _value("flush", sorted(list(ranks) + [14] * wilds, reverse=True))
    if top:
        return _value("straight", [top])
    # three ranks or more: at most two stars, each joining the best group
    trips = [r for r in counts if counts[r] + wilds >= 3]
    if trips:
        t = max(trips)
        return _value("three_of_a_kind", [t] + sorted((r for r in counts if r != t), reverse=True))
    if wilds:  # one star, four different ranks: it pairs the highest
        hi = max(counts)
        return _value("pair", [hi] + sorted((r for r in counts if r != hi), reverse=True))
    pairs = sorted((r for r in counts if counts[r] == 2), reverse=True)
    singles = sorted((r for r in counts if counts[r] == 1), reverse=True)
    if len(pairs) == 2:
        return _value("two_pairs", pairs + singles)
    if pairs:
        return _value("pair", pairs + singles)
    return _value("bust", singles)


def hand_value(faces: Sequence[int | str]) -> int:
    """The value of five faces (face codes or text such as "As", "10h", "*"): larger is better, equal ties."""
    if isinstance(faces, str):
        faces = faces.replace(",", " ").split()
    codes = [parse_face(f) for f in faces]
    if len(codes) != 5:
        raise InputError(f"a hand has 5 faces, got {len(codes)}")
    return _face_value(tuple(sorted(codes)))


@lru_cache(maxsize=4096)
def _face_value(codes: tuple[int, ...]) -> int:
    naturals = [c for c in codes if c != WILD]
    return rank_value([c // 4 + 2 for c in naturals], 5 - len(naturals), len({c % 4 for c in naturals}) <= 1)


# The ranks of sorted natural cards, stars (13) last, number a multiset by the colex rank of the distinct numbers
# rank_j + j: every multiset of 5 from 14 symbols below C(18, 5) (as the video poker evaluator keys hands).
_BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(19)], dtype=np.int64)


def hand_values(faces: np.ndarray) -> np.ndarray:
    """The value of every row of an (N, 5) array of face codes (int64), each distinct hand evaluated once."""
    faces = np.asarray(faces, dtype=np.int64)
    if faces.ndim != 2 or faces.shape[1] != 5 or (faces.size and (faces.min() < 0 or faces.max() > WILD)):
        raise InputError("hand_values takes an (N, 5) array of face codes 0 to 52")
    wild = faces == WILD
    ranks = np.where(wild, 13, faces // 4)  # 0..12 for 2..A, a star 13
    ranks.sort(axis=1)
    key = np.zeros(len(faces), dtype=np.int64)
    for j in range(5):
        key += _BINOM[ranks[:, j] + j, j + 1]
    suits = np.bitwise_or.reduce(np.where(wild, 0, 1 << (faces % 4)), axis=1)
    one_suit = (suits & (suits - 1)) == 0  # at most one suit bit
    key = 2 * key + one_suit
    uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    values = np.empty(len(uniq), dtype=np.int64)
    for i, row in enumerate(first.tolist()):
        natural = [int(r) + 2 for r in ranks[row] if r != 13]
        values[i] = rank_value(natural, 5 - len(natural), bool(one_suit[row]))
    return values[inverse.reshape(-1)]


def category_of_value(value: int) -> str:
    """The category of a hand value ("full_house", ...)."""
    code = int(value) // _SCALE
    if not 0 <= code < len(CARD_CATEGORIES):
        raise InputError(f"not a hand value: {value!r:.24}")
    return CARD_CATEGORIES[len(CARD_CATEGORIES) - 1 - code]


def value_ranks(value: int) -> list[int]:
    """The five ranks a hand value stands for, as a player would lay them out: groups first, then kickers
    (stars shown as the cards they stand for): [14, 14, 14, 13, 13] for aces full of kings."""
    category = category_of_value(value)
    digits = [int(value) // _BASE ** (4 - i) % _BASE for i in range(5)]
    if category == "five_of_a_kind":
        return [digits[0]] * 5
    if category in ("straight", "straight_flush"):
        top = digits[0]
        return [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))
    if category == "four_of_a_kind":
        return [digits[0]] * 4 + [digits[1]]
    if category == "full_house":
        return [digits[0]] * 3 + [digits[1]] * 2
    if category == "three_of_a_kind":
        return [digits[0]] * 3 + digits[1:3]
    if category == "two_pairs":
        return [digits[0]] * 2 + [digits[1]] * 2 + [digits[2]]
    if category == "pair":
        return [digits[0]] * 2 + digits[1:4]
    return digits  # flush, bust: five ranks, highest first


def value_label(value: int) -> str:
    """A hand value as text: "A A A K K (full house)", "5 4 3 2 A (straight)"."""
    ranks = " ".join(RANK_TEXT[r] for r in value_ranks(value))
    return f"{ranks} ({CARD_CATEGORY_LABELS[category_of_value(value)]})"
