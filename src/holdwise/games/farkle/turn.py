"""One Farkle turn, solved exactly: the coaching table that maximizes the expected banked points.

State: turn total t (a multiple of 50) and the dice left to roll S (counts per die type, so unlike
dice are told apart). Rolling S gives outcome o with chance P(o); if o busts the turn scores 0,
otherwise the player sets aside a legal selection worth s, keeping dice R (all six again on hot dice),
then banks t + s or rolls on:

    Roll(t, S) = sum over non-bust o of P(o) max over options (s, R) of W(t + s, R),
    W(t, S) = max(t, Roll(t, S)).

Hot dice make the turn unbounded; it is solved exactly backward from a total T* above which banking is
provably optimal. Let q_S be S's bust chance. Sets with q_S = 0 are always rolled (a gain at no risk),
and above T* they add a constant: W(t, S) = t + c_S with
c_S = sum_o P(o) max (s + c_R) (c_R = 0 for sets that can bust). Banking at (t, S) beats rolling once
and then following that rule when q_S t >= E_S[max (s + c_R)]; since totals only grow, the region
t >= T* = max_S E_S[max (s + c_R)] / q_S is never left, so by the one-step look-ahead argument banking
(rolling only no-risk sets) is optimal there. Below T*, levels are solved from the top down.

When is the expected turn value finite? (`unbounded_reason` decides it; `solve_turn` refuses the rest.)
Call a set of dice left S *safe* when a player can roll from S forever without ever risking a bust: the
safe sets are the largest family Z with, for every S in Z, q_S = 0 and, for every outcome of rolling S, a
legal selection leaving a set in Z (all six dice on hot dice). Z is found by removing sets that break the
rule until none does (at most 63 rounds).
- If the six dice are safe, the value is unbounded: every roll sets at least 50 points aside, so "roll n
  times, then bank" banks at least 50 n for every n, with certainty.
- Otherwise it is finite. Number each set by the round r(S) in which it left Z (0: q_S > 0). From a set of
  round r, some outcome of chance >= p_min (the least chance of an outcome) leaves only sets of rounds < r,
  so whatever the player selects, a bust comes within r + 1 <= K rolls with chance >= e = p_min^(K-1) q_min
  (q_min: the least positive bust chance), K = the number of sets. A roll sets at most M = 8,000 points
  aside, so a turn that keeps rolling banks at most M per roll, and the number of rolls N has
  P(N > jK) <= (1 - e)^j: E[points] <= M E[N] <= M K / e.
Every way back to six dice passes through a set that can bust exactly when the six dice are not safe: a die
that always shows a 1 with five ordinary dice (q = 0 with six dice, but the five ordinary dice left can
bust) is finite; six dice that always score is not. With q_6 = 0 and six dice not safe, c_6 (the no-risk gain
of six dice) depends on itself through hot dice: c_6 = F(c_6), F convex, piecewise linear and increasing
with slope < 1 (the chance to come back to six dice without risk, < 1 since six dice are not safe); it is
solved by Newton steps from 0, which climb to the fixed point and stop on its linear piece.

Resource guard: the backward solve holds two tables of (T* / 50) x (sets of dice left) floats and touches
every option of every set once per level; `turn_cost` estimates both before the solve and `solve_turn`
refuses dice whose T* would need more than TURN_MAX_WORK steps or TURN_MAX_BYTES of memory (dice that
almost never bust, such as a custom die with one heavy face of 1s), saying the limit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

import numpy as np

from ...errors import InputError
from ...solver.jit import njit
from .rules import DICE_PER_PLAYER, FACES, SCORE_UNIT, Die, score

__all__ = [
    "CODE_BASE", "N_FACES", "ROLL_TABLE_NUMPY_PAIRS", "TURN_MAX_BYTES", "TURN_MAX_WORK", "DieType", "RollTable",
    "TurnPlan", "TurnSolution", "die_types", "distinct_options", "expected_best", "group_csr", "grouped_outcomes",
    "no_risk_bonus", "outcome_options", "roll_table", "safe_states", "score_table", "solve_turn", "turn_cost",
    "turn_arrays", "turn_plan", "turn_values", "unbounded_reason", "weights7",
]

N_FACES = FACES + 1  # faces 1..6 and the joker
CODE_BASE = DICE_PER_PLAYER + 1
# A roll table whose largest state has at most this many (outcome, selection) pairs is built in NumPy, which
# needs no compile; larger ones in the kernels, about 5 times faster once compiled (six fair dice, 12,376
# pairs: 0.8 ms against 4 ms in NumPy; measured with benchmarks/bench_farkle.py). A first `farkle turn` with
# the default dice reads the solve shipped in the package (store.SHIPPED_TURN) and compiles nothing.
ROLL_TABLE_NUMPY_PAIRS = 2_000


@lru_cache(maxsize=1)
def score_table() -> np.ndarray:
    """score_table[code] = score / 50 of a selection (counts over 7 faces, code = sum c_f * 7^f), -1 if illegal."""
    table = np.full(CODE_BASE**N_FACES, -1, dtype=np.int16)  # small, so it stays in cache
    # only the 1,716 selections of at most six dice are scored (not all 7^7 codes)
    for dice in range(1, DICE_PER_PLAYER + 1):
        for counts in _multisets(dice, N_FACES):
            s = score(counts)
            code = sum(c * CODE_BASE**f for f, c in enumerate(counts))
            table[code] = s // SCORE_UNIT if s > 0 else -1
    return table


def _multisets(m: int, faces: int):
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


# In the kernels a running maximum is a branch ("if v > best: best = v"), not max(): the store happens
# only when the value grows, which measured faster in the compiled loops. Kernels take their scratch arrays
# from the caller: an array made inside a kernel compiles NumPy's allocation on a first run.
#
# Both outcome kernels group the outcomes with equal option rows as they go: an outcome's row is written at
# rows[n_groups] (the next free row) and looked up in an open-addressing table (slots: a power of two, -1
# for empty, holding group numbers) by an FNV-1a hash of the row; rows with equal hashes are compared in
# full, so different rows never merge. Groups come in order of their first outcome and a group's chance adds
# its outcomes in order. The lookup is written out in each kernel: as a shared helper kernel it compiled
# markedly slower on a first run.
def _add_group(rows, n_groups, p, group_prob, group_key, slots):
    """Add chance p to the group whose row equals rows[n_groups] (found by an FNV-1a hash of the row in the
    open-addressing table `slots`, -1 for empty), or make that row a new group; returns the number of groups."""
    n_cols = rows.shape[1]
    h = np.int64(1469598103934665603)
    for c in range(n_cols):
        h = (h ^ (rows[n_groups, c] + 2)) * np.int64(1099511628211)
    mask = slots.shape[0] - 1
    i = h & mask
    while slots[i] >= 0:
        g = slots[i]
        if group_key[g] == h:
            same = True
            for c in range(n_cols):
                if rows[g, c] != rows[n_groups, c]:
                    same = False
                    break
            if same:
                group_prob[g] += p
                return n_groups
        i = (i + 1) & mask
    slots[i] = n_groups
    group_key[n_groups] = h
    group_prob[n_groups] = p
    return n_groups + 1


add_group = njit(cache=True, inline="always")(_add_group)  # inlined in its two callers: no compile of its own


def _outcome_options(n_types, m, type_start, type_stride, ms_prob, sub_start, sub_code, sub_size,
                     scores, full_state, column_of, rows, group_prob, group_key, slots, work):
    """The non-bust outcomes of rolling m[t] dice of each type, grouped by equal option rows (see the comment
    above); returns (groups, bust chance).

    rows[g, column_of[R]] = best score (units of 50) of a legal selection leaving state R (-1: none), for
    group g; group_prob[g] = its chance. Outcomes and selections are walked as mixed-radix counters over
    the types; the selection's code and the dice it leaves are kept as running sums, so a step costs what
    its changed digits cost. `work` is int64 scratch (7, n_types + 1); rows has room for every outcome.
    """
    state = 0
    for t in range(n_types):
        state += m[t] * type_stride[t]
    lens, idx, cur, sub_idx, sub_len = work[0], work[1], work[2], work[3], work[4]
    code_above, left_above = work[5], work[6]  # code_above[t] = sum of digits t.. (top down)
    for t in range(n_types + 1):
        idx[t] = 0
        sub_idx[t] = 0
        code_above[t] = 0
        left_above[t] = 0
    for t in range(n_types):
        lens[t] = type_start[t, m[t] + 1] - type_start[t, m[t]]
    n_cols = rows.shape[1]
    n_groups = 0
    bust = 0.0
    while True:
        p = 1.0
        for t in range(n_types):
            cur[t] = type_start[t, m[t]] + idx[t]
            p *= ms_prob[cur[t]]
            sub_len[t] = sub_start[cur[t] + 1] - sub_start[cur[t]]
            sub_idx[t] = 0
        for r in range(n_cols):
            rows[n_groups, r] = -1  # the next free row holds this outcome's options
        scored = False
        low = n_types - 1  # digits at or below `low` need their running sums refreshed
        while True:
            for t in range(low, -1, -1):
                k = sub_start[cur[t]] + sub_idx[t]
                code_above[t] = code_above[t + 1] + sub_code[k]
                left_above[t] = left_above[t + 1] + sub_size[k] * type_stride[t]
            s = scores[code_above[0]]
            if s > 0:
                scored = True
                left = state - left_above[0]
                if left == 0:
                    left = full_state
                c = column_of[left]
                if s > rows[n_groups, c]:
                    rows[n_groups, c] = s
            t = 0
            while t < n_types:
                sub_idx[t] += 1
                if sub_idx[t] < sub_len[t]:
                    break
                sub_idx[t] = 0
                t += 1
            if t == n_types:
                break
            low = t
        if scored:
            n_groups = add_group(rows, n_groups, p, group_prob, group_key, slots)
        else:
            bust += p
        t = 0
        while t < n_types:
            idx[t] += 1
            if idx[t] < lens[t]:
                break
            idx[t] = 0
            t += 1
        if t == n_types:
            break
    return n_groups, bust


outcome_options = njit(cache=True)(_outcome_options)


def _distinct_options(dice_in, n_faces_live, face_code, face_prob, stride_of, state, full_state, scores,
                      column_of, rows, group_prob, group_key, slots, work):
    """As outcome_options, for distinct dice (one die per type); returns (groups, bust chance).

    Each selection A of the rolled dice leaves exactly one state, so a score is written, not maximized;
    A's code is built from A without its lowest die, one addition per selection. `work` is int64 scratch
    (3, at least 2^k).
    """
    k = dice_in.shape[0]
    n_sub = 1 << k
    code, left_of, idx = work[0], work[1], work[2]
    code[0] = 0
    for j in range(k):
        idx[j] = 0
    for a in range(n_sub):
        left = state
        for j in range(k):
            if (a >> j) & 1:
                left -= stride_of[dice_in[j]]
        left_of[a] = full_state if left == 0 else left
    n_cols = rows.shape[1]
    n_groups = 0
    bust = 0.0
    while True:
        p = 1.0
        for j in range(k):
            p *= face_prob[dice_in[j], idx[j]]
        for r in range(n_cols):
            rows[n_groups, r] = -1
        scored = False
        for a in range(1, n_sub):
            low = 0
            while not (a >> low) & 1:
                low += 1
            code[a] = code[a & (a - 1)] + face_code[dice_in[low], idx[low]]
            s = scores[code[a]]
            if s > 0:
                scored = True
                rows[n_groups, column_of[left_of[a]]] = s
        if scored:
            n_groups = add_group(rows, n_groups, p, group_prob, group_key, slots)
        else:
            bust += p
        j = 0
        while j < k:
            idx[j] += 1
            if idx[j] < n_faces_live[dice_in[j]]:
                break
            idx[j] = 0
            j += 1
        if j == k:
            break
    return n_groups, bust


distinct_options = njit(cache=True)(_distinct_options)


def grouped_outcomes(m: int, state: int, type_start: np.ndarray, type_stride: np.ndarray, ms_prob: np.ndarray,
                     sub_start: np.ndarray, sub_code: np.ndarray, sub_size: np.ndarray, scores: np.ndarray,
                     full_state: int, column_of: np.ndarray, n_cols: int) -> tuple:
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


def group_csr(rows: np.ndarray, reachable: np.ndarray):
    """The options of each group row in CSR form: (option_start (groups + 1, from 0), states, score units)."""
    has = rows > 0
    option_start = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(has.sum(axis=1), out=option_start[1:])
    return option_start, np.broadcast_to(reachable, rows.shape)[has].astype(np.int64), rows[has].astype(np.int64)


@lru_cache(maxsize=64)
def _type_shapes(n_live: int, count: int) -> tuple[np.ndarray, ...]:
    """For 0..count dice over n_live faces, whatever their weights: every multiset of faces rolled (rows of
    counts; m = 0, 1, ... in turn), where each m starts (count + 2 entries, the last the end), and each
    multiset's sub-multisets (rows of counts) in CSR form: (multisets, m_start, sub_start, subs).
    Shared by every die with that many live faces, as the score table is by every loadout."""
    multisets, m_start, sub_start, subs = [], [0], [0], []
    for m in range(count + 1):
        for combo in _multisets(m, n_live):
            multisets.append(combo)
            subs.extend(product(*[range(c + 1) for c in combo]))
            sub_start.append(len(subs))
        m_start.append(len(multisets))
    return (np.array(multisets, dtype=np.int64).reshape(-1, n_live), np.array(m_start, dtype=np.int64),
            np.array(sub_start, dtype=np.int64), np.array(subs, dtype=np.int64).reshape(-1, n_live))


_FACTORIALS = np.array([math.factorial(k) for k in range(DICE_PER_PLAYER + 1)], dtype=np.int64)


@lru_cache(maxsize=256)
def _type_parts(weights7: tuple[int, ...], count: int):
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
    members: dict = field(default_factory=dict)

    def state_of(self, counts_per_type) -> int:
        """The state index of a number of dice left per type (mixed radix over the types)."""
        return int(sum(c * s for c, s in zip(counts_per_type, self.stride)))

    def counts_of(self, state: int) -> tuple[int, ...]:
        """The number of dice left per type in a state."""
        out = []
        for t, dtype in enumerate(self.types):
            out.append(state // int(self.stride[t]) % (dtype.count + 1))
        return tuple(out)


@lru_cache(maxsize=64)
def roll_table(types: tuple[DieType, ...]) -> RollTable:
    """Every state's non-bust outcomes grouped by equal option rows, and its bust chance."""
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
    scores = score_table()

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
        reachable = np.union1d(reachable[reachable > 0], [full_state])
        column_of = np.full(n_states, -1, dtype=np.int64)
        column_of[reachable] = np.arange(len(reachable))
        n_out = int(np.prod([type_start[t, m[t] + 1] - type_start[t, m[t]] for t in range(n_types)]))
        if not small:
            g_rows = np.empty((n_out, len(reachable)), dtype=np.int16)
            g_prob = np.empty(n_out)
            g_key = np.empty(n_out, dtype=np.int64)
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


