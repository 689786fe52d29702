"""Balut's exact optimum: the expected total score still to come from every card state, by backward induction.

A state is how many boxes of each category are filled: (boxes + 1) ** categories of them (5 ** 7 = 78,125).
No bonus in the total depends on anything else, so V(state), the expected total still to come under optimal
play, is the same backward induction as Yahtzee's with a smaller state: each turn a keep/re-roll walk on the
keep lattice whose payout is the best open category's score plus V of the state after it. A successor state
has a larger index (one more box filled), so the states are solved from the last index down in one pass.
Pure: the table is stored and read around it (`store`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ...solver.lattice import lattice
from .balut import BALUT, BalutRules, balut_score
from .balut_kernels import solve_all

__all__ = ["NEG", "BalutSolution", "Compiled", "compile_rules", "kernel_args", "solve_balut", "turn_tables"]

NEG = -1.0e300
Array = np.ndarray

@dataclass(frozen=True)
class Compiled:
    """What the kernels read: the keep lattice, the points of every hand in every category, the strides."""

    rules: BalutRules
    child: np.ndarray  # (keeps, sides) int32
    hand_start: int
    block_start: np.ndarray  # (dice + 2,) start of each size block
    sub_start: np.ndarray  # (hands + 1,) each hand's keeps in sub_keep
    sub_keep: np.ndarray
    points: np.ndarray  # (hands, categories) float64
    hand_prob: np.ndarray  # (hands,) the chance of each hand on a roll of every die
    stride: np.ndarray  # (categories,) a box more of category i adds stride[i] to the state index


def compile_rules(rules: BalutRules) -> Compiled:
    """The kernels' arrays for a rule set."""
    from math import factorial, prod

    lat = lattice(rules.dice, rules.sides)
    hands = lat.hand_faces
    points = np.array([[balut_score(c, h) for c in rules.categories] for h in hands], dtype=np.float64)
    hand_of, keeps = lat.subkeep_pairs()
    sub_start = np.searchsorted(hand_of, np.arange(len(hands) + 1)).astype(np.int64)
    counts = lat.counts[lat.hands]
    ways = np.array([factorial(rules.dice) // prod(factorial(int(c)) for c in row) for row in counts],
                    dtype=np.float64)
    stride = np.array([(rules.boxes + 1) ** i for i in range(rules.n_categories)], dtype=np.int64)
    return Compiled(rules, lat.child.astype(np.int32), int(lat.start[rules.dice]), lat.start.astype(np.int64),
                    sub_start, keeps.astype(np.int32), points, ways / float(rules.sides) ** rules.dice, stride)


def kernel_args(c: Compiled) -> tuple[Array, int, Array, Array, Array, Array, Array, Array, int, int]:
    """What the kernels take after the state and its values: the compiled arrays, the boxes, the re-rolls."""
    return (c.child, c.hand_start, c.block_start, c.sub_start, c.sub_keep, c.points, c.hand_prob, c.stride,
            c.rules.boxes, c.rules.rolls - 1)


@dataclass(frozen=True)
class BalutSolution:
    """V for every state (`values[index]`, index = sum of filled[i] * stride[i]) and the solve's cost."""

    rules: BalutRules
    values: np.ndarray
    seconds: float
    compiled: Compiled = field(repr=False, compare=False)

    @property
    def expected_score(self) -> float:
        """The expected total score of a new game under optimal play."""
        return float(self.values[0])

    @property
    def states(self) -> int:
        return int(self.values.shape[0])


def solve_balut(rules: BalutRules = BALUT) -> BalutSolution:
    """Every state's V by backward induction (one kernel pass, about 2 s for Balut)."""
    start = time.perf_counter()
    compiled = compile_rules(rules)
    values = np.zeros(rules.n_states, dtype=np.float64)
    solve_all(values, *kernel_args(compiled))
    return BalutSolution(rules, values, time.perf_counter() - start, compiled)


def turn_tables(solution: BalutSolution, s: int) -> tuple[Array, list[Array]]:
    """One turn from state s in NumPy: every hand's value in every category (NEG where full) and each
    keep's value with 1, 2, ... re-rolls left (index 0: the last re-roll)."""
    c = solution.compiled
    rules = solution.rules
    boxes = np.full(c.points.shape, NEG)
    for i in range(rules.n_categories):
        if (s // int(c.stride[i])) % (rules.boxes + 1) < rules.boxes:
            boxes[:, i] = c.points[:, i] + solution.values[s + int(c.stride[i])]
    hand_values = boxes.max(axis=1)
    keeps = []
    for _ in range(rules.rolls - 1):
        buf = np.empty(c.child.shape[0])
        buf[c.hand_start:] = hand_values
        for size in range(rules.dice - 1, -1, -1):
            block = slice(int(c.block_start[size]), int(c.block_start[size + 1]))
            buf[block] = buf[c.child[block]].sum(axis=1) / rules.sides
        keeps.append(buf)
        hand_values = np.maximum.reduceat(buf[c.sub_keep], c.sub_start[:-1])
    return boxes, keeps
