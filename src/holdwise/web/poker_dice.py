"""Poker dice at the table: you against the computer (2 to 6 players, every variant), and the odds page.

Pages: `/poker-dice` (the table) and `/poker-dice/odds` (each hand's odds for a variant). API under
`/api/poker-dice/...`: `odds` is `holdwise poker-dice odds --json` unchanged; play is stateless (each play
response carries `state`, the sealed state to send back as it is, the legal `actions` and a `view`: the seats,
their final hands, the dice of the player to move with their poker faces). The computer and the hint need the
variant's exact solution (a fraction of a second for two players, a few seconds for three) in this process's
memory; until it is there a play request starts a background solve and is answered 202 with its status, and
the page polls `/api/poker-dice/prepare`, then asks again. The default variant is solved at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import Field, Strict

from ..errors import InputError
from ..games import poker_dice as face
from ..games.base import State
from . import common
from .common import (
    AnswerCache, Body, FieldError, Jobs, StateBody, checked, examples, fresh_seed, json_response, page,
    unseal, user_field,
)
from .session import play, session_routes

__all__ = ["VARIANT_KEYS", "router", "solve_key", "warm"]

router = APIRouter()
TAG = ["poker-dice"]
GAME = "poker-dice"
VARIANT_KEYS = ("straights", "straight_above_full_house", "flush", "ace_high", "poker_faces")
# Its own job queue: a poker-dice solve takes seconds and must not wait behind a Farkle match solve (tens of
# seconds) in the shared one; it runs one solve at a time too.
_solves = Jobs(keep=64)

Flag = Annotated[bool, Strict()]


class OddsBody(Body):
    """The rule variant of `holdwise poker-dice odds` (its flags: --no-straights is straights false)."""

    model_config = examples({"straights": True, "ace_high": True}, {"straights": False})
    straights: Flag = True
    straight_above_full_house: Flag = False
    flush: Flag = False
    ace_high: Flag = False
    poker_faces: Flag = False


class Options(Body):
    """The options of a game against the computer (`holdwise poker-dice play`): players, your seat, the roll
    limit and the rule variant."""

    players: Annotated[int, Strict(), Field(ge=2, le=6, description="players at the table: 2 to 6")] = 2
    position: Annotated[int, Strict(), Field(ge=1, le=6, description="your seat: 1 (first to roll) to players")] = 1
    roll_limit: Flag = False
    straights: Flag = True
    straight_above_full_house: Flag = False
    flush: Flag = False
    ace_high: Flag = False
    poker_faces: Flag = False


class NewBody(common.NewBody[Options]):
    """A new session: its options and (optional) seed of the dice."""

    model_config = examples({"options": {"players": 3, "position": 2, "ace_high": True}, "seed": 7})


class PrepareBody(Body):
    """The options whose exact solution to bring into memory (only players, roll_limit and the variant count)."""

    model_config = examples({"options": {"players": 3}})
    options: Options = Field(default_factory=Options)


class Action(Body):
    """A play action: keep (the faces 1-6 of the dice kept; all five: stand; none: roll all again) or next."""

    type: Literal["keep", "next"]
    keep: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=6)]], Field(max_length=5)] | None = None

    def plain(self) -> dict:
        """The action as the session takes it (the keep sorted)."""
        out: dict[str, Any] = {"type": self.type}
        if self.keep is not None:
            out["keep"] = sorted(self.keep)
        elif self.type == "keep":
            raise FieldError("action.keep", "a keep names the faces of the dice kept (all five: stand)")
        return out


_SEALED = {"state": {"game": "poker-dice", "...": "the sealed state as /api/poker-dice/new returned it"},
           "seal": "hex"}


# ---- the variant and its solution ------------------------------------------------------------------------

def _variant(flags: Mapping, prefix: str = "") -> Any:
    """The Variant of the flags; a rule that needs straights names its own field in the 422."""
    where = prefix + ("flush" if flags.get("flush") and not flags.get("straights", True)
                      else "straight_above_full_house" if not flags.get("straights", True) else "straights")
    with user_field(where):
        return face.variant_of({k: flags[k] for k in VARIANT_KEYS if k in flags})


def solve_key(options: Mapping) -> str:
    """The job key of the solution a session of these options plays on (players, roll limit, variant; poker
    faces change only how dice read, and share the solve)."""
    keys = ("roll_limit", *(k for k in VARIANT_KEYS if k != "poker_faces"))
    flags = [int(bool(options.get(k, face.DEFAULT_OPTIONS[k]))) for k in keys]
    return f"poker-dice-{int(options.get('players', 2))}p-" + "".join(map(str, flags))


def _solve_work(options: Mapping) -> Callable[[Callable[[int, int], None]], None]:
    variant, players, limit = face.variant_of(options), int(options["players"]), bool(options["roll_limit"])

    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)
        face.table_solution(variant, players, limit, on_step=progress)
    return work


def _spec(options: Mapping) -> dict:
    return {k: options[k] for k in ("players", "roll_limit", *VARIANT_KEYS)}


def _prepare(options: Mapping) -> dict:
    """Start (or find) the solve of these options; its status {status, done, total, error, options}."""
    job = _solves.submit(solve_key(options), _solve_work(options))
    return {**job.to_json(), "options": _spec(options)}


def _pending(options: Mapping) -> JSONResponse | None:
    """None when the solution is in memory; else 202 with the status of the solve that brings it."""
    status = _prepare(options)
    if status["status"] == "done":
        return None
    if status["status"] == "failed":
        raise FieldError("state", status["error"] or "the solve failed")
    detail = (f"solving poker dice for {options['players']} players in this variant (seconds); poll POST /api/poker-dice/prepare "
              "with 'options', then ask again")
    return JSONResponse(status_code=202, content={**status, "detail": detail})


# ---- inputs and the view ---------------------------------------------------------------------------------

def _options(body: Options) -> dict:
    """The session's options from a body, each bad one named (the seat beyond the players, a rule that needs
    straights)."""
    options = body.model_dump()
    with user_field("options.position"):
        face.parse_position(options["position"], options["players"])
    _variant(options, "options.")
    with user_field("options"):
        return face.normalize_options(options)


def _unseal(sealed: Mapping) -> State:
    """The poker-dice state of a sealed state, checked (422 naming "state" if tampered, foreign or malformed)."""
    state = unseal(sealed, GAME)
    return checked(lambda: face.check_state(state), "state")


def _hand(faces, variant, poker) -> dict:
    """A hand as the page shows it: face numbers highest value first, their labels, poker faces, category."""
    ordered = sorted(faces, key=variant.value, reverse=True)
    counts = tuple(list(faces).count(f) for f in range(1, 7))
    out = {"faces": ordered, "labels": [variant.face_label(f) for f in ordered],
           "poker": [poker.face_label(f) for f in ordered]}
    if len(faces) == 5:
        out["category"] = face.CATEGORY_LABELS[face.category_of(counts, variant)]
    return out


def _view(state: State) -> dict:
    """What the page draws beyond the state: seats with their final hands, the dice to move, the tie."""
    options, d = state.options, state.data
    variant = face.variant_of(options)
    poker = face.Variant(poker_faces=True, ace_high=variant.ace_high)  # the page always draws poker faces
    order, finals, used = list(d["order"]), list(d["finals"]), list(d["rolls_used"])
    moving = None if state.over else order[len(finals)]
    seats = []
    for seat, name in enumerate(d["seats"]):
        played = seat in order[:len(finals)]
        final = finals[order.index(seat)] if played else None
        seats.append({"seat": seat + 1, "name": name, "you": name == "you", "in_round": seat in order,
                      "to_move": seat == moving, "winner": d["winner"] == seat,
                      "final": _hand(final, variant, poker) if final is not None else None,
                      "rolls_used": used[order.index(seat)] if played else None})
    tie = None
    if d["round"] > 1:
        tie = f"tie: replay between {' and '.join(d['seats'][s] for s in order)} (round {d['round']})"
    best = None
    if finals:
        key = [face.hand_key(tuple(list(f).count(x) for x in range(1, 7)), variant) for f in finals]
        best = _hand(finals[key.index(max(key))], variant, poker)
    return {"seats": seats, "dice": _hand(d["dice"], variant, poker) if d["dice"] else None,
            "rolls": d["rolls"], "allowed": d["allowed"], "rolls_left": d["allowed"] - d["rolls"] if d["dice"] else 0,
            "to_beat": best, "round": d["round"], "tie": tie,
            "winner": d["seats"][d["winner"]] if d["winner"] is not None else None,
            "ranking": [face.CATEGORY_LABELS[c] for c in variant.categories]}


def _play(state: State, **extra: Any) -> Response:  # noqa: ANN401
    return json_response(play(face, state, _view, **extra))


# A hint depends only on the options and the position (seats, hands so far, dice, rolls), never on the
# seed or the log: its JSON is kept per position (turning a Hint into JSON costs more than finding it).
_advice = AnswerCache(32 << 20)


def _advice_json(state: State) -> bytes:
    d = state.data
    key = json.dumps([sorted(state.options.items()), d["order"], d["finals"], d["dice"], d["rolls"], d["allowed"]],
                     separators=(",", ":"))
    return _advice.json(key, lambda: checked(lambda: face.advice(state), "state"))


# ---- the pages -------------------------------------------------------------------------------------------

def _flag(text: str | None, default: bool) -> bool:
    return default if text is None else text.lower() in ("1", "true", "yes", "on")


@router.get("/poker-dice", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    """The table."""
    return page(request, "poker_dice.html", title="Poker dice: the table", keys=VARIANT_KEYS)


@router.get("/poker-dice/odds", response_class=HTMLResponse, include_in_schema=False)
def odds_page(request: Request) -> HTMLResponse:
    """The odds of each hand for the variant named in the query (the page's picker changes it)."""
    q = request.query_params
    # faces written A K Q J 10 9 unless the query says otherwise, as the table draws them (the API and the CLI
    # write digits by default)
    defaults = {**face.DEFAULT_OPTIONS, "poker_faces": True}
    flags = {k: _flag(q.get(k), defaults[k]) for k in VARIANT_KEYS}
    try:
        first = json.loads(_odds_json(tuple(flags.values())))
    except InputError:  # a rule that needs straights: the page starts from the default
        flags = {k: defaults[k] for k in VARIANT_KEYS}
        first = json.loads(_odds_json(tuple(flags.values())))
    return page(request, "poker_dice_odds.html", title="Poker dice: odds", flags=flags, first=first)


# ---- the CLI's answers -----------------------------------------------------------------------------------

_odds = AnswerCache(1 << 20)  # 20 variants of a few hundred bytes


def _odds_json(flags: tuple) -> bytes:
    """`holdwise poker-dice odds --json` of these flags (in VARIANT_KEYS order), as bytes; cached (20 variants)."""
    return _odds.json(flags, lambda: face.odds(_variant(dict(zip(VARIANT_KEYS, flags)))))


@router.get("/api/poker-dice/odds", tags=TAG)
def odds_get(straights: bool = True, straight_above_full_house: bool = False, flush: bool = False,
             ace_high: bool = False, poker_faces: bool = False) -> Response:
    """Counts and chances of every hand on one roll of five dice (out of 7,776), best first, and the bust
    hands: `holdwise poker-dice odds --json` with the same flags (straights=false is --no-straights)."""
    flags = (straights, straight_above_full_house, flush, ace_high, poker_faces)
    return json_response(_odds_json(flags))


@router.post("/api/poker-dice/odds", tags=TAG)
def odds_post(body: OddsBody) -> Response:
    """The same as GET /api/poker-dice/odds, the variant in the body."""
    return json_response(_odds_json(tuple(getattr(body, k) for k in VARIANT_KEYS)))


# ---- play ------------------------------------------------------------------------------------------------

@router.post("/api/poker-dice/prepare", tags=TAG)
def prepare(body: PrepareBody) -> dict:
    """Start solving the game of these options unless it is in memory: the solve's status (`status`: queued,
    running, done, failed; `done`/`total` steps; `error`; `options`). Poll it until `done`."""
    return _prepare(_options(body.options))


@router.post("/api/poker-dice/new", tags=TAG)
def new(body: NewBody) -> Response:
    """A new session against the computer: the sealed state (the first player has rolled), the legal actions,
    the view, and `solve`: the status of the solve the computer and the hint need (the page waits for `done`)."""
    options = _options(body.options)
    seed = fresh_seed(body.seed)  # the state's seal covers it
    state = checked(lambda: face.new_game(options, seed), "options")
    return _play(state, solve=_prepare(options))


@router.post("/api/poker-dice/advice", tags=TAG, responses={202: {"description": "the game is being solved"}})
def advice(body: StateBody) -> Any:
    """Every keep of the player to move ranked by the chance to win the game, with its loss against the best:
    the JSON of `holdwise poker-dice hint --json` for the same position (202 while the game solves)."""
    state = _unseal(body.state)
    waiting = _pending(state.options)
    if waiting is not None:
        return waiting
    return json_response(_advice_json(state))


router.include_router(session_routes(
    GAME, face, routes=("step", "computer"), action_model=Action, view=_view, check=face.check_state,
    pending=lambda state: _pending(state.options),
    step_example={"state": _SEALED, "action": {"type": "keep", "keep": []}}, describe={
        "step": "Play an action: the next sealed state, its legal actions and view (202 while the game solves).",
        "computer": "The exact strategy's next action for the player to move and the state after it (one action at "
                    "a time, so a page can show each keep; 202 while the game solves)."}))


def warm() -> None:
    """Start solving the default variant for two players, then three, in the background; returns at once (more
    players are solved when first asked: six take a few seconds)."""
    for players in (2, 3):
        options = face.normalize_options({"players": players})
        _solves.submit(solve_key(options), _solve_work(options))
