"""The dice poker hint: the shared Hint shape, with the values of the old (keep, expected, gap) rows."""

from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games.base import Hint
from holdwise.games.dice_poker import hint, make_game, parse_hand
from holdwise.solver.reroll import ranked_keeps

TABLE_B = [10, 6, 4, 3, 2, 1, 0.5]


def test_hint_shape_and_json_keys():
    h = hint("2 3 4 5 5", 2)
    assert isinstance(h, Hint) and h.game == "dice-poker" and h.measure == "expected_payout"
    assert h.position == {"hand": [2, 3, 4, 5, 5], "rerolls_left": 2, "table": "B"}
    assert len(h.options) == 2 * 2 * 2 * 3
    best = h.options[0]
    assert best.option == "5 5" and best.extras == {"keep": [5, 5]} and best.loss == 0 and best.action == {}
    assert [o.option for o in h.options if o.extras["keep"] == []] == ["nothing"]
    assert all(a.value >= b.value for a, b in zip(h.options, h.options[1:]))
    assert all(o.loss == pytest.approx(best.value - o.value, abs=1e-15) for o in h.options)
    data = h.to_json()
    assert list(data) == ["game", "hand", "rerolls_left", "table", "measure", "options"]
    assert list(data["options"][0]) == ["option", "value", "loss", "keep", "action"]


def test_hint_values_equal_the_solver_ranking():
    """The values are the old hint's (keep, expected, gap) rows, from the solver's ranked keeps."""
    game = make_game(TABLE_B)
    for hand, left in (((2, 3, 4, 5, 5), 2), ((1, 2, 3, 4, 5), 1), ((1, 1, 3, 3, 6), 2)):
        ranked = ranked_keeps(game, hand, left, exact=True)
        h = hint(hand, left, TABLE_B, exact=True)
        assert [tuple(o.extras["keep"]) for o in h.options] == [k for k, _ in ranked]
        assert [Fraction(o.value_exact) for o in h.options] == [v for _, v in ranked]
        assert [Fraction(o.loss_exact) for o in h.options] == [ranked[0][1] - v for _, v in ranked]
        assert [o.value for o in h.options] == [float(v) for _, v in ranked]


def test_hint_exact_values():
    h = hint("2,3,4,5,5", 2, exact=True)
    assert (h.options[0].value_exact, h.options[0].loss_exact) == ("635/216", "0/1")
    assert (h.options[1].option, h.options[1].value_exact, h.options[1].loss_exact) == ("4 5 5", "839/324",
                                                                                         "227/648")
    assert h.options[0].value == 635 / 216
    straight = hint([1, 2, 3, 4, 5], 1, exact=True).options[0]
    assert straight.to_json() == {"option": "1 2 3 4 5", "value": 3.0, "loss": 0.0, "value_exact": "3/1",
                                  "loss_exact": "0/1", "keep": [1, 2, 3, 4, 5], "action": {}}
    # table I pays nothing for the straight: keep a single die instead
    table_i = hint("1 2 3 4 5", 1, "I", exact=True)
    assert table_i.position["table"] == "I"
    assert (table_i.options[0].option, table_i.options[0].value_exact) == ("5", "85/81")


def test_hint_table_by_name_or_payouts():
    by_name = hint("1 1 2 6 6", 2, "B")
    by_payouts = hint("1 1 2 6 6", 2, TABLE_B, name="mine")
    assert by_payouts.position["table"] == "mine" and hint("1 1 2 6 6", 2, TABLE_B).position["table"] == "custom"
    assert [o.value for o in by_name.options] == [o.value for o in by_payouts.options]


@pytest.mark.parametrize("hand,left,table,message", [
    ("1 2 3", 2, "B", "a hand has 5 dice, got 3"),
    ("1 2 3 4 7", 2, "B", "face 7 is not a face"),
    ("1 2 3 4 x", 2, "B", "a hand is dice values"),
    ("1 2 3 4 5", 0, "B", "re-rolls left must be 1 to 6"),
    ("1 2 3 4 5", 1, "Q", "unknown table 'Q'"),
    ("1 2 3 4 5", 1, [1, 2], "has 7 payouts"),
])
def test_hint_bad_input(hand, left, table, message):
    with pytest.raises(InputError, match=message):
        hint(hand, left, table)


def test_parse_hand_forms():
    assert parse_hand("5 2 3 4 5") == parse_hand("5,2,3,4,5") == parse_hand([5, 2, 3, 4, 5]) == (2, 3, 4, 5, 5)
    assert parse_hand("1 8 8", dice=3, sides=8) == (1, 8, 8)
