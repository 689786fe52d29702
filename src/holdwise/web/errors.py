"""Errors as users should see them: 422 with one line naming the field, 413 for oversized bodies, no
traceback ever (an unexpected error is logged and answered with 500 and a plain line)."""

from __future__ import annotations

import json
from typing import Any
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import i18n, phrases
from ..errors import InputError
from ..i18n import N_
from .common import MAX_BODY_BYTES, FieldError, field_error, request_language

__all__ = ["BodyLimit", "install", "said"]

log = logging.getLogger("holdwise.web")


def _where(loc) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts) or "body"


def _said(loc, lang: str = i18n.DEFAULT) -> str:
    """The field as a person reads it: list positions counted from 1 ("weights, item 6"), not "weights.5"; the
    field's own name is kept in every language (it is the API's)."""
    out: list[str] = []
    for p in loc:
        if p in ("body", "query", "path"):
            continue
        out.append(i18n.gettext(", item %(n)d", lang) % {"n": p + 1} if isinstance(p, int)
                   else ("." if out else "") + str(p))
    return "".join(out) or "body"


def _number(value, lang: str = i18n.DEFAULT) -> str:
    return i18n.numbers(lang).whole(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


# pydantic's messages in the words of the rest of the web's ("must be a whole number", not "Input should be a
# valid integer"), in the reader's language: by error type, the message and the context key of its number
_WORDS: dict[str, tuple[str, str | None]] = {
    "greater_than_equal": (N_("must be at least %(limit)s"), "ge"),
    "greater_than": (N_("must be more than %(limit)s"), "gt"),
    "less_than_equal": (N_("must be at most %(limit)s"), "le"),
    "less_than": (N_("must be less than %(limit)s"), "lt"),
    "int_type": (N_("must be a whole number"), None),
    "int_parsing": (N_("must be a whole number"), None),
    "int_from_float": (N_("must be a whole number"), None),
    "float_type": (N_("must be a number"), None),
    "float_parsing": (N_("must be a number"), None),
    "finite_number": (N_("must be a finite number"), None),
    "bool_type": (N_("must be true or false"), None),
    "bool_parsing": (N_("must be true or false"), None),
    "string_type": (N_("must be text"), None),
    "list_type": (N_("must be a list"), None),
    "too_short": (N_("needs at least %(limit)s"), "min_length"),
    "too_long": (N_("takes at most %(limit)s"), "max_length"),
    "string_too_short": (N_("needs at least %(limit)s characters"), "min_length"),
    "string_too_long": (N_("takes at most %(limit)s characters"), "max_length"),
    "missing": (N_("required"), None),
    "extra_forbidden": (N_("unknown field"), None),
    "dict_type": (N_("must be an object"), None),
    "model_type": (N_("must be an object"), None),
    "model_attributes_type": (N_("must be an object"), None),
    "literal_error": (N_("must be one of: %(limit)s"), "expected"),
    "enum": (N_("must be one of: %(limit)s"), "expected"),
}


def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    lang = request_language(request)
    errors = exc.errors()
    first = errors[0] if errors else {"loc": ("body",), "msg": "invalid request"}
    loc = first.get("loc", ())
    where, said = _where(loc), _said(loc, lang)
    kind = str(first.get("type"))
    words = _WORDS.get(kind)
    if words:
        text, key = words
        message = i18n.gettext(text, lang)
        if key is not None:
            context: Any = first.get("ctx") or {}
            limit = _number(context.get(key), lang)
            # pydantic's choices ("'six', 'royal' or 'octahedral'") as a list, its English "or" left out
            message = message % {"limit": limit.replace(" or ", ", ") if key == "expected" else limit}
    else:
        message = str(first.get("msg", "invalid value"))  # pydantic's own words: English
    if kind == "json_invalid":
        where, said, message = "body", "body", i18n.gettext("not valid JSON", lang)
    return JSONResponse(status_code=422, content={"detail": f"{said}: {message}"[:300], "field": where})


def said(exc: InputError, lang: str) -> str:
    """A 422's detail: the reason in `lang` (the games write English), the field's name kept as it is."""
    if isinstance(exc, FieldError) and str(exc) == f"{exc.field_name}: {exc.message}":
        return f"{exc.field_name}: {phrases.say(exc.message, lang)}"
    return phrases.say(str(exc), lang)


def _input(request: Request, exc: InputError) -> JSONResponse:
    if not isinstance(exc, FieldError) and exc.field is not None:
        exc = field_error(exc)  # a game's field word is the request's field: "score: must be ..."
    name = exc.field if isinstance(exc, FieldError) else None
    return JSONResponse(status_code=422, content={"detail": said(exc, request_language(request))[:500], "field": name})


def _http(request: Request, exc: HTTPException) -> JSONResponse:
    name = "body" if exc.status_code == 413 else None
    detail = phrases.say(str(exc.detail), request_language(request))  # "busy: ...", "Not Found"
    return JSONResponse(status_code=exc.status_code, content={"detail": detail, "field": name},
                        headers=getattr(exc, "headers", None))


def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    detail = i18n.gettext("internal error (logged on the server)", request_language(request))
    return JSONResponse(status_code=500, content={"detail": detail, "field": None})


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
            await self._refuse(scope, send)
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

    async def _refuse(self, scope: Scope, send: Send) -> None:
        detail = phrases.say(_TOO_LARGE % self.limit, request_language(Request(scope)))
        body = json.dumps({"detail": detail, "field": "body"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


_TOO_LARGE = "body: the request body is over the limit of %d bytes"
