"""Bounded heavy work: the server's limits, who asks (the client), and the ledger of solves its workers share.

A heavy solve (a race-aware match, a loadout ranking, an inventory search, a chart of one's own pay table) is a
background job. The workers of one `holdwise serve` share a folder (`$HOLDWISE_RUN_DIR`, made by `serve`; else
one per process) holding one small file per job queued or running, so that the limits count every worker's
jobs: at most `jobs` visitors' solves in all and `per_client` per client, queued or running; at most `solves`
of them run at once (one slot file each, held with `flock` while solving), the rest wait in line. A job that
nobody asked about for `idle_s` seconds is cancelled (the page that wanted it is gone); a page that leaves asks
for its job to stop, which stops it unless another client still asks about it.
"""

from __future__ import annotations

import atexit
import contextlib
import contextvars
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from starlette.exceptions import HTTPException

from ..settings import Limits, limits

__all__ = ["CLIENT", "Ledger", "ledger"]

# the client of the request being answered (its sealed cookie's id, else its address); None outside a request:
# the server's own work (the warm-up), which no limit refuses
CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("holdwise_client", default=None)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _hash(text: str, n: int = 20) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:n]


class Ledger:
    """The heavy jobs queued or running in the workers of one server, as files in a folder they share:
    `<job>.<pid>.job` (the client who started it, and whether it runs), `<job>.<client>.poll` (when that client
    last asked about it: the file's time), `<job>.cancel` (a stop asked for), `slot-<n>.lock` (a running solve
    holds one)."""

    def __init__(self, folder: Path | None = None):
        self._folder = folder

    @property
    def folder(self) -> Path:
        """The shared folder (made on first use)."""
        if self._folder is None:
            run = os.environ.get("HOLDWISE_RUN_DIR")
            if run:
                self._folder = Path(run)
            else:  # one process's own (an app made in a test or a script): gone when that process ends
                self._folder = Path(tempfile.mkdtemp(prefix="holdwise-run-"))
                atexit.register(shutil.rmtree, self._folder, True)
        self._folder.mkdir(parents=True, exist_ok=True)
        return self._folder

    @contextlib.contextmanager
    def _locked(self) -> Iterator[Path]:
        folder = self.folder
        fd = os.open(folder / "ledger.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield folder
        finally:
            os.close(fd)

    def _entries(self, folder: Path) -> list[tuple[str, int, dict]]:
        """(job, pid, record) of every job file; those of a worker that died are removed."""
        out = []
        for path in folder.glob("*.job"):
            job, _, pid_text = path.stem.rpartition(".")
            try:
                pid = int(pid_text)
                record = json.loads(path.read_text())
            except (ValueError, OSError):
                continue
            if not _alive(pid):
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            out.append((job, pid, record))
        return out

    def admit(self, key: str, client: str | None, question: str | None = None) -> None:
        """Enter the job `key` for this worker, or raise 429 (`Retry-After`, a line in words) when the client
        or the server is at its limit; a job of the same key already entered by any worker is joined, not
        counted again. `question`: the key of the question this job is a part of (a match's two turn tables
        and its solve are one question, counted once; default the job itself). `client` None: the server's own
        work, never refused."""
        job, pid = _hash(key), os.getpid()
        asked = _hash(question) if question else job
        with self._locked() as folder:
            self._refuse(self._entries(folder), job, client, asked)
            record = {"client": client, "running": False, "question": asked}
            (folder / f"{job}.{pid}.job").write_text(json.dumps(record))
            with contextlib.suppress(OSError):
                (folder / f"{job}.cancel").unlink()
        self.polled(key, client)

    def check(self, key: str, client: str | None) -> None:
        """Raise what `admit` would raise for the job `key` (a question of its own) now, entering nothing: a
        request refuses early, before the work that readies its solve (a Farkle loadout's turn tables, entered
        as parts of this question)."""
        job = _hash(key)
        self._refuse(self._entries(self.folder), job, client, job)

    @staticmethod
    def _refuse(entries: list[tuple[str, int, dict]], job: str, client: str | None, asked: str) -> None:
        # a client counts questions, not jobs: a part of a question already entered (by anyone) adds none
        if client is None or any(e[0] == job or e[2].get("question", e[0]) == asked for e in entries):
            return
        mine = {e[2].get("question", e[0]) for e in entries if e[2].get("client") == client}
        visitors = {e[2].get("question", e[0]) for e in entries if e[2].get("client") is not None}
        lim = limits()
        if len(mine) >= lim.per_client:
            raise _busy(f"busy: you have {len(mine)} solves waiting or running here, the most one visitor may "
                        "have; wait for one to finish, or stop it, then ask again", lim)
        if len(visitors) >= lim.jobs:
            raise _busy(f"busy: the server is already solving {len(visitors)} questions for its visitors, the "
                        "most it takes on at once; try again in a little while", lim)

    def release(self, key: str) -> None:
        """This worker's job `key` ended: its entry goes (and the job's poll marks with the last entry)."""
        job = _hash(key)
        with self._locked() as folder:
            with contextlib.suppress(OSError):
                (folder / f"{job}.{os.getpid()}.job").unlink()
            if not any(folder.glob(f"{job}.*.job")):
                for path in [*folder.glob(f"{job}.*.poll"), folder / f"{job}.cancel"]:
                    with contextlib.suppress(OSError):
                        path.unlink()

    def polled(self, key: str, client: str | None) -> None:
        """`client` asked about the job `key` now (a client's page polls while it waits)."""
        if client is None:
            return
        path = self.folder / f"{_hash(key)}.{_hash(client, 12)}.poll"
        with contextlib.suppress(OSError):
            path.touch()

    def _last_poll(self, job: str, but: str | None = None) -> float:
        newest = 0.0
        for path in self.folder.glob(f"{job}.*.poll"):
            if but is not None and path.name == but:
                continue
            with contextlib.suppress(OSError):
                newest = max(newest, path.stat().st_mtime)
        return newest

    def cancel(self, key: str, client: str | None) -> bool:
        """`client` wants the job `key` stopped: its interest ends, and the job is stopped (wherever it runs)
        unless another client asked about it within the idle time. True when it is to stop."""
        job = _hash(key)
        mine = None if client is None else f"{job}.{_hash(client, 12)}.poll"
        if mine is not None:
            with contextlib.suppress(OSError):
                (self.folder / mine).unlink()
        if self._last_poll(job, mine) > time.time() - limits().idle_s:
            return False
        (self.folder / f"{job}.cancel").touch()
        return True

    def stop_asked(self, key: str) -> bool:
        """Whether a stop of the job `key` was asked for (a page's Stop, or the page leaving), rather than its
        idle time passing."""
        return (self.folder / f"{_hash(key)}.cancel").exists()

    def stopped(self, key: str, since: float, visitor: bool) -> bool:
        """Whether the job `key`, entered at `since` (time.time()), is to stop: a stop was asked for since, or
        (a visitor's job) nobody asked about it for the idle time."""
        job = _hash(key)
        with contextlib.suppress(OSError):
            if (self.folder / f"{job}.cancel").stat().st_mtime >= since - 1.0:
                return True
        if not visitor:
            return False
        idle = limits().idle_s
        return max(self._last_poll(job), since) < time.time() - idle

    @contextlib.contextmanager
    def slot(self, key: str, stop: Callable[[], bool]) -> Iterator[bool]:
        """Wait in line for one of the server's solve slots; yields True holding it, False when `stop()` came
        true while waiting."""
        folder = self.folder
        fd = -1
        try:
            while fd < 0:
                for n in range(limits().solves):
                    candidate = os.open(folder / f"slot-{n}.lock", os.O_RDWR | os.O_CREAT, 0o644)
                    try:
                        fcntl.flock(candidate, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        os.close(candidate)
                        continue
                    fd = candidate
                    break
                if fd < 0:
                    if stop():
                        yield False
                        return
                    time.sleep(0.2)
            self._mark(key, running=True)
            yield True
        finally:
            if fd >= 0:
                os.close(fd)

    def _mark(self, key: str, running: bool) -> None:
        with self._locked() as folder, contextlib.suppress(OSError, ValueError):
            path = folder / f"{_hash(key)}.{os.getpid()}.job"
            record = json.loads(path.read_text())
            record["running"] = running
            path.write_text(json.dumps(record))

    def counts(self) -> dict[str, int]:
        """Jobs queued and running in every worker of this server (a job joined by several workers once)."""
        entries = self._entries(self.folder)  # no lock: a look (GET /api/health), which must stay cheap
        running = {e[0] for e in entries if e[2].get("running")}
        return {"running": len(running), "queued": len({e[0] for e in entries} - running)}


def _busy(line: str, lim: Limits) -> HTTPException:
    """429 with the line and a Retry-After: a queued solve ends within the idle time at the latest."""
    retry = max(2, int(lim.idle_s // 2))
    return HTTPException(429, line, headers={"Retry-After": str(retry)})


ledger = Ledger()
