"""The game-free solver: exact numbers, dice and multisets, the keep lattice, the re-roll solver, batches.

Games import from here (never from a private name of a submodule).
"""

from __future__ import annotations

from .dice import (
    MAX_DICE,
    MAX_SIDES,
    MIN_DICE,
    MIN_SIDES,
    Dice,
    counts_to_faces,
    faces_to_counts,
)
from .exact import fraction_str, to_fraction
from .lattice import KeepLattice, expect, keep_count, lattice, multiset_count, push
from .reroll import (
    MAX_REROLLS,
    NO_REROLL,
    OPTIMAL,
    RULE_HIGHER,
    RULE_LOWER,
    CategoryPayout,
    Game,
    PolicyResult,
    Random,
    batch_optimal,
    keep_str,
    optimal_keeps,
    ranked_keeps,
    solve,
)
from .simulation import play, z_score

__all__ = [
    "MAX_DICE", "MAX_REROLLS", "MAX_SIDES", "MIN_DICE", "MIN_SIDES", "NO_REROLL", "OPTIMAL", "RULE_HIGHER",
    "RULE_LOWER", "CategoryPayout", "Dice", "Game", "KeepLattice", "PolicyResult", "Random", "batch_optimal",
    "counts_to_faces", "expect", "faces_to_counts", "fraction_str", "keep_count", "keep_str", "lattice",
    "multiset_count", "optimal_keeps", "play", "push", "ranked_keeps", "solve", "to_fraction", "z_score",
]
