"""Balut's points system under the play that maximizes the expected total score: exact where it can be, sampled
where it cannot.

Each state's turn, played optimally (the first best keep and the first best category on ties), ends in a
(category, score) pair with some chance: `outcome_table` lists them for every state. Pushing the chances
forward turn by turn, with one extra number carried beside the state, gives an exact distribution at the full
card: of the total score, of each category's sum (fours, fives, sixes, choice: the "at least" awards) and of
how many of a category's boxes hold more than 0 (straight, house: "every box"; balut: "each box"). Points are a
sum of those awards and the total's band, so their expectation is exact (`balut_points`); their distribution
needs them all at once, a state far too large to push, and is sampled (`simulate_balut_points`: seeded games
drawn from the same table, with the standard error).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from ..base import Result
from .balut import BalutRules
from .balut_kernels import fill_table, push_layer, sample
from .balut_solver import BalutSolution, kernel_args
from .distribution import ScoreDistribution, summarize

__all__ = ["MAX_POINT_GAMES", "BalutPoints", "BalutPointsSimulation", "OutcomeTable", "final_total",
           "outcome_table", "points_of", "simulate_points_of"]

Array = np.ndarray

MAX_POINT_GAMES = 1_000_000
_TABLES: dict[BalutRules, OutcomeTable] = {}


@dataclass(frozen=True)
class OutcomeTable:
    """Each state's optimal turn as (category, score, chance) lists: entries start[s]..start[s + 1]."""

    start: np.ndarray
    cats: np.ndarray
    scores: np.ndarray
    probs: np.ndarray
    seconds: float


def outcome_table(solution: BalutSolution) -> OutcomeTable:
    """The outcome lists of every state (about 2 s for Balut), kept in memory per rule set."""
    rules = solution.rules
    kept = _TABLES.get(rules)
    if kept is not None and kept.start.shape[0] == rules.n_states + 1:
        return kept
    begin = time.perf_counter()
    max_score = int(solution.compiled.points.max())
    capacity = rules.n_states * 64
    while True:
        start = np.zeros(rules.n_states + 1, dtype=np.int64)
        cats = np.empty(capacity, dtype=np.int8)
        scores = np.empty(capacity, dtype=np.int16)
        probs = np.empty(capacity, dtype=np.float64)
        used = fill_table(np.ascontiguousarray(solution.values, dtype=np.float64), *kernel_args(solution.compiled),
                          max_score, start, cats, scores, probs)
        if used >= 0:
            break
        capacity *= 2
    table = OutcomeTable(start, cats[:used].copy(),
                         scores[:used].copy(), probs[:used].copy(), time.perf_counter() - begin)
    _TABLES[rules] = table
    return table


def _features(rules: BalutRules, max_scores: list[int]) -> list[tuple[str, int, int, int]]:
    """(name, category or -1 for the total, 1 to count boxes above 0 / 0 to add scores, width) of each
    number carried beside the state: the total, then one per award."""
    feats = [("total", -1, 0, rules.boxes * sum(max_scores) + 1)]
    for award in rules.awards:
        i = rules.index(award.category)
        if award.test == "at_least":
            feats.append((award.category, i, 0, rules.boxes * max_scores[i] + 1))
        else:
            feats.append((award.category, i, 1, rules.boxes + 1))
    return feats


