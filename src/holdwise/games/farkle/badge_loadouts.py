"""The loadout search weighing a badge beside the dice: the leading sets of the race-aware ranking (the rows the
search lists) solved again with the badge, one badge match each, ranked by the win chance with it, each with
what the badge adds.

The badge is player 1's in each solve (the set's), the opponent brings none; one solve gives both the chance
moving first and moving second (the opponent's start value in the same layers). A set outside the plain
ranking's leaders is not weighed: `top` says how many are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from ..inputs import fault
from .badge_match import LAYER_COST, badge_layers, solve_badge_match
from .badges import Badge, loadout
from .parsing import parse_dice
from .stored import cached_turn, check_match_cost

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..base import Progress
    from .rules import Die

__all__ = ["badge_win", "check_badge_before", "check_badge_search", "weigh_badge"]


def check_badge_search(leaders: Sequence[Sequence[Die]], other: Sequence[Die], target: int, badge: Badge) -> None:
    """Refuse, in the one line of the match's guard, the badge solves of these leading sets against `other`:
    every set counted as the costliest, each solve as its layers (`badge_match.badge_layers`) of LAYER_COST."""
    if not leaders:
        return
    if not loadout((badge,)).any:
        raise fault("badge", f"the {badge.title} changes nothing against an opponent without badges: weigh another")
    weight = badge_layers((badge,), ())
    costliest = max(leaders, key=lambda dice: cached_turn(tuple(dice)).table.n_states)  # the largest turn table
    check_match_cost(tuple(costliest), tuple(other), target, solves=weight * LAYER_COST * len(leaders))


def check_badge_before(other: tuple[Die, ...] | None, target: int, top: int, badge: Badge) -> None:
    """Refuse a badge without an opponent, and its solves beyond the guard before the search (each of the `top`
    leaders counted at its cheapest: as the opponent's dice)."""
    if other is None:
        raise fault("badge", "a badge is weighed in a match: name the opponent's dice too")
    check_badge_search([other] * top, other, target, badge)


def badge_win(dice: Sequence[Die], other: Sequence[Die], target: int, badge: Badge) -> tuple[float, float]:
    """The set's win chance with the badge against `other` (no badge) moving first and moving second."""
    mine, theirs = tuple(dice), tuple(other)
    solve = solve_badge_match(mine, theirs, target, badges1=(badge,), turns=(cached_turn(mine), cached_turn(theirs)))
    top = solve.top
    s1, s2 = solve.loadouts[0].start, solve.loadouts[1].start
    # the opponent moving first at (its start, the set's start): its start value in the same layer
    return solve.start_win, 1.0 - float(solve.second[top][s2, s1])


def weigh_badge(ranking: Any, badge: Badge, progress: Progress | None = None) -> Any:
    """An `analysis.LoadoutRanking` (not imported: analysis calls here) against an opponent: its rows solved again with the badge and ranked by the average win chance with it
    (ties keep the plain order); each row with what the badge adds to its average. progress(done, total):
    sets weighed."""
    if ranking.opponent_dice is None or ranking.target is None:
        raise InputError("a badge is weighed in a match: name the opponent's dice")
    other = parse_dice(list(ranking.opponent_dice))
    leaders = [parse_dice(list(row.dice)) for row in ranking.loadouts]
    check_badge_search(leaders, other, ranking.target, badge)
    rows = []
    for done, (row, dice) in enumerate(zip(ranking.loadouts, leaders)):
        if progress is not None:
            progress(done, len(leaders))
        first, second = badge_win(dice, other, ranking.target, badge)
        average = (first + second) / 2
        rows.append(replace(row, badge_win_first=first, badge_win_second=second, badge_win_average=average,
                            badge_worth=average - (row.win_average or 0.0)))
    if progress is not None:
        progress(len(leaders), len(leaders))
    order = sorted(range(len(rows)), key=lambda i: -(rows[i].badge_win_average or 0.0))
    return replace(ranking, loadouts=tuple(rows[i] for i in order), badge=badge.slug, ranked_by="badge_win_average")
