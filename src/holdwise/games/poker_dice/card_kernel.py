# mypy: disable-error-code="no-untyped-def"
# (the Numba kernels take and fill arrays; their signatures are compiled, not annotated)
"""The Numba kernels of the card-dice solver: many keep/re-roll games over five distinguishable dice at once.

A state is one face per die; a keep is, per die, a face (kept) or free (re-rolled). The dice are in the
table's internal order: dice 0 and 1 (the two with the most faces) are the *outer* dice, dice 2-4 the *inner*
ones. A keep's value is the average of the next stage's state values over its free dice; the best keep of a
state is the best of its 32 sub-keeps.

Both steps go one die at a time, on slabs of a few hundred kilobytes: for each outer pair of faces (a0, a1), the
slab of its inner keeps ((n2 + 1)(n3 + 1)(n4 + 1) of them: 2,197 with 12-sided dice) holds the next stage's
values at its states, averaged over each inner die in turn into the other keeps (`average_slab`). The outer
dice are averaged by summing the slabs: R1[a0] (die 1 free), R0[a1] (die 0 free), T (both free). Then each
slab, in place, takes for every inner keep the best of its four outer variants (both outer dice kept, one,
neither) and then the best over the inner dice one die at a time: B(k) = best(B(k), B(k with die i free)) for
i = 2, 3, 4, which leaves at each state the best of all 32 keeps. That state value is where the next stage's
slab needs it: the slab is averaged again in place, and the next stage's outer sums gathered, in the same
sweep. A stage so reads and writes each slab once.

"Best" breaks ties as the table's docstring says: values within TIE_TOLERANCE of the best are equal, and of
those the keep with the higher preference is taken (more dice kept, then a fixed order). The preference of
the keep chosen so far travels with its value (one float a lane), and so do the further ("aux") payouts that
follow the chosen keeps; with no aux payout the value alone is kept, a plain maximum (`best_values`). Keeping
all five dice is standing: it is worth the stand pay of that stage.

LANES games run side by side in the innermost, contiguous dimension. Every loop runs over a slice from 0 and
loads its values before choosing among them (`&`, `|`, no short-circuit): LLVM then knows the indices are not
negative and the loops vectorize (measured: four to ten times faster than indexing from an offset). Each
function is `_name`, bound as `name = njit(...)(_name)` (uncompiled with NUMBA_DISABLE_JIT=1). No min()/max()
calls: each would compile a builtin of its own on a first run.
"""

from __future__ import annotations

from ...solver.jit import njit

__all__ = [
    "LANES", "TIE_TOLERANCE", "average_slab", "best_keeps", "best_values", "combine", "combine_one",
    "fill_from_pay", "finish_outer", "follow", "four_way", "four_way_one", "max_into", "pick_outer", "solve_block",
    "step", "threshold_blocks",
]

LANES = 4  # games side by side: 32 bytes a keep
TIE_TOLERANCE = 1e-12


def _fill_from_pay(x, pay, p, cls, off, n2, n3, n4):
    """The states of one slab (inner states off.. of the class array) take pay table p of their class."""
    q3 = n3 + 1
    q4 = n4 + 1
    for a2 in range(n2):
        for a3 in range(n3):
            base = (a2 * q3 + a3) * q4 * LANES
            row = off + (a2 * n3 + a3) * n4
            for a4 in range(n4):
                src = pay[p, cls[row + a4]]
                dst = x[base + a4 * LANES:base + (a4 + 1) * LANES]
                for t in range(LANES):
                    dst[t] = src[t]


fill_from_pay = njit(cache=True, nogil=True)(_fill_from_pay)


