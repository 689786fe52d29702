"""CPU inside a request: every endpoint of the web lab asked once, in a fresh process, for the CPU time its
handler spends in its own thread (issue 41: a request that computes for long delays the cheap requests of its
worker; heavy work belongs in the line of background jobs, which this does not count).

Each JSON endpoint is asked its documented request (as tools/make_response_examples.py asks it: the body
model's first example, a real sealed state from the game's /new, a 202 polled until done), and every page
once; each is the first of its kind in this process, so what the worker loads or computes for it is counted,
and what a background job does is not (its thread is not the handler's). The rows: the largest handler CPU
among the requests that answered it (its polls; for a body with a sealed state also the game's /new that made
it), sorted, those above `--above` ms (20) marked. The cache folder is
`$HOLDWISE_CACHE_DIR` (warm it first: a folder with nothing solved counts the start-up solves' reads as none).

    HOLDWISE_CACHE_DIR=<a warm cache folder> python benchmarks/bench_inside.py [--above 20] [--json out.json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CPU: dict[str, list[float]] = defaultdict(list)
_WHO = threading.local()


def _timed_threadpool() -> None:
    """Count each sync handler's CPU in its own thread (FastAPI runs it in a thread pool)."""
    import fastapi.routing as routing

    original = routing.run_in_threadpool

    async def timed(func, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        def call():  # noqa: ANN202
            began = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                CPU[getattr(func, "__qualname__", str(func))].append(time.thread_time() - began)
        return await original(call)

    routing.run_in_threadpool = timed  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--above", type=float, default=20.0, help="ms of CPU that mark a row")
    parser.add_argument("--json", default=str(ROOT / "build" / "bench" / "inside.json"))
    opts = parser.parse_args()
    _timed_threadpool()
    from fastapi.testclient import TestClient

    from holdwise.web import create_app
    from holdwise.web.app import labs

    spec_file = ROOT / "tools" / "make_response_examples.py"
    spec = importlib.util.spec_from_file_location("make_response_examples", spec_file)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    app = create_app(warm=False)
    rows: dict[str, float] = {}
    with TestClient(app) as client:
        openapi = client.get("/openapi.json").json()
        CPU.clear()
        for path in ["/", *(p for p, _, _ in labs())]:
            client.get(path)
            rows[f"GET {path}"] = max((max(v) for v in CPU.values()), default=0.0)
            CPU.clear()
        every = {f"{m.upper()} {r}" for r, ops in openapi["paths"].items() for m in ops}
        for route, ops in sorted(openapi["paths"].items()):
            if not route.startswith("/api/"):
                continue
            for method in ops:
                name = f"{method.upper()} {route}"
                CPU.clear()
                try:
                    tool.answers(client, openapi, skip=frozenset(every - {name}))
                except SystemExit as err:  # an endpoint whose sample request is refused: said, not timed
                    print(f"{name}: {err}"[:78])
                    continue
                # every handler it took (a body with a sealed state: the game's /new too, cheap beside it)
                rows[name] = max((max(v) for v in CPU.values()), default=0.0)
    ranked = sorted(rows.items(), key=lambda kv: -kv[1])
    print(f"{'request (first ask, fresh process)':<58} {'CPU ms':>8}")
    for name, seconds in ranked:
        mark = " *" if seconds * 1000 > opts.above else ""
        print(f"{name[:58]:<58} {seconds * 1000:8.1f}{mark}")
    out = Path(opts.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"above_ms": opts.above, "cpu_ms": {k: v * 1000 for k, v in ranked}}, indent=1))


if __name__ == "__main__":
    main()
