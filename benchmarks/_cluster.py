"""Shared by bench_web.py --cluster and tests/web/test_deploy.py: nginx on 127.0.0.1 in front of several
`holdwise serve` processes that share a secret and a cache folder (the configuration of holdwise.web.deploy),
and players that play whole games through it with the API flows of the pages.

A player's request that meets a network error, 502 or 503 is sent once more, as the pages' fetch helper
does (static/session.js); a game is lost when a request still fails, or is answered anything but 200 or 202.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from holdwise.web.deploy import nginx_conf, nginx_site

__all__ = ["GAMES", "Cluster", "Load", "Player", "free_port", "nginx_binary", "poll_anchor", "run_load"]

GAMES = ("farkle", "dice-poker", "video-poker", "poker-dice", "yahtzee")
RETRY_STATUS = (502, 503)
# a line of the proxy's access log (holdwise.web.deploy.ACCESS_FORMAT); upstream lists are "a, b" when retried
ACCESS_LINE = re.compile(r'\S+ (?P<status>\d+) (?P<method>\S+) (?P<uri>\S+) upstream="(?P<upstreams>[^"]*)" '
                         r'upstream_status="(?P<codes>[^"]*)"')  # what the page's fetch helper retries once, besides a network error


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_binary() -> str | None:
    """Debian's nginx (in /usr/sbin, which a user's PATH may lack), or None."""
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)


class Cluster:
    """`backends` processes of `holdwise serve --workers W` sharing $HOLDWISE_SECRET and a cache folder, and
    nginx in front of them, all in a folder of their own; `with Cluster(...) as c:` starts and stops them.
    `c.base` is the proxy's URL, `c.kill(i)` kills backend i and its workers (SIGKILL: a machine that dies)."""

    def __init__(self, backends: int = 2, workers: int = 1, warm: bool = False, cache: str | None = None,
                 src: Path | None = None, timeout: float = 60):
        self.count, self.workers, self.warm, self.timeout = backends, workers, warm, timeout
        self.folder = Path(tempfile.mkdtemp(prefix="holdwise-cluster-"))
        # nginx's workers run as nobody when started by root: they must reach the folder
        self.folder.chmod(0o755)
        self.cache = cache or str(self.folder / "cache")
        self.secret = secrets.token_hex(32)
        self.src = src
        self.ports: list[int] = []
        self.procs: list[subprocess.Popen] = []
        self.nginx: subprocess.Popen | None = None
        self.port = 0
        self.access_log = self.folder / "access.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        """Start the backends, wait until each answers /api/health, then start nginx and wait for it."""
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        env = dict(os.environ, HOLDWISE_SECRET=self.secret, HOLDWISE_CACHE_DIR=self.cache)
        if self.src is not None:
            env["PYTHONPATH"] = str(self.src)
        for _ in range(self.count):
            port = free_port()
            command = [sys.executable, "-m", "holdwise", "serve", "--port", str(port), "--workers",
                       str(self.workers), "--warm" if self.warm else "--no-warm"]
            self.ports.append(port)
            self.procs.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                               stderr=open(self.folder / f"backend-{port}.log", "wb"),
                                               start_new_session=True))
        for port, proc in zip(self.ports, self.procs):
            self._wait(port, proc, f"backend {port}")
        self.port = free_port()
        site = nginx_site([f"127.0.0.1:{p}" for p in self.ports], f"127.0.0.1:{self.port}", str(self.access_log))
        (self.folder / "nginx.conf").write_text(nginx_conf(site, self.folder))
        self.nginx = subprocess.Popen([binary, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"),
                                       "-e", str(self.folder / "error.log")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self._wait(self.port, self.nginx, "nginx")

    def _wait(self, port: int, proc: subprocess.Popen, what: str) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"{what} exited: {self.log_tail(port)}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{what} did not answer /api/health within {self.timeout:g} s")

    def log_tail(self, port: int) -> str:
        """The end of a backend's log (or nginx's error log)."""
        path = self.folder / (f"backend-{port}.log" if port in self.ports else "error.log")
        return path.read_text(errors="replace")[-800:] if path.exists() else ""

    def kill(self, index: int) -> None:
        """Kill backend `index` and its worker processes at once."""
        proc = self.procs[index]
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

    def requests(self, at_least: int = 0, timeout: float = 5) -> list[dict]:
        """The proxy's access log: one dict per request (status, method, uri, upstreams, upstream_statuses);
        waits up to `timeout` s for `at_least` lines (nginx writes a line just after the answer has gone)."""
        deadline = time.monotonic() + timeout
        while len(out := self._logged()) < at_least and time.monotonic() < deadline:
            time.sleep(0.05)
        return out

    def _logged(self) -> list[dict]:
        out = []
        if not self.access_log.exists():
            return out
        for line in self.access_log.read_text().splitlines():
            m = ACCESS_LINE.match(line)
            if m is None:
                continue
            out.append({"status": int(m["status"]), "method": m["method"], "uri": m["uri"],
                        "upstreams": [a for a in m["upstreams"].split(", ") if a],
                        "upstream_statuses": [c for c in m["codes"].split(", ") if c]})
        return out

    def stop(self) -> None:
        """Stop nginx and every backend still running."""
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(timeout=10)
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    os.killpg(proc.pid, signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)


class _Connection:
    """One keep-alive HTTP/1.1 connection on raw asyncio streams (cheaper per request than an HTTP library, so
    the latencies measure the servers): `request(method, path, body)` -> (status, body bytes)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if method == "POST":
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the connection closed")
        length, chunked, close = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" and value == b"chunked":
                chunked = True
            elif name == b"connection" and value == b"close":
                close = True
        if chunked:
            parts = []
            while (size := int((await self.reader.readline()).split(b";")[0], 16)):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            data = b"".join(parts)
        else:
            data = await self.reader.readexactly(length)
        if close:
            self.close()
        return int(status_line.split()[1]), data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Load:
    """What the players saw: latencies per endpoint ("video-poker step"), final statuses, retries, games."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter = field(default_factory=Counter)
    retried: int = 0  # requests sent a second time after a network error, 502 or 503
    waits: int = 0  # 202 answers (a solve running), asked again
    games_started: int = 0
    games_finished: int = 0  # played to the end, or to the player's request budget for the game
    games_lost: list[str] = field(default_factory=list)  # why each lost game was lost
    seconds: float = 0.0
    # the anchor (run_load's anchor_every): GET /api/health polled through the proxy beside the players, kept
    # apart from their figures (it is not a player's request)
    anchor: list[float] = field(default_factory=list)  # seconds of each poll answered 200
    anchor_errors: int = 0  # polls answered anything else, or met a network error (not sent again)

    def summary(self) -> dict:
        """p50/p99 in ms and count per endpoint; the totals; the anchor's figures (None when not polled)."""
        rows = {name: _percentiles(values) for name, values in sorted(self.latencies.items())}
        requests = sum(len(v) for v in self.latencies.values())
        anchor = dict(_percentiles(self.anchor), errors=self.anchor_errors) if self.anchor else None
        return {"endpoints": rows, "requests": requests, "rps": requests / max(self.seconds, 1e-9),
                "5xx": sum(n for s, n in self.statuses.items() if isinstance(s, int) and s >= 500),
                "errors": sum(n for s, n in self.statuses.items() if s not in (200, 202)),
                "retried": self.retried, "waits": self.waits, "games_started": self.games_started,
                "games_finished": self.games_finished, "games_lost": len(self.games_lost), "anchor": anchor}


