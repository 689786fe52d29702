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
from .balut import BALUT_RULES, BalutCard, BalutRules, balut_hint, balut_rules, parse_balut_card
from .card import Card, card_text
from .hints import GAME, MEASURE, hint
from .rules import RULES, get_rules

__all__ = ["DEFAULT_OPTIONS", "actions", "advice", "card_of", "computer_action", "new_game", "parse_action",
           "review", "step"]

DEFAULT_OPTIONS = {"rules": "yahtzee"}
_DATA_KEYS = ("card", "bonus", "dice", "rolls_left", "turn")


def _options(options: Mapping | None) -> dict:
    if options is not None and not isinstance(options, Mapping):
        raise InputError("options must be a JSON object")
    out = dict(DEFAULT_OPTIONS)
    for key, value in dict(options or {}).items():
        if key not in DEFAULT_OPTIONS:
            raise InputError(f"unknown option {key!r}; known: {', '.join(DEFAULT_OPTIONS)}")
        out[key] = value
    if not isinstance(out["rules"], str) or (out["rules"] not in RULES and out["rules"] not in BALUT_RULES):
        raise InputError(f"rules must be one of {', '.join([*RULES, *BALUT_RULES])}, got {out['rules']!r}")
    return out


def _rules(name: str):  # noqa: ANN202
    """The rule set of a session's options: a Yahtzee one or a Balut one."""
    return balut_rules(name) if name in BALUT_RULES else get_rules(name)


def _turns(rules) -> int:  # noqa: ANN001
    return rules.turns if isinstance(rules, BalutRules) else rules.n_categories


def _used(card: "Card | BalutCard") -> int:
    """The turns played: the boxes used."""
    if isinstance(card, BalutCard):
        return sum(card.filled)
    return sum(p is not None for p in card.points)


def card_of(state: State) -> "Card | BalutCard":
    """The state's scorecard; InputError when the state's card is not one of its rules."""
    if not isinstance(state, State) or state.game != GAME:
        raise InputError("not a Yahtzee game state")
    rules = _rules(_options(state.options)["rules"])
    data = state.data
    if not isinstance(data, Mapping) or set(data) != set(_DATA_KEYS):
        raise InputError(f"not a Yahtzee game state: data must name exactly {', '.join(_DATA_KEYS)}")
    card = data["card"]
    if not isinstance(card, Mapping) or set(card) != {c.name for c in rules.categories}:
        raise InputError("not a Yahtzee game state: the card must name every box")
    if isinstance(rules, BalutRules):  # Balut: every category's scores, a list
        if not all(isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
                   for v in card.values()) or data["bonus"] != 0:
            raise InputError("not a Balut game state: each category holds a list of its scores, and no bonus")
        parsed = parse_balut_card(" ".join(f"{k}={','.join(map(str, v))}" for k, v in card.items() if v), rules)
    else:
        from .card import parse_card

        text = " ".join(f"{k}={v}" for k, v in card.items() if v is not None)
        if data["bonus"]:
            text += f" bonus={data['bonus']}"
        parsed = parse_card(text, rules)
    dice = data["dice"]
    if not (isinstance(dice, list) and len(dice) == rules.dice and dice == sorted(dice)
            and all(isinstance(f, int) and 1 <= f <= rules.sides for f in dice)):
        raise InputError("not a Yahtzee game state: bad dice")
    if data["rolls_left"] not in (0, 1, 2) or isinstance(data["rolls_left"], bool):
        raise InputError("not a Yahtzee game state: rolls_left must be 0, 1 or 2")
    if not isinstance(data["turn"], int) or isinstance(data["turn"], bool) or data["turn"] != min(
            _used(parsed) + 1, _turns(rules)):
        raise InputError("not a Yahtzee game state: turn must be the boxes used + 1")
    return parsed


def _card_json(card: "Card | BalutCard") -> dict:
    if isinstance(card, BalutCard):
        return {c.name: list(s) for c, s in zip(card.rules.categories, card.scores)}
    return {c.name: p for c, p in zip(card.rules.categories, card.points)}


def _empty(rules) -> "Card | BalutCard":  # noqa: ANN001
    if isinstance(rules, BalutRules):
        return BalutCard(rules, ((),) * rules.n_categories)
    return Card(rules, (None,) * rules.n_categories)


def _roll(state: State, kept: list[int], n: int) -> tuple[list[int], int]:
    """The kept dice and n new ones, sorted, and the draws count after."""
    rng = random_generator(state)
    sides = _rules(state.options["rules"]).sides
    new = rng.integers(1, sides + 1, size=n).tolist() if n else []
    return sorted([*kept, *new]), state.draws + 1


def new_game(options: Mapping | None = None, seed: int = 0) -> State:
    """A new solitaire game, the first roll made."""
    opts = _options(options)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r}")
    rules = _rules(opts["rules"])
    state = State(GAME, opts, seed, 0, "turn", "player",
                  {"card": _card_json(_empty(rules)), "bonus": 0, "dice": [], "rolls_left": 2, "turn": 1},
                  {"games": 0, "total": 0, "best": 0})
    dice, draws = _roll(state, [], rules.dice)
    return state.evolve(data={**state.data, "dice": dice}, draws=draws).logged(f"turn 1: rolled {_faces(dice)}")


