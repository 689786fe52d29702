"""Farkle reports: the turn (coaching table), the match, loadout rankings, the named dice, plot data.

Every answer is a frozen dataclass with `to_json()`; the command line prints it and an HTTP API can
return it unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from ...errors import InputError
from ..base import Result
from ..inputs import fault
from .badges import Badge
from .match import DEFAULT_TARGET, TOLERANCE, solve_match
from .parsing import NamedDice, check_six, check_target, parse_dice, parse_whole
from .rules import (
    DICE_GROUPS, DICE_PER_PLAYER, DICE_SOURCES, FACES, JOKER_SYMBOL, NAMED_DICE, SCORE_UNIT, SOURCE_TITLES, Die,
    die_title,
)
from . import guard
from .stored import cached_match, cached_turn, check_match_cost, know_speed, match_cost, turn_points, turn_stored
from .turn import turn_plan
from .turn_summary import DiceLeftRow, TurnReport, names_left, turn_report

__all__ = [
    "LOADOUT_MATCH_MAX_WORK", "LOADOUT_TURN_MAX_WORK", "MATCH_METHOD", "MAX_CHOICES", "CoachingChart",
    "CoachingRow", "DiceLeftRow", "DiceListing", "DieInfo", "LoadoutRanking", "LoadoutRow", "MatchChart", "SourceInfo",
    "MatchReport", "TurnReport", "best_loadouts", "check_loadout_search", "coaching_chart", "count_choices", "distinct_choices",
    "list_dice", "match_chart", "match_report", "parse_dice", "strength_loadouts", "turn_report",
]

Progress = Callable[[int, int], None] | None

MATCH_METHOD = ("score pairs solved backward from the largest sum; each pair's fixed point by Newton steps on "
                "exact derivatives, kept inside a bracket (else plain iteration)")
JOKER_TEXT = (f"{JOKER_SYMBOL} = joker (the 1 of the Devil's head die and of Balatro's die): it stands in for any "
              "face in a combination and never scores alone")


@dataclass(frozen=True)
class CoachingRow(Result):
    """One set of dice left: roll on (True) or bank at each turn total of the chart."""

    dice: tuple[str, ...]
    dice_left: int
    bank_threshold: int | None
    roll: tuple[bool, ...]


@dataclass(frozen=True)
class CoachingChart(Result):
    """The coaching table as a chart: turn totals (steps of 50) and, per set of dice left, roll or bank."""

    dice: tuple[str, ...]
    totals: tuple[int, ...]
    rows: tuple[CoachingRow, ...]


def coaching_chart(dice: Sequence[Die]) -> CoachingChart:
    """Roll or bank at every turn total up to past the largest finite bank threshold, per set of dice left."""
    check_six(dice)
    sol = cached_turn(tuple(dice))
    t = sol.table
    states = sorted(range(1, t.n_states), key=lambda s: (t.dice_count[s], s))
    thresholds = [sol.bank_threshold(s) for s in states]
    top = max([v for v in thresholds if v > 0] + [1000])
    levels = top // SCORE_UNIT + 10
    rows = []
    for s, threshold in zip(states, thresholds):
        rolls = tuple(bool(sol.roll[lvl, s] > lvl) if lvl < sol.top_level else bool(sol.bonus[s] > 0)
                      for lvl in range(levels))
        rows.append(CoachingRow(tuple(names_left(sol, s)), int(t.dice_count[s]), None if threshold < 0 else threshold,
                                rolls))
    return CoachingChart(tuple(d.name for d in dice), tuple(SCORE_UNIT * lvl for lvl in range(levels)), tuple(rows))


@dataclass(frozen=True)
class MatchReport(NamedDice):
    """Win chances of a match to the target: both playing to win, and race-aware against race-blind."""

    DICE_FIELDS = ("dice", "opponent_dice")

    target: int
    dice: tuple[str, ...]
    opponent_dice: tuple[str, ...]
    first_player_win_chance: float
    second_player_win_chance: float
    race_aware_vs_race_blind: float
    race_aware_second_vs_race_blind: float
    tolerance: float
    iterations: int
    seconds: float


def _offset(progress: Progress, before: int, total: int) -> Progress:
    """A progress callback for one of several solves: counts continue from `before` out of `total`."""
    if progress is None:
        return None
    return lambda done, _: progress(before + done, total)


def match_report(dice: Sequence[Die], opponent_dice: Sequence[Die] | None = None, target: int = DEFAULT_TARGET,
                 progress: Progress = None) -> MatchReport:
    """Two exact match solves: both race-aware, and race-aware against race-blind. A solve gives both
    players' start-of-turn chances over every pair of scores, so each answers for either player moving
    first.

    progress(done, total) counts score pairs over the two solves (2 (target / 50)^2).
    """
    target = check_target(target)
    first = tuple(dice)
    check_six(first)
    second = first if opponent_dice is None else tuple(opponent_dice)
    check_six(second, "opponent_dice")
    check_match_cost(first, second, target, solves=2)
    g = target // SCORE_UNIT
    start = time.perf_counter()
    both = cached_match(first, second, target, progress=_offset(progress, 0, 2 * g * g))
    aware = cached_match(first, second, target, blind2=True, progress=_offset(progress, g * g, 2 * g * g))
    seconds = time.perf_counter() - start
    return MatchReport(
        target, tuple(d.name for d in first), tuple(d.name for d in second), both.first_player_win,
        1.0 - both.first_player_win, aware.first_player_win, aware.win_moving_second,
        TOLERANCE, both.iterations + aware.iterations, seconds,
    )


@dataclass(frozen=True)
class MatchChart(Result):
    """The start-of-turn win chance of the player to move over (own score, opponent's score)."""

    target: int
    scores: tuple[int, ...]
    win_chance: tuple[tuple[float, ...], ...]  # [own score index][opponent's score index]


def match_chart(dice: Sequence[Die], opponent_dice: Sequence[Die] | None = None, target: int = DEFAULT_TARGET,
                progress: Progress = None) -> MatchChart:
    """The first player's start-of-turn win chance over both scores (both playing to win)."""
    target = check_target(target)
    sol = cached_match(tuple(dice), None if opponent_dice is None else tuple(opponent_dice), target,
                       progress=progress)
    g = target // SCORE_UNIT
    return MatchChart(target, tuple(SCORE_UNIT * i for i in range(g)),
                      tuple(tuple(float(v) for v in row) for row in sol.first))


BADGE_FIELDS = ("badge_win_first", "badge_win_second", "badge_win_average", "badge_worth")


@dataclass(frozen=True)
class LoadoutRow(NamedDice):
    """A loadout: its dice, expected points per turn, and (against an opponent) its win chances moving first,
    moving second, and on average (who starts decided by a coin toss); with a badge weighed, the same with the
    badge and what it adds to the average (`badge_worth`)."""

    dice: tuple[str, ...]
    expected_points: float
    win_first: float | None = None
    win_second: float | None = None
    win_average: float | None = None
    badge_win_first: float | None = None
    badge_win_second: float | None = None
    badge_win_average: float | None = None
    badge_worth: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The row's JSON; the badge's fields only when a badge was weighed (a plain search's rows as before)."""
        out = super().to_json()
        if self.badge_win_average is None:
            for key in BADGE_FIELDS:
                del out[key]
        return out


@dataclass(frozen=True)
class LoadoutRanking(NamedDice):
    """The best loadouts of six dice from those owned: by expected points per turn, or against an opponent by
    the average win chance (`ranked_by` says which); `unbounded` lists the choices whose turn value is
    unbounded (dice that can roll forever without risk): never ranked."""

    DICE_FIELDS = ("owned", "opponent_dice")

    owned: tuple[str, ...]
    choices: int
    loadouts: tuple[LoadoutRow, ...]
    opponent_dice: tuple[str, ...] | None
    target: int | None
    seconds: float
    unbounded: tuple[tuple[str, ...], ...] = ()
    ranked_by: str = "expected_points"
    badge: str | None = None  # the badge weighed (its slug): the rows ranked by `badge_win_average`

    def to_json(self) -> dict[str, Any]:
        """The ranking's JSON; `badge` only when a badge was weighed (a plain search's JSON as before)."""
        out = super().to_json()
        if self.badge is None:
            del out["badge"]
        return out


# The loadout search's guard. Measured: 210 choices of ten unlike named dice in 17.8 s with two processes
# on an idle machine (about 0.17 s of CPU a choice, most of it building the roll tables); 462 choices of
# eleven took 127 s with the machine shared (load 4-5 on 2 cores): at most 300 choices are searched.
MAX_CHOICES = 300
# A choice's backward pass (turn.turn_cost steps) above this stops a search: dice that almost never bust
# (T* in the millions) take seconds to minutes each; `farkle turn` solves them alone. The named dice stay
# far below it (six weighted dice: 4.7e8 steps, 2 s).
LOADOUT_TURN_MAX_WORK = 5_000_000_000  # about 15 s
# The matches of a search against an opponent (one solve a choice, one thread a solve, two at once): about half a
# minute on two cores (eight unlike named dice, 28 choices, against six ordinary dice: up to about 2,000). A
# search answers while one waits, so it keeps this bound while a single match may run longer (MATCH_MAX_WORK).
# A step of a match solve on one thread: 0.28 ns measured on the quiet 2-core machine (eight pairs side by
# side, match.py's docstring), up to about twice that with the machine shared.
LOADOUT_MATCH_MAX_WORK = 180_000_000_000
MATCH_SECONDS_PER_STEP = 0.4e-9


def _types_of(owned: Sequence[Die]) -> list[list[int]]:
    """Indices of the owned dice grouped by kind (same weights and jokers), in order of first appearance."""
    groups: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
    for i, d in enumerate(owned):
        groups.setdefault((tuple(d.weights), tuple(d.joker_faces)), []).append(i)
    return list(groups.values())


def count_choices(owned: Sequence[Die]) -> int:
    """The number of distinct choices of six dice from those owned (dice of one kind are alike)."""
    ways = [1] + [0] * DICE_PER_PLAYER  # ways[k]: choices of k dice from the kinds so far
    for idx in _types_of(owned):
        ways = [sum(ways[k - j] for j in range(min(k, len(idx)) + 1)) for k in range(DICE_PER_PLAYER + 1)]
    return ways[DICE_PER_PLAYER]


def distinct_choices(owned: Sequence[Die]) -> list[tuple[Die, ...]]:
    """Every distinct choice of six owned dice, each as the first such combination of the owned list (in the
    order `itertools.combinations` meets them), without walking the combinations."""
    kinds = _types_of(owned)
    out = []

    def walk(t: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(tuple(sorted(chosen)))
            return
        if t == len(kinds):
            return
        for k in range(min(left, len(kinds[t])), -1, -1):
            walk(t + 1, left - k, chosen + kinds[t][:k])

    walk(0, DICE_PER_PLAYER, [])
    out.sort()
    return [tuple(owned[i] for i in combo) for combo in out]


def best_loadouts(owned: Sequence[Die], top: int = 5, workers: int = 2, opponent_dice: Sequence[Die] | None = None,
                  target: int = DEFAULT_TARGET, progress: Progress = None, badge: Badge | None = None
                  ) -> LoadoutRanking:
    """Every distinct choice of six dice from those owned, ranked by expected points per turn, or, against
    `opponent_dice`, by the win chance in a match to `target` (both playing to win; the average of moving
    first and moving second), every choice's two matches solved exactly.

    progress(done, total): choices solved out of all of them (turns, then with an opponent their matches).
    Choices whose turn is unbounded are listed under `unbounded`, not ranked. Refused: more than
    MAX_CHOICES distinct choices, a choice whose turn solve alone is beyond LOADOUT_TURN_MAX_WORK, and
    matches beyond LOADOUT_MATCH_MAX_WORK in all (the error names the largest target that fits).
    badge: the listed rows (the leaders) solved again with it, ranked by the win chance with it
    (`badge_loadouts.weigh_badge`; needs `opponent_dice`; its solves under the match's guard).
    """
    top = parse_whole(top, "top", 1)
    if len(owned) < DICE_PER_PLAYER:
        raise InputError(f"a loadout needs {DICE_PER_PLAYER} dice; {len(owned)} owned")
    other = None
    if opponent_dice is not None:
        target = check_target(target)
        other = tuple(opponent_dice)
        check_six(other, "opponent_dice")
        cached_turn(other)
    if badge is not None:
        from .badge_loadouts import check_badge_before

        check_badge_before(other, target, top, badge)
    n_choices = count_choices(owned)
    if n_choices > MAX_CHOICES:
        raise fault("owned", f"gives {n_choices:,} distinct choices of six dice; at most {MAX_CHOICES} are "
                         "searched (about a minute): own fewer kinds of dice")
    start = time.perf_counter()
    loadouts = distinct_choices(owned)
    if other is not None:  # the cheapest the matches can be: every choice as cheap as the opponent's dice
        _check_search([other] * len(loadouts), other, target, lower_bound=True)
    values = _turn_values_many(loadouts, workers, None if other is not None else progress, len(loadouts))
    points = {i: v for i, v in enumerate(values) if v is not None}
    bounded = list(points)
    unbounded = tuple(tuple(d.name for d in loadouts[i]) for i, v in enumerate(values) if v is None)
    order = [bounded[j] for j in np.argsort([-points[i] for i in bounded], kind="stable")]
    wins: dict[int, tuple[float, float]] = {}
    if other is not None:
        _check_search([loadouts[i] for i in bounded], other, target)
        wins = _win_chances(loadouts, bounded, other, target, workers, progress, len(loadouts) - len(bounded))
        # best average win chance first; equal chances keep the order by expected points
        order = sorted(order, key=lambda i: -(wins[i][0] + wins[i][1]) / 2)
    rows = []
    for i in order[:top]:
        row = LoadoutRow(tuple(d.name for d in loadouts[i]), points[i])
        if other is not None:
            first, second = wins[i]
            row = LoadoutRow(row.dice, row.expected_points, first, second, (first + second) / 2)
        rows.append(row)
    ranking = LoadoutRanking(tuple(d.name for d in owned), len(loadouts), tuple(rows),
                             None if other is None else tuple(d.name for d in other),
                             None if other is None else target, time.perf_counter() - start, unbounded,
                             "expected_points" if other is None else "win_average")
    if badge is not None:
        from .badge_loadouts import weigh_badge

        ranking = replace(weigh_badge(ranking, badge), seconds=time.perf_counter() - start)
    return ranking


def ranking_stored(owned: Sequence[Die]) -> bool:
    """Whether `best_loadouts(owned)` by points has no turn to solve: every choice's table is on disk, or its
    turn is unbounded or refused (as are too many choices), so that the ranking is reads."""
    if count_choices(owned) > MAX_CHOICES:
        return True
    for dice in distinct_choices(owned):
        if turn_stored(dice):
            continue
        plan = turn_plan(tuple(dice))
        if plan.unbounded is None and plan.work <= LOADOUT_TURN_MAX_WORK:
            return False
    return True


def check_loadout_search(owned: Sequence[Die], opponent_dice: Sequence[Die], target: int = DEFAULT_TARGET) -> None:
    """Refuse, in the one line `best_loadouts` would give, a search against `opponent_dice` beyond its guards,
    before any match is solved (every choice's turn is solved here, one at a time: what the search does first).
    """
    target = check_target(target)
    other = tuple(opponent_dice)
    check_six(other, "opponent_dice")
    if len(owned) < DICE_PER_PLAYER:
        raise InputError(f"a loadout needs {DICE_PER_PLAYER} dice; {len(owned)} owned")
    n_choices = count_choices(owned)
    if n_choices > MAX_CHOICES:
        raise fault("owned", f"gives {n_choices:,} distinct choices of six dice; at most {MAX_CHOICES} are "
                             "searched (about a minute): own fewer kinds of dice")
    loadouts = distinct_choices(owned)
    cached_turn(other)
    _check_search([other] * len(loadouts), other, target, lower_bound=True)
    values = _turn_values_many(loadouts, 1, None, len(loadouts))
    _check_search([c for c, v in zip(loadouts, values) if v is not None], other, target)


def _search_work(choices: Sequence[tuple[Die, ...]], other: tuple[Die, ...], target: int) -> float:
    """Steps of the match solve of every choice against `other` (match.match_cost's model)."""
    return sum(match_cost(tuple(c), other, target)[0] for c in choices)


def _check_search(choices: Sequence[tuple[Die, ...]], other: tuple[Die, ...], target: int,
                  lower_bound: bool = False) -> None:
    """Refuse, in one line naming the largest target that fits, a search whose matches exceed the guard.

    lower_bound: `choices` stand in for the real ones at their cheapest (before their turns are solved), so
    the time is at least the one given and the largest target at most the one named.
    """
    work = _search_work(choices, other, target)
    know_speed(work * guard.MATCH_MAX_WORK / LOADOUT_MATCH_MAX_WORK)  # near its limit: this machine measured
    limit_work = LOADOUT_MATCH_MAX_WORK / guard.speed()  # the limit is a time on this machine
    if work <= limit_work:
        return
    # work grows as g^2 (g + 1) in g = target / 50: scale the estimate instead of re-solving per target
    g = target // SCORE_UNIT
    per = work / (g * g * (g + 1))
    largest = 0
    while per * (largest + 1) ** 2 * (largest + 2) <= limit_work:
        largest += 1
    seconds = work * MATCH_SECONDS_PER_STEP / 2 * guard.speed()
    took = f"{seconds / 60:,.0f} min" if seconds >= 120 else f"{seconds:.0f} s"
    took = ("at least " if lower_bound else "about ") + took
    fits = (f"the largest accepted target for these dice here is {'at most ' if lower_bound else ''}"
            f"{SCORE_UNIT * largest:,}" if largest else "no target is accepted for these dice")
    limit = LOADOUT_MATCH_MAX_WORK * MATCH_SECONDS_PER_STEP / 2
    raise fault("target", f"{target:,}: the matches of {len(choices):,} loadouts against the opponent would "
                          f"take {took} {'on two idle cores' if guard.speed() == 1.0 else 'on this machine'} (limit: "
                          f"{limit:.0f} s); {fits}, or own fewer kinds of dice")


def _win_chances(loadouts: Sequence[Sequence[Die]], chosen: list[int], other: tuple[Die, ...], target: int, workers: int,
                 progress: Progress, done: int) -> dict[int, tuple[float, float]]:
    """Each chosen loadout's win chance moving first and moving second against `other`: one match solve each
    (it holds both players' chances), on `workers` threads (the solver releases the GIL), one thread a solve."""
    from concurrent.futures import ThreadPoolExecutor, as_completed

    total = len(loadouts)
    if progress is not None:
        progress(done, total)
    firsts: dict[int, float] = {}
    seconds: dict[int, float] = {}
    with ThreadPoolExecutor(max(1, workers)) as pool:
        jobs = {}
        for i in chosen:
            turns = (cached_turn(loadouts[i]), cached_turn(other))  # solved (and stored) when ranked by points
            jobs[pool.submit(solve_match, tuple(loadouts[i]), other, target, workers=1, turns=turns)] = i
        for job in as_completed(jobs):
            solution = job.result()
            firsts[jobs[job]] = solution.first_player_win
            seconds[jobs[job]] = solution.win_moving_second
            done += 1
            if progress is not None:
                progress(done, total)
    return {i: (firsts[i], seconds[i]) for i in chosen}


def _expected(dice: Sequence[Die]) -> float | str | None:
    """A choice's expected points; None when its turn is unbounded; the refusal's text when its solve is
    beyond the search's per-choice limit."""
    plan = turn_plan(tuple(dice))
    if plan.unbounded is not None:
        return None
    if plan.work > LOADOUT_TURN_MAX_WORK:
        return (f"the loadout {', '.join(d.name for d in dice)} almost never busts: its turn alone is a solve of "
                f"{plan.work:.1e} steps (a search allows {LOADOUT_TURN_MAX_WORK:.0e} a choice); solve it with "
                "'farkle turn' or leave such dice out")
    return cached_turn(tuple(dice)).expected_points


def _checked(value: float | str | None) -> float | None:
    """A choice's value, or its refusal raised."""
    if isinstance(value, str):
        raise InputError(value)
    return value


def _turn_values_many(loadouts: Sequence[Sequence[Die]], workers: int, progress: Progress,
                      total: int) -> list[float | None]:
    if workers <= 1 or len(loadouts) < 8:
        values: list[float | None] = []
        for d in loadouts:
            values.append(_checked(_expected(d)))
            if progress is not None:
                progress(len(values), total)
        return values
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    # the first choice in this process: the tables every loadout shares (score table, per-type shapes) are
    # built here once, and the forked workers inherit them
    values = [_checked(_expected(loadouts[0]))]
    if progress is not None:
        progress(1, total)
    with ctx.Pool(workers) as pool:
        # uneven costs: hand them out one at a time; imap keeps the order and lets progress move
        for value in pool.imap(_expected, loadouts[1:], chunksize=1):
            values.append(_checked(value))  # a refused choice stops the search at once (the pool is ended)
            if progress is not None:
                progress(len(values), total)
    return values


@dataclass(frozen=True)
class DieInfo(Result):
    """A named die: its id (what commands take), its name in the game, the dice it rolls alike with (group),
    weights of faces 1..6, their chances, how each face shows (J for a joker), the sources that give it, and
    (when asked) its strength: expected points per turn with six of it, and with three of it beside three
    ordinary dice (None if not computed, or if such a turn never busts)."""

    id: str
    name: str
    group: str
    weights: tuple[int, ...]
    total_weight: int
    chances: tuple[float, ...]
    faces: tuple[str, ...]
    joker_faces: tuple[int, ...]
    sources: tuple[str, ...]
    points_alone: float | None = None
    points_beside_ordinary: float | None = None


@dataclass(frozen=True)
class SourceInfo(Result):
    """A source of the dice's figures: the id dice cite it by, its title, and its address."""

    id: str
    name: str
    url: str


@dataclass(frozen=True)
class DiceListing(Result):
    """Every named die, what the joker symbol means, and the sources the dice cite."""

    joker_symbol: str
    joker: str
    dice: tuple[DieInfo, ...]
    sources: tuple[SourceInfo, ...]


def strength_loadouts(die: Die) -> tuple[tuple[Die, ...], tuple[Die, ...]]:
    """The two loadouts a die's strength is measured with: six of it, and three of it beside three ordinary."""
    return (die,) * DICE_PER_PLAYER, (die,) * 3 + (NAMED_DICE["ordinary"],) * 3


@cache
def _strength(die: Die) -> tuple[float | None, float | None]:
    """Expected points per turn of `strength_loadouts(die)`: the package's figures (64 turns of the 32 distinct
    dice, about 1-2 s solved: a first listing, the web's first dice request, reads them), else solved once a
    process."""
    alone, beside = strength_loadouts(die)
    return turn_points(alone), turn_points(beside)


def list_dice(strength: bool = False) -> DiceListing:
    """Every die of Kingdom Come II (docs/reference/kcd-dice.md) with its face weights; with `strength`, each
    die's expected points per turn alone and beside three ordinary dice (turns solved exactly)."""
    rows = []
    for die in NAMED_DICE.values():
        total = sum(die.weights)
        alone, beside = _strength(die) if strength else (None, None)
        rows.append(DieInfo(die.name, die_title(die), DICE_GROUPS[die.name], die.weights, total,
                            tuple(w / total for w in die.weights),
                            tuple(JOKER_SYMBOL if f in die.joker_faces else str(f) for f in range(1, FACES + 1)),
                            die.joker_faces, DICE_SOURCES[die.name], alone, beside))
    sources = tuple(SourceInfo(key, *SOURCE_TITLES[key]) for key in SOURCE_TITLES)
    return DiceListing(JOKER_SYMBOL, JOKER_TEXT, tuple(rows), sources)
