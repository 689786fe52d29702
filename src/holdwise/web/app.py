"""The web app: pages, the JSON API, static files, error handling, and the solves warmed at start-up."""

from __future__ import annotations

import os
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from . import dice_poker, farkle, poker_dice, video_poker, video_poker_reports
from .common import HERE, page
from .errors import BodyLimit, install

__all__ = ["LABS", "create_app"]

LABS = (
    ("/farkle", "Kingdom Come dice: practice table",
     "Play Farkle against the computer with your own dice; a coach shows every choice's win chance."),
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
    ("/poker-dice", "Poker dice: the table",
     "Play poker dice against the computer, 2 or 3 players, any variant; the hint shows each keep's win chance."),
    ("/poker-dice/odds", "Poker dice: odds",
     "The exact chance of every hand for the chosen variant."),
)


def create_app(warm: bool | None = None) -> FastAPI:
    """The holdwise web app. `warm`: solve the default Farkle match in the background at start-up
    (default: on unless $HOLDWISE_NO_WARM is set)."""
    if warm is None:
        warm = not os.environ.get("HOLDWISE_NO_WARM")

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if warm:
            farkle.warm()
            dice_poker.warm()
            video_poker.warm()
            video_poker_reports.warm()
            poker_dice.warm()
        yield

    app = FastAPI(title="holdwise", version=__version__, lifespan=lifespan,
                  description="Exact best play and true return of keep-and-re-roll games. Every answer is the "
                              "CLI's --json, same keys; play endpoints take and return a sealed game state.")
    install(app)
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> HTMLResponse:
        return page(request, "index.html", labs=LABS, title="holdwise lab")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg", status_code=308)

    @app.get("/api/health", tags=["server"])
    def health() -> dict:
        """The server's version, its process id (which worker answered) and that it answers."""
        return {"status": "ok", "version": __version__, "pid": os.getpid()}

    app.include_router(farkle.router)
    app.include_router(dice_poker.router)
    app.include_router(video_poker.router)
    app.include_router(video_poker_reports.router)
    app.include_router(poker_dice.router)
    return app
