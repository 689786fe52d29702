"""The keep/re-roll solver: optimal and fixed policies, one payout vector or a batch.

The solver knows dice, a payout for each final hand and a number of re-rolls; it knows no game
by name. With L re-rolls left a hand's value is

    V_0(h) = payout(h),    V_L(h) = max over keeps k ⊆ h of E_L(k),
    E_L(k) = sum over multisets r of the other dice  P(r) * V_{L-1}(k + r),

computed on the keep lattice: E_L(k) = sum_f p_f * E_L(k + f) (one die at a time) and the max
over sub-keeps as a closure B(k) = max(E(k), B(k - f) for each face f in k). A fixed policy
replaces the max by its own keep. The return of a policy is sum_h P(first roll = h) V_R(h).

Ties between keeps of equal value (within 1e-12 of the payout scale in float mode, exactly in
exact mode) go to the keep with more dice, then to the one with more of the highest face, then
of the next highest face, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeAlias, overload

import numpy as np
import numpy.typing as npt

from ..errors import InputError
from .dice import Dice, faces_to_counts
from .exact import to_fraction
from .lattice import (
    FloatArray, IndexArray, Int32Array, IntArray, KeepLattice, Numbers, block_chunks, expect, push, scatter_add, zeros,
)

__all__ = [
    "FIXED_POLICIES", "MAX_REROLLS", "NO_REROLL", "OPTIMAL", "RULE_HIGHER", "RULE_LOWER", "CategoryPayout", "Game",
    "Payout", "Policy", "PolicyResult", "Random", "batch_arrays", "batch_optimal", "keep_str", "optimal_keeps",
    "policy_name", "ranked_keeps", "rule_keeps", "solve",
]

MAX_REROLLS = 6
OPTIMAL = "optimal"
RULE_HIGHER = "rule-higher"
RULE_LOWER = "rule-lower"
NO_REROLL = "none"
FIXED_POLICIES = (RULE_HIGHER, RULE_LOWER, NO_REROLL)


@dataclass(frozen=True)
class Random:
    """Keep each die with chance p, whatever it shows."""

    p: float | Fraction | str = Fraction(1, 2)


KeepRule: TypeAlias = Callable[[tuple[int, ...], int], Sequence[int]]  # (hand's faces, re-rolls left) -> kept faces
Policy: TypeAlias = str | Random | KeepRule
# a payout as a user gives it: a number, or its text ("3", "1/2"), read by `to_fraction`
Amount: TypeAlias = float | Fraction | str


@dataclass(frozen=True, eq=False)
class CategoryPayout:
    """A payout per category and each hand's category: payout(h) = table[categories[h]]."""

    categories: npt.NDArray[np.integer[Any]]
    table: Sequence[Amount]

    def vector(self, exact: bool) -> Numbers:
        values = [to_fraction(v) for v in self.table]
        table = np.array(values, dtype=object) if exact else np.array([float(v) for v in values])
        vector: Numbers = table[self.categories]
        return vector


# every hand's payout: a callable on its sorted faces, a vector in hand order, or a CategoryPayout
Payout: TypeAlias = Callable[[tuple[int, ...]], Amount] | Sequence[Amount] | Numbers | CategoryPayout


@dataclass
class Game:
    """Dice, a payout for each final hand, re-rolls.

    The payout is a callable on the sorted faces, a vector in hand order, or a CategoryPayout.
    """

    dice: Dice
    payout: Payout
    rerolls: int = 2
    _vectors: dict[bool, Numbers] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rerolls, int) or not 0 <= self.rerolls <= MAX_REROLLS:
            raise InputError(f"re-rolls must be 0 to {MAX_REROLLS}, got {self.rerolls}")

    def payout_vector(self, exact: bool = False) -> Numbers:
        """The payout of every hand, in hand order (floats, or Fractions when exact)."""
        if exact in self._vectors:
            return self._vectors[exact]
        n_hands = self.dice.lattice.n_hands
        if isinstance(self.payout, CategoryPayout):
            if len(self.payout.categories) != n_hands:
                raise InputError(f"{len(self.payout.categories)} categories given for {n_hands} hands")
            vector = self.payout.vector(exact)
        else:
            if callable(self.payout):
                raw = [self.payout(faces) for faces in self.dice.hand_faces]
            else:
                raw = list(self.payout)
                if len(raw) != n_hands:
                    raise InputError(f"{len(raw)} payouts given for {n_hands} hands")
            vector = np.array([to_fraction(v) if exact else float(to_fraction(v)) if isinstance(v, str) else float(v)
                               for v in raw], dtype=object if exact else np.float64)
        if not exact and not np.all(np.isfinite(vector)):
            raise InputError("payouts must be finite numbers")
        self._vectors[exact] = vector
        return vector


