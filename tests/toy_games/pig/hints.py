"""Pig's hint: roll and hold ranked by the expected points the turn banks (exact fractions)."""

from __future__ import annotations

from fractions import Fraction

from holdwise.games.base import Hint, Option, fraction_text

from .rules import DEFAULT_TARGET, GAME, parse_points, parse_target
from .solve import roll_value, turn_values

__all__ = ["MEASURE", "hint"]

MEASURE = "expected_points"


def hint(score: int, turn_total: int = 0, target: int = DEFAULT_TARGET) -> Hint:
    """Roll and hold (hold only with points to bank) at `score` with `turn_total` on the table, best first.

    A tie goes to hold: the same points without the risk.
    """
    target = parse_target(target)
    score = parse_points(score, "score", target)
    turn_total = parse_points(turn_total, "turn_total", target - score)
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
    return Hint(game=GAME, position={"score": score, "turn_total": turn_total, "target": target},
                measure=MEASURE, options=options)
