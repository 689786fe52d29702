"""Slow, general video poker evaluator and a plain enumeration of every draw.

Written from the plain rules, apart from holdwise's evaluator: a wild card is tried as every
rank, in the suit the natural cards share and in another suit (only whether it matches them can
matter), and the hand takes the first entry of the pay table that some choice makes naturally.
Cards are integers rank * 4 + suit (rank 0 = deuce ... 12 = ace), card 52 is the joker or, in the
extra-ace deck (wild "ace" here), an ace of a fifth suit (stars) that is no wild card.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import chain, combinations, combinations_with_replacement

import numpy as np

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8


def _natural_kinds(ranks, suits):
    """The set of kinds a natural five-card hand (duplicates allowed after wild choices) makes."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True) + [0]
    flush = len(set(suits)) == 1
    distinct = set(ranks)
    straight = len(distinct) == 5 and (max(ranks) - min(ranks) == 4 or distinct == {ACE, 0, 1, 2, 3})
    made = {"nothing"}
    if counts[ACE] >= 5:
        made.add("five_aces")
    if counts[ACE] >= 2:
        made.add("aces_or_better")
    if straight and flush and distinct == {TEN, JACK, QUEEN, KING, ACE}:
        made.add("royal")
    if shape[0] == 5:
        made.add("five_of_a_kind")
    if straight and flush:
        made.add("straight_flush")
    quads = [r for r, c in counts.items() if c >= 4]
    if quads:
        made.add("four_of_a_kind")
        quad = quads[0]
        kicker = next((r for r in ranks if r != quad), None)
        if quad == ACE:
            made.add("four_aces")
            if kicker in (0, 1, 2):
                made.add("four_aces_with_2_3_4")
        elif quad <= 2:
            made.add("four_2s_4s")
            if kicker in (ACE, 0, 1, 2):
                made.add("four_2s_4s_with_a_2_3_4")
        else:
            made.add("four_5s_ks")
    if shape[0] == 3 and shape[1] == 2:
        made.add("full_house")
    if flush:
        made.add("flush")
    if straight:
        made.add("straight")
    if shape[0] >= 3:
        made.add("three_of_a_kind")
    if shape[0] >= 2 and shape[1] >= 2:
        made.add("two_pairs")
    if any(c >= 2 and r >= JACK for r, c in counts.items()):
        made.add("jacks_or_better")
    if any(c >= 2 and r >= KING for r, c in counts.items()):
        made.add("kings_or_better")
    return made


def _first(hands, made, wild_used, four_deuces):
    for i, kind in enumerate(hands):
        if kind == "royal_flush" and "royal" in made and not wild_used:
            return i
        if kind == "wild_royal_flush" and "royal" in made and wild_used:
            return i
        if kind == "four_deuces" and four_deuces:
            return i
        if kind in made:
            return i
    raise AssertionError("'nothing' closes every table")


def _rank(card, wild):
    return ACE if (wild == "ace" and card == 52) else card // 4


def _suit(card, wild):
    return 4 if (wild == "ace" and card == 52) else card % 4  # the stars


def signature(cards, wild: str):
    """What the class depends on: the natural ranks, whether they share a suit, the wild cards.

    `wild` is "none", "deuces", "joker", or "ace" for the extra-ace deck (no wild card)."""
    naturals = [c for c in cards if not _is_wild(c, wild)]
    n_wild = len(cards) - len(naturals)
    same_suit = len({_suit(c, wild) for c in naturals}) <= 1
    return tuple(sorted(_rank(c, wild) for c in naturals)), same_suit, n_wild


def _is_wild(card, wild):
    return (wild == "joker" and card == 52) or (wild == "deuces" and card != 52 and card // 4 == 0)


def class_of_signature(sig, hands, wild: str) -> int:
    """The pay class (index into `hands`) of any hand with this signature."""
    ranks, same_suit, n_wild = sig
    suits = [0] * len(ranks) if same_suit else [0] + [1] * (len(ranks) - 1)
    if n_wild == 0:
        return _first(hands, _natural_kinds(list(ranks), suits), False, False)
    four_deuces = wild == "deuces" and n_wild == 4
    options = [(r, s) for r in range(13) for s in (0, 2)]  # the naturals' suit, or another
    best = len(hands) - 1
    for choice in combinations_with_replacement(options, n_wild):
        made = _natural_kinds(list(ranks) + [r for r, _ in choice], suits + [s for _, s in choice])
        best = min(best, _first(hands, made, True, four_deuces))
        if best == 0:
            break
    return best


class Oracle:
    """The slow evaluator for one pay table, memoised by signature."""

    def __init__(self, hands, wild: str):
        self.hands = tuple(hands)
        self.wild = wild
        self.memo = {}

    def __call__(self, cards) -> int:
        sig = signature(cards, self.wild)
        if sig not in self.memo:
            self.memo[sig] = class_of_signature(sig, self.hands, self.wild)
        return self.memo[sig]


def enumerate_holds(cards, hands, wild: str, deck_size: int, masks=range(32)):
    """For each hold of `masks` (default all 32; a mask over the sorted cards): draws per pay class, by plain
    enumeration of every draw.

    Whole arrays at once (a hold of none draws 1.5 million hands): each drawn hand's signature (its sorted
    natural ranks, one suit or not, its wild cards, from the per-card rules above) packed into one integer, and
    each distinct signature classed by `class_of_signature`."""
    cards = sorted(cards)
    stub = [c for c in range(deck_size) if c not in cards]
    is_wild = np.array([_is_wild(c, wild) for c in range(deck_size)])
    rank = np.array([_rank(c, wild) for c in range(deck_size)], dtype=np.int64)
    suit = np.array([_suit(c, wild) for c in range(deck_size)], dtype=np.int64)
    classes: dict[int, int] = {}
    out = {}
    for mask in masks:
        held = [cards[j] for j in range(5) if mask >> j & 1]
        k = 5 - len(held)
        n = math.comb(len(stub), k)
        draws = np.fromiter(chain.from_iterable(combinations(stub, k)), dtype=np.int64, count=n * k).reshape(n, k)
        hand = np.hstack([np.tile(np.array(held, dtype=np.int64), (n, 1)), draws])
        wild_card = is_wild[hand]
        ranks = np.where(wild_card, 15, rank[hand])  # 15: no rank (a wild card), sorted last
        ranks.sort(axis=1)
        suits = suit[hand]
        first = np.take_along_axis(suits, np.argmin(wild_card, axis=1)[:, None], axis=1)  # a natural's suit
        same_suit = np.all(wild_card | (suits == first), axis=1)
        key = ((ranks @ (16 ** np.arange(4, -1, -1))) * 2 + same_suit) * 8 + wild_card.sum(axis=1)
        keys, inverse = np.unique(key, return_inverse=True)
        for k_ in keys.tolist():
            if k_ not in classes:
                n_wild, same, packed = k_ % 8, bool(k_ // 8 % 2), k_ // 16
                natural = tuple(d for d in (packed // 16 ** i % 16 for i in range(4, -1, -1)) if d != 15)
                classes[k_] = class_of_signature((natural, same or n_wild == 5, n_wild), hands, wild)
        of_key = np.array([classes[k_] for k_ in keys.tolist()], dtype=np.int64)
        out[mask] = np.bincount(of_key[inverse.ravel()], minlength=len(hands)).tolist()
    return out
