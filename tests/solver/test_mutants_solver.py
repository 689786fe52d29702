"""The solver's dice, lattice and re-roll modules pinned with values where the mutation run found gaps."""

import math
from fractions import Fraction

import numpy as np
import pytest

from holdwise import InputError
from holdwise.solver.dice import MAX_DICE, MAX_SIDES, MAX_WEIGHT, MIN_DICE, MIN_SIDES, Dice
from holdwise.solver.lattice import (
    MAX_KEEPS,
    KeepLattice,
    chunks,
    counts_to_faces,
    faces_to_counts,
    keep_count,
    multiset_count,
)
from holdwise.solver.reroll import MAX_REROLLS, Game, Random, ranked_keeps, solve


def test_dice_limits():
    assert (MIN_DICE, MAX_DICE, MIN_SIDES, MAX_SIDES, MAX_WEIGHT) == (1, 10, 2, 20, 1_000_000)
    assert Dice(1, 2).weights == (1, 1)
    assert Dice(10, 20).count == 10
    for count, sides in ((0, 6), (11, 6), (5, 1), (5, 21), (True, 6), (5, True), (5.0, 6), (5, "6")):
        with pytest.raises(InputError):
            Dice(count, sides)


@pytest.mark.parametrize("weights", [
    (0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 1), (1,) * 7, (1, 1, 1, 1, 1, -1), (1, 1, 1, 1, 1, 1.5),
    (1, 1, 1, 1, 1, MAX_WEIGHT + 1), (1, 1, 1, 1, 1, True), (1, 1, 1, 1, 1, float("inf")),
    (1, 1, 1, 1, 1, float("nan")), "111111", b"111111", 6, (1, 1, 1, 1, 1, "1"),
])
def test_bad_weights(weights):
    with pytest.raises(InputError):
        Dice(5, 6, weights)


def test_weights_at_the_edges():
    assert Dice(5, 6, (0, 0, 0, 0, 0, 1)).weights == (0, 0, 0, 0, 0, 1)
    assert Dice(5, 6, [MAX_WEIGHT] * 6).weights == (MAX_WEIGHT,) * 6
    assert Dice(5, 6, (2.0, 1, 1, 1, 1, 1)).weights == (2, 1, 1, 1, 1, 1)
    assert type(Dice(5, 6, (2.0, 1, 1, 1, 1, 1)).weights[0]) is int
    assert Dice(5, 6, iter([1, 2, 3, 4, 5, 6])).weights == (1, 2, 3, 4, 5, 6)
    with pytest.raises(InputError) as info:
        Dice(5, 6, (-1,) * 6)
    assert "-1, -1" in str(info.value)


def test_fair_and_probabilities():
    assert Dice(5, 6).fair and Dice(5, 6, (3,) * 6).fair
    assert not Dice(5, 6, (1, 1, 1, 1, 1, 2)).fair
    assert not Dice(5, 2, (0, 1)).fair
    assert Dice(5, 6, (1, 1, 1, 1, 1, 3)).total_weight == 8
    exact = Dice(5, 6, (1, 1, 1, 1, 1, 3)).face_probabilities(exact=True).tolist()
    assert exact == [Fraction(1, 8)] * 5 + [Fraction(3, 8)]
    assert Dice(5, 6, (1, 1, 1, 1, 1, 3)).face_probabilities().tolist() == [0.125] * 5 + [0.375]


def test_roll_distributions_are_exact():
    dice = Dice(3, 2, (1, 2))
    assert dice.roll_distribution(exact=True).tolist() == [Fraction(1, 27), Fraction(6, 27), Fraction(12, 27),
                                                           Fraction(8, 27)]
    assert dice.first_roll(exact=True).tolist() == dice.roll_distribution(3, exact=True).tolist()
    assert dice.roll_distribution(1, exact=True).tolist() == [Fraction(1, 3), Fraction(2, 3)]
    assert dice.roll_distribution(0, exact=True).tolist() == [1]
    assert np.allclose(dice.roll_distribution(), [1 / 27, 6 / 27, 12 / 27, 8 / 27])
    assert dice.outcome_counts(3).tolist() == [1, 6, 12, 8]
    assert dice.outcome_counts(2).tolist() == [1, 4, 4]


