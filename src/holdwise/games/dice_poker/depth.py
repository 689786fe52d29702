"""Depth report: how far the optimum is from a simple rule and from chance.

Seed 000's criterion: a game is deep when the optimum is at least 25 percentage points above
chance (no re-roll) and at least 5 points above the rule "keep the most frequent value", both as
shares of the optimum's return: gap = 100 * (1 - strategy / optimum).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ...solver import NO_REROLL, OPTIMAL, RULE_HIGHER, RULE_LOWER, Game, Random, solve
from ...solver.lattice import KeepLattice
from ..base import Result, fraction_text

__all__ = [
    "MAX_GAP_PP", "MIN_CHANCE_GAP_PP", "MIN_RULE_GAP_PP", "REPORT_STEPS", "DepthReport", "DepthReports", "Diff",
    "DiffRow",
    "category_frequencies", "check_gap", "depth_report",
]

Number = float | Fraction  # a figure: a float, or a Fraction with exact arithmetic
Json = dict[str, object]

MIN_CHANCE_GAP_PP = 25
MIN_RULE_GAP_PP = 5
MAX_GAP_PP = 1000  # a criterion's limit, in percentage points: -1000 to 1000
REPORT_STEPS = 5  # progress steps of one table's report: four solves and the diff


def check_gap(value: object, what: str) -> float | Fraction:
    """A criterion's limit in percentage points: a finite number -MAX_GAP_PP to MAX_GAP_PP."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise InputError(f"{what} must be a number of percentage points, got {value!r}")
    if not math.isfinite(value) or not -MAX_GAP_PP <= value <= MAX_GAP_PP:
        raise InputError(f"{what} must be a finite number -{MAX_GAP_PP} to {MAX_GAP_PP} (percentage points), "
                         f"got {value!r}")
    return value


def _put(out: Json, key: str, value: Number | None, exact: bool) -> None:
    """Write a number under `key` as a float (None stays None), and with exact arithmetic its "p/q" beside it
    under `key_exact`."""
    out[key] = None if value is None else float(value)
    if exact:
        out[f"{key}_exact"] = None if value is None else fraction_text(Fraction(value))


@dataclass(frozen=True)
class DiffRow(Result):
    """A hand where the rule's keep is worse than the optimum's, with both keeps' values."""

    hand: tuple[int, ...]
    share_of_rolls: float | Fraction
    optimal_keep: tuple[int, ...]
    optimal_value: float | Fraction
    rule_keep: tuple[int, ...]
    rule_value: float | Fraction

    def to_json(self, exact: bool = False) -> Json:
        """The row's JSON; with `exact` the values also as "p/q" beside."""
        out: Json = {"hand": list(self.hand)}
        _put(out, "chance", self.share_of_rolls, exact)
        out["optimal_keep"] = list(self.optimal_keep)
        _put(out, "optimal_value", self.optimal_value, exact)
        out["rule_keep"] = list(self.rule_keep)
        _put(out, "rule_value", self.rule_value, exact)
        return out


@dataclass(frozen=True)
class Diff(Result):
    """Hands where the optimum and the rule keep different dice at the first re-roll."""

    hands: int
    share_of_rolls: float | Fraction
    ties: int | None  # hands where the rule's keep is one of several best keeps (not in `hands`)
    rows: tuple[DiffRow, ...] = ()

    def to_json(self, exact: bool = False) -> Json:
        """The diff's JSON; with `exact` the values also as "p/q" beside."""
        out: Json = {"hands": self.hands}
        _put(out, "chance", self.share_of_rolls, exact)
        out["ties"] = self.ties
        out["rows"] = [r.to_json(exact) for r in self.rows]
        return out


@dataclass(frozen=True)
class DepthReport(Result):
    """One table's depth report. With `exact` the numbers are Fractions (JSON: floats and "p/q" beside)."""

    name: str
    exact: bool
    tie: str
    optimal: float | Fraction
    rule: float | Fraction
    none: float | Fraction
    random: float | Fraction
    rule_share: float | Fraction | None
    none_share: float | Fraction | None
    gap_pp: float | Fraction | None
    chance_gap_pp: float | Fraction | None
    criterion_met: bool
    min_chance_gap_pp: float | Fraction
    min_rule_gap_pp: float | Fraction
    diff: Diff
    frequencies: Mapping[str, Mapping[str, float | Fraction]]
    first_roll_outcomes: Mapping[str, int]
    outcomes: int

    def to_json(self) -> Json:
        """The JSON keys of docs/games/dice-poker.md; with exact arithmetic every number also as "p/q" under
        `<key>_exact`."""
        ex = self.exact
        out: Json = {"rules": self.name}
        for key in ("optimal", "rule", "none", "random", "rule_share", "none_share", "gap_pp", "chance_gap_pp"):
            _put(out, key, getattr(self, key), ex)
        out["criterion_met"] = self.criterion_met
        out["criterion"] = {"min_chance_gap_pp": float(self.min_chance_gap_pp),
                            "min_rule_gap_pp": float(self.min_rule_gap_pp)}
        out["tie"] = self.tie
        out["diff"] = self.diff.to_json(ex)
        out["chances"] = {k: {c: float(v) for c, v in f.items()} for k, f in self.frequencies.items()}
        if ex:
            out["chances_exact"] = {k: {c: fraction_text(Fraction(v)) for c, v in f.items()}
                                        for k, f in self.frequencies.items()}
        out["first_roll_outcomes"] = {c: int(n) for c, n in self.first_roll_outcomes.items()}
        out["outcomes"] = int(self.outcomes)
        return out


