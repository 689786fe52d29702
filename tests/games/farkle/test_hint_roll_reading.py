"""The hint's quick reading of a usual roll (digits 1-6 on a loadout whose every die shows every face) gives what
the full reading (`parse_roll`) gives, and anything else still goes to it: other loadouts, positions, commas,
jokers and errors."""

from __future__ import annotations

import random

import pytest

from holdwise.errors import InputError
from holdwise.games import farkle
from holdwise.games.farkle import hints
from holdwise.games.farkle.parsing import parse_roll


def _fresh() -> None:
    hints._ROLLS.clear()
    hints._SELECTIONS.clear()


@pytest.mark.parametrize("n", range(1, 7))
def test_a_usual_roll_reads_as_parse_roll(n):
    dice = farkle.parse_loadout(None)
    rng = random.Random(n)
    for _ in range(40):
        faces = tuple(rng.randint(1, 6) for _ in range(n))
        text = rng.choice([" ", "  ", "\t"]).join(map(str, faces))
        _fresh()
        request = farkle.parse_hint({"roll": text, "turn_total": 0})
        assert request.roll == parse_roll(text, dice) == faces
        assert request.positions == tuple(range(1, n + 1))


@pytest.mark.parametrize("fields", [
    {"roll": "1,5;2"}, {"roll": "1 5 2", "positions": "2,4,6"}, {"roll": ["1", "5"]},
    {"roll": "1 J 5", "dice": "devils-head,ordinary*5"}, {"roll": "J 5", "dice": "devils-head,ordinary*5"},
    {"roll": "6 5", "dice": "pie,ordinary*5"}, {"roll": "1 5", "dice": "pie,ordinary*5"},
    {"roll": "1 7"}, {"roll": "1 1 1 1 1 1 1"}, {"roll": "01 5"}, {"roll": ""}, {"roll": "1 x"},
])
def test_other_rolls_read_as_parse_roll(fields):
    _fresh()
    dice = farkle.parse_loadout(fields.get("dice"))
    positions = [int(p) for p in fields["positions"].split(",")] if "positions" in fields else None
    try:
        expected = parse_roll(fields["roll"], dice, positions)
    except InputError as err:
        with pytest.raises(InputError) as got:
            farkle.parse_hint(fields)
        assert (got.value.field, got.value.reason) == ("roll", err.reason)
        return
    request = farkle.parse_hint(fields)
    assert request.roll == expected
    assert request.positions == (tuple(positions) if positions else tuple(range(1, len(expected) + 1)))


def test_a_remembered_roll_and_its_selections_answer_as_new():
    dice = "lucky*2,ordinary*4"
    fields = {"roll": "1 5 5 2 3", "turn_total": 300, "dice": dice}
    _fresh()
    first = farkle.hint(farkle.parse_hint(fields)).to_json()
    again = farkle.hint(farkle.parse_hint(fields)).to_json()  # the memos hit
    _fresh()
    assert first == again == farkle.hint(farkle.parse_hint(fields)).to_json()
    plain = farkle.hint(farkle.parse_hint({**fields, "dice": None})).to_json()
    assert plain["options"] != first["options"]  # another loadout is another answer, memos or not
