"""Kernels compiled ahead of time: a Numba kernel built once into a small extension module in the cache folder,
so that a process that needs only that kernel never imports Numba nor starts LLVM.

Numba and its LLVM take about 120 MB of a process's memory once a cached kernel is loaded (a Yahtzee solve
peaks at 165 MB, 95 MB of them Numba's); the same kernel built by `numba.pycc` into an extension module runs
in a process of about 50 MB. The build runs once per kernel source, Numba, Python and machine, in a separate
process (Numba's memory stays there), written under a temporary name and renamed into place beside a record
of its digest; a module whose record is missing or whose digest does not match is built again. Where the build
cannot run (no C compiler, a Numba without `pycc`), the record says so and callers use the JIT kernel instead.

The extension's functions hold the GIL while they run: callers that want threads use the JIT kernel.
`HOLDWISE_AOT=0` (or NUMBA_DISABLE_JIT=1, for tests that reach the plain Python) turns the built kernels off.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import ModuleType

from .jit import Kernel

__all__ = ["AotKernel", "enabled"]

FORMAT = 1  # the record's layout
BUILD_SECONDS = 300  # a build that takes longer is given up (the JIT kernel serves)
_LOADED: dict[str, ModuleType | None] = {}


def enabled() -> bool:
    """Whether built kernels may be used in this process (HOLDWISE_AOT and NUMBA_DISABLE_JIT allow it)."""
    if os.environ.get("HOLDWISE_AOT", "1").strip() in ("0", "false", "no", "off"):
        return False
    return os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")


@dataclass(frozen=True)
class AotKernel:
    """A kernel to build ahead of time: `function` (the plain Python kernel's name) in `module`, exported under
    the same name with the Numba `signature` (explicit array layouts: a built function takes no other)."""

    name: str
    module: str
    function: str
    signature: str

    def key(self) -> str:
        """A digest of all the built module depends on: the kernel module's source, the signature, Numba and
        its settings, Python and the machine."""
        spec = importlib.util.find_spec(self.module)
        source = Path(spec.origin).read_bytes() if spec and spec.origin else b""
        try:
            numba_version = metadata.version("numba")
        except metadata.PackageNotFoundError:
            numba_version = "none"
        parts = [str(FORMAT), self.module, self.function, self.signature, numba_version, sys.version,
                 platform.machine(), _cpu(), sysconfig.get_config_var("EXT_SUFFIX") or "",
                 # Numba's settings change the code built (NUMBA_BOUNDSCHECK, NUMBA_OPT, ...)
                 repr(sorted((k, v) for k, v in os.environ.items() if k.startswith("NUMBA_")))]
        digest = hashlib.sha256("\0".join(parts).encode())
        digest.update(source)
        return digest.hexdigest()[:20]

    def ready(self) -> bool:
        """Whether a `load` would need no build: off, loaded, built or failed before."""
        if not enabled():
            return True
        key = self.key()
        if key in _LOADED:
            return True
        from ..storage import cache_dir, read_json

        record = read_json(cache_dir("kernels") / f"{self.name}_{key}.json")
        return isinstance(record, dict) and record.get("format") == FORMAT

    def load(self, build: bool = True, on_build: Callable[[], object] | None = None) -> Kernel | None:
        """The built function, built first when `build` and it is missing (`on_build()` is called before a
        build starts); None when built kernels are off, the build failed before, or it fails now."""
        if not enabled():
            return None
        key = self.key()
        if key in _LOADED:
            loaded = _LOADED[key]
            return None if loaded is None else _function(loaded, self.function)
        from ..storage import cache_dir, exclusive

        folder = cache_dir("kernels")
        mod_name = f"{self.name}_{key}"
        record_path = folder / f"{mod_name}.json"
        module = _import_checked(folder, mod_name, record_path)
        if module is None and not _failed(record_path) and build:
            with exclusive(folder / f"{mod_name}.lock"):
                module = _import_checked(folder, mod_name, record_path)  # another process may have built it
                if module is None and not _failed(record_path):
                    if on_build is not None:
                        on_build()
                    _build(self, folder, mod_name, record_path)
                    module = _import_checked(folder, mod_name, record_path)
        if module is None and not build and not _failed(record_path):
            return None  # not built yet: not remembered, a later call may build it
        _LOADED[key] = module
        return None if module is None else _function(module, self.function)


def _function(module: ModuleType, name: str) -> Kernel | None:
    """The built module's function `name` (a callable of the signature it was built with), or None."""
    function = getattr(module, name, None)
    return function if callable(function) else None


def _cpu() -> str:
    """The processor the module is built for (LLVM's host CPU): its model and features, read cheaply (LLVM
    itself is what a built kernel avoids loading)."""
    try:
        with open("/proc/cpuinfo") as f:
            lines = [line for line in f if line.startswith(("model name", "flags", "Features", "CPU part"))]
        return "".join(dict.fromkeys(lines))
    except OSError:
        return platform.processor()


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def _failed(record_path: Path) -> bool:
    from ..storage import read_json

    record = read_json(record_path)
    return isinstance(record, dict) and record.get("format") == FORMAT and record.get("failed") is not None


def _import_checked(folder: Path, mod_name: str, record_path: Path) -> ModuleType | None:
    """The built module when its record names its digest and the file matches it; else None."""
    from ..storage import read_json

    record = read_json(record_path)
    path = folder / f"{mod_name}{_suffix()}"
    if not (isinstance(record, dict) and record.get("format") == FORMAT and isinstance(record.get("sha256"), str)
            and path.is_file()):
        return None
    if hashlib.sha256(path.read_bytes()).hexdigest() != record["sha256"]:
        return None  # a damaged or foreign file is never loaded
    spec = importlib.util.spec_from_file_location(mod_name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:
        return None
    return module


def _build(kernel: AotKernel, folder: Path, mod_name: str, record_path: Path) -> None:
    """Build the module in another process, rename it into place and write its record (or the failure)."""
    from ..storage import write_json

    with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as tmp:
        args = [sys.executable, "-m", "holdwise.solver.aot", kernel.module, kernel.function, kernel.signature,
                mod_name, tmp]
        env = {**os.environ, "PYTHONWARNINGS": "ignore"}
        try:
            done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=BUILD_SECONDS)
            error = None if done.returncode == 0 else (done.stderr.strip().splitlines() or ["failed"])[-1]
        except (OSError, subprocess.TimeoutExpired) as exc:
            error = f"{type(exc).__name__}: {exc}"
        built = Path(tmp) / f"{mod_name}{_suffix()}"
        if error is None and not built.is_file():
            error = "the build wrote no module"
        if error is not None:
            write_json(record_path, {"format": FORMAT, "failed": error[:500]})
            return
        digest = hashlib.sha256(built.read_bytes()).hexdigest()
        os.replace(built, folder / built.name)
        write_json(record_path, {"format": FORMAT, "sha256": digest})


def _main(argv: list[str]) -> int:
    """Build one kernel (this module run as a program, by `_build`): module function signature name folder."""
    module_name, function, signature, mod_name, out = argv
    import importlib
    import warnings

    warnings.simplefilter("ignore")
    from numba.pycc.cc import CC

    from .jit import materialize

    module = importlib.import_module(module_name)
    materialize()  # the kernels it calls become real dispatchers, as the JIT path has them
    cc = CC(mod_name)  # type: ignore[no-untyped-call]  # numba.pycc has no annotations
    cc.output_dir = out
    cc.verbose = False
    cc.target_cpu = "host"  # as the JIT compiles: the vector units of this machine (the key names it)
    cc.export(function, signature)(getattr(module, function))  # type: ignore[no-untyped-call]  # as CC
    cc.compile()
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
