"""The duel's play session: you against the exact opponent, a pure state machine over `State`.

A duel: both ante and roll; the betting round (phase "bet"); the re-rolls in turn, the first seat first (phase
"reroll"); the showdown or a fold ends it (phase "over"; {"type": "next"} deals the next, the seats swap).
`data` holds the duel's number, who sits first, both hands, the words said, each side's stake and re-rolls
left, the winner ("player", "computer", "tie") and the player's net bets; the tally keeps duels, wins, losses,
ties and the net. The computer plays the minimax play; each of the player's choices is scored against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import InputError
from ..base import Decision, Hint, State, action_error, random_generator
from .hints import MEASURE, HintRequest, hint, keep_text, walk
from .rules import GAME, RULE_NAMES, Rules, parse_rules, strength_key
from .solver import Node, bet_actions, play_word, tables

__all__ = [
    "ACTION_EXAMPLE", "DEFAULT_OPTIONS", "MOVE_EXAMPLE", "actions", "advice", "computer_action", "new_game", "normalize_options", "parse_action",
    "step",
]

# a first move, typed and as an action (the web API's examples)
MOVE_EXAMPLE = "check"
ACTION_EXAMPLE = {"type": "check"}
DEFAULT_OPTIONS: dict[str, Any] = {**Rules().to_json(), "first": "player"}
SIDES = ("player", "computer")
NAMES = {"player": "you", "computer": "the computer"}
PHASES = ("bet", "reroll", "over")
SHORT = {"b": "bet", "r": "raise", "f": "fold", "k": "check"}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The session's options (the rules and `first`: who sits first in the first duel) with defaults filled in;
    an unknown key or a bad value raises InputError."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InputError("options must be a JSON object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r}; known: {', '.join(DEFAULT_OPTIONS)}")
    for key, value in options.items():
        if key != "ties" and key != "first" and (isinstance(value, bool) or not isinstance(value, int)):
            raise InputError(f"the game option {key!r} must be a whole number, got {value!r:.24}")
    first = options.get("first", "player")
    if first not in SIDES:
        raise InputError(f"first must be 'player' or 'computer', got {first!r:.24}")
    rules = parse_rules({k: v for k, v in options.items() if k in RULE_NAMES})
    return {**rules.to_json(), "first": first}


def _rules(state: State) -> Rules:
    return Rules(**{k: state.options[k] for k in RULE_NAMES})


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
    rules, data = _rules(state), state.data
    try:
        hands = [tuple(data["hands"][s]) for s in SIDES]
        good = (state.phase in PHASES and data["first"] in SIDES
                and all(h == tuple(sorted(h)) and h in tables(rules.dice, rules.faces, rules.ties).index
                        for h in hands)
                and all(type(data["stakes"][s]) is int and rules.ante <= data["stakes"][s] <= rules.top_stake
                        for s in SIDES)
                and all(type(data["rolls_left"][s]) is int and 0 <= data["rolls_left"][s] <= rules.rerolls
                        for s in SIDES)
                and (state.to_move == "" if state.phase == "over" else state.to_move in SIDES))
        if good and state.phase == "bet":
            node = walk(rules, tuple(data["betting"]))
            good = state.to_move == _side(data["first"], node.to_act)
    except (KeyError, TypeError, InputError):
        good = False
    if not good:
        raise InputError("the game state is not one this session made (data, phase or to_move)")


def _side(first: str, seat: int) -> str:
    return first if seat == 0 else _other(first)


def _deal(state: State, duel: int, first: str) -> State:
    rules = state.options
    rng = random_generator(state)
    rolled = rng.integers(1, rules["faces"] + 1, size=(2, rules["dice"]))
    hands = {"player": sorted(int(x) for x in rolled[0]), "computer": sorted(int(x) for x in rolled[1])}
    data = {"duel": duel, "first": first, "hands": hands, "betting": [],
            "stakes": {s: rules["ante"] for s in SIDES}, "rolls_left": {s: rules["rerolls"] for s in SIDES},
            "winner": "", "net": 0}
    return state.evolve(draws=state.draws + 1, phase="bet", to_move=first, data=data).logged(
        f"duel {duel}: {NAMES[first]} sit{'s' if first == 'computer' else ''} first; each antes "
        f"{rules['ante']}", f"you roll {_dice(hands['player'])}; the computer rolls {_dice(hands['computer'])}")


def _dice(hand: list[int]) -> str:
    return " ".join(map(str, hand))


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A new session: the rules (ante, bet, raises, rerolls, ties, dice, faces) and who sits first."""
    opts = normalize_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r:.24}")
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="bet", to_move=opts["first"], data={},
                  tally={"duels": 0, "won": 0, "lost": 0, "tied": 0, "net": 0})
    return _deal(state, 1, opts["first"])


