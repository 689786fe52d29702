"""Brute-force Farkle: scoring by every split of the held dice into combinations, and a turn's value by
plain recursion over ordered dice. Shares no code with holdwise (only the rules of seed 004).

Faces are 1..6; 7 is a joker (it may stand for any face; a selection needs one die that is not a joker).
"""

from __future__ import annotations

import sys
from functools import cache
from itertools import product

BASE = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}


def oracle_score(faces) -> int:
    """Best score of a selection (faces 1..6, 7 = joker); -1 if it is not a legal selection."""
    faces = list(faces)
    jokers = faces.count(7)
    naturals = [f for f in faces if f != 7]
    if not naturals:
        return -1
    best = -1
    for filled in product(range(1, 7), repeat=jokers):
        best = max(best, _score_natural(tuple(sorted(naturals + list(filled)))))
    return best


@cache
def _score_natural(faces):
    """Max over splits into blocks; at most one dead spare, and only with a five-face straight."""
    best = -1
    for total, spares, short in _all_splits(faces):
        if spares == 0 or (spares == 1 and short >= 1):
            best = max(best, total)
    return best if faces else -1


@cache
def _all_splits(faces):
    """Every (total, dead spares, five-face straights) over the splits of the faces into blocks."""
    if not faces:
        return frozenset({(0, 0, 0)})
    first = faces[0]
    blocks = []
    if first == 1:
        blocks.append(((1,), 100, 0, 0))
    if first == 5:
        blocks.append(((5,), 50, 0, 0))
    for k in range(3, faces.count(first) + 1):
        blocks.append(((first,) * k, BASE[first] * 2 ** (k - 3), 0, 0))
    for run, value in (((1, 2, 3, 4, 5), 500), ((2, 3, 4, 5, 6), 750), ((1, 2, 3, 4, 5, 6), 1500)):
        if first in run:
            blocks.append((run, value, 0, 1 if len(run) == 5 else 0))
    blocks.append(((first,), 0, 1, 0))  # any die as a dead spare (a spare 1 or 5 also scores as a single)
    out = set()
    for block, value, spare, short in blocks:
        pool = list(faces)
        if any(pool.count(v) < block.count(v) for v in set(block)):
            continue
        for v in block:
            pool.remove(v)
        for total, spares, shorts in _all_splits(tuple(pool)):
            out.add((value + total, spares + spare, shorts + short))
    return frozenset(out)


def turn_value(dice_weights, cap: int = 20000, jokers=None) -> float:
    """Expected banked points of one turn from a fresh start, by plain recursion over ordered dice.

    dice_weights: per die, weights of faces 1..6; jokers: per die, the set of its faces that are jokers.
    Totals at or above `cap` bank (the oracle's own horizon; its error shrinks as cap grows).
    """
    n = len(dice_weights)
    jokers = jokers or [set() for _ in range(n)]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    outcomes = {}

    def rolls(left):
        if left not in outcomes:
            out = []
            for faces in product(range(1, 7), repeat=len(left)):
                p = 1.0
                for die, f in zip(left, faces):
                    w = dice_weights[die]
                    p *= w[f - 1] / sum(w)
                if p > 0:
                    shown = tuple(7 if f in jokers[die] else f for die, f in zip(left, faces))
                    out.append((p, shown))
            outcomes[left] = out
        return outcomes[left]

    @cache
    def roll_on(total, left):
        value = 0.0
        for p, shown in rolls(left):
            best = None
            for mask in range(1, 2 ** len(left)):
                held = [shown[i] for i in range(len(left)) if mask >> i & 1]
                s = oracle_score(held)
                if s <= 0:
                    continue
                kept = tuple(left[i] for i in range(len(left)) if not mask >> i & 1) or tuple(range(n))
                v = decide(total + s, kept)
                best = v if best is None else max(best, v)
            if best is not None:
                value += p * best
        return value

    def decide(total, left):
        if total >= cap:
            return float(total)
        return max(float(total), roll_on(total, left))

    return roll_on(0, tuple(range(n)))


def turn_value_to(dice_weights, need: int, jokers=None) -> float:
    """E[min(banked, need)] of one turn played to maximize it (the turn when `need` points win), by the same
    plain recursion as `turn_value`: from `need` on, the value is `need`."""
    n = len(dice_weights)
    jokers = jokers or [set() for _ in range(n)]

    @cache
    def held_score(held):  # the score of a sorted selection, reckoned once
        return oracle_score(list(held))

    @cache
    def roll_on(total, left):
        value = 0.0
        for faces in product(range(1, 7), repeat=len(left)):
            p = 1.0
            for die, f in zip(left, faces):
                w = dice_weights[die]
                p *= w[f - 1] / sum(w)
            if p == 0:
                continue
            shown = tuple(7 if f in jokers[die] else f for die, f in zip(left, faces))
            best = None
            for mask in range(1, 2 ** len(left)):
                s = held_score(tuple(sorted(shown[i] for i in range(len(left)) if mask >> i & 1)))
                if s <= 0:
                    continue
                kept = tuple(left[i] for i in range(len(left)) if not mask >> i & 1) or tuple(range(n))
                t = total + s
                v = float(need) if t >= need else max(float(t), roll_on(t, kept))
                best = v if best is None else max(best, v)
            if best is not None:
                value += p * best
        return value

    return roll_on(0, tuple(range(n)))
