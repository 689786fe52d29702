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
    "CODE_BASE", "N_FACES", "TURN_MAX_BYTES", "TURN_MAX_WORK", "DieType", "RollTable", "TurnPlan", "TurnSolution",
    "die_types", "distinct_options", "group_rows", "no_risk_bonus", "outcome_options", "roll_table", "safe_states",
    "score_table", "solve_turn", "turn_cost", "turn_plan", "turn_values", "unbounded_reason", "weights7",
]

N_FACES = FACES + 1  # faces 1..6 and the joker
CODE_BASE = DICE_PER_PLAYER + 1


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
# only when the value grows, which measured faster in the compiled loops.
def _outcome_options(n_types, m, type_start, type_stride, ms_prob, sub_start, sub_code, sub_size,
                     scores, full_state, column_of, options, probs):
    """Every outcome of rolling m[t] dice of each type: its chance and the best score per dice-left state.

    options[o, column_of[R]] = best score (units of 50) of a legal selection leaving state R (-1: none).
    Outcomes and selections are walked as mixed-radix counters over the types; the selection's code and
    the dice it leaves are kept as running sums, so a step costs what its changed digits cost.
    """
    state = 0
    for t in range(n_types):
        state += m[t] * type_stride[t]
    lens = np.empty(n_types, dtype=np.int64)
    for t in range(n_types):
        lens[t] = type_start[t, m[t] + 1] - type_start[t, m[t]]
    idx = np.zeros(n_types, dtype=np.int64)
    cur = np.empty(n_types, dtype=np.int64)
    sub_idx = np.zeros(n_types, dtype=np.int64)
    sub_len = np.empty(n_types, dtype=np.int64)
    code_above = np.zeros(n_types + 1, dtype=np.int64)  # code_above[t] = sum of digits t.. (top down)
    left_above = np.zeros(n_types + 1, dtype=np.int64)
    n_cols = options.shape[1]
    o = 0
    while True:
        p = 1.0
        for t in range(n_types):
            cur[t] = type_start[t, m[t]] + idx[t]
            p *= ms_prob[cur[t]]
            sub_len[t] = sub_start[cur[t] + 1] - sub_start[cur[t]]
            sub_idx[t] = 0
        probs[o] = p
        for r in range(n_cols):
            options[o, r] = -1
        low = n_types - 1  # digits at or below `low` need their running sums refreshed
        while True:
            for t in range(low, -1, -1):
                k = sub_start[cur[t]] + sub_idx[t]
                code_above[t] = code_above[t + 1] + sub_code[k]
                left_above[t] = left_above[t + 1] + sub_size[k] * type_stride[t]
            s = scores[code_above[0]]
            if s > 0:
                left = state - left_above[0]
                if left == 0:
                    left = full_state
                c = column_of[left]
                if s > options[o, c]:
                    options[o, c] = s
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
        o += 1
        t = 0
        while t < n_types:
            idx[t] += 1
            if idx[t] < lens[t]:
                break
            idx[t] = 0
            t += 1
        if t == n_types:
            break
    return o


outcome_options = njit(cache=True)(_outcome_options)


def _distinct_options(dice_in, n_faces_live, face_code, face_prob, stride_of, state, full_state, scores,
                      column_of, options, probs):
    """Outcomes of rolling distinct dice (one die per type): chance, best score per dice-left state.

    Each selection A of the rolled dice leaves exactly one state, so a score is written, not maximized;
    A's code is built from A without its lowest die, one addition per selection.
    """
    k = dice_in.shape[0]
    n_sub = 1 << k
    code = np.zeros(n_sub, dtype=np.int64)
    left_of = np.empty(n_sub, dtype=np.int64)
    for a in range(n_sub):
        left = state
        for j in range(k):
            if (a >> j) & 1:
                left -= stride_of[dice_in[j]]
        left_of[a] = full_state if left == 0 else left
    idx = np.zeros(k, dtype=np.int64)
    n_cols = options.shape[1]
    o = 0
    while True:
        p = 1.0
        for j in range(k):
            p *= face_prob[dice_in[j], idx[j]]
        probs[o] = p
        for r in range(n_cols):
            options[o, r] = -1
        for a in range(1, n_sub):
            low = 0
            while not (a >> low) & 1:
                low += 1
            code[a] = code[a & (a - 1)] + face_code[dice_in[low], idx[low]]
            s = scores[code[a]]
            if s > 0:
                options[o, column_of[left_of[a]]] = s
        o += 1
        j = 0
        while j < k:
            idx[j] += 1
            if idx[j] < n_faces_live[dice_in[j]]:
                break
            idx[j] = 0
            j += 1
        if j == k:
            break
    return o


distinct_options = njit(cache=True)(_distinct_options)