def _average_slab(x, n2, n3, n4, r1a, r0a):
    """Every inner keep of a slab with a free die takes the average of its states (x: keeps x LANES, flat;
    the states' entries are read, the others written), and every keep is added to the outer sums r1a, r0a
    (R1[a0], R0[a1]) on the way: the last pass reads every plane of the slab."""
    q3 = n3 + 1
    q4 = n4 + 1
    run4 = n4 * LANES
    inv4 = 1.0 / n4
    for a2 in range(n2):
        for a3 in range(n3):
            base = (a2 * q3 + a3) * q4 * LANES
            src = x[base:base + run4]
            free = x[base + run4:base + run4 + LANES]
            for t in range(LANES):
                free[t] = src[t]
            for a4 in range(1, n4):
                for t in range(LANES):
                    free[t] += src[a4 * LANES + t]
            for t in range(LANES):
                free[t] *= inv4
    run3 = q4 * LANES
    inv3 = 1.0 / n3
    for a2 in range(n2):
        free = x[(a2 * q3 + n3) * run3:(a2 * q3 + n3 + 1) * run3]
        src = x[a2 * q3 * run3:(a2 * q3 + 1) * run3]
        for i in range(run3):
            free[i] = src[i]
        for a3 in range(1, n3):
            src = x[(a2 * q3 + a3) * run3:(a2 * q3 + a3 + 1) * run3]
            for i in range(run3):
                free[i] += src[i]
        for i in range(run3):
            free[i] *= inv3
    run2 = q3 * run3
    inv2 = 1.0 / n2
    f = n2 * run2
    free = x[f:f + run2]
    for i in range(run2):
        free[i] = 0.0
    for a2 in range(n2):
        src = x[a2 * run2:(a2 + 1) * run2]
        s1 = r1a[a2 * run2:(a2 + 1) * run2]
        s0 = r0a[a2 * run2:(a2 + 1) * run2]
        for i in range(run2):
            v = src[i]
            free[i] += v
            s1[i] += v
            s0[i] += v
    s1 = r1a[f:f + run2]
    s0 = r0a[f:f + run2]
    for i in range(run2):
        v = free[i] * inv2
        free[i] = v
        s1[i] += v
        s0[i] += v


average_slab = njit(cache=True, nogil=True)(_average_slab)


def _finish_outer(r1, r0, tt, m0, m1):
    """The outer sums become averages; T, both outer dice free, is the average of R1."""
    n = tt.shape[0]
    for i in range(n):
        tt[i] = 0.0
    s1 = 1.0 / m1
    s0 = 1.0 / m0
    st = 1.0 / (m0 * m1)
    for a0 in range(m0):
        src = r1[a0]
        for i in range(n):
            tt[i] += src[i]
            src[i] *= s1
    for i in range(n):
        tt[i] *= st
    for a1 in range(m1):
        src = r0[a1]
        for i in range(n):
            src[i] *= s0


finish_outer = njit(cache=True, nogil=True)(_finish_outer)


def _four_way(x, pa, pb, tt, mp, qa, qb, qn, n):
    """Each of n inner keeps' lanes takes the best of its four outer variants: x (both outer dice kept), pa and
    pb (one of them: the preferred one first), tt (neither); ties to the earlier. mp gets the chosen variant's
    preference relative to both outer dice kept: 0, qa, qb or qn (see `best_keeps`)."""
    for i in range(n):
        v0 = x[i]
        v1 = pa[i]
        v2 = pb[i]
        v3 = tt[i]
        top = v0 if v0 >= v1 else v1
        top = top if top >= v2 else v2
        top = top if top >= v3 else v3
        low = top - TIE_TOLERANCE
        p = qb if v2 >= low else qn
        p = qa if v1 >= low else p
        p = 0.0 if v0 >= low else p
        x[i] = top
        mp[i] = p


four_way = njit(cache=True, nogil=True)(_four_way)


def _combine(vk, vf, pk, pf, shift, n):
    """Keeps k (vk, pk: values and relative preferences of n lanes) become the better of themselves and keeps f
    (k with die i free), ties to the higher preference: f's relative to k's position is its own minus `shift`
    (die i's share of the preference). Every value is loaded before it is chosen and `&`, `|` do not
    short-circuit: the loop is branch-free and vectorizes."""
    for i in range(n):
        a = vk[i]
        b = vf[i]
        p = pk[i]
        q = pf[i] - shift
        top = a if a >= b else b
        low = top - TIE_TOLERANCE
        take = (b >= low) & ((a < low) | (q > p))
        vk[i] = top
        pk[i] = q if take else p


