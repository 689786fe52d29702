"""Bounded heavy work (holdwise.web.work): the limits per client and in all (429 with Retry-After while another
client is served), jobs nobody asks about cancelled, a page's cancel that spares a job another client waits
for, the ledger shared by a server's workers, and bad settings refused in one line at start."""

import os
import subprocess
import sys
import threading
import time

import pytest
from fastapi.testclient import TestClient

from holdwise import settings
from holdwise.settings import Limits
from holdwise.web import common, farkle, work

MATCH = {"dice": "ordinary*6", "opponent_dice": "ordinary*6"}


@pytest.fixture
def bounded(monkeypatch, tmp_path):
    """Small limits, a fresh ledger, and match solves that run until released (progress every 50 ms)."""
    from holdwise.games import farkle as face

    face.list_dice(strength=True)  # a first listing is seconds of wall time on a loaded machine: past idle_s
    monkeypatch.setattr(settings, "_LIMITS", [Limits(solves=1, jobs=3, per_client=2, idle_s=3.0,
                                                     memory_bytes=64 << 20, match_bytes=300 << 20)])
    ledger = work.ledger  # the one every module uses, on a fresh folder
    monkeypatch.setattr(ledger, "_folder", tmp_path / "run")
    monkeypatch.setattr(common, "jobs", common.Jobs(bounded=True))
    monkeypatch.setattr(farkle, "jobs", common.jobs)
    release = threading.Event()

    def solve_work(dice, other, target, key):
        def run(progress):
            done = 0
            while not release.wait(0.05):
                done += 1
                progress(min(done, 999), 1000)
        return run

    monkeypatch.setattr(farkle, "_solve_work", solve_work)
    yield ledger, release
    release.set()


def _visitor(app) -> TestClient:
    c = TestClient(app)
    assert c.get("/api/health").status_code == 200  # the sealed client cookie
    assert c.cookies.get(common.COOKIE)
    return c


def _prepare(c: TestClient, target: int):
    return c.post("/api/farkle/match/prepare", json={**MATCH, "target": target})


# targets no other test solves (a match already in memory would be answered done)
def test_a_client_past_its_limit_gets_429_while_another_is_served(app, bounded):
    ledger, release = bounded
    alice, bob = _visitor(app), _visitor(app)
    assert alice.cookies.get(common.COOKIE) != bob.cookies.get(common.COOKIE)
    assert [_prepare(alice, t).status_code for t in (1650, 1700)] == [200, 200]
    time.sleep(0.5)  # the first takes the slot
    assert [_prepare(alice, t).json()["status"] for t in (1650, 1700)] == ["running", "queued"]
    refused = _prepare(alice, 1750)
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.json()["detail"].startswith("busy: you have 2 solves waiting or running here")
    assert _prepare(alice, 1650).status_code == 200  # asking about one's own job again is no new job
    assert alice.get("/api/farkle/dice").status_code == 200  # cheap requests are served
    served = _prepare(bob, 1750)
    assert served.status_code == 200 and served.json()["status"] == "queued"
    assert _prepare(bob, 1650).status_code == 200  # the same question shares alice's job: not bob's second
    # the server's limit in all: three visitors' solves
    carol = _visitor(app)
    over = _prepare(carol, 1800)
    assert over.status_code == 429 and "the most it takes on at once" in over.json()["detail"]
    assert ledger.counts() == {"running": 1, "queued": 2}
    assert alice.get("/api/health").json()["solves"] == {"running": 1, "queued": 2}
    release.set()
    deadline = time.monotonic() + 10
    while ledger.counts() != {"running": 0, "queued": 0} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ledger.counts() == {"running": 0, "queued": 0}


def test_a_job_nobody_asks_about_is_cancelled(app, bounded):
    ledger, _ = bounded
    alice, bob = _visitor(app), _visitor(app)
    assert _prepare(alice, 1850).status_code == 200  # alice leaves without a word
    assert _prepare(bob, 1900).status_code == 200
    started = time.monotonic()
    while time.monotonic() - started < 6:  # bob's page polls
        assert _prepare(bob, 1900).json()["status"] in ("queued", "running")
        time.sleep(0.2)
    job = common.jobs.get(farkle._job_key(*[farkle.face.parse_loadout("ordinary*6")] * 2, 1850))
    assert job.state == "cancelled"
    assert _prepare(bob, 1900).json()["status"] == "running"  # waited for: kept
    assert ledger.counts() == {"running": 1, "queued": 0}


def test_a_page_that_leaves_stops_its_job_unless_another_client_waits(app, bounded):
    ledger, _ = bounded
    alice, bob = _visitor(app), _visitor(app)
    assert _prepare(alice, 1950).status_code == 200
    time.sleep(0.5)
    assert _prepare(alice, 1950).json()["status"] == "running"
    assert _prepare(bob, 1950).status_code == 200  # bob waits for the same match
    alice.post("/api/farkle/match/cancel", json={**MATCH, "target": 1950})  # alice's page goes: its beacon
    time.sleep(1.0)  # (bob asked 1 s ago: within the idle time)
    assert _prepare(bob, 1950).json()["status"] == "running"
    status = bob.post("/api/farkle/match/cancel", json={**MATCH, "target": 1950}).json()
    deadline = time.monotonic() + 5
    while status["status"] != "cancelled" and time.monotonic() < deadline:
        time.sleep(0.1)
        status = bob.get("/api/farkle/match/status", params={**MATCH, "target": 1950}).json()
    assert status["status"] == "cancelled"
    while ledger.counts()["running"] and time.monotonic() < deadline + 5:
        time.sleep(0.05)  # the job's thread gives its entry back before this test's ledger folder goes
    assert ledger.counts() == {"running": 0, "queued": 0}


