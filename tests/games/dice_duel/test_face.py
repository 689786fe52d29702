"""The duel's face: the protocol's shipped checks, the hint's values at known positions, the play session."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games import checks, dice_duel
from holdwise.games.base import State


def _ask(**fields):
    return dice_duel.hint(dice_duel.parse_hint(fields))


def test_the_face_keeps_the_protocol():
    assert checks.face_protocol_errors("dice-duel", dice_duel) == []
    assert checks.hint_errors(dice_duel, {"hand": "6 6 2 3 1", "opponent_dice": "5 5 4 4 1"}) == []
    assert checks.hint_errors(dice_duel, {"hand": "6 6 2 3 1", "opponent_dice": "5 5 4 4 1", "stage": "reroll",
                                          "seat": "second", "stake": 2}) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_session_keeps_the_contract(seed):
    states = checks.play_random_game(dice_duel, {"rerolls": 1}, seed, choice_seed=seed, games=3)
    last = states[-1]
    assert last.tally["duels"] == 3 == last.tally["won"] + last.tally["lost"] + last.tally["tied"]
    assert {d.measure for d in last.decisions} <= {"expected_bets"}


def test_the_hint_at_the_betting_gives_the_minimax_value():
    """The first seat's best word is worth the betting position's value, and the second seat's best answer to
    it is the same value with the other sign (zero-sum): the hint and the solve agree from both sides."""
    first = _ask(hand="6 6 2 3 1", opponent_dice="5 5 4 4 1")
    assert [(o.option, o.value_exact) for o in first.options] == [("check", "-215/729"), ("bet", "-215/486")]
    answer = _ask(hand="5 5 4 4 1", opponent_dice="6 6 2 3 1", seat="second", betting="check")
    assert Fraction(answer.best.value_exact) == -Fraction(first.best.value_exact)
    facing = _ask(hand="5 5 4 4 1", opponent_dice="6 6 2 3 1", seat="second", betting="bet")
    assert [o.option for o in facing.options] == sorted([o.option for o in facing.options],
                                                        key=lambda w: -dict((o.option, o.value) for o in
                                                                           facing.options)[w])
    assert Fraction(facing.best.value_exact) == -Fraction(first.options[1].value_exact)
    fold = next(o for o in facing.options if o.option == "fold")
    assert fold.value_exact == "-1/1"  # the ante is lost


def test_the_hint_at_a_reroll_by_hand():
    """Five of a kind against anything lower, the first seat at its re-roll: keeping all wins unless the second
    seat rolls five of a kind too; the second seat's re-roll after the first stood: the chances, counted."""
    stand = _ask(hand="6 6 6 6 6", opponent_dice="1 2 3 4 6", stage="reroll")
    assert stand.best.option == "keep all"
    # the study's ranking ties any two five of a kind: the second seat's best is to keep one die and roll four
    # alike to it, (1/6) ** 4; the first seat wins every other time
    assert Fraction(stand.best.value_exact) == 1 - Fraction(1, 6 ** 4)
    last = _ask(hand="1 1 1 1 2", opponent_dice="3 3 3 3 3", seat="second", stage="reroll", stake=3)
    # nothing beats five of a kind and five of a kind ties it: keeping 1 1 1 1 ties one time in six, rolling
    # all five ties 6 times in 7,776; the stake of 3 is lost otherwise
    by_option = {o.option: Fraction(o.value_exact) for o in last.options}
    assert by_option["keep 1 1 1 1"] == -3 * Fraction(5, 6)
    assert by_option["re-roll all"] == -3 * (1 - Fraction(6, 6 ** 5))
    assert last.best.option == "keep 1 1 1 1"


def test_the_hint_json_is_the_position_and_the_choices():
    got = _ask(hand="6,6,2,3,1", opponent_dice=[5, 5, 4, 4, 1], bet=2).to_json()
    assert got["game"] == "dice-duel" and got["measure"] == "expected_bets" and got["bet"] == 2
    assert got["hand"] == [1, 2, 3, 6, 6] and got["betting"] == [] and got["seat"] == "first"
    assert [o["action"] for o in got["options"]] == [{"type": "check"}, {"type": "bet"}]
    json.dumps(got)


