# mypy: disable-error-code="valid-type, untyped-decorator"
"""The inventory search's upper bound on a loadout's points per turn, in Cython's pure-Python mode (compiled by
the build; see solver/native.py)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["BELOW_GRID", "keep_pass", "state_excess"]

# A query below a state's grid has no bound from the grid: it reads this, so the set is never pruned by it.
BELOW_GRID = 1.0e18


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _advance(k: cython.Py_ssize_t, digit: cython.longlong[::1], positions: cython.longlong[::1],
             nz_count: cython.longlong[::1], nz_face: cython.longlong[:, ::1], nz_prob: cython.double[:, ::1],
             suffix_p: cython.double[::1], suffix_idx: cython.longlong[::1], start: cython.Py_ssize_t,
             same: cython.longlong[::1]) -> cython.bint:
    """The next face vector of the k dice at `positions` (only faces they can show; die 0 turns fastest),
    its chance suffix_p[0] and index suffix_idx[0]; False after the last. start=-1 begins at the first.

    same[i] = 1 when die i rolls as die i + 1 does: their faces are then enumerated in order (digit[i] <=
    digit[i + 1]), one vector per arrangement of such dice, and suffix_p[0] holds the chance of all its
    arrangements (they score alike: a keep's dice left are the same multiset)."""
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    pw: cython.longlong
    limit: cython.longlong
    run: cython.longlong
    place: cython.longlong
    ways: cython.double
    if start < 0:
        for i in range(k):
            digit[i] = 0
        i = k - 1
    else:
        i = 0
        while i < k:
            digit[i] += 1
            limit = nz_count[positions[i]]
            if i + 1 < k and same[i] and digit[i + 1] + 1 < limit:
                limit = digit[i + 1] + 1
            if digit[i] < limit:
                break
            digit[i] = 0
            i += 1
        if i == k:
            return False
    suffix_p[k] = 1.0
    suffix_idx[k] = 0
    for j in range(i, -1, -1):
        pw = 1
        for _ in range(j):
            pw *= 7
        suffix_p[j] = suffix_p[j + 1] * nz_prob[positions[j], digit[j]]
        suffix_idx[j] = suffix_idx[j + 1] + nz_face[positions[j], digit[j]] * pw
    # the arrangements: m! / (r1! r2! ...) per block of m alike dice with runs r of equal faces, built a die
    # at a time as (place in the block) / (place in the run)
    ways = 1.0
    place = 1
    run = 1
    for j in range(k - 2, -1, -1):
        if same[j]:
            place += 1
            if digit[j] == digit[j + 1]:
                run += 1
            else:
                run = 1
            ways = ways * place / run
        else:
            place = 1
            run = 1
    suffix_p[0] = suffix_p[0] * ways
    return True


def state_excess(k: cython.Py_ssize_t, nz_count: cython.longlong[::1], nz_face: cython.longlong[:, ::1],
                 nz_prob: cython.double[:, ::1], child: cython.longlong[::1], hot: cython.double[::1],
                 hot_bust: cython.double, base: cython.Py_ssize_t, keep_start: cython.longlong[::1], keep_mask: cython.int[::1],
                 keep_units: cython.int[::1], vec_base: cython.longlong[::1], row_pop: cython.longlong[::1],
                 grid_lo: cython.longlong[::1], grid_hi: cython.longlong[::1], bust: cython.double[::1],
                 excess: cython.double[::1], out_row: cython.Py_ssize_t, positions: cython.longlong[::1],
                 digit: cython.longlong[::1], suffix_p: cython.double[::1], suffix_idx: cython.longlong[::1],
                 best: cython.double[::1], total: cython.double[::1], cap: cython.double,
                 same: cython.longlong[::1]) -> cython.double:
    """Upper bounds on W(t, S) - t for a state S of k dice at the totals base + its grid (units of 50), written
    to row out_row of excess (flat, rows x width) with S's bust chance to bust[out_row]; with k = 6, S is the
    full set at total `base` only, and the return value bounds Roll(base) - base (see search_bounds.py).

    S's dice are 0..k-1: die i shows nz_count[i] faces nz_face[i, :] (0..6, the joker 6) with chances
    nz_prob[i, :]. child[r] is the row of the dice left after keeping the dice of mask r (bit i: die i; rows
    of fewer dice are already written, row_pop[row] their number of dice); keeping every die is hot dice:
    six fresh dice at a total x, whose excess is at most hot[x] (beyond the array: its last value less
    hot_bust a unit, at least 0). hot_bust < 0 (the full set) takes S's own bust chance,
    found in a first pass. keep_* is the legal keeps of every face vector (CSR, vector index
    sum face_i * 7^i offset by vec_base[k]; keep_mask: bit i keeps die i). positions, digit, suffix_p,
    suffix_idx, same (6, 6, 7, 7, 6) and best, total (width) are scratch (same: which dice roll alike). cap > 0 caps the banked points (a turn
    played to the points still needed: W <= cap, so an excess at total t is at most cap - t).
    """
    width: cython.Py_ssize_t = best.shape[0]
    n_hot: cython.Py_ssize_t = hot.shape[0]
    all_kept: cython.Py_ssize_t = (1 << k) - 1
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    d: cython.Py_ssize_t
    lo: cython.Py_ssize_t
    hi: cython.Py_ssize_t
    t: cython.Py_ssize_t
    u: cython.Py_ssize_t
    r: cython.Py_ssize_t
    row: cython.Py_ssize_t
    c: cython.Py_ssize_t
    first: cython.Py_ssize_t
    rbase: cython.Py_ssize_t
    top: cython.Py_ssize_t
    tu: cython.Py_ssize_t
    p: cython.double
    q: cython.double
    val: cython.double
    acc: cython.double
    more: cython.bint
    for i in range(k):
        positions[i] = i
    # dice that roll alike side by side (a set's dice come sorted by kind): enumerated once per arrangement
    for i in range(k):
        same[i] = 0
        if i + 1 < k and nz_count[i] == nz_count[i + 1]:
            same[i] = 1
            for j in range(nz_count[i]):
                if nz_face[i, j] != nz_face[i + 1, j] or nz_prob[i, j] != nz_prob[i + 1, j]:
                    same[i] = 0
    if hot_bust < 0.0:
        q = 0.0
        more = _advance(k, digit, positions, nz_count, nz_face, nz_prob, suffix_p, suffix_idx, -1, same)
        while more:
            j = vec_base[k] + suffix_idx[0]
            if keep_start[j] == keep_start[j + 1]:
                q += suffix_p[0]
            more = _advance(k, digit, positions, nz_count, nz_face, nz_prob, suffix_p, suffix_idx, 0, same)
        hot_bust = q
    if k == 6:
        lo = base
        hi = base
    else:
        lo = base + grid_lo[k]
        hi = base + grid_hi[k]
    for t in range(hi - lo + 1):
        total[t] = 0.0
    q = 0.0
    more = _advance(k, digit, positions, nz_count, nz_face, nz_prob, suffix_p, suffix_idx, -1, same)
    while more:
        p = suffix_p[0]
        j = vec_base[k] + suffix_idx[0]
        more = _advance(k, digit, positions, nz_count, nz_face, nz_prob, suffix_p, suffix_idx, 0, same)
        if keep_start[j] == keep_start[j + 1]:
            q += p
            continue
        for t in range(hi - lo + 1):
            best[t] = -1.0
        for d in range(keep_start[j], keep_start[j + 1]):
            u = keep_units[d]
            r = keep_mask[d]
            if r == all_kept:  # every die kept: hot dice, six fresh dice
                for t in range(lo, hi + 1):
                    tu = t + u
                    if tu < n_hot:
                        val = hot[tu]
                    else:
                        val = hot[n_hot - 1] - hot_bust * (tu - n_hot + 1)
                    val = u + (val if val > 0.0 else 0.0)
                    if val > best[t - lo]:
                        best[t - lo] = val
                continue
            row = child[r]
            c = row_pop[row]
            first = base + grid_lo[c]
            rbase = row * width - first
            top = base + grid_hi[c]
            for t in range(lo, hi + 1):
                tu = t + u
                if tu <= top:
                    if tu >= first:
                        val = u + excess[rbase + tu]
                    else:
                        val = BELOW_GRID
                else:
                    # above the grid: every policy keeps an extra unit of total only when the next roll
                    # does not bust
                    val = excess[rbase + top] - bust[row] * (tu - top)
                    val = u + (val if val > 0.0 else 0.0)
                if val > best[t - lo]:
                    best[t - lo] = val
        if cap > 0.0:
            for t in range(lo, hi + 1):
                if best[t - lo] > cap - t:
                    best[t - lo] = cap - t
        for t in range(hi - lo + 1):
            total[t] += p * best[t]
    if k == 6:
        bust[out_row] = q
        return total[0] - q * lo
    bust[out_row] = q
    for t in range(lo, hi + 1):
        acc = total[t - lo] - q * t
        excess[out_row * width + t - lo] = acc if acc > 0.0 else 0.0
    return 0.0


def keep_pass(k: cython.Py_ssize_t, scores: cython.const[cython.short][::1], counts: cython.longlong[::1],
              masks: cython.int[::1], units: cython.int[::1], at: cython.longlong) -> cython.longlong:
    """The legal keeps of every face vector of k dice (faces 0..6; vector index sum face_i * 7^i, die 0
    turning fastest), vector by vector, each vector's keeps in the order of their masks (bit i: die i):
    counts[v] = how many vector v has, and each keep's mask and score in units of 50 (scores[code], code = the
    sum of 7^face over the dice kept; legal when positive) written to masks and units from `at` on (room
    for every mask of every vector). Returns `at` past the last keep written."""
    digit = cython.declare(cython.longlong[8])
    code = cython.declare(cython.longlong[64])
    low = cython.declare(cython.longlong[64])
    power = cython.declare(cython.longlong[8])
    n_vec: cython.longlong = 1
    n_masks: cython.Py_ssize_t = 1 << k
    v: cython.longlong
    m: cython.Py_ssize_t
    i: cython.Py_ssize_t
    first: cython.longlong
    u: cython.short
    for i in range(k):
        digit[i] = 0
        n_vec *= 7
    for i in range(7):
        power[i] = 1
        for _ in range(i):
            power[i] *= 7
    for m in range(1, n_masks):
        i = 0
        while not (m >> i) & 1:
            i += 1
        low[m] = i  # the mask's lowest die
    code[0] = 0
    for v in range(n_vec):
        first = at
        for m in range(1, n_masks):
            # the code of the mask without its lowest die, plus that die's face
            code[m] = code[m & (m - 1)] + power[digit[low[m]]]
            u = scores[code[m]]
            if u > 0:
                masks[at] = m
                units[at] = u
                at += 1
        counts[v] = at - first
        i = 0
        while i < k:  # the next vector: die 0 turns fastest
            digit[i] += 1
            if digit[i] < 7:
                break
            digit[i] = 0
            i += 1
    return at
