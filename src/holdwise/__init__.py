"""holdwise: exact best play and true return of keep-and-re-roll games."""

from __future__ import annotations

from .compiled import install_source_first, pure
from .errors import InputError

# HOLDWISE_PURE=1: the kernel modules run from their Python source even where compiled (see solver/native.py);
# installed before anything imports one (holdwise.compiled imports no kernel, nor NumPy)
if pure():
    install_source_first()

__all__ = ["InputError", "__version__"]

__version__ = "0.1.0"
