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

What a first run builds it builds with NumPy, so a command that needs no kernel never starts Numba: the
table T (`class_count_table`), the suit-distinct deals (`_canonical_deals`) and, through `stored_solve`, a
game's solve (`solve_deals_numpy`, where this process has no compiled kernel). Each equals its kernel (the
kernels stay: `solve_game` runs one, warm several times faster than NumPy).
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
from .evaluator import binomials, classify_all, colex_blocks
from .paytables import MAX_COINS, PayTable, max_scaled_pay

__all__ = [
    "HOLD_PRIORITY", "POPCOUNT", "Deck", "GameReturn", "GameTables", "HandValues", "Hold", "analyze_hand", "deal_values", "deck", "hand_values",
    "distinct_deals", "game_tables", "hold_values", "integer_pays", "solve_deals_numpy", "solve_game", "stored_solve",
]

HAND = 5
POPCOUNT = np.array([m.bit_count() for m in range(32)], dtype=np.int64)  # cards held by each 5-bit mask


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


def _drop_ranks(n_cards: int, size: int, j: int, smaller: list[np.ndarray]) -> np.ndarray:
    """Colex rank of every `size`-card set without its j-th card; smaller[j] = the same for the sets one card
    smaller (see `class_count_table`)."""
    binom = binomials()
    out = np.empty(math.comb(n_cards, size), dtype=np.int64)
    for t, start, count in colex_blocks(n_cards, size):
        if j < size - 1:
            out[start:start + count] = smaller[j][:count] + int(binom[t, size - 1])
        else:  # dropping the top card t leaves the smaller set itself
            out[start:start + count] = np.arange(count)
    return out


def class_count_table(n_cards: int, classes5: np.ndarray, n_classes: int) -> np.ndarray:
    """`subset_class_counts` with NumPy: T[offset[k] + rank(X), c] = the final hands of class c containing X.

    Sets of one size with the same top card t form a block (`colex_blocks`): t added to each smaller set r of
    the cards below it. Without t such a set is r; without its j-th card (j below the top) it is t added to
    r without its j-th card: a size's drops are the smaller size's, block by block. Every final hand counts
    once under each of its five 4-card subsets (a bincount); T of a smaller set X is then the sum of T over
    its sets one card larger, which counts each final hand once per card it has beyond X: / (5 - |X|).
    """
    offset = deck(n_cards).offset_list
    table = np.zeros((offset[HAND], n_classes), dtype=np.int64)
    drops = {1: [np.zeros(n_cards, dtype=np.int64)]}  # size -> [rank of each set without its j-th card]
    for size in range(2, HAND):
        drops[size] = [_drop_ranks(n_cards, size, j, drops[size - 1]) for j in range(size)]
    classes = classes5.astype(np.int64)
    counts4 = np.zeros((offset[HAND] - offset[HAND - 1]) * n_classes, dtype=np.int64)
    for j in range(HAND):  # one drop at a time: one hand-sized array, not five
        sub = _drop_ranks(n_cards, HAND, j, drops[HAND - 1])
        sub *= n_classes
        sub += classes
        counts4 += np.bincount(sub, minlength=len(counts4))
    table[offset[HAND - 1]:] = counts4.reshape(-1, n_classes)
    for size in range(HAND - 1, 1, -1):
        larger = table[offset[size]:offset[size + 1]].T.astype(np.float64)  # every sum < 2**53: exact
        n_rows = offset[size] - offset[size - 1]
        sums = np.zeros((n_classes, n_rows))
        for drop in drops[size]:
            for c in range(n_classes):
                sums[c] += np.bincount(drop, weights=larger[c], minlength=n_rows)
        table[offset[size - 1]:offset[size]] = sums.T.astype(np.int64) // (HAND - (size - 1))
    table[0] = np.bincount(classes5, minlength=n_classes)
    return table


def _solve_deals(deals, weights, pay_sums, class_counts, classes5, pays, binom, offset, mult, priority, popcount,
                 rows, value, best_mask, best_value, totals):
    """Best hold of every deal (exact), and the weighted class counts of the final hands it leads to.

    best_value[i] = S(H*) * mult[|H*|]: the best hold's payout sum scaled to the common weight.
    totals[c] += weights[i] * mult[|H*|] * N_c(H*). `rows` and `value` are scratch (32 each), `popcount`
    the number of bits of each 5-bit mask. One kernel calling no other: a first run compiles it alone.
    """
    n_classes = class_counts.shape[1]
    for i in range(deals.shape[0]):
        # the row of T of each of the deal's 32 subsets (as `_subset_rows`); full = the deal's colex rank
        full = 0
        for mask in range(32):
            sub = 0
            pos = 1
            for j in range(HAND):
                if (mask >> j) & 1:
                    sub += binom[deals[i, j], pos]
                    pos += 1
            if mask == 31:
                full = sub
            else:
                rows[mask] = offset[pos - 1] + sub
                value[mask] = pay_sums[rows[mask]]
        value[31] = pays[classes5[full]]
        for bit in range(HAND):
            step = 1 << bit
            for mask in range(32):
                if not mask & step:
                    value[mask] -= value[mask | step]
        best = 0
        top = value[0] * mult[0]
        for mask in range(1, 32):
            scaled = value[mask] * mult[popcount[mask]]
            if scaled > top or (scaled == top and priority[mask] < priority[best]):
                best = mask
                top = scaled
        best_mask[i] = best
        best_value[i] = top
        held = popcount[best]
        factor = weights[i] * mult[held]
        for mask in range(32):
            if (mask & best) == best:
                sign = factor if (popcount[mask] - held) % 2 == 0 else -factor
                if mask == 31:
                    totals[classes5[full]] += sign
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


