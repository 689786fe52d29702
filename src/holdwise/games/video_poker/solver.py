"""Exact video poker: every hold of one hand, and the return of a whole game with optimal play.

Inclusion-exclusion (seed 002): T[X] = the pay-class counts of all final hands that contain the
card set X (|X| <= 5). Holding H from a deal and discarding D = deal - H, the draws are the final
hands that contain H and no card of D, so their class counts are

    N(H) = sum over Y with H ⊆ Y ⊆ deal of (-1)^|Y - H| T[Y],

a Möbius transform over the deal's 32 subsets (243 (H, Y) pairs, 32 table reads). The value of H
is sum_c N_c(H) pay_c / C(cards left, 5 - |H|). Weighting every deal by M = lcm over h of
C(cards left, 5 - h) (5 * C(47, 5) = 7,669,695 for 52 cards) keeps every count an integer, and
holds are compared exactly as integers S(H) * M / C(cards left, 5 - |H|).

Ties between holds of equal value (exactly equal) go to the hold that keeps fewer cards, then to
the lower 5-bit mask of held positions (bit i = the i-th card of the sorted deal).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from .evaluator import binomials, classify_all
from .paytables import MAX_COINS, PayTable, max_scaled_pay

__all__ = [
    "HOLD_PRIORITY", "Deck", "GameReturn", "GameTables", "HandValues", "Hold", "analyze_hand", "deal_values", "deck", "hand_values",
    "distinct_deals", "game_tables", "hold_values", "integer_pays", "solve_game",
]

HAND = 5


def _popcount5(mask):
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1) + ((mask >> 4) & 1)


popcount5 = njit(cache=True)(_popcount5)


def _next_combination(combo, size):
    """Step combo[0:size] (combo[size] = the deck size, a sentinel) to the next set in colex order.

    Returns False after the last set.
    """
    j = 0
    while j < size and combo[j] + 1 == combo[j + 1]:
        j += 1
    if j == size:
        return False
    combo[j] += 1
    for i in range(j):
        combo[i] = i
    return True


next_combination = njit(cache=True)(_next_combination)


def _subset_class_counts(n_cards, classes5, n_classes, binom, offset, table):
    """table[offset[k] + rank(X)] = class counts of the final hands containing X, for |X| <= 4."""
    combo = np.empty(HAND + 1, dtype=np.int64)
    for size in range(HAND, 0, -1):  # push each size's sets down to their subsets one card smaller
        for j in range(size):
            combo[j] = j
        combo[size] = n_cards
        rank = 0
        while True:
            for drop in range(size):
                sub = 0
                pos = 1
                for j in range(size):
                    if j != drop:
                        sub += binom[combo[j], pos]
                        pos += 1
                row = offset[size - 1] + sub
                if size == HAND:
                    table[row, classes5[rank]] += 1
                else:
                    src = offset[size] + rank
                    for c in range(n_classes):
                        table[row, c] += table[src, c]
            rank += 1
            if not next_combination(combo, size):
                break
        # every final hand was counted once per card it has beyond the subset
        lo = offset[size - 1]
        hi = offset[size]
        for row in range(lo, hi):
            for c in range(n_classes):
                table[row, c] //= HAND - (size - 1)


subset_class_counts = njit(cache=True, nogil=True)(_subset_class_counts)


def _deal_subsets(cards, binom, offset, rows, full):
    """Row of T for each of the 32 subsets of a sorted deal; `full` = colex rank of the deal."""
    for mask in range(32):
        sub = 0
        pos = 1
        for j in range(HAND):
            if (mask >> j) & 1:
                sub += binom[cards[j], pos]
                pos += 1
        if mask == 31:
            full[0] = sub
            rows[mask] = -1
        else:
            rows[mask] = offset[pos - 1] + sub


deal_subsets = njit(cache=True)(_deal_subsets)


def _solve_deals(deals, weights, pay_sums, class_counts, classes5, pays, binom, offset, mult, priority,
                 best_mask, best_value, totals):
    """Best hold of every deal (exact), and the weighted class counts of the final hands it leads to.

    best_value[i] = S(H*) * mult[|H*|]: the best hold's payout sum scaled to the common weight.
    totals[c] += weights[i] * mult[|H*|] * N_c(H*).
    """
    n_classes = class_counts.shape[1]
    rows = np.empty(32, dtype=np.int64)
    full = np.empty(1, dtype=np.int64)
    value = np.empty(32, dtype=np.int64)
    for i in range(deals.shape[0]):
        cards = deals[i]
        deal_subsets(cards, binom, offset, rows, full)
        for mask in range(31):
            value[mask] = pay_sums[rows[mask]]
        value[31] = pays[classes5[full[0]]]
        for bit in range(HAND):
            step = 1 << bit
            for mask in range(32):
                if not mask & step:
                    value[mask] -= value[mask | step]
        best = -1
        top = 0
        for mask in range(32):
            scaled = value[mask] * mult[popcount5(mask)]
            if best < 0 or scaled > top or (scaled == top and priority[mask] < priority[best]):
                best = mask
                top = scaled
        best_mask[i] = best
        best_value[i] = top
        factor = weights[i] * mult[popcount5(best)]
        held = popcount5(best)
        for mask in range(32):
            if (mask & best) == best:
                sign = factor if (popcount5(mask) - held) % 2 == 0 else -factor
                if mask == 31:
                    totals[classes5[full[0]]] += sign
                else:
                    for c in range(n_classes):
                        totals[c] += sign * class_counts[rows[mask], c]


solve_deals = njit(cache=True, nogil=True)(_solve_deals)


def _canonical_keys(n_cards, binom, keys):
    """Suit-symmetry key of every 5-card hand (colex order): its four suit rank-masks sorted, + joker."""
    combo = np.empty(HAND + 1, dtype=np.int64)
    masks = np.empty(4, dtype=np.int64)
    for j in range(HAND):
        combo[j] = j
    combo[HAND] = n_cards
    rank = 0
    while True:
        for s in range(4):
            masks[s] = 0
        joker = 0
        for j in range(HAND):
            if combo[j] == 52:
                joker = 1
            else:
                masks[combo[j] & 3] |= 1 << (combo[j] >> 2)
        m0, m1, m2, m3 = masks[0], masks[1], masks[2], masks[3]
        # a sorting network for four masks
        if m0 > m1:
            m0, m1 = m1, m0
        if m2 > m3:
            m2, m3 = m3, m2
        if m0 > m2:
            m0, m2 = m2, m0
        if m1 > m3:
            m1, m3 = m3, m1
        if m1 > m2:
            m1, m2 = m2, m1
        keys[rank] = (((m3 << 13 | m2) << 13 | m1) << 13 | m0) << 1 | joker
        rank += 1
        if not next_combination(combo, HAND):
            break


canonical_keys = njit(cache=True, nogil=True)(_canonical_keys)


@dataclass(frozen=True)
class Deck:
    """What every game on a deck shares: subset offsets, draw weights, the distinct deals."""

    n_cards: int
    offset: np.ndarray  # offset[k] = first row of the k-card subsets
    draws: tuple[int, ...]  # draws[h] = C(n_cards - 5, 5 - h): draws after holding h cards
    weight: int  # M = lcm of draws: every deal's weight in the return table
    mult: np.ndarray  # mult[h] = M / draws[h]

    @cached_property
    def offset_list(self) -> list[int]:
        """`offset` as Python ints (for plain-Python loops)."""
        return [int(x) for x in self.offset]


@lru_cache(maxsize=2)
def deck(n_cards: int) -> Deck:
    """The draw counts and the common deal weight M = lcm_h C(n - 5, 5 - h) of a 52- or 53-card deck."""
    left = n_cards - HAND
    draws = tuple(math.comb(left, HAND - h) for h in range(HAND + 1))
    weight = math.lcm(*draws)
    offset = np.cumsum([0] + [math.comb(n_cards, k) for k in range(HAND + 1)]).astype(np.int64)
    return Deck(n_cards, offset, draws, weight, np.array([weight // d for d in draws], dtype=np.int64))


@lru_cache(maxsize=2)
def distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """The deals that differ up to a renaming of suits (134,459 for 52 cards), with how many each stands for
    (built once, kept on disk)."""
    return stored_distinct_deals(n_cards)


def stored_distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """`distinct_deals` read from the disk, or built and written there (not cached in memory)."""
    from .store import load_deals, save_deals

    stored = load_deals(n_cards, lambda deals, weights: _deals_valid(n_cards, deals, weights))
    if stored is not None:
        return stored
    deals, weights = _build_distinct_deals(n_cards)
    save_deals(n_cards, deals, weights)
    return deals, weights


def _deals_valid(n_cards: int, deals: np.ndarray, weights: np.ndarray) -> bool:
    """Are deals read from disk whole? Sorted distinct cards of the deck, weights adding up to every deal."""
    if deals.ndim != 2 or deals.shape[1] != HAND or weights.shape != (len(deals),):
        return False
    if deals.dtype != np.int64 or weights.dtype != np.int64 or not len(deals):
        return False
    return bool(np.all(np.diff(deals, axis=1) > 0) and deals.min() >= 0 and deals.max() < n_cards
                and weights.min() >= 1 and int(weights.sum()) == math.comb(n_cards, HAND))


def _build_distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    binom = binomials()
    keys = np.empty(int(binom[n_cards, HAND]), dtype=np.int64)
    canonical_keys(n_cards, binom, keys)
    unique, counts = np.unique(keys, return_counts=True)
    # rebuild one deal per key: sorted suit masks go to suits 0..3, the joker is card 52
    present = np.zeros((len(unique), n_cards), dtype=bool)
    present[:, 52:] = (unique & 1)[:, None].astype(bool) if n_cards > 52 else present[:, 52:]
    ranks = np.arange(13)
    for suit in range(4):
        suit_mask = (unique >> (1 + 13 * suit)) & 0x1FFF
        present[:, ranks * 4 + suit] = (suit_mask[:, None] >> ranks[None, :]) & 1 == 1
    deals = np.nonzero(present)[1].reshape(len(unique), HAND).astype(np.int64)
    return deals, counts.astype(np.int64)


@dataclass
class GameTables:
    """A game's class of every final hand and class counts of every smaller card set."""

    table: PayTable
    deck: Deck
    classes5: np.ndarray
    class_counts: np.ndarray  # (rows of subsets with <= 4 cards, classes)


