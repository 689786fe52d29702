"""A stopped race-aware match keeps its checkpoint (its whole arrays, up to --match-memory) only in the room of
the one heavy solve a worker runs beside its memory budget (holdwise.memory.on_solve): the next heavy solve
that starts in the worker lets it go, unless it is that match going on (issue 41: each match a flood left
behind kept its checkpoint, 1.26 GB of a worker's memory). Accounting of what is kept, not timing."""

from __future__ import annotations

import threading

import pytest

from holdwise import memory
from holdwise.games import farkle as face
from holdwise.web import common, farkle


class Stop(Exception):
    pass


@pytest.fixture
def stopped_match(monkeypatch):
    """A checkpoint of a stopped match solve (six ordinary dice against five and a lucky one, to 1,300)."""
    monkeypatch.setattr(farkle, "_RESUME", {})
    dice, other = tuple(face.parse_loadout("ordinary*5,lucky")), tuple(face.parse_loadout("ordinary*6"))
    mid = farkle._match_id(dice, other, 1300)
    checkpoint = farkle._RESUME.setdefault(mid, {})
    reports = []

    def progress(done: int, total: int) -> None:
        reports.append(done)
        if len(reports) > 3:
            raise Stop  # as a cancelled job's progress raises
    with pytest.raises(Stop):
        face.solve_match(dice, other, 1300, store=True, progress=progress, resume=checkpoint,
                         turns=(face.cached_turn(dice), face.cached_turn(other)))
    assert memory.sizeof(checkpoint) > 1 << 20  # the arrays so far: what the room holds
    return mid


def test_another_solve_lets_a_stopped_matchs_checkpoint_go(stopped_match):
    memory.solve_starts(f"farkle-match-{stopped_match}")  # the same match going on: kept
    assert list(farkle._RESUME) == [stopped_match]
    memory.solve_starts("video-poker-own-0123")  # any other heavy solve: gone first
    assert farkle._RESUME == {}


def test_a_job_of_the_line_makes_the_room_before_its_work(stopped_match, monkeypatch, tmp_path):
    from holdwise.web import work

    monkeypatch.setattr(work.ledger, "_folder", tmp_path / "run")
    jobs = common.Jobs()
    seen, done = [], threading.Event()

    def solve(progress):
        seen.append(dict(farkle._RESUME))
        done.set()
    jobs.submit("another-solve", solve)
    assert done.wait(30)
    assert seen == [{}]


@pytest.mark.parametrize("asked", [False, True])
def test_a_match_stopped_for_nobody_asking_keeps_no_checkpoint(asked, monkeypatch, tmp_path):
    """Stopped by its idle time (nobody waits: a flood's match), its checkpoint goes at once; stopped by a page's
    Stop, it stays to go on from."""
    import numpy as np

    from holdwise.web import work

    monkeypatch.setattr(work.ledger, "_folder", tmp_path / "run")
    monkeypatch.setattr(farkle, "_RESUME", {})

    def cancelled_solve(*args, resume, **kwargs):
        resume.update(x1=np.zeros(1 << 17))  # a checkpoint, then the job's progress says stop
        raise common.Cancelled
    monkeypatch.setattr(face, "cached_match", cancelled_solve)
    dice = tuple(face.parse_loadout("ordinary*6"))
    if asked:
        work.ledger.cancel(farkle._shared_key(dice, dice, 1350), None)
    with pytest.raises(common.Cancelled):
        farkle._solve_work(dice, dice, 1350, "farkle-match-test")(lambda done, total: None)
    assert list(farkle._RESUME) == ([farkle._match_id(dice, dice, 1350)] if asked else [])
