"""The Farkle practice table (`/farkle`) and the Farkle JSON API (`/api/farkle/...`).

Answers that a CLI command gives are that command's `--json` object unchanged (`dice`, `turn`; the hint is
the generic `POST /api/farkle/hint`, with `hint_pending` from here). Play is stateless: each play response
carries `state` (the sealed state: send it back as it is), the legal `actions` and a `view` (the roll's faces
as shown, the dice of both sides, the legal keeps). Race-aware answers need the match of (player's dice,
opponent's dice, target) solved and in this process's memory; until it is, the request starts a background
job (`jobs.submit`) and is answered 202 with the job's status, and the page polls `/api/farkle/match/prepare`
(with a progress bar), then asks again. The loadout chooser's API is `farkle_loadouts.py`.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import Field, Strict

from .. import i18n
from ..i18n import N_
from ..errors import InputError
from ..memory import on_solve
from ..settings import limits
from ..games import farkle as face
from ..games.base import State
from . import common
from . import farkle_badge_jobs as badge_jobs
from . import farkle_turns as turns
from .farkle_turns import WEB_TURN_MAX_WORK, checked_loadout
from .common import (Body, Cancelled, FieldError, StateBody, checked, examples, fresh_seed, jobs, keep_language, page,
                     request_language, unseal, user_field)
from .schemas import FarkleCoach, FarkleDice, FarkleReview, FarkleRules, JobStatus, SessionAnswer, answers
from .session import play, session_routes
from .work import ledger

__all__ = ["DEFAULT_DICE", "TAG", "WEB_TURN_MAX_WORK", "Dice", "DiceList", "Target", "checked_loadout", "hint_pending",
           "router", "warm"]

router = APIRouter()
TAG: list[str | Enum] = ["farkle"]  # FastAPI types its tags so
GAME = "farkle"
DEFAULT_DICE = ["ordinary"] * 6

Int = Annotated[int, Strict()]
DiceList = Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=120)]
Dice = Annotated[str | DiceList | None, Field(description="six dice: names separated by commas ('lucky*2' "
                                                          "repeats; 'custom:1,1,1,1,1,2' gives weights), "
                                                          "or a list of names; default six ordinary dice")]
Target = Annotated[int, Strict(), Field(ge=50, le=20000,
                                        description="points to win: a multiple of 50")]
Score = Annotated[int, Strict(), Field(ge=0, le=20000)]


Slugs = Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=12)] | None


class MatchBody(Body):
    """A race-aware match: your dice, the opponent's (default: the same), the target; with badges (a practice
    table's `badges`, `computer_badges`: slugs) the match with them, solved after the match without."""

    model_config = examples({"dice": "ordinary*6", "opponent_dice": "ordinary*6", "target": 1000})
    dice: Dice = None
    opponent_dice: Dice = None
    target: Target = 4000
    badges: Slugs = None
    computer_badges: Slugs = None


class Options(Body):
    """The options of a match against the computer (`holdwise farkle play`)."""

    target: Target = 4000
    dice: Dice = None
    computer_dice: Dice = None
    computer: Literal["race-aware", "coaching"] = "race-aware"
    first: Literal["player", "computer"] = "player"
    badges: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=8)] | None = None
    computer_badges: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=8)] | None = None


class NewBody(common.NewBody[Options]):
    """A new match: its options and (optional) seed of the dice."""

    model_config = examples({"options": {"target": 1000, "computer": "race-aware"}, "seed": 7})


