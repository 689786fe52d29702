"""Badges at the practice table: the session's options, uses left, legal spends and their win chances.

The play session (`session.py`) calls here when either side brings badges (options `badges`, `computer_badges`:
slugs as `badges.parse_badges` reads them; the race-aware computer only). The state's data then holds
`uses`: per side, the unspent uses of Warlord, Doppelganger and Resurrection. A keep may spend badges
(`"badges": ["doppelganger"]` doubles the selection, `["warlord"]` raises a bank); a bust with a Resurrection
left stops in phase "bust" ({"type": "resurrect"} throws the same dice again, {"type": "pass"} lets the turn
go). Every choice is priced in win chance from the stored badge match (`badge_coach.BadgeValuer`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...errors import InputError
from ..base import Option, Progress, State
from .badge_coach import TITLES, BadgeValuer
from .badge_match import LAYER_COST, BadgeMatch, Layer, badge_layers, solve_badge_match
from .badges import SPENT_IN_TURN, loadout, parse_badges
from .hints import Selection, option_text
from .parsing import parse_dice
from .roll_table import weights7
from .rules import SCORE_UNIT, Die
from .stored import cached_turn, check_match_cost

__all__ = ["TITLES", "bust_options", "in_play", "normalize", "solve", "spend_options", "start", "uses_after",
           "warlord_percent"]

SIDES = ("player", "computer")


def in_play(options: Mapping[str, Any]) -> bool:
    """Does either side bring a badge?"""
    return bool(options.get("badges") or options.get("computer_badges"))


TABLE_LATER = ("fortune", "transmutation", "swap-out", "wedding", "advantage", "emperor")


def normalize(out: dict[str, Any], dice: tuple[Die, ...], computer_dice: tuple[Die, ...]) -> None:
    """Check the badge options in place: slugs, the race-aware computer, the solve within the guard."""
    for key in ("badges", "computer_badges"):
        value = out.get(key) or []
        text = value if isinstance(value, str) else ",".join(str(v) for v in value)
        brought = parse_badges(text)
        for b in brought:
            if b.effect in TABLE_LATER:
                # the table's keeps, spends and replay know the three in-turn badges; these are solved and
                # coached (`farkle match`) but not played here yet
                raise InputError(f"the {b.title} is not at the practice table yet (farkle match solves it)")
        out[key] = [b.slug for b in brought]
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


def start(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's start: the scores (headstarts) and every use unspent."""
    mine, theirs = _badges(options)
    l1, l2 = loadout(mine, theirs), loadout(theirs, mine)
    return {"scores": {"player": l1.start * SCORE_UNIT, "computer": l2.start * SCORE_UNIT},
            "uses": {"player": list(l1.uses), "computer": list(l2.uses)}}


@lru_cache(maxsize=2)  # a stored badge match is 100s of MB at 4,000: the session's own, and one more
def _solved(dice: tuple[Die, ...], other: tuple[Die, ...], target: int, mine: str, theirs: str) -> BadgeMatch:
    return solve_badge_match(dice, other, target, parse_badges(mine), parse_badges(theirs), store=True,
                             turns=(cached_turn(dice), cached_turn(other)))


def solve(options: Mapping[str, Any], progress: Progress | None = None) -> BadgeMatch:
    """The session's stored badge match (player 1: the player)."""
    del progress  # the solve is told as one step: the layers run in seconds
    return _solved(tuple(parse_dice(list(options["dice"]))), tuple(parse_dice(list(options["computer_dice"]))),
                   int(options["target"]), ",".join(options["badges"]), ",".join(options["computer_badges"]))


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
    return BadgeValuer(solve(state.options), SIDES.index(side), scores[side] // SCORE_UNIT,
                       scores[other] // SCORE_UNIT)


def uses_after(state: State, spent: list[str]) -> dict[str, list[int]]:
    """The uses of both sides once the side to move spends `spent`."""
    uses = {k: list(v) for k, v in state.data["uses"].items()}
    for effect in spent:
        uses[state.to_move][SPENT_IN_TURN.index(effect)] -= 1
    return uses


def spend_options(state: State, selections: list[Selection]) -> list[Option]:
    """Every keep (each selection, roll on or bank) with and without the badges the side may spend, best
    first, in win chance; the action of a keep spending badges carries `badges`."""
    v = _valuer(state)
    layer = _layer(state)
    t0 = state.data["turn_total"] // SCORE_UNIT
    rows: list[tuple[float, int, str, dict[str, Any]]] = []
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
            rows.append((v.roll(lay, level, sel.state), level, option_text(keep, "roll"),
                         {**action, "then": "roll", **_spent(spent)}))
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
    """After a bust with a Resurrection left: throw the same dice again, or let the turn go; best first."""
    v = _valuer(state)
    layer = _layer(state)
    lost = v.busted(layer)
    low = v.lower(layer, 2)
    again = v.roll(low, state.data["turn_total"] // SCORE_UNIT, _state_of(dice, state.data["left"])) \
        if low is not None else -1.0
    rows = [(again, "throw the same dice again (Badge of Resurrection)", {"type": "resurrect"}),
            (lost, "let the turn go", {"type": "pass"})]
    rows.sort(key=lambda r: (-r[0], r[2]["type"] == "resurrect"))
    best = rows[0][0]
    return [Option(text, value, best - value, action) for value, text, action in rows if value >= 0.0]


def _state_of(dice: tuple[Die, ...], positions: list[int]) -> int:
    """The turn table's state of the dice at these positions."""
    table = cached_turn(dice).table
    index = {t.weights7: i for i, t in enumerate(table.types)}
    counts = [0] * len(table.types)
    for p in positions:
        counts[index[weights7(dice[p - 1])]] += 1
    return int(table.state_of(counts))
