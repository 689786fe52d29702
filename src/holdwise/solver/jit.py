"""Numba's `njit`, bound on first use: a command that calls no kernel never imports Numba (about 0.3 s) nor
starts its compiler (about 0.4 s more).

A module writes `kernel = njit(cache=True)(_kernel)` as with Numba. Until some kernel is first called, each
such name holds a `LazyKernel`; the first call anywhere imports Numba, turns every lazy kernel into a real
Numba dispatcher and rebinds every module attribute of holdwise that held one, so a kernel compiled afterwards
finds real dispatchers for the kernels it calls (Numba reads them from the module's globals at compile time).
Kernels defined once Numba is running are bound at once. With NUMBA_DISABLE_JIT=1 Numba hands back the plain
function, as before.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeAlias

__all__ = ["Kernel", "LazyKernel", "materialize", "njit"]

# A kernel as its callers see it: the plain function, a LazyKernel or a Numba dispatcher, whose signature Numba
# specializes per argument types at run time (so its arguments and result are not fixed here).
Kernel: TypeAlias = Callable[..., Any]

_KERNELS: list[LazyKernel] = []
_LOCK = threading.RLock()
_LIVE: list[bool] = [False]  # Numba imported and every lazy kernel bound


class LazyKernel:
    """A kernel whose Numba dispatcher is made on first call (see the module's docstring)."""

    def __init__(self, fn: Kernel, options: dict[str, object]) -> None:
        self.py_func = fn
        self.options = options
        self.real: Kernel | None = None
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__module__ = fn.__module__
        self.__doc__ = fn.__doc__

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        real = self.real
        if real is None:
            materialize()
            real = self.real
            assert real is not None  # materialize binds every lazy kernel
        return real(*args, **kwargs)

    def __repr__(self) -> str:
        state = "bound" if self.real is not None else "not yet bound"
        return f"<LazyKernel {self.__module__}.{self.__name__} ({state})>"


def njit(**options: object) -> Callable[[Kernel], Kernel]:
    """`numba.njit(**options)`, deferred until a kernel is first called; with NUMBA_DISABLE_JIT=1 the plain
    function, as Numba would hand back, without importing Numba (each mutant's test process saves 0.3 s)."""

    def bind(fn: Kernel) -> Kernel:
        if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
            return fn
        with _LOCK:
            if _LIVE[0]:
                return _dispatcher(fn, options)
            kernel = LazyKernel(fn, options)
            _KERNELS.append(kernel)
            return kernel

    return bind


def _dispatcher(fn: Kernel, options: dict[str, object]) -> Kernel:
    """Numba's dispatcher of `fn`, compiled with `options` on its first call."""
    dispatcher: Kernel = _numba().njit(**options)(fn)
    return dispatcher


def _numba() -> ModuleType:
    """Numba, imported, with LLVM's SLP vectorizer on (Numba leaves it off): it packs independent lanes written
    as separate scalars into vector instructions (the Farkle match's `lanes_kernel`: about five times faster).
    It does not reorder floating-point arithmetic, so every kernel's results stay bit for bit the same."""
    import numba
    from numba.core import config

    config.SLP_VECTORIZE = 1  # type: ignore[attr-defined]  # the config module sets its settings at run time
    return numba


def materialize() -> None:
    """Import Numba, bind every lazy kernel, and rebind the holdwise module attributes that held one."""
    with _LOCK:
        if _LIVE[0] and all(k.real is not None for k in _KERNELS):
            return
        _numba()  # imported (and its vectorizer on) even with no kernel to bind
        for kernel in _KERNELS:
            if kernel.real is None:
                kernel.real = _dispatcher(kernel.py_func, kernel.options)
        for name, module in list(sys.modules.items()):
            if name != "holdwise" and not name.startswith("holdwise."):
                continue
            namespace = getattr(module, "__dict__", None)
            if not namespace:
                continue
            for attr, value in list(namespace.items()):
                if type(value) is LazyKernel:
                    namespace[attr] = value.real
        _LIVE[0] = True
