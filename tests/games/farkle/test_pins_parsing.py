"""Pins for two survivors of the mutation run in farkle/parsing.py (each test fails on its mutant)."""

import pytest

from holdwise import InputError
from holdwise.games.farkle.parsing import parse_dice, parse_roll


def test_a_joker_face_of_weight_zero_is_refused():
    # mutant: the guard `if weights[f - 1] == 0: raise` never taken
    with pytest.raises(InputError, match="joker face 1 has weight 0"):
        parse_dice("custom:0,1,1,1,1,1:j1*6")
    assert parse_dice("custom:1,1,1,1,1,1:j1")[0].joker_faces == (1,)


def test_j_reads_as_the_first_joker_face_that_can_show():
    # mutant: `die.weights[f - 1]` -> `die.weights[f - 2]` (for face 1 that reads face 6, here of weight 0)
    dice = parse_dice("custom:1,1,1,1,1,0:j1,ordinary*5")
    assert parse_roll("J 5", dice, [1, 2]) == (1, 5)
    two = parse_dice("custom:0,2,1,1,1,1:j2:j3,ordinary*5")
    assert parse_roll("J", two, [1]) == (2,)
