"""A video-poker hint's 32 options, made from the solver's arrays (`HoldOptions`): each hold's text, value, loss,
positions, draws and draws per pay class.

A hint is read whole more often than in part (the command line's table, the web's JSON, a session's advice),
so the options are made together, on the first read, with the per-hold work kept to what Python cannot avoid:
the hold texts come from one pass over the hand's subsets, the values from the integers (int / int, correctly
rounded), the draws from the deck (every draw ends in one pay class), and each `Option` is filled in directly
(its dataclass `__init__` checks nothing and costs as much as the rest of the option). The draws per pay class
are a `DrawCounts` mapping, made a dict when first read (the command line shows them only when asked; the JSON
writes them from the arrays)."""

from __future__ import annotations

import math
from collections.abc import ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..base import Option, fraction_text
from .cards import HAND_SIZE
from .solver import HandValues

__all__ = ["DRAW_FIVE", "DrawCounts", "HoldOptions"]

DRAW_FIVE = "draw five"  # the option text of holding nothing
# _POSITIONS[m] = the positions 1-5 that a mask over the DEALT order holds
_POSITIONS = tuple(tuple(i + 1 for i in range(HAND_SIZE) if m >> i & 1) for m in range(32))
_LAST = tuple(m.bit_length() - 1 for m in range(32))  # the last dealt card a mask holds (-1: none)
_HELD_COUNT = tuple(m.bit_count() for m in range(32))
_new, _fill = object.__new__, object.__setattr__  # an Option filled in directly (see the module's docstring)


@lru_cache(maxsize=4)
def _draws(left: int) -> tuple[int, ...]:
    """The draws of a hold of k cards, by k: C(cards left in the deck, 5 - k) (every draw ends in one class)."""
    return tuple(math.comb(left, HAND_SIZE - k) for k in range(HAND_SIZE + 1))


@lru_cache(maxsize=128)  # one entry per order of five cards: 120 of them
def _dealt_masks(rank: tuple[int, ...]) -> tuple[int, ...]:
    """For each mask over the SORTED hand, the same hold as a mask over the dealt order (card j of the sorted
    hand is dealt card rank[j])."""
    return tuple(sum(1 << rank[j] for j in range(HAND_SIZE) if m >> j & 1) for m in range(32))


class DrawCounts(Mapping[str, int]):
    """One hold's draws per pay class, best class first (as a dict to every reader: items, ==, repr); the
    dict is made on first read."""

    __slots__ = ("_dict", "_hands", "_row")

    def __init__(self, hands: tuple[str, ...], row: Sequence[int]):
        self._hands, self._row = hands, row
        self._dict: dict[str, int] | None = None

    def _counts(self) -> dict[str, int]:
        made = self._dict
        if made is None:
            made = self._dict = dict(zip(self._hands, self._row, strict=True))
        return made

    def __getitem__(self, key: str) -> int:
        return self._counts()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._hands)

    def __len__(self) -> int:
        return len(self._hands)

    def __contains__(self, key: object) -> bool:
        return key in self._counts()

    def keys(self) -> KeysView[str]:
        return self._counts().keys()

    def values(self) -> ValuesView[int]:
        return self._counts().values()

    def items(self) -> ItemsView[str, int]:
        return self._counts().items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DrawCounts):
            return self._counts() == other._counts()
        if isinstance(other, Mapping):
            return self._counts() == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as a dict's

    def __repr__(self) -> str:
        return repr(self._counts())


