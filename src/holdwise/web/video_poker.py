"""Video poker at the machine: the game page with hint and trainer, the hand analyzer, and their JSON API.

The games offered are the shipped pay tables and those of the pay-table file the server was started with
(`holdwise serve --paytable-file FILE`, read from $HOLDWISE_VIDEO_POKER_PAYTABLES by every worker).
"""

from __future__ import annotations

import logging
import os
import threading

from fastapi import APIRouter

from ..errors import InputError
from ..games import video_poker as face
from .common import FieldError

__all__ = ["PAYTABLES_ENV", "resolve", "router", "server_games", "warm"]

log = logging.getLogger("holdwise.web")
router = APIRouter()

GAME = "video-poker"
PAYTABLES_ENV = "HOLDWISE_VIDEO_POKER_PAYTABLES"  # a pay-table file (TOML) whose games the server offers too

_FILE_GAMES: dict[str, dict] = {}
_FILE_LOCK = threading.Lock()


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


def server_games() -> dict:
    """Every game this server offers, by id: the shipped ones, then the file's (a file's id wins)."""
    return {**face.shipped_games(), **_file_games()}


def resolve(game_id: object, field: str = "game"):  # noqa: ANN201 - a PayTable
    """The pay table of a game id the server offers; FieldError(field) naming the known ids otherwise."""
    games = server_games()
    if not isinstance(game_id, str) or game_id not in games:
        known = ", ".join(list(games)[:12]) + (" ..." if len(games) > 12 else "")
        raise FieldError(field, f"unknown game {str(game_id)[:60]!r}; known: {known}")
    return games[game_id]


def warm() -> None:
    """Build the default game's tables in the background, so the first hand waits for nothing."""

    def run() -> None:
        try:
            face.hint("AS KS QS JS 9D", face.DEFAULT_GAME)
        except Exception:  # noqa: BLE001 - warming is a convenience; a failure shows on the first request
            log.exception("warming the video-poker pages failed")

    threading.Thread(target=run, name="holdwise-warm-video-poker", daemon=True).start()
