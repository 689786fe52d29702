"""A Farkle match: two players, first to the target wins at once; win chances solved backward exactly.

State of the player to move: own score a, opponent's score b, turn total t, dice left S (scores in
units of 50, a, b below the target G). After a non-bust roll and a selection worth s keeping R:
bank (win at once if a + t + s >= G, else the opponent moves from (b, a + t + s)) or roll on. A bust
hands the opponent (b, a). With x_i(a, b) the start-of-turn win chance of player i:

    Roll_i(t, S) = q_S (1 - x_j(b, a)) + sum_o P(o) max_options W_i(t + s, R),
    W_i(t, S) = 1 if a + t >= G, else max(1 - x_j(b, a + t), Roll_i(t, S)),   x_i(a, b) = Roll_i(0, full).

Scores never fall, so pairs are solved from the largest a + b down. Within one sum only the pair
(a, b) / (b, a) is coupled, through busts: x = F_1(F_2(x)), a monotone piecewise-linear map whose slope
is below 1 (both turns must bust); it is solved by up to 20 secant steps, then plain fixed-point
iteration, until the change is below the stated tolerance (1e-12). A race-blind player follows the
one-turn coaching table (and banks when banking reaches the target).

Resource guard (`match_cost`, `check_match_cost`): a solve passes over every score pair (a, b), each pass
over the turn totals below the target - a, each touching every option of the player's turn table; about six
passes a pair (the secant steps). Work = 6 * sum_(a,b) (g - a) * (ops_1 + ops_2) with g = target / 50 and
ops = options + outcome groups + sets of dice left of a table: g^2 (g + 1) / 2 * 6 * (ops_1 + ops_2).
Measured at about 3 ns a step on an idle core (fair dice to 4,000: 3.3e9 steps, 9.8 s) and 12-14 ns with
the 2-core machine shared three ways, so a command is refused above MATCH_MAX_WORK steps (about half a
minute idle), and a stored solve (every turn's values, 8 g^2 (g + 1) (n_1 + n_2) bytes) above
MATCH_MAX_BYTES; the error names the largest target accepted for those dice. Six fair dice: 4,200 for
`match` (three solves), 6,100 for a race-aware hint or play.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from .parsing import MAX_TARGET, check_target
from .rules import SCORE_UNIT, Die
from .turn import TurnSolution, solve_turn

__all__ = [
    "DEFAULT_TARGET", "MATCH_MAX_BYTES", "MATCH_MAX_WORK", "PASSES_PER_PAIR", "TOLERANCE", "MatchSolution",
    "cached_match", "check_match_cost", "is_cached", "largest_target", "match_cost", "pair_pass", "solve_match",
    "solve_match_kernel",
]

DEFAULT_TARGET = 4000
TOLERANCE = 1e-12
PASSES_PER_PAIR = 6  # passes over a pair's turn totals, per player (secant steps: measured 3.5-4 + 2)
MATCH_MAX_WORK = 12_000_000_000  # steps of a command's match solves: about 35 s at ~3 ns a step (2-3 min under load)
MATCH_MAX_BYTES = 8 * 2**30  # stored turn values of a race-aware solve (hints, play)


def _pair_pass(a, b, target, bust_value, x_other, group_start, group_prob, option_start, option_state,
               option_units, bust, full_state, blind, turn_keep, turn_bonus, turn_top, w, roll):
    """One backward pass over turn totals for the player at (a, b); returns Roll(0, full).

    bust_value: this player's win chance after busting (1 - opponent's start value at (b, a)).
    x_other[o, m]: the opponent's start-of-turn win chance with own score o and ours m.
    blind: follow the coaching table (turn_keep / turn_bonus / turn_top) instead of maximizing.
    """
    n_states = bust.shape[0]
    top = target - a - 1
    for t in range(top, -1, -1):
        for s in range(1, n_states):
            acc = bust[s] * bust_value
            for g in range(group_start[s], group_start[s + 1]):
                best = -1.0
                coach = -1.0
                for k in range(option_start[g], option_start[g + 1]):
                    nt = t + option_units[k]
                    r = option_state[k]
                    v = 1.0 if nt > top else w[nt, r]
                    if blind:
                        c = turn_keep[nt, r] if nt < turn_top else nt + turn_bonus[r]
                        if c > coach:
                            coach = c
                            best = v
                    elif v > best:
                        best = v
                acc += group_prob[g] * best
            roll[t, s] = acc
            if t > 0:
                bank = 1.0 - x_other[b, a + t]
                if blind:
                    turn_rolls = turn_keep[t, s] > t if t < turn_top else turn_bonus[s] > 0
                    w[t, s] = acc if turn_rolls else bank
                else:
                    w[t, s] = acc if acc > bank else bank
    return roll[0, full_state]


pair_pass = njit(cache=True, nogil=True)(_pair_pass)


def _solve_match(target, tol, total_hi, total_lo, x1, x2, tables1, tables2, blind1, blind2, coach1, coach2,
                 w1, r1, w2, r2, w1_store, w2_store, store):
    """Start-of-turn win chances x1[a, b] (player 1 to move) and x2[b, a] for the score pairs with
    total_lo <= a + b <= total_hi (larger sums already solved); returns the fixed-point steps taken."""
    gs1, gp1, os1, ost1, ou1, bust1, full1 = tables1
    gs2, gp2, os2, ost2, ou2, bust2, full2 = tables2
    keep1, bonus1, top1 = coach1
    keep2, bonus2, top2 = coach2
    iterations = 0
    for total in range(total_hi, total_lo - 1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            # x = F1(1 - F2(1 - x)): x is player 1's chance at (a, b), y player 2's at (b, a)
            x_prev = 0.5
            y = pair_pass(b, a, target, 1.0 - x_prev, x1, gs2, gp2, os2, ost2, ou2, bust2, full2, blind2,
                          keep2, bonus2, top2, w2, r2)
            g_prev = pair_pass(a, b, target, 1.0 - y, x2, gs1, gp1, os1, ost1, ou1, bust1, full1, blind1,
                               keep1, bonus1, top1, w1, r1) - x_prev
            x = x_prev + g_prev
            for step in range(200):
                iterations += 1
                y = pair_pass(b, a, target, 1.0 - x, x1, gs2, gp2, os2, ost2, ou2, bust2, full2, blind2,
                              keep2, bonus2, top2, w2, r2)
                g = pair_pass(a, b, target, 1.0 - y, x2, gs1, gp1, os1, ost1, ou1, bust1, full1, blind1,
                              keep1, bonus1, top1, w1, r1) - x
                if abs(g) < tol:
                    x = x + g
                    break
                if step < 20 and g != g_prev:
                    nxt = x - g * (x - x_prev) / (g - g_prev)  # secant on g(x) = H(x) - x
                    if nxt < 0.0 or nxt > 1.0:
                        nxt = x + g
                else:
                    nxt = x + g
                x_prev, g_prev = x, g
                x = nxt
            y = pair_pass(b, a, target, 1.0 - x, x1, gs2, gp2, os2, ost2, ou2, bust2, full2, blind2,
                          keep2, bonus2, top2, w2, r2)
            x = pair_pass(a, b, target, 1.0 - y, x2, gs1, gp1, os1, ost1, ou1, bust1, full1, blind1,
                          keep1, bonus1, top1, w1, r1)
            x1[a, b] = x
            x2[b, a] = y
            if store:
                w1_store[a, b] = w1
                w2_store[b, a] = w2
    return iterations


solve_match_kernel = njit(cache=True, nogil=True)(_solve_match)


@dataclass
class MatchSolution:
    """Start-of-turn win chances of both players over every pair of scores (units of 50)."""

    target: int
    first: np.ndarray  # first[a, b]: player 1 to move with a, opponent b
    second: np.ndarray  # second[b, a]: player 2 to move with b, opponent a
    first_turn: TurnSolution
    second_turn: TurnSolution
    w_first: np.ndarray | None
    w_second: np.ndarray | None
    iterations: int

    @property
    def first_player_win(self) -> float:
        """Player 1's chance to win when moving first from 0-0."""
        return float(self.first[0, 0])


