"""Video poker's fairness and strategy pages: every game's exact return at 5 coins and at 1-4 coins, each
game's derived chart and cost curve, and a pasted chart evaluated over every deal.

Whole-game answers are computed once and kept on disk by the game face (`stored_return`, `stored_strategy`);
here they run as background jobs whose progress the pages poll, so no request waits for a solve:
- the fairness job computes every missing (game, bet) return, one after another (about 2 s each, cold);
- a strategy job (about 30 s a game) has the key `video-poker-strategy:<game id>:<coins>`, shared with the
  trainer of web/video_poker.py, so whichever page asks first computes it for both.
Coins 1 to 4 pay alike per coin (only the royal flush pays more at 5), so the 1-4 figure is the one at 4 coins.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import ConfigDict, Field, StrictInt, StrictStr

from ..i18n import N_
from ..errors import InputError
from ..games import video_poker as face
from .common import AnswerCache, Body, FieldError, Gate, jobs, json_bytes, json_response, page, user_field
from .schemas import ChartEvaluation, Fairness, VideoPokerReturn, VideoPokerStrategy, answers
from .video_poker import chart_field_error, hand_words, resolve, server_games, strategy_job_key

__all__ = [
    "BELOW_MAX_COINS", "EVALUATE_EXAMPLE", "MAX_CHART_CHARS", "EvaluateBody", "fairness_rows", "router",
    "strategy_job_key", "warm",
]

log = logging.getLogger("holdwise.web")
router = APIRouter()
TAG = "video-poker"

BELOW_MAX_COINS = 4  # coins 1-4 pay alike per coin: the 1-4 figure is computed at 4
FAIR_COINS = (face.MAX_COINS, BELOW_MAX_COINS)
MAX_CHART_CHARS = 20_000  # a pasted chart: far more than the 161 lines of the longest derived chart
HEAVY_WAIT_S = 4.0
EVALUATE_EXAMPLE = "high pair\n4 to a royal flush\nlow pair\n4 to a flush\n2 high cards\nsingle high card\n"
COINS_NOTE = N_("1 to 4 coins pay alike per coin (only the royal flush pays more at 5), so the 1-4 figure is the "
                 "return at 4 coins")  # the API's note, English; the fairness page says it in its language

Coins = Annotated[StrictInt, Field(ge=1, le=face.MAX_COINS, description="Coins bet a hand: 1 to 5.")]


class EvaluateBody(Body):
    """A chart to evaluate exactly over every deal: `holdwise video-poker strategy --game G --coins C --chart FILE
    --json`."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"game": face.DEFAULT_GAME, "coins": 5, "chart": EVALUATE_EXAMPLE}]})

    game: StrictStr = Field(face.DEFAULT_GAME, max_length=200, description="A game id the server offers.")
    coins: Coins = face.MAX_COINS
    chart: StrictStr = Field(max_length=MAX_CHART_CHARS, description="The chart: plain lines, best first, or TOML "
                             "lines = [...], as `--chart FILE` reads it; at most 20,000 characters.")


# ---- the answers kept in memory (the disk store holds them across processes and restarts) -----------------

_returns: dict[tuple, dict] = {}  # (table, coins) -> the return JSON: small, a few per game
_returns_lock = threading.Lock()
_strategies = AnswerCache(4 << 20)  # a strategy answer is ~100 KB
_evaluations = AnswerCache(4 << 20)
_GATE = Gate("busy: another chart evaluation is running; try again in a moment")
_HEAVY = _GATE.slot  # held by a test to play another evaluation


def _coins(text: object, field: str = "coins") -> int:
    with user_field(field):
        return face.parse_coins(text, field)


def _known_return(table: Any, coins: int) -> dict | None:
    """The return of a game at a bet when it is on disk (kept in memory once read); None when not computed yet."""
    with _returns_lock:
        value = _returns.get((table, coins))
    if value is None and face.is_stored("return", table, coins):
        value = face.stored_return(table, coins)
        with _returns_lock:
            _returns[(table, coins)] = value
    return value


def _return(table: Any, coins: int) -> dict:
    """The return of a game at a bet: from memory or disk, else computed here (about 2 s) and stored."""
    value = _known_return(table, coins)
    if value is None:
        with _GATE.held(HEAVY_WAIT_S):
            value = face.stored_return(table, coins)
        with _returns_lock:
            _returns[(table, coins)] = value
    return value


# ---- fairness --------------------------------------------------------------------------------------------

