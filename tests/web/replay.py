"""What the web tests share: reading answers, replaying a session through the API beside the face, and asking
the command line the same question (so each game's API tests compare instead of copying these steps)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from typer.testing import CliRunner

from holdwise.games.base import State, to_jsonable

__all__ = ["cli_json", "ok", "prepared", "replay", "unsealed"]

_runner = CliRunner()


def ok(response: Any) -> dict[str, Any]:  # noqa: ANN401 (an httpx response)
    """A 200 answer's JSON (anything else fails, showing the body)."""
    assert response.status_code == 200, response.text
    return response.json()


def unsealed(sealed: Any) -> State:  # noqa: ANN401
    """The session state in an answer's "state" (a sealed {"state", "seal"} or the state itself)."""
    if isinstance(sealed, dict) and set(sealed) == {"state", "seal"}:
        sealed = sealed["state"]
    return State.from_json(json.loads(json.dumps(sealed)))


def cli_json(*args: str) -> Any:  # noqa: ANN401
    """`holdwise ARGS --json` run in this process: its JSON (a non-zero exit fails, showing the output)."""
    from holdwise.cli import app

    result = _runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def prepared(client: Any, game: str, options: Mapping[str, Any], seconds: float = 600) -> None:  # noqa: ANN401
    """Wait until `/api/<game>/prepare` says the solve these options need is done in the server's process."""
    deadline = time.monotonic() + seconds
    while True:
        r = client.post(f"/api/{game}/prepare", json={"options": dict(options)})
        assert r.status_code == 200, r.text
        if r.json()["status"] == "done":
            return
        assert r.json()["status"] in ("queued", "running"), r.json()
        assert time.monotonic() < deadline, "the solve did not finish"
        time.sleep(0.1)


def replay(client: Any, game: str, face: Any, options: Mapping[str, Any] | None, seed: int,  # noqa: ANN401
           choose: Callable[[State, Sequence[dict[str, Any]]], dict[str, Any]], steps: int = 500,
           games: int = 1) -> State:
    """Play `games` games through `/api/<game>/new|step|advice|computer` beside the face's own session.

    At every step the API's state equals the face's, its legal actions the face's, its advice the face's
    advice; the player's action is `choose(state, legal)`, the computer's comes from `/computer`. Returns the
    last state (the API's, equal to the face's).
    """
    body = ok(client.post(f"/api/{game}/new", json={"options": dict(options or {}), "seed": seed}))
    local = face.new_game(dict(options) if options is not None else None, seed)
    finished = 0
    for _ in range(steps):
        assert unsealed(body["state"]) == local
        assert to_jsonable(body["actions"]) == to_jsonable(face.actions(local))
        sealed = body["state"]
        if local.over:
            finished += 1
            if finished >= games:
                return local
            body = ok(client.post(f"/api/{game}/step", json={"state": sealed, "action": {"type": "next"}}))
            local = face.step(local, {"type": "next"})
        elif local.to_move == "computer":
            body = ok(client.post(f"/api/{game}/computer", json={"state": sealed}))
            local = face.step(local, face.computer_action(local))
        else:
            advice = ok(client.post(f"/api/{game}/advice", json={"state": sealed}))
            assert advice == face.advice(local).to_json()
            action = choose(local, body["actions"])
            body = ok(client.post(f"/api/{game}/step", json={"state": sealed, "action": action}))
            local = face.step(local, action)
    raise AssertionError(f"{game}: the games did not end in {steps} steps")