def _group_rows(options, probs, reachable, group_prob, option_start, option_state, option_units):
    """Group the outcomes with equal option rows; write the groups in CSR form. Returns
    (groups, options written, bust chance).

    A row with no option busts. Rows are hashed, sorted by hash, and neighbours compared in full, so
    equal hashes never merge different rows.
    """
    n, n_cols = options.shape
    keys = np.empty(n, dtype=np.int64)
    live = np.empty(n, dtype=np.int64)
    n_live = 0
    bust = 0.0
    for i in range(n):
        h = np.int64(1469598103934665603)
        any_option = False
        for c in range(n_cols):
            v = options[i, c]
            if v > 0:
                any_option = True
            h = (h ^ (v + 2)) * np.int64(1099511628211)
        if any_option:
            keys[n_live] = h
            live[n_live] = i
            n_live += 1
        else:
            bust += probs[i]
    order = np.argsort(keys[:n_live])
    groups = 0
    written = 0
    option_start[0] = 0
    for pos in range(n_live):
        row = live[order[pos]]
        same = False
        if pos > 0 and keys[order[pos]] == keys[order[pos - 1]]:
            prev = live[order[pos - 1]]
            same = True
            for c in range(n_cols):
                if options[row, c] != options[prev, c]:
                    same = False
                    break
        if same:
            group_prob[groups - 1] += probs[row]
        else:
            group_prob[groups] = probs[row]
            for c in range(n_cols):
                if options[row, c] > 0:
                    option_state[written] = reachable[c]
                    option_units[written] = options[row, c]
                    written += 1
            groups += 1
            option_start[groups] = written
    return groups, written, bust


group_rows = njit(cache=True)(_group_rows)


@lru_cache(maxsize=256)
def _type_parts(weights7: tuple[int, ...], count: int):
    """For 0..count dice of one type: each multiset of faces rolled with its chance, and its sub-multisets
    (the dice of that type a selection can take) as (code, size) pairs."""
    live = [f for f in range(N_FACES) if weights7[f] > 0]
    total = sum(weights7)
    pow7 = [CODE_BASE**f for f in range(N_FACES)]
    parts = []
    for m in range(count + 1):
        probs, subs = [], []
        for combo in _multisets(m, len(live)):
            counts = [0] * N_FACES
            for f, c in zip(live, combo):
                counts[f] = c
            ways = math.factorial(m)
            for f, c in enumerate(counts):
                ways = ways // math.factorial(c) * weights7[f] ** c
            probs.append(ways / total**m)
            subs.append([(sum(c * pow7[f] for f, c in enumerate(sub)), sum(sub))
                         for sub in product(*[range(c + 1) for c in counts])])
        parts.append((probs, subs))
    return parts


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
    ms_prob, sub_start, sub_code, sub_size = [], [0], [], []
    for t, dtype in enumerate(types):
        parts = _type_parts(dtype.weights7, dtype.count)
        for m in range(max_m + 1):
            type_start[t, m] = len(ms_prob)
            if m > dtype.count:
                continue
            probs, subs = parts[m]
            ms_prob.extend(probs)
            for sub in subs:
                sub_code.extend(c for c, _ in sub)
                sub_size.extend(z for _, z in sub)
                sub_start.append(len(sub_code))
        type_start[t, max_m + 1] = len(ms_prob)
        for m in range(dtype.count + 1, max_m + 1):
            type_start[t, m] = len(ms_prob)
    ms_prob = np.array(ms_prob)
    sub_start = np.array(sub_start, dtype=np.int64)
    sub_code = np.array(sub_code, dtype=np.int64)
    sub_size = np.array(sub_size, dtype=np.int64)
    scores = score_table()

    # every type a single die: the faster path for distinct dice
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
        options = np.empty((n_out, len(reachable)), dtype=np.int16)
        probs = np.empty(n_out)
        if distinct:
            dice_in = np.nonzero(m)[0].astype(np.int64)
            distinct_options(dice_in, n_live, face_code, face_prob, stride, state, full_state, scores, column_of,
                             options, probs)
        else:
            outcome_options(n_types, m, type_start, stride, ms_prob, sub_start, sub_code, sub_size,
                            scores, full_state, column_of, options, probs)
        g_prob = np.empty(n_out)
        g_start = np.empty(n_out + 1, dtype=np.int64)
        g_state = np.empty(n_out * len(reachable), dtype=np.int64)
        g_units = np.empty(n_out * len(reachable), dtype=np.int64)
        n_groups, n_written, bust[state] = group_rows(options, probs, reachable, g_prob, g_start, g_state, g_units)
        group_parts.append((g_prob[:n_groups], g_start[1:n_groups + 1] + n_options, g_state[:n_written],
                            g_units[:n_written]))
        n_options += n_written
        group_start[state + 1] = group_start[state] + n_groups
    group_prob = np.concatenate([p[0] for p in group_parts]) if group_parts else np.zeros(0)
    option_start = np.concatenate([[0]] + [p[1] for p in group_parts]).astype(np.int64)
    option_state = np.concatenate([p[2] for p in group_parts]).astype(np.int64)
    option_units = np.concatenate([p[3] for p in group_parts]).astype(np.int64)
    return RollTable(types, n_states, full_state, stride, dice_count, group_start, group_prob, option_start,
                     option_state, option_units, bust)