def _faces(dice: list[int]) -> str:
    return " ".join(map(str, dice))


def advice(state: State) -> Hint:
    """Every legal play of the position, ranked by expected final score."""
    if state.over:
        raise InputError("the game is over: no advice")
    card = card_of(state)
    if isinstance(card, BalutCard):
        return balut_hint(card, list(state.data["dice"]), int(state.data["rolls_left"]))
    return hint(card, list(state.data["dice"]), int(state.data["rolls_left"]))


def actions(state: State) -> list[dict]:
    """The legal actions: keeps (with rolls left) and the boxes the dice may go in; "next" once over."""
    if state.over:
        return [{"type": "next"}]
    return [dict(o.action) for o in advice(state).options]


def computer_action(state: State) -> dict:
    """The optimal action (solitaire: what the advice ranks first); "next" once over."""
    if state.over:
        return {"type": "next"}
    return dict(advice(state).best.action)


def step(state: State, action: Mapping) -> State:
    """The state after an action (a pure function of state and action)."""
    if not isinstance(action, Mapping):
        raise InputError("an action must be a JSON object")
    if state.over:
        action_error(state, action, [{"type": "next"}])
        rules = _rules(state.options["rules"])
        dice, draws = _roll(state, [], rules.dice)
        return state.restarted().evolve(
            phase="turn", to_move="player", draws=draws,
            data={"card": _card_json(_empty(rules)), "bonus": 0, "dice": dice, "rolls_left": 2, "turn": 1},
            log=(f"turn 1: rolled {_faces(dice)}",))
    card = card_of(state)
    ranked = advice(state)
    wanted = to_jsonable(action)
    if wanted.get("type") == "score" and isinstance(wanted.get("box"), str):  # a box by any of its names
        try:
            wanted["box"] = card.rules.categories[card.rules.index(wanted["box"])].name
        except InputError:
            pass  # not a box: refused below with the legal actions
    chosen = next((o for o in ranked.options if to_jsonable(o.action) == wanted), None)
    if chosen is None:
        action_error(state, action, [o.action for o in ranked.options])
    action = chosen.action
    data = dict(state.data)
    position = f"turn {data['turn']}: {_faces(data['dice'])}, {_rolls_left(data['rolls_left'])}"
    decision = Decision(position, chosen.option, ranked.best.option, float(chosen.loss), MEASURE)
    state = state.evolve(decisions=(*state.decisions, decision))
    if action["type"] == "keep":
        kept = list(action["keep"])
        dice, draws = _roll(state, kept, card.rules.dice - len(kept))
        data.update(dice=dice, rolls_left=data["rolls_left"] - 1)
        return state.evolve(data=data, draws=draws).logged(
            f"turn {data['turn']}: kept {_faces(kept) or 'none'}, rolled {_faces(dice)}")
    box = card.rules.index(action["box"])
    points = int(chosen.extras["points"])
    if isinstance(card, BalutCard):
        bonus = 0
        card = card.with_score(box, points)
        data.update(card=_card_json(card))
    else:
        bonus = int(chosen.extras["bonus"])
        card = card.with_box(box, points, bonus)
        data.update(card=_card_json(card), bonus=card.yahtzee_bonus)
    line = f"turn {data['turn']}: {card.rules.categories[box].name} = {points}" + (
        f" (+{bonus} Yahtzee bonus)" if bonus else "")
    if card.full:
        tally = dict(state.tally)
        tally.update(games=tally["games"] + 1, total=tally["total"] + card.total,
                     best=max(tally["best"], card.total))
        lost = sum(d.loss for d in state.decisions)
        if isinstance(card, BalutCard):
            extra = f"Balut points {sum(card.awards().values()):+d}"
        else:
            extra = f"upper bonus {card.upper_bonus}"
        return state.evolve(data=data, phase="over", to_move="", tally=tally).logged(
            line, f"game over: {card.total} points ({extra}); decisions cost {lost:.2f} expected points")
    dice, draws = _roll(state, [], card.rules.dice)
    data.update(dice=dice, rolls_left=2, turn=data["turn"] + 1)
    return state.evolve(data=data, draws=draws).logged(line, f"turn {data['turn']}: rolled {_faces(dice)}")


def _rolls_left(n: int) -> str:
    return "no rolls left" if n == 0 else f"{n} roll{'s' if n != 1 else ''} left"


def review(state: State, top: int = 5) -> list[Decision]:
    """The costliest decisions so far (loss > 0), dearest first."""
    return sorted((d for d in state.decisions if d.loss > 1e-9), key=lambda d: -d.loss)[:top]


_SCORE = re.compile(r"^(?:score\s+|s\s+)?([a-z_0-9 ]+)$")


def parse_action(state: State, text: str) -> dict:
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
        rules = _rules(state.options["rules"])
        return {"type": "score", "box": rules.categories[rules.index(m.group(1))].name}
    raise InputError(f"cannot read {text!r}: type keep 5 5, roll all, score fh or a box's name")


def card_line(state: State) -> str:
    """The card as `parse_card` (or, in Balut, `parse_balut_card`) reads it."""
    card = card_of(state)
    return card.text() if isinstance(card, BalutCard) else card_text(card)
