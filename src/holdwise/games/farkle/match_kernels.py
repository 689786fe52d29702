# mypy: disable-error-code="valid-type"
"""The match solve's one-pair pass and a race-blind turn's endings, in Cython's pure-Python mode (compiled by
the build; see solver/native.py). The pass over eight pairs at once is `lanes_kernels.py`."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["blind_endings", "pair_pass"]


def pair_pass(a: cython.Py_ssize_t, b: cython.Py_ssize_t, target: cython.Py_ssize_t, bust_value: cython.double,
              x_other: cython.const[cython.double][:, ::1], group_start: cython.const[cython.longlong][::1],
              group_prob: cython.const[cython.double][::1], option_start: cython.const[cython.longlong][::1],
              option_offset: cython.const[cython.longlong][::1], option_units: cython.const[cython.longlong][::1],
              option_state: cython.const[cython.longlong][::1], bust: cython.const[cython.double][::1],
              full_state: cython.Py_ssize_t, blind: cython.bint, turn_keep: cython.const[cython.double][:, ::1],
              turn_bonus: cython.const[cython.double][::1], turn_top: cython.Py_ssize_t, w: cython.double[::1],
              dw: cython.double[::1]) -> tuple[float, float]:
    """One backward pass over turn totals for the player at (a, b); returns (Roll(0, full), its derivative
    in bust_value). Runs without the GIL.

    bust_value: this player's win chance after busting (1 - opponent's start value at (b, a)).
    x_other[o, m]: the opponent's start-of-turn win chance with own score o and ours m.
    blind: follow the coaching table (turn_keep / turn_bonus / turn_top) instead of maximizing.
    w[t * n_states + s], dw[...]: the value of holding turn total t with dice s left (0 < t <= target - a - 1),
    and its derivative: every value is piecewise linear in bust_value, and the derivative follows the choices
    made at that value. Rows past target - a - 1 are set to a win (1, slope 0); option k of a group at total t
    reads w[t * n_states + option_offset[k]] (option_offset = score units * n_states + dice-left state).
    """
    n_states: cython.Py_ssize_t = bust.shape[0]
    top: cython.Py_ssize_t = target - a - 1
    i: cython.Py_ssize_t
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    nt: cython.Py_ssize_t
    r: cython.Py_ssize_t
    chosen: cython.Py_ssize_t
    first: cython.Py_ssize_t
    last: cython.Py_ssize_t
    base: cython.Py_ssize_t
    value: cython.double = 0.0
    slope: cython.double = 0.0
    bank: cython.double
    acc: cython.double
    dacc: cython.double
    best: cython.double
    coach: cython.double
    c: cython.double
    v: cython.double
    rolls: cython.bint
    with cython.nogil:
        for i in range((top + 1) * n_states, w.shape[0]):  # the target reached: a win whatever follows
            if i % n_states:  # state 0 (no dice left) is never read: left as it is, so parts agree
                w[i] = 1.0
                dw[i] = 0.0
        for t in range(top, -1, -1):
            # at t = 0 only the turn's start (all dice) is asked for
            first = full_state if t == 0 else 1
            last = full_state + 1 if t == 0 else n_states
            bank = 1.0 - x_other[b, a + t]
            base = t * n_states
            for s in range(first, last):
                acc = bust[s] * bust_value
                dacc = bust[s]
                for g in range(group_start[s], group_start[s + 1]):
                    best = -1.0
                    chosen = option_start[g]
                    if blind:
                        coach = -1.0
                        for k in range(option_start[g], option_start[g + 1]):
                            nt = t + option_units[k]
                            r = option_state[k]
                            c = turn_keep[nt, r] if nt < turn_top else nt + turn_bonus[r]
                            if c > coach:
                                coach = c
                                chosen = k
                        best = w[base + option_offset[chosen]]
                    else:
                        for k in range(option_start[g], option_start[g + 1]):
                            v = w[base + option_offset[k]]
                            if v > best:
                                best = v
                                chosen = k
                    acc += group_prob[g] * best
                    dacc += group_prob[g] * dw[base + option_offset[chosen]]
                if t == 0:
                    value = acc
                    slope = dacc
                else:
                    if blind:
                        rolls = turn_keep[t, s] > t if t < turn_top else turn_bonus[s] > 0
                    else:
                        rolls = acc > bank
                    if rolls:
                        w[base + s] = acc
                        dw[base + s] = dacc
                    else:
                        w[base + s] = bank
                        dw[base + s] = 0.0
    return value, slope


def blind_endings(levels: cython.Py_ssize_t, group_start: cython.const[cython.longlong][::1],
                  group_prob: cython.const[cython.double][::1], option_start: cython.const[cython.longlong][::1],
                  option_units: cython.const[cython.longlong][::1], option_state: cython.const[cython.longlong][::1],
                  bust: cython.const[cython.double][::1], full_state: cython.Py_ssize_t,
                  turn_keep: cython.const[cython.double][:, ::1], turn_bonus: cython.const[cython.double][::1],
                  turn_top: cython.Py_ssize_t, banked: cython.double[::1], busted: cython.double[::1],
                  mass: cython.double[:, ::1]) -> None:
    """How a race-blind player's turn ends, whatever the scores: banked[t], the chance it banks turn total t, and
    busted[t], the chance it busts holding t (units of 50, t < levels), following the coaching table. Runs
    without the GIL.

    Forward from (0, all dice): the mass at (t, S) (scratch, levels x states of zeros) banks where the coaching
    table banks, else busts with chance q_S or moves with each outcome group's chance to the option the table
    keeps. Totals only grow, so for own score a the ending below the target g is the same as without a target:
    the turn banks t or busts at t for t < g - a, and the rest of the mass reaches the target (a win).
    """
    n_states: cython.Py_ssize_t = bust.shape[0]
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    nt: cython.Py_ssize_t
    chosen: cython.Py_ssize_t
    m: cython.double
    coach: cython.double
    c: cython.double
    rolls: cython.bint
    with cython.nogil:
        mass[0, full_state] = 1.0
        for t in range(levels):
            for s in range(1, n_states):
                m = mass[t, s]
                if m == 0.0:
                    continue
                if t > 0:
                    rolls = turn_keep[t, s] > t if t < turn_top else turn_bonus[s] > 0
                    if not rolls:
                        banked[t] += m
                        continue
                busted[t] += m * bust[s]
                for g in range(group_start[s], group_start[s + 1]):
                    coach = -1.0
                    chosen = option_start[g]
                    for k in range(option_start[g], option_start[g + 1]):
                        nt = t + option_units[k]
                        c = (turn_keep[nt, option_state[k]] if nt < turn_top
                             else nt + turn_bonus[option_state[k]])
                        if c > coach:
                            coach = c
                            chosen = k
                    nt = t + option_units[chosen]
                    if nt < levels:
                        mass[nt, option_state[chosen]] += m * group_prob[g]
