"""What every route shares: request bodies (the play session's new/state/step generic over the options and
action models), input errors as 422 naming the field, JSON answers and their cache, sealed play states,
templates and background jobs."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.exceptions import HTTPException

from .. import __version__, i18n, phrases
from ..errors import InputError
from ..games.base import State, to_jsonable
from ..memory import ByteCache, give_back, solve_starts
from ..storage import atomic_write, cache_dir, exclusive
from .work import CLIENT, ledger

__all__ = [
    "MAX_BODY_BYTES", "AnswerCache", "Body", "FieldError", "Gate", "Job", "Jobs", "NewBody", "Seed", "StateBody",
    "StepBody", "checked", "computed", "examples", "field_error", "fresh_seed", "jobs", "json_bytes", "json_response",
    "keep_language", "page", "request_language", "seal", "templates", "unseal", "user_field",
]

log = logging.getLogger("holdwise.web")
T = TypeVar("T")
OptionsT = TypeVar("OptionsT")
A = TypeVar("A")

HERE = Path(__file__).resolve().parent
MAX_BODY_BYTES = 256 * 1024  # a sealed Farkle state after a long match is ~60 KB; nothing needs more
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.add_extension("jinja2.ext.i18n")
templates.env.globals["version"] = __version__
LANG_COOKIE = "lang"  # the language chosen in the menu, kept a year


def _percent_escaped(say: Callable[..., str], *messages: str) -> str:
    """A template's message said. A {% trans %} block's % comes written %% (Jinja formats the text after), the
    catalogue has it as extracted (%): looked up with %, the translation's % is written %% again."""
    found = say(*messages)
    if found not in messages or not any("%%" in m for m in messages):
        return found
    import re

    plain = tuple(m.replace("%%", "%") for m in messages)
    said = say(*plain)
    return found if said in plain else re.sub(r"%(?!\(\w+\)s)", "%%", said)


@pass_context
def _page_gettext(context: Any, message: str) -> str:  # noqa: ANN401 (Jinja's context)
    return _percent_escaped(lambda m: i18n.gettext(m, context.get("lang")), message)


@pass_context
def _page_ngettext(context: Any, singular: str, plural: str, n: int) -> str:  # noqa: ANN401
    return _percent_escaped(lambda s, p: i18n.ngettext(s, p, n, context.get("lang")), singular, plural)


@pass_context
def _page_pgettext(context: Any, where: str, message: str) -> str:  # noqa: ANN401
    return _percent_escaped(lambda m: i18n.pgettext(where, m, context.get("lang")), message)


# the templates' {% trans %}, _() and pgettext() in the page's language (each page's context names it: `page`)
templates.env.install_gettext_callables(_page_gettext, _page_ngettext, newstyle=True,  # type: ignore[attr-defined]
                                        pgettext=_page_pgettext)
templates.env.globals["languages"] = i18n.LANGUAGES


def request_language(request: Request) -> str:
    """The language of a request: `?lang=`, else the menu's cookie, else Accept-Language, else English (an
    unknown language is no error: the next source decides)."""
    return i18n.pick(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                     i18n.from_accept_language(request.headers.get("accept-language")))


class Body(BaseModel):
    """A request body: unknown keys are refused, strings are short."""

    model_config = ConfigDict(extra="forbid", str_max_length=2000)


def examples(*examples: dict) -> ConfigDict:
    """A body model's config with its examples (shown in /docs; the bad-bodies test starts from the first)."""
    return ConfigDict(json_schema_extra={"examples": list(examples)})


Seed = Annotated[StrictInt, Field(ge=0, le=2**63 - 1)]
_SEALED_EXAMPLE = {"state": {}, "seal": ""}


