"""The video poker play session: credits, a bet of 1-5 coins, deal, hold, draw, paid.

A pure state machine over `base.State` (JSON types only; the state holds its seed):

- phase "bet": actions {"type": "deal", "bet": n} for n = 1..5 (at most the credits); the bet is
  taken from the credits and five cards are dealt;
- phase "hold": actions {"type": "draw", "hold": [positions 1-5 held, ascending]}, all 32 subsets;
  the other cards are replaced from the rest of the deck, the final hand is paid (pay per coin x
  coins) and the game is "over" (one game = one hand); {"type": "next"} deals on with the tally.

Each draw is a decision scored against the best hold: its loss is the expected return per coin
given up times the coins bet, measure "expected_credits". The tally keeps hands, coins bet, won,
credits and stakes (a new stake of the starting credits is given when the credits run out).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...errors import InputError
from ..base import Decision, Hint, Option, State, action_error, random_generator
from .analysis import MEASURE, check_coins, hold_hint, hold_option, number, return_value
from .cards import HAND_SIZE, card_str, hand_str, parse_card, parse_hold, shown
from .disk import hand_class, hold_values
from .inputs import parse_coins, parse_credits, parse_seed
from .paytables import (
    DEFAULT_GAME, MAX_COINS, PayTable, get_game, hand_label, load_games, shipped_games, table_from_json, table_to_json,
)
from .solver import best_order

__all__ = [
    "DECISION_MEASURE", "GAME", "actions", "advice", "computer_action", "new_game", "parse_action",
    "paytable_of", "step",
]

GAME = "video-poker"
DECISION_MEASURE = "expected_credits"  # a decision's loss: expected return per coin given up x coins bet
DEFAULT_CREDITS = 1000
OPTION_KEYS = ("rules", "credits", "bet", "paytable_file", "table", "paytable")  # paytable: the old name of rules


def _credits_text(value: int | float | str | Fraction) -> str:
    exact = Fraction(value)
    return f"{exact.numerator:,}" if exact.denominator == 1 else f"{float(exact):,.2f}"


def paytable_of(state: State) -> PayTable:
    """The pay table a session plays (a shipped id, or the table carried in the options)."""
    if "table" in state.options:
        return table_from_json(state.options["table"])
    return get_game(str(state.options.get("rules", state.options.get("paytable"))))  # paytable: a state from before


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A session: options `rules` (a game id; `paytable`, its old name, is read too), `credits` (1000), `bet`
    (coins per hand, 5), and for a game of one's own `paytable_file` (read now; the table is carried in the
    state as `table`). The state's options name the game `rules`."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InputError(f"video poker options are a mapping such as {{'rules': {DEFAULT_GAME!r}}}, "
                         f"got {shown(options)}")
    options = dict(options)
    unknown = sorted(str(k) for k in set(options) - set(OPTION_KEYS))
    if unknown:
        raise InputError(f"unknown video poker option {shown(unknown[0])}; known: {', '.join(OPTION_KEYS)}")
    seed = parse_seed(seed)
    if "rules" in options and "paytable" in options:
        raise InputError("give the game as rules (or its old name paytable), not both")
    named = "rules" in options or "paytable" in options
    game_id = options.get("rules", options.get("paytable", DEFAULT_GAME))
    if not isinstance(game_id, str):
        raise InputError(f"rules must be a game id, got {shown(game_id)}")
    if "table" in options:
        table = table_from_json(options["table"])
        if table.id != game_id and named:
            raise InputError(f"the carried table is {table.id!r}, not {game_id!r}")
    else:
        extra = load_games(options["paytable_file"]) if options.get("paytable_file") is not None else None
        table = get_game(game_id, extra)
    credits = parse_credits(options.get("credits", DEFAULT_CREDITS))
    bet = parse_coins(options.get("bet", MAX_COINS), "bet")
    clean = {"rules": table.id, "credits": credits, "bet": bet}
    if table.id not in shipped_games() or shipped_games()[table.id] != table:
        clean["table"] = table_to_json(table)  # the state carries its own table: a server reads no files
    state = State(game=GAME, options=clean, seed=seed, draws=0, phase="bet", to_move="player",
                  data={"hand": [], "bet": bet},
                  tally={"hands": 0, "bet": 0, "won": 0, "credits": credits, "stakes": 1})
    return state.logged(f"{table.name}: {_credits_text(credits)} credits; bet 1-{MAX_COINS} coins a hand")


def _max_bet(state: State) -> int:
    return min(MAX_COINS, math.floor(Fraction(state.tally["credits"])))


def _dealt(state: State, table: PayTable) -> tuple[int, ...]:
    return tuple(parse_card(c, table.deck, table.extra_card) for c in state.data["hand"])


_SUBSETS = tuple(tuple(p + 1 for p in range(HAND_SIZE) if mask >> p & 1) for mask in range(32))


def actions(state: State) -> list[dict[str, Any]]:
    """The legal actions now: deal with a bet, draw with a hold, or next when the hand is over."""
    if state.over:
        return [{"type": "next"}]
    if state.phase == "bet":
        return [{"type": "deal", "bet": n} for n in range(1, _max_bet(state) + 1)]
    return [{"type": "draw", "hold": list(hold)} for hold in _SUBSETS]


def _normalised(action: Mapping[str, Any]) -> dict[str, Any]:
    """An action with its hold in ascending order (the order positions are typed in does not matter)."""
    action = dict(action) if isinstance(action, Mapping) else {"type": action}
    hold = action.get("hold")
    if action.get("type") == "draw" and isinstance(hold, list) and all(isinstance(p, int) for p in hold):
        action["hold"] = sorted(hold)
    return action


def _has_bool(action: Mapping[str, Any]) -> bool:
    """True/False compare equal to 1/0 in Python: refuse them where numbers belong."""
    return any(isinstance(v, bool) or (isinstance(v, list) and any(isinstance(x, bool) for x in v))
               for v in action.values())


def _legal(state: State, action: dict[str, Any]) -> bool:
    """Is `action` one of `actions(state)`? (the same answer, without building the list)"""
    kind = action.get("type")
    if state.over:
        return action == {"type": "next"}
    if state.phase == "bet":
        bet = action.get("bet")
        return set(action) == {"type", "bet"} and kind == "deal" and isinstance(bet, int) and \
            1 <= bet <= _max_bet(state)
    hold = action.get("hold")
    return (set(action) == {"type", "hold"} and kind == "draw" and isinstance(hold, list)
            and all(isinstance(p, int) for p in hold) and tuple(hold) in _SUBSETS_SET)


_SUBSETS_SET = frozenset(_SUBSETS)


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after an action (pure: randomness comes from the state's seed and draw count)."""
    action = _normalised(action)
    if _has_bool(action):
        raise InputError(f"action {action!r}: bets and positions are whole numbers, not true or false")
    if not _legal(state, action):  # a quick test first; action_error compares as JSON and explains
        action_error(state, action, actions(state))
        raise InputError(f"action {action!r}: bets and positions are whole numbers")  # e.g. 5.0
    table = paytable_of(state)
    if action["type"] == "next":
        return _next(state.restarted())
    if action["type"] == "deal":
        return _deal(state, table, int(action["bet"]))
    return _draw(state, table, list(action["hold"]))


