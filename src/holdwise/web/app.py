"""The web app: pages, the JSON API, static files, error handling, and the solves warmed at start-up."""

from __future__ import annotations

import os
from collections.abc import Iterable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__, games
from . import (
    card_poker_dice, dice_poker, farkle, farkle_report, poker_dice, session, video_poker, video_poker_editor,
    video_poker_reports, yahtzee,
)
from .common import HERE, page
from .errors import BodyLimit, install

__all__ = ["DOCS_POLICY", "LABS", "NAV_GROUPS", "NAV_LABELS", "OWN_PAGES", "REDOC", "SWAGGER_UI", "create_app",
           "generic_games", "nav_groups"]

# the API docs' scripts and styles, served from the package (static/vendor/VENDORED.md says where from)
SWAGGER_UI = "/static/vendor/swagger-ui-dist-5.35.0"
REDOC = "/static/vendor/redoc-2.5.4"
# the docs pages may load from this server only (a guard: the vendored scripts ask no other host); no inline
# script (static/api_docs.js starts Swagger UI); inline styles, which both viewers write
DOCS_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
               "script-src 'self'; worker-src 'self' blob:; font-src 'self' data:")
OWN_PAGES = frozenset({"dice-poker", "farkle", "poker-dice", "video-poker", "yahtzee"})  # games with a page of their own

LABS = (
    ("/farkle", "Kingdom Come dice: practice table",
     "Play Farkle against the computer with your own dice; a coach shows every choice's win chance."),
    ("/farkle/report", "Kingdom Come dice: strategy report",
     "Where playing to win the match and the one-turn coaching table part ways, and what it costs."),
    ("/dice-poker", "Dice poker: depth lab",
     "Edit a payout table and see at once what it returns and how deep it plays."),
    ("/video-poker", "Video poker: the machine, with hint and trainer",
     "Play any pay table; the hint ranks every hold, the trainer prices each mistake and names the chart line."),
    ("/video-poker/analyzer", "Video poker: hand analyzer",
     "Any five cards: every hold's exact value and its draw counts, for any game."),
    ("/video-poker/fairness", "Video poker: fairness",
     "Every game's exact return at 5 coins and at 1-4 coins, with its return table."),
    ("/video-poker/strategy", "Video poker: strategy charts",
     "Each game's derived chart and cost curve; paste your own chart and see its exact cost."),
    ("/video-poker/editor", "Video poker: pay-table editor",
     "Type the pay table of the machine in front of you: its exact return, return table, short chart and a link "
     "to play it."),
    ("/poker-dice", "Poker dice: the table",
     "Play poker dice against the computer, 2 or 3 players, any variant; the hint shows each keep's win chance."),
    ("/poker-dice/odds", "Poker dice: odds",
     "The exact chance of every hand for the chosen variant."),
    ("/poker-dice/cards", "Poker dice with card dice",
     "Royal (12-sided, 52 cards and wild stars) or octahedral (7 to A, suited) dice against the computer; "
     "the hint names the dice to keep and each keep's win chance, and the odds of one roll."),
    ("/yahtzee", "Yahtzee: the table",
     "Solitaire Yahtzee, Yatzy or Balut with the exact optimum: the hint ranks every keep and box by expected final "
     "score, the review prices each decision, and your score is shown on the distribution of optimal play."),
)


# The menu groups the pages by game: a page's group is the first part of its path ("/video-poker/fairness" is
# in "video-poker"); a group missing here is named after that part. Groups keep the order of LABS.
NAV_GROUPS = {"farkle": "Farkle", "dice-poker": "Dice poker", "video-poker": "Video poker",
              "poker-dice": "Poker dice", "yahtzee": "Yahtzee", "play": "More games"}
# the short names in the menu (a page missing here: its title after the colon, or before it on /play/<game>)
NAV_LABELS = {"/farkle": "Practice table", "/farkle/report": "Strategy report", "/dice-poker": "Depth lab",
              "/video-poker": "The machine", "/video-poker/analyzer": "Hand analyzer",
              "/video-poker/fairness": "Fairness", "/video-poker/strategy": "Strategy charts",
              "/video-poker/editor": "Pay-table editor",
              "/poker-dice": "The table", "/poker-dice/odds": "Odds", "/poker-dice/cards": "Card dice",
              "/yahtzee": "The table"}


