"""Shared by every game's commands: errors, JSON, tables on the console, spinners, plots' file output."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from ..errors import InputError

UserError = InputError


def fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def _console(min_width: int = 120):
    from rich.console import Console

    # Piped output gets room for the widest table instead of rich's 80 columns.
    return Console() if sys.stdout.isatty() else Console(width=min_width)


def _is_large(dice: int, sides: int) -> bool:
    """Games whose solve takes seconds: worth a spinner."""
    from math import comb

    return 1 <= dice <= 10 and 2 <= sides <= 20 and comb(dice + sides, dice) > 200_000


def _working(message: str, large: bool):
    """A spinner on the terminal's stderr while a long solve runs; nothing otherwise."""
    import contextlib

    if not large or not sys.stderr.isatty():
        return contextlib.nullcontext()
    from rich.console import Console

    return Console(stderr=True).status(message)


def _fmt(value, digits: int = 4) -> str:
    if value is None:
        return "-"
    return f"{float(value):.{digits}f}"


def _pct(value, digits: int = 1) -> str:
    return "-" if value is None else f"{100 * float(value):.{digits}f}%"


def _parse_ints(text: Optional[str], what: str) -> Optional[list[int]]:
    if text is None:
        return None
    try:
        return [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        fail(f"{what} must be whole numbers separated by commas, got {text!r}")



def save_figure(fig, path: str) -> None:
    """Write a figure to PNG; one clear line and exit 2 when the file cannot be written."""
    import matplotlib.pyplot as plt

    try:
        fig.savefig(path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")
    finally:
        plt.close(fig)