@lru_cache(maxsize=16)
def game_tables(table: PayTable) -> GameTables:
    """Every final hand's pay class and T[X] for every card set |X| <= 4 (built once per game, kept on disk)."""
    from .store import load_tables, save_tables

    d = deck(table.deck)
    stored = load_tables(table, lambda classes5, counts: _tables_valid(table, d, classes5, counts))
    if stored is not None:
        classes5, counts = stored
        classes5.flags.writeable = False
        return GameTables(table, d, classes5, counts)
    classes5 = classify_all(table)
    counts = np.zeros((int(d.offset[HAND]), len(table.hands)), dtype=np.int64)
    subset_class_counts(table.deck, classes5, len(table.hands), binomials(), d.offset, counts)
    save_tables(table, classes5, counts)
    return GameTables(table, d, classes5, counts)


def _tables_valid(table: PayTable, d: Deck, classes5: np.ndarray, counts: np.ndarray) -> bool:
    """Are tables read from disk whole? Shapes and types, every class a class of the table, and every row of
    T[X] counting all the final hands that contain X: C(cards left, 5 - |X|) of them."""
    n_hands = math.comb(table.deck, HAND)
    rows = int(d.offset[HAND])
    if classes5.shape != (n_hands,) or classes5.dtype != np.int8 or counts.shape != (rows, len(table.hands)):
        return False
    if n_hands and (int(classes5.min()) < 0 or int(classes5.max()) >= len(table.hands)):
        return False
    if counts.size and int(counts.min()) < 0:
        return False
    sizes = np.repeat(np.arange(HAND), np.diff(np.asarray(d.offset[:HAND + 1], dtype=np.int64)))
    expected = np.array([math.comb(table.deck - k, HAND - k) for k in range(HAND)], dtype=np.int64)[sizes]
    return bool(np.array_equal(counts.sum(axis=1), expected))


