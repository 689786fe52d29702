# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg, no-untyped-def, no-any-return"
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

from collections.abc import Mapping
from math import gcd
from typing import Any

from holdwise.games.option_kernels import options_of

__all__ = ["DrawCounts", "hold_json", "hold_options", "hold_texts"]

DRAW_FIVE = "draw five"  # the option text of holding nothing (hold_options.DRAW_FIVE)
EXACT = cython.declare(cython.longlong, 1 << 53)  # a whole number below this is exact as a double
# _POSITIONS[m] = the positions 1-5 that a mask over the DEALT order holds
_POSITIONS = tuple(tuple(i + 1 for i in range(5) if m >> i & 1) for m in range(32))


@cython.cclass
class DrawCounts:
    """One hold's draws per pay class, best class first (a Mapping, as a dict to every reader: items, get, ==,
    repr; unhashable): row `mask` of the hand's counts, made a dict on first read."""

    _hands = cython.declare(object)
    _rows = cython.declare(object)
    _mask = cython.declare(cython.Py_ssize_t)
    _dict = cython.declare(object)

    def __init__(self, hands: Any, rows: Any, mask: int):
        self._hands, self._rows, self._mask, self._dict = hands, rows, mask, None

    def _counts(self) -> dict:
        if self._dict is None:
            self._dict = dict(zip(self._hands, self._rows[self._mask].tolist(), strict=True))
        return self._dict

    def __getitem__(self, key: str) -> int:
        return self._counts()[key]

    def __iter__(self) -> Any:
        return iter(self._hands)

    def __len__(self) -> int:
        return len(self._hands)

    def __contains__(self, key: object) -> bool:
        return key in self._counts()

    def get(self, key: str, default: Any = None) -> Any:
        return self._counts().get(key, default)

    def keys(self) -> Any:
        return self._counts().keys()

    def values(self) -> Any:
        return self._counts().values()

    def items(self) -> Any:
        return self._counts().items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DrawCounts):
            return self._counts() == other._counts()
        if isinstance(other, Mapping):
            return self._counts() == dict(other.items())
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'DrawCounts'")  # as a dict's

    def __repr__(self) -> str:
        return repr(self._counts())


Mapping.register(DrawCounts)  # a Mapping to isinstance (to_jsonable writes it as a dict)


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
                 order: list, rows: Any, hands: Any, draws: Any, exact: cython.bint, actions: cython.bint) -> list:
    """The options best first, as `KernelOption`s (see hold_options.HoldOptions): `values[mask]` over `scale` by
    mask of the sorted hand, masks best first in `order`, `rows[mask]` the draws per pay class (`hands`) made
    a `DrawCounts`, `draws[k]` the draws of a hold of k cards."""
    held, texts, to_dealt = hold_texts(dealt, names)
    top: cython.longlong = values[order[0]]
    small: cython.bint = scale < EXACT  # then a value is exact as a double if below 2**53 (_ratio)
    fq: cython.double = scale if small else 0.0
    place: cython.Py_ssize_t
    mask: cython.Py_ssize_t
    dealt_mask: cython.Py_ssize_t
    v: cython.longlong
    counts: DrawCounts
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
        counts = DrawCounts.__new__(DrawCounts)
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
