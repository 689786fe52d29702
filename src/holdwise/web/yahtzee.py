"""Yahtzee solitaire at the table: roll, keep, score a box, with a hint, a review and the final-score distribution.

Page: `/yahtzee` (official Yahtzee, the forced joker, Scandinavian Yatzy or Balut: seven categories of four boxes
each, and its points system at the end): one page for every rule set, each a `RuleSet` of the game. API under
`/api/yahtzee/...`: the generic `hint` (web.hint) is `holdwise yahtzee hint ... --json` (this module gives it
`hint_pending`) and `distribution` is `holdwise yahtzee distribution --json`, unchanged;
play is stateless (each play answer carries `state`, the sealed state to send back as it is, the legal `actions`
and a `view`: the scorecard with what the dice would score in each open box). Hints, play and the computer need
the rule set's table (536,320 states: seconds to solve the first time, then read from the cache folder) in this
process's memory; until it is there they answer 202 with the solve's status and the page polls
`/api/yahtzee/prepare`. The distribution (10-30 s and about 1 GB the first time, then kept on disk) is a
background job too: 202 until it is done.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import Field, Strict, StrictStr

from ..i18n import N_
from ..games import yahtzee as face
from ..games.base import State
from . import common
from .common import AnswerCache, Body, FieldError, Jobs, StateBody, checked, examples, json_response, page, unseal
from .schemas import Hint, JobStatus, YahtzeeDistribution, answers
from .session import session_routes

__all__ = ["RULE_NAMES", "hint_pending", "router", "warm"]

router = APIRouter()
TAG: list[str | Enum] = ["yahtzee"]
GAME = "yahtzee"
RULE_NAMES = tuple(face.RULE_SETS)
RuleName = Literal["yahtzee", "yahtzee-forced", "yatzy", "balut"]  # a test keeps it equal to RULE_NAMES
# Its own queue: a table solve (seconds) must not wait behind another game's long solve; one job at a time,
# so a distribution (about 1 GB) never runs beside a solve.
_jobs = Jobs(keep=16)

Face = Annotated[int, Strict(), Field(ge=1, le=6)]


class Options(Body):
    """The options of a game (`holdwise yahtzee play --rules`): the rule set."""

    rules: RuleName = Field("yahtzee", description="yahtzee (official), yahtzee-forced (forced joker), yatzy or "
                                                   "balut")


class PrepareBody(Body):
    """The rule set whose table to bring into memory."""

    model_config = examples({"options": {"rules": "yatzy"}})
    options: Options = Options(rules="yahtzee")


class Action(Body):
    """A play action: keep (the faces of the dice kept; the rest are rolled again), score (a box by its name,
    e.g. full_house) or next (a new game once this one is over)."""

    type: Literal["keep", "score", "next"]
    keep: Annotated[list[Face], Field(max_length=4)] | None = None
    box: Annotated[StrictStr, Field(max_length=40)] | None = None

    def plain(self) -> dict:
        """The action as the session takes it (a keep sorted)."""
        if self.type == "keep":
            if self.keep is None:
                raise FieldError("action.keep", "a keep names the faces of the dice kept (none: roll all five)")
            return {"type": "keep", "keep": sorted(self.keep)}
        if self.type == "score":
            if self.box is None:
                raise FieldError("action.box", "a score names its box, e.g. full_house")
            return {"type": "score", "box": self.box}
        return {"type": "next"}


_SEALED = {"state": {"game": "yahtzee", "...": "the sealed state as /api/yahtzee/new returned it"}, "seal": "hex"}


# ---- the tables and the distribution, in the background ---------------------------------------------------

def _optimum(rules: str) -> float:
    """The expected final score of a new game under optimal play (the table in memory)."""
    return face.rule_set(rules).prepare()


def _table_work(rules: str) -> Callable[[Callable[[int, int], None]], None]:
    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)
        face.rule_set(rules).prepare(progress)
    return work


def _prepare(rules: str) -> dict:
    """Start (or find) the table of a rule set; its status {status, done, total, error, seconds_left, options}."""
    job = _jobs.submit(f"yahtzee-table-{rules}", _table_work(rules))
    return {**job.to_json(), "options": {"rules": rules}}


def _pending(rules: str) -> JSONResponse | None:
    """None when the rule set's table is in memory; else 202 with the status of the solve that brings it."""
    status = _prepare(rules)
    if status["status"] == "done":
        return None
    if status["status"] == "failed":
        raise FieldError("state", status["error"] or "the solve failed")
    detail = (f"solving {rules} (seconds, once); poll POST /api/yahtzee/prepare with 'options', then ask again")
    return JSONResponse(status_code=202, content={**status, "detail": detail})


def _distribution_work(rules: str) -> Callable[[Callable[[int, int], None]], bytes]:
    def work(progress: Callable[[int, int], None]) -> bytes:
        progress(0, 2)
        rule_set = face.rule_set(rules)
        rule_set.prepare()
        progress(1, 2)
        return common.json_bytes(rule_set.distribution())
    return work


