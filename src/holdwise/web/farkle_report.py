"""The Farkle strategy report page (`/farkle/report`) and its API (`GET /api/farkle/report`).

The API returns `holdwise farkle report --json` unchanged. A report needs one stored race-aware match solve and
a pass over every score pair; the web answers only what does that in a few seconds (WEB_REPORT_MAX_WORK: six
ordinary dice up to 4,000) and refuses larger ones with 422 naming `target` and the command line; what it
answers is solved as a job in the server's line of heavy solves (202 until done; the page asks again). Answers
are kept by (dice, opponent's dice, target) as the JSON bytes sent.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from .. import i18n
from ..i18n import N_
from ..errors import InputError
from ..games import farkle as face
from .common import AnswerCache, FieldError, jobs, json_bytes, json_response, page, request_language, user_field
from .schemas import FarkleReport, answers
from . import farkle_turns as turns
from .farkle import checked_loadout

__all__ = ["WEB_REPORT_MAX_WORK", "largest_target", "router"]

router = APIRouter()
TAG: list[str | Enum] = ["farkle"]  # FastAPI types its tags so
# Steps of the report's match solve (match.match_cost) answered inside a request: three special and three ordinary
# dice against six ordinary to 4,000 are 1.9e10 steps (4.8 s in all from the dice, solve and report, quiet
# machine); six ordinary dice, 1.4e9 steps (1 s); six unlike dice (6.7e10 steps, 15 s) are left to the CLI
WEB_REPORT_MAX_WORK = 2e10
_ANSWERS = AnswerCache(8 << 20)  # a report to 4,000 is about 0.5 MB of JSON


def largest_target(dice: tuple, other: tuple) -> int:
    """The largest target whose report the web answers at once for these dice (the page's lead says it)."""
    largest = face.SCORE_UNIT
    while face.match_cost(dice, other, largest + face.SCORE_UNIT)[0] <= WEB_REPORT_MAX_WORK:
        largest += face.SCORE_UNIT
    return largest


def _checked_size(dice: tuple, other: tuple, target: int) -> None:
    """Refuse, naming `target`, a report whose solve would take more than a few seconds here."""
    with user_field("target"):
        face.check_match_cost(dice, other, target, store=True)
        work, _ = face.match_cost(dice, other, target)
        if work > WEB_REPORT_MAX_WORK:
            largest = largest_target(dice, other)
            raise InputError(f"{target:,}: the report's match solve is beyond what the web answers at once (a few "
                             f"seconds); the largest target here for these dice is {largest:,}; use 'holdwise "
                             "farkle report' on the command line for more")


@router.get("/api/farkle/report", tags=TAG, **answers(FarkleReport, "GET /api/farkle/report", {202: {
    "description": "solving: new dice's turn tables (`turns`), then the report's match, each a job in the server's "
                   "line of heavy solves: the job's status (`status`, `done`, `total`, `error`, `seconds_left`, "
                   "`phase`, `detail`); ask again with the same query"}}))
def report(dice: Annotated[str, Query(max_length=2000)] = "ordinary*6",
           opponent_dice: Annotated[str | None, Query(max_length=2000)] = None,
           target: Annotated[int, Query(ge=50, le=20000)] = 2000) -> Response:
    """The strategy report (`holdwise farkle report --json`): race-aware bank thresholds over both scores per
    number of dice left, where race-aware play and the coaching table differ and what it costs in win chance,
    who is favoured at each score pair, findings. Targets whose solve takes more than a few seconds get 422. A
    report not solved yet is a job in the server's line of heavy solves: 202 with its status, ask again."""
    with user_field("target"):
        target = face.check_target(target)
    mine = checked_loadout(dice, "dice")
    other = checked_loadout(opponent_dice, "opponent_dice") if opponent_dice else mine
    waiting = turns.pending([mine, other], "dice")  # new dice: their turn tables are a job first (202, ask again)
    if waiting is not None:
        return waiting
    key = (tuple(d.name for d in mine), tuple(d.name for d in other), target)
    hit = _ANSWERS.get(key)
    if hit is not None:
        return json_response(hit)
    _checked_size(mine, other, target)  # the guard: a 422 at once
    # the report's match (up to a few seconds) is solved as a job in the server's line, not in the request
    name = "farkle-report-" + hashlib.sha256(json.dumps([*key[:2], target]).encode()).hexdigest()[:20]
    job = jobs.get(name)
    if job is None or job.state != "done":
        job = jobs.submit(name, lambda progress: json_bytes(face.strategy_report(mine, other, target).to_json()))
    if job.state == "failed":
        raise FieldError("target", job.error or "the report failed")
    if job.state != "done":
        return json_response({**job.to_json(), "phase": "solving the match", "detail": (
            "solving the report's match (seconds); ask again with the same query")}, status=202)
    _ANSWERS.put(key, job.result)
    return json_response(job.result)


@router.get("/farkle/report", response_class=HTMLResponse, include_in_schema=False)
def report_page(request: Request) -> HTMLResponse:
    """The strategy report page: the form, then the report drawn from the API."""
    ordinary = checked_loadout("ordinary*6", "dice")
    return page(request, "farkle_report.html", title=N_("Farkle: strategy report"), dice=face.list_dice().dice,
                largest=largest_target(ordinary, ordinary), num=i18n.numbers(request_language(request)))
