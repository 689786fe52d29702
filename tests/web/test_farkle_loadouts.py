"""The loadout chooser's API (`POST /api/farkle/loadouts`): its answers are `holdwise farkle loadout --json`
(the win chances as a background job: 202 with progress and the expected-points ranking, then the CLI's
JSON), and bad input or a search beyond the guard is 422 naming the field."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.errors import InputError
from holdwise.games import farkle
from holdwise.web import farkle_loadouts as web_loadouts

runner = CliRunner()
OWNED = "ordinary*4,weighted,lucky,odd,kings"
COUNTS = {"ordinary": 4, "weighted": 1, "lucky": 1, "odd": 1, "kings": 1}  # the same dice, as the page sends them


def cli_json(*args):
    result = runner.invoke(cli_app, ["farkle", "loadout", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def timeless(answer: dict) -> dict:
    """An answer without its `seconds` (the time the search took: the one key two runs do not share)."""
    assert answer["seconds"] >= 0
    return {k: v for k, v in answer.items() if k != "seconds"}


def solved(client, body, timeout=600) -> tuple[dict, list[dict]]:
    """Ask until the search is done: the answer and every 202 status seen on the way."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = client.post("/api/farkle/loadouts", json=body)
        if r.status_code == 200:
            return r.json(), seen
        assert r.status_code == 202, r.text
        seen.append(r.json())
        assert time.monotonic() < deadline, "the loadout search did not finish in time"
        time.sleep(0.1)


@pytest.mark.parametrize("owned", [OWNED, COUNTS, OWNED.split(",")])
def test_expected_points_ranking_is_the_cli_json(client, owned):
    r = client.post("/api/farkle/loadouts", json={"owned": owned, "top": 4})
    assert r.status_code == 200, r.text
    got = r.json()
    assert timeless(got) == timeless(cli_json("--owned", OWNED, "--top", "4"))
    assert got["choices"] == 11  # by hand: 2, 3 or 4 of the 4 unlike dice, the rest ordinary: 6 + 4 + 1
    best = got["loadouts"][0]
    # each row is its loadout's turn solved on its own
    assert best["expected_points"] == pytest.approx(farkle.turn_report(farkle.parse_dice(best["dice"])).expected_points)
    points = [row["expected_points"] for row in got["loadouts"]]
    assert points == sorted(points, reverse=True)


def test_win_chance_ranking_is_a_job_then_the_cli_json(client):
    body = {"owned": COUNTS, "opponent_dice": "ordinary*6", "target": 500, "top": 3}
    answer, seen = solved(client, body)
    assert seen, "a fresh search answers 202 first"
    first = seen[0]
    assert first["status"] in ("queued", "running") and first["phase"]
    assert timeless(first["expected_points"]) == timeless(cli_json("--owned", OWNED, "--top", "3"))
    assert all(s["total"] in (0, 11) and s["done"] <= s["total"] for s in seen)
    cli = cli_json("--owned", OWNED, "--top", "3", "--opponent-dice", "ordinary*6", "--target", "500")
    assert timeless(answer) == timeless(cli)
    assert answer["ranked_by"] == "win_average" and answer["target"] == 500
    row = answer["loadouts"][0]
    # the rows' chances are the match solve of that loadout against six ordinary dice
    match = farkle.solve_match(farkle.parse_dice(row["dice"]), farkle.parse_dice("ordinary*6"), 500)
    assert row["win_first"] == pytest.approx(match.first_player_win, abs=1e-9)
    assert row["win_second"] == pytest.approx(match.win_moving_second, abs=1e-9)
    assert row["win_average"] == pytest.approx((row["win_first"] + row["win_second"]) / 2)
    # asked again: the finished job's answer, at once
    again = client.post("/api/farkle/loadouts", json=body)
    assert again.status_code == 200 and again.json() == answer


