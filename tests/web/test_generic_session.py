"""The generic play page in the browser: the toy Pig (tests/toy_games/pig), registered from outside the package,
played against the computer by clicking on /play/pig (Yahtzee has its own page, tests/web/test_yahtzee_browser.py);
no page asks another host, and the API docs render from the package.

Pig's generic API routes, its page and index entry, and their 422s are checked in tests/web/test_toy_game_web.py."""

from __future__ import annotations

import threading
import time

import pytest

from holdwise import games

from .conftest import _page

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

TOY = "pig"


@pytest.fixture(scope="module")
def toy_app():
    games.register(TOY, "tests.toy_games.pig")
    try:
        from holdwise.web import create_app

        yield create_app(warm=False)
    finally:
        games.unregister(TOY)


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
    deadline = time.monotonic() + 120  # a safety timeout on a loaded machine
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def _shots_wide_enough(p):
    return p.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _settled(p) -> dict:
    """The state once the page is settled (the computer's turn, the hint and the review played out)."""
    p.wait_for_function("window.holdwisePlay.pending === 0 && !window.holdwisePlay.busy")
    return p.evaluate("window.holdwisePlay.sealed.state")


def test_a_toy_game_by_clicking(browser, toy_server, shoot):
    """Pig to 12 against the computer (seed 1: the computer wins game 1): a turn's first roll by its button, then
    the hint's best option by its play button, a hold typed at 8; the page plays the computer's turns; the game
    ends in the tally, the log and the review; a bad typed move is named in one line."""
    context, p = _page(browser, {"width": 1280, "height": 800})
    try:
        p.goto(f"{toy_server}/play/{TOY}?seed=1")
        assert p.title() == "Pig: play"
        p.fill("#pl-form input[name=options]", '{"target": 12}')
        p.click("#pl-start")
        p.wait_for_selector("#pl-table:not([hidden])")
        p.check("#pl-hint-toggle")
        p.wait_for_selector("#pl-hint-table tbody tr")
        assert p.inner_text("#pl-hint-table tbody tr.best td.pl-option") == "roll"
        assert p.locator("#pl-hint-table tbody tr").count() == 1  # nothing to hold before the turn's first roll
        shoot(p, "generic-toy-start")
        used = set()
        for _ in range(200):
            state = _settled(p)
            if state["phase"] == "over":
                break
            assert state["to_move"] == "player"  # the page plays the computer's turns by itself
            if state["data"]["turn_total"] >= 8:
                p.fill("#pl-text", "hold")
                p.click("#pl-type")
                used.add("typed")
            elif state["data"]["turn_total"]:
                p.wait_for_selector("#pl-hint-table tbody tr:first-child button.pl-use:not([disabled])")
                p.click("#pl-hint-table tbody tr:first-child button.pl-use")
                used.add("hint")
            else:
                p.click('#pl-actions button[data-action=\'{"type":"roll"}\']')
                used.add("button")
        p.wait_for_selector("#pl-next:not([hidden])")
        state = _settled(p)
        winner = state["data"]["winner"]
        assert state["phase"] == "over" and state["data"]["scores"][winner] >= 12
        assert used == {"button", "hint", "typed"}
        assert "games 1" in p.inner_text("#pl-tally")
        assert winner == "computer" and "the computer wins" in p.inner_text("#pl-log")
        assert p.locator("#pl-log li").count() >= 3
        assert not p.is_hidden("#pl-review") and "decision" in p.inner_text("#pl-review-summary")
        assert p.inner_text("#pl-actions").strip() == "next"
        shoot(p, "generic-toy-over")
        p.click("#pl-next")
        p.wait_for_function("window.holdwisePlay.sealed.state.data.game === 2")
        state = _settled(p)  # the start alternates: the computer rolls first in game 2, then passes the die
        assert state["data"]["starter"] == "computer" and state["tally"]["games"] == 1
        assert state["phase"] == "turn" and state["to_move"] == "player"
        p.fill("#pl-text", "fly")
        p.click("#pl-type")
        p.wait_for_selector("#pl-error:not(:empty)")
        assert "type r to roll or s to hold" in p.inner_text("#pl-error")
        assert p.js_errors == []
    finally:
        context.close()


def test_no_page_asks_another_host(browser, toy_server):
    """The generic play page loads only from this server (every other page, the API docs' included, is checked
    in test_layout_browser.py, which also draws both API viewers)."""
    context, p = _page(browser, {"width": 1280, "height": 800})
    outside = []
    p.on("request", lambda r: outside.append(r.url) if not r.url.startswith((toy_server, "data:", "blob:")) else None)
    try:
        for path in ["/", f"/play/{TOY}"]:
            p.goto(toy_server + path)
            p.wait_for_load_state("networkidle")
        assert outside == []
        assert p.js_errors == []
    finally:
        context.close()


def test_warm_asks_the_first_advice_so_a_solve_is_ready_for_the_first_visitor():
    """The start-up warm-up of a generic game starts a game and asks its advice in the background (Liar's Dice:
    its equilibrium, 1.1-1.3 s that a worker's first advice computed in the request)."""
    from holdwise.web import session

    calls: list[str] = []
    done = threading.Event()

    class Face:
        def new_game(self, options, seed):
            calls.append("new_game")
            return "state"

        def actions(self, state):
            calls.append("actions")
            return []

        def advice(self, state):
            calls.append(f"advice of {state}")
            done.set()

    session.warm("toy", Face())
    assert done.wait(10)
    assert calls == ["new_game", "actions", "advice of state"]
