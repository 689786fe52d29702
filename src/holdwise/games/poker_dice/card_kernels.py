# mypy: disable-error-code="valid-type,untyped-decorator,index,operator,attr-defined"
# (mypy reads the C types of the annotations, `idx`, `flat`, as unknown types and Cython's decorators as untyped)
"""The kernels of the card-dice solver, in Cython's pure-Python mode (compiled by the build; see native.py).

Many keep/re-roll games over five distinguishable dice at once, one slab of keeps at a time: the method, the
outer and inner dice, the tie order, is in `card_table`'s docstring. LANES games run side by side in the
innermost, contiguous dimension. The helpers take flat arrays and offsets (no slicing in the loops: a slice of
a typed memoryview costs an atomic count); every value is loaded before it is chosen (`&`, `|`, no
short-circuit), so the loops are branch-free and the C compiler vectorizes them. `solve_block` and
`threshold_blocks`, the kernels called from Python, run without the GIL (threads share the blocks of games).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["LANES", "TIE_TOLERANCE", "solve_block", "threshold_blocks"]

idx = cython.typedef(cython.Py_ssize_t)  # indices and sizes
real = cython.typedef(cython.double)
flat = cython.typedef(cython.double[::1])  # a float64 array, C-contiguous (a scratch array passed flat)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _lanes() -> idx:
    """Games side by side: 32 bytes a keep (a C constant in the kernels: their loops over the lanes unroll)."""
    return 4


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _tie_tolerance() -> real:
    """Keep values this close to the best are equal (ties then go to the higher preference)."""
    return 1e-12


LANES = _lanes()
TIE_TOLERANCE = _tie_tolerance()


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _fill_from_pay(x: flat, xo: idx, pay: flat, po: idx, cls: cython.const[cython.int][::1], off: idx, n2: idx,
                   n3: idx, n4: idx) -> cython.void:
    """The states of the slab at x[xo:] (inner states off.. of the class array) take the pay table at pay[po:]
    (classes x LANES) of their class."""
    cython.declare(nl=idx, q3=idx, q4=idx, a2=idx, a3=idx, a4=idx, t=idx, base=idx, row=idx, src=idx, dst=idx)
    nl, q3, q4 = _lanes(), n3 + 1, n4 + 1
    for a2 in range(n2):
        for a3 in range(n3):
            base = xo + (a2 * q3 + a3) * q4 * nl
            row = off + (a2 * n3 + a3) * n4
            for a4 in range(n4):
                src = po + cls[row + a4] * nl
                dst = base + a4 * nl
                for t in range(nl):
                    x[dst + t] = pay[src + t]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _average_slab(x: flat, xo: idx, n2: idx, n3: idx, n4: idx, r1: flat, r1o: idx, r0: flat,
                  r0o: idx) -> cython.void:
    """Every inner keep of the slab at x[xo:] with a free die takes the average of its states (keeps x LANES;
    the states' entries are read, the others written), and every keep is added to the outer sums at r1[r1o:]
    and r0[r0o:] (R1[a0], R0[a1]) on the way: the last pass reads every plane of the slab."""
    cython.declare(nl=idx, q3=idx, q4=idx, a2=idx, a3=idx, a4=idx, t=idx, i=idx, base=idx, free=idx, src=idx, s1=idx,
                   s0=idx, v=real)
    nl, q3, q4 = _lanes(), n3 + 1, n4 + 1
    cython.declare(run4=idx, run3=idx, run2=idx, inv4=real, inv3=real, inv2=real)
    run4, run3, run2, inv4, inv3, inv2 = n4 * nl, q4 * nl, q3 * q4 * nl, 1.0 / n4, 1.0 / n3, 1.0 / n2
    for a2 in range(n2):
        for a3 in range(n3):
            base = xo + (a2 * q3 + a3) * q4 * nl
            free = base + run4
            for t in range(nl):
                x[free + t] = x[base + t]
            for a4 in range(1, n4):
                for t in range(nl):
                    x[free + t] += x[base + a4 * nl + t]
            for t in range(nl):
                x[free + t] *= inv4
    for a2 in range(n2):
        free = xo + (a2 * q3 + n3) * run3
        src = xo + a2 * q3 * run3
        for i in range(run3):
            x[free + i] = x[src + i]
        for a3 in range(1, n3):
            src = xo + (a2 * q3 + a3) * run3
            for i in range(run3):
                x[free + i] += x[src + i]
        for i in range(run3):
            x[free + i] *= inv3
    free = xo + n2 * run2
    for i in range(run2):
        x[free + i] = 0.0
    for a2 in range(n2):
        src = xo + a2 * run2
        s1 = r1o + a2 * run2
        s0 = r0o + a2 * run2
        for i in range(run2):
            v = x[src + i]
            x[free + i] += v
            r1[s1 + i] += v
            r0[s0 + i] += v
    s1 = r1o + n2 * run2
    s0 = r0o + n2 * run2
    for i in range(run2):
        v = x[free + i] * inv2
        x[free + i] = v
        r1[s1 + i] += v
        r0[s0 + i] += v


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _finish_outer(r1: flat, r1o: idx, r1step: idx, r0: flat, r0o: idx, r0step: idx, tt: flat, tto: idx, m0: idx,
                  m1: idx, n: idx) -> cython.void:
    """The outer sums (rows of n from r1[r1o:] every r1step, from r0[r0o:] every r0step) become averages; T
    (tt[tto:]), both outer dice free, is the average of R1."""
    cython.declare(i=idx, a0=idx, a1=idx, src=idx, s1=real, s0=real, st=real)
    s1, s0, st = 1.0 / m1, 1.0 / m0, 1.0 / (m0 * m1)
    _zero(tt, tto, tto + n)
    for a0 in range(m0):
        src = r1o + a0 * r1step
        for i in range(n):
            tt[tto + i] += r1[src + i]
            r1[src + i] *= s1
    for i in range(n):
        tt[tto + i] *= st
    for a1 in range(m1):
        src = r0o + a1 * r0step
        for i in range(n):
            r0[src + i] *= s0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _four_way(x: flat, xo: idx, pa: flat, pao: idx, pb: flat, pbo: idx, tt: flat, tto: idx, mp: flat, mpo: idx,
              qa: real, qb: real, qn: real, n: idx) -> cython.void:
    """Each of n inner keeps' lanes (x[xo:]) takes the best of its four outer variants: itself (both outer dice
    kept), pa and pb (one of them: the preferred one first), tt (neither); ties to the earlier. mp[mpo:] gets
    the chosen variant's preference relative to both outer dice kept: 0, qa, qb or qn (see `_best_keeps`)."""
    cython.declare(tol=real, i=idx, v0=real, v1=real, v2=real, v3=real, top=real, low=real, p=real)
    tol = _tie_tolerance()
    for i in range(n):
        v0 = x[xo + i]
        v1 = pa[pao + i]
        v2 = pb[pbo + i]
        v3 = tt[tto + i]
        top = v0 if v0 >= v1 else v1
        top = top if top >= v2 else v2
        top = top if top >= v3 else v3
        low = top - tol
        p = qb if v2 >= low else qn
        p = qa if v1 >= low else p
        p = 0.0 if v0 >= low else p
        x[xo + i] = top
        mp[mpo + i] = p


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _combine(x: flat, xo: idx, mp: flat, k: idx, f: idx, shift: real, n: idx) -> cython.void:
    """Keeps k.. of the slab at x[xo:] (values; mp: their relative preferences; n lanes) become the better of
    themselves and keeps f.. (k with die i free), ties to the higher preference: f's relative to k's position
    is its own minus `shift` (die i's share of the preference)."""
    cython.declare(tol=real, i=idx, a=real, b=real, p=real, q=real, top=real, low=real, take=cython.bint)
    tol = _tie_tolerance()
    for i in range(n):
        a = x[xo + k + i]
        b = x[xo + f + i]
        p = mp[k + i]
        q = mp[f + i] - shift
        top = a if a >= b else b
        low = top - tol
        take = (b >= low) & ((a < low) | (q > p))
        x[xo + k + i] = top
        mp[k + i] = q if take else p


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _follow(xa: flat, ao: idx, mp: flat, k: idx, f: idx, shift: real, n: idx) -> cython.void:
    """An aux payout (the slab at xa[ao:]) of keeps k follows the keep `_combine` took: a keep and its sub-keep
    never share a preference, so mp[k] == mp[f] - shift afterwards says f was taken."""
    cython.declare(i=idx, a=real, b=real)
    for i in range(n):
        a = xa[ao + k + i]
        b = xa[ao + f + i]
        xa[ao + k + i] = b if mp[k + i] == mp[f + i] - shift else a


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _step(x: flat, xo: idx, xa: flat, xao: idx, n_aux: idx, width: idx, mp: flat, k: idx, f: idx, shift: real,
          n: idx) -> cython.void:
    """Keeps k..k + n - 1 (lanes) take the better of themselves and keeps f.. (one more die free), aux payouts
    (slabs of `width` from xa[xao:]) following: `_combine`, then `_follow` for each aux payout. (One pass over
    all the arrays, as Numba ran one aux payout, is slower here: GCC vectorizes no loop that needs as many
    checks that its arrays do not overlap.)"""
    cython.declare(a=idx)
    _combine(x, xo, mp, k, f, shift, n)
    for a in range(n_aux):
        _follow(xa, xao + a * width, mp, k, f, shift, n)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _pick_outer(xa: flat, xao: idx, aa: flat, aao: idx, ab: flat, abo: idx, ta: flat, tao: idx, mp: flat, mpo: idx,
                qa: real, qb: real, qn: real, n: idx) -> cython.void:
    """Aux payouts follow `_four_way`'s choice among the four outer variants (by its preference in mp)."""
    cython.declare(i=idx, p=real, v0=real, v1=real, v2=real, v3=real, v=real)
    for i in range(n):
        p = mp[mpo + i]
        v0 = xa[xao + i]
        v1 = aa[aao + i]
        v2 = ab[abo + i]
        v3 = ta[tao + i]
        v = v1 if p == qa else v0
        v = v2 if p == qb else v
        xa[xao + i] = v3 if p == qn else v


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _best_keeps(x: flat, xo: idx, xa: flat, xao: idx, n_aux: idx, mp: flat, pa: flat, pao: idx, pb: flat, pbo: idx,
                tt: flat, tto: idx, aa: flat, aao: idx, ab: flat, abo: idx, ta: flat, tao: idx, qa: real, qb: real,
                qn: real, shift: cython.const[real][::1], n2: idx, n3: idx, n4: idx) -> cython.void:
    """Every state of the slab at x[xo:] takes the value of its best keep, and its aux payouts (slabs from
    xa[xao:], one a payout) those of that keep: each inner keep the best of its four outer variants
    (`_four_way`; aa, ab, ta the aux payouts of pa, pb, tt), then the best over each inner die in turn, the
    free plane of a die first. A keep's preference is the sum of its kept dice's shares (shift[die]: see
    `keep_preference`); mp carries the chosen keep's relative to the keep of both outer dice (minus the shares
    of the dice it frees)."""
    cython.declare(nl=idx, tol=real, q3=idx, q4=idx, run2=idx, width=idx, f=idx, s2=real, s3=real, s4=real)
    nl, tol, q3, q4, s2, s3, s4 = _lanes(), _tie_tolerance(), n3 + 1, n4 + 1, shift[2], shift[3], shift[4]
    run2, f, width = q3 * q4 * nl, n2 * q3 * q4 * nl, (n2 + 1) * q3 * q4 * nl
    cython.declare(plane=idx, a=idx, a2=idx, a3=idx, a4=idx, t=idx, k=idx, j=idx, r=idx, ak=idx, va=real, vb=real,
                   p=real, q=real, top=real, low=real, take=cython.bint)
    for plane in range(n2 + 1):
        a2 = n2 if plane == 0 else plane - 1  # the free plane first: the others are combined with it
        k = a2 * run2
        _four_way(x, xo + k, pa, pao + k, pb, pbo + k, tt, tto + k, mp, k, qa, qb, qn, run2)
        for a in range(n_aux):
            r = a * width + k
            _pick_outer(xa, xao + r, aa, aao + r, ab, abo + r, ta, tao + r, mp, k, qa, qb, qn, run2)
        if a2 < n2:
            _step(x, xo, xa, xao, n_aux, width, mp, k, f, s2, run2)
    run3: idx = q4 * nl
    for a2 in range(n2):
        f = (a2 * q3 + n3) * run3
        for a3 in range(n3):
            _step(x, xo, xa, xao, n_aux, width, mp, (a2 * q3 + a3) * run3, f, s3, run3)
    # the last die in runs of LANES: written out here (calls on runs of 4 cost more than their work)
    run4: idx = n4 * nl
    for a2 in range(n2):
        for a3 in range(n3):
            k = (a2 * q3 + a3) * q4 * nl
            f = k + run4
            for a4 in range(n4):
                for t in range(nl):
                    j = k + a4 * nl + t
                    va = x[xo + j]
                    vb = x[xo + f + t]
                    p = mp[j]
                    q = mp[f + t] - s4
                    top = va if va >= vb else vb
                    low = top - tol
                    take = (vb >= low) & ((va < low) | (q > p))
                    x[xo + j] = top
                    mp[j] = q if take else p
            for a in range(n_aux):
                ak = xao + a * width
                for a4 in range(n4):
                    for t in range(nl):
                        j = k + a4 * nl + t
                        va = xa[ak + j]
                        vb = xa[ak + f + t]
                        xa[ak + j] = vb if mp[j] == mp[f + t] - s4 else va


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _max_into(vk: flat, ko: idx, vf: flat, fo: idx, n: idx) -> cython.void:
    """vk[ko:ko + n] = max(itself, vf[fo:fo + n]), lane by lane."""
    cython.declare(i=idx, a=real, b=real)
    for i in range(n):
        a = vk[ko + i]
        b = vf[fo + i]
        vk[ko + i] = a if a >= b else b


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _best_values(x: flat, xo: idx, pa: flat, pao: idx, pb: flat, pbo: idx, tt: flat, tto: idx, n2: idx, n3: idx,
                 n4: idx) -> cython.void:
    """`_best_keeps` without the choice: every state's best value (the plain maximum: with no payout to follow
    the keeps, ties need no breaking; five times faster)."""
    cython.declare(nl=idx, q3=idx, q4=idx, a2=idx, a3=idx, a4=idx, t=idx, k=idx, j=idx, a=real, b=real)
    nl, q3, q4 = _lanes(), n3 + 1, n4 + 1
    width: idx = (n2 + 1) * q3 * q4 * nl
    _max_into(x, xo, pa, pao, width)
    _max_into(x, xo, pb, pbo, width)
    _max_into(x, xo, tt, tto, width)
    run2: idx = q3 * q4 * nl
    f: idx = xo + n2 * run2
    for a2 in range(n2):
        _max_into(x, xo + a2 * run2, x, f, run2)
    run3: idx = q4 * nl
    for a2 in range(n2):
        f = xo + (a2 * q3 + n3) * run3
        for a3 in range(n3):
            _max_into(x, xo + (a2 * q3 + a3) * run3, x, f, run3)
    run4: idx = n4 * nl
    for a2 in range(n2):
        for a3 in range(n3):
            k = xo + (a2 * q3 + a3) * q4 * nl
            f = k + run4
            for a4 in range(n4):
                for t in range(nl):
                    j = k + a4 * nl + t
                    a = x[j]
                    b = x[f + t]
                    x[j] = a if a >= b else b


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _zero(a: flat, lo: idx, hi: idx) -> cython.void:
    """a[lo:hi] = 0."""
    cython.declare(i=idx)
    for i in range(lo, hi):
        a[i] = 0.0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _solve_block(m: cython.const[cython.longlong][::1], cls: cython.const[cython.int][::1], pay: flat, gpay: flat,
                 n_pay: idx, stage_pay: cython.const[cython.longlong][::1], rerolls: idx,
                 shift: cython.const[real][::1], xs: flat, xsa: flat, mp: flat, r1s: flat, r0s: flat, tts: flat,
                 ra1s: flat, ra0s: flat, tas: flat, out_v: flat, out_a: flat, n_aux: idx,
                 n_classes: idx) -> cython.void:
    """`solve_block` on flat arrays (their shapes there; n_pay tables of n_classes classes in pay)."""
    cython.declare(nl=idx, m0=idx, m1=idx, n2=idx, n3=idx, n4=idx, q3=idx, q4=idx)
    nl, m0, m1, n2, n3, n4 = _lanes(), m[0], m[1], m[2], m[3], m[4]
    cython.declare(width=idx, n_inner=idx, table=idx)
    q3, q4, n_inner, table = n3 + 1, n4 + 1, n2 * n3 * n4, n_classes * nl  # table: one pay table's size
    width = (n2 + 1) * q3 * q4 * nl
    cython.declare(run=idx, t=idx, a=idx, a0=idx, a1=idx, a2=idx, a3=idx, a4=idx, lo=idx, hi=idx, j=idx, k=idx,
                   u=idx, xo=idx, xao=idx, o1=idx, o0=idx, pao=idx, pbo=idx, aao=idx, abo=idx, stand=idx,
                   refill=cython.bint)
    # the outer variants' preferences relative to both outer dice kept, the preferred single die first
    zero_first: cython.bint = shift[0] > shift[1]
    qa: real = -shift[1] if zero_first else -shift[0]
    qb: real = -shift[0] if zero_first else -shift[1]
    qn: real = -shift[0] - shift[1]
    # pa, pb: R1 and R0 in that order (R0 first when die 1 is preferred); so are the aux payouts' rows
    pa: flat = r1s if zero_first else r0s
    pb: flat = r0s if zero_first else r1s
    aa: flat = ra1s if zero_first else ra0s
    ab: flat = ra0s if zero_first else ra1s
    _zero(out_v, 0, nl)
    _zero(out_a, 0, n_aux * nl)
    # the last roll's states pay their class; every slab averaged, the outer sums gathered
    cython.declare(cur=idx, nxt=idx)
    cur = 0
    _zero(r1s, 0, m0 * width)
    _zero(r0s, 0, m1 * width)
    _zero(ra1s, 0, m0 * n_aux * width)
    _zero(ra0s, 0, m1 * n_aux * width)
    last_pay: idx = stage_pay[rerolls]
    # slabs in runs of `block` values of a1: their R0 rows stay in the core's cache while a0 goes round
    block: idx = 4 if n_aux == 0 else 2
    n_runs: idx = (m1 + block - 1) // block
    for run in range(n_runs):
        lo = run * block
        hi = lo + block if lo + block < m1 else m1
        for a0 in range(m0):
            for a1 in range(lo, hi):
                j = a0 * m1 + a1
                _fill_from_pay(xs, j * width, pay, last_pay * table, cls, j * n_inner, n2, n3, n4)
                _average_slab(xs, j * width, n2, n3, n4, r1s, (cur * m0 + a0) * width, r0s,
                              (cur * m1 + a1) * width)
                for a in range(n_aux):
                    xao = (j * n_aux + a) * width
                    _fill_from_pay(xsa, xao, gpay, (a * n_pay + last_pay) * table, cls, j * n_inner, n2, n3, n4)
                    _average_slab(xsa, xao, n2, n3, n4, ra1s, ((cur * m0 + a0) * n_aux + a) * width, ra0s,
                                  ((cur * m1 + a1) * n_aux + a) * width)
    _finish_outer(r1s, cur * m0 * width, width, r0s, cur * m1 * width, width, tts, cur * width, m0, m1, width)
    for a in range(n_aux):
        _finish_outer(ra1s, (cur * m0 * n_aux + a) * width, n_aux * width, ra0s, (cur * m1 * n_aux + a) * width,
                      n_aux * width, tas, (cur * n_aux + a) * width, m0, m1, width)
    for u in range(rerolls, 0, -1):
        stand = stage_pay[u - 1]
        nxt = 1 - cur
        if u > 1:
            _zero(r1s, nxt * m0 * width, (nxt + 1) * m0 * width)
            _zero(r0s, nxt * m1 * width, (nxt + 1) * m1 * width)
            _zero(ra1s, nxt * m0 * n_aux * width, (nxt + 1) * m0 * n_aux * width)
            _zero(ra0s, nxt * m1 * n_aux * width, (nxt + 1) * m1 * n_aux * width)
        # keeping all five dice is standing (the states hold it already when the last roll pays so)
        refill = u < rerolls or stand != last_pay
        for run in range(n_runs):
            lo = run * block
            hi = lo + block if lo + block < m1 else m1
            for a0 in range(m0):
                for a1 in range(lo, hi):
                    j = a0 * m1 + a1
                    xo = j * width
                    xao = j * n_aux * width
                    if refill:
                        _fill_from_pay(xs, xo, pay, stand * table, cls, j * n_inner, n2, n3, n4)
                    o1 = (cur * m0 + a0) * width
                    o0 = (cur * m1 + a1) * width
                    pao = o1 if zero_first else o0
                    pbo = o0 if zero_first else o1
                    if n_aux == 0:
                        _best_values(xs, xo, pa, pao, pb, pbo, tts, cur * width, n2, n3, n4)
                    else:
                        if refill:
                            for a in range(n_aux):
                                _fill_from_pay(xsa, xao + a * width, gpay, (a * n_pay + stand) * table, cls,
                                               j * n_inner, n2, n3, n4)
                        o1 = (cur * m0 + a0) * n_aux * width
                        o0 = (cur * m1 + a1) * n_aux * width
                        aao = o1 if zero_first else o0
                        abo = o0 if zero_first else o1
                        _best_keeps(xs, xo, xsa, xao, n_aux, mp, pa, pao, pb, pbo, tts, cur * width, aa, aao, ab,
                                    abo, tas, cur * n_aux * width, qa, qb, qn, shift, n2, n3, n4)
                    if u > 1:  # the slab's states hold this stage's values: the next stage's slab
                        _average_slab(xs, xo, n2, n3, n4, r1s, (nxt * m0 + a0) * width, r0s,
                                      (nxt * m1 + a1) * width)
                        for a in range(n_aux):
                            _average_slab(xsa, xao + a * width, n2, n3, n4, ra1s,
                                          ((nxt * m0 + a0) * n_aux + a) * width, ra0s,
                                          ((nxt * m1 + a1) * n_aux + a) * width)
                        continue
                    for a2 in range(n2):
                        for a3 in range(n3):
                            k = (a2 * q3 + a3) * q4 * nl
                            for a4 in range(n4):
                                for t in range(nl):
                                    out_v[t] += xs[xo + k + a4 * nl + t]
                            for a in range(n_aux):
                                for a4 in range(n4):
                                    for t in range(nl):
                                        out_a[a * nl + t] += xsa[xao + a * width + k + a4 * nl + t]
        if u > 1:
            _finish_outer(r1s, nxt * m0 * width, width, r0s, nxt * m1 * width, width, tts, nxt * width, m0, m1,
                          width)
            for a in range(n_aux):
                _finish_outer(ra1s, (nxt * m0 * n_aux + a) * width, n_aux * width, ra0s,
                              (nxt * m1 * n_aux + a) * width, n_aux * width, tas, (nxt * n_aux + a) * width, m0,
                              m1, width)
            cur = nxt
    n_states: idx = cls.shape[0]
    for t in range(nl):
        out_v[t] /= n_states
    for t in range(n_aux * nl):
        out_a[t] /= n_states