combine = njit(cache=True, nogil=True)(_combine)


def _follow(ak, af, pk, pf, shift, n):
    """Aux payouts of keeps k follow the keep `combine` took: a keep and its sub-keep never share a preference,
    so pk == pf - shift afterwards says f was taken."""
    for i in range(n):
        a = ak[i]
        b = af[i]
        ak[i] = b if pk[i] == pf[i] - shift else a


follow = njit(cache=True, nogil=True)(_follow)


def _four_way_one(x, pa, pb, tt, mp, xa, aa, ab, ta, qa, qb, qn, n):
    """`four_way` and `pick_outer` of one aux payout in one pass (one read of each array, not two)."""
    for i in range(n):
        v0 = x[i]
        v1 = pa[i]
        v2 = pb[i]
        v3 = tt[i]
        u0 = xa[i]
        u1 = aa[i]
        u2 = ab[i]
        u3 = ta[i]
        top = v0 if v0 >= v1 else v1
        top = top if top >= v2 else v2
        top = top if top >= v3 else v3
        low = top - TIE_TOLERANCE
        e2 = v2 >= low
        e1 = v1 >= low
        e0 = v0 >= low
        p = qb if e2 else qn
        u = u2 if e2 else u3
        p = qa if e1 else p
        u = u1 if e1 else u
        x[i] = top
        mp[i] = 0.0 if e0 else p
        xa[i] = u0 if e0 else u


four_way_one = njit(cache=True, nogil=True)(_four_way_one)


def _combine_one(vk, vf, pk, pf, ak, af, shift, n):
    """`combine` and `follow` of one aux payout in one pass."""
    for i in range(n):
        a = vk[i]
        b = vf[i]
        p = pk[i]
        q = pf[i] - shift
        c = ak[i]
        d = af[i]
        top = a if a >= b else b
        low = top - TIE_TOLERANCE
        take = (b >= low) & ((a < low) | (q > p))
        vk[i] = top
        pk[i] = q if take else p
        ak[i] = d if take else c


combine_one = njit(cache=True, nogil=True)(_combine_one)


def _step(x, xa, mp, k, f, shift, n):
    """Keeps k..k + n - 1 (lanes) take the better of themselves and keeps f.. (one more die free), aux payouts
    following: one pass with one aux payout, else `combine` then `follow` for each."""
    if xa.shape[0] == 1:
        combine_one(x[k:k + n], x[f:f + n], mp[k:k + n], mp[f:f + n], xa[0, k:k + n], xa[0, f:f + n], shift, n)
        return
    combine(x[k:k + n], x[f:f + n], mp[k:k + n], mp[f:f + n], shift, n)
    for a in range(xa.shape[0]):
        follow(xa[a, k:k + n], xa[a, f:f + n], mp[k:k + n], mp[f:f + n], shift, n)


step = njit(cache=True, nogil=True)(_step)


