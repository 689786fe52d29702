"""Video poker at the machine: the game page with hint and trainer, the hand analyzer, and their JSON API.

The games offered are the shipped pay tables and those of the pay-table file the server was started with
(`holdwise serve --paytable-file FILE`, read from $HOLDWISE_VIDEO_POKER_PAYTABLES by every worker).

Play is the stateless session of `holdwise.games.video_poker`: the page holds the sealed state. Each draw is
scored against the best hold in the state itself (a Decision with its loss in credits), so the trainer needs no
server memory; the chart line a mistake broke comes from `/api/video-poker/chart-hold`.

The trainer plays a chart the player can learn: `/api/video-poker/trainer-chart` gives the derived chart of the
player's choice (the shortest within 0.01% of optimal play by default, 10, 15 or 20 lines, or the full basic
strategy), computed once per game and bet as a background job and then read from the disk store. A chart the
player pastes is checked by `/api/video-poker/chart-check` before the page keeps it: a line the game does not
read is a 422 naming that line, and the page keeps the chart it had.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import ConfigDict, Field, StrictInt, StrictStr
from starlette.exceptions import HTTPException

from .. import phrases
from ..i18n import N_
from ..errors import InputError
from ..games import video_poker as face
from .common import (
    AnswerCache, Body, FieldError, Job, computed, examples, jobs, json_bytes, json_response, page, request_language,
    user_field,
)
from .schemas import ChartCheck, ChartHold, TrainerChart, VideoPokerGames, answers
from .session import session_routes

if TYPE_CHECKING:
    from ..games.video_poker import PayTable

__all__ = [
    "PAYTABLES_ENV", "ChartCheckBody", "ChartHoldBody", "PlayOptions", "chart_field_error", "own_cancel",
    "own_job_key", "own_returns", "resolve", "router", "server_games", "strategy_job_key", "trainer_job_key", "warm",
]

log = logging.getLogger("holdwise.web")
router = APIRouter()

GAME = "video-poker"
PAYTABLES_ENV = "HOLDWISE_VIDEO_POKER_PAYTABLES"  # a pay-table file (TOML) whose games the server offers too
CHART_STORAGE_KEY = "holdwise.vp.chart."  # + game id: a chart the player saved on the strategy page (plain text)
CHOICE_STORAGE_KEY = "holdwise.vp.trainer-choice"  # the trainer's chart choice: one of CHOICES' keys, or "mine"
CHOICES = {"short": "shortest within 0.01%", "10": "10 lines", "15": "15 lines", "20": "20 lines",
           "basic": "expert: the basic strategy"}  # the trainer's charts, as the page offers them
MAX_CHART_TEXT = 64 * 1024  # a chart of 2,000 lines of 30 characters; far more than any saved chart
# parsed charts kept, each counted as its text (a parse is ~0.3 ms once the game's vocabulary is built)
CHARTS_BYTES = 4 << 20
TRAINERS_BYTES = 4 << 20  # trainer charts kept as the JSON sent: 10 KB for 20 lines, 70 KB for a basic strategy

# a table of one's own (the pay-table editor's) is solved as a background job in the server's line of heavy
# solves (about a second a bet), shared by the editor and the machine; the machine's new session of a table not
# solved yet waits for that job up to OWN_WAIT_S (its request sleeps: the solve runs in the line), then 429
OWN_WAIT_S = 30.0
OWN_POLL_S = 0.2

_FILE_GAMES: dict[str, dict] = {}
_FILE_LOCK = threading.Lock()

Hand = Annotated[StrictStr, Field(max_length=200)] | Annotated[list[Annotated[StrictStr, Field(max_length=20)]],
                                                              Field(max_length=10)]
GameId = Annotated[StrictStr, Field(min_length=1, max_length=200)]
TableCode = Annotated[StrictStr, Field(min_length=1, max_length=4000, description="A pay table of one's own: the "
                                       "code of the pay-table editor's link (`game` is its id); null: a server game.")]
Coins = Annotated[StrictInt, Field(ge=1, le=5, description="Coins bet: 1 to 5.")]


def _file_games() -> dict:
    """The games of the server's pay-table file, read once; none when unset or bad (logged)."""
    path = os.environ.get(PAYTABLES_ENV, "")
    with _FILE_LOCK:
        if path not in _FILE_GAMES:
            games = {}
            if path:
                try:
                    games = face.load_games(path)
                except InputError as err:
                    log.warning("video-poker pay tables: %s", err)
            _FILE_GAMES[path] = games
        return _FILE_GAMES[path]


