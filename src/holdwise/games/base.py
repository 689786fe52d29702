"""What every game's face shares: JSON-ready result shapes, ranked hint options, the play-session state.

Every game package (`holdwise.games.<game>`) offers the same verbs on top of these:

- `parse_*(text, ...)`: the game's inputs as users type them; bad input raises `holdwise.InputError`.
- `hint(position, ...) -> Hint`: every option ranked best first, each an `Option` with `option`, `value`,
  `loss` (value given up against the best) and the game's extras.
- the play session, a pure state machine over `State`:
  `new_game(options, seed) -> State`, `actions(state) -> list[dict]`, `step(state, action) -> State`,
  `computer_action(state) -> dict`, `advice(state) -> Hint`, `parse_action(state, text) -> dict`.
  A state holds its seed and how many random draws it has used, so `step` is a pure function: the same
  state and action give the same next state, a game replays from its JSON, and a server stays stateless.

`GameFace` writes these verbs down as a `typing.Protocol` (a face module satisfies it structurally, and
`holdwise.games.get` returns it for type checkers); `JsonResult` is what every result offers.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

import numpy as np

from ..errors import InputError

__all__ = [
    "HINT_VERBS", "KEPT_DECISIONS", "MEASURES", "SESSION_VERBS", "Decision", "GameFace", "Hint", "HintField",
    "JsonResult", "Measure", "Option", "Progress", "Request", "Result", "State", "action_error", "fraction_text",
    "random_generator", "to_jsonable",
]

# what a hint's `value` is: the glossary's words (docs/reference/json.md)
Measure = Literal["expected_payout", "expected_return", "expected_points", "expected_score", "win_chance",
                  "expected_bets"]
MEASURES: tuple[Measure, ...] = ("expected_payout", "expected_return", "expected_points", "expected_score",
                                 "win_chance", "expected_bets")
# long work reports progress(done, total) as it goes
Progress = Callable[[int, int], None]


def fraction_text(value: Fraction | int | str) -> str:
    """An exact number as "p/q" (always with the slash)."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def to_jsonable(value: Any) -> Any:  # noqa: ANN401
    """Plain JSON types from results: dataclasses, tuples, numpy scalars; Fractions as "p/q"; inf/nan as None."""
    # the plain types first, by exact type: a hint's JSON is thousands of them, and the general tests below
    # cost ten times as much (subclasses such as bool and named tuples take the general path)
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    if kind is float:
        return value if math.isfinite(value) else None
    if kind is list or kind is tuple:
        return [to_jsonable(v) for v in value]
    if kind is dict:
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if hasattr(value, "to_json") and callable(value.to_json):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return [to_jsonable(v) for v in value.tolist()]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return value if math.isfinite(value) else None
    return value


class Result:
    """Mixin for frozen result dataclasses: `to_json()` gives plain JSON types, keys = field names."""

    def to_json(self) -> dict[str, Any]:
        """The result as a dict of JSON types (what the CLI's --json prints and the HTTP API returns)."""
        return {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


class Request(Result):
    """Mixin for a game's frozen `HintRequest`: a question read and checked once, its fields glossary names."""


@dataclass(frozen=True)
class HintField:
    """One input of a game's hint: its name is the JSON key and, with dashes, the command line's option.

    `argument`: the command line takes it as words (the hand, the roll), joined by one space; `flag`: a yes/no
    switch; `aliases`: other spellings the command line keeps for its users ("--table", "-t"); `cli_only`: a
    path on the user's machine, never read from the web; `example` is shown in the API docs and `default` in
    the help (the face's `parse_hint` applies the real default).
    """

    name: str
    help: str
    argument: bool = False
    required: bool = False
    flag: bool = False
    aliases: tuple[str, ...] = ()
    cli_only: bool = False
    example: object = None
    default: object = None


@dataclass(frozen=True)
class Option(Result):
    """One way to play a position, as a hint ranks it.

    `option` is the play as a player writes it ("5 5", "AS KS", "keep 1 5 and roll"); `action` is the
    session action that plays it; `value` is its worth in the hint's measure and `loss` the value given up
    against the best option (0 for the best). With exact arithmetic `value_exact` and `loss_exact` are
    "p/q". `extras` are the game's own fields, written beside the others in JSON.
    """

    option: str
    value: float
    loss: float
    action: Mapping[str, Any] = field(default_factory=dict)
    value_exact: str | None = None
    loss_exact: str | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"option": self.option, "value": to_jsonable(self.value), "loss": to_jsonable(self.loss)}
        if self.value_exact is not None:
            out["value_exact"] = self.value_exact
            out["loss_exact"] = self.loss_exact
        out.update({k: to_jsonable(v) for k, v in self.extras.items()})
        out["action"] = to_jsonable(self.action)
        return out


