"""The dice poker hint as a request: the shared Hint shape, the values of the solver's ranking, and its fields
read once by `parse_hint` (text as the command line gives it, JSON values as the web does), each error naming
its field."""

from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games.base import Hint
from holdwise.games.dice_poker import HINT_FIELDS, HintRequest, hint, make_game, parse_hand, parse_hint
from holdwise.solver.reroll import ranked_keeps
from tests.games.dice_poker.asking import ask

TABLE_B = [10, 6, 4, 3, 2, 1, 0.5]


def test_hint_shape_and_json_keys():
    h = ask("2 3 4 5 5", 2)
    assert isinstance(h, Hint) and h.game == "dice-poker" and h.measure == "expected_payout"
    assert h.position == {"hand": [2, 3, 4, 5, 5], "rolls_left": 2, "rules": "B"}
    assert len(h.options) == 2 * 2 * 2 * 3
    best = h.options[0]
    assert best.option == "5 5" and best.extras == {"keep": [5, 5]} and best.loss == 0 and best.action == {}
    assert [o.option for o in h.options if o.extras["keep"] == []] == ["nothing"]
    assert all(a.value >= b.value for a, b in zip(h.options, h.options[1:]))
    assert all(o.loss == pytest.approx(best.value - o.value, abs=1e-15) for o in h.options)
    data = h.to_json()
    assert list(data) == ["game", "hand", "rolls_left", "rules", "measure", "options"]
    assert list(data["options"][0]) == ["option", "value", "loss", "keep", "action"]


def test_hint_values_equal_the_solver_ranking():
    """The values are the old hint's (keep, expected, gap) rows, from the solver's ranked keeps."""
    game = make_game(TABLE_B)
    for hand, left in (((2, 3, 4, 5, 5), 2), ((1, 2, 3, 4, 5), 1), ((1, 1, 3, 3, 6), 2)):
        ranked = ranked_keeps(game, hand, left, exact=True)
        h = ask(list(hand), left, TABLE_B, exact=True)
        assert [tuple(o.extras["keep"]) for o in h.options] == [k for k, _ in ranked]
        assert [Fraction(o.value_exact) for o in h.options] == [v for _, v in ranked]
        assert [Fraction(o.loss_exact) for o in h.options] == [ranked[0][1] - v for _, v in ranked]
        assert [o.value for o in h.options] == [float(v) for _, v in ranked]


def test_hint_exact_values():
    h = ask("2,3,4,5,5", 2, exact=True)
    assert (h.options[0].value_exact, h.options[0].loss_exact) == ("635/216", "0/1")
    assert (h.options[1].option, h.options[1].value_exact, h.options[1].loss_exact) == ("4 5 5", "839/324",
                                                                                         "227/648")
    assert h.options[0].value == 635 / 216
    straight = ask([1, 2, 3, 4, 5], 1, exact=True).options[0]
    assert straight.to_json() == {"option": "1 2 3 4 5", "value": 3.0, "loss": 0.0, "value_exact": "3/1",
                                  "loss_exact": "0/1", "keep": [1, 2, 3, 4, 5], "action": {}}
    # table I pays nothing for the straight: keep a single die instead
    table_i = ask("1 2 3 4 5", 1, "I", exact=True)
    assert table_i.position["rules"] == "I"
    assert (table_i.options[0].option, table_i.options[0].value_exact) == ("5", "85/81")


def test_hint_table_by_name_or_payouts():
    by_name = ask("1 1 2 6 6", 2, "B")
    by_payouts = ask("1 1 2 6 6", 2, TABLE_B, name="mine")
    assert by_payouts.position["rules"] == "mine" and ask("1 1 2 6 6", 2, TABLE_B).position["rules"] == "custom"
    assert [o.value for o in by_name.options] == [o.value for o in by_payouts.options]
    assert ask("1 1 2 6 6", 2, "b").position["rules"] == "B"  # a name in any case, spelled as the table's


def test_the_request_is_read_once_from_text_or_json():
    """The command line gives text (words joined by one space), the web JSON values: the same request."""
    text = parse_hint({"hand": "6 6 1 2 3", "rolls_left": "2", "rules": "I", "dice": "5", "sides": "6",
                       "weights": "1,1,1,1,1,2", "exact": True})
    json_ = parse_hint({"hand": [6, 6, 1, 2, 3], "rolls_left": 2, "rules": "I", "dice": 5, "sides": 6,
                        "weights": [1, 1, 1, 1, 1, 2], "exact": True})
    assert text == json_ == HintRequest((1, 2, 3, 6, 6), 2, "I", tuple(map(Fraction, (10, 6, 4, 0, 2, 1, "1/2"))),
                                        5, 6, (1, 1, 1, 1, 1, 2), True)
    assert text.to_json() == {"hand": [1, 2, 3, 6, 6], "rolls_left": 2, "rules": "I",
                              "payouts": ["10/1", "6/1", "4/1", "0/1", "2/1", "1/1", "1/2"], "dice": 5, "sides": 6,
                              "weights": [1, 1, 1, 1, 1, 2], "exact": True}
    assert parse_hint({"hand": "1 2 3 4 5", "rolls_left": 1}).rules == "B"
    assert hint(text) == hint(json_)


