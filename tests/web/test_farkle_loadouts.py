"""The loadout chooser's API (`POST /api/farkle/loadouts`): its answers are `holdwise farkle loadout --json`
(a new set's turns and the win chances as jobs in the server's line of heavy solves: 202 with progress, and
the expected-points ranking once known, then the CLI's JSON; shared, limited, cancelled; a solved set answered
at once), and bad input or a search beyond the guard is 422 naming the field."""

from __future__ import annotations

import fcntl
import json
import os
import time

import pytest
from typer.testing import CliRunner

from fastapi.testclient import TestClient

from holdwise import settings
from holdwise.cli import app as cli_app
from holdwise.errors import InputError
from holdwise.games import farkle
from holdwise.settings import Limits
from holdwise.web import common, work
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
    r, seen = answered(client, body, timeout)
    assert r.status_code == 200, r.text
    return r.json(), seen


def answered(client, body, timeout=600):
    """Ask until the answer is not a 202 (as the page does): that response, and every 202 status seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = client.post("/api/farkle/loadouts", json=body)
        if r.status_code != 202:
            return r, seen
        assert r.status_code == 202, r.text
        seen.append(r.json())
        assert time.monotonic() < deadline, "the loadout search did not finish in time"
        time.sleep(0.1)


@pytest.mark.parametrize("owned", [OWNED, COUNTS, OWNED.split(",")])
def test_expected_points_ranking_is_the_cli_json(client, owned):
    got, _ = solved(client, {"owned": owned, "top": 4})
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
    assert all(s["status"] in ("queued", "running") and s["phase"] for s in seen)
    # the turns' job first (no ranking yet), unless they were solved before; then the matches' with it
    ranked = [s for s in seen if s["expected_points"] is not None]
    assert ranked and all(s["expected_points"] is not None for s in seen[seen.index(ranked[0]):])
    assert timeless(ranked[0]["expected_points"]) == timeless(cli_json("--owned", OWNED, "--top", "3"))
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


def test_a_badge_weighed_is_a_job_then_the_cli_json(client):
    body = {"owned": COUNTS, "opponent_dice": "ordinary*6", "target": 200, "top": 2, "badge": "warlord-gold"}
    answer, _ = solved(client, body)
    cli = cli_json("--owned", OWNED, "--top", "2", "--opponent-dice", "ordinary*6", "--target", "200", "--badge",
                   "warlord-gold")
    assert timeless(answer) == timeless(cli)
    assert answer["ranked_by"] == "badge_win_average" and answer["badge"] == "warlord-gold"
    assert all(row["badge_worth"] > 0 for row in answer["loadouts"])
    plain = {**body}
    del plain["badge"]
    assert "badge" not in solved(client, plain)[0]  # the plain search's answer as before


def test_a_search_beyond_the_guard_is_422_with_the_expected_points_ranking(client):
    body = {"owned": OWNED, "opponent_dice": "ordinary*6", "target": 8000, "top": 2}
    r, _ = answered(client, body)  # refused once the turns are solved (a job, when they were not)
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
    ({"owned": OWNED, "badge": "fortune-gold"}, "badge", "name the opponent's dice"),
    ({"owned": OWNED, "opponent_dice": "ordinary*6", "badge": "luck-gold"}, "badge", "unknown badge"),
    ({"owned": OWNED, "opponent_dice": "ordinary*6", "badge": "defence-tin"}, "badge", "changes nothing"),
])
def test_bad_input_is_422_naming_the_field(client, body, field, words):
    r, _ = answered(client, body)  # a guard that plans the turns is told by the ranking's job
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field
    assert words in r.json()["detail"]


def test_turns_beyond_a_requests_time_are_422_naming_owned(client, monkeypatch):
    """The eleven choices of OWNED are refused once the web's budget of turn steps is below theirs."""
    work = sum(farkle.turn_plan(c).work for c in farkle.distinct_choices(farkle.parse_dice(OWNED)))
    monkeypatch.setattr(web_loadouts, "WEB_LOADOUT_MAX_WORK", work - 1)
    web_loadouts._ranked.clear()
    # a points ranking done by an earlier test in this process would be answered as done, past the guard
    for key in [k for k, job in list(web_loadouts.jobs._jobs.items()) if k.startswith("farkle-points-")
                and job.state == "done"]:
        web_loadouts.jobs._jobs.pop(key, None)
    monkeypatch.setattr(farkle, "ranking_stored", lambda owned: False)  # the guard in the job, as for a new set
    r, _ = answered(client, {"owned": OWNED})
    assert r.status_code == 422 and r.json()["field"] == "owned"
    assert f"the turns of 11 choices are {work:.1e} steps" in r.json()["detail"]
    monkeypatch.setattr(web_loadouts, "WEB_LOADOUT_MAX_WORK", work)
    assert answered(client, {"owned": OWNED})[0].status_code == 200


# sets of seven dice: six ordinary and one other (two choices, one of them the shipped six ordinary dice), so
# that a test solves little; a fresh cache folder has none of their turns
SETS = [{"owned": f"ordinary*6,{die}", "top": 2} for die in ("lucky", "odd", "kings")]