def integer_pays(table: PayTable, coins: int) -> tuple[np.ndarray, int]:
    """Pays per coin as integers over a common denominator: (pays * denominator, denominator)."""
    pays = table.pays_for(coins)
    denominator = math.lcm(*(p.denominator for p in pays))
    scaled = [int(p * denominator) for p in pays]
    # the largest compared number is max pay * all draws * weight; it must fit in 63 bits (tables are checked
    # when read: this guards tables built some other way)
    limit = max_scaled_pay(table.deck)
    if denominator > limit or max(scaled) > limit:
        raise InputError(f"pays of {table.id} are out of the exact comparison's 63-bit range: with a {table.deck}-card "
                         f"deck pay x the pays' common denominator ({denominator:,}) is at most {limit:,}")
    return np.array(scaled, dtype=np.int64), denominator


def _priority() -> np.ndarray:
    """Tie order of holds: fewer cards first, then the lower mask."""
    masks = list(range(32))
    masks.sort(key=lambda m: (bin(m).count("1"), m))
    order = np.empty(32, dtype=np.int64)
    for place, m in enumerate(masks):
        order[m] = place
    return order


HOLD_PRIORITY = _priority()


@dataclass
class GameReturn:
    """A whole game's return with optimal play: pay-class counts over every deal, each weighted by M."""

    table: PayTable
    coins: int
    combinations: list[int]  # per pay class, every deal weighted by deck.weight
    total: int
    return_exact: Fraction
    seconds: float

    @property
    def value(self) -> float:
        """The return as a float."""
        return float(self.return_exact)

    def rows(self) -> list[dict]:
        """The return table: per pay class its pay, combinations, probability and contribution (exact)."""
        pays = self.table.pays_for(self.coins)
        out = []
        for hand, count, pay in zip(self.table.hands, self.combinations, pays):
            p = Fraction(count, self.total)
            out.append({"hand": hand, "pay": pay, "combinations": count, "probability": p, "contribution": p * pay})
        return out


