"""The Yahtzee play session: the shared contract, the rules of a turn, scoring, the review, typed actions."""

import pytest

from holdwise.errors import InputError
from holdwise.games import yahtzee
from holdwise.games.base import State

from ..session_contract import play_random_game, round_trip


@pytest.mark.slow
def test_random_games_keep_the_session_contract():
    states = play_random_game(yahtzee, {"rules": "yahtzee"}, seed=3, max_steps=200, games=2)
    over = [s for s in states if s.over]
    assert over and all(s.data["turn"] == 13 for s in over)
    assert states[-1].tally["games"] == 2


def test_a_turn_rolls_at_most_three_times_and_scores_the_box():
    state = yahtzee.new_game({"rules": "yahtzee"}, 11)
    assert state.data["rolls_left"] == 2 and len(state.data["dice"]) == 5
    kept = state.data["dice"][:2]
    state = yahtzee.step(state, {"type": "keep", "keep": kept})
    assert state.data["rolls_left"] == 1
    assert all(state.data["dice"].count(f) >= kept.count(f) for f in kept)
    state = yahtzee.step(state, {"type": "keep", "keep": []})
    assert state.data["rolls_left"] == 0
    assert all(a["type"] == "score" for a in yahtzee.actions(state))
    dice = state.data["dice"]
    state = yahtzee.step(state, {"type": "score", "box": "chance"})
    assert state.data["card"]["chance"] == sum(dice)
    assert state.data["turn"] == 2 and state.data["rolls_left"] == 2
    with pytest.raises(InputError, match="not legal"):
        yahtzee.step(state, {"type": "score", "box": "chance"})  # used


def test_the_computer_plays_optimally_and_its_decisions_cost_nothing():
    state = yahtzee.new_game({"rules": "yahtzee"}, 5)
    while not state.over:
        state = yahtzee.step(state, yahtzee.computer_action(state))
    assert yahtzee.review(state) == []
    assert state.tally["games"] == 1
    card = yahtzee.card_of(state)
    assert card.full and state.tally["total"] == card.total
    assert "game over" in state.log[-1]


def test_a_costly_decision_is_reviewed_with_its_loss():
    state = yahtzee.new_game({"rules": "yahtzee"}, 2)
    hint = yahtzee.advice(state)
    worst = hint.options[-1]
    state = yahtzee.step(state, dict(worst.action))
    review = yahtzee.review(state)
    assert len(review) == 1 and review[0].loss == pytest.approx(worst.loss) and worst.loss > 0
    assert review[0].best == hint.best.option
    assert round_trip(state) == state


def test_typed_actions():
    state = yahtzee.new_game({"rules": "yahtzee"}, 1)
    assert yahtzee.parse_action(state, "keep 5 5") == {"type": "keep", "keep": [5, 5]}
    assert yahtzee.parse_action(state, "k 55") == {"type": "keep", "keep": [5, 5]}
    assert yahtzee.parse_action(state, "roll") == {"type": "keep", "keep": []}
    assert yahtzee.parse_action(state, "fh") == {"type": "score", "box": "full_house"}
    assert yahtzee.parse_action(state, "score 3k") == {"type": "score", "box": "three_of_a_kind"}
    with pytest.raises(InputError):
        yahtzee.parse_action(state, "jump")


def test_bad_options_and_states_are_refused():
    with pytest.raises(InputError, match="rules must be"):
        yahtzee.new_game({"rules": "chess"}, 1)
    with pytest.raises(InputError, match="unknown option"):
        yahtzee.new_game({"players": 2}, 1)
    state = yahtzee.new_game({"rules": "yahtzee"}, 1).to_json()
    state["data"]["card"]["full_house"] = 20
    with pytest.raises(InputError, match="full_house cannot hold 20"):
        yahtzee.advice(State.from_json(state))
    state["data"]["card"]["full_house"] = 25
    with pytest.raises(InputError, match="turn must be"):
        yahtzee.advice(State.from_json(state))  # one box used, still turn 1
    state["data"]["turn"] = 2
    assert yahtzee.advice(State.from_json(state)).options
    state["data"]["dice"] = [1, 2, 3]
    with pytest.raises(InputError, match="bad dice"):
        yahtzee.advice(State.from_json(state))


@pytest.mark.slow
def test_yatzy_sessions_play_fifteen_boxes():
    state = yahtzee.new_game({"rules": "yatzy"}, 4)
    assert len(state.data["card"]) == 15
    assert any(a.get("box") == "one_pair" for a in yahtzee.actions(state))