@pytest.fixture
def line(monkeypatch, tmp_path):
    """Small limits, a fresh cache folder and ledger, and the ledger's one solve slot held by the test (so jobs
    wait in line) until it calls the fixture's value."""
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(settings, "_LIMITS", [Limits(solves=1, jobs=3, per_client=2, idle_s=5.0,
                                                     memory_bytes=64 << 20, match_bytes=300 << 20)])
    monkeypatch.setattr(work.ledger, "_folder", tmp_path / "run")
    monkeypatch.setattr(web_loadouts, "jobs", common.Jobs(bounded=True))
    web_loadouts._ranked.clear()
    fd = os.open(work.ledger.folder / "slot-0.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    held = [True]

    def release():
        if held[0]:
            held[0] = False
            os.close(fd)

    yield release
    release()
    web_loadouts._ranked.clear()


def _visitor(app):
    c = TestClient(app)
    assert c.get("/api/health").status_code == 200  # the sealed client cookie
    return c


def _turns_unsolved(body) -> None:
    """The set's turns are not on disk, and not in this process's memory (a test before may have solved them)."""
    from holdwise.games.farkle import stored
    stored._cached_turn.cache_clear()
    assert not farkle.ranking_stored(farkle.parse_dice(body["owned"]))


def test_a_new_set_is_a_job_in_the_line_shared_and_limited(app, line):
    alice, bob = _visitor(app), _visitor(app)
    first, second, third = SETS
    _turns_unsolved(first)
    r = alice.post("/api/farkle/loadouts", json=first)
    assert r.status_code == 202, r.text
    assert r.json()["status"] == "queued" and r.json()["expected_points"] is None  # the slot the test holds
    assert r.json()["phase"] == "waiting for another solve"
    # the same set from another client is the same job, not bob's own
    assert bob.post("/api/farkle/loadouts", json=first).status_code == 202
    assert work.ledger.counts() == {"running": 0, "queued": 1}
    assert alice.post("/api/farkle/loadouts", json=second).status_code == 202
    refused = alice.post("/api/farkle/loadouts", json=third)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert refused.json()["detail"].startswith("busy: you have 2 solves waiting or running here")
    assert bob.post("/api/farkle/loadouts", json=third).status_code == 202
    assert work.ledger.counts() == {"running": 0, "queued": 3}
    # alice's page leaves the second set: nobody else asked about it, so it stops; the first bob asked about
    stop = alice.post("/api/farkle/loadouts/cancel", json=second)
    assert stop.status_code == 200 and stop.json()["status"] == "queued"
    alice.post("/api/farkle/loadouts/cancel", json=first)
    line()  # the slot is free: the line runs
    for body in (first, third):
        answer, _ = solved(bob, body, timeout=120)
        cli = cli_json("--owned", body["owned"], "--top", "2")
        assert timeless(answer) == timeless(cli)
        assert answer["loadouts"][0]["expected_points"] == pytest.approx(
            farkle.turn_report(farkle.parse_dice(answer["loadouts"][0]["dice"])).expected_points)
    key = web_loadouts._points_key(farkle.parse_dice(second["owned"]), 2)
    assert web_loadouts.jobs.get(key, poll=False).state == "cancelled"
    deadline = time.monotonic() + 10
    while work.ledger.counts() != {"running": 0, "queued": 0} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert work.ledger.counts() == {"running": 0, "queued": 0}


def test_a_job_reports_its_progress_and_a_solved_set_is_answered_at_once(app, line):
    alice = _visitor(app)
    body = SETS[1]
    _turns_unsolved(body)
    assert alice.post("/api/farkle/loadouts", json=body).status_code == 202
    line()
    answer, seen = solved(alice, body, timeout=120)
    assert all(s["total"] in (0, 2) and s["done"] <= s["total"] for s in seen)
    # solved, the set is answered at once even while the line is busy (the slot held again), by a worker that
    # never ran the job and keeps no answer: its turns are read from disk
    fd = os.open(work.ledger.folder / "slot-0.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        web_loadouts.jobs = common.Jobs(bounded=True)
        web_loadouts._ranked.clear()
        from holdwise.games.farkle import stored
        stored._cached_turn.cache_clear()
        again = _visitor(app).post("/api/farkle/loadouts", json=body)
        assert again.status_code == 200, again.text
        assert timeless(again.json()) == timeless(answer)
        assert work.ledger.counts() == {"running": 0, "queued": 0}  # and nothing entered the line
        # against an opponent, the turns solved, the matches' job starts at once with the ranking by points
        versus = {**body, "opponent_dice": "ordinary*6", "target": 300}
        r = _visitor(app).post("/api/farkle/loadouts", json=versus)
        assert r.status_code == 202 and timeless(r.json()["expected_points"]) == timeless(answer)
        assert r.json()["status"] == "queued"
        assert _visitor(app).post("/api/farkle/loadouts/cancel", json=versus).json()["status"] == "queued"
    finally:
        os.close(fd)
