"""The generic session routes and play page: a toy game registered from outside the package (tests/web/toy_pig.py)
gets /api/toy-pig/{new,step,advice,computer,move} and /play/toy-pig; a whole game through the API and by clicking;
Yahtzee's generic page at desktop and phone size; the API docs served from the package."""

from __future__ import annotations

import threading
import time

import pytest

from holdwise import games

from .conftest import _page

TOY = "toy-pig"


@pytest.fixture(scope="module")
def toy_app():
    games.register(TOY, "tests.web.toy_pig")
    try:
        from holdwise.web import create_app

        yield create_app(warm=False)
    finally:
        games.unregister(TOY)


@pytest.fixture(scope="module")
def toy_client(toy_app):
    from fastapi.testclient import TestClient

    with TestClient(toy_app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def toy_server(toy_app):
    import socket

    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(toy_app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_a_registered_game_gets_the_endpoints_the_page_and_an_index_entry(toy_client):
    paths = toy_client.get("/openapi.json").json()["paths"]
    for verb in ("new", "step", "advice", "computer", "move"):
        assert f"/api/{TOY}/{verb}" in paths
    assert toy_client.get(f"/play/{TOY}").status_code == 200
    assert f'href="/play/{TOY}"' in toy_client.get("/").text
    assert 'href="/play/yahtzee"' in toy_client.get("/").text
    assert toy_client.get("/play/farkle").status_code == 404  # a game with its own page gets no generic one


def test_a_whole_game_through_the_api(toy_client):
    r = toy_client.post(f"/api/{TOY}/new", json={"options": {"target": 10}, "seed": 3})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert set(answer) == {"state", "actions"} and answer["actions"] == [{"type": "roll"}]
    assert answer["state"]["state"]["options"] == {"target": 10}
    hint = toy_client.post(f"/api/{TOY}/advice", json={"state": answer["state"]}).json()
    assert hint["game"] == TOY and hint["measure"] == "expected_points"
    assert [o["option"] for o in hint["options"]] == ["roll"] and hint["options"][0]["loss"] == 0
    typed = toy_client.post(f"/api/{TOY}/move", json={"state": answer["state"], "text": " R "}).json()
    assert typed["action"] == {"type": "roll"} and set(typed) == {"action", "state", "actions"}
    answer = typed
    for _ in range(200):
        if answer["state"]["state"]["phase"] == "over":
            break
        if len(answer["actions"]) == 2 and answer["state"]["state"]["data"]["turn_points"] >= 4:
            r = toy_client.post(f"/api/{TOY}/step", json={"state": answer["state"], "action": {"type": "hold"}})
        else:
            r = toy_client.post(f"/api/{TOY}/computer", json={"state": answer["state"]})
        assert r.status_code == 200, r.text
        answer = r.json()
    state = answer["state"]["state"]
    assert state["phase"] == "over" and state["data"]["bank"] >= 10 and state["tally"]["games"] == 1
    assert answer["actions"] == [{"type": "next"}]
    again = toy_client.post(f"/api/{TOY}/step", json={"state": answer["state"], "action": {"type": "next"}}).json()
    assert again["state"]["state"]["phase"] == "turn" and again["state"]["state"]["tally"]["games"] == 1


@pytest.mark.parametrize("body, field", [
    ({"options": {"target": 1}}, "options"),
    ({"options": {"colour": "red"}}, "options"),
    ({"options": [], "seed": 1}, "options"),
    ({"seed": -1}, "seed"),
])
def test_bad_options_are_422_naming_options(toy_client, body, field):
    r = toy_client.post(f"/api/{TOY}/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


def test_bad_moves_and_states_are_422_naming_the_field(toy_client):
    sealed = toy_client.post(f"/api/{TOY}/new", json={"seed": 1}).json()["state"]
    r = toy_client.post(f"/api/{TOY}/step", json={"state": sealed, "action": {"type": "hold"}})
    assert r.status_code == 422 and r.json()["field"] == "action"
    r = toy_client.post(f"/api/{TOY}/move", json={"state": sealed, "text": "jump"})
    assert r.status_code == 422 and r.json()["field"] == "text" and "roll, hold or next" in r.json()["detail"]
    foreign = toy_client.post("/api/dice-poker/new", json={}).json()["state"]
    bodies = {"step": {"state": foreign, "action": {"type": "roll"}}, "advice": {"state": foreign},
              "computer": {"state": foreign}, "move": {"state": foreign, "text": "roll"}}
    for path, body in bodies.items():
        r = toy_client.post(f"/api/{TOY}/{path}", json=body)
        assert r.status_code == 422 and r.json()["field"] == "state", (path, r.text)


def _shots_wide_enough(p):
    return p.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_toy_game_by_clicking(browser, toy_server, shoot):
    context, p = _page(browser, {"width": 1280, "height": 800})
    try:
        p.goto(f"{toy_server}/play/{TOY}?seed=5")
        assert p.title() == "Toy pig: play"
        p.fill("#pl-form input[name=options]", '{"target": 12}')
        p.click("#pl-start")
        p.wait_for_selector("#pl-table:not([hidden])")
        p.check("#pl-hint-toggle")
        p.wait_for_selector("#pl-hint-table tbody tr")
        assert p.inner_text("#pl-hint-table tbody tr.best td.pl-option") == "roll"
        shoot(p, "generic-toy-start")
        for _ in range(100):
            p.wait_for_function("window.holdwisePlay.pending === 0 && !window.holdwisePlay.busy")
            state = p.evaluate("window.holdwisePlay.sealed.state")
            if state["phase"] == "over":
                break
            if state["data"]["turn_points"] >= 5:
                p.fill("#pl-text", "hold")
                p.click("#pl-type")
            elif state["data"]["turn_points"]:
                p.click("#pl-hint-table tbody tr:first-child button.pl-use")
            else:
                p.click('#pl-actions button[data-action=\'{"type":"roll"}\']')
        p.wait_for_selector("#pl-next:not([hidden])")
        assert p.evaluate("window.holdwisePlay.sealed.state.data.bank") >= 12
        assert "games 1" in p.inner_text("#pl-tally")
        assert p.locator("#pl-log li").count() >= 3
        assert not p.is_hidden("#pl-review")
        assert p.inner_text("#pl-actions").strip() == "next"
        shoot(p, "generic-toy-over")
        p.click("#pl-next")
        p.wait_for_function("window.holdwisePlay.sealed.state.phase === 'turn'")
        p.fill("#pl-text", "fly")
        p.click("#pl-type")
        p.wait_for_selector("#pl-error:not(:empty)")
        assert "roll, hold or next" in p.inner_text("#pl-error")
        assert p.js_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 375, "height": 740}],
                         ids=["desktop", "phone"])
