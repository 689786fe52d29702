"""Pins for mutants of the solver that survived the mutation run (issue 9): each test fails on its mutant."""

import importlib
import math

import numpy as np
import pytest

from holdwise import InputError
from holdwise.solver import (
    EXACT_MAX_WORK,
    OPTIMAL,
    Dice,
    Game,
    check_exact,
    faces_to_counts,
    keep_count,
    ranked_keeps,
    solve,
    to_fraction,
)
from holdwise.solver.lattice import KeepLattice

dice_module = importlib.import_module("holdwise.solver.dice")
lattice_module = importlib.import_module("holdwise.solver.lattice")


def test_tie_tolerance_scales_with_the_largest_payout():
    """`1e-12 * max(scale, 1.0)`: with payouts near 1e6 two keeps 1e-7 apart are a tie (then more dice win);
    with `min` the tolerance would be 1e-12 and the re-roll, 1e-7 better, would be chosen."""
    a = 1e6
    game = Game(Dice(1, 2), [a, a + 2e-7], 1)  # one die: keep face 1 (a) or re-roll (a + 1e-7)
    result = solve(game, OPTIMAL)
    assert result.keep_faces(0, 1) == (1,)
    # without the scaling the same gap is a real difference: at payouts near 1 the re-roll wins
    small = solve(Game(Dice(1, 2), [1.0, 1.0 + 2e-7], 1), OPTIMAL)
    assert small.keep_faces(0, 1) == ()


def test_ranked_keeps_needs_one_to_the_games_rerolls():
    game = Game(Dice(5, 6), lambda faces: float(len(set(faces)) == 1), 2)
    assert ranked_keeps(game, [1, 1, 1, 2, 3], 1)
    assert ranked_keeps(game, [1, 1, 1, 2, 3], 2)
    for left in (0, -1, 3):
        with pytest.raises(InputError, match="re-rolls left must be 1 to 2"):
            ranked_keeps(game, [1, 1, 1, 2, 3], left)


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_payouts_must_be_finite(bad):
    game = Game(Dice(1, 2), [1.0, bad], 1)
    with pytest.raises(InputError, match="finite"):
        game.payout_vector()
    with pytest.raises(InputError):
        solve(Game(Dice(1, 2), [1.0, bad], 1))
    assert list(Game(Dice(1, 2), [1.0, 2.0], 1).payout_vector()) == [1.0, 2.0]


def test_lattice_limit_takes_10_dice_with_16_faces_and_refuses_17():
    """README: every game up to 10 dice with 16 faces, 9 with 18 and 8 with 20; 10 x 17 and 9 x 19 refused."""
    for count, sides in ((10, 16), (9, 18), (8, 20)):
        assert keep_count(count, sides) <= lattice_module.MAX_KEEPS
    for count, sides in ((10, 17), (9, 19), (10, 20)):
        assert keep_count(count, sides) > lattice_module.MAX_KEEPS
        with pytest.raises(InputError, match="too large to solve here"):
            KeepLattice(count, sides)
    assert keep_count(10, 16) == 5_311_735 and keep_count(10, 17) == 8_436_285
    assert lattice_module.MAX_KEEPS >= 5_311_735


def test_size_check_takes_10_dice_with_16_faces():
    for count, sides in ((10, 16), (9, 18), (8, 20), (5, 6)):
        lattice_module.check_size(count, sides)
    with pytest.raises(InputError, match="8,436,285 multisets"):
        lattice_module.check_size(10, 17)


@pytest.mark.parametrize("face", [1.5, 0.5, 6.000001, math.nan, math.inf, "3", True, None])
def test_faces_must_be_whole_numbers(face):
    with pytest.raises(InputError, match="not a face"):
        faces_to_counts([face], 6)


def test_whole_faces_of_any_integer_type():
    assert list(faces_to_counts([2.0, np.int64(2), 6], 6)) == [0, 2, 0, 0, 0, 1]


