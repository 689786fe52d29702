"""A new loadout's turn table is one job in the server's line of heavy solves (issue 41), never solved inside a
request: `POST /api/farkle/turn` and `POST /api/farkle/new` (and a hint, a match's preparation) answer 202 with
its status and wait on the same job; the limits count it; its stop is told; once solved the answers are the
ones of before. The jobs are held until released, so that each 202 is seen."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from holdwise import settings
from holdwise.games import farkle as face
from holdwise.settings import Limits
from holdwise.web import common, farkle, farkle_turns, work

# dice of their own (custom weights no other test uses): their tables are in no memory and on no disk
# (each test its own: a table solved stays in the process's memory)
NEW = ["custom:1,2,1,2,1,3"] * 6
FIRST, SECOND, THIRD = (["custom:1,2,1,2,1,4"] * 6, ["custom:1,3,1,2,1,3"] * 6, ["custom:1,3,1,2,1,4"] * 6)
STOPPED = ["custom:1,2,1,3,1,3"] * 6
AHEAD, QUEUED = ["custom:1,4,1,2,1,3"] * 6, ["custom:1,4,1,2,1,4"] * 6
STATUS_KEYS = {"status", "done", "total", "error", "seconds_left", "phase", "turns", "detail"}


@pytest.fixture
def held(monkeypatch, tmp_path):
    """Small limits, a fresh ledger and job set, a fresh cache folder, and turn jobs that wait for `release`."""
    monkeypatch.setattr(settings, "_LIMITS", [Limits(solves=1, jobs=3, per_client=2, idle_s=3.0,
                                                     memory_bytes=64 << 20, match_bytes=300 << 20)])
    monkeypatch.setattr(work.ledger, "_folder", tmp_path / "run")
    fresh = common.Jobs(bounded=True)
    for module in (common, farkle, farkle_turns):
        monkeypatch.setattr(module, "jobs", fresh)
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path / "cache"))
    release = threading.Event()
    real = farkle_turns._work

    def held_work(dice):
        inner = real(dice)

        def run(progress):
            release.wait(30)
            inner(progress)
        return run

    monkeypatch.setattr(farkle_turns, "_work", held_work)
    yield fresh, release
    release.set()


def _visitor(app) -> TestClient:
    c = TestClient(app)
    assert c.get("/api/health").status_code == 200  # its sealed client cookie
    return c


def _turn_jobs(jobs: common.Jobs, dice) -> list[str]:
    tid = face.turn_id(tuple(face.parse_loadout(dice, "dice")))
    return [key for key in jobs._jobs if key.startswith(f"farkle-turn-{tid}")]


def _until_done(c: TestClient, turns: dict, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        status = c.post("/api/farkle/turn/prepare", json=turns).json()
        if status["status"] not in ("queued", "running"):
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.02)


def test_turn_and_new_wait_on_one_job_then_answer_as_before(app, held):
    jobs, release = held
    alice, bob = _visitor(app), _visitor(app)
    r = alice.post("/api/farkle/turn", json={"dice": NEW})
    assert r.status_code == 202, r.text
    assert set(r.json()) == STATUS_KEYS and r.json()["status"] in ("queued", "running")
    assert r.json()["turns"] == {"dice": NEW} and (r.json()["done"], r.json()["total"]) == (0, 1)
    options = {"dice": NEW, "computer_dice": "ordinary*6", "computer": "coaching", "target": 1000}
    r = bob.post("/api/farkle/new", json={"options": options, "seed": 4})  # another client, the same table
    assert r.status_code == 202, r.text
    assert r.json()["turns"] == {"dice": NEW, "opponent_dice": ["ordinary"] * 6}
    assert (r.json()["done"], r.json()["total"]) == (1, 2)  # six ordinary dice: shipped, ready
    assert len(_turn_jobs(jobs, NEW)) == 1 and work.ledger.counts() == {"running": 1, "queued": 0}
    assert not face.turn_ready(tuple(face.parse_loadout(NEW, "dice")))  # nothing was solved in a request
    release.set()
    assert _until_done(bob, r.json()["turns"])["status"] == "done"
    r = alice.post("/api/farkle/turn", json={"dice": NEW})
    assert r.status_code == 200, r.text
    assert r.json() == face.turn_report(face.parse_loadout(NEW, "dice")).to_json()
    r = bob.post("/api/farkle/new", json={"options": options, "seed": 4})
    assert r.status_code == 200, r.text
    assert r.json()["state"]["state"]["options"]["dice"] == NEW and r.json()["actions"]


def test_a_clients_turn_tables_count_against_its_limit(app, held):
    _, release = held
    alice, bob = _visitor(app), _visitor(app)
    assert alice.post("/api/farkle/turn", json={"dice": FIRST}).status_code == 202
    assert alice.post("/api/farkle/turn", json={"dice": SECOND}).status_code == 202
    r = alice.post("/api/farkle/turn", json={"dice": THIRD})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert "you have 2 solves" in r.json()["detail"]
    assert bob.post("/api/farkle/turn", json={"dice": THIRD}).status_code == 202  # another client is served
    release.set()


def test_a_job_stopped_while_it_waits_in_line_is_told_as_stopped_not_as_left_alone(app, held):
    """A Stop of a job still waiting for the solve slot (CI's loaded machine: the cancel came before its thread
    took the slot) is a Stop, as one while it runs is: no "nobody was waiting" error."""
    _, release = held
    alice = _visitor(app)
    ahead = alice.post("/api/farkle/turn", json={"dice": AHEAD})  # holds the one solve slot until released
    assert ahead.status_code == 202, ahead.text
    turns = alice.post("/api/farkle/turn", json={"dice": QUEUED}).json()["turns"]
    stopping = alice.post("/api/farkle/turn/cancel", json=turns).json()
    deadline = time.monotonic() + 30
    while stopping["status"] != "cancelled":
        assert time.monotonic() < deadline, stopping
        time.sleep(0.05)
        stopping = alice.post("/api/farkle/turn/cancel", json=turns).json()
    assert stopping["error"] is None, stopping
    release.set()


def test_a_stopped_turn_job_is_told_and_asking_again_solves_it(app, held):
    _, release = held
    alice = _visitor(app)
    options = {"dice": STOPPED, "computer_dice": "ordinary*6", "computer": "coaching", "target": 1000}
    turns = alice.post("/api/farkle/new", json={"options": options}).json()["turns"]
    stopping = alice.post("/api/farkle/turn/cancel", json=turns).json()
    assert stopping["status"] in ("queued", "running")  # it stops at its next step
    release.set()
    deadline = time.monotonic() + 30
    while stopping["status"] != "cancelled":
        assert time.monotonic() < deadline, stopping
        time.sleep(0.02)
        stopping = alice.post("/api/farkle/turn/cancel", json=turns).json()  # starts nothing
    assert stopping["turns"] == turns and stopping["error"] is None
    assert not face.turn_ready(tuple(face.parse_loadout(STOPPED, "dice")))  # stopped before it solved
    if alice.post("/api/farkle/new", json={"options": options}).status_code == 202:  # asked again: anew
        assert _until_done(alice, turns)["status"] == "done"
    assert alice.post("/api/farkle/new", json={"options": options}).status_code == 200
