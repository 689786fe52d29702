"""More than one machine, on loopback: nginx (the configuration of holdwise.web.deploy, as docs/web.md shows it)
in front of two `holdwise serve` processes sharing $HOLDWISE_SECRET and a cache folder. A player's sealed state
moves between them; a short load has no 5xx; a backend killed mid-game loses nothing."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from _cluster import Cluster, nginx_binary, run_load  # noqa: E402

from holdwise.web.deploy import main, nginx_site  # noqa: E402

HANDS = 6
KILL_AFTER_HAND = 3


def _post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 200, path
        return json.loads(answer.read())


def _dice_poker_game(post, kill=None) -> list[dict]:
    """Six hands of dice poker, seed 11, each hand's hint asked and its best keep played; `kill()` is called
    after the third hand. The answers, in order."""
    answers = [post("/api/dice-poker/new", {"options": {}, "seed": 11})]
    for hand in range(1, HANDS + 1):
        while answers[-1]["state"]["state"]["phase"] != "over":
            state = answers[-1]["state"]
            best = post("/api/dice-poker/advice", {"state": state})["options"][0]["action"]
            answers.append(post("/api/dice-poker/step", {"state": state, "action": best}))
        if hand == KILL_AFTER_HAND and kill is not None:
            kill()
        if hand < HANDS:
            answers.append(post("/api/dice-poker/step", {"state": answers[-1]["state"], "action": {"type": "next"}}))
    return answers


@pytest.mark.slow
def _in_own_loop(coroutine):
    """The coroutine run to its end on a new event loop in a thread of its own (the test's thread may already
    run one, left by an earlier test of the same worker)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.slow  # nginx and two server processes, 7 s
def test_two_backends_behind_nginx_share_players_and_survive_a_kill(client):
    if nginx_binary() is None:
        why = "nginx is not installed (apt-get install nginx; .ci/run installs it)"
        pytest.fail(why) if os.environ.get("HOLDWISE_REQUIRE_NGINX") else pytest.skip(why)
    with Cluster(backends=2) as cluster:
        # a short load first, both backends up: every game played to its end, nothing answered 5xx
        load = _in_own_loop(run_load(cluster.base, players=10, seconds=4, think=0.1, budget=12,
                                    games=("dice-poker", "poker-dice")))
        summary = load.summary()
        assert summary["5xx"] == 0 and summary["errors"] == 0, (summary, load.games_lost[:3])
        assert summary["games_lost"] == 0 and summary["games_finished"] == summary["games_started"] > 5
        assert summary["requests"] > 40
        served = {r["upstreams"][0] for r in cluster.requests(at_least=summary["requests"]) if r["upstreams"]}
        assert served == {f"127.0.0.1:{p}" for p in cluster.ports}  # the load reached both

        # one player's game: each request to the other backend, backend 1 killed after the third hand
        seen = len(cluster.requests(at_least=sum(load.statuses.values()) + 1))  # and nginx's health check
        posts: list[str] = []
        killed_at: list[int] = []

        def post(path: str, body: dict) -> dict:
            posts.append(path)
            return _post(cluster.base, path, body)

        def kill() -> None:
            cluster.kill(0)
            killed_at.append(len(posts))

        answers = _dice_poker_game(post, kill)
        log = cluster.requests(at_least=seen + len(posts))[seen:]
        assert [r["uri"] for r in log] == posts and all(r["status"] == 200 for r in log)
        dead, alive = (f"127.0.0.1:{p}" for p in cluster.ports)
        before, after = log[:killed_at[0]], log[killed_at[0]:]
        assert len(before) > 10 and len(after) > 10
        served = [r["upstreams"] for r in before]
        assert all(len(u) == 1 for u in served) and {u[0] for u in served[::2]} != {u[0] for u in served[1::2]}
        assert all(a != b for a, b in zip(served, served[1:])), served  # before the kill: strictly alternating
        # after it: the proxy sent the request that met the dead backend on to the other one, then only there
        assert [r["upstreams"] for r in after][:2] in ([[dead, alive], [alive]], [[alive], [dead, alive]])
        # (nginx tries the dead one again only 10 s later, and then passes the request on too)
        assert all(r["upstreams"] in ([alive], [dead, alive]) for r in after[2:])
        assert cluster.procs[0].poll() is not None

    # the same game on one in-process server: the same hands, payouts and log, as if no backend had died
    alone = _dice_poker_game(lambda path, body: client.post(path, json=body).json())
    assert [a["state"]["state"] for a in answers] == [a["state"]["state"] for a in alone]
    assert answers[-1]["state"]["state"]["tally"]["hands"] == HANDS


