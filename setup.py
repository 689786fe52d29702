"""The build: every kernel module (a module of holdwise whose name ends in `kernels`, written in Cython's
pure-Python mode) compiled into an extension module beside its source, and the message catalogues compiled; the
rest is configured in pyproject.toml.

Compiler flags: see compile_args. The kernels share one module of Cython's utility code (`holdwise._cyutility`, made here) so that each kernel
module compiles in about a second. Without Cython or a C compiler the build fails; `HOLDWISE_NO_COMPILE=1`
builds the package without extensions, whose kernels then run as plain Python (right, but slow), unless they were
compiled in place (`python setup.py build_ext --inplace`, as CI does beside the dependencies' install).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
SHARED = "holdwise._cyutility"
DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,  # the tests check bounds by running the same source as plain Python
    "wraparound": False,
    "initializedcheck": False,
    "cdivision": False,  # Python's // and % on negative numbers, as the plain source computes
    "infer_types": True,
    "embedsignature": True,
}


def compile_args() -> list[str]:
    """-O3 with the instructions of this machine's CPU (as Numba compiled its kernels; the batch kernel's inner
    loops run 5x quicker with AVX2 than with the baseline's SSE2), unless HOLDWISE_PORTABLE=1 (a wheel for other
    machines). No contraction of a * b + c into one rounding: the compiled kernels give the same bits as their
    plain-Python source."""
    args = ["-O3", "-ffp-contract=off"]
    if os.environ.get("HOLDWISE_PORTABLE", "0") in ("", "0"):
        args.append("-march=native")
    return args


def kernel_sources() -> list[Path]:
    """The kernel modules' sources, relative to this folder (sorted: the build is the same every time)."""
    return sorted(p.relative_to(ROOT) for p in (SRC / "holdwise").rglob("*kernels.py"))


class BuildExt(build_ext):
    """build_ext on every core by default (the kernel modules are independent)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


class BuildPy(build_py):
    """build_py, then every message catalogue (src/holdwise/locale/<lang>/LC_MESSAGES/*.po) compiled to its .mo
    in the build, so the wheel carries them (no .mo is committed; without one, holdwise.i18n reads the .po)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((SRC / "holdwise" / "locale").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / po.relative_to(SRC).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f:
                catalogue = read_po(f, locale=po.parts[-3])
            with target.open("wb") as f:
                write_mo(f, catalogue)  # fuzzy entries left out, as msgfmt does


def extensions() -> list[Extension]:
    if os.environ.get("HOLDWISE_NO_COMPILE", "0") not in ("", "0"):
        return []
    from Cython.Build import cythonize
    from Cython.Compiler import Options

    Options.docstrings = True
    sources = kernel_sources()
    modules = [Extension(".".join(p.with_suffix("").parts[1:]), [str(p)], extra_compile_args=compile_args())
               for p in sources]
    shared_c = ROOT / "build" / "cython" / "_cyutility.c"
    shared_c.parent.mkdir(parents=True, exist_ok=True)
    if not shared_c.exists():
        subprocess.run([sys.executable, "-m", "cython", f"--generate-shared={shared_c}"], check=True)
    built = cythonize(modules, compiler_directives=DIRECTIVES, shared_utility_qualified_name=SHARED,
                      build_dir=str(ROOT / "build" / "cython"), quiet=True, nthreads=os.cpu_count() or 1)
    return [Extension(SHARED, [str(shared_c.relative_to(ROOT))]), *built]


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
