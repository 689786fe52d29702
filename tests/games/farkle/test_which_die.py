"""Which die (issue 39): with unlike dice two keeps of the same faces from different dice are different options,
each saying which dice it keeps, with its own value; exactly one option is the best, found by its dice; the
review names the better keep. Like dice read as before.

The roll: lucky, odd, king's and three ordinary dice show 1 3 3 6 6 1 (the lucky die and an ordinary die show
the 1s). Keeping the ordinary die's 1 and rolling on is worth 514.6 points of the turn, the lucky die's 473.1:
the lucky die is worth more rolled again than set aside.
"""

from __future__ import annotations

import pytest

from holdwise.games import farkle

DICE = "lucky,odd,kings,ordinary*3"
ROLL = "1 3 3 6 6 1"
LUCKY_ONE = {"type": "keep", "dice": [1], "then": "roll"}
ORDINARY_ONE = {"type": "keep", "dice": [6], "then": "roll"}


def _ones(options):
    """The options keeping a single 1 and rolling on, by the die kept."""
    return {tuple(o.extras["dice_kept"]): o for o in options if o.extras["keep"] == ["1"] and o.extras["then"] == "roll"}


def test_the_hint_tells_one_dies_1_from_the_others():
    h = farkle.hint(farkle.parse_hint({"roll": ROLL, "dice": DICE}))
    ones = _ones(h.options)
    assert set(ones) == {(1,), (6,)}
    lucky, ordinary = ones[(1,)], ones[(6,)]
    assert lucky.option == "keep 1 (Lucky die), roll on" and ordinary.option == "keep 1, roll on"
    assert lucky.extras["dice_kept_names"] == ["Lucky die"] and ordinary.extras["dice_kept_names"] == ["Ordinary die"]
    assert ordinary.value == pytest.approx(514.6, abs=0.05) and lucky.value == pytest.approx(473.1, abs=0.05)
    assert ordinary.value - lucky.value > 40
    texts = [o.option for o in h.options]
    assert len(set(texts)) == len(texts)  # no two options read alike
    assert h.best is ordinary and [o.loss for o in h.options].count(0.0) == 1
    both = [o for o in h.options if o.extras["keep"] == ["1", "1"] and o.extras["then"] == "bank"]
    assert [o.option for o in both] == ["keep 1 (Lucky die) 1, bank"]


def test_like_dice_read_as_before():
    h = farkle.hint(farkle.parse_hint({"roll": ROLL}))
    assert all("(" not in o.option for o in h.options)
    assert "keep 1, roll on" in [o.option for o in h.options]
    assert all(o.extras["dice_kept_names"] == ["Ordinary die"] * len(o.extras["dice_kept"]) for o in h.options)


def _state():
    """A coaching session's first roll of the player (seed 1), the dice showing ROLL."""
    options = farkle.normalize_options({"target": 1000, "dice": DICE, "computer": "coaching"})
    state = farkle.new_game(options, 1)
    while not (state.phase == "select" and state.to_move == "player"):
        state = farkle.step(state, farkle.computer_action(state))
    return state.evolve(data={**state.data, "roll": [int(f) for f in ROLL.split()], "left": [1, 2, 3, 4, 5, 6]})


def test_the_legal_keeps_and_the_coach_say_which_die():
    state = _state()
    keeps = farkle.legal_keeps(state)
    texts = [k["keep_text"] for k in keeps]
    assert len(set(texts)) == len(texts) and {"1", "1 (Lucky die)", "1 (Lucky die) 1"} <= set(texts)
    c = farkle.coach(state, race=False)
    assert c.best_points == "keep 1, roll on" and c.best_points_action == ORDINARY_ONE
    best = [r for r in c.options if r.action == c.best_points_action]
    assert len(best) == 1 and best[0].points_loss == 0.0
    lucky = next(r for r in c.options if r.action == LUCKY_ONE)
    assert lucky.keep_text == "1 (Lucky die)" and lucky.dice_kept_names == ("Lucky die",)
    assert lucky.points_loss == pytest.approx(best[0].expected_points - lucky.expected_points, abs=1e-9)
    assert lucky.points_loss > 40


def test_the_review_names_the_better_die():
    state = _state()
    h = farkle.hint(farkle.parse_hint({"roll": ROLL, "dice": DICE}))
    gap = _ones(h.options)[(6,)].value - _ones(h.options)[(1,)].value
    row = farkle.review(state, [LUCKY_ONE], race=False).decisions[0]
    assert row.chosen == "keep 1 (Lucky die), roll on"
    assert row.best_points == row.best == "keep 1, roll on"
    assert row.points_loss == pytest.approx(gap, abs=1e-9)
    right = farkle.review(state, [ORDINARY_ONE], race=False).decisions[0]
    assert right.chosen == right.best_points and right.points_loss == 0.0


def test_the_session_records_the_die_kept():
    state = farkle.step(_state(), LUCKY_ONE)
    decision = state.decisions[-1]
    assert decision.chosen == "keep 1 (Lucky die), roll on" and decision.best == "keep 1, roll on"
    assert decision.loss > 40
    assert "you keep 1 (Lucky die) (100), turn total 100, rolling on" in state.log
