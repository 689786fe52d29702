"""The fast hand evaluator: rank bit masks, the ten straight windows, wild deuces, the joker and the extra ace.

`classify_all(table)` gives the pay class (an index into the table's hands) of every 5-card hand
of the deck, in colex order of the sorted card set: hand {a < b < c < d < e} sits at
C(a,1) + C(b,2) + C(c,3) + C(d,4) + C(e,5). With wild cards a hand takes the first entry of the
table it can make with some choice of the wild cards (checked by counting, not by trying).

A hand's class depends only on its multiset of ranks (the joker as a 14th rank) and on whether its
natural cards share a suit: `classify_all` keys every hand so with NumPy (built up one card at a time
over the colex blocks, no per-hand loop), classifies each key that occurs once (`hand_kernels.classes_of_keys`:
a few thousand keys) and looks the hands up. The kernels `classify` / `classify_every_hand`
(`hand_kernels.py`) classify hand by hand (`classify_hand`, and the reference the tests hold the keyed build
to).

The extra-ace deck (deck mode EXTRA_ACE) has card 52 as a fifth ace of a fifth suit, stars: it counts as an
ace everywhere and matches no other card's suit, so a hand holding it is never a flush.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...memory import bounded
from .hand_kernels import classes_of_keys, classify, classify_every_hand
from .paytables import WILD_MODES, PayTable

__all__ = [
    "ACE", "EXTRA_ACE", "ROYAL_MASK", "STRAIGHT_WINDOWS", "binomials", "classify", "classify_all",
    "classify_every_hand", "classify_hand", "colex_blocks", "deck_mode", "hand_keys",
]

ACE = 12
ROYAL_MASK = 0b1111100000000  # T J Q K A
# The ten straight windows as rank masks: A-2-3-4-5, then 2-6 up to T-A.
STRAIGHT_WINDOWS = np.array([0b1000000001111] + [0b11111 << lo for lo in range(9)], dtype=np.int64)

# The kernels' deck mode beyond WILD_MODES (0 none, 1 deuces, 2 joker): no wild card, card 52 the ace of stars.
EXTRA_ACE = 3


def deck_mode(table: PayTable) -> int:
    """The kernels' mode of a table's deck: its wild cards, or EXTRA_ACE."""
    return EXTRA_ACE if table.extra_ace else WILD_MODES[table.wild]


def _binomials(n_max: int, k_max: int) -> np.ndarray:
    from math import comb

    return np.array([[comb(n, k) for k in range(k_max + 1)] for n in range(n_max + 1)], dtype=np.int64)


@lru_cache(maxsize=1)
def binomials() -> np.ndarray:
    """C(n, k) for n <= 53, k <= 5."""
    return _binomials(53, 5)


def colex_blocks(n_cards: int, size: int) -> list[tuple[int, int, int]]:
    """(top card t, first colex rank, count) of each run of the `size`-card sets whose top card is t.

    The sets with top card t are t added to each (size - 1)-set of the cards below t: colex ranks
    C(t, size) + r for r < C(t, size - 1), r the smaller set's rank. So a per-set array of size k
    is the (k - 1) array's first C(t, k - 1) entries, once per t, each combined with t.
    """
    binom = binomials()
    return [(t, int(binom[t, size]), int(binom[t, size - 1])) for t in range(size - 1, n_cards)]


# a 4-bit mask of the suits the natural cards show: one suit or none (all wild) is a flush
_ONE_SUIT = np.array([m.bit_count() <= 1 for m in range(16)], dtype=np.int16)
N_RANK_SETS = 8568  # rank multisets of 5 cards over 14 ranks (13 + the joker): C(14 + 4, 5)
_PIECE = 1 << 18  # hands indexed at a time (see classify_all)


def hand_keys(n_cards: int, wild_mode: int) -> np.ndarray:
    """Key of every 5-card hand by colex rank (int16): 2 x the index of its rank multiset + 1 if its natural
    cards share a suit.

    The multiset index of sorted ranks r0 <= ... <= r4 (joker 13) is sum_j C(r_j + j, j + 1), the colex rank
    of the distinct numbers r_j + j, below C(18, 5) = N_RANK_SETS. Cards in a hand are sorted, so ranks are.
    """
    binom = binomials()[:18].astype(np.int16)  # C(n, k) for n <= 17: every multiset index fits
    cards = np.arange(n_cards)
    wild = cards == 52 if wild_mode == 2 else (cards < 4 if wild_mode == 1 else np.zeros(n_cards, dtype=bool))
    suit_bit = np.where(wild, 0, 1 << (cards & 3)).astype(np.int8)
    ranks = cards >> 2
    if wild_mode == EXTRA_ACE and n_cards > 52:
        ranks[52] = ACE
        suit_bit[52] = 0b1111  # a suit no other card has: with any other natural card, more than one suit
    key = binom[ranks, 1]
    suits = suit_bit
    for size in range(2, 6):
        blocks = colex_blocks(n_cards, size)
        total = blocks[-1][1] + blocks[-1][2]
        next_key = np.empty(total, dtype=np.int16)
        next_suits = np.empty(total, dtype=np.int8)
        for t, start, count in blocks:
            next_key[start:start + count] = key[:count] + binom[ranks[t] + size - 1, size]
            next_suits[start:start + count] = suits[:count] | suit_bit[t]
        key, suits = next_key, next_suits
    key *= 2
    for start in range(0, len(key), _PIECE):  # a piece at a time: an int8 index is widened to intp (8 bytes)
        key[start:start + _PIECE] += _ONE_SUIT[suits[start:start + _PIECE]]
    keys: np.ndarray = key
    return keys


@lru_cache(maxsize=1)
def _rank_sets() -> np.ndarray:
    """Every rank multiset (sorted ranks, the joker 13) at its index (as `hand_keys`): (N_RANK_SETS, 5) int64."""
    from itertools import combinations_with_replacement

    ranks = np.array(list(combinations_with_replacement(range(14), 5)), dtype=np.int64)
    index = binomials()[ranks + np.arange(5), np.arange(1, 6)].sum(axis=1)
    out = np.empty_like(ranks)
    out[index] = ranks
    out.flags.writeable = False
    return out


@bounded  # 2.6-2.9 MB a table: kept by bytes under the process's memory budget, as every memo of a table
def classify_all(table: PayTable) -> np.ndarray:
    """Pay class of every 5-card hand of the table's deck, by colex rank (read-only, int8)."""
    wild_mode = deck_mode(table)
    keys = hand_keys(table.deck, wild_mode)
    lookup = np.zeros(2 * N_RANK_SETS, dtype=np.int8)
    # the keys that occur, then each hand's class, a piece of the 2.6 million keys at a time: NumPy widens an
    # int16 index to intp, and a whole one would be 21 MB of a first call's peak memory
    seen = np.zeros(2 * N_RANK_SETS, dtype=bool)
    for start in range(0, len(keys), _PIECE):
        seen[keys[start:start + _PIECE]] = True
    present = np.flatnonzero(seen)
    classes_of_keys(present.astype(np.int64), _rank_sets(), np.array(table.kind_codes, dtype=np.int64), wild_mode,
                    lookup)
    out = np.empty(len(keys), dtype=np.int8)
    for start in range(0, len(keys), _PIECE):
        out[start:start + _PIECE] = lookup[keys[start:start + _PIECE]]
    out.flags.writeable = False
    return out


def classify_hand(cards: Sequence[int], table: PayTable) -> int:
    """Pay class of one hand of five cards."""
    kinds = np.array(table.kind_codes, dtype=np.int64)
    return int(classify(np.array(sorted(cards), dtype=np.int64), kinds, deck_mode(table),
                        np.empty(13, dtype=np.int64)))
