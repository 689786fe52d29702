"""The holdwise command line: one module per game (heavy modules are imported lazily)."""

from __future__ import annotations

import typer

from .dice_poker import dice_poker_app
from .farkle import farkle_app
from .poker_dice import poker_dice_app
from .video_poker import video_poker_app

__all__ = ["app", "main"]

app = typer.Typer(
    help="Exact best play and true return of keep-and-re-roll games.\n\n"
         "Example: holdwise dice-poker --table B",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(dice_poker_app, name="dice-poker")
app.add_typer(video_poker_app, name="video-poker")
app.add_typer(farkle_app, name="farkle")
app.add_typer(poker_dice_app, name="poker-dice")


def main() -> None:
    """Run the command line."""
    app()
