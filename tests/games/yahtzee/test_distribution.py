"""The exact final-score distribution against a brute-force oracle's on reduced games, and on the official rules
against the optimum and seeded simulation.

Ties: where two options are exactly equally good, another tie-breaking may play differently and change the
distribution (not the mean). `consequential_ties` (the oracle) counts the exact ties whose options lead to
different distributions of the score still to come; where there are none every optimal policy gives the same
distribution, so the whole distribution is compared. Elsewhere only the mean and the total chance are.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from holdwise.games.yahtzee.distribution import PERCENTILES, ScoreDistribution, score_distribution, summarize
from holdwise.games.yahtzee.solver import solve
from holdwise.games.yahtzee.store import cached_distribution
from holdwise.solver.native import compiled
from tests.games.yahtzee.test_solver import CASES, EXACT, ONES, RUN2, THREES, TWOS, YZ, Category, reduced
from tests.oracles.yahtzee_oracle import Oracle, consequential_ties, final_score_distribution

# the kernels run as plain Python (HOLDWISE_PURE=1, or not built): the full game takes too long
full_game = pytest.mark.skipif(not compiled("holdwise.games.yahtzee.turn_kernels"),
                               reason="the full game is too slow with the kernels run as plain Python")

FH = Category("full_house", "Full house", "full_house", 25)

# reduced games whose optimal play has no consequential tie (checked below): two dice on three sides
TIE_FREE = {
    # upper bonus (5 in the upper boxes: 6 points), Yahtzee bonus, free and forced joker, a run scored at full
    # value by the joker
    "bonus-free-joker": reduced((ONES, TWOS, THREES, YZ, RUN2), 2, 3, 5, 6, yahtzee_bonus=30, joker="free"),
    "bonus-forced-joker": reduced((ONES, TWOS, THREES, YZ, RUN2), 2, 3, 5, 6, yahtzee_bonus=30, joker="forced"),
    "no-joker": reduced((ONES, TWOS, THREES, YZ, RUN2), 2, 3, 5, 6, yahtzee_bonus=30, joker="none"),
    # a face (2) without an upper box: its joker counts as one whose upper box is used
    "face-without-upper-box": reduced((ONES, THREES, YZ, RUN2), 2, 3, 4, 9, yahtzee_bonus=25, joker="free"),
    # a full house that two dice never make but the joker fills
    "joker-full-house": reduced((ONES, TWOS, YZ, RUN2, FH), 2, 3, 3, 8, yahtzee_bonus=30, joker="forced"),
    "two-dice-no-bonus": CASES["two-dice-no-bonus"],
}


def exact_probabilities(dist: dict) -> list[Fraction]:
    top = max(dist)
    return [dist.get(s, Fraction(0)) for s in range(top + 1)]


def exact_percentiles(probs: list[Fraction]) -> dict:
    out = {}
    for p in PERCENTILES:
        total = Fraction(0)
        for s, q in enumerate(probs):
            total += q
            if total >= Fraction(p, 100):
                out[str(p)] = s
                break
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TIE_FREE))
def test_distribution_matches_oracle_without_ties(name):
    rules = TIE_FREE[name]
    oracle = Oracle(rules, exact=True)
    assert consequential_ties(oracle) == 0  # the premise: the distribution does not depend on tie-breaking
    dist, _ = final_score_distribution(oracle)
    expected = exact_probabilities(dist)
    assert sum(expected) == 1
    assert sum(s * q for s, q in enumerate(expected)) == oracle.expected_score()
    got = score_distribution(solve(rules, threads=2), threads=2)
    assert isinstance(got, ScoreDistribution)
    assert len(got.chances) == len(expected)  # the top score with a chance is the same
    for s, q in enumerate(expected):
        assert got.chances[s] == pytest.approx(float(q), rel=1e-9, abs=1e-15), s
    assert got.percentiles == exact_percentiles(expected)
    mean = sum(s * q for s, q in enumerate(expected))
    var = sum((s - mean) ** 2 * q for s, q in enumerate(expected))
    assert got.mean == pytest.approx(float(mean), rel=1e-12)
    assert got.standard_deviation == pytest.approx(math.sqrt(var), rel=1e-9)


def test_tie_free_cases_differ():
    """The joker matters on the tie-free card (though its free and forced readings happen to play alike there),
    and the Yahtzee bonus does: the cases above test different things."""
    dists = {name: score_distribution(solve(r, threads=1), threads=1) for name, r in TIE_FREE.items()}
    assert dists["bonus-free-joker"].chances == dists["bonus-forced-joker"].chances
    assert dists["bonus-free-joker"].mean > dists["no-joker"].mean + 1
    assert dists["bonus-free-joker"].max_score > dists["two-dice-no-bonus"].max_score


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_mean_and_total_match_oracle(name):
    """On every reduced game of the solver's tests (ties or not): the total chance is 1 and the mean is the
    oracle's optimum, the same as the mean of the oracle's own distribution."""
    rules = CASES[name]
    oracle = Oracle(rules, exact=name in EXACT)
    dist, _ = final_score_distribution(oracle)
    optimum = float(oracle.expected_score())
    assert float(sum(dist.values())) == pytest.approx(1.0, abs=1e-12)
    assert float(sum(s * q for s, q in dist.items())) == pytest.approx(optimum, rel=1e-9)
    got = score_distribution(solve(rules, threads=2), threads=2)
    assert sum(got.chances) == pytest.approx(1.0, abs=1e-12)
    assert got.mean == pytest.approx(optimum, rel=1e-9)
    assert all(p >= 0.0 for p in got.chances)
    assert got.chances[-1] > 0.0


def test_summary_hand_worked():
    d = summarize("x", np.array([0.25, 0.25, 0.0, 0.5]), 1.5)
    assert d.mean == pytest.approx(1.75)
    assert d.standard_deviation == pytest.approx(math.sqrt(0.25 * 1.75 ** 2 + 0.25 * 0.75 ** 2 + 0.5 * 1.25 ** 2))
    assert d.percentiles["1"] == 0
    assert d.percentiles["25"] == 0  # the cumulative reaches exactly 1/4 at 0
    assert d.percentiles["50"] == 1
    assert d.percentiles["75"] == 3
    assert d.max_score == 3
    js = d.to_json()
    assert js["chances"] == [[0, 0.25], [1, 0.25], [3, 0.5]]
    assert js["rules"] == "x" and js["seconds"] == 1.5 and js["percentiles"]["50"] == 1


# ----- the official rules ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def official():
    from holdwise.games.yahtzee.rules import YAHTZEE
    from holdwise.games.yahtzee.store import solution_for

    solution = solution_for(YAHTZEE)
    return solution, cached_distribution(solution)[0]  # computed once per run (the run's own cache folder)


@pytest.mark.slow
@full_game
def test_official_total_and_mean(official):
    solution, dist = official
    probs = np.array(dist.chances)
    assert probs.sum() == pytest.approx(1.0, abs=1e-9)
    assert (probs >= 0).all()
    assert dist.mean == pytest.approx(solution.expected_score, rel=1e-6)
    assert dist.mean == pytest.approx(254.5896, abs=5e-4)
    assert dist.max_score == 1575  # 13 Yahtzees of sixes: 1575 is the game's top score, and it has a chance
    assert 50 < dist.standard_deviation < 70
    assert list(dist.percentiles) == [str(p) for p in PERCENTILES]
    assert list(dist.percentiles.values()) == sorted(dist.percentiles.values())


@pytest.mark.slow
@full_game
def test_official_matches_simulation(official):
    from holdwise.games.yahtzee import simulate

    _, dist = official
    games = 2000
    sim = simulate("yahtzee", games, 20240601)
    probs = np.array(dist.chances)
    scores = np.arange(len(probs))
    mu, sd = dist.mean, dist.standard_deviation
    m4 = float(probs @ (scores - mu) ** 4)
    se_mean = sd / math.sqrt(games)
    se_sd = math.sqrt((m4 - sd ** 4) / games) / (2 * sd)  # the sample sd's standard error (delta method)
    assert abs(sim.mean - mu) < 4 * se_mean
    assert abs(sim.standard_deviation - sd) < 4 * se_sd
    # the simulated median within a few points of the exact one
    assert abs(sim.percentiles["50"] - dist.percentiles["50"]) <= 6


@pytest.mark.parametrize("seed", [0, 1])
def test_keep_choice_is_the_first_best_of_each_hand(seed):
    """The keeps chosen over the keeps of one die fewer (`best_below_arg`) are, value and keep, the first best of
    each hand's sub-keeps in `sub_keep` order (the simulation's tie-break), on values with many exact ties."""
    from holdwise.games.yahtzee.turn_kernels import best_below_arg
    from holdwise.games.yahtzee.rules import YAHTZEE
    from holdwise.games.yahtzee.solver import LANES, compile_rules
    from holdwise.solver.lattice import lattice

    c = compile_rules(YAHTZEE)
    counts = lattice(5, 6).counts
    rank = np.empty(len(counts), dtype=np.int64)
    rank[np.lexsort(tuple(counts[:, f] for f in range(5, -1, -1)))] = np.arange(len(counts))
    keeps = np.random.default_rng(seed).integers(0, 3, size=(len(counts), LANES)).astype(np.float64)
    lanes = keeps.copy()
    arg = np.zeros(lanes.shape, dtype=np.int64)
    best_below_arg(lanes, arg, c.below, c.block_start, rank)
    ties = 0
    for lane in range(LANES):
        for h in range(c.points.shape[0]):
            options = c.sub_keep[c.sub_start[h]:c.sub_start[h + 1]]
            values = keeps[options, lane]
            first = int(options[int(np.argmax(values))])  # argmax: the first of the maxima
            ties += int((values == values.max()).sum() > 1)
            assert arg[c.hand_start + h, lane] == first, (lane, h)
            assert lanes[c.hand_start + h, lane] == values.max()
    assert ties > 1000  # the tie-break is what is tested
