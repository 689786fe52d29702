"""A toy game for the generic session routes and play page: Pig to 20, solitaire. Roll a die: a 1 loses the
turn's points, any other face adds to them; hold banks them. The game ends when the bank reaches 20; the tally
counts games and turns. Its face has the six session verbs over holdwise.games.base."""

from __future__ import annotations

from collections.abc import Mapping

from holdwise.errors import InputError
from holdwise.games.base import Decision, Hint, Option, State, action_error, random_generator

__all__ = ["GAME", "actions", "advice", "computer_action", "hint", "new_game", "parse_action", "step"]

GAME = "toy-pig"
ROLL, HOLD, NEXT = {"type": "roll"}, {"type": "hold"}, {"type": "next"}


def new_game(options: Mapping | None = None, seed: int = 0) -> State:
    """A new game to `target` points (option, default 20)."""
    options = dict(options or {})
    if set(options) - {"target"}:
        raise InputError(f"unknown option {sorted(set(options) - {'target'})[0]!r}; known: target")
    target = options.get("target", 20)
    if isinstance(target, bool) or not isinstance(target, int) or not 5 <= target <= 100:
        raise InputError(f"target must be a whole number 5 to 100, got {target!r}")
    return State(GAME, {"target": target}, seed, 0, "turn", "player",
                 {"bank": 0, "turn_points": 0, "turns": 1, "last_roll": None}, {"games": 0, "turns": 0}, ("turn 1",))


def actions(state: State) -> list[dict]:
    """Roll, or hold once the turn has points; next once over."""
    if state.over:
        return [dict(NEXT)]
    return [dict(ROLL), dict(HOLD)] if state.data["turn_points"] else [dict(ROLL)]


def hint(state: State) -> Hint:
    """Roll on below 8 turn points (or while the bank needs them), else hold: a toy rule, valued in points."""
    d = state.data
    need = state.options["target"] - d["bank"] - d["turn_points"]
    roll_value = float(d["turn_points"] + 3)
    options = [Option("roll", roll_value, 0.0, dict(ROLL))]
    if d["turn_points"]:
        hold_value = float(d["turn_points"]) + (5.0 if need <= 0 or d["turn_points"] >= 8 else 0.0)
        options.append(Option("hold", hold_value, 0.0, dict(HOLD)))
    options.sort(key=lambda o: -o.value)
    best = options[0].value
    ranked = tuple(Option(o.option, o.value, best - o.value, o.action) for o in options)
    return Hint(GAME, {"bank": d["bank"], "turn_points": d["turn_points"]}, "expected_points", ranked)


def advice(state: State) -> Hint:
    """The hint of the position in play."""
    if state.over:
        raise InputError("the game is over: no advice")
    return hint(state)


def computer_action(state: State) -> dict:
    """The hint's best action (next once over)."""
    return dict(NEXT) if state.over else dict(advice(state).best.action)


def step(state: State, action: Mapping) -> State:
    """The state after an action."""
    action_error(state, action, actions(state))
    d = dict(state.data)
    if action["type"] == "next":
        return state.restarted().evolve(phase="turn", to_move="player",
                                        data={"bank": 0, "turn_points": 0, "turns": 1, "last_roll": None},
                                        log=("turn 1",))
    ranked = advice(state)
    chosen = ranked.option_for(action)
    state = state.evolve(decisions=(*state.decisions, Decision(
        f"bank {d['bank']}, turn {d['turn_points']}", chosen.option, ranked.best.option, chosen.loss, ranked.measure)))
    if action["type"] == "roll":
        face = int(random_generator(state).integers(1, 7))
        state = state.evolve(draws=state.draws + 1)
        d["last_roll"] = face
        if face == 1:
            d.update(turn_points=0, turns=d["turns"] + 1)
            return state.evolve(data=d).logged(f"rolled 1: the turn is lost", f"turn {d['turns']}")
        d["turn_points"] += face
        return state.evolve(data=d).logged(f"rolled {face}: {d['turn_points']} this turn")
    d.update(bank=d["bank"] + d["turn_points"], turn_points=0)
    if d["bank"] >= state.options["target"]:
        tally = {"games": state.tally["games"] + 1, "turns": state.tally["turns"] + d["turns"]}
        return state.evolve(data=d, phase="over", to_move="", tally=tally).logged(
            f"held: bank {d['bank']}", f"game over in {d['turns']} turns")
    d["turns"] += 1
    return state.evolve(data=d).logged(f"held: bank {d['bank']}", f"turn {d['turns']}")


def parse_action(state: State, text: str) -> dict:
    """`roll` / `r`, `hold` / `h`, `next` / `n`."""
    word = (text or "").strip().lower()
    for action in (ROLL, HOLD, NEXT):
        if word in (action["type"], action["type"][0]):
            return dict(action)
    raise InputError(f"type roll, hold or next, got {text[:40]!r}")
