"""A bounded load run against `holdwise serve` on 127.0.0.1: requests/s, p50 and p99 latency, errors.

The server runs as its own process (as users run it); the clients are asyncio tasks of this process.
Each scenario runs CLIENTS concurrent clients for SECONDS; errors (any status other than 200) must be 0. A client
waits about THINK seconds after each answer before its next request (THINK x U(0.5, 1.5), seeded; default 0.1 s:
ten actions a second, far quicker than a person clicks), so 20 clients offer about 200 requests/s and the
latency is the server's answer under that load; `--think 0` runs closed loops (each client sends again at
once), which measures the most the server can do (requests/s) but makes every latency a queue of 20.
Targets (issues 10 and 12): a race-aware Farkle hint, a depth-lab update, the video-poker and poker-dice hint
and step p99 < 50 ms once the server's start-up solves are done; a page load < 300 ms. An anchor runs in the
same run: GET /api/health (the server's floor); `--server-ab` runs everything again on uvicorn's pure-Python
event loop and HTTP parser.

    python benchmarks/bench_web.py [--clients 20] [--seconds 20] [--workers 1] [--json out.json] [--quick]

Every scenario is timed once the server answers it 200 forty times in a row (its start-up solves done: the
Farkle hint's match, the games' tables); the answers are whole JSON documents, every option of a hint in them.
`--quick`: 5 s per scenario, 5 loads per page, and at most 30 s waiting for the machine to go quiet after the
server's start-up solves (240 s otherwise).

`--cluster` runs the deployment of docs/web.md ("Running it for a club or a site") on loopback instead: nginx
(holdwise.web.deploy's configuration) in front of `--backends` (2) `holdwise serve` processes sharing
$HOLDWISE_SECRET and a cache folder, and `--players` (50) players playing whole games through it for
`--seconds` (60), each game drawn from Farkle, dice poker, video poker, poker dice and Yahtzee with the pages' API
flows (new, steps, the hint before about a third of the moves, the computer's turns), a move every
THINK x U(0.5, 1.5) s (default 0.5 s); a request that meets a network error, 502 or 503 is sent once more, as the
pages do. `--kill` kills one backend (SIGKILL, with its workers) half-way: no game may be lost. The anchor
runs in the same run under the same load: one more client, not a player, sends GET /api/health through nginx
5 times a second on a fixed schedule (one at a time, on its own keep-alive connection) from the players' start
until the last one is done. The rows (prefixed "kill run: " with `--kill`):

- `anchor: GET /api/health` p50 and p99 (ms): the polls (through nginx) answered 200, each timed from sending to
  the whole answer; errors: polls answered anything else or that met a network error (never sent again);
- `<game> <endpoint>` p50 and p99 (ms) over the players' requests answered 200, each timed from its send to
  the whole answer, a resend after a network error, 502 or 503 included (a 202, a solve running, is no
  sample: the request is asked again 0.3 s later and timed afresh); `p50 ratio` (x anchor): that p50 over
  the anchor's p50, the figure to compare across runs on a machine whose load varies;
- requests/s: the players' requests answered 200 over the run's wall time (the anchor's not counted);
- 5xx answers and errors (anything but 200 or 202, a network error included): the players' final answers,
  after their one resend;
- requests the proxy sent again: lines of nginx's access log naming two backends (the anchor's included);
  requests the players sent again: their resends;
- games finished and lost: a game is lost when a request still fails after its resend;
- load average (1 min) at the end: the machine's, the benchmark's own processes included.

    python benchmarks/bench_web.py --cluster [--players 50] [--seconds 60] [--kill] [--backends 2] [--workers 1]

`--flood` and `--soak` (issue 41, benchmarks/_web_flood.py says what each does): a server that nobody can run
over. Flood: 6 clients for 90 s of all-different expensive solves beside a client timing cheap requests (GET
/api/health the anchor); soak: a walk through every page for `--minutes` (30). Goals: cheap p99 <= 50 ms and no
5xx during the flood, no solve running 30 s after it, the cache folder within its budget, each worker's RSS
<= 800 MB, no growth over the soak's last 10 minutes.

    python benchmarks/bench_web.py --flood [--seconds 90] [--flood-clients 6] [--workers 2]
    python benchmarks/bench_web.py --soak [--minutes 30] [--workers 2] [--json-out soak.json]

The soak keeps a series: each worker's RSS and anonymous RSS every 20 s (the median of that window's samples,
one a second), in the JSON (`{"rows": [...], "series": [...], "debug": [...]}`) and as a table per 5 minutes;
the rows add each worker's least-squares trend over the last 10 minutes and the spread of the points around it
(the noise). With `HOLDWISE_DEBUG_MEMORY=1` in the environment the server adds a route the benchmark asks every
20 s (holdwise.web.debug_memory: each worker's caches, lru memos and malloc figures; never set in production).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _table import print_and_save  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# --cluster: the anchor, and how often it is polled through the proxy during the players' run (5 a second: a few
# hundred samples a minute, a twentieth of the players' requests)
ANCHOR = "anchor: GET /api/health"
ANCHOR_EVERY = 0.2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(port: int, workers: int, cache: str, plain: bool = False) -> subprocess.Popen:
    """`holdwise serve`, or with `plain` uvicorn on its pure-Python loop and parser (asyncio, h11): the A/B."""
    env = dict(os.environ, HOLDWISE_CACHE_DIR=cache)
    if plain:
        command = ["-m", "uvicorn", "holdwise.web.app:create_app", "--factory", "--port", str(port), "--workers",
                   str(workers), "--loop", "asyncio", "--http", "h11", "--log-level", "warning"]
    else:
        command = ["-m", "holdwise", "serve", "--port", str(port), "--workers", str(workers)]
    return subprocess.Popen([sys.executable, *command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


class _Answer:
    """What a load request needs of an answer: its status (the body is read and dropped)."""

    def __init__(self, status_code: int):
        self.status_code = status_code


class _Connection:
    """One keep-alive HTTP/1.1 connection on raw asyncio streams: a load client costs a small fraction of what
    an httpx client costs per request, so the latencies measure the server rather than the client (both share
    this machine's cores). `post(path, json=...)` and `get(path)` as httpx's, answering `_Answer`."""

    def __init__(self, base: str):
        host, port = base.removeprefix("http://").rsplit(":", 1)
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _send(self, head: bytes, body: bytes = b"") -> _Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(head + body)
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        await self.reader.readexactly(length)
        return _Answer(int(status_line.split()[1]))

    def get(self, path: str):
        return self._send(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\n\r\n".encode())

    def post(self, path: str, json: object):
        import json as jsonlib

        body = jsonlib.dumps(json).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        return self._send(head, body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def _load(base: str, make, clients: int, seconds: float, think: float = 0.0) -> dict:
    """Run `clients` loops of `make(connection)` (a coroutine returning an answer) for `seconds`, each on its own
    keep-alive connection, waiting `think` seconds between an answer and its next request."""
    latencies: list[float] = []
    errors = 0
    stop = time.monotonic() + seconds

    async def one(index: int) -> None:
        nonlocal errors
        c = _Connection(base)
        # people do not click in step: each client waits think x U(0.5, 1.5), and starts at its own moment
        rng = random.Random(index)
        await asyncio.sleep(rng.uniform(0, think))
        try:
            while time.monotonic() < stop:
                start = time.perf_counter()
                try:
                    r = await make(c)
                    ok = r.status_code == 200
                except (OSError, ValueError, asyncio.IncompleteReadError):
                    ok = False
                    c.close()
                    c = _Connection(base)
                latencies.append(time.perf_counter() - start)
                errors += 0 if ok else 1
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        finally:
            c.close()

    began = time.monotonic()
    await asyncio.gather(*(one(i) for i in range(clients)))
    took = time.monotonic() - began
    latencies.sort()
    return {"requests": len(latencies), "rps": len(latencies) / took, "errors": errors,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]}


def _machine_busy(interval: float = 1.0) -> float:
    """The share of all cores busy over `interval` seconds (from /proc/stat)."""
    def sample() -> tuple[int, int]:
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        idle = values[3] + values[4]  # idle + iowait
        return sum(values) - idle, sum(values)

    busy0, total0 = sample()
    time.sleep(interval)
    busy1, total1 = sample()
    return (busy1 - busy0) / max(1, total1 - total0)


def _wait_quiet(limit: float = 0.25, timeout: float = 240) -> float:
    """Wait until the server's start-up solves (the Farkle match, video-poker returns, poker-dice games) are
    done: the machine below `limit` busy for 3 s in a row, at most `timeout` s. Returns the seconds waited."""
    start = time.monotonic()
    quiet = 0
    while quiet < 3 and time.monotonic() - start < timeout:
        quiet = quiet + 1 if _machine_busy() < limit else 0
    return time.monotonic() - start


async def _farkle_ready(c: httpx.AsyncClient, body: dict) -> None:
    """Wait until the default match is solved (the server warms it at start-up)."""
    while (r := await c.post("/api/farkle/hint", json=body)).status_code == 202:
        await asyncio.sleep(0.5)
    if r.status_code != 200:
        raise SystemExit(f"farkle hint: {r.status_code} {r.text[:200]}")


async def _scenarios(base: str, only: str) -> dict:
    """name -> (request maker, target p99 in ms), for the names containing `only`; prepares what they need
    (a solved match, sealed states)."""
    import itertools

    counter = itertools.count()
    states: dict = {}
    hint_body = {"roll": "1 1 5 2 3 4", "turn_total": 300, "score": 1200, "opponent": 3500, "target": 4000}

    async def prepare(c: httpx.AsyncClient, name: str) -> None:
        if name == "farkle race-aware hint":
            await _farkle_ready(c, hint_body)
        elif name == "farkle step":  # a step answers 202 until the match is solved
            await _farkle_ready(c, hint_body)
            states["farkle"] = (await c.post("/api/farkle/new", json={"seed": 3})).json()["state"]
        elif name.startswith("video-poker"):
            r = await c.post("/api/video-poker/new", json={"seed": 5})
            r.raise_for_status()
            dealt = await c.post("/api/video-poker/step", json={"state": r.json()["state"],
                                                                "action": {"type": "deal", "bet": 5}})
            dealt.raise_for_status()
            states["video-poker"] = dealt.json()["state"]
        elif name.startswith("poker-dice"):
            r = await c.post("/api/poker-dice/new", json={"seed": 5})
            r.raise_for_status()
            states["poker-dice"] = r.json()["state"]

    def farkle_hint(c):
        return c.post("/api/farkle/hint", json=hint_body)

    def farkle_step(c):  # the first roll of a fresh match: one step of the session
        return c.post("/api/farkle/step", json={"state": states["farkle"], "action": {"type": "roll"}})

    def depth_update(c):  # a different table each time, as a designer types: no cache hits
        n = next(counter)
        payouts = [10, 6, 4, 3, 2, 1, f"1/{2 + n}"]  # never the same table twice: every request solves
        return c.post("/api/dice-poker/report", json={"payouts": payouts})

    def vp_hint(c):  # every hold of the dealt hand ranked
        return c.post("/api/video-poker/advice", json={"state": states["video-poker"]})

    def vp_step(c):  # the draw: the hold scored against the best, the final hand paid
        hold = [1, 2, 3, 4, 5][: next(counter) % 6]
        return c.post("/api/video-poker/step", json={"state": states["video-poker"],
                                                      "action": {"type": "draw", "hold": hold}})

    def pd_hint(c):  # every keep of the first roll with its win chance
        return c.post("/api/poker-dice/advice", json={"state": states["poker-dice"]})

    def pd_step(c):  # the player stands or re-rolls (the computer's reply is its own request)
        return c.post("/api/poker-dice/computer", json={"state": states["poker-dice"]})

    def health(c):
        return c.get("/api/health")

    every = {"anchor: GET /api/health": (health, None),
             "farkle race-aware hint": (farkle_hint, 50),
             "farkle step": (farkle_step, None),
             "depth-lab update": (depth_update, 50),
             "video-poker advice (the session's hint)": (vp_hint, 50),
             "video-poker step": (vp_step, 50),
             "poker-dice advice (the session's hint)": (pd_hint, 50),
             "poker-dice computer's move": (pd_step, 50)}
    wanted = [w.strip() for w in only.split(",")]
    chosen = {k: v for k, v in every.items() if any(w in k for w in wanted) or k.startswith("anchor")}
    async with httpx.AsyncClient(base_url=base, timeout=300) as c:
        for name, (make, _) in chosen.items():
            await prepare(c, name)
            await _steady(c, make, name)
    return chosen


async def _steady(c: httpx.AsyncClient, make, name: str, run: int = 40, timeout: float = 600) -> None:
    """Wait until a scenario's request answers 200 `run` times in a row: with several workers each one warms
    (solves a poker-dice variant, loads a Farkle match from disk) on its own, answering 202 meanwhile."""
    deadline = time.monotonic() + timeout
    ok = 0
    while ok < run:
        if time.monotonic() > deadline:
            raise SystemExit(f"{name}: not answering 200 after {timeout:g} s")
        r = await make(c)
        if r.status_code == 200:
            ok += 1
        else:
            ok = 0
            if r.status_code != 202:
                raise SystemExit(f"{name}: {r.status_code} {r.text[:200]}")
            await asyncio.sleep(0.3)


async def _page_loads(base: str, repeat: int = 20) -> dict[str, tuple[float, float]]:
    """Median and worst time to load each page's HTML and the assets it names (one client, no load)."""
    import re

    out = {}
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        for path in ("/", "/farkle", "/dice-poker", "/video-poker", "/video-poker/analyzer", "/video-poker/fairness",
                     "/video-poker/strategy", "/poker-dice", "/poker-dice/odds"):
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                r = await c.get(path)
                assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', r.text)
                await asyncio.gather(*(c.get(a) for a in assets))
                times.append(time.perf_counter() - start)
            out[path] = (1000 * statistics.median(times), 1000 * max(times))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=None, help="per scenario (default 20; --cluster: 60)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--think", type=float, default=None,
                        help="seconds a client waits between requests (default 0.1; --cluster: 0.5)")
    parser.add_argument("--cluster", action="store_true", help="nginx in front of --backends servers (see above)")
    parser.add_argument("--backends", type=int, default=2)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--kill", action="store_true", help="--cluster: kill one backend half-way")
    parser.add_argument("--cache", default=None, help="--cluster: the backends' cache folder (default: a new one)")
    parser.add_argument("--only", default="", help="run the scenarios whose name contains one of these (comma-separated; the anchor always)")
    parser.add_argument("--no-pages", action="store_true", help="skip the page loads")
    parser.add_argument("--server-ab", action="store_true",
                        help="also run the scenarios on uvicorn's pure-Python loop and parser (asyncio, h11)")
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "web.json"))
    parser.add_argument("--json-out", default=None, help="--flood, --soak: the JSON file (default: beside --json)")
    parser.add_argument("--quick", action="store_true", help="5 s per scenario, 5 loads per page (not --cluster)")
    parser.add_argument("--flood", action="store_true", help="the flood of expensive solves (see above)")
    parser.add_argument("--soak", action="store_true", help="the walk through every page (see above)")
    parser.add_argument("--minutes", type=float, default=30.0, help="--soak: how long")
    parser.add_argument("--flood-clients", type=int, default=6)
    opts = parser.parse_args()
    if opts.flood or opts.soak:
        import _web_flood

        mode = "flood" if opts.flood else "soak"
        workers = 2 if opts.workers == 1 and "--workers" not in sys.argv else opts.workers
        extra: dict = {}
        rows = _web_flood.run(mode, opts.seconds or 90.0, opts.minutes, opts.flood_clients, workers, opts.cache,
                              extra)
        print_and_save(rows, opts.json_out or opts.json.replace("web.json", f"web-{mode}.json"), extra or None)
        return
    if opts.cluster:
        opts.seconds = 60 if opts.seconds is None else opts.seconds
        opts.think = 0.5 if opts.think is None else opts.think
        rows = _run_cluster(opts)
        print_and_save(rows, opts.json.replace("web.json", "web-cluster.json"))
        failed = [name for name, value, _, target in rows if target == "0" and value]
        if failed:
            raise SystemExit(f"not 0: {', '.join(failed)}")
        return
    opts.seconds = (5 if opts.quick else 20) if opts.seconds is None else opts.seconds
    opts.think = 0.1 if opts.think is None else opts.think
    rows: list = []
    servers = [("", False)] + ([("plain uvicorn (asyncio, h11): ", True)] if opts.server_ab else [])
    for label, plain in servers:
        rows += _run_server(opts, label, plain, pages=not opts.no_pages and not plain)
    print_and_save(rows, opts.json)


