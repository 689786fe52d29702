"""The web app: pages, the JSON API, static files, error handling, and the solves warmed at start-up."""

from __future__ import annotations

import os
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from .. import __version__
from . import dice_poker, farkle
from .common import HERE, page
from .errors import BodyLimit, install

__all__ = ["LABS", "create_app"]

LABS = (
    ("/farkle", "Kingdom Come dice: practice table",
     "Play Farkle against the computer with your own dice; a coach shows every choice's win chance."),
    ("/dice-poker", "Dice poker: depth lab",
     "Edit a payout table and see at once what it returns and how deep it plays."),
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
    return app
