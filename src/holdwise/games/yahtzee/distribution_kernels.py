# mypy: disable-error-code="valid-type,untyped-decorator"
"""The score distribution's push from a layer of states to the next, in Cython's pure-Python mode (compiled by
the build; see holdwise.solver.native)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["spread"]


@cython.locals(r=cython.Py_ssize_t, e=cython.Py_ssize_t, x=cython.longlong, s=cython.Py_ssize_t,
               t=cython.Py_ssize_t, lo_s=cython.longlong, hi_s=cython.longlong, base_s=cython.longlong,
               base_t=cython.longlong, g=cython.longlong, p=cython.double)
def spread(thread: cython.Py_ssize_t, threads: cython.Py_ssize_t, src: cython.const[cython.longlong][::1],
           out_target: cython.const[cython.int][:, ::1], out_gain: cython.const[cython.int][:, ::1],
           out_prob: cython.const[cython.double][:, ::1], count: cython.const[cython.longlong][::1],
           s_off: cython.const[cython.longlong][::1], s_lo: cython.const[cython.longlong][::1],
           s_min: cython.const[cython.longlong][::1], s_max: cython.const[cython.longlong][::1],
           s_data: cython.const[cython.double][::1], t_off: cython.const[cython.longlong][::1],
           t_lo: cython.const[cython.longlong][::1], t_hi: cython.const[cython.longlong][::1],
           t_min: cython.longlong[::1], t_max: cython.longlong[::1], t_data: cython.double[::1],
           error: cython.longlong[::1]) -> None:
    """Add each source's score chances, shifted by each outcome's gain and weighted by its chance, into the
    next states this thread owns (index % threads == thread): each next state is written by one thread.
    s_* are the layer's states' (offsets, lowest score held, lowest and highest score reached, chances), t_*
    the next layer's (offsets, lowest and highest score held, lowest and highest reached, chances). Runs
    without the GIL."""
    with cython.nogil:
        for r in range(src.shape[0]):
            s = src[r]
            lo_s = s_min[s]
            hi_s = s_max[s]
            if hi_s < lo_s:
                continue
            base_s = s_off[s] - s_lo[s]
            for e in range(count[r]):
                t = out_target[r, e]
                if t % threads != thread:
                    continue
                g = out_gain[r, e]
                p = out_prob[r, e]
                if t < 0 or lo_s + g < t_lo[t] or hi_s + g > t_hi[t]:
                    error[thread] = 1  # outside the next state's window: a bound is wrong
                    continue
                base_t = t_off[t] - t_lo[t] + g
                for x in range(lo_s, hi_s + 1):
                    t_data[base_t + x] += p * s_data[base_s + x]
                if lo_s + g < t_min[t]:
                    t_min[t] = lo_s + g
                if hi_s + g > t_max[t]:
                    t_max[t] = hi_s + g
