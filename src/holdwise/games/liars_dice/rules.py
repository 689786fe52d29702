"""Liar's Dice for two as data: the dice each player hides, the bids in their order, and whether a bid is true.

Each player rolls a few dice and sees only their own. The first player bids (count, face): "at least count dice
on the table show face"; the players then take turns, each either raising the bid (a later bid in the order:
a higher count, or the same count on a higher face) or calling the last bid a lie. A call ends the round:
the bid stands when enough dice show its face (with `wild`, Perudo's rule, ones count for every other face;
a bid on ones counts only ones), and then its bidder wins, else the caller wins. The winner gets 1 from the
loser. `wild_face` moves the wild face: OpenSpiel's liars_dice makes the highest face wild (wild_face = faces),
always; its values are compared with holdwise's at that rule (benchmarks/bench_liars_dice.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement

from ...errors import InputError
from ..base import Result
from ..inputs import parse_whole

__all__ = ["CALL", "MAX_BIDS", "PLAY_BIDS", "Rules", "bid_text", "parse_rules"]

CALL = -1  # the action that calls the last bid a lie
# bids in the order: the public tree has 2 ** bids histories. A solve takes up to 18 (one die against two with six
# faces: 262,144 histories, CFR+ then the restricted LP, minutes); a hint or a play session, which a web page
# waits for, up to 12 (one die each with six faces: seconds, the LP's when ones are wild; docs/games/liars-dice.md)
MAX_BIDS = 18
PLAY_BIDS = 12


@dataclass(frozen=True)
class Rules(Result):
    """A rule set: each player's dice (the first bidder's first), the faces of a die, and ones wild or not
    (`wild_face`: which face is wild, 1 as in Perudo)."""

    dice: tuple[int, int] = (1, 1)
    faces: int = 6
    wild: bool = False
    wild_face: int = 1

    @property
    def bids(self) -> int:
        """How many bids there are: every count 1..all dice on every face."""
        return sum(self.dice) * self.faces

    def bid(self, index: int) -> tuple[int, int]:
        """The bid at a place in the order, as (count, face)."""
        return index // self.faces + 1, index % self.faces + 1

    @cached_property
    def hands(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """Each player's possible hands, as sorted faces."""
        return tuple(tuple(combinations_with_replacement(range(1, self.faces + 1), n)) for n in self.dice)  # type: ignore[return-value]

    def hand_ways(self, player: int) -> tuple[int, ...]:
        """The ordered rolls behind each of a player's hands (they add up to faces ** dice)."""
        out = []
        for hand in self.hands[player]:
            ways = _factorial(len(hand))
            for face in set(hand):
                ways //= _factorial(hand.count(face))
            out.append(ways)
        return tuple(out)

    def stands(self, index: int, first: tuple[int, ...], second: tuple[int, ...]) -> bool:
        """Whether the bid at `index` is true of the two hands."""
        count, face = self.bid(index)
        joker = self.wild_face if self.wild else 0
        shown = sum(1 for d in (*first, *second) if d == face or (face != joker and d == joker))
        return shown >= count


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


def parse_rules(dice: object = "1,1", faces: object = 6, wild: object = False, max_bids: int = PLAY_BIDS) -> Rules:
    """A rule set from what a user typed: dice as "1,2" (the first bidder's first), faces 2 to 6, wild; at most
    `max_bids` bids (dice x faces)."""
    parts = str(dice).replace(" ", "").split(",") if not isinstance(dice, (list, tuple)) else list(dice)
    if len(parts) != 2:
        raise InputError(f"must be two counts, the first bidder's first (1,2), got {dice!r:.24}", field="dice")
    counts = (parse_whole(parts[0], "dice", 1, 5), parse_whole(parts[1], "dice", 1, 5))
    rules = Rules(dice=counts, faces=parse_whole(faces, "faces", 2, 6), wild=bool(wild))
    if not isinstance(wild, bool):
        raise InputError(f"must be true or false, got {wild!r:.24}", field="wild")
    if rules.bids > max_bids:
        raise InputError(f"give {rules.bids} bids (dice x faces); at most {max_bids} are solved here", field="dice")
    return rules


def bid_text(rules: Rules, action: int) -> str:
    """A bid as a player says it ("2 x 5"), or "liar" for the call."""
    if action == CALL:
        return "liar"
    count, face = rules.bid(action)
    return f"{count} x {face}"
