"""Seeded play: simulate hands under a policy and compare averages with exact values."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from .lattice import FloatArray, IntArray
from .reroll import PolicyResult

__all__ = ["play", "z_score"]


def _roll_counts(rng: np.random.Generator, probs: FloatArray, rolled: npt.NDArray[np.integer[Any]], max_dice: int
                 ) -> IntArray:
    """Counts per face after rolling `rolled[i]` dice for each row i."""
    n, sides = len(rolled), len(probs)
    faces = rng.choice(sides, size=(n, max_dice), p=probs)
    used = np.arange(max_dice)[None, :] < rolled[:, None]
    flat = (np.arange(n)[:, None] * sides + faces)[used]
    return np.bincount(flat, minlength=n * sides).reshape(n, sides)


def play(result: PolicyResult, hands: int, rng: np.random.Generator, keep_chance: float | Fraction | None = None,
         chunk: int = 200_000) -> IntArray:
    """Play `hands` hands under a solved deterministic policy (or keep each die with `keep_chance`).

    Returns the index of each final hand. Shares nothing with the exact solver but the keep table.
    """
    game = result.game
    dice = game.dice
    lat = dice.lattice
    probs = dice.face_probabilities()
    keeps = result.keeps
    if keep_chance is None and keeps is None:
        raise InputError("a random policy keeps no fixed dice: give keep_chance")
    out = np.empty(hands, dtype=np.int64)
    for lo in range(0, hands, chunk):
        n = min(chunk, hands - lo)
        counts = _roll_counts(rng, probs, np.full(n, dice.count), dice.count)
        for level in range(game.rerolls, 0, -1):
            kept: npt.NDArray[np.integer[Any]]
            if keep_chance is not None:
                kept = rng.binomial(counts, float(keep_chance))
            else:
                assert keeps is not None  # checked above
                hand = lat.hand_index(counts)
                kept = lat.counts[keeps[level, hand]]
            counts = kept + _roll_counts(rng, probs, dice.count - kept.sum(axis=1), dice.count)
        out[lo:lo + n] = lat.hand_index(counts)
    return out


def z_score(observed_mean: float, exact_mean: float, standard_error: float) -> float:
    """(observed - exact) / standard error; 0 or infinity when there is no spread."""
    if standard_error == 0:
        return 0.0 if math.isclose(observed_mean, exact_mean, abs_tol=1e-12) else math.inf
    return (observed_mean - exact_mean) / standard_error
