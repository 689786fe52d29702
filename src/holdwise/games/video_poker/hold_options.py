"""A video-poker hint's 32 options, made from the solver's arrays (`HoldOptions`): each hold's text, value, loss,
positions, draws and draws per pay class.

A hint is read whole more often than in part (the command line's table, the web's JSON, a session's advice),
so the options are made together, on the first read, by one compiled pass over the arrays
(`option_kernels.hold_options`): the hold texts from one pass over the hand's subsets, the values from the
integers (correctly rounded, as int / int), the draws from the deck (every draw ends in one pay class), each
option a compiled `KernelOption` (read as an `Option` is, made in a tenth of a dataclass's time). The draws
per pay class are a compiled `DrawCounts` mapping, made a dict when first read (the command line shows them
only when asked; the JSON writes them from the arrays, `option_kernels.hold_json`)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from ..base import Option
from .cards import HAND_SIZE
from .option_kernels import DRAW_FIVE, DrawCounts, hold_json, hold_options
from .solver import HandValues

__all__ = ["DRAW_FIVE", "DrawCounts", "HoldOptions"]


@lru_cache(maxsize=4)
def _draws(left: int) -> tuple[int, ...]:
    """The draws of a hold of k cards, by k: C(cards left in the deck, 5 - k) (every draw ends in one class)."""
    return tuple(math.comb(left, HAND_SIZE - k) for k in range(HAND_SIZE + 1))


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
                                             self._hands, self._draws, self._exact, self._actions)
        return made

    def to_json(self) -> list[dict[str, Any]]:
        """The options' JSON (as `[o.to_json() for o in self]`), written from the arrays."""
        hv = self._hv
        return hold_json(self._dealt, self._names, hv.values, hv.scale, hv.order, hv.counts.tolist(), self._hands,
                         self._draws, self._exact, self._actions)
