"""The dice poker play session: the contract, replay, decisions, the tally, and a seeded simulation."""

import json
import math
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games import dice_poker as face
from holdwise.games.base import State
from tests.games.dice_poker.asking import ask
from tests.games.session_contract import play_random_game, round_trip

OPTION_SETS = [
    None,
    {"rules": "I", "bet": 2},
    {"rules": "H", "payouts": [6, 5, 5, 5, 0, 0, 0]},
    {"payouts": "10,6,4,3,2,1,1/3", "bet": 0.5},
    {"dice": 4, "sides": 8, "rerolls": 3, "weights": [1, 1, 1, 1, 1, 1, 1, 2]},
    {"rerolls": 0},
    {"dice": 3, "sides": 4, "rerolls": 1},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_session_contract(options, seed):
    states = play_random_game(face, options, seed, choice_seed=seed, games=3)
    last = states[-1]
    assert last.tally["hands"] == 3
    assert last.tally["balance"] == pytest.approx(last.tally["won"] - last.tally["staked"])


def test_new_game_rolls_the_first_hand():
    state = face.new_game(None, 5)
    assert state.game == "dice-poker" and state.phase == "keep" and state.to_move == "player"
    assert state.options == {"rules": "B", "payouts": ["10", "6", "4", "3", "2", "1", "1/2"], "dice": 5,
                             "sides": 6, "rerolls": 2, "weights": None, "bet": 1}
    assert state.draws == 1 and len(state.data["hand"]) == 5 and state.data["rolls_left"] == 2
    assert state.tally == {"hands": 1, "staked": 1, "won": 0, "balance": -1}
    assert state.log[0].startswith("hand 1 (bet 1): rolled ")
    assert face.new_game(None, 5) == state  # seeded


def _at(hand, rolls_left=2, options=None, seed=0):
    """A session state with a chosen hand (the state is plain data)."""
    state = face.new_game(options, seed)
    return state.evolve(data={**state.data, "hand": list(hand), "rolls_left": rolls_left})


def test_advice_ranks_keeps_with_their_actions_and_the_bet():
    state = _at([2, 3, 4, 5, 5], options={"bet": 2})
    h = face.advice(state)
    assert h.position == {"hand": [2, 3, 4, 5, 5], "rolls_left": 2, "rules": "B", "bet": 2}
    assert h.best.action == {"type": "keep", "keep": [5, 5]}
    assert h.best.value == pytest.approx(2 * 635 / 216, abs=1e-12)  # bet x the hint's value
    assert face.computer_action(state) == {"type": "keep", "keep": [5, 5]}
    assert len(face.actions(state)) == len(h.options) == 24


def test_decision_recorded_with_its_loss():
    state = _at([2, 3, 4, 5, 5])
    after = face.step(state, {"type": "keep", "keep": [5, 4, 3, 2]})  # any order of the kept faces
    (decision,) = after.decisions
    assert decision.chosen == "2 3 4 5" and decision.best == "5 5" and decision.measure == "expected_payout"
    values = {o.option: Fraction(o.value_exact) for o in ask("2 3 4 5 5", 2, exact=True).options}
    assert decision.loss == pytest.approx(float(values["5 5"] - values["2 3 4 5"]), abs=1e-12)
    assert decision.position == "2 3 4 5 5, 2 re-rolls left"
    assert after.log[-1].startswith("kept 2 3 4 5, re-rolled 1 die: ")
    assert after.data["rolls_left"] == 1 and after.draws == state.draws + 1
    best = face.step(state, face.computer_action(state))
    assert best.decisions[-1].loss == 0


def test_stand_pays_bet_times_payout():
    state = _at([2, 3, 4, 5, 6], options={"bet": 3})
    done = face.step(state, face.parse_action(state, "all"))
    assert done.over and done.to_move == "" and done.draws == state.draws  # standing draws nothing
    assert done.data["category"] == "straight" and done.data["payout"] == 3 and done.data["paid"] == 9
    assert done.tally == {"hands": 1, "staked": 3, "won": 9, "balance": 6}
    assert done.log[-2:] == ("stood on 2 3 4 5 6",
                             "2 3 4 5 6: straight pays 3 x 3 = 9; balance +6 after 1 hand")
    assert face.actions(done) == [{"type": "next"}]
    nxt = face.step(done, {"type": "next"})
    assert nxt.tally["hands"] == 2 and nxt.tally["staked"] == 6 and nxt.phase == "keep"
    assert nxt.log[-1].startswith("hand 2 (bet 3): rolled ")


def test_last_reroll_settles_the_hand():
    state = _at([1, 1, 2, 3, 4], rolls_left=1)
    done = face.step(state, {"type": "keep", "keep": []})
    assert done.over and "re-rolled 5 dice" in done.log[-2]
    category = done.data["category"]
    expected = 0 if category == "nothing" else face.BUILTIN_TABLES["B"][face.ALL_CATEGORIES.index(category)]
    assert done.data["payout"] == expected and done.data["paid"] == expected


def test_replay_from_json():
    state = face.new_game({"rules": "I", "bet": 2}, 11)
    actions = []
    for _ in range(12):
        action = face.computer_action(state)
        actions.append(action)
        state = face.step(state, action)
    text = json.dumps(state.to_json())
    assert State.from_json(json.loads(text)) == state
    replay = face.new_game({"rules": "I", "bet": 2}, 11)
    for action in actions:
        replay = face.step(round_trip(replay), action)
    assert replay == state


def test_parse_action():
    state = _at([1, 5, 5, 6, 6])
    assert face.parse_action(state, "all") == {"type": "keep", "keep": [1, 5, 5, 6, 6]}
    assert face.parse_action(state, "none") == {"type": "keep", "keep": []}
    assert face.parse_action(state, "6,5 5") == {"type": "keep", "keep": [5, 5, 6]}
    for text, message in (("5 5 5", "cannot keep 5 5 5"), ("x", "type the dice to keep"), ("", "type the dice")):
        with pytest.raises(InputError, match=message):
            face.parse_action(state, text)
    over = face.step(state, {"type": "keep", "keep": [1, 5, 5, 6, 6]})
    assert face.parse_action(over, "") == {"type": "next"}
    with pytest.raises(InputError, match="the hand is over"):
        face.parse_action(over, "5 5")


@pytest.mark.parametrize("action", [{"type": "keep", "keep": [4]}, {"type": "next"}, {"type": "keep"},
                                    {"type": "hold", "keep": []}, "keep"])
def test_illegal_actions(action):
    with pytest.raises(InputError):
        face.step(_at([1, 5, 5, 6, 6]), action)


@pytest.mark.parametrize("options,message", [
    ({"colour": "red"}, "unknown game option 'colour'"), ({"rules": "Q"}, "unknown table"),
    ({"table": "B"}, "unknown game option 'table'"),
    ({"bet": 0}, "positive"), ({"bet": "x"}, "bet must be a number"), ({"dice": 11}, "dice must be"),
    ({"rerolls": 7}, "re-rolls must be"), ({"weights": [1, 2]}, "weights given"), ({"payouts": [1]}, "7 payouts"),
    ({"dice": "5"}, "whole number"),
])
def test_bad_options(options, message):
    with pytest.raises(InputError, match=message):
        face.new_game(options, 0)
    with pytest.raises(InputError, match="seed"):
        face.new_game(None, -1)


@pytest.mark.slow
def test_seeded_simulation_through_the_session_averages_the_optimum():
    """10,000 hands of table B played by computer_action through the session (10 seeded sessions of
    1,000 hands): the average payout lies within 4 standard errors of the exact optimum 6291295/1889568."""
    paid = []
    for seed in range(10):
        state = face.new_game(None, seed)
        while True:
            while not state.over:
                state = face.step(state, face.computer_action(state))
            paid.append(state.data["paid"])
            if len(paid) % 1000 == 0:
                break
            state = face.step(state, {"type": "next"})
        assert all(d.loss == 0 for d in state.decisions)
        assert state.tally["won"] == pytest.approx(sum(paid[-1000:]))
    n = len(paid)
    mean = sum(paid) / n
    sd = math.sqrt(sum((p - mean) ** 2 for p in paid) / (n - 1))
    exact = 6291295 / 1889568
    assert n == 10_000
    assert abs(mean - exact) < 4 * sd / math.sqrt(n)
