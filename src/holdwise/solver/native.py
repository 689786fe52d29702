"""Which kernel modules run compiled: Cython's pure-Python modules built with the package, or plain Python.

A kernel module is any module of holdwise whose name ends in `kernels` (`turn_kernels.py`, `kernels.py`). The
build (setup.py) compiles each one with Cython into an extension module beside its source; Python's import then
finds the extension first. Where no C compiler built them the same source runs as plain Python: right, but
slow. `HOLDWISE_PURE=1` runs the source even where the extension exists (the tests of the plain kernels, and
mutation testing, which edits the source): holdwise's `__init__` then puts `SourceFirst` ahead of the import
system's finders for kernel modules.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["SourceFirst", "compiled", "is_kernel_module", "kernel_modules", "pure"]

_ROOT = Path(__file__).resolve().parent.parent  # the holdwise package folder


def pure() -> bool:
    """Whether this process runs the kernels' source (HOLDWISE_PURE=1) instead of their compiled modules."""
    return os.environ.get("HOLDWISE_PURE", "0").strip().lower() not in ("", "0", "false", "no", "off")


def is_kernel_module(name: str) -> bool:
    """Whether the dotted module name names a kernel module (its last part ends in `kernels`)."""
    return name.startswith("holdwise.") and name.rpartition(".")[2].endswith("kernels")


def kernel_modules() -> list[str]:
    """Every kernel module of the package, by dotted name, sorted."""
    names = []
    for path in _ROOT.rglob("*kernels.py"):
        parts = path.relative_to(_ROOT.parent).with_suffix("").parts
        names.append(".".join(parts))
    return sorted(names)


def compiled(module: ModuleType | str) -> bool:
    """Whether the module (or dotted name, imported here) was loaded from a compiled extension."""
    mod = importlib.import_module(module) if isinstance(module, str) else module
    return isinstance(getattr(mod, "__loader__", None), importlib.machinery.ExtensionFileLoader)


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds a kernel module's `.py` source before its compiled extension (installed when `pure()`)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        if path is None or not is_kernel_module(fullname):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = Path(entry) / f"{leaf}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install_source_first() -> None:
    """Put SourceFirst first among the import finders (once)."""
    if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())
