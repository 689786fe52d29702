"""Dice poker against a pay table, solitaire: the play session, a pure state machine.

A hand is a roll of all dice, then up to `rerolls` keep decisions (keeping every die stands), then it
is paid: bet x the table's payout for the final combination. Each hand stakes the bet; the tally keeps
hands, staked, won and balance (won - staked) across hands. Phases: "keep" (the player's move) and
"over" (the hand is paid; {"type": "next"} deals the next). Actions: {"type": "keep", "keep": [faces]}
(sorted faces, any part of the hand) and {"type": "next"}.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from ...errors import InputError
from ...solver import MAX_REROLLS, Dice, faces_to_counts, to_fraction
from ..base import Decision, Hint, State, action_error, random_generator
from ..inputs import parse_whole
from .analysis import GAME, MEASURE, keep_text, ranked_options, solved
from .rules import ALL_CATEGORIES, BUILTIN_TABLES, CATEGORY_LABELS, DEFAULT_TABLE, categories, parse_payouts
from .tables import find_table

__all__ = [
    "DEFAULT_OPTIONS", "MAX_BET", "actions", "advice", "computer_action", "new_game", "normalize_options",
    "parse_action", "step",
]

DEFAULT_OPTIONS = {"rules": DEFAULT_TABLE, "payouts": None, "dice": 5, "sides": 6, "rerolls": 2, "weights": None,
                   "bet": 1}
STAND_WORDS = ("all", "a", "stand", "s")
REROLL_WORDS = ("none", "nothing", "-", "r", "reroll", "re-roll")
# optional options: a session without them has no limit; the study names both as a casino table's condition
LIMITS = ("bet_limit", "daily_limit")
NEXT_WORDS = ("", "n", "next", "y", "yes", "d", "deal")
MAX_BET = 10**12  # a hand's stake: above 0, at most this


def _json_number(value: Fraction | int | float | str) -> int | float:
    """An exact number as JSON: an int when whole, else a float."""
    number = Fraction(value)
    return int(number) if number.denominator == 1 else float(number)


def _show(value: Fraction | int | float | str) -> str:
    """A number for the log: 3, 0.5, 1.3333."""
    number = Fraction(value)
    return str(number.numerator) if number.denominator == 1 else f"{float(number):.4g}"


def _whole(options: Mapping[str, object], key: str) -> int:
    """A whole-number option: JSON options carry numbers as numbers, never as text."""
    value = options[key]
    if isinstance(value, str):
        raise InputError(f"the game option {key!r} must be a whole number, got {value!r}")
    return parse_whole(value, f"the game option {key!r}")


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game options with defaults filled in and checked: rules (a table's name, or a label for `payouts`),
    payouts (seven, as "p/q" text), dice, sides, rerolls, weights (a list or None), bet (> 0)."""
    options = {} if options is None else options
    if not isinstance(options, Mapping):
        raise InputError("the game options must be an object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS) - set(LIMITS))
    if unknown:
        raise InputError(f"unknown game option {unknown[0]!r}; known: {', '.join((*DEFAULT_OPTIONS, *LIMITS))}")
    merged = {**DEFAULT_OPTIONS, **{k: v for k, v in options.items() if v is not None and k not in LIMITS}}
    if options.get("payouts") is None:
        name, table = find_table(str(merged["rules"]), BUILTIN_TABLES)
    else:
        table = parse_payouts(options["payouts"])
        name = str(options.get("rules") or "custom")
    dice, sides = _whole(merged, "dice"), _whole(merged, "sides")
    rerolls = merged["rerolls"]
    if isinstance(rerolls, bool) or not isinstance(rerolls, int) or not 0 <= rerolls <= MAX_REROLLS:
        raise InputError(f"re-rolls must be 0 to {MAX_REROLLS}, got {rerolls!r}")
    weights = merged["weights"]
    if weights is not None:
        if not isinstance(weights, (list, tuple)) or not all(isinstance(w, int) and not isinstance(w, bool)
                                                             for w in weights):
            raise InputError(f"the game option 'weights' must be a list of whole numbers, got {weights!r}")
        weights = list(weights)
    Dice(dice, sides, None if weights is None else tuple(weights))
    try:
        bet = to_fraction(merged["bet"])
    except InputError as err:
        raise InputError(f"the bet must be a number above 0, at most 1e12: {err}") from None
    if not 0 < bet <= MAX_BET:
        raise InputError(f"the bet must be positive, at most 1e12, got {merged['bet']!r}")
    limits = _limits(options, bet)
    return {"rules": name, "payouts": [str(v) for v in table], "dice": dice, "sides": sides, "rerolls": rerolls,
            "weights": weights, "bet": _json_number(bet), **limits}


def _limits(options: Mapping[str, Any], bet: Fraction) -> dict[str, int | float]:
    """The bet limit (the most one hand may stake) and the daily limit (the most a session may stake), when
    given; a bet above either is refused, with the limit in the message."""
    out: dict[str, int | float] = {}
    for key in LIMITS:
        if options.get(key) is None:
            continue
        words = key.replace("_", " ")
        try:
            limit = to_fraction(options[key])
        except InputError as err:
            raise InputError(f"the {words} must be a number above 0, at most 1e12: {err}") from None
        if not 0 < limit <= MAX_BET:
            raise InputError(f"the {words} must be positive, at most 1e12, got {options[key]!r}")
        if bet > limit:
            raise InputError(f"the bet {_show(bet)} is above the {words} of {_show(limit)}")
        out[key] = _json_number(limit)
    return out


@lru_cache(maxsize=64)
def _rules(payouts: tuple[str, ...], dice: int, sides: int, rerolls: int,
           weights: tuple[int, ...] | None) -> tuple[tuple[Fraction, ...], Dice]:
    """The parsed game of a session: payouts as Fractions and the dice (cached: every step asks)."""
    return parse_payouts(payouts), Dice(dice, sides, weights)


def _game(state: State) -> tuple[tuple[Fraction, ...], Dice]:
    o = state.options
    weights = None if o["weights"] is None else tuple(o["weights"])
    return _rules(tuple(o["payouts"]), o["dice"], o["sides"], o["rerolls"], weights)


def _roll(state: State, n: int) -> tuple[list[int], State]:
    """Roll n dice with the state's next generator: the faces in the order rolled, and the state after."""
    _, dice = _game(state)
    rng = random_generator(state)
    faces = (rng.choice(dice.sides, size=n, p=dice.face_probabilities()) + 1).tolist()
    return faces, state.evolve(draws=state.draws + 1)


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A session with its first hand rolled (options: see `normalize_options`; the tally starts at 0)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError(f"the seed must be a non-negative whole number, got {seed!r}")
    opts = normalize_options(options)
    state = State(game=GAME, options=opts, seed=seed, draws=0, phase="keep", to_move="player", data={},
                  tally={"hands": 0, "staked": 0, "won": 0, "balance": 0})
    o = state.options
    solved(o["payouts"], dice=o["dice"], sides=o["sides"], rerolls=max(o["rerolls"], 1),
           weights=o["weights"])  # a game too large to solve fails here, not in the first hint
    return _deal(state)


def _deal(state: State) -> State:
    """Stake the bet and roll every die for a new hand."""
    o, tally = state.options, state.tally
    bet = to_fraction(o["bet"])
    rolled, state = _roll(state, o["dice"])
    number = tally["hands"] + 1
    tally = {"hands": number, "staked": _json_number(to_fraction(tally["staked"]) + bet),
             "won": tally["won"], "balance": _json_number(to_fraction(tally["balance"]) - bet)}
    data = {"hand_number": number, "hand": sorted(rolled), "rolls_left": o["rerolls"], "category": None,
            "payout": None, "paid": None}
    state = state.evolve(phase="keep", to_move="player", data=data, tally=tally).logged(
        f"hand {number} (bet {_show(bet)}): rolled {' '.join(map(str, rolled))}")
    return _settle(state) if o["rerolls"] == 0 else state


@lru_cache(maxsize=4096)
def _category(hand: tuple[int, ...], sides: int) -> int:
    return int(categories(faces_to_counts(hand, sides))[0])


def _settle(state: State) -> State:
    """Pay the final hand: bet x payout of its combination."""
    o, data, tally = state.options, state.data, state.tally
    payouts, dice = _game(state)
    index = _category(tuple(data["hand"]), dice.sides)
    category = ALL_CATEGORIES[index]
    payout = payouts[index] if index < len(payouts) else Fraction(0)
    bet = to_fraction(o["bet"])
    paid = bet * payout
    tally = {"hands": tally["hands"], "staked": tally["staked"],
             "won": _json_number(to_fraction(tally["won"]) + paid),
             "balance": _json_number(to_fraction(tally["balance"]) + paid)}
    data = {**data, "rolls_left": 0, "category": category, "payout": _json_number(payout),
            "paid": _json_number(paid)}
    balance = to_fraction(tally["balance"])
    line = (f"{' '.join(map(str, data['hand']))}: {CATEGORY_LABELS[category]} pays {_show(payout)} x "
            f"{_show(bet)} = {_show(paid)}; balance {'+' if balance >= 0 else '-'}{_show(abs(balance))} "
            f"after {tally['hands']} hand{'s' if tally['hands'] != 1 else ''}")
    return state.evolve(phase="over", to_move="", data=data, tally=tally).logged(line)


def _sub_keeps(hand: list[int]) -> list[list[int]]:
    """Every distinct part of a hand (sorted faces), from the whole hand down to nothing."""
    faces = sorted(set(hand))
    counts = [hand.count(f) for f in faces]
    out = []
    for take in product(*[range(c, -1, -1) for c in counts]):
        out.append([f for f, t in zip(faces, take) for _ in range(t)])
    return out


def actions(state: State) -> list[dict[str, Any]]:
    """The legal actions: every keep of the hand (the whole hand stands), or {"type": "next"} when over."""
    if state.over:
        return [{"type": "next"}]
    return [{"type": "keep", "keep": keep} for keep in _sub_keeps(list(state.data["hand"]))]


def advice(state: State) -> Hint:
    """Every keep of the hand ranked by expected payout (bet x table payout) under optimal play afterwards."""
    if state.over:
        raise InputError("the hand is over: deal the next one ({'type': 'next'})")
    o, data = state.options, state.data
    options = ranked_options(data["hand"], data["rolls_left"], o["payouts"], dice=o["dice"], sides=o["sides"],
                             rerolls=o["rerolls"], weights=o["weights"], bet=o["bet"], actions=True)
    return Hint(game=GAME, position={"hand": list(data["hand"]), "rolls_left": data["rolls_left"],
                                     "rules": o["rules"], "bet": o["bet"]},
                measure=MEASURE, options=options)


def computer_action(state: State) -> dict[str, Any]:
    """The best play for the player: the optimal keep (or the next hand when this one is over)."""
    if state.over:
        return {"type": "next"}
    return dict(advice(state).best.action)


def _normalized(action: object) -> dict[str, Any]:
    if not isinstance(action, Mapping):
        raise InputError(f"an action is an object like {{'type': 'keep', 'keep': [5, 5]}}, got {action!r}")
    plain: dict[str, Any] = dict(action)
    keep = plain.get("keep")
    if plain.get("type") == "keep" and isinstance(keep, (list, tuple)):
        try:
            plain["keep"] = sorted(keep)
        except TypeError:
            pass  # mixed types: left as given, then refused as not legal
    return plain


def _legal(state: State, action: dict[str, Any]) -> bool:
    """Whether an action is legal (the same answer as comparing it with `actions(state)`, without listing them)."""
    if state.over:
        return action == {"type": "next"}
    keep = action.get("keep")
    if set(action) != {"type", "keep"} or action["type"] != "keep" or not isinstance(keep, list):
        return False
    if not all(isinstance(f, int) and not isinstance(f, bool) for f in keep):
        return False
    hand = state.data["hand"]
    return all(keep.count(f) <= hand.count(f) for f in set(keep))


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after an action (pure: the same state and action give the same result)."""
    action = _normalized(action)
    if not _legal(state, action):
        action_error(state, action, actions(state))  # raises, naming the legal action types
    if action["type"] == "next":
        daily = state.options.get("daily_limit")
        staked, bet = to_fraction(state.tally["staked"]), to_fraction(state.options["bet"])
        if daily is not None and staked + bet > to_fraction(daily):
            raise InputError(f"the daily limit of {_show(daily)} is reached: {_show(staked)} staked, another hand "
                             f"stakes {_show(bet)}")
        return _deal(state.restarted())
    hint = advice(state)
    chosen = next(o for o in hint.options if o.action["keep"] == action["keep"])
    data = state.data
    left = data["rolls_left"]
    position = f"{keep_text(data['hand'])}, {left} re-roll{'s' if left != 1 else ''} left"
    decision = Decision(position=position, chosen=chosen.option, best=hint.best.option, loss=chosen.loss,
                        measure=MEASURE)
    state = state.evolve(decisions=(*state.decisions, decision))
    keep = list(action["keep"])
    if len(keep) == len(data["hand"]):
        return _settle(state.logged(f"stood on {keep_text(keep)}"))
    rolled, state = _roll(state, len(data["hand"]) - len(keep))
    hand = sorted(keep + rolled)
    state = state.evolve(data={**data, "hand": hand, "rolls_left": data["rolls_left"] - 1}).logged(
        f"kept {keep_text(keep)}, re-rolled {len(rolled)} {'die' if len(rolled) == 1 else 'dice'}: "
        f"{' '.join(map(str, rolled))} -> {keep_text(hand)}")
    return _settle(state) if state.data["rolls_left"] == 0 else state


def parse_action(state: State, text: str) -> dict[str, Any]:
    """What the player typed -> an action: the dice to keep ("5 5" or "5,5"), "all" to stand, "none" to
    re-roll every die; when the hand is over, Enter or "next" deals the next."""
    words = text.strip().lower()
    if state.over:
        if words in NEXT_WORDS:
            return {"type": "next"}
        raise InputError("the hand is over: press Enter (or type next) for the next hand")
    hand = list(state.data["hand"])
    if words in STAND_WORDS:
        return {"type": "keep", "keep": hand}
    if words in REROLL_WORDS:
        return {"type": "keep", "keep": []}
    tokens = words.replace(",", " ").split()
    try:
        keep = sorted(int(t) for t in tokens)
    except ValueError:
        raise InputError(f"type the dice to keep (e.g. 5 5), 'all' to stand or 'none' to re-roll all, "
                         f"got {text.strip()!r}") from None
    if not keep:
        raise InputError("type the dice to keep (e.g. 5 5), 'all' to stand or 'none' to re-roll all")
    for face in set(keep):
        if keep.count(face) > hand.count(face):
            raise InputError(f"you cannot keep {keep_text(keep)}: the hand is {keep_text(hand)}")
    return {"type": "keep", "keep": keep}