class Action(Body):
    """A play action: roll (badges = [might]: with the Badge of Might's extra die), keep (dice = positions 1-6
    set aside, 7 the extra die of a Might throw; then roll on or bank; badges spent with it: doppelganger,
    warlord, might to roll on with the extra die), next, after a bust with a Badge of Resurrection: resurrect
    or pass, or a badge spent on the throw (badge: dice = the positions it re-rolls or turns, badges =
    [fortune, transmutation, swap-out or wedding])."""

    type: Literal["roll", "keep", "next", "resurrect", "pass", "badge"]
    dice: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=7)]], Field(max_length=6)] | None = None
    then: Literal["roll", "bank"] | None = None
    badges: Annotated[list[Literal["doppelganger", "warlord", "fortune", "transmutation", "swap-out", "wedding",
                                   "might"]], Field(max_length=2)] | None = None

    def plain(self) -> dict:
        """The action as the session takes it (dice in order)."""
        out: dict[str, Any] = {"type": self.type}
        if self.dice is not None:
            out["dice"] = sorted(self.dice)
        if self.then is not None:
            out["then"] = self.then
        if self.badges:
            out["badges"] = list(self.badges)
        return out


_SEALED = {"state": {"game": "farkle", "...": "the sealed state as /api/farkle/new returned it"}, "seal": "hex"}


class ReviewBody(Body):
    """A sealed state and every action played since the match began (both sides), to replay and review."""

    model_config = examples({"state": _SEALED, "actions": []})
    state: dict
    actions: Annotated[list[Action], Field(max_length=5000)]


# ---- the race-aware match: in memory here, or a background job ------------------------------------------

_GENERATION: dict[str, int] = {}
_GEN_LOCK = threading.Lock()
# a stopped match solve's checkpoint (solve_match's `resume`), by match: starting it again goes on from there,
# unless another heavy solve started in this worker since (the checkpoint holds the match's arrays: memory.on_solve)
_RESUME: dict[str, dict] = {}


def _make_room(starting: str) -> None:
    for mid in list(_RESUME):
        if starting != f"farkle-match-{mid}":  # the match's shared key (_shared_key)
            _RESUME.pop(mid, None)


on_solve(_make_room)


def _names(dice) -> list[str]:
    return [d.name for d in dice]


def _match_id(dice, other, target: int) -> str:
    text = json.dumps([_names(dice), _names(other), int(target)])
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _shared_key(dice, other, target: int) -> str:
    """The key the server's workers know a match's solve by (the file lock and the job ledger)."""
    return f"farkle-match-{_match_id(dice, other, target)}"


def _job_key(dice, other, target: int, renew: bool = False) -> str:
    mid = _match_id(dice, other, target)
    with _GEN_LOCK:
        if renew:
            _GENERATION[mid] = _GENERATION.get(mid, 0) + 1
        return f"farkle-match-{mid}-{_GENERATION.get(mid, 0)}"


# what a match job does before its first score pair is told (by job key): the turn tables of unlike dice take
# a while, and a bar that says only "starting" looks stuck
_PHASE: dict[str, str] = {}
PREPARING = "preparing turn tables"
QUEUE_GRACE = 1.0  # seconds a job may sit queued before the page is told it waits for another solve


def _solve_work(dice, other, target: int, key: str) -> Callable[[Callable[[int, int], None]], None]:
    def work(progress: Callable[[int, int], None]) -> None:
        _PHASE[key] = PREPARING
        for side in (dice, other):
            face.cached_turn(tuple(side))
        _PHASE[key] = "solving the score pairs"
        mid = _match_id(dice, other, target)
        try:
            face.cached_match(tuple(dice), tuple(other), int(target), store=True, progress=progress,
                              resume=_RESUME.setdefault(mid, {}))
        except Cancelled:
            if not ledger.stop_asked(_shared_key(dice, other, target)):  # stopped as nobody asked: none goes on
                _RESUME.pop(mid, None)
            raise
        _RESUME.pop(mid, None)  # solved: nothing to resume
    return work


def _phase(job, out: dict, key: str) -> str:
    """The words for what a match solve is doing: the page's progress line from the first answer on."""
    if out["status"] in ("done", "cancelled"):
        return out["status"]
    if out["total"]:
        return f"score pair {out['done']:,} of {out['total']:,}"
    if out["status"] == "queued" and job is not None and time.monotonic() - job.started > QUEUE_GRACE:
        return "waiting for another solve"
    if out["status"] == "running":
        return _PHASE.get(key, PREPARING)
    return PREPARING if out["status"] == "queued" else "not started"