@pytest.mark.parametrize("weight", [27000, 29000, 1_000_000])
def test_outcome_counts_past_int64_are_exact(weight):
    """24 x w**4 for four distinct faces of weight w passes 2**63 here: the int64 guard must see it."""
    dice = Dice(4, 4, (weight,) * 4)
    counts = dice.outcome_counts(4)
    assert sum(counts.tolist()) == (4 * weight) ** 4
    assert counts.tolist()[-1] == weight**4  # four of the top face: the last multiset of the block
    assert max(counts.tolist()) == 24 * weight**4
    assert all(isinstance(c, int) for c in counts.tolist())


def test_outcome_counts_just_below_int64():
    dice = Dice(3, 6, (MAX_WEIGHT,) * 6)  # 6 x 1e18 < 2**63: the int64 path, exact
    counts = dice.outcome_counts(3)
    assert sum(counts.tolist()) == (6 * MAX_WEIGHT) ** 3
    assert max(counts.tolist()) == 6 * MAX_WEIGHT**3


def test_lattice_size_limit_covers_10_dice_by_16_faces():
    assert keep_count(10, 16) == 5_311_735 <= MAX_KEEPS < keep_count(10, 17) == 8_436_285
    assert keep_count(8, 20) <= MAX_KEEPS < keep_count(9, 20)


def test_lattice_size_guard(monkeypatch):
    """The guard itself, on a small limit (past the real one a lattice would take gigabytes to build)."""
    import sys

    lattice_module = sys.modules[KeepLattice.__module__]

    monkeypatch.setattr(lattice_module, "MAX_KEEPS", keep_count(3, 6))
    assert KeepLattice(3, 6).n_keeps == 84  # exactly at the limit: accepted
    with pytest.raises(InputError, match="too large"):
        KeepLattice(4, 6)


def test_lattice_helpers():
    assert multiset_count(5, 6) == 252 and keep_count(5, 6) == 462 and multiset_count(0, 6) == 1
    assert list(chunks(5, 2)) == [slice(0, 2), slice(2, 4), slice(4, 5)]
    assert list(chunks(4, 2)) == [slice(0, 2), slice(2, 4)]
    assert list(chunks(0, 2)) == []
    assert counts_to_faces([2, 0, 1]) == (1, 1, 3)
    assert faces_to_counts([1, 1, 3], 3).tolist() == [2, 0, 1]
    assert faces_to_counts([3.0], 3).tolist() == [0, 0, 1]
    for bad in ([0], [4], [1.5], [True], ["1"], [float("nan")], [float("inf")]):
        with pytest.raises(InputError):
            faces_to_counts(bad, 3)
    lat = KeepLattice(3, 2)
    assert lat.faces(0) == () and lat.faces(lat.n_keeps - 1) == (2, 2, 2)
    assert [lat.faces(i) for i in range(lat.n_keeps)] == [(), (1,), (2,), (1, 1), (1, 2), (2, 2), (1, 1, 1),
                                                          (1, 1, 2), (1, 2, 2), (2, 2, 2)]


def test_rerolls_and_policies():
    assert MAX_REROLLS == 6
    dice = Dice(2, 3)
    payout = lambda faces: sum(faces)  # noqa: E731
    assert Game(dice, payout).rerolls == 2
    assert Game(dice, payout, 6).rerolls == 6 and Game(dice, payout, 0).rerolls == 0
    for bad in (-1, 7, 1.0):
        with pytest.raises(InputError):
            Game(dice, payout, bad)
    game = Game(dice, payout, 1)
    # one re-roll, two 3-sided dice: keep a 3, re-roll a 1; a 2 is a tie (2 = mean 2)
    assert solve(game, exact=True).expected == Fraction(14, 3)  # per die (3 + 2 + 2) / 3
    assert solve(game, Random(0), exact=True).expected == 4  # p = 0: re-roll everything
    assert solve(game, Random(1), exact=True).expected == 4
    assert solve(game, "none", exact=True).expected == 4
    for bad in (Random(-0.5), Random(1.5), "best"):
        with pytest.raises(InputError):
            solve(game, bad)


