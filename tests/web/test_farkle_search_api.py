"""The inventory search's API (`POST /api/farkle/search`, `/plan`, `/cancel`): its answer is `holdwise farkle
search --json` (a background job: 202 with the plan, progress and the best sets so far, then the CLI's JSON),
a stop answers the best found so far with complete false (not an error), bad input is 422 naming the field."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import farkle
from holdwise.web import farkle_search as web_search

runner = CliRunner()
# twelve specials, one each: 2,510 sets, about 20 s on one core: stopped long before its end
BIG = ["lucky", "odd", "kings", "weighted", "heavenly-kingdom", "pie", "aranka", "even", "favourable",
       "holy-trinity", "greasy", "strip"]


def cli_json(*args):
    result = runner.invoke(cli_app, ["farkle", "search", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def timeless(answer: dict) -> dict:
    assert answer["seconds"] >= 0
    return {k: v for k, v in answer.items() if k != "seconds"}


def searched(client, body, timeout=300) -> tuple[dict, list[dict]]:
    """Ask until the search is done: the answer and every 202 status seen on the way."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = client.post("/api/farkle/search", json=body)
        if r.status_code != 202:
            assert r.status_code == 200, r.text
            return r.json(), seen
        seen.append(r.json())
        assert time.monotonic() < deadline, "the search did not end"
        time.sleep(0.1)


def test_a_small_search_is_the_clis_json(client):
    body = {"owned": {"lucky": 1, "odd": 1, "kings": 2}, "top": 5, "need": 300}
    request = farkle.parse_inventory(body["owned"], top=5, need=300)
    plan = client.post("/api/farkle/search/plan", json=body).json()
    assert plan["sets"] == request.sets == 12 and plan["within_limit"] is True
    assert plan["estimate_seconds"] == round(farkle.estimate_seconds(request, workers=1), 1)
    answer, seen = searched(client, body)
    for status in seen:  # while it runs: the plan, the job's status and the best so far, each exact
        assert status["sets"] == 12 and status["status"] in ("queued", "running")
        assert {"done", "total", "seconds_left", "best_so_far", "estimate_seconds"} <= set(status)
    # the web searches on one core: `solved` depends on how many candidates a round solves, so the CLI runs
    # with --workers 1 (the ranking and every value are the same with any number of workers)
    cli = cli_json("--owned", "lucky,odd,kings*2", "--top", "5", "--need", "300", "--workers", "1")
    assert timeless(answer) == timeless(cli)
    assert answer["complete"] is True and answer["ranked_by"] == "expected_points_to_need"
    assert answer["loadouts"][0]["dice_names"][-2:] == ["Lucky die", "Odd die"]
    # the same dice in the same order as text: the same search, the same job's answer at once
    again = client.post("/api/farkle/search", json={**body, "owned": "lucky,odd,kings*2"})
    assert again.status_code == 200 and again.json() == answer


def test_the_leaders_win_chances_are_the_clis(client):
    body = {"owned": "lucky,odd", "top": 2, "opponent_dice": "ordinary*6", "target": 500, "race_top": 2}
    answer, _ = searched(client, body)
    cli = cli_json("--owned", "lucky,odd", "--top", "2", "--opponent-dice", "ordinary*6", "--target", "500",
                   "--race-top", "2", "--workers", "1")
    assert timeless(answer) == timeless(cli)
    assert all(0 < row["win_average"] < 1 for row in answer["loadouts"])


def test_a_search_stopped_halfway_answers_its_best_so_far(client):
    body = {"owned": dict.fromkeys(BIG, 1), "top": 5}
    assert client.post("/api/farkle/search/plan", json=body).json()["sets"] == 2510
    deadline = time.monotonic() + 120
    while True:  # until some sets are examined and a best set is known
        r = client.post("/api/farkle/search", json=body)
        assert r.status_code == 202, r.text
        status = r.json()
        if status["done"] and status["best_so_far"]:
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert status["status"] == "running" and status["total"] >= 2510 and status["sets"] == 2510
    so_far = status["best_so_far"][0]
    dice = farkle.parse_dice(so_far["dice"])
    assert so_far["expected_points"] == pytest.approx(farkle.turn_report(dice).expected_points, abs=1e-6)
    r = client.post("/api/farkle/search/cancel", json=body)
    assert r.status_code == 200, r.text
    stopped = r.json()
    assert stopped["complete"] is False and 0 < stopped["examined"] < stopped["sets"] == 2510
    assert stopped["loadouts"] and stopped["loadouts"][0]["expected_points"] >= so_far["expected_points"]
    # every row is its set's exact value, even though the ranking is not proven
    for row in stopped["loadouts"][:2]:
        exact = farkle.turn_report(farkle.parse_dice(row["dice"])).expected_points
        assert row["expected_points"] == pytest.approx(exact, abs=1e-6)
    # asked again, the stopped search starts afresh (a stop is not a result to keep); stopped again at once
    assert client.post("/api/farkle/search", json=body).status_code == 202
    assert client.post("/api/farkle/search/cancel", json=body).json()["complete"] is False


