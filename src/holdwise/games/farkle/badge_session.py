"""Badges at the practice table: the session's options, uses left, legal spends and their win chances.

The play session (`session.py`) calls here when either side brings badges (options `badges`, `computer_badges`:
slugs as `badges.parse_badges` reads them; the race-aware computer only). The state's data then holds
`uses`: per side, the unspent uses of Warlord, Doppelganger and Resurrection. A keep may spend badges
(`"badges": ["doppelganger"]` doubles the selection, `["warlord"]` raises a bank); a bust with a Resurrection
left stops in phase "bust" ({"type": "resurrect"} throws the same dice again, {"type": "pass"} lets the turn
go). Every choice is priced in win chance from the stored badge match (`badge_coach.BadgeValuer`).
A Badge of Might (the 5th use, after the 4th of a badge spent after a throw) is spent on a throw: {"type":
"roll", "badges": ["might"]} at a turn's start, or a keep rolling on with `["might"]`; the throw then shows
the extra die at position 7 (`EXTRA`), an ordinary die that leaves after the keep (`might_selections`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from ...errors import InputError
from ..base import Option, Progress, State
from .badge_coach import TITLES, BadgeValuer
from .badge_match import AFTER, LAYER_COST, MIGHT, BadgeMatch, Layer, badge_layers, solve_badge_match
from .badges import MIGHT_DIE, SPENT_IN_TURN, Loadout, loadout, parse_badges
from .hints import Selection, option_text
from .parsing import parse_dice
from .roll_table import weights7
from .rules import (DICE_PER_PLAYER, JOKER, JOKER_SYMBOL, NAMED_DICE, SCORE_UNIT, Combos, Die, die_title, roll_counts,
                    score_with)
from .stored import cached_turn, check_match_cost

__all__ = ["EXTRA", "TITLES", "bust_options", "might_left", "might_selections", "roll_options", "with_extra", "can_save", "combos", "in_play", "normalize", "ranked", "badges_ready", "solve_badges",
           "spend_options", "start", "throw_options", "transmutation_face", "uses_after", "warlord_percent"]

SIDES = ("player", "computer")
EXTRA = DICE_PER_PLAYER + 1  # the position of the Badge of Might's extra die in a throw
EXTRA_WORDS = "(the last one the extra die)"  # after a keep's faces that set the extra die aside, it last


def in_play(options: Mapping[str, Any]) -> bool:
    """Does either side bring a badge?"""
    return bool(options.get("badges") or options.get("computer_badges"))


def normalize(out: dict[str, Any], dice: tuple[Die, ...], computer_dice: tuple[Die, ...]) -> None:
    """Check the badge options in place: slugs, the race-aware computer, the solve within the guard."""
    for key in ("badges", "computer_badges"):
        value = out.get(key) or []
        text = value if isinstance(value, str) else ",".join(str(v) for v in value)
        out[key] = [b.slug for b in parse_badges(text)]
    if not in_play(out):  # no badge: the options are those of a session without badges
        del out["badges"], out["computer_badges"]
        return
    if out["computer"] != "race-aware":
        raise InputError("badges are played against the race-aware computer (the coaching table knows none)")
    mine, theirs = _badges(out)
    if max(loadout(mine, theirs).start, loadout(theirs, mine).start) * SCORE_UNIT >= out["target"]:
        raise InputError("a headstart must be below the target")
    layers = badge_layers(mine, theirs)
    check_match_cost(dice, computer_dice, out["target"], solves=layers * LAYER_COST, store=True)


def _badges(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return parse_badges(",".join(options["badges"])), parse_badges(",".join(options["computer_badges"]))


def _loadouts(options: Mapping[str, Any]) -> tuple[Loadout, Loadout]:
    mine, theirs = _badges(options)
    return loadout(mine, theirs), loadout(theirs, mine)


def start(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's start: the scores (headstarts) and every use unspent (with a badge spent after a throw in
    play, its uses are a 4th entry of each side's, and `after` names each side's such badge)."""
    l1, l2 = _loadouts(options)
    faces = l1.after[2] > 0 or l2.after[2] > 0
    might = l1.might > 0 or l2.might > 0  # the Might's uses are a 5th entry (the 4th then there, maybe 0)
    out: dict[str, Any] = {"scores": {"player": l1.start * SCORE_UNIT, "computer": l2.start * SCORE_UNIT},
                           "uses": {side: [*lo.uses, *([lo.after[2]] if faces or might else []),
                                           *([lo.might] if might else [])]
                                    for side, lo in zip(SIDES, (l1, l2))}}
    if faces:
        out["after"] = {side: lo.after[0] if lo.after[2] else "" for side, lo in zip(SIDES, (l1, l2))}
    return out