def _status(dice, other, target: int) -> dict:
    """The match's status: done when in memory here; else this process's job (with another process's progress
    when that one solves it), or "missing"."""
    spec = {"dice": _names(dice), "opponent_dice": _names(other), "target": int(target)}
    if face.match_ready(dice, other, target):
        return {"status": "done", "done": 1, "total": 1, "error": None, "seconds_left": None, "phase": "done",
                "match": spec}
    key = _job_key(dice, other, target)
    job = jobs.get(key, poll=False)  # a look: the page that waits asks /prepare, which is the poll
    missing = {"status": "missing", "done": 0, "total": 0, "error": None, "seconds_left": None}
    out = job.to_json() if job is not None else missing
    if out["status"] == "done":  # solved here once, since dropped from memory: a new job loads it again
        out = missing
    if out["status"] in ("missing", "queued", "running") and not out["total"]:
        elsewhere = face.match_solving(dice, other, target)
        if elsewhere is not None:
            out.update(done=elsewhere[0], total=elsewhere[1])
    return {**out, "phase": _phase(job, out, key), "match": spec}


def _prepare(dice, other, target: int, field: str = "target") -> dict:
    """Start (or find) the job that brings the match into memory; its status. Beyond the guard: 422."""
    # past a limit, refused before the loadouts' turn tables are solved (seconds and MBs for unlike dice); their
    # jobs, parts of this question (`turns.prepare(..., question)`), count not as others
    jobs.check(_job_key(dice, other, target), _shared_key(dice, other, target))
    with user_field(field):
        face.check_match_cost(tuple(dice), tuple(other), int(target), store=True, what="target")
        _within_memory(tuple(dice), tuple(other), int(target))
    if face.match_ready(dice, other, target):
        return _status(dice, other, target)
    key = _job_key(dice, other, target)
    job = jobs.get(key)
    if job is not None and job.state == "done":
        key = _job_key(dice, other, target, renew=True)
    g = int(target) // face.SCORE_UNIT
    # a resumed solve's time left counts the work of this run only: the share done since it went on
    base = face.work_fraction(_RESUME.get(_match_id(dice, other, target), {}).get("done", 0), g)

    def share(done: int, total: int) -> float:
        return max(0.0, face.work_fraction(done, g) - base) / max(1e-9, 1.0 - base)

    jobs.submit(key, _solve_work(dice, other, target, key), share=share, shared=_shared_key(dice, other, target))
    return _status(dice, other, target)


def _within_memory(dice: tuple, other: tuple, target: int) -> None:
    """Refuse, naming the largest target that fits, a match whose stored solve needs more than --match-memory
    (300M by default: six unlike dice to 4,000 need 281 MB; a worker then stays within 800 MB while solving:
    ~250 MB of code and tables, the memory budget of kept answers, 160 MB, and the solve; the CLI goes further)."""
    limit = limits().match_bytes
    if face.match_cost(dice, other, target, store=True)[1] <= limit:
        return
    fits = target - face.SCORE_UNIT
    while fits > 0 and face.match_cost(dice, other, fits, store=True)[1] > limit:
        fits -= face.SCORE_UNIT
    need = face.match_cost(dice, other, target, store=True)[1]
    raise InputError(f"the race-aware match to {target:,} with these dice needs {need / 2**20:,.0f} MB, beyond the "
                     f"web lab's {limit / 2**20:,.0f} MB: at most {max(fits, 0):,} here (the command line "
                     "goes further)")


def _cancel(dice, other, target: int) -> dict:
    """Ask this process's solve of the match to stop (at its next sum of scores; asked again, it goes on from
    there); the match's status."""
    jobs.cancel(_job_key(dice, other, target), _shared_key(dice, other, target))
    return _status(dice, other, target)


