"""The search for the best charts: an order of lines at a local optimum of the exact return (the basic
strategy), and charts of at most N lines grown from nothing or shrunk from the basic strategy.

The best basic strategy is an order of the vocabulary's ids (one id a line) found by local search:
start from the ids sorted by their mean value, then move single ids to the position that gains most
(an insertion move; an adjacent swap is one) until no move gains; gains are computed exactly and
incrementally (only deals holding the moved id change). Charts of at most N lines take the better of
two greedy searches over the basic strategy's lines and the coarse lines the vocabulary reads ("4 to a
flush" over its finer ids): growing a chart from nothing (each step inserts the line and place that gain
most, then re-orders) and shrinking the basic strategy (each step removes the line, or merges lines into
a coarse one, that loses least). Neither is proven optimal; the basic strategy is a proven local optimum.
The kernels (`chart_kernels.py`) work on "entries" (`deal_table.line_entries`): per deal, one entry per chart
line that fits one of its holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import chart_kernels
from .chart_kernels import add_gains, choices, removal_costs, sweep, union_losses
from .deal_table import DealTable, LineEntries, entries_of, line_entries, weighted_sum

__all__ = [
    "CURVE_LINES", "NO_LINE", "UNION_PARTS_LIMIT", "UNION_TEXT_LIMIT", "OrderSearch", "add_gains", "choices",
    "derive_order", "grow_charts", "reduce_chart", "removal_costs", "sweep", "swap_search", "union_losses",
]

CURVE_LINES = 40  # the cost curve runs over charts of 1 to 40 lines
NO_LINE = np.int64(chart_kernels.NO_LINE)  # position of a line that is not in the chart
UNION_TEXT_LIMIT = 200  # a union line's text stays within the chart reader's line limit (patterns.MAX_LINE_CHARS)
# A union line names at most this many patterns, as printed charts do ("three of a kind, straight, flush, full
# house"): a line is something a player holds in mind, so a count of lines measures what there is to learn.
UNION_PARTS_LIMIT = 4


@dataclass
class OrderSearch:
    """A chart order being improved: lines (sets of ids), their order, each deal's chosen entry."""

    entries: LineEntries
    order: np.ndarray  # line indices, first line first
    pos: np.ndarray  # pos[line] = its place, NO_LINE when out of the chart
    choice: np.ndarray
    weights: np.ndarray

    @classmethod
    def start(cls, entries: LineEntries, order: Sequence[int] | np.ndarray, weights: np.ndarray) -> OrderSearch:
        """A search from a given order of (some of) the lines."""
        first = np.asarray(order, dtype=np.int64)
        pos = np.full(entries.n_lines, NO_LINE, dtype=np.int64)
        pos[first] = np.arange(len(first))
        choice = np.empty(len(entries.start) - 1, dtype=np.int64)
        choices(entries.start, entries.line, pos, choice)
        return cls(entries, first.copy(), pos, choice, weights)

    def value_sum(self) -> int:
        """sum_d w_d x value of the chosen hold (exact)."""
        e = self.entries
        v = np.where(self.choice >= 0, e.value[np.maximum(self.choice, 0)], e.fallback)
        return weighted_sum(self.weights, v)

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

    def reorder(self, order: Sequence[int] | np.ndarray) -> None:
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
        self.entries = entries_of(dt, e.deal_of[keep], e.line[keep], e.mask[keep], e.n_lines)
        choices(self.entries.start, self.entries.line, self.pos, self.choice)

    def live(self) -> np.ndarray:
        """The lines of the order that are the play on some deal, in order."""
        used = np.zeros(self.entries.n_lines, dtype=bool)
        used[self.entries.line[self.choice[self.choice >= 0]]] = True
        lines: np.ndarray = self.order[used[self.order]]
        return lines


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