face.offer_games(_file_games)  # the generic hint (POST /api/video-poker/hint) reads the server's games too


def server_games() -> dict:
    """Every game this server offers, by id: the shipped ones, then the file's (a file's id wins)."""
    return {**face.shipped_games(), **_file_games()}


def resolve(game_id: object, field: str = "game", code: str | None = None, code_field: str = "table"):
    """The pay table of a game id the server offers, or the table a code carries (a pay-table editor's link:
    its id must be `game_id`); FieldError(field) naming the known ids otherwise."""
    if code is not None:
        with user_field(code_field):
            table = face.table_from_code(code)
        if table.id != game_id:
            raise FieldError(field, f"the table's code is game {table.id!r}, not {str(game_id)[:60]!r}")
        return table
    games = server_games()
    if not isinstance(game_id, str) or game_id not in games:
        known = ", ".join(list(games)[:12]) + (" ..." if len(games) > 12 else "")
        raise FieldError(field, f"unknown game {str(game_id)[:60]!r}; known: {known}")
    return games[game_id]


def _job_id(table) -> str:
    """A game's name in job keys: its id, and for a table the server does not offer (an editor's) its code, so
    two tables of one id never share a job."""
    return table.id if server_games().get(table.id) == table else f"{table.id}~{face.table_code(table)}"


def strategy_job_key(table, coins: int) -> str:
    """The background job that derives a game's chart (shared with the strategy page: same key, same work)."""
    return f"video-poker-strategy:{_job_id(table)}:{coins}"


def trainer_job_key(table, coins: int, choice: str) -> str:
    """The background job that finds a trainer chart of a game at a bet (milliseconds once on disk)."""
    return f"video-poker-trainer-chart:{_job_id(table)}:{coins}:{choice}"


def chart_coins(coins: int) -> int:
    """The bet a chart is derived at: 5, or 4 for 1-4 coins (they pay alike per coin, so they play alike)."""
    return 5 if coins == 5 else 4


def chart_field_error(err: InputError) -> FieldError:
    """A chart the game does not read, as a 422 naming the field and the line: "chart: line 2: unknown ..."."""
    return FieldError("chart", str(err).removeprefix("chart "))


# ---- bodies -----------------------------------------------------------------------------------------------

class PlayOptions(Body):
    """A session's options: the game, the starting credits and the bet (coins a hand)."""

    rules: GameId = face.DEFAULT_GAME
    paytable: GameId | None = Field(None, description="The old name of `rules`, still read (not with `rules`).")
    table: TableCode | None = None
    credits: Annotated[StrictInt, Field(ge=1, le=1_000_000_000)] = 1000
    bet: Coins = 5

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:  # noqa: ARG002 (the options as `new_game` takes them)
        """The face's options (what `session_routes`' new passes to `new_game`): the game resolved as this server
        offers it, a table of one's own or of the server's file carried whole, the bet at most the credits."""
        if self.paytable is not None and "rules" in self.model_fields_set:
            raise FieldError("options.paytable", "give the game as rules (paytable is its old name), not both")
        game_id, field = (self.rules, "options.rules") if self.paytable is None else (self.paytable, "options.paytable")
        table = resolve(game_id, field, self.table, "options.table")
        options: dict[str, Any] = {"rules": table.id, "credits": self.credits, "bet": min(self.bet, self.credits)}
        if server_games().get(table.id) != table or table.id in _file_games():
            options["table"] = face.table_to_json(table)  # the state carries the table: no file read again
        return options


Choice = Annotated[StrictStr, Field(max_length=20, description='A trainer chart: "short" (the shortest within '
                                    '0.01% of optimal play), "basic" (the full basic strategy) or "1" to "40" lines.')]
ChartText = Annotated[StrictStr, Field(max_length=MAX_CHART_TEXT)]


