"""holdwise sweep: many solves on a Dask cluster (local by default), results in an SQLite file, and `show`."""

from __future__ import annotations

import csv
import shlex
import sys
from typing import Any, Literal

import typer

from ..i18n import N_
from ..i18n import gettext as _
from ._common import check_plot_path, console, dynamic_help, emit_json, fail, new_app

__all__ = ["sweep_app"]

sweep_app = new_app(
    "Sweeps: every table, variant or loadout of a question solved on a Dask cluster (this machine's cores "
    "unless --scheduler names one), each item's row kept in an SQLite results file; rerun to resume.\n\n"
    "Example: holdwise sweep video-poker --game jacks-or-better-9-6 --vary full_house=5:9 flush=5:6",
)

DB_HELP = "The results file (SQLite): created when missing, resumed when the sweep is in it."
SCHEDULER_HELP = ("A running Dask scheduler, tcp://HOST:PORT (see 'dask scheduler'); default: "
                  "$DASK_SCHEDULER_ADDRESS, else a local cluster on this machine.")
WORKERS_HELP = "Worker processes of the local cluster: 1 to 512 (default: this machine's cores)."
CHUNK_HELP = "Items per chunk sent to a worker (default: sized to about a second of work each)."
JSON_HELP = "Print JSON."
SHOWN_ROWS = 20  # human output lists this many rows unless --top says otherwise
_TOP_HELP = N_("At most this many rows (default: all; the table on screen shows %(n)s).")
TOP_HELP = dynamic_help(_TOP_HELP % {"n": SHOWN_ROWS}, lambda: _(_TOP_HELP) % {"n": SHOWN_ROWS})
DEFAULT_DB = "holdwise-results.sqlite"  # as holdwise.sweep.DEFAULT_DB, kept here so --help imports nothing


def _face():
    """The sweep face, imported when a command runs."""
    from .. import sweep

    return sweep


def _command() -> str:
    """The command line as typed, stored with a new sweep."""
    return " ".join(shlex.quote(a) for a in ["holdwise", *sys.argv[1:]])


def _run(kind: str, options: dict, db: str, scheduler: str | None, workers: int | None,
         chunk: int | None, as_json: bool) -> None:
    """Run a sweep with a progress bar on a terminal, then print its summary."""
    face = _face()
    with _bar(kind) as update:
        try:
            summary = face.run_sweep(kind, options, db, scheduler=scheduler, workers=workers, chunk=chunk,
                                     command=_command(), on_progress=update)
        except face.SweepFailed as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("error: interrupted; the chunks written are kept: rerun the same command to resume",
                       err=True)
            raise typer.Exit(130) from None
    if as_json:
        emit_json(summary)
        return
    out = console()
    state = "resumed" if not summary.created and summary.already else "new" if summary.created else "run"
    out.print(f"sweep {summary.sweep_id} ({summary.kind}, {state}) in {summary.db}")
    out.print(f"items: {summary.done_now:,} done now, {summary.already:,} already there, {summary.total:,} in all")
    if summary.rows != summary.already + summary.done_now:
        out.print(f"rows kept: {summary.rows:,} (the items that meet the sweep's --only-... options)")
    rate = "-" if summary.items_per_second is None else f"{summary.items_per_second:,.1f} items/s"
    where = ("nothing to do" if summary.workers is None
             else f"{summary.workers} workers at {summary.scheduler}" if summary.scheduler
             else f"{summary.workers} local workers")
    out.print(f"time: {summary.seconds:.1f} s, {rate} ({where})")
    out.print(f"rows: holdwise sweep show --db {shlex.quote(summary.db)} {summary.sweep_id}")