def expected_best(t: RollTable, bonus: np.ndarray) -> np.ndarray:
    """E_S[max (s + bonus[R])] over the non-bust outcomes of every state S (0 for the empty state), units of 50.

    The per-state sum adds its groups one by one, in order (np.bincount), as a loop would.
    """
    if len(t.group_prob) == 0:
        return np.zeros(t.n_states)
    best = np.maximum.reduceat(t.option_units + bonus[t.option_state], t.option_start[:-1])
    state_of_group = np.repeat(np.arange(t.n_states), np.diff(t.group_start))
    return np.bincount(state_of_group, weights=t.group_prob * best, minlength=t.n_states)


def no_risk_bonus(t: RollTable) -> np.ndarray:
    """c_S of the states that cannot bust, when six dice can (so c_6 = 0); 0 for the others. Units of 50.

    A selection leaves fewer dice, or six on hot dice (c_6 = 0 here), so the states are solved by their
    number of dice, growing: those with d dice read only c of states with fewer.
    """
    bonus = np.zeros(t.n_states)
    safe = np.nan_to_num(t.bust, nan=1.0) == 0.0
    for d in np.unique(t.dice_count[safe]):
        these = safe & (t.dice_count == d)
        bonus[these] = expected_best(t, bonus)[these]
    return bonus


