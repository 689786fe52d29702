"""Reference for the match with the Badge of Might (an extra ordinary die for a throw, not kept for the next
throws): plain value iteration over ordered dice and their faces, scored by the brute-force split
(`farkle_bruteforce.oracle_score`). Shares no code with holdwise: no roll table, no Might table, no layers
solved in order. A start of turn is (player p, both players' unspent Might uses L, scores); each sweep
recomputes every start value from the current ones, in place, until none moves by more than 1e-15:

    W(t, D, L) = 1 if a + t >= G; else max(1 - x_q(L, b, a + t), Throw(t, D, L)),
    Throw(t, D, L) = max(Roll(t, D, L), [a use left] Might(t, D, L - 1)); the start is Throw(0, all dice, L),
    Roll(t, D, L) = sum over faces f of the dice D: P(f) Play(t, D, f, L),
    Might(t, D, L) = sum over faces f of D and e of the extra die: P(f) / 6 Play(t, D + extra, (f, e), L),
    Play = max over held dice h (1 to 6 of them) that score of W(t + score(h), the dice of D not held, or all
           dice when none is left, L); 1 - x_q(L, b, a) if nothing scores.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from tests.oracles.farkle_bruteforce import oracle_score

EXTRA = -1  # the extra die's place in a throw: not one of the player's dice
ORDINARY = (1, 1, 1, 1, 1, 1)


@cache
def _score(held):
    return oracle_score(list(held))


@cache
def _throws(dice, left):
    """(chance, faces) of every ordered throw of the dice `left` (indices into dice, or EXTRA)."""
    out = []
    for faces in product(range(1, 7), repeat=len(left)):
        p = 1.0
        for d, f in zip(left, faces):
            weights = ORDINARY if d == EXTRA else dice[d]
            p *= weights[f - 1] / sum(weights)
        if p > 0:
            out.append((p, faces))
    return out


@cache
def _holds(thrown, faces, n):
    """(score / 50, the player's dice left) of every scoring hold of 1 to 6 of the dice thrown (the extra die
    leaves either way; no die left: all n dice again)."""
    out = []
    for mask in range(1, 2 ** len(thrown)):
        held = [faces[i] for i in range(len(thrown)) if mask >> i & 1]
        if len(held) > 6:
            continue
        s = _score(tuple(sorted(held)))
        if s > 0:
            rest = tuple(d for i, d in enumerate(thrown) if not mask >> i & 1 and d != EXTRA) or tuple(range(n))
            out.append((s // 50, rest))
    return out


def _start(dice, x, p, lay, a, b, g):
    q = 1 - p
    every = tuple(range(len(dice)))
    w_memo, throw_memo = {}, {}

    def lower(layer):
        cut = list(layer)
        cut[p] -= 1
        return tuple(cut)

    def play(t, thrown, faces, layer):
        best = None
        for units, rest in _holds(thrown, faces, len(dice)):
            v = w(t + units, rest, layer)
            best = v if best is None else max(best, v)
        return 1.0 - x[q][layer][b][a] if best is None else best

    def throw(t, left, layer):
        key = (t, left, layer)
        if key not in throw_memo:
            value = sum(pr * play(t, left, faces, layer) for pr, faces in _throws(dice, left))
            if layer[p] > 0:
                low = lower(layer)
                thrown = (*left, EXTRA)
                value = max(value, sum(pr * play(t, thrown, faces, low) for pr, faces in _throws(dice, thrown)))
            throw_memo[key] = value
        return throw_memo[key]

    def w(t, left, layer):
        if a + t >= g:
            return 1.0
        key = (t, left, layer)
        if key not in w_memo:
            w_memo[key] = max(1.0 - x[q][layer][b][a + t], throw(t, left, layer))
        return w_memo[key]

    return throw(0, every, lay)


def might_win_chances(dice1, dice2, g, uses, sweeps=10_000):
    """x[p][(u1, u2)][own][opp] for every pair of unspent Might uses up to `uses`; dice: weights of faces 1..6
    per die."""
    layers = [(u1, u2) for u1 in range(uses[0] + 1) for u2 in range(uses[1] + 1)]
    x = [{lay: [[0.5] * g for _ in range(g)] for lay in layers} for _ in (0, 1)]
    dice = (tuple(dice1), tuple(dice2))
    for _ in range(sweeps):
        change = 0.0
        # any order reaches the same fixed point; larger scores first only takes fewer sweeps
        for lay, a, b, p in product(layers, range(g - 1, -1, -1), range(g - 1, -1, -1), (0, 1)):
            new = _start(dice[p], x, p, lay, a, b, g)
            change = max(change, abs(new - x[p][lay][a][b]))
            x[p][lay][a][b] = new
        if change < 1e-15:
            return x
    raise RuntimeError("value iteration did not converge")