class ChartHoldBody(Body):
    """What a chart plays on a hand and which line plays it; the chart is the text given, else the trainer chart
    `choice`, else the game's derived basic strategy (either computed once in the background when not stored)."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hand": "Ah Th 8h 3h Kd", "game": "jacks-or-better-9-6", "coins": 5,
         "chart": "royal flush\nfour of a kind\nfull house\nflush\nhigh pair\n4 to a flush\nlow pair\n"}]})

    hand: Hand
    game: GameId = face.DEFAULT_GAME
    table: TableCode | None = None
    coins: Coins = 5
    chart: ChartText | None = Field(
        None, description="Chart text (plain lines or TOML lines = [...]); null: the trainer chart `choice`.")
    choice: Choice | None = Field(None, description="With no chart text: the trainer chart (see "
                                  "/api/video-poker/trainer-chart); null: the game's derived basic strategy.")


class ChartCheckBody(Body):
    """A chart to check before it is kept: read with the game's vocabulary, line by line."""

    model_config = examples({"game": "jacks-or-better-9-6", "chart": "high pair\n4 to a flush\nlow pair\n"})

    game: GameId = face.DEFAULT_GAME
    table: TableCode | None = None
    chart: ChartText = Field(description="Chart text (plain lines or TOML lines = [...]).")


# ---- helpers ----------------------------------------------------------------------------------------------

def _hand(table, hand: object, field: str = "hand") -> tuple[int, ...]:
    with user_field(field):
        return face.parse_hand(hand, table.deck, table.extra_card)


_RETURNS: dict[tuple, float] = {}
_RETURNS_LOCK = threading.Lock()


OWN_BETS = (("5", 5), ("1-4", 1))  # a table's returns: at 5 coins, and at 1-4 (they pay alike per coin)


def own_job_key(table: PayTable) -> str:
    """The job solving a table of one's own (its code's digest: the code may be 4,000 characters)."""
    return "vp-own-return-" + hashlib.sha256(face.table_code(table).encode()).hexdigest()[:24]


def _solve_own(table, progress) -> dict:
    """The job's work: both returns' JSON, `progress` counting the deals of the two solves."""
    def one(n: int, coins: int) -> dict:
        def part(done: int, total: int) -> None:
            progress(n * total + done, 2 * total)

        return computed("return", lambda: face.game_return(table, coins, progress=part).to_json(), "table")

    return {label: one(n, coins) for n, (label, coins) in enumerate(OWN_BETS)}


def own_returns(table: PayTable) -> tuple[dict | None, dict | None]:
    """A table of one's own's returns, `{"5": ..., "1-4": ...}` each `game_return(table, coins).to_json()`, and
    None; or None and the status of the job solving them (started, within the limits, unless it runs). Solved
    tables are read from disk (milliseconds), never queued behind other solves."""
    if all(face.is_solved(table, coins) for _, coins in OWN_BETS):
        return {label: face.game_return(table, coins).to_json() for label, coins in OWN_BETS}, None
    key = own_job_key(table)
    job = jobs.get(key)
    if job is None or job.state != "done":
        job = jobs.submit(key, lambda progress: _solve_own(table, progress))
        if job.state == "failed":
            raise FieldError("table", f"the table's returns could not be computed: {job.error}")
        if job.state != "done":
            return None, {**job.to_json(), "key": key}
    return job.result, None


def own_cancel(table: PayTable) -> Job | None:
    """This client no longer wants the table's solve: it stops unless another client still asks about it; the
    job, or None when this worker runs none."""
    return jobs.cancel(own_job_key(table))


def _returns(table) -> dict:
    """The game's exact return per coin at 5 coins and at 1-4 coins (solved once per process; a table of one's
    own is read from the disk store, or waited for while the job solving it runs: there may be any number)."""
    if server_games().get(table.id) != table:
        waited = time.monotonic()
        while True:
            found, status = own_returns(table)
            if found is not None:
                return {label: float(found[label]["return"]) for label, _ in OWN_BETS}
            if status is None or status["status"] == "cancelled" or time.monotonic() - waited > OWN_WAIT_S:
                raise HTTPException(429, "busy: this pay table is still waiting to be solved; try again in a "
                                    "moment", headers={"Retry-After": "2"})
            time.sleep(OWN_POLL_S)
    out = {}
    for label, coins in (("5", 5), ("1-4", 1)):
        key = (table, coins)
        with _RETURNS_LOCK:
            value = _RETURNS.get(key)
        if value is None:
            value = float(face.game_return(table, coins).return_value)
            with _RETURNS_LOCK:
                _RETURNS[key] = value
        out[label] = value
    return out


