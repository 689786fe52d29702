"""The poker dice hint: one Hint shape (options best first, value = win chance, loss, action), old values kept."""

import pytest

from holdwise import InputError
from holdwise.games.base import Hint
from holdwise.games.poker_dice import Variant, solve_duel
from holdwise.games.poker_dice.strategy import (
    hint,  # the six-faced hint of positional arguments (the face's takes a request)
)


def test_hint_shape_and_json():
    result = hint("1 1 3 4 6", 2, to_beat="6 6 6 2 2")
    assert isinstance(result, Hint) and result.game == "poker-dice" and result.measure == "win_chance"
    best = result.options[0]
    assert best.option == "1 1" and best.loss == 0 and best.action == {"type": "keep", "keep": [1, 1]}
    assert best.extras == {"keep": ["1", "1"], "stand": False}
    assert all(o.loss == pytest.approx(best.value - o.value, abs=1e-15) for o in result.options)
    data = result.to_json()
    assert list(data) == ["game", "hand", "rolls_left", "to_beat", "players", "position", "holders", "roll_limit",
                          "rolls_allowed", "situation",
                          "measure", "options"]
    assert data["hand"] == ["6", "4", "3", "1", "1"] and data["to_beat"] == ["6", "6", "6", "2", "2"]
    assert data["position"] == 2 and data["situation"] == "chance to win as the second of two players (ties replayed)"
    assert set(data["options"][0]) == {"option", "value", "loss", "keep", "stand", "action"}
    roll_all = next(o for o in result.options if o.option == "none")
    assert roll_all.action == {"type": "keep", "keep": []} and roll_all.extras["keep"] == []


def test_values_equal_the_solved_game():
    # the second player against 6 6 6 2 2: keeping 1 1 wins 23.249% (the figure the hint always gave)
    result = hint((1, 1, 3, 4, 6), 2, to_beat=(2, 2, 6, 6, 6))
    assert result.options[0].value == pytest.approx(0.23249, abs=5e-6)
    # one roll left, keeping 6 6 6 2 against 6 6 6 2 2: a 6 beats it, a 2 ties (worth the replay, 1 - w)
    w = solve_duel().win[0]
    one = {o.option: o.value for o in hint("6 6 6 2 1", 1, to_beat="6 6 6 2 2").options}
    assert one["6 6 6 2"] == pytest.approx((1 + (1 - w)) / 6, abs=1e-12)
    assert one["all"] == 0.0  # standing on a worse hand
    # the first player's values are 1 - the second player's optimum against the final hand
    first = {o.option: o.value for o in hint("6 6 6 5 2", 1).options}
    assert first["6 6 6"] == pytest.approx(0.6145331412191559, abs=1e-12)
    assert first["all"] == pytest.approx(0.437521363568354, abs=1e-12)


def test_standing_with_two_rolls_left_is_worth_the_hand_as_it_stands():
    # keeping all five dice stands: its value is the chance to win on that hand, not the value of waiting
    # for the next roll (a roll rolls at least one die), so one roll left or two give the same figure
    two = {o.option: o.value for o in hint("6 4 3 1 1", 2, to_beat="6 6 6 2 2").options}
    one = {o.option: o.value for o in hint("6 4 3 1 1", 1, to_beat="6 6 6 2 2").options}
    assert two["all"] == one["all"] == 0.0
    first = {o.option: o.value for o in hint("6 6 6 5 2", 2).options}
    assert first["all"] == pytest.approx(0.437521363568354, abs=1e-12)  # as with one roll left
    stand = hint("6 5 4 3 2", 2).options[0]
    assert stand.option == "all" and stand.extras == {"keep": ["6", "5", "4", "3", "2"], "stand": True}
    assert stand.action == {"type": "keep", "keep": [2, 3, 4, 5, 6]} and stand.loss == 0


def test_poker_faces_are_written_as_typed():
    result = hint("A A K Q 9", 1, Variant(poker_faces=True))
    assert result.to_json()["hand"] == ["A", "A", "K", "Q", "9"]
    assert result.options[0].option == "A A" and result.options[0].extras["keep"] == ["A", "A"]


def test_three_players_and_tied():
    result = hint("5 5 5 2 1", 1, to_beat="5 5 5 2 2", players=3, position=3, holders=2)
    assert result.position["holders"] == 2 and "both others hold" in result.position["situation"]
    assert len(result.options) == 16


@pytest.mark.parametrize("kwargs,message", [
    ({"rolls_left": 3}, "rolls_left must be a whole number 1 or 2"),
    ({"rolls_left": 2, "players": 7}, "players must be a whole number 2 to 6"),
    ({"rolls_left": 2, "position": 2}, "hand to beat"),
    ({"rolls_left": 2, "to_beat": "6 6 6 2 2", "position": 1}, "hand to beat"),
    ({"rolls_left": 2, "to_beat": "6 6 6 2 2", "holders": 2}, r"holders must be a whole number 1 \(earlier"),
    ({"rolls_left": 2, "to_beat": "6 6 6 2"}, "a hand has 5 dice"),
])
def test_bad_positions(kwargs, message):
    with pytest.raises(InputError, match=message):
        hint("1 1 3 4 6", **kwargs)


@pytest.mark.parametrize("variant", [Variant(), Variant(poker_faces=True, ace_high=True)], ids=["plain", "faces"])
def test_the_options_of_every_roll_are_the_options_made_one_by_one(variant):
    """Every roll's options (252 rolls, one roll left, second of two against 6 6 5 5 2) equal the Options made
    one by one from the ranked keeps, each text and label written by hand_labels, in repr and JSON."""
    from itertools import combinations_with_replacement

    from holdwise.games.base import Option
    from holdwise.games.poker_dice.rules import hand_labels
    from holdwise.games.poker_dice.strategy import Seat, hand_index, keep_options, option_list

    seat = Seat(2, 2, hand_index((2, 5, 5, 6, 6)))
    for roll in combinations_with_replacement(range(1, 7), 5):
        ranked = keep_options(variant, seat, roll, 2)
        top = ranked[0][1]
        want = tuple(Option(option="all" if len(k) == 5 else " ".join(hand_labels(k, variant)) or "none", value=v,
                            loss=max(0.0, top - v), action={"type": "keep", "keep": list(k)},
                            extras={"keep": hand_labels(k, variant), "stand": len(k) == 5}) for k, v in ranked)
        got = option_list(variant, seat, roll, 2)
        assert got == want and repr(got) == repr(want)
        assert [o.to_json() for o in got] == [o.to_json() for o in want]
        got[0].extras["keep"].append("x")  # each option's lists are its own: the next hint's are whole
        assert option_list(variant, seat, roll, 2)[0].extras["keep"] == want[0].extras["keep"]
