"""The roll table of a Farkle loadout: for every set of dice left, its non-bust outcomes grouped by equal option
rows (each option a score and the dice it leaves) and its bust chance.

A loadout's dice are grouped into types of alike dice (`die_types`); a set of dice left is a state, counts per
type in mixed radix. The table is built in NumPy when small and in compiled kernels (`roll_kernels.py`) when
large; both give the same numbers to the last bit. The turn solver (`turn.py`) and the match solver read it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...memory import bounded

from .roll_kernels import distinct_options, outcome_options
from .rules import DICE_PER_PLAYER, FACES, SCORE_UNIT, Combos, Die, score, score_with

__all__ = [
    "CODE_BASE", "N_FACES", "ROLL_TABLE_NUMPY_PAIRS", "DieType", "RollTable", "die_types", "distinct_options",
    "group_csr", "grouped_outcomes", "outcome_options", "roll_table", "score_pairs", "score_table", "weights7",
]

N_FACES = FACES + 1  # faces 1..6 and the joker
CODE_BASE = DICE_PER_PLAYER + 1
# A roll table whose largest state has at most this many (outcome, selection) pairs is built in NumPy (quick
# where the kernels run as plain Python, HOLDWISE_PURE=1); larger ones in the compiled kernels, about 5 times
# faster (six fair dice, 12,376 pairs: 0.8 ms against 4 ms in NumPy; benchmarks/bench_farkle.py).
ROLL_TABLE_NUMPY_PAIRS = 2_000


# The code and score of every selection, shipped (tools/ship_farkle_scores.py writes it from the rules; a test
# checks it against them), so that a first call builds no table in Python: (2, 1715) int32, codes then score / 50
SCORES_FILE = os.path.join(os.path.dirname(__file__), "data", "score-table.npy")
N_SELECTIONS = math.comb(DICE_PER_PLAYER + N_FACES, N_FACES) - 1  # 1 to 6 dice over 7 faces


def score_pairs() -> np.ndarray:
    """(2, 1715) int32 from the rules: the code (counts over 7 faces, code = sum c_f * 7^f) of every selection
    of one to six dice, and its score / 50 (-1 if illegal), in the order of `_multisets`."""
    codes, units = [], []
    for dice in range(1, DICE_PER_PLAYER + 1):
        for counts in _multisets(dice, N_FACES):
            s = score(counts)
            codes.append(sum(c * CODE_BASE**f for f, c in enumerate(counts)))
            units.append(s // SCORE_UNIT if s > 0 else -1)
    return np.array([codes, units], dtype=np.int32)


def _shipped_pairs() -> np.ndarray | None:
    """The shipped score_pairs, or None when the file is missing or not of its shape (then they are built)."""
    try:
        pairs = np.load(SCORES_FILE, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if pairs.shape != (2, N_SELECTIONS) or pairs.dtype != np.int32:
        return None
    return pairs if 0 <= pairs[0].min() and pairs[0].max() < CODE_BASE**N_FACES else None


@lru_cache(maxsize=16)
def score_table(combos: Combos = ()) -> np.ndarray:
    """score_table[code] = score / 50 of a selection (counts over 7 faces, code = sum c_f * 7^f), -1 if illegal;
    combos: extra combinations that score (a Badge of Advantage's, `rules.score_with`)."""
    table = np.full(CODE_BASE**N_FACES, -1, dtype=np.int16)  # small, so it stays in cache
    if combos:
        for dice in range(1, DICE_PER_PLAYER + 1):
            for counts in _multisets(dice, N_FACES):
                s = score_with(counts, combos)
                if s > 0:
                    table[sum(c * CODE_BASE**f for f, c in enumerate(counts))] = s // SCORE_UNIT
        return table
    # only the 1,715 selections of one to six dice score (not all 7^7 codes)
    pairs = _shipped_pairs()
    if pairs is None:
        pairs = score_pairs()
    table[pairs[0]] = pairs[1]
    return table


def _multisets(m: int, faces: int) -> Iterator[tuple[int, ...]]:
    if faces == 1:
        yield (m,)
        return
    for c in range(m, -1, -1):
        for rest in _multisets(m - c, faces - 1):
            yield (c, *rest)


@dataclass(frozen=True)
class DieType:
    """Alike dice of a loadout: their 7-face weights (a joker face moved to face 7) and how many."""

    weights7: tuple[int, ...]
    count: int
    names: tuple[str, ...]


def weights7(die: Die) -> tuple[int, ...]:
    """A die's weights over faces 1..6 and the joker: a joker face's weight moves to face 7."""
    w = list(die.weights) + [0]
    for f in die.joker_faces:
        w[FACES] += w[f - 1]
        w[f - 1] = 0
    return tuple(w)


def die_types(dice: tuple[Die, ...]) -> tuple[DieType, ...]:
    """The loadout's dice grouped into types of alike dice (same weights and jokers), in order of appearance."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for die in dice:
        groups.setdefault(weights7(die), []).append(die.name)
    return tuple(DieType(w, len(names), tuple(names)) for w, names in groups.items())


def grouped_outcomes(m: np.ndarray, state: int, type_start: np.ndarray, type_stride: np.ndarray, ms_prob: np.ndarray,
                     sub_start: np.ndarray, sub_code: np.ndarray, sub_size: np.ndarray, scores: np.ndarray,
                     full_state: int, column_of: np.ndarray, n_cols: int) -> tuple[np.ndarray, np.ndarray, float]:
    """outcome_options in plain NumPy, every (outcome, selection) pair at once: (group rows, group chances,
    bust chance), equal to the kernels' to the last bit (outcomes in the same order, chances multiplied and
    added in the same order). For small tables (ROLL_TABLE_NUMPY_PAIRS), where it needs no compile."""
    outcome = np.zeros(1, dtype=np.int64)
    code = np.zeros(1, dtype=np.int64)
    taken = np.zeros(1, dtype=np.int64)
    p = np.ones(1)
    radix = 1
    for t in range(len(m)):  # type 0 is the fastest digit, as in the kernels' counters
        j0, j1 = type_start[t, m[t]], type_start[t, m[t] + 1]
        n_subs = np.diff(sub_start[j0:j1 + 1])
        ks = np.arange(sub_start[j0], sub_start[j1])
        outcome = (outcome[:, None] + radix * np.repeat(np.arange(j1 - j0), n_subs)[None, :]).ravel()
        code = (code[:, None] + sub_code[ks][None, :]).ravel()
        taken = (taken[:, None] + type_stride[t] * sub_size[ks][None, :]).ravel()
        p = (ms_prob[j0:j1][:, None] * p[None, :]).ravel()  # p of the earlier types, times this type's
        radix *= int(j1 - j0)
    score = scores[code]
    scoring = score > 0
    left = state - taken[scoring]
    left[left == 0] = full_state
    rows = np.full((radix, n_cols), -1, dtype=np.int16)
    np.maximum.at(rows, (outcome[scoring], column_of[left]), score[scoring])
    scored = np.zeros(radix, dtype=bool)
    scored[outcome[scoring]] = True
    bust = float(np.cumsum(p[~scored])[-1]) if not scored.all() else 0.0  # added one by one, in outcome order
    if not scored.any():
        return rows[:0], np.zeros(0), bust
    unique, first, inverse = np.unique(rows[scored], axis=0, return_index=True, return_inverse=True)
    by_first = np.argsort(first)  # groups in order of their first outcome
    rank = np.empty(len(first), dtype=np.int64)
    rank[by_first] = np.arange(len(first))
    group_prob = np.bincount(rank[inverse.ravel()], weights=p[scored], minlength=len(first))  # in outcome order
    return unique[by_first], group_prob, bust


def group_csr(rows: np.ndarray, reachable: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The options of each group row in CSR form: (option_start (groups + 1, from 0), states, score units)."""
    has = rows > 0
    option_start = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(has.sum(axis=1), out=option_start[1:])
    return option_start, np.broadcast_to(reachable, rows.shape)[has].astype(np.int64), rows[has].astype(np.int64)