def _turn_values(levels, group_start, group_prob, option_start, option_offset, option_state, n_states,
                 option_units, bust, plain_gain, bonus_max, roll, keep, live, bank_units, comp_start, comp_offset):
    """Roll[l, S] and W[l, S] = max(l, Roll) for turn totals l = 0..levels-1 (units of 50), top down.

    keep is flat, n_states per level, with its rows from `levels` up already holding W(l, S) = l + c_S
    (banking, or no-risk rolling); option k of a group reads keep[l * n_states + option_offset[k]], where
    option_offset = score units (option_units) * n_states + dice-left state.

    An exact shortcut: with M the largest excess W - l at any higher level, rolling S at level l is worth
    at most (1 - q_S)(l + M) + E_S[max s]; when q_S l >= plain_gain[S] + (1 - q_S) M banking is optimal,
    Roll is not computed (roll = -1) and W = l. The bound then holds at every higher level too, so such a
    state is "settled" above l: an option leading to it is worth l + s, and each group keeps only the best
    such score plus its options to live states (rebuilt whenever a state goes live).

    live[S] comes in true for the states that cannot bust (never settled) and false for the others;
    bank_units (groups), comp_start (groups + 1) and comp_offset (options) are int64 scratch.
    """
    n_groups = group_prob.shape[0]
    excess_max = bonus_max
    rebuild = True
    for level in range(levels - 1, -1, -1):
        if rebuild:
            n = 0
            for g in range(n_groups):
                comp_start[g] = n
                bank_units[g] = -1
                for k in range(option_start[g], option_start[g + 1]):
                    if live[option_state[k]]:
                        comp_offset[n] = option_offset[k]
                        n += 1
                    else:
                        if option_units[k] > bank_units[g]:  # read, not divided out: a first run compiles less
                            bank_units[g] = option_units[k]
            comp_start[n_groups] = n
            rebuild = False
        base = level * n_states
        level_excess = 0.0
        for s in range(1, n_states):
            if not live[s]:
                if bust[s] * level >= plain_gain[s] + (1.0 - bust[s]) * excess_max:
                    roll[level, s] = -1.0
                    keep[base + s] = level
                    continue
                live[s] = True
                rebuild = True
            acc = 0.0
            for g in range(group_start[s], group_start[s + 1]):
                best = level + bank_units[g] if bank_units[g] >= 0 else -1.0
                for k in range(comp_start[g], comp_start[g + 1]):
                    v = keep[base + comp_offset[k]]
                    if v > best:
                        best = v
                acc += group_prob[g] * best
            roll[level, s] = acc
            if acc > level:
                keep[base + s] = acc
                if acc - level > level_excess:
                    level_excess = acc - level
            else:
                keep[base + s] = level
        if level_excess > excess_max:
            excess_max = level_excess


