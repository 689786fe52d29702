"""A stand-in for Cython's `cython` module, so the kernels' source runs as plain Python where Cython is absent.

Kernel modules (files named `*kernels.py`, see `holdwise.solver.native`) are written in Cython's pure-Python mode:
compiled when the package is built, plain Python otherwise. They start with

    try:
        import cython
    except ImportError:  # run as plain Python without Cython installed
        from holdwise.solver.cy import cython

With `from __future__ import annotations` their type annotations are never evaluated, so this stand-in needs only
what runs at import or call time: type names for `typedef`, the decorators (`cclass` leaves a plain class),
`cast`, `declare` (C arrays as lists) and `nogil`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["cython"]

# C integer types by width in bits (x86-64 Linux: long is 64 bits, char is signed), as C converts to them
_UNSIGNED = {"uchar": 8, "ushort": 16, "uint": 32, "ulong": 64, "ulonglong": 64, "size_t": 64}
_SIGNED = {"char": 8, "schar": 8, "short": 16, "int": 32, "long": 64, "longlong": 64, "Py_ssize_t": 64,
           "ssize_t": 64, "Py_hash_t": 64}


class _Type:
    """A C type's name: subscripted for memoryviews, called or cast to convert a value as C would."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, item: object) -> _Type:
        return _Array(self.name, item) if isinstance(item, int) else self

    def __call__(self, value: Any) -> Any:
        return _cast(self, value)

    def __repr__(self) -> str:
        return f"cython.{self.name}"


class _Array(_Type):
    """A C array type (`cython.double[8]`): `declare` gives a list of that many zeros."""

    def __init__(self, name: str, size: int) -> None:
        super().__init__(name)
        self.size = size


def _cast(kind: object, value: Any, typecheck: bool = False) -> Any:
    """`cython.cast`: integers wrap to the type's width as C's conversions do (two's complement for the signed
    types, as gcc), floats become float (a float cast to an integer truncates toward zero), others pass."""
    name = getattr(kind, "name", "")
    if name in _UNSIGNED:
        return int(value) & ((1 << _UNSIGNED[name]) - 1)
    if name in _SIGNED:
        half = 1 << (_SIGNED[name] - 1)
        return ((int(value) + half) & (2 * half - 1)) - half
    if name in ("double", "float", "longdouble"):
        return float(value)
    if name == "bint":
        return bool(value)
    return value


class _NoGil:
    """`cython.nogil`: a no-op as a context manager and as a decorator."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None

    def __call__(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return fn


def _same(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


def _directive(*args: object, **kwargs: object) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return _same


class _Cython:
    """The names kernel modules use from `cython`, as plain Python."""

    compiled = False
    cfunc = ccall = cclass = inline = final = staticmethod(_same)
    exceptval = boundscheck = wraparound = cdivision = initializedcheck = locals = staticmethod(_directive)
    nogil = _NoGil()
    gil = _NoGil()

    def __getattr__(self, name: str) -> _Type:
        return _Type(name)

    @staticmethod
    def typedef(kind: object) -> object:
        return kind

    @staticmethod
    def fused_type(*kinds: object) -> _Type:
        return _Type("fused")

    @staticmethod
    def cast(kind: object, value: Any, typecheck: bool = False) -> Any:
        return _cast(kind, value)

    @staticmethod
    def declare(kind: object = None, value: Any = None, **kwargs: object) -> Any:
        if value is None and isinstance(kind, _Array):
            return [0] * kind.size
        return value

    @staticmethod
    def address(value: Any) -> Any:
        return value


cython = _Cython()
