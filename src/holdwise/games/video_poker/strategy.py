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

The values of every hold of every deal and a chart's play on them are `deal_table.py`'s, the search for the
best charts (the basic strategy, charts of at most N lines) `chart_search.py`'s, the report's types
`report.py`'s; this module puts them together per game (the vocabulary of `patterns.py`) and per question.
"""

from __future__ import annotations

import math
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError
from ..base import Result, fraction_text
from ..inputs import parse_whole
from .analysis import ReturnRow, check_coins, hold_option, number, play_statistics
from .cards import HAND_SIZE, card_str, parse_hand
from .chart_search import CURVE_LINES, derive_order, grow_charts, reduce_chart, swap_search
from .deal_table import DealTable, _rank_keys, chart_play, class_totals, deal_table, weighted_sum, whole_hands_dealt
from .disk import Reductions, hold_values, kept_reductions, read_kept
from .patterns import Chart, Vocabulary, hold_patterns, parse_chart, read_chart, vocabulary
from .paytables import MAX_COINS, PayTable, resolve_game
from .report import TOP_ERRORS, ChartError, ChartLineStats, ChartReport, CurvePoint, per_coin
from .solver import HOLD_PRIORITY
from .tables import distinct_deals

__all__ = [
    "CHART_LINE_LIMIT", "COMMON_COARSE", "STAGES", "SWAP_LENGTHS", "ChartHold", "chart_hold", "check_lines",
    "cost_curve", "evaluate_chart", "game_chart_report", "published_charts", "strategy_report",
]

CHART_LINE_LIMIT = 10_000  # a chart's lines beyond this are refused by the reader; the engine takes any


# ---------------------------------------------------------------------------------------------------------------
# reports



def _hold_text(deal: np.ndarray, mask: int, extra: str) -> str:
    held = [card_str(int(deal[j]), extra) for j in range(HAND_SIZE) if mask >> j & 1]
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
        extra = dt.table.extra_card  # the deck's card 52: the joker (Jk) or the ace of stars (A*)
        hand = " ".join(card_str(int(c), extra) for c in deal)
        c_hold, b_hold = _hold_text(deal, int(masks[d]), extra), _hold_text(deal, int(dt.best_mask[d]), extra)
        cost_g = dt.ret(int(cost[g]))
        share = Fraction(int(count[g]), dt.total)
        if c_text == b_text:
            what = f"{b_text}: the better of two such holds"
        else:
            what = f"hold {b_text}, not {c_text},"
        note = (f"{what} on {int(count[g]):,} of {dt.total:,} deals (e.g. {hand}: hold {b_hold}, not {c_hold}); "
                f"costs {100 * float(cost_g):.5f}% of the bet")
        out.append(ChartError(
            chart_pattern=c_text, best_pattern=b_text, chance=float(share), deals=int(count[g]),
            cost=float(cost_g), example=hand, example_chart_hold=c_hold, example_best_hold=b_hold,
            example_loss=float(per_coin(dt, int(loss[d]))), note=note))
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
    chart_sum = weighted_sum(dt.weights, chosen)
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
        line_cost = Fraction(weighted_sum(w, loss[on]), dt.total * dt.scale)
        stats.append(ChartLineStats(
            number=i + 1, text=line_texts[i], chance=float(Fraction(int(w.sum()), dt.total)),
            value_min=float(per_coin(dt, int(vals.min()))), value_max=float(per_coin(dt, int(vals.max()))),
            mistakes=float(Fraction(int(w[wrong].sum()), dt.total)), cost=float(line_cost),
            cost_exact=fraction_text(line_cost) if exact else None))
    unmatched = float(Fraction(int(dt.weights[line < 0].sum()), dt.total))
    combos = class_totals(dt, masks)
    pays = dt.table.pays_for(dt.coins)
    st = play_statistics(combos, pays)
    assert st["return"] == ret  # the class counts and the values are two routes to one number
    total = sum(combos)
    table_rows = tuple(
        ReturnRow(hand=h, pay=number(p), outcomes=c, chance=float(Fraction(c, total)),
                  contribution=float(Fraction(c, total) * p),
                  pay_exact=fraction_text(p) if exact else None,
                  chance_exact=fraction_text(Fraction(c, total)) if exact else None,
                  contribution_exact=fraction_text(Fraction(c, total) * p) if exact else None)
        for h, p, c in zip(dt.table.hands, pays, combos, strict=True))
    errors = _errors(dt, ids, masks, pattern_texts, top_errors)
    return ChartReport(
        kind=kind, rules=dt.table.id, name=dt.table.name, coins=dt.coins, lines=tuple(stats),
        return_value=float(ret), return_exact=fraction_text(ret), return_percent=float(100 * ret),
        optimal_return=float(best), optimal_return_exact=fraction_text(best), cost=float(cost),
        cost_exact=fraction_text(cost), cost_percent=float(100 * cost),
        hands_per_bet_lost=float(1 / cost) if cost > 0 else None, variance=float(st["variance"]),
        standard_deviation=math.sqrt(st["variance"]), hit_chance=float(st["hit_chance"]),
        draw_five_chance=unmatched, errors=tuple(errors), table=table_rows,
        notes=tuple(errors) if kind == "basic" else (), curve=tuple(curve), max_lines=max_lines,
        seconds=time.perf_counter() - start, chart_text="\n".join(line_texts) + "\n")


# ---------------------------------------------------------------------------------------------------------------
# the game-level API (needs the vocabulary of patterns.py)


@lru_cache(maxsize=4)
def _game_patterns(table: PayTable) -> tuple[Vocabulary, np.ndarray]:
    """(vocabulary, id of every hold of every distinct deal) of a game (cached)."""
    read_kept(table)
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
    # the words printed charts use (patterns.py `_WORDS`)
    "2 suited high cards", "2 unsuited high cards", "3 unsuited high cards", "one high card",
    "suited 10/J, 10/Q, 10/K", "3 to a straight flush with at least as many high cards as gaps",
    "3 to a straight flush with fewer high cards than gaps", "4 to an inside straight with 3 or 4 high cards",
    "4 to an outside straight with 0-2 high cards",
)
# (wild games' printed words, patterns.py `_WILD_WORDS`, are read in charts but not offered to the search: with
# them its greedy steps took other paths and Deuces Wild's 10 and 15-line charts came out worse, 98.86% and
# 100.62% against 99.62% and 100.64%)
SWAP_LENGTHS = range(8, 21)  # the chart lengths players learn: each improved by swaps (about 2 s a length)


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
    dt = _deal_table(table, coins)
    vocab, ids = _game_patterns(table)
    live, search = derive_order(dt, ids, len(vocab.patterns))
    return live, search.value_sum()




@lru_cache(maxsize=16)
def _reduced(table: PayTable, coins: int) -> Reductions:
    """The best chart found of at most n lines for every n, per game and bet: in memory, and on disk.

    Every chart length, and the cost curve, comes from this one search (seconds to minutes), so it is kept as
    one file (`disk.kept_reductions`): a later `--lines 10` after `--lines 12`, another process, or a
    server's other worker reads it.
    """
    n_ids = len(_game_patterns(table)[0].patterns)
    return kept_reductions(table, coins, n_ids, lambda: _search_reduced(table, coins))


def _deal_table(table: PayTable, coins: int) -> DealTable:
    """`deal_table.deal_table`, what it reads read from the disk when kept."""
    read_kept(table)
    return deal_table(table, coins)


def published_charts(table: PayTable) -> list[tuple[str, list[str]]]:
    """Charts published for this game (data/published_charts.toml): (name, line texts as printed)."""
    text = resources.files(__package__).joinpath("data").joinpath("published_charts.toml").read_text()
    return [(c["name"], list(c["lines"])) for c in tomllib.loads(text)["chart"] if c["game"] == table.id]


def _search_reduced(table: PayTable, coins: int, published: bool = True, swaps: bool = True) -> Reductions:
    """The best chart found of at most n lines for every n: grown from one line, shrunk from the basic strategy
    and (`published`) from each published chart of the game, the best of them at each n; then (`swaps`) the
    lengths players learn (SWAP_LENGTHS) improved by swaps (`swap_search`). Without both: the search before
    issue 26 (the benchmark compares the two)."""
    dt = _deal_table(table, coins)
    vocab, ids = _game_patterns(table)
    live, _ = _derived(table, coins)
    texts = [vocab.patterns[i].text for i in live]
    coarse = _coarse_lines(vocab, texts)
    fine = [frozenset([i]) for i in live]
    found = [grow_charts(dt, ids, fine + list(coarse.values()), texts + list(coarse), CURVE_LINES),
             reduce_chart(dt, ids, fine, 1, coarse, texts)]
    for _, printed in published_charts(table) if published else ():
        found.append(reduce_chart(dt, ids, [frozenset(vocab.matching(t)) for t in printed], 1, coarse, printed))
    out: Reductions = {}
    for charts in found:
        for n, item in charts.items():
            if n not in out or item[2] > out[n][2]:
                out[n] = item
    _at_most(out)
    for n in SWAP_LENGTHS if swaps else ():
        if n not in out:
            continue
        chart_texts, chart_lines, value = out[n]
        better = swap_search(dt, ids, [*chart_lines, *fine, *coarse.values()], [*chart_texts, *texts, *coarse],
                             range(len(chart_lines)), n)
        if better[2] > value:
            out[n] = better
    _at_most(out)
    return out


def _at_most(out: Reductions) -> None:
    """Make out[n] the best chart of AT MOST n lines (a shorter chart counts too): the curve never rises."""
    best = None
    for n in sorted(out):
        if best is not None and best[2] > out[n][2]:
            out[n] = best
        best = out[n]


def _curve_points(dt: DealTable, reduced: Mapping[int, Any], up_to: int) -> list[CurvePoint]:
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
    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    lines = check_lines(lines)
    start = time.perf_counter()

    def say(stage: int) -> None:
        if progress is not None:
            progress(stage, len(STAGES))

    say(0)
    dt = _deal_table(table, coins)
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
    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    return tuple(_curve_points(_deal_table(table, coins), _reduced(table, coins), up_to))


def evaluate_chart(game: str | PayTable, chart: Any, coins: int = MAX_COINS,
                   paytable_file: str | Path | None = None, top_errors: int = TOP_ERRORS) -> ChartReport:
    """A chart's exact return over every deal, its cost against the optimum, each line's stats, its worst errors.

    `chart` is a patterns.Chart, chart text (plain lines or TOML) or a path to a chart file.
    """
    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    start = time.perf_counter()
    read_kept(table)
    if isinstance(chart, Path):
        chart = read_chart(chart, table)
    elif isinstance(chart, str):
        chart = parse_chart(chart, table)
    if not isinstance(chart, Chart):
        raise InputError(f"a chart is chart text, a path or a Chart, got {type(chart).__name__}")
    dt = _deal_table(table, coins)
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
    the holds it names the one taken first in the fixed in-line order (a paying hand that needs all five cards
    held whole, else the lowest held ranks from the top card down, then fewer cards: `_rank_keys`); no line
    fits: draw five. `line` is the chart line's number.
    """
    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    read_kept(table)
    if isinstance(chart, str):
        chart = parse_chart(chart, table)
    if not isinstance(chart, Chart):
        raise InputError(f"a chart is chart text or a Chart, got {type(chart).__name__}")
    if chart.game_id != table.id:
        raise InputError(f"the chart is for game {chart.game_id!r}, not {table.id!r}")
    dealt = tuple(parse_hand(hand, table.deck, table.extra_card))
    deal = np.array([sorted(dealt)], dtype=np.int64)
    deal_ids = hold_patterns(table, deal)
    ids = deal_ids[0]
    keys = _rank_keys(deal, whole_hands_dealt(table, deal_ids), table.extra_ace)[0]
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
    hold_text, _, positions = hold_option(dealt, mask, table.extra_card)
    value = Fraction(int(values[mask]), scale)
    return ChartHold(hand=" ".join(card_str(c, table.extra_card) for c in dealt), line=number_, line_text=text,
                     hold=tuple(positions), hold_text=hold_text, value=float(value), value_exact=fraction_text(value))
