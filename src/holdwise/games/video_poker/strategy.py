"""Strategy charts: the exact value of every hold of every deal, a chart's exact return, the best charts.

A chart is an ordered list of lines, each naming a set of hold-pattern ids of the game's vocabulary
(`patterns.py`). On a deal the chart plays the hold matched by its FIRST line that matches any of the
deal's 32 holds; a deal no line matches discards everything (draws five).

When one line fits several holds of a deal, the line takes them in a fixed order that does not look at
the pattern's worth: the hold whose held cards rank lowest (compared card by card from the top, the
joker above the ace; players hold the lowest of several unsuited high cards), then fewer cards. Holds
with exactly the same ranks differ only in suits, a choice
no chart line names: there the hold with the higher value is taken (as a player picks the suit), then
the solver's tie rule. This keeps every suit-renamed copy of a deal playing the same way, so the return
over the 134,459 suit-distinct deals (each weighted by how many deals it stands for) is exactly the return
over all 2,598,960 deals.

Values are integers over one scale per game and bet, as `solver.hold_values` gives them for one hand:
value per coin = v / scale with scale = M x (the pays' common denominator). The chart's return is

    R = sum_d w_d v_d(chart's hold) / (C(deck, 5) x scale),

and the optimum is the same sum over each deal's best hold (ties as the solver breaks them).

The best basic strategy is an order of the vocabulary's ids (one id a line) found by local search:
start from the ids sorted by their mean value, then move single ids to the position that gains most
(an insertion move; an adjacent swap is one) until no move gains; gains are computed exactly and
incrementally (only deals holding the moved id change). Charts of at most N lines take the better of
two greedy searches over the basic strategy's lines and the coarse lines the vocabulary reads ("4 to a
flush" over its finer ids): growing a chart from nothing (each step inserts the line and place that gain
most, then re-orders) and shrinking the basic strategy (each step removes the line, or merges lines into
a coarse one, that loses least). Neither is proven optimal; the basic strategy is a proven local optimum.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from ..base import Result, fraction_text
from .analysis import ReturnRow, check_coins, number, play_statistics
from ..inputs import parse_whole
from .cards import card_str
from .evaluator import binomials
from .paytables import MAX_COINS, PayTable
from .solver import (
    HOLD_PRIORITY,
    POPCOUNT,
    distinct_deals,
    game_tables,
    hold_values,
    integer_pays,
)

__all__ = [
    "CHART_LINE_LIMIT", "COMMON_COARSE", "CURVE_LINES", "STAGES", "ChartError", "ChartHold", "ChartLineStats", "ChartReport", "CurvePoint", "DealTable",
    "LineEntries", "OrderSearch", "chart_hold", "chart_play", "check_lines", "class_totals", "cost_curve", "deal_table", "derive_order", "evaluate_chart",
    "game_chart_report", "grow_charts", "line_entries", "reduce_chart", "strategy_report",
]

HAND = 5
CURVE_LINES = 40  # the cost curve runs over charts of 1 to 40 lines
CHART_LINE_LIMIT = 10_000  # a chart's lines beyond this are refused by the reader; the engine takes any
NO_LINE = np.int64(1 << 40)  # position of a line that is not in the chart
TOP_ERRORS = 10
UNION_TEXT_LIMIT = 200  # a union line's text stays within the chart reader's line limit (patterns.MAX_LINE_CHARS)
# A union line names at most this many patterns, as printed charts do ("three of a kind, straight, flush, full
# house"): a line is something a player holds in mind, so a count of lines measures what there is to learn.
UNION_PARTS_LIMIT = 4


# ---------------------------------------------------------------------------------------------------------------
# every hold of every deal


def _all_hold_values(deals, pay_sums, classes5, pays, binom, offset, mult, priority, popcount, value, values,
                     best_mask):
    """values[i, mask] = S(H) x mult[|H|] for every hold of every deal; best_mask[i] = the solver's best hold.

    S(H) = sum over Y, H ⊆ Y ⊆ deal of (-1)^|Y - H| T[Y] . pays (the Möbius transform of the solver). `value`
    is scratch (32), `popcount[mask]` the cards held. A kernel calling no other: a first run compiles it alone.
    """
    for i in range(deals.shape[0]):
        full = 0
        for mask in range(32):  # the row of T of each subset (as `solver.hand_values`); full = the deal's rank
            sub = 0
            pos = 1
            for j in range(HAND):
                if (mask >> j) & 1:
                    sub += binom[deals[i, j], pos]
                    pos += 1
            if mask == 31:
                full = sub
            else:
                value[mask] = pay_sums[offset[pos - 1] + sub]
        value[31] = pays[classes5[full]]
        for bit in range(HAND):
            step = 1 << bit
            for mask in range(32):
                if not mask & step:
                    value[mask] -= value[mask | step]
        best = 0
        top = value[0] * mult[0]
        for mask in range(32):
            scaled = value[mask] * mult[popcount[mask]]
            values[i, mask] = scaled
            if scaled > top or (scaled == top and priority[mask] < priority[best]):
                best = mask
                top = scaled
        best_mask[i] = best


all_hold_values = njit(cache=True, nogil=True)(_all_hold_values)


def _chosen_class_totals(deals, weights, masks, class_counts, classes5, binom, offset, mult, popcount, totals):
    """totals[c] += w_i x mult[|H_i|] x N_c(H_i): the final-hand class counts of one chosen hold per deal."""
    n_classes = class_counts.shape[1]
    for i in range(deals.shape[0]):
        hold = masks[i]
        held = popcount[hold]
        factor = weights[i] * mult[held]
        for mask in range(32):
            if (mask & hold) == hold:
                sign = factor if (popcount[mask] - held) % 2 == 0 else -factor
                sub = 0
                pos = 1
                for j in range(HAND):
                    if (mask >> j) & 1:
                        sub += binom[deals[i, j], pos]
                        pos += 1
                if mask == 31:
                    totals[classes5[sub]] += sign
                else:
                    for c in range(n_classes):
                        totals[c] += sign * class_counts[offset[pos - 1] + sub, c]


chosen_class_totals = njit(cache=True, nogil=True)(_chosen_class_totals)


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
        return _weighted_sum(self.weights, self.best_value)


def _weighted_sum(weights: np.ndarray, values: np.ndarray) -> int:
    """sum w x v exactly: int64 in blocks that cannot overflow, added up as Python ints."""
    # one product is w (<= 24) x |v| (< 2**62 / C(47, 5)); a block of 4,096 stays far below 2**63
    products = np.asarray(weights, dtype=np.int64) * np.asarray(values, dtype=np.int64)
    return sum(int(products[lo:lo + 4096].sum()) for lo in range(0, len(products), 4096))


def _rank_keys(deals: np.ndarray) -> np.ndarray:
    """Per deal and mask: a number that is smaller for the hold taken first inside one chart line.

    The hold whose held cards rank LOWEST comes first, compared card by card from the top card down (so
    with K Q J unsuited, "2 high cards" takes Q J, and "single high card" the J, as players are taught),
    then fewer cards (a hold that is the top of another comes first). Digits base 16 from the top held card
    down: rank + 1 (the joker 14), 0 past the last held card. Drawing five comes last.
    """
    # sorted cards: ranks ascending, the joker (52) is rank 13; held card j is the digit of 16^(4 - k) with k the
    # held cards above it, so every key is one product (rank + 1) @ _RANK_DIGITS
    keys = ((np.asarray(deals) >> 2) + 1).astype(np.int64) @ _RANK_DIGITS
    keys[:, 0] = 16**HAND
    return keys


_RANK_DIGITS = np.array([[16 ** (HAND - 1 - (mask >> j + 1).bit_count()) if mask >> j & 1 else 0 for mask in range(32)]
                         for j in range(HAND)], dtype=np.int64)


@lru_cache(maxsize=4)
def deal_table(table: PayTable, coins: int = MAX_COINS) -> DealTable:
    """The exact value of every hold of every suit-distinct deal, the best hold of each, the in-line order."""
    tables = game_tables(table)
    d = tables.deck
    pays, denominator = integer_pays(table, coins)
    pay_sums = tables.class_counts @ pays
    deals, weights = distinct_deals(table.deck)
    n = len(deals)
    values = np.empty((n, 32), dtype=np.int64)
    best_mask = np.empty(n, dtype=np.int64)
    all_hold_values(deals, pay_sums, tables.classes5, pays, binomials(), d.offset, d.mult, HOLD_PRIORITY, POPCOUNT,
                    np.empty(32, dtype=np.int64), values, best_mask)
    best_value = values[np.arange(n), best_mask]
    keys = _rank_keys(deals)
    priority = np.broadcast_to(HOLD_PRIORITY, (n, 32))
    order = np.lexsort((priority, -values, keys), axis=-1)
    within = np.empty((n, 32), dtype=np.int8)
    np.put_along_axis(within, order, np.arange(32, dtype=np.int8)[None, :].repeat(n, 0), axis=1)
    for a in (deals, weights, values, best_mask, best_value, within):
        a.flags.writeable = False
    return DealTable(table, coins, deals, weights, values, best_mask, best_value, within, d.weight * denominator,
                     math.comb(table.deck, HAND))


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


def _entries_kernel(ids, by_within, id_start, id_lines, seen, count_only, out_deal, out_line, out_mask):
    """Per deal, walk its holds in the in-line order; each line naming the hold's id takes its first hold.

    Returns the number of entries (count_only) or fills out_*; `seen[l]` = last deal that line l entered.
    """
    k = 0
    for d in range(ids.shape[0]):
        for j in range(32):
            mask = by_within[d, j]
            pid = ids[d, mask]
            for t in range(id_start[pid], id_start[pid + 1]):
                line = id_lines[t]
                if seen[line] != d:
                    seen[line] = d
                    if not count_only:
                        out_deal[k] = d
                        out_line[k] = line
                        out_mask[k] = mask
                    k += 1
    return k


entries_kernel = njit(cache=True, nogil=True)(_entries_kernel)


def line_entries(dt: DealTable, ids: np.ndarray, lines: Sequence[Iterable[int]]) -> LineEntries:
    """Per deal, the lines that fit one of its holds, each with the hold it takes (its first in the deal's order).

    Lines may share ids (a coarse line and its finer lines): each line's entry does not depend on the others.
    """
    n_ids = int(ids.max()) + 1
    pairs = sorted({(int(x), i) for i, ln in enumerate(lines) for x in ln if 0 <= int(x) < n_ids})
    id_start = np.zeros(n_ids + 1, dtype=np.int64)
    np.cumsum(np.bincount(np.array([p for p, _ in pairs], dtype=np.int64), minlength=n_ids), out=id_start[1:])
    id_lines = np.array([i for _, i in pairs], dtype=np.int64)
    by_within = np.argsort(dt.within, axis=1).astype(np.int64)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    seen = np.full(max(1, len(lines)), -1, dtype=np.int64)
    empty = np.empty(0, dtype=np.int64)
    size = entries_kernel(ids, by_within, id_start, id_lines, seen, True, empty, empty, empty)
    deal, line, masks = (np.empty(size, dtype=np.int64) for _ in range(3))
    seen[:] = -1
    entries_kernel(ids, by_within, id_start, id_lines, seen, False, deal, line, masks)
    return _entries(dt, deal, line, masks, len(lines))


def _entries(dt: DealTable, deal: np.ndarray, line: np.ndarray, masks: np.ndarray, n_lines: int) -> LineEntries:
    """The CSR arrays of entries sorted by deal."""
    n = len(dt.deals)
    start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(deal, minlength=n), out=start[1:])
    value = dt.values[deal, masks].astype(np.int64)
    by_line = np.argsort(line, kind="stable").astype(np.int64)
    by_start = np.zeros(n_lines + 1, dtype=np.int64)
    np.cumsum(np.bincount(line, minlength=n_lines), out=by_start[1:])
    return LineEntries(start, line, value, masks, by_start, by_line, deal, dt.values[:, 0].astype(np.int64), n_lines)


def _choices(start, line, pos, choice):
    """choice[d] = the entry of deal d whose line stands first in the chart (-1: none)."""
    for d in range(start.shape[0] - 1):
        best = -1
        top = NO_LINE
        for e in range(start[d], start[d + 1]):
            p = pos[line[e]]
            if p < top:
                top = p
                best = e
        choice[d] = best


choices = njit(cache=True)(_choices)


def _second_value(d, skip, start, line, value, pos, fallback):
    """(position, value) of the deal's first line other than entry `skip` (fallback: position NO_LINE)."""
    top = NO_LINE
    val = fallback[d]
    for f in range(start[d], start[d + 1]):
        if f != skip:
            p = pos[line[f]]
            if p < top:
                top = p
                val = value[f]
    return top, val


second_value = njit(cache=True, inline="always")(_second_value)  # inlined in its callers: no compile of its own


def _sweep(order, pos, start, line, value, weights, fallback, by_start, by_entry, deal_of, choice, lines, up, down):
    """One pass of insertion moves over every line of `order`; returns (moves made, total gain).

    Moving line a from position p to q < p switches the deals whose chosen line c stands at q..p-1 and hold
    a to a: gain sum w (v_a - v_c). Moving it to q > p switches the deals that chose a and whose next line
    s stands at p+1..q to s: gain sum w (v_s - v_a). Each line moves to its best place if that gains.
    `lines` is a copy of `order` (the lines visited), `up` and `down` scratch as long: the caller's, so the
    kernel allocates nothing (it compiles faster).
    """
    n_pos = order.shape[0]
    moves = 0
    gained = 0
    for a in lines:
        p = pos[a]
        for k in range(n_pos):
            up[k] = 0
            down[k] = 0
        for k in range(by_start[a], by_start[a + 1]):
            e = by_entry[k]
            d = deal_of[e]
            c = choice[d]
            w = weights[d]
            if c != e:
                up[pos[line[c]]] += w * (value[e] - value[c])
            else:
                sp, sv = second_value(d, e, start, line, value, pos, fallback)
                if sp < NO_LINE:
                    down[sp] += w * (sv - value[e])
        best_gain = 0
        best_q = p
        acc = 0
        for q in range(p - 1, -1, -1):
            acc += up[q]
            if acc > best_gain:
                best_gain = acc
                best_q = q
        acc = 0
        for q in range(p + 1, n_pos):
            acc += down[q]
            if acc > best_gain:
                best_gain = acc
                best_q = q
        if best_q == p:
            continue
        if best_q < p:
            for k in range(p, best_q, -1):
                order[k] = order[k - 1]
                pos[order[k]] = k
        else:
            for k in range(p, best_q):
                order[k] = order[k + 1]
                pos[order[k]] = k
        order[best_q] = a
        pos[a] = best_q
        for k in range(by_start[a], by_start[a + 1]):
            d = deal_of[by_entry[k]]
            top = NO_LINE
            best = -1
            for f in range(start[d], start[d + 1]):
                pl = pos[line[f]]
                if pl < top:
                    top = pl
                    best = f
            choice[d] = best
        moves += 1
        gained += best_gain
    return moves, gained


sweep = njit(cache=True, nogil=True)(_sweep)


def _removal_costs(order, pos, start, line, value, weights, fallback, choice, cost):
    """cost[l] = sum over deals choosing line l of w (v_l - v_next): what removing l loses (may be < 0)."""
    for k in range(order.shape[0]):
        cost[order[k]] = 0
    for d in range(start.shape[0] - 1):
        e = choice[d]
        if e < 0:
            continue
        _, sv = second_value(d, e, start, line, value, pos, fallback)
        cost[line[e]] += weights[d] * (value[e] - sv)


removal_costs = njit(cache=True, nogil=True)(_removal_costs)


@dataclass
class OrderSearch:
    """A chart order being improved: lines (sets of ids), their order, each deal's chosen entry."""

    entries: LineEntries
    order: np.ndarray  # line indices, first line first
    pos: np.ndarray  # pos[line] = its place, NO_LINE when out of the chart
    choice: np.ndarray
    weights: np.ndarray

    @classmethod
    def start(cls, entries: LineEntries, order: Sequence[int], weights: np.ndarray) -> OrderSearch:
        """A search from a given order of (some of) the lines."""
        order = np.asarray(order, dtype=np.int64)
        pos = np.full(entries.n_lines, NO_LINE, dtype=np.int64)
        pos[order] = np.arange(len(order))
        choice = np.empty(len(entries.start) - 1, dtype=np.int64)
        choices(entries.start, entries.line, pos, choice)
        return cls(entries, order.copy(), pos, choice, weights)

    def value_sum(self) -> int:
        """sum_d w_d x value of the chosen hold (exact)."""
        e = self.entries
        v = np.where(self.choice >= 0, e.value[np.maximum(self.choice, 0)], e.fallback)
        return _weighted_sum(self.weights, v)

    def improve(self, max_sweeps: int = 1000, progress: Callable[[int], None] | None = None) -> int:
        """Insertion moves until none gains (a local optimum); returns the number of sweeps."""
        e = self.entries
        for n in range(1, max_sweeps + 1):
            moves, _ = sweep(self.order, self.pos, e.start, e.line, e.value, self.weights, e.fallback,
                             e.by_line_start, e.by_line_entry, e.deal_of, self.choice, self.order.copy(),
                             np.zeros(len(self.order), dtype=np.int64), np.zeros(len(self.order), dtype=np.int64))
            if progress is not None:
                progress(n)
            if moves == 0:
                return n
        return max_sweeps

    def costs(self) -> np.ndarray:
        """What removing each line of the order loses (indexed by line)."""
        e = self.entries
        cost = np.zeros(e.n_lines, dtype=np.int64)
        removal_costs(self.order, self.pos, e.start, e.line, e.value, self.weights, e.fallback, self.choice, cost)
        return cost

    def remove(self, victim: int) -> None:
        """Take a line out of the chart."""
        self.reorder(self.order[self.order != victim])

    def reorder(self, order: Sequence[int]) -> None:
        """Play the chart with these lines in this order (the others out)."""
        self.order = np.asarray(order, dtype=np.int64)
        self.pos = np.full(self.entries.n_lines, NO_LINE, dtype=np.int64)
        self.pos[self.order] = np.arange(len(self.order))
        self.choice = np.empty_like(self.choice)
        choices(self.entries.start, self.entries.line, self.pos, self.choice)

    def compact(self, dt: DealTable) -> None:
        """Drop the entries of lines out of the chart (later sweeps visit fewer entries)."""
        e = self.entries
        keep = self.pos[e.line] < NO_LINE
        self.entries = _entries(dt, e.deal_of[keep], e.line[keep], e.mask[keep], e.n_lines)
        choices(self.entries.start, self.entries.line, self.pos, self.choice)

    def live(self) -> np.ndarray:
        """The lines of the order that are the play on some deal, in order."""
        used = np.zeros(self.entries.n_lines, dtype=bool)
        used[self.entries.line[self.choice[self.choice >= 0]]] = True
        return self.order[used[self.order]]


def _mean_value_order(entries: LineEntries, weights: np.ndarray) -> np.ndarray:
    """Lines sorted by the weighted mean value of the hold they take, highest first."""
    w = weights[entries.deal_of].astype(np.float64)
    total = np.bincount(entries.line, weights=w * entries.value.astype(np.float64), minlength=entries.n_lines)
    count = np.bincount(entries.line, weights=w, minlength=entries.n_lines)
    mean = np.where(count > 0, total / np.maximum(count, 1), -1.0)
    return np.lexsort((np.arange(entries.n_lines), -mean))


def derive_order(dt: DealTable, ids: np.ndarray, n_ids: int,
                 progress: Callable[[int], None] | None = None) -> tuple[list[int], OrderSearch]:
    """The best basic strategy: an order of the ids (one a line) at a local optimum of the exact return.

    Returns the live lines (ids that are the play on some deal), best first, and the search state.
    """
    entries = line_entries(dt, ids, [(i,) for i in range(n_ids)])
    search = OrderSearch.start(entries, _mean_value_order(entries, dt.weights), dt.weights)
    search.improve(progress=progress)
    live = search.live()
    # lines that are never the play change nothing: drop them, the choices stay the same
    search = OrderSearch.start(entries, live, dt.weights)
    return [int(x) for x in live], search


def _union_losses(start, line, mask, value, weights, within, next_line, choice, loss):
    """loss[a] = what merging line a with the line after it (next_line[a]) into one union line loses.

    Merged in a's place, the union line takes on each deal the first of its holds in the deal's in-line
    order: only deals that chose a and where b's hold comes first in that order change (to b's hold), so
    loss[a] = sum over them of w (v_a - v_b) (negative when the merge gains).
    """
    for d in range(start.shape[0] - 1):
        e = choice[d]
        if e < 0:
            continue
        a = line[e]
        b = next_line[a]
        if b < 0:
            continue
        for f in range(start[d], start[d + 1]):
            if line[f] == b:
                if within[d, mask[f]] < within[d, mask[e]]:
                    loss[a] += weights[d] * (value[e] - value[f])
                break


union_losses = njit(cache=True, nogil=True)(_union_losses)


def _with_union(dt: DealTable, entries: LineEntries, a: int, b: int) -> LineEntries:
    """The entries with one more line (index entries.n_lines): the union of lines a and b.

    On each deal the union takes the first of a's and b's holds in the deal's in-line order, as a line
    naming both lines' ids does.
    """
    e = entries
    pick = (e.line == a) | (e.line == b)
    deal, masks = e.deal_of[pick], e.mask[pick]
    rank = dt.within[deal, masks].astype(np.int64)
    order = np.lexsort((rank, deal))
    deal, masks = deal[order], masks[order]
    first = np.ones(len(deal), dtype=bool)
    first[1:] = deal[1:] != deal[:-1]
    deal, masks = deal[first], masks[first]
    u = e.n_lines
    at = e.start[deal + 1]  # each new entry goes last in its deal's block: the arrays stay sorted by deal
    return _entries(dt, np.insert(e.deal_of, at, deal), np.insert(e.line, at, u), np.insert(e.mask, at, masks),
                    u + 1)


def reduce_chart(dt: DealTable, ids: np.ndarray, lines: Sequence[frozenset[int]], max_lines: int = 1,
                 coarse: Mapping[str, frozenset[int]] | None = None, texts: Sequence[str] | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 reorder_below: int = 2 * CURVE_LINES, unions: bool = True,
                 ) -> dict[int, tuple[list[str], list[frozenset[int]], int]]:
    """The best chart found of each length from the full chart down to max_lines: {n: (texts, lines, value sum)}.

    Greedy, one step at a time: either remove the line whose removal loses least (its deals fall to their
    next line), or merge: put a coarse line the vocabulary reads (`coarse`: text -> ids) in the place of the
    first of the chart's lines it covers and drop those lines, or (with `unions`) join two consecutive lines
    into one union line "A or B" (within it the in-line order picks the hold, so the play may change; the
    loss is exact, see `_union_losses`), whichever loses least. Merge losses are
    re-evaluated lazily (the cheapest estimate first). Below `reorder_below` lines the order is re-optimised
    by insertion moves after each step. Lines that are never the play are not counted (they change
    nothing). The value sum of the best chart of AT MOST n lines is kept for each n, so the curve never
    rises as n grows.
    """
    all_texts = list(texts) if texts is not None else [str(sorted(x)) for x in lines]
    all_lines = [frozenset(int(i) for i in x) for x in lines]
    n_given = len(all_lines)
    for text, cover in (coarse or {}).items():
        if text not in all_texts:
            all_texts.append(text)
            all_lines.append(frozenset(cover))
    coarse_ids = list(range(n_given, len(all_lines)))
    entries = line_entries(dt, ids, all_lines)
    search = OrderSearch.start(entries, np.arange(n_given), dt.weights)
    out: dict[int, tuple[list[str], list[frozenset[int]], int]] = {}
    first_n = len(search.live())
    steps_total = max(1, first_n - max_lines)
    estimate: dict[int, int] = {}

    def merged_order(c: int) -> list[int] | None:
        order = search.order.tolist()
        inside = [k for k, i in enumerate(order) if all_lines[i] <= all_lines[c]]
        if len(inside) < 2:
            return None
        drop = set(inside)
        return [c if k == inside[0] else i for k, i in enumerate(order) if k == inside[0] or k not in drop]

    def trial(order: list[int]) -> int:
        saved = (search.order, search.pos.copy(), search.choice.copy())
        search.reorder(order)
        value = search.value_sum()
        search.order, search.pos, search.choice = saved
        return value

    step = 0
    while True:
        live = search.live()
        n = len(live)
        value = search.value_sum()
        for k in range(n, first_n + 1):  # a chart of n lines is a chart of at most k lines for every k >= n
            if k not in out or out[k][2] < value:
                out[k] = ([all_texts[i] for i in live], [all_lines[i] for i in live], value)
            elif k > reorder_below:
                break
        if n <= max(max_lines, 1):
            break
        cost = search.costs()
        victim = min(live.tolist(), key=lambda i: (int(cost[i]), -int(search.pos[i])))
        best = (int(cost[victim]), None)
        in_chart = set(search.order.tolist())
        candidates = [c for c in coarse_ids if c not in in_chart]
        for c in candidates:  # first visit: an exact loss for every merge
            if c not in estimate:
                order = merged_order(c)
                estimate[c] = value - trial(order) if order is not None else 1 << 62
        for _ in range(8):  # lazy: re-evaluate the cheapest estimates while one may beat the best so far
            pool = sorted((estimate[c], c) for c in candidates)
            pool = [(e, c) for e, c in pool if e < best[0]]
            if not pool:
                break
            c = pool[0][1]
            order = merged_order(c)
            estimate[c] = value - trial(order) if order is not None else 1 << 62
            if estimate[c] < best[0] and (len(pool) == 1 or estimate[c] <= pool[1][0]):
                best = (estimate[c], order)
                break
        union = None
        if unions:  # merging two consecutive lines into one union line ("A or B")
            next_line = np.full(search.entries.n_lines, -1, dtype=np.int64)
            next_line[live[:-1]] = live[1:]
            loss = np.zeros(search.entries.n_lines, dtype=np.int64)
            e = search.entries
            union_losses(e.start, e.line, e.mask, e.value, dt.weights, dt.within, next_line, search.choice, loss)
            fits = [a for a in live[:-1].tolist()
                    if len(all_texts[a]) + len(all_texts[int(next_line[a])]) + 4 <= UNION_TEXT_LIMIT
                    and all_texts[a].count(" or ") + all_texts[int(next_line[a])].count(" or ") + 2
                    <= UNION_PARTS_LIMIT]
            if fits:
                a = min(fits, key=lambda i: (int(loss[i]), int(search.pos[i])))
                if int(loss[a]) < best[0]:
                    union = (a, int(next_line[a]))
        if union is not None:
            a, b = union
            all_texts.append(f"{all_texts[a]} or {all_texts[b]}")
            all_lines.append(all_lines[a] | all_lines[b])
            search.entries = _with_union(dt, search.entries, a, b)
            search.reorder([len(all_lines) - 1 if i == a else i for i in search.order.tolist() if i != b])
        elif best[1] is None:
            search.remove(victim)
        else:
            search.reorder(best[1])
        if n - 1 <= reorder_below:
            search.improve()
        step += 1
        if progress is not None:
            progress(min(step, steps_total), steps_total)
    return out


def _add_gains(candidates, by_start, by_entry, deal_of, line, value, weights, fallback, pos, choice, n_pos,
               gains, places):
    """For each candidate line: the best place to insert it in the chart and what that gains.

    Inserted at place q, the line takes the deals that hold it and whose chosen line stands at q or below
    (or that no line matches): gain(q) = sum over them of w (v_line - v_now), a suffix sum over places.
    """
    up = np.zeros(n_pos + 1, dtype=np.int64)
    for k in range(candidates.shape[0]):
        c = candidates[k]
        for q in range(n_pos + 1):
            up[q] = 0
        for t in range(by_start[c], by_start[c + 1]):
            e = by_entry[t]
            d = deal_of[e]
            f = choice[d]
            if f < 0:
                up[n_pos] += weights[d] * (value[e] - fallback[d])
            else:
                up[pos[line[f]]] += weights[d] * (value[e] - value[f])
        acc = 0
        best = 0
        place = -1
        for q in range(n_pos, -1, -1):
            acc += up[q]
            if acc > best:
                best = acc
                place = q
        gains[k] = best
        places[k] = place


add_gains = njit(cache=True, nogil=True)(_add_gains)


def grow_charts(dt: DealTable, ids: np.ndarray, lines: Sequence[frozenset[int]], texts: Sequence[str],
                up_to: int = CURVE_LINES, progress: Callable[[int, int], None] | None = None,
                ) -> dict[int, tuple[list[str], list[frozenset[int]], int]]:
    """Charts of 1 to up_to lines built forward: {n: (texts, lines, value sum)}.

    From the empty chart (every deal draws five), each step inserts the candidate line (fine or coarse) at
    the place that gains most, computed exactly for every candidate and place at once, then re-optimises
    the order by insertion moves and drops lines that are no longer the play.
    """
    lines = [frozenset(int(i) for i in x) for x in lines]
    entries = line_entries(dt, ids, lines)
    search = OrderSearch.start(entries, np.empty(0, dtype=np.int64), dt.weights)
    out: dict[int, tuple[list[str], list[frozenset[int]], int]] = {}
    gains = np.zeros(len(lines), dtype=np.int64)
    places = np.zeros(len(lines), dtype=np.int64)
    for step in range(4 * up_to):
        in_chart = np.zeros(len(lines), dtype=bool)
        in_chart[search.order] = True
        candidates = np.nonzero(~in_chart)[0].astype(np.int64)
        if not len(candidates):
            break
        e = entries
        add_gains(candidates, e.by_line_start, e.by_line_entry, e.deal_of, e.line, e.value, dt.weights, e.fallback,
                  search.pos, search.choice, len(search.order), gains, places)
        k = int(np.argmax(gains[:len(candidates)]))
        if gains[k] <= 0:
            break
        order = search.order.tolist()
        order.insert(int(places[k]), int(candidates[k]))
        search.reorder(order)
        search.improve()
        search.reorder(search.live())
        n = len(search.order)
        value = search.value_sum()
        for m in range(n, up_to + 1):
            if m not in out or out[m][2] < value:
                out[m] = ([texts[i] for i in search.order], [lines[i] for i in search.order], value)
        if progress is not None:
            progress(min(n, up_to), up_to)
        if n >= up_to:
            break
    return out


# ---------------------------------------------------------------------------------------------------------------
# results


@dataclass(frozen=True)
class ChartLineStats(Result):
    """One chart line: how often it is the play, the value range of its holds, the cost of its mistakes.

    `frequency` is the chance (over every deal) that the line is the play; `value_min`/`value_max` the
    range of the holds' expected returns per coin there; `mistakes` the chance it is the play and not the
    best hold, `cost` the return per coin those deals lose against the optimum.
    """

    number: int
    text: str
    frequency: float
    value_min: float | None
    value_max: float | None
    mistakes: float
    cost: float
    cost_exact: str | None = None

    def to_json(self) -> dict:
        return {k: v for k, v in super().to_json().items() if v is not None or k in ("value_min", "value_max")}

    @classmethod
    def from_json(cls, data: Mapping) -> ChartLineStats:
        """The line back from its `to_json` (ValueError when a field is missing or of the wrong type)."""
        return cls(number=_int(data, "number"), text=_str(data, "text"), frequency=_num(data, "frequency"),
                   value_min=_num(data, "value_min", none=True), value_max=_num(data, "value_max", none=True),
                   mistakes=_num(data, "mistakes"), cost=_num(data, "cost"),
                   cost_exact=_str(data, "cost_exact", none=True, missing=True))


@dataclass(frozen=True)
class ChartError(Result):
    """Deals where the chart plays one pattern and another is best: how often, what it costs, an example.

    In `note` the players' reading: "Js Ts 9s 8s 2h: hold 4 to a straight flush, not ...".
    """

    chart_pattern: str
    best_pattern: str
    frequency: float
    deals: int
    cost: float
    example: str
    example_chart_hold: str
    example_best_hold: str
    example_loss: float
    note: str

    @classmethod
    def from_json(cls, data: Mapping) -> ChartError:
        """The error group back from its `to_json` (ValueError when a field is missing or of the wrong type)."""
        return cls(chart_pattern=_str(data, "chart_pattern"), best_pattern=_str(data, "best_pattern"),
                   frequency=_num(data, "frequency"), deals=_int(data, "deals"), cost=_num(data, "cost"),
                   example=_str(data, "example"), example_chart_hold=_str(data, "example_chart_hold"),
                   example_best_hold=_str(data, "example_best_hold"), example_loss=_num(data, "example_loss"),
                   note=_str(data, "note"))


@dataclass(frozen=True)
class CurvePoint(Result):
    """The best chart found of at most `lines` lines: its return and cost."""

    lines: int
    return_value: float
    return_exact: str
    cost: float
    cost_percent: float
    hands_per_bet_lost: float | None

    def to_json(self) -> dict:
        out = super().to_json()
        out["return"] = out.pop("return_value")
        return {"lines": out["lines"], "return": out["return"], **{k: v for k, v in out.items()
                                                                  if k not in ("lines", "return")}}

    @classmethod
    def from_json(cls, data: Mapping) -> CurvePoint:
        """The point back from its `to_json` (ValueError when a field is missing or of the wrong type)."""
        return cls(lines=_int(data, "lines"), return_value=_num(data, "return"),
                   return_exact=_str(data, "return_exact"), cost=_num(data, "cost"), cost_percent=_num(data, "cost_percent"),
                   hands_per_bet_lost=_num(data, "hands_per_bet_lost", none=True))


@dataclass(frozen=True)
class ChartReport(Result):
    """A chart's exact play over every deal: return, cost against the optimum, per-line stats, worst errors.

    `kind` is "chart" (a user's chart), "basic" (the derived best basic strategy) or "lines" (the best chart
    of at most `max_lines` lines). `cost` is the return per coin lost against optimal play; one bet is lost
    every `hands_per_bet_lost` = 1 / cost hands (None when the chart is optimal). `table` is the chart's
    return table (pay classes of its final hands); `variance` per coin bet squared.
    """

    kind: str
    paytable: str
    name: str
    coins: int
    lines: tuple[ChartLineStats, ...]
    return_value: float
    return_exact: str
    return_percent: float
    optimal_return: float
    optimal_return_exact: str
    cost: float
    cost_exact: str
    cost_percent: float
    hands_per_bet_lost: float | None
    variance: float
    standard_deviation: float
    hit_frequency: float
    draw_five_unmatched: float
    errors: tuple[ChartError, ...]
    table: tuple = ()
    notes: tuple[ChartError, ...] = ()
    curve: tuple[CurvePoint, ...] = ()
    max_lines: int | None = None
    seconds: float = 0.0
    chart_text: str = ""

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "paytable": self.paytable, "name": self.name, "coins": self.coins,
                               "lines": [ln.to_json() for ln in self.lines], "return": self.return_value,
                               "return_exact": self.return_exact, "return_percent": self.return_percent,
                               "cost": self.cost, "cost_exact": self.cost_exact, "cost_percent": self.cost_percent,
                               "hands_per_bet_lost": self.hands_per_bet_lost,
                               "optimal_return": self.optimal_return,
                               "optimal_return_exact": self.optimal_return_exact,
                               "variance": self.variance, "standard_deviation": self.standard_deviation,
                               "hit_frequency": self.hit_frequency,
                               "draw_five_unmatched": self.draw_five_unmatched,
                               "errors": [e.to_json() for e in self.errors],
                               "table": [r.to_json() for r in self.table]}
        if self.kind == "basic":
            out["notes"] = [n.to_json() for n in self.notes]
        if self.max_lines is not None:
            out["max_lines"] = self.max_lines
        if self.curve:
            out["curve"] = [c.to_json() for c in self.curve]
        out["chart_text"] = self.chart_text
        out["seconds"] = self.seconds
        return out

    @classmethod
    def from_json(cls, data: Mapping) -> ChartReport:
        """The report back from its `to_json`, so that `from_json(r.to_json()).to_json() == r.to_json()`
        (ValueError when a field is missing or of the wrong type: a kept answer is checked, never trusted)."""
        if not isinstance(data, Mapping):
            raise ValueError("a report is a JSON object")
        kind = _str(data, "kind")
        if kind not in ("basic", "lines", "chart"):
            raise ValueError(f"unknown report kind {kind!r}")
        errors = tuple(ChartError.from_json(e) for e in _list(data, "errors"))
        notes = tuple(ChartError.from_json(e) for e in _list(data, "notes")) if kind == "basic" else ()
        max_lines = _int(data, "max_lines") if "max_lines" in data else None
        curve = tuple(CurvePoint.from_json(c) for c in _list(data, "curve")) if "curve" in data else ()
        if "curve" in data and not curve:
            raise ValueError("an empty curve is never written")
        return cls(
            kind=kind, paytable=_str(data, "paytable"), name=_str(data, "name"), coins=_int(data, "coins"),
            lines=tuple(ChartLineStats.from_json(ln) for ln in _list(data, "lines")),
            return_value=_num(data, "return"), return_exact=_str(data, "return_exact"),
            return_percent=_num(data, "return_percent"), optimal_return=_num(data, "optimal_return"),
            optimal_return_exact=_str(data, "optimal_return_exact"), cost=_num(data, "cost"),
            cost_exact=_str(data, "cost_exact"), cost_percent=_num(data, "cost_percent"),
            hands_per_bet_lost=_num(data, "hands_per_bet_lost", none=True), variance=_num(data, "variance"),
            standard_deviation=_num(data, "standard_deviation"), hit_frequency=_num(data, "hit_frequency"),
            draw_five_unmatched=_num(data, "draw_five_unmatched"), errors=errors,
            table=tuple(_return_row(r) for r in _list(data, "table")), notes=notes, curve=curve,
            max_lines=max_lines, seconds=_num(data, "seconds"), chart_text=_str(data, "chart_text"))


