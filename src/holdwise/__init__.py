"""holdwise: exact best play and true return of keep-and-re-roll games."""

from __future__ import annotations

import os

from .errors import InputError

# HOLDWISE_PURE=1: the kernel modules run from their Python source even where compiled (see solver/native.py)
if os.environ.get("HOLDWISE_PURE", "0").strip().lower() not in ("", "0", "false", "no", "off"):
    from .solver.native import install_source_first

    install_source_first()

__all__ = ["InputError", "__version__"]

__version__ = "0.1.0"