_fair_generation = [0]
_fair_lock = threading.Lock()


def _fair_key() -> str:
    return f"video-poker-fairness:{_fair_generation[0]}"


def _missing() -> list[tuple[Any, int]]:
    return [(t, c) for t in server_games().values() for c in FAIR_COINS if _known_return(t, c) is None]


def _fair_work(progress: Callable[[int, int], None]) -> int:
    """Compute every missing (game, bet) return, reporting pairs done out of all pairs."""
    tables = list(server_games().values())
    pairs = [(t, c) for t in tables for c in FAIR_COINS]
    for i, (table, coins) in enumerate(pairs):
        progress(i, len(pairs))
        if _known_return(table, coins) is None:
            value = face.stored_return(table, coins)
            with _returns_lock:
                _returns[(table, coins)] = value
    progress(len(pairs), len(pairs))
    return len(pairs)


def _start_fairness() -> None:
    """Start the fairness job unless one is queued or running (a finished one that left gaps starts anew)."""
    with _fair_lock:
        job = jobs.get(_fair_key())
        if job is not None and job.state == "done":
            _fair_generation[0] += 1
        jobs.submit(_fair_key(), _fair_work)


def fairness_rows() -> list[dict]:
    """A row per game: id, name, deck, wild and its return JSON at 5 coins and at 4 (null until computed)."""
    rows = []
    for table in server_games().values():
        rows.append({"id": table.id, "name": table.name, "deck": table.deck, "wild": table.wild,
                     "coins_5": _known_return(table, face.MAX_COINS),
                     "coins_1_4": _known_return(table, BELOW_MAX_COINS)})
    return rows


# ---- strategy --------------------------------------------------------------------------------------------

def _strategy_ready(table: Any, coins: int) -> bytes | None:
    """The strategy answer as bytes when it is known here or on disk; None when it must be computed."""
    key = (table, coins)
    cached = _strategies.get(key)
    if cached is not None:
        return cached
    job = jobs.get(strategy_job_key(table, coins))
    value = job.result if job is not None and job.state == "done" and isinstance(job.result, dict) else None
    if value is None and face.is_stored("strategy", table, coins):
        value = face.stored_strategy(table, coins)
    if value is None:
        return None
    content = json_bytes(value)
    _strategies.put(key, content)
    return content


# ---- pages -----------------------------------------------------------------------------------------------

def _game_list() -> list[dict]:
    return [{"id": t.id, "name": t.name, "deck": t.deck, "wild": t.wild} for t in server_games().values()]


@router.get("/video-poker/fairness", response_class=HTMLResponse, include_in_schema=False)
def fairness_page(request: Request) -> HTMLResponse:
    """Every game's exact return at 5 coins and at 1-4 coins."""
    return page(request, "video_poker_fairness.html", title=N_("Video poker: fairness"), said=hand_words(request),
                games=_game_list(),
                coins_note=COINS_NOTE)


@router.get("/video-poker/strategy", response_class=HTMLResponse, include_in_schema=False)
def strategy_page(request: Request) -> HTMLResponse:
    """Each game's derived chart and cost curve; a pasted chart evaluated exactly."""
    games = _game_list()
    wanted = request.query_params.get("game", face.DEFAULT_GAME)
    game = wanted if any(g["id"] == wanted for g in games) else face.DEFAULT_GAME
    coins = request.query_params.get("coins", str(face.MAX_COINS))
    coins = coins if coins in ("4", "5") else str(face.MAX_COINS)
    return page(request, "video_poker_strategy.html", title=N_("Video poker: strategy charts"), said=hand_words(request),
                games=games,
                game=game, coins=coins, max_chart_chars=MAX_CHART_CHARS, example_chart=EVALUATE_EXAMPLE)


# ---- the API ---------------------------------------------------------------------------------------------

@router.get("/api/video-poker/fairness", tags=[TAG], **answers(Fairness, "GET /api/video-poker/fairness"))
def fairness() -> dict:
    """Every game's exact return at 5 coins and at 1-4 coins (computed at 4: they pay alike per coin), with
    the return tables: `{status, done, total, error, coins_note, games: [{id, name, deck, wild, coins_5,
    coins_1_4}]}`, each figure the JSON of `holdwise video-poker return --game G --coins C --exact --json` or
    null while it is computed. Starts the background job for the missing ones; `done`/`total` count the
    (game, bet) pairs on disk; poll until `status` is "done"."""
    rows = fairness_rows()
    total = 2 * len(rows)
    done = sum((r["coins_5"] is not None) + (r["coins_1_4"] is not None) for r in rows)
    if done == total:
        status, error = "done", None
    else:
        _start_fairness()
        job = jobs.get(_fair_key())
        status = job.state if job is not None else "queued"
        error = job.error or None if job is not None else None
        if status == "done":  # finished between the rows and now
            status = "running"
    return {"status": status, "done": done, "total": total, "error": error, "coins_note": COINS_NOTE,
            "games": rows}


