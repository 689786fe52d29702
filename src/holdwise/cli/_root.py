"""The whole command line, built with typer: one module per game (heavy modules are imported lazily)."""

from __future__ import annotations

import importlib
from typing import Any, Optional

import typer

from ._common import LANG_OPTION, Group, take_language, translate_help

__all__ = ["RootGroup", "app", "game_modules", "main"]

SWEEP_MODULE = "sweep"  # the sweeps over the games' faces: a command group of its own


def game_modules() -> dict[str, str | None]:
    """Every registered game's command group: its name -> its own command module (None: only the generic
    commands). Read from the registry each time, so a plug-in registered later is there too."""
    from .. import games

    return {info.id: info.cli for info in games.infos()}


class RootGroup(Group):
    """The top-level group: the games' command groups (from the registry) are loaded lazily by name.

    Each game's commands load only when that game is asked for: `holdwise dice-poker` never imports the other
    games' command modules (or what they import). Every game's group has `hint`, built from its face.
    """

    def list_commands(self, ctx) -> list[str]:
        groups = [*game_modules(), SWEEP_MODULE]
        return [*groups, *(n for n in super().list_commands(ctx) if n not in groups)]

    def main(self, args=None, *rest, **kwargs):  # noqa: ANN001, ANN201 (click's signature)
        """Run the command line; `--lang` is taken first wherever it stands (the help is printed in it)."""
        import sys

        from .. import i18n

        args, lang = take_language(list(sys.argv[1:] if args is None else args))
        token = i18n.current.set(lang)
        try:
            return super().main(args, *rest, **kwargs)
        finally:
            i18n.current.reset(token)  # a caller in the same process (a test) is back in its own language

    def get_command(self, ctx, name: str):
        command: Any
        if name == SWEEP_MODULE:
            from .sweep import sweep_app

            command = typer.main.get_command(sweep_app)
            command.name = name
            return command
        modules = game_modules()
        if name not in modules:
            return super().get_command(ctx, name)
        from .. import games
        from ._hint import game_group, hint_command

        info = games.info(name)
        if info.cli is None:
            command = typer.main.get_command(game_group(info))
        else:
            module = importlib.import_module(f"{__package__}.{info.cli}")
            command = typer.main.get_command(getattr(module, f"{info.cli}_app"))
            command.lazy_commands = {"hint": lambda: hint_command(info)}
        command.name = name
        translate_help(command)
        return command


app = typer.Typer(
    help="Exact best play and true return of keep-and-re-roll games.\n\n"
         "Example: holdwise dice-poker --table B",
    cls=RootGroup,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"holdwise {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit."),
    lang: Optional[str] = LANG_OPTION,
) -> None:
    """Exact best play and true return of keep-and-re-roll games.

    Example: holdwise dice-poker --table B
    """


@app.command("play", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def _play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="A registered game's name (farkle, yahtzee, ...); a wrong one lists "
                                         "them."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed the dice or cards (0 or more); default: a "
                                                            "fresh one."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="A session option as KEY=VALUE "
                                               "(repeatable; VALUE read as JSON when it is), for a game without "
                                               "a command group of its own."),
) -> None:
    """Play any registered game in the terminal against its session, with hints (h) and a review at the end.

    A game with its own command group runs its `holdwise <game> play` (further options go to it); any other
    shows its position and legal moves plainly. Example: holdwise play farkle --seed 7
    """
    from .. import games
    from ..errors import InputError

    face = games.get(game)  # an unknown name: one line listing the known ones
    name = face.GAME
    if games.info(name).cli is not None:
        if option:
            raise InputError(f"{name} has its own play command: see 'holdwise {name} play --help' for its options")
        root: Any = ctx.find_root().command
        group = root.get_command(ctx, name)
        args = ["play", *(["--seed", seed] if seed is not None else []), *ctx.args]
        with group.make_context(name, args, parent=ctx.find_root()) as sub:
            group.invoke(sub)
        return
    if ctx.args:
        raise InputError(f"unexpected {ctx.args[0]!r:.40}: {name} takes --seed and --option KEY=VALUE")
    from ._play import default_game, parse_options, run

    if seed is None:
        import secrets

        seed_value = secrets.randbelow(2**31)
    elif seed.strip().isdigit():
        seed_value = int(seed)
    else:
        raise InputError(f"--seed must be a whole number 0 or more, got {seed!r:.24}")
    state = face.new_game(parse_options(option or ()), seed_value)
    run(default_game(name, face), state)


@app.command("serve")
def _serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port: 1 to 65535."),
    workers: int = typer.Option(1, "--workers", help="Server processes: 1 to 32; they share solved matches "
                                                     "through the cache folder."),
    warm: bool = typer.Option(True, "--warm/--no-warm", help="Solve at start-up what the pages ask first: the "
                              "default Farkle match, the video-poker returns, the default poker-dice games."),
    paytable_file: str = typer.Option(None, "--paytable-file", help="A video-poker pay-table file (TOML, as "
                                      "`video-poker --paytable-file`): its games are offered beside the shipped."),
    tables_file: str = typer.Option(None, "--tables-file", help="A dice-poker tables file (TOML): its tables "
                                    "are offered as presets in the depth lab."),
    solves: str = typer.Option(None, "--solves", help="Heavy solves running at once (default 1; "
                               "$HOLDWISE_SOLVES)."),
    max_jobs: str = typer.Option(None, "--max-jobs", help="Visitors' heavy solves waiting or running in all "
                                 "(default 6; $HOLDWISE_MAX_JOBS); past it 429."),
    client_jobs: str = typer.Option(None, "--client-jobs", help="Heavy solves waiting or running per client "
                                    "(default 2; $HOLDWISE_CLIENT_JOBS); past it 429."),
    job_idle: str = typer.Option(None, "--job-idle", help="Seconds a solve nobody asks about is kept before it "
                                 "is cancelled (default 20; $HOLDWISE_JOB_IDLE)."),
    memory_budget: str = typer.Option(None, "--memory-budget", help="Answers kept in each worker's memory, "
                                      "e.g. 160M (the default; $HOLDWISE_MEMORY_BUDGET)."),
    match_memory: str = typer.Option(None, "--match-memory", help="Largest race-aware match solve the web starts, "
                                     "e.g. 300M (the default; $HOLDWISE_MATCH_MEMORY)."),
    cache_budget: str = typer.Option(None, "--cache-budget", help="Size of the cache folder, e.g. 3G (the "
                                     "default; $HOLDWISE_CACHE_BUDGET); least recently used answers go first."),
) -> None:
    """The web lab in a browser: every game's pages and play tables; JSON API at /docs.

    Example: holdwise serve --port 8000 --workers 2
    """
    from .serve import serve

    limits: dict[str, str | None] = {
        "--solves": solves, "--max-jobs": max_jobs, "--client-jobs": client_jobs, "--job-idle": job_idle,
        "--memory-budget": memory_budget, "--match-memory": match_memory, "--cache-budget": cache_budget}
    serve(host=host, port=port, workers=workers, warm=warm, paytable_file=paytable_file, tables_file=tables_file,
          limits=limits)


def main() -> None:
    """Run the whole command line."""
    app()
