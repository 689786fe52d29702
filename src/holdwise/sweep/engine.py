"""Running a sweep on Dask distributed: chunks of items out to the workers, their rows into the results file.

The client keeps a window of chunks in flight (a few per worker thread), so memory stays bounded whatever the
sweep's size; each chunk's rows are written in one transaction as it comes back (`as_completed`). Dask reruns
the chunks of a worker that dies; the results file's primary key (sweep, item key) keeps every row once.
Chunk sizes adapt to the work: each aims at `CHUNK_SECONDS` of one worker's time, measured on the worker, so a
table of microseconds and a match of seconds are both sent in useful amounts.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import pickle
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from . import db
from . import kind as _kind

if TYPE_CHECKING:
    from distributed import Client, Future

    ChunkFuture = Future[tuple[bytes, float]]  # a chunk sent: its pickled rows and its worker's seconds

__all__ = ["CHUNK_SECONDS", "MAX_CHUNK", "MAX_RANGE_CHUNK", "Progress", "SweepFailed", "connect", "gaps", "run",
           "solve_chunk", "solve_range_chunk", "uses_ranges"]

CHUNK_SECONDS = 1.0  # a chunk's target time on one worker: the scheduler's ~1 ms per task stays below 0.1%
MAX_CHUNK = 10_000  # items per chunk at most: a chunk's items and rows stay a few MB
# index ranges send no items, and rows only of what a sweep keeps: chunks may be larger, so that Dask's few
# milliseconds a task (client, scheduler, worker) stay small beside tables of microseconds
MAX_RANGE_CHUNK = 100_000
FIRST_CHUNK = 1  # before any measurement: one item, so a slow kind (a match of seconds) never sends a lump
IN_FLIGHT_PER_THREAD = 2  # chunks queued per worker thread: one running, one ready to start
RETRIES = 2  # reruns of a chunk whose solve raised (a worker's death is rescheduled by Dask on its own)
CONNECT_TIMEOUT_S = 10


class SweepFailed(RuntimeError):
    """A sweep stopped on an error of the cluster or of a kind's solve (the rows written so far are kept)."""


@dataclass
class Progress:
    """Where a running sweep is: items in the results file, of `total`; `done_now` of them by this run, in
    `seconds`; `worker_seconds`: the workers' solve time of those items, as each chunk measured it."""

    done: int
    total: int
    done_now: int
    seconds: float
    worker_seconds: float = 0.0


_MMAP_THRESHOLD = 32 << 20  # bytes: NumPy arrays of a chunk (up to a few MB) come from the heap, not mmap
_malloc_tuned = False


def _tune_malloc() -> None:
    """Once per worker process (glibc only): blocks below 32 MB from the heap, kept there when freed.

    Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, and glibc then stops raising its mmap and
    trim thresholds as a process reuses large blocks: every array of a chunk's tables was mapped, or the heap
    trimmed, afresh, its pages faulted in each time, and a worker solved dice-poker tables 20-30% slower than
    the same call in a plain process. These are the values glibc's own adjustment reaches (measured:
    benchmarks/bench_sweep.py, README "Sweeps").
    """
    global _malloc_tuned
    if _malloc_tuned:
        return
    _malloc_tuned = True
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):  # not glibc: nothing to tune
        return
    mallopt(-3, _MMAP_THRESHOLD)  # -3: M_MMAP_THRESHOLD
    mallopt(-1, 2 * _MMAP_THRESHOLD)  # -1: M_TRIM_THRESHOLD, as glibc itself raises it with the mmap threshold


def solve_chunk(kind_name: str, definition: dict[str, Any], items: list[Any] | bytes) -> tuple[bytes, float]:
    """Solve one chunk on a worker: its rows as tuples in the kind's column order, pickled (as
    `solve_range_chunk`'s), and the seconds it took.

    `items` may come pickled: Dask then sends them as they are instead of walking every item for futures.
    """
    _tune_malloc()
    start = time.perf_counter()
    if isinstance(items, bytes):
        items = pickle.loads(items)
    kind = _kind.get_kind(kind_name)
    rows = kind.solve(definition, items)
    if len(rows) != len(items):
        raise SweepFailed(f"sweep kind {kind_name} returned {len(rows)} rows for {len(items)} items")
    casts = {"REAL": float, "INTEGER": int, "TEXT": str}
    columns = [(c.name, casts[c.sql_type.upper()]) for c in kind.COLUMNS]
    out = []
    for row in rows:
        try:
            # plain Python values (a NumPy scalar cannot be bound by sqlite3); None stays NULL
            out.append(tuple(None if row[name] is None else cast(row[name]) for name, cast in columns))
        except KeyError as err:
            raise SweepFailed(f"sweep kind {kind_name} returned a row without the column {err}") from None
    return pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL), time.perf_counter() - start