def _best_keeps(x, xa, mp, pa, pb, tt, aa, ab, ta, qa, qb, qn, shift, n2, n3, n4):
    """Every state of a slab takes the value of its best keep, and its aux payouts (xa: aux x keeps x LANES)
    those of that keep: each inner keep the best of its four outer variants (`four_way`; aa, ab, ta the aux
    payouts of pa, pb, tt), then the best over each inner die in turn, the free plane of a die first.

    A preference is additive: the sum over the kept dice of shift[die] (32 + a weight per die, larger for the
    earlier dice), so more dice kept come first, then the earlier dice. mp carries the chosen keep's preference
    relative to the position's own keep with both outer dice kept (minus the shares of the dice it frees)."""
    q3 = n3 + 1
    q4 = n4 + 1
    n_aux = xa.shape[0]
    run2 = q3 * q4 * LANES
    f = n2 * run2
    for plane in range(n2 + 1):
        a2 = n2 if plane == 0 else plane - 1  # the free plane first: the others are combined with it
        k = a2 * run2
        if n_aux == 1:
            four_way_one(x[k:k + run2], pa[k:k + run2], pb[k:k + run2], tt[k:k + run2], mp[k:k + run2],
                         xa[0, k:k + run2], aa[0, k:k + run2], ab[0, k:k + run2], ta[0, k:k + run2], qa, qb, qn,
                         run2)
        else:
            four_way(x[k:k + run2], pa[k:k + run2], pb[k:k + run2], tt[k:k + run2], mp[k:k + run2], qa, qb, qn,
                     run2)
            for a in range(n_aux):
                pick_outer(xa[a, k:k + run2], aa[a, k:k + run2], ab[a, k:k + run2], ta[a, k:k + run2],
                           mp[k:k + run2], qa, qb, qn, run2)
        if a2 < n2:
            step(x, xa, mp, k, f, shift[2], run2)
    run3 = q4 * LANES
    for a2 in range(n2):
        f = (a2 * q3 + n3) * run3
        for a3 in range(n3):
            step(x, xa, mp, (a2 * q3 + a3) * run3, f, shift[3], run3)
    # the last die in runs of LANES: written out here (calls on slices of 8 cost more than their work)
    run4 = n4 * LANES
    s4 = shift[4]
    for a2 in range(n2):
        for a3 in range(n3):
            k = (a2 * q3 + a3) * q4 * LANES
            vk = x[k:k + run4]
            pk = mp[k:k + run4]
            vf = x[k + run4:k + run4 + LANES]
            pf = mp[k + run4:k + run4 + LANES]
            for a4 in range(n4):
                for t in range(LANES):
                    a = vk[a4 * LANES + t]
                    b = vf[t]
                    p = pk[a4 * LANES + t]
                    q = pf[t] - s4
                    top = a if a >= b else b
                    low = top - TIE_TOLERANCE
                    take = (b >= low) & ((a < low) | (q > p))
                    vk[a4 * LANES + t] = top
                    pk[a4 * LANES + t] = q if take else p
            for a in range(n_aux):
                ak = xa[a, k:k + run4]
                af = xa[a, k + run4:k + run4 + LANES]
                for a4 in range(n4):
                    for t in range(LANES):
                        u = ak[a4 * LANES + t]
                        w = af[t]
                        ak[a4 * LANES + t] = w if pk[a4 * LANES + t] == pf[t] - s4 else u


best_keeps = njit(cache=True, nogil=True)(_best_keeps)


def _pick_outer(xa, aa, ab, ta, mp, qa, qb, qn, n):
    """Aux payouts follow `four_way`'s choice among the four outer variants (by its preference in mp)."""
    for i in range(n):
        p = mp[i]
        v0 = xa[i]
        v1 = aa[i]
        v2 = ab[i]
        v3 = ta[i]
        v = v1 if p == qa else v0
        v = v2 if p == qb else v
        xa[i] = v3 if p == qn else v


pick_outer = njit(cache=True, nogil=True)(_pick_outer)


def _max_into(vk, vf, n):
    """vk = max(vk, vf), lane by lane."""
    for i in range(n):
        a = vk[i]
        b = vf[i]
        vk[i] = a if a >= b else b


max_into = njit(cache=True, nogil=True)(_max_into)


def _best_values(x, pa, pb, tt, n2, n3, n4):
    """`best_keeps` without the choice: every state's best value (the plain maximum: with no payout to follow
    the keeps, ties need no breaking; five times faster)."""
    q3 = n3 + 1
    q4 = n4 + 1
    width = (n2 + 1) * q3 * q4 * LANES
    max_into(x, pa, width)
    max_into(x, pb, width)
    max_into(x, tt, width)
    run2 = q3 * q4 * LANES
    f = n2 * run2
    for a2 in range(n2):
        k = a2 * run2
        max_into(x[k:k + run2], x[f:f + run2], run2)
    run3 = q4 * LANES
    for a2 in range(n2):
        f = (a2 * q3 + n3) * run3
        for a3 in range(n3):
            k = (a2 * q3 + a3) * run3
            max_into(x[k:k + run3], x[f:f + run3], run3)
    run4 = n4 * LANES
    for a2 in range(n2):
        for a3 in range(n3):
            k = (a2 * q3 + a3) * q4 * LANES
            vk = x[k:k + run4]
            vf = x[k + run4:k + run4 + LANES]
            for a4 in range(n4):
                for t in range(LANES):
                    a = vk[a4 * LANES + t]
                    b = vf[t]
                    vk[a4 * LANES + t] = a if a >= b else b


