"""Policies that remember: a keep chosen from the first roll as well as the hand in front of the player.

The re-roll solver's policies see only the hand and the re-rolls left; a target fixed at the first roll (aim
for the face that was most frequent then, whatever comes later) needs the first roll too. Given the first
roll, such a policy is an ordinary fixed policy, so its value is one backward pass per first roll, weighted by
the first roll's chance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeAlias

import numpy as np

from ..errors import InputError
from .lattice import expect, faces_to_counts
from .reroll import Game

__all__ = ["MemoryRule", "solve_remembering"]

# (the first roll's faces, the hand's faces, re-rolls left) -> the faces kept
MemoryRule: TypeAlias = Callable[[tuple[int, ...], tuple[int, ...], int], Sequence[int]]


def solve_remembering(game: Game, policy: MemoryRule, exact: bool = False) -> float | Fraction:
    """The expected payout of a policy that sees the first roll and the hand (exact Fractions when `exact`)."""
    dice = game.dice
    lat = dice.lattice
    probs = dice.face_probabilities(exact)
    payout = game.payout_vector(exact)
    first = dice.first_roll(exact)
    hands = dice.hand_faces
    counts = lat.counts[lat.hands]

    def keep_index(start: tuple[int, ...], h: int, level: int) -> int:
        keep = faces_to_counts(policy(start, hands[h], level), dice.sides)
        if np.any(keep > counts[h]):
            raise InputError(f"policy keeps {list(policy(start, hands[h], level))} from hand {hands[h]}: "
                             "not a part of the hand")
        return int(lat.index_of(keep))

    total: float | Fraction = Fraction(0) if exact else 0.0
    for h1, start in enumerate(hands):
        if not first[h1]:
            continue
        values = payout
        for level in range(1, game.rerolls + 1):
            e = expect(lat, probs, values)
            if level == game.rerolls:  # the first roll is the only hand with every re-roll still to come
                values = np.array([e[keep_index(start, h1, level)]], dtype=e.dtype)
            else:
                values = e[[keep_index(start, h, level) for h in range(len(hands))]]
        top = values[0] if game.rerolls else payout[h1]
        total = total + first[h1] * top
    return total
