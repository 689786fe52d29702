# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg"
"""The hold classifier's kernels: every hold of every deal packed into one int64 code (`pattern_codes.py` says
what a code holds and names its fields), in Cython's pure-Python mode (compiled by the build; see
holdwise.solver.native).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

__all__ = ["classify_deals"]

# classes of final hands: int8 as the tables keep them, int64 as some callers build them
klass = cython.fused_type(cython.schar, cython.longlong)
# a hold's code (int64) or its pattern id (int16)
code_t = cython.fused_type(cython.short, cython.longlong)

# The families and penalties as C values, the same numbers `pattern_codes` names for Python (a C global is no
# Python name; a code the two read differently fails every pinned vocabulary test).
MADE5 = cython.declare(cython.longlong, 0)
WILD_ONLY = cython.declare(cython.longlong, 1)
QUADS = cython.declare(cython.longlong, 2)
RF = cython.declare(cython.longlong, 3)
TRIPS = cython.declare(cython.longlong, 4)
SF = cython.declare(cython.longlong, 5)
TWO_PAIR = cython.declare(cython.longlong, 6)
PAIR = cython.declare(cython.longlong, 7)
FLUSH = cython.declare(cython.longlong, 8)
STRAIGHT = cython.declare(cython.longlong, 9)
HIGH = cython.declare(cython.longlong, 10)
TRIPS_K = cython.declare(cython.longlong, 11)
PAIR_K = cython.declare(cython.longlong, 12)
SINGLE_LOW = cython.declare(cython.longlong, 13)
JUNK = cython.declare(cython.longlong, 14)
NOTHING = cython.declare(cython.longlong, 15)
FLUSH_PENALTY = cython.declare(cython.longlong, 1)
STRAIGHT_PENALTY = cython.declare(cython.longlong, 2)
ROYAL = cython.declare(cython.longlong, 0b1111100000000)


@cython.cfunc
@cython.nogil
@cython.inline
@cython.exceptval(check=False)
def pack(fam: cython.longlong, n: cython.longlong, w: cython.longlong, f1: cython.longlong, f2: cython.longlong,
         f3: cython.longlong, ranks: cython.longlong, pen: cython.longlong) -> cython.longlong:
    """A hold's code: family << 44 | (7 - cards held) << 40 | wild << 36 | f1 << 28 | f2 << 24 | f3 << 20 |
    ranks << 4 | penalties (ordered as the vocabulary lists patterns)."""
    return (fam << 44) | ((7 - n) << 40) | (w << 36) | (f1 << 28) | (f2 << 24) | (f3 << 20) | (ranks << 4) | pen


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def deal_codes(deals: cython.const[cython.longlong][:, ::1], i: cython.Py_ssize_t, wild_mode: cython.longlong,
               hi: cython.longlong, rank_group: cython.const[cython.longlong][::1], full_class: cython.longlong,
               fit: cython.const[cython.uchar][::1], ways_of: cython.const[cython.longlong][::1],
               joins: cython.const[cython.longlong][::1], outs: cython.const[cython.longlong][::1],
               pop: cython.const[cython.longlong][::1], top_of: cython.const[cython.longlong][::1],
               scratch: cython.longlong[:, ::1], codes: cython.longlong[::1]) -> cython.int:
    """codes[held] for the 32 holds of the sorted deal deals[i] (held = 5-bit mask over the cards).

    Subset tables are built up one card at a time (held mask m from m without its top card): natural rank
    masks by multiplicity (nat1 ⊇ nat2 ⊇ nat3 ⊇ nat4 = ranks held at least 1, 2, 3, 4 times), the natural
    suits held (5-bit mask: the extra ace's suit is the fifth), the counts of wild and natural cards; `scratch`
    is (7, 32), rows 0-6 of column 0 zero.
    """
    m: cython.Py_ssize_t
    j: cython.Py_ssize_t
    k: cython.Py_ssize_t
    prev: cython.Py_ssize_t
    rest: cython.Py_ssize_t
    c: cython.longlong
    bit: cython.longlong
    w: cython.longlong
    n: cython.longlong
    fam: cython.longlong
    f1: cython.longlong
    f2: cython.longlong
    f3: cython.longlong
    ranks: cython.longlong
    pen: cython.longlong
    m1: cython.longlong
    top: cython.longlong
    lo: cython.longlong
    kind: cython.longlong
    nat: cython.longlong
    high: cython.longlong
    gaps: cython.longlong
    suited: cython.bint
    ace_low: cython.bint
    for m in range(1, 32):
        j = top_of[m]
        prev = m ^ (1 << j)
        c = deals[i, j]
        for k in range(7):
            scratch[k, m] = scratch[k, prev]
        if (wild_mode == 2 and c == 52) or (wild_mode == 1 and c < 4):
            scratch[5, m] += 1
        else:
            # card 52 is natural only in the extra-ace deck: an ace of a fifth suit that no other card shares
            # (the joker's deck took it as wild above)
            bit = 1 << 12 if c == 52 else 1 << (c >> 2)
            scratch[3, m] |= bit & scratch[2, m]
            scratch[2, m] |= bit & scratch[1, m]
            scratch[1, m] |= bit & scratch[0, m]
            scratch[0, m] |= bit
            scratch[4, m] |= 1 << 4 if c == 52 else 1 << (c & 3)
            scratch[6, m] += 1
    # rows of scratch: nat1, nat2, nat3, nat4, suits, n_wild, n_nat
    for m in range(32):
        w = scratch[5, m]
        n = w + scratch[6, m]
        fam = NOTHING  # nothing held (m == 0)
        f1 = 0
        f2 = 0
        f3 = 0
        ranks = 0
        pen = 0
        if m == 0:
            pass
        elif n == 5:
            fam = MADE5
            f1 = full_class
        elif n == w:
            fam = WILD_ONLY
        elif scratch[1, m]:
            m1 = 4 if scratch[3, m] else 3 if scratch[2, m] else 2
            top = top_of[scratch[3, m] if m1 == 4 else scratch[2, m] if m1 == 3 else scratch[1, m]]
            kind = m1 + w
            if kind >= 4:
                fam = QUADS
                f1 = rank_group[top]
            elif kind == 3:
                fam = TRIPS if n == 3 else TRIPS_K
                f1 = rank_group[top]
            elif scratch[1, m] & (scratch[1, m] - 1):
                fam = TWO_PAIR
            elif n == 2:
                fam = PAIR
                f1 = 12 - top
            else:
                fam = PAIR_K
                f1 = 0 if top >= hi else 1
        else:
            nat = scratch[0, m]
            high = pop[nat >> hi] if hi < 13 else 0
            suited = (scratch[4, m] & (scratch[4, m] - 1)) == 0
            if w == 0 and n <= 3:  # penalties: what the discarded natural cards take away
                rest = 31 ^ m
                if suited and scratch[4, rest] & scratch[4, m]:
                    pen |= FLUSH_PENALTY
                if scratch[0, rest] & joins[nat]:
                    pen |= STRAIGHT_PENALTY
            if scratch[6, m] == 1:
                if top_of[nat] >= hi:
                    fam = HIGH
                    ranks = 8191 - nat
                else:
                    # with a wild card the rank matters (a joker with a Q draws to a royal, with a 5 it does not)
                    fam = SINGLE_LOW
                    ranks = 8191 - nat if w > 0 else 0
                    pen = 0
            else:
                # gaps inside the naturals' span (for draws within a straight window); the ace plays low when
                # every other rank is 5 or less
                ace_low = (nat >> 12 & 1) == 1 and (nat & 0xFFF) < 16
                top = top_of[nat & 0xFFF] if ace_low else top_of[nat]
                lo = -1 if ace_low else top_of[nat & -nat]
                gaps = top - lo - (scratch[6, m] - 1)
                if suited and (nat & ~ROYAL) == 0:
                    # ranks named: 2 and 3 card draws with no wild card, every draw with wild cards (where which
                    # naturals are held matters more: a deuce with KQ suited is not a deuce with AT)
                    fam = RF
                    ranks = 8191 - nat if (w == 0 and n <= 3) or w > 0 else 0
                elif suited and fit[nat]:
                    # 2 to a straight flush is never a play worth refining by penalties: keep the vocabulary small
                    fam = SF
                    f1 = gaps
                    f2 = 4 - high
                    f3 = ways_of[nat]
                    ranks = 8191 - nat if w > 0 else 0
                    pen = pen if scratch[6, m] == 3 else 0
                elif suited:
                    fam = FLUSH
                    f2 = 4 - high
                    pen = 0
                elif w == 0 and n <= 3 and high == scratch[6, m]:
                    fam = HIGH
                    ranks = 8191 - nat
                    pen = pen & STRAIGHT_PENALTY
                elif fit[nat]:
                    fam = STRAIGHT
                    f1 = 1 if n == 4 and outs[nat] < 2 else 0  # inside
                    f2 = 4 - high
                    f3 = outs[nat] if n == 4 else gaps
                    pen = 0
                else:
                    fam = JUNK
                    f2 = 4 - high
                    pen = 0
        codes[m] = pack(fam, n, w, f1, f2, f3, ranks, pen)
    return 0


def classify_deals(deals: cython.const[cython.longlong][:, ::1], wild_mode: cython.longlong, hi: cython.longlong,
                   rank_group: cython.const[cython.longlong][::1], classes5: cython.const[klass][::1],
                   binom: cython.const[cython.longlong][:, ::1], fit: cython.const[cython.uchar][::1],
                   ways_of: cython.const[cython.longlong][::1], joins: cython.const[cython.longlong][::1],
                   outs: cython.const[cython.longlong][::1], pop: cython.const[cython.longlong][::1],
                   top_of: cython.const[cython.longlong][::1], vocab: cython.const[cython.longlong][::1],
                   codes: cython.longlong[::1], scratch: cython.longlong[:, ::1], out: code_t[:, ::1]) -> None:
    """out[i, held] = code of every hold of every deal, or with a vocabulary its id (binary search; -1 if none).

    `codes` (32) and `scratch` (7, 32, column 0 zero) are the caller's (`pattern_codes.scratch`).
    """
    n_vocab: cython.Py_ssize_t = vocab.shape[0]
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    held: cython.Py_ssize_t
    lo: cython.Py_ssize_t
    hi_: cython.Py_ssize_t
    mid: cython.Py_ssize_t
    colex: cython.Py_ssize_t
    code: cython.longlong
    with cython.nogil:
        for i in range(deals.shape[0]):
            colex = 0
            for j in range(5):
                colex += binom[deals[i, j], j + 1]
            # the class widened to the parameter's int64 here, as C converts it: plain Python would pass on
            # NumPy's int8, and the code's `f1 << 28` would wrap to 0 in it (every whole hand the class 0)
            deal_codes(deals, i, wild_mode, hi, rank_group, cython.cast(cython.longlong, classes5[colex]), fit,
                       ways_of, joins, outs, pop, top_of, scratch, codes)
            for held in range(32):
                code = codes[held]
                if n_vocab == 0:
                    out[i, held] = code
                    continue
                lo = 0
                hi_ = n_vocab
                while lo < hi_:
                    mid = (lo + hi_) >> 1
                    if vocab[mid] < code:
                        lo = mid + 1
                    else:
                        hi_ = mid
                out[i, held] = lo if lo < n_vocab and vocab[lo] == code else -1