def _request(state: State) -> HintRequest:
    data, side = state.data, state.to_move
    seat = "first" if side == data["first"] else "second"
    return HintRequest(hand=tuple(data["hands"][side]), opponent_dice=tuple(data["hands"][_other(side)]), seat=seat,
                       stage=state.phase, betting=tuple(data["betting"]) if state.phase == "bet" else (),
                       stake=data["stakes"][side], rolls_left=max(data["rolls_left"][side], 1),
                       rules=_rules(state))


def actions(state: State) -> list[dict[str, Any]]:
    """The legal words at the betting, the distinct keeps at a re-roll; {"type": "next"} after a duel."""
    _check(state)
    if state.over:
        return [{"type": "next"}]
    if state.phase == "bet":
        rules = _rules(state)
        return [{"type": w} for w in bet_actions(rules, walk(rules, tuple(state.data["betting"])))]
    return [dict(o.action) for o in advice(state).options]


def advice(state: State) -> Hint:
    """The hint of the side to move: every legal choice by its expected net bets, each with its action."""
    _check(state)
    if state.over:
        raise InputError("the duel is over: no advice (start the next one)")
    return hint(_request(state))


def computer_action(state: State) -> dict[str, Any]:
    """The best play of the side to move (the computer plays the hint's best choice)."""
    _check(state)
    if state.over:
        return {"type": "next"}
    return dict(advice(state).best.action)


def _settle(state: State, winner: str, net: int, line: str) -> State:
    tally = dict(state.tally)
    tally["duels"] += 1
    tally["net"] += net
    key = {"player": "won", "computer": "lost", "tie": "tied"}[winner]
    tally[key] += 1
    return state.evolve(phase="over", to_move="", tally=tally,
                        data={**state.data, "winner": winner, "net": net}).logged(
        line, f"you {'win' if net > 0 else 'lose' if net < 0 else 'get back'} {abs(net) or 'your stake'}; "
              f"net over {tally['duels']} duel{'s' * (tally['duels'] != 1)}: {tally['net']:+d}")


def _showdown(state: State) -> State:
    data, rules = state.data, _rules(state)
    mine = strength_key(data["hands"]["player"], rules.ties)
    theirs = strength_key(data["hands"]["computer"], rules.ties)
    stake = data["stakes"]["player"]
    shown = f"showdown: you {_dice(data['hands']['player'])}, the computer {_dice(data['hands']['computer'])}"
    if mine > theirs:
        return _settle(state, "player", stake, shown + ": you win")
    if mine < theirs:
        return _settle(state, "computer", -stake, shown + ": the computer wins")
    return _settle(state, "tie", 0, shown + ": a tie splits the pot")


def _after_rerolls(state: State) -> State:
    """The next re-roller (the first seat when both have as many left), or the showdown when none is left."""
    data = state.data
    left = data["rolls_left"]
    first, second = data["first"], _other(data["first"])
    if left[first] == left[second] == 0:
        return _showdown(state)
    return state.evolve(phase="reroll", to_move=first if left[first] >= left[second] else second)


def _decided(state: State, action: Mapping[str, Any]) -> State:
    if state.to_move != "player":
        return state
    ranked = advice(state)
    chosen = ranked.option_for(action)
    if chosen is None:
        return state
    data = state.data
    where = (f"betting after '{' '.join(data['betting']) or 'the roll'}'" if state.phase == "bet"
             else f"re-roll with {data['rolls_left']['player']} left")
    decision = Decision(position=f"you {_dice(data['hands']['player'])} vs {_dice(data['hands']['computer'])}, "
                                 f"{where}", chosen=chosen.option, best=ranked.best.option, loss=chosen.loss,
                        measure=MEASURE)
    return state.evolve(decisions=(*state.decisions, decision))


