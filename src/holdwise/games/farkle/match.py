"""A Farkle match: two players, first to the target wins at once; win chances solved backward exactly.

State of the player to move: own score a, opponent's score b, turn total t, dice left S (scores in
units of 50, a, b below the target G). After a non-bust roll and a selection worth s keeping R:
bank (win at once if a + t + s >= G, else the opponent moves from (b, a + t + s)) or roll on. A bust
hands the opponent (b, a). With x_i(a, b) the start-of-turn win chance of player i:

    Roll_i(t, S) = q_S (1 - x_j(b, a)) + sum_o P(o) max_options W_i(t + s, R),
    W_i(t, S) = 1 if a + t >= G, else max(1 - x_j(b, a + t), Roll_i(t, S)),   x_i(a, b) = Roll_i(0, full).

Scores never fall, so pairs are solved from the largest a + b down. Within one sum only the pair
(a, b) / (b, a) is coupled, through busts: x = H(x) = F_1(1 - F_2(1 - x)), a monotone piecewise-linear map
whose slope is below 1 (both turns must bust). Each pass over a player's turn totals also carries every
value's derivative in the bust value, so H'(x) comes with H(x) and the root is found by Newton steps
x + (H(x) - x) / (1 - H'(x)) from an extrapolation of solved neighbours, kept inside a bracket of the root
(else a plain fixed-point step), until |H(x) - x| is below the stated tolerance (1e-12). A Newton step is
exact once x lies on the root's linear piece, so a pair takes about 2.3 passes per player (the secant steps
used before took 6).

The pairs of one sum depend only on larger sums, so they are solved side by side: LANES = 8 pairs of
neighbouring own scores share one pass (`lanes_kernels.lanes_pass`), their rows indexed by own score plus turn
total so that every lane reads the same places of the turn table and the eight lanes fill the machine's vector
instructions; runs of pairs are dealt to threads (`workers`; the kernels release the GIL). Per lane the
arithmetic is that of one pair's pass (`pair_pass`), in the same order, so the numbers are the same bit for
bit, for any number of threads (six unlike named dice against six ordinary to 4,000: 9.5 s instead of 51 s,
quiet machine, two threads). A race-blind player follows the one-turn coaching table (and banks when banking
reaches the target): its choices depend on neither score, so how its turn ends (banking each total, busting,
reaching the target) is found once a solve, and its start value at any pair is a sum over those endings
(with stored values, one pass a pair instead). When both players are the same (same dice, both race-aware or both blind: `is_mirror`)
x_2 = x_1, so solving the pair (a, b) also solves (b, a) and half the pairs are solved.

The resource guard (what a solve costs, before it starts) is `guard.py`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...errors import InputError
from .guard import check_match_cost
from .lanes_kernels import LANES, lanes_pass
from .match_kernels import blind_endings, pair_pass
from .parsing import DEFAULT_TARGET, check_target
from .rules import SCORE_UNIT, Die
from .turn import TurnSolution, solve_turn

__all__ = [
    "DEFAULT_TARGET", "TOLERANCE", "MatchSolution", "is_mirror", "pair_fixed_point", "pair_pass", "solve_match",
]

TOLERANCE = 1e-12


def _solve_pairs(total: int, part: int, parts: int, target: int, tol: float, mirror: bool, x1: np.ndarray,
                 x2: np.ndarray, args1: tuple[object, ...], args2: tuple[object, ...], work: list[np.ndarray], w1_store: np.ndarray | None,
                 w2_store: np.ndarray | None) -> int:
    """Start-of-turn win chances x1[a, b] (player 1 to move) and x2[b, a] for the score pairs with a + b = total
    (larger sums already solved) and a = part (mod parts); returns the fixed-point steps taken. Pairs of one sum
    depend only on larger sums, so parts may run at once (each with its own `work` arrays: w1, dw1, w2, dw2).

    mirror: both players are the same (same dice, both race-aware or both blind), so x2 is x1 (and w2_store is
    w1_store): the pair (a, b) also answers (b, a), and only pairs with a <= b are solved.

    Per pair, the root of x = H(x) = F1(1 - F2(1 - x)) by `pair_fixed_point` (bracketed Newton steps). This
    loop is Python: each step is two kernel passes of 10-300 us, and a kernel driving them would gain little.
    """
    w1, dw1, w2, dw2 = work
    one_pass: Callable[..., tuple[float, float]] = pair_pass  # the tables come as a tuple of arguments
    iterations = 0
    for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
        b = total - a
        if a % parts != part or (mirror and a > b):  # mirror: (a, b) with a > b is solved with (b, a)
            continue
        def passes(x: float, a: int = a, b: int = b) -> tuple[float, float, float]:
            y, dy = one_pass(b, a, target, 1.0 - x, x1, *args2, w2, dw2)
            h, dh = one_pass(a, b, target, 1.0 - y, x2, *args1, w1, dw1)
            return h, dh * dy, y  # H'(x): d(1 - y)/dx = dy, then F1' at 1 - y

        x, y, steps = pair_fixed_point(passes, _guess(x1, a, b, target), tol)
        iterations += steps
        x1[a, b] = x
        x2[b, a] = y
        if w1_store is not None and w2_store is not None:
            n1, n2 = w1_store.shape[3], w2_store.shape[3]
            w1_store[a, b] = w1[:(target + 1) * n1].reshape(target + 1, n1)
            w2_store[b, a] = w2[:(target + 1) * n2].reshape(target + 1, n2)
    return iterations


def pair_fixed_point(passes: Callable[[float], tuple[float, float, float]], x: float, tol: float
                     ) -> tuple[float, float, int]:
    """The root of x = H(x) for one score pair from the guess x: (x, y, steps). passes(x) gives (H(x), H'(x),
    y = the second mover's value at x), two kernel passes. H is piecewise linear, increasing, slope below 1:
    Newton steps x + (H(x) - x) / (1 - H'(x)) kept inside the bracket [lo, hi] known to hold the root are
    exact once x is on the root's piece; a step leaving it (or after 20 steps) is a plain step x <- H(x),
    which converges because H contracts. Shared by this solve and the badge match's (`badge_match`)."""
    lo, hi, y = 0.0, 1.0, 0.0
    for step in range(200):
        h, slope, y = passes(x)
        gap = h - x
        if abs(gap) < tol:
            return h, y, step + 1
        if gap > 0.0:
            lo = x
        else:
            hi = x
        nxt = h
        if step < 20 and slope < 1.0:
            nxt = x + gap / (1.0 - slope)
            if not lo < nxt < hi:
                nxt = h
        x = nxt
    return x, y, 200


def _guess(x1: np.ndarray, a: int, b: int, target: int) -> float:
    """A first x for the pair (a, b): extrapolated from solved neighbours, the same own score against 50 more
    (or 50 more of one's own)."""
    if b + 2 < target:
        return min(1.0, max(0.0, 2.0 * float(x1[a, b + 1]) - float(x1[a, b + 2])))
    if b + 1 < target:
        return float(x1[a, b + 1])
    if a + 1 < target:
        return float(x1[a + 1, b])
    return 0.5


def _lane_buffers(rows: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A player's turn values and derivatives for LANES pairs, rows from the target up already a win."""
    w = np.zeros((rows, n, LANES))
    w[:, 1:, :] = 1.0  # rows below the target are overwritten by every pass; state 0 is never read
    return w.reshape(-1), np.zeros(rows * n * LANES)


Endings = tuple[np.ndarray, np.ndarray, np.ndarray]  # a race-blind player's banked, cumulative bust and bank


def _endings(sol: TurnSolution, target: int) -> Endings:
    """A race-blind player's turn endings (`blind_endings`): banked[t], and for own score a (top = target - a
    totals below the target) cumulative P(bust) and P(bank) below the target, read at top - 1."""
    t = sol.table
    banked, busted = np.zeros(target), np.zeros(target)
    blind_endings(target, t.group_start, t.group_prob, t.option_start, t.option_units, t.option_state,
                  np.nan_to_num(t.bust, nan=1.0), t.full_state, *_coach(sol), banked, busted,
                  np.zeros((target, t.n_states)))
    return banked, np.cumsum(busted), np.cumsum(banked)


class _Lanes:
    """One player's passes for the LANES pairs of a chunk, with the buffers of one worker.

    A race-aware player passes over all lanes at once (`lanes_pass`). A race-blind player's choices do not
    depend on the bust value, so its Roll(0, full) is linear in it, exactly. Without stored values, its start
    value at (a, b) is a sum over how its turn ends (`blind_endings`, once a solve): P(win from a) + P(bust) *
    bust value + sum_t P(bank t) (1 - x_other(b, a + t)). With stored values, one pass a pair (`pair_pass`,
    one lane at a time: the coaching table follows each lane's turn total) gives the line and the values,
    moved along their slopes to the final bust value. Every step then reads the line instead of passing.
    """

    def __init__(self, sol: TurnSolution, blind: bool, target: int, rows: int, reach: int,
                 endings: Endings | None = None) -> None:
        """endings: a race-blind player's `_endings` when no values are stored (shared by every worker)."""
        self.blind = blind
        self.endings = endings
        n = sol.table.n_states
        self.line = np.zeros((3, LANES))  # a race-blind player's value, slope and bust value of the line
        if blind and endings is None:
            self.args = (*_tables(sol), True, *_coach(sol))
            self.work = [(np.zeros((target + 1 + reach) * n), np.zeros((target + 1 + reach) * n))
                         for _ in range(LANES)]
        elif not blind:
            tables = _tables(sol)
            self.tables = tables[:4] + tables[6:]
            self.w, self.dw = _lane_buffers(rows, n)

    def start(self, own: np.ndarray, opp: np.ndarray, m: int, target: int, x_other: np.ndarray,
              bust_value: np.ndarray) -> None:
        """A race-blind player's line for each pair (at these bust values); nothing for a race-aware one."""
        if not self.blind:
            return
        if self.endings is not None:
            banked, bust_by, bank_by = self.endings
            for j in range(m):
                a, b = int(own[j]), int(opp[j])
                top = target - a  # totals 1..top - 1 bank below the target
                p_bust, p_bank = bust_by[top - 1], bank_by[top - 1]
                banks = float(np.dot(banked[1:top], 1.0 - x_other[b, a + 1:a + top]))
                self.line[:2, j] = (1.0 - p_bust - p_bank) + banks + p_bust * bust_value[j], p_bust
            self.line[2] = bust_value
            return
        for j in range(m):
            w, dw = self.work[j]
            self.line[:2, j] = pair_pass(int(own[j]), int(opp[j]), target, float(bust_value[j]), x_other,
                                         *self.args, w, dw)
        self.line[2] = bust_value

    def evaluate(self, own: np.ndarray, opp: np.ndarray, target: int, x_other: np.ndarray,
                 bust_value: np.ndarray, value: np.ndarray, slope: np.ndarray) -> None:
        """Roll(0, full) of every lane at these bust values, and its derivative, into value and slope."""
        if self.blind:
            value[:] = self.line[0] + self.line[1] * (bust_value - self.line[2])
            slope[:] = self.line[1]
        else:
            lanes_pass(own, opp, target, bust_value, x_other, *self.tables, self.w, self.dw, value, slope)

    def stored(self, j: int, own: int, target: int, bust_value: float, n: int) -> np.ndarray:
        """Lane j's turn values, rows t = 0..target (turn totals) by sets of dice left, at this bust value."""
        if self.blind:
            w, dw = self.work[j]
            rows: np.ndarray = (w + dw * (bust_value - self.line[2, j]))[:(target + 1) * n]
            return rows.reshape(target + 1, n)
        return self.w.reshape(-1, n, LANES)[own:own + target + 1, :, j]


def _solve_chunk(total: int, chunk: list[int], target: int, tol: float, x1: np.ndarray, x2: np.ndarray,
                 players: tuple[_Lanes, _Lanes], w1_store: np.ndarray | None, w2_store: np.ndarray | None) -> int:
    """`_solve_pairs` for up to LANES pairs (a, total - a), a in `chunk`, solved side by side; returns the
    fixed-point steps taken (the sum over the pairs). With both players race-aware, per lane the steps, the
    numbers and the stored values are those of `_solve_pairs`: a lane that has converged is passed the same
    bust value again (so its values stay those of its last step) until every lane has."""
    first, second = players
    m = len(chunk)
    own = np.array(chunk + [chunk[-1]] * (LANES - m), dtype=np.int64)  # spare lanes repeat the last pair
    opp = total - own
    x = np.array([_guess(x1, int(a), total - int(a), target) for a in own])
    y = np.zeros(LANES)
    lo, hi = np.zeros(LANES), np.ones(LANES)
    live = np.arange(LANES) < m
    result = x.copy()
    steps = 0
    y_now, dy, h, dh = (np.zeros(LANES) for _ in range(4))
    second.start(opp, own, m, target, x1, 1.0 - x)
    for step in range(200):
        steps += int(live.sum())
        second.evaluate(opp, own, target, x1, 1.0 - x, y_now, dy)
        if step == 0:
            first.start(own, opp, m, target, x2, 1.0 - y_now)
        first.evaluate(own, opp, target, x2, 1.0 - y_now, h, dh)
        gap = h - x
        y = np.where(live, y_now, y)
        done = live & (np.abs(gap) < tol)
        result = np.where(done, h, result)
        live &= ~done
        if not live.any():
            break
        lo = np.where(live & (gap > 0.0), x, lo)
        hi = np.where(live & (gap <= 0.0), x, hi)
        slope = dh * dy  # H'(x), as in _solve_pairs
        newton = x + gap / np.where(slope < 1.0, 1.0 - slope, 1.0)
        nxt = np.where((step < 20) & (slope < 1.0) & (lo < newton) & (newton < hi), newton, h)
        x = np.where(live, nxt, x)
    result = np.where(live, x, result)  # (200 steps without converging: the last step, as _solve_pairs)
    for j, a in enumerate(chunk):
        b = total - a
        x1[a, b] = result[j]
        x2[b, a] = y[j]
        if w1_store is not None and w2_store is not None:
            # the values of each lane's last step: player 1 at bust value 1 - y, player 2 at 1 - x
            w1_store[a, b] = first.stored(j, a, target, 1.0 - float(y[j]), w1_store.shape[3])
            w2_store[b, a] = second.stored(j, b, target, 1.0 - float(x[j]), w2_store.shape[3])
    return steps


def _chunks(pairs: list[int], parts: int) -> list[list[list[int]]]:
    """The own scores of one sum's pairs cut into runs of at most LANES (neighbours share rows), the runs dealt
    to `parts` workers in turn."""
    if not pairs:
        return [[] for _ in range(parts)]
    n = -(-len(pairs) // LANES)
    size, extra = divmod(len(pairs), n)
    runs, start = [], 0
    for i in range(n):  # n runs of nearly equal length: fewer spare lanes than runs of LANES and a remainder
        end = start + size + (1 if i < extra else 0)
        runs.append(pairs[start:end])
        start = end
    return [runs[p::parts] for p in range(parts)]


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

    @property
    def win_moving_second(self) -> float:
        """Player 1's chance to win when player 2 moves first from 0-0 (the same solve: 1 - second[0, 0])."""
        return 1.0 - float(self.second[0, 0])


def _can_score(sol: TurnSolution) -> bool:
    """True when some roll of all six dice has a legal selection."""
    t = sol.table
    return bool(t.group_start[t.full_state + 1] > t.group_start[t.full_state])


def _tables(sol: TurnSolution) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                        np.ndarray, int]:
    t = sol.table
    offset = t.option_units * t.n_states + t.option_state
    return (t.group_start, t.group_prob, t.option_start, offset, t.option_units, t.option_state,
            np.nan_to_num(t.bust, nan=1.0), t.full_state)


def _coach(sol: TurnSolution) -> tuple[np.ndarray, np.ndarray, int]:
    return (sol.keep, sol.bonus, sol.top_level)


def is_mirror(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None, blind1: bool, blind2: bool) -> bool:
    """Are both players the same (same dice in the same order, the same blind flag)? Then x2 = x1."""
    return (dice2 is None or tuple(dice1) == tuple(dice2)) and bool(blind1) == bool(blind2)


def solve_match(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None = None, target: int = DEFAULT_TARGET,
                blind1: bool = False, blind2: bool = False, store: bool = False,
                tol: float = TOLERANCE, progress: Callable[[int, int], None] | None = None,
                workers: int | None = None, mirror: bool | None = None, lanes: bool = True,
                turns: tuple[TurnSolution, TurnSolution] | None = None,
                resume: dict[str, Any] | None = None) -> MatchSolution:
    """Win chances when player 1 (dice1) moves first against player 2 (dice2, default the same dice).

    blind1 / blind2: that player follows the race-blind coaching table instead of playing to win.
    store: keep every turn's values (for hints, play and simulation; g^2 (g + 1) states per player).
    progress(done, total): called with the score pairs solved so far, out of (target / 50)^2.
    workers: threads solving the pairs of one sum at once (default: one per core); the answer does not
    depend on it.
    mirror: solve half the pairs when both players are the same (`is_mirror`; default: whenever they are);
    False solves every pair (the answer agrees within the tolerance).
    lanes: solve LANES pairs of one sum side by side (`lanes_kernels`) when neither player is race-blind;
    False solves one pair at a time, as before (the same numbers; tests compare the two).
    turns: both players' turn solves when the caller has them (`stored.cached_turn`); else solved here.
    resume: a checkpoint the solve keeps up to date after each sum of scores (the win chances so far and the
    next sum); a solve stopped by its progress callback (the web's Stop) and started again with the same dict
    goes on from that sum instead of from the first, to the same answer. Emptied once the solve is done.
    """
    if target <= 0 or target % SCORE_UNIT:
        raise InputError(f"the target must be a positive multiple of {SCORE_UNIT}, got {target}")
    check_target(target)
    dice2 = dice1 if dice2 is None else dice2
    t1, t2 = turns if turns is not None else (solve_turn(tuple(dice1)), solve_turn(tuple(dice2)))
    if not (_can_score(t1) or _can_score(t2)):
        raise InputError("neither player's dice can ever score (every roll busts): the match never ends")
    check_match_cost(t1, t2, target, store=store)
    g = target // SCORE_UNIT
    if mirror is None:
        mirror = is_mirror(dice1, dice2, blind1, blind2)
    elif mirror and not is_mirror(dice1, dice2, blind1, blind2):
        raise InputError("mirror needs the same dice and the same blind flag for both players")
    n1, n2 = t1.table.n_states, t2.table.n_states
    shape = (g, bool(mirror), bool(store), n1, n2, bool(blind1), bool(blind2), tol)
    first_total, iters, done = 2 * g - 2, 0, 0
    if resume and resume.get("shape") == shape:  # the arrays of a stopped solve: on from its next sum
        x1, x2, w1s, w2s = resume["x1"], resume["x2"], resume["w1s"], resume["w2s"]
        first_total, iters, done = resume["next"], resume["iters"], resume["done"]
    else:
        x1 = np.zeros((g, g + 1 + 200))  # room for a + t beyond the target (never read past g - 1 + top)
        x2 = x1 if mirror else np.zeros((g, g + 1 + 200))
        w1s = np.zeros((g, g, g + 1, n1)) if store else None
        w2s = w1s if mirror else np.zeros((g, g, g + 1, n2)) if store else None
    reach = max(int(t.table.option_units.max(initial=0)) for t in (t1, t2))  # the largest score of a roll
    threads = max(1, workers if workers is not None else (os.cpu_count() or 1))
    if lanes:
        parts = threads
        # rows are own score + turn total: a roll's reach past the target, and a stored pair's g + 1 rows
        rows = g + 1 + max(reach, g)
        ends1, ends2 = (_endings(t, g) if blind and not store else None
                        for t, blind in ((t1, blind1), (t2, blind2)))
        players = [(_Lanes(t1, blind1, g, rows, reach, ends1), _Lanes(t2, blind2, g, rows, reach, ends2))
                   for _ in range(parts)]
    else:
        # w1, dw1, w2, dw2: one pass's turn values, with rows past the target for the largest score of a roll
        parts = max(1, min(threads, g // 8))
        work = [[np.zeros((g + 1 + reach) * n) for n in (n1, n1, n2, n2)] for _ in range(parts)]
    args1 = (*_tables(t1), blind1, *_coach(t1))
    args2 = (*_tables(t2), blind2, *_coach(t2))

    def solve_part(total: int, part: int, runs: list[list[int]]) -> int:
        if not lanes:
            return _solve_pairs(total, part, parts, g, tol, mirror, x1, x2, args1, args2, work[part], w1s, w2s)
        return sum(_solve_chunk(total, run, g, tol, x1, x2, players[part], w1s, w2s) for run in runs)

    from concurrent.futures import ThreadPoolExecutor  # here: a turn's command never starts threads (and logging)

    # the pairs of one sum of scores, largest sum first, so progress can be told between them
    pool = ThreadPoolExecutor(parts - 1) if parts > 1 else None
    try:
        for total in range(first_total, -1, -1):
            pairs = [a for a in range(max(0, total - g + 1), min(g - 1, total) + 1)
                     if not (mirror and a > total - a)]  # mirror: (a, b) with a > b is solved with (b, a)
            dealt = _chunks(pairs, parts) if lanes else [[] for _ in range(parts)]
            others = [pool.submit(solve_part, total, part, dealt[part]) for part in range(1, parts)
                      if dealt[part] or not lanes] if pool else []
            iters += solve_part(total, 0, dealt[0]) + sum(f.result() for f in others)
            done += min(g - 1, total) - max(0, total - g + 1) + 1
            if resume is not None:  # before progress: the callback may stop the solve here
                resume.update(shape=shape, next=total - 1, x1=x1, x2=x2, w1s=w1s, w2s=w2s, iters=iters, done=done)
            if progress is not None:
                progress(done, g * g)
    finally:
        if pool is not None:
            pool.shutdown()
    if resume is not None:
        resume.clear()
    first = x1[:, :g]
    second = first if mirror else x2[:, :g]  # one array for both players: a stored solve is kept once
    return MatchSolution(target, first, second, t1, t2, w1s, w2s, int(iters))
