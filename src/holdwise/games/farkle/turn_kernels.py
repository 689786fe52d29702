# mypy: disable-error-code="valid-type"
"""The turn solve's backward pass, in Cython's pure-Python mode (compiled by the build; see solver/native.py)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["turn_values"]


# A running maximum is a branch ("if v > best: best = v"), not max(): the store happens only when the value
# grows, which measured faster in the compiled loops.
def turn_values(levels: cython.Py_ssize_t, group_start: cython.const[cython.longlong][::1],
                group_prob: cython.const[cython.double][::1], option_start: cython.const[cython.longlong][::1],
                option_offset: cython.const[cython.longlong][::1], option_state: cython.const[cython.longlong][::1],
                n_states: cython.Py_ssize_t, option_units: cython.const[cython.longlong][::1],
                bust: cython.const[cython.double][::1], plain_gain: cython.const[cython.double][::1],
                bonus_max: cython.double, roll: cython.double[:, ::1], keep: cython.double[::1],
                live: cython.uchar[::1], bank_units: cython.longlong[::1], comp_start: cython.longlong[::1],
                comp_offset: cython.longlong[::1]) -> None:
    """Roll[l, S] and W[l, S] = max(l, Roll) for turn totals l = 0..levels-1 (units of 50), top down. Runs
    without the GIL.

    keep is flat, n_states per level, with its rows from `levels` up already holding W(l, S) = l + c_S
    (banking, or no-risk rolling); option k of a group reads keep[l * n_states + option_offset[k]], where
    option_offset = score units (option_units) * n_states + dice-left state.

    An exact shortcut: with M the largest excess W - l at any higher level, rolling S at level l is worth
    at most (1 - q_S)(l + M) + E_S[max s]; when q_S l >= plain_gain[S] + (1 - q_S) M banking is optimal,
    Roll is not computed (roll = -1) and W = l. The bound then holds at every higher level too, so such a
    state is "settled" above l: an option leading to it is worth l + s, and each group keeps only the best
    such score plus its options to live states (rebuilt whenever a state goes live).

    live[S] (bool as uint8) comes in true for the states that cannot bust (never settled) and false for the
    others; bank_units (groups), comp_start (groups + 1) and comp_offset (options) are int64 scratch.
    """
    n_groups: cython.Py_ssize_t = group_prob.shape[0]
    excess_max: cython.double = bonus_max
    rebuild: cython.bint = True
    level: cython.Py_ssize_t
    n: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    s: cython.Py_ssize_t
    base: cython.Py_ssize_t
    level_excess: cython.double
    acc: cython.double
    best: cython.double
    v: cython.double
    with cython.nogil:
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
                        elif option_units[k] > bank_units[g]:
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
