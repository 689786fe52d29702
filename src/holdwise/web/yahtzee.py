"""Yahtzee solitaire at the table: roll, keep, score a box, with a hint, a review and the final-score distribution.

Page: `/yahtzee` (official Yahtzee, the forced joker, Scandinavian Yatzy or Balut: seven categories of four boxes
each, and its points system at the end). API under `/api/yahtzee/...`: `hint`
is `holdwise yahtzee hint ... --json` and `distribution` is `holdwise yahtzee distribution --json`, unchanged;
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
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import Field, Strict, StrictStr

from ..games import yahtzee as face
from ..games.base import State
from . import common
from .common import (
    AnswerCache, Body, FieldError, Jobs, StateBody, checked, examples, fresh_seed, json_response, page, unseal,
    user_field,
)
from .session import play, session_routes

__all__ = ["RULE_NAMES", "router", "warm"]

router = APIRouter()
TAG = ["yahtzee"]
GAME = "yahtzee"
RULE_NAMES = ("yahtzee", "yahtzee-forced", "yatzy", "balut")
RuleName = Literal["yahtzee", "yahtzee-forced", "yatzy", "balut"]
# Its own queue: a table solve (seconds) must not wait behind another game's long solve; one job at a time,
# so a distribution (about 1 GB) never runs beside a solve.
_jobs = Jobs(keep=16)

Face = Annotated[int, Strict(), Field(ge=1, le=6)]


class Options(Body):
    """The options of a game (`holdwise yahtzee play --rules`): the rule set."""

    rules: RuleName = Field("yahtzee", description="yahtzee (official), yahtzee-forced (forced joker), yatzy or "
                                                   "balut")


class NewBody(common.NewBody[Options]):
    """A new game: its rule set and (optional) seed of the dice."""

    model_config = examples({"options": {"rules": "yahtzee"}, "seed": 7})


class PrepareBody(Body):
    """The rule set whose table to bring into memory."""

    model_config = examples({"options": {"rules": "yatzy"}})
    options: Options = Field(default_factory=Options)


class HintBody(Body):
    """A position as `holdwise yahtzee hint` reads it: the card, the five dice, the re-rolls left, the rules (a
    Balut card gives each category its scores: "fours=8,12 straight=20")."""

    model_config = examples({"card": "ones=3 fh=25", "dice": [1, 1, 5, 3, 2], "rolls_left": 2, "rules": "yahtzee"})
    card: Annotated[StrictStr, Field(max_length=400)] = ""
    dice: Annotated[list[Face], Field(min_length=5, max_length=5)]
    rolls_left: Annotated[int, Strict(), Field(ge=0, le=2)] = 2
    rules: RuleName = "yahtzee"


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

def _balut(rules: str) -> bool:
    return rules == "balut"


def _optimum(rules: str) -> float:
    """The expected final score of a new game under optimal play (the table in memory)."""
    if _balut(rules):
        return face.balut_solution(face.balut_rules(rules)).expected_score
    return face.solution_for(face.get_rules(rules)).expected_score


def _table_work(rules: str) -> Callable[[Callable[[int, int], None]], None]:
    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)
        if _balut(rules):
            face.balut_solution(face.balut_rules(rules))
        else:
            face.solution_for(face.get_rules(rules), on_layer=progress)
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
        if _balut(rules):
            face.balut_solution(face.balut_rules(rules))
            progress(1, 2)
            return common.json_bytes(face.balut_distribution(rules))
        solution = face.solution_for(face.get_rules(rules))
        progress(1, 2)
        result, _ = face.cached_distribution(solution)
        return common.json_bytes(result)
    return work


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


def _view(state: State) -> dict:
    """What the page draws beyond the state: the boxes (label, short name, points, upper or lower, and for an
    open box what the dice score there now, null where the rules forbid it), the totals."""
    card = face.card_of(state)
    rules = card.rules
    now: dict[str, int] = {}
    if not state.over:
        for option in json.loads(_hint_json(state))["options"]:
            if option["kind"] == "score":
                now[option["box"]] = option["points"]
    optimum = _optimum(rules.name)
    if _balut(rules.name):
        awards = card.awards()
        boxes = [{"name": c.name, "label": c.label, "scores": list(s), "open": rules.boxes - len(s),
                  "now": now.get(c.name), "award": awards.get(c.name, 0)}
                 for c, s in zip(rules.categories, card.scores)]
        return {"rules": rules.name, "kind": "balut", "title": rules.title, "boxes": boxes,
                "boxes_each": rules.boxes, "total": card.total, "total_points": awards["total"],
                "points": sum(awards.values()), "turns": rules.turns, "optimum": optimum,
                "awards": [_award_text(a) for a in rules.awards],
                "bands": [[low, pts] for low, pts in rules.total_bands], "below_bands": rules.total_base}
    boxes = [{"name": c.name, "label": c.label, "short": c.short, "upper": c.is_upper, "points": p,
              "now": now.get(c.name) if p is None else None}
             for c, p in zip(rules.categories, card.points)]
    return {"rules": rules.name, "title": rules.title, "boxes": boxes, "upper_total": card.upper_total,
            "upper_threshold": rules.upper_threshold, "upper_bonus": card.upper_bonus,
            "upper_bonus_points": rules.upper_bonus, "yahtzee_bonus": card.yahtzee_bonus,
            "yahtzee_bonus_points": rules.yahtzee_bonus, "total": card.total, "turns": rules.n_categories,
            "optimum": optimum}


def _award_text(award) -> dict:  # noqa: ANN001
    """A Balut award as the page's legend says it."""
    if award.test == "at_least":
        rule = f"{award.points} points when its scores add up to {award.threshold} or more"
    elif award.test == "every":
        rule = f"{award.points} points when all four of its boxes score"
    else:
        rule = f"{award.points} points for each box that scores"
    return {"category": award.category, "text": rule}


