"""Poker dice with card dice (the royal and the octahedral set): the odds, the hint and a table against the computer.

Page: `/poker-dice/cards`. API under `/api/poker-dice/cards/...`: `odds` is `holdwise poker-dice odds --dice-set
<set> --json` unchanged and `hint` is `holdwise poker-dice hint --dice-set <set> ... --json`; play (`new`, `step`,
`advice`, `computer`) is stateless like the six-faced table: each answer carries the sealed state to send back, the
legal actions and a `view` (the seats, their final hands and the dice of the player to move, each face as a card).

The computer, the advice and the hint need the set's exact solution for the players (the octahedral set: under a
second for two players, about 20 s for five; the royal set: about 25 s for two) in this process's memory; until it
is there the request starts a background solve (`prepare`, one at a time in its own queue) and is answered 202 with
its status. A game the face's cost guard refuses (the royal set with three players or the roll limit, the
octahedral set with six) is a 422 naming the field, before any work.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import AfterValidator, Field, Strict

from ..errors import InputError
from ..games import poker_dice as face
from ..games.base import State
from . import common
from .common import (
    AnswerCache, Body, FieldError, Jobs, StateBody, checked, computed, examples, fresh_seed, json_response, page,
    unseal, user_field,
)
from .session import play

__all__ = ["SETS", "guard", "router", "solve_key", "warm"]

router = APIRouter()
TAG = ["poker-dice-cards"]
API = "/api/poker-dice/cards"
GAME = face.card_play.GAME
SETS = ("royal", "octahedral")  # the shipped sets; a set of one's own is for the CLI (a file) only
DEFAULT_SET = "octahedral"  # the API's default: solved in a second (the page starts from its own choice)
# Its own queue: a card-dice solve takes up to 30 s and must not wait behind the six-faced table's or a Farkle
# match's; it runs one solve at a time too (a royal solve takes a core and about 300 MB).
_solves = Jobs(keep=32)

Flag = Annotated[bool, Strict()]
SetName = Literal["royal", "octahedral"]
Players = Annotated[int, Strict(), Field(ge=2, le=6, description="players at the table: 2 to 6")]
Seat = Annotated[int, Strict(), Field(ge=1, le=6, description="your seat: 1 (first to roll) to players")]


def _faces_value(value: object) -> object:
    """Five faces as text or a list of texts (the face reads them; a union's error would name its branch)."""
    if isinstance(value, str) or (isinstance(value, list) and len(value) <= 10
                                  and all(isinstance(f, str) and len(f) <= 12 for f in value)):
        return value
    raise ValueError('five faces, one per die: text such as "As Kh * 10d 7c" or a list of five texts')


Faces = Annotated[Any, AfterValidator(_faces_value),
                  Field(description='one face per die, die 1 first: "As Kh * 10d 7c" or ["As", "Kh", "*", "10d", "7c"]')]


class SetQuery(Body):
    """The dice set of `holdwise poker-dice odds --dice-set`."""

    model_config = examples({"dice_set": "royal"})
    dice_set: SetName = DEFAULT_SET


class Options(Body):
    """The options of a game against the computer: the dice set, players, your seat and the roll limit."""

    dice_set: SetName = DEFAULT_SET
    players: Players = 2
    position: Seat = 1
    roll_limit: Flag = False


class NewBody(common.NewBody[Options]):
    """A new session: its options and (optional) seed of the dice."""

    model_config = examples({"options": {"dice_set": "octahedral", "players": 3, "position": 2}, "seed": 7})


class PrepareBody(Body):
    """The options whose exact solution to bring into memory (the dice set, players and the roll limit count)."""

    model_config = examples({"options": {"dice_set": "octahedral", "players": 3}})
    options: Options = Field(default_factory=Options)


class HintBody(Body):
    """A position of `holdwise poker-dice hint --dice-set`: the roll (one face per die, die 1 first), the rolls
    left, the best hand so far (its five faces; none for the first player), the players, your place and how many
    earlier players hold the hand to beat."""

    model_config = examples({"dice_set": "octahedral", "roll": "Ac As Ah 9h 9d", "rolls_left": 2},
                            {"dice_set": "octahedral", "roll": ["7s", "7h", "Ks", "Ad", "Js"], "rolls_left": 1,
                             "to_beat": "Qh Qd Qc 8s 8h", "players": 3, "position": 2})
    dice_set: SetName = DEFAULT_SET
    roll: Faces
    rolls_left: Annotated[int, Strict(), Field(ge=1, le=2, description="rolls still allowed: 1 or 2")]
    to_beat: Faces | None = None
    players: Players = 2
    position: Seat | None = None
    holders: Annotated[int, Strict(), Field(ge=1, le=5)] = 1


class Action(Body):
    """A play action: keep (the dice kept, numbered 0-4; all five: stand; none: roll all again) or next."""

    type: Literal["keep", "next"]
    dice: Annotated[list[Annotated[int, Strict(), Field(ge=0, le=4)]], Field(max_length=5)] | None = None

    def plain(self) -> dict:
        """The action as the session takes it (the dice sorted)."""
        out: dict[str, Any] = {"type": self.type}
        if self.dice is not None:
            out["dice"] = sorted(self.dice)
        elif self.type == "keep":
            raise FieldError("action.dice", "a keep names the dice kept, 0 to 4 (all five: stand)")
        return out


class StepBody(common.StepBody[Action]):
    """A sealed state and the action to play."""

    model_config = examples({"state": {"state": {"game": GAME, "...": "as /new returned it"}, "seal": "hex"},
                             "action": {"type": "keep", "dice": [0, 3]}})


# ---- the solution: the cost guard, the background solve ----------------------------------------------------

def _too_slow(dice_set: str, players: int, roll_limit: bool) -> bool:
    return face.solve_cost(face.resolve_set(dice_set), players, roll_limit)[0] > face.MAX_SOLVE_SECONDS


def guard(dice_set: str, players: int, roll_limit: bool, prefix: str = "options.") -> None:
    """Refuse (422) a game whose first solve the face's guard refuses, with the face's line, naming the field to
    change: fewer players when some fit, else the roll limit, else the set."""
    if not _too_slow(dice_set, players, roll_limit):
        return
    if players > 2 and not _too_slow(dice_set, 2, roll_limit):
        where = "players"
    elif roll_limit and not _too_slow(dice_set, players, False):
        where = "roll_limit"
    else:
        where = "dice_set"
    # the face's own line (said before any solve); a solution someone stored on this machine is simply read
    with user_field(prefix + where):
        face.card_solution(dice_set, players, roll_limit)


def solve_key(dice_set: str, players: int, roll_limit: bool) -> str:
    """The job key of a set's solution for these players and roll limit."""
    return f"cards-{dice_set}-{int(players)}p-{int(bool(roll_limit))}"


def _prepare(dice_set: str, players: int, roll_limit: bool) -> dict:
    """Start (or find) the solve; its status {status, done, total, error, seconds_left, estimate_seconds, options}."""

    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)
        face.card_solution(dice_set, players, roll_limit, on_step=progress)

    job = _solves.submit(solve_key(dice_set, players, roll_limit), work)
    seconds = face.solve_cost(face.resolve_set(dice_set), players, roll_limit)[0]
    return {**job.to_json(), "estimate_seconds": round(seconds, 1),
            "options": {"dice_set": dice_set, "players": players, "roll_limit": roll_limit}}