def _percentiles(seconds: list[float]) -> dict:
    """{"count", "p50_ms", "p99_ms"} of latencies in seconds."""
    values = sorted(seconds)
    return {"count": len(values), "p50_ms": 1000 * statistics.median(values),
            "p99_ms": 1000 * values[min(len(values) - 1, int(0.99 * len(values)))]}


class GameLost(Exception):
    """A request failed after its one retry: the player's game is gone."""


class Player:
    """One player through the proxy: plays whole games of `games` (random legal moves, the hint asked before
    about a third of them, the computer's turns played by /computer), each up to `budget` requests."""

    def __init__(self, base: str, load: Load, seed: int, games: tuple[str, ...] = GAMES, think: float = 0.5,
                 budget: int = 40):
        host, port = base.removeprefix("http://").rsplit(":", 1)
        self.connection = _Connection(host, int(port))
        self.load, self.rng, self.games, self.think, self.budget = load, random.Random(seed), games, think, budget

    async def call(self, game: str, endpoint: str, body: dict) -> dict:
        """POST /api/<game>/<endpoint>: the answer once 200 (a 202 is asked again; a network error, 502 or 503
        sent once more); GameLost otherwise."""
        data = json.dumps(body).encode()
        path = f"/api/{game}/{endpoint}"
        deadline = time.monotonic() + 120
        while True:
            start = time.perf_counter()
            status, answer = await self._send(path, data)
            if status in RETRY_STATUS or status is None:
                self.load.retried += 1
                status, answer = await self._send(path, data)
            self.load.statuses[status] += 1
            if status == 202 and time.monotonic() < deadline:
                self.load.waits += 1
                await asyncio.sleep(0.3)
                continue
            if status != 200:
                text = answer[:120].decode(errors="replace") if answer else ""
                raise GameLost(f"{game} {endpoint}: {status} {text}")
            self.load.latencies[f"{game} {endpoint}"].append(time.perf_counter() - start)
            return json.loads(answer)

    async def _send(self, path: str, data: bytes) -> tuple[int | None, bytes]:
        try:
            return await self.connection.request("POST", path, data)
        except (OSError, ValueError, asyncio.IncompleteReadError):
            self.connection.close()
            return None, b""

    async def play(self, game: str, seed: int) -> None:
        """One game: new, then moves until it is over or the budget is spent."""
        answer = await self.call(game, "new", {"options": {}, "seed": seed})
        for _ in range(self.budget):
            state = answer["state"]
            if state["state"]["phase"] == "over":
                break
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            if state["state"]["to_move"] == "computer":
                answer = await self.call(game, "computer", {"state": state})
                continue
            if self.rng.random() < 0.3:
                await self.call(game, "advice", {"state": state})
            action = self.rng.choice(answer["actions"])
            answer = await self.call(game, "step", {"state": state, "action": action})

    async def run(self, until: float) -> None:
        """Play games one after another (a game in progress is finished) until the clock passes `until`."""
        await asyncio.sleep(self.rng.uniform(0, self.think))
        try:
            while time.monotonic() < until:
                game = self.rng.choice(self.games)
                self.load.games_started += 1
                try:
                    await self.play(game, self.rng.randrange(2**31))
                    self.load.games_finished += 1
                except GameLost as err:
                    self.load.games_lost.append(str(err))
        finally:
            self.connection.close()