def _canonical_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """(suit-symmetry key as `canonical_keys`, hands it stands for) of each suit-distinct deal, keys ascending.

    With NumPy over the colex blocks: every hand's four suit rank-masks, built up one card at a time. The
    deals whose masks already rise with the suit (m0 <= m1 <= m2 <= m3) are one per key; a key stands for
    the 4! / prod(k!) orders of its masks (k = how often a mask repeats): prod over i of how many of
    m0..m_i equal m_i. (Every suit holds the same ranks: 52 cards, or 53 with the joker.)
    """
    cards = np.arange(n_cards)
    natural = cards < 52
    card_masks = [np.where(natural & (cards & 3 == s), 1 << (cards >> 2), 0).astype(np.int16) for s in range(4)]
    card_masks.append((cards == 52).astype(np.int16))  # the joker, a fifth "suit" of one card
    masks = card_masks
    for size in range(2, HAND + 1):
        total = math.comb(n_cards, size)
        grown = [np.empty(total, dtype=np.int16) for _ in range(5)]
        for t, start, count in colex_blocks(n_cards, size):
            for s in range(5):
                grown[s][start:start + count] = masks[s][:count] | card_masks[s][t]
        masks = grown
    joker = masks[4]
    rising = (masks[0] <= masks[1]) & (masks[1] <= masks[2]) & (masks[2] <= masks[3])
    m = [x[rising].astype(np.int64) for x in masks]
    repeats = np.ones(len(m[0]), dtype=np.int64)
    for i in range(1, 4):
        repeats *= 1 + sum((m[j] == m[i]).astype(np.int64) for j in range(i))
    keys = (((m[3] << 13 | m[2]) << 13 | m[1]) << 13 | m[0]) << 1 | joker[rising]
    order = np.argsort(keys)
    return keys[order], 24 // repeats[order]