def _pending(dice, other, target: int, field: str = "target") -> JSONResponse | None:
    """None when the match is ready here; else 202 with the status of the job that prepares it."""
    if face.match_ready(dice, other, target):
        return None
    status = _prepare(dice, other, target, field)
    if status["status"] == "done":
        return None
    if status["status"] == "failed":
        raise FieldError(field, status["error"] or "the match solve failed")
    detail = (f"solving the race-aware match to {int(target):,} for these dice (seconds to minutes: "
              "'seconds_left' tells); poll POST /api/farkle/match/prepare with 'match', then ask again "
              "(POST /api/farkle/match/cancel stops it)")
    return JSONResponse(status_code=202, content={**status, "detail": detail})


def _turns_first(ask: Callable[[list], dict], dice, other, target: int) -> dict | None:
    """None when both turn tables are ready; else `ask`'s status of their jobs (prepare, cancel or status) as a
    match's, unless that made them ready."""
    if face.turn_ready(dice) and face.turn_ready(other):
        return None
    status = ask([dice, other])
    return None if status["status"] == "done" else _as_match(status, dice, other, target)


def _as_match(status: dict, dice, other, target: int) -> dict:
    """The turn tables' status told as a match's whose solve waits for them (no score pairs yet)."""
    phase = PREPARING if status["status"] == "running" else status["phase"]
    spec = {"dice": _names(dice), "opponent_dice": _names(other), "target": int(target)}
    return {**status, "done": 0, "total": 0, "phase": phase, "match": spec}


def hint_pending(request: face.HintRequest) -> JSONResponse | None:
    """For `POST /api/farkle/hint`: dice beyond the web's turn limit are a 422; a race-aware hint whose match is
    not in memory here is answered 202 with the status of the job that solves it (poll
    /api/farkle/match/prepare, then ask again); None when the hint can be answered now."""
    turns.within_reach(request.dice, "dice")
    if request.opponent_dice != request.dice:
        turns.within_reach(request.opponent_dice, "opponent_dice")
    if not request.race:
        return turns.pending([request.dice], "dice")
    question = _shared_key(request.dice, request.opponent_dice, request.target)
    return turns.pending([request.dice, request.opponent_dice], "dice", question) or _pending(
        request.dice, request.opponent_dice, request.target)


def _unseal(sealed: Mapping) -> State:
    """The Farkle state of a sealed state (422 naming "state" if tampered, foreign or malformed)."""
    return unseal(sealed, GAME)


def _race(state: State) -> bool:
    return state.options["computer"] == "race-aware"


def _turns_pending(state: State) -> JSONResponse | None:
    """202 while a session's turn tables are solved (gone from this worker's memory and the disk since /new)."""
    dice, other, _ = face.session_loadouts(state.options)
    return turns.pending([dice, other], "state")


def _session_pending(state: State) -> JSONResponse | None:
    """202 while a session's turn tables, or a race-aware session's match (then its badge match, with badges),
    are not in memory here."""
    waiting = _turns_pending(state)
    if waiting is not None or not _race(state):
        return waiting
    dice, other, target = face.session_loadouts(state.options)
    waiting = _pending(dice, other, target)
    if waiting is not None or "badges" not in state.options:
        return waiting
    return badge_jobs.pending(state.options)


def _view(state: State) -> dict:
    """What the page draws beyond the state: the roll's faces as shown (each die by id and name in the game),
    both sides' dice (ids, and `dice_names`), the legal keeps."""
    player, computer, _ = face.session_loadouts(state.options)
    side = state.to_move
    roll = []
    if state.phase in ("select", "bust"):
        dice = face.with_extra(player if side == "player" else computer)  # a Might's extra die: position 7
        roll = [{"position": p, "face": face.face_text(dice[p - 1], f), "die": dice[p - 1].name,
                 "die_name": face.die_title(dice[p - 1])}
                for f, p in zip(state.data["roll"], state.data["left"], strict=True)]
    return {"roll": roll, "dice": {"player": _names(player), "computer": _names(computer)},
            "dice_names": {"player": [face.die_title(d) for d in player],
                           "computer": [face.die_title(d) for d in computer]},
            "keeps": face.legal_keeps(state) if state.phase == "select" else [],
            "measure": face.measure_of(state.options)}


