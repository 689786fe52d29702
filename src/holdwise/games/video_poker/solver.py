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

The deck-level tables (T, the suit-distinct deals) are `tables.py`'s; the per-deal kernels (`solve_deals`, one
hand's `hand_counts`) are `deal_kernels.py`'s, compiled when the package is built. A game's solve with NumPy
(`solve_deals_numpy`, what `disk.stored_solve` runs where the kernels run as plain Python) equals the kernel's.
Nothing here reads or writes the disk: `disk.py` keeps solves and tables there, around these functions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ...errors import InputError
from ...memory import ByteCache, sizeof
from .cards import HAND_SIZE
from .evaluator import binomials
from .paytables import MAX_COINS, PayTable, max_scaled_pay
from .deal_kernels import all_hold_values, hand_counts, solve_deals
from .tables import GameTables, deck, distinct_deals, game_tables, pay_sums_of, row_totals

__all__ = [
    "HOLD_PRIORITY", "POPCOUNT", "GameReturn", "HandValues", "Hold", "analyze_hand", "deal_values", "hand_values",
    "hold_values", "integer_pays", "return_of_counts", "solve_deals_numpy", "solve_game",
]

POPCOUNT = np.array([m.bit_count() for m in range(32)], dtype=np.int64)  # cards held by each 5-bit mask


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

    def rows(self) -> list[dict[str, Any]]:
        """The return table: per pay class its pay, combinations, probability and contribution (exact)."""
        pays = self.table.pays_for(self.coins)
        out = []
        for hand, count, pay in zip(self.table.hands, self.combinations, pays, strict=True):
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
    pay_sums = pay_sums_of(tables.class_counts, pays)
    if deals is None:
        deals, weights = distinct_deals(table.deck)
    elif weights is None:
        raise ValueError("solve_game: deals are given with their weights")
    per_row = np.zeros(len(pay_sums), dtype=np.int64)
    last = np.zeros(len(table.hands), dtype=np.int64)
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    binom = binomials()
    rows, value = np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64)
    step = max(1, len(deals) // 50)
    for lo in range(0, len(deals), step):
        part = slice(lo, min(len(deals), lo + step))
        solve_deals(deals[part], weights[part], pay_sums, tables.classes5, pays, binom, d.offset, d.mult,
                    HOLD_PRIORITY, POPCOUNT, rows, value, best_mask[part], best_value[part], per_row, last)
        if progress is not None:
            progress(part.stop - part.start, len(deals))
    totals = row_totals(per_row, tables.class_counts) + last
    return return_of_counts(table, coins, [int(x) for x in totals], time.perf_counter() - start)


def return_of_counts(table: PayTable, coins: int, combos: list[int], seconds: float) -> GameReturn:
    """A game's return from its final-hand class counts (every deal weighted by the deck's M)."""
    total = math.comb(table.deck, HAND_SIZE) * deck(table.deck).weight
    exact = sum((Fraction(c) * p for c, p in zip(combos, table.pays_for(coins), strict=True)), Fraction(0)) / total
    return GameReturn(table, coins, combos, total, exact, seconds)


# _PLACE[j, mask] = the place (1-5) of the j-th card of a deal among the cards of `mask`, 0 when it is left out
_PLACE = np.array([[(m & ((1 << j) - 1)).bit_count() + 1 if m >> j & 1 else 0 for m in range(32)]
                   for j in range(HAND_SIZE)], dtype=np.int64)
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
    pay_sums = pay_sums_of(tables.class_counts, pays)
    offset = np.asarray(d.offset)
    binom = binomials().copy()
    binom[:, 0] = 0  # a card left out adds nothing to a subset's rank
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    per_row = np.zeros(int(offset[HAND_SIZE]), dtype=np.int64)
    last = np.zeros(n_classes, dtype=np.int64)
    for lo in range(0, len(deals), _NUMPY_CHUNK):
        part = slice(lo, min(len(deals), lo + _NUMPY_CHUNK))
        cards = deals[part]
        rank = sum(binom[cards[:, j, None], _PLACE[j][None, :]] for j in range(HAND_SIZE))  # colex rank of each subset
        full = rank[:, 31].copy()
        rows = rank + offset[POPCOUNT]
        rows[:, 31] = 0  # the whole deal has no row of T: its class is read apart
        value = pay_sums[rows]
        value[:, 31] = pays[tables.classes5[full]]
        cube = value.reshape(-1, 2, 2, 2, 2, 2)
        for axis in range(1, HAND_SIZE + 1):
            without: list[slice | int] = [slice(None)] * 6
            with_: list[slice | int] = [slice(None)] * 6
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
    return best_mask, best_value, row_totals(per_row, tables.class_counts) + last


def deal_values(table: PayTable, deals: np.ndarray | Sequence[Sequence[int]],
                coins: int = MAX_COINS) -> tuple[np.ndarray, list[Fraction]]:
    """Best hold mask and exact best value (per coin) of each given deal (sorted cards, one per row)."""
    tables = game_tables(table)
    d = tables.deck
    pays, denominator = integer_pays(table, coins)
    deals = np.sort(np.asarray(deals, dtype=np.int64), axis=1)
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    pay_sums = pay_sums_of(tables.class_counts, pays)
    solve_deals(deals, np.ones(len(deals), dtype=np.int64), pay_sums, tables.classes5, pays, binomials(), d.offset,
                d.mult, HOLD_PRIORITY, POPCOUNT, np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64),
                best_mask, best_value, np.zeros(len(pay_sums), dtype=np.int64),
                np.zeros(len(table.hands), dtype=np.int64))  # the class counts are not asked for here
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


