"""Sweeps: many solves of one kind on a Dask cluster, each item's row kept in an SQLite results file.

    >>> from holdwise import sweep
    >>> options = {"game": "jacks-or-better-9-6", "vary": ["full_house=6:9", "flush=5:6"]}
    >>> summary = sweep.run_sweep("video-poker", options, workers=2)  # doctest: +SKIP
    >>> sweep.show_rows(sweep.DEFAULT_DB, summary.sweep_id, where="return > 0.99").rows  # doctest: +SKIP

A kind (`holdwise.sweep.kinds.<kind>`, see `holdwise.sweep.kind`) says what the items are and how a worker
solves them; the engine (`engine`) sends them out in chunks and writes the rows (`db`). Running the same sweep
again resumes it: only the items not in the file yet are solved.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import InputError
from ..games.base import Result
from . import db
from . import kind as _kind
from .db import DEFAULT_DB
from .engine import Progress, SweepFailed

if TYPE_CHECKING:
    import sqlite3

    from distributed import Client

__all__ = [
    "DEFAULT_DB", "InputError", "Progress", "SweepFailed", "SweepInfo", "SweepList", "SweepRows", "SweepSummary",
    "list_sweeps", "plot_rows", "run_sweep", "show_rows", "stored_farkle_ranking",
]

MAX_WORKERS = 512
MAX_CHUNK = 1_000_000


@dataclass(frozen=True)
class SweepSummary(Result):
    """What one run of a sweep did: `done_now` items solved here, `already` found in the file, of `total`;
    `rows` in the file (fewer than the items done when the sweep keeps only some)."""

    sweep_id: int
    kind: str
    db: str
    definition: dict
    total: int
    done_now: int
    already: int
    rows: int
    seconds: float
    items_per_second: float | None
    workers: int | None
    scheduler: str | None
    created: bool


@dataclass(frozen=True)
class SweepInfo(Result):
    """One sweep in a results file: its definition, how many of its items are done, and how many rows it kept
    (fewer than done when the sweep keeps only some, e.g. `--only-deep`)."""

    id: int
    kind: str
    definition: dict
    version: str
    created: str
    items: int
    done: int
    rows: int
    command: str | None


@dataclass(frozen=True)
class SweepList(Result):
    """The sweeps in a results file, oldest first."""

    db: str
    sweeps: tuple[SweepInfo, ...]


@dataclass(frozen=True)
class SweepRows(Result):
    """A sweep's rows that match `where`, sorted, at most `top`: `columns` name each row's values (key first);
    `matched` counts every matching row; `summary` what a finished sweep of stages concluded (or None)."""

    db: str
    sweep: SweepInfo
    where: str | None
    sort: str | None
    descending: bool
    top: int | None
    matched: int
    columns: tuple[str, ...]
    rows: tuple[dict, ...] = field(default_factory=tuple)
    summary: dict | None = None  # a finished sweep of stages: its summary (a ranking's proof statement)


def _check_counts(workers: int | None, chunk: int | None, scheduler: str | None) -> None:
    if workers is not None and not 1 <= int(workers) <= MAX_WORKERS:
        raise InputError(f"--workers must be 1 to {MAX_WORKERS}, got {workers}")
    if workers is not None and scheduler is not None:
        raise InputError("--workers sizes the local cluster; with --scheduler the cluster's own workers run")
    if chunk is not None and not 1 <= int(chunk) <= MAX_CHUNK:
        raise InputError(f"--chunk must be 1 to {MAX_CHUNK:,}, got {chunk}")
    if scheduler is not None:
        text = str(scheduler).strip()
        scheme, _, rest = text.partition("://")
        host, _, port = rest.rpartition(":")
        if scheme not in ("tcp", "tls") or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise InputError(f"--scheduler must be tcp://HOST:PORT (as 'dask scheduler' prints), got {scheduler!r}")


def run_sweep(kind: str, options: dict | None = None, db_path: str | os.PathLike = DEFAULT_DB,
              scheduler: str | None = None, workers: int | None = None, chunk: int | None = None,
              command: str | None = None, client: Client | None = None,
              on_progress: Callable[[Progress], None] | None = None) -> SweepSummary:
    """Run (or resume) the sweep `kind` with `options` (its `definition` keyword arguments) into `db_path`.

    The cluster: `client` if given, else the scheduler at `scheduler` (or `$DASK_SCHEDULER_ADDRESS`), else a
    local cluster of `workers` processes. Bad options, bad files and an unreachable scheduler are refused
    before anything is written.
    """
    if scheduler is None and client is None and workers is None:
        scheduler = os.environ.get("DASK_SCHEDULER_ADDRESS") or None
    _check_counts(workers, chunk, scheduler)
    module = _kind.get_kind(kind)
    definition = module.definition(**(options or {}))
    db.canonical(definition)
    total = int(module.count(definition))
    if total < 1:
        raise InputError(f"the {module.NAME} sweep has no items")
    start = time.perf_counter()
    already, sweep_id, rows, finished = 0, None, 0, False
    if db.check_writable(db_path):
        with contextlib.closing(db.open_read(db_path)) as conn:
            sweep_id = db.sweep_id_of(conn, module.NAME, definition)
            if sweep_id is not None:
                already = db.count_done(conn, module.NAME, sweep_id)
                rows = db.count_rows(conn, module.NAME, sweep_id)
                finished = db.read_summary(conn, sweep_id) is not None
    drive = getattr(module, "drive", None)  # a kind of stages runs the engine itself (kind.py)
    if sweep_id is not None and already >= total and (drive is None or finished):  # done before
        return _summary(module.NAME, db_path, definition, sweep_id, total, already, rows,
                        Progress(done=already, total=total, done_now=0, seconds=0.0), start, None, None, False)
    from .engine import connect, run

    # the cluster first: an unreachable scheduler is refused before the results file is created or changed
    with contextlib.nullcontext(client) if client is not None else connect(scheduler, workers) as active:
        with contextlib.closing(db.open_write(db_path)) as conn:
            sweep_id, created = db.start_sweep(conn, module.NAME, module.COLUMNS, definition, total, __version__,
                                               command)
            already = db.count_done(conn, module.NAME, sweep_id)
            state = (drive or run)(active, conn, module.NAME, definition, sweep_id, chunk, on_progress)
            rows = db.count_rows(conn, module.NAME, sweep_id)
        used = len(active.nthreads())
    return _summary(module.NAME, db_path, definition, sweep_id, total, already, rows, state, start, used,
                    scheduler if client is None else None, created)


def _summary(kind: str, db_path: str | os.PathLike[str], definition: dict[str, Any], sweep_id: int, total: int,
             already: int, rows: int, state: Progress, start: float, workers: int | None, scheduler: str | None,
             created: bool) -> SweepSummary:
    seconds = time.perf_counter() - start
    return SweepSummary(
        sweep_id=sweep_id, kind=kind, db=str(db_path), definition=definition, total=total,
        done_now=state.done_now, already=already, rows=rows, seconds=seconds,
        items_per_second=state.done_now / seconds if state.done_now and seconds > 0 else None,
        workers=workers, scheduler=scheduler, created=created)


def _info(sweep: dict[str, Any]) -> SweepInfo:
    return SweepInfo(id=sweep["id"], kind=sweep["kind"], definition=sweep["definition"], version=sweep["version"],
                     created=sweep["created"], items=sweep["items"], done=sweep["done"], rows=sweep["rows"],
                     command=sweep["command"])


def list_sweeps(db_path: str | os.PathLike = DEFAULT_DB) -> SweepList:
    """The sweeps in a results file, with how far each is."""
    with contextlib.closing(db.open_read(db_path)) as conn:
        return SweepList(db=str(db_path), sweeps=tuple(_info(s) for s in db.list_sweeps(conn)))


def _sweep(conn: sqlite3.Connection, db_path: str | os.PathLike[str], sweep_id: int | str) -> dict[str, Any]:
    try:
        number = int(str(sweep_id).strip())
    except ValueError:
        raise InputError(f"a sweep is named by its number (see 'holdwise sweep show'), got {sweep_id!r}") from None
    found = db.find_sweep(conn, number)
    if found is None:
        have = [str(s["id"]) for s in db.list_sweeps(conn)]
        raise InputError(f"no sweep {number} in {db_path}; it has: {', '.join(have) or 'none'}")
    found["rows"] = db.count_rows(conn, found["kind"], number)
    found["done"] = db.count_done(conn, found["kind"], number)
    return found


def show_rows(db_path: str | os.PathLike, sweep_id: int | str, where: str | None = None, sort: str | None = None,
              descending: bool = True, top: int | None = None) -> SweepRows:
    """A sweep's rows: those where the SQL expression `where` over its columns holds, sorted by the column
    `sort` (largest first unless not `descending`; default the kind's `rank`, else by key), at most `top`."""
    if top is not None and int(top) < 1:
        raise InputError(f"--top must be at least 1, got {top}")
    with contextlib.closing(db.open_read(db_path)) as conn:
        sweep = _sweep(conn, db_path, sweep_id)
        if sort is None and sweep["kind"] in _kind.kinds():  # a kind this holdwise knows: its ranking
            rank = getattr(_kind.get_kind(sweep["kind"]), "rank", None)
            sort = None if rank is None else rank(sweep["definition"])
        columns, matched, found = db.select_rows(conn, sweep["kind"], sweep["id"], where, sort, descending, top)
        rows = tuple(dict(zip(columns, row, strict=True)) for row in found)
        summary = db.read_summary(conn, sweep["id"])
    return SweepRows(db=str(db_path), sweep=_info(sweep), where=where, sort=sort, descending=descending, top=top,
                     matched=matched, columns=tuple(columns), rows=rows, summary=summary)


def plot_rows(result: SweepRows, path: str | os.PathLike) -> None:
    """Draw rows as their kind's `plot` does, to `path` (.png or .svg), written whole or not at all."""
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise InputError(f"--plot needs a .png or .svg file name, got {str(path)!r}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: folder {path.parent} does not exist")
    if path.is_dir():
        raise InputError(f"cannot write {path}: it is a folder")
    module = _kind.get_kind(result.sweep.kind)
    tmp = path.parent / f".{path.stem}.{os.getpid()}.tmp{path.suffix}"
    try:
        module.plot(list(result.rows), result.sweep.definition, str(tmp))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain write would leave it (a temporary file starts private)
        os.replace(tmp, path)
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def stored_farkle_ranking(db_path: str | os.PathLike = DEFAULT_DB, top: int = 1) -> dict | None:
    """The finished `farkle-ranking` of the whole domain (every distinct named die, six each) in a results file,
    with at least `top` sets exact: its summary (`top`: [set text, points] best first, `threshold`, counts,
    seconds), or None when the file or the ranking is not there."""
    from .kinds.farkle_ranking import stored_ranking

    return stored_ranking(str(db_path), top)
