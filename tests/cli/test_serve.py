"""`holdwise serve`: bad options refused in one line; the real server with two workers serves one player."""

import os
import socket
import subprocess
import sys
import time

import httpx
import pytest

from .refusal import assert_refused


@pytest.mark.slow
@pytest.mark.parametrize("args, message", [
    (["--port", "0"], "--port must be 1 to 65535"),
    (["--port", "70000"], "--port must be 1 to 65535"),
    (["--port", "x"], "--port"),
    (["--workers", "0"], "--workers must be 1 to 32"),
    (["--workers", "33"], "--workers must be 1 to 32"),
    (["--host", "256.1.1.1"], "cannot listen on 256.1.1.1"),
    (["--bogus"], "no such option"),
])
def test_bad_options_are_refused(tmp_path, args, message):
    assert_refused(["serve", *args], tmp_path, message=message)


def test_a_port_in_use_is_refused(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_refused(["serve", "--port", str(port)], tmp_path, message=f"cannot listen on 127.0.0.1:{port}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(port: int, cache, *extra) -> subprocess.Popen:
    env = {**os.environ, "HOLDWISE_CACHE_DIR": str(cache)}
    env.pop("HOLDWISE_SECRET", None)
    return subprocess.Popen([sys.executable, "-m", "holdwise", "serve", "--port", str(port), "--no-warm", *extra],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait(base: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.2)


@pytest.mark.slow
def test_server_processes_share_one_player(tmp_path):
    """A sealed state made by one server process is accepted by another (same cache folder): play is stateless.
    The first server runs two workers."""
    ports = _free_port(), _free_port()
    procs = [_serve(ports[0], tmp_path / "cache", "--workers", "2"), _serve(ports[1], tmp_path / "cache")]
    try:
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        for base, proc in zip(bases, procs):
            _wait(base, proc)
        sealed = httpx.post(bases[0] + "/api/dice-poker/new", json={"seed": 5}, timeout=60).json()["state"]
        r = httpx.post(bases[1] + "/api/dice-poker/advice", json={"state": sealed}, timeout=60)
        assert r.status_code == 200, r.text
        assert r.json()["game"] == "dice-poker"
        pids = {httpx.get(b + "/api/health").json()["pid"] for b in bases}
        assert len(pids) == 2
        assert (tmp_path / "cache" / "web-secret").exists()
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=20)
    for proc in procs:
        assert "Traceback" not in proc.stderr.read()


@pytest.mark.slow
@pytest.mark.parametrize("option, content, message", [
    ("--paytable-file", "not toml [", "--paytable-file: "),
    ("--paytable-file", None, "--paytable-file: pay table file not found"),
    ("--tables-file", "[tables]\nH = [1, 2]\n", "--tables-file: "),
    ("--tables-file", None, "--tables-file: tables file not found"),
])
def test_a_bad_games_file_stops_the_start(tmp_path, option, content, message):
    path = tmp_path / "games.toml"
    if content is not None:
        path.write_text(content)
    assert_refused(["serve", option, str(path), "--port", str(_free_port())], tmp_path, message=message)


@pytest.mark.slow
def test_the_games_of_a_paytable_file_are_offered(tmp_path):
    games = tmp_path / "mine.toml"
    games.write_text('[tens-or-better-6-5]\nname = "Tens or Better 6/5"\ndeck = 52\nwild = "none"\n'
                     'royal_below_max = 250\npays = [\n  { hand = "royal_flush", pay = 800 },\n'
                     '  { hand = "straight_flush", pay = 50 },\n  { hand = "four_of_a_kind", pay = 25 },\n'
                     '  { hand = "full_house", pay = 6 },\n  { hand = "flush", pay = 5 },\n'
                     '  { hand = "straight", pay = 4 },\n  { hand = "three_of_a_kind", pay = 3 },\n'
                     '  { hand = "two_pair", pay = 2 },\n  { hand = "jacks_or_better", pay = 1 },\n]\n')
    port = _free_port()
    proc = _serve(port, tmp_path / "cache", "--paytable-file", str(games))
    try:
        base = f"http://127.0.0.1:{port}"
        _wait(base, proc)
        ids = [g["id"] for g in httpx.get(base + "/api/video-poker/games", timeout=10).json()["games"]]
        assert ids[-1] == "tens-or-better-6-5" and "jacks-or-better-9-6" in ids
        page = httpx.get(base + "/video-poker", timeout=10).text
        assert "Tens or Better 6/5" in page
    finally:
        proc.terminate()
        proc.wait(timeout=20)
