"""The Farkle loadouts' API: a loadout's turn table (`POST /api/farkle/turn`, and the poll and stop of its job),
and the loadout chooser (`POST /api/farkle/loadouts`): which six of the dice you own to bring, by expected points
per turn, or against an opponent's dice by the win chance: background jobs in the server's line of heavy solves
(`web.work`); a set whose turns are solved is ranked by points at once."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field, Strict

from ..errors import InputError
from ..games import farkle as face
from . import common
from . import farkle_turns as turns
from .common import AnswerCache, Body, FieldError, checked, computed, examples, jobs, user_field
from .errors import said
from .farkle import TAG, WEB_TURN_MAX_WORK, Dice, DiceList, Target, checked_loadout
from .schemas import FarkleTurn, JobStatus, Loadouts, answers

__all__ = ["WEB_LOADOUT_MAX_WORK", "LoadoutsBody", "router"]

router = APIRouter()

_ranked = AnswerCache(1 << 20)  # rankings by points (1-3 KB as JSON for five rows), by owned dice and top
TOLD_KEEP = 64
_told: dict[str, Any] = {}  # the failed ranking job last told, by key: asked again, it is started again

class TurnBody(Body):
    """The dice of `holdwise farkle turn`."""

    model_config = examples({"dice": "ordinary*6"})
    dice: Dice = None


@router.post("/api/farkle/turn", tags=TAG, **answers(FarkleTurn, "POST /api/farkle/turn", {202: turns.TURN_202}))
def turn(body: TurnBody) -> Any:
    """One turn solved exactly: expected points, bust chance and bank threshold per number of dice left
    (`holdwise farkle turn --json`). Dice whose solve would take more than about 3 s get 422. A table not solved
    yet is a job in the server's line of heavy solves: 202 with its status until done (ask again)."""
    dice = checked_loadout(body.dice, "dice")
    waiting = turns.pending([dice], "dice")
    if waiting is not None:
        return waiting
    return checked(lambda: face.turn_report(dice).to_json(), "dice")


class TurnsBody(Body):
    """The dice whose turn tables a request waits for (the `turns` of its 202)."""

    model_config = examples({"dice": "ordinary*5,lucky", "opponent_dice": "ordinary*6"})
    dice: Dice = None
    opponent_dice: Dice = None


def _turn_loadouts(body: TurnsBody) -> list[tuple]:
    dice = checked_loadout(body.dice, "dice")
    return [dice, checked_loadout(body.opponent_dice, "opponent_dice")] if body.opponent_dice else [dice]


@router.post("/api/farkle/turn/prepare", tags=TAG, **answers(JobStatus, "POST /api/farkle/turn/prepare"))
def turn_prepare(body: TurnsBody) -> dict:
    """Start solving the turn tables of these dice unless they are solved (the poll of a 202 with `turns`): the
    jobs' status, `done`/`total` tables (past the limits 429)."""
    return turns.prepare(_turn_loadouts(body))


@router.post("/api/farkle/turn/cancel", tags=TAG, **answers(JobStatus, "POST /api/farkle/turn/cancel"))
def turn_cancel(body: TurnsBody) -> dict:
    """Stop solving these turn tables (the page's Stop, or the page leaving; not while another client asked
    about them within the idle time): their status, `cancelled` once stopped; it starts nothing."""
    return turns.cancel(_turn_loadouts(body))


Count = Annotated[int, Strict()]
Owned = Annotated[str | DiceList | Annotated[dict[Annotated[str, Field(max_length=200)], Count], Field(max_length=40)],
                  Field(description="the dice you own: names as `dice` reads them ('ordinary*4,lucky'), a list of "
                                    "names, or counts per die ({\"ordinary\": 4, \"lucky\": 2}); at least six, at "
                                    "most 120 (1 to 120 of a kind)")]