turn_values = njit(cache=True, nogil=True)(_turn_values)


# The guard of one turn solve (measured: see turn_cost). A step is one option read at one level.
TURN_MAX_WORK = 20_000_000_000  # about a minute at ~3 ns a step
TURN_MAX_BYTES = 4 * 2**30  # the two level tables; the machine class has 24 GiB, shared with the rest


def safe_states(t: RollTable) -> np.ndarray:
    """The safe sets of dice left (see the module docstring): q_S = 0 and every outcome has a selection
    leaving a safe set. Returns a boolean per state (the empty state is never safe)."""
    safe = np.nan_to_num(t.bust, nan=1.0) == 0.0
    while True:
        removed = False
        for s in np.nonzero(safe)[0]:
            for g in range(t.group_start[s], t.group_start[s + 1]):
                ks = range(t.option_start[g], t.option_start[g + 1])
                if not any(safe[t.option_state[k]] for k in ks):
                    safe[s] = False
                    removed = True
                    break
        if not removed:
            return safe


def unbounded_reason(t: RollTable) -> str | None:
    """Why a turn with these dice is unbounded (six dice safe: they can be rolled forever without risk), or
    None when the expected turn value is finite."""
    if not safe_states(t)[t.full_state]:
        return None
    return ("these dice need never bust: every roll scores and some selection always leads back to dice that "
            "cannot bust, so a turn can roll forever and its value is unbounded")


