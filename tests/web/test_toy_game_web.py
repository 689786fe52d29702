"""The toy Pig (tests/toy_games/pig), registered by this test alone, gets the generic session routes
(`/api/pig/new|step|advice|computer|move`), the generic play page `/play/pig` and an entry in the index; a whole
game through the API answers exactly what the session itself answers, and bad input is a 422 naming the field.

The browser plays it by clicking in tests/web/test_generic_session.py.
"""

from __future__ import annotations

import json

import pytest

from holdwise import games
from holdwise.games.base import State, to_jsonable

GAME = "pig"
TARGET, SEED = 15, 7


@pytest.fixture(scope="module")
def pig_client():
    """A client of the app built while Pig is registered (the app lists the registered games as it is built)."""
    from fastapi.testclient import TestClient

    from holdwise.web import create_app

    games.register(GAME, "tests.toy_games.pig")
    try:
        with TestClient(create_app(warm=False), raise_server_exceptions=False) as client:
            yield client, games.get(GAME)
    finally:
        games.unregister(GAME)


def _unsealed(sealed) -> State:
    """The session state in a response's "state" (a sealed {"state", "seal"} or the state itself)."""
    if isinstance(sealed, dict) and set(sealed) == {"state", "seal"}:
        sealed = sealed["state"]
    return State.from_json(json.loads(json.dumps(sealed)))