def _next(state: State) -> State:
    tally = dict(state.tally)
    lines = []
    if Fraction(tally["credits"]) < 1:
        tally["credits"] = number(Fraction(tally["credits"]) + state.options["credits"])
        tally["stakes"] += 1
        lines.append(f"out of credits: a new stake of {_credits_text(state.options['credits'])} credits")
    bet = min(int(state.data["bet"]), MAX_COINS)
    nxt = state.evolve(phase="bet", to_move="player", data={"hand": [], "bet": bet}, tally=tally)
    return nxt.logged(*lines)


def _deal(state: State, table: PayTable, bet: int) -> State:
    rng = random_generator(state)
    cards = [int(c) for c in rng.choice(table.deck, HAND_SIZE, replace=False)]
    tally = dict(state.tally)
    tally["credits"] = number(Fraction(tally["credits"]) - bet)
    nxt = state.evolve(draws=state.draws + 1, phase="hold", to_move="player",
                       data={"hand": [card_str(c, table.extra_card) for c in cards], "bet": bet}, tally=tally)
    return nxt.logged(f"hand {tally['hands'] + 1}, bet {bet}: dealt {hand_str(cards, table.extra_card)}")


def _draw(state: State, table: PayTable, hold: list[int]) -> State:
    bet = int(state.data["bet"])
    extra = table.extra_card
    dealt = _dealt(state, table)
    # the decision, scored with the hint's exact values (fast path: same numbers, same tie rule)
    values, scale = hold_values(dealt, table, bet)
    order = best_order(values)
    ordered = sorted(dealt)
    chosen_mask = sum(1 << ordered.index(dealt[p - 1]) for p in hold)
    chosen_text = hold_option(dealt, chosen_mask, extra)[0]
    best_text = hold_option(dealt, order[0], extra)[0]
    loss = Fraction(int(values[order[0]] - values[chosen_mask]), scale) * bet
    decision = Decision(position=hand_str(dealt, extra), chosen=chosen_text, best=best_text,
                        loss=float(loss), measure=DECISION_MEASURE)
    rng = random_generator(state)
    rest = [c for c in range(table.deck) if c not in dealt]
    new = iter(rest[i] for i in rng.choice(len(rest), HAND_SIZE - len(hold), replace=False).tolist())
    final = [dealt[i] if i + 1 in hold else next(new) for i in range(HAND_SIZE)]
    kind = table.hands[hand_class(final, table)]  # from the game's tables
    per_coin = table.pays_for(bet)[table.hands.index(kind)]
    won = per_coin * bet
    tally = dict(state.tally)
    tally["hands"] += 1
    tally["bet"] += bet
    tally["won"] = number(Fraction(tally["won"]) + won)
    tally["credits"] = number(Fraction(tally["credits"]) + won)
    drawn = [c for i, c in enumerate(final) if i + 1 not in hold]
    if not drawn:
        first = f"held all five: {hand_str(final, extra)}"
    else:
        first = (f"held {' '.join(card_str(dealt[p - 1], extra) for p in hold) or 'nothing'}, "
                 f"drew {hand_str(drawn, extra)}: {hand_str(final, extra)}")
    name = hand_label(kind)
    paid = (f"{name}: won {_credits_text(won)} credits ({_credits_text(per_coin)} per coin x {bet})" if won
            else f"{name}: no win")
    data = {"hand": [card_str(c, extra) for c in final], "bet": bet, "dealt": [card_str(c, extra) for c in dealt],
            "hold": hold, "result": kind, "won": number(won)}
    nxt = state.evolve(draws=state.draws + 1, phase="over", to_move="", data=data, tally=tally,
                       decisions=(*state.decisions, decision))
    return nxt.logged(first, paid)