async def poll_anchor(base: str, load: Load, every: float, stop: asyncio.Event) -> None:
    """GET /api/health on a keep-alive connection of its own, one every `every` s on a fixed schedule, until
    `stop` is set: each answer's time in `load.anchor`, each failure counted in `load.anchor_errors`."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    connection = _Connection(host, int(port))
    due = time.monotonic()
    try:
        while not stop.is_set():
            start = time.perf_counter()
            try:
                status, _ = await connection.request("GET", "/api/health")
            except (OSError, ValueError, asyncio.IncompleteReadError):
                connection.close()
                status = None
            if status == 200:
                load.anchor.append(time.perf_counter() - start)
            else:
                load.anchor_errors += 1
            # a fixed rate, one poll at a time: a slow answer skips the ticks it overran rather than
            # sending a burst after it
            due += every
            while due < time.monotonic():
                due += every
            try:
                await asyncio.wait_for(stop.wait(), due - time.monotonic())
            except TimeoutError:
                pass
    finally:
        connection.close()


async def run_load(base: str, players: int, seconds: float, games: tuple[str, ...] = GAMES, think: float = 0.5,
                   budget: int = 40, events: tuple = (), anchor_every: float = 0.0) -> Load:
    """`players` players for `seconds` (games under way are finished); `events`: (after seconds, callable)
    run in a thread meanwhile (e.g. killing a backend); `anchor_every` > 0: poll_anchor beside them until the
    last player is done."""
    load = Load()
    began = time.monotonic()
    until = began + seconds
    stop = asyncio.Event()

    async def event(after: float, act) -> None:
        await asyncio.sleep(after)
        await asyncio.to_thread(act)

    async def players_then_stop() -> None:
        try:
            await asyncio.gather(*(Player(base, load, i, games, think, budget).run(until) for i in range(players)))
        finally:
            stop.set()

    anchor = (poll_anchor(base, load, anchor_every, stop),) if anchor_every > 0 else ()
    await asyncio.gather(players_then_stop(), *anchor, *(event(after, act) for after, act in events))
    load.seconds = time.monotonic() - began
    return load