def _waiting(status: dict, what: str) -> JSONResponse | None:
    """None when the solve is done; else 202 with its status."""
    if status["status"] == "done":
        return None
    if status["status"] == "failed":
        raise FieldError(what, status["error"] or "the solve failed")
    o = status["options"]
    detail = (f"solving the {o['dice_set']} set for {o['players']} players (about {status['estimate_seconds']:.0f} s "
              f"the first time); poll POST {API}/prepare with these options, then ask again")
    return JSONResponse(status_code=202, content={**status, "detail": detail})


def _pending(state: State) -> JSONResponse | None:
    o = state.options
    return _waiting(_prepare(o["dice_set"], o["players"], o["roll_limit"]), "state")


# ---- inputs ----------------------------------------------------------------------------------------------

def _options(body: Options) -> dict:
    """The session's options from a body: the seat within the players, a solve the guard allows."""
    options = body.model_dump()
    with user_field("options.position"):
        face.parse_position(options["position"], options["players"])
    guard(options["dice_set"], options["players"], options["roll_limit"])
    with user_field("options"):
        return face.card_play.normalize_options(options)


def _unseal(sealed: Mapping) -> State:
    """The card-dice state of a sealed state, checked (422 naming "state" if tampered, foreign or malformed)."""
    state = unseal(sealed, GAME)
    computed("state check", lambda: face.card_play.check_state(state), "state")
    return state


# ---- the view: every face as a card ----------------------------------------------------------------------