def _run_server(opts: argparse.Namespace, label: str, plain: bool, pages: bool) -> list:
    """Start one server, run the page loads and the scenarios on it, stop it: the rows of the table."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    rows = []
    with tempfile.TemporaryDirectory(prefix="holdwise-bench-cache-") as cache:
        proc = _start(port, opts.workers, cache, plain)
        try:
            from _web_flood import wait_ready

            asyncio.run(wait_ready(base, proc))
            scenarios = asyncio.run(_scenarios(base, opts.only))
            # --quick waits at most 30 s for the machine to go quiet (a shared machine may never)
            limit = 30 if opts.quick else 240
            waited = _wait_quiet(timeout=limit)
            print(f"{label}start-up solves done after {waited:.0f} s more" +
                  (" (the machine stayed busy: not waited longer)" if waited >= limit else ""))
            loads = asyncio.run(_page_loads(base, 5 if opts.quick else 20)) if pages else {}
            for path, (median, worst) in loads.items():
                print(f"  page {path}: median {median:.1f} ms, worst {worst:.1f} ms (HTML and its assets)")
                rows += [(f"page {path} median", median, "ms", None), (f"page {path} worst", worst, "ms", "< 300 ms")]
            print(f"{label}{opts.clients} clients x {opts.seconds:g} s per scenario, think {opts.think:g} s, "
                  f"{opts.workers} server process(es)")
            for name, (make, target) in scenarios.items():
                r = asyncio.run(_load(base, make, opts.clients, opts.seconds, opts.think))
                print(f"  {label}{name}: {r['requests']:,} requests, {r['rps']:,.0f}/s, p50 {r['p50_ms']:.1f} ms, "
                      f"p99 {r['p99_ms']:.1f} ms, errors {r['errors']}", flush=True)
                name = label + name
                rows += [(f"{name} requests/s", r["rps"], "1/s", None),
                         (f"{name} p50", r["p50_ms"], "ms", None),
                         (f"{name} p99", r["p99_ms"], "ms", f"< {target} ms" if target and not plain else None),
                         (f"{name} errors", float(r["errors"]), "count", "0")]
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    return rows

def _run_cluster(opts: argparse.Namespace) -> list:
    """The deployment under load: nginx, the backends, the players (and a backend killed half-way with
    `--kill`): the rows of the table."""
    from _cluster import GAMES, Cluster, Player, run_load

    rows = []
    cache = opts.cache or tempfile.mkdtemp(prefix="holdwise-bench-cache-")
    with Cluster(backends=opts.backends, workers=opts.workers, warm=True, cache=cache, timeout=120) as cluster:
        began = time.monotonic()

        async def warm() -> None:  # every game played once on every backend: its solves done or read from disk
            from _cluster import Load

            for port in cluster.ports:
                player = Player(f"http://127.0.0.1:{port}", Load(), 0, think=0, budget=4)
                for game in GAMES:
                    await player.play(game, 1)
                player.connection.close()

        asyncio.run(warm())
        print(textwrap.fill(
            f"{opts.backends} backends x {opts.workers} worker(s) behind nginx on {cluster.base}: every game ready "
            f"after {time.monotonic() - began:.0f} s, the machine quiet after {_wait_quiet(timeout=30):.0f} s more "
            "(at most 30 s)", 80, subsequent_indent="  "))
        events = ((opts.seconds / 2, lambda: cluster.kill(0)),) if opts.kill else ()
        label = "kill run: " if opts.kill else ""
        print(textwrap.fill(f"{opts.players} players x {opts.seconds:g} s, think {opts.think:g} s"
                            + (f", backend 1 of {opts.backends} killed at {opts.seconds / 2:g} s" if opts.kill else "")
                            + f"; load average (1 min) {os.getloadavg()[0]:.1f} at the start", 80,
                            subsequent_indent="  "), flush=True)
        load = asyncio.run(run_load(cluster.base, opts.players, opts.seconds, think=opts.think, events=events,
                                    anchor_every=ANCHOR_EVERY))
        busy = os.getloadavg()[0]
        proxied = cluster.requests()
        again = sum(len(r["upstreams"]) > 1 for r in proxied)
    summary = load.summary()
    anchor = summary["anchor"]
    if anchor is None:
        raise SystemExit("the anchor (GET /api/health through the proxy) never answered 200")
    print(f"  {label}{ANCHOR}: {anchor['count']:,} polls, p50 {anchor['p50_ms']:.1f} ms, "
          f"p99 {anchor['p99_ms']:.1f} ms, errors {anchor['errors']}")
    rows += [(f"{label}{ANCHOR} p50", anchor["p50_ms"], "ms", None),
             (f"{label}{ANCHOR} p99", anchor["p99_ms"], "ms", None),
             (f"{label}{ANCHOR} errors", float(anchor["errors"]), "count", "0")]
    for name, r in summary["endpoints"].items():
        ratio = r["p50_ms"] / anchor["p50_ms"]
        print(textwrap.fill(f"{label}{name}: {r['count']:,} requests, p50 {r['p50_ms']:.1f} ms ({ratio:.1f} x "
                            f"anchor), p99 {r['p99_ms']:.1f} ms", 80, initial_indent="  ", subsequent_indent="    "))
        rows += [(f"{label}{name} p50", r["p50_ms"], "ms", None),
                 (f"{label}{name} p50 ratio", ratio, "x anchor", None),
                 (f"{label}{name} p99", r["p99_ms"], "ms", None)]
    print(textwrap.fill(
        f"{label}{summary['requests']:,} requests ({summary['rps']:.0f}/s), {summary['waits']:,} answered 202 "
        f"(a solve running) and asked again; 5xx {summary['5xx']}, other errors "
        f"{summary['errors'] - summary['5xx']}; sent again by the proxy {again}, by the players {summary['retried']}; "
        f"games {summary['games_started']:,} started, {summary['games_finished']:,} finished, "
        f"{summary['games_lost']} lost; load average (1 min) {busy:.1f} at the end",
        80, initial_indent="  ", subsequent_indent="    "))
    for why in load.games_lost[:5]:
        print(f"    lost: {why}")
    rows += [(f"{label}requests/s", summary["rps"], "1/s", None),
             (f"{label}5xx answers", float(summary["5xx"]), "count", "0"),
             (f"{label}errors", float(summary["errors"]), "count", "0"),
             (f"{label}requests the proxy sent again", float(again), "count", None),
             (f"{label}requests the players sent again", float(summary["retried"]), "count", None),
             (f"{label}games finished", float(summary["games_finished"]), "count", None),
             (f"{label}games lost", float(summary["games_lost"]), "count", "0"),
             (f"{label}load average (1 min) at the end", busy, "", None)]
    if not opts.cache:
        import shutil

        shutil.rmtree(cache, ignore_errors=True)
    return rows


if __name__ == "__main__":
    main()
