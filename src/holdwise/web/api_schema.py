"""The OpenAPI schema in the reader's language: its words (the API's description, every operation's summary and
description, the descriptions of models, fields, parameters and responses) from the catalogues; its structure,
paths, keys, names, enum values and examples English (they are the API)."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from .. import i18n
from ..i18n import N_

__all__ = ["FIELD", "FORMS", "WORDS", "composed", "say", "texts", "translated", "unwrapped"]

# the keys whose text a person reads; a model's or a field's `title` is its name (the class's, the key's) and
# stays, as the names in the paths and the bodies do
WORDS = ("description", "summary")
# what is data, not words: examples and defaults are bodies the API takes or gives, enums its values
_DATA = frozenset({"example", "examples", "default", "enum", "const"})

# the texts the routes compose per game (web/session.py, web/hint.py): one message each, the game's id kept
FORMS: tuple[str, ...] = (
    N_("%(game)s: new"),
    N_("%(game)s: step"),
    N_("%(game)s: advice"),
    N_("%(game)s: computer"),
    N_("%(game)s: move"),
    N_("%(game)s: hint"),
    N_("The fields of a %(game)s hint (docs/reference/json.md)."),
    N_("Every option of the position ranked best first (the Hint JSON, as `holdwise %(game)s hint --json` prints "
       "it). Fields: %(fields)s"),
)
_PART = re.compile(r"%\((\w+)\)s")
# a line break inside a paragraph (a docstring's wrapping): the message is the paragraph on one line
_WRAP = re.compile(r"(?<!\n)\n(?!\n)")
# a hint's fields as web/hint.py lists them: "`name`: its help; `name`: its help" (each help a CLI message)
FIELD = re.compile(r"`(\w+)`: (.*?)(?=; `\w+`: |\Z)", re.DOTALL)


@cache
def _forms() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for form in FORMS:
        pieces, at = [], 0
        for m in _PART.finditer(form):
            pieces.append(re.escape(form[at:m.start()]) + f"(?P<{m.group(1)}>[\\s\\S]+?)")
            at = m.end()
        out.append((form, re.compile("".join(pieces) + re.escape(form[at:]))))
    return tuple(out)


def unwrapped(text: str) -> str:
    """`text` with each paragraph on one line (as its message is written)."""
    return _WRAP.sub(" ", text)


def composed(text: str) -> tuple[str, dict[str, str]] | None:
    """The composed form `text` is written in and its parts, or None."""
    for form, regex in _forms():
        m = regex.fullmatch(text)
        if m:
            return form, m.groupdict()
    return None


def say(text: str, lang: str) -> str:
    """One text of the schema in `lang`: its own message, or its composed form with the parts said (the game's
    id kept, each field's help from the catalogue); a text the catalogue lacks stays English."""
    if lang == i18n.DEFAULT or not text.strip():
        return text
    text = unwrapped(text)
    found = composed(text)
    if found is None:
        return i18n.gettext(text, lang)
    form, parts = found
    if "fields" in parts:
        parts["fields"] = "; ".join(f"`{name}`: {i18n.gettext(help_, lang)}"
                                    for name, help_ in FIELD.findall(parts["fields"]))
    return i18n.gettext(form, lang) % parts


def texts(node: Any) -> Iterator[str]:  # noqa: ANN401 (any part of a JSON document)
    """Every text a person reads in a schema (or a part of it), examples and enums left out."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _DATA:
                continue
            if key in WORDS and isinstance(value, str):
                yield value
            else:
                yield from texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from texts(item)


def _translate(node: Any, lang: str) -> None:  # noqa: ANN401
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _DATA:
                continue
            if key in WORDS and isinstance(value, str):
                node[key] = say(value, lang)
            else:
                _translate(value, lang)
    elif isinstance(node, list):
        for item in node:
            _translate(item, lang)


def translated(schema: dict[str, Any], lang: str) -> dict[str, Any]:
    """A copy of `schema` with its words in `lang` (the schema itself when `lang` is English)."""
    if i18n.pick(lang) == i18n.DEFAULT:
        return schema
    out = copy.deepcopy(schema)
    _translate(out, i18n.pick(lang))
    return out
