"""A Farkle loadout's turn table (its coaching table) solved as a job in the server's line of heavy solves.

Every request that needs the turn table of dice not solved yet (`POST /api/farkle/turn`, a new game, a match's
preparation, a hint, a session's play) waits on one job per table (`common.jobs`: identical requests share it
across the workers, the limits apply, a job nobody asks about is stopped): it is answered 202 with the jobs'
status (`status`, `done`/`total` tables, `phase`, `seconds_left`, `error`, and `turns`: the body to poll
`POST /api/farkle/turn/prepare` or to stop with `POST /api/farkle/turn/cancel`) until the tables are solved.
A table in this process's memory or on disk is ready: read, never solved in a request.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from fastapi.responses import JSONResponse

from ..games import farkle as face
from ..errors import InputError
from .common import FieldError, jobs, user_field

__all__ = ["TURN_202", "WEB_TURN_MAX_BYTES", "WEB_TURN_MAX_WORK", "cancel", "checked_loadout", "pending", "prepare",
           "status", "turns_of", "within_reach"]

# The largest turn solve the web takes on (a job of the line): ~3 ns a step idle, so about 3 s (10 s on a loaded
# machine); dice beyond it (custom dice that almost never bust) are refused with 422 and the CLI named
WEB_TURN_MAX_WORK = 1_000_000_000
WEB_TURN_MAX_BYTES = 512 * 2**20

_GENERATION: dict[str, int] = {}
_LOCK = threading.Lock()
ENDED = ("failed", "cancelled", "stopped")
_TOLD: dict[str, Any] = {}  # the failed job last told, by key


def _key(dice: tuple, renew: bool = False) -> str:
    tid = face.turn_id(dice)
    with _LOCK:
        if renew:  # solved here once, since gone from memory and disk: a new job solves it again
            _GENERATION[tid] = _GENERATION.get(tid, 0) + 1
        return f"farkle-turn-{tid}-{_GENERATION.get(tid, 0)}"


def _shared(dice: tuple) -> str:
    """The key the server's workers know a table's job by (the ledger): one job per table."""
    return f"farkle-turn-{face.turn_id(dice)}"


def _work(dice: tuple) -> Callable[[Callable[[int, int], None]], None]:
    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)  # a stop asked for while it waited in line ends it here
        face.cached_turn(dice)  # solved and written to disk (the job keeps no table: the memory budget does)
        progress(1, 1)
    return work


def _distinct(loadouts: Sequence[tuple]) -> list[tuple]:
    seen: dict[str, tuple] = {}
    for dice in loadouts:
        seen.setdefault(face.turn_id(dice), tuple(dice))
    return list(seen.values())


def turns_of(loadouts: Sequence[tuple]) -> dict[str, list[str]]:
    """The body of a poll or a stop: `dice` and, when it differs, `opponent_dice`, by name."""
    out = {"dice": [d.name for d in loadouts[0]]}
    if len(loadouts) > 1 and loadouts[1] != loadouts[0]:
        out["opponent_dice"] = [d.name for d in loadouts[1]]
    return out


def _status(loadouts: Sequence[tuple], found: list) -> dict[str, Any]:
    """The tables' status in the shape of the other jobs': `done`/`total` tables; the first job that has not
    ended well says the rest."""
    tables = _distinct(loadouts)
    waiting = [job for dice, job in found if not face.turn_ready(dice)]
    done = len(tables) - len(waiting)
    base = {"done": done, "total": len(tables), "seconds_left": None, "turns": turns_of(loadouts)}
    if not waiting:
        return {**base, "status": "done", "error": None, "phase": "done"}
    jobs_now = [job for job in waiting if job is not None]
    bad = next((job for job in jobs_now if job.state in ENDED), None)
    if bad is not None:
        return {**base, "status": bad.state, "error": bad.error or None, "phase": bad.state}
    if not jobs_now:
        return {**base, "status": "missing", "error": None, "phase": "not started"}
    running = any(job.state == "running" for job in jobs_now)
    phase = (f"solving the turn table of these dice ({done + 1} of {len(tables)})" if running
             else "waiting for another solve")
    return {**base, "status": "running" if running else "queued", "error": None, "phase": phase}


def prepare(loadouts: Sequence[tuple], question: str | None = None) -> dict[str, Any]:
    """Start (or find, and so poll) the jobs that solve the turn tables of these loadouts unless they are ready;
    their status. `question`: the shared key of the match they are solved for (one question against the
    limits). Past a limit: 429."""
    found: list[tuple[tuple, Any]] = []
    for dice in _distinct(loadouts):
        if face.turn_ready(dice):
            found.append((dice, None))
            continue
        job = jobs.get(_key(dice), _shared(dice))
        if job is not None and job.state == "failed" and _TOLD.get(job.key) is not job:
            _TOLD[job.key] = job  # a failure is told once; asked again, the solve is tried again
            found.append((dice, job))
            continue
        key = _key(dice, renew=job is not None and job.state == "done")
        found.append((dice, jobs.submit(key, _work(dice), shared=_shared(dice), question=question)))
    return _status(loadouts, found)


def status(loadouts: Sequence[tuple]) -> dict[str, Any]:
    """The tables' status, starting nothing."""
    return _status(loadouts, [(dice, jobs.get(_key(dice), _shared(dice), poll=False)) for dice in _distinct(loadouts)])