def _ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def test_a_registered_game_gets_the_endpoints_the_page_and_an_index_entry(pig_client):
    client, _ = pig_client
    paths = client.get("/openapi.json").json()["paths"]
    for verb in ("new", "step", "advice", "computer", "move"):
        assert f"/api/{GAME}/{verb}" in paths
    r = client.get(f"/play/{GAME}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "<h1>Pig: play</h1>" in r.text and f'data-game="{GAME}"' in r.text
    index = client.get("/").text
    assert f'href="/play/{GAME}"' in index and 'href="/yahtzee"' in index
    for own in ("farkle", "yahtzee"):  # a game with its own page gets no generic one
        assert client.get(f"/play/{own}").status_code == 404


def test_a_game_played_through_the_api_is_the_session(pig_client):
    """New, advice, step, typed moves and the computer's moves through the API, each answer compared with the
    face's own: the state round-trips exactly, advice ranks the legal moves best first with losses of 0 or more,
    a typed move names the action it read, the win reaches the tally, and the next game keeps the tally."""
    client, pig = pig_client
    body = _ok(client.post(f"/api/{GAME}/new", json={"options": {"target": TARGET}, "seed": SEED}))
    assert set(body) == {"state", "actions"} and body["actions"] == [{"type": "roll"}]
    local = pig.new_game({"target": TARGET}, SEED)
    assert _unsealed(body["state"]) == local and local.options == {"target": TARGET, "first": "player"}
    costly = typed = 0
    for _ in range(500):
        assert to_jsonable(body["actions"]) == to_jsonable(pig.actions(local))
        if local.over:
            break
        sealed = body["state"]
        if local.to_move == "player":
            advice = _ok(client.post(f"/api/{GAME}/advice", json={"state": sealed}))
            assert advice == pig.advice(local).to_json()
            values = [o["value"] for o in advice["options"]]
            assert values == sorted(values, reverse=True) and advice["options"][0]["loss"] == 0
            assert all(o["loss"] >= 0 and o["action"] in body["actions"] for o in advice["options"])
            assert advice["game"] == GAME and advice["measure"] == "expected_points" and advice["target"] == TARGET
            action = advice["options"][-1]["action"]  # the worst option: decisions that cost
            costly += advice["options"][-1]["loss"] > 0
            text = " R " if not local.data["turn_total"] else " Hold " if action == {"type": "hold"} else None
            if text is None:
                body = _ok(client.post(f"/api/{GAME}/step", json={"state": sealed, "action": action}))
            else:  # the move as a player types it
                body = _ok(client.post(f"/api/{GAME}/move", json={"state": sealed, "text": text}))
                assert set(body) == {"action", "state", "actions"} and body["action"] == action
                typed += 1
            local = pig.step(local, action)
        else:
            body = _ok(client.post(f"/api/{GAME}/computer", json={"state": sealed}))
            local = pig.step(local, pig.computer_action(local))
        assert _unsealed(body["state"]) == local
    assert local.over and costly and typed and len([d for d in local.decisions if d.loss > 0]) == costly
    assert body["actions"] == [{"type": "next"}]
    winner = local.data["winner"]
    assert local.tally == {"games": 1, "player": int(winner == "player"), "computer": int(winner == "computer")}
    assert local.data["scores"][winner] >= TARGET
    again = _ok(client.post(f"/api/{GAME}/step", json={"state": body["state"], "action": {"type": "next"}}))
    following = _unsealed(again["state"])
    assert following == pig.step(local, {"type": "next"})
    assert following.tally == local.tally and following.data["game"] == 2 and following.phase == "turn"


@pytest.mark.parametrize("body, field", [
    ({"options": {"target": 1}, "seed": 0}, "options"),
    ({"options": {"goal": 3}, "seed": 0}, "options"),
    ({"options": {"first": "nobody"}}, "options"),
    ({"options": [], "seed": 1}, "options"),
    ({"options": {}, "seed": -1}, "seed"),
])
def test_bad_options_are_422_naming_the_field(pig_client, body, field):
    client, _ = pig_client
    r = client.post(f"/api/{GAME}/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


def test_bad_moves_and_states_are_422_naming_the_field(pig_client):
    client, _ = pig_client
    sealed = _ok(client.post(f"/api/{GAME}/new", json={"options": {"target": TARGET}, "seed": SEED}))["state"]
    for path, body, field in (
        ("step", {"state": sealed, "action": {"type": "hold"}}, "action"),  # nothing to bank yet
        ("step", {"state": sealed, "action": {"type": "jump"}}, "action"),
        ("move", {"state": sealed, "text": "jump"}, "text"),
        ("move", {"state": sealed, "text": "s"}, "text"),  # nothing to hold yet
    ):
        r = client.post(f"/api/{GAME}/{path}", json=body)
        assert r.status_code == 422 and r.json()["field"] == field, (path, body, r.text)
        assert "\n" not in r.json()["detail"]
    r = client.post(f"/api/{GAME}/move", json={"state": sealed, "text": "jump"})
    assert "type r to roll or s to hold" in r.json()["detail"]
    forged = json.loads(json.dumps(sealed))
    inner = forged["state"] if set(forged) == {"state", "seal"} else forged
    inner["data"]["turn_total"] = 99
    foreign = _ok(client.post("/api/dice-poker/new", json={}))["state"]
    for state in (forged, foreign):
        bodies = {"step": {"state": state, "action": {"type": "roll"}}, "advice": {"state": state},
                  "computer": {"state": state}, "move": {"state": state, "text": "roll"}}
        for path, body in bodies.items():
            r = client.post(f"/api/{GAME}/{path}", json=body)
            assert r.status_code == 422 and r.json()["field"] == "state", (path, r.text)


def test_the_generic_hint_route_answers_as_the_face(pig_client):
    """`POST /api/pig/hint` comes from the registry alone: its body is the face's fields, its answer the Hint's
    JSON exactly as the face gives it; bad input or an unknown field is a 422 with a message, never a 500."""
    client, face = pig_client
    got = client.post(f"/api/{GAME}/hint", json={"score": 17, "turn_total": 1, "target": 20})
    assert got.status_code == 200
    assert got.json() == face.hint(face.parse_hint({"score": 17, "turn_total": 1, "target": 20})).to_json()
    assert [o["option"] for o in got.json()["options"]] == ["roll", "hold"]
    for body, word in (({"score": 25}, "score"), ({"turn_total": "x"}, "turn_total"), ({"dice": 3}, "dice")):
        bad = client.post(f"/api/{GAME}/hint", json=body)
        assert bad.status_code == 422 and word in bad.text, bad.text
    assert f"/api/{GAME}/hint" in client.get("/openapi.json").json()["paths"]
