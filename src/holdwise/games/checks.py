"""The protocol's checks, shipped for every game's author: run them on a face before registering it.

As scikit-learn ships `check_estimator`, holdwise ships these: the test suite runs them for every registered
game and the toy game Pig, and a plug-in's author runs them in the plug-in's own tests:

    >>> from holdwise.games import checks
    >>> from holdwise import games
    >>> checks.face_protocol_errors("farkle", games.get("farkle"))
    []

- `face_protocol_errors(name, face)`: how a face differs from `GameFace` (names, typed verbs, signatures).
- `hint_errors(face, fields)`: a question asked as its fields gives a ranked `Hint` that survives JSON.
- `play_random_game(face, options, seed)`: random legal games, checking the play session's contract at every
  step (JSON round trips, pure steps, legal advice and computer moves); raises `ContractError`.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from collections.abc import Mapping
from typing import Any

from .base import HINT_VERBS, SESSION_VERBS, GameFace, Hint, HintField, State, to_jsonable

__all__ = ["ContractError", "face_protocol_errors", "hint_errors", "play_random_game", "round_trip"]


class ContractError(AssertionError):
    """A face broke the protocol's contract: the message says where."""


def _require(condition: object, message: str) -> None:
    # not `assert`: the checks must hold under `python -O` too
    if not condition:
        raise ContractError(message)