def _can_score(sol: TurnSolution) -> bool:
    """True when some roll of all six dice has a legal selection."""
    t = sol.table
    return bool(t.group_start[t.full_state + 1] > t.group_start[t.full_state])


def _tables(sol: TurnSolution):
    t = sol.table
    return (t.group_start, t.group_prob, t.option_start, t.option_state, t.option_units,
            np.nan_to_num(t.bust, nan=1.0), t.full_state)


def _coach(sol: TurnSolution):
    return (sol.keep, sol.bonus, sol.top_level)


def _ops(sol: TurnSolution) -> int:
    t = sol.table
    return len(t.option_units) + len(t.group_prob) + t.n_states


def match_cost(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None, target: int, solves: int = 1,
               store: bool = False) -> tuple[float, int]:
    """(work steps, bytes) of `solves` match solves to `target` with these dice (see the module docstring)."""
    dice2 = dice1 if dice2 is None else dice2
    t1, t2 = solve_turn(tuple(dice1)), solve_turn(tuple(dice2))
    g = target // SCORE_UNIT
    work = solves * PASSES_PER_PAIR * g * g * (g + 1) / 2 * (_ops(t1) + _ops(t2))
    memory = 8 * g * g * (g + 1) * (t1.table.n_states + t2.table.n_states) if store else 0
    return work, memory