class NewBody(Body, Generic[OptionsT]):
    """A new play session: its options and (optional) seed of the dice or cards (null: a fresh seed).

    `NewBody[Options]` is the body of a game whose options are the model `Options` (`NewBody[dict[str, Any]]`
    for a game that checks its options itself); a game's subclass adds its example."""

    options: OptionsT = Field(default_factory=dict, validate_default=True)
    seed: Seed | None = None


class StateBody(Body):
    """A sealed state as the server returned it."""

    model_config = examples({"state": _SEALED_EXAMPLE})
    state: dict[str, Any]


class StepBody(Body, Generic[A]):
    """A sealed state and the action to play (`StepBody[Action]`: the action as the model `Action` reads it)."""

    model_config = examples({"state": _SEALED_EXAMPLE, "action": {"type": "next"}})
    state: dict[str, Any]
    action: A


def fresh_seed(seed: int | None) -> int:
    """The seed asked for, or a fresh one a browser keeps exactly (JavaScript numbers are doubles)."""
    return secrets.randbelow(2**53) if seed is None else seed


class FieldError(InputError):
    """Bad input in one field of a request: answered with 422 {"detail": "<field>: <why>", "field": ...}."""

    def __init__(self, name: str, message: str, at: str | None = None):
        super().__init__(f"{name}: {message}")
        self.field = at or name  # `at` is the exact place when it is finer than the name a person reads
        self.field_name = name  # the name a person reads, before the message
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


def computed(what: str, work: Callable[[], T], field: str | None = None) -> T:
    """Run game code: bad input names `field` (when given); an unexpected error is logged as a warning and
    answered with a 422 line naming `field` (default "body") rather than a 500."""
    try:
        if field is None:
            return work()
        with user_field(field):
            return work()
    except (InputError, HTTPException):
        raise
    except (ArithmeticError, ValueError, TypeError, KeyError, IndexError, MemoryError, RecursionError) as err:
        log.warning("the %s failed: %r", what, err)
        raise FieldError(field or "body", f"the {what} could not be computed for these inputs "
                                          f"({type(err).__name__})") from None


def json_bytes(data: object) -> bytes:
    """JSON as sent: compact, results turned into plain types, never NaN."""
    return json.dumps(to_jsonable(data), allow_nan=False, separators=(",", ":")).encode()


def json_response(data: object, status: int = 200) -> Response:
    """A JSON answer written directly (bytes as they are, anything else through `json_bytes`): FastAPI's
    generic encoder would walk every value of a large state or hint again."""
    content = data if isinstance(data, bytes) else json_bytes(data)
    return Response(content=content, media_type="application/json", status_code=status)


class AnswerCache(ByteCache):
    """Answers kept by key, least recently used dropped first, at most `limit` bytes here and the process's
    memory budget in all (holdwise.memory; a value's size is its length, JSON bytes as sent, unless `put` is
    told it); thread-safe."""

    def put(self, key: Hashable, value: Any, size: int | None = None) -> None:  # noqa: ANN401
        """Keep `value` for `key` (one over a quarter of the limit is not kept: it would push out the rest)."""
        super().put(key, value, len(value) if size is None else size)

    def json(self, key: Hashable, work: Callable[[], object]) -> bytes:
        """The JSON bytes of `key`: kept, or `work()` written as JSON and kept (same inputs, same answer)."""
        content = self.get(key)
        if content is None:
            content = json_bytes(work())
            self.put(key, content)
        return content

    def answer(self, key: Hashable, work: Callable[[], object]) -> Response:
        """`json(key, work)` as a JSON response."""
        return json_response(self.json(key, work))


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
            raise HTTPException(429, self.busy, headers={"Retry-After": "2"})
        try:
            yield
        finally:
            self.slot.release()


# the pages whose scripts show a game's own words (a log, options, notes, hands' names): HoldwiseDom.say
SAYING_PAGES = frozenset({"farkle.html", "farkle_report.html", "play.html", "poker_dice.html", "poker_dice_odds.html",
                          "yahtzee.html"})


