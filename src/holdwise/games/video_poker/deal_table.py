"""Every hold of every suit-distinct deal of a game at a bet, valued exactly, and a chart's play on them.

Values are integers over one scale per game and bet, as `solver.hold_values` gives them for one hand:
value per coin = v / scale with scale = M x (the pays' common denominator). `deal_table` holds them with the
best hold of each deal and the fixed order in which one chart line takes a deal's holds (`_rank_keys`);
`chart_play` is a chart's hold on every deal, `line_entries` per deal the lines that fit one of its holds
(what the order search of `chart_search` works on), `class_totals` the final-hand class counts of a play.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ...memory import bounded_large
from .cards import HAND_SIZE
from .deal_kernels import all_hold_values, chosen_class_totals, entries_kernel
from .evaluator import binomials
from .patterns import hold_patterns, vocabulary
from .paytables import MAX_COINS, PayTable
from .solver import HOLD_PRIORITY, POPCOUNT, integer_pays
from .tables import distinct_deals, game_tables, pay_sums_of

__all__ = [
    "DealTable", "LineEntries", "all_hold_values", "chart_play", "chosen_class_totals", "class_totals", "deal_table",
    "entries_kernel", "entries_of", "line_entries", "weighted_sum", "whole_hands_dealt",
]


@dataclass(frozen=True, eq=False)
class DealTable:
    """Every hold of every suit-distinct deal of a game at a bet, valued exactly (cached per game and bet).

    value per coin of hold `mask` on deal i = values[i, mask] / scale; deals weigh `weights` (sum = total).
    `within[i, mask]` is the hold's place in the deal's fixed order inside one chart line (0 = taken first).
    """

    table: PayTable
    coins: int
    deals: np.ndarray  # (n, 5) sorted cards
    weights: np.ndarray  # (n,)
    values: np.ndarray  # (n, 32) int64
    best_mask: np.ndarray  # (n,)
    best_value: np.ndarray  # (n,)
    within: np.ndarray  # (n, 32) int8
    scale: int
    total: int  # C(deck, 5): the weights' sum

    def ret(self, weighted_sum: int) -> Fraction:
        """A weighted sum of values as a return per coin: sum / (total x scale)."""
        return Fraction(int(weighted_sum), self.total * self.scale)

    @property
    def optimal_sum(self) -> int:
        """sum_d w_d x best value (Python int: no overflow)."""
        return weighted_sum(self.weights, self.best_value)


def weighted_sum(weights: np.ndarray, values: np.ndarray) -> int:
    """sum w x v exactly: int64 in blocks that cannot overflow, added up as Python ints."""
    # one product is w (<= 24) x |v| (< 2**62 / C(47, 5)); a block of 4,096 stays far below 2**63
    products = np.asarray(weights, dtype=np.int64) * np.asarray(values, dtype=np.int64)
    return sum(int(products[lo:lo + 4096].sum()) for lo in range(0, len(products), 4096))


def _rank_keys(deals: np.ndarray, whole: np.ndarray | None = None, extra_ace: bool = False) -> np.ndarray:
    """Per deal and mask: a number that is smaller for the hold taken first inside one chart line.

    As a player reads a line: a paying hand that needs all five cards, dealt whole (whole[i]: "full house",
    "flush", ...), is held whole when the line names it, before any part of it the line also names (the full
    house, not its three of a kind, on "three of a kind or straight or flush or full house"). Otherwise the
    hold whose held cards rank LOWEST comes first, compared card by card from the top card down (so with K Q J
    unsuited, "2 unsuited high cards" takes Q J, and "one high card" the J, as players are taught), then fewer
    cards (a hold that is the top of another comes first). Digits base 16 from the top held card down: rank + 1
    (the joker 14; the extra-ace deck's ace of stars is an ace, 13, and holds equal in rank go by value), 0 past
    the last held card. Drawing five comes last.
    """
    # sorted cards: ranks ascending, card 52 (the joker or the ace of stars) last; held card j is the digit of
    # 16^(4 - k) with k the held cards above it, so every key is one product (rank + 1) @ _RANK_DIGITS
    ranks = np.asarray(deals) >> 2
    if extra_ace:
        ranks = np.minimum(ranks, 12)
    keys = (ranks + 1).astype(np.int64) @ _RANK_DIGITS
    keys[:, 0] = 16**HAND_SIZE
    if whole is not None:
        keys[np.asarray(whole, dtype=bool), 31] = -1
    return keys


def whole_hands_dealt(table: PayTable, ids: np.ndarray) -> np.ndarray:
    """Per deal, from the pattern ids of its holds (n, 32): do its five cards make a paying hand that needs all
    five (`Vocabulary.whole_hands`)?"""
    whole_ids = np.array(sorted(vocabulary(table).whole_hands), dtype=np.int64)
    return np.isin(np.asarray(ids)[:, 31], whole_ids)


_RANK_DIGITS = np.array([[16 ** (HAND_SIZE - 1 - (mask >> j + 1).bit_count()) if mask >> j & 1 else 0 for mask in range(32)]
                         for j in range(HAND_SIZE)], dtype=np.int64)


@bounded_large  # 47 MB a game and bet (52 cards), kept under the process's memory budget with every other answer
def deal_table(table: PayTable, coins: int = MAX_COINS) -> DealTable:
    """The exact value of every hold of every suit-distinct deal, the best hold of each, the in-line order."""
    tables = game_tables(table)
    d = tables.deck
    pays, denominator = integer_pays(table, coins)
    pay_sums = pay_sums_of(tables.class_counts, pays)
    deals, weights = distinct_deals(table.deck)
    n = len(deals)
    values = np.empty((n, 32), dtype=np.int64)
    best_mask = np.empty(n, dtype=np.int64)
    all_hold_values(deals, pay_sums, tables.classes5, pays, binomials(), d.offset, d.mult, HOLD_PRIORITY, POPCOUNT,
                    np.empty(32, dtype=np.int64), values, best_mask)
    best_value = values[np.arange(n), best_mask]
    keys = _rank_keys(deals, whole_hands_dealt(table, hold_patterns(table, deals)), table.extra_ace)
    priority = np.broadcast_to(HOLD_PRIORITY, (n, 32))
    order = np.lexsort((priority, -values, keys), axis=-1)
    within = np.empty((n, 32), dtype=np.int8)
    np.put_along_axis(within, order, np.arange(32, dtype=np.int8)[None, :].repeat(n, 0), axis=1)
    for a in (deals, weights, values, best_mask, best_value, within):
        a.flags.writeable = False
    return DealTable(table, coins, deals, weights, values, best_mask, best_value, within, d.weight * denominator,
                     math.comb(table.deck, HAND_SIZE))


def class_totals(dt: DealTable, masks: np.ndarray) -> list[int]:
    """Final-hand class counts (every deal weighted by M) when deal i holds masks[i]: exact."""
    tables = game_tables(dt.table)
    totals = np.zeros(len(dt.table.hands), dtype=np.int64)
    chosen_class_totals(dt.deals, dt.weights, np.asarray(masks, dtype=np.int64), tables.class_counts,
                        tables.classes5, binomials(), tables.deck.offset, tables.deck.mult, POPCOUNT, totals)
    return [int(x) for x in totals]


# ---------------------------------------------------------------------------------------------------------------
# a chart's play


def _line_index(lines: Sequence[Iterable[int]], n_ids: int) -> np.ndarray:
    """line_of[id] = the first line naming the id, or len(lines) when no line does."""
    line_of = np.full(n_ids, len(lines), dtype=np.int64)
    for i, ids in enumerate(lines):
        for pid in ids:
            if not 0 <= int(pid) < n_ids:
                raise InputError(f"chart line {i + 1} names pattern id {pid}, not in the vocabulary (0-{n_ids - 1})")
            if line_of[pid] == len(lines):
                line_of[pid] = i
    return line_of


def chart_play(dt: DealTable, ids: np.ndarray, lines: Sequence[Iterable[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The chart's hold on every deal: (mask, line index; -1 where no line matches and all five are drawn)."""
    n_ids = int(ids.max()) + 1 if ids.size else 0
    n_ids = max(n_ids, 1 + max((int(p) for ln in lines for p in ln), default=-1))
    line_of = _line_index(lines, n_ids)
    key = line_of[ids] * 32 + dt.within
    mask = key.argmin(axis=1)
    line = key[np.arange(len(key)), mask] // 32
    none = line == len(lines)
    mask[none] = 0
    line[none] = -1
    return mask.astype(np.int64), line.astype(np.int64)


# ---------------------------------------------------------------------------------------------------------------
# the order search (kernels work on "entries": per deal, one entry per chart line that fits one of its holds)


@dataclass(frozen=True, eq=False)
class LineEntries:
    """Per deal, the chart lines that fit one of its holds and the hold each takes (CSR arrays)."""

    start: np.ndarray  # (n + 1,) entries of deal i: start[i]:start[i + 1]
    line: np.ndarray  # (E,) line index of the entry
    value: np.ndarray  # (E,) value of the hold the line takes on the deal
    mask: np.ndarray  # (E,) that hold
    by_line_start: np.ndarray  # (L + 1,) the entries of line l: by_line_entry[by_line_start[l]:...]
    by_line_entry: np.ndarray  # (E,)
    deal_of: np.ndarray  # (E,) the deal of each entry
    fallback: np.ndarray  # (n,) value of drawing five (a deal no line fits)
    n_lines: int


def line_entries(dt: DealTable, ids: np.ndarray, lines: Sequence[Iterable[int]]) -> LineEntries:
    """Per deal, the lines that fit one of its holds, each with the hold it takes (its first in the deal's order).

    Lines may share ids (a coarse line and its finer lines): each line's entry does not depend on the others.
    """
    n_ids = int(ids.max()) + 1
    pairs = sorted({(int(x), i) for i, ln in enumerate(lines) for x in ln if 0 <= int(x) < n_ids})
    id_start = np.zeros(n_ids + 1, dtype=np.int64)
    np.cumsum(np.bincount(np.array([p for p, _ in pairs], dtype=np.int64), minlength=n_ids), out=id_start[1:])
    id_lines = np.array([i for _, i in pairs], dtype=np.int64)
    by_within = np.argsort(dt.within, axis=1).astype(np.int64, copy=False)  # (int64 already: no second copy)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    seen = np.full(max(1, len(lines)), -1, dtype=np.int64)
    empty = np.empty(0, dtype=np.int64)
    size = entries_kernel(ids, by_within, id_start, id_lines, seen, True, empty, empty, empty)
    deal, line, masks = (np.empty(size, dtype=np.int64) for _ in range(3))
    seen[:] = -1
    entries_kernel(ids, by_within, id_start, id_lines, seen, False, deal, line, masks)
    del by_within, ids  # 34 MB each for 52 cards: let go before the entries' arrays are made
    return entries_of(dt, deal, line, masks, len(lines))


def entries_of(dt: DealTable, deal: np.ndarray, line: np.ndarray, masks: np.ndarray, n_lines: int) -> LineEntries:
    """The CSR arrays of entries sorted by deal."""
    n = len(dt.deals)
    start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(deal, minlength=n), out=start[1:])
    value = dt.values[deal, masks].astype(np.int64, copy=False)
    by_line = np.argsort(line, kind="stable").astype(np.int64, copy=False)
    by_start = np.zeros(n_lines + 1, dtype=np.int64)
    np.cumsum(np.bincount(line, minlength=n_lines), out=by_start[1:])
    return LineEntries(start, line, value, masks, by_start, by_line, deal, dt.values[:, 0].astype(np.int64), n_lines)
