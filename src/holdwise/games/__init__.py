"""The games: a registry of every game's public face (each a package with the same verbs).

    >>> from holdwise import games
    >>> games.names()
    ('dice-poker', 'farkle', 'poker-dice', 'video-poker', 'yahtzee')
    >>> games.get("farkle").hint  # doctest: +ELLIPSIS
    <function hint at ...>
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from ..errors import InputError

if TYPE_CHECKING:  # base imports numpy: the registry stays light for `holdwise --help`
    from .base import GameFace

__all__ = ["get", "lazy_exports", "names", "register", "unregister"]

# the one list of games: a name as the command line spells it -> the module of its face
_MODULES = {
    "dice-poker": f"{__name__}.dice_poker",
    "farkle": f"{__name__}.farkle",
    "poker-dice": f"{__name__}.poker_dice",
    "video-poker": f"{__name__}.video_poker",
    "yahtzee": f"{__name__}.yahtzee",
}
_BUILT_IN = frozenset(_MODULES)


def names() -> tuple[str, ...]:
    """The registered games' names, as the command line spells them."""
    return tuple(_MODULES)


def get(name: str) -> GameFace:
    """A game's public face by name ("farkle" or "video_poker" style both work): a module, typed as the protocol."""
    key = name.strip().lower().replace("_", "-")
    if key not in _MODULES:
        raise InputError(f"unknown game {name!r}; known: {', '.join(_MODULES)}")
    return cast("GameFace", importlib.import_module(_MODULES[key]))


def register(name: str, module: str) -> None:
    """Make a game known everywhere by its name (lower case, words joined by "-") and its face's module path.

    The built-in games are registered here; a game kept elsewhere (a plug-in, or a test's toy game) registers
    itself before the interfaces are built (the CLI's commands and the web app read `names()`).
    """
    if not name or name != name.strip().lower().replace("_", "-") or " " in name:
        raise InputError(f"a game's name is lower case with words joined by '-', got {name!r}")
    if name in _BUILT_IN:
        raise InputError(f"{name!r} is a built-in game")
    _MODULES[name] = module


def unregister(name: str) -> None:
    """Forget a game that `register` added (built-in games stay)."""
    if name in _BUILT_IN:
        raise InputError(f"{name!r} is a built-in game")
    _MODULES.pop(name, None)


def lazy_exports(package: str, exports: Mapping[str, str | tuple[str, ...]]) -> tuple[Callable, Callable]:
    """A face's `__getattr__` and `__dir__` that import each public name's module on first use (PEP 562).

    `exports` maps a public name to the module that defines it, relative to `package` (".session",
    "...solver"), or to a tuple of modules that the name stands for. A command then loads only what it
    uses: the dice-poker depth report never imports the play session.
    """

    def __getattr__(name: str):
        spec = exports.get(name)
        if spec is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        if isinstance(spec, tuple):
            value = tuple(importlib.import_module(s, package) for s in spec)
        else:
            value = getattr(importlib.import_module(spec, package), name)
        setattr(sys.modules[package], name, value)  # later look-ups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(exports)

    return __getattr__, __dir__
