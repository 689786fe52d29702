"""The Farkle play session: the contract, replay from JSON, decisions, and seeded play against exact figures."""

import json
import math

import pytest

from holdwise.games import farkle
from holdwise.games.base import State
from holdwise.games.farkle.match import solve_match
from tests.games.session_contract import play_random_game, round_trip


@pytest.mark.parametrize("options,seed", [
    ({"target": 1000}, 1),
    ({"target": 1000, "computer": "coaching", "first": "computer"}, 2),
    ({"target": 500, "dice": "devils-head,ordinary*5", "computer_dice": "weighted,lucky,ordinary*4"}, 3),
    ({"target": 800, "dice": ["weighted", "odd", "ordinary*4"], "computer": "coaching"}, 4),
])
def test_session_contract(options, seed):
    states = play_random_game(farkle, options, seed, choice_seed=seed, games=2)
    last = states[-1]
    assert last.tally["won"] + last.tally["lost"] >= 2
    assert any("roll" in line for line in last.log)


def test_new_game_defaults_and_options():
    state = farkle.new_game(None, 5)
    assert state.options == {"target": 4000, "dice": ["ordinary"] * 6, "computer_dice": ["ordinary"] * 6,
                             "computer": "race-aware", "first": "player"}
    assert state.phase == "roll" and state.to_move == "player" and state.tally == {"won": 0, "lost": 0}
    assert farkle.actions(state) == [{"type": "roll"}]
    assert farkle.measure_of(state.options) == "win_chance"
    for bad, message in [({"target": 1010}, "multiple of 50"), ({"computer": "smart"}, "race-aware"),
                         ({"dice": "ordinary*5"}, "needs 6 dice"), ({"colour": 1}, "unknown"),
                         ({"dice": "custom:0,0,1,0,0,0*6"}, "never bust")]:
        with pytest.raises(ValueError, match=message):
            farkle.new_game(bad, 1)


def test_seeded_replay_from_json():
    state = farkle.new_game({"target": 1000, "computer": "coaching"}, 11)
    trail = [state]
    while not state.over:
        state = farkle.step(state, farkle.computer_action(state))
        trail.append(state)
    replay = State.from_json(json.loads(json.dumps(trail[0].to_json())))
    for old in trail[1:]:
        replay = farkle.step(replay, farkle.computer_action(replay))
        assert replay == old
    assert round_trip(state) == state


def _first_select(options, seed):
    state = farkle.new_game(options, seed)
    state = farkle.step(state, {"type": "roll"})
    while state.phase != "select" or state.to_move != "player":
        state = farkle.step(state, farkle.computer_action(state))
    return state


@pytest.mark.parametrize("computer,measure", [("race-aware", "win_chance"), ("coaching", "expected_points")])
def test_decisions_record_their_loss(computer, measure):
    state = _first_select({"target": 1000, "computer": computer}, 7)
    hint = farkle.advice(state)
    assert hint.measure == measure
    worst = hint.options[-1]
    after = farkle.step(state, worst.action)
    decision = after.decisions[-1]
    assert decision.measure == measure and decision.chosen == worst.option
    assert decision.best == hint.options[0].option
    assert decision.loss == pytest.approx(worst.loss)
    best = farkle.step(state, hint.options[0].action)
    assert best.decisions[-1].loss == 0


def test_parse_action():
    state = farkle.new_game({"target": 1000}, 3)
    assert farkle.parse_action(state, "") == {"type": "roll"}
    state = farkle.step(state, {"type": "roll"})  # seed 3 rolls 1 2 5 4 1 3
    assert state.data["roll"] == [1, 2, 5, 4, 1, 3]
    assert farkle.parse_action(state, "1 5") == {"type": "keep", "dice": [1, 3], "then": "roll"}
    assert farkle.parse_action(state, "1,1 b") == {"type": "keep", "dice": [1, 5], "then": "bank"}
    assert farkle.parse_action(state, "p1 p3 bank") == {"type": "keep", "dice": [1, 3], "then": "bank"}
    for text in ("2", "b", "q7"):
        with pytest.raises(ValueError):
            farkle.parse_action(state, text)
    with pytest.raises(ValueError, match="not legal"):
        farkle.step(state, {"type": "keep", "dice": [2], "then": "roll"})


def test_unlike_dice_pick_the_better_die_for_a_face():
    """Two dice show a 1: typing '1' keeps the one whose staying behind is worth less."""
    options = {"target": 1000, "dice": "weighted,ordinary*5", "computer": "coaching"}
    state = farkle.new_game(options, 0)
    state = state.evolve(phase="select", data={**state.data, "roll": [1, 1, 2, 3, 4, 6]})
    action = farkle.parse_action(state, "1")
    assert action == {"type": "keep", "dice": [2], "then": "roll"}  # the weighted die rolls on
    values = {tuple(o.action["dice"]): o.value for o in farkle.advice(state).options if o.extras["then"] == "roll"}
    assert values[(2,)] > values[(1,)]


def _simulate(options, games):
    wins = 0
    for seed in range(games):
        state = farkle.new_game(options, 1000 + seed)
        while not state.over:
            state = farkle.step(state, farkle.computer_action(state))
        wins += state.data["winner"] == "player"
    return wins


@pytest.mark.slow
@pytest.mark.parametrize("computer,blind", [("race-aware", False), ("coaching", True)])
def test_seeded_matches_through_the_session_agree_with_the_exact_win_chance(computer, blind):
    """Both sides played by computer_action at target 1000: the first player's wins within 3 standard errors
    of the exact chance (race-aware against race-aware, or both on the coaching table)."""
    dice = farkle.parse_loadout(None)
    exact = solve_match(dice, target=1000, blind1=blind, blind2=blind).first_player_win
    n = 1500
    wins = _simulate({"target": 1000, "computer": computer}, n)
    assert abs(wins / n - exact) < 3 * math.sqrt(exact * (1 - exact) / n)


def test_prepare_solves_ahead_with_progress():
    seen = []
    farkle.prepare({"target": 600, "dice": "odd,ordinary*5"}, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (144, 144)
