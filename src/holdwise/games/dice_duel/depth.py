"""The duel's value and the study's depth measures: the optimum, a simple rule and chance, in bets won per duel.

Each policy sits once in each seat against the exact opponent (the minimax play, as the practice table's
computer plays), and once against a best response (an opponent who knows the policy and exploits it); a
duel's figure is the average of the two seats, as when the seats swap every duel. The optimum wins 0 per duel
against itself by symmetry; the gaps are what the rule and chance give up against it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..base import Result, fraction_text
from .rules import Rules
from .solver import CHANCE, OPTIMAL, POLICIES, RULE, duel_value

__all__ = ["DepthReport", "DepthRow", "depth_report"]


@dataclass(frozen=True)
class DepthRow(Result):
    """One policy's expected net bets per duel: in the first seat, in the second, their average (exact as
    p/q), and the average against a best response."""

    policy: str
    as_first: float
    as_second: float
    per_duel: float
    per_duel_exact: str
    best_response_per_duel: float
    best_response_per_duel_exact: str


@dataclass(frozen=True)
class DepthReport(Result):
    """A rule set's exact value for the first seat, and the depth rows (optimal, rule, chance)."""

    rules: Rules
    first_seat_value: float
    first_seat_value_exact: str
    rows: tuple[DepthRow, ...]
    rule_gap: float
    chance_gap: float
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The report's JSON: the rule set's fields at the top level (`rules` names a rule set's id elsewhere)."""
        out = super().to_json()
        return {**out.pop("rules"), **out}


def _row(rules: Rules, policy: str) -> tuple[DepthRow, Fraction]:
    first = duel_value(rules, (policy, OPTIMAL))
    second = -duel_value(rules, (OPTIMAL, policy))
    per_duel = (first + second) / 2
    exploited = (duel_value(rules, (policy, OPTIMAL), exploit=True)
                 - duel_value(rules, (OPTIMAL, policy), exploit=True)) / 2
    row = DepthRow(policy=policy, as_first=float(first), as_second=float(second), per_duel=float(per_duel),
                   per_duel_exact=fraction_text(per_duel), best_response_per_duel=float(exploited),
                   best_response_per_duel_exact=fraction_text(exploited))
    return row, per_duel


def depth_report(rules: Rules | None = None) -> DepthReport:
    """The value of `rules` (default: the Witcher-like defaults) and the depth rows, all exact."""
    rules = rules or Rules()
    began = time.perf_counter()
    value = duel_value(rules)
    rows = {p: _row(rules, p) for p in POLICIES}
    return DepthReport(
        rules=rules, first_seat_value=float(value), first_seat_value_exact=fraction_text(value),
        rows=tuple(rows[p][0] for p in POLICIES),
        rule_gap=float(rows[OPTIMAL][1] - rows[RULE][1]), chance_gap=float(rows[OPTIMAL][1] - rows[CHANCE][1]),
        seconds=time.perf_counter() - began)