def _play(state: State, **extra: Any) -> dict[str, Any]:
    return play(face, state, _view, **extra)


# ---- the page --------------------------------------------------------------------------------------------

# the page depends only on the named dice, the rules and the app's menu: rendered once per menu
_PAGE: dict[tuple, bytes] = {}


@router.get("/farkle", response_class=HTMLResponse, include_in_schema=False)
def farkle_page(request: Request) -> HTMLResponse:
    """The practice table."""
    menu = (request.app.state.nav, request_language(request))  # one page per menu and language
    if menu not in _PAGE:
        listing = face.list_dice()
        _PAGE[menu] = bytes(page(request, "farkle.html", title=N_("Kingdom Come dice: practice table"), dice=listing.dice,
                                 joker=listing.joker, num=i18n.numbers(menu[1]), dice_listing=listing.to_json(),
                                 rules=face.rules_sheet(translate=lambda m: i18n.gettext(m, menu[1]),
                                                        whole=i18n.numbers(menu[1]).whole)).body)
    return keep_language(request, HTMLResponse(_PAGE[menu]))


# ---- the CLI's answers -----------------------------------------------------------------------------------

@router.get("/api/farkle/dice", tags=TAG, **answers(FarkleDice, "GET /api/farkle/dice"))
def dice_listing() -> dict:
    """Every die of Kingdom Come II by id and game name, its face weights, sources and strength (expected
    points per turn alone and beside three ordinary dice): `holdwise farkle dice --json`."""
    return face.list_dice(strength=True).to_json()


@router.get("/api/farkle/rules", tags=TAG, **answers(FarkleRules, "GET /api/farkle/rules"))
def rules() -> dict:
    """The rules sheet: every scoring combination with its points from the scoring function, bust, hot dice,
    the target and the named dice's chances (`holdwise farkle rules --json`)."""
    return face.rules_sheet().to_json()


@router.post("/api/farkle/match/prepare", tags=TAG, **answers(JobStatus, "POST /api/farkle/match/prepare"))
def match_prepare(body: MatchBody) -> dict:
    """Start solving a race-aware match (your dice as player 1) unless it is ready here; the job's status:
    `status` (missing, queued, running, done, failed), `done`/`total` score pairs, `phase` (what the solve does
    now, in words: "preparing turn tables", "score pair 120 of 6,400", ...), `seconds_left` (the time left at
    the pace so far, once a little of the work is done; else null), `error`, `match`.
    Poll it until `done`. Targets beyond the solve guard get 422."""
    with user_field("target"):
        target = face.check_target(body.target)
    with user_field("dice"):
        named = face.parse_loadout(body.dice, "dice")
    with user_field("opponent_dice"):
        named_other = face.parse_loadout(body.opponent_dice, "opponent_dice") if body.opponent_dice else named
    # past a limit, refused before the loadouts' turn tables are solved (seconds and MBs for unlike dice); their
    # jobs are parts of this question (polling while they solve is not a second one)
    question = _shared_key(named, named_other, target)
    jobs.check(_job_key(named, named_other, target), question)
    dice = checked_loadout(body.dice, "dice")
    other = checked_loadout(body.opponent_dice, "opponent_dice") if body.opponent_dice else dice
    waiting = _turns_first(lambda both: turns.prepare(both, question), dice, other, target)
    if waiting is not None:
        return waiting
    status = _prepare(dice, other, target)
    badged = badge_jobs.options_of(body.badges, body.computer_badges, dice, other, target)
    if badged is None:
        return status
    # with badges: the match without first (the session's computer reads it), then the match with them
    return badge_jobs.prepare(badged) if status["status"] == "done" else {**status, "match": badge_jobs.spec(badged)}