def test_payouts_must_be_finite():
    dice = Dice(2, 2)
    for bad in ([1.0, float("inf"), 1.0], [1.0, float("nan"), 1.0], [1.0, 2.0], [1.0, 2.0, 3.0, 4.0]):
        with pytest.raises(InputError):
            Game(dice, bad).payout_vector()
    assert Game(dice, [1, "1/2", 3]).payout_vector().tolist() == [1.0, 0.5, 3.0]
    assert Game(dice, [1, "1/2", 3]).payout_vector(exact=True).tolist() == [1, Fraction(1, 2), 3]


def test_ranked_keeps_bounds():
    game = Game(Dice(2, 3), lambda faces: sum(faces), 2)
    ranked = ranked_keeps(game, [3, 1], 1, exact=True)
    assert [v for _, v in ranked] == [5, 4, 4, 3]
    assert [k for k, _ in ranked] == [(3,), (1, 3), (), (1,)]  # a tie: the later keep in the lattice first
    assert ranked_keeps(game, [3, 1], 2, exact=True)[0][0] == (3,)
    for bad_left in (0, 3, -1):
        with pytest.raises(InputError):
            ranked_keeps(game, [3, 1], bad_left)
    for bad_hand in ([3], [3, 1, 1], [4, 1], [0, 1]):
        with pytest.raises(InputError):
            ranked_keeps(game, bad_hand, 1)


def test_tie_tolerance_scales_with_the_payouts():
    """Keeps within 1e-12 x the largest payout (at least 1e-12) of the best are ties, and a tie goes to the later
    keep in the lattice (here: keeping the die). One die, two faces, one re-roll: from face 1, keeping is worth
    a and re-rolling (a + b) / 2."""

    def keep_from_face_1(a, b):
        result = solve(Game(Dice(1, 2), [a, b], 1))
        return result.game.dice.lattice.faces(int(result.keeps[1, 0]))

    for scale in (1.0, 1e6, 1e9):
        assert keep_from_face_1(scale, scale + 2e-13 * scale) == (1,)  # 1e-13 relative: a tie, keep the die
        assert keep_from_face_1(scale, scale + 2e-11 * scale) == ()  # 1e-11 relative: re-roll
    assert keep_from_face_1(1e-3, 1e-3 + 2e-13) == (1,)  # small payouts: the tolerance is at least 1e-12
    assert keep_from_face_1(1e-3, 1e-3 + 2e-11) == ()


def test_expect_keeps_hands_and_averages_over_rolls():
    from holdwise.solver.lattice import expect
    from holdwise.solver.reroll import batch_optimal

    dice = Dice(2, 3, (1, 1, 2))
    lat = dice.lattice
    probs = dice.face_probabilities()
    payout = np.array([sum(f) ** 2 for f in dice.hand_faces], dtype=float)
    e = expect(lat, probs, payout)
    assert e[lat.hands].tolist() == payout.tolist()
    assert e[0] == pytest.approx(float((dice.first_roll() * payout).sum()))
    one = lat.index_of(np.array([[0, 0, 1]]))[0]  # keep one 3: the other die rolls
    assert e[one] == pytest.approx(0.25 * 16 + 0.25 * 25 + 0.5 * 36)
    both = expect(lat, probs, np.stack([payout, 2 * payout + 1], axis=1))
    assert both.shape == (lat.n_keeps, 2)
    assert np.allclose(both[:, 0], e) and np.allclose(both[:, 1], 2 * e + 1)
    returns = batch_optimal(dice, both, 2)
    assert returns.shape == (2,)
    for column, pay in enumerate((payout, 2 * payout + 1)):
        assert returns[column] == pytest.approx(solve(Game(dice, pay, 2)).expected)


def test_default_roll_distribution_is_float_and_messages_are_cut():
    assert Dice(2, 3).roll_distribution().dtype == np.float64
    assert Dice(2, 3).first_roll().dtype == np.float64
    with pytest.raises(InputError) as info:
        Dice(5, 20, (MAX_WEIGHT + 1,) * 20)
    shown = ", ".join([str(MAX_WEIGHT + 1)] * 20)[:80]
    assert str(info.value).endswith("got " + shown)


