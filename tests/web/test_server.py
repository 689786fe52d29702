"""The server's own routes: index, health, docs, static files, the body limit, sealed states."""

import re

import pytest

from holdwise.games.base import State
from holdwise.web.common import FieldError, seal, unseal


def test_index_lists_the_labs(client):
    r = client.get("/")
    assert r.status_code == 200
    assert 'href="/farkle"' in r.text and 'href="/dice-poker"' in r.text


def test_health_and_openapi(client):
    assert client.get("/api/health").json()["status"] == "ok"
    spec = client.get("/openapi.json").json()
    assert spec["info"]["title"] == "holdwise"
    assert client.get("/docs").status_code == 200


def test_static_css_is_served(client):
    r = client.get("/static/site.css")
    assert r.status_code == 200 and "--accent:" in r.text
    r = client.get("/static/holdwise.css")
    assert r.status_code == 200 and "var(--accent)" in r.text


@pytest.mark.parametrize(("path", "viewer"), [("/docs", "swagger-ui-bundle.js"), ("/redoc", "redoc.standalone.js")])
def test_the_api_docs_are_in_the_site_frame_and_run_no_inline_script(client, path, viewer):
    r = client.get(path)
    assert r.status_code == 200 and viewer in r.text
    assert 'id="site-menu"' in r.text and re.search(r'href="/docs"[^>]*aria-current="page"', r.text)
    assert "site.css" in r.text and "holdwise.css" not in r.text  # the lab's bare-element rules would restyle it
    # every script a file of this server (the page's message catalogue is a JSON data block, which never runs)
    assert re.findall(r"<script(?![^>]*\ssrc=)(?![^>]*\stype=\"application/json\")", r.text) == []
    assert "script-src 'self';" in r.headers["content-security-policy"]


@pytest.mark.parametrize("size", [256 * 1024 + 1, 2 * 1024 * 1024])
def test_bodies_over_the_limit_get_413_naming_the_body(client, size):
    r = client.post("/api/health", content=b"{" + b" " * size + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["field"] == "body" and "limit" in r.json()["detail"]


def test_a_streamed_body_without_length_is_cut_at_the_limit(client):
    def chunks():
        for _ in range(40):
            yield b" " * 10_000

    r = client.post("/api/health", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code in (405, 413)  # health takes no body: the limit or the method answers, never 500


def _state():
    return State(game="farkle", options={"target": 1000}, seed=3, draws=0, phase="roll", to_move="player",
                 data={"scores": [0, 0]}, tally={"won": 0})


def test_a_sealed_state_round_trips():
    s = _state()
    assert unseal(seal(s), "farkle") == s


@pytest.mark.parametrize("tamper", ["seal", "score", "keys", "game", "type"])
def test_a_tampered_state_is_refused_naming_the_state(tamper):
    sealed = seal(_state())
    if tamper == "seal":
        sealed["seal"] = "0" * 64
    elif tamper == "score":
        sealed["state"]["data"]["scores"] = [900, 0]
    elif tamper == "keys":
        sealed["extra"] = 1
    elif tamper == "type":
        sealed["state"] = "text"
    game = "dice-poker" if tamper == "game" else "farkle"
    with pytest.raises(FieldError) as err:
        unseal(sealed, game)
    assert err.value.field == "state"


@pytest.mark.slow
def test_index_in_a_browser(page, live_server, shoot):
    page.goto(live_server + "/")
    assert page.title() == "holdwise lab"
    shoot(page, "index")
    assert page.js_errors == []


def test_the_seal_reads_whole_floats_as_a_browser_sends_them():
    """JavaScript turns 0.0 into 0 and 2.0 into 2: the state still unseals (and equals the original)."""
    import json as _json

    s = _state().evolve(data={"scores": [0, 0], "loss": 0.0, "values": [2.0, 0.5]})
    sealed = seal(s)
    text = _json.dumps(sealed).replace("0.0", "0").replace("2.0", "2")
    back = unseal(_json.loads(text), "farkle")
    assert back.data["values"] == [2, 0.5]
    forged = _json.loads(text.replace("0.5", "0.25"))
    with pytest.raises(FieldError):
        unseal(forged, "farkle")