@dataclass(frozen=True)
class DepthReports(Result):
    """Depth reports of several tables: JSON {"tables": [...]}."""

    tables: tuple[DepthReport, ...]

    def to_json(self) -> Json:
        """{"tables": [each report's JSON]}."""
        return {"tables": [r.to_json() for r in self.tables]}


def _share(part: Number, whole: Number, exact: bool) -> Number | None:
    if whole == 0:
        return None
    return part / whole if exact else float(part) / float(whole)


def category_frequencies(distribution: np.ndarray, hand_categories: np.ndarray, names: Sequence[str],
                         exact: bool) -> dict[str, Number]:
    """Chance of each category from a chance per hand."""
    out = {}
    for index, name in enumerate(names):
        mask = hand_categories == index
        total = distribution[mask].sum() if mask.any() else (Fraction(0) if exact else 0.0)
        out[name] = total if exact else float(total)
    return out


def _tied_hands(lat: KeepLattice, keep_values: np.ndarray, best: np.ndarray, tol: float,
                among: np.ndarray) -> int | None:
    """How many hands flagged in `among` have more than one best keep (None when too many to list)."""
    try:
        hand_of, keep = lat.subkeep_pairs()
    except ValueError:
        return None
    is_best = keep_values[keep] >= best[hand_of] - tol
    n_best = np.bincount(hand_of[is_best], minlength=lat.n_hands)
    return int(np.sum((n_best > 1) & among))


def depth_report(game: Game, hand_categories: np.ndarray, category_names: Sequence[str], *, name: str = "",
                 tie: str = "higher", exact: bool = False, min_chance_gap_pp: float | Fraction = MIN_CHANCE_GAP_PP,
                 min_rule_gap_pp: float | Fraction = MIN_RULE_GAP_PP,
                 on_step: Callable[[], None] | None = None) -> DepthReport:
    """Optimum, rule, no re-roll and random (p = 1/2) with shares, gaps, criterion, diff, frequencies.

    `on_step()` is called after each of the REPORT_STEPS steps (four solves, then the diff)."""
    rule_policy = {"higher": RULE_HIGHER, "lower": RULE_LOWER}.get(tie)
    if rule_policy is None:
        raise InputError(f"tie must be 'higher' or 'lower', got {tie!r}")
    min_chance_gap_pp = check_gap(min_chance_gap_pp, "the minimum gap above chance")
    min_rule_gap_pp = check_gap(min_rule_gap_pp, "the minimum gap above the rule")
    step = on_step or (lambda: None)
    optimal = solve(game, OPTIMAL, exact)
    step()
    rule = solve(game, rule_policy, exact)
    step()
    none = solve(game, NO_REROLL, exact)
    step()
    random = solve(game, Random(Fraction(1, 2)), exact)
    step()
    rule_share = _share(rule.expected, optimal.expected, exact)
    none_share = _share(none.expected, optimal.expected, exact)
    gap_pp = None if rule_share is None else 100 * (1 - rule_share)
    chance_gap_pp = None if none_share is None else 100 * (1 - none_share)
    criterion = (gap_pp is not None and chance_gap_pp is not None and chance_gap_pp >= min_chance_gap_pp
                 and gap_pp >= min_rule_gap_pp)

    dice = game.dice
    lat = dice.lattice
    first = dice.first_roll(exact)
    level = game.rerolls
    rows: list[DiffRow] = []
    ties: int | None = 0
    if level >= 1:
        assert optimal.keeps is not None and rule.keeps is not None  # a deterministic policy keeps its keeps
        keep_values = optimal.keep_values[level]
        best = optimal.values[level]
        rule_keep = rule.keeps[level]
        rule_value = keep_values[rule_keep]
        tol = 0 if exact else 1e-12 * max(1.0, float(np.max(np.abs(game.payout_vector().astype(float)))))
        worse = rule_value < best - tol
        ties = _tied_hands(lat, keep_values, best, tol, ~worse)
        worse_hands = np.nonzero(worse)[0]
        hand_faces = lat.faces_of(worse_hands + lat.hands.start)
        optimal_keeps = lat.faces_of(optimal.keeps[level, worse_hands])
        rule_keeps = lat.faces_of(rule_keep[worse_hands])
        to_number = (lambda v: v) if exact else float
        for i, h in enumerate(worse_hands.tolist()):
            rows.append(DiffRow(hand_faces[i], to_number(first[h]), optimal_keeps[i], to_number(best[h]),
                                rule_keeps[i], to_number(rule_value[h])))
        share = first[worse].sum() if worse.any() else 0
    else:
        share = 0
    share = Fraction(share) if exact else float(share)
    diff = Diff(len(rows), share, ties, tuple(rows))
    step()
    frequencies = {
        "optimal": category_frequencies(optimal.final_distribution, hand_categories, category_names, exact),
        "rule": category_frequencies(rule.final_distribution, hand_categories, category_names, exact),
        "none": category_frequencies(none.final_distribution, hand_categories, category_names, exact),
    }
    ways = dice.outcome_counts(dice.count)
    first_roll_outcomes = {n: int(sum(ways[hand_categories == i])) for i, n in enumerate(category_names)}
    return DepthReport(
        name=name, exact=exact, tie=tie, optimal=optimal.expected, rule=rule.expected,
        none=none.expected, random=random.expected, rule_share=rule_share, none_share=none_share,
        gap_pp=gap_pp, chance_gap_pp=chance_gap_pp, criterion_met=bool(criterion),
        min_chance_gap_pp=min_chance_gap_pp, min_rule_gap_pp=min_rule_gap_pp, diff=diff,
        frequencies=frequencies, first_roll_outcomes=first_roll_outcomes,
        outcomes=dice.total_weight**dice.count,
    )