@router.get("/api/video-poker/return", tags=[TAG], **answers(VideoPokerReturn, "GET /api/video-poker/return"))
def game_return(game: Annotated[str, Query(max_length=200)] = face.DEFAULT_GAME,
                coins: Annotated[str, Query(max_length=30)] = str(face.MAX_COINS)) -> Response:
    """A game's exact return with optimal play and its return table: exactly `holdwise video-poker return
    --game G --coins C --exact --json` (kept on disk once computed; about 2 s the first time)."""
    table = resolve(game)
    n = _coins(coins)
    return json_response(_return(table, n))


@router.get("/api/video-poker/strategy", tags=[TAG],
            **answers(VideoPokerStrategy, "GET /api/video-poker/strategy",
                      {202: {"description": "the strategy is being computed: the job's status; ask again"}}))
def strategy(game: Annotated[str, Query(max_length=200)],
             coins: Annotated[str, Query(max_length=30)] = str(face.MAX_COINS)) -> Response:
    """A game's derived basic strategy with its costliest exceptions (`notes`) and the cost curve of the best
    charts of 1-40 lines: exactly `holdwise video-poker strategy --game G --coins C --curve --json`. The first
    time (about 30 s a game) the answer is 202 with the job's status (`status`, `done`/`total` stages, `error`)
    and the job runs in the background; ask again until 200. Kept on disk once computed."""
    table = resolve(game)
    n = _coins(coins)
    ready = _strategy_ready(table, n)
    if ready is not None:
        return json_response(ready)
    job = jobs.submit(strategy_job_key(table, n), lambda progress: face.stored_strategy(table, n, progress))
    if job.state == "done":
        ready = _strategy_ready(table, n)
        if ready is not None:
            return json_response(ready)
    if job.state == "failed":
        return JSONResponse(status_code=503, content={
            "detail": f"the strategy of {table.id} could not be computed ({job.error}); ask again to retry",
            "field": None, **job.to_json()})
    return JSONResponse(status_code=202, content={
        **job.to_json(), "game": table.id, "coins": n,
        "detail": f"computing the strategy of {table.id} at {n} coins (about half a minute); ask again"})


@router.post("/api/video-poker/strategy/evaluate", tags=[TAG],
             **answers(ChartEvaluation, "POST /api/video-poker/strategy/evaluate"))
def evaluate(body: EvaluateBody) -> Response:
    """A chart's exact return over every deal, its cost against the optimum, each line's stats and its costliest
    mistakes with an example hand each: exactly `holdwise video-poker strategy --game G --coins C --chart FILE
    --json`. A line the game's vocabulary does not read is refused with 422 naming the line."""
    table = resolve(body.game)
    key = (table, body.coins, body.chart)
    cached = _evaluations.get(key)
    if cached is not None:
        return json_response(cached)
    try:
        chart = face.parse_chart(body.chart, table)
    except InputError as err:  # "chart line 2: unknown pattern ..." -> "chart: line 2: unknown pattern ..."
        raise chart_field_error(err) from None
    with _GATE.held(HEAVY_WAIT_S):
        try:
            report = face.evaluate_chart(table, chart, body.coins)
        except InputError as err:
            raise FieldError("chart", str(err)) from None
        except (ArithmeticError, ValueError, MemoryError) as err:
            log.warning("video-poker chart evaluation failed: %r", err)
            raise FieldError("chart", f"the chart could not be evaluated ({type(err).__name__})") from None
    content = json_bytes(report)
    _evaluations.put(key, content)
    return json_response(content)


def warm() -> None:
    """Start the fairness job in the background when some game's return is not on disk yet."""

    def run() -> None:
        try:
            if _missing():
                _start_fairness()
        except Exception:  # warming is a convenience; a failure shows on the first request
            log.exception("warming the video-poker fairness page failed")

    threading.Thread(target=run, name="holdwise-warm-video-poker-fairness", daemon=True).start()