def _game_info(table) -> dict:
    """A game as `video-poker games --json` lists it, with the hands' labels for the page."""
    info = next(g for g in face.games(extra={table.id: table}).games if g.id == table.id).to_json()
    info["labels"] = {h: face.hand_label(h) for h in (*info["pays"], "nothing")}
    return info


def _games_json() -> dict:
    """`holdwise video-poker games [--paytable-file FILE] --json` for the server's games."""
    path = os.environ.get(PAYTABLES_ENV) or None
    if path and _file_games():
        return face.games(path).to_json()
    return face.games().to_json()


# ---- pages ------------------------------------------------------------------------------------------------

def _page_games() -> list[dict]:
    return [_game_info(t) for t in server_games().values()]


def _games_with(table: str | None) -> tuple[list[dict], str, dict]:
    """The page's games, default game and editor link: with `?table=CODE` (a pay-table editor's table) that table
    first and chosen, carrying its code for every request that names the game; a damaged code is ignored."""
    games, default, links = _page_games(), face.DEFAULT_GAME, {}
    if table is not None:
        try:
            own = face.table_from_code(table)
        except InputError:
            own = None  # a damaged link still opens the page, on the shipped games
        if own is not None:
            games = [{**_game_info(own), "table": table}, *(g for g in games if g["id"] != own.id)]
            default = own.id
            links = {"editor_link": f"/video-poker/editor?table={table}", "editor_text": "Edit this pay table",
                     "machine_link": f"/video-poker?table={table}",
                     "analyzer_link": f"/video-poker/analyzer?table={table}"}
    return games, default, links


def hand_words(request: Request) -> tuple[tuple[str, str, bool], ...]:
    """What the video-poker pages' scripts say of the game's own words, in the request's language: the hands'
    names (the API's labels, and the ids as the reports write them, "four 5s ks") and "draw five", each whole."""
    return _hand_words(request_language(request))


@lru_cache(maxsize=8)
def _hand_words(lang: str) -> tuple[tuple[str, str, bool], ...]:
    rows = []
    for hand in face.HAND_KINDS:
        label = face.hand_label(hand)
        for _, local, part in phrases.said((label,), lang):  # a label no form says gets no row
            rows += [(shown, local, part) for shown in dict.fromkeys((label, hand.replace("_", " ")))]
    return (*rows, *phrases.said(("draw five",), lang))


@router.get("/video-poker", response_class=HTMLResponse, include_in_schema=False)
def machine_page(request: Request, table: Annotated[str | None, Query(max_length=4000)] = None) -> HTMLResponse:
    """The machine: deal, hold, draw, with the hint and the trainer; `?table=CODE` plays a pay-table editor's
    table (offered first, its code sent with every request that names the game)."""
    games, default, links = _games_with(table)
    return page(request, "video_poker.html", title=N_("Video poker: the machine"), said=hand_words(request), **links,
                config={"games": games, "default": default, "chart_key": CHART_STORAGE_KEY,
                        "choice_key": CHOICE_STORAGE_KEY, "choices": CHOICES, "default_choice": "short"})


@router.get("/video-poker/analyzer", response_class=HTMLResponse, include_in_schema=False)
def analyzer_page(request: Request, table: Annotated[str | None, Query(max_length=4000)] = None) -> HTMLResponse:
    """The hand analyzer: any five cards, every hold's exact value and draw counts; `?table=CODE` as the machine."""
    games, default, links = _games_with(table)
    return page(request, "video_poker_analyzer.html", title=N_("Video poker: hand analyzer"), said=hand_words(request),
                **links,
                config={"games": games, "default": default})


# ---- the API ----------------------------------------------------------------------------------------------

@router.get("/api/video-poker/games", tags=["video-poker"], **answers(VideoPokerGames, "GET /api/video-poker/games"))
def games() -> Response:
    """The games this server offers: exactly `holdwise video-poker games [--paytable-file FILE] --json` (the
    shipped games, and those of the server's pay-table file)."""
    return json_response(_games_json())


def _view(state) -> dict[str, Any]:
    """What the page draws beyond the state, with a new session only: the game as /games lists it (with
    "labels") and its return per coin, {"5": at 5 coins, "1-4": at 1-4 coins}."""
    if state.draws:
        return {}
    table = face.paytable_of(state)
    return {"game": _game_info(table), "returns": computed("return", lambda: _returns(table))}


