# mypy: disable-error-code="valid-type, untyped-decorator"
"""The roll table's outcome kernels, in Cython's pure-Python mode (compiled by the build; see solver/native.py)."""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["FNV_OFFSET", "FNV_PRIME", "distinct_options", "outcome_options"]

# FNV-1a over a row's entries; the hash wraps at 64 bits (masked, so plain Python agrees with C)
FNV_OFFSET = 1469598103934665603
FNV_PRIME = 1099511628211
MASK64 = 0xFFFFFFFFFFFFFFFF


# Both kernels group the outcomes with equal option rows as they go: an outcome's row is written at
# rows[n_groups] (the next free row) and looked up in an open-addressing table (slots: a power of two, -1
# for empty, holding group numbers) by an FNV-1a hash of the row (group_key: uint64); rows with equal hashes
# are compared in full, so different rows never merge. Groups come in order of their first outcome and a
# group's chance adds its outcomes in order.
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def add_group(rows: cython.short[:, ::1], n_groups: cython.Py_ssize_t, p: cython.double,
              group_prob: cython.double[::1], group_key: cython.ulonglong[::1],
              slots: cython.longlong[::1]) -> cython.Py_ssize_t:
    """Add chance p to the group whose row equals rows[n_groups], or make that row a new group; returns the
    number of groups."""
    n_cols: cython.Py_ssize_t = rows.shape[1]
    h: cython.ulonglong = FNV_OFFSET
    prime: cython.ulonglong = FNV_PRIME
    mask64: cython.ulonglong = MASK64
    c: cython.Py_ssize_t
    x: cython.ulonglong
    for c in range(n_cols):
        x = cython.cast(cython.ulonglong, rows[n_groups, c] + 2)
        h = ((h ^ x) * prime) & mask64
    mask: cython.ulonglong = slots.shape[0] - 1
    i: cython.Py_ssize_t = cython.cast(cython.Py_ssize_t, h & mask)
    g: cython.Py_ssize_t
    same: cython.bint
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
        i = cython.cast(cython.Py_ssize_t, (i + 1) & mask)
    slots[i] = n_groups
    group_key[n_groups] = h
    group_prob[n_groups] = p
    return n_groups + 1


def outcome_options(n_types: cython.Py_ssize_t, m: cython.const[cython.longlong][::1],
                    type_start: cython.const[cython.longlong][:, ::1], type_stride: cython.const[cython.longlong][::1],
                    ms_prob: cython.const[cython.double][::1], sub_start: cython.const[cython.longlong][::1],
                    sub_code: cython.const[cython.longlong][::1], sub_size: cython.const[cython.longlong][::1],
                    scores: cython.const[cython.short][::1], full_state: cython.longlong,
                    column_of: cython.const[cython.longlong][::1], rows: cython.short[:, ::1],
                    group_prob: cython.double[::1], group_key: cython.ulonglong[::1], slots: cython.longlong[::1],
                    work: cython.longlong[:, ::1]) -> tuple[int, float]:
    """The non-bust outcomes of rolling m[t] dice of each type, grouped by equal option rows; returns
    (groups, bust chance).

    rows[g, column_of[R]] = best score (units of 50) of a legal selection leaving state R (-1: none), for
    group g; group_prob[g] = its chance. Outcomes and selections are walked as mixed-radix counters over
    the types; the selection's code and the dice it leaves are kept as running sums, so a step costs what
    its changed digits cost. `work` is int64 scratch (7, n_types + 1); rows has room for every outcome.
    """
    state: cython.longlong = 0
    t: cython.Py_ssize_t
    for t in range(n_types):
        state += m[t] * type_stride[t]
    lens: cython.longlong[::1] = work[0]
    idx: cython.longlong[::1] = work[1]
    cur: cython.longlong[::1] = work[2]
    sub_idx: cython.longlong[::1] = work[3]
    sub_len: cython.longlong[::1] = work[4]
    code_above: cython.longlong[::1] = work[5]  # code_above[t] = sum of digits t.. (top down)
    left_above: cython.longlong[::1] = work[6]
    for t in range(n_types + 1):
        idx[t] = 0
        sub_idx[t] = 0
        code_above[t] = 0
        left_above[t] = 0
    for t in range(n_types):
        lens[t] = type_start[t, m[t] + 1] - type_start[t, m[t]]
    n_cols: cython.Py_ssize_t = rows.shape[1]
    n_groups: cython.Py_ssize_t = 0
    bust: cython.double = 0.0
    p: cython.double
    r: cython.Py_ssize_t
    k: cython.Py_ssize_t
    s: cython.short
    c: cython.Py_ssize_t
    left: cython.longlong
    low: cython.Py_ssize_t
    scored: cython.bint
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


def distinct_options(dice_in: cython.const[cython.longlong][::1], n_faces_live: cython.const[cython.longlong][::1],
                     face_code: cython.const[cython.longlong][:, ::1], face_prob: cython.const[cython.double][:, ::1],
                     stride_of: cython.const[cython.longlong][::1], state: cython.longlong,
                     full_state: cython.longlong, scores: cython.const[cython.short][::1],
                     column_of: cython.const[cython.longlong][::1], rows: cython.short[:, ::1],
                     group_prob: cython.double[::1], group_key: cython.ulonglong[::1], slots: cython.longlong[::1],
                     work: cython.longlong[:, ::1]) -> tuple[int, float]:
    """As outcome_options, for distinct dice (one die per type); returns (groups, bust chance).

    Each selection A of the rolled dice leaves exactly one state, so a score is written, not maximized;
    A's code is built from A without its lowest die, one addition per selection. `work` is int64 scratch
    (3, at least 2^k).
    """
    k: cython.Py_ssize_t = dice_in.shape[0]
    n_sub: cython.Py_ssize_t = 1 << k
    code: cython.longlong[::1] = work[0]
    left_of: cython.longlong[::1] = work[1]
    idx: cython.longlong[::1] = work[2]
    j: cython.Py_ssize_t
    a: cython.Py_ssize_t
    r: cython.Py_ssize_t
    low: cython.Py_ssize_t
    left: cython.longlong
    s: cython.short
    p: cython.double
    scored: cython.bint
    code[0] = 0
    for j in range(k):
        idx[j] = 0
    for a in range(n_sub):
        left = state
        for j in range(k):
            if (a >> j) & 1:
                left -= stride_of[dice_in[j]]
        left_of[a] = full_state if left == 0 else left
    n_cols: cython.Py_ssize_t = rows.shape[1]
    n_groups: cython.Py_ssize_t = 0
    bust: cython.double = 0.0
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