class _bar:
    """A progress bar on a terminal's stderr fed by the engine: items done, items/s, time left."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.progress: Any = None
        self.task: Any = None

    def __enter__(self):
        if not sys.stderr.isatty():
            return lambda state: None
        from rich.progress import (
            BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
        )

        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("left"),
                                      TimeRemainingColumn(), console=console(stderr=True), transient=True)
        self.progress.__enter__()
        self.task: Any = None

        def update(state) -> None:
            if self.task is None:  # items already in the file count as done but not in the rate
                self.task = self.progress.add_task(self.label, total=state.total,
                                                   completed=state.done - state.done_now, rate="")
            rate = state.done_now / state.seconds if state.seconds > 0 else 0.0
            self.progress.update(self.task, completed=state.done, total=state.total, rate=f"{rate:,.0f}/s")

        return update

    def __exit__(self, *exc: object) -> Literal[False]:
        if self.progress is not None:
            self.progress.__exit__(*exc)
        return False


DB_OPTION = typer.Option(DEFAULT_DB, "--db", help=DB_HELP)
SCHEDULER_OPTION = typer.Option(None, "--scheduler", help=SCHEDULER_HELP)
WORKERS_OPTION = typer.Option(None, "--workers", help=WORKERS_HELP)
CHUNK_OPTION = typer.Option(None, "--chunk", help=CHUNK_HELP)
JSON_OPTION = typer.Option(False, "--json", help=JSON_HELP)
# `--vary full_house=5:10 flush=4:7`: the words after the first are arguments, joined to --vary's
MORE_ARGUMENT = typer.Argument(None, help="More pays to vary, as --vary takes them.")
VARY_OPTION = typer.Option(None, "--vary", help="A pay to vary over a range, e.g. full_house=5:10; more may "
                           "follow, each a word.")


@sweep_app.command("dice-poker")
def sweep_dice_poker(
    grid: str | None = typer.Option(None, "--grid", help="Pays per category as ranges, e.g. "
                                    "\"five=5:20:1 four=3:10 full_house=2:6\" (start:stop[:step])."),
    random: int | None = typer.Option(None, "--random", help="This many tables drawn at random within "
                                      "the grid's bounds."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the random draws."),
    tables_file: str | None = typer.Option(None, "--tables-file", help="The tables of a TOML file (as "
                                           "'holdwise dice-poker --tables-file')."),
    dice: int = typer.Option(5, "--dice", help="Dice: as in the depth report."),
    sides: int = typer.Option(6, "--sides", help="Faces per die."),
    rerolls: int = typer.Option(2, "--rerolls", help="Re-rolls."),
    weights: str | None = typer.Option(None, "--weights", help="Loaded dice: a weight per face, as in "
                                       "the depth report."),
    only_return: str | None = typer.Option(None, "--only-return", help="Keep only the tables whose optimal "
                                           "return is in LO:HI, e.g. 0.94:0.96 (all are solved)."),
    only_deep: bool = typer.Option(False, "--only-deep", help="Keep only the deep tables (chance gap >= 25 "
                                   "and rule gap >= 5 pp)."),
    db: str = DB_OPTION, scheduler: str | None = SCHEDULER_OPTION, workers: int | None = WORKERS_OPTION,
    chunk: int | None = CHUNK_OPTION, as_json: bool = JSON_OPTION,
):
    """Dice-poker tables: optimum, rule and no-re-roll returns and the two gaps of every table.

    Example: holdwise sweep dice-poker --grid "five=5:20 four=3:10 full_house=2:6" --only-deep
    """
    options = {"grid": grid, "random": random, "seed": seed, "tables_file": tables_file, "dice": dice,
               "sides": sides, "rerolls": rerolls, "weights": weights, "only_return": only_return,
               "only_deep": only_deep}
    _run("dice-poker", options, db, scheduler, workers, chunk, as_json)


@sweep_app.command("video-poker")
def sweep_video_poker(
    more: list[str] | None = MORE_ARGUMENT,
    game: str | None = typer.Option(None, "--game", help="The video-poker game (see 'holdwise video-poker "
                                    "games'; default: 9/6 Jacks or Better)."),
    vary: list[str] | None = VARY_OPTION,
    paytable_file: str | None = typer.Option(None, "--paytable-file", help="A pay-table file (TOML, as "
                                             "'holdwise video-poker --paytable-file')."),
    db: str = DB_OPTION, scheduler: str | None = SCHEDULER_OPTION, workers: int | None = WORKERS_OPTION,
    chunk: int | None = CHUNK_OPTION, as_json: bool = JSON_OPTION,
):
    """Video-poker variants: every variant's exact return at 5 coins and at 1-4.

    Example: holdwise sweep video-poker --game jacks-or-better-9-6 --vary full_house=5:9 flush=5:6
    """
    varied = [word for text in [*(vary or ()), *(more or ())] for word in text.split()]
    _run("video-poker", {"game": game, "vary": varied, "paytable_file": paytable_file}, db, scheduler, workers,
         chunk, as_json)


@sweep_app.command("farkle-loadouts")
def sweep_farkle_loadouts(
    dice: str | None = typer.Option(None, "--dice", help="'all-named': every six of all the named dice."),
    owned: str | None = typer.Option(None, "--owned", help="The dice you own, comma-separated names "
                                     "('lucky*2' repeats): every six of them."),
    opponent_dice: str | None = typer.Option(None, "--opponent-dice", "--vs", help="An opponent's six dice, "
                                             "e.g. 'ordinary*6': adds the race-aware win chances moving first, "
                                             "second and on average, and `show` ranks by the average."),
    target: str = typer.Option("4000", "--target", help="Points to win the match (with --opponent-dice): a "
                               "multiple of 50."),
    db: str = DB_OPTION, scheduler: str | None = SCHEDULER_OPTION, workers: int | None = WORKERS_OPTION,
    chunk: int | None = CHUNK_OPTION, as_json: bool = JSON_OPTION,
):
    """Farkle loadouts: every distinct six of the dice, expected points per turn and bust chances.

    Example: holdwise sweep farkle-loadouts --owned "lucky*2,weighted,ordinary*5" --opponent-dice ordinary*6
    """
    _run("farkle-loadouts", {"dice": dice, "owned": owned, "opponent_dice": opponent_dice, "target": target}, db,
         scheduler, workers, chunk, as_json)


@sweep_app.command("farkle-ranking")
def sweep_farkle_ranking(
    dice: str | None = typer.Option(None, "--dice", help="'all-named': every six of all the named dice."),
    owned: str | None = typer.Option(None, "--owned", help="The dice you own, comma-separated names "
                                     "('lucky*2' repeats): every six of them."),
    top: str = typer.Option("20", "--top", metavar="N", help="How many sets are ranked exactly (1 to 1000)."),
    first: str | None = typer.Option(None, "--first", metavar="M", help="The strongest M sets solved first "
                                     "for the threshold (default 5 x --top)."),
    db: str = DB_OPTION, scheduler: str | None = SCHEDULER_OPTION, workers: int | None = WORKERS_OPTION,
    chunk: int | None = CHUNK_OPTION, as_json: bool = JSON_OPTION,
):
    """Farkle sets ranked exactly by points per turn: the best --top exact, every other set proven below
    them by an upper bound (search_bounds.py's), in stages on the cluster; `show` lists the ranking.

    Example: holdwise sweep farkle-ranking --dice all-named --workers 2
    """
    _run("farkle-ranking", {"dice": dice, "owned": owned, "top": top, "first": first}, db, scheduler, workers,
         chunk, as_json)


def _cell(value) -> str:
    """A value as the table shows it: reals to 6 significant digits, never cut."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


@sweep_app.command("show")
def sweep_show(
    sweep: str | None = typer.Argument(None, help="The sweep's number (without it: the list of sweeps)."),
    db: str = typer.Option(DEFAULT_DB, "--db", help="The results file."),
    where: str | None = typer.Option(None, "--where", help="An SQL expression over the sweep's columns, "
                                     "e.g. \"return between 0.94 and 0.96 and deep\"."),
    sort: str | None = typer.Option(None, "--sort", help="A column to sort by, largest first; COL:asc for "
                                    "smallest first (default: the kind's ranking, e.g. a loadout sweep "
                                    "with an opponent by win_average, else by key)."),
    top: int | None = typer.Option(None, "--top", help=TOP_HELP),
    columns: str | None = typer.Option(None, "--columns", help="The columns the table on screen shows, "
                                       "comma-separated (default: as many as fit)."),
    as_csv: bool = typer.Option(False, "--csv", help="Print the rows as CSV (every column)."),
    plot: str | None = typer.Option(None, "--plot", help="Draw the rows as the kind's figure to FILE.png "
                                    "or FILE.svg."),
    as_json: bool = JSON_OPTION,
):
    """The sweeps in a results file, or one sweep's rows: filtered, sorted, as CSV or a figure.

    Example: holdwise sweep show 1 --where "return between 0.94 and 0.96 and deep" --sort return --top 10
    """
    check_plot_path(plot)
    if as_csv and as_json:
        fail("--csv and --json: choose one")
    face = _face()
    if sweep is None:
        for given, name in ((where, "--where"), (sort, "--sort"), (top, "--top"), (columns, "--columns"),
                            (plot, "--plot"), (as_csv or None, "--csv")):
            if given is not None:
                fail(f"{name} needs a sweep: holdwise sweep show --db {shlex.quote(db)} SWEEP {name} ...")
        listing = face.list_sweeps(db)
        if as_json:
            emit_json(listing)
        else:
            _print_sweeps(listing)
        return
    descending = True
    if sort is not None:
        name, _, direction = sort.partition(":")
        if direction.lower() not in ("", "asc", "desc"):
            fail(f"--sort takes COL, COL:asc or COL:desc, got {sort!r}")
        sort, descending = name.strip(), direction.lower() != "asc"
    result = face.show_rows(db, sweep, where=where, sort=sort, descending=descending, top=top)
    shown = [c.strip() for c in columns.split(",") if c.strip()] if columns is not None else None
    if shown is not None:
        unknown = [c for c in shown if c not in result.columns]
        if unknown:
            fail(f"--columns: no column {unknown[0]!r}; columns: {', '.join(result.columns)}")
    if plot is not None:
        face.plot_rows(result, plot)
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(result.columns)
        writer.writerows([row[c] for c in result.columns] for row in result.rows)
        return
    if as_json:
        emit_json(result)
        return
    _print_rows(result, shown, result.sort)
    if plot is not None:
        console().print(f"plot written to {plot}")


def _print_sweeps(listing) -> None:
    """The sweeps of a results file as a table."""
    from rich.table import Table

    out = console()
    if not listing.sweeps:
        out.print(f"no sweeps in {listing.db}")
        return
    table = Table(title=f"sweeps in {listing.db}")
    table.add_column("sweep", justify="right", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("done", justify="right", no_wrap=True)
    table.add_column("created", no_wrap=True)
    table.add_column("command (or definition)", overflow="fold")
    import json

    for s in listing.sweeps:
        kept = f"\n{s.rows:,} rows kept" if s.rows != s.done else ""  # a sweep with --only-...
        table.add_row(str(s.id), s.kind, f"{s.done:,}/{s.items:,}{kept}", s.created[:10],
                      s.command or json.dumps(s.definition, separators=(", ", ": ")))
    out.print(table)
    out.print("rows of one sweep: holdwise sweep show SWEEP [--where ...] [--sort COL] [--csv]")


def _print_rows(result, shown: list[str] | None, sort: str | None) -> None:
    """A sweep's rows as a table of the columns that fit the width (the rest named below it)."""
    from rich.table import Table

    out = console()
    rows = result.rows[:SHOWN_ROWS] if result.top is None else result.rows
    cells = {c: [_cell(row[c]) for row in rows] for c in result.columns}
    empty: set[str] = set()
    if shown is None:  # the key, the sort column and the columns the filter names first
        import re

        named = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", result.where or "")) | {sort}
        # a column empty in every row shown (a loadout sweep's win chances without an opponent) is left out
        empty = {c for c in result.columns if rows and c not in named and all(row[c] is None for row in rows)}
        order = ["key", *([sort] if sort and sort != "key" else []),
                 *(c for c in result.columns if c in named and c not in ("key", sort)),
                 *(c for c in result.columns if c not in named and c != "key" and c not in empty)]
        shown, width = [], 1
        for c in order:
            need = max([len(c), *(len(v) for v in cells[c])]) + 3  # a cell's padding and border
            if shown and width + need > out.width:
                continue
            shown.append(c)
            width += need
    table = Table()
    for c in shown:
        table.add_column(c, justify="left" if c == "key" else "right", no_wrap=True)
    for i in range(len(rows)):
        table.add_row(*(cells[c][i] for c in shown))
    where = f" where {result.where}" if result.where else ""
    out.print(f"sweep {result.sweep.id} ({result.sweep.kind}): {result.matched:,} of {result.sweep.rows:,} rows"
              f"{where}")
    out.print(table)
    if len(rows) < result.matched:
        limit = f"--top {result.top}" if result.top is not None else f"the first {SHOWN_ROWS}"
        out.print(f"{len(rows):,} of {result.matched:,} rows shown ({limit}); --top N for more, --csv or --json "
                  "for all")
    statement = (result.summary or {}).get("statement")
    if statement:  # a finished ranking: what its rows prove
        out.print(statement)
    hidden = [c for c in result.columns if c not in shown and c not in empty]
    if hidden:
        out.print(f"not shown (--columns to choose): {', '.join(hidden)}")
    if empty - set(shown):
        out.print(f"empty in these rows: {', '.join(c for c in result.columns if c in empty - set(shown))}")