best_values = njit(cache=True, nogil=True)(_best_values)


def _solve_block(m, cls, pay, gpay, stage_pay, rerolls, shift, xs, xsa, mp, r1s, r0s, tts, ra1s, ra0s,
                 tas, out_v, out_a):
    """LANES games from the first roll with `rerolls` re-rolls (at least one): out_v their optimal values,
    out_a their aux payouts (gpay[a]: aux payout a's pay tables) under that play. Standing after u rolls pays
    table stage_pay[u - 1]. shift[j]: die j's share of a keep's preference (see `best_keeps`).
    Scratch: xs/xsa the slabs (outer pair, [aux,] keep x LANES), mp one slab's preferences, r1s/r0s/tts
    (ra1s/ra0s/tas for the aux payouts) two sets, this stage's and the next's, of the outer sums R1, R0, T."""
    m0, m1, n2, n3, n4 = m[0], m[1], m[2], m[3], m[4]
    q3 = n3 + 1
    q4 = n4 + 1
    n_inner = n2 * n3 * n4
    n_aux = xsa.shape[1]
    run4 = n4 * LANES
    # the outer variants' preferences relative to both outer dice kept, the preferred single die first
    zero_first = shift[0] > shift[1]
    qa = -shift[1] if zero_first else -shift[0]
    qb = -shift[0] if zero_first else -shift[1]
    qn = -shift[0] - shift[1]
    for t in range(LANES):
        out_v[t] = 0.0
    for a in range(n_aux):
        for t in range(LANES):
            out_a[a, t] = 0.0
    # the last roll's states pay their class; every slab averaged, the outer sums gathered
    cur = 0
    r1s[cur] = 0.0
    r0s[cur] = 0.0
    ra1s[cur] = 0.0
    ra0s[cur] = 0.0
    last_pay = stage_pay[rerolls]
    # slabs in runs of `block` values of a1: their R0 rows stay in the core's cache while a0 goes round
    block = 4 if n_aux == 0 else 2
    for lo in range(0, m1, block):
        for a0 in range(m0):
            for a1 in range(lo, lo + block if lo + block < m1 else m1):
                j = a0 * m1 + a1
                off = j * n_inner
                fill_from_pay(xs[j], pay, last_pay, cls, off, n2, n3, n4)
                average_slab(xs[j], n2, n3, n4, r1s[cur, a0], r0s[cur, a1])
                for a in range(n_aux):
                    fill_from_pay(xsa[j, a], gpay[a], last_pay, cls, off, n2, n3, n4)
                    average_slab(xsa[j, a], n2, n3, n4, ra1s[cur, a0, a], ra0s[cur, a1, a])
    finish_outer(r1s[cur], r0s[cur], tts[cur], m0, m1)
    for a in range(n_aux):
        finish_outer(ra1s[cur, :, a], ra0s[cur, :, a], tas[cur, a], m0, m1)
    for u in range(rerolls, 0, -1):
        stand = stage_pay[u - 1]
        nxt = 1 - cur
        r1 = r1s[cur]
        r0 = r0s[cur]
        tt = tts[cur]
        ra1 = ra1s[cur]
        ra0 = ra0s[cur]
        ta = tas[cur]
        if u > 1:
            r1s[nxt] = 0.0
            r0s[nxt] = 0.0
            ra1s[nxt] = 0.0
            ra0s[nxt] = 0.0
        for lo in range(0, m1, block):
            for a0 in range(m0):
                for a1 in range(lo, lo + block if lo + block < m1 else m1):
                    j = a0 * m1 + a1
                    x = xs[j]
                    xa = xsa[j]
                    # keeping all five dice is standing (the states hold it already when the last roll pays so)
                    if u < rerolls or stand != last_pay:
                        fill_from_pay(x, pay, stand, cls, j * n_inner, n2, n3, n4)
                    pa = r1[a0] if zero_first else r0[a1]
                    pb = r0[a1] if zero_first else r1[a0]
                    if n_aux == 0:
                        best_values(x, pa, pb, tt, n2, n3, n4)
                    else:
                        if u < rerolls or stand != last_pay:
                            for a in range(n_aux):
                                fill_from_pay(xa[a], gpay[a], stand, cls, j * n_inner, n2, n3, n4)
                        aa = ra1[a0] if zero_first else ra0[a1]
                        ab = ra0[a1] if zero_first else ra1[a0]
                        best_keeps(x, xa, mp, pa, pb, tt, aa, ab, ta, qa, qb, qn, shift, n2, n3, n4)
                    if u > 1:  # the slab's states hold this stage's values: the next stage's slab
                        average_slab(x, n2, n3, n4, r1s[nxt, a0], r0s[nxt, a1])
                        for a in range(n_aux):
                            average_slab(xa[a], n2, n3, n4, ra1s[nxt, a0, a], ra0s[nxt, a1, a])
                        continue
                    for a2 in range(n2):
                        for a3 in range(n3):
                            k = (a2 * q3 + a3) * q4 * LANES
                            src = x[k:k + run4]
                            for a4 in range(n4):
                                for t in range(LANES):
                                    out_v[t] += src[a4 * LANES + t]
                            for a in range(n_aux):
                                src = xa[a, k:k + run4]
                                for a4 in range(n4):
                                    for t in range(LANES):
                                        out_a[a, t] += src[a4 * LANES + t]
        if u > 1:
            finish_outer(r1s[nxt], r0s[nxt], tts[nxt], m0, m1)
            for a in range(n_aux):
                finish_outer(ra1s[nxt, :, a], ra0s[nxt, :, a], tas[nxt, a], m0, m1)
            cur = nxt
    n_states = cls.shape[0]
    for t in range(LANES):
        out_v[t] /= n_states
    for a in range(n_aux):
        for t in range(LANES):
            out_a[a, t] /= n_states