# reading a report's JSON back: each field of the type `to_json` writes, else ValueError


def _field(data: Mapping, key: str, missing: bool) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError("expected a JSON object")
    if key not in data:
        if missing:
            return None
        raise ValueError(f"missing field {key!r}")
    return data[key]


def _num(data: Mapping, key: str, none: bool = False) -> float | int | None:
    x = _field(data, key, False)
    if x is None and none:
        return None
    if type(x) not in (int, float) or not math.isfinite(x):  # bool is not a number here
        raise ValueError(f"field {key!r} is not a number")
    return x


def _int(data: Mapping, key: str) -> int:
    x = _field(data, key, False)
    if type(x) is not int:
        raise ValueError(f"field {key!r} is not a whole number")
    return x


def _str(data: Mapping, key: str, none: bool = False, missing: bool = False) -> str | None:
    x = _field(data, key, missing)
    if x is None and (none or missing):
        return None
    if not isinstance(x, str):
        raise ValueError(f"field {key!r} is not text")
    return x


def _list(data: Mapping, key: str) -> list:
    x = _field(data, key, False)
    if not isinstance(x, list):
        raise ValueError(f"field {key!r} is not a list")
    return x


def _return_row(data: Mapping) -> ReturnRow:
    return ReturnRow(hand=_str(data, "hand"), pay=_num(data, "pay"), combinations=_int(data, "combinations"),
                     probability=_num(data, "probability"), contribution=_num(data, "contribution"),
                     pay_exact=_str(data, "pay_exact", missing=True),
                     probability_exact=_str(data, "probability_exact", missing=True),
                     contribution_exact=_str(data, "contribution_exact", missing=True))