@dataclass
class PolicyResult:
    """What a policy achieves: its return, every hand's value and keep at every level, final hands."""

    game: Game
    policy: str
    exact: bool
    expected: float | Fraction
    values: Numbers  # (rerolls + 1, hands): value of each hand with L re-rolls left
    keeps: IntArray | None  # (rerolls + 1, hands): lattice index of the keep taken; None if random
    keep_values: Numbers  # (rerolls + 1, keeps): E_L of every keep; row 0 is the payout scale unused
    final_distribution: Numbers  # (hands,): chance of ending on each hand

    def keep_faces(self, hand: int, rerolls_left: int) -> tuple[int, ...]:
        """The keep taken from hand number `hand` with `rerolls_left` re-rolls left, as faces."""
        if self.keeps is None:
            raise InputError("a random policy keeps no fixed dice")
        return self.game.dice.lattice.faces(int(self.keeps[rerolls_left, hand]))


def optimal_keeps(lat: KeepLattice, keep_values: Numbers, tol: float | Fraction | FloatArray
                  ) -> tuple[Numbers, IntArray]:
    """For every hand the best keep's value and lattice index (ties: see the module docstring).

    keep_values may hold several payouts as columns (keeps x n, tol a number or one per column): then both
    results are hands x n, each column as its own call would give it.
    """
    if keep_values.ndim > 1:
        return _optimal_keeps_columns(lat, keep_values, np.asarray(tol))
    n = lat.n_keeps
    # one extra slot at the end stands for "no parent": the lowest value, no keep
    best = np.append(keep_values, keep_values.min() - 1)
    arg = np.append(np.arange(n), -1)
    for size in range(1, lat.count + 1):
        for part in block_chunks(lat, size):
            parents = lat.parent[part]
            cand_idx = np.where(parents >= 0, parents, n)
            cand_val = np.concatenate([best[part][:, None], best[cand_idx]], axis=1)
            cand_arg = np.concatenate([arg[part][:, None], arg[cand_idx]], axis=1)
            top = cand_val.max(axis=1)
            eligible = cand_val >= (top - tol)[:, None]
            best[part] = top
            arg[part] = np.where(eligible, cand_arg, -1).max(axis=1)
    return best[lat.hands], arg[lat.hands]


def _optimal_keeps_columns(lat: KeepLattice, keep_values: Numbers, tol: npt.NDArray[Any]
                           ) -> tuple[Numbers, IntArray]:
    """optimal_keeps of every column (keeps x n): the same candidates, taken one face at a time (2.5 times
    faster here than the one-column walk's 3-d temporaries, which are faster for one column)."""
    n, width = keep_values.shape
    best = np.concatenate([keep_values, np.full((1, width), keep_values.min() - 1)])
    arg = np.empty((n + 1, width), dtype=np.int64)
    arg[:n] = np.arange(n)[:, None]
    arg[n] = -1
    for size in range(1, lat.count + 1):
        for part in block_chunks(lat, size):
            cand_idx = np.where(lat.parent[part] >= 0, lat.parent[part], n)
            top = best[part]
            for f in range(lat.sides):
                top = np.maximum(top, best[cand_idx[:, f]])
            low = top - tol
            taken = np.where(best[part] >= low, arg[part], -1)
            for f in range(lat.sides):
                taken = np.maximum(taken, np.where(best[cand_idx[:, f]] >= low, arg[cand_idx[:, f]], -1))
            best[part] = top
            arg[part] = taken
    return best[lat.hands], arg[lat.hands]


def rule_keeps(dice: Dice, tie: str) -> IntArray:
    """"Keep the most frequent value": every die of the face on most dice; ties to the higher or lower face."""
    lat = dice.lattice
    counts = lat.counts[lat.hands]
    most = counts.max(axis=1)
    on_most = counts == most[:, None]
    if tie == "higher":
        face = dice.sides - 1 - np.argmax(on_most[:, ::-1], axis=1)
    elif tie == "lower":
        face = np.argmax(on_most, axis=1)
    else:
        raise InputError(f"tie must be 'higher' or 'lower', got {tie!r}")
    keep = np.zeros_like(counts)
    keep[np.arange(len(counts)), face] = most
    return lat.index_of(keep)


