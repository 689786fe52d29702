"""Solitaire Yahtzee as a play session: roll, keep, re-roll up to twice, write a box; 13 turns (15 in Yatzy, 28
in Balut, whose seven categories take four scores each).

State (JSON): `options` = {rules}; `data` = {card (every box: its points, or null while open; in Balut every
category: the list of its scores), bonus (Yahtzee bonus points taken; 0 in Balut), dice (sorted faces),
rolls_left (0-2), turn (1..turns)}; `tally` = {games, total, best}.
Actions: {"type": "keep", "keep": [faces, sorted]} (re-roll the others), {"type": "score", "box": name},
{"type": "next"} once a game is over. Every decision is costed against the optimum in expected final score;
`review` lists the costly ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...errors import InputError
from ..base import Decision, Hint, State, action_error, random_generator, to_jsonable
from .hints import GAME, MEASURE, position_hint
from .ruleset import RuleSet, Scorecard
from .variants import RULE_SETS, rule_set

__all__ = ["DEFAULT_OPTIONS", "actions", "advice", "card_line", "card_of", "computer_action", "new_game",
           "parse_action", "review", "rule_set_of", "step"]

DEFAULT_OPTIONS = {"rules": "yahtzee"}
_DATA_KEYS = ("card", "bonus", "dice", "rolls_left", "turn")


def _options(options: object) -> dict[str, object]:
    if options is not None and not isinstance(options, Mapping):
        raise InputError("options must be a JSON object")
    out: dict[str, object] = dict(DEFAULT_OPTIONS)
    for key, value in dict(options or {}).items():
        if key not in DEFAULT_OPTIONS:
            raise InputError(f"unknown option {key!r}; known: {', '.join(DEFAULT_OPTIONS)}")
        out[key] = value
    if not isinstance(out["rules"], str) or out["rules"] not in RULE_SETS:
        raise InputError(f"rules must be one of {', '.join(RULE_SETS)}, got {out['rules']!r}")
    return out


def rule_set_of(state: State) -> RuleSet:
    """The rule set a state's options name."""
    return rule_set(str(_options(state.options)["rules"]))


def card_of(state: State) -> Scorecard:
    """The state's scorecard; InputError when the state's card is not one of its rules."""
    if not isinstance(state, State) or state.game != GAME:
        raise InputError("not a Yahtzee game state")
    rules = rule_set_of(state)
    data = state.data
    if not isinstance(data, Mapping) or set(data) != set(_DATA_KEYS):
        raise InputError(f"not a Yahtzee game state: data must name exactly {', '.join(_DATA_KEYS)}")
    card = data["card"]
    if not isinstance(card, Mapping) or set(card) != {c.name for c in rules.boxes}:
        raise InputError("not a Yahtzee game state: the card must name every box")
    parsed = rules.card_from_state(card, data["bonus"])
    dice = data["dice"]
    if not (isinstance(dice, list) and len(dice) == rules.dice and dice == sorted(dice)
            and all(isinstance(f, int) and 1 <= f <= rules.sides for f in dice)):
        raise InputError("not a Yahtzee game state: bad dice")
    if data["rolls_left"] not in range(rules.max_rolls_left + 1) or isinstance(data["rolls_left"], bool):
        top = rules.max_rolls_left
        raise InputError(f"not a Yahtzee game state: rolls_left must be {', '.join(map(str, range(top)))} or {top}")
    if not isinstance(data["turn"], int) or isinstance(data["turn"], bool) or data["turn"] != min(
            parsed.used + 1, rules.turns):
        raise InputError("not a Yahtzee game state: turn must be the boxes used + 1")
    return parsed


def _fresh_data(rules: RuleSet, dice: list[int]) -> dict[str, object]:
    card = rules.empty_card()
    return {"card": card.boxes_json(), "bonus": card.bonus, "dice": dice, "rolls_left": rules.max_rolls_left,
            "turn": 1}


def _roll(state: State, kept: list[int], n: int) -> tuple[list[int], int]:
    """The kept dice and n new ones, sorted, and the draws count after."""
    rng = random_generator(state)
    sides = rule_set_of(state).sides
    new = rng.integers(1, sides + 1, size=n).tolist() if n else []
    return sorted([*kept, *new]), state.draws + 1


def new_game(options: Mapping[str, object] | None = None, seed: int = 0) -> State:
    """A new solitaire game, the first roll made."""
    opts = _options(options)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r}")
    rules = rule_set(str(opts["rules"]))
    state = State(GAME, opts, seed, 0, "turn", "player", _fresh_data(rules, []),
                  {"games": 0, "total": 0, "best": 0})
    dice, draws = _roll(state, [], rules.dice)
    return state.evolve(data={**state.data, "dice": dice}, draws=draws).logged(f"turn 1: rolled {_faces(dice)}")


def _faces(dice: list[int]) -> str:
    return " ".join(map(str, dice))


def advice(state: State) -> Hint:
    """Every legal play of the position, ranked by expected final score."""
    if state.over:
        raise InputError("the game is over: no advice")
    return position_hint(rule_set_of(state), card_of(state), tuple(state.data["dice"]),
                         int(state.data["rolls_left"]))