def final_distributions(solution: BalutSolution) -> dict[str, np.ndarray]:
    """The exact distribution of each feature (`_features`) at the full card, under optimal play."""
    rules = solution.rules
    table = outcome_table(solution)
    stride = solution.compiled.stride
    max_scores = [int(m) for m in solution.compiled.points.max(axis=0)]
    feats = _features(rules, max_scores)
    widths = np.array([w for *_, w in feats], dtype=np.int64)
    offs = np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(np.int64)
    idx = np.arange(rules.n_states, dtype=np.int64)
    filled = sum((idx // int(stride[i])) % (rules.boxes + 1) for i in range(rules.n_categories))
    layers = [np.flatnonzero(filled == n) for n in range(rules.turns + 1)]
    pos = np.zeros(rules.n_states, dtype=np.int64)
    for layer in layers:
        pos[layer] = np.arange(len(layer))
    src = np.zeros((1, int(widths.sum())))
    src[0, offs] = 1.0  # every feature 0 at the empty card
    args = (table.start, table.cats, table.scores, table.probs, stride,
            np.array([c for _, c, _, _ in feats], dtype=np.int64), np.array([k for _, _, k, _ in feats],
                                                                             dtype=np.int64), offs, widths)
    for n in range(rules.turns):
        dst = np.zeros((len(layers[n + 1]), src.shape[1]))
        push_layer(layers[n], pos, src, dst, *args)
        src = dst
    return {name: src[0, o:o + w].copy() for (name, *_, w), o in zip(feats, offs.tolist(), strict=True)}


def final_total(solution: BalutSolution) -> ScoreDistribution:
    """The exact distribution of the final total score under optimal play (pushed forward turn by turn, as
    `final_distributions`), with its mean, standard deviation and percentiles, as Yahtzee's."""
    begin = time.perf_counter()
    total = final_distributions(solution)["total"]
    return summarize(solution.rules.name, total, time.perf_counter() - begin)


@dataclass(frozen=True)
class BalutPoints(Result):
    """The points system under the play that maximizes the expected total score, computed exactly: each
    award's chance (or, for "each", the expected count), its expected points, and the total's bands."""

    rules: str
    method: str
    expected_score: float
    score_standard_deviation: float
    expected_points: float
    awards: dict[str, dict[str, object]]
    band_chances: dict[int, float]
    seconds: float


def points_of(solution: BalutSolution) -> BalutPoints:
    """The exact expected points of optimal (highest expected total) play, award by award, for a solution (any
    rule set, the tests' reduced ones too)."""
    begin = time.perf_counter()
    rules = solution.rules
    dist = final_distributions(solution)
    total = dist["total"]
    scores = np.arange(len(total))
    mean = float(total @ scores)
    sd = math.sqrt(max(0.0, float(total @ scores ** 2) - mean * mean))
    awards: dict[str, dict[str, object]] = {}
    expected = 0.0
    for award in rules.awards:
        d = dist[award.category]
        if award.test == "at_least":
            chance = float(d[award.threshold:].sum())
            row: dict[str, object] = {"test": f"sum >= {award.threshold}", "chance": chance}
            points = award.points * chance
        elif award.test == "every":
            chance = float(d[rules.boxes])
            row = {"test": "every box above 0", "chance": chance}
            points = award.points * chance
        else:
            count = float(d @ np.arange(len(d)))
            row = {"test": "each box above 0", "expected_count": count}
            points = award.points * count
        awards[award.category] = {**row, "expected_points": points}
        expected += points
    bands: dict[int, float] = {}
    for t, p in enumerate(total.tolist()):
        if p > 0.0:
            pts = rules.total_points(t)
            bands[pts] = bands.get(pts, 0.0) + p
    expected += sum(k * v for k, v in bands.items())
    return BalutPoints(rules.name, "exact", mean, sd, expected, awards, dict(sorted(bands.items())),
                       time.perf_counter() - begin)


@dataclass(frozen=True)
class BalutPointsSimulation(Result):
    """Seeded games of the play that maximizes the expected total: the points' distribution, sampled."""

    rules: str
    method: str
    games: int
    seed: int
    mean_points: float
    standard_deviation: float
    standard_error: float
    exact_expected_points: float
    mean_score: float
    points_chances: dict[int, float]

    @property
    def errors_off(self) -> float:
        """How many standard errors the sampled mean lies from the exact expectation."""
        return abs(self.mean_points - self.exact_expected_points) / self.standard_error if self.standard_error \
            else 0.0


def game_points(rules: BalutRules, totals: np.ndarray, sums: np.ndarray, nonzero: np.ndarray) -> np.ndarray:
    """Each game's points from its total, category sums and boxes above 0."""
    points = np.array([rules.total_points(int(t)) for t in totals.tolist()], dtype=np.int64)
    for award in rules.awards:
        i = rules.index(award.category)
        if award.test == "at_least":
            points += np.where(sums[:, i] >= award.threshold, award.points, 0)
        elif award.test == "every":
            points += np.where(nonzero[:, i] == rules.boxes, award.points, 0)
        else:
            points += award.points * nonzero[:, i]
    return points


def simulate_points_of(solution: BalutSolution, games: int, seed: int) -> BalutPointsSimulation:
    """The distribution of the points in seeded games of optimal (highest expected total) play, for a solution
    (any rule set)."""
    rules = solution.rules
    table = outcome_table(solution)
    uniforms = np.random.default_rng(seed).random((games, rules.turns))
    totals = np.zeros(games, dtype=np.int64)
    sums = np.zeros((games, rules.n_categories), dtype=np.int64)
    nonzero = np.zeros((games, rules.n_categories), dtype=np.int64)
    sample(table.start, table.cats, table.scores, table.probs, solution.compiled.stride, rules.turns, uniforms,
           totals, sums, nonzero)
    points = game_points(rules, totals, sums, nonzero)
    sd = float(points.std(ddof=1)) if games > 1 else 0.0
    values, counts = np.unique(points, return_counts=True)
    exact = points_of(solution).expected_points
    return BalutPointsSimulation(rules.name, "simulation", games, seed, float(points.mean()), sd,
                                 sd / math.sqrt(games), exact, float(totals.mean()),
                                 {int(v): int(c) / games for v, c in zip(values, counts, strict=True)})