# a game's pay sums at a bet: an array over every card set of up to four cards (MBs), bounded by bytes
_PAY_SUMS = ByteCache(64 << 20, "video-poker pay sums")


def _scaled_pays(table: PayTable, coins: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(T[X] . pays for every card set, integer pays, their denominator) of a game at a bet."""
    known: tuple[np.ndarray, np.ndarray, int] | None = _PAY_SUMS.get((table, coins))
    if known is None:
        pays, denominator = integer_pays(table, coins)
        known = (pay_sums_of(game_tables(table).class_counts, pays), pays, denominator)
        _PAY_SUMS.put((table, coins), known, sizeof(known))
    return known


def _sorted_hand(cards: Sequence[int], table: PayTable) -> np.ndarray:
    """The hand's cards sorted, as a (1, 5) int64 row (what the per-deal kernels read), checked."""
    hand = sorted(int(c) for c in cards)
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE or hand[0] < 0 or hand[-1] >= table.deck:
        raise InputError(f"a hand is {HAND_SIZE} distinct cards of the {table.deck}-card deck")
    return np.array([hand], dtype=np.int64)


def hold_values(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> tuple[np.ndarray, int]:
    """Every hold's exact value as integers over one scale: (v[mask], scale), value per coin = v / scale.

    `mask` bit j holds the j-th card of the SORTED hand; v = S(H) * M / C(cards left, 5 - |H|) with S(H)
    the payout sum of the hold's draws over the pays' common denominator; scale = M * denominator.
    The fast path of a session: no class counts, no fractions (the deal table's kernel on one deal).
    """
    hand = _sorted_hand(cards, table)
    pay_sums, pays, denominator = _scaled_pays(table, coins)
    gt = game_tables(table)
    d = gt.deck
    values = np.empty((1, 32), dtype=np.int64)
    all_hold_values(hand, pay_sums, gt.classes5, pays, binomials(), d.offset, d.mult, HOLD_PRIORITY, POPCOUNT,
                    np.empty(32, dtype=np.int64), values, np.empty(1, dtype=np.int64))
    return values[0], d.weight * denominator


def hand_class(cards: Sequence[int], table: PayTable) -> int:
    """Pay class of one hand of five cards, read from the game's tables (as `evaluator.classify_hand`, no kernel)."""
    binom = binomials()
    full = sum(int(binom[c, j + 1]) for j, c in enumerate(_sorted_hand(cards, table)[0].tolist()))
    return int(game_tables(table).classes5[full])


__all__.append("hand_class")


def best_order(values: np.ndarray) -> list[int]:
    """The 32 masks best first: higher value, then the tie rule (fewer cards held, then the lower mask)."""
    order: list[int] = np.lexsort((HOLD_PRIORITY, -values)).tolist()
    return order


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
    d = tables.deck
    counts = np.empty((32, len(table.hands)), dtype=np.int64)
    hand_counts(hand, tables.class_counts, tables.classes5, binomials(), d.offset, POPCOUNT, counts)
    _, pays, denominator = _scaled_pays(table, coins)
    values = (counts @ pays) * d.mult[POPCOUNT]
    return HandValues(tuple(hand[0].tolist()), values, d.weight * denominator, counts, best_order(values))


def analyze_hand(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> list[Hold]:
    """All 32 holds of one hand, best first (ties: fewer cards, then lower mask of sorted cards)."""
    hv = hand_values(cards, table, coins)
    return [Hold(tuple(hv.hand[j] for j in range(HAND_SIZE) if mask >> j & 1), mask,
                 Fraction(int(hv.values[mask]), hv.scale), hv.counts[mask].tolist()) for mask in hv.order]
