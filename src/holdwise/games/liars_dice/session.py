"""Liar's Dice's play session: you against the equilibrium, a pure state machine over `State`.

Both roll; bids alternate, the first bidder swapping each round; a call settles it. The computer's dice are
never in the state while a round runs: they are drawn again from the seed and the round's deal number (the
state keeps `deal`), so the page and the JSON show only yours. The computer samples its move from the
equilibrium's mix with one draw; the player's choices are scored against the best answer to that mix.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...errors import InputError
from ..base import Decision, Hint, State, action_error, random_generator
from .hints import DEFAULT_FACES, GAME, MEASURE, HintRequest, hint
from .rules import Rules, bid_text, parse_rules
from .solver import nodes_of, play_equilibrium

__all__ = [
    "ACTION_EXAMPLE", "DEFAULT_OPTIONS", "MOVE_EXAMPLE", "actions", "advice", "computer_action", "new_game",
    "normalize_options", "parse_action", "step",
]

DEFAULT_OPTIONS: dict[str, Any] = {"dice": [1, 1], "faces": DEFAULT_FACES, "wild": False, "first": "player"}
MOVE_EXAMPLE = "1x2"
ACTION_EXAMPLE = {"type": "bid", "bid": [1, 2]}
SIDES = ("player", "computer")
NAMES = {"player": "you", "computer": "the computer"}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with defaults filled in: dice [first bidder's, other's] as in the first round, faces, wild,
    first ("player" or "computer"); an unknown key or a bad value raises InputError."""
    options = {} if options is None else options
    if not isinstance(options, Mapping):
        raise InputError("options must be a JSON object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r}; known: {', '.join(DEFAULT_OPTIONS)}")
    opts = {**DEFAULT_OPTIONS, **options}
    if opts["first"] not in SIDES:
        raise InputError(f"first must be 'player' or 'computer', got {opts['first']!r:.24}")
    dice = opts["dice"]
    if not isinstance(dice, (list, tuple)) or len(dice) != 2:
        raise InputError("dice must be two counts [first bidder's, other's]")
    rules = parse_rules(",".join(map(str, dice)), opts["faces"], opts["wild"])
    return {"dice": list(rules.dice), "faces": rules.faces, "wild": rules.wild, "first": opts["first"]}


def _rules(state: State) -> Rules:
    o = state.options
    return Rules(dice=(int(o["dice"][0]), int(o["dice"][1])), faces=int(o["faces"]), wild=bool(o["wild"]))


def _other(side: str) -> str:
    return "computer" if side == "player" else "player"


def _hands(state: State) -> dict[str, list[int]]:
    """Both hands of the round, drawn from the seed and the round's deal number."""
    rules, data = _rules(state), state.data
    rng = np.random.default_rng([int(state.seed), int(data["deal"])])
    first = data["first"]
    counts = {first: rules.dice[0], _other(first): rules.dice[1]}
    return {side: sorted(int(x) for x in rng.integers(1, rules.faces + 1, size=counts[side])) for side in SIDES}


def _check(state: State) -> None:
    if not isinstance(state, State) or state.game != GAME:
        raise InputError(f"the state is not a {GAME!r} game")
    if normalize_options(state.options) != dict(state.options):
        raise InputError("the state's options are not in their normal form")
    rules, data = _rules(state), state.data
    try:
        bids = [int(b) for b in data["bids"]]
        good = (state.phase in ("bid", "over") and data["first"] in SIDES and type(data["deal"]) is int
                and 0 <= data["deal"] < state.draws + 1 and all(0 <= b < rules.bids for b in bids)
                and bids == sorted(set(bids)) and data["hand"] == _hands(state)["player"]
                and (state.to_move == "" if state.phase == "over"
                     else state.to_move == (data["first"] if len(bids) % 2 == 0 else _other(data["first"]))))
    except (KeyError, TypeError, ValueError):
        good = False
    if not good:
        raise InputError("the game state is not one this session made (data, phase or to_move)")


