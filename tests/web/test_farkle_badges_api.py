"""GET /api/farkle/badges is the face's badge report as JSON (solved as a job in the line of heavy solves: 202
until done); bad input is 422 naming the field."""

import json
import time

import pytest

from holdwise.games import farkle


def test_api_is_the_face_json(client):
    params = {"target": 1000, "badges": "warlord-tin", "opponent_badges": "resurrection-tin"}
    deadline = time.monotonic() + 120
    r = client.get("/api/farkle/badges", params=params)
    while r.status_code == 202:  # its job in the line: asking again is the poll (issue 41)
        assert r.json()["status"] in ("queued", "running", "done") and time.monotonic() < deadline, r.json()
        time.sleep(0.05)
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
    ({"badges": "might-silver,resurrection-tin"}, "badges", "not built"),
    ({"opponent_badges": "luck-gold"}, "opponent_badges", "unknown badge"),
    ({"target": 510}, "target", "multiple of 50"),
    ({"target": 8000, "badges": "doppelganger-gold", "opponent_badges": "resurrection-gold"}, "target",
     "command line"),
])
def test_bad_input_is_422_naming_the_field(client, params, field, words):
    r = client.get("/api/farkle/badges", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and words in r.json()["detail"]


def _ready(client, target, **badges):
    body = {"dice": "ordinary*6", "opponent_dice": "ordinary*6", "target": target, **badges}
    for _ in range(600):
        r = client.post("/api/farkle/match/prepare", json=body)
        assert r.status_code == 200, r.text
        if r.json()["status"] == "done":
            return
        time.sleep(0.1)
    raise AssertionError("the match did not solve")


def test_a_practice_match_with_badges_through_the_api(client):
    options = {"target": 600, "badges": ["warlord-tin", "resurrection-gold"], "computer_badges": ["doppelganger-tin"]}
    _ready(client, 600, badges=options["badges"], computer_badges=options["computer_badges"])
    r = client.post("/api/farkle/new", json={"options": options, "seed": 7})
    assert r.status_code == 200, r.text
    sealed = r.json()["state"]
    assert sealed["state"]["data"]["uses"] == {"player": [1, 0, 3], "computer": [0, 1, 0]}
    coached = 0
    for _ in range(400):  # both sides by the computer's choices; the player's sent back through step
        state = sealed["state"]
        if state["phase"] == "over":
            break
        if state["to_move"] == "player":
            advice = client.post("/api/farkle/advice", json={"state": sealed})
            assert advice.status_code == 200, advice.text
            action = advice.json()["options"][0]["action"]
            if state["phase"] == "select" and not coached:  # the coach's win chances are the badge match's
                coach = client.post("/api/farkle/coach", json={"state": sealed})
                assert coach.status_code == 200, coach.text
                keeps = {(tuple(o["action"]["dice"]), o["action"]["then"]): o["value"]
                         for o in advice.json()["options"]
                         if o["action"]["type"] == "keep" and not o["action"].get("badges")}
                rows = coach.json()["coaching"]["options"]
                assert rows and all(keeps[(tuple(row["dice_kept"]), row["then"])] == pytest.approx(
                    row["win_chance"], abs=1e-12) for row in rows)
                coached += 1
            r = client.post("/api/farkle/step", json={"state": sealed, "action": action})
        else:
            r = client.post("/api/farkle/computer", json={"state": sealed})
        assert r.status_code == 200, r.text
        sealed = r.json()["state"]
    assert sealed["state"]["phase"] == "over" and coached == 1
    bad = client.post("/api/farkle/step", json={"state": sealed, "action": {"type": "keep", "dice": [1],
                                                                           "then": "bank", "badges": ["fortune"]}})
    assert bad.status_code == 422


def test_a_badge_spent_on_a_throw_through_the_api(client):
    options = {"target": 500, "badges": ["fortune-silver"], "computer_badges": ["transmutation-tin"]}
    _ready(client, 500, badges=options["badges"], computer_badges=options["computer_badges"])
    sealed = client.post("/api/farkle/new", json={"options": options, "seed": 5}).json()["state"]
    spent = set()
    for _ in range(3000):  # games by the coach's choices until both sides have spent theirs on a throw
        state = sealed["state"]
        if state["phase"] == "over":
            r = client.post("/api/farkle/step", json={"state": sealed, "action": {"type": "next"}})
        elif state["to_move"] == "player":
            action = client.post("/api/farkle/advice", json={"state": sealed}).json()["options"][0]["action"]
            if action["type"] == "badge":
                spent.add("fortune")
            r = client.post("/api/farkle/step", json={"state": sealed, "action": action})
        else:
            r = client.post("/api/farkle/computer", json={"state": sealed})
            spent |= {"transmutation"} & set(r.json()["action"].get("badges", []))
        assert r.status_code == 200, r.text
        sealed = r.json()["state"]
        if spent == {"fortune", "transmutation"}:
            break
    assert spent == {"fortune", "transmutation"}


def test_a_throw_with_the_badge_of_might_through_the_api(client):
    options = {"target": 450, "badges": ["might-tin"]}
    _ready(client, 450, badges=options["badges"])
    sealed = client.post("/api/farkle/new", json={"options": options, "seed": 3}).json()["state"]
    advice = client.post("/api/farkle/advice", json={"state": sealed}).json()
    assert {o["action"].get("badges", [""])[0] for o in advice["options"]} == {"", "might"}
    r = client.post("/api/farkle/step", json={"state": sealed, "action": {"type": "roll", "badges": ["might"]}})
    assert r.status_code == 200, r.text
    got = r.json()
    if got["state"]["state"]["phase"] == "select":  # the throw shows the extra die at position 7
        assert [d["position"] for d in got["view"]["roll"]][-1] == 7 and len(got["view"]["roll"]) == 7
        assert all(len(k["dice_kept"]) <= 6 for k in got["view"]["keeps"])
        keep = next(k for k in got["view"]["keeps"] if 7 in k["dice_kept"])  # the extra die set aside
        r = client.post("/api/farkle/step", json={"state": got["state"], "action": {
            "type": "keep", "dice": keep["dice_kept"], "then": "bank"}})
        assert r.status_code == 200, r.text
    assert got["state"]["state"]["data"]["uses"]["player"][4] == 0


def test_the_page_has_the_badge_chooser_and_its_script(client):
    r = client.get("/farkle")
    assert r.status_code == 200
    assert 'data-badges="player"' in r.text and 'id="fk-badges"' in r.text and "/static/farkle_badges.js" in r.text
    assert client.get("/static/farkle_badges.js").status_code == 200


def test_the_badge_match_solves_as_a_job_polled_and_cancelled_as_the_match_is(client):
    _ready(client, 450)  # the match without badges first: then the answers wait for the badge match alone
    options = {"target": 450, "badges": ["wedding-gold"], "computer_badges": ["emperor-gold"]}
    r = client.post("/api/farkle/new", json={"options": options, "seed": 3})
    assert r.status_code == 200, r.text
    status, sealed = r.json()["match"], r.json()["state"]
    assert status["match"]["badges"] == ["wedding-gold"] and status["match"]["computer_badges"] == ["emperor-gold"]
    assert status["status"] in ("queued", "running")  # the new game answers at once; the job solves behind
    if status["status"] != "done":  # a step waits (202) with the job's status, unless done meanwhile
        waiting = client.post("/api/farkle/advice", json={"state": sealed})
        assert waiting.status_code in (200, 202)
        if waiting.status_code == 202:
            assert waiting.json()["match"] == status["match"] and waiting.json()["status"] in ("queued", "running",
                                                                                            "done")
    _ready(client, 450, badges=options["badges"], computer_badges=options["computer_badges"])
    q = {"target": 450, "badges": "wedding-gold", "computer_badges": "emperor-gold"}
    assert client.get("/api/farkle/match/status", params=q).json()["status"] == "done"
    assert client.post("/api/farkle/advice", json={"state": sealed}).status_code == 200
    body = {"target": 450, "badges": ["wedding-gold"], "computer_badges": ["emperor-gold"]}
    assert client.post("/api/farkle/match/cancel", json=body).json()["status"] == "done"  # nothing to stop
    bad = client.post("/api/farkle/match/prepare", json={"target": 450, "badges": ["might-tin", "wedding-gold"]})
    assert bad.status_code == 422 and "badges" in bad.text
