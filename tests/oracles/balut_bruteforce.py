"""Brute-force Balut on small games, sharing no code with the solver: every ordered roll of the dice, every
subset of dice positions kept, plain recursion with memos; its own scoring from the rules' words.

A game is (categories, boxes, dice, sides, rolls), a category a (kind, value) pair: ("face", f), ("straight",
0), ("house", 0), ("choice", 0), ("balut", bonus). `optimum` gives the expected total of optimal play;
`final_cards` the chance of each final card (each category's sum and count of boxes above 0) under the
oracle's optimal play (ties: the first best category in order, scoring before keeping, then the keep of
fewest dice, then the first in position order).
"""

from __future__ import annotations

import itertools
from functools import lru_cache


def box(kind: str, value: int, dice: tuple[int, ...]) -> int:
    """What the dice score in a box of this kind, read from the rules: fours/fives/sixes count the dice of
    that face, times the face; a straight (five different faces in a row) scores their sum; a house (three
    of one face and two of another) its sum; choice the sum; balut (all alike) the bonus plus the sum."""
    if kind == "face":
        return sum(d for d in dice if d == value)
    if kind == "straight":
        ordered = sorted(dice)
        run = all(b == a + 1 for a, b in zip(ordered, ordered[1:]))
        return sum(dice) if run else 0
    if kind == "house":
        tally = {}
        for d in dice:
            tally[d] = tally.get(d, 0) + 1
        return sum(dice) if sorted(tally.values()) == [2, 3] else 0
    if kind == "choice":
        return sum(dice)
    if kind == "balut":
        return value + sum(dice) if all(d == dice[0] for d in dice) else 0
    raise ValueError(kind)


class Game:
    """A small Balut game solved by brute force (in floats: exact enough for 1e-9 comparisons)."""

    def __init__(self, categories, boxes: int, dice: int, sides: int, rolls: int):  # noqa: ANN001
        self.categories = tuple(categories)
        self.boxes = boxes
        self.dice = dice
        self.sides = sides
        self.rolls = rolls
        self.value = lru_cache(maxsize=None)(self._value)
        self.best = lru_cache(maxsize=None)(self._best)

    def _rolls(self, n: int):  # noqa: ANN202
        return list(itertools.product(range(1, self.sides + 1), repeat=n))

    def _value(self, filled: tuple[int, ...]) -> float:
        """Expected total still to come from a card with `filled` boxes per category."""
        if all(n == self.boxes for n in filled):
            return 0.0
        rolls = self._rolls(self.dice)
        return sum(self.best(filled, tuple(sorted(r)), self.rolls - 1)[0] for r in rolls) / len(rolls)

    def _best(self, filled: tuple[int, ...], hand: tuple[int, ...], left: int):  # noqa: ANN202
        """(value, action) of the best play: ("score", category) or ("keep", kept dice)."""
        best = None
        for i, (kind, value) in enumerate(self.categories):
            if filled[i] == self.boxes:
                continue
            after = filled[:i] + (filled[i] + 1,) + filled[i + 1:]
            v = box(kind, value, hand) + self.value(after)
            if best is None or v > best[0] + 1e-12:
                best = (v, ("score", i))
        if left > 0:
            for n in range(self.dice + 1):
                for positions in itertools.combinations(range(self.dice), n):
                    kept = tuple(hand[p] for p in positions)
                    rest = self._rolls(self.dice - n)
                    v = sum(self.best(filled, tuple(sorted(kept + r)), left - 1)[0] for r in rest) / len(rest)
                    if v > best[0] + 1e-12:
                        best = (v, ("keep", kept))
        return best

    def optimum(self) -> float:
        return self.value((0,) * len(self.categories))

    def final_cards(self) -> dict:
        """{(per category (sum, boxes above 0)): chance} at the full card, playing `best`'s choices."""
        start = ((0,) * len(self.categories), tuple((0, 0) for _ in self.categories))
        layer = {start: 1.0}
        for _ in range(self.boxes * len(self.categories)):
            nxt: dict = {}
            for (filled, card), p in layer.items():
                for (i, pts), q in self._turn(filled).items():
                    after = filled[:i] + (filled[i] + 1,) + filled[i + 1:]
                    s, nz = card[i]
                    new = card[:i] + ((s + pts, nz + (pts > 0)),) + card[i + 1:]
                    key = (after, new)
                    nxt[key] = nxt.get(key, 0) + p * q
            layer = nxt
        return {card: p for (_, card), p in layer.items()}

    def _turn(self, filled: tuple[int, ...]) -> dict:
        """{(category, points): chance} of one optimal turn."""
        memo: dict = {}

        def play(hand: tuple[int, ...], left: int) -> dict:
            if (hand, left) in memo:
                return memo[hand, left]
            _, (what, arg) = self.best(filled, hand, left)
            if what == "score":
                kind, value = self.categories[arg]
                out = {(arg, box(kind, value, hand)): 1.0}
            else:
                out = {}
                rest = self._rolls(self.dice - len(arg))
                for r in rest:
                    for key, q in play(tuple(sorted(arg + r)), left - 1).items():
                        out[key] = out.get(key, 0.0) + q / len(rest)
            memo[hand, left] = out
            return out

        total: dict = {}
        first = self._rolls(self.dice)
        for r in first:
            for key, q in play(tuple(sorted(r)), self.rolls - 1).items():
                total[key] = total.get(key, 0.0) + q / len(first)
        return total
