"""Poker dice for 2 to 6 players, exact: every seat's win chance and the payout each seat plays for.

Players roll in turn and see the hands before them; the best hand wins, tied best hands replay in the
same order as a game of their own. A player's situation is (b, g, r): the best hand so far has class b,
g players hold it, r players are still to roll (the one to move included). Its slots are the win chances
of the g holders (in order), of the r players to come, and `all_tie`, the chance that every player of the
round ends tied (the whole round replays).

With W_g the win chances of a g-player game, the values at r = 0 are P(b, g, 0) = W_g for g below the
round's m players (W_1 = 1), and the current estimate x of W_m with all_tie = 1 for g = m. The player to
move at (b, g, r) plays the game whose final class c pays P(c, 1, r - 1)[holder 1] above b and
P(b, g + 1, r - 1)[holder g + 1] on b (`Table.threshold_games`, every b at once). Under that play, with
p_below and p_tie its chances of ending below or on b:

    holder i:      p_below P(b, g, r - 1)[i] + p_tie P(b, g + 1, r - 1)[i]
    mover:         the game's value
    later player:  as a holder, plus the expectation of P(c, 1, r - 1)[that player] over c above b
    all_tie:       p_below P(b, g, r - 1)[all_tie] + p_tie P(b, g + 1, r - 1)[all_tie]

The first player plays for P(c, 1, m - 1)[holder 1] (with the roll limit, the tables of the rolls he
used: later players may not roll more). The round's win chances W_new and all_tie chance p satisfy
W_new = A + p x for the strategies played at x, so the fixed point for those strategies is
x' = (W_new - p x) / (1 - p): a Newton step on a piecewise-linear map. It is repeated from x' until a step
moves x by less than the tolerance (two or three passes: the strategies settle at once). Two players need
no all_tie: the secant method on the first player's chance gets there in three or four passes that follow
no payout at all (`_duel_round`), the cheapest passes there are.

The chance of ending below b is never followed: every player's chances in a situation add up to 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...errors import InputError
from .table import ROLLS, Table

__all__ = [
    "AUX_COST", "MAX_PLAYERS", "MIN_PLAYERS", "RoundValues", "TableSolution", "first_pays", "seat_pays",
    "solve_rounds", "solve_steps", "solve_work",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
TOLERANCE = 1e-13
MAX_STEPS = 50  # passes of one round size: two to four are the rule
DUEL_PASSES = 4  # the secant's passes as a rule (three to five)
# where the secant starts: duels of these games give the first player a little under half (six-faced dice
# 46.2%, octahedral 46.8%, royal 46.1%); a start near the answer plays the same strategies sooner
START_DUEL = 0.462
AUX_COST = 2.4  # a threshold batch following one payout costs 1 + AUX_COST times one following none (card dice)


@dataclass(frozen=True)
class RoundValues:
    """The solved game of `players` in a round: their win chances and every situation's slots.

    `slots[limit][g, r]` is an array (g + r + 1, K): the holders' chances, the later players', all_tie,
    for each class b of the best hand. `limit` is the rolls allowed to later players (ROLLS without the
    roll limit, else 1..ROLLS: the first player's rolls).
    """

    players: int
    win: tuple[float, ...]
    steps: int
    slots: dict[int, dict[tuple[int, int], np.ndarray]] = field(repr=False, compare=False)


@dataclass(frozen=True)
class TableSolution:
    """Every round size 2..players of a table solved: `rounds[m]` (a tie replays a smaller round)."""

    players: int
    roll_limit: bool
    rounds: dict[int, RoundValues] = field(repr=False, compare=False)

    @property
    def win(self) -> tuple[float, ...]:
        """Each player's chance to win the game, in playing order."""
        return self.rounds[self.players].win

    def at_most(self, players: int) -> TableSolution:
        """The same solution seen as one of `players` (its rounds up to that size; the arrays are shared)."""
        if players == self.players:
            return self
        return TableSolution(players, self.roll_limit, {m: v for m, v in self.rounds.items() if m <= players})

    @property
    def steps(self) -> int:
        """Passes of the full round's fixed point (Newton or secant steps)."""
        return self.rounds[self.players].steps


def solve_steps(players: int, roll_limit: bool) -> int:
    """Threshold-game batches a solve of `players` takes, as planned (four secant passes for two players, two
    Newton passes a larger round): what its progress counts."""
    limits = ROLLS if roll_limit else 1
    return limits * (DUEL_PASSES + sum(2 * m * (m - 1) // 2 for m in range(3, players + 1)))


def solve_work(players: int, roll_limit: bool) -> float:
    """A solve's batches weighed by the payouts they follow (1 + AUX_COST each): its cost in batches that
    follow none (a batch in a round of m with r players to come follows r - 1 later players and the tie).
    With the roll limit each batch is solved for later players allowed 3, 2 and 1 rolls: as 1 + 1/2 + 1/20
    of one with 3 (the re-rolls are the work)."""
    limits = 1.55 if roll_limit else 1.0
    work = float(DUEL_PASSES)
    for m in range(3, players + 1):
        work += 2 * sum((m - r) * (1 + AUX_COST * r) for r in range(1, m))
    return limits * work


def solve_rounds(table: Table, players: int, roll_limit: bool = False, tol: float = TOLERANCE,
                 progress: Callable[[int, int], None] | None = None) -> TableSolution:
    """Solve rounds of 2..players on `table` (`progress(done, total)` counts the threshold batches)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(f"players must be a whole number {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r:.24}")
    report = progress or (lambda done, total: None)
    total = solve_steps(players, roll_limit)
    done = [0]

    def tick() -> None:
        done[0] += 1
        report(min(done[0], total), max(total, done[0]))

    rounds: dict[int, RoundValues] = {}
    for m in range(MIN_PLAYERS, players + 1):
        rounds[m] = _solve_round(table, m, roll_limit, tol, rounds, tick)
    report(total, total)
    return TableSolution(players, roll_limit, rounds)


def _solve_round(table: Table, m: int, roll_limit: bool, tol: float, smaller: dict[Any, Any],
                 tick: Callable[[], None]) -> RoundValues:
    if m == 2:
        return _duel_round(table, roll_limit, tol, smaller, tick)
    x = np.full(m, 1.0 / m)
    for passes in range(1, MAX_STEPS + 1):  # noqa: B007 - the count is returned
        slots, win_new, all_tie = _one_pass(table, m, roll_limit, x, smaller, tick)
        x_next = (win_new - all_tie * x) / (1.0 - all_tie)
        moved = float(np.max(np.abs(x_next - x)))
        x = x_next
        if moved < tol:
            break
    # the slots at the fixed point: one more pass would move them by less than the tolerance
    return RoundValues(m, tuple(float(v) for v in x), passes, slots)


def _duel_round(table: Table, roll_limit: bool, tol: float, smaller: dict[Any, Any],
                tick: Callable[[], None]) -> RoundValues:
    """Two players by the secant method on the first player's chance w, with passes that follow no payout.

    F(w), the first player's chance when a tie is worth w to him, is linear in w for fixed strategies, so the
    secant through two points of the same strategies lands on the fixed point; a pass there checks it. Each
    pass is one batch of threshold games with nothing followed (the holder's chance is 1 - the mover's), the
    cheapest there is: card dice's costly batches are why (all_tie is not found, and nothing needs it).
    """
    k = table.n_classes
    limits = range(1, ROLLS + 1) if roll_limit else [ROLLS]
    blank = {limit: {(1, 1): np.zeros((3, k))} for limit in limits}

    def chance(w: float) -> tuple[float, dict[Any, Any]]:
        slots, win, _ = _one_pass(table, 2, roll_limit, np.array([w, 1.0 - w]), smaller, tick, previous=blank)
        return float(win[0]), slots

    w0 = START_DUEL
    f0, slots = chance(w0)
    w1, (f1, slots) = f0, chance(f0)  # one plain step first: its slope is the tie chance, a few percent
    passes = 2
    while abs(f1 - w1) >= tol and passes < MAX_STEPS:
        slope = (f1 - f0) / (w1 - w0)
        w2 = (f0 - slope * w0) / (1.0 - slope)
        f2, slots = chance(w2)
        passes += 1
        w0, f0, w1, f1 = w1, f1, w2, f2
    return RoundValues(2, (f1, 1.0 - f1), passes, slots)


def _base(k: int, g: int, m: int, x: np.ndarray, smaller: dict[Any, Any]) -> np.ndarray:
    """P(b, g, 0) for every b: the holders' replay chances (x for the whole round), all_tie."""
    out = np.zeros((g + 1, k))
    if g == 1:
        out[0] = 1.0
    elif g < m:
        out[:g] = np.array(smaller[g].win)[:, None]
    else:
        out[:g] = x[:, None]
        out[g] = 1.0
    return out


def _one_pass(table: Table, m: int, roll_limit: bool, x: np.ndarray, smaller: dict[Any, Any],
              tick: Callable[[], None], previous: dict[Any, Any] | None = None,
              ) -> tuple[dict[Any, Any], np.ndarray, float]:
    """Every situation of an m-player round with the full round's replay worth x: (slots, W_new, all_tie).

    With `previous` (two players only: slots to take all_tie from) the pass follows no payout (see `_mover`)."""
    k = table.n_classes
    limits = range(1, ROLLS + 1) if roll_limit else [ROLLS]
    slots: dict[Any, Any] = {}
    for limit in limits:
        s: dict[Any, Any] = {}
        for g in range(1, m + 1):
            s[g, 0] = _base(k, g, m, x, smaller)
        for r in range(1, m):
            for g in range(1, m - r + 1):
                s[g, r] = _mover(table, s, g, r, limit - 1,
                                 None if previous is None else previous[limit][g, r])
                tick()
        slots[limit] = s
    # the first player: P(c, 1, m - 1) by the rolls he used
    first = np.array([slots[limit][1, m - 1] for limit in limits])  # R x slots x K
    value, followed = table.single_game(first[:, 0], np.moveaxis(first[:, 1:], 1, 0))
    win_new = np.concatenate([[value], followed[:m - 1]])
    return slots, win_new, float(followed[m - 1])


def _mover(table: Table, s: dict[Any, Any], g: int, r: int, rerolls: int, previous: np.ndarray | None = None) -> np.ndarray:
    """P(b, g, r) from the situations after the mover's turn (see the module docstring).

    The chances of every player of a situation add up to 1 (someone wins), so the chance of ending below b
    needs no payout of its own: p_below + p_tie (1 - on[g]) + value + sum_j aux_j = 1, where on[g] is the
    mover's replay chance and aux_j a later player's chance when the mover goes above b. With `previous`
    (two players, the last of them to move: then the holder's chance is 1 - value) nothing is followed, and
    all_tie is taken from it.
    """
    over, on, under = s[1, r - 1], s[g + 1, r - 1], s[g, r - 1]
    k = over.shape[1]
    later = r - 1
    if previous is not None:
        value, _ = table.threshold_games(over[0], on[g], rerolls, np.zeros((0, k)), np.zeros(0), np.zeros(0))
        out = np.array(previous, dtype=np.float64)
        out[0], out[1] = 1.0 - value, value
        return out
    # aux 0: ending on b; 1..: a later player's chance when the mover goes above b
    aux_above = np.concatenate([np.zeros((1, k)), over[1:1 + later]])
    aux_tie = np.array([1.0] + [0.0] * later)
    aux_below = np.zeros(1 + later)
    value, aux = table.threshold_games(over[0], on[g], rerolls, aux_above, aux_tie, aux_below)
    p_tie = aux[0]
    p_below = 1.0 - value - aux[1:].sum(axis=0) - p_tie * (1.0 - on[g])
    out = np.empty((g + r + 1, k))
    out[:g] = p_below * under[:g] + p_tie * on[:g]
    out[g] = value
    # later players: slot g + 1 + j here is slot g + j of `under` and g + 1 + j of `on`, slot 1 + j of `over`
    for j in range(later):
        out[g + 1 + j] = p_below * under[g + j] + p_tie * on[g + 1 + j] + aux[1 + j]
    out[g + r] = p_below * under[g + later] + p_tie * on[g + 1 + later]
    return out


def first_pays(solution: TableSolution, m: int) -> np.ndarray:
    """The first player's payout by class, by rolls used (R x K): R = ROLLS with the roll limit, else 1."""
    slots = solution.rounds[m].slots
    return np.array([slots[limit][1, m - 1][0] for limit in sorted(slots)])


def seat_pays(solution: TableSolution, m: int, place: int, best: int, holders: int, limit: int) -> np.ndarray:
    """A later seat's payout by class (K,): `place` 2..m in a round of m, best class `best` held by
    `holders` earlier players, `limit` rolls allowed (ROLLS without the roll limit)."""
    slots = solution.rounds[m].slots[limit if solution.roll_limit else ROLLS]
    r = m - place
    over = slots[1, r][0]
    on = slots[holders + 1, r][holders, best]
    k = len(over)
    classes = np.arange(k)
    return np.where(classes > best, over, 0.0) + np.where(classes == best, on, 0.0)