# Random keeps: plans for lattices up to this size are kept; larger ones are made face by face.
PLAN_CACHE_KEEPS = 1_000_000

Chance: TypeAlias = float | Fraction  # a chance: a Fraction when exact, else a float
# one thinning step of a face: the keeps it reads, the keep each lands on, and the chance of that drop
Step: TypeAlias = tuple[IntArray, IndexArray, Numbers]
Plan: TypeAlias = Iterable[list[Step]]  # the steps of every face, one face after another


def _thinning_plan(lat: KeepLattice, p: Chance, exact: bool) -> Plan:
    """The thinning steps of every face (see _face_thinning), cached for small lattices."""
    if lat.n_keeps <= PLAN_CACHE_KEEPS:
        return _cached_plan(lat, p, exact)
    return _LazyPlan(lat, p, exact)


@lru_cache(maxsize=32)
def _cached_plan(lat: KeepLattice, p: Chance, exact: bool) -> list[list[Step]]:
    return list(_LazyPlan(lat, p, exact))


@dataclass(frozen=True)  # one face's thinning steps at a time, for the plan's list
class _LazyPlan:
    lat: KeepLattice
    p: Chance
    exact: bool

    def __iter__(self) -> Iterator[list[Step]]:
        for face in range(self.lat.sides):
            yield _face_thinning(self.lat, self.p, self.exact, face)


def _face_thinning(lat: KeepLattice, p: Chance, exact: bool, face: int) -> list[Step]:
    """Per number d of dropped dice showing `face`: the keeps with at least d dice on that face, the keep
    with d fewer, and C(c_f, d) p^(c_f - d) (1 - p)^d, the chance of dropping exactly d of them."""
    from math import comb

    one = Fraction(1) if exact else 1.0
    # chance[c][d] of dropping d of c dice, each kept with chance p
    chance = [[comb(c, d) * p ** (c - d) * (one - p) ** d if d <= c else 0 * one for d in range(lat.count + 1)]
              for c in range(lat.count + 1)]
    chances: Numbers = np.array(chance, dtype=object if exact else np.float64)
    column = lat.counts[:, face]
    parent = lat.parent[:, face]
    live: IntArray = np.arange(lat.n_keeps)  # keeps with at least `dropped` dice showing the face
    source: IndexArray = live
    steps: list[Step] = [(live, source, chances[column, 0])]
    for dropped in range(1, lat.count + 1):
        more = column[live] >= dropped
        live = live[more]
        if len(live) == 0:
            break
        source = parent[source[more]]
        steps.append((live, source, chances[column[live], dropped]))
    return steps


def _random_values(lat: KeepLattice, keep_values: Numbers, plan: Plan, exact: bool) -> Numbers:
    """sum over keeps k ⊆ h of P(keep k | h) E(k) for every hand, one face at a time."""
    values = keep_values
    for steps in plan:
        thinned = zeros(lat.n_keeps, exact)
        for ok, source, coef in steps:
            thinned[ok] = thinned[ok] + coef * values[source]
        values = thinned
    return values[lat.hands]


def _random_keep_mass(lat: KeepLattice, hand_mass: Numbers, plan: Plan, exact: bool) -> Numbers:
    """The chance of each keep when each die of a hand drawn from `hand_mass` is kept with chance p."""
    mass = zeros(lat.n_keeps, exact)
    mass[lat.hands] = hand_mass
    for steps in plan:
        thinned = zeros(lat.n_keeps, exact)
        for ok, target, coef in steps:
            thinned = thinned + scatter_add(lat.n_keeps, target, coef * mass[ok], exact)
        mass = thinned
    return mass


def _callable_keeps(dice: Dice, policy: KeepRule, rerolls_left: int) -> IntArray:
    lat = dice.lattice
    hands = lat.counts[lat.hands]
    keeps = np.empty(lat.n_hands, dtype=np.int64)
    for h, faces in enumerate(dice.hand_faces):
        keep = faces_to_counts(policy(faces, rerolls_left), dice.sides)
        if np.any(keep > hands[h]):
            raise InputError(f"policy keeps {keep_str(keep)} from hand {faces}: not a part of the hand")
        keeps[h] = lat.index_of(keep)
    return keeps