def _build_distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    unique, counts = _canonical_deals(n_cards)
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
    counts = class_count_table(table.deck, classes5, len(table.hands))
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
    rows, value = np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64)
    step = max(1, len(deals) // 50)
    for lo in range(0, len(deals), step):
        part = slice(lo, min(len(deals), lo + step))
        solve_deals(deals[part], weights[part], pay_sums, tables.class_counts, tables.classes5, pays, binom,
                    d.offset, d.mult, HOLD_PRIORITY, POPCOUNT, rows, value, best_mask[part], best_value[part], totals)
        if progress is not None:
            progress(part.stop - part.start, len(deals))
    return _game_return(table, coins, [int(x) for x in totals], time.perf_counter() - start)


def _game_return(table: PayTable, coins: int, combos: list[int], seconds: float) -> GameReturn:
    """A game's return from its final-hand class counts (every deal weighted by the deck's M)."""
    total = math.comb(table.deck, HAND) * deck(table.deck).weight
    exact = sum(Fraction(c) * p for c, p in zip(combos, table.pays_for(coins))) / total
    return GameReturn(table, coins, combos, total, exact, seconds)


# _PLACE[j, mask] = the place (1-5) of the j-th card of a deal among the cards of `mask`, 0 when it is left out
_PLACE = np.array([[(m & ((1 << j) - 1)).bit_count() + 1 if m >> j & 1 else 0 for m in range(32)]
                   for j in range(HAND)], dtype=np.int64)
# _MOBIUS_SIGN[h, m] = (-1)^|m - h| when m ⊇ h, else 0: the weight of T[m] in the draws N(h)
_MOBIUS_SIGN = np.array([[(-1) ** (m & ~h).bit_count() if m & h == h else 0 for m in range(32)]
                         for h in range(32)], dtype=np.int64)
_BY_PRIORITY = np.argsort(HOLD_PRIORITY)  # the masks in tie order: fewer cards held, then the lower mask
_NUMPY_CHUNK = 8192  # deals at a time: a few (chunk, 32) arrays, a few MB


def solve_deals_numpy(deals: np.ndarray, weights: np.ndarray, tables: GameTables, pays: np.ndarray,
                      progress: Callable[[int, int], None] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`solve_deals` with NumPy, a chunk of deals at a time: (best_mask, best_value, totals), equal to the kernel's.

    Slower than the kernel warm (about 10x) but it needs no compiling: the one-off solve of a fresh process.
    The Möbius transform runs over the (2, 2, 2, 2, 2) view of each deal's 32 values (one axis per card);
    the best hold is the first maximum in tie order. totals = sum over deals and masks m ⊇ best of
    ±w x mult[|best|] x T[m], gathered per row of T first (a float bincount: every sum of these integers
    is below 32 x C(53, 5) x M < 2^53, so it is exact).
    """
    d = tables.deck
    n_classes = tables.class_counts.shape[1]
    pay_sums = tables.class_counts @ pays
    offset = np.asarray(d.offset)
    binom = binomials().copy()
    binom[:, 0] = 0  # a card left out adds nothing to a subset's rank
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    per_row = np.zeros(int(offset[HAND]), dtype=np.int64)
    last = np.zeros(n_classes, dtype=np.int64)
    for lo in range(0, len(deals), _NUMPY_CHUNK):
        part = slice(lo, min(len(deals), lo + _NUMPY_CHUNK))
        cards = deals[part]
        rank = sum(binom[cards[:, j, None], _PLACE[j][None, :]] for j in range(HAND))  # colex rank of each subset
        full = rank[:, 31].copy()
        rows = rank + offset[POPCOUNT]
        rows[:, 31] = 0  # the whole deal has no row of T: its class is read apart
        value = pay_sums[rows]
        value[:, 31] = pays[tables.classes5[full]]
        cube = value.reshape(-1, 2, 2, 2, 2, 2)
        for axis in range(1, HAND + 1):
            without = [slice(None)] * 6
            with_ = [slice(None)] * 6
            without[axis], with_[axis] = 0, 1
            cube[tuple(without)] -= cube[tuple(with_)]
        value *= d.mult[POPCOUNT]
        ordered = value[:, _BY_PRIORITY]
        first = ordered.argmax(axis=1)
        best = _BY_PRIORITY[first]
        best_mask[part] = best
        best_value[part] = ordered[np.arange(len(first)), first]
        coef = _MOBIUS_SIGN[best] * (weights[part] * d.mult[POPCOUNT[best]])[:, None]
        per_row += np.bincount(rows[:, :31].ravel(), weights=coef[:, :31].ravel().astype(np.float64),
                               minlength=len(per_row)).astype(np.int64)
        last += np.bincount(tables.classes5[full], weights=coef[:, 31].astype(np.float64),
                            minlength=n_classes).astype(np.int64)
        if progress is not None:
            progress(part.stop - part.start, len(deals))
    return best_mask, best_value, per_row @ tables.class_counts + last


def stored_solve(table: PayTable, coins: int = MAX_COINS,
                 progress: Callable[[int, int], None] | None = None) -> GameReturn:
    """`solve_game` of a game at a bet, read from the disk when a valid copy is there (a fresh process then runs
    no kernel), else solved and written (atomically).

    A solve here uses the kernel when this process has it ready, else NumPy (`solve_deals_numpy`): a first run
    never waits for Numba to start and compile. The answers are equal.
    """
    import time

    from .store import load_solve, save_solve

    start = time.perf_counter()
    pays, _ = integer_pays(table, coins)  # the bet and the pays checked as solve_game checks them
    total = math.comb(table.deck, HAND) * deck(table.deck).weight
    combos = load_solve(table, coins, lambda c: len(c) == len(table.hands) and min(c) >= 0 and sum(c) == total)
    if combos is not None:
        if progress is not None:  # every deal done at once
            n_deals = len(distinct_deals(table.deck)[0])
            progress(n_deals, n_deals)
        return _game_return(table, coins, combos, time.perf_counter() - start)
    if getattr(solve_deals, "signatures", None):  # a Numba dispatcher already compiled in this process
        result = solve_game(table, coins, progress=progress)
    else:
        tables = game_tables(table)
        deals, weights = distinct_deals(table.deck)
        *_, totals = solve_deals_numpy(deals, weights, tables, pays, progress)
        result = _game_return(table, coins, [int(x) for x in totals], time.perf_counter() - start)
    save_solve(table, coins, result.combinations)
    return result


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
                tables.classes5, pays, binomials(), d.offset, d.mult, HOLD_PRIORITY, POPCOUNT,
                np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64), best_mask, best_value, totals)
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
    """The rows of T of a sorted hand's 31 proper subsets and the colex rank of the hand (as `solve_deals`).

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
    return value * d.mult[POPCOUNT], d.weight * denominator


def hand_class(cards: Sequence[int], table: PayTable) -> int:
    """Pay class of one hand of five cards, read from the game's tables (as `evaluator.classify_hand`, no kernel)."""
    _, full = _subset_rows(_sorted_hand(cards, table), table)
    return int(game_tables(table).classes5[full])


__all__.append("hand_class")


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
    values = (counts @ pays) * d.mult[POPCOUNT]
    return HandValues(tuple(hand.tolist()), values, d.weight * denominator, counts, best_order(values))


def analyze_hand(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> list[Hold]:
    """All 32 holds of one hand, best first (ties: fewer cards, then lower mask of sorted cards)."""
    hv = hand_values(cards, table, coins)
    return [Hold(tuple(hv.hand[j] for j in range(HAND) if mask >> j & 1), mask,
                 Fraction(int(hv.values[mask]), hv.scale), hv.counts[mask].tolist()) for mask in hv.order]