def hint_pending(request: face.HintRequest) -> JSONResponse | None:
    """The generic hint's 202 while the rule set's table loads (None once it is in memory)."""
    return _pending(request.rules)


# ---- the state and the view -------------------------------------------------------------------------------

def _unseal(sealed: Mapping) -> State:
    """The Yahtzee state of a sealed state, checked (422 naming "state" if tampered, foreign or malformed)."""
    state = unseal(sealed, GAME)
    checked(lambda: face.card_of(state), "state")
    return state


# A hint depends only on the rules and the position (card, bonus, dice, rolls left), never on the seed or the
# log: its JSON is kept per position (the view and the advice of one position share it).
_hints = AnswerCache(16 << 20)


def _hint_json(state: State) -> bytes:
    d = state.data
    key = json.dumps([state.options["rules"], d["card"], d["bonus"], d["dice"], d["rolls_left"]],
                     separators=(",", ":"))
    return _hints.json(key, lambda: checked(lambda: face.advice(state), "state"))


def _view(state: State) -> dict[str, Any]:
    """What the page draws beyond the state: the boxes (for an open box what the dice score there now, null
    where the rules forbid it), the totals, the rule set's own figures (its card's `view`), the card as text
    (what the hint asks with) and the optimum."""
    card = face.card_of(state)
    now: dict[str, int] = {}
    if not state.over:
        for option in json.loads(_hint_json(state))["options"]:
            if option["kind"] == "score":
                now[option["box"]] = option["points"]
    return {**card.view(now), "card": card.text(), "optimum": _optimum(state.options["rules"])}


# ---- the page ---------------------------------------------------------------------------------------------

@router.get("/yahtzee", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    """The table."""
    rules = [(r.name, r.title) for r in face.RULE_SETS.values()]
    return page(request, "yahtzee.html", title=N_("Yahtzee: the table"), rules=rules)


# ---- the API ----------------------------------------------------------------------------------------------

@router.post("/api/yahtzee/prepare", tags=TAG, **answers(JobStatus, "POST /api/yahtzee/prepare"))
def prepare(body: PrepareBody) -> dict:
    """Start bringing the rule set's table into memory unless it is there (solved the first time, then read from
    the cache folder): the job's status (`status`: queued, running, done, failed; `done`/`total`; `error`;
    `options`). Poll it until `done`."""
    return _prepare(body.options.rules)


@router.post("/api/yahtzee/advice", tags=TAG,
             **answers(Hint, "POST /api/yahtzee/advice", {202: {"description": "the rule set's table is loading"}}))
def advice(body: StateBody) -> Any:
    """Every play of the position (every keep with rolls left, every open box) ranked by expected final score,
    with its loss against the best: the JSON of `holdwise yahtzee hint --json` for the same position."""
    state = _unseal(body.state)
    waiting = _pending(state.options["rules"])
    if waiting is not None:
        return waiting
    if state.over:
        raise FieldError("state", "the game is over: no advice")
    return json_response(_hint_json(state))


@router.get("/api/yahtzee/distribution", tags=TAG,
            **answers(YahtzeeDistribution, "GET /api/yahtzee/distribution", {202: {"description": "being computed"}}))
def distribution(rules: RuleName = "yahtzee") -> Any:
    """The exact distribution of the final score under optimal play (`chances` as [score, chance] pairs,
    mean, standard deviation, percentiles): `holdwise yahtzee distribution --rules ... --json`. The first time
    it is computed in the background (10-30 s, then kept on disk): 202 with the job's status until then."""
    job = _jobs.submit(f"yahtzee-distribution-{rules}", _distribution_work(rules))
    if job.state == "done":
        return json_response(job.result)
    if job.state == "failed":
        raise FieldError("rules", job.error or "the distribution could not be computed")
    return JSONResponse(status_code=202, content={**job.to_json(), "options": {"rules": rules},
                                                  "detail": f"computing the distribution of {rules} (10-30 s, once); "
                                                            "ask again"})


router.include_router(session_routes(
    GAME, face, Options, routes=("new", "step", "computer", "move"), action_model=Action, view=_view,
    check=face.card_of, pending=lambda state: _pending(state.options["rules"]), new_pending=True,
    new_example={"options": {"rules": "yahtzee"}, "seed": 7},
    step_example={"state": _SEALED, "action": {"type": "keep", "keep": []}}, move_example="roll all",
    describe={
        "new": "A new game, the first roll made: the sealed state, the legal actions and the view (202 while the "
               "rule set's table loads: poll /api/yahtzee/prepare, then ask again).",
        "step": "Play an action (keep, score, next): the next sealed state, its legal actions and view (202 while "
                "the rule set's table loads).",
        "computer": "The optimal action for the position and the state after it (202 while the table loads).",
        "move": "A move as typed (keep 5 5, roll all, fh, next) and the state after it (202 while the table "
                "loads)."}))


def warm() -> None:
    """Start loading (or solving) the official rules' table in the background; returns at once."""
    _prepare("yahtzee")
