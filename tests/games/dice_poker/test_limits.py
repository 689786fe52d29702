"""A bet limit and a daily limit in a dice-poker session (the study's condition of a casino table): a bet above
either is refused, and a hand past the daily limit is not dealt; the message names the limit."""

from __future__ import annotations

import pytest

from holdwise import InputError
from holdwise.games import dice_poker


def _finish(state):
    while not state.over:
        state = dice_poker.step(state, {"type": "keep", "keep": list(state.data["hand"])})
    return state


def test_a_bet_above_a_limit_is_refused():
    with pytest.raises(InputError, match="the bet 3 is above the bet limit of 2"):
        dice_poker.new_game({"bet": 3, "bet_limit": 2})
    with pytest.raises(InputError, match="the bet 3 is above the daily limit of 2.5"):
        dice_poker.new_game({"bet": 3, "daily_limit": "5/2"})
    with pytest.raises(InputError, match="the daily limit must be positive"):
        dice_poker.new_game({"daily_limit": 0})


def test_the_daily_limit_stops_the_session_at_the_limit():
    state = _finish(dice_poker.new_game({"bet": 2, "daily_limit": 5, "bet_limit": 2}, 3))
    assert state.options["daily_limit"] == 5 and state.options["bet_limit"] == 2
    state = _finish(dice_poker.step(state, {"type": "next"}))
    assert state.tally["staked"] == 4
    with pytest.raises(InputError, match="the daily limit of 5 is reached: 4 staked, another hand stakes 2"):
        dice_poker.step(state, {"type": "next"})


def test_no_limit_is_the_default_and_leaves_the_options_as_they_were():
    assert "daily_limit" not in dice_poker.new_game(None, 1).options