def keep_str(counts: Sequence[int] | npt.NDArray[np.integer[Any]]) -> str:
    """A keep's count vector as its faces ("5 5"), or "nothing"."""
    from .lattice import counts_to_faces

    return " ".join(map(str, counts_to_faces(counts))) or "nothing"


def policy_name(policy: Policy) -> str:
    """A policy's name for reports: its string, "random(p)", or the callable's name."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, Random):
        return f"random({policy.p})"
    return str(getattr(policy, "__name__", "custom"))


def solve(game: Game, policy: Policy = OPTIMAL, exact: bool = False) -> PolicyResult:
    """Evaluate a policy exactly: its return, each hand's value and keep per level, final hands."""
    dice = game.dice
    lat = dice.lattice
    probs = dice.face_probabilities(exact)
    payout = game.payout_vector(exact)
    first = dice.first_roll(exact)
    rerolls = game.rerolls
    if isinstance(policy, str) and policy not in (OPTIMAL, *FIXED_POLICIES):
        raise InputError(f"unknown policy {policy!r}")
    p: Chance | None = None  # a random policy's chance of keeping a die
    if isinstance(policy, Random):
        given = to_fraction(policy.p)
        if not 0 <= given <= 1:
            raise InputError(f"the chance of keeping a die must be in [0, 1], got {policy.p}")
        p = given if exact else float(given)
    scale = float(np.max(np.abs(payout.astype(float)))) if len(payout) else 1.0
    tol = Fraction(0) if exact else 1e-12 * max(scale, 1.0)

    n_hands = lat.n_hands
    values = np.empty((rerolls + 1, n_hands), dtype=object if exact else np.float64)
    keeps: IntArray | None = None if p is not None else np.empty((rerolls + 1, n_hands), dtype=np.int64)
    keep_values = np.empty((rerolls + 1, lat.n_keeps), dtype=object if exact else np.float64)
    keep_values[0] = np.nan if not exact else None
    values[0] = payout
    hand_lattice_index = np.arange(lat.hands.start, lat.n_keeps)
    if keeps is not None:
        keeps[0] = hand_lattice_index
    plan = _thinning_plan(lat, p, exact) if p is not None else None
    fixed: IntArray | None = None
    if policy in (RULE_HIGHER, RULE_LOWER):
        fixed = rule_keeps(dice, "higher" if policy == RULE_HIGHER else "lower")
    elif policy == NO_REROLL:
        fixed = hand_lattice_index
    for level in range(1, rerolls + 1):
        e = expect(lat, probs, values[level - 1])
        keep_values[level] = e
        if plan is not None:
            values[level] = _random_values(lat, e, plan, exact)
            continue
        assert keeps is not None  # every policy but a random one keeps fixed dice
        if policy == OPTIMAL:
            values[level], keeps[level] = optimal_keeps(lat, e, tol)
        else:
            if fixed is not None:
                chosen = fixed
            else:
                assert callable(policy)  # not a named policy nor Random: the caller's own
                chosen = _callable_keeps(dice, policy, level)
            keeps[level] = chosen
            values[level] = e[chosen]
    expected = (first * values[rerolls]).sum()

    hand_mass = first
    for level in range(rerolls, 0, -1):
        if plan is not None:
            keep_mass = _random_keep_mass(lat, hand_mass, plan, exact)
        else:
            assert keeps is not None  # every policy but a random one keeps fixed dice
            keep_mass = scatter_add(lat.n_keeps, keeps[level], hand_mass, exact)
        hand_mass = push(lat, probs, keep_mass, exact)
    return PolicyResult(game, policy_name(policy), exact, expected if exact else float(expected),
                        values, keeps, keep_values, hand_mass)


def ranked_keeps(game: Game, hand: Sequence[int], rerolls_left: int, exact: bool = False,
                 result: PolicyResult | None = None) -> list[tuple[tuple[int, ...], object]]:
    """Every distinct keep of `hand` with `rerolls_left` re-rolls left under optimal play, best first."""
    dice = game.dice
    lat = dice.lattice
    counts = faces_to_counts(hand, dice.sides)
    if counts.sum() != dice.count:
        raise InputError(f"a hand has {dice.count} dice, got {int(counts.sum())}")
    if not 1 <= rerolls_left <= game.rerolls:
        raise InputError(f"re-rolls left must be 1 to {game.rerolls}, got {rerolls_left}")
    if result is None:
        result = solve(game, OPTIMAL, exact)
    e = result.keep_values[rerolls_left]
    ranges = [range(int(c) + 1) for c in counts]
    subs = np.array(np.meshgrid(*ranges, indexing="ij")).reshape(dice.sides, -1).T
    index = lat.index_of(subs)
    rows = [(lat.faces(int(i)), e[int(i)], int(i)) for i in index]
    rows.sort(key=lambda r: (r[1], r[2]), reverse=True)
    return [(faces, value) for faces, value, _ in rows]