def solve_block(m: cython.const[cython.longlong][::1], cls: cython.const[cython.int][::1], pay: flat, gpay: flat,
                n_classes: idx, stage_pay: cython.const[cython.longlong][::1], rerolls: idx,
                shift: cython.const[real][::1], xs: flat, xsa: flat, mp: flat, r1s: flat, r0s: flat, tts: flat,
                ra1s: flat, ra0s: flat, tas: flat, out_v: flat, out_a: flat) -> None:
    """LANES games from the first roll with `rerolls` re-rolls (at least one): out_v their optimal values,
    out_a (aux x LANES) their aux payouts under that play. Standing after u rolls pays table stage_pay[u - 1]
    of pay (tables x n_classes x LANES), aux payout a table a of gpay (aux x tables x n_classes x LANES).
    shift[j]: die j's share of a keep's preference (see `_best_keeps`). m: the faces of the dice (int64), cls:
    the class of each state (int32). Scratch: xs/xsa the slabs (outer pair, [aux,] keep x LANES), mp one
    slab's preferences, r1s/r0s/tts (ra1s/ra0s/tas, [aux,] for the aux payouts) two sets, this stage's and
    the next's, of the outer sums R1 (m0 rows), R0 (m1 rows), T. Every float64 array is passed flat (C order,
    reshape(-1)). Runs without the GIL."""
    cython.declare(n_aux=idx, n_pay=idx)
    n_aux, n_pay = out_a.shape[0] // _lanes(), pay.shape[0] // (n_classes * _lanes())
    with cython.nogil:
        _solve_block(m, cls, pay, gpay, n_pay, stage_pay, rerolls, shift, xs, xsa, mp, r1s, r0s, tts, ra1s, ra0s,
                     tas, out_v, out_a, n_aux, n_classes)


