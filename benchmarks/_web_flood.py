"""bench_web.py's flood and soak modes: one `holdwise serve --workers 2` with a fresh cache folder, its limits at
their defaults (or as the environment sets them), watched from outside.

Flood: `--flood-clients` (6) clients for `--seconds` (90), each with its own cookie, send all-different expensive
questions one after another (a pause of 0.25 s): half race-aware Farkle matches of six random named dice against
six ordinary ones to a random target of 3,000-4,000 (`POST /api/farkle/match/prepare`, asked again while the
new dice's turn tables solve, as the page does, until the match's own solve is in line), half the return of a
random pay table in the editor (`POST /api/video-poker/editor/return`). They never ask about a job again: they
are gone, as a page closed without a word. Beside them one more client times cheap requests in turn, one at a
time, about 10 a second: `GET /api/health` (the anchor), a video-poker hold, a Farkle coaching hint, the Farkle
page. After the flood the watch goes on until no solve is queued or running (at most 90 s).

Soak: one person walks through every page of the lab (each page's HTML and its scripts and styles), plays a
game of each game through the API as the pages do, asks each page's heavier questions (a dice-poker report of a
new table, the video-poker fairness list and a strategy, the Yahtzee distribution, the poker-dice odds, a
Farkle loadout ranking, the turn of six random named Farkle dice, an editor's table), and starts over, for
`--minutes` (30).

Both watch the server every second: each worker's RSS (and its anonymous part: the file-backed rest is mapped
tables the system can take back), the cache folder's size, and the solves running and queued (GET /api/health
counts every worker's). The rows: the anchor's and the cheap requests' p50 and p99, 5xx answers, the flood's
answers by status, the seconds after the flood until no solve runs, the cache folder's largest size against its
budget, each worker's largest RSS, and (soak) each worker's RSS growth over the last 10 minutes.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

MB = 1 << 20
NAMED = ("ordinary", "lucky", "odd", "kings", "misfortune", "heavenly-kingdom", "weighted", "even", "devils-head",
         "mother-of-pearl", "tengri", "pie", "favourable", "shrinking", "monk")
CHEAP = ("GET /api/health", "POST /api/video-poker/hint", "POST /api/farkle/hint", "GET /farkle")
PAYS = (("royal_flush", 800), ("straight_flush", 50), ("four_of_a_kind", 25), ("full_house", 9), ("flush", 6),
        ("straight", 4), ("three_of_a_kind", 3), ("two_pairs", 2), ("jacks_or_better", 1))


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _memory(pid: int) -> tuple[float, float]:
    """(RSS, anonymous RSS) of a process in MB."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0, 0.0
    rss = re.search(r"VmRSS:\s+(\d+)", text)
    anon = re.search(r"RssAnon:\s+(\d+)", text)
    return (int(rss.group(1)) / 1024 if rss else 0.0), (int(anon.group(1)) / 1024 if anon else 0.0)


def _folder_size(folder: Path) -> int:
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.stat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


