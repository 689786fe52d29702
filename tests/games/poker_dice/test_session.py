"""The poker dice play session: the session contract, replays from JSON, decisions, ties, the roll limit,
and seeded games played through the session that agree with the exact duel."""

import json
import math

import pytest

from holdwise import InputError
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice.strategy import hint as six_hint
from tests.games.session_contract import play_random_game, round_trip

FIRST_PLAYER_DUEL = 0.46235486091395817  # the exact duel (holdwise poker-dice duel): 46.2355%


@pytest.mark.parametrize("options,seed", [
    ({}, 1),
    ({}, 2),
    ({"position": 2}, 3),
    ({"position": 2, "poker_faces": True, "ace_high": True}, 4),
    ({"straights": False, "roll_limit": True}, 5),
    ({"flush": True, "straight_above_full_house": True}, 6),
    ({"players": 3}, 7),
    ({"players": 3, "position": 2}, 8),
    ({"players": 3, "position": 3, "roll_limit": True}, 9),
    ({"rules": "octahedral"}, 10),  # card dice: the same session, another kind of dice
    # three players of card dice: the solve the CLI's and the request's tests share (the roll limit is the six
    # faced dice' above: another card solve cost seconds)
    ({"rules": "octahedral", "players": 3, "position": 2}, 11),
    ({"dice_set": "octahedral", "position": 2}, 12),  # the card table's older option name
])
def test_session_contract(options, seed):
    states = play_random_game(face, options, seed, choice_seed=seed, games=2)
    assert states[-1].tally["games"] == 2
    assert states[-1].tally["won"] + states[-1].tally["lost"] == 2


def test_a_game_replays_from_its_seed_and_json():
    state = face.new_game({"players": 3, "position": 2}, 11)
    moves = []
    while not state.over:
        action = face.computer_action(state)
        moves.append(action)
        state = face.step(round_trip(state), action)
    again = face.new_game({"players": 3, "position": 2}, 11)
    for action in moves:
        again = face.step(again, action)
    assert again == state
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert state.data["winner"] is not None and state.log[0] == "-- game 1: computer 1, you, computer 2 --"


def test_the_state_and_actions():
    state = face.new_game(None, 4)
    assert state.game == "poker-dice" and state.phase == "roll" and state.to_move == "player" and state.draws == 1
    assert state.options == face.DEFAULT_OPTIONS and state.data["dice"] == [4, 5, 6, 6, 6]
    assert state.data["rolls"] == 1 and state.data["allowed"] == 3
    assert state.log[-1] == "you roll 6 6 6 5 4 (three of a kind)"
    legal = face.actions(state)
    assert len(legal) == 4 * 2 * 2 and legal[0] == {"type": "keep", "keep": [4, 5, 6, 6, 6]}
    assert {"type": "keep", "keep": []} in legal
    assert face.parse_action(state, "6 6") == {"type": "keep", "keep": [6, 6]}
    assert face.parse_action(state, "") == face.parse_action(state, "all") == legal[0]
    assert face.parse_action(state, "none") == {"type": "keep", "keep": []}
    assert face.parse_action(state, "A A A") == {"type": "keep", "keep": [6, 6, 6]}  # A is face 6, ace low
    assert face.parse_action(state, "a") == {"type": "keep", "keep": [6]}  # one ace, never "all"
    for text, message in [("7", "not a face"), ("1", "only keep dice you rolled"), ("9", "only keep")]:
        with pytest.raises(InputError, match=message):
            face.parse_action(state, text)
    with pytest.raises(InputError, match="not legal"):
        face.step(state, {"type": "keep", "keep": [1]})
    with pytest.raises(InputError, match="not legal"):
        face.step(state, {"type": "next"})
    # the keep's order does not matter
    assert face.step(state, {"type": "keep", "keep": [6, 5, 6]}) == face.step(state, {"type": "keep",
                                                                                       "keep": [5, 6, 6]})


def test_advice_and_the_computer_play_the_same_best_keep():
    state = face.new_game({}, 4)
    hint = face.advice(state)
    assert hint.measure == "win_chance" and hint.position["rolls_left"] == 2 and hint.position["to_beat"] is None
    assert hint.options[0].action == face.computer_action(state) == {"type": "keep", "keep": [6, 6, 6]}
    # the same figure as the hint of the position
    assert hint.options[0].value == six_hint("6 6 6 5 4", 2).options[0].value