def _annotation_text(annotation: object) -> str:
    """An annotation as written (faces and the protocol use `from __future__ import annotations`: text), its
    type arguments left out: mypy checks those (tests/typing/faces.py), this check the names and shapes."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))
    return re.sub(r"\[[^\[\]]*(\[[^\[\]]*\][^\[\]]*)*\]", "", text).replace(" ", "")


def _members() -> set[str]:
    declared = {n for n in getattr(GameFace, "__annotations__", {}) if not n.startswith("_")}
    return declared | {n for n, v in vars(GameFace).items()
                       if (inspect.isfunction(v) or isinstance(v, property)) and not n.startswith("_")}


def face_protocol_errors(name: str, face: Any) -> list[str]:  # noqa: ANN401 (any object may be offered)
    """How a registered game's face differs from `holdwise.games.base.GameFace` (empty: it keeps it).

    Checked: every name of the protocol is there; `GAME` is the registered name; `HINT_FIELDS` are
    `HintField`s with unique names; `parse_hint(fields)`, `hint(request, *, progress)` and the session verbs
    are functions, fully typed, the session verbs with the protocol's exact signatures.
    """
    members = _members()
    errors = [f"{name}: no {m}" for m in sorted(members) if not hasattr(face, m)]
    if errors:
        return errors
    if face.GAME != name:
        errors.append(f"{name}: GAME is {face.GAME!r}")
    fields = face.HINT_FIELDS
    if not isinstance(fields, tuple) or not all(isinstance(f, HintField) for f in fields):
        errors.append(f"{name}: HINT_FIELDS is not a tuple of HintField")
    elif len({f.name for f in fields}) != len(fields):
        errors.append(f"{name}: HINT_FIELDS repeats a name")
    for verb in (*HINT_VERBS, *SESSION_VERBS):
        fn = getattr(face, verb)
        if not inspect.isfunction(fn):
            errors.append(f"{name}: {verb} is not a function")
            continue
        signature = inspect.signature(fn)
        errors += [f"{name}: {verb}({p.name}) has no type hint" for p in signature.parameters.values()
                   if p.annotation is inspect.Parameter.empty]
        if verb == "hint":
            if _annotation_text(signature.return_annotation) != "Hint":
                errors.append(f"{name}: hint returns {signature.return_annotation!r}, not Hint")
            params = list(signature.parameters.values())
            if not params or "progress" not in signature.parameters:
                errors.append(f"{name}: hint{signature} does not take (request, *, progress)")
            continue
        if verb == "parse_hint":
            if len(signature.parameters) != 1:
                errors.append(f"{name}: parse_hint{signature} does not take one mapping of fields")
            continue
        wanted = inspect.signature(getattr(GameFace, verb))
        wanted = wanted.replace(parameters=[p for p in wanted.parameters.values() if p.name != "self"])
        got = [(p.name, p.kind, _annotation_text(p.annotation), p.default) for p in signature.parameters.values()]
        want = [(p.name, p.kind, _annotation_text(p.annotation), p.default) for p in wanted.parameters.values()]
        if got != want:
            errors.append(f"{name}: {verb}{signature} is not {verb}{wanted}")
        if _annotation_text(signature.return_annotation) != _annotation_text(wanted.return_annotation):
            errors.append(f"{name}: {verb} returns {signature.return_annotation!r}, not {wanted.return_annotation!r}")
    return errors


def hint_errors(face: GameFace[Any], fields: Mapping[str, object]) -> list[str]:
    """How a face's answer to one question (`fields`, as the web sends them) breaks the hint's contract."""
    errors: list[str] = []
    unknown = set(fields) - {f.name for f in face.HINT_FIELDS}
    if unknown:
        return [f"{face.GAME}: fields {sorted(unknown)} are not in HINT_FIELDS"]
    request = face.parse_hint(fields)
    if request != face.parse_hint(fields):
        errors.append(f"{face.GAME}: parse_hint gives unequal requests for the same fields")
    answer = face.hint(request)
    if not isinstance(answer, Hint) or not answer.options:
        return [*errors, f"{face.GAME}: hint gives no ranked options"]
    if answer.options[0].loss != 0 or any(o.loss < -1e-12 for o in answer.options):
        errors.append(f"{face.GAME}: the best option's loss is not 0, or a loss is negative")
    if any(a.value > b.value + 1e-9 for a, b in zip(answer.options[1:], answer.options)):
        errors.append(f"{face.GAME}: options are not ranked best first")
    text = json.dumps(answer.to_json(), allow_nan=False)
    if json.loads(text)["game"] != face.GAME:
        errors.append(f"{face.GAME}: the hint's JSON names another game")
    return errors


def round_trip(state: State) -> State:
    """The state through JSON text and back."""
    return State.from_json(json.loads(json.dumps(state.to_json(), allow_nan=False)))


def _check_player_move(face: GameFace[Any], state: State, legal: list[dict[str, Any]]) -> None:
    hint = face.advice(state)
    _require(isinstance(hint, Hint) and hint.options, f"no advice in phase {state.phase}")
    _require(hint.options[0].loss == 0, "the best option's loss is not 0")
    _require(all(o.loss >= -1e-12 for o in hint.options), "an option has a negative loss")
    legal_json = [to_jsonable(a) for a in legal]
    _require(all(to_jsonable(o.action) in legal_json for o in hint.options), "advice offers an illegal action")


def play_random_game(face: GameFace[Any], options: Mapping[str, object] | None, seed: int, choice_seed: int = 0,
                     max_steps: int = 400, games: int = 2) -> list[State]:
    """Play `games` games with random legal player actions, checking the session's contract at every step.

    - every state round-trips through JSON exactly;
    - `step` is pure: the same state (also one rebuilt from JSON) and action give equal states;
    - the player is offered at least one action whenever it is the player's move; advice ranks legal actions;
    - the computer's action is legal.
    Returns the states visited; a broken contract raises `ContractError`.
    """
    chooser = random.Random(choice_seed)
    state = face.new_game(options, seed)
    states = [state]
    finished = 0
    for _ in range(max_steps):
        _require(round_trip(state) == state, f"the state does not round-trip through JSON in {state.phase}")
        if state.over:
            finished += 1
            if finished >= games:
                break
            action: dict[str, object] = {"type": "next"}
        else:
            legal = face.actions(state)
            _require(legal, f"no action offered in phase {state.phase}")
            if state.to_move == "computer":
                action = face.computer_action(state)
            else:
                action = chooser.choice(legal)
                _check_player_move(face, state, legal)
            _require(to_jsonable(action) in [to_jsonable(a) for a in legal], f"illegal action {action!r}")
        nxt = face.step(state, action)
        _require(face.step(round_trip(state), action) == nxt, "step is not a pure function of the state")
        state = nxt
        states.append(state)
    _require(finished >= games, "the games did not end")
    return states
