"""Batches of payouts: the threads share the blocks out without changing a figure; further payouts followed
under the optimal keeps agree with one solve each; optimal_keeps on columns agrees with one column at a time."""

import numpy as np
import pytest

from holdwise.solver import batch
from holdwise.solver.dice import Dice
from holdwise.solver.lattice import expect
from holdwise.solver.reroll import Game, batch_optimal, optimal_keeps, solve

GAMES = [(5, 6, None), (3, 4, (2, 1, 1, 3)), (2, 3, None)]


def _payouts(dice, n, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 4, size=(dice.lattice.n_hands, n)).astype(float)  # small integers: many tied keeps


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_threads_change_no_figure(monkeypatch, workers):
    dice = Dice(3, 6)
    e1 = expect(dice.lattice, dice.face_probabilities(), _payouts(dice, 3 * batch.TABLE_BLOCK + 5, 1))
    monkeypatch.setattr(batch, "threads", lambda: 1)
    alone = batch_optimal(dice, e1, 2)
    monkeypatch.setattr(batch, "threads", lambda: workers)
    # four blocks: one or two a thread
    assert np.array_equal(batch_optimal(dice, e1, 2), alone)


@pytest.mark.parametrize("count,sides,weights", GAMES)
def test_batch_with_no_reroll_returns_the_first_rolls_average(count, sides, weights):
    # two blocks, the second partial; the payouts' average over the first roll, computed without the kernel
    dice = Dice(count, sides, weights)
    pays = _payouts(dice, batch.TABLE_BLOCK + 9, count)
    returns = batch_optimal(dice, expect(dice.lattice, dice.face_probabilities(), pays), 0)
    assert np.allclose(returns, dice.first_roll() @ pays, rtol=1e-13, atol=0)
    assert np.all(returns <= batch_optimal(dice, expect(dice.lattice, dice.face_probabilities(), pays), 1))


@pytest.mark.parametrize("count,sides,weights", GAMES)
@pytest.mark.parametrize("rerolls", [0, 1, 2, 3])
def test_followed_payouts_agree_with_one_solve_each(count, sides, weights, rerolls):
    dice = Dice(count, sides, weights)
    lat, probs = dice.lattice, dice.face_probabilities()
    n = 40
    pays = _payouts(dice, n, count * 10 + rerolls)
    rng = np.random.default_rng(rerolls)
    aux = np.stack([np.eye(lat.n_hands)[:, rng.integers(0, lat.n_hands, n)], rng.random((lat.n_hands, n))])
    returns, followed = batch_optimal(dice, expect(lat, probs, pays), rerolls,
                                      np.stack([expect(lat, probs, a) for a in aux]))
    assert followed.shape == (2, n)
    for j in range(n):
        result = solve(Game(dice, pays[:, j], rerolls))
        assert returns[j] == pytest.approx(result.expected, abs=1e-12)
        for a in range(2):  # the keeps taken, ties included, are solve's: its final hands give the same value
            assert followed[a, j] == pytest.approx(result.final_distribution @ aux[a][:, j], abs=1e-12)


def test_optimal_keeps_of_columns_are_those_of_each_column():
    dice = Dice(4, 5)
    lat = dice.lattice
    e = expect(lat, dice.face_probabilities(), _payouts(dice, 30, 7))
    tol = np.full(30, 1e-12)
    values, keeps = optimal_keeps(lat, e, tol)
    for j in range(30):
        one_values, one_keeps = optimal_keeps(lat, e[:, j].copy(), 1e-12)
        assert np.array_equal(values[:, j], one_values) and np.array_equal(keeps[:, j], one_keeps)


def test_optimal_keeps_of_columns_break_exact_ties_as_each_column():
    # whole-number keep values tie exactly; with no tolerance a tie is still a tie (>=) and goes to the later keep
    dice = Dice(3, 4)
    lat = dice.lattice
    rng = np.random.default_rng(7)
    e = rng.integers(0, 3, size=(lat.n_keeps, 12)).astype(float)
    values, keeps = optimal_keeps(lat, e, np.zeros(12))
    for j in range(12):
        one_values, one_keeps = optimal_keeps(lat, e[:, j].copy(), 0.0)
        assert np.array_equal(values[:, j], one_values) and np.array_equal(keeps[:, j], one_keeps)