def transmutation_face(options: Mapping[str, Any], side: str) -> int:
    """The face a side's Badge of Transmutation turns a die into."""
    return _loadouts(options)[SIDES.index(side)].after[1]


def combos(options: Mapping[str, Any], side: str) -> Combos:
    """The extra combinations a side's throws score (its Advantages and Emperor's after the other's Defence)."""
    return _loadouts(options)[SIDES.index(side)].combos


def can_save(state: State) -> bool:
    """May the side to move still do something about a bust (a Resurrection or a badge spent after a throw)?"""
    uses = state.data["uses"][state.to_move]
    return uses[2] > 0 or len(uses) > 3 and uses[3] > 0


def ranked(options: list[Option]) -> list[Option]:
    """Options best first (a tie keeps the badges), each its loss against the best."""
    options = sorted(options, key=lambda o: (-o.value, len(o.action.get("badges", ())) + (
        o.action["type"] == "resurrect")))
    best = options[0].value
    return [Option(o.option, o.value, best - o.value, o.action) for o in options]


def throw_options(state: State, dice: tuple[Die, ...]) -> list[Option]:
    """The moves of the side's badge spent after a throw (Fortune, Transmutation, Swap-Out, Wedding) on the
    throw shown, each in win chance (`badge_faces.throw_moves`, priced in the layer with the use spent); none
    without a use left. The action: {"type": "badge", "dice": positions acted on, "badges": [effect]}."""
    from .badge_faces import faces_of, throw_moves  # the faces model only where such a badge is in play

    side, layer = state.to_move, _layer(state)
    me = SIDES.index(side)
    if len(layer[me]) <= AFTER or layer[me][AFTER] == 0:
        return []
    match, v = solve_badges(state.options), _valuer(state)
    lo, table = match.loadouts[me], match.turns[me].table
    fx = faces_of(table, lo.combos)
    index = {t.weights7: i for i, t in enumerate(table.types)}
    left = list(state.data["left"])
    kinds = [index[weights7(dice[p - 1])] for p in left]
    faces = [JOKER if f in dice[p - 1].joker_faces else f for f, p in zip(state.data["roll"], left)]
    shown = tuple(tuple(sum(1 for k, f in zip(kinds, faces) if k == i and f == face) for face in range(1, 8))
                  for i in range(len(table.types)))
    t = state.data["turn_total"] // SCORE_UNIT
    low = v.lower(layer, AFTER)
    assert low is not None

    def play(o: int) -> float:
        """The best keep of outcome o in the layer with the use spent (its bust if none)."""
        opts = range(fx.opt_start[o], fx.opt_start[o + 1])
        if not opts:
            return v.busted(low)
        return max(1.0 if v.a + t + int(fx.opt_units[k]) >= v.g else
                   v.held(low, t + int(fx.opt_units[k]), int(fx.opt_state[k])) for k in opts)

    out = []
    for what, reached, acted in throw_moves(table, lo.combos, lo.after[0], lo.after[1],
                                            fx.index[_state_of(dice, left), shown]):
        positions: list[int] = []
        for i, ms in enumerate(acted):  # the first dice of each type showing the faces acted on
            for face, c in enumerate(ms, start=1):
                positions += [p for p, k, f in zip(left, kinds, faces) if k == i and f == face][:c]
        action = {"type": "badge", "dice": sorted(positions), "badges": [lo.after[0]]}
        out.append(Option(f"{what} ({TITLES[lo.after[0]]})", sum(p * play(o) for o, p in reached), 0.0, action))
    return out


_KEEP = 2  # a stored badge match is 100s of MB at 4,000: the session's own, and one more
_SOLVED: dict[tuple[Any, ...], BadgeMatch] = {}
_LOCK = threading.Lock()


def _key(options: Mapping[str, Any]) -> tuple[Any, ...]:
    return (tuple(parse_dice(list(options["dice"]))), tuple(parse_dice(list(options["computer_dice"]))),
            int(options["target"]), ",".join(options["badges"]), ",".join(options["computer_badges"]))


def badges_ready(options: Mapping[str, Any]) -> bool:
    """Is the session's badge match solved and in memory here?"""
    with _LOCK:
        return _key(options) in _SOLVED