def test_the_fields_are_the_glossary_names():
    names = [f.name for f in HINT_FIELDS]
    assert names == ["hand", "rolls_left", "rules", "payouts", "name", "tables_file", "dice", "sides", "weights",
                     "exact"]
    by_name = {f.name: f for f in HINT_FIELDS}
    assert by_name["hand"].argument and by_name["hand"].required and by_name["rolls_left"].required
    assert set(by_name["rolls_left"].aliases) == {"-r", "--rerolls-left"}
    assert set(by_name["rules"].aliases) == {"--table", "-t"}
    assert by_name["tables_file"].cli_only and by_name["exact"].flag


def test_a_tables_file_names_its_tables(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text("[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\n", encoding="utf-8")
    h = hint(parse_hint({"hand": "1 1 2 6 6", "rolls_left": 2, "rules": "h", "tables_file": str(path)}))
    assert h.position["rules"] == "H"
    assert [o.value for o in h.options] == [o.value for o in ask("1 1 2 6 6", 2, [6, 5, 5, 5, 0, 0, 0]).options]


@pytest.mark.parametrize("hand,left,table,message", [
    ("1 2 3", 2, "B", "a hand has 5 dice, got 3"),
    ("1 2 3 4 7", 2, "B", "face 7 is not a face"),
    ("1 2 3 4 x", 2, "B", "a hand is dice values"),
    ("1 2 3 4 5", 0, "B", "rolls_left must be a whole number 1 to 6"),
    ("1 2 3 4 5", 1, "Q", "unknown table 'Q'"),
    ("1 2 3 4 5", 1, [1, 2], "has 7 payouts"),
])
def test_hint_bad_input(hand, left, table, message):
    with pytest.raises(InputError, match=message):
        ask(hand, left, table)


@pytest.mark.parametrize("fields,field,message", [
    ({"hand": "1 2 3 4 5"}, "rolls_left", "is required"),
    ({"rolls_left": 1}, "hand", "is required"),
    ({"hand": "1 2 3", "rolls_left": 1}, "hand", "a hand has 5 dice"),
    ({"hand": {"a": 1}, "rolls_left": 1}, "hand", "must be faces"),
    ({"hand": "1 2 3 4 5", "rolls_left": "x"}, "rolls_left", "whole number"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "rules": "B", "payouts": [1] * 7}, "payouts", "not both"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "rules": "B,I"}, "rules", "one table"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "rules": 5}, "rules", "a name"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "name": "x"}, "name", "given by payouts"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "payouts": [1, 2]}, "payouts", "7 payouts"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "dice": 11}, "dice", "1 to 10"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "sides": "x"}, "sides", "whole number"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "weights": [1, 2]}, "weights", "weights"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "weights": "1,x,1,1,1,1"}, "weights", "whole number"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "exact": "yes"}, "exact", "true or false"),
    ({"hand": "1 2 3 4 5 6 7", "rolls_left": 2, "dice": 7, "sides": 16, "exact": True}, "exact",
     "exact arithmetic"),
    ({"hand": "1 2 3 4 5", "rolls_left": 1, "tables_file": "/no/such/file.toml"}, "tables_file", "not found"),
])
def test_each_bad_field_is_named(fields, field, message):
    with pytest.raises(InputError, match=message) as err:
        parse_hint(fields)
    assert err.value.field == field


def test_unknown_fields_are_named_with_the_known_ones():
    with pytest.raises(InputError, match="unknown field 'table'; known: hand, rolls_left, rules"):
        parse_hint({"hand": "1 2 3 4 5", "rolls_left": 1, "table": "B"})
    with pytest.raises(InputError, match="unknown field 'rerolls_left'"):
        parse_hint({"hand": "1 2 3 4 5", "rerolls_left": 1})


def test_parse_hand_forms():
    assert parse_hand("5 2 3 4 5") == parse_hand("5,2,3,4,5") == parse_hand([5, 2, 3, 4, 5]) == (2, 3, 4, 5, 5)
    assert parse_hand("1 8 8", dice=3, sides=8) == (1, 8, 8)
