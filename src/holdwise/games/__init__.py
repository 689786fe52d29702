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
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from .registry import GAMES, GameInfo, Page

if TYPE_CHECKING:  # base imports numpy: the registry stays light for `holdwise --help`
    from .base import GameFace

__all__ = ["GameInfo", "Page", "get", "info", "infos", "lazy_exports", "names", "register", "unregister"]

# the built-in games by name (registry.GAMES is the one list), then the plug-ins in the order they registered
_INFOS: dict[str, GameInfo] = {i.id: i for i in sorted(GAMES, key=lambda i: i.id)}
_BUILT_IN = frozenset(_INFOS)


def names() -> tuple[str, ...]:
    """The registered games' names, as the command line spells them."""
    return tuple(_INFOS)


def infos() -> tuple[GameInfo, ...]:
    """Every registered game's `GameInfo`: the built-in ones in the registry's (the menu's) order, then plug-ins."""
    return (*GAMES, *(i for i in _INFOS.values() if i.id not in _BUILT_IN))


def _key(name: str) -> str:
    key = str(name).strip().lower().replace("_", "-")
    if key not in _INFOS:
        raise InputError(f"unknown game {name!r}; known: {', '.join(_INFOS)}")
    return key


def info(name: str) -> GameInfo:
    """A registered game's `GameInfo` by name ("farkle" or "video_poker" style both work)."""
    return _INFOS[_key(name)]


def get(name: str) -> GameFace[Any]:
    """A game's public face by name ("farkle" or "video_poker" style both work): a module, typed as the protocol."""
    face: GameFace[Any] = importlib.import_module(_INFOS[_key(name)].face)  # a module read as the protocol
    return face


def register(name: str, module: str, title: str | None = None) -> None:
    """Make a game known everywhere by its name (lower case, words joined by "-") and its face's module path.

    The built-in games are in `registry.GAMES`; a game kept elsewhere (a plug-in, or a test's toy game)
    registers itself before the interfaces are built (the CLI's commands and the web app read `infos()`). It
    gets the generic interfaces: `holdwise <name> hint`, `holdwise play <name>`, `/api/<name>/...` and the
    page `/play/<name>`.
    """
    if not name or name != name.strip().lower().replace("_", "-") or " " in name:
        raise InputError(f"a game's name is lower case with words joined by '-', got {name!r}")
    if name in _BUILT_IN:
        raise InputError(f"{name!r} is a built-in game")
    _INFOS[name] = GameInfo(id=name, title=title or name.replace("-", " ").capitalize(), face=module)


def unregister(name: str) -> None:
    """Forget a game that `register` added (built-in games stay)."""
    if name in _BUILT_IN:
        raise InputError(f"{name!r} is a built-in game")
    _INFOS.pop(name, None)


def lazy_exports(package: str, exports: Mapping[str, str | tuple[str, ...]]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A face's `__getattr__` and `__dir__` that import each public name's module on first use (PEP 562).

    `exports` maps a public name to the module that defines it, relative to `package` (".session",
    "...solver"), or to a tuple of modules that the name stands for. A command then loads only what it
    uses: the dice-poker depth report never imports the play session.
    """

    def __getattr__(name: str) -> Any:  # noqa: ANN401
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
