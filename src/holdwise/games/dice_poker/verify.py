"""Seeded play of dice poker against the exact values: every table and strategy, in standard errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ...solver import NO_REROLL, RULE_HIGHER, RULE_LOWER, Random, play, solve, z_score
from ..base import Result
from .analysis import hand_categories, make_game
from .rules import ALL_CATEGORIES

__all__ = ["VERIFY_STRATEGIES", "Z_LIMIT", "VerifyAverage", "VerifyFrequency", "VerifyResult", "verify_by_play"]

VERIFY_STRATEGIES = ("optimal", "rule-higher", "rule-lower", "none", "random")
Z_LIMIT = 5.0


@dataclass(frozen=True)
class VerifyAverage(Result):
    """One table and strategy: the exact return, the seeded average, its standard error and z."""

    table: str
    strategy: str
    exact: float
    mean: float
    standard_error: float
    z: float


@dataclass(frozen=True)
class VerifyFrequency(Result):
    """One table, strategy and final combination: its exact chance, the observed share and z."""

    table: str
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


def verify_by_play(tables: Mapping[str, Sequence], *, hands: int = 1_000_000, seed: int = 20261105,
                   dice: int = 5, sides: int = 6, rerolls: int = 2, weights: Sequence[int] | None = None,
                   on_progress: Callable[[int, int], None] | None = None) -> VerifyResult:
    """Seeded play of every table and strategy against the exact values, in standard errors.

    Each strategy's average payout over `hands` hands is compared with its exact return, and each
    final combination's frequency with its exact chance: z = (observed - exact) / standard error,
    with standard error s / sqrt(hands) for the average and sqrt(p (1 - p) / hands) for a chance p.
    `on_progress(done, total)` counts (table, strategy) pairs.
    """
    if not isinstance(hands, int) or hands < 2:
        raise InputError(f"hands must be at least 2, got {hands}")
    if not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a non-negative whole number, got {seed}")
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
            averages.append(VerifyAverage(name, strategy, float(exact.expected), mean, se,
                                          z_score(mean, exact.expected, se)))
            observed = np.bincount(cats[finals], minlength=len(ALL_CATEGORIES)) / hands
            expected = np.bincount(cats, weights=exact.final_distribution, minlength=len(ALL_CATEGORIES))
            for i, category in enumerate(ALL_CATEGORIES):
                p = float(expected[i])
                se_p = float(np.sqrt(p * (1 - p) / hands))
                frequencies.append(VerifyFrequency(name, strategy, category, p, float(observed[i]),
                                                   z_score(float(observed[i]), p, se_p)))
            done += 1
    if on_progress is not None:
        on_progress(done, total)
    worst = max([abs(r.z) for r in averages] + [abs(r.z) for r in frequencies])
    return VerifyResult(hands=hands, seed=seed, z_limit=Z_LIMIT, max_abs_z=float(worst),
                        passed=bool(worst <= Z_LIMIT), averages=tuple(averages), frequencies=tuple(frequencies))