class HoldOptions(Sequence[Option]):
    """A hint's 32 options, best first, made on first read and kept (a tuple to every reader: indexing, slices,
    iteration, len, ==); `to_json()` writes them from the arrays."""

    __slots__ = ("_actions", "_dealt", "_draws", "_exact", "_hands", "_hv", "_made", "_names", "_parts")

    def __init__(self, dealt: tuple[int, ...], hv: HandValues, hands: tuple[str, ...], deck: int, exact: bool,
                 actions: bool, names: Sequence[str]):
        """`hands`: the pay classes, best first; `deck`: the deck's cards; `names`: every card's text in it."""
        self._dealt, self._hv, self._hands, self._exact, self._actions = dealt, hv, hands, exact, actions
        self._names, self._draws = names, _draws(deck - HAND_SIZE)
        self._made: list[Option] | None = None
        self._parts: tuple[Any, ...] | None = None

    def __len__(self) -> int:
        return len(self._hv.order)

    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self._all()[index])
        return self._all()[index]  # an IndexError past the end, as a tuple's

    def __iter__(self) -> Iterator[Option]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (HoldOptions, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as a tuple of options (their extras are dicts)

    def __repr__(self) -> str:
        return repr(tuple(self))

    def _read(self) -> tuple[Any, ...]:
        """What the options are made of: by dealt mask the held cards and the hold's text; the sorted masks best
        first, each one's dealt mask; every value (integers over the scale) and every row of counts."""
        if self._parts is not None:
            return self._parts
        dealt, hv, names = self._dealt, self._hv, self._names
        cards = [names[c] for c in dealt]
        # the hold of dealt mask m is that of m less its last card, and that card (dealt order kept)
        held: list[list[str]] = [[]] * 32
        for mask in range(1, 32):
            last = _LAST[mask]
            held[mask] = [*held[mask ^ (1 << last)], cards[last]]
        texts = list(map(" ".join, held))
        texts[0] = DRAW_FIVE
        to_dealt = _dealt_masks(tuple(sorted(range(HAND_SIZE), key=dealt.__getitem__)))
        self._parts = (held, texts, hv.order, to_dealt, hv.values.tolist(), hv.counts.tolist())
        return self._parts

    def _all(self) -> list[Option]:
        """Every option, best first (made on the first call)."""
        made = self._made
        if made is not None:
            return made
        held, texts, order, to_dealt, values, rows = self._read()
        hv, hands, actions = self._hv, self._hands, self._actions
        scale, top, draws = hv.scale, values[order[0]], self._draws
        exact = self._exact_texts() if self._exact else None
        made = []
        for place, mask in enumerate(order):
            dealt_mask = to_dealt[mask]
            positions = list(_POSITIONS[dealt_mask])
            value = values[mask]
            option = _new(Option)
            # int / int is correctly rounded: the same float as float(Fraction(value, scale))
            _fill(option, "__dict__", {
                "option": texts[dealt_mask], "value": value / scale, "loss": (top - value) / scale,
                "action": {"type": "draw", "hold": positions} if actions else {},
                "value_exact": exact[0][place] if exact else None, "loss_exact": exact[1][place] if exact else None,
                "extras": {"hold": held[dealt_mask], "positions": positions, "draws": draws[_HELD_COUNT[mask]],
                           "counts": DrawCounts(hands, rows[mask])}})
            made.append(option)
        self._made = made
        return made

    def _exact_texts(self) -> tuple[list[str], list[str]]:
        """Each place's value and loss as "p/q", best first."""
        hv = self._hv
        whole = hv.values[hv.order].tolist()
        return ([fraction_text(Fraction(v, hv.scale)) for v in whole],
                [fraction_text(Fraction(whole[0] - v, hv.scale)) for v in whole])

    def to_json(self) -> list[dict[str, Any]]:
        """The options' JSON (as `[o.to_json() for o in self]`), written from the arrays."""
        held, texts, order, to_dealt, values, rows = self._read()
        hv, hands, actions = self._hv, self._hands, self._actions
        scale, top, draws = hv.scale, values[order[0]], self._draws
        exact = self._exact_texts() if self._exact else None
        out = []
        for place, mask in enumerate(order):
            dealt_mask = to_dealt[mask]
            value = values[mask]
            row: dict[str, Any] = {"option": texts[dealt_mask], "value": value / scale, "loss": (top - value) / scale}
            if exact:
                row["value_exact"], row["loss_exact"] = exact[0][place], exact[1][place]
            row["hold"] = list(held[dealt_mask])
            row["positions"] = list(_POSITIONS[dealt_mask])
            row["draws"] = draws[_HELD_COUNT[mask]]
            row["counts"] = dict(zip(hands, rows[mask], strict=True))
            row["action"] = {"type": "draw", "hold": list(_POSITIONS[dealt_mask])} if actions else {}
            out.append(row)
        return out
