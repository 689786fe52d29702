"""Whether the kernel modules run compiled, found from the files beside their sources (none is imported here).

Light on purpose: `import holdwise` and every CLI start read it (the solver package imports NumPy). A kernel
module is any module of holdwise whose name ends in `kernels`; the build (setup.py) compiles each one into an
extension module beside its source. `HOLDWISE_PURE=1` runs the sources even where the extensions exist (the
tests of the plain kernels, mutation testing): `install_source_first` puts `SourceFirst` ahead of the import
system's finders. `holdwise.solver.native` documents the scheme and says which modules did load compiled.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["WARNING", "SourceFirst", "install_source_first", "is_kernel_module", "kernel_modules", "loaded_compiled",
           "pure", "uncompiled", "warn_if_uncompiled"]

_ROOT = os.path.dirname(os.path.abspath(__file__))  # the holdwise package folder
_SUFFIX = "kernels.py"
WARNING = "holdwise: warning: kernels not compiled, running as plain Python (slow)"
_warned = False  # once a process


def pure() -> bool:
    """Whether this process runs the kernels' source (HOLDWISE_PURE=1) instead of their compiled modules."""
    return os.environ.get("HOLDWISE_PURE", "0").strip().lower() not in ("", "0", "false", "no", "off")


def loaded_compiled(module: ModuleType) -> bool:
    """Whether an imported module was loaded from a compiled extension (not from its Python source)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def is_kernel_module(name: str) -> bool:
    """Whether the dotted module name names a kernel module (its last part ends in `kernels`)."""
    return name.startswith("holdwise.") and name.rpartition(".")[2].endswith("kernels")


def _sources(root: str) -> list[str]:
    """Paths of the kernel modules' sources under root (a package folder), sorted."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.join(folder, f) for f in files if f.endswith(_SUFFIX)]
    return sorted(found)


def _dotted(path: str, root: str) -> str:
    rel = os.path.relpath(path, os.path.dirname(root))
    return rel[: -len(".py")].replace(os.sep, ".")


def kernel_modules(root: str = _ROOT) -> list[str]:
    """Every kernel module of the package (under root, by default holdwise's folder), by dotted name, sorted."""
    return [_dotted(p, root) for p in _sources(root)]


def uncompiled(root: str = _ROOT) -> list[str]:
    """The kernel modules with no extension module beside their source (for this Python), by dotted name."""
    missing = []
    for path in _sources(root):
        stem = path[: -len(".py")]
        if not any(os.path.exists(stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            missing.append(_dotted(path, root))
    return missing


def warn_if_uncompiled() -> bool:
    """Say once on stderr that kernels run as plain Python, when one is uncompiled and HOLDWISE_PURE is unset;
    whether it warned."""
    global _warned
    if _warned or pure() or not uncompiled():
        return False
    _warned = True
    print(WARNING, file=sys.stderr)
    return True


class SourceFirst:
    """Finds a kernel module's `.py` source before its compiled extension (installed when `pure()`)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        """The spec of the source of a kernel module (None for any other module: the next finder looks)."""
        if path is None or not is_kernel_module(fullname):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, f"{leaf}.py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install_source_first() -> None:
    """Put SourceFirst first among the import finders (once)."""
    if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())
