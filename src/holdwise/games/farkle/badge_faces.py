"""The faces of a throw, for the badges spent after one (Fortune: re-roll up to k dice; Transmutation: turn a die
into a face): every outcome of each dice-left state as a multiset of faces per die type, its chance and options,
and what a badge spent on it is worth, read from the layer with one use fewer.

A roll table groups outcomes by what can be kept; these badges need the faces themselves, so a player who
brings one is solved over outcomes (`badge_kernels.face_pass`). Built in Python and NumPy: slow, only where such
a badge is in play.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np

from .roll_table import CODE_BASE, N_FACES, DieType, RollTable, roll_table, score_table
from .rules import Combos

__all__ = ["Faces", "Move", "badge_values", "faces_of", "throw_moves"]

Multiset = tuple[int, ...]  # counts over the 7 faces (1..6 and the joker)


def _multisets(m: int, n: int = N_FACES) -> list[Multiset]:
    if n == 1:
        return [(m,)]
    return [(c, *rest) for c in range(m, -1, -1) for rest in _multisets(m - c, n - 1)]


def _chance(ms: Multiset, weights: tuple[int, ...]) -> float:
    m = sum(ms)
    ways = math.factorial(m) // math.prod(math.factorial(c) for c in ms)
    return float(ways * math.prod(w**c for w, c in zip(weights, ms)) / sum(weights) ** m)


@dataclass
class Faces:
    """Every state's outcomes by faces: outcomes of state s are out_start[s]..out_start[s + 1]; each its chance,
    its options (opt_start, units, dice-left state) and its faces (one multiset per die type)."""

    out_start: np.ndarray
    out_prob: np.ndarray
    opt_start: np.ndarray
    opt_units: np.ndarray
    opt_state: np.ndarray
    faces: list[tuple[Multiset, ...]]
    index: dict[tuple[int, tuple[Multiset, ...]], int]  # (state, faces) -> outcome
    state_of: list[int]


def _live(ms: Multiset, weights: tuple[int, ...]) -> bool:
    """Can a die show these faces? Faces 1, 3 and 5 always count: a Transmutation may make them (chance 0)."""
    return all(c == 0 or w > 0 or f in (0, 2, 4) for f, (c, w) in enumerate(zip(ms, weights)))


def faces_of(table: RollTable, combos: Combos = ()) -> Faces:
    """The outcomes by faces of every state of this roll table (scored with the extra combinations combos)."""
    return _faces(table.types, combos)


@lru_cache(maxsize=8)
def _faces(types: tuple[DieType, ...], combos: Combos) -> Faces:
    table = roll_table(types)  # its states (the dice left), whatever scores
    scores = score_table(combos)
    out_start, opt_start, units, states, owner = [0], [0], [], [], []
    probs: list[float] = []
    faces: list[tuple[Multiset, ...]] = []
    index: dict[tuple[int, tuple[Multiset, ...]], int] = {}
    for s in range(table.n_states):
        counts = table.counts_of(s)
        if s > 0:
            per_type = [[ms for ms in _multisets(c) if _live(ms, d.weights7)] for c, d in zip(counts, types)]
            for outcome in product(*per_type):
                index[s, outcome] = len(probs)
                probs.append(math.prod(_chance(ms, d.weights7) for ms, d in zip(outcome, types)))
                faces.append(outcome)
                owner.append(s)
                seen: set[tuple[int, int]] = set()
                for take in product(*(product(*(range(c + 1) for c in ms)) for ms in outcome)):
                    code = sum(c * CODE_BASE**f for sub in take for f, c in enumerate(sub))
                    u = int(scores[code]) if code else -1
                    if u <= 0:
                        continue
                    left = s - sum(sum(sub) * int(st) for sub, st in zip(take, table.stride))
                    option = (u, left if left else table.full_state)
                    if option not in seen:
                        seen.add(option)
                        units.append(option[0])
                        states.append(option[1])
                opt_start.append(len(units))
        out_start.append(len(probs))
    return Faces(np.array(out_start, dtype=np.int64), np.array(probs), np.array(opt_start, dtype=np.int64),
                 np.array(units, dtype=np.int64), np.array(states, dtype=np.int64), faces, index, owner)


def _rerolls(outcome: tuple[Multiset, ...], kind: str, amount: int
             ) -> list[tuple[tuple[Multiset, ...], tuple[Multiset, ...]]]:
    """The re-rolls a badge allows on a throw: (the faces kept, the faces thrown again), one multiset per die
    type. Fortune and Wedding: any 1..amount dice; Swap-Out: 1..amount dice that show one face."""
    out = []
    for keep in product(*(product(*(range(c + 1) for c in ms)) for ms in outcome)):
        rest = tuple(tuple(c - k for c, k in zip(ms, kp)) for ms, kp in zip(outcome, keep))
        if not 1 <= sum(map(sum, rest)) <= amount:
            continue
        if kind == "swap-out" and len({f for r in rest for f, c in enumerate(r) if c}) > 1:
            continue
        out.append((tuple(tuple(kp) for kp in keep), rest))
    return out


@lru_cache(maxsize=8)
def _moves(types: tuple[DieType, ...], combos: Combos, kind: str, amount: int) -> tuple[np.ndarray, ...]:
    """Each outcome's moves when the badge is spent on it: (the outcome each move is made on, the draw it
    makes) and the draws as a sparse map to the outcomes they lead to (entries' draw, outcome reached, chance).
    A re-roll (kind "fortune", "wedding", "swap-out"; amount k): 1..k of its dice thrown again (`_rerolls`), a
    draw being the dice kept and how many of each type are thrown again (shared by every outcome with those
    dice); Transmutation ("transmutation",
    amount the face): one die turned into that face, a draw of one outcome for sure."""
    fx = _faces(types, combos)
    owner, via, rows, cols, chances = [], [], [], [], []
    draws: dict[tuple[object, ...], int] = {}

    def draw(key: tuple[object, ...], reached: list[tuple[int, float]]) -> int:
        if key not in draws:
            draws[key] = len(draws)
            for col, p in reached:
                rows.append(draws[key])
                cols.append(col)
                chances.append(p)
        return draws[key]

    for o, outcome in enumerate(fx.faces):
        s = fx.state_of[o]
        if kind == "transmutation":
            to = amount - 1
            for t, ms in enumerate(outcome):
                for f, c in enumerate(ms):
                    if c == 0 or f == to:
                        continue
                    turned = list(ms)
                    turned[f] -= 1
                    turned[to] += 1
                    col = fx.index[s, tuple(tuple(turned) if i == t else m for i, m in enumerate(outcome))]
                    owner.append(o)
                    via.append(draw((col,), [(col, 1.0)]))
            continue
        # a re-roll: keep a sub-multiset per type, throw the rest again
        for keep, rest in _rerolls(outcome, kind, amount):
            thrown = tuple(sum(r) for r in rest)
            key = (s, keep, thrown)
            if key not in draws:
                per_type = [[r_ms for r_ms in _multisets(n) if _chance(r_ms, d.weights7) > 0]
                            for n, d in zip(thrown, types)]
                reached = []
                for new in product(*per_type):
                    p = math.prod(_chance(n_ms, d.weights7) for n_ms, d in zip(new, types))
                    moved = tuple(tuple(k + c for k, c in zip(kp, n_ms)) for kp, n_ms in zip(keep, new))
                    reached.append((fx.index[s, moved], p))
                draw(key, reached)
            owner.append(o)
            via.append(draws[key])
    return (np.array(owner, dtype=np.int64), np.array(via, dtype=np.int64), np.array(rows, dtype=np.int64),
            np.array(cols, dtype=np.int64), np.array(chances))


def badge_values(table: RollTable, combos: Combos, kind: str, amount: int, w_low: np.ndarray, bust_low: float,
                 top: int) -> np.ndarray:
    """vb[t, o]: the value of spending the badge on outcome o at turn total t (t = 0..top), the game going on in
    the layer with one use fewer, whose held values are w_low[t, s] (1 past the target: t > top) and whose
    bust is worth bust_low."""
    fx = faces_of(table, combos)
    n = table.n_states
    reach = int(fx.opt_units.max(initial=0))
    wp = np.ones((top + 1 + reach + 1, n))
    wp[:top + 1] = w_low[:top + 1]
    ts = np.arange(top + 1)
    # V'(t, o): the best option of o at t in the lower layer (its bust value if it has none)
    opt_vals = wp[ts[:, None] + fx.opt_units[None, :], fx.opt_state[None, :]]
    n_out = len(fx.out_prob)
    vlow = np.full((top + 1, n_out), bust_low)
    has = np.diff(fx.opt_start) > 0
    if len(fx.opt_units):
        best = np.maximum.reduceat(opt_vals, fx.opt_start[:-1][has], axis=1)
        vlow[:, has] = best
    owner, via, rows, cols, chances = _moves(table.types, combos, kind, amount)
    vb = np.full((top + 1, n_out), -1.0)  # -1: no move on this outcome (never better than playing it)
    if len(owner):
        # entries of one draw are consecutive, moves of one outcome too: sums and maxima by reduceat
        draw_first = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        draw_vals = np.add.reduceat(vlow[:, cols] * chances, draw_first, axis=1)
        own_first = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        vb[:, owner[own_first]] = np.maximum.reduceat(draw_vals[:, via], own_first, axis=1)
    return vb


def _words(faces: list[int]) -> str:
    names = [f"the {'joker' if f == 7 else f}" for f in sorted(faces)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


Move = tuple[str, list[tuple[int, float]], tuple[Multiset, ...]]


def throw_moves(table: RollTable, combos: Combos, kind: str, amount: int, outcome: int) -> list[Move]:
    """The moves of a badge spent on one outcome, for the coach and the table: (what to do, the outcomes it
    leads to with their chances, the faces it acts on per die type), e.g. ("re-roll the 4 and the 6", [...],
    the 4 and the 6 of the ordinary dice)."""
    fx = faces_of(table, combos)
    s, shown = fx.state_of[outcome], fx.faces[outcome]
    moves: list[Move] = []
    if kind == "transmutation":
        for t, ms in enumerate(shown):
            for f, c in enumerate(ms):
                if c and f != amount - 1:
                    turned = list(ms)
                    turned[f] -= 1
                    turned[amount - 1] += 1
                    moved = tuple(tuple(turned) if i == t else m for i, m in enumerate(shown))
                    acted = tuple(tuple(int(i == t and g == f) for g in range(N_FACES)) for i in range(len(shown)))
                    moves.append((f"turn {_words([f + 1])} into a {amount}", [(fx.index[s, moved], 1.0)], acted))
        return moves
    for keep, thrown in _rerolls(shown, kind, amount):
        n = [sum(r) for r in thrown]
        reached = []
        for new in product(*([r for r in _multisets(m) if _chance(r, d.weights7) > 0] for m, d in
                             zip(n, table.types))):
            p = math.prod(_chance(r, d.weights7) for r, d in zip(new, table.types))
            moved = tuple(tuple(k + c for k, c in zip(kp, r)) for kp, r in zip(keep, new))
            reached.append((fx.index[s, moved], p))
        faces = [f + 1 for r in thrown for f, c in enumerate(r) for _ in range(c)]
        moves.append((f"re-roll {_words(faces)}", reached, thrown))
    return moves