def test_a_search_beyond_the_guard_is_422_with_the_expected_points_ranking(client):
    body = {"owned": OWNED, "opponent_dice": "ordinary*6", "target": 8000, "top": 2}
    r = client.post("/api/farkle/loadouts", json=body)
    assert r.status_code == 422, r.text
    got = r.json()
    assert got["field"] == "target"
    assert "largest accepted target for these dice here is 4,150" in got["detail"]
    assert timeless(got["expected_points"]) == timeless(cli_json("--owned", OWNED, "--top", "2"))
    # the CLI refuses the same search with the same line
    result = runner.invoke(cli_app, ["farkle", "loadout", "--owned", OWNED, "--opponent-dice", "ordinary*6",
                                     "--target", "8000", "--json"])
    assert result.exit_code == 2
    assert "largest accepted target for these dice here is 4,150" in result.output
    # the target it names fits, the next one up does not
    owned, other = farkle.parse_dice(OWNED), farkle.parse_dice("ordinary*6")
    farkle.check_loadout_search(owned, other, 4150)
    with pytest.raises(InputError, match="largest accepted target"):
        farkle.check_loadout_search(owned, other, 4200)


@pytest.mark.parametrize("body, field, words", [
    ({"owned": {"ordinary": 6, "dragon": 1}}, "owned", "unknown die 'dragon'"),
    ({"owned": "ordinary*5,dragon"}, "owned", "unknown die 'dragon'"),
    ({"owned": {"ordinary": 121}}, "owned.ordinary", "0 to 120, got 121"),
    ({"owned": {"ordinary": -1, "lucky": 6}}, "owned.ordinary", "0 to 120, got -1"),
    ({"owned": {"ordinary": 100, "lucky": 21}}, "owned", "at most 120 dice in all, got 121"),
    ({"owned": "ordinary*121"}, "owned", "1 to 120"),
    ({"owned": {"ordinary": 5}}, "owned", "needs 6 dice; 5 owned"),
    ({"owned": ""}, "owned", "at least six"),
    ({"owned": OWNED, "opponent_dice": "ordinary*6", "target": 525}, "target", "multiple of 50, got 525"),
    ({"owned": OWNED, "opponent_dice": "ordinary*6", "target": 30}, "target", "must be at least 50"),
    ({"owned": OWNED, "opponent_dice": "ordinary*5"}, "opponent_dice", "needs 6 dice, got 5"),
    ({"owned": OWNED, "opponent_dice": "ordinary*5,dragon"}, "opponent_dice", "unknown die 'dragon'"),
    ({"owned": OWNED, "top": 0}, "top", "must be at least 1"),
    ({"owned": "ordinary*5,custom:1000,1,1,1,1,1*2"}, "owned", "almost never busts"),
    ({"owned": ",".join(list(farkle.NAMED_DICE)[:11])}, "owned", "462 distinct choices of six dice; at most 300"),
    ({"owned": OWNED, "extra": 1}, "extra", "unknown field"),
])
def test_bad_input_is_422_naming_the_field(client, body, field, words):
    r = client.post("/api/farkle/loadouts", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field
    assert words in r.json()["detail"]


def test_turns_beyond_a_requests_time_are_422_naming_owned(client, monkeypatch):
    """The eleven choices of OWNED are refused once the web's budget of turn steps is below theirs."""
    work = sum(farkle.turn_plan(c).work for c in farkle.distinct_choices(farkle.parse_dice(OWNED)))
    monkeypatch.setattr(web_loadouts, "WEB_LOADOUT_MAX_WORK", work - 1)
    r = client.post("/api/farkle/loadouts", json={"owned": OWNED})
    assert r.status_code == 422 and r.json()["field"] == "owned"
    assert f"the turns of 11 choices are {work:.1e} steps" in r.json()["detail"]
    monkeypatch.setattr(web_loadouts, "WEB_LOADOUT_MAX_WORK", work)
    assert client.post("/api/farkle/loadouts", json={"owned": OWNED}).status_code == 200