def test_subkeep_pairs():
    lat = KeepLattice(2, 2)
    hand_of, keep = lat.subkeep_pairs()
    pairs = sorted((int(h), lat.faces(int(k))) for h, k in zip(hand_of, keep, strict=True))
    assert pairs == sorted([(0, ()), (0, (1,)), (0, (1, 1)), (1, ()), (1, (1,)), (1, (2,)), (1, (1, 2)),
                            (2, ()), (2, (2,)), (2, (2, 2))])
    assert lat.subkeep_pairs()[0] is hand_of  # listed once, then cached
    assert len(KeepLattice(8, 8).subkeep_pairs()[0]) == math.comb(8 + 16 - 1, 8) == 490_314
    with pytest.raises(InputError, match="too many"):
        KeepLattice(10, 9).subkeep_pairs()  # C(27, 10) = 8,436,285 pairs


def test_block_chunks_cover_each_block_in_order(monkeypatch):
    from holdwise.solver.lattice import block_chunks

    lat = KeepLattice(3, 4)
    monkeypatch.setattr(chunks, "__defaults__", (3,))  # chunks of 3 rows, so blocks split
    for size in range(lat.count + 1):
        block = lat.size_block(size)
        parts = list(block_chunks(lat, size))
        rows = [i for part in parts for i in range(part.start, part.stop)]
        assert rows == list(range(block.start, block.stop))
        assert all(part.stop - part.start <= 3 for part in parts)


def test_category_payouts_and_result_shapes():
    from holdwise.solver.reroll import CategoryPayout

    dice = Dice(2, 2)
    with pytest.raises(InputError):
        Game(dice, CategoryPayout(np.array([0, 1]), [1, 2])).payout_vector()
    game = Game(dice, CategoryPayout(np.array([0, 1, 0]), [3, "1/2"]), 2)
    assert game.payout_vector().tolist() == [3.0, 0.5, 3.0]
    assert game.payout_vector(exact=True).tolist() == [3, Fraction(1, 2), 3]
    for exact in (False, True):
        result = solve(game, exact=exact)
        assert result.keep_values.shape == (3, dice.lattice.n_keeps)
        assert result.values.shape == result.keeps.shape == (3, 3)
        assert result.final_distribution.shape == (3,)
        half = solve(game, Random(Fraction(1, 2)), exact=exact)
        assert half.keep_values.shape == (3, dice.lattice.n_keeps) and half.keeps is None


def test_default_dice_are_five_fair_six_sided():
    dice = Dice()
    assert (dice.count, dice.sides, dice.weights) == (5, 6, (1,) * 6)
    assert Game(dice, lambda faces: 0).rerolls == 2


def test_subkeep_pairs_guard(monkeypatch):
    """The pair count the guard computes is the real one: at a limit of exactly 10 pairs the 2-dice, 2-face
    lattice (10 pairs) is listed, at 9 it is refused."""
    import sys

    lattice_module = sys.modules[KeepLattice.__module__]
    monkeypatch.setattr(lattice_module, "MAX_PAIRS", 10)
    assert len(KeepLattice(2, 2).subkeep_pairs()[0]) == 10
    monkeypatch.setattr(lattice_module, "MAX_PAIRS", 9)
    with pytest.raises(InputError, match="too many"):
        KeepLattice(2, 2).subkeep_pairs()


def test_hand_index_numbers_the_hands_from_zero():
    lat = KeepLattice(3, 4)
    hands = lat.counts[lat.hands]
    assert lat.hand_index(hands).tolist() == list(range(len(hands)))
    assert sorted(lat.hand_index(hands).tolist()) == list(range(multiset_count(3, 4)))


def test_exact_scatter_add_keeps_fractions():
    from holdwise.solver.lattice import scatter_add

    out = scatter_add(3, np.array([0, 2, 2]), np.array([Fraction(1, 3), Fraction(1, 6), Fraction(1, 7)],
                                                         dtype=object), exact=True)
    assert out.tolist() == [Fraction(1, 3), Fraction(0), Fraction(13, 42)]
    assert all(type(v) is Fraction for v in out)


