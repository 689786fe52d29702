"""Liar's Dice's face: the shipped checks, the hint against the exact equilibrium, the session's hidden dice."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games import checks, liars_dice


def test_the_face_keeps_the_protocol():
    assert checks.face_protocol_errors("liars-dice", liars_dice) == []
    assert checks.hint_errors(liars_dice, {"hand": "2", "bids": "1x1"}) == []


@pytest.mark.parametrize("seed", [0, 1])
def test_the_session_keeps_the_contract(seed):
    states = checks.play_random_game(liars_dice, {"faces": 3}, seed, choice_seed=seed, games=3)
    assert states[-1].tally["rounds"] == 3


def test_the_hint_against_the_equilibrium():
    """One die each, three faces: the first bidder's value is -1/9; holding a 2 after a bid of one 1, calling
    and raising to one 2 are worth the same (0); a bid of two of a face needs the other die."""
    solved = liars_dice.equilibrium(liars_dice.Rules(faces=3))
    assert solved.exploitability == 0 and solved.value_low == solved.value_high == Fraction(-1, 9)
    got = liars_dice.hint(liars_dice.parse_hint({"hand": "2", "bids": "1x1"}))
    worth = {o.option: o.value for o in got.options}
    assert worth["liar"] == 0 and worth["1 x 2"] == 0 and worth["2 x 1"] == -1
    assert sum(o.extras["mix"] for o in got.options) == pytest.approx(1)
    assert got.to_json()["bids"] == [[1, 1]] and got.measure == "expected_bets"


def test_the_computers_dice_stay_out_of_the_state_until_the_call():
    state = liars_dice.new_game({"first": "player"}, 3)
    text = json.dumps(state.to_json())
    assert state.data["computer_dice"] == [] and "computer_dice" in text
    state = liars_dice.step(state, {"type": "bid", "bid": [1, 1]})
    while not state.over:
        state = liars_dice.step(state, liars_dice.computer_action(state))
    assert len(state.data["computer_dice"]) == 1 and state.data["winner"] in ("player", "computer")


@pytest.mark.parametrize("fields, field", [
    ({"hand": "7"}, "hand"), ({"hand": "2 3"}, "hand"), ({"hand": "2", "bids": "1x1 1x1"}, "bids"),
    ({"hand": "2", "bids": "3x1"}, "bids"), ({"hand": "2", "bids": "one"}, "bids"), ({"hand": "2", "faces": 9}, "faces"),
    ({"hand": "2", "dice": "3"}, "dice"), ({"bids": ""}, "hand"),
])
def test_bad_positions_are_refused_naming_the_field(fields, field):
    with pytest.raises(InputError) as err:
        liars_dice.parse_hint(fields)
    assert err.value.field == field


def test_typed_moves():
    state = liars_dice.new_game({"first": "player"}, 1)
    assert liars_dice.parse_action(state, "1x3") == {"type": "bid", "bid": [1, 3]}
    with pytest.raises(InputError, match="not legal"):
        liars_dice.parse_action(state, "liar")
    with pytest.raises(InputError, match="unknown option"):
        liars_dice.new_game({"players": 3})
