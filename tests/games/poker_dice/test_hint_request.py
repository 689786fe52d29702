"""The hint as a request (`parse_hint(fields)` -> `HintRequest`, `hint(request)`): for each kind of dice its answer
equals what the hint of the code before the request gave for the same question (pinned in data/old_hints.json,
recorded from that code; the one new key is `rules`)."""

import json
from pathlib import Path

import pytest

from holdwise import InputError
from holdwise.games import poker_dice as face

OLD = json.loads((Path(__file__).parent / "data" / "old_hints.json").read_text())


def _cases(rules):
    # card dice for three players solve for about 25 s the first time: the slow lane
    return [pytest.param(c["question"], c["answer"], id=f"{rules}-{i}",
                         marks=[pytest.mark.slow] if rules != "six" and c["question"].get("players", 2) > 2 else [])
            for i, c in enumerate(OLD) if c["rules"] == rules]


def _new(question: dict, rules: str) -> dict:
    fields = {**question, **({"rules": rules} if rules != "six" else {})}
    answer = face.hint(face.parse_hint(fields)).to_json()
    assert answer.pop("rules") == rules
    return answer


@pytest.mark.parametrize("question,old", _cases("six"))
def test_six_faced_dice_answer_as_before(question, old):
    assert _new(question, "six") == old


@pytest.mark.parametrize("question,old", _cases("octahedral"))
def test_octahedral_card_dice_answer_as_before(question, old):
    assert _new(question, "octahedral") == old


# The royal set's pinned question (data/old_hints.json) is not asked: any royal hint solves the royal duel whole
# (25 s on two free cores, over 100 s of CPU under load: it was the suite's costliest check) by the code the
# octahedral cases above run with other dice; the royal dice are checked in test_card_table.py (one roll's odds).


def test_the_request_holds_its_fields_and_strings_read_as_the_command_line_gives_them():
    request = face.parse_hint({"hand": "1 1 3 4 6", "rolls_left": "2", "to_beat": "66622", "players": "3",
                               "position": "2", "straights": "false", "ace_high": True})
    assert request == face.HintRequest((1, 1, 3, 4, 6), 2, "six", (2, 2, 6, 6, 6), 3, 2, 1, False, 3,
                                       straights=False, ace_high=True)
    assert request.to_json()["rules"] == "six" and request.kind.rules == "six"
    cards = face.parse_hint({"hand": ["Ac", "As", "Ah", "9h", "9d"], "rolls_left": 2, "rules": "Octahedral"})
    assert cards.rules == "octahedral" and cards.kind.keep_key == "dice"


@pytest.mark.parametrize("fields,field,message", [
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "colour": 1}, None, "unknown field 'colour'"),
    ({"rolls_left": 2}, "hand", "is required"),
    ({"hand": "1 1 3 4 6"}, "rolls_left", "is required"),
    ({"hand": "1 1 3 4 6", "rolls_left": 3}, "rolls_left", "1 or 2"),
    ({"hand": "1 1 3 4 7", "rolls_left": 2}, "hand", "not a face"),
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "rules": "ten"}, "rules", "must be six, royal, octahedral"),
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "rules": "royal", "flush": True}, "rules", "six-faced dice"),
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "to_beat": "6 6 6 2"}, "to_beat", "5 dice"),
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "players": 7}, "players", "2 to 6"),
    ({"hand": "1 1 3 4 6", "rolls_left": 2, "straights": "maybe"}, "straights", "true or false"),
    ({"hand": "Ac As Ah 9h 2d", "rolls_left": 2, "rules": "octahedral"}, "hand", "has no face 2d"),
    ({"hand": "Ks Qs Js 10s *", "rolls_left": 2, "rules": "royal", "players": 3}, "players", "the limit is"),
])
def test_bad_fields_are_named_before_any_solve(fields, field, message):
    with pytest.raises(InputError, match=message) as err:
        face.parse_hint(fields)
    assert err.value.field == field


def test_the_hint_takes_a_request():
    with pytest.raises(InputError, match="HintRequest"):
        face.hint("1 1 3 4 6")  # type: ignore[arg-type]
