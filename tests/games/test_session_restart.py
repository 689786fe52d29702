"""A new game starts a new log and keeps only the costly decisions: a session's state stays small."""

import json
import random

import pytest

from holdwise import games
from holdwise.games.base import KEPT_DECISIONS, Decision

OPTIONS = {"farkle": {"target": 500}, "dice-poker": None, "video-poker": None, "poker-dice": None}


def _play_to_over(face, state, rng):
    for _ in range(2000):
        if state.over:
            return state
        legal = face.actions(state)
        action = face.computer_action(state) if state.to_move == "computer" else rng.choice(legal)
        state = face.step(state, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_next_game_restarts_the_log_and_keeps_costly_decisions(name):
    face = games.get(name)
    rng = random.Random(5)
    state = face.new_game(OPTIONS[name], 11)
    for _ in range(6):  # random play makes costly decisions in a few games
        state = _play_to_over(face, state, rng)
        if any(d.loss > 0 for d in state.decisions):
            break
        state = face.step(state, {"type": "next"})
    before = state
    assert before.log and before.decisions
    after = face.step(before, {"type": "next"})
    assert len(after.log) <= 4  # the new game's opening lines only
    assert after.decisions == tuple(d for d in before.decisions if d.loss > 0)
    if name == "dice-poker":  # the next hand is dealt and staked at once
        assert after.tally["hands"] == before.tally["hands"] + 1
        assert after.tally["staked"] == before.tally["staked"] + after.options["bet"]
    else:
        assert after.tally == before.tally  # the totals run on across games


def test_at_most_the_last_costly_decisions_are_kept():
    face = games.get("dice-poker")
    state = face.new_game(None, 1)
    many = tuple(Decision(f"p{i}", "a", "b", loss=float(i % 3), measure="expected_payout") for i in range(500))
    restarted = state.evolve(decisions=many).restarted()
    costly = [d for d in many if d.loss > 0]
    assert restarted.decisions == tuple(costly[-KEPT_DECISIONS:])
    assert restarted.log == ()


def test_a_long_farkle_session_stays_under_the_web_body_limit():
    face = games.get("farkle")
    rng = random.Random(2)
    state = face.new_game({"target": 300}, 4)
    for _ in range(40):
        state = face.step(_play_to_over(face, state, rng), {"type": "next"})
    assert len(json.dumps(state.to_json())) < 64 * 1024
