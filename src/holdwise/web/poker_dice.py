"""Poker dice at the table: you against the computer (2 to 6 players, six-faced dice in every variant or card
dice), and the odds page.

Pages: `/poker-dice` (the table, six-faced dice chosen), `/poker-dice/cards` (the same page with card dice chosen;
a card die's face is drawn as a card) and `/poker-dice/odds` (each hand's odds for a variant). API under `/api/poker-dice/...`: `odds`
is `holdwise poker-dice odds --json` unchanged (`rules` names the dice); the hint is the generic `POST
/api/poker-dice/hint`; play (`new`, `step`, `advice`, `computer`, `move`, built by `session_routes`) is stateless:
each answer carries the sealed state to send back as it is, the legal `actions` and a `view` (the seats, their
final hands, the dice of the player to move). The options' `rules` names the dice ("six", "royal",
"octahedral"; `dice_set`, its older name, is read too), whatever they are the session and these routes are one.

The computer and the hint need the dice's exact solution for the players (six-faced dice: a fraction of a
second for two players, a few seconds for six; the octahedral set about a second for two; the royal set about
25 s) in this process's memory; until it is there a request starts a background solve and is answered 202 with
its status, and the page polls `/api/poker-dice/prepare`, then asks again. A first solve past the face's guard
(the royal set with three players) is a 422 naming the field, before any work.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import Field, Strict

from .. import i18n
from ..i18n import N_
from ..errors import InputError
from ..games import poker_dice as face
from ..games.base import State
from .common import AnswerCache, Body, FieldError, Jobs, examples, json_response, page, request_language, user_field
from .schemas import JobStatus, PokerDiceOdds, answers
from .session import session_routes


__all__ = ["SETS", "VARIANT_KEYS", "hint_pending", "router", "solve_key", "warm"]

router = APIRouter()
TAG: list[str | Enum] = ["poker-dice"]
GAME = "poker-dice"
VARIANT_KEYS = ("straights", "straight_above_full_house", "flush", "ace_high", "poker_faces")
SETS = ("royal", "octahedral")  # the shipped card-dice sets; a set of one's own is for the CLI (a file) only
# Its own job queue: a poker-dice solve takes seconds (a royal one 25 s) and must not wait behind a Farkle match
# solve (tens of seconds) in the shared one; it runs one solve at a time too.
_solves = Jobs(keep=64)

Flag = Annotated[bool, Strict()]
RulesName = Literal["six", "royal", "octahedral"]


class OddsBody(Body):
    """The dice of `holdwise poker-dice odds` (six-faced dice's flags: --no-straights is straights false)."""

    model_config = examples({"straights": True, "ace_high": True}, {"rules": "royal"})
    rules: RulesName = "six"
    straights: Flag = True
    straight_above_full_house: Flag = False
    flush: Flag = False
    ace_high: Flag = False
    poker_faces: Flag = False


class Options(Body):
    """The options of a game against the computer (`holdwise poker-dice play`): the dice (`rules`; `dice_set` is
    its older name), players, your seat, the roll limit and six-faced dice's rule variant."""

    rules: RulesName | None = None
    dice_set: Literal["royal", "octahedral"] | None = None
    players: Annotated[int, Strict(), Field(ge=2, le=6, description="players at the table: 2 to 6")] = 2
    position: Annotated[int, Strict(), Field(ge=1, le=6, description="your seat: 1 (first to roll) to players")] = 1
    roll_limit: Flag = False
    straights: Flag = True
    straight_above_full_house: Flag = False
    flush: Flag = False
    ace_high: Flag = False
    poker_faces: Flag = False


class PrepareBody(Body):
    """The options whose exact solution to bring into memory (the dice, players and the roll limit count)."""

    model_config = examples({"options": {"players": 3}}, {"options": {"rules": "octahedral", "players": 3}})
    options: Options = Field(default_factory=Options)


class Action(Body):
    """A play action: keep (six-faced dice: `keep`, the faces 1-6 kept; card dice: `dice`, the dice kept 0-4; all
    five: stand; none: roll all again) or next."""

    type: Literal["keep", "next"]
    keep: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=6)]], Field(max_length=5)] | None = None
    dice: Annotated[list[Annotated[int, Strict(), Field(ge=0, le=4)]], Field(max_length=5)] | None = None

    def plain(self) -> dict[str, Any]:
        """The action as the session takes it (the keep sorted)."""
        out: dict[str, Any] = {"type": self.type}
        for key in ("keep", "dice"):
            value = getattr(self, key)
            if value is not None:
                out[key] = sorted(value)
        if self.type == "keep" and len(out) != 2:
            raise FieldError("action", "a keep names the faces kept (keep) or the dice kept (dice), one of them")
        return out