router.include_router(session_routes(
    GAME, face, PlayOptions, routes=("new", "step", "advice", "computer"), view=_view,
    new_example={"options": {"rules": "jacks-or-better-9-6", "credits": 1000, "bet": 5}, "seed": 7},
    describe={
        "new": "A new session in the \"bet\" phase: `{\"state\": sealed state, \"actions\": [deals], \"view\": "
               "{\"game\": the game as /games lists it (with \"labels\"), \"returns\": {\"5\": return per coin at 5 "
               "coins, \"1-4\": at 1-4 coins}}}`.",
        "step": "The state after the player's action: `{\"type\": \"deal\", \"bet\": n}`, `{\"type\": \"draw\", "
                "\"hold\": [1-5]}` or, once paid, `{\"type\": \"next\"}`. Answers `{\"state\": sealed state, "
                "\"actions\": [...]}`; after a draw the state's last decision is the hold just made, scored against "
                "the best (its loss in credits).",
        "advice": "The hint for the move in play: every hold of the dealt hand ranked (value and loss per coin, "
                  "each with the `action` that plays it: the JSON of `video-poker hint`), or before a deal the "
                  "bets by return per coin.",
        "computer": "The best play: the last bet (at most the credits), the best hold, then the next hand."},
    step_example={"state": {"state": {}, "seal": ""}, "action": {"type": "deal", "bet": 5}}))


_charts = AnswerCache(CHARTS_BYTES)
_DERIVED: dict[tuple, str] = {}


def _parsed(table, text: str):
    """A chart parsed for a game, kept per (game, text): the page asks again with the same chart each hand."""
    key = (table, text)
    chart = _charts.get(key)
    if chart is None:
        def parse():
            try:
                return face.parse_chart(text, table)
            except InputError as err:  # "chart line 2: unknown pattern ..." names its line
                raise chart_field_error(err) from None

        chart = computed("chart", parse, "chart")
        _charts.put(key, chart, size=len(text) + 1024)
    return chart


_trainers = AnswerCache(TRAINERS_BYTES)


def _trainer_chart(table, coins: int, choice: str) -> tuple[tuple[bytes, str] | None, dict | None]:
    """A trainer chart as (its JSON, its text), or None and the status of the job finding it (started if need be:
    milliseconds once the game's charts are on disk, about half a minute a game the first time)."""
    key = (table, coins, choice)
    hit = _trainers.get(key)
    if hit is not None:
        return hit, None
    job_key = trainer_job_key(table, coins, choice)
    job = jobs.get(job_key)
    if job is None or job.state != "done":
        job = jobs.submit(job_key, lambda progress: face.trainer_chart(table, coins, choice, progress=progress))
        if job.state == "failed":
            raise FieldError("choice", f"the trainer's chart could not be derived: {job.error}")
        if job.state != "done":
            return None, {**job.to_json(), "key": job_key}
    content = json_bytes(job.result)
    hit = (content, job.result.chart_text)
    _trainers.put(key, hit, size=len(content) + len(hit[1]))
    return hit, None


def _choice(text: object) -> str:
    with user_field("choice"):
        return face.check_choice(text)


def _derived_chart(table, coins: int) -> tuple[str | None, dict | None]:
    """The game's derived chart text, or None and the status of the job computing it (started if need be)."""
    key = (table, coins)
    text = _DERIVED.get(key)
    if text is not None:
        return text, None
    report = None
    if face.is_stored("strategy", table, coins):
        report = face.stored_strategy(table, coins)
    else:
        job_key = strategy_job_key(table, coins)
        job = jobs.get(job_key)
        if job is not None and job.state == "done":
            report = job.result
        else:
            job = jobs.submit(job_key, lambda progress: face.stored_strategy(table, coins, progress))
            if job.state == "failed":
                raise FieldError("chart", f"the game's chart could not be derived: {job.error}")
            if job.state != "done":
                return None, {**job.to_json(), "key": job_key}
            report = job.result
    text = str(report["chart_text"])
    _DERIVED[key] = text
    return text, None


@router.post("/api/video-poker/chart-hold", tags=["video-poker"],
             **answers(ChartHold, "POST /api/video-poker/chart-hold"))
