"""The games: a registry of every game's public face (each a package with the same verbs).

    >>> from holdwise import games
    >>> games.names()
    ('dice-poker', 'farkle', 'poker-dice', 'video-poker')
    >>> games.get("farkle").hint  # doctest: +ELLIPSIS
    <function hint at ...>
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import InputError

__all__ = ["get", "names"]

_MODULES = {
    "dice-poker": "dice_poker",
    "farkle": "farkle",
    "poker-dice": "poker_dice",
    "video-poker": "video_poker",
}


def names() -> tuple[str, ...]:
    """The registered games' names, as the command line spells them."""
    return tuple(_MODULES)


def get(name: str) -> ModuleType:
    """A game's public face by name ("farkle" or "video_poker" style both work)."""
    key = name.strip().lower().replace("_", "-")
    if key not in _MODULES:
        raise InputError(f"unknown game {name!r}; known: {', '.join(_MODULES)}")
    return importlib.import_module(f"{__name__}.{_MODULES[key]}")
