"""The match with badges of a Farkle practice table, solved as a background job with progress.

A session with badges reads two solves: the race-aware match without badges (`farkle.py`'s job) and the match
with them (`face.solve_badges`: a whole match per layer of unspent uses, a minute and more with a badge spent
after a throw at 4,000). The second runs here as a job of the same line (`common.jobs`), after the first: the
page's 202 carries `match` with the badges, and its polls of `/api/farkle/match/prepare` (cancel, status) send
them back, so that they follow this job once the match without is done.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse

from ..games import farkle as face
from .common import FieldError, jobs, user_field

__all__ = ["cancel", "options_of", "pending", "prepare", "spec", "status"]

_GENERATION: dict[str, int] = {}
_LOCK = threading.Lock()
_KEYS = ("dice", "computer_dice", "target", "badges", "computer_badges")


def _options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a session's badge match is solved by (dice, target, both sides' badges)."""
    return {k: int(options[k]) if k == "target" else list(options[k]) for k in _KEYS}


def _key(options: Mapping[str, Any], renew: bool = False) -> str:
    mid = hashlib.sha256(json.dumps(_options(options), sort_keys=True).encode()).hexdigest()[:20]
    with _LOCK:
        if renew:  # solved here once, since dropped from memory: a new job solves it again
            _GENERATION[mid] = _GENERATION.get(mid, 0) + 1
        return f"farkle-badges-{mid}-{_GENERATION.get(mid, 0)}"


def spec(options: Mapping[str, Any]) -> dict[str, Any]:
    """The `match` the page polls with: the match's fields and both sides' badges."""
    return {"dice": list(options["dice"]), "opponent_dice": list(options["computer_dice"]),
            "target": int(options["target"]), "badges": list(options["badges"]),
            "computer_badges": list(options["computer_badges"])}


def status(options: Mapping[str, Any]) -> dict[str, Any]:
    """The badge match's status in the shape of the match's: done when in memory here, else its job's."""
    if face.badges_ready(options):
        return {"status": "done", "done": 1, "total": 1, "error": None, "seconds_left": None, "phase": "done",
                "match": spec(options)}
    job = jobs.get(_key(options), poll=False)
    out = job.to_json() if job is not None and job.state != "done" else {
        "status": "missing", "done": 0, "total": 0, "error": None, "seconds_left": None}
    phase = out["status"] if out["status"] in ("cancelled", "failed", "missing") else (
        f"score pair {out['done']:,} of {out['total']:,} (every layer of badge uses)" if out["total"]
        else "solving the match with badges")
    return {**out, "phase": phase, "match": spec(options)}


def prepare(options: Mapping[str, Any]) -> dict[str, Any]:
    """Start (or find) the job that solves a session's badge match; its status."""
    opts = _options(options)
    if face.badges_ready(opts):
        return status(opts)
    job = jobs.get(_key(opts))
    key = _key(opts, renew=job is not None and job.state == "done")
    jobs.submit(key, lambda progress: face.solve_badges(opts, progress))
    return status(opts)


def cancel(options: Mapping[str, Any]) -> dict[str, Any]:
    """Ask the badge match's job to stop (at its next sum of scores); its status."""
    jobs.cancel(_key(options))
    return status(options)


def options_of(badges: Sequence[str] | None, computer_badges: Sequence[str] | None, dice: tuple, other: tuple,
               target: int) -> dict[str, Any] | None:
    """The badge options of a prepare, cancel or status request (None without badges), checked as a new game
    checks them (422 naming `badges`)."""
    if not badges and not computer_badges:
        return None
    with user_field("badges"):
        opts = face.normalize_options({"dice": [d.name for d in dice], "computer_dice": [d.name for d in other],
                                       "target": target, "badges": list(badges or []),
                                       "computer_badges": list(computer_badges or [])})
    return _options(opts) if "badges" in opts else None


def pending(options: Mapping[str, Any]) -> JSONResponse | None:
    """None when a session's badge match is in memory here; else 202 with the status of the job solving it."""
    now = prepare(options)
    if now["status"] == "done":
        return None
    if now["status"] == "failed":
        raise FieldError("options.badges", now["error"] or "the badge match solve failed")
    return JSONResponse(status_code=202, content={**now, "detail": "solving the match with these badges (a minute "
                                                  "or more with a badge spent on a throw); poll POST "
                                                  "/api/farkle/match/prepare with 'match', then ask again"})