def test_yahtzee_on_the_generic_page(browser, toy_server, shoot, viewport):
    context, p = _page(browser, viewport)
    p.set_default_timeout(180_000)  # the first game solves Yahtzee once (about half a minute)
    try:
        p.goto(f"{toy_server}/play/yahtzee?seed=2")
        p.click("#pl-start")
        p.wait_for_selector("#pl-table:not([hidden])")
        assert p.locator("#pl-position [data-key=card] tr").count() == 13
        assert p.locator("#pl-actions button").count() > 5
        p.check("#pl-hint-toggle")
        p.wait_for_selector("#pl-hint-table tbody tr.best")
        for _ in range(3):  # three best moves from the hint, then a box by its button
            p.wait_for_function("window.holdwisePlay.pending === 0 && !window.holdwisePlay.busy")
            p.click("#pl-hint-table tbody tr.best button.pl-use")
        p.wait_for_function("window.holdwisePlay.pending === 0 && !window.holdwisePlay.busy")
        p.fill("#pl-text", "roll")
        p.click("#pl-type")
        p.wait_for_function("window.holdwisePlay.pending === 0 && !window.holdwisePlay.busy")
        assert p.locator("#pl-log li").count() >= 4
        assert p.inner_text("#pl-error") == ""
        assert _shots_wide_enough(p), "the page scrolls sideways"
        shoot(p, f"generic-yahtzee-{'phone' if viewport['width'] < 500 else 'desktop'}")
        assert p.js_errors == []
    finally:
        context.close()


def test_no_page_asks_another_host_and_the_api_docs_render(browser, toy_server, shoot):
    """Every page, the API docs included, loads only from this server (the docs' scripts are vendored)."""
    from holdwise.web.app import LABS

    context, p = _page(browser, {"width": 1280, "height": 800})
    outside = []
    p.on("request", lambda r: outside.append(r.url) if not r.url.startswith((toy_server, "data:", "blob:")) else None)
    try:
        for path in ["/", *(href for href, _, _ in LABS), f"/play/{TOY}", "/play/yahtzee"]:
            p.goto(toy_server + path)
            p.wait_for_load_state("networkidle")
        p.goto(f"{toy_server}/docs")
        p.wait_for_selector(".opblock", timeout=30_000)
        assert p.locator(".opblock").count() > 20
        shoot(p, "docs-swagger")
        p.goto(f"{toy_server}/redoc")
        p.wait_for_function("document.querySelector('.api-content') !== null && "
                            "document.body.innerText.includes('/api/health')", timeout=30_000)
        shoot(p, "docs-redoc")
        assert outside == []
        assert p.js_errors == []
    finally:
        context.close()
