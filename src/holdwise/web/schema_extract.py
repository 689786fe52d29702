"""Babel's extractor of the API schema's texts (babel.cfg): every text of the schema the web app serves that no
form of holdwise.web.api_schema composes, read from the schema itself so none is missed."""

from __future__ import annotations

import io
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from . import api_schema

__all__ = ["extract"]


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Any) -> Iterator[tuple[Any, ...]]:  # noqa: ANN401 (Babel's options)
    """The marked messages of the file Babel gives (api_schema.py: its forms), then the schema's texts: the
    routes' docstrings, the models', the fields' and the responses' descriptions, FastAPI's own "Successful
    Response", and each field's help of a composed hint description."""
    from babel.messages.extract import extract_python

    from .app import create_app

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    seen: set[str] = set()
    for text in map(api_schema.unwrapped, api_schema.texts(create_app(warm=False).openapi())):
        found = api_schema.composed(text)
        said = [help_ for _, help_ in api_schema.FIELD.findall(found[1].get("fields", ""))] if found else [text]
        for message in said:
            if message.strip() and message not in seen:
                seen.add(message)
                yield 1, "", message, ["the API schema (/docs, /redoc)"]