@dataclass(frozen=True)
class Hint(Result):
    """Every option of one position, best first.

    `position` names what was asked (e.g. hand and rolls_left), written at the top level in JSON;
    `measure` says what `value` is (one of `MEASURES`).
    """

    game: str
    position: Mapping[str, Any]
    measure: Measure
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """The best option."""
        return self.options[0]

    def option_for(self, action: Mapping[str, Any]) -> Option | None:
        """The option that plays `action`, if any."""
        action = to_jsonable(action)
        return next((o for o in self.options if to_jsonable(o.action) == action), None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        out.update({k: to_jsonable(v) for k, v in self.position.items()})
        out["measure"] = self.measure
        options = self.options
        # a face may keep its options as arrays (video poker's HoldOptions): they write their own JSON
        out["options"] = ([o.to_json() for o in options] if type(options) is tuple or not hasattr(options, "to_json")
                          else options.to_json())
        return out


@dataclass(frozen=True)
class Decision(Result):
    """A decision the player made, the best one, and what the difference cost in the hint's measure."""

    position: str
    chosen: str
    best: str
    loss: float
    measure: str


KEPT_DECISIONS = 100  # costly decisions of earlier games that a session keeps for its review


@dataclass(frozen=True)
class State(Result):
    """A play session's whole state; JSON types only, so `State.from_json(s.to_json()) == s` exactly.

    `phase` is the game's own step name ("over" when a game has ended); `to_move` is "player",
    "computer" or "" (over). `data` holds the game's own position (hands, scores, ...), `tally` the
    running score across games, `log` what happened (newest last), `decisions` the player's decisions
    that were scored against the best play. `draws` counts the random draws used so far: the next
    draw's generator is `random_generator(state)`.
    """

    game: str
    options: Mapping[str, Any]
    seed: int
    draws: int
    phase: str
    to_move: str
    data: Mapping[str, Any]
    tally: Mapping[str, Any]
    log: tuple[str, ...] = ()
    decisions: tuple[Decision, ...] = ()

    @property
    def over(self) -> bool:
        """True when the current game has ended (the action {"type": "next"} starts another)."""
        return self.phase == "over"

    def evolve(self, **changes: Any) -> State:  # noqa: ANN401
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def logged(self, *lines: str) -> State:
        """A copy with lines added to the log."""
        return dataclasses.replace(self, log=(*self.log, *lines))

    def restarted(self) -> State:
        """The state as a new game starts: an empty log, and of the decisions only the costly ones (the last
        KEPT_DECISIONS of them), so a state that travels with every request stays small however long a
        session runs; the tally keeps the totals."""
        costly = tuple(d for d in self.decisions if d.loss > 0)[-KEPT_DECISIONS:]
        return dataclasses.replace(self, log=(), decisions=costly)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["decisions"] = [d.to_json() for d in self.decisions]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """A state from its JSON; InputError names the missing or mistyped part."""
        if not isinstance(data, Mapping):
            raise InputError("a game state must be a JSON object")
        try:
            decisions = tuple(Decision(**d) for d in data.get("decisions", ()))
            state = cls(
                game=str(data["game"]), options=_frozen_json(data["options"]), seed=int(data["seed"]),
                draws=int(data["draws"]), phase=str(data["phase"]), to_move=str(data["to_move"]),
                data=_frozen_json(data["data"]), tally=_frozen_json(data["tally"]),
                log=tuple(str(x) for x in data.get("log", ())), decisions=decisions,
            )
        except KeyError as err:
            raise InputError(f"a game state needs the key {err.args[0]!r}") from None
        except (TypeError, ValueError) as err:
            raise InputError(f"a game state has a bad value: {err}") from None
        if state.seed < 0 or state.draws < 0:
            raise InputError("a game state's seed and draws must not be negative")
        return state


def _frozen_json(value: Any) -> Any:  # noqa: ANN401
    """JSON as read (lists stay lists): the state compares equal to one built in code with lists."""
    if isinstance(value, Mapping):
        return {str(k): _frozen_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_frozen_json(v) for v in value]
    return value


def random_generator(state: State) -> np.random.Generator:
    """The generator of the state's next random draw: seeded by (seed, draws), so a replay is exact.

    A step that draws uses one generator and returns a state with `draws + 1`.
    """
    return np.random.default_rng([int(state.seed), int(state.draws)])


def action_error(state: State, action: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
    """Raise InputError unless `action` is one of `legal` (compared as JSON)."""
    wanted = to_jsonable(action)
    if not any(to_jsonable(a) == wanted for a in legal):
        kinds = sorted({str(a.get("type")) for a in legal})
        raise InputError(f"action {wanted!r} is not legal now (phase {state.phase!r}; "
                         f"legal types: {', '.join(kinds) or 'none'})")


@runtime_checkable
class JsonResult(Protocol):
    """What every result of a game offers: `to_json()`, plain JSON types (keys = the result's field names)."""

    def to_json(self) -> dict[str, Any]:
        """The result as a dict of JSON types."""
        ...


# the play session's verbs, in the order the protocol lists them (a test checks every face against it)
SESSION_VERBS = ("new_game", "actions", "step", "computer_action", "advice", "parse_action")
# the question's verbs and names
HINT_VERBS = ("parse_hint", "hint")

R = TypeVar("R")


class GameFace(Protocol[R]):
    """The verbs every game's face (`holdwise.games.<game>`, a module) offers: what the interfaces may rely on.

    `GAME` is the game's registered name. The game's question is a request: `HINT_FIELDS` name its inputs
    (glossary names: the JSON keys, and with dashes the command line's options), `parse_hint(fields)` reads
    and checks them once into the face's frozen `HintRequest` (bad input: InputError naming the field), and
    `hint(request)` answers it: a `Hint` whose options are ranked best first. A hint that solves for long
    reports `progress(done, total)`.

    The session verbs take and return `State` (JSON-ready, replayable from its seed and draws); actions are
    JSON objects with a "type" key; `advice` is the hint of the state's position with each option's
    `action` filled in; bad input anywhere raises `holdwise.InputError`.
    """

    # read-only for the type checker: a face's literal tuple of fields (a fixed-length tuple) is one of these
    @property
    def GAME(self) -> str:  # noqa: N802 (the face's constant)
        """The game's registered name."""
        ...

    @property
    def HINT_FIELDS(self) -> tuple[HintField, ...]:  # noqa: N802 (the face's constant)
        """The inputs of the game's hint, named by the glossary."""
        ...

    def parse_hint(self, fields: Mapping[str, object]) -> R:
        """The question's fields (names from HINT_FIELDS; text from a command line or JSON values) read once."""
        ...

    def hint(self, request: R, *, progress: Progress | None = None) -> Hint:
        """Every option of the position asked, ranked best first."""
        ...

    def new_game(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        """A new session: the game's options (None: the defaults) and the seed of its randomness."""
        ...

    def actions(self, state: State) -> list[dict[str, Any]]:
        """The legal actions of the side to move ([{"type": "next"}] once a game is over)."""
        ...

    def step(self, state: State, action: Mapping[str, Any]) -> State:
        """The state after `action` (a pure function of state and action); an illegal action: InputError."""
        ...

    def computer_action(self, state: State) -> dict[str, Any]:
        """The computer's move (the best play) in `state`."""
        ...

    def advice(self, state: State) -> Hint:
        """Every legal play of the position ranked best first, each option carrying its `action`."""
        ...

    def parse_action(self, state: State, text: str) -> dict[str, Any]:
        """A move as a player types it in the terminal, as an action of `state`."""
        ...
