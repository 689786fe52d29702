"""Reference for the race-aware match: plain value iteration over every state of the whole match.

Shares only the roll table (outcome groups and their options, checked against the brute-force turn oracle)
with holdwise; none of the match solver (no pair ordering, no Newton steps, no derivatives). Each sweep
recomputes, for both players, every turn value from the current start-of-turn win chances x_i(a, b):

    Roll_i(a, b, t, S) = q_S (1 - x_j(b, a)) + sum_g p_g max_k W_i(a, b, t + u_k, r_k)
    W_i(a, b, t, S) = 1 if a + t >= G else max(1 - x_j(b, a + t), Roll_i(a, b, t, S))

until no x moves by more than 1e-14. Slow: for targets of a few hundred points.
"""

from __future__ import annotations

import math


def match_win_chances(table1, table2, g: int, sweeps: int = 100_000) -> tuple[list, list]:
    """x1[a][b], x2[b][a]: start-of-turn win chances (scores in units of 50, target g units)."""
    x = [[[0.5] * g for _ in range(g)] for _ in range(2)]
    tables = (table1, table2)
    for _ in range(sweeps):
        new = [[[0.0] * g for _ in range(g)] for _ in range(2)]
        for me in (0, 1):
            tab, other = tables[me], x[1 - me]
            bust = [1.0 if math.isnan(q) else float(q) for q in tab.bust]
            for a in range(g):
                for b in range(g):
                    memo: dict = {}

                    def w(t, s, a=a, b=b, memo=memo, tab=tab, other=other, bust=bust):
                        if a + t >= g:
                            return 1.0
                        key = (t, s)
                        if key not in memo:
                            roll = bust[s] * (1.0 - other[b][a])
                            for grp in range(tab.group_start[s], tab.group_start[s + 1]):
                                roll += tab.group_prob[grp] * max(
                                    w(t + int(tab.option_units[k]), int(tab.option_state[k]))
                                    for k in range(tab.option_start[grp], tab.option_start[grp + 1]))
                            memo[key] = roll if t == 0 else max(1.0 - other[b][a + t], roll)
                        return memo[key]

                    new[me][a][b] = w(0, tab.full_state)
        change = max(abs(new[i][a][b] - x[i][a][b]) for i in (0, 1) for a in range(g) for b in range(g))
        x = new
        if change < 1e-14:
            return x[0], x[1]
    raise RuntimeError("value iteration did not converge")