def _deal(state: State, first: str, number: int) -> State:
    data = {"round": number, "first": first, "deal": state.draws, "bids": [], "hand": [], "computer_dice": [],
            "winner": ""}
    state = state.evolve(draws=state.draws + 1, phase="bid", to_move=first, data=data)
    hand = _hands(state)["player"]
    state = state.evolve(data={**data, "hand": hand})
    return state.logged(f"round {number}: you roll {' '.join(map(str, hand))}; {NAMES[first]} "
                        f"bid{'s' if first == 'computer' else ''} first")


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A new session: the dice, faces, wild ones and who bids first in the first round."""
    opts = normalize_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a whole number 0 or more, got {seed!r:.24}")
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="bid", to_move=opts["first"], data={},
                  tally={"rounds": 0, "won": 0, "lost": 0})
    return _deal(state, opts["first"], 1)


def _request(state: State) -> HintRequest:
    side = state.to_move
    return HintRequest(hand=tuple(_hands(state)[side]), bids=tuple(state.data["bids"]), rules=_rules(state))


def actions(state: State) -> list[dict[str, Any]]:
    """Every higher bid and, after the first bid, the call; {"type": "next"} after a round."""
    _check(state)
    if state.over:
        return [{"type": "next"}]
    rules, bids = _rules(state), state.data["bids"]
    start = bids[-1] + 1 if bids else 0
    return [*({"type": "bid", "bid": list(rules.bid(b))} for b in range(start, rules.bids)),
            *([{"type": "call"}] if bids else [])]


def advice(state: State) -> Hint:
    """The hint of the side to move: each bid and the call by its worth against the equilibrium."""
    _check(state)
    if state.over:
        raise InputError("the round is over: no advice (start the next one)")
    return hint(_request(state))


def computer_action(state: State) -> dict[str, Any]:
    """The equilibrium's move for the side to move, drawn from its mix (the state's next draw)."""
    _check(state)
    if state.over:
        return {"type": "next"}
    rules = _rules(state)
    nodes = nodes_of(rules)
    history = tuple(state.data["bids"])
    node = nodes[history]
    hand = tuple(_hands(state)[state.to_move])
    row = np.asarray(play_equilibrium(rules).strategy[history], dtype=np.float64)[rules.hands[node.player].index(hand)]
    pick = int(random_generator(state).choice(len(row), p=row / row.sum()))
    action = node.actions[pick]
    return {"type": "call"} if action < 0 else {"type": "bid", "bid": list(rules.bid(action))}


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after a bid, the call (the round is settled) or next (a new round, the first bidder swapped)."""
    _check(state)
    if not isinstance(action, Mapping):
        raise InputError("an action must be a JSON object")
    action_error(state, action, actions(state))
    rules, data = _rules(state), state.data
    if action["type"] == "next":
        return _deal(state.restarted(), _other(data["first"]), data["round"] + 1)
    side = state.to_move
    if side == "player":
        ranked = advice(state)
        chosen = ranked.option_for(action)
        if chosen is not None:
            where = " ".join(bid_text(rules, b) for b in data["bids"]) or "the roll"
            state = state.evolve(decisions=(*state.decisions, Decision(
                position=f"your {' '.join(map(str, data['hand']))} after {where}", chosen=chosen.option,
                best=ranked.best.option, loss=chosen.loss, measure=MEASURE)))
    else:
        state = state.evolve(draws=state.draws + 1)  # the computer's draw from its mix
    if action["type"] == "bid":
        count, face = action["bid"]
        index = (count - 1) * rules.faces + face - 1
        return state.evolve(to_move=_other(side), data={**data, "bids": [*data["bids"], index]}).logged(
            f"{NAMES[side]} bid{'s' if side == 'computer' else ''} {count} x {face}")
    hands = _hands(state)
    first = hands[data["first"]]
    second = hands[_other(data["first"])]
    bidder = _other(side)
    stands = rules.stands(data["bids"][-1], tuple(first), tuple(second))
    winner = bidder if stands else side
    tally = {**state.tally, "rounds": state.tally["rounds"] + 1}
    tally["won" if winner == "player" else "lost"] += 1
    return state.evolve(phase="over", to_move="", tally=tally,
                        data={**data, "computer_dice": hands["computer"], "winner": winner}).logged(
        f"{NAMES[side]} call{'s' if side == 'computer' else ''} {bid_text(rules, data['bids'][-1])} a lie; "
        f"the computer had {' '.join(map(str, hands['computer']))}: the bid "
        f"{'stands' if stands else 'fails'}, {NAMES[winner]} win{'s' if winner == 'computer' else ''}")


def parse_action(state: State, text: str) -> dict[str, Any]:
    """A typed move: a bid as count x face (1x3, or 1 3), liar (or l, call) to call; Enter or n after a round."""
    _check(state)
    if not isinstance(text, str):
        raise InputError("a move is typed text")
    words = text.strip().lower().replace("x", " ").split()
    if state.over:
        if words in ([], ["n"], ["next"]):
            return {"type": "next"}
        raise InputError("the round is over: type n for the next one")
    if words in (["liar"], ["l"], ["call"]):
        action: dict[str, Any] = {"type": "call"}
    elif len(words) == 2 and all(w.isdigit() for w in words):
        action = {"type": "bid", "bid": [int(words[0]), int(words[1])]}
    else:
        raise InputError(f"type a bid (1x3) or liar, not {text.strip()!r:.24}")
    if action not in actions(state):
        raise InputError(f"{text.strip()!r:.24} is not legal now: bid higher than the last bid, or call")
    return action