_SEALED = {"state": {"game": "poker-dice", "...": "the sealed state as /api/poker-dice/new returned it"},
           "seal": "hex"}


# ---- the dice and their solution -------------------------------------------------------------------------

def _rules(options: Mapping[str, Any]) -> str:
    return str(options.get("rules") or options.get("dice_set") or "six")


def solve_key(options: Mapping[str, Any]) -> str:
    """The job key of the solution a session of these options plays on (the dice, players, roll limit; poker
    faces change only how dice read, and share the solve)."""
    keys = ("roll_limit", *(k for k in VARIANT_KEYS if k != "poker_faces"))
    flags = [int(bool(options.get(k, face.DEFAULT_OPTIONS[k]))) for k in keys]
    return f"poker-dice-{_rules(options)}-{int(options.get('players', 2))}p-" + "".join(map(str, flags))


def _prepare(options: Mapping[str, Any]) -> dict[str, Any]:
    """Start (or find) the solve of these options; its status {status, done, total, error, estimate_seconds,
    options}."""
    kind = face.kind_of(options)
    players, limit = int(options["players"]), bool(options["roll_limit"])

    def work(progress: Callable[[int, int], None]) -> None:
        progress(0, 1)
        kind.solve(players, limit, progress=progress)

    job = _solves.submit(solve_key(options), work)
    spec = {"rules": options["rules"], "players": players, "roll_limit": limit,
            **{k: options[k] for k in VARIANT_KEYS}}
    return {**job.to_json(), "estimate_seconds": round(kind.solve_seconds(players, limit), 1), "options": spec}


def _waiting(status: dict[str, Any], what: str) -> JSONResponse | None:
    """None when the solve is done; else 202 with its status."""
    if status["status"] == "done":
        return None
    if status["status"] == "failed":
        raise FieldError(what, status["error"] or "the solve failed")
    o = status["options"]
    detail = (f"solving poker dice ({o['rules']}) for {o['players']} players (about {status['estimate_seconds']:.0f} s "
              "the first time); poll POST /api/poker-dice/prepare with these options, then ask again")
    return JSONResponse(status_code=202, content={**status, "detail": detail})


def _pending(state: State) -> JSONResponse | None:
    return _waiting(_prepare(state.options), "state")


def hint_pending(request: Any) -> Response | None:  # noqa: ANN401 - the face's HintRequest
    """The generic hint's 202 while the table it needs solves (the request is read and checked already)."""
    if request.dice:  # a set of one's own comes from a file: the command line only
        return None
    options = {**face.normalize_options({"rules": request.rules, "players": request.players,
                                         **{k: getattr(request, k) for k in VARIANT_KEYS}}),
               "roll_limit": request.roll_limit}
    return _waiting(_prepare(options), "players")


# ---- inputs and the view ---------------------------------------------------------------------------------

def _options(given: Mapping[str, Any]) -> dict[str, Any]:
    """The session's options from a body, each bad one named (the seat beyond the players, a rule that needs
    straights, a first solve past the guard)."""
    options = {k: v for k, v in given.items() if v is not None}
    if "rules" in options and "dice_set" in options:
        raise FieldError("options.dice_set", "give rules or dice_set (its older name), not both")
    options["rules"] = options.pop("dice_set", options.get("rules", "six"))
    with user_field("options.position"):
        face.parse_position(options["position"], options["players"])
    flags = {k: options[k] for k in VARIANT_KEYS}
    changed = [k for k in VARIANT_KEYS if k != "poker_faces" and flags[k] != (k == "straights")]
    where = ("flush" if flags["flush"] and not flags["straights"]
             else "straight_above_full_house" if not flags["straights"]
             else changed[0] if changed and options["rules"] != "six" else "rules")
    with user_field("options." + where):
        kind = face.dice_kind(options["rules"], flags)
    players, limit = options["players"], options["roll_limit"]
    if kind.solve_seconds(players, limit) > face.MAX_SOLVE_SECONDS:
        if players > 2 and kind.solve_seconds(2, limit) <= face.MAX_SOLVE_SECONDS:
            field = "players"
        elif limit and kind.solve_seconds(players, False) <= face.MAX_SOLVE_SECONDS:
            field = "roll_limit"
        else:
            field = "rules"
        with user_field("options." + field):  # the face's own line; a solution stored on this machine is read
            kind.check_solve(players, limit)
    with user_field("options"):
        return face.normalize_options(options)