class Watch:
    """Samples, every second: per worker RSS and anonymous RSS (MB), the cache folder (bytes), the solves."""

    def __init__(self, base: str, server: subprocess.Popen, cache: Path):
        self.base, self.server, self.cache = base, server, cache
        self.samples: list[dict] = []
        # with $HOLDWISE_DEBUG_MEMORY set for the server: each worker's own view (web/debug_memory.py) every 20 s
        self.debug: list[dict] = []
        self.began = time.monotonic()

    def workers(self) -> list[int]:
        """The worker processes (uvicorn's children of `holdwise serve`, not multiprocessing's tracker)."""
        out = []
        for kid in _children(self.server.pid):
            try:
                if b"spawn_main" in Path(f"/proc/{kid}/cmdline").read_bytes():
                    out.append(kid)
            except OSError:
                pass
        return out or [self.server.pid]

    async def run(self, stop: asyncio.Event) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=10) as c:
            while not stop.is_set():
                solves = None
                try:
                    solves = (await c.get("/api/health")).json().get("solves")
                except (httpx.HTTPError, ValueError):
                    pass
                mem = {pid: _memory(pid) for pid in self.workers()}
                self.samples.append({"t": time.monotonic(), "memory": mem, "cache": _folder_size(self.cache),
                                     "solves": solves})
                if DEBUG and time.monotonic() >= self.began + 20 * len(self.debug):
                    self.debug.append({"minute": (time.monotonic() - self.began) / 60,
                                       "workers": await _debug_views(self.base, set(mem))})
                try:
                    await asyncio.wait_for(stop.wait(), 1.0)
                except TimeoutError:
                    pass

    def series(self, every: float = 20.0) -> list[dict]:
        """Each worker's RSS and anonymous RSS (MB) every `every` seconds from the watch's start, each the median
        of that window's samples (one a second), with the window's end in minutes."""
        bins: dict[int, list[dict]] = defaultdict(list)
        for s in self.samples:
            bins[int((s["t"] - self.began) // every)].append(s)
        out = []
        for index in sorted(bins):
            window = bins[index]
            workers = {}
            for pid in sorted({p for s in window for p in s["memory"]}):
                rows = [s["memory"][pid] for s in window if pid in s["memory"]]
                workers[str(pid)] = {"rss": statistics.median(r[0] for r in rows),
                                     "anon": statistics.median(r[1] for r in rows)}
            out.append({"minute": round((index + 1) * every / 60, 3), "workers": workers})
        return out

    def largest(self) -> tuple[float, float, int]:
        """(largest RSS of a worker, largest anonymous RSS of a worker, largest cache folder)."""
        rss = max((m[0] for s in self.samples for m in s["memory"].values()), default=0.0)
        anon = max((m[1] for s in self.samples for m in s["memory"].values()), default=0.0)
        return rss, anon, max((s["cache"] for s in self.samples), default=0)


DEBUG = bool(os.environ.get("HOLDWISE_DEBUG_MEMORY", "").strip())


async def _debug_views(base: str, pids: set[int], tries: int = 12, trim: bool = False) -> dict[str, dict]:
    """GET /api/debug/memory on new connections until every worker of `pids` answered (or `tries` runs out):
    each worker's own view, by process id."""
    views: dict[str, dict] = {}
    for _ in range(tries):
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as c:
                view = (await c.get("/api/debug/memory", params={"trim": "1"} if trim else None,
                                    headers={"connection": "close"})).json()
        except (httpx.HTTPError, ValueError):
            continue
        views.setdefault(str(view.get("pid")), view)
        if {str(p) for p in pids} <= set(views):
            break
    return views


def trend(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(least-squares slope in MB per 10 minutes, the residuals' standard deviation, their max - min) of
    (minute, MB) points: the growth and what the series' own spread is."""
    if len(points) < 3:
        return float("nan"), float("nan"), float("nan")
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    slope, intercept = statistics.linear_regression(xs, ys)
    residuals = [y - (slope * x + intercept) for x, y in points]
    return 10 * slope, statistics.pstdev(residuals), max(residuals) - min(residuals)


def print_series(series: list[dict], debug: list[dict]) -> None:
    """The series per 5 minutes: each worker's median RSS (anonymous) of the 20 s points in each 5 minutes, and
    with the debug views the bytes the memory budget's caches and the lru memos held at each 5 minutes' end."""
    if not series:
        return
    pids = sorted({p for s in series for p in s["workers"]})
    print("RSS (anonymous) per worker, MB: median of the 20 s points of each 5 minutes")
    print("minutes    " + "".join(f"{'worker ' + p:>24}" for p in pids))
    last = series[-1]["minute"]
    start = 0.0
    while start < last:
        window = [s for s in series if start < s["minute"] <= start + 5]
        cells = []
        for pid in pids:
            rows = [s["workers"][pid] for s in window if pid in s["workers"]]
            cells.append(f"{statistics.median(r['rss'] for r in rows):>12.1f} ({statistics.median(r['anon'] for r in rows):6.1f})"
                         if rows else f"{'':>21}")
            cells[-1] = f"{cells[-1]:>24}"
        print(f"{start:4.0f}-{min(start + 5, last):<5.1f} " + "".join(cells))
        start += 5
    if debug:
        print("the workers' own view (GET /api/debug/memory), MB: RSS, anonymous, budget's caches, lru memos, "
              "malloc in use / free kept")
        marks = [d for d in debug if d["workers"] and not d.get("trim")]
        for d in marks[::15] + ([marks[-1]] if marks else []):  # a view every 20 s: each 5 minutes' first
            for pid, v in sorted(d["workers"].items()):
                memo = sum(b for _, b in v.get("memos", {}).values()) / MB
                malloc = v.get("malloc", {})
                print(f"  {d['minute']:5.1f} min worker {pid}: {v['rss_mb']:6.1f} {v['anon_mb']:6.1f} "
                      f"{v['kept'] / MB:6.1f} {memo:6.1f} {malloc.get('in_use', 0) / MB:6.1f} / "
                      f"{malloc.get('free_kept', 0) / MB:6.1f}")


def start_server(port: int, workers: int, cache: str) -> subprocess.Popen:
    """`holdwise serve` with the cache folder `cache` (its other settings from the environment)."""
    env = dict(os.environ, HOLDWISE_CACHE_DIR=cache)
    return subprocess.Popen([sys.executable, "-m", "holdwise", "serve", "--port", str(port), "--workers",
                             str(workers)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_warm(base: str, timeout: float = 300) -> float:
    """Seconds until the server's start-up solves are done (health says none runs or waits, twice in a row)."""
    began = time.monotonic()
    quiet = 0
    async with httpx.AsyncClient(base_url=base, timeout=10) as c:
        while time.monotonic() - began < timeout:
            await asyncio.sleep(1.0)
            solves = (await c.get("/api/health")).json()["solves"]
            quiet = quiet + 1 if solves == {"running": 0, "queued": 0} else 0
            if quiet >= 3:
                break
    return time.monotonic() - began


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    if not ordered:
        return float("nan"), float("nan")
    return 1000 * statistics.median(ordered), 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def _cheap(base: str, stop: asyncio.Event, times: dict[str, list[float]], statuses: Counter) -> None:
    """The cheap requests in turn, one at a time, about 10 a second, until `stop`."""
    bodies = {"POST /api/video-poker/hint": {"hand": "As Ks Qs Js 9d", "rules": "jacks-or-better-9-6", "coins": 5},
              "POST /api/farkle/hint": {"roll": "1 1 5 2 3 4", "turn_total": 300}}
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        n = 0
        while not stop.is_set():
            name = CHEAP[n % len(CHEAP)]
            n += 1
            method, path = name.split(" ", 1)
            began = time.perf_counter()
            try:
                r = await (c.get(path) if method == "GET" else c.post(path, json=bodies[name]))
                await r.aread()
                status = r.status_code
            except httpx.HTTPError:
                status = 0
            statuses[status] += 1
            if status == 200:
                times[name].append(time.perf_counter() - began)
            await asyncio.sleep(0.1)


async def _flooder(base: str, index: int, until: float, dice: list[str], statuses: Counter) -> None:
    """One client's expensive questions, all different, until the clock passes `until`."""
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        await c.get("/api/health")  # its cookie
        n = 0
        while time.monotonic() < until:
            n += 1
            if n % 2:
                body = {"dice": ",".join(rng.choice(dice) for _ in range(6)), "opponent_dice": "ordinary*6",
                        "target": rng.randrange(60, 81) * 50}
                path, kind = "/api/farkle/match/prepare", "match"
            else:
                pays = [{"hand": h, "pay": str(p + rng.randrange(0, 3) if p < 800 else p)} for h, p in PAYS]
                body = {"table": {"id": f"flood-{index}-{n}", "name": "flood", "deck": 52, "wild": "none",
                                  "royal_below_max": "250", "pays": pays}}
                path, kind = "/api/video-poker/editor/return", "editor"
            try:
                r = await c.post(path, json=body)
                # new dice: their turn tables are a job of their own first (issue 41), which the page polls
                # before the match's solve starts; so does the flood, then it leaves the match unasked
                asked = time.monotonic()
                while (r.status_code == 200 and "turns" in r.json() and r.json()["status"] in ("queued", "running")
                       and time.monotonic() - asked < 10):
                    await asyncio.sleep(0.2)
                    r = await c.post(path, json=body)
                status = r.status_code
            except httpx.HTTPError:
                status = 0
            statuses[(kind, status)] += 1
            await asyncio.sleep(0.25)


async def flood(base: str, watch: Watch, clients: int, seconds: float) -> dict:
    """The flood and the watch after it: the figures."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        dice = [d["id"] for d in (await c.get("/api/farkle/dice")).json()["dice"]]
    stop_watch, stop_cheap = asyncio.Event(), asyncio.Event()
    times: dict[str, list[float]] = defaultdict(list)
    cheap_status: Counter = Counter()
    flood_status: Counter = Counter()
    watching = asyncio.create_task(watch.run(stop_watch))
    timing = asyncio.create_task(_cheap(base, stop_cheap, times, cheap_status))
    load_start = os.getloadavg()[0]
    until = time.monotonic() + seconds
    await asyncio.gather(*(_flooder(base, i, until, dice, flood_status) for i in range(clients)))
    ended = time.monotonic()
    stop_cheap.set()
    await timing
    load_end = os.getloadavg()[0]
    idle_after = None
    while time.monotonic() - ended < 90:
        await asyncio.sleep(0.5)
        last = watch.samples[-1]["solves"] if watch.samples else None
        if last == {"running": 0, "queued": 0} and watch.samples[-1]["t"] > ended:
            idle_after = watch.samples[-1]["t"] - ended
            break
    stop_watch.set()
    await watching
    return {"times": times, "cheap_status": cheap_status, "flood_status": flood_status, "idle_after": idle_after,
            "load_start": load_start, "load_end": load_end}


def pages() -> list[str]:
    """Every page of the lab (the menu's), with the API docs."""
    from holdwise.web.app import labs

    return ["/", *(path for path, _, _ in labs()), "/docs", "/redoc"]


async def _walk_page(c: httpx.AsyncClient, path: str, statuses: Counter, seen: set[str]) -> None:
    r = await c.get(path)
    statuses[r.status_code] += 1
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', r.text):
        if asset not in seen:  # a browser keeps them after the first load
            seen.add(asset)
            statuses[(await c.get(asset)).status_code] += 1


async def _heavier(c: httpx.AsyncClient, rng: random.Random, statuses: Counter) -> None:
    """Each page's heavier questions, as its page asks them (polling a 202 as the page does)."""
    asks = [("POST", "/api/dice-poker/report", {"payouts": [rng.randrange(8, 15), 6, 4, 3, 2, 1, "1/2"]}),
            ("GET", "/api/video-poker/fairness", None),
            ("GET", "/api/video-poker/strategy?game=jacks-or-better-9-6&coins=5", None),
            ("GET", "/api/yahtzee/distribution?rules=yahtzee", None),
            ("GET", "/api/poker-dice/odds?ace_high=true", None),
            ("POST", "/api/farkle/loadouts", {"owned": "ordinary*4,lucky,odd,kings", "top": 5}),
            ("POST", "/api/farkle/turn", {"dice": ",".join(rng.choice(NAMED) for _ in range(6))}),  # a new table
            ("POST", "/api/video-poker/editor/return",
             {"table": {"id": "soak", "name": "soak", "deck": 52, "wild": "none", "royal_below_max": "250",
                        "pays": [{"hand": h, "pay": str(p)} for h, p in PAYS]}})]
    for method, path, body in asks:
        for _ in range(200):
            r = await (c.get(path) if method == "GET" else c.post(path, json=body))
            if r.status_code not in (202, 429):
                break
            await asyncio.sleep(0.5)
        statuses[r.status_code] += 1


async def soak(base: str, watch: Watch, minutes: float) -> dict:
    """The walk, over and over, for `minutes`: the figures."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _cluster import GAMES, GameLost, Load, Player

    stop = asyncio.Event()
    watching = asyncio.create_task(watch.run(stop))
    statuses: Counter = Counter()
    load = Load()
    rng = random.Random(7)
    until = time.monotonic() + 60 * minutes
    rounds = 0
    loads = [os.getloadavg()[0]]
    async with httpx.AsyncClient(base_url=base, timeout=120) as c:
        player = Player(base, load, 7, think=0.2, budget=30)
        while time.monotonic() < until:
            rounds += 1
            seen: set[str] = set()
            for path in pages():
                await _walk_page(c, path, statuses, seen)
                await asyncio.sleep(0.5)
                if time.monotonic() >= until:
                    break
            for game in GAMES:
                try:
                    await player.play(game, rng.randrange(2**31))
                except GameLost as err:
                    statuses[f"lost: {err}"[:60]] += 1
            await _heavier(c, rng, statuses)
            loads.append(os.getloadavg()[0])
        player.connection.close()
    stop.set()
    await watching
    if DEBUG:  # what the allocator keeps of what was freed: each worker's RSS before and after a malloc_trim
        end = {"minute": (time.monotonic() - watch.began) / 60, "trim": True}
        end["workers"] = await _debug_views(base, set(watch.samples[-1]["memory"]), trim=True)
        watch.debug.append(end)
        for pid, v in sorted(end["workers"].items()):
            print(f"worker {pid} at the end: RSS {v['rss_mb']:.1f} MB (anonymous {v['anon_mb']:.1f}), after "
                  f"malloc_trim {v['trimmed_rss_mb']:.1f} MB ({v['trimmed_anon_mb']:.1f})")
    for status, n in load.statuses.items():
        statuses[status] += n
    return {"statuses": statuses, "rounds": rounds, "load": loads}


def growth(watch: Watch, minutes: float = 10.0) -> dict[int, float]:
    """Each worker's RSS change (MB) over the last `minutes`: the median of its last minute's samples less the
    median of the first minute of that window (a single sample moves with whatever the worker holds that
    second)."""
    if not watch.samples:
        return {}
    end = watch.samples[-1]["t"]
    start = end - 60 * minutes
    out = {}
    for pid in watch.samples[-1]["memory"]:
        first = [s["memory"][pid][0] for s in watch.samples if start <= s["t"] < start + 60 and pid in s["memory"]]
        last = [s["memory"][pid][0] for s in watch.samples if s["t"] >= end - 60 and pid in s["memory"]]
        if first and last:
            out[pid] = statistics.median(last) - statistics.median(first)
    return out


def new_cache() -> str:
    """A fresh cache folder."""
    return tempfile.mkdtemp(prefix="holdwise-bench-cache-")


def run(mode: str, seconds: float, minutes: float, clients: int, workers: int, cache: str | None,
        extra: dict | None = None) -> list:
    """Start the server, run the flood or the soak against it, stop it: the rows of the table; the soak puts its
    series (each worker's RSS every 20 s, and with $HOLDWISE_DEBUG_MEMORY the workers' own views) in `extra`."""
    extra = {} if extra is None else extra
    import socket
    import textwrap

    from holdwise.storage import cache_budget

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    folder = cache or new_cache()
    server = start_server(port, workers, folder)
    rows: list = []
    try:
        asyncio.run(wait_ready(base, server))
        warm = asyncio.run(wait_warm(base))
        watch = Watch(base, server, Path(folder))
        budget = cache_budget()
        print(textwrap.fill(f"{mode}: holdwise serve --workers {workers} on {base}, start-up solves done after "
                            f"{warm:.0f} s; load average (1 min) {os.getloadavg()[0]:.1f}", 80))
        if mode == "flood":
            r = asyncio.run(flood(base, watch, clients, seconds))
            p50, p99 = _percentiles(r["times"]["GET /api/health"])
            rows += [("anchor: GET /api/health p50", p50, "ms", None),
                     ("anchor: GET /api/health p99", p99, "ms", "<= 50 ms")]
            for name in CHEAP[1:]:
                a, b = _percentiles(r["times"][name])
                rows += [(f"{name} p50", a, "ms", None), (f"{name} p50 ratio", a / p50, "x anchor", None),
                         (f"{name} p99", b, "ms", "<= 50 ms")]
            fives = sum(n for s, n in r["cheap_status"].items() if s >= 500 or s == 0)
            fives += sum(n for (_, s), n in r["flood_status"].items() if s >= 500 or s == 0)
            rows.append(("5xx answers (and network errors)", float(fives), "count", "0"))
            for (kind, status), n in sorted(r["flood_status"].items()):
                rows.append((f"flood {kind} answered {status}", float(n), "count", None))
            idle = r["idle_after"]
            rows.append(("seconds after the flood until no solve runs", float("nan") if idle is None else idle, "s",
                         "<= 30 s"))
            rows.append(("load average (1 min) at the flood's start", r["load_start"], "", None))
            rows.append(("load average (1 min) at the flood's end", r["load_end"], "", None))
        else:
            r = asyncio.run(soak(base, watch, minutes))
            bad = sum(n for s, n in r["statuses"].items() if not isinstance(s, int) or s >= 500)
            rows += [("soak minutes", minutes, "min", None), ("soak rounds of every page", float(r["rounds"]), "", None),
                     ("soak requests", float(sum(n for s, n in r["statuses"].items() if isinstance(s, int))), "",
                      None),
                     ("5xx answers and lost games", float(bad), "count", "0")]
            for pid, mb in sorted(growth(watch).items()):
                rows.append((f"worker {pid}: RSS growth over the last 10 min", mb, "MB", "<= 0 (noise)"))
            series = watch.series()
            extra["series"], extra["debug"] = series, watch.debug
            end = series[-1]["minute"] if series else 0.0
            for pid in sorted({p for s in series for p in s["workers"]}):
                for kind in ("rss", "anon"):
                    points = [(s["minute"], s["workers"][pid][kind]) for s in series
                              if s["minute"] > end - 10 and pid in s["workers"]]
                    slope, sd, spread = trend(points)
                    what = "RSS" if kind == "rss" else "anonymous RSS"
                    rows += [(f"worker {pid}: {what} trend over the last 10 min (20 s points)", slope, "MB/10 min",
                              "<= 0 (noise)" if kind == "rss" else None),
                             (f"worker {pid}: {what} spread around that trend (sd)", sd, "MB", None),
                             (f"worker {pid}: {what} spread max-min", spread, "MB", None)]
            print_series(series, watch.debug)
            rows.append(("load average (1 min), median of the rounds", statistics.median(r["load"]), "", None))
        rss, anon, size = watch.largest()
        rows += [("largest RSS of a worker", rss, "MB", "<= 800 MB"),
                 ("largest anonymous RSS of a worker", anon, "MB", None),
                 ("largest cache folder", size / MB, "MB", f"<= {budget / MB:,.0f} MB")]
        for pid in sorted({p for s in watch.samples for p in s["memory"]}):
            largest = max(s["memory"][pid][0] for s in watch.samples if pid in s["memory"])
            rows.append((f"worker {pid}: largest RSS", largest, "MB", "<= 800 MB"))
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        if cache is None:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)
    return rows


async def wait_ready(base: str, server: subprocess.Popen, timeout: float = 60) -> None:
    """Until the server answers /api/health (it exited, or a minute passed: the run stops, saying so)."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base) as c:
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit(f"the server exited: {server.stderr.read().decode()[-500:]}")
            try:
                if (await c.get("/api/health")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not start")