def _with_union(dt: DealTable, entries: LineEntries, a: int, b: int, consume: bool = False) -> LineEntries:
    """The entries with one more line (index entries.n_lines): the union of lines a and b.

    On each deal the union takes the first of a's and b's holds in the deal's in-line order, as a line
    naming both lines' ids does. With `consume` the old entries' arrays are let go one by one as the new ones
    are made (the caller holds `entries` no longer): the peak is the old arrays and one new one, not both sets
    (about 100 MB less for a 52-card game's search).
    """
    e = entries
    pick = (e.line == a) | (e.line == b)
    deal, masks = e.deal_of[pick], e.mask[pick]
    del pick
    rank = dt.within[deal, masks].astype(np.int64)
    order = np.lexsort((rank, deal))
    deal, masks = deal[order], masks[order]
    first = np.ones(len(deal), dtype=bool)
    first[1:] = deal[1:] != deal[:-1]
    deal, masks = deal[first], masks[first]
    u = e.n_lines
    n_old = len(e.line)
    at = e.start[deal + 1]  # each new entry goes last in its deal's block: the arrays stay sorted by deal
    k = len(deal)

    def let_go(name: str) -> None:
        if consume:  # a frozen dataclass: its field is dropped all the same, the caller holds it no longer
            object.__setattr__(e, name, None)

    # The by-line index is updated, not sorted again: an old entry moves down by the new entries inserted
    # before it (moved[i] = i + how many of `at` are <= i), and the union's entries come last, in deal order.
    moved = np.bincount(at, minlength=n_old + 1)[:n_old].cumsum()
    moved += np.arange(n_old, dtype=np.int64)
    by_line_entry = np.empty(n_old + k, dtype=np.int64)
    np.take(moved, e.by_line_entry, out=by_line_entry[:n_old])
    by_line_entry[n_old:] = at + np.arange(k, dtype=np.int64)
    del moved
    let_go("by_line_entry")
    start = e.start + np.concatenate(([0], np.cumsum(np.bincount(deal, minlength=len(e.start) - 1))))
    new_value = dt.values[deal, masks].astype(np.int64)
    grown = {}
    for name, inserted in (("line", u), ("value", new_value), ("mask", masks), ("deal_of", deal)):
        grown[name] = np.insert(getattr(e, name), at, inserted)
        let_go(name)
    return LineEntries(start=start, line=grown["line"], value=grown["value"], mask=grown["mask"],
                       by_line_start=np.append(e.by_line_start, e.by_line_start[-1] + k),
                       by_line_entry=by_line_entry, deal_of=grown["deal_of"], fallback=e.fallback, n_lines=u + 1)


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
        best: tuple[int, list[int] | None] = (int(cost[victim]), None)
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
            # the search's entries are consumed (`e` is the same object): the old and the new are never all held
            search.entries = _with_union(dt, search.entries, a, b, consume=True)
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
    for _ in range(4 * up_to):
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


def swap_search(dt: DealTable, ids: np.ndarray, lines: Sequence[frozenset[int]], texts: Sequence[str],
                start: Sequence[int], n: int, tries: int = 8, rounds: int = 30,
                ) -> tuple[list[str], list[frozenset[int]], int]:
    """A chart of at most n lines improved by swaps: (texts, lines, value sum).

    From the chart `start` (indices into `lines`), each round ranks every line not in the chart by what adding
    it at its best place gains (exactly, all at once: `add_gains`), and tries the `tries` best: add it there,
    re-optimise the order by insertion moves, then drop the lines whose removal loses least until n are left.
    The best trial that beats the chart replaces it; the search stops at a round with none (a local optimum
    under swaps) or after `rounds`.
    """
    lines = [frozenset(int(i) for i in x) for x in lines]
    entries = line_entries(dt, ids, lines)
    search = OrderSearch.start(entries, np.asarray(start, dtype=np.int64), dt.weights)

    def settle() -> None:
        """Re-optimise the order, keep the lines that are the play, drop the cheapest until n are left."""
        search.improve()
        search.reorder(search.live())
        while len(search.order) > n:
            cost = search.costs()
            search.remove(int(min(search.order.tolist(), key=lambda i: int(cost[i]))))

    settle()
    best_value = search.value_sum()
    best_order = search.order.tolist()
    gains = np.zeros(len(lines), dtype=np.int64)
    places = np.zeros(len(lines), dtype=np.int64)
    for _ in range(rounds):
        in_chart = np.zeros(len(lines), dtype=bool)
        in_chart[best_order] = True
        candidates = np.nonzero(~in_chart)[0].astype(np.int64)
        if not len(candidates):
            break
        search.reorder(best_order)
        e = entries
        add_gains(candidates, e.by_line_start, e.by_line_entry, e.deal_of, e.line, e.value, dt.weights, e.fallback,
                  search.pos, search.choice, len(search.order), gains, places)
        ranked = np.argsort(-gains[:len(candidates)], kind="stable")[:tries]
        found = None
        for k in ranked.tolist():
            if gains[k] <= 0:
                break
            order = list(best_order)
            order.insert(int(places[k]), int(candidates[k]))
            search.reorder(order)
            settle()
            value = search.value_sum()
            if value > best_value and (found is None or value > found[0]):
                found = (value, search.order.tolist())
        if found is None:
            break
        best_value, best_order = found
    return [texts[i] for i in best_order], [lines[i] for i in best_order], best_value