@lru_cache(maxsize=4)
def _faces(dice_set: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Each die's faces as (plain text, text with the suit symbol): ("Ah", "A♥"), ("*", "★")."""
    dice = face.resolve_set(dice_set)
    return tuple(tuple(zip(dice.die_text(d).split(), dice.die_text(d, True).split())) for d in range(5))


def _card(dice_set: str, die: int, index: int) -> dict:
    plain, text = _faces(dice_set)[die][index]
    wild = plain == "*"
    return {"die": die + 1, "text": text, "plain": plain, "rank": "" if wild else text[:-1],
            "suit": "" if wild else text[-1], "wild": wild}


def _hand(state: State, roll: list[int]) -> dict:
    dice_set = state.options["dice_set"]
    label = face.roll_label(dice_set, roll)
    return {"cards": [_card(dice_set, d, i) for d, i in enumerate(roll)], "label": label,
            "category": label.rsplit(" (", 1)[1][:-1]}


def _view(state: State) -> dict:
    """What the page draws beyond the state: the seats with their final hands, the dice to move, the tie."""
    options, d = state.options, state.data
    order, finals, used = list(d["order"]), list(d["finals"]), list(d["rolls_used"])
    moving = None if state.over else order[len(finals)]
    to_beat = holders = None
    if finals and not state.over:  # the best hand so far, as the advice of the player to move says it
        hint = json.loads(_advice_json(state))
        to_beat, holders = hint["to_beat"], hint["holders"]
    seats = []
    for seat, name in enumerate(d["seats"]):
        played = seat in order[:len(finals)]
        final = _hand(state, finals[order.index(seat)]) if played else None
        seats.append({"seat": seat + 1, "name": name, "you": name == "you", "in_round": seat in order,
                      "to_move": seat == moving, "winner": d["winner"] == seat, "final": final,
                      "holds_best": bool(final and to_beat and final["label"] == to_beat),
                      "rolls_used": used[order.index(seat)] if played else None})
    tie = None
    if d["round"] > 1:
        tie = f"tie: replay between {' and '.join(d['seats'][s] for s in order)} (round {d['round']})"
    return {"dice_set": options["dice_set"], "seats": seats,
            "dice": _hand(state, d["dice"]) if d["dice"] else None,
            "rolls": d["rolls"], "allowed": d["allowed"], "rolls_left": d["allowed"] - d["rolls"] if d["dice"] else 0,
            "to_beat": to_beat, "holders": holders, "round": d["round"], "tie": tie,
            "winner": d["seats"][d["winner"]] if d["winner"] is not None else None,
            "ranking": list(face.CARD_CATEGORY_LABELS.values())}


def _play(state: State, **extra: Any) -> Response:  # noqa: ANN401
    return json_response(play(face.card_play, state, _view, **extra))


# An advice depends only on the options and the position (seats, hands so far, dice, rolls), never on the seed
# or the log: its JSON is kept per position (the view reads the hand to beat from it too).
_advice = AnswerCache(32 << 20)


def _advice_json(state: State) -> bytes:
    d = state.data
    key = json.dumps([sorted(state.options.items()), d["order"], d["finals"], d["dice"], d["rolls"], d["allowed"]],
                     separators=(",", ":"))
    return _advice.json(key, lambda: checked(lambda: face.card_play.advice(state), "state"))


# ---- the page --------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _limits() -> dict:
    """For each set and roll limit, the players whose first solve the guard allows (the page offers those)."""
    return {s: {str(limit).lower(): [n for n in range(2, 7) if not _too_slow(s, n, limit)] for limit in (False, True)}
            for s in SETS}


@router.get("/poker-dice/cards", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    """The card-dice table: choose the set, players, your seat and the roll limit; the odds of one roll."""
    sets = {s: {"name": face.resolve_set(s).name, "description": face.resolve_set(s).description,
                "wild": face.resolve_set(s).has_wilds,
                "faces": [[_card(s, d, i) for i in range(len(die))] for d, die in enumerate(_faces(s))]}
            for s in SETS}
    odds = {s: json.loads(_odds_json(s)) for s in SETS}
    return page(request, "card_poker_dice.html", title="Poker dice: card dice", sets=sets, odds=odds,
                limits=_limits(), max_seconds=face.MAX_SOLVE_SECONDS)


# ---- the CLI's answers -----------------------------------------------------------------------------------

_odds = AnswerCache(1 << 20)


def _odds_json(dice_set: str) -> bytes:
    """`holdwise poker-dice odds --dice-set <set> --json`, as bytes; cached."""
    return _odds.json(dice_set, lambda: face.card_odds(dice_set))


@router.get(f"{API}/odds", tags=TAG)
def odds_get(dice_set: SetName = DEFAULT_SET) -> Response:
    """Counts and chances of every hand on one roll of the set (every ordered roll equally likely), best first:
    `holdwise poker-dice odds --dice-set <set> --json`."""
    return json_response(_odds_json(dice_set))


@router.post(f"{API}/odds", tags=TAG)
def odds_post(body: SetQuery) -> Response:
    """The same as GET, the set in the body."""
    return json_response(_odds_json(body.dice_set))


_hints = AnswerCache(16 << 20)


@router.post(f"{API}/hint", tags=TAG, responses={202: {"description": "the set is being solved"}})
def hint(body: HintBody) -> Response:
    """Every keep of a roll (a subset of the five dice) ranked by the chance to win, with its loss against the
    best: `holdwise poker-dice hint --dice-set <set> <roll> --rolls-left ... --json` (202 while the set solves)."""
    if body.position is not None:
        with user_field("position"):
            face.parse_position(body.position, body.players)
    guard(body.dice_set, body.players, False, prefix="")
    dice = face.resolve_set(body.dice_set)
    with user_field("roll"):  # read before any solve: a bad roll or hand is a 422 at once, never a 202 first
        face.parse_roll(body.roll, dice)
    if body.to_beat is not None:
        with user_field("to_beat"):
            face.to_beat_class(body.to_beat, dice)
    waiting = _waiting(_prepare(body.dice_set, body.players, False), "players")
    if waiting is not None:
        return waiting
    args = (body.roll, body.rolls_left, body.dice_set, body.to_beat, body.players, body.position, body.holders)
    key = json.dumps(args, separators=(",", ":"))
    try:
        return json_response(_hints.json(key, lambda: computed("hint", lambda: face.card_hint(*args))))
    except FieldError:
        raise
    except InputError as err:
        raise FieldError(*_hint_field(err, body)) from None


def _hint_field(err: InputError, body: HintBody) -> tuple[str, str]:
    """The field a hint's input error is about: its own word, else the roll or the hand to beat (the face reads
    the roll first: if the roll alone reads, the hand to beat is at fault)."""
    if err.field is not None:
        return err.field, err.reason
    text = str(err)
    if not text.startswith("give the hand to beat"):
        try:
            face.card_hint(body.roll, body.rolls_left, body.dice_set, None, body.players, 1, 1)
        except InputError:
            return "roll", text
    return "to_beat", text


# ---- play ------------------------------------------------------------------------------------------------

@router.post(f"{API}/prepare", tags=TAG)
def prepare(body: PrepareBody) -> dict:
    """Start solving the set for these options unless it is in memory: the solve's status (`status`: queued,
    running, done, failed; `done`/`total` steps; `seconds_left`; `estimate_seconds`; `options`). Poll it until
    `done`. A solve the guard refuses is a 422 naming the field."""
    o = _options(body.options)
    return _prepare(o["dice_set"], o["players"], o["roll_limit"])


@router.post(f"{API}/new", tags=TAG)
def new(body: NewBody) -> Response:
    """A new session against the computer: the sealed state (the first player has rolled), the legal actions,
    the view, and `solve`: the status of the solve the computer and the advice need (the page waits for `done`)."""
    options = _options(body.options)
    seed = fresh_seed(body.seed)
    state = computed("game", lambda: face.card_play.new_game(options, seed), "options")
    return _play(state, solve=_prepare(options["dice_set"], options["players"], options["roll_limit"]))


_WAIT = {202: {"description": "the set is being solved"}}


def _opened(sealed: Mapping, work: Callable[[State], Response]) -> Response:
    state = _unseal(sealed)
    waiting = _pending(state)
    return waiting if waiting is not None else work(state)


@router.post(f"{API}/step", tags=TAG, responses=_WAIT)
def step(body: StepBody) -> Response:
    """Play an action: the next sealed state, its legal actions and view (202 while the set solves)."""
    return _opened(body.state, lambda state: _play(computed(
        "step", lambda: face.card_play.step(state, body.action.plain()), "action")))


@router.post(f"{API}/advice", tags=TAG, responses=_WAIT)
def advice(body: StateBody) -> Response:
    """Every keep of the player to move ranked by the chance to win the game, with its loss against the best
    (the Hint JSON; 202 while the set solves)."""
    return _opened(body.state, lambda state: json_response(_advice_json(state)))


@router.post(f"{API}/computer", tags=TAG, responses=_WAIT)
def computer(body: StateBody) -> Response:
    """The exact strategy's next action for the player to move and the state after it (one action at a time, so
    a page can show each keep; 202 while the set solves)."""
    def work(state: State) -> Response:
        action = computed("move", lambda: face.card_play.computer_action(state), "state")
        return _play(computed("step", lambda: face.card_play.step(state, action), "state"), action=action)

    return _opened(body.state, work)


def warm() -> None:
    """Start solving the octahedral set for two players in the background (a second); returns at once. The royal
    set is solved when first asked (about 25 s of both cores, once a machine: it is then read from the disk), so a
    server's start-up never holds the CPUs that long."""
    _prepare("octahedral", 2, False)
