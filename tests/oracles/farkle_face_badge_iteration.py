"""Reference for the match with a badge spent after a throw (Fortune, Wedding: re-roll up to k dice; Swap-Out: up
to k dice showing one face; Transmutation: turn one die into a face): plain value iteration over ordered dice and
their faces, scored by the brute-force split
(`farkle_bruteforce.oracle_score`). Shares no code with holdwise: no roll table, no outcome model, no layers
solved in order. A start of turn is (player p, both players' unspent uses L, scores); each sweep recomputes
every start value from the current ones, in place, until none moves by more than 1e-15:

    W(t, D, L) = 1 if a + t >= G; Roll(0, all dice) at t = 0; else max(1 - x_q(L, b, a + t), Roll(t, D, L)),
    Roll(t, D, L) = sum over faces f of the dice D: P(f) max(Play(t, D, f, L), [a use left] Badge(t, D, f, L)),
    Play(t, D, f, L) = max over scoring held dice h of W(t + score(h), D - h or all dice, L); 1 - x_q(L, b, a)
                       if nothing scores,
    Badge = max over dice R (1..k of them) of E Play(t, D, f re-rolled on R, L - 1)   (Fortune, Wedding;
            Swap-Out: only dice R that show one face)
          = max over one die i of Play(t, D, f with f_i = face, L - 1)                (Transmutation).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from tests.oracles.farkle_bruteforce import oracle_score


@cache
def _score(held):
    return oracle_score(list(held))


@cache
def _rolls(dice, left):
    """(chance, faces) of every ordered throw of the dice `left` (indices into dice, weights of faces 1..6)."""
    out = []
    for faces in product(range(1, 7), repeat=len(left)):
        p = 1.0
        for d, f in zip(left, faces):
            p *= dice[d][f - 1] / sum(dice[d])
        if p > 0:
            out.append((p, faces))
    return out


def _start(dice, badge, x, p, uses, a, b, g):
    q = 1 - p
    kind, amount = badge
    n = len(dice)
    every = tuple(range(n))
    w_memo, play_memo, reroll_memo = {}, {}, {}

    def lower(lay):
        cut = list(lay)
        cut[p] -= 1
        return tuple(cut)

    def play(t, left, faces, lay):
        key = (t, left, faces, lay)
        if key not in play_memo:
            best = None
            for mask in range(1, 2 ** len(left)):
                held = [faces[i] for i in range(len(left)) if mask >> i & 1]
                s = _score(tuple(sorted(held)))
                if s <= 0:
                    continue
                rest = tuple(left[i] for i in range(len(left)) if not mask >> i & 1) or every
                v = w(t + s // 50, rest, lay)
                best = v if best is None else max(best, v)
            play_memo[key] = 1.0 - x[q][lay][b][a] if best is None else best
        return play_memo[key]

    def badge_value(t, left, faces, lay):
        low = lower(lay)
        best = -1.0
        if kind == "transmutation":
            for i in range(len(left)):
                best = max(best, play(t, left, faces[:i] + (amount,) + faces[i + 1:], low))
            return best
        for m in range(1, min(amount, len(left)) + 1):
            for chosen in combinations(range(len(left)), m):
                if kind == "swap-out" and len({faces[i] for i in chosen}) > 1:
                    continue  # Swap-Out throws again only dice that show one face
                kept = tuple(0 if i in chosen else f for i, f in enumerate(faces))
                key = (t, left, kept, low)
                if key not in reroll_memo:  # the same dice kept, the same re-roll
                    value = 0.0
                    for pr, new in _rolls(dice, tuple(left[i] for i in chosen)):
                        f = list(kept)
                        for i, v in zip(chosen, new):
                            f[i] = v
                        value += pr * play(t, left, tuple(f), low)
                    reroll_memo[key] = value
                best = max(best, reroll_memo[key])
        return best

    def roll(t, left, lay):
        value = 0.0
        for pr, faces in _rolls(dice, left):
            v = play(t, left, faces, lay)
            if lay[p] > 0:
                v = max(v, badge_value(t, left, faces, lay))
            value += pr * v
        return value

    def w(t, left, lay):
        if a + t >= g:
            return 1.0
        key = (t, left, lay)
        if key not in w_memo:
            w_memo[key] = max(1.0 - x[q][lay][b][a + t], roll(t, left, lay))
        return w_memo[key]

    return roll(0, every, uses)


def face_badge_win_chances(dice1, dice2, g, badges, uses, sweeps=10_000):
    """x[p][(u1, u2)][own][opp] for every pair of unspent uses up to `uses`; dice: weights of faces 1..6 per die;
    badges[p] = ("fortune", k), ("wedding", k), ("swap-out", k) or ("transmutation", face) (with no use,
    anything)."""
    layers = [(u1, u2) for u1 in range(uses[0] + 1) for u2 in range(uses[1] + 1)]
    x = [{lay: [[0.5] * g for _ in range(g)] for lay in layers} for _ in (0, 1)]
    dice = (tuple(dice1), tuple(dice2))
    for _ in range(sweeps):
        change = 0.0
        # any order reaches the same fixed point; larger scores first only takes fewer sweeps
        for lay, a, b, p in product(layers, range(g - 1, -1, -1), range(g - 1, -1, -1), (0, 1)):
            new = _start(dice[p], badges[p], x, p, lay, a, b, g)
            change = max(change, abs(new - x[p][lay][a][b]))
            x[p][lay][a][b] = new
        if change < 1e-15:
            return x
    raise RuntimeError("value iteration did not converge")