def cancel(loadouts: Sequence[tuple]) -> dict[str, Any]:
    """Stop the jobs solving these tables (unless another client asked about them within the idle time): the
    page that waited left, or its Stop; their status."""
    for dice in _distinct(loadouts):
        jobs.cancel(_key(dice), _shared(dice))
    return status(loadouts)


def pending(loadouts: Sequence[tuple], field: str, question: str | None = None) -> JSONResponse | None:
    """None when every table is ready here; else 202 with the status of the jobs solving them (a failed solve:
    422 naming `field`; `question`: see `prepare`)."""
    if all(face.turn_ready(dice) for dice in loadouts):
        return None
    now = prepare(loadouts, question)
    if now["status"] == "done":
        return None
    if now["status"] == "failed":
        raise FieldError(field, now["error"] or "the turn solve failed")
    detail = ("solving the turn table of these dice (a fraction of a second to seconds, once); poll POST "
              "/api/farkle/turn/prepare with 'turns', then ask again (POST /api/farkle/turn/cancel stops it)")
    return JSONResponse(status_code=202, content={**now, "detail": detail})


TURN_202 = {"description": "the turn tables of these dice are being solved: the jobs' status (`status`, "
                           "`done`/`total` tables, `phase`, `error`, `seconds_left`, `turns`, `detail`); ask again",
            "content": {"application/json": {"example": {
                "status": "running", "done": 0, "total": 1, "error": None, "seconds_left": None,
                "phase": "solving the turn table of these dice (1 of 1)", "turns": {"dice": ["lucky"] * 6},
                "detail": "solving the turn table of these dice (a fraction of a second to seconds, once); poll "
                          "POST /api/farkle/turn/prepare with 'turns', then ask again"}}}}


def checked_loadout(text, field: str) -> tuple:
    """Six dice from a body field whose turn solve the web takes on (or 422 naming the field); the table itself
    is solved by a job (`prepare`), never here."""
    with user_field(field):
        dice = face.parse_loadout(text, field.rpartition(".")[2])
    return within_reach(dice, field)


def within_reach(dice: tuple, field: str) -> tuple:
    """The dice; 422 naming the field when their turn is unbounded or too long a solve for the web (the plan:
    microseconds, nothing solved)."""
    with user_field(field):
        plan = face.turn_plan(dice)
        if plan.unbounded is not None:
            raise InputError(plan.unbounded)
        if plan.work > WEB_TURN_MAX_WORK or plan.memory > WEB_TURN_MAX_BYTES:
            raise InputError(f"these dice almost never bust: a turn solve of {plan.work:.1e} steps "
                             f"({plan.memory / 2**20:,.0f} MB) is beyond the web's limit of {WEB_TURN_MAX_WORK:.0e} "
                             "steps (about 3 s); use 'holdwise farkle turn' on the command line")
    return dice