@router.post("/api/farkle/match/cancel", tags=TAG, **answers(JobStatus, "POST /api/farkle/match/cancel"))
def match_cancel(body: MatchBody) -> dict:
    """Stop this server process's solve of a race-aware match (it stops within one sum of scores, a second or
    so); the match's status, `cancelled` once it has stopped. Asking again with /match/prepare goes on from the
    score pairs already solved."""
    with user_field("target"):
        target = face.check_target(body.target)
    dice = checked_loadout(body.dice, "dice")
    other = checked_loadout(body.opponent_dice, "opponent_dice") if body.opponent_dice else dice
    waiting = _turns_first(turns.cancel, dice, other, target)
    if waiting is not None:
        return waiting
    badged = badge_jobs.options_of(body.badges, body.computer_badges, dice, other, target)
    if badged is not None:
        return badge_jobs.cancel(badged) if face.match_ready(dice, other, target) else _cancel(dice, other, target)
    return _cancel(dice, other, target)


@router.get("/api/farkle/match/status", tags=TAG, **answers(JobStatus, "GET /api/farkle/match/status"))
def match_status(dice: Annotated[str, Query(max_length=2000)] = "ordinary*6",
                 opponent_dice: Annotated[str | None, Query(max_length=2000)] = None,
                 target: Annotated[int, Query(ge=50, le=20000)] = 4000,
                 badges: Annotated[str, Query(max_length=400)] = "",
                 computer_badges: Annotated[str, Query(max_length=400)] = "") -> dict:
    """The status of a race-aware match's solve, without starting one (`missing` when none runs); with badges
    (comma-separated slugs), of the match with them once the match without is done."""
    with user_field("target"):
        target = face.check_target(target)
    mine = checked_loadout(dice, "dice")
    other = checked_loadout(opponent_dice, "opponent_dice") if opponent_dice else mine
    waiting = _turns_first(turns.status, mine, other, target)
    if waiting is not None:
        return waiting
    badged = badge_jobs.options_of([b for b in badges.split(",") if b], [b for b in computer_badges.split(",") if b],
                                   mine, other, target)
    if badged is not None and face.match_ready(mine, other, target):
        return badge_jobs.status(badged)
    return _status(mine, other, target)


# ---- play ------------------------------------------------------------------------------------------------

@router.post("/api/farkle/new", tags=TAG, **answers(SessionAnswer, "POST /api/farkle/new", {202: turns.TURN_202}))
def new(body: NewBody) -> Any:
    """A new match against the computer: the sealed state, legal actions and view. With the race-aware
    computer, `match` holds the status of its solve (the page waits for `done` before the first keep). Dice
    whose turn table is not solved yet: 202 with the status of its job (`turns`), ask again once done."""
    options = body.options.model_dump(exclude_none=True)
    with user_field("options.target"):
        face.check_target(options["target"], "target")
    loadouts = [checked_loadout(options.get(key), f"options.{key}")
                for key in ("dice", "computer_dice")]
    waiting = turns.pending(loadouts, "options.dice")  # the tables first: each a job, shared with /turn
    if waiting is not None:
        return waiting
    if options["computer"] == "race-aware":
        with user_field("options.target"):
            face.check_match_cost(loadouts[0], loadouts[1], options["target"], store=True, what="target")
    seed = fresh_seed(body.seed)  # the state's seal covers it
    with user_field("options"):
        state = face.new_game(options, seed)
    extra = {}
    if _race(state):
        dice, other, target = face.session_loadouts(state.options)
        extra["match"] = _prepare(dice, other, target, "options.target")
        if "badges" in state.options:  # the match with badges after it: the page waits for both
            extra["match"] = badge_jobs.prepare(state.options) if extra["match"]["status"] == "done" else {
                **extra["match"], "match": badge_jobs.spec(state.options)}
    return _play(state, **extra)


