"""Pig's play session: you against the computer, first to the target; a pure state machine over `State`.

`data` holds the game number, who started it, both banked scores, the turn total, the last face rolled and
the winner; the tally counts games and wins. The computer plays the hint's best option.
"""

from __future__ import annotations

from collections.abc import Mapping

from holdwise import InputError
from holdwise.games.base import Decision, Hint, State, action_error, random_generator

from .hints import MEASURE, HintRequest, hint
from .rules import DEFAULT_TARGET, GAME, PIG, SIDES, parse_target

__all__ = [
    "DEFAULT_OPTIONS", "actions", "advice", "computer_action", "new_game", "normalize_options", "parse_action",
    "step",
]

DEFAULT_OPTIONS = {"target": DEFAULT_TARGET, "first": "player"}
SIDES_TO_MOVE = ("player", "computer")
NAMES = {"player": "you", "computer": "the computer"}


def normalize_options(options: Mapping | None) -> dict:
    """The session's options with defaults filled in; an unknown key or a bad value raises InputError."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InputError("options must be a JSON object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r}; known: {', '.join(DEFAULT_OPTIONS)}")
    opts = {**DEFAULT_OPTIONS, **options}
    if opts["first"] not in SIDES_TO_MOVE:
        raise InputError(f"first must be 'player' or 'computer', got {opts['first']!r:.24}")
    return {"target": parse_target(opts["target"]), "first": opts["first"]}


def _other(side: str) -> str:
    return "computer" if side == "player" else "player"


def _check(state: State) -> None:
    """A state from JSON is what this session makes: a hand-edited one is refused with InputError."""
    if not isinstance(state, State):
        raise InputError("a game state must be a State")
    if state.game != GAME:
        raise InputError(f"the state is a {state.game!r} game, not {GAME!r}")
    if normalize_options(state.options) != dict(state.options):
        raise InputError("the state's options are not in their normal form")
    data, target = state.data, state.options["target"]
    try:
        scores = {side: data["scores"][side] for side in SIDES_TO_MOVE}
        turn_total, over = data["turn_total"], state.phase == "over"
        good = (state.phase in ("turn", "over") and all(type(v) is int and v >= 0 for v in scores.values())
                and type(turn_total) is int
                and (state.to_move == "" if over else state.to_move in SIDES_TO_MOVE)
                and (over or (turn_total >= 0 and scores[state.to_move] + turn_total < target))
                and (data["winner"] in SIDES_TO_MOVE if over else data["winner"] == ""))
    except (KeyError, TypeError):
        good = False
    if not good:
        raise InputError("the game state is not one this session made (data, phase or to_move)")


def _opening(game: int, first: str, target: int) -> str:
    return f"game {game}: first to {target} points; {NAMES[first]} roll{'s' if first == 'computer' else ''} first"


def new_game(options: Mapping | None = None, seed: int = 0) -> State:
    """A new session at 0-0: `target` points win, `first` ("player" or "computer") rolls first."""
    opts = normalize_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r:.24}")
    data = {"game": 1, "starter": opts["first"], "scores": {"player": 0, "computer": 0}, "turn_total": 0,
            "last_roll": 0, "winner": ""}
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="turn", to_move=opts["first"], data=data,
                  tally={"games": 0, "player": 0, "computer": 0})
    return state.logged(_opening(1, opts["first"], opts["target"]))


def actions(state: State) -> list[dict]:
    """Roll, and hold once there are points to bank; {"type": "next"} after a game."""
    _check(state)
    if state.over:
        return [{"type": "next"}]
    return [{"type": "roll"}, *([{"type": "hold"}] if state.data["turn_total"] else [])]


def advice(state: State) -> Hint:
    """The hint of the side to move: roll and hold ranked by expected points, each with its action."""
    _check(state)
    if state.over:
        raise InputError("the game is over: no advice (start the next game)")
    return hint(HintRequest(state.data["scores"][state.to_move], state.data["turn_total"], state.options["target"]))


def computer_action(state: State) -> dict:
    """The best play of the side to move (the computer plays the hint)."""
    _check(state)
    if state.over:
        return {"type": "next"}
    return dict(advice(state).best.action)


def _decided(state: State, action: Mapping) -> State:
    """The player's decision scored against the best option (a turn's first roll is no decision)."""
    if state.to_move != "player" or not state.data["turn_total"]:
        return state
    ranked = advice(state)
    chosen = ranked.option_for(action)
    data = state.data
    decision = Decision(position=f"score {data['scores']['player']}, turn total {data['turn_total']}",
                        chosen=chosen.option, best=ranked.best.option, loss=chosen.loss, measure=MEASURE)
    return state.evolve(decisions=(*state.decisions, decision))


def step(state: State, action: Mapping) -> State:
    """The state after `action`: roll (one draw of the die), hold (bank and pass the die) or next (a new game)."""
    _check(state)
    if not isinstance(action, Mapping):
        raise InputError("an action must be a JSON object")
    action_error(state, action, actions(state))
    kind, data = action["type"], state.data
    if kind == "next":
        game = data["game"] + 1
        starter = _other(data["starter"])  # the start alternates
        fresh = {"game": game, "starter": starter, "scores": {"player": 0, "computer": 0}, "turn_total": 0,
                 "last_roll": 0, "winner": ""}
        return state.restarted().evolve(phase="turn", to_move=starter, data=fresh).logged(
            _opening(game, starter, state.options["target"]))
    state = _decided(state, action)
    side, target = state.to_move, state.options["target"]
    scores, turn_total = dict(data["scores"]), data["turn_total"]
    if kind == "hold":
        scores[side] += turn_total
        return state.evolve(to_move=_other(side), data={**data, "scores": scores, "turn_total": 0}).logged(
            f"{NAMES[side]} bank{'s' if side == 'computer' else ''} {turn_total}: "
            f"you {scores['player']}, the computer {scores['computer']}")
    face = int(random_generator(state).integers(1, SIDES + 1))
    state = state.evolve(draws=state.draws + 1)
    who = f"{NAMES[side]} roll{'s' if side == 'computer' else ''} {face}"
    if face == PIG:
        return state.evolve(to_move=_other(side), data={**data, "turn_total": 0, "last_roll": face}).logged(
            f"{who}: the turn's {turn_total} lost")
    turn_total += face
    if scores[side] + turn_total < target:
        return state.evolve(data={**data, "turn_total": turn_total, "last_roll": face}).logged(
            f"{who}: turn total {turn_total}")
    scores[side] += turn_total
    tally = {**state.tally, "games": state.tally["games"] + 1, side: state.tally[side] + 1}
    won = "you win" if side == "player" else "the computer wins"
    return state.evolve(phase="over", to_move="", tally=tally,
                        data={**data, "scores": scores, "turn_total": 0, "last_roll": face, "winner": side}).logged(
        f"{who}: {scores[side]} reaches {target}, {won} {scores[side]}-{scores[_other(side)]}")


def parse_action(state: State, text: str) -> dict:
    """A typed move: `r` or `roll`; `s`, `hold` or `bank` (h asks the terminal for a hint); after a game,
    Enter or `n` for the next."""
    _check(state)
    if not isinstance(text, str):
        raise InputError("a move is typed text")
    words = text.strip().lower()
    if state.over:
        if words in ("", "n", "next"):
            return {"type": "next"}
        raise InputError("the game is over: type n for the next one")
    if words in ("r", "roll"):
        return {"type": "roll"}
    if words in ("s", "hold", "bank", "stay"):
        if not state.data["turn_total"]:
            raise InputError("nothing to hold yet: a turn rolls once at least")
        return {"type": "hold"}
    raise InputError(f"type r to roll or s to hold, not {text.strip()!r:.24}")
