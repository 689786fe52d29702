"""The API docs in Slovak and Czech (issue 44): /openapi.json in the reader's language (?lang=, the cookie,
Accept-Language), its words translated and nothing else changed, the viewers reading the schema of the page's
language."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from holdwise.web import api_schema

# English words no Slovak or Czech sentence has (not "a", "to", "do", "by": Slovak and Czech words too; not "dice",
# a body's key the texts name)
ENGLISH = re.compile(r"\b(the|and|of|with|when|while|every|each|is|are|its|or|an|for|from|which|until|once|"
                     r"game|match|table|chart|solve|state|hint|player|new|move|step|advice|computer)\b", re.I)
CODE = re.compile(r"`[^`]*`|\"[^\"]*\"|'[^']*'|\S*[-/_.*$]\S*|\b[A-Z]\b")  # code, quoted input, ids, flags, paths


def words(schema):
    """The schema with every text a person reads blanked: what must stay the same in every language."""
    def blank(node):
        if isinstance(node, dict):
            return {k: ("" if k in api_schema.WORDS and isinstance(v, str) else v if k in ("example", "examples")
                        else blank(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [blank(v) for v in node]
        return node
    return blank(schema)


@pytest.fixture
def fresh(app):
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("lang", ["sk", "cs"])
def test_the_schema_in_slovak_and_czech_has_the_same_api_and_no_english_sentence(app, lang):
    english = app.openapi()
    local = api_schema.translated(english, lang)
    assert words(local) == words(english)  # paths, components, keys, names, enums and examples alike
    assert local["paths"].keys() == english["paths"].keys() and len(english["paths"]) > 60
    said = list(api_schema.texts(local))
    assert len(said) == len(list(api_schema.texts(english))) > 400
    left = [t for t in said if ENGLISH.search(CODE.sub(" ", t))]
    assert left == []
    # the check can see English: the English schema is full of it, and a form's parts are said too
    assert len([t for t in api_schema.texts(english) if ENGLISH.search(CODE.sub(" ", t))]) > 200
    hint = local["paths"]["/api/dice-poker/hint"]["post"]
    assert "`rolls_left`: " in hint["description"] and "Re-rolls still to come" not in hint["description"]
    assert english["info"]["description"].startswith("Exact best play")  # the app's own schema stays English


def test_the_schema_is_served_in_the_readers_language(fresh):
    english = fresh.get("/openapi.json")
    assert english.headers["content-language"] == "en" and english.json()["info"]["title"] == "holdwise"
    assert "accept-language" in english.headers["vary"]
    sk = fresh.get("/openapi.json?lang=sk")
    assert sk.headers["content-language"] == "sk" and sk.json()["info"]["description"].startswith("Presná najlepšia")
    assert fresh.get("/openapi.json", headers={"accept-language": "cs-CZ,en;q=0.5"}).json()["paths"][
        "/api/health"]["get"]["summary"] == "Stav serveru"
    fresh.cookies.set("lang", "sk")
    assert fresh.get("/openapi.json").headers["content-language"] == "sk"
    assert fresh.get("/openapi.json?lang=de").headers["content-language"] == "sk"  # an unknown one: no error
    assert "lang" not in fresh.get("/openapi.json?lang=cs").cookies  # the schema keeps no language
    for path in ("/docs", "/redoc"):
        html = fresh.get(path, params={"lang": "cs"}).text
        assert ' data-spec-url="/openapi.json?lang=cs"' in html and "/static/api_docs.js" in html, path