def _no_risk_pass(t: RollTable, order: np.ndarray, x: float) -> tuple[np.ndarray, float, float]:
    """c_S for the sets that cannot bust, in `order` (growing dice), with c_6 = x where hot dice read it;
    returns (c, F(x) = c_6 recomputed, F'(x) = its slope: the chance of coming back to six dice at no risk)."""
    c = np.zeros(t.n_states)
    d = np.zeros(t.n_states)
    c[t.full_state], d[t.full_state] = x, 1.0
    new_full, slope = x, 0.0
    for s in order:
        if t.bust[s] > 0.0:
            continue
        g0, g1 = t.group_start[s], t.group_start[s + 1]
        k0, k1 = t.option_start[g0], t.option_start[g1]
        states = t.option_state[k0:k1]
        values = t.option_units[k0:k1] + c[states]
        starts = t.option_start[g0:g1] - k0
        best = np.maximum.reduceat(values, starts)
        at_best = values >= np.repeat(best, np.diff(t.option_start[g0:g1 + 1])) - 1e-12 * (1.0 + np.abs(values))
        best_slope = np.maximum.reduceat(np.where(at_best, d[states], -1.0), starts)
        value = float(np.dot(t.group_prob[g0:g1], best))
        rate = float(np.dot(t.group_prob[g0:g1], best_slope))
        if s == t.full_state:
            new_full, slope = value, rate
        else:
            c[s], d[s] = value, rate
    c[t.full_state] = new_full
    return c, new_full, slope


