"""Seeded play of Farkle turns under the coaching table, to check its exact values by sampling."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from .match import MatchSolution
from .roll_table import CODE_BASE, DieType, score_table, weights7
from .rules import FACES, Die
from .turn import TurnSolution

__all__ = ["play_matches", "play_turns", "roll_dice", "selection", "simulate_matches", "simulate_turns", "value_after"]


def _value_after(level, state, keep, bonus, top_level):  # type: ignore[no-untyped-def]  # a Numba kernel
    """W in units of 50: the coaching table's value with `level` set aside and `state` left."""
    if level < top_level:
        return keep[level, state]
    return level + bonus[state]


value_after = njit(cache=True)(_value_after)


def _roll(left, cum_weights, faces):  # type: ignore[no-untyped-def]  # a Numba kernel
    """Roll the dice in bit set `left`: faces[d] = face index drawn from die d's cumulative weights."""
    for d in range(cum_weights.shape[0]):
        if (left >> d) & 1:
            u = np.random.random() * cum_weights[d, FACES - 1]
            f = 0
            while cum_weights[d, f] <= u:
                f += 1
            faces[d] = f


roll_dice = njit(cache=True)(_roll)


def _selection(  # type: ignore[no-untyped-def]  # a Numba kernel
        sub, left, faces, face_code, die_type, type_stride, scores):
    """Score (units of 50, <= 0 if illegal) of setting aside dice `sub`, and the dice-left state after it."""
    n_dice = faces.shape[0]
    code = 0
    for d in range(n_dice):
        if (sub >> d) & 1:
            code += face_code[d, faces[d]]
    rest = left & ~sub
    if rest == 0:
        rest = (1 << n_dice) - 1
    state = 0
    for d in range(n_dice):
        if (rest >> d) & 1:
            state += type_stride[die_type[d]]
    return scores[code], rest, state


selection = njit(cache=True)(_selection)


def _play_turns(  # type: ignore[no-untyped-def]  # a Numba kernel
        n_turns, seed, cum_weights, face_code, die_type, type_stride, full_state, keep, roll,
        bonus, top_level, scores, out):
    """Play turns: roll the dice left, set aside the selection of best coaching value, bank or roll on."""
    np.random.seed(seed)
    n_dice = cum_weights.shape[0]
    faces = np.empty(n_dice, dtype=np.int64)
    for turn in range(n_turns):
        level = 0
        left = (1 << n_dice) - 1
        while True:
            roll_dice(left, cum_weights, faces)
            best_value = -1.0
            best_level = -1
            best_left = 0
            best_state = 0
            sub = left
            while sub > 0:  # every non-empty subset of the rolled dice as a selection
                s, rest, state = selection(sub, left, faces, face_code, die_type, type_stride, scores)
                if s > 0:
                    v = value_after(level + s, state, keep, bonus, top_level)
                    if v > best_value:
                        best_value = v
                        best_level = level + s
                        best_left = rest
                        best_state = state
                sub = (sub - 1) & left
            if best_level < 0:  # bust
                out[turn] = 0
                break
            level = best_level
            left = best_left
            rolls_on = roll[level, best_state] > level if level < top_level else bonus[best_state] > 0
            if not rolls_on:
                out[turn] = level
                break


play_turns = njit(cache=True)(_play_turns)


def simulate_turns(solution: TurnSolution, dice: Sequence[Die], n_turns: int, seed: int) -> np.ndarray:
    """Banked points of `n_turns` turns played with the coaching table (dice: the six Die objects)."""
    cum, face_code, die_type = _dice_arrays(dice, solution.table.types)
    out = np.empty(n_turns, dtype=np.int64)
    play_turns(n_turns, seed, cum, face_code, die_type, solution.table.stride, solution.table.full_state,
               solution.keep, solution.roll, solution.bonus, solution.top_level, score_table(), out)
    banked: np.ndarray = out * 50
    return banked


def _play_matches(  # type: ignore[no-untyped-def]  # a Numba kernel
        n_matches, seed, target, cum1, code1, type1, stride1, full1, cum2, code2, type2, stride2, full2,
        x1, x2, w1, w2, scores, wins):
    """Play matches between two race-aware players (player 1 first); wins[0] counts player 1's wins."""
    np.random.seed(seed)
    for _ in range(n_matches):
        own = np.zeros(2, dtype=np.int64)
        player = 0
        while True:
            cum = cum1 if player == 0 else cum2
            code = code1 if player == 0 else code2
            dtype = type1 if player == 0 else type2
            stride = stride1 if player == 0 else stride2
            w = w1 if player == 0 else w2
            x_other = x2 if player == 0 else x1
            a = own[player]
            b = own[1 - player]
            n_dice = cum.shape[0]
            faces = np.empty(n_dice, dtype=np.int64)
            level = 0
            left = (1 << n_dice) - 1
            banked = -1
            while True:
                roll_dice(left, cum, faces)
                best_value = -1.0
                best_level = -1
                best_left = 0
                best_state = 0
                sub = left
                while sub > 0:
                    s, rest, state = selection(sub, left, faces, code, dtype, stride, scores)
                    if s > 0:
                        nl = level + s
                        v = 1.0 if a + nl >= target else w[a, b, nl, state]
                        if v > best_value:
                            best_value = v
                            best_level = nl
                            best_left = rest
                            best_state = state
                    sub = (sub - 1) & left
                if best_level < 0:
                    break  # bust: nothing banked
                level = best_level
                left = best_left
                if a + level >= target:
                    banked = level
                    break
                bank = 1.0 - x_other[b, a + level]
                if not (w[a, b, level, best_state] > bank):
                    banked = level
                    break
            if banked > 0:
                own[player] += banked
                if own[player] >= target:
                    if player == 0:
                        wins[0] += 1
                    break
            player = 1 - player


play_matches = njit(cache=True)(_play_matches)


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
    wins = np.zeros(1, dtype=np.int64)
    g = match.target // 50
    play_matches(n_matches, seed, g, c1, k1, t1, match.first_turn.table.stride, match.first_turn.table.full_state,
                 c2, k2, t2, match.second_turn.table.stride, match.second_turn.table.full_state,
                 match.first, match.second, match.w_first, match.w_second, score_table(), wins)
    return int(wins[0])
