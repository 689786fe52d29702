"""The package's one exception for bad input."""

from __future__ import annotations

__all__ = ["InputError"]


class InputError(ValueError):
    """Bad input from a user: the message is one line naming the bad part."""
