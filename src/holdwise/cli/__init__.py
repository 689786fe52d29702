"""The holdwise command line: one module per game (heavy modules are imported lazily)."""

from __future__ import annotations

from typing import Optional

import typer

from ._common import Group
from .dice_poker import dice_poker_app
from .farkle import farkle_app
from .poker_dice import poker_dice_app
from .video_poker import video_poker_app

__all__ = ["app", "main"]

app = typer.Typer(
    help="Exact best play and true return of keep-and-re-roll games.\n\n"
         "Example: holdwise dice-poker --table B",
    cls=Group,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(dice_poker_app, name="dice-poker")
app.add_typer(video_poker_app, name="video-poker")
app.add_typer(farkle_app, name="farkle")
app.add_typer(poker_dice_app, name="poker-dice")


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"holdwise {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit."),
) -> None:
    """Exact best play and true return of keep-and-re-roll games.

    Example: holdwise dice-poker --table B
    """


def main() -> None:
    """Run the command line."""
    app()