def _view(state: State) -> dict[str, Any]:
    """What the page draws beyond the state: seats with their final hands, the dice to move, the tie."""
    options, d = state.options, state.data
    kind = face.kind_of(options)
    order, finals, used = list(d["order"]), list(d["finals"]), list(d["rolls_used"])
    moving = None if state.over else order[len(finals)]
    ranks = [kind.rank(f) for f in finals]
    top = max(ranks) if ranks else -1  # -1: no final hand yet
    seats = []
    for seat, name in enumerate(d["seats"]):
        played = seat in order[:len(finals)]
        i = order.index(seat) if played else -1
        seats.append({"seat": seat + 1, "name": name, "you": name == "you", "in_round": seat in order,
                      "to_move": seat == moving, "winner": d["winner"] == seat,
                      "final": kind.hand_view(finals[i]) if played else None,
                      "holds_best": played and not state.over and ranks[i] == top,
                      "rolls_used": used[i] if played else None})
    tie = None
    if d["round"] > 1:
        tie = f"tie: replay between {' and '.join(d['seats'][s] for s in order)} (round {d['round']})"
    playing = bool(finals) and not state.over  # the hand to beat: the best so far while the round is played
    best = kind.hand_view(finals[ranks.index(top)]) if playing else None
    return {"rules": options["rules"], "seats": seats, "dice": kind.hand_view(d["dice"]) if d["dice"] else None,
            "rolls": d["rolls"], "allowed": d["allowed"], "rolls_left": d["allowed"] - d["rolls"] if d["dice"] else 0,
            "to_beat": best, "holders": ranks.count(top) if playing else None, "round": d["round"], "tie": tie,
            "winner": d["seats"][d["winner"]] if d["winner"] is not None else None,
            "ranking": [kind.category_labels[c] for c in kind.categories]}


# ---- the pages -------------------------------------------------------------------------------------------

def _flag(text: str | None, default: bool) -> bool:
    return default if text is None else text.lower() in ("1", "true", "yes", "on")


@router.get("/poker-dice", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request) -> HTMLResponse:
    """The table, six-faced dice chosen (`?rules=` chooses other dice)."""
    return _table(request, "six", N_("Poker dice: the table"))


@router.get("/poker-dice/cards", response_class=HTMLResponse, include_in_schema=False)
def cards_page(request: Request) -> HTMLResponse:
    """The same table with card dice chosen (the royal set unless `?rules=` names another)."""
    return _table(request, SETS[0], N_("Poker dice: card dice"))


def _table(request: Request, rules: str, title: str) -> HTMLResponse:
    """The one table page: every kind of dice is offered, `rules` (or the query's) chosen."""
    asked = request.query_params.get("rules")
    kinds = _said_kinds(request_language(request))
    chosen = asked if asked in kinds else rules
    return page(request, "poker_dice.html", title=title, kinds=kinds, chosen=chosen,
                max_seconds=face.MAX_SOLVE_SECONDS)


# The kinds' words the page shows (its choices, the names and descriptions of the dice; the shipped sets' come
# from data/dice_sets/*.toml, and a test holds them equal to these), for the catalogues
KIND_WORDS = (
    N_("Six-faced: A K Q J 10 9"), N_("Royal: 52 cards and 8 stars"), N_("Octahedral: 7 to A, suited"),
    N_("Five dice with the faces A K Q J 10 9; the rules below say which hands count and how they rank."),
    N_("Five 12-sided dice holding each of the 52 cards once and 8 stars (wild cards). The real set's layout is not "
       "public; this one deals the cards from A♠ down to 2♣ (ranks high to low, within a rank ♠ ♥ ♦ ♣) in turn to "
       "dice 5, 4, 3, 2, 1, 5, 4, ...: dice 4 and 5 get 11 cards and one star, dice 1 to 3 get 10 cards and two "
       "stars. Each die so has cards of most ranks and of every suit."),
    N_("Five 8-sided dice, each with the ranks 7 8 9 10 J Q K A once. The real sets' faces are not public; in this "
       "layout die d (1 to 5) gives rank number i (0 for the 7 up to 7 for the ace) the suit number (i + d - 1) mod "
       "4 of ♠ ♥ ♦ ♣, so each die shows every suit twice and dice 1 and 5 are alike."),
)


