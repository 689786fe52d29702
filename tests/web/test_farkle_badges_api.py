"""GET /api/farkle/badges is the face's badge report as JSON; bad input is 422 naming the field."""

import json

import pytest

from holdwise.games import farkle


def test_api_is_the_face_json(client):
    params = {"target": 1000, "badges": "warlord-tin", "opponent_badges": "resurrection-tin"}
    r = client.get("/api/farkle/badges", params=params)
    assert r.status_code == 200, r.text
    dice = farkle.parse_loadout(None)
    report = farkle.badge_report(dice, None, 1000, farkle.parse_badges("warlord-tin"),
                                 farkle.parse_badges("resurrection-tin"))
    expect = json.loads(json.dumps(report.to_json()))
    got = r.json()
    for key in ("first_player_win_chance", "no_badge_win_chance", "badge_worth", "opponent_badge_worth", "layers",
                "badges", "opponent_badges"):
        assert got[key] == expect[key]
    assert client.get("/api/farkle/badges", params=params).content == r.content  # the kept answer


@pytest.mark.parametrize("params,field,words", [
    ({"badges": "fortune-tin"}, "badges", "not modelled"),
    ({"opponent_badges": "luck-gold"}, "opponent_badges", "unknown badge"),
    ({"target": 510}, "target", "multiple of 50"),
    ({"target": 8000, "badges": "doppelganger-gold", "opponent_badges": "resurrection-gold"}, "target",
     "command line"),
])
def test_bad_input_is_422_naming_the_field(client, params, field, words):
    r = client.get("/api/farkle/badges", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and words in r.json()["detail"]
