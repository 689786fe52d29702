"""Brute-force N-player poker dice on a one-die table: every game tree walked, ties replayed by plain iteration.

Shares no code with `holdwise.games.poker_dice.rounds`: a game is the list of final classes so far, the player
to move picks stand or re-roll by recursing over the whole rest of the round (each later player doing the
same), and a tie of t players is worth the t-player game's chances (the full round's by fixed-point
iteration). `OneDieTable` is the same one-die game as the protocol the N-player solver asks for.
"""

from __future__ import annotations

from functools import cache

import numpy as np

ROLLS = 3
EPS = 1e-12


class OneDieTable:
    """One die of `faces` equally likely faces; class = face; stand or re-roll, three rolls at most."""

    def __init__(self, faces: int):
        self.n_classes = faces

    def _solve(self, pays: list[np.ndarray], auxes: list[list[np.ndarray]]) -> tuple[float, list[float]]:
        """pays[u - 1][c] for standing after u rolls; the optimal value and each aux followed along it."""
        k = self.n_classes
        value = np.array(pays[-1], dtype=float)
        aux = [np.array(a[-1], dtype=float) for a in auxes]
        for u in range(len(pays) - 1, 0, -1):
            roll_on = value.mean()
            stand = pays[u - 1] >= roll_on - EPS  # standing keeps every die: it wins near-ties
            aux = [np.where(stand, a[u - 1], x.mean()) for a, x in zip(auxes, aux)]
            value = np.where(stand, pays[u - 1], roll_on)
        del k
        return float(value.mean()), [float(a.mean()) for a in aux]

    def threshold_games(self, above, tie, rerolls, aux_above, aux_tie, aux_below):
        k = self.n_classes
        n_aux = len(aux_above)
        # the shapes a card table insists on: one row of aux_above and one number of aux_tie, aux_below an aux
        assert np.shape(aux_above) == (n_aux, k) and np.shape(aux_tie) == np.shape(aux_below) == (n_aux,)
        c = np.arange(k)
        values, followed = np.zeros(k), np.zeros((len(aux_tie), k))
        for b in range(k):
            pay = np.where(c > b, above, 0.0) + np.where(c == b, tie[b], 0.0)
            aux = [np.where(c > b, aux_above[a], aux_below[a]) + np.where(c == b, aux_tie[a] - aux_below[a], 0.0)
                   for a in range(len(aux_tie))]
            v, f = self._solve([pay] * (rerolls + 1), [[a] * (rerolls + 1) for a in aux])
            values[b] = v
            followed[:, b] = f
        return values, followed

    def single_game(self, pay_by_rolls, follow):
        pays = list(pay_by_rolls) if len(pay_by_rolls) == ROLLS else [pay_by_rolls[0]] * ROLLS
        auxes = [] if follow is None else [list(a) if len(a) == ROLLS else [a[0]] * ROLLS for a in follow]
        value, followed = self._solve(pays, auxes)
        return value, np.array(followed)


def win_chances(faces: int, players: int, roll_limit: bool, steps: int = 400) -> dict[int, np.ndarray]:
    """Each player's win chance in games of 2..players on one die of `faces` faces, by brute force."""
    known: dict[int, np.ndarray] = {1: np.array([1.0])}
    for m in range(2, players + 1):
        x = np.full(m, 1.0 / m)
        for _ in range(steps):
            new = _round(faces, m, roll_limit, tuple(x), tuple(tuple(known[t]) for t in range(1, m)))
            if np.max(np.abs(new - x)) < 1e-15:
                x = new
                break
            x = new
        known[m] = x
    return known


def chances_after(faces: int, players: int, roll_limit: bool, finals: tuple, limit: int) -> np.ndarray:
    """Everyone's win chance once the first players of a game of `players` ended on `finals` (classes, in
    order), the rest allowed `limit` rolls: the brute-force counterpart of a seat's payout."""
    return _after(faces, players, roll_limit)(tuple(finals), limit).copy()


@cache
def _after(faces: int, players: int, roll_limit: bool):  # noqa: ANN202
    """The memoized `after` of the full round's tree, its ties worth the brute-force chances (solved once per
    game: the fixed points are the costly part)."""
    known = win_chances(faces, players, roll_limit)
    _, after = _tree(faces, players, roll_limit, tuple(known[players]),
                     tuple(tuple(known[t]) for t in range(1, players)))
    return after


def _round(faces: int, m: int, roll_limit: bool, x: tuple, smaller: tuple) -> np.ndarray:
    turn, _ = _tree(faces, m, roll_limit, x, smaller)
    return turn((), ROLLS)


def _tree(faces: int, m: int, roll_limit: bool, x: tuple, smaller: tuple):  # noqa: ANN202
    """The game tree of a round of m: (turn, after), each memoized on the finals so far."""
    @cache
    def after(finals: tuple, limit: int) -> np.ndarray:
        """Everyone's chances once the players so far ended on `finals` (classes, in order)."""
        if len(finals) == m:
            top = max(finals)
            tied = [i for i, c in enumerate(finals) if c == top]
            chances = np.array(x) if len(tied) == m else np.array(smaller[len(tied) - 1])
            out = np.zeros(m)
            out[tied] = chances
            return out
        return turn(finals, limit)

    @cache
    def turn(finals: tuple, limit: int) -> np.ndarray:
        """The mover's turn, from before his first roll; his rolls allowed are `limit`."""
        me = len(finals)
        first = me == 0

        def outcome(c: int, used: int) -> np.ndarray:
            return after(finals + (c,), used if first and roll_limit else limit)

        def at(c: int, used: int) -> np.ndarray:
            stand = outcome(c, used)
            if used == limit:
                return stand
            roll_on = np.mean([at(d, used + 1) for d in range(faces)], axis=0)
            return stand if stand[me] >= roll_on[me] - EPS else roll_on

        return np.mean([at(c, 1) for c in range(faces)], axis=0)

    return turn, after
