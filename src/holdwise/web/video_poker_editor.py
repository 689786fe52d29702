"""The video-poker pay-table editor: a page and its API (`/api/video-poker/editor/...`).

The player starts from a game the server offers and changes pays, the royal at 1-4 coins, the deck and wild
cards (whatever the pay-table file format takes, asked of the game). The table travels in the link as a code
(`holdwise.games.video_poker.table_code`: the table's TOML, deflated, base64url), downloads as the TOML the CLI
reads, and plays on the machine page (`/video-poker?table=CODE`: hint and trainer on that table).

Cost is bounded as every heavy solve is: a new table's returns are two exact solves (about a second each, then
kept on disk), a background job in the server's line of heavy solves (`web.work`: the limits per client and in
all, identical tables sharing one job, a job nobody polls stopped) shared with the machine's sessions of own
tables; the request answers 202 with the job's status and the page asks again. A table on disk is answered at
once, and answers are kept in memory by table. The short chart is a background job asked for by a button (about
half a minute a new table).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field, StrictInt, StrictStr

from .. import i18n
from ..i18n import N_
from ..phrases import say
from ..errors import InputError
from ..games import video_poker as face
from . import video_poker
from .common import AnswerCache, Body, FieldError, examples, json_response, page, request_language, user_field
from .schemas import EditorCancel, EditorOptions, EditorReturn, EditorTable, answers, sample
from .video_poker import server_games

__all__ = ["ReturnBody", "TableFields", "router"]

router = APIRouter()

CACHE_BYTES = 4 << 20  # answers kept as sent, ~6 KB a table
_cache = AnswerCache(CACHE_BYTES)

PayText = Annotated[StrictStr, Field(max_length=64)] | Annotated[StrictInt, Field(ge=0)]


class PayRow(Body):
    """One hand of the table and its pay per coin (800, 2.5 or "5/2")."""

    hand: Annotated[StrictStr, Field(max_length=40)]
    pay: PayText


class TableFields(Body):
    """A pay table in the file format's keys (`extra` keys the format learns later pass through to it)."""

    model_config = {**Body.model_config, "extra": "allow"}

    id: Annotated[StrictStr, Field(max_length=100)]
    name: Annotated[StrictStr, Field(max_length=100)]
    deck: StrictInt
    wild: Annotated[StrictStr, Field(max_length=20)]
    royal_below_max: PayText
    pays: Annotated[list[PayRow], Field(max_length=40)]


class ReturnBody(Body):
    """The table to solve."""

    model_config = examples({"table": {
        "id": "my-jacks", "name": "My Jacks 9/5", "deck": 52, "wild": "none", "royal_below_max": "250",
        "pays": [{"hand": "royal_flush", "pay": "800"}, {"hand": "straight_flush", "pay": "50"},
                 {"hand": "four_of_a_kind", "pay": "25"}, {"hand": "full_house", "pay": "9"},
                 {"hand": "flush", "pay": "5"}, {"hand": "straight", "pay": "4"},
                 {"hand": "three_of_a_kind", "pay": "3"}, {"hand": "two_pairs", "pay": "2"},
                 {"hand": "jacks_or_better", "pay": "1"}]}})

    table: TableFields


def _table(fields: dict) -> Any:  # noqa: ANN401
    """The PayTable of the editor's fields; a 422 naming the field ("table.pays.flush: ...")."""
    try:
        return face.table_from_fields(fields)
    except InputError as err:
        field = "table." + face.table_field(err, fields)
        # the parser's "game 'x' in the editor: " says nothing the field does not
        message = err.reason if err.field else str(err).split(": ", 1)[1] if str(err).startswith("game ") else str(err)
        raise FieldError(field, message) from None


def _code_table(code: str) -> Any:  # noqa: ANN401
    with user_field("table"):
        return face.table_from_code(code)


def _answer(table, returns: dict) -> dict:
    """Everything the editor shows of a table: its fields, code, links, TOML and `returns` at 5 and 1-4 coins."""
    code = face.table_code(table)
    return {"table": face.table_to_json(table), "code": code, "link": f"/video-poker/editor?table={code}",
            "play": f"/video-poker?table={code}", "toml": face.table_toml(table),
            "download": f"/api/video-poker/editor/toml?table={quote(code)}", "returns": returns}