def _no_risk_with_hot_dice(t: RollTable, order: np.ndarray) -> np.ndarray:
    """c_S when six dice cannot bust (but are not safe): Newton steps on c_6 = F(c_6) from 0 (F convex,
    piecewise linear, slope < 1), so each step lands on or below the fixed point and the last is exact."""
    x = 0.0
    for _ in range(200):
        c, fx, slope = _no_risk_pass(t, order, x)
        if abs(fx - x) <= 1e-12 * max(1.0, abs(x)):
            return c
        if slope >= 1.0 - 1e-12:  # cannot happen when six dice are not safe; plain iteration is safe anyway
            x = fx
        else:
            x = x + (fx - x) / (1.0 - slope)
    raise InputError("the no-risk gain of these dice did not converge")  # pragma: no cover


def turn_cost(t: RollTable, levels: int) -> tuple[int, int]:
    """(work steps, bytes) of the backward solve over `levels` turn totals: every option and group of every
    set once per level, and two (levels + reach) x sets tables of floats."""
    reach = int(t.option_units.max()) if len(t.option_units) else 0
    work = levels * (len(t.option_units) + len(t.group_prob) + t.n_states)
    memory = 8 * t.n_states * (2 * levels + reach + 1)
    return work, memory


@dataclass
class TurnSolution:
    """The coaching table: expected banked points of every (turn total, dice left) and its decisions."""

    table: RollTable
    top_level: int  # T* in units of 50: at or above it, bank (roll only sets that cannot bust)
    roll: np.ndarray  # (levels, states): expected banked points (units of 50) when rolling on; -1 where
    #                   banking was proven optimal without computing it
    keep: np.ndarray  # (levels, states): max(bank, roll)
    bonus: np.ndarray  # c_S in units of 50

    @property
    def expected_points(self) -> float:
        """Expected points of a turn from a fresh start (six dice, total 0: the turn must roll).

        Read through roll_value: where banking was proven optimal without computing Roll (dice that always
        bust settle at level 0) the table holds -1, not a value.
        """
        return self.roll_value(0, self.table.full_state)

    def roll_value(self, total: int, state: int) -> float:
        """Expected banked points when rolling `state` at turn total `total` (points)."""
        level = total // SCORE_UNIT
        if level < self.top_level and self.roll[level, state] >= 0:
            return SCORE_UNIT * float(self.roll[level, state])
        # above the table, or where banking was proven without computing Roll: one roll from W
        t = self.table
        acc = 0.0
        for g in range(t.group_start[state], t.group_start[state + 1]):
            best = max(self._w(level + int(t.option_units[k]), int(t.option_state[k]))
                       for k in range(t.option_start[g], t.option_start[g + 1]))
            acc += t.group_prob[g] * best
        return SCORE_UNIT * acc

    def _w(self, level: int, state: int) -> float:
        """W in units of 50."""
        return float(self.keep[level, state]) if level < self.top_level else level + float(self.bonus[state])

    def value_units(self, level: int, state: int) -> float:
        """W in units of 50 at turn total `level` (units of 50), as the table holds it (the race-blind policy)."""
        return self._w(level, state)

    def rolls(self, level: int, state: int) -> bool:
        """The coaching table's choice at turn total `level` (units of 50) with `state` left: roll on?"""
        if level < self.top_level:
            return bool(self.roll[level, state] > level)
        return bool(self.bonus[state] > 0)

    def value(self, total: int, state: int) -> float:
        """W: expected banked points with `total` set aside and `state` left, deciding optimally."""
        return max(float(total), self.roll_value(total, state))

    def banks(self, total: int, state: int) -> bool:
        """True when banking `total` is optimal with `state` left (Roll <= total)."""
        return self.roll_value(total, state) <= total

    def bank_threshold(self, state: int) -> int:
        """Smallest turn total from which banking is optimal at every larger total, for this state."""
        if self.table.bust[state] == 0:
            return -1  # never bank with dice that cannot bust
        rolls = self.roll[:, state] > np.arange(self.top_level)
        above = np.nonzero(rolls)[0]
        return SCORE_UNIT * (int(above[-1]) + 1 if len(above) else 0)