def computer_action(state: State) -> dict[str, Any]:
    """The best play for the player: the last bet (at most the credits), the best hold, then next."""
    if state.over:
        return {"type": "next"}
    if state.phase == "bet":
        return {"type": "deal", "bet": min(int(state.data["bet"]), _max_bet(state))}
    table = paytable_of(state)
    dealt = _dealt(state, table)
    values, _ = hold_values(dealt, table, int(state.data["bet"]))
    return {"type": "draw", "hold": hold_option(dealt, best_order(values)[0], table.extra_card)[2]}


def advice(state: State) -> Hint:
    """The hint for the player's move: the holds of the dealt hand, or the bets by return per coin."""
    table = paytable_of(state)
    if state.phase == "hold":
        return hold_hint(_dealt(state, table), table, int(state.data["bet"]), actions=True)
    if state.phase != "bet":
        raise InputError("the hand is over: no decision to advise on")
    bets = [a["bet"] for a in actions(state)]
    values = {n: return_value(table, check_coins(n)) for n in bets}
    ranked = sorted(bets, key=lambda n: (-values[n], -n))
    top = values[ranked[0]]
    options = tuple(Option(option=f"bet {n}", value=float(values[n]), loss=float(top - values[n]),
                           action={"type": "deal", "bet": n}) for n in ranked)
    position = {"rules": table.id, "credits": state.tally["credits"]}
    return Hint(game=GAME, position=position, measure=MEASURE, options=options)


def parse_action(state: State, text: str) -> dict[str, Any]:
    """What a player typed -> an action.

    bet phase: Enter or `d` deals at the last bet, `1`-`5` deals at that bet; hold phase: the
    positions to hold ("1 3 5", "135") or the held cards ("As Ks"), `a` holds all five, `0` or `d`
    holds nothing (draw five); after the hand: Enter or `n` deals the next.
    """
    if text is not None and not isinstance(text, str):
        raise InputError(f"an action is typed as text, got {shown(text)}")
    t = (text or "").strip().lower()
    if state.over:
        if t in ("", "n", "next", "y", "yes", "d", "deal"):
            return {"type": "next"}
        raise InputError(f"the hand is over: Enter deals the next, got {shown(text)}")
    if state.phase == "bet":
        if t in ("", "d", "deal"):
            return computer_action(state)
        if t.isascii() and t.isdigit() and len(t) <= 3 and 1 <= int(t) <= MAX_COINS:
            if int(t) > _max_bet(state):
                raise InputError(f"a bet of {t} is more than the credits ({_credits_text(state.tally['credits'])})")
            return {"type": "deal", "bet": int(t)}
        raise InputError(f"type a bet 1-{MAX_COINS} or Enter to deal at {state.data['bet']}, got {shown(text)}")
    table = paytable_of(state)
    if t in ("d", "draw"):
        t = "none"
    return {"type": "draw", "hold": parse_hold(t, _dealt(state, table), table.extra_card)}
