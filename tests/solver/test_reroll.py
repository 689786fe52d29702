from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdwise.solver.dice import Dice
from holdwise.solver.reroll import Game, Random, ranked_keeps, solve
from tests.conftest import multiset_payout
from tests.oracles.dice_bruteforce import oracle_value

SMALL_GAMES = [  # dice, sides, rerolls, weights
    (1, 6, 3, None), (2, 2, 3, None), (2, 5, 2, None), (3, 4, 2, None), (3, 6, 2, None),
    (4, 2, 3, None), (4, 3, 2, None), (4, 6, 1, None), (3, 3, 0, None), (3, 4, 2, (1, 2, 3, 4)),
    (2, 6, 2, (1, 1, 1, 1, 1, 3)),
]
POLICIES = ["optimal", "rule-higher", "rule-lower", "none", "random"]


def _solver_policy(name, p):
    return Random(p) if name == "random" else name


@pytest.mark.slow
@pytest.mark.parametrize("dice,sides,rerolls,weights", SMALL_GAMES)
@pytest.mark.parametrize("policy", POLICIES)
def test_solver_agrees_with_brute_force(dice, sides, rerolls, weights, policy):
    payout = multiset_payout(seed=dice * 100 + sides * 10 + rerolls)
    game = Game(Dice(dice, sides, weights), payout, rerolls)
    p = 0.3
    expected = oracle_value(dice, sides, rerolls, payout, policy, weights=weights, p=p)
    got = solve(game, _solver_policy(policy, p)).expected
    assert got == pytest.approx(expected, abs=1e-9, rel=1e-9)


@pytest.mark.parametrize("dice,sides,rerolls", [(2, 3, 2), (3, 3, 1), (2, 4, 1)])
@pytest.mark.parametrize("policy", POLICIES)
def test_exact_solver_agrees_with_exact_brute_force(dice, sides, rerolls, policy):
    payout = multiset_payout(seed=7, exact=True)
    game = Game(Dice(dice, sides, (2, 1, 3, 1)[:sides]), payout, rerolls)
    expected = oracle_value(dice, sides, rerolls, payout, policy, weights=(2, 1, 3, 1)[:sides],
                            p=Fraction(1, 3), exact=True)
    got = solve(game, _solver_policy(policy, Fraction(1, 3)), exact=True).expected
    assert isinstance(got, Fraction)
    assert got == expected


@pytest.mark.parametrize("dice,sides,rerolls,weights", [(5, 6, 2, None), (4, 5, 3, (3, 1, 1, 2, 1)), (6, 4, 1, None)])
@pytest.mark.parametrize("policy", ["optimal", "rule-higher", "none", Random(Fraction(2, 5))])
def test_exact_and_float_agree_and_distributions_sum_to_one(dice, sides, rerolls, weights, policy):
    game = Game(Dice(dice, sides, weights), multiset_payout(seed=3, exact=True), rerolls)
    exact = solve(game, policy, exact=True)
    floats = solve(game, policy)
    assert abs(float(exact.expected) - floats.expected) < 1e-12
    assert sum(exact.final_distribution) == 1
    assert floats.final_distribution.sum() == pytest.approx(1, abs=1e-12)
    assert np.max(np.abs(exact.final_distribution.astype(float) - floats.final_distribution)) < 1e-12
    assert np.max(np.abs(exact.values.astype(float) - floats.values)) < 1e-12
    # the final distribution reproduces the return
    payout = game.payout_vector(exact=True)
    assert (exact.final_distribution * payout).sum() == exact.expected


@pytest.mark.slow
@pytest.mark.parametrize("p", [Fraction(0), Fraction(1, 7), Fraction(1, 2), Fraction(5, 6), Fraction(1)])
@pytest.mark.parametrize("weights", [None, (1, 2, 3, 1, 1, 4)])
def test_random_equals_no_reroll_exactly(p, weights):
    """Keeping dice without looking leaves every die independent with the one-die law (seed 000)."""
    game = Game(Dice(5, 6, weights), multiset_payout(seed=11, exact=True), 2)
    random = solve(game, Random(p), exact=True)
    none = solve(game, "none", exact=True)
    assert random.expected == none.expected
    assert np.all(random.final_distribution == none.final_distribution)


def _all_keeps(hand):
    counts = [hand.count(v) for v in sorted(set(hand))]
    values = sorted(set(hand))
    keeps = []
    for choice in product(*[range(c + 1) for c in counts]):
        keeps.append(tuple(v for v, c in zip(values, choice, strict=True) for _ in range(c)))
    return keeps


