"""Badges at the Farkle table on the web: `GET /api/farkle/badges`, a match with badges.

The API returns `holdwise farkle match --badges ... --json` unchanged: the first player's start win chance with
the badges and without, and each badge's worth. A match with badges solves a whole match per layer of unspent
uses; the web answers only what does that in a few seconds (WEB_BADGES_MAX_WORK: six ordinary dice to 4,000
with a gold Doppelganger) and refuses larger ones with 422 naming `target` and the command line. Answers are
kept by their question as the JSON bytes sent.
"""

from __future__ import annotations

import hashlib
from enum import Enum
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from ..errors import InputError
from ..games import farkle as face
from .common import AnswerCache, FieldError, jobs, json_bytes, json_response, user_field
from . import farkle_turns as turns
from .farkle import checked_loadout
from .schemas import FarkleBadges, answers

__all__ = ["WEB_BADGES_MAX_WORK", "router"]

router = APIRouter()
TAG: list[str | Enum] = ["farkle"]
# match.match_cost steps times the layers times LAYER_COST (a layer's CPU against a match.py solve):
# six ordinary dice to 4,000 with a gold Doppelganger (4 layers) are 5.6e10 (13 s CPU measured)
WEB_BADGES_MAX_WORK = 6e10
_ANSWERS = AnswerCache(1 << 20)


@router.get("/api/farkle/badges", tags=TAG, **answers(FarkleBadges, "GET /api/farkle/badges", {202: {
    "description": "solving: new dice's turn tables (`turns`), then the matches with badges, each a job in the "
                   "server's line of heavy solves: the job's status (`status`, `done`, `total`, `error`, "
                   "`seconds_left`, `phase`, `detail`); ask again with the same query"}}))
def badges(dice: Annotated[str, Query(max_length=2000)] = "ordinary*6",
           opponent_dice: Annotated[str | None, Query(max_length=2000)] = None,
           target: Annotated[int, Query(ge=50, le=20000)] = 4000,
           badges: Annotated[str, Query(max_length=400)] = "",
           opponent_badges: Annotated[str, Query(max_length=400)] = "") -> Response:
    """A match with badges (`holdwise farkle match --badges B --opponent-badges B --json`): badges as
    comma-separated `effect-tier` slugs (`warlord-tin,doppelganger-silver`); the first player's start win chance
    with them and without, each badge's worth in win chance. Solves beyond a few seconds get 422; what it
    answers is solved as a job in the server's line of heavy solves (202 with its status until done: ask again)."""
    with user_field("target"):
        target = face.check_target(target)
    with user_field("badges"):
        mine_badges = face.parse_badges(badges)
    with user_field("opponent_badges"):
        their_badges = face.parse_badges(opponent_badges)
    mine = checked_loadout(dice, "dice")
    other = checked_loadout(opponent_dice, "opponent_dice") if opponent_dice else mine
    waiting = turns.pending([mine, other], "dice")  # new dice: their turn tables are a job first (202, ask again)
    if waiting is not None:
        return waiting
    key = (tuple(d.name for d in mine), tuple(d.name for d in other), target, mine_badges, their_badges)
    hit = _ANSWERS.get(key)
    if hit is not None:
        return json_response(hit)
    layers = face.badge_layers(mine_badges, their_badges)
    with user_field("target"):
        if face.match_cost(mine, other, target)[0] * layers * face.LAYER_COST > WEB_BADGES_MAX_WORK:
            raise InputError(f"{target:,}: a match with these badges ({layers} solves) is beyond what the "
                             "web answers at once (a few seconds); use 'holdwise farkle match --badges' on "
                             "the command line")
    # its matches (a solve per layer of badge uses, up to a few seconds) are a job in the server's line
    name = "farkle-badge-report-" + hashlib.sha256(repr(key).encode()).hexdigest()[:20]
    job = jobs.get(name)
    if job is None or job.state != "done":
        job = jobs.submit(name, lambda progress: json_bytes(
            face.badge_report(mine, other, target, mine_badges, their_badges).to_json()))
    if job.state == "failed":
        raise FieldError("target", job.error or "the badge report failed")
    if job.state != "done":
        return json_response({**job.to_json(), "phase": "solving the matches with badges", "detail": (
            "solving the match with these badges (seconds); ask again with the same query")}, status=202)
    _ANSWERS.put(key, job.result)
    return json_response(job.result)
