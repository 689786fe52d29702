"""The play-session contract every game's face must keep (called from each game's tests)."""

from __future__ import annotations

import json
import random

from holdwise.games.base import Hint, State, to_jsonable


def round_trip(state: State) -> State:
    """The state through JSON text and back."""
    return State.from_json(json.loads(json.dumps(state.to_json(), allow_nan=False)))


def play_random_game(face, options, seed: int, choice_seed: int = 0, max_steps: int = 400,
                     games: int = 2) -> list[State]:
    """Play `games` games with random legal player actions; check the contract at every step.

    - every state round-trips through JSON exactly;
    - `step` is pure: the same state (also one rebuilt from JSON) and action give equal states;
    - the player is offered at least one action whenever it is the player's move; advice ranks legal actions;
    - the computer's action is legal.
    Returns the states visited.
    """
    chooser = random.Random(choice_seed)
    state = face.new_game(options, seed)
    states = [state]
    finished = 0
    for _ in range(max_steps):
        assert round_trip(state) == state
        if state.over:
            finished += 1
            if finished >= games:
                break
            action = {"type": "next"}
        else:
            legal = face.actions(state)
            assert legal, f"no action offered in phase {state.phase}"
            if state.to_move == "computer":
                action = face.computer_action(state)
            else:
                action = chooser.choice(legal)
                hint = face.advice(state)
                assert isinstance(hint, Hint) and hint.options
                assert hint.options[0].loss == 0
                assert all(a.loss >= -1e-12 for a in hint.options)
                legal_json = [to_jsonable(a) for a in legal]
                assert all(to_jsonable(o.action) in legal_json for o in hint.options)
            assert to_jsonable(action) in [to_jsonable(a) for a in legal]
        nxt = face.step(state, action)
        assert face.step(round_trip(state), action) == nxt, "step is not a pure function of the state"
        state = nxt
        states.append(state)
    assert finished >= games, "the games did not end"
    return states