@lru_cache(maxsize=64)
def _type_shapes(n_live: int, count: int) -> tuple[np.ndarray, ...]:
    """For 0..count dice over n_live faces, whatever their weights: every multiset of faces rolled (rows of
    counts; m = 0, 1, ... in turn, each m in the order of `_multisets`), where each m starts (count + 2 entries,
    the last the end), and each multiset's sub-multisets (rows of counts, in the order of itertools.product
    over range(c + 1) per face) in CSR form: (multisets, m_start, sub_start, subs).
    Shared by every die with that many live faces, as the score table is by every loadout. Built in NumPy, not
    row by row (a first call pays for it)."""
    memo: dict[tuple[int, int], np.ndarray] = {}

    def compositions(m: int, n: int) -> np.ndarray:  # `_multisets(m, n)` as rows
        if (m, n) not in memo:
            if n == 1:
                memo[m, n] = np.array([[m]], dtype=np.int64)
            else:
                memo[m, n] = np.concatenate([np.column_stack([np.full(len(rest), c, dtype=np.int64), rest])
                                             for c in range(m, -1, -1) for rest in (compositions(m - c, n - 1),)])
        return memo[m, n]

    per_m = [compositions(m, n_live) for m in range(count + 1)]
    multisets = np.concatenate(per_m)
    m_start = np.zeros(count + 2, dtype=np.int64)
    np.cumsum([len(p) for p in per_m], out=m_start[1:])
    radix = multisets + 1
    sizes = np.prod(radix, axis=1)
    sub_start = np.zeros(len(multisets) + 1, dtype=np.int64)
    np.cumsum(sizes, out=sub_start[1:])
    # sub k of a multiset in mixed radix, the last face the fastest digit (itertools.product's order)
    stride = np.ones_like(radix)
    if n_live > 1:
        stride[:, :-1] = np.cumprod(radix[:, :0:-1], axis=1)[:, ::-1]
    row = np.repeat(np.arange(len(multisets)), sizes)
    k = np.arange(sub_start[-1]) - sub_start[row]
    subs = k[:, None] // stride[row] % radix[row]
    return multisets, m_start, sub_start, subs