router.include_router(session_routes(
    GAME, face, routes=("step", "advice", "computer"), action_model=Action, view=_view, pending=_session_pending,
    step_example={"state": _SEALED, "action": {"type": "roll"}}, describe={
        "step": "Play an action: the next sealed state, its legal actions and view (202 while the match solves).",
        "advice": "Every option of the side to move, best first, in the session's measure, each with its action "
                  "(the Hint JSON; 202 while the match solves).",
        "computer": "The computer's next action for the side to move and the state after it (one action at a time, "
                    "so a page can show each roll and keep; 202 while the match solves)."}))


def _race_measure(state: State) -> tuple[bool, dict | None, JSONResponse | None]:
    """(race-aware values available, the match's status, a 202 to answer instead)."""
    dice, other, target = face.session_loadouts(state.options)
    if _race(state):
        waiting = _pending(dice, other, target)
        return waiting is None, None, waiting
    try:
        status = _prepare(dice, other, target)
    except FieldError as err:  # beyond the guard: the coaching computer's session plays without it
        spec = {"dice": _names(dice), "opponent_dice": _names(other), "target": target}
        return False, {"status": "refused", "done": 0, "total": 0, "error": err.message, "match": spec}, None
    return status["status"] == "done", status, None


@router.post("/api/farkle/coach", tags=TAG,
             **answers(FarkleCoach, "POST /api/farkle/coach", {202: {"description": "the match is being solved"}}))
def coach(body: StateBody) -> Any:
    """The coach for the roll in front of the side to move: every option with its expected points of the
    turn and its chance to win, best first, and a note when the two measures disagree (`coaching`: null
    before a roll). `race` is the status of the race-aware solve when the computer plays the coaching table
    (win chances come once it is done); 202 while a race-aware session's match solves."""
    state = _unseal(body.state)
    waiting = _turns_pending(state)
    if waiting is not None:
        return waiting
    race, status, waiting = _race_measure(state)
    if waiting is None and race and "badges" in state.options:
        waiting = badge_jobs.pending(state.options)  # with badges the win chances are the badge match's
    if waiting is not None:
        return waiting
    coaching = None
    if state.phase == "select":
        coaching = checked(lambda: face.coach(state, race=race).to_json(), "state")
    return {"coaching": coaching, "race": status}


@router.post("/api/farkle/review", tags=TAG,
             **answers(FarkleReview, "POST /api/farkle/review", {202: {"description": "the match is being solved"}}))
def review(body: ReviewBody) -> Any:
    """Replay every action since the match began from its seed and review each keep of yours: the best
    option and the cost in expected points and in win chance (`win_loss` null when the race-aware match is
    beyond the solve guard). The actions must arrive at the sealed state (422 naming `actions` if not)."""
    state = _unseal(body.state)
    waiting = _turns_pending(state)
    if waiting is not None:
        return waiting
    race, _, waiting = _race_measure(state)
    if waiting is not None:
        return waiting
    start = checked(lambda: face.new_game(state.options, state.seed), "state")
    actions = [a.plain() for a in body.actions]
    return checked(lambda: face.review(start, actions, race=race, end=state).to_json(), "actions")


def warm() -> None:
    """Start solving the default match (six ordinary dice each, to 4000) in the background; returns at once.
    Before it, the match guard learns this machine's speed (`face.calibrate`: kept with the cache, measured once a
    machine), as the first job of the queue so that no other solve shares the cores with the measure."""
    jobs.calibrate("farkle-calibration", face.calibrate, "Farkle match")
    dice = tuple(face.parse_loadout(None))
    key = _job_key(dice, dice, face.DEFAULT_TARGET)
    jobs.submit(key, _solve_work(dice, dice, face.DEFAULT_TARGET, key), shared=_shared_key(dice, dice, face.DEFAULT_TARGET))