# ---- the page ---------------------------------------------------------------------------------------------

@router.get("/yahtzee", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    """The table."""
    rules = [(r.name, r.title) for r in face.RULES.values()] + [(face.BALUT.name, face.BALUT.title)]
    return page(request, "yahtzee.html", title="Yahtzee: the table", rules=rules)


# ---- the API ----------------------------------------------------------------------------------------------

@router.post("/api/yahtzee/prepare", tags=TAG)
def prepare(body: PrepareBody) -> dict:
    """Start bringing the rule set's table into memory unless it is there (solved the first time, then read from
    the cache folder): the job's status (`status`: queued, running, done, failed; `done`/`total`; `error`;
    `options`). Poll it until `done`."""
    return _prepare(body.options.rules)


@router.post("/api/yahtzee/new", tags=TAG, responses={202: {"description": "the rule set's table is loading"}})
def new(body: NewBody) -> Response:
    """A new game, the first roll made: the sealed state, the legal actions and the view (202 while the rule
    set's table loads: poll /api/yahtzee/prepare, then ask again)."""
    rules = body.options.rules
    waiting = _pending(rules)
    if waiting is not None:
        return waiting
    seed = fresh_seed(body.seed)  # the state's seal covers it
    state = checked(lambda: face.new_game({"rules": rules}, seed), "options")
    return json_response(play(face, state, _view))


@router.post("/api/yahtzee/advice", tags=TAG, responses={202: {"description": "the rule set's table is loading"}})
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


@router.post("/api/yahtzee/hint", tags=TAG, responses={202: {"description": "the rule set's table is loading"}})
def hint(body: HintBody) -> Any:
    """Every keep (or, with no rolls left, every box) of a position ranked by expected final score, with its
    loss: `holdwise yahtzee hint --card ... --dice ... --rolls-left ... --rules ... --json` (202 while the
    rule set's table loads)."""
    if _balut(body.rules):
        balut = face.balut_rules(body.rules)
        with user_field("card"):
            bcard = face.parse_balut_card(body.card, balut)
            if bcard.full:
                raise FieldError("card", "the card is full: the game is over")
        waiting = _pending(balut.name)
        if waiting is not None:
            return waiting
        return _hints.answer(("hint", balut.name, bcard.text(), tuple(sorted(body.dice)), body.rolls_left),
                             lambda: face.balut_hint(bcard, list(body.dice), body.rolls_left))
    rules = face.get_rules(body.rules)
    with user_field("card"):
        card = face.parse_card(body.card, rules)
        if card.full:
            raise FieldError("card", "the card is full: the game is over")
    with user_field("dice"):
        dice = face.parse_dice([str(d) for d in body.dice], rules)
    waiting = _pending(rules.name)
    if waiting is not None:
        return waiting
    return _hints.answer(("hint", rules.name, face.card_text(card), dice, body.rolls_left),
                         lambda: face.hint(card, list(dice), body.rolls_left))


@router.get("/api/yahtzee/distribution", tags=TAG, responses={202: {"description": "being computed"}})
def distribution(rules: RuleName = "yahtzee") -> Any:
    """The exact distribution of the final score under optimal play (`probabilities` as [score, chance] pairs,
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
    GAME, face, routes=("step", "computer", "move"), action_model=Action, view=_view, check=face.card_of,
    pending=lambda state: _pending(state.options["rules"]),
    step_example={"state": _SEALED, "action": {"type": "keep", "keep": []}}, move_example="roll all",
    describe={
        "step": "Play an action (keep, score, next): the next sealed state, its legal actions and view (202 while "
                "the rule set's table loads).",
        "computer": "The optimal action for the position and the state after it (202 while the table loads).",
        "move": "A move as typed (keep 5 5, roll all, fh, next) and the state after it (202 while the table "
                "loads)."}))


def warm() -> None:
    """Start loading (or solving) the official rules' table in the background; returns at once."""
    _prepare("yahtzee")