def page(request: Request, template: str, **context: Any) -> HTMLResponse:  # noqa: ANN401
    """A page rendered on the server, in the reader's language (a `?lang=` that names one is kept in a cookie)."""
    lang = request_language(request)
    context.setdefault("lang", lang)
    # the scripts' messages, and the forms of the games' own words for the pages that show those (about 30 kB),
    # or the few words a page gives itself (`said`: `phrases.said` rows)
    said = context.pop("said", None)
    if said is None:
        said = phrases.table(lang) if template in SAYING_PAGES else ()
    context.setdefault("catalogue", {**i18n.catalogue(lang), "phrases": said})
    if "title" in context:
        context["title"] = i18n.gettext(context["title"], lang)
    return keep_language(request, templates.TemplateResponse(request, template, context))


def keep_language(request: Request, response: HTMLResponse) -> HTMLResponse:
    """The response, keeping the language that `?lang=` chose (when it names one) in the menu's cookie."""
    if i18n.language(request.query_params.get("lang")) is not None:
        response.set_cookie(LANG_COOKIE, request_language(request), max_age=365 * 24 * 3600, samesite="lax")
    return response


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
                        atomic_write(path, lambda f: f.write(secrets.token_hex(32).encode()))  # type: ignore[attr-defined]
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


COOKIE = "holdwise-client"  # a random id with its seal: who asks, for the limits on heavy work (work.py)


def _client_mark(cookie: str | None) -> str | None:
    """The client id of a sealed client cookie, or None when it is missing or its seal does not match."""
    ident, _, mark = (cookie or "").partition(".")
    if len(ident) != 32 or not mark:
        return None
    expected = hmac.new(_secret(), f"client:{ident}".encode(), hashlib.sha256).hexdigest()[:32]
    return ident if hmac.compare_digest(mark, expected) else None


def _address(scope: Mapping) -> str:
    """The client's address: the peer's, or behind a proxy on this machine or a private network the address
    the proxy saw (the last X-Forwarded-For entry, which the proxy wrote)."""
    import ipaddress

    peer = (scope.get("client") or ("unknown", 0))[0]
    forwarded = dict(scope.get("headers") or []).get(b"x-forwarded-for", b"").decode("latin-1")
    try:
        near = ipaddress.ip_address(peer)
    except ValueError:
        return str(peer)
    if forwarded and (near.is_loopback or near.is_private):
        return forwarded.rsplit(",", 1)[-1].strip() or str(peer)
    return str(peer)


class ClientMark:
    """ASGI middleware: who asks (`work.CLIENT` while the request is answered): the id of its sealed cookie,
    else its address; a request without a good cookie is answered with a new one."""

    def __init__(self, app: Any):  # noqa: ANN401
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:  # noqa: ANN401
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from http.cookies import SimpleCookie

        jar: SimpleCookie = SimpleCookie()
        with contextlib.suppress(Exception):
            jar.load(dict(scope.get("headers") or []).get(b"cookie", b"").decode("latin-1"))
        ident = _client_mark(jar[COOKIE].value if COOKIE in jar else None)
        fresh = None
        if ident is None:
            new = secrets.token_hex(16)
            mark = hmac.new(_secret(), f"client:{new}".encode(), hashlib.sha256).hexdigest()[:32]
            fresh = f"{COOKIE}={new}.{mark}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly".encode()
        token = CLIENT.set(f"cookie:{ident}" if ident else f"address:{_address(scope)}")

        async def marked(message: Any) -> None:  # noqa: ANN401
            if fresh is not None and message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", fresh)]}
            await send(message)
        try:
            await self.app(scope, receive, marked)
        finally:
            CLIENT.reset(token)


class Cancelled(Exception):
    """Raised inside a job's work by its progress callback once the job is cancelled."""


MIN_SHARE_FOR_ESTIMATE = 0.02  # the time left is told once this share of the work is done (earlier, too noisy)