class LoadoutsBody(Body):
    """The arguments of `holdwise farkle loadout`: the dice you own, and against an opponent its dice, the
    target and a badge weighed beside the dice."""

    model_config = examples({"owned": {"ordinary": 4, "weighted": 1, "lucky": 1, "odd": 1, "kings": 1}},
                            {"owned": "ordinary*4,weighted,lucky,odd,kings", "opponent_dice": "ordinary*6",
                             "target": 500, "top": 3})
    owned: Owned
    opponent_dice: Dice = None
    target: Target = 4000
    top: Annotated[int, Strict(), Field(ge=1, le=300, description="how many loadouts to list")] = 5
    badge: Annotated[str | None, Field(max_length=60, description=(
        "with `opponent_dice`: a badge (slug, e.g. 'fortune-gold') weighed beside the dice: the listed loadouts "
        "solved again with it and ranked by the win chance with it (`badge_win_average`, what it adds: "
        "`badge_worth`)"))] = None


def _owned(owned) -> tuple:
    """The owned dice of a body: counts per die read as 'name*count' (422 naming `owned.<name>` for a bad
    count, `owned` for anything else)."""
    if isinstance(owned, dict):
        items = []
        for name, count in owned.items():
            if not 0 <= count <= face.MAX_REPEAT:
                raise FieldError(f"owned.{name}"[:60], f"a count of one die is 0 to {face.MAX_REPEAT}, got {count}")
            with user_field("owned"):
                die = face.parse_dice(name)
                if len(die) != 1:
                    raise InputError(f"name one die a count, got {name[:40]!r}")
            items.extend(die * count)
        if len(items) > face.MAX_DICE:
            raise FieldError("owned", f"at most {face.MAX_DICE} dice in all, got {len(items)}")
        dice = tuple(items)
    else:
        if not owned or (isinstance(owned, str) and not owned.strip()):
            raise FieldError("owned", "name the dice you own (at least six)")
        with user_field("owned"):
            dice = face.parse_dice(owned)
    if len(dice) < face.DICE_PER_PLAYER:
        raise FieldError("owned", f"a loadout needs {face.DICE_PER_PLAYER} dice; {len(dice)} owned")
    return dice


# The turns of a loadout search answered inside a request (the expected-points ranking): 3 ns a step, the
# turn route's model, overstates the named dice three to four times (137 choices: 1.5e10 steps, 12 s on a
# loaded machine; ten unlike named dice, 210 choices: 4.9e10 steps), so this is about a minute of them
WEB_LOADOUT_MAX_WORK = 60 * WEB_TURN_MAX_WORK


def _check_owned_work(owned) -> None:
    """Refuse (422 naming `owned`) a search whose turns are beyond a request's time: a choice beyond the turn
    route's limit, or all of them beyond WEB_LOADOUT_MAX_WORK. Too many choices are left to `best_loadouts`."""
    if face.count_choices(owned) > face.MAX_CHOICES:
        return
    choices = face.distinct_choices(owned)
    total = 0
    for dice in choices:
        plan = face.turn_plan(dice)
        if plan.unbounded is not None:
            continue
        if plan.work > WEB_TURN_MAX_WORK:
            raise FieldError("owned", f"the loadout {face.dice_text(dice)} almost never busts: its turn is a solve of "
                                      f"{plan.work:.1e} steps, beyond the web's {WEB_TURN_MAX_WORK:.0e} (about 3 s); "
                                      "use 'holdwise farkle loadout' on the command line")
        total += plan.work
    if total > WEB_LOADOUT_MAX_WORK:
        raise FieldError("owned", f"the turns of {len(choices):,} choices are {total:.1e} steps, beyond the web's "
                                  f"{WEB_LOADOUT_MAX_WORK:.0e} (about a minute): own fewer kinds of dice, or use "
                                  "'holdwise farkle loadout' on the command line")


def _badge(body: LoadoutsBody, other) -> Any:
    """The body's badge, read (422 naming `badge`: unknown, not modelled, or without `opponent_dice`)."""
    if not body.badge:
        return None
    if other is None:
        raise FieldError("badge", "a badge is weighed in a match: name the opponent's dice too")
    with user_field("badge"):
        badges = face.parse_badges(body.badge)
    if len(badges) != 1:
        raise FieldError("badge", "weigh one badge at a time (e.g. 'fortune-gold')")
    return badges[0]


