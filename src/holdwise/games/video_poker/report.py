"""A chart's report: its exact return and cost, each line's stats, its costliest errors, the cost curve; each
a frozen dataclass with `to_json()` and a checked `from_json()` (a kept report is read back, never trusted).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, overload

from ..base import Result
from .analysis import ReturnRow
from .deal_table import DealTable

__all__ = ["TOP_ERRORS", "ChartError", "ChartLineStats", "ChartReport", "CurvePoint", "per_coin"]

TOP_ERRORS = 10  # the error groups a report lists, costliest first


@dataclass(frozen=True)
class ChartLineStats(Result):
    """One chart line: how often it is the play, the value range of its holds, the cost of its mistakes.

    `chance` is the chance (over every deal) that the line is the play; `value_min`/`value_max` the
    range of the holds' expected returns per coin there; `mistakes` the chance it is the play and not the
    best hold, `cost` the return per coin those deals lose against the optimum.
    """

    number: int
    text: str
    chance: float
    value_min: float | None
    value_max: float | None
    mistakes: float
    cost: float
    cost_exact: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in super().to_json().items() if v is not None or k in ("value_min", "value_max")}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChartLineStats:
        """The line back from its `to_json` (ValueError when a field is missing or of the wrong type)."""
        return cls(number=_int(data, "number"), text=_str(data, "text"), chance=_num(data, "chance"),
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
    chance: float
    deals: int
    cost: float
    example: str
    example_chart_hold: str
    example_best_hold: str
    example_loss: float
    note: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChartError:
        """The error group back from its `to_json` (ValueError when a field is missing or of the wrong type)."""
        return cls(chart_pattern=_str(data, "chart_pattern"), best_pattern=_str(data, "best_pattern"),
                   chance=_num(data, "chance"), deals=_int(data, "deals"), cost=_num(data, "cost"),
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

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["return"] = out.pop("return_value")
        return {"lines": out["lines"], "return": out["return"], **{k: v for k, v in out.items()
                                                                  if k not in ("lines", "return")}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CurvePoint:
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
    rules: str
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
    hit_chance: float
    draw_five_chance: float
    errors: tuple[ChartError, ...]
    table: tuple[ReturnRow, ...] = ()
    notes: tuple[ChartError, ...] = ()
    curve: tuple[CurvePoint, ...] = ()
    max_lines: int | None = None
    seconds: float = 0.0
    chart_text: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rules": self.rules, "name": self.name, "coins": self.coins,
                               "lines": [ln.to_json() for ln in self.lines], "return": self.return_value,
                               "return_exact": self.return_exact, "return_percent": self.return_percent,
                               "cost": self.cost, "cost_exact": self.cost_exact, "cost_percent": self.cost_percent,
                               "hands_per_bet_lost": self.hands_per_bet_lost,
                               "optimal_return": self.optimal_return,
                               "optimal_return_exact": self.optimal_return_exact,
                               "variance": self.variance, "standard_deviation": self.standard_deviation,
                               "hit_chance": self.hit_chance,
                               "draw_five_chance": self.draw_five_chance,
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
    def from_json(cls, data: Mapping[str, Any]) -> ChartReport:
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
            kind=kind, rules=_str(data, "rules"), name=_str(data, "name"), coins=_int(data, "coins"),
            lines=tuple(ChartLineStats.from_json(ln) for ln in _list(data, "lines")),
            return_value=_num(data, "return"), return_exact=_str(data, "return_exact"),
            return_percent=_num(data, "return_percent"), optimal_return=_num(data, "optimal_return"),
            optimal_return_exact=_str(data, "optimal_return_exact"), cost=_num(data, "cost"),
            cost_exact=_str(data, "cost_exact"), cost_percent=_num(data, "cost_percent"),
            hands_per_bet_lost=_num(data, "hands_per_bet_lost", none=True), variance=_num(data, "variance"),
            standard_deviation=_num(data, "standard_deviation"), hit_chance=_num(data, "hit_chance"),
            draw_five_chance=_num(data, "draw_five_chance"), errors=errors,
            table=tuple(_return_row(r) for r in _list(data, "table")), notes=notes, curve=curve,
            max_lines=max_lines, seconds=_num(data, "seconds"), chart_text=_str(data, "chart_text"))


# reading a report's JSON back: each field of the type `to_json` writes, else ValueError


def _field(data: Mapping[str, Any], key: str, missing: bool) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError("expected a JSON object")
    if key not in data:
        if missing:
            return None
        raise ValueError(f"missing field {key!r}")
    return data[key]


@overload
def _num(data: Mapping[str, Any], key: str) -> float: ...
@overload
def _num(data: Mapping[str, Any], key: str, none: bool) -> float | None: ...
def _num(data: Mapping[str, Any], key: str, none: bool = False) -> float | None:
    x = _field(data, key, False)
    if x is None and none:
        return None
    if type(x) not in (int, float) or not math.isfinite(x):  # bool is not a number here
        raise ValueError(f"field {key!r} is not a number")
    return float(x) if type(x) is float else x  # an int stays an int (JSON's 800, not 800.0)


def _int(data: Mapping[str, Any], key: str) -> int:
    x = _field(data, key, False)
    if type(x) is not int:
        raise ValueError(f"field {key!r} is not a whole number")
    return x


@overload
def _str(data: Mapping[str, Any], key: str) -> str: ...
@overload
def _str(data: Mapping[str, Any], key: str, none: bool = False, missing: bool = False) -> str | None: ...
def _str(data: Mapping[str, Any], key: str, none: bool = False, missing: bool = False) -> str | None:
    x = _field(data, key, missing)
    if x is None and (none or missing):
        return None
    if not isinstance(x, str):
        raise ValueError(f"field {key!r} is not text")
    return x


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    x = _field(data, key, False)
    if not isinstance(x, list):
        raise ValueError(f"field {key!r} is not a list")
    return x


def _return_row(data: Mapping[str, Any]) -> ReturnRow:
    return ReturnRow(hand=_str(data, "hand"), pay=_num(data, "pay"), outcomes=_int(data, "outcomes"),
                     chance=_num(data, "chance"), contribution=_num(data, "contribution"),
                     pay_exact=_str(data, "pay_exact", missing=True),
                     chance_exact=_str(data, "chance_exact", missing=True),
                     contribution_exact=_str(data, "contribution_exact", missing=True))


def per_coin(dt: DealTable, v: int) -> Fraction:
    """A scaled value of the deal table as a value per coin."""
    return Fraction(int(v), dt.scale)
