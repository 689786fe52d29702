"""Dice poker: depth reports, hints and batches of payout tables (a facade over the solver)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...errors import InputError
from ...solver import (
    MAX_REROLLS,
    NO_REROLL,
    RULE_HIGHER,
    CategoryPayout,
    Dice,
    Game,
    batch_optimal,
    expect,
    fraction_str,
    ranked_keeps,
    solve,
)
from .depth import DepthReport, depth_report
from .rules import ALL_CATEGORIES, BUILTIN_TABLES, CATEGORIES, categories, parse_payouts

__all__ = ["make_game", "report", "hint", "batch_returns", "report_to_json", "BUILTIN_TABLES", "CATEGORIES"]


@lru_cache(maxsize=64)
def hand_categories(dice: int, sides: int) -> np.ndarray:
    """The category index of every hand (7 = nothing)."""
    lat = Dice(dice, sides).lattice
    return categories(lat.counts[lat.hands])


def make_game(table: Sequence, *, dice: int = 5, sides: int = 6, rerolls: int = 2,
              weights: Sequence[int] | None = None) -> Game:
    """The dice poker game paying `table` (seven payouts in category order; nothing pays 0)."""
    payouts = (*parse_payouts(table), Fraction(0))
    die = Dice(dice, sides, tuple(weights) if weights is not None else None)
    return Game(die, CategoryPayout(hand_categories(dice, sides), payouts), rerolls)


def report(table: Sequence, *, name: str = "", dice: int = 5, sides: int = 6, rerolls: int = 2,
           weights: Sequence[int] | None = None, tie: str = "higher", exact: bool = False,
           min_chance_gap_pp=25, min_rule_gap_pp=5) -> DepthReport:
    """The depth report of one payout table."""
    game = make_game(table, dice=dice, sides=sides, rerolls=rerolls, weights=weights)
    return depth_report(game, hand_categories(dice, sides), ALL_CATEGORIES, name=name, tie=tie,
                        exact=exact, min_chance_gap_pp=min_chance_gap_pp, min_rule_gap_pp=min_rule_gap_pp)


def hint(hand: Sequence[int], rerolls_left: int, table: Sequence, *, dice: int = 5, sides: int = 6,
         rerolls: int | None = None, weights: Sequence[int] | None = None, exact: bool = False):
    """Every distinct keep of `hand` ranked by expected payout: list of (keep, value, gap to best)."""
    rerolls = rerolls_left if rerolls is None else rerolls
    game = make_game(table, dice=dice, sides=sides, rerolls=rerolls, weights=weights)
    ranked = ranked_keeps(game, hand, rerolls_left, exact=exact)
    best = ranked[0][1]
    return [(keep, value, best - value) for keep, value in ranked]


@lru_cache(maxsize=16)
def _batch_setup(dice: int, sides: int, rerolls: int):
    """What every table of a batch shares: E_1 per category, and the fixed policies' category mixes."""
    die = Dice(dice, sides)
    lat = die.lattice
    cats = hand_categories(dice, sides)
    onehot = np.zeros((lat.n_hands, len(CATEGORIES)))
    real = cats < len(CATEGORIES)
    onehot[np.nonzero(real)[0], cats[real]] = 1.0
    category_given_keep = expect(lat, die.face_probabilities(), onehot)  # (keeps, 7): chance of each category
    mixes = {}
    for policy in (RULE_HIGHER, NO_REROLL):
        result = solve(Game(die, np.zeros(lat.n_hands), rerolls), policy)
        mixes[policy] = onehot.T @ result.final_distribution
    return die, np.ascontiguousarray(category_given_keep), mixes


def batch_returns(tables, *, dice: int = 5, sides: int = 6, rerolls: int = 2,
                  chunk: int = 8192) -> dict[str, np.ndarray]:
    """Returns of the optimum, the rule (ties to the higher face) and no re-roll for many tables.

    `tables` has shape (n, 7) in category order; each result has shape (n,). The rule and no
    re-roll are linear in the table (their final-category mix does not depend on it); the optimum
    runs the backward pass per table in a compiled kernel.
    """
    tables = np.asarray(tables, dtype=np.float64)
    if tables.ndim != 2 or tables.shape[1] != len(CATEGORIES):
        raise InputError(f"tables must have shape (n, {len(CATEGORIES)}), got {tables.shape}")
    if not np.all(np.isfinite(tables)):
        raise InputError("payouts must be finite numbers")
    Dice(dice, sides)
    if not isinstance(rerolls, int) or not 0 <= rerolls <= MAX_REROLLS:
        raise InputError(f"re-rolls must be 0 to {MAX_REROLLS}, got {rerolls}")
    die, per_category, mixes = _batch_setup(dice, sides, rerolls)
    optimal = np.empty(len(tables))
    for lo in range(0, len(tables), chunk):
        part = tables[lo:lo + chunk]
        optimal[lo:lo + chunk] = batch_optimal(die, per_category @ part.T, rerolls)  # (keeps, tables): E_1
    return {"optimal": optimal, "rule": tables @ mixes[RULE_HIGHER], "none": tables @ mixes[NO_REROLL]}