def _job_key(kind: str, parts: list) -> str:
    """A job's key: its kind and a digest of what it solves."""
    return f"farkle-{kind}-" + hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:20]


def _job_status(job, counted: str) -> dict:
    """A job's status with its phase in words; `counted` says what its done of total count."""
    out = job.to_json()
    if out["status"] == "queued":
        out["phase"] = "waiting for another solve"
    elif out["total"]:
        out["phase"] = counted.format(done=f"{out['done']:,}", total=f"{out['total']:,}")
    else:
        out["phase"] = "preparing the turns"
    return out


def _loadouts_key(owned, other, target: int, top: int, badge: str | None = None) -> str:
    parts = [[d.name for d in owned], [d.name for d in other], int(target), int(top)]
    return _job_key("loadouts", parts + ([badge] if badge else []))  # a plain search keeps its key


def _loadouts_status(job) -> dict:
    return _job_status(job, "loadout {done} of {total}")


def _points_key(owned, top: int) -> str:
    return _job_key("points", [[d.name for d in owned], int(top)])


def _points_status(job) -> dict:
    return _job_status(job, "turns of {done} of {total} loadouts solved")


def _points(owned, top: int) -> tuple[dict | None, Any]:
    """The ranking by expected points (`best_loadouts(...).to_json()`) and None; or None and the job solving it
    (started within the limits unless it runs). A ranking kept in memory, or one whose turns are all on disk
    (reads, no solve), is answered at once; any other is a job in the server's line of heavy solves."""
    key = _points_key(owned, top)
    kept = _ranked.get(key)
    if kept is not None:
        return kept, None

    def rank(progress: Callable[[int, int], None] | None = None) -> dict:
        try:  # the guard plans every choice's turn: a third of a second for 16 new choices, so in the job too
            _check_owned_work(owned)
        except FieldError as err:
            raise InputError(err.message) from None  # the job's error, said again under `owned`
        # one process and one thread: a web server's threads must not fork (the CLI's search runs two processes)
        return face.best_loadouts(owned, top=top, workers=1, progress=progress).to_json()

    if face.ranking_stored(owned):
        answer = computed("loadout ranking", rank, "owned")
        _ranked.put(key, answer, len(json.dumps(answer)))
        return answer, None
    job = jobs.get(key)
    if job is None or job.state != "done":
        if job is None or job.state != "failed" or _told.get(key) is job:
            job = jobs.submit(key, rank)  # a failed job is told once, and started again when asked again
        if job.state == "failed":
            _told[key] = job
            while len(_told) > TOLD_KEEP:
                _told.pop(next(iter(_told)))
            raise FieldError("owned", job.error or "the loadout ranking failed")
        if job.state != "done":
            return None, job
    _ranked.put(key, job.result, len(json.dumps(job.result)))
    return job.result, None


@router.post("/api/farkle/loadouts", tags=TAG, **answers(Loadouts, "POST /api/farkle/loadouts", {
    202: {"description": "solving: the job's status (`status`, `done`/`total` loadouts, `error`, `seconds_left`, "
                         "`phase`, `detail`), with the expected-points ranking under `expected_points` (null while "
                         "that ranking is itself being solved); ask again with the same body",
          "content": {"application/json": {"example": {
              "status": "running", "done": 4, "total": 11, "error": None, "seconds_left": 1.2,
              "phase": "turns of 4 of 11 loadouts solved", "expected_points": None,
              "detail": "solving the turns of every loadout (seconds); ask again with the same body"}}}},
    422: {"description": "bad input, or a search beyond the guard (with the expected-points ranking)"}}))