def _outcome_counts_by_hand(count, sides, weights, rolled):
    """rolled! / prod(c!) * prod(w ** c) per multiset, in Python ints (lattice order of that size)."""
    lat = KeepLattice(count, sides)
    out = []
    for row in lat.counts[lat.size_block(rolled)].tolist():
        ways = math.factorial(rolled)
        for w, c in zip(weights, row, strict=True):
            ways = ways // math.factorial(c) * w**c
        out.append(ways)
    return out


@pytest.mark.slow
def test_int64_guard_sits_at_two_to_the_63():
    """10! * 18**10 = 1.3e19 lies between 2**63 and 2**64: the int64 columns would overflow there."""
    weights = (18,) * 10
    assert 2**63 <= math.factorial(10) * 18**10 < 2**64
    assert dice_module.INT64_LIMIT == 2**63
    dice_module._outcome_counts.cache_clear()
    got = [int(v) for v in dice_module._outcome_counts(10, 10, weights, 10)]
    assert got == _outcome_counts_by_hand(10, 10, weights, 10)
    assert sum(got) == 180**10 and max(got) == math.factorial(10) * 18**10
    # just under the limit the int64 columns are exact
    weights = (17,) * 10
    assert math.factorial(10) * 17**10 < 2**63
    got = [int(v) for v in dice_module._outcome_counts(10, 10, weights, 10)]
    assert got == _outcome_counts_by_hand(10, 10, weights, 10) and sum(got) == 170**10


def test_int64_guard_is_strict():
    """A weight of exactly 2**63 does not fit int64 (`<` not `<=`)."""
    dice_module._outcome_counts.cache_clear()
    got = [int(v) for v in dice_module._outcome_counts(1, 2, (2**63, 1), 1)]
    assert got == [2**63, 1]


@pytest.mark.parametrize("weights", [(0,) * 6, (0, 0), (0,) * 20])
def test_all_zero_weights_are_refused(weights):
    with pytest.raises(InputError, match="not all zero"):
        Dice(sides=len(weights), weights=weights)


def test_one_nonzero_weight_is_enough():
    assert Dice(weights=(0, 0, 0, 0, 0, 1)).total_weight == 1


@pytest.mark.parametrize("weights,ok", [((1_000_000,) * 6, True), ((1_000_001, 1, 1, 1, 1, 1), False),
                                        ((-1, 1, 1, 1, 1, 1), False), ((1.5, 1, 1, 1, 1, 1), False),
                                        ((math.inf, 1, 1, 1, 1, 1), False), ((math.nan, 1, 1, 1, 1, 1), False),
                                        ((True, 1, 1, 1, 1, 1), False), (("1", 1, 1, 1, 1, 1), False)])
def test_weights_are_whole_numbers_up_to_a_million(weights, ok):
    if ok:
        assert Dice(weights=weights).weights == weights
    else:
        with pytest.raises(InputError, match="weights must be"):
            Dice(weights=weights)


@pytest.mark.parametrize("kwargs", [{"count": True}, {"sides": True}, {"count": 5.0}, {"weights": 5},
                                    {"weights": "111111"}])
def test_dice_refuse_wrong_types(kwargs):
    with pytest.raises(InputError):
        Dice(**kwargs)


def test_exact_budget():
    check_exact(5, 6, 2, solves=4)
    check_exact(6, 13, 2, solves=4)  # the largest depth report with exact arithmetic at 6 dice: 55 s measured
    with pytest.raises(InputError, match="the largest accepted with 2 re-rolls: 6 dice with 13 faces"):
        check_exact(6, 14, 2, solves=4)
    with pytest.raises(InputError, match="10 dice with 16 faces would take about 4 h"):
        check_exact(10, 16, 2, solves=4)
    check_exact(6, 16, 2)  # a hint solves once: 6 dice x 16 faces, 2 re-rolls is 2,387,616 links
    with pytest.raises(InputError, match="6 dice with 16 faces"):
        check_exact(6, 17, 2)
    assert EXACT_MAX_WORK == 3_000_000


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "Infinity", "1e309", "1e999999999", "-1e999999999",
                                  "1e-999999999", "1" * 2000, "9" * 301])
def test_to_fraction_refuses_fast(text):
    with pytest.raises(InputError):
        to_fraction(text)