# ---------------------------------------------------------------------------------------------------------------
# reports


def _per_coin(dt: DealTable, v: int) -> Fraction:
    return Fraction(int(v), dt.scale)


def _hold_text(deal: np.ndarray, mask: int) -> str:
    held = [card_str(int(deal[j])) for j in range(HAND) if mask >> j & 1]
    return " ".join(held) or "draw five"


def _errors(dt: DealTable, ids: np.ndarray, masks: np.ndarray, texts: Sequence[str], top: int) -> list[ChartError]:
    """Deals where the chart's hold loses value, grouped by (chart's pattern, best pattern), costliest first."""
    n = len(masks)
    rows = np.arange(n)
    loss = dt.best_value - dt.values[rows, masks]
    bad = np.nonzero(loss > 0)[0]
    if not len(bad):
        return []
    n_ids = len(texts)
    chart_id = ids[bad, masks[bad]].astype(np.int64)
    best_id = ids[bad, dt.best_mask[bad]].astype(np.int64)
    group = chart_id * n_ids + best_id
    w = dt.weights[bad]
    wl = w * loss[bad]  # per group sums stay in int64: one group's sum is at most the whole game's
    uniq, inv = np.unique(group, return_inverse=True)
    cost = np.zeros(len(uniq), dtype=np.int64)
    np.add.at(cost, inv, wl)
    count = np.zeros(len(uniq), dtype=np.int64)
    np.add.at(count, inv, w)
    # the example: the deal of the group that loses most
    pick = np.lexsort((-loss[bad], inv))
    first = np.ones(len(pick), dtype=bool)
    first[1:] = inv[pick][1:] != inv[pick][:-1]
    example = {int(inv[i]): int(bad[i]) for i in pick[first]}
    out = []
    for g in np.argsort(-cost, kind="stable")[:top]:
        d = example[int(g)]
        c_text, b_text = texts[int(uniq[g] // n_ids)], texts[int(uniq[g] % n_ids)]
        deal = dt.deals[d]
        hand = " ".join(card_str(int(c)) for c in deal)
        c_hold, b_hold = _hold_text(deal, int(masks[d])), _hold_text(deal, int(dt.best_mask[d]))
        cost_g = dt.ret(int(cost[g]))
        share = Fraction(int(count[g]), dt.total)
        if c_text == b_text:
            what = f"{b_text}: the better of two such holds"
        else:
            what = f"hold {b_text}, not {c_text},"
        note = (f"{what} on {int(count[g]):,} of {dt.total:,} deals (e.g. {hand}: hold {b_hold}, not {c_hold}); "
                f"costs {100 * float(cost_g):.5f}% of the bet")
        out.append(ChartError(
            chart_pattern=c_text, best_pattern=b_text, frequency=float(share), deals=int(count[g]),
            cost=float(cost_g), example=hand, example_chart_hold=c_hold, example_best_hold=b_hold,
            example_loss=float(_per_coin(dt, int(loss[d]))), note=note))
    return out


def game_chart_report(dt: DealTable, ids: np.ndarray, pattern_texts: Sequence[str], lines: Sequence[Iterable[int]],
                      line_texts: Sequence[str], kind: str = "chart", top_errors: int = TOP_ERRORS,
                      curve: Sequence[CurvePoint] = (), max_lines: int | None = None, exact: bool = True,
                      start: float | None = None) -> ChartReport:
    """Evaluate a chart (lines of ids) on every deal of a game and write the report."""
    start = time.perf_counter() if start is None else start
    lines = [frozenset(int(x) for x in ln) for ln in lines]
    masks, line = chart_play(dt, ids, lines)
    rows = np.arange(len(masks))
    chosen = dt.values[rows, masks]
    chart_sum = _weighted_sum(dt.weights, chosen)
    ret = dt.ret(chart_sum)
    best = dt.ret(dt.optimal_sum)
    cost = best - ret
    loss = dt.best_value - chosen
    stats = []
    n_lines = len(lines)
    # per line: weighted counts and losses in int64 (bounded by the whole game's sums)
    for i in range(n_lines):
        on = line == i
        if not on.any():
            stats.append(ChartLineStats(i + 1, line_texts[i], 0.0, None, None, 0.0, 0.0,
                                        "0/1" if exact else None))
            continue
        w = dt.weights[on]
        vals = chosen[on]
        wrong = loss[on] > 0
        line_cost = Fraction(_weighted_sum(w, loss[on]), dt.total * dt.scale)
        stats.append(ChartLineStats(
            number=i + 1, text=line_texts[i], frequency=float(Fraction(int(w.sum()), dt.total)),
            value_min=float(_per_coin(dt, int(vals.min()))), value_max=float(_per_coin(dt, int(vals.max()))),
            mistakes=float(Fraction(int(w[wrong].sum()), dt.total)), cost=float(line_cost),
            cost_exact=fraction_text(line_cost) if exact else None))
    unmatched = float(Fraction(int(dt.weights[line < 0].sum()), dt.total))
    combos = class_totals(dt, masks)
    pays = dt.table.pays_for(dt.coins)
    st = play_statistics(combos, pays)
    assert st["return"] == ret  # the class counts and the values are two routes to one number
    total = sum(combos)
    table_rows = tuple(
        ReturnRow(hand=h, pay=number(p), combinations=c, probability=float(Fraction(c, total)),
                  contribution=float(Fraction(c, total) * p),
                  pay_exact=fraction_text(p) if exact else None,
                  probability_exact=fraction_text(Fraction(c, total)) if exact else None,
                  contribution_exact=fraction_text(Fraction(c, total) * p) if exact else None)
        for h, p, c in zip(dt.table.hands, pays, combos))
    errors = _errors(dt, ids, masks, pattern_texts, top_errors)
    return ChartReport(
        kind=kind, paytable=dt.table.id, name=dt.table.name, coins=dt.coins, lines=tuple(stats),
        return_value=float(ret), return_exact=fraction_text(ret), return_percent=float(100 * ret),
        optimal_return=float(best), optimal_return_exact=fraction_text(best), cost=float(cost),
        cost_exact=fraction_text(cost), cost_percent=float(100 * cost),
        hands_per_bet_lost=float(1 / cost) if cost > 0 else None, variance=float(st["variance"]),
        standard_deviation=math.sqrt(st["variance"]), hit_frequency=float(st["hit_frequency"]),
        draw_five_unmatched=unmatched, errors=tuple(errors), table=table_rows,
        notes=tuple(errors) if kind == "basic" else (), curve=tuple(curve), max_lines=max_lines,
        seconds=time.perf_counter() - start, chart_text="\n".join(line_texts) + "\n")


# ---------------------------------------------------------------------------------------------------------------
# the game-level API (needs the vocabulary of patterns.py)


@lru_cache(maxsize=4)
def _game_patterns(table: PayTable):
    """(vocabulary, id of every hold of every distinct deal) of a game (cached)."""
    from .patterns import hold_patterns, vocabulary

    vocab = vocabulary(table)
    deals, _ = distinct_deals(table.deck)
    ids = np.asarray(hold_patterns(table, deals), dtype=np.int16)  # 8.6 MB a game (int64 would be 34 MB)
    ids.flags.writeable = False
    return vocab, ids


# coarse lines players use; each is offered only where the game's vocabulary reads it
COMMON_COARSE = (
    "high pair", "low pair", "two pair", "three of a kind", "4 to a flush", "4 to an outside straight",
    "4 to an inside straight", "4 to a straight flush", "3 to a straight flush", "3 to a royal flush",
    "2 to a royal flush", "3 to a straight", "2 high cards", "single high card", "A", "K", "Q", "J",
    "4 to a royal flush", "single low card", "pat hand", "unsuited high cards", "suited high cards",
)


def _coarse_lines(vocab: Any, fine: Sequence[str]) -> dict[str, frozenset[int]]:
    """Coarse lines the vocabulary reads: each pattern's text with trailing ", ..." clauses dropped, and the
    usual coarse names (COMMON_COARSE) where the game has them."""
    out: dict[str, frozenset[int]] = {}
    candidates = []
    for text in fine:
        parts = text.split(", ")
        candidates += [", ".join(parts[:k]) for k in range(len(parts) - 1, 0, -1)]
        if len(parts) > 1 and parts[-1].endswith("penalty"):  # the same pattern whatever its penalty
            candidates.append(", ".join(parts[:-1]))
    for coarse in [*candidates, *COMMON_COARSE]:
        if coarse in out:
            continue
        try:
            ids = frozenset(int(x) for x in vocab.matching(coarse))
        except InputError:
            continue
        if len(ids) > 1:
            out[coarse] = ids
    return out


@lru_cache(maxsize=16)
def _derived(table: PayTable, coins: int) -> tuple[list[int], int]:
    """The derived basic strategy's ids (best first) and its value sum (cached per game and bet)."""
    dt = deal_table(table, coins)
    vocab, ids = _game_patterns(table)
    live, search = derive_order(dt, ids, len(vocab.patterns))
    return live, search.value_sum()


@lru_cache(maxsize=16)
def _reduced(table: PayTable, coins: int) -> dict[int, tuple[list[str], list[frozenset[int]], int]]:
    """The best chart found of at most n lines for every n (grown and shrunk; cached per game and bet)."""
    dt = deal_table(table, coins)
    vocab, ids = _game_patterns(table)
    live, _ = _derived(table, coins)
    texts = [vocab.patterns[i].text for i in live]
    coarse = _coarse_lines(vocab, texts)
    fine = [frozenset([i]) for i in live]
    grown = grow_charts(dt, ids, fine + list(coarse.values()), texts + list(coarse), CURVE_LINES)
    out = dict(reduce_chart(dt, ids, fine, 1, coarse, texts))
    for n, item in grown.items():
        if n not in out or item[2] > out[n][2]:
            out[n] = item
    best = None
    for n in sorted(out):  # at most n lines: a shorter chart counts too
        if best is not None and best[2] > out[n][2]:
            out[n] = best
        best = out[n]
    return out


def _curve_points(dt: DealTable, reduced: Mapping, up_to: int) -> list[CurvePoint]:
    best = dt.ret(dt.optimal_sum)
    out = []
    for n in range(1, up_to + 1):
        if n not in reduced:
            continue
        r = dt.ret(reduced[n][2])
        c = best - r
        out.append(CurvePoint(lines=n, return_value=float(r), return_exact=fraction_text(r), cost=float(c),
                              cost_percent=float(100 * c), hands_per_bet_lost=float(1 / c) if c > 0 else None))
    return out


STAGES = ("valuing every hold of every deal", "classifying every hold", "deriving the basic strategy",
          "finding shorter charts", "evaluating the chart")


def strategy_report(game: str | PayTable, coins: int = MAX_COINS, lines: int | None = None, curve: bool = False,
                    paytable_file: str | Path | None = None, top_errors: int = TOP_ERRORS,
                    progress: Callable[[int, int], None] | None = None) -> ChartReport:
    """The best basic strategy of a game (an id order at a local optimum of the exact return), or with
    `lines=N` the best chart found of at most N lines; `curve=True` adds the cost curve for 1-40 lines.

    `progress(stage, stages)` is called as each of the STAGES starts.
    """
    from .paytables import resolve_game

    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    lines = check_lines(lines)
    start = time.perf_counter()

    def say(stage: int) -> None:
        if progress is not None:
            progress(stage, len(STAGES))

    say(0)
    dt = deal_table(table, coins)
    say(1)
    vocab, ids = _game_patterns(table)
    texts = [p.text for p in vocab.patterns]
    say(2)
    live, _ = _derived(table, coins)
    points: list[CurvePoint] = []
    chart_ids = [frozenset([i]) for i in live]
    chart_texts = [texts[i] for i in live]
    kind = "basic"
    if lines is not None or curve:
        say(3)
        reduced = _reduced(table, coins)
        if curve:
            points = _curve_points(dt, reduced, CURVE_LINES)
        if lines is not None and lines < len(live):
            chart_texts, chart_ids, _ = reduced[lines]
            kind = "lines"
    say(4)
    return game_chart_report(dt, ids, texts, chart_ids, chart_texts, kind=kind, top_errors=top_errors,
                             curve=points, max_lines=lines, start=start)


def check_lines(lines: int | str | None) -> int | None:
    """A chart length: a whole number 1 to 1000 (or its text), or None."""
    return None if lines is None else parse_whole(lines, "lines", 1, 1000)


def cost_curve(game: str | PayTable, coins: int = MAX_COINS, up_to: int = CURVE_LINES,
               paytable_file: str | Path | None = None) -> tuple[CurvePoint, ...]:
    """The best chart found of at most n lines, for n = 1..up_to: its return and its cost (never rising in n)."""
    from .paytables import resolve_game

    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    return tuple(_curve_points(deal_table(table, coins), _reduced(table, coins), up_to))


def evaluate_chart(game: str | PayTable, chart: Any, coins: int = MAX_COINS,
                   paytable_file: str | Path | None = None, top_errors: int = TOP_ERRORS) -> ChartReport:
    """A chart's exact return over every deal, its cost against the optimum, each line's stats, its worst errors.

    `chart` is a patterns.Chart, chart text (plain lines or TOML) or a path to a chart file.
    """
    from .patterns import Chart, parse_chart, read_chart
    from .paytables import resolve_game

    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    start = time.perf_counter()
    if isinstance(chart, Path):
        chart = read_chart(chart, table)
    elif isinstance(chart, str):
        chart = parse_chart(chart, table)
    if not isinstance(chart, Chart):
        raise InputError(f"a chart is chart text, a path or a Chart, got {type(chart).__name__}")
    dt = deal_table(table, coins)
    vocab, ids = _game_patterns(table)
    texts = [p.text for p in vocab.patterns]
    return game_chart_report(dt, ids, texts, [ln.ids for ln in chart.lines], [ln.text for ln in chart.lines],
                             kind="chart", top_errors=top_errors, start=start)



# ---------------------------------------------------------------------------------------------------------------
# one hand against a chart (the trainer)


@dataclass(frozen=True)
class ChartHold(Result):
    """What a chart plays on one hand: the first line that fits a hold of it (line None: no line fits, draw
    five), that hold (positions 1-5 in dealt order and its text), and its exact value per coin."""

    hand: str
    line: int | None
    line_text: str | None
    hold: tuple[int, ...]
    hold_text: str
    value: float
    value_exact: str


def chart_hold(chart: Any, hand: Any, game: str | PayTable, coins: int = MAX_COINS,  # noqa: ANN401
               paytable_file: str | Path | None = None) -> ChartHold:
    """The hold a chart plays on `hand`, read as a whole-game evaluation reads it.

    Lines are tried top down; the first line naming the pattern of some hold of the hand is played, and among
    the holds it names the one taken first in the fixed in-line order (lowest held ranks from the top card
    down, then fewer cards: `_rank_keys`); no line fits: draw five. `line` is the chart line's number.
    """
    from .analysis import hold_option
    from .cards import parse_hand
    from .patterns import Chart, parse_chart
    from .paytables import resolve_game

    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    if isinstance(chart, str):
        chart = parse_chart(chart, table)
    if not isinstance(chart, Chart):
        raise InputError(f"a chart is chart text or a Chart, got {type(chart).__name__}")
    if chart.game_id != table.id:
        raise InputError(f"the chart is for game {chart.game_id!r}, not {table.id!r}")
    dealt = tuple(parse_hand(hand, table.deck))
    deal = np.array([sorted(dealt)], dtype=np.int64)
    from .patterns import hold_patterns

    ids = hold_patterns(table, deal)[0]
    keys = _rank_keys(deal)[0]
    values, scale = hold_values(dealt, table, coins)
    # the in-line order of deal_table: rank key first, then the higher value, then the tie rule
    order = np.lexsort((HOLD_PRIORITY, -values, keys)).tolist()
    for line in chart.lines:
        fits = [m for m in order if int(ids[m]) in line.ids]
        if fits:
            mask, number_, text = fits[0], line.number, line.text
            break
    else:
        mask, number_, text = 0, None, None
    hold_text, _, positions = hold_option(dealt, mask)
    value = Fraction(int(values[mask]), scale)
    return ChartHold(hand=" ".join(card_str(c) for c in dealt), line=number_, line_text=text,
                     hold=tuple(positions), hold_text=hold_text, value=float(value), value_exact=fraction_text(value))
