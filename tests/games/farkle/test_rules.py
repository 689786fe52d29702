"""Farkle scoring as seed 004 states it, checked against the brute-force oracle on every selection."""

from fractions import Fraction
from itertools import product

import pytest

from holdwise.games.farkle.rules import NAMED_DICE, busts, die_by_name, roll_counts, score, selections
from tests.oracles.farkle_bruteforce import oracle_score


@pytest.mark.parametrize("faces,points", [
    ([1], 100), ([5], 50), ([1, 1], 200), ([5, 5], 100), ([1, 1, 1], 1000), ([1, 1, 1, 1], 2000),
    ([1] * 5, 4000), ([1] * 6, 8000), ([2, 2, 2], 200), ([6, 6, 6, 6], 1200), ([5, 5, 5, 5, 5, 5], 4000),
    ([1, 2, 3, 4, 5], 500), ([2, 3, 4, 5, 6], 750), ([1, 2, 3, 4, 5, 6], 1500), ([1, 1, 2, 3, 4, 5], 600),
    ([2, 3, 4, 5, 6, 5], 800), ([1, 2, 3, 4, 5, 3], 500), ([1, 1, 1, 5], 1050),
    ([2], -1), ([1, 2], -1), ([2, 2], -1), ([1, 2, 3, 4], -1), ([7], -1), ([7, 7], -1),
    ([7, 1], 200), ([7, 2, 2], 200), ([7, 2, 3, 4, 5], 750), ([7, 1, 2, 3, 4, 5], 1500),
])
def test_scores(faces, points):
    assert score(roll_counts(faces)) == points


def test_every_selection_of_up_to_six_dice_agrees_with_the_oracle():
    checked = 0
    for k in range(1, 7):
        for faces in product(range(1, 8), repeat=k):
            if list(faces) != sorted(faces):
                continue
            assert score(roll_counts(faces)) == oracle_score(faces), faces
            checked += 1
    assert checked == 1715  # multisets of 1..6 dice over six faces and the joker


def test_bust_chance_of_six_fair_dice():
    rolls = list(product(range(1, 7), repeat=6))
    assert Fraction(sum(busts(r) for r in rolls), len(rolls)) == Fraction(1440, 46656)


def test_selections_of_a_roll_best_first():
    rows = selections([1, 1, 5, 2, 3, 4])
    assert rows[0] == ((2, 1, 1, 1, 1, 0, 0), 600)  # straight 1-5 with the spare 1
    assert [s for _, s in rows] == sorted((s for _, s in rows), reverse=True)
    assert len(rows) == 7
    assert selections([2, 3, 4, 6]) == []


def test_named_dice_and_errors():
    assert die_by_name("Weighted die").weights == (10, 1, 1, 1, 1, 1)
    assert die_by_name("devil's head").joker_faces == (1,)
    assert sum(NAMED_DICE["kings"].weights) == 32
    with pytest.raises(ValueError, match="unknown die"):
        die_by_name("golden")


def test_every_roll_of_one_to_six_dice_lists_the_oracles_selections():
    """For every roll (faces 1-6 and the joker), the legal selections and their scores match the oracle's."""
    for k in range(1, 7):
        for roll in product(range(1, 8), repeat=k):
            if list(roll) != sorted(roll):
                continue
            ours = {sel: s for sel, s in selections(roll)}
            counts = roll_counts(roll)
            theirs = {}
            for sub in product(*[range(c + 1) for c in counts]):
                faces = [f + 1 for f, c in enumerate(sub) for _ in range(c)]
                s = oracle_score(faces) if faces else -1
                if s > 0:
                    theirs[tuple(sub)] = s
            assert ours == theirs, roll
            assert busts(roll) == (not theirs)