def test_dice_arrays_are_read_only_and_floats_by_default():
    d = Dice(3, 6, (1, 2, 3, 1, 1, 1))
    counts = d.outcome_counts(2)
    with pytest.raises(ValueError):
        counts[0] = 7
    probs = d.face_probabilities()
    assert probs.dtype == np.float64
    assert probs.tolist() == pytest.approx([1 / 9, 2 / 9, 3 / 9, 1 / 9, 1 / 9, 1 / 9])


@pytest.mark.slow
def test_random_policy_against_brute_force():
    """Keep each die with chance p: the exact return against a plain enumeration of ordered rolls."""
    import itertools

    from holdwise.solver.reroll import keep_str

    dice = Dice(3, 3, (1, 2, 1))
    w = {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}
    payout = {faces: Fraction(sum(f * f for f in faces), 1 + faces.count(2)) for faces in dice.hand_faces}
    p = Fraction(1, 3)

    def value(faces, rerolls):
        if rerolls == 0:
            return payout[tuple(sorted(faces))]
        total = Fraction(0)
        for kept in itertools.product((True, False), repeat=len(faces)):
            chance = math.prod(p if k else 1 - p for k in kept)
            held = [f for f, k in zip(faces, kept, strict=True) if k]
            for new in itertools.product((1, 2, 3), repeat=len(faces) - len(held)):
                total += chance * math.prod(w[f] for f in new) * value(held + list(new), rerolls - 1)
        return total

    expected = sum(math.prod(w[f] for f in roll) * value(list(roll), 2)
                   for roll in itertools.product((1, 2, 3), repeat=3))
    result = solve(Game(dice, [payout[f] for f in dice.hand_faces], 2), Random(p), exact=True)
    assert result.expected == expected
    assert solve(Game(dice, [payout[f] for f in dice.hand_faces], 2), Random(p)).expected == \
        pytest.approx(float(expected), rel=1e-12)
    assert sum(result.final_distribution) == 1
    with pytest.raises(InputError, match="random policy keeps no fixed dice"):
        result.keep_faces(0, 1)
    assert keep_str(np.zeros(3, dtype=int)) == "nothing"
    assert keep_str(np.array([0, 2, 1])) == "2 2 3"


def test_defaults_and_frozen_shapes():
    import dataclasses

    from holdwise.solver.reroll import CategoryPayout

    assert Random().p == Fraction(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Random().p = 1
    cp = CategoryPayout(np.array([0, 1, 1]), (1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        cp.table = (3, 4)
    assert {cp: 1}[cp] == 1  # identity hash: usable as a key although it holds an array
    game = Game(Dice(2, 2), lambda faces: sum(faces), 1)
    twin = Game(game.dice, game.payout, 1)
    assert game.payout_vector().dtype == np.float64
    assert game == twin  # the cache of payout vectors is not part of a game's identity
    assert "_vectors" not in repr(game)
    keeps = ranked_keeps(game, [1, 2], 1)
    assert all(isinstance(v, float) for _, v in keeps)


def test_batch_optimal_matches_solve_on_a_larger_lattice():
    from holdwise.solver.lattice import expect
    from holdwise.solver.reroll import batch_arrays, batch_optimal

    dice = Dice(3, 4, (2, 1, 1, 3))
    lat = dice.lattice
    rng = np.random.default_rng(4)
    pays = rng.integers(0, 9, size=(lat.n_hands, 3)).astype(float)
    e1 = expect(lat, dice.face_probabilities(), pays)
    for rerolls in (1, 2, 3):
        returns = batch_optimal(dice, e1, rerolls)
        for column in range(3):
            assert returns[column] == pytest.approx(solve(Game(dice, pays[:, column], rerolls)).expected, rel=1e-12)
    parent_ptr = batch_arrays(dice)[0]
    assert parent_ptr[0] == 0 and parent_ptr[-1] == int((lat.parent >= 0).sum())
