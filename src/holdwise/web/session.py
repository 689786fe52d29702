"""The play session over HTTP, the same for every game: `session_routes` gives a game's face the JSON endpoints
new, step, advice, computer and move (a move typed as a player writes it), and `play_routes` a generic play page
(`/play/<game>`) for a game without a page of its own.

Every answer carries the sealed state (send it back as it is) and the legal actions; a game may add a `view`
(what its page draws beyond the state) and a `pending` check (a 202 while the solve it needs runs).
"""

# no `from __future__ import annotations` here: FastAPI reads the handlers' annotations, which name classes made
# inside session_routes, so they must be objects rather than names to look up in the module
import logging
import threading
from collections.abc import Callable, Collection, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field, StrictStr

from .. import i18n
from ..games.base import GameFace, State
from .common import (
    Body, NewBody, StateBody, StepBody, computed, examples, fresh_seed, json_response, page, request_language, seal,
    unseal,
)
from .schemas import Hint, SessionAnswer, answers

__all__ = ["ROUTES", "MoveBody", "play", "play_routes", "session_routes", "warm"]

log = logging.getLogger("holdwise.web")
ROUTES = ("new", "step", "advice", "computer", "move")
MAX_MOVE_CHARS = 200


class MoveBody(Body):
    """A sealed state and a move as a player types it ("roll", "keep 1 5", "next")."""

    model_config = examples({"state": {"state": {}, "seal": ""}, "text": "roll"})
    state: dict[str, Any]
    text: Annotated[StrictStr, Field(max_length=MAX_MOVE_CHARS)]


def play(face: GameFace[Any], state: State, view: Callable[[State], dict] | None = None,
         **extra: Any) -> dict:  # noqa: ANN401
    """A play answer: the sealed state (everything a page draws is in it), the legal actions, the view."""
    out: dict[str, Any] = {"state": seal(state), "actions": face.actions(state)}
    if view is not None:
        out["view"] = view(state)
    out.update(extra)
    return out