def solve_game(table: PayTable, coins: int = MAX_COINS, deals: np.ndarray | None = None,
               weights: np.ndarray | None = None,
               progress: Callable[[int, int], None] | None = None) -> GameReturn:
    """The exact return of a game with optimal play over every deal (folded by suit symmetry)."""
    import time

    start = time.perf_counter()
    tables = game_tables(table)
    d = tables.deck
    pays, denominator = integer_pays(table, coins)
    pay_sums = tables.class_counts @ pays
    if deals is None:
        deals, weights = distinct_deals(table.deck)
    totals = np.zeros(len(table.hands), dtype=np.int64)
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    binom = binomials()
    step = max(1, len(deals) // 50)
    for lo in range(0, len(deals), step):
        part = slice(lo, min(len(deals), lo + step))
        solve_deals(deals[part], weights[part], pay_sums, tables.class_counts, tables.classes5, pays, binom,
                    d.offset, d.mult, HOLD_PRIORITY, best_mask[part], best_value[part], totals)
        if progress is not None:
            progress(part.stop - part.start, len(deals))
    total = int(math.comb(table.deck, HAND)) * d.weight
    combos = [int(x) for x in totals]
    exact = sum(Fraction(c) * p for c, p in zip(combos, table.pays_for(coins))) / total
    return GameReturn(table, coins, combos, total, exact, time.perf_counter() - start)


def deal_values(table: PayTable, deals: np.ndarray | Sequence,
                coins: int = MAX_COINS) -> tuple[np.ndarray, list[Fraction]]:
    """Best hold mask and exact best value (per coin) of each given deal (sorted cards, one per row)."""
    tables = game_tables(table)
    d = tables.deck
    pays, denominator = integer_pays(table, coins)
    deals = np.sort(np.asarray(deals, dtype=np.int64), axis=1)
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    totals = np.zeros(len(table.hands), dtype=np.int64)
    solve_deals(deals, np.ones(len(deals), dtype=np.int64), tables.class_counts @ pays, tables.class_counts,
                tables.classes5, pays, binomials(), d.offset, d.mult, HOLD_PRIORITY, best_mask, best_value, totals)
    return best_mask, [Fraction(int(v), d.weight * denominator) for v in best_value]


@dataclass
class Hold:
    """One of a hand's 32 holds: the cards kept, its exact expected return, the draws per pay class."""

    held: tuple[int, ...]
    mask: int
    value_exact: Fraction
    counts: list[int]

    @property
    def value(self) -> float:
        """The expected return per coin as a float."""
        return float(self.value_exact)

    @property
    def draws(self) -> int:
        """How many draws the hold has: C(cards left, 5 - cards held)."""
        return sum(self.counts)


# Mobius pairs of the 32 subsets: for each bit, the masks without it and the same masks with it.
_MOBIUS = tuple((np.array([m for m in range(32) if not m >> b & 1]), np.array([m | 1 << b for m in range(32)
                                                                                if not m >> b & 1]))
                for b in range(HAND))
_POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)