solve_block = njit(cache=True, nogil=True)(_solve_block)


def _threshold_blocks(m, cls, above, tie, aux_above, aux_tie, aux_below, rerolls, shift, blk_lo,
                      blk_hi, values, aux, pay, gpay, stage_pay, xs, xsa, mp, r1s, r0s, tts, ra1s, ra0s, tas, out_v,
                      out_a):
    """The threshold games of blocks blk_lo..blk_hi - 1 (LANES thresholds a block): values[b] and aux[:, b]."""
    n_classes = above.shape[0]
    n_aux = aux_tie.shape[0]
    for blk in range(blk_lo, blk_hi):
        for t in range(LANES):
            b = blk * LANES + t
            if b >= n_classes:
                b = n_classes - 1  # a spare lane plays the last game again
            for c in range(n_classes):
                pay[0, c, t] = above[c] if c > b else (tie[b] if c == b else 0.0)
                for a in range(n_aux):
                    gpay[a, 0, c, t] = aux_above[a, c] if c > b else (aux_tie[a] if c == b else aux_below[a])
        solve_block(m, cls, pay, gpay, stage_pay, rerolls, shift, xs, xsa, mp, r1s, r0s, tts, ra1s, ra0s,
                    tas, out_v, out_a)
        for t in range(LANES):
            b = blk * LANES + t
            if b < n_classes:
                values[b] = out_v[t]
                for a in range(n_aux):
                    aux[a, b] = out_a[a, t]


threshold_blocks = njit(cache=True, nogil=True)(_threshold_blocks)