def test_decisions_are_recorded_with_their_loss():
    state = face.new_game({}, 4)
    hint = face.advice(state)
    worst = hint.options[-1]
    after = face.step(state, worst.action)
    decision = after.decisions[-1]
    assert decision.chosen == worst.option and decision.best == "6 6 6" and decision.measure == "win_chance"
    assert decision.loss == pytest.approx(hint.options[0].value - worst.value, abs=1e-15) and decision.loss > 0.1
    assert decision.position == "roll 1: 6 6 6 5 4"
    best = face.step(state, hint.options[0].action)
    assert best.decisions[-1].loss == 0
    # the computer's moves are not the player's decisions
    while not best.over:
        best = face.step(best, face.computer_action(best))
    assert all(d.position.startswith("roll ") for d in best.decisions) and len(best.decisions) <= 2


def test_tied_best_hands_replay():
    state = face.new_game({}, 55)
    while not state.over:
        state = face.step(state, face.computer_action(state))
    assert state.data["round"] == 2
    assert any(line.startswith("tie on ") and line.endswith("replay (round 2)") for line in state.log)
    assert state.tally == {"games": 1, "won": int(state.data["winner"] == 0), "lost": int(state.data["winner"] == 1)}
    nxt = face.step(state, {"type": "next"})
    assert nxt.data["game"] == 2 and nxt.data["round"] == 1 and nxt.tally == state.tally
    assert nxt.log[0] == "-- game 2: you, computer --"  # a new game starts a new log


def test_the_roll_limit_holds_later_players_to_the_first_players_rolls():
    state = face.new_game({"roll_limit": True}, 4)
    state = face.step(state, {"type": "keep", "keep": state.data["dice"]})  # stand after one roll
    assert state.over  # the computer had one roll: no decision to make
    assert "computer stands on" in state.log[-2] and "no rolls left under the roll limit" in state.log[-2]
    # without the limit the computer rolls on
    free = face.new_game({}, 4)
    free = face.step(free, {"type": "keep", "keep": free.data["dice"]})
    assert free.to_move == "computer" and free.data["allowed"] == 3


def test_three_players_the_computers_take_their_seats():
    state = face.new_game({"players": 3, "position": 3}, 2)
    assert state.data["seats"] == ["computer 1", "computer 2", "you"] and state.to_move == "computer"
    while state.to_move == "computer":
        state = face.step(state, face.computer_action(state))
    if not state.over:
        hint = face.advice(state)
        assert hint.position["players"] == 3 and hint.position["position"] == 3
        assert hint.position["to_beat"] is not None


@pytest.mark.parametrize("options,message", [
    ({"players": 7}, "players must be a whole number 2 to 6"),
    ({"position": 3}, "position must be a whole number 1 or 2"),
    ({"players": "2"}, "whole number"),
    ({"roll_limit": 1}, "true or false"),
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"straights": False, "flush": True}, "flush rule needs straights"),
])
def test_bad_options(options, message):
    with pytest.raises(InputError, match=message):
        face.new_game(options, 1)


@pytest.mark.slow
def test_seeded_duels_through_the_session_agree_with_the_exact_duel():
    """Both seats played by computer_action: the first player's share of wins is the exact 46.2355%."""
    n = 8000
    wins = 0
    for seed in range(n):
        state = face.new_game({}, seed)
        while not state.over:
            state = face.step(state, face.computer_action(state))
        wins += state.data["winner"] == 0
    assert face.solve_duel().win[0] == pytest.approx(FIRST_PLAYER_DUEL, abs=1e-12)
    z = (wins / n - FIRST_PLAYER_DUEL) / math.sqrt(FIRST_PLAYER_DUEL * (1 - FIRST_PLAYER_DUEL) / n)
    assert abs(z) < 3.5, z


@pytest.mark.slow
def test_seeded_three_player_games_agree_with_the_exact_solution():
    n = 2000
    wins = [0, 0, 0]
    for seed in range(n):
        state = face.new_game({"players": 3}, seed)
        while not state.over:
            state = face.step(state, face.computer_action(state))
        wins[state.data["winner"]] += 1
    exact = face.table_solution(face.Variant(), 3).win  # the solution the session plays
    for seat in range(3):
        z = (wins[seat] / n - exact[seat]) / math.sqrt(exact[seat] * (1 - exact[seat]) / n)
        assert abs(z) < 3.5, (seat, z)


def test_the_dice_are_a_kind_named_by_rules():
    six, cards = face.new_game({}, 4), face.new_game({"dice_set": "Octahedral"}, 4)
    assert six.options["rules"] == "six" and cards.options["rules"] == "octahedral"
    assert face.kind_of(six.options).keep_key == "keep" and face.kind_of(cards.options).keep_key == "dice"
    assert face.normalize_options({"rules": "royal"})["rules"] == "royal"
    for options, message in [({"rules": "ten"}, "rules must be six, royal, octahedral"),
                             ({"rules": "royal", "ace_high": True}, "for six-faced dice"),
                             ({"rules": "royal", "dice_set": "octahedral"}, "not both")]:
        with pytest.raises(InputError, match=message):
            face.new_game(options, 1)