_FACTORIALS = np.array([math.factorial(k) for k in range(DICE_PER_PLAYER + 1)], dtype=np.int64)


@lru_cache(maxsize=256)
def _type_parts(weights7: tuple[int, ...], count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                                np.ndarray]:
    """For 0..count dice of one type, as arrays: the chance of each multiset of faces rolled (m = 0, 1, ...
    in turn), where each m starts (count + 2 entries, the last the end), and each multiset's sub-multisets
    (the dice of that type a selection can take) in CSR form: (start, code, size).

    A chance is m! / prod c_f! * prod w_f^c_f / total^m: whole numbers, divided once (correctly rounded). In
    int64 while the numbers stay below 2^53 (so the float division is the same as Python's); else in Python's
    integers."""
    live = [f for f in range(N_FACES) if weights7[f] > 0]
    multisets, m_start, sub_start, subs = _type_shapes(len(live), count)
    sub_code = subs @ np.array([CODE_BASE**f for f in live], dtype=np.int64)
    sub_size = subs.sum(axis=1)
    w = [weights7[f] for f in live]
    total = sum(weights7)
    dice = multisets.sum(axis=1)
    if total**count < 2**53 and math.factorial(count) * max(w) ** count < 2**53:
        ways = _FACTORIALS[dice] // np.prod(_FACTORIALS[multisets], axis=1) * np.prod(
            np.array(w, dtype=np.int64) ** multisets, axis=1)
        probs = ways.astype(np.float64) / (np.int64(total) ** dice).astype(np.float64)
    else:
        probs = np.array([math.factorial(int(m)) // math.prod(math.factorial(int(c)) for c in row)
                          * math.prod(wf ** int(c) for wf, c in zip(w, row)) / total ** int(m)
                          for m, row in zip(dice, multisets)])
    return probs, m_start, sub_start, sub_code, sub_size


