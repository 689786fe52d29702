"""The web names a bad input by its request field, in its own words: "score: must be ...", never a flag."""

import pytest

CASES = [
    ("/api/farkle/hint", {"roll": "1 5", "score": 25}, "score", "score: must be a multiple of 50 below the target"),
    ("/api/farkle/hint", {"roll": "1 5", "opponent": 25}, "opponent", "opponent: must be a multiple of 50"),
    ("/api/farkle/hint", {"roll": "1 5", "turn_total": 75}, "turn_total", "turn_total: must be a multiple of 50"),
    ("/api/farkle/hint", {"roll": "1 5", "dice": "ordinary*5"}, "dice", "dice: needs 6 dice, got 5"),
    ("/api/farkle/hint", {"roll": "1 5", "opponent_dice": "ordinary*5"}, "opponent_dice",
     "opponent_dice: needs 6 dice, got 5"),
    ("/api/farkle/hint", {"roll": "1 5", "positions": "1,2,3"}, "positions", "positions: names 3 dice but"),
    ("/api/farkle/hint", {"roll": "1 7"}, "roll", "roll: a die shows 1 to 6"),
    ("/api/farkle/turn", {"dice": "ordinary*5"}, "dice", "dice: needs 6 dice, got 5"),
    ("/api/farkle/new", {"options": {"dice": "ordinary*7"}}, "options.dice", "options.dice: needs 6 dice, got 7"),
    ("/api/poker-dice/new", {"options": {"players": 2, "position": 3}}, "options.position",
     "options.position: must be a whole number 1 or 2, got 3"),
]


@pytest.mark.parametrize("path, body, field, detail", CASES)
def test_a_bad_input_is_named_by_its_request_field(client, path, body, field, detail):
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field
    assert r.json()["detail"].startswith(detail), r.json()
    assert "--" not in r.json()["detail"]