def _no_risk_bonus(order, group_start, group_prob, option_start, option_state, option_units, bust, out, bonus):
    """out[S] = E_S[max (s + bonus[R])] over non-bust outcomes, for states with bust[S] == 0 (or all
    states when bust is all zeros), in the given order (growing dice); others get 0. Units of 50."""
    for i in range(order.shape[0]):
        s = order[i]
        if bust[s] > 0.0:
            out[s] = 0.0
            continue
        acc = 0.0
        for g in range(group_start[s], group_start[s + 1]):
            best = -1.0
            for k in range(option_start[g], option_start[g + 1]):
                v = option_units[k] + bonus[option_state[k]]
                if v > best:
                    best = v
            acc += group_prob[g] * best
        out[s] = acc


no_risk_bonus = njit(cache=True)(_no_risk_bonus)


def _turn_values(levels, group_start, group_prob, option_start, option_offset, option_state, n_states,
                 bust, plain_gain, bonus_max, roll, keep):
    """Roll[l, S] and W[l, S] = max(l, Roll) for turn totals l = 0..levels-1 (units of 50), top down.

    keep is flat, n_states per level, with its rows from `levels` up already holding W(l, S) = l + c_S
    (banking, or no-risk rolling); option k of a group reads keep[l * n_states + option_offset[k]], where
    option_offset = score units * n_states + dice-left state.

    An exact shortcut: with M the largest excess W - l at any higher level, rolling S at level l is worth
    at most (1 - q_S)(l + M) + E_S[max s]; when q_S l >= plain_gain[S] + (1 - q_S) M banking is optimal,
    Roll is not computed (roll = -1) and W = l. The bound then holds at every higher level too, so such a
    state is "settled" above l: an option leading to it is worth l + s, and each group keeps only the best
    such score plus its options to live states (rebuilt whenever a state goes live).
    """
    n_groups = group_prob.shape[0]
    excess_max = bonus_max
    live = np.zeros(n_states, dtype=np.bool_)
    for s in range(1, n_states):
        if bust[s] <= 0.0:
            live[s] = True  # states that cannot bust are never settled
    bank_units = np.empty(n_groups, dtype=np.int64)
    comp_start = np.empty(n_groups + 1, dtype=np.int64)
    comp_offset = np.empty(option_offset.shape[0], dtype=np.int64)
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
                        u = (option_offset[k] - option_state[k]) // n_states
                        if u > bank_units[g]:
                            bank_units[g] = u
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


def solve_turn(dice: tuple[Die, ...]) -> TurnSolution:
    """The exact coaching table of one turn with these six dice."""
    return _solve_turn(die_types(tuple(dice)))


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


def turn_plan(dice: tuple[Die, ...]) -> TurnPlan:
    """The roll table, boundedness and the cost of solving a turn with these dice (no backward pass yet)."""
    return _turn_plan(die_types(tuple(dice)))


def _names_text(types: tuple[DieType, ...]) -> str:
    return ", ".join(d.names[0] if d.count == 1 else f"{d.names[0]}*{d.count}" for d in types)


@lru_cache(maxsize=512)
def _turn_plan(types: tuple[DieType, ...]) -> TurnPlan:
    t = roll_table(types)
    reason = unbounded_reason(t)
    if reason is not None:
        return TurnPlan(t, reason)
    order = np.argsort(t.dice_count[1:], kind="stable") + 1
    bonus = np.zeros(t.n_states)
    if t.bust[t.full_state] == 0:  # hot dice come back to six dice that cannot bust: c_6 depends on itself
        bonus = _no_risk_with_hot_dice(t, order)
    else:
        no_risk_bonus(order, t.group_start, t.group_prob, t.option_start, t.option_state, t.option_units, t.bust,
                      bonus, bonus)
    # T* = max over states that can bust of E[max (s + c_R)] / q_S, in units of 50
    gain = np.zeros(t.n_states)
    no_risk_bonus(order, t.group_start, t.group_prob, t.option_start, t.option_state, t.option_units,
                  np.zeros(t.n_states), gain, bonus)
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
    t = solution.table
    arrays = {"sizes": np.array([t.n_states, t.full_state, solution.top_level], dtype=np.int64),
              **{name: np.asarray(getattr(t, name)) for name in TURN_TABLE},
              **{name: np.asarray(getattr(solution, name)) for name in TURN_SOLUTION}}
    save_turn(types, arrays)
    return solution


def _solve_turn_now(types: tuple[DieType, ...]) -> TurnSolution:
    plan = _turn_plan(types)
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
    turn_values(levels, t.group_start, t.group_prob, t.option_start, offset, t.option_state, t.n_states,
                np.nan_to_num(t.bust, nan=1.0), plain_gain, float(bonus.max()), roll, keep.ravel())
    return TurnSolution(t, levels, roll, keep[:levels], bonus)