def test_the_limits_count_every_workers_jobs(app, bounded, tmp_path):
    """Another process of the server (here a child that enters two jobs for alice's cookie, then waits) counts."""
    ledger, _ = bounded
    alice = _visitor(app)
    client = "cookie:" + alice.cookies.get(common.COOKIE).partition(".")[0]
    code = ("import sys, time; from pathlib import Path; from holdwise.web.work import Ledger; "
            "l = Ledger(Path(sys.argv[1])); [l.admit(k, sys.argv[2]) for k in ('x', 'y')]; "
            "print('in', flush=True); time.sleep(30)")
    child = subprocess.Popen([sys.executable, "-c", code, str(ledger.folder), client], stdout=subprocess.PIPE,
                             env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == b"in"
        refused = _prepare(alice, 2050)
        assert refused.status_code == 429 and "you have 2 solves" in refused.json()["detail"]
    finally:
        child.kill()
        child.wait()
    assert _prepare(alice, 2050).status_code == 200  # a worker that died leaves nothing counted


@pytest.mark.parametrize(("option", "value", "line"), [
    ("--solves", "0", "error: --solves (HOLDWISE_SOLVES): 1 to 64, got '0'"),
    ("--max-jobs", "many", "error: --max-jobs (HOLDWISE_MAX_JOBS): 1 to 10,000, got 'many'"),
    ("--client-jobs", "-1", "error: --client-jobs (HOLDWISE_CLIENT_JOBS): 1 to 10,000, got '-1'"),
    ("--job-idle", "1", "error: --job-idle (HOLDWISE_JOB_IDLE): 2 to 3,600, got '1'"),
    ("--memory-budget", "1K", "error: --memory-budget (HOLDWISE_MEMORY_BUDGET): a size (3G, 500M, bytes) of at "
                              "least 16M, got '1K'"),
    ("--match-memory", "1", "error: --match-memory (HOLDWISE_MATCH_MEMORY): a size (3G, 500M, bytes) of at "
                            "least 16M, got '1'"),
    ("--cache-budget", "lots", "error: --cache-budget (HOLDWISE_CACHE_BUDGET): a size (3G, 500M, bytes) of at "
                               "least 64M, got 'lots'"),
])
def test_bad_settings_are_refused_in_one_line_at_start(option, value, line):
    for how in ("option", "environment"):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("HOLDWISE_SOLVES", "HOLDWISE_MAX_JOBS"))}
        args = [sys.executable, "-m", "holdwise", "serve", "--port", "1"]
        if how == "option":
            args += [option, value]
        else:
            env[next(row[0] for row in settings.SETTINGS if row[1] == option)] = value
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, how
        assert done.stderr.strip() == line, how
        assert "Traceback" not in done.stderr


def test_good_sizes_are_read():
    from holdwise.storage import parse_bytes

    assert parse_bytes("3G") == 3 << 30
    assert parse_bytes("500M") == 500 << 20
    assert parse_bytes("1.5G") == 3 << 29
    assert parse_bytes("123") == 123
    for bad in ("", "G", "-1M", "nanG", "1X"):
        with pytest.raises((ValueError, IndexError)):
            parse_bytes(bad)


def test_a_match_beyond_the_memory_budget_is_refused_naming_the_largest_target(app, monkeypatch):
    monkeypatch.setenv("HOLDWISE_MATCH_MEMORY", "40M")
    monkeypatch.setattr(settings, "_LIMITS", [])  # read again
    # a visitor of its own: the shared client may still have jobs of earlier tests under its limit (a 429)
    r = _visitor(app).post("/api/farkle/match/prepare", json={**MATCH, "target": 4000})
    assert r.status_code == 422 and r.json()["field"] == "target"
    detail = r.json()["detail"]
    assert "beyond the web lab's 40 MB" in detail, detail
    fits = int(detail.split("at most ")[1].split(" here")[0].replace(",", ""))
    dice = farkle.face.parse_loadout("ordinary*6")
    assert farkle.face.match_cost(dice, dice, fits, store=True)[1] <= 40 << 20
    assert farkle.face.match_cost(dice, dice, fits + 50, store=True)[1] > 40 << 20


def test_the_parts_of_one_question_count_once_against_the_limits(bounded):
    """A match's two turn tables and its solve are one question: a visitor with them entered may still ask one
    more question, and not a third."""
    from starlette.exceptions import HTTPException

    ledger, _ = bounded
    parts = ["turn-a", "turn-b", "match-1"]
    for key in parts[:2]:
        ledger.admit(key, "me", question="match-1")
    ledger.check("match-1", "me")  # the question itself, its parts entered: not a second question
    ledger.admit("match-1", "me")
    ledger.admit("another", "me")
    with pytest.raises(HTTPException) as refused:
        ledger.check("a-third", "me")
    assert refused.value.status_code == 429 and "you have 2 solves" in refused.value.detail
    ledger.check("a-third", "someone-else")  # another visitor is served
    for key in [*parts, "another"]:
        ledger.release(key)
    ledger.check("a-third", "me")