@lru_cache(maxsize=16)
def batch_arrays(dice: Dice) -> tuple[Int32Array, Int32Array, Int32Array, int, FloatArray, FloatArray]:
    """What the batch kernel needs of a game's dice: parent lists (CSR), children, chances."""
    lat = dice.lattice
    has_parent = lat.parent >= 0
    parent_ptr = np.concatenate([[0], np.cumsum(has_parent.sum(axis=1))]).astype(np.int32)
    parent_idx = lat.parent[has_parent].astype(np.int32)
    return (parent_ptr, parent_idx, lat.child.astype(np.int32), int(lat.start[dice.count]),
            dice.face_probabilities(), np.ascontiguousarray(dice.first_roll()))


@overload
def batch_optimal(dice: Dice, keep_values1: npt.ArrayLike, rerolls: int, aux_values1: None = None,
                  tol: FloatArray | None = None, max_threads: int | None = None) -> FloatArray: ...


@overload
def batch_optimal(dice: Dice, keep_values1: npt.ArrayLike, rerolls: int, aux_values1: npt.ArrayLike,
                  tol: FloatArray | None = None, max_threads: int | None = None) -> tuple[FloatArray, FloatArray]: ...


def batch_optimal(dice: Dice, keep_values1: npt.ArrayLike, rerolls: int, aux_values1: npt.ArrayLike | None = None,
                  tol: FloatArray | None = None, max_threads: int | None = None
                  ) -> FloatArray | tuple[FloatArray, FloatArray]:
    """Optimal returns of many payout vectors at once, given E_1 of every keep per vector (keeps x n).

    E_1 is the expectation of the payout after rolling the dice not kept (`expect`); it is linear in the
    payout, so callers with structure (categories, comparisons) can build it cheaply.

    With aux_values1 (E_1 of further payouts, aux x keeps x n) it returns (returns, aux x n): also each further
    payout's expected value when vector j's optimal keeps are played, ties between keeps broken as `solve`
    breaks them (within tol[j]; by default solve's, 1e-12 of the payout scale and at least 1e-12). So a
    chance of ending on some hands, under the optimal play of many payouts, costs one pass, not a solve each.
    `max_threads` bounds the threads of the compiled pass (default: the CPUs; a Dask worker's task takes 1).
    """
    values1 = np.ascontiguousarray(keep_values1, dtype=np.float64)
    if aux_values1 is not None:
        return _follow_optimal(dice, values1, rerolls, np.asarray(aux_values1, dtype=np.float64), tol)
    from .batch import optimal_returns

    parent_ptr, parent_idx, child, hand_start, probs, first = batch_arrays(dice)
    return optimal_returns(values1, parent_ptr, parent_idx, child, hand_start, probs, first, rerolls,
                           max_threads)


def _follow_optimal(dice: Dice, keep_values1: FloatArray, rerolls: int, aux_values1: FloatArray,
                    tol: FloatArray | None) -> tuple[FloatArray, FloatArray]:
    """batch_optimal with further payouts: solve's walk on every column at once, in NumPy (no kernel to
    compile: a few hundred payouts take milliseconds a level)."""
    lat = dice.lattice
    probs = dice.face_probabilities()
    hands = lat.hands
    if tol is None:
        tol = 1e-12 * np.maximum(np.abs(keep_values1[hands]).max(axis=0), 1.0)  # E_1 of a hand: its payout
    n_aux, _, n = aux_values1.shape
    e, ea = keep_values1, np.moveaxis(aux_values1, 0, 1)  # aux: keeps x aux x payouts, as expect walks it
    values, aux = e[hands], ea[hands]
    for level in range(1, rerolls + 1):
        values, keeps = optimal_keeps(lat, e, np.asarray(tol))
        aux = ea[keeps[:, None, :], np.arange(n_aux)[None, :, None], np.arange(n)[None, None, :]]
        if level < rerolls:
            e, ea = expect(lat, probs, values), expect(lat, probs, aux)
    first = dice.first_roll()
    return first @ values, np.tensordot(first, aux, axes=(0, 0))
