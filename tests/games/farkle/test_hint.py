"""Hints as options (selection x roll on / bank), the roll parser with the joker typed as J."""

import json

import pytest

from holdwise.games.base import Hint
from holdwise.games.farkle import parse_dice, parse_loadout, parse_positions, parse_roll
from tests.games.farkle.asking import ask

# The coaching-table values of `farkle hint 1 1 5 2 3 4 --turn-total 300` before the options shape:
# per selection (roll on, bank).
BEFORE = {
    ("1", "1", "2", "3", "4", "5"): (1380.7428599930772, 900.0),
    ("1", "2", "3", "4", "5"): (452.61391439673605, 800.0),
    ("1",): (669.3339976935409, 400.0),
    ("5",): (627.1680708977439, 350.0),
    ("1", "1"): (583.6580345847298, 500.0),
    ("1", "1", "5"): (510.74938145653084, 550.0),
    ("1", "5"): (541.6997109079507, 450.0),
}


def test_hint_shape_and_values_equal_the_old_ones():
    result = ask("1 1 5 2 3 4", 300)
    assert isinstance(result, Hint) and result.game == "farkle" and result.measure == "expected_points"
    assert len(result.options) == 2 * len(BEFORE)
    for option in result.options:
        keep = tuple(option.extras["keep"])
        then = option.extras["then"]
        assert option.value == pytest.approx(BEFORE[keep][0 if then == "roll" else 1], abs=1e-9)
        assert option.option == f"keep {' '.join(keep)}, " + ("roll on" if then == "roll" else "bank")
        assert set(option.extras) == {"keep", "dice_kept", "dice_kept_names", "score", "turn_total", "dice_left", "hot_dice", "then"}
    values = [o.value for o in result.options]
    assert values == sorted(values, reverse=True)
    assert result.options[0].loss == 0
    assert all(o.loss == pytest.approx(values[0] - o.value) for o in result.options)
    best = result.options[0]
    assert best.option == "keep 1 1 2 3 4 5, roll on" and best.extras["hot_dice"] and best.extras["score"] == 600
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {"game", "roll", "positions", "turn_total", "dice", "bust", "measure", "options"}
    assert data["roll"] == ["1", "1", "5", "2", "3", "4"] and data["bust"] is False


def test_a_list_roll_and_a_string_roll_agree():
    assert ask([1, 1, 5, 2, 3, 4], 300) == ask("1,1,5,2,3,4", 300)


def test_a_bust_has_no_options():
    result = ask("2 3 4 6", 450)
    assert result.options == () and result.position["bust"] is True


def test_joker_is_typed_as_j():
    dice = parse_loadout("ordinary*5,devils-head")
    assert parse_roll("1 2 3 4 5 J", dice) == (1, 2, 3, 4, 5, 1)
    result = ask("2 3 4 6 6 J", 0, dice)
    assert result.position["roll"] == ["2", "3", "4", "6", "6", "J"]
    best = result.options[0]
    assert "J" in best.extras["keep"]  # the joker completes 2-3-4-5-6 (750) or a triple of sixes
    with pytest.raises(ValueError, match="has none"):
        parse_roll("J 2", dice)
    assert parse_roll("J", dice, [6]) == (1,)


def test_race_aware_hint_at_a_small_target():
    result = ask("1 5 2 3", 300, score=200, opponent=600, target=1000, positions=[1, 2, 3, 4])
    assert result.measure == "win_chance"
    assert all(0 <= o.value <= 1 for o in result.options)
    assert result.position["target"] == 1000 and result.position["score"] == 200
    reaching = ask("1 1 1 2", 0, score=200, target=1000)
    triple = [o for o in reaching.options if o.extras["keep"] == ["1", "1", "1"]]
    assert [o.extras["then"] for o in triple] == ["bank"] and triple[0].value == 1.0  # 1,000 reaches the target


@pytest.mark.parametrize("call,message", [
    (lambda: parse_roll("1 9"), "shows 1 to 6"),
    (lambda: parse_roll("1 x"), "shows 1 to 6"),
    (lambda: parse_roll(""), "1 to 6 dice"),
    (lambda: parse_roll("5", parse_dice("pie*6")), "cannot show 5"),
    (lambda: parse_positions("1,1"), "own position"),
    (lambda: parse_positions("a"), "numbers 1-6"),
    (lambda: parse_loadout("ordinary*5"), "needs 6 dice"),
    (lambda: parse_dice("custom:1,1,1,1,1,2:x"), ":j1"),
    (lambda: ask("1 5", 0, score=4000), "below the target"),
])
def test_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_custom_dice_with_commas():
    dice = parse_dice("custom:1,1,1,1,1,2*2, ordinary*3, custom:1,1,1,1,1,1:j1")
    assert [d.weights for d in dice[:2]] == [(1, 1, 1, 1, 1, 2)] * 2
    assert dice[5].joker_faces == (1,) and len(dice) == 6