@dataclass
class Job:
    """A background computation: its state ("queued", "running", "done", "failed", "cancelled", or "stopped":
    a stoppable job asked to stop, its result what it had) and progress.

    `share(done, total)` (default done / total) is the share of the work done, for the time left: elapsed
    running time * (1 - share) / share."""

    key: str
    state: str = "queued"
    done: int = 0
    total: int = 0
    error: str = ""
    result: Any = None
    started: float = field(default_factory=time.monotonic)
    share: Callable[[int, int], float] | None = None
    running_since: float | None = None
    cancel_asked: bool = False
    told_at: float | None = None  # when the work last said how far it is

    def tell(self, done: int, total: int) -> None:
        """The work's progress report: `done` of `total`, now."""
        if (done, total) != (self.done, self.total):
            self.done, self.total, self.told_at = int(done), int(total), time.monotonic()

    def seconds_left(self) -> float | None:
        """The time left (None until some work is done, or when not running): the pace up to the last report
        gives the time the rest takes from then, less the time since. Between reports it falls with the clock,
        instead of rising as it would if the work's share were read against the time now: a solve reporting in
        a few large steps (card dice: five) would count up between them."""
        if self.state != "running" or self.running_since is None or not self.total or self.told_at is None:
            return None
        part = self.share(self.done, self.total) if self.share is not None else self.done / self.total
        if part < MIN_SHARE_FOR_ESTIMATE:
            return None
        began, told = self.running_since, max(self.told_at, self.running_since)
        return max(0.0, (told - began) * (1.0 - part) / part - (time.monotonic() - told))

    def to_json(self) -> dict:
        """The job's status as JSON (no result); `seconds_left` while running, once it can be told."""
        left = self.seconds_left()
        return {"status": self.state, "done": self.done, "total": self.total, "error": self.error or None,
                "seconds_left": None if left is None else round(left, 1)}


SETTLE_S = 0.01  # how long a new job's request waits for work that ends at once (the line and its files: ~1 ms)
SOLVE_NICE = 10  # a background solve's thread runs at this niceness: a worker's cheap requests come first


