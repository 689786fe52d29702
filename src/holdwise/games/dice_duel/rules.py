"""The dice-poker duel's rules as data: the stakes, the betting, the re-rolls, the ranking of hands, the inputs.

Two players, five dice each, both hands open on the table (as in The Witcher's dice poker; sources in
docs/reference/dice-duel.md). Each puts the ante in the pot and rolls; one betting round follows (the first
seat checks or bets; a bet is called, raised up to the cap or folded); then each re-rolls in turn, the first
seat first, each seeing the other's dice; the better hand takes the pot, a tie splits it.

The ranking is the depth study's: five of a kind, four of a kind, full house, straight (1-5 or 2-6), three of a
kind, two pairs, pair, nothing; two hands of one category tie (`ties="study"`). `ties="faces"` breaks the tie as
The Witcher does: the higher straight, then the faces of the larger groups, then the other dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from ...errors import InputError
from ..base import Result
from ..inputs import parse_faces, parse_whole, shown

__all__ = [
    "BETTING_WORDS", "CATEGORIES", "GAME", "MAX_RAISES", "MAX_REROLLS", "MAX_STAKE", "SEATS", "TIES", "Rules",
    "category", "parse_dice", "parse_rules", "strength_key",
]

GAME = "dice-duel"
SEATS = ("first", "second")
TIES = ("study", "faces")
# best first, as the study lists them; for fewer dice or faces the shapes rank the same way (a larger top group
# first, then a larger second group) and a straight is every die a different face in a run
CATEGORIES = ("five of a kind", "four of a kind", "full house", "straight", "three of a kind", "two pairs", "pair",
              "nothing")
BETTING_WORDS = ("check", "bet", "call", "raise", "fold")
MAX_STAKE = 100  # ante and bet, in whole units: the exact values stay within 64-bit integers
MAX_RAISES = 3
MAX_REROLLS = 2  # each: beyond it the exact integers would overflow 64 bits
MIN_DICE, MAX_DICE = 2, 5
MIN_FACES, MAX_FACES = 2, 6


@dataclass(frozen=True)
class Rules(Result):
    """One rule set: the ante each posts, the size of a bet and a raise, the raises allowed after a bet, the
    re-rolls each player gets, how ties are broken, and the dice (count and faces)."""

    ante: int = 1
    bet: int = 1
    raises: int = 1
    rerolls: int = 1
    ties: str = "study"
    dice: int = 5
    faces: int = 6

    @property
    def top_stake(self) -> int:
        """The most one player can put in the pot."""
        return self.ante + self.bet * (1 + self.raises)


DEFAULT_RULES = Rules()
RULE_NAMES = tuple(f.name for f in fields(Rules))


def parse_rules(values: Mapping[str, object]) -> Rules:
    """A rule set from its fields (missing ones take the defaults); a bad one raises InputError naming it."""
    unknown = sorted(set(values) - set(RULE_NAMES))
    if unknown:
        raise InputError(f"unknown rule {unknown[0]!r}; known: {', '.join(RULE_NAMES)}")
    get = values.get
    ties = get("ties", "study")
    if ties not in TIES:
        raise InputError(f"must be study or faces, got {shown(ties)}", field="ties")
    return Rules(
        ante=parse_whole(get("ante", 1), "ante", 1, MAX_STAKE),
        bet=parse_whole(get("bet", 1), "bet", 1, MAX_STAKE),
        raises=parse_whole(get("raises", 1), "raises", 0, MAX_RAISES),
        rerolls=parse_whole(get("rerolls", 1), "rerolls", 0, MAX_REROLLS),
        ties=str(ties),
        dice=parse_whole(get("dice", 5), "dice", MIN_DICE, MAX_DICE),
        faces=parse_whole(get("faces", 6), "faces", MIN_FACES, MAX_FACES),
    )


def parse_dice(text: object, what: str, rules: Rules) -> tuple[int, ...]:
    """A hand of the duel's dice, sorted: "6 6 2 3 1", "6,6,2,3,1" or a list of faces."""
    tokens = parse_faces(text, what, rules.faces)
    if len(tokens) == 1 and len(tokens[0]) == rules.dice and tokens[0].isascii() and tokens[0].isdigit():
        tokens = list(tokens[0])  # the dice typed together: 66231
    faces = []
    for token in tokens:
        if not (token.isascii() and token.isdigit() and len(token) <= 2 and 1 <= int(token) <= rules.faces):
            raise InputError(f"must be faces 1 to {rules.faces}, got {shown(token)}", field=what)
        faces.append(int(token))
    if len(faces) != rules.dice:
        raise InputError(f"must be {rules.dice} dice, got {len(faces)}", field=what)
    return tuple(sorted(faces))


def _shape(hand: Sequence[int]) -> tuple[int, ...]:
    counts: dict[int, int] = {}
    for face in hand:
        counts[face] = counts.get(face, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))


def _straight(hand: Sequence[int]) -> bool:
    ordered = sorted(hand)
    return len(ordered) >= 5 and len(set(ordered)) == len(ordered) and ordered[-1] - ordered[0] == len(ordered) - 1


_SHAPES = {(5,): 0, (4, 1): 1, (3, 2): 2, (3, 1, 1): 4, (2, 2, 1): 5, (2, 1, 1, 1): 6}


def category(hand: Sequence[int]) -> int:
    """The hand's category, 0 (five of a kind) to 7 (nothing), as CATEGORIES names it (five dice)."""
    if _straight(hand):
        return 3
    return _SHAPES.get(_shape(hand), 7)


def strength_key(hand: Sequence[int], ties: str = "study") -> tuple[int | tuple[int, ...], ...]:
    """A key that orders hands as the duel ranks them (a larger key wins, an equal key ties).

    Any number of dice: the shape (sorted group sizes, larger first) compared as a tuple, a straight (five or
    more dice, every one a different face in a run) between a full house and three of a kind.
    """
    shape = _shape(hand)
    straight = _straight(hand)
    # a straight sits between (3, 2) and (3, 1, 1): (3, 1, 2) does, and no hand has that shape
    order: tuple[int, ...] = (3, 1, 2) if straight else shape
    if ties == "study":
        return (order,)
    groups = sorted(((hand.count(f), f) for f in set(hand)), reverse=True)
    return (order, tuple(f for _, f in groups))