@router.get("/video-poker/editor", response_class=HTMLResponse, include_in_schema=False)
def editor_page(request: Request, table: Annotated[str | None, Query(max_length=4000)] = None,
                game: Annotated[str | None, Query(max_length=200)] = None) -> HTMLResponse:
    """The editor, starting from the link's table, else the game asked for, else the default game."""
    games = server_games()
    start = games.get(game or "") or games.get(face.DEFAULT_GAME) or face.get_game(face.DEFAULT_GAME)
    error = ""
    if table is not None:
        try:
            start = face.table_from_code(table)
        except InputError as err:
            error = f"the link's table could not be read ({err}); starting from {start.name}"
    return page(request, "video_poker_editor.html", title=N_("Video poker: pay-table editor"), config={
        "options": _said_options(request_language(request)), "start": face.table_to_json(start), "error": error,
        "games": [face.table_to_json(t) for t in games.values()]})


@lru_cache(maxsize=8)
def _said_options(lang: str) -> dict[str, Any]:
    """The editor's offer with its words in `lang`: each deck's label, each hand's name and what it means (the
    API's `/editor/options` stays English)."""
    options = face.editor_options()
    return {**options,
            "variants": [{**v, "label": i18n.gettext(v["label"], lang)} for v in options["variants"]],
            "hands": [{**h, "label": say(h["label"], lang), "means": i18n.gettext(h["means"], lang)}
                      for h in options["hands"]]}


@router.get("/api/video-poker/editor/options", tags=["video-poker"],
            **answers(EditorOptions, "GET /api/video-poker/editor/options"))
def options() -> Response:
    """What the editor offers, as the pay-table file format reads it: `{variants: [{key, fields: {deck, wild,
    ...}, label}], hands: [{hand, label, means}], default_royal_below_max, max_code}`."""
    return json_response(face.editor_options())


@router.post("/api/video-poker/editor/return", tags=["video-poker"],
             **answers(EditorReturn, "POST /api/video-poker/editor/return", {202: {
                 "description": "the table is being solved: `{status: \"computing\", job: {status, done, total, "
                                "error, seconds_left, key}}`; ask again with the same body"}}))
def table_return(body: ReturnBody) -> Response:
    """A table's exact returns: `{table, code, link, play, toml, download, returns: {"5": ..., "1-4": ...}}`, each
    return exactly `holdwise video-poker return --paytable-file FILE --game ID --coins 5 (or 1) --json` for the
    table's TOML. Bad input is a 422 naming the field (`table.pays.flush`, `table.deck`). A table not solved yet
    is a background job in the server's line of heavy solves (about a second a bet): the answer is 202
    `{"status": "computing", "job": {status, done, total, error, seconds_left, key}}` until it is done (ask again
    with the same body, which is the poll that keeps the job wanted; identical tables share one job; past the
    limits 429 with `Retry-After`); answers are kept by table."""
    fields = body.table.model_dump()
    table = _table(fields)
    key = ("return", table)
    cached = _cache.get(key)
    if cached is not None:
        return json_response(cached)
    returns, job = video_poker.own_returns(table)
    if returns is None:
        return json_response({"status": "computing", "job": job}, status=202)
    return _cache.answer(key, lambda: _answer(table, returns))


@router.post("/api/video-poker/editor/return/cancel", tags=["video-poker"],
             **answers(EditorCancel, "POST /api/video-poker/editor/return/cancel"))
def table_return_cancel(body: ReturnBody) -> Response:
    """Stop the solve of a table (the page left, or its table changed): `{"status": ..., "stopping": bool}`, the
    job's state here ("none" when this worker runs none), and whether it stops (not while another client asked
    about it within the idle time)."""
    job = video_poker.own_cancel(_table(body.table.model_dump()))
    return json_response({"status": job.state if job is not None else "none",
                          "stopping": bool(job is not None and job.cancel_asked)})


@router.get("/api/video-poker/editor/table", tags=["video-poker"],
            **answers(EditorTable, "GET /api/video-poker/editor/table"))
def table_of_code(table: Annotated[str, Query(min_length=1, max_length=4000)]) -> Response:
    """The table a link's code carries, in the file format's keys (`{id, name, deck, wild, royal_below_max,
    pays: [{hand, pay}]}`), with its TOML."""
    own = _code_table(table)
    return json_response({"table": face.table_to_json(own), "toml": face.table_toml(own)})


TOML_SAMPLE = sample("GET /api/video-poker/editor/table")["toml"]  # the sample table's file, as downloaded


@router.get("/api/video-poker/editor/toml", tags=["video-poker"], response_class=Response, responses={200: {
    "description": "The table as a TOML file (a download, not JSON)",
    "content": {"application/toml": {"schema": {"type": "string"}, "example": TOML_SAMPLE}}}})
def table_toml(table: Annotated[str, Query(min_length=1, max_length=4000)]) -> Response:
    """A link's table as a TOML file to download: `holdwise video-poker return --paytable-file FILE --game ID`."""
    own = _code_table(table)
    name = "".join(c for c in own.id if c.isalnum() or c in "-_") or "paytable"
    return Response(face.table_toml(own), media_type="application/toml; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}.toml"'})