def threshold_blocks(m: cython.const[cython.longlong][::1], cls: cython.const[cython.int][::1],
                     above: cython.const[real][::1], tie: cython.const[real][::1],
                     aux_above: cython.const[real][:, ::1], aux_tie: cython.const[real][::1],
                     aux_below: cython.const[real][::1], rerolls: idx, shift: cython.const[real][::1], blk_lo: idx,
                     blk_hi: idx, values: flat, aux: cython.double[:, ::1], pay: flat, gpay: flat,
                     stage_pay: cython.const[cython.longlong][::1], xs: flat, xsa: flat, mp: flat, r1s: flat,
                     r0s: flat, tts: flat, ra1s: flat, ra0s: flat, tas: flat, out_v: flat, out_a: flat) -> None:
    """The threshold games of blocks blk_lo..blk_hi - 1 (LANES thresholds a block): values[b] and aux[:, b].
    Game b's final class c pays above[c] if c > b, tie[b] if c == b, else 0; aux payout a pays aux_above[a, c],
    aux_tie[a] or aux_below[a] so. Table 0 of pay and of each aux payout's gpay is written here; the rest as
    `solve_block` takes it. Runs without the GIL."""
    cython.declare(nl=idx, n_classes=idx, n_aux=idx, n_pay=idx, blk=idx, t=idx, b=idx, c=idx, a=idx)
    nl, n_classes, n_aux = _lanes(), above.shape[0], aux_tie.shape[0]
    n_pay = pay.shape[0] // (n_classes * nl)
    with cython.nogil:
        for blk in range(blk_lo, blk_hi):
            for t in range(nl):
                b = blk * nl + t
                if b >= n_classes:
                    b = n_classes - 1  # a spare lane plays the last game again
                for c in range(n_classes):
                    pay[c * nl + t] = above[c] if c > b else (tie[b] if c == b else 0.0)
                    for a in range(n_aux):
                        gpay[(a * n_pay * n_classes + c) * nl + t] = \
                            aux_above[a, c] if c > b else (aux_tie[a] if c == b else aux_below[a])
            _solve_block(m, cls, pay, gpay, n_pay, stage_pay, rerolls, shift, xs, xsa, mp, r1s, r0s, tts, ra1s,
                         ra0s, tas, out_v, out_a, n_aux, n_classes)
            for t in range(nl):
                b = blk * nl + t
                if b < n_classes:
                    values[b] = out_v[t]
                    for a in range(n_aux):
                        aux[a, b] = out_a[a * nl + t]
