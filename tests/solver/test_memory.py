"""Policies that remember the first roll: the study's problem 7 (a target fixed at the first roll) reproduced,
checked by a closed formula written here, and a policy that forgets agreeing with the ordinary solve."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from holdwise.errors import InputError
from holdwise.solver import RULE_HIGHER, Dice, Game, solve, solve_remembering


def _five_alike(faces: tuple[int, ...]) -> int:
    return 1 if len(set(faces)) == 1 else 0


def _target_fixed_at_the_first_roll(first, hand, rerolls_left):
    """Aim at the face most frequent in the first roll (a tie to the higher) and keep only that face."""
    target = max(set(first), key=lambda f: (first.count(f), f))
    return [f for f in hand if f == target]


def _closed_formula() -> Fraction:
    """Five of a kind in three rolls with the target fixed after the first: the largest group m of the first
    roll (counted over the 7,776 rolls), then two re-rolls of the other dice, each die hitting with 1/6."""
    largest: dict[int, int] = {}
    for roll in product(range(6), repeat=5):
        m = max(roll.count(v) for v in range(6))
        largest[m] = largest.get(m, 0) + 1
    total = Fraction(0)
    for m, ways in largest.items():
        held = {m: Fraction(1)}
        for _ in range(2):
            after: dict[int, Fraction] = {}
            for k, chance in held.items():
                n = 5 - k
                for j in range(n + 1):
                    hit = Fraction(comb(n, j)) * Fraction(1, 6) ** j * Fraction(5, 6) ** (n - j)
                    after[k + j] = after.get(k + j, Fraction(0)) + chance * hit
            held = after
        total += Fraction(ways, 7776) * held.get(5, Fraction(0))
    return total


@pytest.mark.slow
def test_problem_7_of_the_study_is_reproduced():
    """The study's closed formula gives 0.045294 (the course's page says 0.045211, which does not fit)."""
    value = solve_remembering(Game(Dice(5, 6), _five_alike, 2), _target_fixed_at_the_first_roll, exact=True)
    assert value == _closed_formula() == Fraction(4108139, 90699264)
    assert round(float(value), 6) == 0.045294


def test_a_policy_that_forgets_the_first_roll_is_the_ordinary_solve():
    game = Game(Dice(3, 4), lambda faces: faces.count(faces[-1]) + faces[0], 2)
    forgetful = solve(game, RULE_HIGHER, exact=True)
    keeps = {h: forgetful.keep_faces(i, 1) for i, h in enumerate(game.dice.hand_faces)}
    tops = {h: forgetful.keep_faces(i, 2) for i, h in enumerate(game.dice.hand_faces)}

    def same(first, hand, rerolls_left):
        return (tops if rerolls_left == 2 else keeps)[hand]

    assert solve_remembering(game, same, exact=True) == forgetful.expected


def test_a_keep_outside_the_hand_is_refused():
    with pytest.raises(InputError, match="not a part of the hand"):
        solve_remembering(Game(Dice(2, 3), _five_alike, 1), lambda first, hand, left: [3, 3, 3])