def solve_badges(options: Mapping[str, Any], progress: Progress | None = None) -> BadgeMatch:
    """The session's stored badge match (player 1: the player), solved once (progress(done, total): score pairs
    over every layer; the web runs it as a background job, `web/farkle.py`)."""
    key = _key(options)
    with _LOCK:
        if key in _SOLVED:
            return _SOLVED[key]
    dice, other, target, mine, theirs = key
    match = solve_badge_match(dice, other, target, parse_badges(mine), parse_badges(theirs), store=True,
                              turns=(cached_turn(dice), cached_turn(other)), progress=progress)
    with _LOCK:
        _SOLVED[key] = match
        for old in list(_SOLVED)[:-_KEEP]:
            del _SOLVED[old]
    return match


def warlord_percent(options: Mapping[str, Any], side: str) -> int:
    """The Warlord's bonus (percent) of a side's loadout after the other side's Defence."""
    mine, theirs = _badges(options)
    if side == "computer":
        mine, theirs = theirs, mine
    return loadout(mine, theirs).warlord_percent


def _layer(state: State) -> Layer:
    uses = state.data["uses"]
    return tuple(uses["player"]), tuple(uses["computer"])


def _valuer(state: State) -> BadgeValuer:
    side = state.to_move
    scores = state.data["scores"]
    other = "computer" if side == "player" else "player"
    return BadgeValuer(solve_badges(state.options), SIDES.index(side), scores[side] // SCORE_UNIT,
                       scores[other] // SCORE_UNIT)


def uses_after(state: State, spent: list[str]) -> dict[str, list[int]]:
    """The uses of both sides once the side to move spends `spent`."""
    uses = {k: list(v) for k, v in state.data["uses"].items()}
    for effect in spent:  # a badge spent after a throw is the 4th entry, a Might the 5th
        where = SPENT_IN_TURN.index(effect) if effect in SPENT_IN_TURN else MIGHT if effect == "might" else AFTER
        uses[state.to_move][where] -= 1
    return uses


def spend_options(state: State, selections: list[Selection]) -> list[Option]:
    """Every keep (each selection, roll on or bank) with and without the badges the side may spend, best
    first, in win chance; the action of a keep spending badges carries `badges`."""
    v = _valuer(state)
    layer = _layer(state)
    t0 = state.data["turn_total"] // SCORE_UNIT
    rows: list[tuple[float, int, str, dict[str, Any]]] = []
    mighty = v.lower(layer, MIGHT) if might_left(state) else None
    for sel in selections:
        units = sel.score // SCORE_UNIT
        for doubled in (False, True):
            lay = v.lower(layer, 1) if doubled else layer
            if lay is None:
                continue
            level = t0 + (2 * units if doubled else units)
            spent = ["doppelganger"] if doubled else []
            keep = list(sel.keep_text) + (["(doubled)"] if doubled else [])
            action: dict[str, Any] = {"type": "keep", "dice": list(sel.dice_kept), "then": "bank"}
            if v.a + level >= v.g:
                rows.append((1.0, level, option_text(keep, "bank"), {**action, **_spent(spent)}))
                continue
            if mighty is None:
                rows.append((v.roll(lay, level, sel.state), level, option_text(keep, "roll"),
                             {**action, "then": "roll", **_spent(spent)}))
            else:  # rolling on is a throw without the extra die or one with it
                rows.append((v.throw(lay, level, sel.state), level, option_text(keep, "roll"),
                             {**action, "then": "roll", **_spent(spent)}))
                rows.append((v.throw(mighty, level, sel.state, might=True), level,
                             option_text(keep, "roll") + " with the extra die",
                             {**action, "then": "roll", **_spent([*spent, "might"])}))
            rows.append((v.bank(lay, level), level, option_text(keep, "bank"), {**action, **_spent(spent)}))
            war = v.warlord_bank(lay, level)
            if war is not None:
                rows.append((war, level, option_text(keep, "bank") + " with the Warlord's bonus",
                             {**action, **_spent([*spent, "warlord"])}))
    rows.sort(key=lambda r: (-r[0], len(r[3].get("badges", ())), -r[1]))  # a tie keeps the badges
    best = rows[0][0]
    return [Option(text, value, best - value, action) for value, _, text, action in rows]


def _spent(spent: list[str]) -> dict[str, Any]:
    return {"badges": spent} if spent else {}


def bust_options(state: State, dice: tuple[Die, ...]) -> list[Option]:
    """After a bust with a Resurrection or a badge spent after a throw left: throw the same dice again, spend
    the badge on the throw, or let the turn go; best first."""
    v = _valuer(state)
    layer = _layer(state)
    options = [Option("let the turn go", v.busted(layer), 0.0, {"type": "pass"})]
    low = v.lower(layer, 2)
    if low is not None:
        again = v.roll(low, state.data["turn_total"] // SCORE_UNIT, _state_of(dice, state.data["left"]))
        options.append(Option("throw the same dice again (Badge of Resurrection)", again, 0.0,
                              {"type": "resurrect"}))
    return ranked(options + throw_options(state, dice))


def _state_of(dice: tuple[Die, ...], positions: list[int]) -> int:
    """The turn table's state of the dice at these positions."""
    table = cached_turn(dice).table
    index = {t.weights7: i for i, t in enumerate(table.types)}
    counts = [0] * len(table.types)
    for p in positions:
        counts[index[weights7(dice[p - 1])]] += 1
    return int(table.state_of(counts))


def with_extra(dice: tuple[Die, ...]) -> tuple[Die, ...]:
    """A side's dice and the Badge of Might's extra die (position EXTRA)."""
    return (*dice, NAMED_DICE[MIGHT_DIE])


def might_left(state: State) -> bool:
    """Has the side to move a Badge of Might's use left?"""
    uses = state.data.get("uses", {}).get(state.to_move, [])
    return len(uses) > MIGHT and uses[MIGHT] > 0


def roll_options(state: State) -> list[Option]:
    """A turn's first throw with a Might left: without the extra die or with it, best first, in win chance."""
    v, layer = _valuer(state), _layer(state)
    full = cached_turn(_dice_of(state)).table.full_state
    options = [Option("roll", v.throw(layer, 0, full), 0.0, {"type": "roll"})]
    low = v.lower(layer, MIGHT)
    if low is not None:
        options.append(Option("roll with the extra die (Badge of Might)", v.throw(low, 0, full, might=True), 0.0,
                              {"type": "roll", "badges": ["might"]}))
    return ranked(options)


def _dice_of(state: State) -> tuple[Die, ...]:
    return parse_dice(list(state.options["dice" if state.to_move == "player" else "computer_dice"]))


def might_selections(dice: tuple[Die, ...], faces: list[int], positions: list[int], combos: Combos,
                     distinct: bool) -> list[Selection]:
    """The legal selections of a throw with the Badge of Might's extra die (at position EXTRA): 1 to 6 of the
    dice shown that score; the dice left are the side's own not set aside (none: hot dice), the extra die
    leaving either way. A keep that sets the extra die aside says so after its faces (EXTRA_WORDS)."""
    table = cached_turn(dice).table
    seven = with_extra(dice)
    index = {t.weights7: i for i, t in enumerate(table.types)}
    shown = [JOKER if f in seven[p - 1].joker_faces else f for f, p in zip(faces, positions)]
    out, seen = [], set()
    n = len(positions)
    unlike = len({d.name for d in dice}) > 1
    for mask in range(1, 2**n):
        held = [i for i in range(n) if mask >> i & 1]
        if len(held) > DICE_PER_PLAYER:
            continue
        points = score_with(roll_counts([shown[i] for i in held]), combos)
        if points <= 0:
            continue
        left = tuple(p for i, p in enumerate(positions) if not mask >> i & 1 and p != EXTRA)
        counts = [0] * len(table.types)
        for p in left:
            counts[index[weights7(dice[p - 1])]] += 1
        state = table.state_of(counts) if left else table.full_state
        extra = [i for i in held if positions[i] == EXTRA]
        said = [face for _, face in sorted((shown[i], _named(seven[positions[i] - 1], shown[i], unlike))
                                           for i in held if i not in extra)]
        said += [str(shown[i]) for i in extra] + ([EXTRA_WORDS] if extra else [])
        if distinct and (tuple(said), state) in seen:
            continue
        seen.add((tuple(said), state))
        kept = tuple(positions[i] for i in held)
        keep = tuple(sorted(JOKER_SYMBOL if shown[i] == JOKER else str(shown[i]) for i in held))
        out.append(Selection(keep, kept, points, left if left else tuple(range(1, DICE_PER_PLAYER + 1)), state,
                             not left, tuple(said)))
    return out


def _named(die: Die, face: int, unlike: bool) -> str:
    """A kept face as said: with unlike dice, a die that is no ordinary die named after it (as `hints` says)."""
    text = JOKER_SYMBOL if face == JOKER else str(face)
    return f"{text} ({die_title(die)})" if unlike and die.name != MIGHT_DIE else text