def test_a_search_stopped_while_it_waits_for_its_turn_found_nothing(client):
    """A stop that comes before the search had a solve slot: the answer is an empty ranking, not complete,
    not a 422 (the hostile-fields test met it on a busy machine: "stopped before it started")."""
    from holdwise.web import work

    assert work.limits().solves == 1  # the default: one solve at a time
    body = {"owned": "lucky*3,odd*2,kings*2", "top": 4}
    client.get("/farkle")  # the page first, as a browser: its cookie names the client from then on
    with work.ledger.slot("another solve", lambda: False) as running:  # the server's one slot is taken
        assert running
        r = client.post("/api/farkle/search", json=body)
        assert r.status_code == 202 and r.json()["status"] == "queued", r.text
        deadline = time.monotonic() + 30
        while (r := client.post("/api/farkle/search/cancel", json=body)).status_code == 202:
            assert r.json()["status"] == "queued" and time.monotonic() < deadline, r.text  # stopping: ask again
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["complete"] is False and answer["examined"] == 0 and answer["loadouts"] == []
    assert answer["sets"] == client.post("/api/farkle/search/plan", json=body).json()["sets"] > 0
    assert [answer["owned"].count(d) for d in ("lucky", "odd", "kings")] == [3, 2, 2]


def test_a_stop_with_no_search_is_404(client):
    r = client.post("/api/farkle/search/cancel", json={"owned": "lucky*3,odd*2", "top": 7})
    assert r.status_code == 404 and "no search" in r.json()["detail"]


def test_beyond_the_webs_limit_is_422_with_the_plan_saying_so(client):
    everything = {d: 6 for d in farkle.NAMED_DICE}
    plan = client.post("/api/farkle/search/plan", json={"owned": everything}).json()
    assert plan["sets"] == 2_324_784 and plan["within_limit"] is False
    assert plan["estimate_seconds"] > plan["max_seconds"] == web_search.WEB_MAX_SECONDS
    r = client.post("/api/farkle/search", json={"owned": everything})
    assert r.status_code == 422 and r.json()["field"] == "owned"
    assert "holdwise farkle search" in r.json()["detail"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"owned": ""}, "owned", "name the dice"),
    ({"owned": {}}, "owned", "name the dice"),
    ({"owned": "nonsense"}, "owned", "unknown die"),
    ({"owned": {"lucky": -1}}, "owned", "0 to 120"),
    ({"owned": {"lucky*2": 1}}, "owned", "one die"),
    ({"owned": "lucky", "top": 0}, "top", "at least 1"),
    ({"owned": "lucky", "top": "5"}, "top", ""),
    ({"owned": "lucky", "need": 10}, "need", "at least 50"),
    ({"owned": "lucky", "opponent_dice": "lucky"}, "opponent_dice", "6 dice"),
    ({"owned": "lucky", "target": 10}, "target", "at least 50"),
    ({"owned": "lucky", "race_top": 11}, "race_top", ""),
    ({"owned": "lucky", "workers": 2}, "workers", "unknown"),
])
@pytest.mark.parametrize("route", ["/api/farkle/search", "/api/farkle/search/plan", "/api/farkle/search/cancel"])
def test_bad_input_is_422_naming_the_field(client, route, body, field, words):
    r = client.post(route, json=body)
    assert r.status_code == 422, r.text
    answer = r.json()
    assert answer["field"] == field and words in answer["detail"]
    assert "\n" not in answer["detail"]


def test_the_whole_domain_is_read_from_the_servers_results_file(client, tmp_path, monkeypatch):
    from holdwise.sweep import db
    from holdwise.sweep.kinds import farkle_ranking

    path = tmp_path / "results.sqlite"
    top = [["weighted*6", 17880.7], ["weighted*5, favourable", 14581.8]]
    d = farkle_ranking.definition(dice="all-named", top=2)
    conn = db.open_write(path)
    sweep_id, _ = db.start_sweep(conn, farkle_ranking.NAME, farkle_ranking.COLUMNS, d, farkle_ranking.count(d),
                                 "test")
    db.write_summary(conn, sweep_id, {"top": top, "threshold": 14581.8, "exact_solves": 120, "seconds": 3600.0})
    conn.close()
    monkeypatch.setenv(web_search.RESULTS_ENV, str(path))
    everything = {d: 6 for d in farkle.NAMED_DICE}  # re-skins too: the same sets
    plan = client.post("/api/farkle/search/plan", json={"owned": everything, "top": 2}).json()
    assert plan["stored"] is True and plan["within_limit"] is True and plan["sets"] == 2_324_784
    r = client.post("/api/farkle/search", json={"owned": "all-named", "top": 2})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert [row["expected_points"] for row in answer["loadouts"]] == [17880.7, 14581.8]
    assert answer["loadouts"][0]["dice"] == ["weighted"] * 6
    assert (answer["complete"], answer["threshold"], answer["solved"]) == (True, 14581.8, 120)
    # more sets than the file ranks: searched as before (beyond the web's limit here)
    assert client.post("/api/farkle/search/plan", json={"owned": "all-named", "top": 3}).json()["stored"] is False