def solve_turn(dice: tuple[Die, ...], keep: bool = True) -> TurnSolution:
    """The exact coaching table of one turn with these six dice; keep=False solves it now and keeps it neither
    in memory nor on disk (a sweep over thousands of loadouts would hold a gigabyte a worker)."""
    types = die_types(tuple(dice))
    return _solve_turn(types) if keep else _solve_turn_now(types, _plan(types))


@dataclass(frozen=True)
class TurnPlan:
    """What a turn solve will cost, known before its backward pass: the roll table, the no-risk gains c_S,
    the levels (T* / 50 + 1), the work steps and bytes of the pass; `unbounded` says why there is no finite
    value (then nothing else is set)."""

    table: RollTable
    unbounded: str | None
    bonus: np.ndarray | None = None
    levels: int = 0
    work: int = 0
    memory: int = 0


def turn_plan(dice: tuple[Die, ...], keep: bool = True) -> TurnPlan:
    """The roll table, boundedness and the cost of solving a turn with these dice (no backward pass yet);
    keep=False keeps the plan out of the memory cache (the roll table stays in its own small one)."""
    types = die_types(tuple(dice))
    return _turn_plan(types) if keep else _plan(types)


def _names_text(types: tuple[DieType, ...]) -> str:
    return ", ".join(d.names[0] if d.count == 1 else f"{d.names[0]}*{d.count}" for d in types)


@lru_cache(maxsize=512)
def _turn_plan(types: tuple[DieType, ...]) -> TurnPlan:
    return _plan(types)


def _plan(types: tuple[DieType, ...]) -> TurnPlan:
    t = roll_table(types)
    reason = unbounded_reason(t)
    if reason is not None:
        return TurnPlan(t, reason)
    if t.bust[t.full_state] == 0:  # hot dice come back to six dice that cannot bust: c_6 depends on itself
        bonus = _no_risk_with_hot_dice(t, np.argsort(t.dice_count[1:], kind="stable") + 1)
    else:
        bonus = no_risk_bonus(t)
    # T* = max over states that can bust of E[max (s + c_R)] / q_S, in units of 50
    gain = expected_best(t, bonus)
    risky = t.bust > 0
    top = float(np.max(gain[risky] / t.bust[risky]))
    levels = int(math.ceil(top)) + 1 if top < 2**62 else 2**62
    work, memory = turn_cost(t, levels)
    return TurnPlan(t, None, bonus, levels, work, memory)


