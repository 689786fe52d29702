"""Seeded play of dice poker against the exact values."""

from holdwise.games.dice_poker import verify_by_play


def test_verify_by_play_detects_a_wrong_exact_value(monkeypatch):
    """A broken exact value must show up as a large z."""
    import holdwise.games.dice_poker.verify as dp

    real_solve = dp.solve

    def broken(game, policy="optimal", exact=False):
        result = real_solve(game, policy, exact)
        if policy == "optimal":
            result.expected += 0.05
        return result

    monkeypatch.setattr(dp, "solve", broken)
    out = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=100_000, seed=3)
    assert not out.passed
    assert max(abs(r.z) for r in out.averages if r.strategy == "optimal") > 5


def test_verify_by_play_is_seeded():
    a = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=5_000, seed=9)
    b = verify_by_play({"B": [10, 6, 4, 3, 2, 1, 0.5]}, hands=5_000, seed=9)
    assert a == b and a.passed
