"""Pig, the toy game kept in tests/: registered by the test alone, it keeps every game's contracts and its hint
is exact (checked against a brute force over every policy)."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from holdwise import InputError
from holdwise.games.base import State
from holdwise.games.checks import face_protocol_errors, hint_errors, play_random_game, round_trip


@cache
def _policy_value(to_make: int, start: int, holds: frozenset[int]) -> Fraction:
    """The expected points a turn banks from turn total `start` when it holds exactly at the totals in `holds`."""
    if start >= to_make:
        return Fraction(to_make)
    if start in holds:
        return Fraction(start)
    return sum((_policy_value(to_make, start + face, holds) for face in range(2, 7)), Fraction(0)) / 6


def _ask(pig, score, turn_total, target):
    return pig.hint(pig.parse_hint({"score": score, "turn_total": turn_total, "target": target}))


@pytest.mark.parametrize("target", [10, 7])
def test_the_hint_is_the_best_of_every_policy(pig, target):
    """For every score and turn total at a small target: the best option's exact value is the largest expected
    points over all 2^(to_make - 1) hold-or-roll policies, and each option's value is what it promises."""
    for score in range(target):
        to_make = target - score
        choices = range(1, to_make)
        policies = [frozenset(k for k, hold in zip(choices, bits) if hold)
                    for bits in product((False, True), repeat=len(choices))]
        for turn_total in range(to_make):
            hint = _ask(pig, score, turn_total, target)
            best = max(_policy_value(to_make, turn_total, p) for p in policies)
            assert Fraction(hint.best.value_exact) == best
            by_option = {o.option: Fraction(o.value_exact) for o in hint.options}
            if turn_total:
                assert by_option["hold"] == turn_total
            rolled = max(_policy_value(to_make, turn_total, p - {turn_total}) for p in policies)
            assert by_option["roll"] == rolled
            assert [Fraction(o.loss_exact) for o in hint.options] == [best - v for v in by_option.values()]


def test_the_hint_gives_the_known_figures(pig):
    """A turn of optimal play from 0 at target 100 banks 492303203/60466176 = 8.1418 points on average (the
    hold-at-20 figure); at a turn total of 20, rolling and holding tie and hold is ranked first."""
    start = _ask(pig, 0, 0, 100)
    assert [o.option for o in start.options] == ["roll"]
    assert start.best.value_exact == "492303203/60466176" and round(start.best.value, 4) == 8.1418
    tie = _ask(pig, 0, 20, 100)
    assert [(o.option, o.value_exact, o.loss) for o in tie.options] == [("hold", "20/1", 0), ("roll", "20/1", 0)]
    near = _ask(pig, 17, 1, 20)  # 2 to make: every face but the 1 reaches the target
    assert [(o.option, o.value_exact) for o in near.options] == [("roll", "5/2"), ("hold", "1/1")]
    assert near.to_json()["options"][1]["loss_exact"] == "3/2"


@pytest.mark.parametrize("args, field", [((20, 0, 20), "score"), ((0, 20, 20), "turn_total"), ((0, 0, 1), "target"),
                                         ((True, 0, 20), "score"), (("x", 0, 20), "score")])
def test_bad_positions_are_refused_naming_the_field(pig, args, field):
    with pytest.raises(InputError, match=field):
        _ask(pig, *args)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pig_keeps_the_session_contract(pig, seed):
    states = play_random_game(pig, {"target": 15}, seed, choice_seed=seed, games=3)
    last = states[-1]
    assert last.tally["games"] == 3 and last.tally["player"] + last.tally["computer"] == 3
    assert {d.measure for d in last.decisions} <= {"expected_points"}


def test_pig_keeps_the_face_protocol(pig):
    assert face_protocol_errors("pig", pig) == []
    assert hint_errors(pig, {"score": 3, "turn_total": 12}) == []


def test_pig_answers_hint_on_the_command_line_from_the_registry(pig):
    """`holdwise pig hint` exists with no line of Pig's in the CLI: built from HINT_FIELDS; --json is the Hint's
    JSON, the plain table ranks the options, bad input is one line naming the option and exit 2."""
    from typer.testing import CliRunner

    from holdwise.cli import app

    runner = CliRunner()
    got = runner.invoke(app, ["pig", "hint", "--turn-total", "20", "--target", "100", "--json"])
    assert got.exit_code == 0, got.output
    assert json.loads(got.output) == _ask(pig, 0, 20, 100).to_json()
    plain = runner.invoke(app, ["pig", "hint", "--score", "17", "--turn-total", "1", "--target", "20"])
    assert plain.exit_code == 0 and "roll" in plain.output and "2.500000" in plain.output
    assert max(map(len, plain.output.splitlines())) <= 80
    bad = runner.invoke(app, ["pig", "hint", "--turn-total", "x"])
    assert bad.exit_code == 2 and bad.output.strip().startswith("error: --turn-total must be a whole number")


def test_a_replayed_game_is_the_same_game(pig):
    """The die is drawn from (seed, draws): the same seed and moves give the same game, a state from JSON text
    goes on exactly as the original."""
    def play(state):
        for _ in range(200):
            if state.over:
                return state
            state = pig.step(state, pig.computer_action(state))
        raise AssertionError("the game did not end")

    first = play(pig.new_game({"target": 20, "first": "computer"}, 11))
    again = play(round_trip(pig.new_game({"target": 20, "first": "computer"}, 11)))
    assert first == again and first.log == again.log and first.draws > 0
    assert first.data["scores"][first.data["winner"]] >= 20


def test_a_hand_edited_state_or_move_is_refused(pig):
    state = pig.new_game(None, 0)
    with pytest.raises(InputError, match="not legal"):
        pig.step(state, {"type": "hold"})  # nothing to bank yet
    with pytest.raises(InputError, match="r to roll"):
        pig.parse_action(state, "jump")
    with pytest.raises(InputError, match="unknown option"):
        pig.new_game({"goal": 3}, 0)
    edited = json.loads(json.dumps(state.to_json()))
    edited["data"]["turn_total"] = 99
    with pytest.raises(InputError, match="not one this session made"):
        pig.actions(State.from_json(edited))
    edited["game"] = "farkle"
    with pytest.raises(InputError, match="not 'pig'"):
        pig.step(State.from_json(edited), {"type": "roll"})
