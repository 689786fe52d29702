import numpy as np
import pytest

from holdwise.analysis.simulation import play, z_score
from holdwise.dice_poker import make_game, verify_by_play
from holdwise.reroll import solve


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


def test_verify_by_play_detects_a_wrong_exact_value(monkeypatch):
    """A broken exact value must show up as a large z."""
    import holdwise.dice_poker as dp

    real_solve = dp.solve

    def broken(game, policy="optimal", exact=False):
        result = real_solve(game, policy, exact)
        if policy == "optimal":
            result.expected += 0.05
        return result

    monkeypatch.setattr(dp, "solve", broken)
    out = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=100_000, seed=3)
    assert not out["passed"]
    assert max(abs(r["z"]) for r in out["averages"] if r["strategy"] == "optimal") > 5


def test_verify_by_play_is_seeded():
    a = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=5_000, seed=9)
    b = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=5_000, seed=9)
    assert a == b and a["passed"]
