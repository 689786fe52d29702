"""Pig's hint: roll and hold ranked by the expected points the turn banks (exact fractions)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from holdwise import InputError
from holdwise.games.base import Hint, HintField, Option, Progress, Request, fraction_text

from .rules import DEFAULT_TARGET, GAME, parse_points, parse_target
from .solve import roll_value, turn_values

__all__ = ["HINT_FIELDS", "MEASURE", "HintRequest", "hint", "parse_hint"]

MEASURE = "expected_points"

HINT_FIELDS = (
    HintField("score", "Your banked points.", example=0, default=0),
    HintField("turn_total", "Points on the table this turn.", example=20, default=0),
    HintField("target", "The points that win.", example=100, default=DEFAULT_TARGET),
)


@dataclass(frozen=True)
class HintRequest(Request):
    """A Pig position, read and checked: the banked score, the turn total, the target."""

    score: int = 0
    turn_total: int = 0
    target: int = DEFAULT_TARGET


def parse_hint(fields: Mapping[str, object]) -> HintRequest:
    """A position from its fields (`score`, `turn_total`, `target`), each error naming its field."""
    unknown = sorted(set(fields) - {f.name for f in HINT_FIELDS})
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; known: {', '.join(f.name for f in HINT_FIELDS)}")
    target = parse_target(fields.get("target", DEFAULT_TARGET))
    score = parse_points(fields.get("score", 0), "score", target)
    return HintRequest(score, parse_points(fields.get("turn_total", 0), "turn_total", target - score), target)


def hint(request: HintRequest, *, progress: Progress | None = None) -> Hint:
    """Roll and hold (hold only with points to bank) at the request's position, best first.

    A tie goes to hold: the same points without the risk.
    """
    score, turn_total, target = request.score, request.turn_total, request.target
    values = turn_values(target - score)
    worth = {"roll": roll_value(values, turn_total)}
    if turn_total:
        worth["hold"] = Fraction(turn_total)
    ranked = sorted(worth, key=lambda name: (-worth[name], name != "hold"))
    best = worth[ranked[0]]
    options = tuple(Option(option=name, value=float(worth[name]), loss=float(best - worth[name]),
                           action={"type": name}, value_exact=fraction_text(worth[name]),
                           loss_exact=fraction_text(best - worth[name]))
                    for name in ranked)
    return Hint(game=GAME, position=request.to_json(), measure=MEASURE, options=options)
