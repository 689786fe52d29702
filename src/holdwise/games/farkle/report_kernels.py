# mypy: disable-error-code="valid-type"
"""The strategy report's one-roll-on values, in Cython's pure-Python mode (compiled by the build; see
solver/native.py)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["rolls_at"]


def rolls_at(a: cython.Py_ssize_t, target: cython.Py_ssize_t, bs: cython.const[cython.longlong][::1],
             ts: cython.const[cython.longlong][::1], ss: cython.const[cython.longlong][::1],
             w: cython.const[cython.double][:, :, ::1], x_other: cython.const[cython.double][:, ::1],
             group_start: cython.const[cython.longlong][::1], group_prob: cython.const[cython.double][::1],
             option_start: cython.const[cython.longlong][::1], option_units: cython.const[cython.longlong][::1],
             option_state: cython.const[cython.longlong][::1], bust: cython.const[cython.double][::1],
             out: cython.double[::1]) -> None:
    """out[i] = Roll(t, S) of player 1 at own score a against bs[i] with turn total ts[i] and set ss[i] left,
    one roll on from the stored values: q_S (1 - x_2(b, a)) + sum_groups p max_options W(t + u, R), where W
    is 1 once a + t + u reaches the target."""
    i: cython.Py_ssize_t
    b: cython.Py_ssize_t
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    grp: cython.Py_ssize_t
    k: cython.Py_ssize_t
    nt: cython.Py_ssize_t
    acc: cython.double
    best: cython.double
    v: cython.double
    for i in range(bs.shape[0]):
        b = bs[i]
        t = ts[i]
        s = ss[i]
        acc = bust[s] * (1.0 - x_other[b, a])
        for grp in range(group_start[s], group_start[s + 1]):
            best = -1.0
            for k in range(option_start[grp], option_start[grp + 1]):
                nt = t + option_units[k]
                v = 1.0 if a + nt >= target else w[b, nt, option_state[k]]
                if v > best:
                    best = v
            acc += group_prob[grp] * best
        out[i] = acc
