"""Playing poker dice through the web API, for every kind of dice (the API and browser tests of six-faced and card
dice share these): wait for a solve, start a game, let the computer move, play a game to its end."""

import json

from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games.base import State

from .replay import prepared

API = "/api/poker-dice"
runner = CliRunner()


def cli_json(*args):
    """`holdwise poker-dice <args>` (its --json) as data."""
    result = runner.invoke(cli_app, ["poker-dice", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def solved(client, options):
    """Wait until the game of `options` is solved in the server's process."""
    prepared(client, "poker-dice", options)


def new(client, options=None, seed=7, rules="six"):
    """A new game of these options on the dice `rules`, its solve done first."""
    options = {"rules": rules, **(options or {})}
    solved(client, options)
    r = client.post(f"{API}/new", json={"options": options, "seed": seed})
    assert r.status_code == 200, r.text
    assert r.json()["solve"]["status"] == "done"
    return r.json()


def state_of(answer) -> State:
    return State.from_json(answer["state"]["state"])


def to_player(client, answer):
    """The computer plays until it is the player's move (or the game is over)."""
    while state_of(answer).to_move == "computer":
        r = client.post(f"{API}/computer", json={"state": answer["state"]})
        assert r.status_code == 200, r.text
        answer = r.json()
    return answer


def play_game(client, answer, choose, check=None):
    """Play to the end of the game: the player's keeps by `choose(advice)`, the computer's by /computer; `check`
    sees every answer. Returns the last answer and every action played."""
    played = []
    for _ in range(200):
        state = state_of(answer)
        if state.over:
            return answer, played
        if state.to_move == "computer":
            answer = client.post(f"{API}/computer", json={"state": answer["state"]}).json()
            played.append(answer["action"])
        else:
            hint = client.post(f"{API}/advice", json={"state": answer["state"]}).json()
            action = choose(hint)
            r = client.post(f"{API}/step", json={"state": answer["state"], "action": action})
            assert r.status_code == 200, r.text
            answer = r.json()
            played.append(action)
        if check is not None:
            check(answer)
    raise AssertionError("the game did not end")
