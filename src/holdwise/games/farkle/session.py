"""The Farkle play session: a match to a target against the computer, as a pure state machine.

Options: `target` (default 4000), `dice` and `computer_dice` (six dice each, names as `parse_dice` reads
them; default six ordinary), `computer` ("race-aware": the match optimum, or "coaching": the one-turn
coaching table), `first` ("player" or "computer": who rolls first in game 1; the first roll then
alternates between games), `badges` and `computer_badges` (badge slugs; with them the keeps that spend a
badge and a bust's phase "bust": `badge_session.py`).

Phases: "roll" (the player to move rolls the six dice: {"type": "roll"}), "select" (the roll is shown;
set a legal selection aside, then roll on or bank: {"type": "keep", "dice": [positions 1..6], "then":
"roll" | "bank"}; rolling on rolls the dice left at once, all six on hot dice), "over" ({"type": "next"}
starts another game). A roll with no legal selection busts: the turn total is lost and the turn passes
(to the other player's "roll"). Reaching the target wins at once (only "bank" is offered then).

The player's decisions are scored in one measure per session: the chance to win the match against the
race-aware computer ("win_chance"), or expected points of the turn against the coaching computer
("expected_points"). The tally counts games won and lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...errors import InputError
from ...memory import bounded
from ..base import Decision, Hint, Measure, Option, Progress, State, action_error, random_generator, to_jsonable
from ..inputs import fault
from . import badge_session as badges
from .hints import GAME, CoachValuer, RaceValuer, Selection, option_text, rank_options, selections_of
from .match import DEFAULT_TARGET, MatchSolution
from .parsing import check_six, check_target, face_text, parse_dice, parse_seed
from .rules import DICE_PER_PLAYER, FACES, SCORE_UNIT, Die
from .stored import cached_match, cached_turn, check_match_cost
from .turn import TurnSolution

__all__ = [
    "COMPUTER_PLAYS", "DEFAULT_OPTIONS", "actions", "advice", "busts_always", "computer_action", "measure_of",
    "new_game", "normalize_options", "parse_action", "prepare", "selections_in", "step",
]

COMPUTER_PLAYS = ("race-aware", "coaching")
DEFAULT_OPTIONS = {"target": DEFAULT_TARGET, "dice": ["ordinary"] * DICE_PER_PLAYER,
                   "computer_dice": ["ordinary"] * DICE_PER_PLAYER, "computer": "race-aware", "first": "player"}
BADGE_OPTIONS = ("badges", "computer_badges")  # kept in the options only when a side brings badges
SIDES = ("player", "computer")
WHO = {"player": "you", "computer": "computer"}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The session's options with defaults, checked; dice as lists of six names (JSON types only)."""
    out: dict[str, Any] = dict(DEFAULT_OPTIONS)
    unknown = set(options or {}) - set(DEFAULT_OPTIONS) - set(BADGE_OPTIONS)
    if unknown:
        raise InputError(f"unknown Farkle option(s): {', '.join(sorted(unknown))}; known: "
                         f"{', '.join((*DEFAULT_OPTIONS, *BADGE_OPTIONS))}")
    out.update({k: v for k, v in (options or {}).items() if v is not None})
    for key, choices in (("computer", COMPUTER_PLAYS), ("first", SIDES)):
        if not isinstance(out[key], str) or out[key] not in choices:
            shown = out[key] if isinstance(out[key], str) else type(out[key]).__name__
            allowed = " or ".join(choices) if key == "first" else "one of " + ", ".join(choices)
            raise fault(key, f"must be {allowed}, got {str(shown)[:40]!r}")
    out["target"] = check_target(out["target"])
    loadouts = []
    for key in ("dice", "computer_dice"):
        dice = parse_dice(out[key])
        check_six(dice, key)
        cached_turn(dice)  # refuses dice whose turn is unbounded, before a game starts
        out[key] = [d.name for d in dice]
        loadouts.append(dice)
    if all(busts_always(d) for d in loadouts):
        raise InputError("neither side's dice can ever score (every roll busts): the game would never end")
    if out["computer"] == "race-aware":  # the match solve before the first game: within the guard
        check_match_cost(loadouts[0], loadouts[1], out["target"], store=True)
    badges.normalize(out, loadouts[0], loadouts[1])
    return out


