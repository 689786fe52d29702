"""Seeded play of dice poker against the exact values: every table and strategy, in standard errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ...solver import MAX_REROLLS, NO_REROLL, RULE_HIGHER, RULE_LOWER, Dice, Random, duration_text, play, solve, z_score
from ..base import Result
from .analysis import hand_categories, make_game
from .rules import ALL_CATEGORIES, Payouts

__all__ = [
    "MIN_HANDS", "VERIFY_MAX_WORK", "VERIFY_STRATEGIES", "Z_LIMIT", "VerifyAverage", "VerifyFrequency", "VerifyResult",
    "check_verify", "verify_by_play", "verify_work",
]

VERIFY_STRATEGIES = ("optimal", "rule-higher", "rule-lower", "none", "random")
Z_LIMIT = 5.0


@dataclass(frozen=True)
class VerifyAverage(Result):
    """One table and strategy: the exact return, the seeded average, its standard error and z."""

    rules: str
    strategy: str
    exact: float
    mean: float
    standard_error: float
    z: float


@dataclass(frozen=True)
class VerifyFrequency(Result):
    """One table, strategy and final combination: its exact chance, the observed share and z."""

    rules: str
    strategy: str
    category: str
    exact: float
    observed: float
    z: float


@dataclass(frozen=True)
class VerifyResult(Result):
    """Seeded play against the exact values; `passed` when every |z| is at most `z_limit`."""

    hands: int
    seed: int
    z_limit: float
    max_abs_z: float
    passed: bool
    averages: tuple[VerifyAverage, ...]
    frequencies: tuple[VerifyFrequency, ...]


MIN_HANDS = 1000  # z is a normal approximation: fewer hands make it meaningless
# Work of a verification: hands x tables x strategies x dice x rolls (the first and each re-roll), in units of
# one die rolled and read back: measured 0.1 microseconds a unit (5 dice, 2 re-rolls, 10**6 hands: 7.5 s CPU
# a table). About a minute of work at most; the hands' arrays then take at most 32 bytes x 120 million = 4 GB.
VERIFY_SECONDS_PER_UNIT = 1e-7
VERIFY_MAX_WORK = 600_000_000


def verify_work(hands: int, tables: int, dice: int, rerolls: int) -> int:
    """The work of a verification, in dice rolled (see VERIFY_MAX_WORK)."""
    return hands * tables * len(VERIFY_STRATEGIES) * dice * (rerolls + 1)


def check_verify(tables: Mapping[str, object], hands: int, seed: int, *, dice: int = 5, sides: int = 6,
                 rerolls: int = 2) -> None:
    """Refuse a verification that is meaningless (too few hands) or too large (over VERIFY_MAX_WORK)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < MIN_HANDS:
        raise InputError(f"hands must be at least {MIN_HANDS:,} (z is a normal approximation), got {hands!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a non-negative whole number, got {seed!r}")
    Dice(dice, sides)
    if isinstance(rerolls, bool) or not isinstance(rerolls, int) or not 0 <= rerolls <= MAX_REROLLS:
        raise InputError(f"re-rolls must be 0 to {MAX_REROLLS}, got {rerolls!r}")
    n_tables = max(len(tables), 1)
    work = verify_work(hands, n_tables, dice, rerolls)
    if work > VERIFY_MAX_WORK:
        largest = VERIFY_MAX_WORK // verify_work(1, n_tables, dice, rerolls)
        raise InputError(
            f"{hands:,} hands x {n_tables} table{'s' if n_tables != 1 else ''} x {len(VERIFY_STRATEGIES)} strategies "
            f"would take about {duration_text(work * VERIFY_SECONDS_PER_UNIT)} (limit about a minute); at most "
            f"{largest:,} hands with these tables, dice and re-rolls"
        )


def verify_by_play(tables: Mapping[str, Payouts], *, hands: int = 1_000_000, seed: int = 20261105,
                   dice: int = 5, sides: int = 6, rerolls: int = 2, weights: Sequence[int] | None = None,
                   on_progress: Callable[[int, int], None] | None = None) -> VerifyResult:
    """Seeded play of every table and strategy against the exact values, in standard errors.

    Each strategy's average payout over `hands` hands is compared with its exact return, and each
    final combination's frequency with its exact chance: z = (observed - exact) / standard error,
    with standard error s / sqrt(hands) for the average and sqrt(p (1 - p) / hands) for a chance p.
    `on_progress(done, total)` counts (table, strategy) pairs.
    """
    check_verify(tables, hands, seed, dice=dice, sides=sides, rerolls=rerolls)
    rng = np.random.default_rng(seed)
    cats = hand_categories(dice, sides)
    averages, frequencies = [], []
    total, done = len(tables) * len(VERIFY_STRATEGIES), 0
    for name, table in tables.items():
        game = make_game(table, dice=dice, sides=sides, rerolls=rerolls, weights=weights)
        payout = game.payout_vector()
        optimal = solve(game, "optimal")
        for strategy in VERIFY_STRATEGIES:
            if on_progress is not None:
                on_progress(done, total)
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
            z = z_score(mean, float(exact.expected), se)
            if not np.isfinite(z):  # every hand paid the same: measure against the exact spread instead
                spread = float(np.sqrt(max(exact.final_distribution @ payout**2 - float(exact.expected) ** 2, 0)))
                z = z_score(mean, float(exact.expected), spread / np.sqrt(hands))
                z = z if np.isfinite(z) else 0.0  # no spread at all: every hand pays the exact value
            averages.append(VerifyAverage(name, strategy, float(exact.expected), mean, se, z))
            observed = np.bincount(cats[finals], minlength=len(ALL_CATEGORIES)) / hands
            expected = np.bincount(cats, weights=exact.final_distribution, minlength=len(ALL_CATEGORIES))
            for i, category in enumerate(ALL_CATEGORIES):
                p = float(expected[i])
                se_p = float(np.sqrt(max(p * (1 - p), 0.0) / hands))
                frequencies.append(VerifyFrequency(name, strategy, category, p, float(observed[i]),
                                                   z_score(float(observed[i]), p, se_p)))
            done += 1
    if on_progress is not None:
        on_progress(done, total)
    worst = max([abs(r.z) for r in averages] + [abs(r.z) for r in frequencies])
    return VerifyResult(hands=hands, seed=seed, z_limit=Z_LIMIT, max_abs_z=float(worst),
                        passed=bool(worst <= Z_LIMIT), averages=tuple(averages), frequencies=tuple(frequencies))
