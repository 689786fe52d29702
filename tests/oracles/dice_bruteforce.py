"""Brute-force keep/re-roll oracle: dice as ordered tuples, keeps as sets of positions.

Shares no code with holdwise: no multisets, no lattice. Every keep of every ordered roll re-rolls
every ordered outcome of the other dice. Slow on purpose; for small games only.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def _most_frequent_positions(roll, tie):
    tally = {}
    for v in roll:
        tally[v] = tally.get(v, 0) + 1
    top = max(tally.values())
    faces = [v for v, c in tally.items() if c == top]
    face = max(faces) if tie == "higher" else min(faces)
    return frozenset(i for i, v in enumerate(roll) if v == face)


def oracle_value(dice, sides, rerolls, payout, policy="optimal", weights=None, p=0.5, exact=False):
    """Expected payout of `policy` ('optimal', 'rule-higher', 'rule-lower', 'none', 'random').

    payout(roll) takes an ordered tuple of face values 1..sides.
    """
    weights = list(weights) if weights is not None else [1] * sides
    total = sum(weights)
    one = Fraction(1) if exact else 1.0
    face_p = [Fraction(w, total) if exact else w / total for w in weights]
    p = Fraction(p) if exact else float(p)

    def chance(outcome):
        c = one
        for v in outcome:
            c = c * face_p[v - 1]
        return c

    outcomes = {m: [(o, chance(o)) for o in product(range(1, sides + 1), repeat=m)] for m in range(dice + 1)}
    masks = [frozenset(i for i in range(dice) if bits >> i & 1) for bits in range(2**dice)]
    memo = {}

    def keep_value(roll, kept, left):
        free = [i for i in range(dice) if i not in kept]
        acc = 0 * one
        for outcome, c in outcomes[len(free)]:
            new = list(roll)
            for pos, v in zip(free, outcome):
                new[pos] = v
            acc += c * value(tuple(new), left - 1)
        return acc

    def value(roll, left):
        if left == 0:
            return payout(roll) * one
        key = (roll, left)
        if key in memo:
            return memo[key]
        if policy == "optimal":
            result = max(keep_value(roll, m, left) for m in masks)
        elif policy in ("rule-higher", "rule-lower"):
            result = keep_value(roll, _most_frequent_positions(roll, policy[5:]), left)
        elif policy == "none":
            result = keep_value(roll, frozenset(range(dice)), left)
        elif policy == "random":
            result = sum(p ** len(m) * (1 - p) ** (dice - len(m)) * keep_value(roll, m, left) for m in masks)
        else:
            raise ValueError(policy)
        memo[key] = result
        return result

    return sum(c * value(roll, rerolls) for roll, c in outcomes[dice])
