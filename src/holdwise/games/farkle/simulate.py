"""Seeded play of Farkle turns under the coaching table, to check its exact values by sampling."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import InputError
from .match import MatchSolution
from .roll_table import CODE_BASE, DieType, score_table, weights7
from .rules import FACES, Die
from .simulate_kernels import DRAW_BLOCK, play_matches, play_turns
from .turn import TurnSolution

__all__ = ["simulate_matches", "simulate_turns"]


def simulate_turns(solution: TurnSolution, dice: Sequence[Die], n_turns: int, seed: int) -> np.ndarray:
    """Banked points of `n_turns` turns played with the coaching table (dice: the six Die objects)."""
    cum, face_code, die_type = _dice_arrays(dice, solution.table.types)
    out = np.empty(n_turns, dtype=np.int64)
    play_turns(n_turns, np.random.RandomState(seed), cum, face_code, die_type, solution.table.stride,
               np.ascontiguousarray(solution.keep), np.ascontiguousarray(solution.roll), solution.bonus,
               solution.top_level, score_table(), np.zeros(len(dice), dtype=np.int64), np.zeros(DRAW_BLOCK), out)
    banked: np.ndarray = out * 50
    return banked


def _dice_arrays(dice: Sequence[Die], types: tuple[DieType, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    index = {t.weights7: i for i, t in enumerate(types)}
    cum = np.array([np.cumsum(d.weights) for d in dice], dtype=np.float64)
    face_code = np.zeros((len(dice), FACES), dtype=np.int64)
    die_type = np.zeros(len(dice), dtype=np.int64)
    for i, d in enumerate(dice):
        die_type[i] = index[weights7(d)]
        for f in range(FACES):
            face_code[i, f] = CODE_BASE ** (FACES if (f + 1) in d.joker_faces else f)
    return cum, face_code, die_type


def simulate_matches(match: MatchSolution, dice1: Sequence[Die], dice2: Sequence[Die], n_matches: int,
                     seed: int) -> int:
    """How many of `n_matches` seeded matches player 1 (moving first) wins, both playing race-aware."""
    if match.w_first is None:
        raise InputError("solve the match with store=True to simulate it")
    c1, k1, t1 = _dice_arrays(dice1, match.first_turn.table.types)
    c2, k2, t2 = _dice_arrays(dice2, match.second_turn.table.types)
    g = match.target // 50
    wins: int = play_matches(n_matches, np.random.RandomState(seed), g, c1, k1, t1, match.first_turn.table.stride,
                             c2, k2, t2, match.second_turn.table.stride, np.ascontiguousarray(match.first),
                             np.ascontiguousarray(match.second), match.w_first, match.w_second, score_table(),
                             np.zeros(len(dice1), dtype=np.int64), np.zeros(DRAW_BLOCK))
    return wins
