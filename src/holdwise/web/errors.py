"""Errors as users should see them: 422 with one line naming the field, 413 for oversized bodies, no
traceback ever (an unexpected error is logged and answered with 500 and a plain line)."""

from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import InputError
from .common import MAX_BODY_BYTES, FieldError, field_error

__all__ = ["BodyLimit", "install"]

log = logging.getLogger("holdwise.web")


def _where(loc) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts) or "body"


def _said(loc) -> str:
    """The field as a person reads it: list positions counted from 1 ("weights, item 6"), not "weights.5"."""
    out: list[str] = []
    for p in loc:
        if p in ("body", "query", "path"):
            continue
        out.append(f", item {p + 1}" if isinstance(p, int) else ("." if out else "") + str(p))
    return "".join(out) or "body"


def _number(value) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


# pydantic's messages in the words of the rest of the web's ("must be a whole number", not "Input should be a
# valid integer"): by error type, from its context
_WORDS = {
    "greater_than_equal": lambda c: f"must be at least {_number(c.get('ge'))}",
    "greater_than": lambda c: f"must be more than {_number(c.get('gt'))}",
    "less_than_equal": lambda c: f"must be at most {_number(c.get('le'))}",
    "less_than": lambda c: f"must be less than {_number(c.get('lt'))}",
    "int_type": lambda c: "must be a whole number",
    "int_parsing": lambda c: "must be a whole number",
    "int_from_float": lambda c: "must be a whole number",
    "float_type": lambda c: "must be a number",
    "float_parsing": lambda c: "must be a number",
    "finite_number": lambda c: "must be a finite number",
    "bool_type": lambda c: "must be true or false",
    "bool_parsing": lambda c: "must be true or false",
    "string_type": lambda c: "must be text",
    "list_type": lambda c: "must be a list",
    "too_short": lambda c: f"needs at least {_number(c.get('min_length'))}",
    "too_long": lambda c: f"takes at most {_number(c.get('max_length'))}",
    "string_too_short": lambda c: f"needs at least {_number(c.get('min_length'))} characters",
    "string_too_long": lambda c: f"takes at most {_number(c.get('max_length'))} characters",
    "missing": lambda c: "required",
    "extra_forbidden": lambda c: "unknown field",
}


def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    first = errors[0] if errors else {"loc": ("body",), "msg": "invalid request"}
    loc = first.get("loc", ())
    where, said = _where(loc), _said(loc)
    kind = str(first.get("type"))
    words = _WORDS.get(kind)
    message = words(first.get("ctx") or {}) if words else str(first.get("msg", "invalid value"))
    if kind == "json_invalid":
        where, said, message = "body", "body", "not valid JSON"
    return JSONResponse(status_code=422, content={"detail": f"{said}: {message}"[:300], "field": where})


def _input(request: Request, exc: InputError) -> JSONResponse:
    if not isinstance(exc, FieldError) and exc.field is not None:
        exc = field_error(exc)  # a game's field word is the request's field: "score: must be ..."
    name = exc.field if isinstance(exc, FieldError) else None
    return JSONResponse(status_code=422, content={"detail": str(exc)[:500], "field": name})


def _http(request: Request, exc: HTTPException) -> JSONResponse:
    name = "body" if exc.status_code == 413 else None
    return JSONResponse(status_code=exc.status_code, content={"detail": str(exc.detail), "field": name},
                        headers=getattr(exc, "headers", None))


def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse(status_code=500, content={"detail": "internal error (logged on the server)", "field": None})


def install(app: FastAPI) -> None:
    """Register the handlers."""
    # each handler takes its own exception type, which Starlette's annotation (any Exception) does not say
    app.add_exception_handler(RequestValidationError, _validation)  # type: ignore[arg-type]
    app.add_exception_handler(InputError, _input)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _unexpected)


class BodyLimit:
    """Refuse request bodies over MAX_BODY_BYTES with 413, whether or not they declare their length."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:  # FastAPI passes an HTTPException raised while reading the body on
                    raise HTTPException(413, _TOO_LARGE % self.limit)
            return message

        await self.app(scope, limited, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": _TOO_LARGE % self.limit, "field": "body"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


_TOO_LARGE = "body: the request body is over the limit of %d bytes"