def actions(state: State) -> list[dict[str, object]]:
    """The legal actions: keeps (with rolls left) and the boxes the dice may go in; "next" once over."""
    if state.over:
        return [{"type": "next"}]
    return [dict(o.action) for o in advice(state).options]


def computer_action(state: State) -> dict[str, object]:
    """The optimal action (solitaire: what the advice ranks first); "next" once over."""
    if state.over:
        return {"type": "next"}
    return dict(advice(state).best.action)


def step(state: State, action: Mapping[str, object]) -> State:
    """The state after an action (a pure function of state and action)."""
    if not isinstance(action, Mapping):
        raise InputError("an action must be a JSON object")
    if state.over:
        action_error(state, action, [{"type": "next"}])
        rules = rule_set_of(state)
        dice, draws = _roll(state, [], rules.dice)
        return state.restarted().evolve(phase="turn", to_move="player", draws=draws, data=_fresh_data(rules, dice),
                                        log=(f"turn 1: rolled {_faces(dice)}",))
    rules = rule_set_of(state)
    card = card_of(state)
    ranked = advice(state)
    wanted = to_jsonable(action)
    if wanted.get("type") == "score" and isinstance(wanted.get("box"), str):  # a box by any of its names
        try:
            wanted["box"] = rules.boxes[rules.index(wanted["box"])].name
        except InputError:
            pass  # not a box: refused below with the legal actions
    chosen = next((o for o in ranked.options if to_jsonable(o.action) == wanted), None)
    if chosen is None:
        action_error(state, action, [o.action for o in ranked.options])
        raise AssertionError("action_error raises")
    action = chosen.action
    data = dict(state.data)
    position = f"turn {data['turn']}: {_faces(data['dice'])}, {_rolls_left(data['rolls_left'])}"
    decision = Decision(position, chosen.option, ranked.best.option, float(chosen.loss), MEASURE)
    state = state.evolve(decisions=(*state.decisions, decision))
    if action["type"] == "keep":
        keep = action["keep"]
        assert isinstance(keep, list)  # an action of the ranked options: a keep's faces
        kept = [int(f) for f in keep]
        dice, draws = _roll(state, kept, rules.dice - len(kept))
        data.update(dice=dice, rolls_left=data["rolls_left"] - 1)
        return state.evolve(data=data, draws=draws).logged(
            f"turn {data['turn']}: kept {_faces(kept) or 'none'}, rolled {_faces(dice)}")
    box = rules.index(str(action["box"]))
    points = chosen.extras["points"]
    card, bonus = card.written(box, chosen.extras)
    data.update(card=card.boxes_json(), bonus=card.bonus)
    line = f"turn {data['turn']}: {rules.boxes[box].name} = {points}" + (
        f" (+{bonus} Yahtzee bonus)" if bonus else "")
    if card.full:
        tally = dict(state.tally)
        tally.update(games=tally["games"] + 1, total=tally["total"] + card.total,
                     best=max(tally["best"], card.total))
        lost = sum(d.loss for d in state.decisions)
        return state.evolve(data=data, phase="over", to_move="", tally=tally).logged(
            line, f"game over: {card.total} points ({card.final_note()}); decisions cost {lost:.2f} expected points")
    dice, draws = _roll(state, [], rules.dice)
    data.update(dice=dice, rolls_left=rules.max_rolls_left, turn=data["turn"] + 1)
    return state.evolve(data=data, draws=draws).logged(line, f"turn {data['turn']}: rolled {_faces(dice)}")


def _rolls_left(n: int) -> str:
    return "no rolls left" if n == 0 else f"{n} roll{'s' if n != 1 else ''} left"


def review(state: State, top: int = 5) -> list[Decision]:
    """The costliest decisions so far (loss > 0), dearest first."""
    return sorted((d for d in state.decisions if d.loss > 1e-9), key=lambda d: -d.loss)[:top]


_SCORE = re.compile(r"^(?:score\s+|s\s+)?([a-z_0-9 ]+)$")


def parse_action(state: State, text: str) -> dict[str, object]:
    """An action as typed: `keep 5 5` / `k 55`, `roll all`, `score fh` / `fh`, `next`."""
    words = (text or "").strip().lower()
    if state.over:
        if words in ("n", "next", ""):
            return {"type": "next"}
        raise InputError("the game is over: type next")
    if words in ("roll", "roll all", "r", "keep none", "k"):
        return {"type": "keep", "keep": []}
    if words.startswith(("keep ", "k ")):
        digits = words.split(None, 1)[1].replace(",", " ").split()
        if len(digits) == 1 and len(digits[0]) > 1:
            digits = list(digits[0])
        try:
            keep = sorted(int(d) for d in digits)
        except ValueError:
            raise InputError(f"keep takes faces, e.g. keep 5 5: got {text!r}") from None
        return {"type": "keep", "keep": keep}
    m = _SCORE.match(words)
    if m:
        rules = rule_set_of(state)
        return {"type": "score", "box": rules.boxes[rules.index(m.group(1))].name}
    raise InputError(f"cannot read {text!r}: type keep 5 5, roll all, score fh or a box's name")


def card_line(state: State) -> str:
    """The card as its rule set's `parse_card` reads it."""
    return card_of(state).text()
