"""The one-turn solver against plain recursion, exact bust chances, and seeded play."""

from fractions import Fraction

import numpy as np
import pytest

from holdwise.games.farkle import parse_dice, turn_report
from holdwise.games.farkle.rules import NAMED_DICE as D
from holdwise.games.farkle.rules import Die
from holdwise.games.farkle.simulate import simulate_turns
from holdwise.games.farkle.turn import solve_turn
from tests.games.farkle.asking import ask
from tests.oracles.farkle_bruteforce import turn_value

SMALL = [["ordinary"], ["ordinary", "ordinary"], ["weighted", "odd"], ["devils-head", "ordinary"],
         ["lucky", "pie", "ordinary"], ["ordinary"] * 3,
         # dice of the Kingdom Come II catalogue (issue 39)
         ["mathematician", "sad-greaser"], ["holy-trinity", "three", "grozav"]]


@pytest.mark.slow
@pytest.mark.parametrize("names", SMALL)
def test_turn_value_agrees_with_plain_recursion(names):
    dice = [D[n] for n in names]
    expected = turn_value([d.weights for d in dice], cap=20000, jokers=[set(d.joker_faces) for d in dice])
    assert solve_turn(tuple(dice)).expected_points == pytest.approx(expected, abs=1e-9)


def test_six_fair_dice_report():
    report = turn_report(parse_dice(None))
    exact = {1: Fraction(4, 6), 2: Fraction(16, 36), 3: Fraction(60, 216), 4: Fraction(204, 1296),
             5: Fraction(600, 7776), 6: Fraction(1440, 46656)}
    for n, q in exact.items():
        assert report.bust_chance[str(n)] == pytest.approx(float(q), abs=1e-15)
    assert set(report.bank_threshold) == {"1", "2", "3", "4", "5", "6"}
    assert all(v % 50 == 0 for v in report.bank_threshold.values())
    assert 590 < report.expected_points < 600


def test_above_the_proven_threshold_banking_is_optimal():
    sol = solve_turn(parse_dice(None))
    top = sol.top_level
    for state in range(1, sol.table.n_states):
        assert sol.roll_value(50 * top, state) <= 50 * top
        assert sol.roll_value(50 * (top + 40), state) <= 50 * (top + 40)


@pytest.mark.slow
@pytest.mark.parametrize("names", [["ordinary"] * 6, ["ordinary", "pie", "favourable", "holy-trinity", "ci",
                                                       "devils-head"]])
def test_a_million_turns_average_within_three_standard_errors(names):
    dice = tuple(D[n] for n in names)
    sol = solve_turn(dice)
    points = simulate_turns(sol, dice, 1_000_000, 20261130)
    se = points.std(ddof=1) / np.sqrt(len(points))
    assert abs(points.mean() - sol.expected_points) < 3 * se


def test_unbounded_dice_are_refused():
    with pytest.raises(ValueError, match="never bust"):
        solve_turn(tuple([Die("always-3", (0, 0, 1, 0, 0, 0))] * 6))


def test_hot_dice_worked_example_from_seed_004():
    """500 banked this turn, 2 dice left, roll 1 and 5: banking both is 150, hot dice, six dice again."""
    dice = parse_dice(None)
    options = ask([1, 5], 500, dice, positions=[5, 6]).options
    both = next(o for o in options if sorted(o.extras["keep"]) == ["1", "5"] and o.extras["then"] == "roll")
    assert both.extras["turn_total"] == 650 and both.extras["hot_dice"] and both.extras["dice_left"] == 6
    assert both.value == pytest.approx(solve_turn(dice).roll_value(650, solve_turn(dice).table.full_state))
    assert both.option == "keep 1 5, roll on"


def test_hint_errors():
    dice = parse_dice(None)
    with pytest.raises(ValueError, match="shows 1 to 6"):
        ask([7, 1], 0, dice)
    with pytest.raises(ValueError, match="cannot show"):
        ask([5], 0, parse_dice("pie*6"))
    with pytest.raises(ValueError, match="multiple of 50"):
        ask([1], 30, dice)
