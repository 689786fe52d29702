"""Write src/holdwise/web/response_examples.json: one real answer of every JSON endpoint, trimmed to a sample.

Each endpoint is asked its own documented request (the body model's first example, a real sealed state from
the game's /new where the body has one, the query's defaults or QUERIES below), waiting out a 202 while a solve
runs; lists keep their first two items and long texts are cut, so /docs and /redoc show what an answer looks
like. The response models of holdwise.web.schemas carry them; tests/web/test_response_schemas.py checks that
every stored sample, and every live answer, validates against its endpoint's model. Run it again after an
answer's shape changes (with --missing: only the endpoints the file has no sample of, as after a new game):

    python tools/make_response_examples.py [--missing]
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "src" / "holdwise" / "web" / "response_examples.json"
QUERIES = {"/api/video-poker/strategy": {"game": "jacks-or-better-9-6"}}  # a query without a default
TEXT_ENDPOINTS = {"/api/video-poker/editor/toml"}  # a file to download, not JSON
WAIT = 600.0  # seconds a solve may take on a slow machine
ADVISED = ("/coach", "/advice", "/computer")  # endpoints shown on a position with a decision to make


def trimmed(value: Any, depth: int = 0) -> Any:  # noqa: ANN401
    """A sample of an answer: lists cut to two items, one-line texts to 160 characters, nesting to six levels."""
    if isinstance(value, dict):
        if depth > 5:
            return {}
        return {k: trimmed(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [] if depth > 5 else [trimmed(v, depth + 1) for v in value[:2]]
    if isinstance(value, str) and len(value) > 160 and "\n" not in value:  # a file (TOML, a chart) whole
        return value[:160] + "…"
    return value


def request_of(spec: dict, op: dict) -> Any:  # noqa: ANN401
    """The first example of an operation's body model, or None."""
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is None:
        return None
    if "$ref" in body:
        body = spec["components"]["schemas"][body["$ref"].split("/")[-1]]
    found = body.get("examples") or []
    return found[0] if found else None


def answers(client: Any, spec: dict, skip: frozenset[str] = frozenset()) -> dict[str, Any]:  # noqa: ANN401
    """Every JSON endpoint's answer to its documented request: {"METHOD /path": answer}, but those in `skip`."""
    out: dict[str, Any] = {}
    for path, ops in sorted(spec["paths"].items()):
        if not path.startswith("/api/") or path in TEXT_ENDPOINTS:
            continue
        for method, op in ops.items():
            if f"{method.upper()} {path}" in skip:
                continue
            body = request_of(spec, op)
            if isinstance(body, dict) and "state" in body:
                body = {**body, "state": _new_state(client, path, roll=path.endswith(ADVISED))}
            if path == "/api/video-poker/editor/table":
                table = request_of(spec, spec["paths"]["/api/video-poker/editor/return"]["post"])
                code = client.post("/api/video-poker/editor/return", json=table)
                while code.status_code == 202:  # the table's solve runs in the line of heavy solves
                    time.sleep(0.5)
                    code = client.post("/api/video-poker/editor/return", json=table)
                QUERIES[path] = {"table": code.json()["code"]}
            began = time.monotonic()
            while True:
                r = (client.post(path, json=body) if method == "post"
                     else client.get(path, params=QUERIES.get(path, {})))
                if r.status_code != 202 or time.monotonic() - began > WAIT:
                    break
                time.sleep(0.5)
            if r.status_code != 200:
                raise SystemExit(f"{method.upper()} {path}: {r.status_code} {r.text[:200]}")
            out[f"{method.upper()} {path}"] = r.json()
    return out


def _new_state(client: Any, path: str, roll: bool) -> Any:  # noqa: ANN401
    """A sealed state of a new game of the path's game; with `roll`, rolled once when rolling is all it can do
    (Farkle's coach has nothing to say before the first roll)."""
    base = path.rsplit("/", 1)[0]
    began = time.monotonic()
    while True:
        new = client.post(base + "/new", json={})
        if new.status_code != 202 or time.monotonic() - began > WAIT:
            break
        time.sleep(0.5)
    answer = new.json()
    while roll and answer["actions"] == [{"type": "roll"}]:  # 202 while the match is solved
        rolled = client.post(base + "/step", json={"state": answer["state"], "action": {"type": "roll"}})
        if rolled.status_code == 200:
            answer = rolled.json()
        elif time.monotonic() - began > WAIT:
            raise SystemExit(f"POST {base}/step: {rolled.status_code} {rolled.text[:200]}")
        else:
            time.sleep(0.5)
    return answer["state"]


def main() -> None:
    import sys

    from fastapi.testclient import TestClient

    from holdwise.web import create_app

    app = create_app(warm=False)
    spec = app.openapi()
    kept: dict[str, Any] = {}
    if "--missing" in sys.argv[1:]:
        known = {f"{m.upper()} {p}" for p, ops in spec["paths"].items() for m in ops}
        kept = {k: v for k, v in json.loads(OUT.read_text(encoding="utf-8")).items() if k in known}
    with TestClient(app) as client:
        samples = {**kept, **{k: trimmed(v) for k, v in answers(client, spec, frozenset(kept)).items()}}
    OUT.write_text(json.dumps(samples, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(samples)} endpoints' samples written to {OUT.name}")


if __name__ == "__main__":
    main()