def chart_hold(body: ChartHoldBody) -> Response:
    """What a chart plays on a hand: `{hand, line, line_text, hold (positions), hold_text, value, value_exact}`
    (line null: no line fits, draw five; line: the chart line's number) with `chart` "given", "trainer" (with
    `choice`) or "derived". Without chart text the trainer chart `choice` is used, or with no choice the game's
    derived basic strategy, each at 5 coins for a bet of 5, else at 4 (1-4 coins pay alike); while it is being
    derived (about half a minute, once) the answer is 202 `{"status": "computing", "chart": ..., "job": {...}}`.
    Chart text the game does not read is a 422 naming the line ("chart: line 2: unknown pattern ...")."""
    table = resolve(body.game, code=body.table)
    cards = _hand(table, body.hand)
    extra: dict[str, Any] = {"chart": "given"}
    text = body.chart
    if text is not None and body.choice is not None:
        raise FieldError("choice", "give chart text or a trainer chart choice, not both")
    if text is None and body.choice is not None:
        choice = _choice(body.choice)
        extra = {"chart": "trainer", "choice": choice}
        found, job = _trainer_chart(table, chart_coins(body.coins), choice)
        if found is None:
            return json_response({"status": "computing", **extra, "job": job}, status=202)
        text = found[1]
    elif text is None:
        extra = {"chart": "derived"}
        text, job = _derived_chart(table, chart_coins(body.coins))
        if text is None:
            return json_response({"status": "computing", **extra, "job": job}, status=202)
    chart = _parsed(table, text)
    result = computed("chart hold", lambda: face.chart_hold(chart, cards, table, body.coins))
    return json_response({**result.to_json(), **extra})


@router.get("/api/video-poker/trainer-chart", tags=["video-poker"],
            **answers(TrainerChart, "GET /api/video-poker/trainer-chart",
                      {202: {"description": "the chart is being derived: the job's status; ask again"}}))
def trainer_chart(game: Annotated[str, Query(max_length=200)] = face.DEFAULT_GAME,
                  coins: Annotated[str, Query(max_length=30)] = "5",
                  choice: Annotated[str, Query(max_length=20)] = "short",
                  table: Annotated[str | None, Query(max_length=4000)] = None) -> Response:
    """The chart the trainer plays: `{rules, name, coins, choice, lines: [{number, text, chance, mistakes,
    cost, ...}], chart_text, return_value, return_exact, optimal_return, cost, cost_percent, basic_lines, note}`.
    `choice` is "short" (the default: the shortest derived chart whose return is within 0.01% of the bet of
    optimal play), "10", "15" or "20" (any 1-40: the best chart found of at most that many lines) or "basic" (the
    full derived basic strategy). `table`: a pay table of one's own, the pay-table editor's code (`game` is its
    id). A bet of 1-4 coins plays the chart at 4 (`coins` in the answer). The first time for a game and bet
    (about half a minute) the answer is 202 `{"status": "computing", "job": {...}}`; ask again."""
    table = resolve(game, code=table)
    with user_field("coins"):
        n = face.parse_coins(coins)
    choice = _choice(choice)
    found, job = _trainer_chart(table, chart_coins(n), choice)
    if found is None:
        return json_response({"status": "computing", "choice": choice, "job": job}, status=202)
    return json_response(found[0])


@router.post("/api/video-poker/chart-check", tags=["video-poker"],
             **answers(ChartCheck, "POST /api/video-poker/chart-check"))
def chart_check(body: ChartCheckBody) -> Response:
    """A chart read for a game, before a page keeps it: `{game, lines: [{number, text}]}` (number: the line of the
    text, as chart-hold cites it). A line the game's vocabulary does not read is a 422 naming the line: `{"detail":
    "chart: line 2: unknown pattern 'fulll house'; did you mean 'full house'?", "field": "chart"}`."""
    table = resolve(body.game, code=body.table)
    chart = _parsed(table, body.chart)
    return json_response({"game": table.id, "lines": [{"number": ln.number, "text": ln.text} for ln in chart.lines]})


def warm() -> None:
    """Build the default game's tables and read its chart words in the background, so the first hand and the
    first chart checked wait for nothing (a worker's first chart-check read them in the request: 270-370 ms)."""

    def run() -> None:
        try:
            face.hint(face.parse_hint({"hand": "AS KS QS JS 9D"}))
            _returns(face.get_game(face.DEFAULT_GAME))
            face.parse_chart("royal flush", face.get_game(face.DEFAULT_GAME))
        except Exception:
            log.exception("warming the video-poker pages failed")

    threading.Thread(target=run, name="holdwise-warm-video-poker", daemon=True).start()