def nav_groups(labs: Iterable[tuple[str, str, str]]) -> tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...]:
    """The menu: (group name, ((path, short name, title), ...)) per game, in the order of `labs`."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for href, title, _ in labs:
        key = href.strip("/").split("/")[0]
        head, _, tail = title.partition(": ")
        label = NAV_LABELS.get(href) or (head if key == "play" or not tail else tail[:1].upper() + tail[1:])
        groups.setdefault(NAV_GROUPS.get(key) or key.replace("-", " ").capitalize(), []).append((href, label, title))
    return tuple((name, tuple(items)) for name, items in groups.items())


def generic_games() -> list[str]:
    """The registered games without a page of their own: they get the generic play page `/play/<game>`."""
    return [name for name in games.names() if name not in OWN_PAGES]


def _generic_lab(name: str) -> tuple[str, str, str]:
    face = games.get(name)
    summary = ((face.__doc__ or "").strip().splitlines() or [""])[0].split(":")[0].strip().rstrip(".")
    title = name.replace("-", " ").capitalize()
    return (f"/play/{name}", f"{title}: play",
            f"{summary or title}: play it with the hint; the legal moves as buttons, or typed.")


def create_app(warm: bool | None = None) -> FastAPI:
    """The holdwise web app. `warm`: solve the default Farkle match in the background at start-up
    (default: on unless $HOLDWISE_NO_WARM is set)."""
    if warm is None:
        warm = not os.environ.get("HOLDWISE_NO_WARM")

    generic = generic_games()
    labs = (*LABS, *(_generic_lab(name) for name in generic))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if warm:
            farkle.warm()
            dice_poker.warm()
            video_poker.warm()
            video_poker_reports.warm()
            poker_dice.warm()
            card_poker_dice.warm()
            yahtzee.warm()
            for name in generic:
                session.warm(name, games.get(name))
        yield

    app = FastAPI(title="holdwise", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Exact best play and true return of keep-and-re-roll games. Every answer is the "
                              "CLI's --json, same keys; play endpoints take and return a sealed game state.")
    app.state.nav = nav_groups(labs)  # every page's menu (templates/base.html)
    install(app)
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        return page(request, "index.html", labs=labs, title="holdwise lab")

    def api_docs(request: Request, viewer: str, assets: str, title: str) -> HTMLResponse:
        # the site's layout around the viewer (templates/api_docs.html), so its menu leads back to every page
        html = page(request, "api_docs.html", viewer=viewer, assets=assets, spec=app.openapi_url or "/openapi.json",
                    title=title)
        html.headers["content-security-policy"] = DOCS_POLICY
        return html

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        return api_docs(request, "swagger", SWAGGER_UI, "holdwise API: try it")

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        return api_docs(request, "redoc", REDOC, "holdwise API: reference")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg", status_code=308)

    @app.get("/api/health", tags=["server"])
    def health() -> dict:
        """The server's version, its process id (which worker answered) and that it answers."""
        return {"status": "ok", "version": __version__, "pid": os.getpid()}

    app.include_router(farkle.router)
    app.include_router(farkle_report.router)
    app.include_router(dice_poker.router)
    app.include_router(video_poker.router)
    app.include_router(video_poker_reports.router)
    app.include_router(video_poker_editor.router)
    app.include_router(poker_dice.router)
    app.include_router(card_poker_dice.router)
    app.include_router(yahtzee.router)
    for name in generic:
        face = games.get(name)
        # the examples in /docs: a first move of a dice game (Yahtzee's "roll all")
        app.include_router(session.session_routes(
            name, face, step_example={"state": {"state": {}, "seal": ""}, "action": {"type": "keep", "keep": []}}))
        app.include_router(session.play_routes(name, _generic_lab(name)[1]))
    return app