@dataclass
class RollTable:
    """For every dice-left state S: the non-bust outcome groups (chance, options (R, score units))."""

    types: tuple[DieType, ...]
    n_states: int
    full_state: int
    stride: np.ndarray
    dice_count: np.ndarray  # dice in each state
    group_start: np.ndarray  # groups of state S: group_start[S]..group_start[S+1]
    group_prob: np.ndarray
    option_start: np.ndarray  # options of group g: option_start[g]..option_start[g+1]
    option_state: np.ndarray
    option_units: np.ndarray
    bust: np.ndarray  # bust chance of each state (nan for the empty state)

    def state_of(self, counts_per_type: Sequence[int]) -> int:
        """The state index of a number of dice left per type (mixed radix over the types)."""
        return int(sum(c * s for c, s in zip(counts_per_type, self.stride)))

    def counts_of(self, state: int) -> tuple[int, ...]:
        """The number of dice left per type in a state."""
        out: list[int] = []
        for t, dtype in enumerate(self.types):
            out.append(state // int(self.stride[t]) % (dtype.count + 1))
        return tuple(out)


@bounded  # a loadout's table is up to a few MB: kept by bytes, under the process's memory budget
def roll_table(types: tuple[DieType, ...], combos: Combos = ()) -> RollTable:
    """Every state's non-bust outcomes grouped by equal option rows, and its bust chance; combos: extra
    combinations that score (`score_table`)."""
    n_types = len(types)
    stride = np.ones(n_types, dtype=np.int64)
    for t in range(1, n_types):
        stride[t] = stride[t - 1] * (types[t - 1].count + 1)
    n_states = int(stride[-1] * (types[-1].count + 1))
    full_state = int(sum(d.count * s for d, s in zip(types, stride)))
    # per type and number of dice: the multisets of faces rolled, their chances, their sub-multisets
    max_m = max(d.count for d in types)
    type_start = np.zeros((n_types, max_m + 2), dtype=np.int64)
    parts = [_type_parts(d.weights7, d.count) for d in types]
    n_ms, n_sub = 0, 0
    sub_starts = [np.zeros(1, dtype=np.int64)]
    for t, (probs, m_start, starts, _, _) in enumerate(parts):
        type_start[t, :len(m_start)] = n_ms + m_start
        type_start[t, len(m_start):] = n_ms + m_start[-1]  # more dice than the type has: none
        sub_starts.append(n_sub + starts[1:])
        n_ms += len(probs)
        n_sub += int(starts[-1])
    ms_prob = np.concatenate([part[0] for part in parts])
    sub_start = np.concatenate(sub_starts)
    sub_code = np.concatenate([part[3] for part in parts])
    sub_size = np.concatenate([part[4] for part in parts])
    scores = score_table(combos)

    # small tables in NumPy, with nothing to compile; larger ones in the kernels (every type a single die:
    # the faster path for distinct dice)
    pairs = math.prod(int(sub_start[type_start[t, d.count + 1]] - sub_start[type_start[t, d.count]])
                      for t, d in enumerate(types))  # (outcome, selection) pairs of the largest state
    small = pairs <= ROLL_TABLE_NUMPY_PAIRS
    distinct = all(d.count == 1 for d in types)
    n_live = np.array([sum(1 for w in d.weights7 if w > 0) for d in types], dtype=np.int64)
    face_code = np.zeros((n_types, N_FACES), dtype=np.int64)
    face_prob = np.zeros((n_types, N_FACES))
    for t, d in enumerate(types):
        live_faces = [f for f in range(N_FACES) if d.weights7[f] > 0]
        for j, f in enumerate(live_faces):
            face_code[t, j] = CODE_BASE**f
            face_prob[t, j] = d.weights7[f] / sum(d.weights7)
    counts_of = np.array([[state // int(stride[t]) % (types[t].count + 1) for t in range(n_types)]
                          for state in range(n_states)], dtype=np.int64)
    group_start = np.zeros(n_states + 1, dtype=np.int64)
    work = np.zeros((7, max(n_types + 1, 1 << n_types if distinct else 0)), dtype=np.int64)  # kernels' scratch
    group_parts = []
    n_options = 0
    bust = np.full(n_states, np.nan)
    dice_count = counts_of.sum(axis=1)
    for state in range(n_states):
        m = counts_of[state]
        if state == 0:
            continue
        # the dice-left states a selection can lead to: sub-states of this one, and all dice (hot dice)
        reachable = np.nonzero(np.all(counts_of <= m, axis=1))[0]
        # sorted and unique already; the full state (hot dice) is the largest (np.union1d would import numpy.ma)
        reachable = reachable[reachable > 0]
        if reachable[-1] != full_state:
            reachable = np.append(reachable, full_state)
        column_of = np.full(n_states, -1, dtype=np.int64)
        column_of[reachable] = np.arange(len(reachable))
        n_out = int(np.prod([type_start[t, m[t] + 1] - type_start[t, m[t]] for t in range(n_types)]))
        if not small:
            g_rows = np.empty((n_out, len(reachable)), dtype=np.int16)
            g_prob = np.empty(n_out)
            g_key = np.empty(n_out, dtype=np.uint64)
            slots = np.full(1 << (2 * n_out - 1).bit_length(), -1, dtype=np.int64)  # at most half full
        if small:
            g_rows, g_prob, bust[state] = grouped_outcomes(m, state, type_start, stride, ms_prob, sub_start, sub_code,
                                                           sub_size, scores, full_state, column_of, len(reachable))
            n_groups = len(g_prob)
        elif distinct:
            dice_in = np.nonzero(m)[0].astype(np.int64)
            n_groups, bust[state] = distinct_options(dice_in, n_live, face_code, face_prob, stride, state, full_state,
                                                     scores, column_of, g_rows, g_prob, g_key, slots, work)
        else:
            n_groups, bust[state] = outcome_options(n_types, m, type_start, stride, ms_prob, sub_start, sub_code,
                                                    sub_size, scores, full_state, column_of, g_rows, g_prob, g_key,
                                                    slots, work)
        g_start, g_state, g_units = group_csr(g_rows[:n_groups], reachable)
        group_parts.append((g_prob[:n_groups], g_start[1:] + n_options, g_state, g_units))
        n_options += len(g_units)
        group_start[state + 1] = group_start[state] + n_groups
    group_prob = np.concatenate([p[0] for p in group_parts]) if group_parts else np.zeros(0)
    option_start = np.concatenate([[0]] + [p[1] for p in group_parts]).astype(np.int64)
    option_state = np.concatenate([p[2] for p in group_parts]).astype(np.int64)
    option_units = np.concatenate([p[3] for p in group_parts]).astype(np.int64)
    return RollTable(types, n_states, full_state, stride, dice_count, group_start, group_prob, option_start,
                     option_state, option_units, bust)
