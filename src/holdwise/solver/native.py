"""Which kernel modules run compiled: Cython's pure-Python modules built with the package, or plain Python.

A kernel module is any module of holdwise whose name ends in `kernels` (`turn_kernels.py`, `kernels.py`). The
build (setup.py) compiles each one with Cython into an extension module beside its source; Python's import then
finds the extension first. Where no C compiler built them the same source runs as plain Python: right, but
slow (the command line says so once, on stderr). `HOLDWISE_PURE=1` runs the source even where the extension
exists (the tests of the plain kernels, and mutation testing, which edits the source): holdwise's `__init__`
then puts `SourceFirst` ahead of the import system's finders for kernel modules. The checks that import
nothing live in `holdwise.compiled` (light: every CLI start reads it); this module adds `compiled`, which
looks at a module as imported.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from types import ModuleType

from ..compiled import SourceFirst, install_source_first, is_kernel_module, kernel_modules, loaded_compiled, pure, uncompiled

__all__ = ["SourceFirst", "compiled", "install_source_first", "is_kernel_module", "kernel_modules", "pure",
           "uncompiled"]


def compiled(module: ModuleType | str) -> bool:
    """Whether the module (or dotted name, imported here) was loaded from a compiled extension."""
    return loaded_compiled(importlib.import_module(module) if isinstance(module, str) else module)
