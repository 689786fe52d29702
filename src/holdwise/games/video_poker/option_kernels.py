# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg, no-untyped-def"
"""A video-poker hint's 32 options made from the solver's arrays in one compiled pass (`hold_options`), and
their JSON (`hold_json`), in Cython's pure-Python mode (compiled by the build; see holdwise.solver.native).

What costs here is Python objects (each option, its dicts, lists, floats and texts: about 250 of them a
hand), not arithmetic: compiled, the loop around them goes at the speed of making them. An option is a
`holdwise.games.option_kernels.KernelOption`, read as `base.Option` is, made in a tenth of a dataclass
instance's time.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

from math import gcd
from typing import Any

from holdwise.games.option_kernels import options_of

__all__ = ["hold_json", "hold_options", "hold_texts"]

DRAW_FIVE = "draw five"  # the option text of holding nothing (hold_options.DRAW_FIVE)
EXACT = cython.declare(cython.longlong, 1 << 53)  # a whole number below this is exact as a double
# _POSITIONS[m] = the positions 1-5 that a mask over the DEALT order holds
_POSITIONS = tuple(tuple(i + 1 for i in range(5) if m >> i & 1) for m in range(32))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def popcount(m: cython.longlong) -> cython.longlong:
    """The cards a mask holds."""
    n: cython.longlong = 0
    while m:
        n += m & 1
        m >>= 1
    return n


def hold_texts(dealt: Any, names: Any) -> tuple[list, list, list]:
    """By mask over the dealt order: the held cards' texts (dealt order), the hold's option text ("draw five"
    for none); and by mask over the SORTED hand, the same hold's mask over the dealt order."""
    cards: list = [names[c] for c in dealt]
    held: list = [[]] * 32
    texts: list = [DRAW_FIVE] * 32
    mask: cython.Py_ssize_t
    last: cython.Py_ssize_t
    for mask in range(1, 32):
        # the hold of mask m is that of m less its last card, and that card (dealt order kept)
        last = 4
        while not (mask >> last & 1):
            last -= 1
        held[mask] = [*held[mask ^ (1 << last)], cards[last]]
        texts[mask] = " ".join(held[mask])
    # card j of the sorted hand is dealt card rank[j] (the cards are distinct)
    rank = cython.declare(cython.longlong[5])
    code = cython.declare(cython.longlong[5])
    j: cython.Py_ssize_t
    i: cython.Py_ssize_t
    below: cython.Py_ssize_t
    for i in range(5):
        code[i] = dealt[i]
    for i in range(5):
        below = 0
        for j in range(5):
            if code[j] < code[i]:
                below += 1
        rank[below] = i
    to_dealt: list = [0] * 32
    d: cython.longlong
    for mask in range(32):
        d = 0
        for j in range(5):
            if mask >> j & 1:
                d |= 1 << rank[j]
        to_dealt[mask] = d
    return held, texts, to_dealt


@cython.cfunc
def _fraction(p: Any, q: Any) -> str:
    """p / q in lowest terms as "p/q" (q > 0, p >= 0), as fraction_text writes a Fraction."""
    g = gcd(p, q)
    return f"{p // g}/{q // g}"


@cython.cfunc
def _ratio(p: cython.longlong, q: Any, fq: cython.double, small: cython.bint) -> cython.double:
    """p / q as Python's int / int gives it (correctly rounded): one division of doubles when both are exact
    (`fq` is q as a double)."""
    if small and -EXACT < p < EXACT:
        return cython.cast(cython.double, p) / fq
    return p / q


def hold_options(dealt: Any, names: Any, values: cython.const[cython.longlong][::1], scale: Any,
                 order: list, rows: Any, hands: Any, draws: Any, exact: cython.bint, actions: cython.bint,
                 counts_view: Any) -> list:
    """The options best first, as `KernelOption`s (see hold_options.HoldOptions): `values[mask]` over `scale` by
    mask of the sorted hand, masks best first in `order`, `rows[mask]` the draws per pay class (`hands`) made
    a `counts_view` (hold_options.DrawCounts: slots _hands, _rows, _mask, _dict), `draws[k]` the draws of a
    hold of k cards."""
    held, texts, to_dealt = hold_texts(dealt, names)
    top: cython.longlong = values[order[0]]
    small: cython.bint = scale < EXACT  # then a value is exact as a double if below 2**53 (_ratio)
    fq: cython.double = scale if small else 0.0
    place: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    dealt_mask: cython.Py_ssize_t
    v: cython.longlong
    texts_: list = []
    values_: list = []
    losses: list = []
    actions_: list = []
    value_exacts: list = []
    loss_exacts: list = []
    extras: list = []
    for place in range(len(order)):
        mask = order[place]
        dealt_mask = to_dealt[mask]
        v = values[mask]
        positions = list(_POSITIONS[dealt_mask])
        texts_.append(texts[dealt_mask])
        values_.append(_ratio(v, scale, fq, small))
        losses.append(_ratio(top - v, scale, fq, small))
        actions_.append({"type": "draw", "hold": positions} if actions else {})
        if exact:
            value_exacts.append(_fraction(v, scale))
            loss_exacts.append(_fraction(top - v, scale))
        # counts: made without its __init__ (a call of Python code), as the class's own slots
        counts = counts_view.__new__(counts_view)
        counts._hands, counts._rows, counts._mask, counts._dict = hands, rows, mask, None
        extras.append({"hold": held[dealt_mask], "positions": positions, "draws": draws[popcount(mask)],
                       "counts": counts})
    return options_of(texts_, values_, losses, actions_, value_exacts if exact else None,
                      loss_exacts if exact else None, extras)


def hold_json(dealt: Any, names: Any, values: cython.const[cython.longlong][::1], scale: Any,
              order: list, rows: list, hands: Any, draws: Any, exact: cython.bint,
              actions: cython.bint) -> list:
    """The options' JSON, best first (as `[o.to_json() for o in options]`), from the same arrays as
    `hold_options`."""
    held, texts, to_dealt = hold_texts(dealt, names)
    top: cython.longlong = values[order[0]]
    small: cython.bint = scale < EXACT  # then a value is exact as a double if below 2**53 (_ratio)
    fq: cython.double = scale if small else 0.0
    out: list = []
    place: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    dealt_mask: cython.Py_ssize_t
    v: cython.longlong
    for place in range(len(order)):
        mask = order[place]
        dealt_mask = to_dealt[mask]
        v = values[mask]
        row: dict = {"option": texts[dealt_mask], "value": _ratio(v, scale, fq, small),
                     "loss": _ratio(top - v, scale, fq, small)}
        if exact:
            row["value_exact"] = _fraction(v, scale)
            row["loss_exact"] = _fraction(top - v, scale)
        row["hold"] = list(held[dealt_mask])
        row["positions"] = list(_POSITIONS[dealt_mask])
        row["draws"] = draws[popcount(mask)]
        row["counts"] = dict(zip(hands, rows[mask], strict=True))
        row["action"] = {"type": "draw", "hold": list(_POSITIONS[dealt_mask])} if actions else {}
        out.append(row)
    return out
