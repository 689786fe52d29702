"""The hint as a request: `hint(parse_hint(fields))` gives what the hint gave before it took a request (answers
pinned from that code, `data/hint_pins.json`), from CLI text and JSON values alike; bad fields are named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from holdwise.errors import InputError
from holdwise.games import farkle
from holdwise.games.farkle import HINT_FIELDS, HintRequest, hint, parse_hint

PINS = json.loads((Path(__file__).parent / "data" / "hint_pins.json").read_text())


@pytest.mark.parametrize("pin", PINS, ids=[" ".join(f"{k}={v}" for k, v in p["fields"].items()) for p in PINS])
def test_the_request_hint_equals_the_old_answer(pin):
    assert _as_pinned(hint(parse_hint(pin["fields"])).to_json()) == pin["answer"]


def _as_pinned(answer: dict) -> dict:
    """An answer as the pins hold it: the kept dice's names came later (which die, issue 39), in the JSON and,
    with unlike dice, in the option's text ("keep 1 (Lucky die), roll on"); every figure as pinned."""
    for option in answer["options"]:
        names = option.pop("dice_kept_names")
        assert len(names) == len(option["dice_kept"]) and all(n.endswith("die") for n in names)
        option["option"] = re.sub(r" \([^)]*\)", "", option["option"])
    return answer


def _json_values(fields: dict) -> dict:
    """The same question as the web sends it: numbers as numbers, the roll and positions as lists."""
    out: dict = {}
    for name, value in fields.items():
        if name in ("turn_total", "score", "opponent", "target"):
            out[name] = int(value)
        elif name == "roll":
            out[name] = value.split()
        elif name == "positions":
            out[name] = [int(p) for p in value.split(",")]
        else:
            out[name] = value.split(",") if "*" not in value else value
    return out


@pytest.mark.parametrize("pin", PINS[:2] + PINS[4:5])
def test_json_values_give_the_same_answer(pin):
    assert _as_pinned(hint(parse_hint(_json_values(pin["fields"]))).to_json()) == pin["answer"]


def test_the_fields_are_the_glossary_names_and_the_request_a_frozen_dataclass():
    assert [f.name for f in HINT_FIELDS] == ["roll", "turn_total", "dice", "positions", "score", "opponent", "target",
                                            "opponent_dice"]
    assert [f.name for f in HINT_FIELDS if f.argument or f.required] == ["roll"]
    request = parse_hint({"roll": "1 5 J", "dice": "devils-head,ordinary*5", "positions": "2,3,1"})
    assert isinstance(request, HintRequest) and not request.race
    assert request.roll == (1, 5, 1) and request.positions == (2, 3, 1) and request.turn_total == 0
    with pytest.raises(AttributeError):
        request.turn_total = 50  # type: ignore[misc]
    assert request.to_json() == {"roll": ["1", "5", "J"], "turn_total": 0,
                                 "dice": ["devils-head"] + ["ordinary"] * 5, "positions": [2, 3, 1], "score": None,
                                 "opponent": None, "target": 4000, "opponent_dice": ["devils-head"] + ["ordinary"] * 5}
    race = parse_hint({"roll": "1 5", "opponent": "300", "target": "1000"})
    assert race.race and (race.score, race.opponent, race.target) == (0, 300, 1000)
    assert farkle.GAME == "farkle"


@pytest.mark.parametrize("fields,field,message", [
    ({"roll": "1 5", "rolls_left": 2}, "rolls_left", "the fields are roll, turn_total"),
    ({"turn_total": 300}, "roll", "required"),
    ({"roll": {"a": 1}}, "roll", "faces"),
    ({"roll": [1, True]}, "roll", "faces"),
    ({"roll": "1 5", "dice": 6}, "dice", "six dice"),
    ({"roll": "1 5", "opponent_dice": {"x": 1}}, "opponent_dice", "six dice"),
    ({"roll": "1 5", "positions": 3}, "positions", "numbers 1-6"),
    ({"roll": "1 5", "turn_total": True}, "turn_total", "whole number"),
    ({"roll": "1 5", "turn_total": 75.0}, "turn_total", "whole number"),
    ({"roll": "1 5", "target": 4000.5}, "target", "whole number"),
    ({"roll": "1 5", "score": [50]}, "score", "whole number"),
    ({"roll": "1 5", "score": "4000"}, "score", "below the target"),
    ({"roll": "1 7"}, "roll", "1 to 6"),
])
def test_bad_fields_are_named(fields, field, message):
    with pytest.raises(InputError, match=message) as caught:
        parse_hint(fields)
    assert caught.value.field == field
