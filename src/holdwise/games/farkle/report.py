"""The Farkle strategy report: where playing to win the match and the one-turn coaching table part ways.

From one stored race-aware match solve (`cached_match(..., store=True)`): for every score pair (a, b), every
turn total t below the target and every set of dice left S, race-aware play rolls on when the stored value
W(a, b, t, S) exceeds the bank value 1 - x_opponent(b, a + t) (exactly the solver's own test); the coaching
table rolls on when its Roll(t, S) exceeds t. From these:

- the race-aware bank threshold per (own score, opponent's score, dice left): the smallest turn total at
  which banking is best (as the coaching table's "bank from"), among the totals a turn can hold with those
  dice left (`reachable`: no turn holds 100 with one die left); None when race-aware play rolls on at every
  total below the target; with unlike dice the worst case (the largest) over which dice are left;
- the disagreements: reachable (t, S) of a turn where the two choices differ, each costed in win chance as
  race-aware play values it, |Roll - Bank| (what following the coaching table gives up there); Roll where
  race-aware play banks is recomputed from the stored values one roll on; summed by region of the score
  (how many average turns each player still needs);
- who is favoured at each score pair (the start-of-turn win chance of the player to move, both playing to
  win), and findings in plain words, each computed from these figures and naming the one that backs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ..base import Result
from .match import DEFAULT_TARGET, MatchSolution
from .parsing import NamedDice, check_six, check_target
from .report_kernels import rolls_at
from .rules import SCORE_UNIT, Die
from .stored import cached_match, cached_turn, check_match_cost
from .turn import TurnSolution

__all__ = [
    "BANDS", "Disagreement", "Finding", "RegionRow", "StrategyReport", "coaching_rolls", "race_decisions",
    "reachable", "roll_values", "strategy_report",
]

T = TypeVar("T")
Grid = tuple[tuple[T, ...], ...]  # [own score][opponent's score]

Progress = Callable[[int, int], None] | None
BANDS = (1, 2, 4)  # region edges in average turns still needed: <= 1, 1-2, 2-4, > 4
TOP_DISAGREEMENTS = 10


@dataclass(frozen=True)
class RegionRow(Result):
    """One region of the score (how many points each player still needs): the reachable situations there,
    how many the two plays disagree on (race-aware rolling on or banking where the coaching table does the
    other), and the win chance the coaching choice gives up (summed, largest)."""

    own_needs: str
    opponent_needs: str
    situations: int
    disagreements: int
    race_rolls: int
    race_banks: int
    cost_sum: float
    cost_max: float


@dataclass(frozen=True)
class Disagreement(Result):
    """One situation where the plays differ: scores, dice left (which dice), turn total, each play's choice
    and the win chance the coaching choice gives up."""

    own: int
    opponent: int
    dice_left: int
    dice: tuple[str, ...]
    turn_total: int
    race_aware: str
    coaching: str
    cost: float


@dataclass(frozen=True)
class Finding(Result):
    """A finding in plain words, the figure of the report that backs it, and its numbers."""

    text: str
    figure: str
    numbers: dict[str, object]


@dataclass(frozen=True)
class StrategyReport(NamedDice):
    """Race-aware play against the coaching table over every score pair (see the module docstring).

    scores: the own and opponent scores of the grids (0 to target - 50); race_threshold[n - 1][a][b]: the
    race-aware bank threshold with n dice left at own score scores[a], opponent's scores[b] (None: roll on to
    the target); coaching_threshold[str(n)]: the coaching table's (None: never bank); win_chance[a][b]: the
    start-of-turn chance of the player to move (you, at scores[a]) and opponent_moves[a][b] your chance when
    the opponent is to move.
    """

    DICE_FIELDS = ("dice", "opponent_dice")

    target: int
    dice: tuple[str, ...]
    opponent_dice: tuple[str, ...]
    expected_points: float
    turn_points: int
    first_player_win_chance: float
    scores: tuple[int, ...]
    dice_left: tuple[int, ...]
    coaching_threshold: dict[str, int | None]
    race_threshold: tuple[Grid[int | None], ...]
    situations: int
    disagreements: int
    cost_sum: float
    regions: tuple[RegionRow, ...]
    top_disagreements: tuple[Disagreement, ...]
    win_chance: Grid[float]
    opponent_moves: Grid[float]
    findings: tuple[Finding, ...]


def coaching_rolls(sol: TurnSolution, levels: int) -> np.ndarray:
    """rolls[t, S]: the coaching table rolls on at turn total t (units of 50) with S left, t < levels."""
    t = np.arange(levels)
    out = np.empty((levels, sol.table.n_states), dtype=bool)
    inside = t < sol.top_level
    out[inside] = sol.roll[t[inside]] > t[inside, None]  # -1 (banking proven) reads as bank
    out[~inside] = (sol.bonus > 0)[None, :]
    return out


def reachable(sol: TurnSolution, levels: int) -> np.ndarray:
    """reach[t, S]: some sequence of rolls and selections from a fresh turn holds turn total t (units of 50,
    t < levels) with S left to roll (the turn's start, t = 0 with all dice, included)."""
    tab = sol.table
    reach = np.zeros((levels, tab.n_states), dtype=bool)
    reach[0, tab.full_state] = True
    for t in range(levels):
        for s in np.nonzero(reach[t])[0]:
            k0, k1 = tab.option_start[tab.group_start[s]], tab.option_start[tab.group_start[s + 1]]
            nt = t + tab.option_units[k0:k1]
            ok = nt < levels
            reach[nt[ok], tab.option_state[k0:k1][ok]] = True
    return reach


def _stored(match: MatchSolution) -> np.ndarray:
    """Player 1's stored turn values (a solve with store=True)."""
    if match.w_first is None:
        raise ValueError("the strategy report reads a match solved with store=True")
    return match.w_first


def race_decisions(match: MatchSolution, a: int) -> tuple[np.ndarray, np.ndarray]:
    """For own score a (units of 50) and every opponent score b, turn total t (0 < t < g - a) and set S:
    (rolls[b, t, S] of race-aware play, Bank[b, t]) in the win chance of player 1; rows t = 0 and t >= g - a
    are not decided (False, 0)."""
    g = match.target // SCORE_UNIT
    top = g - a  # totals t < top are below the target
    w = _stored(match)[a]  # (b, t, S)
    bank = np.zeros((g, g + 1))
    bank[:, 1:top] = 1.0 - match.second[:, a + np.arange(1, top)]
    rolls = np.zeros((g, g + 1, match.first_turn.table.n_states), dtype=bool)
    rolls[:, 1:top] = w[:, 1:top] > bank[:, 1:top, None]  # the solver's own test: W > Bank
    return rolls, bank


def roll_values(match: MatchSolution, a: int, bs: np.ndarray, ts: np.ndarray, ss: np.ndarray) -> np.ndarray:
    """Roll(t, S) of player 1 at own score a at the cells (bs[i], ts[i], ss[i]) (units of 50), in win chance:
    the stored W where race-aware play rolls on there (W is then Roll), else recomputed one roll on."""
    g = match.target // SCORE_UNIT
    w = _stored(match)[a]
    stored = w[bs, ts, ss]
    rolling = stored > 1.0 - match.second[bs, a + ts]
    out: np.ndarray = stored.copy()
    tab = match.first_turn.table
    banks = np.nonzero(~rolling)[0]
    if banks.size:
        got = np.zeros(banks.size)
        # the kernel reads C-contiguous arrays: w is one own score's block, match.second a view of columns
        rolls_at(a, g, bs[banks].astype(np.int64), ts[banks].astype(np.int64), ss[banks].astype(np.int64),
                 np.ascontiguousarray(w), np.ascontiguousarray(match.second), tab.group_start, tab.group_prob, tab.option_start, tab.option_units,
                 tab.option_state, np.nan_to_num(tab.bust, nan=1.0), got)
        out[banks] = got
    return out


def _needs_band(need: int, turn: int) -> int:
    """The region index of `need` points still needed: <= 1 turn, <= 2, <= 4, more."""
    for i, edge in enumerate(BANDS):
        if need <= edge * turn:
            return i
    return len(BANDS)


def _band_text(i: int, turn: int) -> str:
    edges = [0, *(e * turn for e in BANDS)]
    if i == 0:
        return f"<= {edges[1]:,}"
    if i == len(BANDS):
        return f"> {edges[-1]:,}"
    return f"{edges[i] + SCORE_UNIT:,}-{edges[i + 1]:,}"


def strategy_report(dice: Sequence[Die], opponent_dice: Sequence[Die] | None = None, target: int = DEFAULT_TARGET,
                    progress: Progress = None) -> StrategyReport:
    """Race-aware play against the coaching table over every score pair: bank thresholds, disagreements and
    their cost, who is favoured, findings (one stored match solve, both playing to win).

    progress(done, total) counts the score pairs of the solve ((target / 50)^2).
    """
    target = check_target(target)
    first = tuple(dice)
    check_six(first)
    second = first if opponent_dice is None else tuple(opponent_dice)
    check_six(second, "opponent_dice")
    check_match_cost(first, second, target, store=True)
    match = cached_match(first, second, target, store=True, progress=progress)
    sol = cached_turn(first)
    tab = sol.table
    g = target // SCORE_UNIT
    n = tab.n_states
    counts = sorted({int(c) for c in tab.dice_count[1:]})
    coach = coaching_rolls(sol, g + 1)
    reach = reachable(sol, g + 1)
    turn = max(SCORE_UNIT, SCORE_UNIT * round(sol.expected_points / SCORE_UNIT))

    # thresholds per state: the smallest total T (units) at which race-aware play banks; top: it never does
    state_threshold = np.zeros((g, g, n), dtype=np.int64)
    n_regions = len(BANDS) + 1
    region = np.zeros((n_regions, n_regions, 5))  # situations, disagreements, race rolls, race banks, cost sum
    region_max = np.zeros((n_regions, n_regions))
    cells = []  # per own score: arrays of (cost, a, b, t, S, race-aware rolls) where the plays differ
    for a in range(g):
        top = g - a
        rolls, bank = race_decisions(match, a)
        rolling = rolls[:, 1:top]  # (b, totals, S)
        live = reach[1:top, :].copy()
        live[:, 0] = False
        banking = ~rolling & live[None]  # totals no turn can hold (100 with one die left) say nothing
        # the first reachable total (units) at which race-aware play banks; top: it rolls on at every one below
        # the target
        state_threshold[a] = top
        if top > 1:
            state_threshold[a] = np.where(banking.any(axis=1), 1 + np.argmax(banking, axis=1), top)
        differ = (rolling != coach[None, 1:top, :]) & live[None]
        bs, ts, ss = np.nonzero(differ)
        cost = np.abs(roll_values(match, a, bs, ts + 1, ss) - bank[bs, ts + 1])
        race_rolls = rolling[bs, ts, ss]
        cost_sum = np.bincount(bs, weights=cost, minlength=g)
        cost_max = np.zeros(g)
        np.maximum.at(cost_max, bs, cost)
        n_differ = np.bincount(bs, minlength=g)
        n_rolls = np.bincount(bs[race_rolls], minlength=g)
        own_band = _needs_band(SCORE_UNIT * top, turn)
        situations = int(live.sum())
        for b in range(g):
            r = (own_band, _needs_band(target - SCORE_UNIT * b, turn))
            region[r] += (situations, n_differ[b], n_rolls[b], n_differ[b] - n_rolls[b], cost_sum[b])
            region_max[r] = max(region_max[r], cost_max[b])
        cells.append((cost, np.full(len(bs), a), bs, ts + 1, ss, race_rolls))
        if progress is not None and a == g - 1:
            progress(g * g, g * g)

    race_threshold: list[Grid[int | None]] = []
    coaching_threshold: dict[str, int | None] = {}
    for k in counts:
        states = [s for s in range(1, n) if tab.dice_count[s] == k]
        worst = state_threshold[:, :, states].max(axis=2)
        tops = g - np.arange(g)[:, None]
        race_threshold.append(tuple(tuple(None if worst[a, b] >= tops[a, 0] else SCORE_UNIT * int(worst[a, b])
                                          for b in range(g)) for a in range(g)))
        values = [sol.bank_threshold(s) for s in states]
        coaching_threshold[str(k)] = None if any(v < 0 for v in values) else max(values)

    regions = tuple(RegionRow(_band_text(i, turn), _band_text(j, turn), int(region[i, j, 0]), int(region[i, j, 1]),
                              int(region[i, j, 2]), int(region[i, j, 3]), float(region[i, j, 4]),
                              float(region_max[i, j]))
                    for i in range(n_regions) for j in range(n_regions) if region[i, j, 0])
    costs, as_, bs, ts, ss, rs = (np.concatenate(col) for col in zip(*cells))
    ranked = np.lexsort((ss, ts, bs, as_, -costs))  # largest cost first, then by position
    # one row per kind of situation (dice left, and the quarter of the race each player is in): the ten costliest
    # were often one corner (you near 0 against 3,900, five dice, turn total 3,800: review 2, defect 24)
    kinds = (tab.dice_count[ss] * 4 + as_ * 4 // g) * 4 + bs * 4 // g
    _, heads = np.unique(kinds[ranked], return_index=True)
    order = ranked[np.sort(heads)[:TOP_DISAGREEMENTS]]
    top_rows = tuple(Disagreement(SCORE_UNIT * int(as_[i]), SCORE_UNIT * int(bs[i]), int(tab.dice_count[ss[i]]),
                                  tuple(_names(sol, int(ss[i]))), SCORE_UNIT * int(ts[i]),
                                  "roll" if rs[i] else "bank", "bank" if rs[i] else "roll", float(costs[i]))
                     for i in order)
    x = match.first
    win = tuple(tuple(float(v) for v in row) for row in x)
    other = tuple(tuple(1.0 - float(match.second[b, a]) for b in range(g)) for a in range(g))
    report = StrategyReport(
        target, tuple(d.name for d in first), tuple(d.name for d in second), float(sol.expected_points), turn,
        match.first_player_win, tuple(SCORE_UNIT * i for i in range(g)), tuple(counts), coaching_threshold,
        tuple(race_threshold), int(region[:, :, 0].sum()), len(costs), float(costs.sum()), regions,
        top_rows, win, other, ())
    return StrategyReport(**{**report.__dict__, "findings": _findings(report)})


def _names(sol: TurnSolution, state: int) -> list[str]:
    t = sol.table
    return [name for dtype, c in zip(t.types, t.counts_of(state)) for name in dtype.names[:c]]


def _median_threshold(r: StrategyReport, k: int, pairs: Sequence[tuple[int, int]]) -> int | None:
    """The median race-aware threshold with k dice left over score pairs (indices); None (roll on to the
    target) counts as the largest."""
    grid = r.race_threshold[r.dice_left.index(k)]
    values = sorted(10**9 if (v := grid[a][b]) is None else v for a, b in pairs)
    mid = values[(len(values) - 1) // 2]
    return None if mid >= 10**9 else mid


def _when(value: int | None) -> str:
    return "never" if value is None else f"{value:,}"


def _threshold_finding(r: StrategyReport, pairs: Sequence[tuple[int, int]], who: str, panel: str) -> Finding | None:
    """Per number of dice left (all but the most), the median race-aware threshold over `pairs` against the
    coaching table's, as one sentence led by what it means; None when there are no such pairs."""
    if not pairs:
        return None
    parts, numbers, meds = [], {}, []
    for k in r.dice_left:
        if k == max(r.dice_left) and len(r.dice_left) > 1:
            continue  # with all dice both plays nearly always roll: nothing to say
        grid = r.race_threshold[r.dice_left.index(k)]
        med = _median_threshold(r, k, pairs)
        coach = r.coaching_threshold[str(k)]
        never = sum(1 for a, b in pairs if grid[a][b] is None) / len(pairs)
        numbers[str(k)] = {"race_aware": med, "coaching": coach, "rolls_to_target": never}
        parts.append(f"{k}: {_when(med)} ({_when(coach)})")
        meds.append((10**9 if med is None else med, 10**9 if coach is None else coach))
    if all(m == 10**9 for m, _ in meds):
        lead = "keep rolling to the target"
    elif all(m >= c for m, c in meds):
        lead = "bank later than the coaching table"
    elif all(m <= c for m, c in meds):
        lead = "bank earlier than the coaching table"
    elif 2 * sum(abs(m - c) <= SCORE_UNIT for m, c in meds) > len(meds):
        lead = "bank about where the coaching table does (within 50 with most numbers of dice)"
    else:
        lead = "bank at other totals than the coaching table"
    text = (f"{who}, {lead}. Bank from, race-aware (coaching table), by dice left: " + ", ".join(parts)
            + f"; median over {len(pairs):,} score pair{'' if len(pairs) == 1 else 's'}, 'never': roll on to the target.")
    return Finding(text, panel, {"pairs": len(pairs), "by_dice_left": numbers})


def _findings(r: StrategyReport) -> tuple[Finding, ...]:
    """Three to six findings from the report's own figures."""
    g = len(r.scores)
    turn = r.turn_points
    out = []
    need = [r.target - s for s in r.scores]
    close = [(a, b) for a in range(g) for b in range(g) if need[b] <= turn < need[a]]
    out.append(_threshold_finding(
        r, close, f"When the opponent needs {turn:,} or less (one average turn) and you need more",
        f"heat maps: opponent's score {r.target - turn:,} and up"))
    near = [(a, b) for a in range(g) for b in range(g) if need[a] <= turn < need[b] and need[b] > 2 * turn]
    out.append(_threshold_finding(
        r, near, f"When you need {turn:,} or less and the opponent needs more than {2 * turn:,}",
        f"heat maps: own score {r.target - turn:,} and up"))
    chasing = [(a, b) for a in range(g) for b in range(g) if turn < need[b] <= 2 * turn < need[a]]
    out.append(_threshold_finding(
        r, chasing, f"When the opponent needs {turn + SCORE_UNIT:,}-{2 * turn:,} (one to two turns) and you "
                    f"need more than {2 * turn:,}", f"heat maps: opponent's score {r.target - 2 * turn:,}-"
                                                   f"{r.target - turn - SCORE_UNIT:,}"))
    early = [(a, b) for a in range(g) for b in range(g) if need[a] > 2 * turn and need[b] > 2 * turn]
    out.append(_threshold_finding(
        r, early, f"While both need more than {2 * turn:,}", f"heat maps: both scores below "
                                                              f"{r.target - 2 * turn:,}"))
    if not any(f is not None for f in out):  # a short match (target within two turns): say what holds at 0-0
        out.append(_threshold_finding(r, [(0, 0)], "At the start (0-0)", "heat maps: bottom-left corner"))
    # who is favoured: the player to move at equal scores, and the lead that outweighs the move
    even = [r.win_chance[i][i] for i in range(g)]
    lead = next((SCORE_UNIT * d for d in range(1, g) if r.opponent_moves[d][0] >= 0.5), None)
    text = (f"Moving first from 0-0 wins {100 * r.first_player_win_chance:.1f}%; at equal scores the player to "
            f"move wins {100 * min(even):.1f}-{100 * max(even):.1f}%")
    text += (f"; a lead of {lead:,} (at {lead:,} to 0) makes you the favourite even with the opponent to move."
             if lead is not None else ".")
    out.append(Finding(text, "win chance by score pair", {"first_player": r.first_player_win_chance,
                                                          "equal_scores": [min(even), max(even)], "lead": lead}))
    if r.disagreements:
        worst = max(r.regions, key=lambda row: row.cost_sum)
        share = worst.cost_sum / r.cost_sum if r.cost_sum else 0.0
        how = "rolls on" if worst.race_rolls >= worst.race_banks else "banks"
        other = "banks" if how == "rolls on" else "rolls on"
        d = r.top_disagreements[0]
        dice = f"{d.dice_left} {'die' if d.dice_left == 1 else 'dice'}"
        out.append(Finding(
            f"The plays differ in {r.disagreements:,} of {r.situations:,} reachable situations; "
            f"{100 * share:.0f}% of the win chance the coaching table gives up lies where you need "
            f"{worst.own_needs} and the opponent {worst.opponent_needs}, mostly where race-aware play {how} "
            f"and the coaching table {other} ({max(worst.race_rolls, worst.race_banks):,} of "
            f"{worst.disagreements:,}). The costliest: at {d.own:,} to {d.opponent:,} with {d.turn_total:,} set "
            f"aside and {dice} left, {'roll on' if d.race_aware == 'roll' else 'bank'}; the coaching table's "
            f"{'roll' if d.coaching == 'roll' else 'bank'} gives up {100 * d.cost:.1f} points of win chance.",
            "disagreements by region; largest disagreements",
            {"region": worst.to_json(), "share": share, "costliest": d.to_json()}))
    return tuple(f for f in out if f is not None)