@lru_cache(maxsize=8)
def _said_kinds(lang: str) -> dict[str, dict[str, Any]]:
    """`_kinds()` with its words (a kind's name, its choice, its description) in `lang`."""
    return {key: {**kind, "name": _kind_name(kind["name"], lang),
                  **{k: i18n.gettext(kind[k], lang) for k in ("choice", "description")}}
            for key, kind in _kinds().items()}


def _kind_name(name: str, lang: str) -> str:
    """A kind of dice's name as the page's title of it (a set's name is also said inside sentences, in another
    grammatical case: its own message)."""
    return {
        "Poker dice": i18n.pgettext("dice kind", "Poker dice", lang),
        "Royal poker dice (a layout of our own)": i18n.pgettext("dice kind", "Royal poker dice (a layout of our own)",
                                                               lang),
        "Octahedral poker dice (a layout of our own)": i18n.pgettext(
            "dice kind", "Octahedral poker dice (a layout of our own)", lang),
    }.get(name, name)


# six-faced dice's odds on the page as the form starts: straights count, faces written A K Q J 10 9
_SIX_FLAGS = tuple(k in ("straights", "poker_faces") for k in VARIANT_KEYS)


@lru_cache(maxsize=1)
def _kinds() -> dict[str, dict[str, Any]]:
    """What the page needs of each kind of dice: its name and a line on it, how a face is drawn ("die": a poker
    die, "card": a playing card), the action's key of a keep, whether it has six-faced dice's rule variants, its
    faces (card dice; every six-faced die is alike), the odds of one roll, and for each roll limit the players
    whose first solve the guard allows (the page offers those)."""
    def limits(kind: Any) -> dict[str, list[int]]:  # noqa: ANN401 - a DiceKind
        return {str(limit).lower(): [n for n in range(2, 7) if kind.solve_seconds(n, limit) <= face.MAX_SOLVE_SECONDS]
                for limit in (False, True)}

    six = face.dice_kind("six")
    out = {"six": {"name": six.name, "choice": "Six-faced: A K Q J 10 9", "word": "six-faced", "look": "die",
                   "keep_key": six.keep_key, "variants": True, "flags": dict(zip(VARIANT_KEYS, _SIX_FLAGS)), "wild": False,
                   "faces": None,
                   "description": "Five dice with the faces A K Q J 10 9; the rules below say which hands count "
                                  "and how they rank.",
                   "odds": json.loads(_odds_json("six", _SIX_FLAGS)), "limits": limits(six)}}
    choices = {"royal": "Royal: 52 cards and 8 stars", "octahedral": "Octahedral: 7 to A, suited"}
    for s in SETS:
        dice, kind = face.resolve_set(s), face.dice_kind(s)
        out[s] = {"name": dice.name, "choice": choices[s], "word": s, "look": "card", "keep_key": kind.keep_key,
                  "variants": False, "wild": dice.has_wilds, "description": dice.description,
                  "faces": [[_card(dice, d, i) for i in range(len(die))] for d, die in enumerate(dice.dice)],
                  "odds": json.loads(_odds_json(s, ())), "limits": limits(kind)}
    return out


def _card(dice: Any, die: int, index: int) -> dict[str, Any]:  # noqa: ANN401 - a DiceSet
    """One face of one die as the page draws it (rank, suit symbol; a star is wild)."""
    code = dice.dice[die][index]
    plain, text = face.face_text(code), face.face_text(code, True)
    wild = plain == "*"
    return {"die": die + 1, "text": text, "plain": plain, "rank": "" if wild else text[:-1],
            "suit": "" if wild else text[-1], "wild": wild}


@router.get("/poker-dice/odds", response_class=HTMLResponse, include_in_schema=False)
def odds_page(request: Request) -> HTMLResponse:
    """The odds of each hand for the variant named in the query (the page's picker changes it)."""
    q = request.query_params
    # faces written A K Q J 10 9 unless the query says otherwise, as the table draws them (the API and the CLI
    # write digits by default)
    defaults = {**face.DEFAULT_OPTIONS, "poker_faces": True}
    flags = {k: _flag(q.get(k), defaults[k]) for k in VARIANT_KEYS}
    try:
        first = json.loads(_odds_json("six", tuple(flags.values())))
    except InputError:  # a rule that needs straights: the page starts from the default
        flags = {k: defaults[k] for k in VARIANT_KEYS}
        first = json.loads(_odds_json("six", tuple(flags.values())))
    return page(request, "poker_dice_odds.html", title=N_("Poker dice: odds"), flags=flags, first=first)