def _number(value, exact: bool):
    if value is None:
        return None
    return fraction_str(value) if exact else float(value)


def report_to_json(rep: DepthReport) -> dict:
    """The JSON object of a depth report (keys documented in the README)."""
    ex = rep.exact
    num = lambda v: _number(v, ex)  # noqa: E731
    return {
        "table": rep.name,
        "optimal": num(rep.optimal),
        "rule": num(rep.rule),
        "none": num(rep.none),
        "random": num(rep.random),
        "rule_share": num(rep.rule_share),
        "none_share": num(rep.none_share),
        "gap_pp": num(rep.gap_pp),
        "chance_gap_pp": num(rep.chance_gap_pp),
        "criterion_met": rep.criterion_met,
        "criterion": {"min_chance_gap_pp": rep.min_chance_gap_pp, "min_rule_gap_pp": rep.min_rule_gap_pp},
        "tie": rep.tie,
        "diff": {
            "hands": rep.diff.hands,
            "share_of_rolls": num(rep.diff.share_of_rolls),
            "ties": rep.diff.ties,
            "rows": [
                {"hand": list(r.hand), "share_of_rolls": num(r.share_of_rolls),
                 "optimal_keep": list(r.optimal_keep), "optimal_value": num(r.optimal_value),
                 "rule_keep": list(r.rule_keep), "rule_value": num(r.rule_value)}
                for r in rep.diff.rows
            ],
        },
        "frequencies": {k: {c: num(v) for c, v in freq.items()} for k, freq in rep.frequencies.items()},
        "first_roll_counts": dict(rep.first_roll_counts),
        "total_rolls": rep.total_rolls,
    }


VERIFY_STRATEGIES = ("optimal", "rule-higher", "rule-lower", "none", "random")
Z_LIMIT = 5.0


def verify_by_play(tables: dict[str, Sequence], *, hands: int = 1_000_000, seed: int = 20261105,
                   dice: int = 5, sides: int = 6, rerolls: int = 2, weights=None,
                   on_step=None) -> dict:
    """Seeded play of every table and strategy against the exact values, in standard errors.

    Each strategy's average payout over `hands` hands is compared with its exact return, and each
    final combination's frequency with its exact chance (z = (observed - exact) / standard error).
    """
    from ...solver import RULE_LOWER, Random, play, z_score

    if hands < 2:
        raise InputError(f"hands must be at least 2, got {hands}")
    rng = np.random.default_rng(seed)
    cats = hand_categories(dice, sides)
    averages, frequencies = [], []
    for name, table in tables.items():
        game = make_game(table, dice=dice, sides=sides, rerolls=rerolls, weights=weights)
        payout = game.payout_vector()
        optimal = solve(game, "optimal")
        for strategy in VERIFY_STRATEGIES:
            if strategy == "random":
                exact = solve(game, Random(Fraction(1, 2)))
                finals = play(optimal, hands, rng, keep_chance=0.5)
            else:
                exact = optimal if strategy == "optimal" else solve(
                    game, {"rule-higher": RULE_HIGHER, "rule-lower": RULE_LOWER, "none": NO_REROLL}[strategy])
                finals = play(exact, hands, rng)
            paid = payout[finals]
            mean = float(paid.mean())
            se = float(paid.std(ddof=1) / np.sqrt(hands))
            averages.append({"table": name, "strategy": strategy, "exact": exact.expected, "mean": mean,
                             "standard_error": se, "z": z_score(mean, exact.expected, se)})
            observed = np.bincount(cats[finals], minlength=len(ALL_CATEGORIES)) / hands
            expected = np.bincount(cats, weights=exact.final_distribution, minlength=len(ALL_CATEGORIES))
            for i, category in enumerate(ALL_CATEGORIES):
                p = float(expected[i])
                se_p = float(np.sqrt(p * (1 - p) / hands))
                frequencies.append({"table": name, "strategy": strategy, "category": category, "exact": p,
                                    "observed": float(observed[i]), "z": z_score(float(observed[i]), p, se_p)})
            if on_step is not None:
                on_step()
    worst = max([abs(r["z"]) for r in averages] + [abs(r["z"]) for r in frequencies])
    return {"hands": hands, "seed": seed, "z_limit": Z_LIMIT, "max_abs_z": worst,
            "passed": bool(worst <= Z_LIMIT), "averages": averages, "frequencies": frequencies}
