"""The web lab: a FastAPI app on the games' faces (pages rendered with Jinja2, a JSON API under /api/).

`create_app()` builds the app; `holdwise serve` runs it on uvicorn. Every route calls a game's face and
returns its result's `to_json()` unchanged (the same keys as the CLI's --json); play is stateless: the
sealed game state travels in each request and response.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