def busts_always(dice: tuple[Die, ...]) -> bool:
    """True when no roll of the six dice has a legal selection (every turn busts at once)."""
    t = cached_turn(tuple(dice)).table
    return bool(t.group_start[t.full_state + 1] == t.group_start[t.full_state])


@lru_cache(maxsize=64)
def _dice(names: tuple[str, ...]) -> tuple[Die, ...]:
    return parse_dice(list(names))


def _dice_of(state: State, side: str) -> tuple[Die, ...]:
    return _dice(tuple(state.options["dice" if side == "player" else "computer_dice"]))


def measure_of(options: Mapping[str, Any]) -> Measure:
    """The session's measure: win_chance against the race-aware computer, else expected_points."""
    return "win_chance" if options["computer"] == "race-aware" else "expected_points"


def _match(options: Mapping[str, Any], progress: Progress | None = None) -> MatchSolution:
    """The stored race-aware match solve: player 1 = the player's dice, player 2 = the computer's."""
    return cached_match(_dice(tuple(options["dice"])), _dice(tuple(options["computer_dice"])),
                        int(options["target"]), store=True, progress=progress)


def prepare(options: Mapping[str, Any] | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Solve what the session needs before play (the race-aware match: seconds at 4000, kept in memory)."""
    opts = normalize_options(options)
    for key in ("dice", "computer_dice"):
        cached_turn(_dice(tuple(opts[key])))
    if opts["computer"] == "race-aware":
        _match(opts, progress)
    if badges.in_play(opts):
        badges.solve_badges(opts, progress)
    return opts


def _fresh(side: str) -> dict[str, Any]:
    return {"turn": side, "turn_total": 0, "left": list(range(1, DICE_PER_PLAYER + 1)), "roll": []}


def _start(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's start scores (and, with badges, the headstarts and every use unspent)."""
    if badges.in_play(options):
        return badges.start(options)
    return {"scores": {"player": 0, "computer": 0}}


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A new match from 0-0; `first` rolls first."""
    opts = normalize_options(options)
    seed = parse_seed(seed)
    data = {"game": 1, "starter": opts["first"], **_start(opts), "winner": "", **_fresh(opts["first"])}
    state = State(game=GAME, options=opts, seed=int(seed), draws=0, phase="roll", to_move=opts["first"],
                  data=data, tally={"won": 0, "lost": 0})
    return state.logged(_opening(state))


def _opening(state: State) -> str:
    first = state.data["starter"]
    return (f"game {state.data['game']}: first to {state.options['target']:,} points; "
            f"{'you roll' if first == 'player' else 'the computer rolls'} first "
            f"(computer plays {state.options['computer']})")


def _other(side: str) -> str:
    return "computer" if side == "player" else "player"


def _valuer(state: State, side: str | None = None) -> CoachValuer | RaceValuer:
    """Values for the side to move (or `side`) in the session's measure."""
    side = side or state.to_move
    scores = state.data["scores"]
    own, opp = scores[side], scores[_other(side)]
    if state.options["computer"] == "race-aware":
        return RaceValuer(_match(state.options), 0 if side == "player" else 1, own, opp)
    return CoachValuer(_solved(_dice_of(state, side)), own, int(state.options["target"]))


def _selections(state: State, distinct: bool) -> list[Selection]:
    dice = _dice_of(state, state.to_move)
    # a side's Advantage or Emperor's scores its throws by another table
    extra = badges.combos(state.options, state.to_move) if badges.in_play(state.options) else ()
    if badges.EXTRA in state.data["left"]:  # a throw with the Badge of Might's extra die
        return badges.might_selections(dice, state.data["roll"], state.data["left"], extra, distinct)
    return selections_of(dice, state.data["roll"], state.data["left"], distinct=distinct, combos=extra)


def selections_in(state: State, distinct: bool) -> list[Selection]:
    """The legal selections of the roll in front of the side to move (its badges' scoring and extra die)."""
    return _selections(state, distinct)


def _shown(state: State, side: str) -> tuple[Die, ...]:
    """A side's dice as a throw shows them: the Badge of Might's extra die at position 7."""
    return badges.with_extra(_dice_of(state, side))


@bounded  # the turn table cached_turn keeps, found by the dice (a tuple's hash) without hashing every die; by
# bytes, under the memory budget: a count would keep tables the budget let go
def _solved(dice: tuple[Die, ...]) -> TurnSolution:
    return cached_turn(dice)


def actions(state: State) -> list[dict[str, Any]]:
    """The legal actions of the side to move."""
    if state.over:
        return [{"type": "next"}]
    if state.phase == "roll":
        if badges.in_play(state.options) and badges.might_left(state):
            return [dict(o.action) for o in badges.roll_options(state)]
        return [{"type": "roll"}]
    if badges.in_play(state.options):
        return [dict(o.action) for o in _badge_options(state, distinct=False)]
    valuer = _valuer(state)
    out = []
    for sel in _selections(state, distinct=False):
        reaches = valuer.reaches(state.data["turn_total"] + sel.score)
        for then in (("bank",) if reaches else ("roll", "bank")):
            out.append({"type": "keep", "dice": list(sel.dice_kept), "then": then})
    return out


def advice(state: State) -> Hint:
    """Every option of the side to move, best first, in the session's measure; options carry their action."""
    measure = measure_of(state.options)
    position = {"phase": state.phase, "to_move": state.to_move, "scores": dict(state.data["scores"]),
                "turn_total": state.data["turn_total"], "target": state.options["target"]}
    if state.over:
        return Hint(GAME, position, measure, (Option("next game", 0.0, 0.0, {"type": "next"}),))
    if badges.in_play(state.options) and (state.phase != "roll" or badges.might_left(state)):
        if state.phase == "roll":  # a turn's first throw: with the Badge of Might's extra die or without
            return Hint(GAME, position, measure, tuple(badges.roll_options(state)))
        return _badge_advice(state, position, measure)
    valuer = _valuer(state)
    if state.phase == "roll":
        if isinstance(valuer, RaceValuer):
            value = float((valuer.match.first if valuer.me == 0 else valuer.match.second)[valuer.a, valuer.b])
        else:
            value = valuer.sol.expected_points
        return Hint(GAME, position, measure, (Option("roll", value, 0.0, {"type": "roll"}),))
    dice = _shown(state, state.to_move)
    position["roll"] = [face_text(dice[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"])]
    position["positions"] = list(state.data["left"])
    options = rank_options(_selections(state, distinct=True), state.data["turn_total"], valuer, with_actions=True)
    return Hint(GAME, position, measure, options)


def _badge_advice(state: State, position: dict[str, Any], measure: Measure) -> Hint:
    """advice() with badges in play: every keep with the badges that may be spent, or a bust's choice."""
    dice = _shown(state, state.to_move)
    position["roll"] = [face_text(dice[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"])]
    position["positions"] = list(state.data["left"])
    position["uses"] = {k: list(v) for k, v in state.data["uses"].items()}
    return Hint(GAME, position, measure, tuple(_badge_options(state, distinct=True)))


def _badge_options(state: State, distinct: bool) -> list[Option]:
    """With badges: a bust's choices, or every keep with the badges it may spend and the moves of a badge spent
    after a throw on the throw shown; best first."""
    dice = _dice_of(state, state.to_move)
    if state.phase == "bust":
        return badges.bust_options(state, dice)
    return badges.ranked(badges.spend_options(state, _selections(state, distinct)) +
                         badges.throw_options(state, dice))


def _policy_choice(state: State) -> dict[str, Any]:
    """The computer's play for the side to move: the match optimum or the coaching table (race-blind).

    Ties go to the selection the match solver's kernel would take: options in order of the dice-left
    state, the first of the largest value.
    """
    valuer = _valuer(state)
    total0 = state.data["turn_total"]
    sels = sorted(_selections(state, distinct=True), key=lambda s: (s.state, -s.score))
    best, best_value = sels[0], -1.0  # a roll to select from always has a selection
    for sel in sels:
        level = (total0 + sel.score) // SCORE_UNIT
        if isinstance(valuer, RaceValuer):
            v = 1.0 if valuer.reaches(total0 + sel.score) else float(valuer.w[level, sel.state])
        else:
            v = valuer.sol.value_units(level, sel.state)
        if v > best_value:
            best, best_value = sel, v
    total = total0 + best.score
    level = total // SCORE_UNIT
    if valuer.reaches(total):
        then = "bank"
    elif isinstance(valuer, RaceValuer):
        then = "roll" if float(valuer.w[level, best.state]) > valuer.bank(total) else "bank"
    else:
        then = "roll" if valuer.sol.rolls(level, best.state) else "bank"
    return {"type": "keep", "dice": list(best.dice_kept), "then": then}


def computer_action(state: State) -> dict[str, Any]:
    """The computer's move for the side to move (for the player too: seeded simulations play both sides)."""
    if state.over:
        return {"type": "next"}
    if state.phase == "roll" and not (badges.in_play(state.options) and badges.might_left(state)):
        return {"type": "roll"}
    if badges.in_play(state.options):
        return dict(advice(state).best.action)
    return _policy_choice(state)


def _faces_text(state: State, side: str, faces: Sequence[int], positions: Sequence[int]) -> str:
    dice = _shown(state, side)
    return " ".join(face_text(dice[p - 1], f) for f, p in zip(faces, positions))


def _draw(dice: tuple[Die, ...], positions: Sequence[int], rng: Any) -> list[int]:
    """The faces of the dice at these positions, one uniform draw each."""
    faces = []
    for p, u in zip(positions, rng.random(len(positions))):
        # the face whose cumulative weight first exceeds u * total (faces of weight 0 never come up)
        weights = dice[p - 1].weights
        bar, face = u * sum(weights), 0
        while face < FACES - 1 and (bar >= weights[face] or weights[face] == 0):
            bar -= weights[face]
            face += 1
        faces.append(face + 1)
    return faces


def _roll(state: State, might: bool = False) -> State:
    """Roll the dice left of the side to move (one random draw), with might the Badge of Might's extra die
    too (position 7); a bust passes the turn."""
    side = state.to_move
    left = list(state.data["left"]) + ([badges.EXTRA] if might else [])
    faces = _draw(_shown(state, side), left, random_generator(state))
    data = {**state.data, "roll": faces, "left": left}
    nxt = state.evolve(draws=state.draws + 1, data=data, phase="select")
    who = WHO[side]
    line = f"{who} roll{'s' if side == 'computer' else ''} {len(left) - might} dice" + (
        " and the extra die" if might else "") + f": {_faces_text(state, side, faces, left)}"
    return _thrown(nxt.logged(line))


def _spend_after_throw(state: State, action: Mapping[str, Any]) -> State:
    """A badge spent after a throw: the dice named thrown again (one random draw), or the one die turned into
    the Transmutation's face; then the throw is played (or busts) with the use spent."""
    side, effect = state.to_move, action["badges"][0]
    dice = _dice_of(state, side)
    left, roll = list(state.data["left"]), list(state.data["roll"])
    draws = state.draws
    if effect == "transmutation":
        roll[left.index(action["dice"][0])] = badges.transmutation_face(state.options, side)
    else:
        draws += 1
        for p, face in zip(action["dice"], _draw(dice, action["dice"], random_generator(state))):
            roll[left.index(p)] = face
    data = {**state.data, "roll": roll, "uses": badges.uses_after(state, [effect])}
    nxt = state.evolve(draws=draws, data=data, phase="select")
    before = _faces_text(state, side, [state.data["roll"][left.index(p)] for p in action["dice"]], action["dice"])
    return _thrown(nxt.logged(f"{WHO[side]} spend{'s' if side == 'computer' else ''} the {badges.TITLES[effect]} "
                              f"on {before}: {_faces_text(state, side, roll, left)}"))


def _thrown(nxt: State) -> State:
    """After a throw shows (phase select): a bust stops for a badge that may still save it, else passes."""
    side = nxt.to_move
    who = WHO[side]
    if not _selections(nxt, distinct=True):
        if badges.in_play(nxt.options) and badges.can_save(nxt):
            return nxt.evolve(phase="bust").logged(f"{who} bust{'s' if side == 'computer' else ''}: a badge may "
                                                   "still save the turn")
        lost = nxt.data["turn_total"]
        nxt = nxt.logged(f"{who} bust{'s' if side == 'computer' else ''}" + (f": {lost:,} lost" if lost else "")
                         + f"; {WHO[_other(side)]} to roll")
        return _pass_turn(nxt)
    return nxt


def _pass_turn(state: State) -> State:
    other = _other(state.to_move)
    return state.evolve(phase="roll", to_move=other, data={**state.data, **_fresh(other)})


def _score_line(state: State) -> str:
    s = state.data["scores"]
    return f"you {s['player']:,}, computer {s['computer']:,}"


def step(state: State, action: Mapping[str, Any]) -> State:
    """The state after `action` (pure: the same state and action give the same next state)."""
    action_error(state, action, actions(state))
    kind = action["type"]
    if kind == "next":
        starter = _other(state.data["starter"])
        data = {"game": state.data["game"] + 1, "starter": starter, **_start(state.options), "winner": "",
                **_fresh(starter)}
        nxt = state.restarted().evolve(phase="roll", to_move=starter, data=data)
        return nxt.logged(_opening(nxt))
    if kind == "roll" and action.get("badges"):  # a turn's first throw with the Badge of Might's extra die
        if state.to_move == "player":
            state = _record_choice(state, action)
        state = state.evolve(data={**state.data, "uses": badges.uses_after(state, ["might"])}).logged(
            f"{WHO[state.to_move]} spend{'s' if state.to_move == 'computer' else ''} the Badge of Might")
        return _roll(state, might=True)
    if kind == "roll":
        if state.to_move == "player" and badges.in_play(state.options) and badges.might_left(state):
            state = _record_choice(state, action)  # a Might kept: priced against throwing the extra die
        return _roll(state)
    if kind in ("resurrect", "pass", "badge") and state.to_move == "player":
        state = _record_choice(state, action)
    if kind == "badge":
        return _spend_after_throw(state, action)
    if kind == "resurrect":
        data = {**state.data, "uses": badges.uses_after(state, ["resurrection"]), "roll": []}
        nxt = state.evolve(data=data, phase="roll").logged(
            f"{WHO[state.to_move]} spend{'s' if state.to_move == 'computer' else ''} the Badge of Resurrection")
        return _roll(nxt)
    if kind == "pass":
        lost = state.data["turn_total"]
        return _pass_turn(state.logged(f"{WHO[state.to_move]} let{'s' if state.to_move == 'computer' else ''} the "
                                       "turn go" + (f": {lost:,} lost" if lost else "")))
    return _keep(state, action)


def _keep(state: State, action: Mapping[str, Any]) -> State:
    side = state.to_move
    who = WHO[side]
    sels = {tuple(s.dice_kept): s for s in _selections(state, distinct=False)}
    sel = sels[tuple(action["dice"])]
    then = action["then"]
    spent = list(action.get("badges", ()))
    if side == "player":
        state = _record(state, sel, then, action)
    if spent:
        state = state.evolve(data={**state.data, "uses": badges.uses_after(state, spent)}).logged(
            f"{who} spend{'s' if side == 'computer' else ''} " + " and ".join(badges.TITLES[e] for e in spent))
    gained = 2 * sel.score if "doppelganger" in spent else sel.score
    total = state.data["turn_total"] + gained
    if then == "bank" and "warlord" in spent:  # the bonus rounded down to a multiple of 50, as the solve
        total = total // SCORE_UNIT * (100 + badges.warlord_percent(state.options, side)) // 100 * SCORE_UNIT
    scores = dict(state.data["scores"])
    target = int(state.options["target"])
    keeps = f"{who} keep{'s' if side == 'computer' else ''} {' '.join(sel.keep_text)} ({sel.score:,})"
    if scores[side] + total >= target:
        scores[side] += total
        tally = dict(state.tally)
        tally["won" if side == "player" else "lost"] += 1
        data = {**state.data, "scores": scores, "winner": side, "turn_total": total, "roll": []}
        nxt = state.evolve(phase="over", to_move="", data=data, tally=tally)
        return nxt.logged(f"{keeps}, reaching {scores[side]:,}: {'you win' if side == 'player' else 'computer wins'}"
                          f" ({_score_line(nxt)})")
    if then == "bank":
        scores[side] += total
        nxt = state.evolve(data={**state.data, "scores": scores})
        nxt = nxt.logged(f"{keeps} and bank{'s' if side == 'computer' else ''} {total:,} ({_score_line(nxt)})")
        return _pass_turn(nxt)
    data = {**state.data, "turn_total": total, "left": list(sel.dice_left), "roll": []}
    nxt = state.evolve(data=data).logged(
        f"{keeps}, turn total {total:,}" + (", hot dice" if sel.hot_dice else "") + ", rolling on")
    return _roll(nxt, might="might" in spent)


def _record(state: State, sel: Selection, then: str, action: Mapping[str, Any]) -> State:
    """Add the player's decision, scored against the best option of the same hint."""
    hint = advice(state)
    if badges.in_play(state.options):
        value = next(o.value for o in badges.spend_options(state, [sel]) if o.action == action)
    else:
        valuer = _valuer(state)
        total = state.data["turn_total"] + sel.score
        value = valuer.roll(total, sel.state) if then == "roll" else valuer.bank(total)
    best = hint.best
    dice = _shown(state, "player")
    roll = " ".join(face_text(dice[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"]))
    position = f"roll {roll} at turn total {state.data['turn_total']:,} ({_score_line(state)})"
    chosen = option_text(sel.keep_text, then)
    if badges.in_play(state.options):  # the keep as the coach says it, naming the badges it spends
        chosen = next((o.option for o in hint.options if o.action == action), chosen)
    decision = Decision(position=position, chosen=chosen, best=best.option, loss=max(0.0, best.value - value),
                        measure=hint.measure)
    return state.evolve(decisions=(*state.decisions, decision))


def _record_choice(state: State, action: Mapping[str, Any]) -> State:
    """Add the player's choice after a bust (throw again with the Resurrection, or not) or a badge spent after
    a throw, priced as a keep is: a badge spent badly costs what the best play would have won."""
    hint = advice(state)
    chosen = next(o for o in hint.options if to_jsonable(o.action) == to_jsonable(action))
    what = "bust" if state.phase == "bust" else "throw"
    position = f"{what} at turn total {state.data['turn_total']:,} ({_score_line(state)})"
    decision = Decision(position=position, chosen=chosen.option, best=hint.best.option, loss=chosen.loss,
                        measure=hint.measure)
    return state.evolve(decisions=(*state.decisions, decision))


def parse_action(state: State, text: str) -> dict[str, Any]:
    """What the player typed: Enter or r to roll; faces to keep (J for a joker, or p3 for the die at position
    3) then r to roll on (the default) or b to bank, e.g. '1 5 b'; n for the next game."""
    words = text.replace(",", " ").lower().split()
    if state.over:
        if words in ([], ["n"], ["next"]):
            return {"type": "next"}
        raise InputError("the game is over: n starts another")
    if state.phase == "roll":
        if words in ([], ["r"], ["roll"]):
            return {"type": "roll"}
        if words == ["m"] and {"type": "roll", "badges": ["might"]} in actions(state):
            return {"type": "roll", "badges": ["might"]}
        raise InputError("roll the dice first: press Enter or r (m: with the Badge of Might's extra die)")
    if words and words[0] == "t":
        return _badge_action(state, words[1:])
    if state.phase == "bust":
        if words in ([], ["r"], ["resurrect"]):
            return {"type": "resurrect"}
        if words in (["p"], ["pass"]):
            return {"type": "pass"}
        raise InputError("r throws the same dice again (Badge of Resurrection), t 4 6 spends a badge on the 4 "
                         "and the 6, p lets the turn go")
    spent = [effect for word, effect in (("d", "doppelganger"), ("w", "warlord"), ("m", "might")) if word in words]
    words = [w for w in words if w not in ("d", "w", "m")]
    if "warlord" in spent:
        words.append("b")
    then = "roll"
    if words and words[-1] in ("r", "roll", "b", "bank"):
        then = "bank" if words.pop()[0] == "b" else "roll"
    if not words:
        raise InputError("say which dice to keep, e.g. '1 5' (then r to roll on or b to bank)")
    valuer = _valuer(state)
    dice = _shown(state, state.to_move)
    shown = {p: face_text(dice[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"])}
    cands = []
    if all(w.startswith("p") for w in words):
        try:
            wanted = tuple(sorted(int(w[1:]) for w in words))
        except ValueError:
            raise InputError(f"positions are written p1 .. p6, got {text!r}") from None
        cands = [s for s in _selections(state, distinct=False) if tuple(sorted(s.dice_kept)) == wanted]
    else:
        wanted_faces = sorted(w.upper() for w in words)
        cands = [s for s in _selections(state, distinct=False) if sorted(s.keep) == wanted_faces]
    if not cands:
        raise InputError(f"no legal selection keeps {' '.join(words)}; the roll shows "
                         f"{' '.join(shown[p] for p in state.data['left'])}")

    def worth(sel: Selection) -> float:
        total = state.data["turn_total"] + sel.score
        if then == "roll" and not valuer.reaches(total):
            return valuer.roll(total, sel.state)
        return valuer.bank(total)

    # several dice may show a face: with unlike dice keep the ones that leave the best dice behind
    best = max(cands, key=worth)
    total = state.data["turn_total"] + best.score
    action = {"type": "keep", "dice": list(best.dice_kept), "then": "bank" if valuer.reaches(total) else then}
    if spent:  # badges: the legal keep of these dice spending them (its then as the solve allows)
        legal = [a for a in actions(state) if a["dice"] == action["dice"] and sorted(a.get("badges", [])) == sorted(spent)]
        if not legal:
            raise InputError("that badge is not yours to spend now (no use left, or the Warlord's only banks)")
        action = next((a for a in legal if a["then"] == then), legal[0])
    return action


def _badge_action(state: State, words: list[str]) -> dict[str, Any]:
    """'t 4 6' (or 't p2 p5'): the badge spent after a throw on the dice showing these faces (at these
    positions): re-roll them, or turn the one die."""
    legal = [a for a in actions(state) if a["type"] == "badge"]
    if not legal:
        raise InputError("no badge to spend on this throw (t is for Fortune, Transmutation, Swap-Out, Wedding)")
    dice = _shown(state, state.to_move)
    shown = {p: face_text(dice[p - 1], f) for f, p in zip(state.data["roll"], state.data["left"])}
    for a in legal:
        if all(w.startswith("p") for w in words) and words and [f"p{p}" for p in a["dice"]] == sorted(words):
            return a
        if sorted(shown[p].upper() for p in a["dice"]) == sorted(w.upper() for w in words):
            return a
    raise InputError(f"the badge cannot act on {' '.join(words) or 'no dice'}; it can on: "
                     + "; ".join(" ".join(shown[p] for p in a["dice"]) for a in legal))