def largest_target(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None = None, solves: int = 1,
                   store: bool = False) -> int:
    """The largest target (a multiple of 50) whose solves fit the guard; 0 if none does."""
    lo, hi = 0, 2 * MAX_TARGET // SCORE_UNIT
    while lo < hi:  # the cost grows with the target: bisect on g
        mid = (lo + hi + 1) // 2
        work, memory = match_cost(dice1, dice2, SCORE_UNIT * mid, solves, store)
        if work <= MATCH_MAX_WORK and memory <= MATCH_MAX_BYTES:
            lo = mid
        else:
            hi = mid - 1
    return SCORE_UNIT * lo


def check_match_cost(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None, target: int, solves: int = 1,
                     store: bool = False, what: str = "--target") -> None:
    """Refuse, in one line naming the largest accepted target, match solves beyond the guard's limits."""
    work, memory = match_cost(dice1, dice2, target, solves, store)
    if work <= MATCH_MAX_WORK and memory <= MATCH_MAX_BYTES:
        return
    largest = largest_target(dice1, dice2, solves, store)
    seconds = work * 3e-9
    took = f"about {seconds / 60:,.0f} min" if seconds >= 120 else f"about {seconds:.0f} s"
    if memory > MATCH_MAX_BYTES:
        took += f" and {memory / 2**30:,.1f} GiB"
    kind = f"{solves} match solves" if solves > 1 else "a match solve"
    fits = (f"the largest accepted {what} for these dice here is {largest:,}" if largest else
            "no target is accepted for these dice")
    raise InputError(f"{what} {target:,}: {kind} would take {took} (limit: about a minute, "
                     f"{MATCH_MAX_BYTES // 2**30} GiB); {fits}")


def solve_match(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None = None, target: int = DEFAULT_TARGET,
                blind1: bool = False, blind2: bool = False, store: bool = False,
                tol: float = TOLERANCE, progress: Callable[[int, int], None] | None = None) -> MatchSolution:
    """Win chances when player 1 (dice1) moves first against player 2 (dice2, default the same dice).

    blind1 / blind2: that player follows the race-blind coaching table instead of playing to win.
    store: keep every turn's values (for hints, play and simulation; g^2 (g + 1) states per player).
    progress(done, total): called with the score pairs solved so far, out of (target / 50)^2.
    """
    if target <= 0 or target % SCORE_UNIT:
        raise InputError(f"the target must be a positive multiple of {SCORE_UNIT}, got {target}")
    check_target(target)
    dice2 = dice1 if dice2 is None else dice2
    t1, t2 = solve_turn(tuple(dice1)), solve_turn(tuple(dice2))
    if not (_can_score(t1) or _can_score(t2)):
        raise InputError("neither player's dice can ever score (every roll busts): the match never ends")
    check_match_cost(tuple(dice1), tuple(dice2), target, store=store)
    g = target // SCORE_UNIT
    x1 = np.zeros((g, g + 1 + 200))  # room for a + t beyond the target (never read past g - 1 + top)
    x2 = np.zeros((g, g + 1 + 200))
    n1, n2 = t1.table.n_states, t2.table.n_states
    w1s = np.zeros((g, g, g + 1, n1)) if store else np.zeros((1, 1, 1, 1))
    w2s = np.zeros((g, g, g + 1, n2)) if store else np.zeros((1, 1, 1, 1))
    work = [np.zeros((g + 1, n)) for n in (n1, n1, n2, n2)]  # w1, r1, w2, r2: one pass's turn values
    iters = 0
    done = 0
    # one kernel call per sum of scores, largest first, so progress can be told between them
    for total in range(2 * g - 2, -1, -1):
        iters += solve_match_kernel(g, tol, total, total, x1, x2, _tables(t1), _tables(t2), blind1, blind2,
                                    _coach(t1), _coach(t2), *work, w1s, w2s, store)
        done += min(g - 1, total) - max(0, total - g + 1) + 1
        if progress is not None:
            progress(done, g * g)
    return MatchSolution(target, x1[:, :g], x2[:, :g], t1, t2, w1s if store else None, w2s if store else None,
                         int(iters))


