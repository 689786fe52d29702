"""The hint as a request: `hint(parse_hint(fields))` answers as the hint before the request did, for every rule
set (Yahtzee, the forced joker, Yatzy, Balut); the fields are read once, from CLI text or JSON values alike,
and each error names its field."""

import json
from pathlib import Path

import pytest

from holdwise.errors import InputError
from holdwise.games import yahtzee

# Ten positions and their answers as the code before the request wrote them (old_hints.json, recorded from
# `yahtzee.hint(card, dice, rolls_left, rules)` and `balut_hint(...)`): the one difference is Balut's "game",
# "balut" then, now the family's "yahtzee".
PINNED = json.loads((Path(__file__).parent / "old_hints.json").read_text())


@pytest.mark.parametrize("case", PINNED, ids=[f"{c['question']['rules']}-{i}" for i, c in enumerate(PINNED)])
def test_the_request_answers_as_the_old_hint(case):
    old = {**case["answer"], "game": "yahtzee"}
    assert yahtzee.hint(yahtzee.parse_hint(case["question"])).to_json() == old


def test_every_rule_set_is_pinned():
    assert {c["question"]["rules"] for c in PINNED} == set(yahtzee.RULE_SETS)


def test_cli_text_and_json_values_read_the_same():
    text = yahtzee.parse_hint({"dice": "1 1 5 3 2", "card": "fh=26 ones=3", "rolls_left": "1", "rules": "YATZY"})
    json_ = yahtzee.parse_hint({"dice": [1, 1, 5, 3, 2], "card": "ones=3 fh=26", "rolls_left": 1, "rules": "yatzy"})
    assert text == json_
    assert json_.rules == "yatzy" and json_.dice == (1, 1, 2, 3, 5) and json_.rolls_left == 1
    assert json_.to_json() == {"rules": "yatzy", "card": json_.card, "dice": [1, 1, 2, 3, 5], "rolls_left": 1}
    assert yahtzee.parse_hint({"dice": "11532"}) == yahtzee.HintRequest("yahtzee", "", (1, 1, 2, 3, 5), 2)


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({}, "dice", "required"),
    ({"dice": "1 1 5 3"}, "dice", "rolls 5 dice, got 4"),
    ({"dice": [1, 1, 5, 3, 7]}, "dice", "a die shows 1 to 6"),
    ({"dice": "11532", "rolls_left": 3}, "rolls_left", "0 to 2"),
    ({"dice": "11532", "rolls_left": True}, "rolls_left", "whole number"),
    ({"dice": "11532", "card": "fh=20"}, "card", "full_house cannot hold 20"),
    ({"dice": "11532", "card": 3}, "card", "text"),
    ({"dice": "11532", "card": "x" * 401}, "card", "at most 400"),
    ({"dice": "11532", "rules": "kniffel"}, "rules", "unknown rules 'kniffel'"),
    ({"dice": "11532", "rules": 1}, "rules", "must be one of"),
    ({"dice": "11532", "rules": "balut", "card": "fours=5"}, "card", "fours cannot score '5'"),
    ({"dice": "11532", "seed": 1}, "seed", "unknown field"),
    ({"dice": "11532", "card": " ".join(f"{c.name}=0" for c in yahtzee.YAHTZEE.categories)}, "card",
     "the card is full"),
])
def test_bad_fields_are_refused_naming_the_field(fields, field, message):
    with pytest.raises(InputError, match=message) as caught:
        yahtzee.parse_hint(fields)
    assert caught.value.field == field