# ---- the CLI's answers -----------------------------------------------------------------------------------

_odds = AnswerCache(1 << 20)  # 20 variants and the sets, a few hundred bytes each


def _odds_json(rules: str, flags: tuple[bool, ...]) -> bytes:
    """`holdwise poker-dice odds --rules <rules> --json` (six-faced dice: these flags in VARIANT_KEYS order)."""
    def work() -> Any:  # noqa: ANN401 - the kind's odds result
        with user_field("flush" if flags and flags[2] and not flags[0] else
                        "straight_above_full_house" if flags and not flags[0] else "rules"):
            return face.dice_kind(rules, dict(zip(VARIANT_KEYS, flags))).odds()
    return _odds.json((rules, flags), work)


@router.get("/api/poker-dice/odds", tags=TAG, **answers(PokerDiceOdds, "GET /api/poker-dice/odds"))
def odds_get(rules: RulesName = "six", straights: bool = True, straight_above_full_house: bool = False,
             flush: bool = False, ace_high: bool = False, poker_faces: bool = False,
             dice_set: Literal["royal", "octahedral"] | None = None) -> Response:
    """Counts and chances of every hand on one roll of the dice, best first (six-faced dice: out of 7,776, and
    the bust hands): `holdwise poker-dice odds --json` with the same rules and flags (straights=false is
    --no-straights; `dice_set` is the older name of rules)."""
    rules = dice_set or rules
    flags = (straights, straight_above_full_house, flush, ace_high, poker_faces) if rules == "six" else ()
    return json_response(_odds_json(rules, flags))


@router.post("/api/poker-dice/odds", tags=TAG, **answers(PokerDiceOdds, "POST /api/poker-dice/odds"))
def odds_post(body: OddsBody) -> Response:
    """The same as GET /api/poker-dice/odds, the rules and the variant in the body."""
    flags = tuple(getattr(body, k) for k in VARIANT_KEYS) if body.rules == "six" else ()
    return json_response(_odds_json(body.rules, flags))


# ---- play ------------------------------------------------------------------------------------------------

@router.post("/api/poker-dice/prepare", tags=TAG, **answers(JobStatus, "POST /api/poker-dice/prepare"))
def prepare(body: PrepareBody) -> dict[str, Any]:
    """Start solving the game of these options unless it is in memory: the solve's status (`status`: queued,
    running, done, failed; `done`/`total` steps; `error`; `estimate_seconds`; `options`). Poll it until `done`.
    A solve the guard refuses is a 422 naming the field."""
    return _prepare(_options(body.options.model_dump()))


router.include_router(session_routes(
    GAME, face, Options, action_model=Action, view=_view, check=face.check_state, pending=_pending,
    read_options=_options, new_extra=lambda state: {"solve": _prepare(state.options)},
    new_example={"options": {"players": 3, "position": 2, "ace_high": True}, "seed": 7},
    step_example={"state": _SEALED, "action": {"type": "keep", "keep": []}}, describe={
        "new": "A new session against the computer: the sealed state (the first player has rolled), the legal "
               "actions, the view, and `solve`: the status of the solve the computer and the hint need (the page "
               "waits for `done`).",
        "step": "Play an action: the next sealed state, its legal actions and view (202 while the game solves).",
        "advice": "Every keep of the player to move ranked by the chance to win the game, with its loss against "
                  "the best: the Hint JSON (202 while the game solves).",
        "computer": "The exact strategy's next action for the player to move and the state after it (one action at "
                    "a time, so a page can show each keep; 202 while the game solves)."}))


def _calibrate() -> None:
    """The card-dice guard learns this machine's speed (kept with the cache: measured once per machine), as the
    first job of this module's queue, so no warm-up solve shares the cores with the measure."""
    _solves.calibrate("card-dice-calibration", face.calibrate, "card-dice")


def warm() -> None:
    """Start solving six-faced dice for two players, then three, and the octahedral set for two, in the
    background; returns at once (more players, and the royal set, are solved when first asked). Before them,
    the card-dice guard's calibration (`_calibrate`)."""
    _calibrate()
    for options in face.WARM_OPTIONS:
        _prepare(face.normalize_options(options))