def test_the_manual_shows_the_configuration_the_test_runs():
    """docs/web.md's nginx site is nginx_site() for the backends and listen address it names."""
    text = (ROOT / "docs" / "web.md").read_text()
    block = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert block is not None, "docs/web.md has no nginx block"
    expected = nginx_site(["10.0.0.11:8000", "10.0.0.12:8000"], "80")
    assert block.group(1) == expected
    assert "python3 -m holdwise.web.deploy --backend 10.0.0.11:8000 --backend 10.0.0.12:8000" in text


def test_the_command_prints_the_site(capsys):
    main(["--backend", "10.0.0.11:8000", "--backend", "10.0.0.12:8000"])
    assert capsys.readouterr().out == nginx_site(["10.0.0.11:8000", "10.0.0.12:8000"], "80")
    main(["--backend", "a:1", "--listen", "127.0.0.1:8080", "--server-name", "lab.example.org"])
    site = capsys.readouterr().out
    assert "    server a:1 max_fails=1 fail_timeout=10s;\n" in site
    assert "    listen 127.0.0.1:8080;\n    server_name lab.example.org;\n" in site


@pytest.mark.slow
def test_the_page_sends_a_play_call_once_more_after_a_network_error_or_a_502(page, live_server, shoot):
    """The proxy's 502 (every backend it tried was gone) or a dropped connection: the page's fetch helper sends
    the same call once more, and the game goes on without a word of error."""
    calls = {"new": 0, "step": 0}

    def drop_first_new(route):
        calls["new"] += 1
        route.abort("connectionreset") if calls["new"] == 1 else route.continue_()

    def bad_gateway_first_step(route):
        calls["step"] += 1
        if calls["step"] == 1:
            route.fulfill(status=502, content_type="text/html", body="<html>502 Bad Gateway</html>")
        else:
            route.continue_()

    page.route("**/api/poker-dice/new", drop_first_new)
    page.route("**/api/poker-dice/step", bad_gateway_first_step)
    page.goto(f"{live_server}/poker-dice?seed=5&delay=0")
    page.click("#pd-start")
    page.wait_for_selector("#pd-table:not([hidden])", timeout=10_000)
    page.click("#pd-stand")
    page.wait_for_function("() => window.holdwisePokerDice.played.length >= 1 && !window.holdwisePokerDice.busy")
    assert calls == {"new": 2, "step": 2}
    assert page.locator("#pd-error").inner_text() == ""
    assert page.evaluate("() => window.holdwisePokerDice.played[0]")["type"] == "keep"
    shoot(page, "deploy-retry-poker-dice")


def test_the_video_poker_machine_resends_too(page, live_server):
    """The machine's own fetch helper goes through the same retry: a dropped /step connection and a 503 on the
    hint, and the hand is dealt, hinted and drawn without an error."""
    calls = {"step": 0, "advice": 0}

    def flaky(name, failure):
        def handle(route):
            calls[name] += 1
            failure(route) if calls[name] == 1 else route.continue_()
        return handle

    page.route("**/api/video-poker/step", flaky("step", lambda r: r.abort("connectionreset")))
    page.route("**/api/video-poker/advice", flaky("advice", lambda r: r.fulfill(status=503, body="busy")))
    page.goto(f"{live_server}/video-poker?seed=3")
    page.wait_for_function("() => window.holdwiseVP && window.holdwiseVP.sealed && !window.holdwiseVP.busy")
    page.click("#vp-deal")
    page.wait_for_function("() => window.holdwiseVP.sealed.state.draws === 1 && !window.holdwiseVP.busy")
    page.click("#vp-hint")
    page.wait_for_selector("#vp-hint-table tbody tr")
    page.click("#vp-deal")
    page.wait_for_function("() => window.holdwiseVP.sealed.state.draws === 2 && !window.holdwiseVP.busy")
    assert calls["step"] >= 3 and calls["advice"] == 2  # the first of each failed and was sent again
    assert page.locator("#vp-error").inner_text() == ""
