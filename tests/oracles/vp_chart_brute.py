"""Brute-force play of a strategy chart on one deal: the chart's hold, and its value by enumerating every draw.

Written from the chart rules (holdwise README, "strategy"), apart from holdwise's strategy module: no code
is shared with it. Pay classes come from the plain evaluator of `video_poker_bruteforce`.

Rules: the chart plays the hold matched by its first line that fits any of the deal's 32 holds; a deal no
line fits draws five. Several holds fitting one line: a paying hand that needs all five cards (`whole_hand`),
dealt and named on the line, is held whole; else the hold whose held cards rank lowest, compared from the top
card down (a hold that is the top of another comes first), drawing five last; holds with the same ranks: the
one worth more, then fewer cards, then the lower mask.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from .video_poker_bruteforce import Oracle


def held_cards(cards: list[int], mask: int) -> list[int]:
    """The cards a mask over the sorted deal holds."""
    ordered = sorted(cards)
    return [ordered[j] for j in range(5) if mask >> j & 1]


def hold_value(cards: list[int], mask: int, hands, pays, wild: str, deck_size: int) -> Fraction:
    """Expected pay per coin of a hold: every draw from the rest of the deck, classified one by one."""
    oracle = Oracle(hands, wild)
    held = held_cards(cards, mask)
    stub = [c for c in range(deck_size) if c not in cards]
    total = Fraction(0)
    count = 0
    for draw in combinations(stub, 5 - len(held)):
        total += pays[oracle(held + list(draw))]
        count += 1
    return total / count


def _rank_key(cards: list[int], mask: int, star: bool = False):
    if mask == 0:
        return (1, ())
    # the extra-ace deck's card 52, the ace of stars, ranks as an ace (the joker above every rank)
    return (0, tuple(sorted((12 if star and c == 52 else c // 4 for c in held_cards(cards, mask)), reverse=True)))


# pay classes whose hand needs all five cards: the rest are a hand and kickers (a pair, trips, two pair, quads
# paid whatever the kicker), or nothing
_WHOLE_CLASSES = ("straight", "flush", "full_house", "royal_flush", "straight_flush", "wild_royal_flush",
                  "five_of_a_kind", "five_aces", "four_aces_with_2_3_4", "four_2s_4s_with_a_2_3_4")


def whole_hand(cards: list[int], hands, pays, wild: str) -> bool:
    """Do the five dealt cards make a paying hand that needs all five of them?"""
    k = Oracle(hands, wild)(list(cards))
    return hands[k] in _WHOLE_CLASSES and pays[k] > 0


def chart_hold(cards: list[int], hold_ids: list[int], lines: list[set[int]], value=None, whole: bool = False,
               star: bool = False) -> int:
    """The mask the chart plays on a deal; `value(mask)` is asked only to order holds of the same ranks;
    `whole`: the deal is a paying hand that needs all five cards (held whole where a line names it); `star`: the
    extra-ace deck."""
    for line in lines:
        fits = [m for m in range(32) if hold_ids[m] in line]
        if not fits:
            continue
        if whole and 31 in fits:
            return 31
        top = min(_rank_key(cards, m, star) for m in fits)
        same = [m for m in fits if _rank_key(cards, m, star) == top]
        if len(same) == 1:
            return same[0]
        return min(same, key=lambda m: (-value(m), bin(m).count("1"), m))
    return 0