def solve_range_chunk(kind_name: str, definition: dict[str, Any], start: int, stop: int) -> tuple[bytes, float]:
    """Solve the items start..stop-1 on a worker, which makes them itself (`kind.solve_range`): the rows kept,
    each (key, *the kind's columns), pickled, and the seconds it took."""
    _tune_malloc()
    began = time.perf_counter()
    rows = _kind.get_kind(kind_name).solve_range(definition, start, stop)
    # pickled here: Dask would otherwise serialize a list element by element (longer than the solve, and
    # holding the worker's GIL while its next chunk runs)
    packed = pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)
    return packed, time.perf_counter() - began


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A `distributed.Client`: on the cluster at `scheduler` (tcp://HOST:PORT), or on a local cluster of
    `workers` processes (default: this machine's cores) started here and stopped at the end."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: "
                             f"{' '.join(str(err).split()) or type(err).__name__}") from None
        with client:
            yield client
        return
    if workers is None:
        workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    # loopback only (the scheduler's HTTP server too: it always starts, here on a free port); one thread per
    # worker process: the kinds' kernels hold the GIL
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as cluster, \
            Client(cluster, set_as_default=False) as client:
        yield client


def _missing(conn: sqlite3.Connection, kind: ModuleType, definition: dict[str, Any], sweep_id: int, empty: bool
             ) -> Iterator[tuple[str, Any]]:
    """The sweep's (key, item) pairs not in the results file yet, in the kind's order."""
    pairs = iter(kind.items(definition))
    if empty:
        yield from pairs
        return
    while batch := list(itertools.islice(pairs, db.IN_BATCH)):
        have = db.existing_keys(conn, kind.NAME, sweep_id, [key for key, _ in batch])
        yield from (pair for pair in batch if pair[0] not in have)


def gaps(done: list[tuple[int, int]], total: int) -> list[tuple[int, int]]:
    """The index ranges of 0..total-1 that the sorted ranges `done` leave out."""
    out: list[tuple[int, int]] = []
    at = 0
    for start, stop in done:
        if start > at:
            out.append((at, start))
        at = max(at, stop)
    if at < total:
        out.append((at, total))
    return out


def uses_ranges(conn: sqlite3.Connection, kind: ModuleType, sweep_id: int) -> bool:
    """Whether the sweep runs by index ranges: its kind makes items on the workers and the file has no rows
    of it written otherwise (by a holdwise before ranges, which resumes by keys)."""
    if not hasattr(kind, "solve_range"):
        return False
    return bool(db.done_ranges(conn, sweep_id)) or db.count_rows(conn, kind.NAME, sweep_id) == 0


Sent = list[str] | tuple[int, int]  # what a chunk in flight holds: its items' keys, or its index range


@dataclass
class _Window:
    """How many chunks may be out at once: `IN_FLIGHT_PER_THREAD` per worker thread of the cluster."""

    client: Client
    threads: int = 1
    checked: float = 0.0  # time.monotonic() of the last count

    def size(self) -> int:
        now = time.monotonic()
        if now - self.checked > 5:  # workers may join or leave an outside cluster while it runs
            self.threads = max(1, sum(self.client.nthreads().values()))
            self.checked = now
        return IN_FLIGHT_PER_THREAD * self.threads


@dataclass
class _Chunks:
    """The sweep's work not yet sent, cut into chunks: index ranges (`ranged`: the workers make the items) or
    items made here and sent pickled; and how the rows of each chunk that returns are written."""

    conn: sqlite3.Connection
    kind: ModuleType
    definition: dict[str, Any]
    sweep_id: int
    ranged: bool
    todo: list[tuple[int, int]]  # ranged: the index ranges not done, in order
    pending: Iterator[tuple[str, Any]]  # not ranged: the (key, item) pairs not in the file
    in_flight: dict[ChunkFuture, Sent] = field(default_factory=dict)

    @classmethod
    def of(cls, conn: sqlite3.Connection, kind: ModuleType, definition: dict[str, Any], sweep_id: int,
           total: int, already: int) -> _Chunks:
        ranged = uses_ranges(conn, kind, sweep_id)
        todo = gaps(db.done_ranges(conn, sweep_id), total) if ranged else []
        pending = iter(()) if ranged else _missing(conn, kind, definition, sweep_id, empty=already == 0)
        return cls(conn, kind, definition, sweep_id, ranged, todo, pending)

    def submit(self, client: Client, size: int) -> ChunkFuture | None:
        """Send the next chunk of at most `size` items; None when all are sent."""
        if self.ranged:
            if not self.todo:
                return None
            lo, hi = self.todo[0]
            stop = min(hi, lo + size)
            if stop == hi:
                self.todo.pop(0)
            else:
                self.todo[0] = (stop, hi)
            future = client.submit(solve_range_chunk, self.kind.NAME, self.definition, lo, stop, pure=False,
                                   retries=RETRIES)
            self.in_flight[future] = (lo, stop)
            return future
        batch = list(itertools.islice(self.pending, size))
        if not batch:
            return None
        # pickled: Dask would otherwise search every item of the list for futures (0.4 s per 10,000 tables)
        packed = pickle.dumps([item for _, item in batch], protocol=pickle.HIGHEST_PROTOCOL)
        future = client.submit(solve_chunk, self.kind.NAME, self.definition, packed, pure=False, retries=RETRIES)
        self.in_flight[future] = [key for key, _ in batch]
        return future

    def write(self, sent: Sent, rows: list[tuple[Any, ...]]) -> int:
        """Write a returned chunk's rows in one transaction: the items it adds to the done ones."""
        names = [c.name for c in self.kind.COLUMNS]
        if isinstance(sent, tuple):
            db.insert_rows(self.conn, self.kind.NAME, names, self.sweep_id, None, rows, span=sent)
            return sent[1] - sent[0]
        return db.insert_rows(self.conn, self.kind.NAME, names, self.sweep_id, sent, rows)


def _items(sent: Sent) -> int:
    """The items of a chunk."""
    return sent[1] - sent[0] if isinstance(sent, tuple) else len(sent)


def _result(future: ChunkFuture, items: int) -> tuple[list[tuple[Any, ...]], float]:
    """A returned chunk's rows and its worker's seconds; SweepFailed, in one line, when its solve failed."""
    try:
        packed, seconds = future.result()
        return pickle.loads(packed), seconds
    except SweepFailed:
        raise
    except Exception as err:  # anything a worker raised ends the sweep, as one line
        message = " ".join(str(err).split()) or type(err).__name__
        if isinstance(err, ImportError):  # an outside cluster's workers need holdwise installed too
            message += " (is this holdwise installed where the workers run?)"
        raise SweepFailed(f"a chunk of {items} items failed: {type(err).__name__}: {message}") from None


def _adapted(seconds: float, items: int, ranged: bool) -> int:
    """The next chunk's size: `CHUNK_SECONDS` of one worker's time at the rate the last chunk measured."""
    per_item = max(seconds, 1e-9) / items
    return max(1, min(MAX_RANGE_CHUNK if ranged else MAX_CHUNK, int(CHUNK_SECONDS / per_item)))


def _check_done(conn: sqlite3.Connection, kind: ModuleType, sweep_id: int, total: int, ranged: bool,
                done: int) -> None:
    """SweepFailed unless the file holds every item once (and, by ranges, ranges that tile them)."""
    if done != total:
        what = "items in its done ranges" if ranged else "distinct keys"
        raise SweepFailed(f"sweep kind {kind.NAME} gave {done} {what} for {total} items")
    if ranged and gaps(db.done_ranges(conn, sweep_id), total):
        raise SweepFailed(f"sweep kind {kind.NAME}: its done ranges overlap")


def run(client: Client, conn: sqlite3.Connection, kind_name: str, definition: dict[str, Any], sweep_id: int,
        chunk: int | None = None, on_progress: Callable[[Progress], None] | None = None) -> Progress:
    """Solve every item of the sweep not yet in the results file on `client`'s cluster, writing each chunk's
    rows in one transaction as it returns; `chunk` fixes the items per chunk (default: adaptive).

    A kind with `solve_range` gets index ranges (its workers make the items, the rows come back with their
    keys, the range is recorded with them); any other kind gets its items, made here and sent pickled.
    """
    from distributed import as_completed

    kind = _kind.get_kind(kind_name)
    total = int(kind.count(definition))
    start = time.perf_counter()
    already = db.count_done(conn, kind.NAME, sweep_id)
    state = Progress(done=already, total=total, done_now=0, seconds=0.0)
    if already >= total:
        return state
    chunks = _Chunks.of(conn, kind, definition, sweep_id, total, already)
    window = _Window(client)
    queue = as_completed(loop=client.loop)
    size = chunk or FIRST_CHUNK

    def fill() -> None:
        while len(chunks.in_flight) < window.size() and (future := chunks.submit(client, size)) is not None:
            queue.add(future)

    if on_progress is not None:  # the cluster is up: the bar can show what is there already
        on_progress(state)
    try:
        fill()
        for future in queue:
            sent = chunks.in_flight.pop(future)
            items = _items(sent)
            rows, seconds = _result(future, items)
            state.done_now += chunks.write(sent, rows)
            state.worker_seconds += seconds
            state.done = already + state.done_now
            state.seconds = time.perf_counter() - start
            if chunk is None and items:
                size = _adapted(seconds, items, chunks.ranged)
            if on_progress is not None:
                on_progress(state)
            fill()
    finally:
        if chunks.in_flight:  # stopped early: the chunks still out are dropped, not left running on the cluster
            with contextlib.suppress(Exception):
                client.cancel(list(chunks.in_flight))
    state.done = db.count_done(conn, kind.NAME, sweep_id)
    state.seconds = time.perf_counter() - start
    _check_done(conn, kind, sweep_id, total, chunks.ranged, state.done)
    return state
