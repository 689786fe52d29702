"""Brute-force poker dice duel on small games: ordered dice, every keep as a set of positions, plain
recursion; hands compare by (group sizes, group values). Shares no code with holdwise."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product


def key(roll):
    groups = sorted(((c, v) for v, c in Counter(roll).items()), reverse=True)
    return tuple(c for c, _ in groups), tuple(v for _, v in groups)


def best_play(n_dice, sides, rolls, payout):
    """Expected payout of the best play with up to `rolls` rolls (stopping allowed); payout(sorted roll)."""
    outcomes = {m: list(product(range(1, sides + 1), repeat=m)) for m in range(n_dice + 1)}

    @cache
    def value(roll, rolls_left):
        best = payout(tuple(sorted(roll)))
        if rolls_left == 0:
            return best
        for mask in range(2**n_dice - 1):  # keep the dice in mask, roll the others (at least one)
            kept = [roll[i] for i in range(n_dice) if mask >> i & 1]
            total = 0.0
            for new in outcomes[n_dice - len(kept)]:
                total += value(tuple(kept) + new, rolls_left - 1)
            best = max(best, total / sides ** (n_dice - len(kept)))
        return best

    first = outcomes[n_dice]
    return sum(value(r, rolls - 1) for r in first) / len(first)


def duel_first_player(n_dice, sides, rolls, tol=1e-13):
    """The first player's duel win chance, ties replayed, by fixed-point iteration of plain recursion."""
    hands = sorted({tuple(sorted(r)) for r in product(range(1, sides + 1), repeat=n_dice)})
    w = 0.5
    while True:
        second = {}
        for b in hands:
            second[b] = best_play(n_dice, sides, rolls,
                                  lambda h, b=b, w=w: 1.0 if key(h) > key(b) else (1.0 - w if h == b else 0.0))
        new = best_play(n_dice, sides, rolls, lambda h, second=second: 1.0 - second[h])
        if abs(new - w) < tol:
            return new
        w = new
