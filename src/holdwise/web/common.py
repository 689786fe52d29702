"""What every route shares: request bodies, input errors as 422 naming the field, sealed play states,
templates and background jobs."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException

from .. import __version__
from ..errors import InputError
from ..games.base import State
from ..storage import atomic_write, cache_dir, exclusive

__all__ = [
    "MAX_BODY_BYTES", "Body", "FieldError", "Gate", "Job", "Jobs", "checked", "field_error", "jobs", "page", "seal",
    "templates", "unseal", "user_field",
]

HERE = Path(__file__).resolve().parent
MAX_BODY_BYTES = 256 * 1024  # a sealed Farkle state after a long match is ~60 KB; nothing needs more
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.globals["version"] = __version__


class Body(BaseModel):
    """A request body: unknown keys are refused, strings are short."""

    model_config = ConfigDict(extra="forbid", str_max_length=2000)


class FieldError(InputError):
    """Bad input in one field of a request: answered with 422 {"detail": "<field>: <why>", "field": ...}."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name}: {message}")
        self.field = name
        self.message = message


@contextlib.contextmanager
def user_field(name: str) -> Iterator[None]:
    """Input errors raised inside name the request field `name`."""
    try:
        yield
    except FieldError:
        raise
    except InputError as err:
        raise field_error(err, name) from None


def field_error(err: InputError, name: str | None = None) -> FieldError:
    """A game's input error as the web says it, naming the request field: the game's own field word (the
    request's fields are the games' words: "score: must be ..."), or `name` (the field the caller was reading,
    e.g. "options.dice"), which keeps the game's word in the line when it names another input."""
    if err.field is None:
        return FieldError(name or "body", str(err))
    if name is None or name == err.field or name.endswith("." + err.field):
        return FieldError(name or err.field, err.reason)
    return FieldError(name, str(err))


def checked(call: Callable[[], Any], field: str) -> Any:  # noqa: ANN401
    """Run game code on an input that passed validation; anything it raises becomes 422 naming `field`."""
    try:
        with user_field(field):
            return call()
    except FieldError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise FieldError(field, f"not a position this game can reach ({type(err).__name__})") from None


class Gate:
    """One heavy computation at a time through this gate; a request that cannot start within `wait_s` seconds
    is told to retry (429 with the `busy` line)."""

    def __init__(self, busy: str):
        self.slot = threading.BoundedSemaphore(1)
        self.busy = busy

    @contextlib.contextmanager
    def held(self, wait_s: float, heavy: bool = True) -> Iterator[None]:
        """Hold the slot while the block runs (light work, `heavy=False`, passes straight through)."""
        if not heavy:
            yield
            return
        if not self.slot.acquire(timeout=wait_s):
            raise HTTPException(429, self.busy)
        try:
            yield
        finally:
            self.slot.release()


def page(request: Request, template: str, **context: Any) -> HTMLResponse:  # noqa: ANN401
    """A page rendered on the server."""
    return templates.TemplateResponse(request, template, context)


# Sealed states: the server signs each state it hands out, so a state that comes back is one it made
# (no forged scores, no malformed positions reaching the game code). Processes share the key through
# $HOLDWISE_SECRET or a file in the cache folder.
_KEY: list[bytes] = []
_KEY_LOCK = threading.Lock()


def _secret() -> bytes:
    with _KEY_LOCK:
        if not _KEY:
            env = os.environ.get("HOLDWISE_SECRET")
            if env:
                _KEY.append(env.encode())
            else:
                path = cache_dir() / "web-secret"
                with exclusive(cache_dir() / "web-secret.lock"):
                    if not path.exists() or len(path.read_bytes()) < 32:
                        atomic_write(path, lambda f: f.write(secrets.token_hex(32).encode()))
                _KEY.append(path.read_bytes())
        return _KEY[0]


def _canonical(value: Any) -> Any:  # noqa: ANN401
    """JSON as signed: whole floats as ints, since a browser sends 0.0 back as 0."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


def _mac(data: Any) -> str:  # noqa: ANN401
    payload = json.dumps(_canonical(data), sort_keys=True, separators=(",", ":"))
    return hmac.new(_secret(), payload.encode(), hashlib.sha256).hexdigest()


def seal(state: State) -> dict:
    """The state as JSON with its seal (`{"state": ..., "seal": hex}`)."""
    data = state.to_json()
    return {"state": data, "seal": _mac(data)}


def unseal(sealed: Mapping, game: str) -> State:
    """The state of a sealed state this server made for `game`; FieldError("state") otherwise."""
    if not isinstance(sealed, Mapping) or set(sealed) != {"state", "seal"}:
        raise FieldError("state", 'expected {"state": {...}, "seal": "..."} as the server returned it')
    data, mark = sealed["state"], sealed["seal"]
    if not isinstance(mark, str) or not isinstance(data, Mapping):
        raise FieldError("state", "the state or its seal has the wrong type")
    expected = _mac(data)
    if not hmac.compare_digest(mark, expected):
        raise FieldError("state", "the seal does not match: send the state back as the server returned it")
    with user_field("state"):
        state = State.from_json(data)
    if state.game != game:
        raise FieldError("state", f"a {state.game} state was sent to the {game} endpoint")
    return state


@dataclass
class Job:
    """A background computation: its state ("queued", "running", "done", "failed") and progress."""

    key: str
    state: str = "queued"
    done: int = 0
    total: int = 0
    error: str = ""
    result: Any = None
    started: float = field(default_factory=time.monotonic)

    def to_json(self) -> dict:
        """The job's status as JSON (no result)."""
        return {"status": self.state, "done": self.done, "total": self.total, "error": self.error or None}


class Jobs:
    """Background jobs by key, one at a time (a heavy solve takes a core and up to hundreds of MB)."""

    def __init__(self, keep: int = 32):
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._gate = threading.Semaphore(1)
        self._keep = keep

    def get(self, key: str) -> Job | None:
        """The job of `key`, if one was submitted in this process."""
        with self._lock:
            return self._jobs.get(key)

    def submit(self, key: str, work: Callable[[Callable[[int, int], None]], Any]) -> Job:
        """Run `work(progress)` in the background unless a job of `key` is queued, running or done."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state != "failed":
                return job
            job = self._jobs[key] = Job(key)
            for old in [k for k, j in self._jobs.items() if j.state in ("done", "failed")][:-self._keep]:
                del self._jobs[old]

        def progress(done: int, total: int) -> None:
            job.done, job.total = int(done), int(total)

        def run() -> None:
            with self._gate:
                job.state = "running"
                try:
                    job.result = work(progress)
                    job.state = "done"
                except InputError as err:
                    job.error, job.state = str(err), "failed"
                except Exception as err:  # noqa: BLE001 - a failed job reports, the server lives on
                    job.error, job.state = f"the computation failed: {type(err).__name__}", "failed"

        threading.Thread(target=run, name=f"holdwise-job-{key[:40]}", daemon=True).start()
        return job


jobs = Jobs()
