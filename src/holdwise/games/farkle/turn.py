"""One Farkle turn, solved exactly: the coaching table that maximizes the expected banked points.

State: turn total t (a multiple of 50) and the dice left to roll S (counts per die type, so unlike
dice are told apart). Rolling S gives outcome o with chance P(o); if o busts the turn scores 0,
otherwise the player sets aside a legal selection worth s, keeping dice R (all six again on hot dice),
then banks t + s or rolls on:

    Roll(t, S) = sum over non-bust o of P(o) max over options (s, R) of W(t + s, R),
    W(t, S) = max(t, Roll(t, S)).

Hot dice make the turn unbounded; it is solved exactly backward from a total T* above which banking is
provably optimal. Let q_S be S's bust chance. Sets with q_S = 0 are always rolled (a gain at no risk),
and above T* they add a constant: W(t, S) = t + c_S with
c_S = sum_o P(o) max (s + c_R) (c_R = 0 for sets that can bust). Banking at (t, S) beats rolling once
and then following that rule when q_S t >= E_S[max (s + c_R)]; since totals only grow, the region
t >= T* = max_S E_S[max (s + c_R)] / q_S is never left, so by the one-step look-ahead argument banking
(rolling only no-risk sets) is optimal there. Below T*, levels are solved from the top down.

When is the expected turn value finite? (`unbounded_reason` decides it; `solve_turn` refuses the rest.)
Call a set of dice left S *safe* when a player can roll from S forever without ever risking a bust: the
safe sets are the largest family Z with, for every S in Z, q_S = 0 and, for every outcome of rolling S, a
legal selection leaving a set in Z (all six dice on hot dice). Z is found by removing sets that break the
rule until none does (at most 63 rounds).
- If the six dice are safe, the value is unbounded: every roll sets at least 50 points aside, so "roll n
  times, then bank" banks at least 50 n for every n, with certainty.
- Otherwise it is finite. Number each set by the round r(S) in which it left Z (0: q_S > 0). From a set of
  round r, some outcome of chance >= p_min (the least chance of an outcome) leaves only sets of rounds < r,
  so whatever the player selects, a bust comes within r + 1 <= K rolls with chance >= e = p_min^(K-1) q_min
  (q_min: the least positive bust chance), K = the number of sets. A roll sets at most M = 8,000 points
  aside, so a turn that keeps rolling banks at most M per roll, and the number of rolls N has
  P(N > jK) <= (1 - e)^j: E[points] <= M E[N] <= M K / e.
Every way back to six dice passes through a set that can bust exactly when the six dice are not safe: a die
that always shows a 1 with five ordinary dice (q = 0 with six dice, but the five ordinary dice left can
bust) is finite; six dice that always score is not. With q_6 = 0 and six dice not safe, c_6 (the no-risk gain
of six dice) depends on itself through hot dice: c_6 = F(c_6), F convex, piecewise linear and increasing
with slope < 1 (the chance to come back to six dice without risk, < 1 since six dice are not safe); it is
solved by Newton steps from 0, which climb to the fixed point and stop on its linear piece.

Resource guard: the backward solve holds two tables of (T* / 50) x (sets of dice left) floats and touches
every option of every set once per level; `turn_cost` estimates both before the solve and `solve_turn`
refuses dice whose T* would need more than TURN_MAX_WORK steps or TURN_MAX_BYTES of memory (dice that
almost never bust, such as a custom die with one heavy face of 1s), saying the limit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...memory import bounded
from .roll_table import DieType, RollTable, die_types, roll_table
from .rules import SCORE_UNIT, Combos, Die
from .turn_kernels import turn_values

__all__ = [
    "TURN_MAX_BYTES", "TURN_MAX_WORK", "TurnPlan", "TurnSolution", "backward_pass", "expected_best", "no_risk_bonus", "safe_states",
    "solve_turn", "solve_turn_with", "solve_types", "turn_cost", "turn_plan", "turn_values", "unbounded_reason",
]


def expected_best(t: RollTable, bonus: np.ndarray) -> np.ndarray:
    """E_S[max (s + bonus[R])] over the non-bust outcomes of every state S (0 for the empty state), units of 50.

    The per-state sum adds its groups one by one, in order (np.bincount), as a loop would.
    """
    if len(t.group_prob) == 0:
        return np.zeros(t.n_states)
    best = np.maximum.reduceat(t.option_units + bonus[t.option_state], t.option_start[:-1])
    state_of_group = np.repeat(np.arange(t.n_states), np.diff(t.group_start))
    gains: np.ndarray = np.bincount(state_of_group, weights=t.group_prob * best, minlength=t.n_states)
    return gains


def no_risk_bonus(t: RollTable) -> np.ndarray:
    """c_S of the states that cannot bust, when six dice can (so c_6 = 0); 0 for the others. Units of 50.

    A selection leaves fewer dice, or six on hot dice (c_6 = 0 here), so the states are solved by their
    number of dice, growing: those with d dice read only c of states with fewer.
    """
    bonus = np.zeros(t.n_states)
    safe = np.nan_to_num(t.bust, nan=1.0) == 0.0
    for d in sorted(set(t.dice_count[safe].tolist())):  # not np.unique: it imports numpy.ma (a first call pays)
        these = safe & (t.dice_count == d)
        bonus[these] = expected_best(t, bonus)[these]
    return bonus


# The guard of one turn solve (measured: see turn_cost). A step is one option read at one level.
TURN_MAX_WORK = 20_000_000_000  # about a minute at ~3 ns a step
TURN_MAX_BYTES = 4 * 2**30  # the two level tables; the machine class has 24 GiB, shared with the rest


def safe_states(t: RollTable) -> np.ndarray:
    """The safe sets of dice left (see the module docstring): q_S = 0 and every outcome has a selection
    leaving a safe set. Returns a boolean per state (the empty state is never safe)."""
    safe: np.ndarray = np.nan_to_num(t.bust, nan=1.0) == 0.0
    while True:
        removed = False
        for s in np.nonzero(safe)[0]:
            for g in range(t.group_start[s], t.group_start[s + 1]):
                ks = range(t.option_start[g], t.option_start[g + 1])
                if not any(safe[t.option_state[k]] for k in ks):
                    safe[s] = False
                    removed = True
                    break
        if not removed:
            return safe


def unbounded_reason(t: RollTable) -> str | None:
    """Why a turn with these dice is unbounded (six dice safe: they can be rolled forever without risk), or
    None when the expected turn value is finite."""
    if not safe_states(t)[t.full_state]:
        return None
    return ("these dice need never bust: every roll scores and some selection always leads back to dice that "
            "cannot bust, so a turn can roll forever and its value is unbounded")


def _no_risk_pass(t: RollTable, order: np.ndarray, x: float) -> tuple[np.ndarray, float, float]:
    """c_S for the sets that cannot bust, in `order` (growing dice), with c_6 = x where hot dice read it;
    returns (c, F(x) = c_6 recomputed, F'(x) = its slope: the chance of coming back to six dice at no risk)."""
    c = np.zeros(t.n_states)
    d = np.zeros(t.n_states)
    c[t.full_state], d[t.full_state] = x, 1.0
    new_full, slope = x, 0.0
    for s in order:
        if t.bust[s] > 0.0:
            continue
        g0, g1 = t.group_start[s], t.group_start[s + 1]
        k0, k1 = t.option_start[g0], t.option_start[g1]
        states = t.option_state[k0:k1]
        values = t.option_units[k0:k1] + c[states]
        starts = t.option_start[g0:g1] - k0
        best = np.maximum.reduceat(values, starts)
        at_best = values >= np.repeat(best, np.diff(t.option_start[g0:g1 + 1])) - 1e-12 * (1.0 + np.abs(values))
        best_slope = np.maximum.reduceat(np.where(at_best, d[states], -1.0), starts)
        value = float(np.dot(t.group_prob[g0:g1], best))
        rate = float(np.dot(t.group_prob[g0:g1], best_slope))
        if s == t.full_state:
            new_full, slope = value, rate
        else:
            c[s], d[s] = value, rate
    c[t.full_state] = new_full
    return c, new_full, slope


def _no_risk_with_hot_dice(t: RollTable, order: np.ndarray) -> np.ndarray:
    """c_S when six dice cannot bust (but are not safe): Newton steps on c_6 = F(c_6) from 0 (F convex,
    piecewise linear, slope < 1), so each step lands on or below the fixed point and the last is exact."""
    x = 0.0
    for _ in range(200):
        c, fx, slope = _no_risk_pass(t, order, x)
        if abs(fx - x) <= 1e-12 * max(1.0, abs(x)):
            return c
        if slope >= 1.0 - 1e-12:  # cannot happen when six dice are not safe; plain iteration is safe anyway
            x = fx
        else:
            x = x + (fx - x) / (1.0 - slope)
    raise InputError("the no-risk gain of these dice did not converge")  # pragma: no cover


def turn_cost(t: RollTable, levels: int) -> tuple[int, int]:
    """(work steps, bytes) of the backward solve over `levels` turn totals: every option and group of every
    set once per level, and two (levels + reach) x sets tables of floats."""
    reach = int(t.option_units.max()) if len(t.option_units) else 0
    work = levels * (len(t.option_units) + len(t.group_prob) + t.n_states)
    memory = 8 * t.n_states * (2 * levels + reach + 1)
    return work, memory


@dataclass
class TurnSolution:
    """The coaching table: expected banked points of every (turn total, dice left) and its decisions."""

    table: RollTable
    top_level: int  # T* in units of 50: at or above it, bank (roll only sets that cannot bust)
    roll: np.ndarray  # (levels, states): expected banked points (units of 50) when rolling on; -1 where
    #                   banking was proven optimal without computing it
    keep: np.ndarray  # (levels, states): max(bank, roll)
    bonus: np.ndarray  # c_S in units of 50

    @property
    def expected_points(self) -> float:
        """Expected points of a turn from a fresh start (six dice, total 0: the turn must roll).

        Read through roll_value: where banking was proven optimal without computing Roll (dice that always
        bust settle at level 0) the table holds -1, not a value.
        """
        return self.roll_value(0, self.table.full_state)

    def roll_value(self, total: int, state: int) -> float:
        """Expected banked points when rolling `state` at turn total `total` (points)."""
        level = total // SCORE_UNIT
        if level < self.top_level and self.roll[level, state] >= 0:
            return SCORE_UNIT * float(self.roll[level, state])
        # above the table, or where banking was proven without computing Roll: one roll from W
        t = self.table
        acc = 0.0
        for g in range(t.group_start[state], t.group_start[state + 1]):
            best = max(self._w(level + int(t.option_units[k]), int(t.option_state[k]))
                       for k in range(t.option_start[g], t.option_start[g + 1]))
            acc += t.group_prob[g] * best
        return SCORE_UNIT * acc

    def _w(self, level: int, state: int) -> float:
        """W in units of 50."""
        return float(self.keep[level, state]) if level < self.top_level else level + float(self.bonus[state])

    def value_units(self, level: int, state: int) -> float:
        """W in units of 50 at turn total `level` (units of 50), as the table holds it (the race-blind policy)."""
        return self._w(level, state)

    def rolls(self, level: int, state: int) -> bool:
        """The coaching table's choice at turn total `level` (units of 50) with `state` left: roll on?"""
        if level < self.top_level:
            return bool(self.roll[level, state] > level)
        return bool(self.bonus[state] > 0)

    def value(self, total: int, state: int) -> float:
        """W: expected banked points with `total` set aside and `state` left, deciding optimally."""
        return max(float(total), self.roll_value(total, state))

    def banks(self, total: int, state: int) -> bool:
        """True when banking `total` is optimal with `state` left (Roll <= total)."""
        return self.roll_value(total, state) <= total

    def bank_threshold(self, state: int) -> int:
        """Smallest turn total from which banking is optimal at every larger total, for this state."""
        if self.table.bust[state] == 0:
            return -1  # never bank with dice that cannot bust
        rolls = self.roll[:, state] > np.arange(self.top_level)
        above = np.nonzero(rolls)[0]
        return SCORE_UNIT * (int(above[-1]) + 1 if len(above) else 0)


def solve_turn(dice: tuple[Die, ...], keep: bool = True) -> TurnSolution:
    """The exact coaching table of one turn with these six dice, remembered in this process; keep=False solves
    it now and keeps it not (a sweep over thousands of loadouts would hold a gigabyte a worker). Pure: the disk
    store wraps it (`stored.cached_turn`)."""
    types = die_types(tuple(dice))
    return _solve_turn(types) if keep else solve_types(types, _plan(types))


@bounded  # a turn table is 1-3 MB: kept by bytes under the process's memory budget, as every memo of a table
def solve_turn_with(dice: tuple[Die, ...], combos: Combos) -> TurnSolution:
    """The turn of these dice when extra combinations score (a Badge of Advantage's: `rules.score_with`),
    remembered in this process; no combination: `solve_turn`'s."""
    if not combos:
        return solve_turn(dice)
    types = die_types(tuple(dice))
    return solve_types(types, _plan(types, combos))


@dataclass(frozen=True)
class TurnPlan:
    """What a turn solve will cost, known before its backward pass: the roll table, the no-risk gains c_S,
    the levels (T* / 50 + 1), the work steps and bytes of the pass; `unbounded` says why there is no finite
    value (then nothing else is set)."""

    table: RollTable
    unbounded: str | None
    bonus: np.ndarray | None = None
    levels: int = 0
    work: int = 0
    memory: int = 0


def turn_plan(dice: tuple[Die, ...], keep: bool = True) -> TurnPlan:
    """The roll table, boundedness and the cost of solving a turn with these dice (no backward pass yet);
    keep=False keeps the plan out of the memory cache (the roll table stays in its own small one)."""
    types = die_types(tuple(dice))
    return _turn_plan(types) if keep else _plan(types)


def _names_text(types: tuple[DieType, ...]) -> str:
    return ", ".join(d.names[0] if d.count == 1 else f"{d.names[0]}*{d.count}" for d in types)


@bounded  # a plan holds its roll table (up to a few MB): counted under the memory budget, here as well as in
# roll_table's own memo while both keep it (issue 41: kept by count, 512 plans, every new loadout's table stayed
# after the budget let it go, ~1.3 MB a loadout, the soak's RSS growth)
def _turn_plan(types: tuple[DieType, ...]) -> TurnPlan:
    return _plan(types)


def _plan(types: tuple[DieType, ...], combos: Combos = ()) -> TurnPlan:
    t = roll_table(types, combos) if combos else roll_table(types)
    reason = unbounded_reason(t)
    if reason is not None:
        return TurnPlan(t, reason)
    if t.bust[t.full_state] == 0:  # hot dice come back to six dice that cannot bust: c_6 depends on itself
        bonus = _no_risk_with_hot_dice(t, np.argsort(t.dice_count[1:], kind="stable") + 1)
    else:
        bonus = no_risk_bonus(t)
    # T* = max over states that can bust of E[max (s + c_R)] / q_S, in units of 50
    gain = expected_best(t, bonus)
    risky = t.bust > 0
    top = float(np.max(gain[risky] / t.bust[risky]))
    levels = int(math.ceil(top)) + 1 if top < 2**62 else 2**62
    work, memory = turn_cost(t, levels)
    return TurnPlan(t, None, bonus, levels, work, memory)


@bounded  # a turn table: kept by bytes under the memory budget (not by count)
def _solve_turn(types: tuple[DieType, ...]) -> TurnSolution:
    """A turn solve, remembered in this process (the disk store wraps this module: `stored.cached_turn`)."""
    return solve_types(types)


def backward_pass(t: RollTable, levels: int, keep: np.ndarray, bonus_max: float, live: np.ndarray) -> np.ndarray:
    """Roll[l, S] for turn totals l = 0..levels-1 (units of 50), `keep` (levels + reach + 1 rows) holding W above
    them and filled below by the kernel (turn_kernels.turn_values); `live` marks the states never settled."""
    roll = np.zeros((levels, t.n_states))
    offset = t.option_units * t.n_states + t.option_state
    # per state E_S[max s] (units of 50), for the bound that settles states
    n_groups = len(t.group_prob)
    group_of = np.repeat(np.arange(n_groups), np.diff(t.option_start))
    best_units = np.full(n_groups, -1, dtype=np.int64)
    np.maximum.at(best_units, group_of, t.option_units)
    state_of_group = np.repeat(np.arange(t.n_states), np.diff(t.group_start))
    plain_gain = np.bincount(state_of_group, weights=t.group_prob * best_units, minlength=t.n_states)
    bust = np.nan_to_num(t.bust, nan=1.0)
    # the kernel's scratch comes from here (the kernel runs without the GIL); arrays in the kernel's dtypes
    turn_values(levels, t.group_start, t.group_prob, t.option_start, offset, t.option_state, t.n_states,
                t.option_units, bust, np.ascontiguousarray(plain_gain, dtype=np.float64), bonus_max, roll,
                keep.ravel(), live.view(np.uint8),
                np.empty(n_groups, dtype=np.int64), np.empty(n_groups + 1, dtype=np.int64),
                np.empty(len(offset), dtype=np.int64))
    return roll


def solve_types(types: tuple[DieType, ...], plan: TurnPlan | None = None) -> TurnSolution:
    """The coaching table of these dice types, solved now (nothing remembered)."""
    plan = _turn_plan(types) if plan is None else plan
    if plan.unbounded is not None or plan.bonus is None:
        raise InputError(plan.unbounded or "these dice have no finite turn value")
    t, bonus, levels = plan.table, plan.bonus, plan.levels
    if plan.work > TURN_MAX_WORK or plan.memory > TURN_MAX_BYTES:
        raise InputError(f"these dice ({_names_text(types)}) almost never bust: banking is proven best only from a "
                         f"turn total of {SCORE_UNIT * (levels - 1):,}, a solve of {plan.work:.1e} steps and "
                         f"{plan.memory / 2**30:,.1f} GiB (limit {TURN_MAX_WORK:.0e} steps, about a minute, and "
                         f"{TURN_MAX_BYTES // 2**30} GiB)")
    reach = int(t.option_units.max()) if len(t.option_units) else 0
    keep = np.zeros((levels + reach + 1, t.n_states))
    keep[levels:] = np.arange(levels, levels + reach + 1)[:, None] + bonus[None, :]
    bust = np.nan_to_num(t.bust, nan=1.0)
    live = bust <= 0.0  # states that cannot bust are never settled (the empty state's bust reads 1)
    roll = backward_pass(t, levels, keep, float(bonus.max()), live)
    return TurnSolution(t, levels, roll, keep[:levels], bonus)
