import numpy as np
import pytest

from holdwise.games.dice_poker import make_game
from holdwise.solver.reroll import solve
from holdwise.solver.simulation import play, z_score


@pytest.mark.parametrize("policy", ["optimal", "rule-higher", "none"])
def test_played_average_within_standard_errors(policy):
    game = make_game([10, 6, 4, 3, 2, 1, 0.5])
    result = solve(game, policy)
    finals = play(result, 200_000, np.random.default_rng(20261105))
    paid = game.payout_vector()[finals]
    z = z_score(paid.mean(), result.expected, paid.std(ddof=1) / np.sqrt(len(paid)))
    assert abs(z) < 4


def test_played_final_hands_follow_the_exact_distribution():
    game = make_game([10, 6, 4, 3, 2, 1, 0.5], dice=3, sides=4)
    result = solve(game)
    n = 400_000
    observed = np.bincount(play(result, n, np.random.default_rng(1)), minlength=len(result.final_distribution)) / n
    p = result.final_distribution
    se = np.sqrt(p * (1 - p) / n)
    assert np.all(np.abs(observed - p) <= 5 * se + 1e-12)