def session_routes(game: str, face: GameFace[Any], options_model: type[BaseModel] | None = None, *,
                   routes: Collection[str] = ROUTES, action_model: Any = dict[str, Any],  # noqa: ANN401
                   view: Callable[[State], dict] | None = None,
                   pending: Callable[[State], Response | None] | None = None,
                   check: Callable[[State], Any] | None = None, new_pending: bool = False,
                   read_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                   new_extra: Callable[[State], Mapping[str, Any]] | None = None,
                   new_example: Mapping | None = None, step_example: Mapping | None = None,
                   move_example: str = "roll", describe: Mapping[str, str] | None = None) -> APIRouter:
    """The play endpoints of a game's face under /api/<game>/ (those of `routes`).

    `new` {"options", "seed"} -> {"state", "actions"} (options as `options_model` reads them, else the dict
    the face's `new_game` checks: its InputError is 422 naming `options`); `step` {"state", "action"} -> the
    same shape; `advice` {"state"} -> the Hint JSON; `computer` {"state"} -> {"action", "state", "actions"};
    `move` {"state", "text"} -> the same, the action read by the face's `parse_action`. `view` adds what a
    page draws, `pending` answers instead while a solve runs (202; on `new` too with `new_pending`, once the
    new state is made), `check` vets an unsealed state; `read_options` reads new's options first (its errors
    name their own fields) and `new_extra` adds keys to new's answer (such as the status of the solve the game
    needs)."""
    router = APIRouter()
    tags: list[str] = [game]
    extra: dict[str, Any] = (
        {"responses": {202: {"description": "the game is being solved"}}} if pending is not None else {})
    describe = describe or {}
    options_type = options_model or dict[str, Any]

    class New(NewBody[options_type]):  # type: ignore[valid-type]
        __doc__ = NewBody.__doc__
        model_config = examples(dict(new_example or {"options": {}, "seed": 7}))

    class Step(StepBody[action_model]):  # type: ignore[valid-type]
        __doc__ = StepBody.__doc__
        model_config = examples(dict(step_example or {"state": {"state": {}, "seal": ""}, "action": {"type": "next"}}))

    class Move(MoveBody):
        __doc__ = MoveBody.__doc__
        model_config = examples({"state": {"state": {}, "seal": ""}, "text": move_example})

    # one schema name per game in /docs
    prefix = "".join(w.capitalize() for w in game.split("-"))
    for model, name in ((New, "NewBody"), (Step, "StepBody"), (Move, "MoveBody")):
        model.__name__ = model.__qualname__ = prefix + name

    def state_of(sealed: Mapping) -> State:
        state = unseal(sealed, game)
        if check is not None:
            computed("state check", lambda: check(state), "state")
        return state

    def answer(state: State, **more: Any) -> Response:  # noqa: ANN401
        return json_response(play(face, state, view, **more))

    def new(body: New) -> Response:
        given: Any = body.options
        options = given.model_dump() if isinstance(given, BaseModel) else dict(given)
        if read_options is not None:
            options = read_options(options)
        seed = fresh_seed(body.seed)
        state = computed("game", lambda: face.new_game(options, seed), "options")
        waiting = pending(state) if new_pending and pending is not None else None
        if waiting is not None:
            return waiting
        return answer(state, **(new_extra(state) if new_extra is not None else {}))

    def opened(sealed: Mapping, work: Callable[[State], Response]) -> Response:
        """`work` on the state of a sealed state, unless the game answers 202 while its solve runs."""
        state = state_of(sealed)
        waiting = pending(state) if pending is not None else None
        return waiting if waiting is not None else work(state)

    def step(body: Step) -> Response:
        def action() -> dict:
            return body.action.plain() if hasattr(body.action, "plain") else body.action

        return opened(body.state, lambda state: answer(computed("step", lambda: face.step(state, action()), "action")))

    def advice(body: StateBody) -> Response:
        return opened(body.state, lambda state: json_response(computed("advice", lambda: face.advice(state),
                                                                       "state")))

    def played(state: State, read: Callable[[], dict], field: str) -> Response:
        action = computed("move", read, field)
        return answer(computed("step", lambda: face.step(state, action), field), action=action)

    def computer(body: StateBody) -> Response:
        return opened(body.state, lambda state: played(state, lambda: face.computer_action(state), "state"))

    def move(body: Move) -> Response:
        return opened(body.state, lambda state: played(state, lambda: face.parse_action(state, body.text), "text"))

    handlers: dict[str, tuple[Callable[..., Response], str]] = {
        "new": (new, "A new session: `{\"state\": sealed state, \"actions\": [...]}`."),
        "step": (step, "The state after the player's action: `{\"state\": sealed state, \"actions\": [...]}`."),
        "advice": (advice, "Every option of the position ranked best first, each with the `action` that plays "
                           "it (the Hint JSON)."),
        "computer": (computer, "The best play for the side to move and the state after it: `{\"action\": ..., "
                               "\"state\": sealed state, \"actions\": [...]}`."),
        "move": (move, "A move typed as a player writes it (read by the game's `parse_action`) and the state "
                       "after it: `{\"action\": ..., \"state\": sealed state, \"actions\": [...]}`."),
    }
    for name in routes:
        handler, doc = handlers[name]
        declared = answers(Hint if name == "advice" else SessionAnswer, f"POST /api/{game}/{name}",
                           extra.get("responses"))
        router.add_api_route(f"/api/{game}/{name}", handler, methods=["POST"], tags=list(tags),
                             summary=f"{game}: {name}", description=describe.get(name, doc), name=f"{game}-{name}",
                             **declared)
    return router


def play_routes(game: str, title: str | Callable[[str], str]) -> APIRouter:
    """The generic play page of a game, `/play/<game>`, on its session endpoints (`title`: the page's title, or
    the title in a language)."""
    router = APIRouter()

    def play_page(request: Request) -> HTMLResponse:
        lang = request_language(request)
        said = title(lang) if callable(title) else title
        # the game by its name in the page's language ("Hrajte dice-duel" named it by its id)
        from ..games.registry import GAMES

        name = next((i18n.gettext(g.title, lang) for g in GAMES if g.id == game), game)
        return page(request, "play.html", title=said, game=game, game_name=name)

    router.add_api_route(f"/play/{game}", play_page, methods=["GET"], response_class=HTMLResponse,
                         include_in_schema=False, name=f"play-{game}")
    return router


def warm(game: str, face: GameFace[Any]) -> None:
    """Start a game of `game` in the background and ask its advice (its solve, if it needs one, is then ready
    for the first visitor: Liar's Dice's equilibrium took a worker's first advice 1.1-1.3 s); returns at once."""

    def run() -> None:
        try:
            state = face.new_game({}, 0)
            face.actions(state)
            face.advice(state)
        except Exception:  # noqa: BLE001 - warming is a convenience; a failure shows on the first request
            log.exception("warming %s failed", game)

    threading.Thread(target=run, name=f"holdwise-warm-{game}", daemon=True).start()