# Solved matches kept in memory: a stored solve (every turn's values, about 30 MB for fair dice to 4000 and
# up to ten times that with six unlike dice) serves a whole play session, so only the last two are kept.
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZES = {True: 2, False: 16}


def cached_match(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None = None, target: int = DEFAULT_TARGET,
                 blind1: bool = False, blind2: bool = False, store: bool = False,
                 progress: Callable[[int, int], None] | None = None, disk: bool = True) -> MatchSolution:
    """`solve_match`, remembered per (dice, opponent's dice, target, blind flags, store); a stored solve also
    answers the same question without store. With `disk`, a stored solve is also kept on disk and shared
    between processes (`store.py`): loaded when there, else solved once under a lock and written."""
    dice1 = tuple(dice1)
    dice2 = dice1 if dice2 is None else tuple(dice2)
    key = (dice1, dice2, int(target), bool(blind1), bool(blind2))
    for k in ((*key, True),) if store else ((*key, False), (*key, True)):
        if k in _CACHE:
            _CACHE.move_to_end(k)
            return _CACHE[k]
    solution = _stored(*key, progress) if store and disk else None
    if solution is None:
        solution = solve_match(dice1, dice2, target, blind1, blind2, store=store, progress=progress)
    _CACHE[(*key, store)] = solution
    kept = [k for k in _CACHE if k[-1] == store]
    for k in kept[:-_CACHE_SIZES[store]]:
        del _CACHE[k]
    return solution


def is_cached(dice1: tuple[Die, ...], dice2: tuple[Die, ...], target: int, blind1: bool = False,
              blind2: bool = False, store: bool = True) -> bool:
    """Whether `cached_match` would answer at once from memory (without changing what it keeps)."""
    return (tuple(dice1), tuple(dice2), int(target), bool(blind1), bool(blind2), bool(store)) in _CACHE


def _stored(dice1, dice2, target, blind1, blind2, progress) -> MatchSolution:
    """A stored solve from disk, or solved under the key's lock (another process may have solved it while
    this one waited) and written to disk."""
    from . import store as disk

    t1, t2 = solve_turn(dice1), solve_turn(dice2)
    key = disk.key_text(dice1, dice2, target, blind1, blind2, TOLERANCE)
    n1, n2 = t1.table.n_states, t2.table.n_states

    def solution(arrays) -> MatchSolution:
        return MatchSolution(target, arrays["first"], arrays["second"], t1, t2, arrays["w_first"],
                             arrays["w_second"], int(arrays["iterations"]))

    arrays = disk.load(key, target, n1, n2)
    if arrays is not None:
        return solution(arrays)
    with disk.solving(key) as report:
        arrays = disk.load(key, target, n1, n2)
        if arrays is not None:
            return solution(arrays)
        solved = solve_match(dice1, dice2, target, blind1, blind2, store=True,
                             progress=disk.with_report(progress, report))
        disk.save(key, solved.first, solved.second, solved.w_first, solved.w_second, solved.iterations)
        return solved