@lru_cache(maxsize=512)
def _solve_turn(types: tuple[DieType, ...]) -> TurnSolution:
    """A turn solve from the disk, or solved and written there."""
    from .store import TURN_SOLUTION, TURN_TABLE, load_turn, save_turn

    stored = load_turn(types)
    if stored is not None:
        n_states, full_state, top_level = (int(x) for x in stored["sizes"])
        table = RollTable(types, n_states, full_state, *(stored[name] for name in TURN_TABLE))
        return TurnSolution(table, top_level, *(stored[name] for name in TURN_SOLUTION))
    solution = _solve_turn_now(types)
    save_turn(types, turn_arrays(solution))
    return solution


def turn_arrays(solution: TurnSolution) -> dict[str, np.ndarray]:
    """A turn solve as the named arrays its file holds (`store.TURN_TABLE`, `store.TURN_SOLUTION`, sizes)."""
    from .store import TURN_SOLUTION, TURN_TABLE

    t = solution.table
    return {"sizes": np.array([t.n_states, t.full_state, solution.top_level], dtype=np.int64),
            **{name: np.asarray(getattr(t, name)) for name in TURN_TABLE},
            **{name: np.asarray(getattr(solution, name)) for name in TURN_SOLUTION}}


def _solve_turn_now(types: tuple[DieType, ...], plan: TurnPlan | None = None) -> TurnSolution:
    plan = _turn_plan(types) if plan is None else plan
    if plan.unbounded is not None:
        raise InputError(plan.unbounded)
    t, bonus, levels = plan.table, plan.bonus, plan.levels
    if plan.work > TURN_MAX_WORK or plan.memory > TURN_MAX_BYTES:
        raise InputError(f"these dice ({_names_text(types)}) almost never bust: banking is proven best only from a "
                         f"turn total of {SCORE_UNIT * (levels - 1):,}, a solve of {plan.work:.1e} steps and "
                         f"{plan.memory / 2**30:,.1f} GiB (limit {TURN_MAX_WORK:.0e} steps, about a minute, and "
                         f"{TURN_MAX_BYTES // 2**30} GiB)")
    roll = np.zeros((levels, t.n_states))
    reach = int(t.option_units.max()) if len(t.option_units) else 0
    keep = np.zeros((levels + reach + 1, t.n_states))
    keep[levels:] = np.arange(levels, levels + reach + 1)[:, None] + bonus[None, :]
    offset = t.option_units * t.n_states + t.option_state
    # per state E_S[max s] (units of 50), for the bound that settles states
    n_groups = len(t.group_prob)
    group_of = np.repeat(np.arange(n_groups), np.diff(t.option_start))
    best_units = np.full(n_groups, -1, dtype=np.int64)
    np.maximum.at(best_units, group_of, t.option_units)
    state_of_group = np.repeat(np.arange(t.n_states), np.diff(t.group_start))
    plain_gain = np.bincount(state_of_group, weights=t.group_prob * best_units, minlength=t.n_states)
    bust = np.nan_to_num(t.bust, nan=1.0)
    live = bust <= 0.0  # states that cannot bust are never settled (the empty state's bust reads 1)
    # the kernel's scratch comes from here: an array made inside a kernel compiles NumPy's allocation
    turn_values(levels, t.group_start, t.group_prob, t.option_start, offset, t.option_state, t.n_states,
                t.option_units, bust, plain_gain, float(bonus.max()), roll, keep.ravel(), live,
                np.empty(n_groups, dtype=np.int64), np.empty(n_groups + 1, dtype=np.int64),
                np.empty(len(offset), dtype=np.int64))
    return TurnSolution(t, levels, roll, keep[:levels], bonus)
