"""The trainer's chart: a derived chart short enough to learn, as the player chooses it.

The choices are "short" (the shortest derived chart whose return is within 0.01% of the bet of optimal play: 20
lines for 9/6 Jacks or Better, 24 for full-pay Deuces Wild), a length N (the best chart found of at most N lines;
the trainer offers 10, 15 and 20) and "basic" (the full derived basic strategy, 161 lines for 9/6 Jacks or Better).

Nothing new is searched here: every chart length comes from the one search `strategy.py` keeps on disk per game and
bet (`cost_curve`, `strategy_answer(lines=N)`), and each chart's report is kept on disk as the CLI keeps it, so a
chart is computed once per game, bet and length, then read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ...errors import InputError
from ..base import Result, fraction_text
from .analysis import check_coins
from .answers import strategy_answer
from .chart_search import CURVE_LINES
from .paytables import MAX_COINS, PayTable, resolve_game
from .report import ChartLineStats, CurvePoint
from .strategy import cost_curve

__all__ = ["TRAINER_CHOICES", "WITHIN", "TrainerChart", "check_choice", "shortest_within", "trainer_chart"]

WITHIN = Fraction(1, 10_000)  # "short": the chart's return is at most 0.01% of the bet below optimal play
TRAINER_CHOICES = ("short", "10", "15", "20", "basic")  # what the trainer offers; any length 1-40 is read
STAGES = 3  # the basic strategy (and the optimum), the cost curve, the chosen chart


@dataclass(frozen=True)
class TrainerChart(Result):
    """The chart a trainer plays: its lines (numbered 1..n, each with its play frequency and cost), its text,
    its exact return and its cost against optimal play per coin bet; `note` says in words which chart it is."""

    rules: str
    name: str
    coins: int
    choice: str
    lines: tuple[ChartLineStats, ...]
    chart_text: str
    return_value: float
    return_exact: str
    optimal_return: float
    optimal_return_exact: str
    cost: float
    cost_exact: str
    cost_percent: float
    basic_lines: int
    note: str


def percent(x: Fraction) -> str:
    """A share as a percentage: four decimals, more below 0.01% so that two digits show (as the strategy page)."""
    if x == 0:
        return "0%"
    digits = min(12, max(4, 1 - math.floor(math.log10(abs(float(100 * x))))))
    return f"{float(100 * x):.{digits}f}%"


def check_choice(choice: object) -> str:
    """A trainer chart choice: "short", "basic" or a length 1-40 (its text or an int), as its text."""
    if isinstance(choice, str) and choice.strip() in ("short", "basic"):
        return choice.strip()
    text = choice.strip() if isinstance(choice, str) else choice
    if (isinstance(text, int) and not isinstance(text, bool)) or (isinstance(text, str) and text.isascii()
                                                                  and text.isdigit() and len(text) < 4):
        if 1 <= int(text) <= CURVE_LINES:
            return str(int(text))
    shown = repr(choice)[:40]
    raise InputError(f'must be "short", "basic" or a number of lines 1 to {CURVE_LINES}, got {shown}', "choice")


def shortest_within(points: Iterable[CurvePoint], optimal: Fraction, within: Fraction = WITHIN) -> int | None:
    """The fewest lines of a cost curve's points whose return is within `within` of `optimal` (exact), or None."""
    for p in sorted(points, key=lambda p: p.lines):
        if optimal - Fraction(p.return_exact) <= within:
            return int(p.lines)
    return None


def trainer_chart(game: str | PayTable, coins: int = MAX_COINS, choice: str | int = "short",
                  paytable_file: str | Path | None = None,
                  progress: Callable[[int, int], None] | None = None) -> TrainerChart:
    """The trainer's chart of a game at a bet for `choice` (see `check_choice`), read from the disk store when
    there (milliseconds), else derived once (about half a minute a game, the first time)."""
    table = resolve_game(game, paytable_file)
    coins = check_coins(coins)
    choice = check_choice(choice)

    def say(stage: int) -> None:
        if progress is not None:
            progress(stage, STAGES)

    say(0)
    basic, _ = strategy_answer(table, coins)
    optimal = Fraction(basic.optimal_return_exact)
    report, lines = basic, None
    if choice != "basic":
        say(1)
        lines = int(choice) if choice != "short" else shortest_within(cost_curve(table, coins), optimal)
        if lines is not None:
            say(2)
            report, _ = strategy_answer(table, coins, lines=lines)
    n = len(report.lines)
    cost = optimal - Fraction(report.return_exact)
    cost_text = percent(cost)
    if choice == "basic":
        note = f"the basic strategy: {n} lines, {cost_text} below optimal play"
    elif choice == "short" and lines is None:
        note = (f"no chart of up to {CURVE_LINES} lines is within {float(100 * WITHIN):g}% of optimal play: the "
                f"basic strategy, {n} lines, {cost_text} below")
    elif choice == "short":
        note = f"the shortest chart within {float(100 * WITHIN):g}% of optimal play: {n} lines, {cost_text} below"
    else:
        note = f"the best chart of at most {lines} lines: {n} lines, {cost_text} below optimal play"
    return TrainerChart(
        rules=table.id, name=table.name, coins=coins, choice=choice, lines=report.lines,
        chart_text=report.chart_text, return_value=report.return_value, return_exact=report.return_exact,
        optimal_return=float(optimal), optimal_return_exact=fraction_text(optimal), cost=float(cost),
        cost_exact=fraction_text(cost), cost_percent=float(100 * cost), basic_lines=len(basic.lines), note=note)
