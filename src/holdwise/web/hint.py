"""`POST /api/{game}/hint`, the same for every registered game: the body is the hint's fields, the answer the Hint.

The body's keys are the face's `HINT_FIELDS` names (glossary names, as the CLI's `--json` prints them), less
the command line's own (`cli_only`, such as a path on the user's machine); unknown keys are a 422. The fields
go through the face's `parse_hint` (bad input: a 422 naming the field) and `hint`; the answer is the Hint's
JSON as `holdwise <game> hint --json` prints it. Answers are kept in a cache bounded by bytes. A game whose
hint may solve for long gives its web module a `hint_pending(request) -> Response | None`: a 202 while the
solve runs elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import create_model

from ..games.base import GameFace
from .common import AnswerCache, Body, computed, examples, json_bytes, json_response
from .schemas import Hint, answers

__all__ = ["HINT_CACHE_BYTES", "hint_routes"]

HINT_CACHE_BYTES = 8 << 20  # per game: the answers of the positions asked most recently


def hint_routes(game: str, face: GameFace[Any],
                pending: Callable[[Any], Response | None] | None = None) -> APIRouter:
    """The router of `POST /api/{game}/hint` for one game's face."""
    fields = [f for f in face.HINT_FIELDS if not f.cli_only]
    example = {f.name: f.example for f in fields if f.example is not None}
    prefix = "".join(w.capitalize() for w in game.split("-"))
    definitions: dict[str, Any] = {f.name: (Any, None) for f in fields}
    model: Any = create_model(  # one schema per game in /docs, its fields those of the face
        f"{prefix}HintBody", __base__=Body, __doc__=f"The fields of a {game} hint (docs/reference/json.md).",
        **definitions)
    model.model_config = {**Body.model_config, **examples(example)}
    model.model_rebuild(force=True)
    cache = AnswerCache(HINT_CACHE_BYTES)
    router = APIRouter()

    def hint(body: Any) -> Response:  # noqa: ANN401 (the model is made above)
        given = {k: v for k, v in body.model_dump(exclude_unset=True).items() if v is not None}
        request = computed("hint", lambda: face.parse_hint(given))
        waiting = pending(request) if pending is not None else None
        if waiting is not None:
            return waiting
        key = json_bytes(request)
        return json_response(cache.json(key, lambda: computed("hint", lambda: face.hint(request))))

    hint.__annotations__ = {"body": model, "return": Response}
    help_text = {f.name: f.help for f in fields}
    description = ("Every option of the position ranked best first (the Hint JSON, as `holdwise "
                   f"{game} hint --json` prints it). Fields: "
                   + "; ".join(f"`{name}`: {text}" for name, text in help_text.items()))
    router.add_api_route(f"/api/{game}/hint", hint, methods=["POST"], tags=[game], summary=f"{game}: hint",
                         description=description, response_class=Response,
                         **answers(Hint, f"POST /api/{game}/hint"))
    return router