def _bet_step(state: State, word: str) -> State:
    data, rules = state.data, _rules(state)
    side = state.to_move
    node = walk(rules, tuple(data["betting"]))
    nxt = play_word(rules, node, word)
    said = f"{NAMES[side]} {word}{'s' if side == 'computer' else ''}"
    if isinstance(nxt, Node):
        stakes = {_side(data["first"], 0): nxt.stakes[0], _side(data["first"], 1): nxt.stakes[1]}
        return state.evolve(to_move=_side(data["first"], nxt.to_act),
                            data={**data, "betting": [*data["betting"], word], "stakes": stakes}).logged(said)
    if nxt[0] == "fold":
        stake = data["stakes"][side]
        net = -stake if side == "player" else stake
        return _settle(state.logged(said), "computer" if side == "player" else "player", net, "a fold ends the duel")
    stakes = {s: nxt[1] for s in SIDES}
    state = state.evolve(data={**data, "betting": [*data["betting"], word], "stakes": stakes}).logged(
        f"{said}: {nxt[1]} each in the pot")
    return _after_rerolls(state)


def _keep_step(state: State, kept: list[int]) -> State:
    data, rules = state.data, state.options
    side = state.to_move
    rng = random_generator(state)
    fresh = [int(x) for x in rng.integers(1, rules["faces"] + 1, size=rules["dice"] - len(kept))]
    hand = sorted([*kept, *fresh])
    hands = {**data["hands"], side: hand}
    left = {**data["rolls_left"], side: data["rolls_left"][side] - 1}
    what = keep_text(tuple(kept), rules["dice"])
    state = state.evolve(draws=state.draws + 1, data={**data, "hands": hands, "rolls_left": left}).logged(
        f"{NAMES[side]}: {what}" + (f", roll{'s' if side == 'computer' else ''} {_dice(fresh)}: {_dice(hand)}"
                                     if fresh else ""))
    return _after_rerolls(state)


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after `action`: a betting word, a keep (one draw for the re-rolled dice) or next."""
    _check(state)
    if not isinstance(action, Mapping):
        raise InputError("an action must be a JSON object")
    action_error(state, action, actions(state))
    if action["type"] == "next":
        first = _other(state.data["first"])  # the seats swap each duel
        return _deal(state.restarted(), state.data["duel"] + 1, first)
    state = _decided(state, action)
    if state.phase == "bet":
        return _bet_step(state, str(action["type"]))
    return _keep_step(state, sorted(int(x) for x in action["dice"]))


def parse_action(state: State, text: str) -> dict[str, Any]:
    """A typed move. Betting: check, bet, call, raise, fold (c, b, r, f). Re-roll: the dice to keep
    ("keep 6 6 2" or "6 6 2"), all (keep every die) or none (re-roll all). After a duel: Enter or n."""
    _check(state)
    if not isinstance(text, str):
        raise InputError("a move is typed text")
    words = text.strip().lower().split()
    if state.over:
        if words in ([], ["n"], ["next"]):
            return {"type": "next"}
        raise InputError("the duel is over: type n for the next one")
    legal = actions(state)
    if state.phase == "bet":
        word = words[0] if len(words) == 1 else ""
        types = [a["type"] for a in legal]
        if word == "c":
            word = "check" if "check" in types else "call"
        word = SHORT.get(word, word)
        if word not in types:
            raise InputError(f"type one of {', '.join(types)}, not {text.strip()!r:.24}")
        return {"type": word}
    if words and words[0] in ("keep", "k"):
        words = words[1:]
    hand = state.data["hands"][state.to_move]
    if words in (["all"], ["stand"], ["s"]):
        return {"type": "keep", "dice": list(hand)}
    if words in (["none"], ["nothing"], ["-"], ["reroll"], ["re-roll"]):
        return {"type": "keep", "dice": []}
    if not all(w.isdigit() and len(w) <= 2 for w in words) or not words:
        raise InputError(f"type the dice to keep (keep 6 6 2), all or none, not {text.strip()!r:.24}")
    kept = sorted(int(w) for w in words)
    action = {"type": "keep", "dice": kept}
    if action not in legal:
        raise InputError(f"{_dice(kept)} is not part of your hand {_dice(hand)}")
    return action