@lru_cache(maxsize=64)
def _scaled_pays(table: PayTable, coins: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(T[X] . pays for every card set, integer pays, their denominator) of a game at a bet."""
    pays, denominator = integer_pays(table, coins)
    return game_tables(table).class_counts @ pays, pays, denominator


def _sorted_hand(cards: Sequence[int], table: PayTable) -> np.ndarray:
    hand = np.array(sorted(int(c) for c in cards), dtype=np.int64)
    if len(hand) != HAND or len(set(hand.tolist())) != HAND or hand.min() < 0 or hand.max() >= table.deck:
        raise InputError(f"a hand is {HAND} distinct cards of the {table.deck}-card deck")
    return hand


def _subset_rows(hand: np.ndarray, table: PayTable) -> tuple[np.ndarray, int]:
    """The rows of T of a sorted hand's 31 proper subsets and the colex rank of the hand (as `deal_subsets`).

    Plain Python: one hand is 80 table reads, and a process that analyzes one hand then never waits for
    Numba to load a kernel (~0.4 s in a fresh process).
    """
    binom = _binomial_rows()
    offset = deck(table.deck).offset_list
    cards = hand.tolist()
    rows = np.empty(32, dtype=np.int64)
    full = 0
    for mask in range(32):
        sub = 0
        pos = 1
        for j in range(HAND):
            if mask >> j & 1:
                sub += binom[cards[j]][pos]
                pos += 1
        if mask == 31:
            full = sub
            rows[mask] = -1
        else:
            rows[mask] = offset[pos - 1] + sub
    return rows, full


@lru_cache(maxsize=1)
def _binomial_rows() -> list[list[int]]:
    return binomials().tolist()


def hold_values(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> tuple[np.ndarray, int]:
    """Every hold's exact value as integers over one scale: (v[mask], scale), value per coin = v / scale.

    `mask` bit j holds the j-th card of the SORTED hand; v = S(H) * M / C(cards left, 5 - |H|) with S(H)
    the payout sum of the hold's draws over the pays' common denominator; scale = M * denominator.
    The fast path of a session: no class counts, no fractions.
    """
    hand = _sorted_hand(cards, table)
    pay_sums, pays, denominator = _scaled_pays(table, coins)
    rows, full = _subset_rows(hand, table)
    value = pay_sums[rows]
    value[31] = pays[game_tables(table).classes5[full]]
    for low, high in _MOBIUS:
        value[low] -= value[high]
    d = deck(table.deck)
    return value * d.mult[_POPCOUNT], d.weight * denominator


def best_order(values: np.ndarray) -> list[int]:
    """The 32 masks best first: higher value, then the tie rule (fewer cards held, then the lower mask)."""
    return np.lexsort((HOLD_PRIORITY, -values)).tolist()


__all__.append("best_order")


@dataclass(frozen=True, eq=False)
class HandValues:
    """All 32 holds of one hand as integers: value per coin of `mask` = values[mask] / scale (exact), draws per
    pay class counts[mask], and the masks best first (`order`). Masks hold bits of the SORTED hand."""

    hand: tuple[int, ...]  # sorted
    values: np.ndarray  # (32,) int64
    scale: int
    counts: np.ndarray  # (32, pay classes) int64
    order: list[int]


def hand_values(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> HandValues:
    """Every hold's draws per pay class and exact value, no fractions: the one-hand fast path (tens of us).

    counts: the subset table's row of each held subset counts every draw by final class, and Mobius inversion
    over the 32 subsets leaves the draws that keep exactly the held cards; value = sum_c N_c pay_c x M /
    C(cards left, 5 - held) over scale M x (the pays' common denominator), so every value shares one scale
    and the order is exact (ties: fewer cards held, then the lower mask).
    """
    tables = game_tables(table)
    hand = _sorted_hand(cards, table)
    rows, full = _subset_rows(hand, table)
    counts = np.zeros((32, len(table.hands)), dtype=np.int64)
    counts[:31] = tables.class_counts[rows[:31]]
    counts[31, tables.classes5[full]] = 1
    for low, high in _MOBIUS:
        counts[low] -= counts[high]
    _, pays, denominator = _scaled_pays(table, coins)
    d = tables.deck
    values = (counts @ pays) * d.mult[_POPCOUNT]
    return HandValues(tuple(hand.tolist()), values, d.weight * denominator, counts, best_order(values))


def analyze_hand(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> list[Hold]:
    """All 32 holds of one hand, best first (ties: fewer cards, then lower mask of sorted cards)."""
    hv = hand_values(cards, table, coins)
    return [Hold(tuple(hv.hand[j] for j in range(HAND) if mask >> j & 1), mask,
                 Fraction(int(hv.values[mask]), hv.scale), hv.counts[mask].tolist()) for mask in hv.order]
