"""Reference for the match with badges: plain value iteration over every state, unspent uses included.

Shares only the roll table (outcome groups and their options) with holdwise; none of the badge solver (no
layer ordering, no pair ordering, no Newton steps, no stored rows). The state of a start of turn is the
player p to move, the unspent uses of both players L = (u1, u2) (Warlord, Doppelganger, Resurrection) and
the scores. Each sweep recomputes every start value from the current ones, in place, until none moves by
more than 1e-15:

    W(t, S, L) = 1 if a + t >= G; Roll(0, full, L) at t = 0; else max(Bank(t, L), Roll(t, S, L)),
    Bank(t, L) = 1 - x_q(L, b, a + t), or with a Warlord use 1 - x_q(L - war, b, a + boosted t) (1 at G),
    Roll(t, S, L) = q_S max(1 - x_q(L, b, a), [Resurrection] Roll(t, S, L - res))
                    + sum_g p_g max_k max(W(t + u_k, r_k, L), [Doppelganger] W(t + 2 u_k, r_k, L - dop)).
"""

from __future__ import annotations

import math
from itertools import product


def _cut(layer, p, kind):
    uses = list(layer[p])
    uses[kind] -= 1
    return (tuple(uses), layer[1]) if p == 0 else (layer[0], tuple(uses))


def _start(tab, bust, x, p, layer, a, b, g, percents):
    """Start-of-turn value of player p at (a, b) in this layer, from the current start values x."""
    q = 1 - p
    memo = {}

    def w(t, s, lay, roll_only=False):
        if a + t >= g:
            return 1.0
        key = (t, s, lay, roll_only)
        if key in memo:
            return memo[key]
        u = lay[p]
        lost = 1.0 - x[q][lay][b][a]
        if u[2] > 0:
            lost = max(lost, w(t, s, _cut(lay, p, 2), True))
        roll = bust[s] * lost if bust[s] > 0 else 0.0
        for grp in range(tab.group_start[s], tab.group_start[s + 1]):
            best = 0.0
            for k in range(tab.option_start[grp], tab.option_start[grp + 1]):
                units, state = int(tab.option_units[k]), int(tab.option_state[k])
                best = max(best, w(t + units, state, lay))
                if u[1] > 0:
                    best = max(best, w(t + 2 * units, state, _cut(lay, p, 1)))
            roll += tab.group_prob[grp] * best
        if t == 0 or roll_only:
            memo[key] = roll
            return roll
        bank = 1.0 - x[q][lay][b][a + t]
        if u[0] > 0:
            more = t * (100 + percents[p]) // 100
            bank = max(bank, 1.0 if a + more >= g else 1.0 - x[q][_cut(lay, p, 0)][b][a + more])
        memo[key] = max(bank, roll)
        return memo[key]

    return w(0, tab.full_state, layer)


def badge_win_chances(tables, g, uses, percents=(0, 0), sweeps=10_000):
    """x[p][layer][own][opp] for every layer below uses = (u1, u2) (tuples of Warlord, Doppelganger,
    Resurrection uses); percents: each player's Warlord bonus."""
    layers = [(a, b) for a in product(*(range(u + 1) for u in uses[0]))
              for b in product(*(range(u + 1) for u in uses[1]))]
    x = [{layer: [[0.5] * g for _ in range(g)] for layer in layers} for _ in (0, 1)]
    busts = [[1.0 if math.isnan(q) else float(q) for q in tab.bust] for tab in tables]
    for _ in range(sweeps):
        change = 0.0
        # any order reaches the same fixed point; larger scores first takes fewer sweeps
        for layer, a, b, p in product(layers, range(g - 1, -1, -1), range(g - 1, -1, -1), (0, 1)):
            new = _start(tables[p], busts[p], x, p, layer, a, b, g, percents)
            change = max(change, abs(new - x[p][layer][a][b]))
            x[p][layer][a][b] = new
        if change < 1e-15:
            return x
    raise RuntimeError("value iteration did not converge")
