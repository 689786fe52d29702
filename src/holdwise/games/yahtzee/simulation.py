"""Seeded games of optimal solitaire play: a check of the exact optimum that shares only the table with it."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...solver.lattice import lattice
from ..base import Result
from .card import Card
from .rules import get_rules
from .solver import Solution, turn_tables, written
from .store import solution_for

__all__ = ["MAX_GAMES", "Simulation", "simulate"]

MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Simulation(Result):
    """Final scores of seeded optimal games: their mean, standard deviation and error, against the optimum."""

    rules: str
    games: int
    seed: int
    mean: float
    standard_deviation: float
    standard_error: float
    optimum: float
    percentiles: dict[str, float]
    upper_bonus_chance: float
    scores: tuple[int, ...]

    @property
    def errors_off(self) -> float:
        """How many standard errors the mean lies from the optimum."""
        return abs(self.mean - self.optimum) / self.standard_error if self.standard_error else 0.0

    def to_json(self) -> dict[str, object]:
        out = super().to_json()
        del out["scores"]  # thousands of numbers: the summary is the answer
        out["errors_off"] = self.errors_off
        return out


def _play(solution: Solution, rng: np.random.Generator) -> tuple[int, bool]:
    """One game of optimal play: (final score, upper bonus won)."""
    rules = solution.rules
    c = solution.compiled
    lat = lattice(rules.dice, rules.sides)
    card = Card(rules, (None,) * rules.n_categories)
    for _ in range(rules.n_categories):
        mask, up, yb = card.mask, card.upper_capped, card.bonus_flag
        tables = turn_tables(solution, mask, up, yb)
        counts = np.bincount(rng.integers(0, rules.sides, size=rules.dice), minlength=rules.sides)
        for keeps in (tables.k2, tables.k1):
            h = int(lat.hand_index(counts))
            options = c.sub_keep[c.sub_start[h]:c.sub_start[h + 1]]
            best_keep = int(options[int(np.argmax(keeps[options]))])  # keeping all five waits: as good as scoring
            kept = lat.counts[best_keep].astype(np.int64)
            rolled = rules.dice - int(kept.sum())
            counts = kept + np.bincount(rng.integers(0, rules.sides, size=rolled), minlength=rules.sides)
        h = int(lat.hand_index(counts))
        box = int(np.argmax(tables.boxes[h]))
        card = card.with_box(box, *written(solution, mask, up, yb, h, box))
    return card.total, card.upper_bonus > 0


def simulate(rules: str = "yahtzee", games: int = 1000, seed: int = 0,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """`games` seeded games of optimal play (the same seed plays the same games on any machine)."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise InputError(f"games must be a whole number 1 to {MAX_GAMES:,}, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r}")
    r = get_rules(rules)
    solution = solution_for(r)
    rng = np.random.default_rng(seed)
    scores, bonuses = [], 0
    for i in range(games):
        total, bonus = _play(solution, rng)
        scores.append(total)
        bonuses += bonus
        if progress is not None:
            progress(i + 1, games)
    a = np.array(scores, dtype=np.float64)
    sd = float(a.std(ddof=1)) if games > 1 else 0.0
    pct = {str(p): float(np.percentile(a, p)) for p in (1, 5, 10, 25, 50, 75, 90, 95, 99)}
    return Simulation(r.name, games, seed, float(a.mean()), sd, sd / math.sqrt(games), solution.expected_score,
                      pct, bonuses / games, tuple(scores))
