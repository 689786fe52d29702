"""The Badge of Might at the practice table: both sides throw the extra die in seeded games, the table's prices
are the coach's, the review prices a Might kept or spent, and the typed moves."""

import pytest

from holdwise.games import farkle
from holdwise.games.farkle import badge_session
from holdwise.games.farkle.badge_coach import advise_might
from holdwise.games.farkle.session import selections_in

OPTIONS = {"target": 500, "badges": ["might-silver"], "computer_badges": ["might-tin"]}


def test_both_sides_throw_the_extra_die_in_seeded_games():
    state = farkle.new_game(OPTIONS, 3)
    assert state.data["uses"] == {"player": [0, 0, 0, 0, 2], "computer": [0, 0, 0, 0, 1]}
    spent, sevens = set(), 0
    for _ in range(3):
        for _ in range(3000):
            if state.over:
                break
            action = farkle.computer_action(state)
            assert action in farkle.actions(state)
            if "might" in action.get("badges", ()):
                spent.add(state.to_move)
            state = farkle.step(state, action)
            if state.phase == "select" and badge_session.EXTRA in state.data["left"]:
                sevens += 1
                # the extra die leaves after the keep: no selection leaves it; seven dice, six kept at most
                sels = selections_in(state, False)
                assert sels and all(badge_session.EXTRA not in s.dice_left and len(s.dice_kept) <= 6 for s in sels)
                assert len(farkle.legal_keeps(state)) == len(selections_in(state, True))
        assert all(u >= 0 for side in state.data["uses"].values() for u in side)
        state = farkle.step(state, {"type": "next"})
    assert spent == {"player", "computer"} and sevens >= 2


def test_the_first_throw_is_priced_as_the_coach_prices_it_and_reviewed():
    state = farkle.new_game(OPTIONS, 5)
    hint = farkle.advice(state)
    assert {o.action.get("badges", ("",))[0] for o in hint.options} == {"", "might"}
    match = badge_session.solve_badges(state.options)
    layer = (tuple(state.data["uses"]["player"]), tuple(state.data["uses"]["computer"]))
    full = match.turns[0].table.full_state
    coach = advise_might(match, 0, 0, 0, layer, 0, full)
    assert hint.options[0].value == pytest.approx(coach.value, abs=1e-12) == pytest.approx(match.start_win,
                                                                                           abs=1e-12)
    worse = hint.options[1]
    after = farkle.step(state, worse.action)
    assert after.decisions[-1].loss == pytest.approx(worse.loss) and worse.loss > 0
    assert after.decisions[-1].chosen == worse.option


def test_typed_moves_throw_the_extra_die():
    state = farkle.new_game(OPTIONS, 7)
    assert farkle.parse_action(state, "m") == {"type": "roll", "badges": ["might"]}
    state = farkle.step(state, {"type": "roll", "badges": ["might"]})
    assert state.data["uses"]["player"][4] == 1 and len(state.data["roll"]) == 7
    assert "you roll 6 dice and the extra die: " in state.log[-1] or "bust" in state.log[-1]


def test_a_throw_with_the_extra_die_says_which_die_is_kept():
    dice = tuple(farkle.parse_dice("ordinary*5,lucky"))
    sels = badge_session.might_selections(dice, [1, 5, 2, 3, 4, 1, 5], [1, 2, 3, 4, 5, 6, 7], (), True)
    said = {s.keep_text: s for s in sels}
    # the lucky die's 1 and an ordinary 1 leave different dice; the extra die's 5 leaves all six of one's own
    assert said[("1 (Lucky die)",)].dice_left == (1, 2, 3, 4, 5) and said[("1",)].dice_left == (2, 3, 4, 5, 6)
    assert said[("5", badge_session.EXTRA_WORDS)].dice_left == (1, 2, 3, 4, 5, 6)
    assert not said[("5", badge_session.EXTRA_WORDS)].hot_dice
