"""The game-free solver: exact numbers, dice and multisets, the keep lattice, the re-roll solver, batches.

Games import from here (never from a private name of a submodule).
"""

from __future__ import annotations

from .cost import EXACT_MAX_WORK, check_exact, duration_text, exact_seconds, largest_exact, links
from .dice import MAX_DICE, MAX_SIDES, MAX_WEIGHT, MIN_DICE, MIN_SIDES, Dice, counts_to_faces, faces_to_counts
from .exact import fraction_str, to_fraction
from .lattice import (
    FloatArray, IndexArray, IntArray, KeepLattice, Numbers, expect, keep_count, lattice, multiset_count, push,
)
from .memory import MemoryRule, solve_remembering
from .reroll import (
    MAX_REROLLS, NO_REROLL, OPTIMAL, RULE_HIGHER, RULE_LOWER, CategoryPayout, Game, Payout, Policy, PolicyResult,
    Random, batch_optimal, keep_str, optimal_keeps, ranked_keeps, solve,
)
from .simulation import play, z_score

__all__ = [
    "EXACT_MAX_WORK", "MAX_DICE", "MAX_REROLLS", "MAX_SIDES", "MAX_WEIGHT", "MIN_DICE", "MIN_SIDES", "NO_REROLL",
    "OPTIMAL", "RULE_HIGHER", "RULE_LOWER", "CategoryPayout", "Dice", "FloatArray", "Game", "IndexArray", "IntArray",
    "KeepLattice", "MemoryRule", "Numbers", "Payout", "Policy", "PolicyResult", "Random", "batch_optimal", "check_exact", "counts_to_faces", "duration_text", "exact_seconds", "expect",
    "faces_to_counts", "fraction_str", "keep_count", "keep_str", "largest_exact", "lattice", "links",
    "multiset_count", "optimal_keeps", "play", "push", "ranked_keeps", "solve", "solve_remembering", "to_fraction", "z_score",
]