@pytest.mark.slow
@pytest.mark.parametrize("dice,sides,rerolls,n_policies", [(2, 2, 1, 36), (2, 2, 2, 1296), (3, 2, 1, 576)])
def test_best_deterministic_policy_is_the_optimum(dice, sides, rerolls, n_policies):
    game = Game(Dice(dice, sides), multiset_payout(seed=5, exact=True), rerolls)
    hands = game.dice.hand_faces
    slots = [(hand, level) for level in range(1, rerolls + 1) for hand in hands]
    options = [_all_keeps(hand) for hand, _ in slots]
    optimum = solve(game, "optimal", exact=True).expected
    best, count = None, 0
    for choice in product(*options):
        table = dict(zip(slots, choice, strict=True))
        value = solve(game, lambda hand, left, table=table: table[(hand, left)], exact=True).expected
        assert value <= optimum
        best = value if best is None else max(best, value)
        count += 1
    assert count == n_policies
    assert best == optimum


def test_callable_policy_matches_named_rule():
    game = Game(Dice(5, 6), multiset_payout(seed=1), 2)

    def keep_most_frequent_high(hand, rerolls_left):
        top = max(hand.count(v) for v in hand)
        face = max(v for v in hand if hand.count(v) == top)
        return [face] * top

    assert solve(game, keep_most_frequent_high).expected == pytest.approx(solve(game, "rule-higher").expected, abs=1e-13)


def test_callable_policy_must_keep_part_of_the_hand():
    game = Game(Dice(3, 4), multiset_payout(seed=1), 1)
    with pytest.raises(ValueError, match="not a part of the hand"):
        solve(game, lambda hand, left: [4, 4, 4, 4])
    with pytest.raises(ValueError, match="not a face"):
        solve(game, lambda hand, left: [9])


def test_optimal_keep_and_values_are_consistent():
    game = Game(Dice(4, 5), multiset_payout(seed=9), 2)
    result = solve(game)
    lat = game.dice.lattice
    for level in (1, 2):
        chosen = result.keep_values[level][result.keeps[level]]
        assert np.allclose(chosen, result.values[level], atol=1e-12)
        # the keep is a sub-multiset of its hand
        assert np.all(lat.counts[result.keeps[level]] <= lat.counts[lat.hands])


def test_ranked_keeps_lists_every_keep_best_first():
    game = Game(Dice(5, 6), multiset_payout(seed=2), 2)
    rows = ranked_keeps(game, (1, 2, 2, 5, 6), 2)
    assert len(rows) == 2 * 3 * 2 * 2
    values = [v for _, v in rows]
    assert values == sorted(values, reverse=True)
    assert values[0] == pytest.approx(solve(game).values[2][game.dice.hand_faces.index((1, 2, 2, 5, 6))])
    with pytest.raises(ValueError, match="a hand has 5 dice"):
        ranked_keeps(game, (1, 2), 1)


def test_ten_dice_three_rerolls_solves():
    game = Game(Dice(10, 6), lambda hand: max(hand.count(v) for v in hand) ** 2, 3)
    result = solve(game)
    assert result.final_distribution.sum() == pytest.approx(1, abs=1e-12)
    assert solve(game, "rule-higher").expected <= result.expected + 1e-9


def test_game_validation():
    with pytest.raises(ValueError, match="re-rolls must be"):
        Game(Dice(), [0] * 252, 7)
    with pytest.raises(ValueError, match="payouts given"):
        Game(Dice(), [0] * 10, 2).payout_vector()
    with pytest.raises(ValueError, match="unknown policy"):
        solve(Game(Dice(2, 2), [0, 1, 2], 1), "best")
    with pytest.raises(ValueError, match="chance of keeping"):
        solve(Game(Dice(2, 2), [0, 1, 2], 1), Random(1.5))


payout_lists = st.lists(st.integers(min_value=0, max_value=50), min_size=15, max_size=15)


@settings(max_examples=40, deadline=None)
@given(payout_lists, st.integers(min_value=0, max_value=3))
def test_optimum_is_at_least_every_fixed_policy(payouts, rerolls):
    game = Game(Dice(4, 3), payouts, rerolls)
    optimum = solve(game).expected
    for policy in ("rule-higher", "rule-lower", "none", Random(0.4)):
        assert optimum >= solve(game, policy).expected - 1e-9


@settings(max_examples=40, deadline=None)
@given(payout_lists, st.integers(min_value=0, max_value=14), st.integers(min_value=1, max_value=30),
       st.integers(min_value=0, max_value=3))
def test_raising_a_payout_never_lowers_the_optimum(payouts, hand, raise_by, rerolls):
    before = solve(Game(Dice(4, 3), payouts, rerolls), exact=True).expected
    raised = list(payouts)
    raised[hand] += raise_by
    after = solve(Game(Dice(4, 3), raised, rerolls), exact=True).expected
    assert after >= before
    if rerolls == 0:  # with no re-roll the gain is exactly the raised hand's chance times the raise
        assert after - before == Dice(4, 3).first_roll(exact=True)[hand] * raise_by
