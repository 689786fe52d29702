"""A video-poker hint's 32 options, made from the solver's arrays (`HoldOptions`): each hold's text, value, loss,
positions, draws and draws per pay class.

A hint is read whole more often than in part (the command line's table, the web's JSON, a session's advice),
so the options are made together, on the first read, by one compiled pass over the arrays
(`option_kernels.hold_options`): the hold texts from one pass over the hand's subsets, the values from the
integers (correctly rounded, as int / int), the draws from the deck (every draw ends in one pay class), each
`Option` filled in directly (its dataclass `__init__` checks nothing and costs as much as the rest of the
option). The draws per pay class are a `DrawCounts` mapping, made a dict when first read (the command line
shows them only when asked; the JSON writes them from the arrays, `option_kernels.hold_json`)."""

from __future__ import annotations

import math
from collections.abc import ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView
from functools import lru_cache
from typing import Any

import numpy as np

from ..base import Option
from .cards import HAND_SIZE
from .option_kernels import DRAW_FIVE, hold_json, hold_options
from .solver import HandValues

__all__ = ["DRAW_FIVE", "DrawCounts", "HoldOptions"]

@lru_cache(maxsize=4)
def _draws(left: int) -> tuple[int, ...]:
    """The draws of a hold of k cards, by k: C(cards left in the deck, 5 - k) (every draw ends in one class)."""
    return tuple(math.comb(left, HAND_SIZE - k) for k in range(HAND_SIZE + 1))


class DrawCounts(Mapping[str, int]):
    """One hold's draws per pay class, best class first (as a dict to every reader: items, ==, repr): row
    `mask` of the hand's counts, made a dict on first read."""

    __slots__ = ("_dict", "_hands", "_mask", "_rows")

    def __init__(self, hands: tuple[str, ...], rows: np.ndarray, mask: int):
        self._hands, self._rows, self._mask = hands, rows, mask
        self._dict: dict[str, int] | None = None

    def _counts(self) -> dict[str, int]:
        made = self._dict
        if made is None:
            made = self._dict = dict(zip(self._hands, self._rows[self._mask].tolist(), strict=True))
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

    __slots__ = ("_actions", "_dealt", "_draws", "_exact", "_hands", "_hv", "_made", "_names")

    def __init__(self, dealt: tuple[int, ...], hv: HandValues, hands: tuple[str, ...], deck: int, exact: bool,
                 actions: bool, names: Sequence[str]):
        """`hands`: the pay classes, best first; `deck`: the deck's cards; `names`: every card's text in it."""
        self._dealt, self._hv, self._hands, self._exact, self._actions = dealt, hv, hands, exact, actions
        self._names, self._draws = names, _draws(deck - HAND_SIZE)
        self._made: list[Option] | None = None

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

    def _all(self) -> list[Option]:
        """Every option, best first (made on the first call, by the compiled `option_kernels.hold_options`)."""
        made = self._made
        if made is None:
            hv = self._hv
            made = self._made = hold_options(self._dealt, self._names, hv.values, hv.scale, hv.order, hv.counts,
                                             self._hands, self._draws, self._exact, self._actions, DrawCounts)
        return made

    def to_json(self) -> list[dict[str, Any]]:
        """The options' JSON (as `[o.to_json() for o in self]`), written from the arrays."""
        hv = self._hv
        return hold_json(self._dealt, self._names, hv.values, hv.scale, hv.order, hv.counts.tolist(), self._hands,
                         self._draws, self._exact, self._actions)
