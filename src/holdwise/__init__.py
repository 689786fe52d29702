"""holdwise: exact best play and true return of keep-and-re-roll games."""

from __future__ import annotations

from .errors import InputError

__all__ = ["InputError", "__version__"]

__version__ = "0.1.0"
