"""The holdwise command line: the quick lane for the commonest verbs, else the whole command line (typer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._root import RootGroup, app, game_modules

__all__ = ["RootGroup", "app", "game_modules", "main"]


def main() -> None:
    """Run the command line (saying first, once, on stderr, when the kernels were not compiled)."""
    import os
    import sys

    # One OpenBLAS thread, unless the user says otherwise: no command multiplies matrices large enough to
    # share (dice poker's batch already runs on one, issue 38), and the threads OpenBLAS starts for each core
    # when NumPy loads cost a command 6-13% of its wall time and 40% of its CPU here (measured: dice-poker,
    # video-poker return, poker-dice hint, farkle turn). Set before NumPy is imported; a server's workers and a
    # sweep's inherit it.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from ..compiled import warn_if_uncompiled

    warn_if_uncompiled()  # a look at the files beside the kernels' sources: no kernel is imported
    from .quick import run

    code = run(sys.argv[1:])  # a verb it reads whole, or None: typer and rich are not loaded for it
    if code is not None:
        sys.exit(code)
    from ._root import main as whole

    whole()


def __getattr__(name: str) -> Any:  # noqa: ANN401 (the typer objects, loaded when asked for)
    """The typer app and its root group, imported on first use: the quick lane runs without typer."""
    if name in ("RootGroup", "app", "game_modules"):
        from . import _root

        return getattr(_root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