@pytest.mark.parametrize("fields, field", [
    ({"hand": "6 6 2 3", "opponent_dice": "1 1 1 1 1"}, "hand"),
    ({"hand": "6 6 2 3 7", "opponent_dice": "1 1 1 1 1"}, "hand"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "x"}, "opponent_dice"),
    ({"hand": "6 6 2 3 1"}, "opponent_dice"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "seat": "third"}, "seat"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "seat": "second"}, "seat"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "betting": "call"}, "betting"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "betting": "bet call", "seat": "first"}, "betting"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "betting": "shout"}, "betting"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "stage": "reroll", "stake": 9}, "stake"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "stage": "reroll", "rolls_left": 2}, "rolls_left"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "ante": 0}, "ante"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "raises": 4}, "raises"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "rerolls": 3}, "rerolls"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "ties": "suits"}, "ties"),
    ({"hand": "6 6 2 3 1", "opponent_dice": "1 1 1 1 1", "stage": "draw"}, "stage"),
])
def test_bad_positions_are_refused_naming_the_field(fields, field):
    with pytest.raises(InputError) as err:
        dice_duel.parse_hint(fields)
    assert err.value.field == field


def test_a_replayed_duel_is_the_same_duel_and_edits_are_refused():
    def play(state):
        for _ in range(50):
            if state.over:
                return state
            state = dice_duel.step(state, dice_duel.computer_action(state))
        raise AssertionError("the duel did not end")

    first = play(dice_duel.new_game({"first": "computer", "bet": 2}, 5))
    again = play(checks.round_trip(dice_duel.new_game({"first": "computer", "bet": 2}, 5)))
    assert first == again and first.draws >= 1
    assert first.tally["duels"] == 1 and first.data["net"] == first.tally["net"]
    state = dice_duel.new_game(None, 0)
    with pytest.raises(InputError, match="not legal"):
        dice_duel.step(state, {"type": "call"})
    with pytest.raises(InputError, match="unknown option"):
        dice_duel.new_game({"pot": 3}, 0)
    edited = json.loads(json.dumps(state.to_json()))
    edited["data"]["stakes"]["player"] = 99
    with pytest.raises(InputError, match="not one this session made"):
        dice_duel.actions(State.from_json(edited))


def test_typed_moves():
    state = dice_duel.new_game({"first": "player"}, 4)
    assert dice_duel.parse_action(state, "c") == {"type": "check"}
    assert dice_duel.parse_action(state, "b") == {"type": "bet"}
    with pytest.raises(InputError, match="type one of"):
        dice_duel.parse_action(state, "raise")
    state = dice_duel.step(state, {"type": "check"})
    state = dice_duel.step(state, dice_duel.computer_action(state))
    if state.phase == "reroll" and state.to_move == "player":
        hand = state.data["hands"]["player"]
        assert dice_duel.parse_action(state, "all") == {"type": "keep", "dice": hand}
        assert dice_duel.parse_action(state, "none") == {"type": "keep", "dice": []}
        assert dice_duel.parse_action(state, f"keep {hand[0]}") == {"type": "keep", "dice": [hand[0]]}


def test_dice_typed_together_are_five_dice_and_other_lengths_are_refused():
    from holdwise.games.dice_duel.rules import parse_dice, parse_rules

    rules = parse_rules({})
    assert parse_dice("66231", "hand", rules) == (1, 2, 3, 6, 6)
    assert parse_dice(["6", "6", "2", "3", "1"], "hand", rules) == (1, 2, 3, 6, 6)
    with pytest.raises(InputError, match="hand"):
        parse_dice("6623", "hand", rules)  # four dice typed together: one token, not a face