class Jobs:
    """Background jobs by key. Every job waits in the server's one line of heavy solves (`work.ledger`: a slot
    shared by the workers). A `bounded` set's jobs started by a visitor also count against the limits (429 past
    them) and are cancelled when nobody asks about them for the idle time; the other sets (a game's few rule
    variants) are the server's own."""

    def __init__(self, keep: int = 32, bounded: bool = False):
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._keep = keep
        self.bounded = bounded

    def get(self, key: str, shared: str | None = None, poll: bool = True) -> Job | None:
        """The job of `key`, if one was submitted in this process (asking is a poll, the job is wanted, unless
        not `poll`)."""
        if self.bounded and poll:
            ledger.polled(shared or key, CLIENT.get())
        with self._lock:
            return self._jobs.get(key)

    def submit(self, key: str, work: Callable[..., Any], share: Callable[[int, int], float] | None = None,
               stoppable: bool = False, shared: str | None = None, question: str | None = None) -> Job:
        """Run `work(progress)` in the background unless a job of `key` is queued, running or done (a failed,
        cancelled or stopped one runs again). `share`: see `Job`. A `stoppable` job is run as
        `work(progress, stop)`: `cancel` makes stop() true instead of raising, and what the work returns then is
        the job's result with the state "stopped" (a search that ends early with the best it found). `shared`:
        the key the server's workers know the job by (default `key`); `question`: the shared key of the question
        it is a part of, counted once against the limits (`Ledger.admit`). Past a limit: HTTPException 429."""
        ended = ("failed", "cancelled", "stopped")
        shared = shared or key
        client = CLIENT.get() if self.bounded else None
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state not in ended:
                if self.bounded:
                    ledger.polled(shared, client)
                return job
        ledger.admit(shared, client, question)  # raises 429 past a limit
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state not in ended:
                return job  # another request of this process submitted it meanwhile (its entry is the same)
            job = self._jobs[key] = Job(key, share=share)
            for old in [k for k, j in self._jobs.items() if j.state in ("done", *ended)][:-self._keep]:
                del self._jobs[old]
        entered, checked = time.time(), [0.0]

        def wanted() -> bool:
            """False once the job is to stop: cancelled here, or elsewhere, or nobody asks for it."""
            now = time.monotonic()
            if not job.cancel_asked and now - checked[0] >= 0.5:
                checked[0] = now
                if ledger.stopped(shared, entered, client is not None):
                    job.cancel_asked = True
            return not job.cancel_asked

        def progress(done: int, total: int) -> None:
            if not wanted() and not stoppable:  # the work stops at its next report
                raise Cancelled
            job.tell(done, total)

        def stop() -> bool:
            return not wanted()

        def run() -> None:
            with contextlib.suppress(OSError, AttributeError):  # a solve yields the core to the requests
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), SOLVE_NICE)
            try:
                with ledger.slot(shared, stop) as running:
                    if not running or (job.cancel_asked and not stoppable):
                        # a Stop is told as one while running is (no error); only a job left alone says why
                        idle = not ledger.stop_asked(shared)
                        job.error = "stopped before it started: nobody was waiting for it" if idle else ""
                        job.state = "cancelled"
                        return
                    job.state = "running"
                    solve_starts(shared)  # what stopped solves keep goes first: one solve's room at a time
                    job.running_since = time.monotonic()
                    try:
                        job.result = work(progress, stop) if stoppable else work(progress)
                        job.state = "stopped" if job.cancel_asked else "done"
                    except Cancelled:
                        job.state = "cancelled"
                    except InputError as err:
                        job.error, job.state = str(err), "failed"
                    except Exception as err:  # noqa: BLE001 - a failed job reports, the server lives on
                        job.error, job.state = f"the computation failed: {type(err).__name__}", "failed"
            finally:
                ledger.release(shared)
                give_back()  # what the solve freed goes back to the system, not kept by the allocator

        ended_now = threading.Event()

        def run_and_tell() -> None:
            run()
            ended_now.set()

        threading.Thread(target=run_and_tell, name=f"holdwise-job-{key[:40]}", daemon=True).start()
        # work that is done at once (a table already in memory) is answered as done; a read from the disk is not
        ended_now.wait(SETTLE_S)
        return job

    def calibrate(self, key: str, measure: Callable[[], object], what: str) -> None:
        """Queue a guard's calibration (`measure`: kept with the cache, measured once a machine) as a job, so
        that no warm-up solve shares the cores with it; a failed measure is logged and leaves the guard's
        constant (the guard still works)."""
        def work(progress: Callable[[int, int], None]) -> None:
            try:
                measure()
            except Exception:  # noqa: BLE001 - a failed measure leaves the constant's speed
                log.warning("the %s speed calibration failed; the guard uses its constant", what, exc_info=True)

        self.submit(key, work)

    def check(self, key: str, shared: str | None = None) -> None:
        """429 now when submitting `key` would be refused (nothing is entered): before costly preparation (a
        part of its question already entered: never)."""
        if not self.bounded:
            return
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state in ("queued", "running", "done"):
                return
        ledger.check(shared or key, CLIENT.get())

    def cancel(self, key: str, shared: str | None = None) -> Job | None:
        """This client wants the job of `key` stopped: it stops (at its work's next progress report, or a
        stoppable job's next stop() call), in whichever worker runs it, unless another client still asks about
        it. The job, or None if none is queued or running here."""
        stopping = ledger.cancel(shared or key, CLIENT.get() if self.bounded else None)
        with self._lock:
            job = self._jobs.get(key)
            if job is None or job.state not in ("queued", "running"):
                return None
            if stopping:
                job.cancel_asked = True
            return job


jobs = Jobs(bounded=True)
