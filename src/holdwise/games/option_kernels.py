# mypy: disable-error-code="valid-type, untyped-decorator, index, type-arg, no-untyped-def"
"""Hint options made by the games' kernels: `KernelOption`, a compiled class read as `base.Option` is, and
`options_of`, which makes a hint's options from their fields' columns, in Cython's pure-Python mode (compiled by
the build; see holdwise.solver.native).

A dataclass instance (`Option`) takes about ten times as long to make as a compiled object: a hint of 20-32
options read in full spends more on its options than its engine spends on their values.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython installed
    from holdwise.solver.cy import cython

from typing import Any

from holdwise.games.base import Option

__all__ = ["KernelOption", "options_of"]


@cython.cclass
class KernelOption:
    """One option of a hint: an `Option` to every reader (its fields, ==, hash, repr, to_json and dataclasses'
    fields), frozen (compiled; the plain source's class is not); made by `options_of`."""

    option = cython.declare(object, visibility="readonly")
    value = cython.declare(object, visibility="readonly")
    loss = cython.declare(object, visibility="readonly")
    action = cython.declare(object, visibility="readonly")
    value_exact = cython.declare(object, visibility="readonly")
    loss_exact = cython.declare(object, visibility="readonly")
    extras = cython.declare(object, visibility="readonly")
    __dataclass_fields__ = Option.__dataclass_fields__  # dataclasses.fields, asdict and replace read these
    __match_args__ = Option.__match_args__

    def __init__(self, option: str, value: float, loss: float, action: Any = None, value_exact: Any = None,
                 loss_exact: Any = None, extras: Any = None):
        """As `Option(...)` (dataclasses.replace makes one so)."""
        self.option, self.value, self.loss = option, value, loss
        self.action = {} if action is None else action
        self.value_exact, self.loss_exact = value_exact, loss_exact
        self.extras = {} if extras is None else extras

    def _fields(self) -> tuple:
        return (self.option, self.value, self.loss, self.action, self.value_exact, self.loss_exact, self.extras)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, KernelOption):
            return self._fields() == other._fields()
        if type(other) is Option:
            return self._fields() == (other.option, other.value, other.loss, other.action,
                                      other.value_exact, other.loss_exact, other.extras)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())  # as a frozen dataclass's (a dict among them: unhashable, as there)

    def __repr__(self) -> str:
        return (f"Option(option={self.option!r}, value={self.value!r}, loss={self.loss!r}, action={self.action!r}, "
                f"value_exact={self.value_exact!r}, loss_exact={self.loss_exact!r}, extras={self.extras!r})")

    def to_json(self) -> dict[str, Any]:
        """As Option.to_json."""
        return Option.to_json(self)  # type: ignore[arg-type]


def options_of(texts: list, values: list, losses: list, actions: list, value_exacts: Any, loss_exacts: Any,
               extras: list) -> list:
    """The options whose fields are the columns' items, in order (`value_exacts`, `loss_exacts`: None for
    none)."""
    out: list = []
    i: cython.Py_ssize_t
    option: KernelOption
    exact: cython.bint = value_exacts is not None
    for i in range(len(texts)):
        option = KernelOption.__new__(KernelOption)
        option.option = texts[i]
        option.value = values[i]
        option.loss = losses[i]
        option.action = actions[i]
        option.value_exact = value_exacts[i] if exact else None
        option.loss_exact = loss_exacts[i] if exact else None
        option.extras = extras[i]
        out.append(option)
    return out