def loadouts(body: LoadoutsBody, request: Request) -> Any:
    """The best six of the dice you own (`holdwise farkle loadout --json`): by expected points per turn, or
    with `opponent_dice` by the win chance in a match to `target` moving first and second. Both are background
    jobs in the server's line of heavy solves (a new set's turns are seconds of solving; identical bodies share
    one job; past the limits 429 with `Retry-After`): 202 with the job's status (`status`, `done`/`total`
    loadouts, `phase`) until it is done, and under `expected_points` the ranking by points once it is known
    (null before); ask again with the same body, which is the poll that keeps the job wanted. A set whose turns
    are solved is ranked by points at once. A search beyond about a minute of solves is 422 naming `target` (or
    `owned`) with the largest target that fits, and still carries `expected_points`."""
    owned = _owned(body.owned)
    with user_field("target"):
        target = face.check_target(body.target)
    other = checked_loadout(body.opponent_dice, "opponent_dice") if body.opponent_dice else None
    badge = _badge(body, other)
    points, waiting = _points(owned, body.top)
    if points is None:
        against = "" if other is None else f", then their matches to {target:,}"
        detail = f"solving the turns of every loadout{against} (seconds); ask again with the same body"
        return JSONResponse(status_code=202, content={**_points_status(waiting), "detail": detail,
                                                      "expected_points": None})
    if other is None:
        return points

    def refused(err: InputError) -> JSONResponse:
        if not isinstance(err, FieldError):
            err = common.field_error(err) if err.field is not None else FieldError("target", str(err))
        detail = said(err, common.request_language(request))  # in the reader's language, as every 422
        return JSONResponse(status_code=422, content={"detail": detail[:500], "field": err.field,
                                                      "expected_points": points})

    waiting = turns.pending([other], "opponent_dice")  # the opponent's table: its own job, then the search
    if waiting is not None:
        return JSONResponse(status_code=202, content={**json.loads(waiting.body), "expected_points": points})
    try:
        face.check_loadout_search(owned, other, target)  # the turns are solved: reads
        if badge is not None:  # the leaders' badge solves, each at its cheapest (the exact check is the job's)
            face.check_badge_search([other] * body.top, other, target, badge)
    except InputError as err:
        return refused(err)
    key = _loadouts_key(owned, other, target, body.top, badge.slug if badge else None)
    job = jobs.get(key)
    failed = job.error or "the loadout search failed" if job is not None and job.state == "failed" else None

    def work(progress: Callable[[int, int], None]) -> dict:
        return face.best_loadouts(owned, top=body.top, workers=1, opponent_dice=other, target=target,
                                  progress=progress, badge=badge).to_json()

    job = jobs.submit(key, work)  # a failed job is started again: told once, tried again when asked again
    if failed:
        return refused(InputError(failed))
    if job.state == "done":
        return job.result
    detail = (f"solving every loadout's match to {target:,} against these dice (seconds to a minute); ask again "
              "with the same body; `expected_points` ranks them by points per turn meanwhile")
    return JSONResponse(status_code=202, content={**_loadouts_status(job), "detail": detail, "expected_points": points})


MISSING = {"status": "missing", "done": 0, "total": 0, "error": None, "seconds_left": None}


@router.post("/api/farkle/loadouts/cancel", tags=TAG, **answers(JobStatus, "POST /api/farkle/loadouts/cancel"))
def loadouts_cancel(body: LoadoutsBody) -> dict:
    """Stop the ranking of this body (the page left, or Stop): the solve of its turns, and against an opponent
    the win chances (the loadouts' turns and matches solved so far stay solved, so asking
    /api/farkle/loadouts again goes on past them); it stops unless another client asked about it within the
    idle time. Its status, `cancelled` once stopped ("missing": none here)."""
    owned = _owned(body.owned)
    with user_field("target"):
        target = face.check_target(body.target)
    other = checked_loadout(body.opponent_dice, "opponent_dice") if body.opponent_dice else None
    badge = _badge(body, other)
    if other is not None and not face.turn_ready(other):
        turns.cancel([other])
    points = jobs.cancel(_points_key(owned, body.top))
    job = None if other is None else jobs.cancel(_loadouts_key(owned, other, target, body.top,
                                                               badge.slug if badge else None))
    if job is not None:
        return _loadouts_status(job)
    if points is not None:
        return _points_status(points)
    return dict(MISSING)
