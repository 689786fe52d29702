# mypy: disable-error-code="valid-type,untyped-decorator"
"""The badge match's one-pair pass, in Cython's pure-Python mode (compiled by the build; see solver/native.py):
a race-aware turn that may spend a badge, reading the values of the layer with one use fewer. The pass over the
roll table's groups (`badge_pass`) and the one over outcomes by faces (`face_pass`) share their opening (the
won rows), the bank (with a Warlord's bonus) and the hold (roll on or bank) as inline C functions; their loop
over totals and dice-left states is `match_kernels.pair_pass`'s (a cfunc of another module would need a .pxd
the pure-Python build does not have: the shape is shared, the code is this module's)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["badge_pass", "face_pass", "might_pass"]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.cdivision(True)  # non-negative integers: the same remainder either way
def _won_rows(w: cython.double[::1], dw: cython.double[::1], top: cython.Py_ssize_t,
              n_states: cython.Py_ssize_t) -> cython.void:
    """The rows past turn total `top`: the target reached, a win whatever follows (slope 0). State 0 (no dice
    left) is never read: left as it is."""
    i: cython.Py_ssize_t
    for i in range((top + 1) * n_states, w.shape[0]):
        if i % n_states:
            w[i] = 1.0
            dw[i] = 0.0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _bank(a: cython.Py_ssize_t, b: cython.Py_ssize_t, t: cython.Py_ssize_t, target: cython.Py_ssize_t,
          x_other: cython.const[cython.double][:, ::1], boost: cython.const[cython.longlong][::1],
          x_war: cython.const[cython.double][:, ::1]) -> cython.double:
    """Banking turn total t at (a, b): the opponent then moves at (b, a + t); with a Warlord's use (boost given,
    t > 0) the better of that and banking boost[t] in the layer with the use spent (x_war; a win at the
    target)."""
    bank: cython.double = 1.0 - x_other[b, a + t]
    v: cython.double
    nt: cython.Py_ssize_t
    if boost.shape[0] > 0 and t > 0:
        nt = boost[t]
        v = 1.0 if a + nt >= target else 1.0 - x_war[b, a + nt]
        if v > bank:
            bank = v
    return bank


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _hold(w: cython.double[::1], dw: cython.double[::1], i: cython.Py_ssize_t, acc: cython.double,
          dacc: cython.double, bank: cython.double) -> cython.void:
    """Holding a turn total with dice left (row i): the better of rolling on (acc, slope dacc) and banking."""
    if acc > bank:
        w[i] = acc
        dw[i] = dacc
    else:
        w[i] = bank
        dw[i] = 0.0


def badge_pass(a: cython.Py_ssize_t, b: cython.Py_ssize_t, target: cython.Py_ssize_t, bust_value: cython.double,
               x_other: cython.const[cython.double][:, ::1], group_start: cython.const[cython.longlong][::1],
               group_prob: cython.const[cython.double][::1], option_start: cython.const[cython.longlong][::1],
               option_offset: cython.const[cython.longlong][::1], option_units: cython.const[cython.longlong][::1],
               option_state: cython.const[cython.longlong][::1], bust: cython.const[cython.double][::1],
               full_state: cython.Py_ssize_t, boost: cython.const[cython.longlong][::1],
               x_war: cython.const[cython.double][:, ::1], dopp: cython.bint,
               w_dop: cython.const[cython.double][:, ::1],
               resurrect: cython.bint, r_res: cython.const[cython.double][:, ::1], might: cython.bint,
               vm: cython.const[cython.double][:, ::1], w: cython.double[::1], dw: cython.double[::1],
               r: cython.double[::1]) -> tuple[float, float]:
    """One backward pass over turn totals for a race-aware player at (a, b) who may spend badges; returns
    (Roll(0, full), its derivative in bust_value). Runs without the GIL.

    As `match_kernels.pair_pass` (race-aware), plus, each only where its layer is given:
    boost (Warlord, len > 0): banking total t may instead bank boost[t], reading x_war (the opponent's start
    values in the layer with one Warlord use fewer); dopp (Doppelganger): a selection worth u may count 2u,
    the turn going on in the layer with one use fewer (w_dop[t, s]: its values at this pair); resurrect
    (Resurrection): a bust at (t, s) may be thrown again, worth r_res[t, s] (that layer's roll value);
    might (Badge of Might): the throw at (t, s) may be made with the extra die instead, worth vm[t, s]
    (`badge_might.might_values`, from the layer with one use fewer).
    Values from a layer with fewer uses do not depend on bust_value: their derivative is 0.
    r[t * n_states + s]: this pass's roll values; with w, stored by the caller for the layers above.
    """
    n_states: cython.Py_ssize_t = bust.shape[0]
    top: cython.Py_ssize_t = target - a - 1
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    nt: cython.Py_ssize_t
    first: cython.Py_ssize_t
    last: cython.Py_ssize_t
    base: cython.Py_ssize_t
    value: cython.double = 0.0
    slope: cython.double = 0.0
    bank: cython.double
    acc: cython.double
    dacc: cython.double
    best: cython.double
    dbest: cython.double
    v: cython.double
    with cython.nogil:
        _won_rows(w, dw, top, n_states)
        for t in range(top, -1, -1):
            first = full_state if t == 0 else 1
            last = full_state + 1 if t == 0 else n_states
            bank = _bank(a, b, t, target, x_other, boost, x_war)
            base = t * n_states
            for s in range(first, last):
                acc = bust[s] * bust_value
                dacc = bust[s]
                if resurrect and bust[s] > 0.0 and r_res[t, s] > bust_value:
                    acc = bust[s] * r_res[t, s]
                    dacc = 0.0
                for g in range(group_start[s], group_start[s + 1]):
                    best = -1.0
                    dbest = 0.0
                    for k in range(option_start[g], option_start[g + 1]):
                        v = w[base + option_offset[k]]
                        if v > best:
                            best = v
                            dbest = dw[base + option_offset[k]]
                        if dopp:
                            nt = t + 2 * option_units[k]
                            v = 1.0 if nt > top else w_dop[nt, option_state[k]]
                            if v > best:
                                best = v
                                dbest = 0.0
                    acc += group_prob[g] * best
                    dacc += group_prob[g] * dbest
                if might and vm[t, s] > acc:
                    acc = vm[t, s]
                    dacc = 0.0
                r[base + s] = acc
                if t == 0:
                    value = acc
                    slope = dacc
                else:
                    _hold(w, dw, base + s, acc, dacc, bank)
    return value, slope


def face_pass(a: cython.Py_ssize_t, b: cython.Py_ssize_t, target: cython.Py_ssize_t, bust_value: cython.double,
              x_other: cython.const[cython.double][:, ::1], out_start: cython.const[cython.longlong][::1],
              out_prob: cython.const[cython.double][::1], opt_start: cython.const[cython.longlong][::1],
              opt_units: cython.const[cython.longlong][::1], opt_state: cython.const[cython.longlong][::1],
              full_state: cython.Py_ssize_t, n_states: cython.Py_ssize_t, boost: cython.const[cython.longlong][::1],
              x_war: cython.const[cython.double][:, ::1], vb: cython.const[cython.double][:, ::1],
              w: cython.double[::1], dw: cython.double[::1], r: cython.double[::1]) -> tuple[float, float]:
    """`badge_pass` over outcomes by faces (`badge_faces`) for a player who may spend a badge after a throw
    (Fortune, Transmutation): outcome o at total t is worth the better of playing it (its best option, or the
    bust) and vb[t, o] (the badge spent on it: a value of the layer with one use fewer, derivative 0).
    Warlord as in `badge_pass`; no Doppelganger or Resurrection here. r[t * n_states + s]: this pass's roll
    values, as `badge_pass`'s. Returns (Roll(0, full), its derivative)."""
    top: cython.Py_ssize_t = target - a - 1
    i: cython.Py_ssize_t
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    o: cython.Py_ssize_t
    k: cython.Py_ssize_t
    first: cython.Py_ssize_t
    last: cython.Py_ssize_t
    base: cython.Py_ssize_t
    value: cython.double = 0.0
    slope: cython.double = 0.0
    bank: cython.double
    acc: cython.double
    dacc: cython.double
    best: cython.double
    dbest: cython.double
    with cython.nogil:
        _won_rows(w, dw, top, n_states)
        for t in range(top, -1, -1):
            first = full_state if t == 0 else 1
            last = full_state + 1 if t == 0 else n_states
            bank = _bank(a, b, t, target, x_other, boost, x_war)
            base = t * n_states
            for s in range(first, last):
                acc = 0.0
                dacc = 0.0
                for o in range(out_start[s], out_start[s + 1]):
                    best = bust_value
                    dbest = 1.0
                    if opt_start[o + 1] > opt_start[o]:
                        best = -1.0
                        dbest = 0.0
                    for k in range(opt_start[o], opt_start[o + 1]):
                        i = base + opt_units[k] * n_states + opt_state[k]
                        if w[i] > best:
                            best = w[i]
                            dbest = dw[i]
                    if vb[t, o] > best:
                        best = vb[t, o]
                        dbest = 0.0
                    acc += out_prob[o] * best
                    dacc += out_prob[o] * dbest
                r[base + s] = acc
                if t == 0:
                    value = acc
                    slope = dacc
                else:
                    _hold(w, dw, base + s, acc, dacc, bank)
    return value, slope


def might_pass(top: cython.Py_ssize_t, bust_low: cython.double, w_low: cython.const[cython.double][:, ::1],
               group_start: cython.const[cython.longlong][::1], group_prob: cython.const[cython.double][::1],
               option_start: cython.const[cython.longlong][::1], option_units: cython.const[cython.longlong][::1],
               option_state: cython.const[cython.longlong][::1], bust: cython.const[cython.double][::1],
               vm: cython.double[:, ::1]) -> None:
    """vm[t, s] for t = 0..top: the Badge of Might's throw of the dice s at turn total t (its table's groups,
    `badge_might`), the game going on in the layer with one use fewer (held values w_low[t, s], 1 past top;
    a bust worth bust_low). Once per score pair: these values do not move with the pair's own. No GIL."""
    n_states: cython.Py_ssize_t = bust.shape[0]
    t: cython.Py_ssize_t
    s: cython.Py_ssize_t
    g: cython.Py_ssize_t
    k: cython.Py_ssize_t
    nt: cython.Py_ssize_t
    acc: cython.double
    best: cython.double
    v: cython.double
    with cython.nogil:
        for t in range(top + 1):
            for s in range(1, n_states):
                acc = bust[s] * bust_low
                for g in range(group_start[s], group_start[s + 1]):
                    best = -1.0
                    for k in range(option_start[g], option_start[g + 1]):
                        nt = t + option_units[k]
                        v = 1.0 if nt > top else w_low[nt, option_state[k]]
                        if v > best:
                            best = v
                    acc += group_prob[g] * best
                vm[t, s] = acc
