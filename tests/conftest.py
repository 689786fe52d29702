import os
import random
import shutil
import socket
import tempfile
import threading
import time
from fractions import Fraction

import pytest

# Tests never read or write the user's cache: solves kept on disk go to a fresh folder per run, removed when the
# run ends (a full run leaves about 0.8 GB of solved tables there). The process that starts the run makes it; the
# workers of a parallel run (pytest-xdist) inherit it from the environment and share it, as the server's processes
# do: what one solves (the Yahtzee table, a Farkle match, a video-poker game) the other reads, and the stores write
# atomically and validate what they read, so two writers of one file are safe.
_OWNER = "HOLDWISE_TEST_CACHE_OWNER"
if os.environ.get(_OWNER) and os.path.isdir(os.environ.get("HOLDWISE_CACHE_DIR", "")):
    _OWNS_CACHE = False  # a worker of a parallel run, or a pytest a test started
else:
    os.environ["HOLDWISE_CACHE_DIR"] = tempfile.mkdtemp(prefix="holdwise-test-cache-")
    os.environ[_OWNER] = str(os.getpid())
    _OWNS_CACHE = True
_CACHE_DIR = os.environ["HOLDWISE_CACHE_DIR"]  # the run's, whatever a test sets the variable to meanwhile


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (the README's command, CI's): one and a half workers a core. The browser tests, the servers and
    the documented commands wait on other processes for much of their time, and a third worker on two cores fills
    it: the whole suite took 440 s with three workers against 590 s with two (the same fresh clone, a quiet
    machine, 5,063 tests); four were no quicker."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores * 3 // 2)


def pytest_unconfigure(config):
    if _OWNS_CACHE:
        shutil.rmtree(_CACHE_DIR, ignore_errors=True)


# The guards run at their constants' speed (tests name the largest accepted target): nothing measured or read
# (tests/games/*/test_calibration.py unset it)
os.environ["HOLDWISE_SPEED"] = "1"


def multiset_payout(seed: int, exact: bool = False, low: int = 0, high: int = 20):
    """A payout that depends on the multiset only, not symmetric in the faces: random per multiset."""
    rng = random.Random(seed)
    cache = {}

    def payout(roll):
        key = tuple(sorted(roll))
        if key not in cache:
            cache[key] = Fraction(rng.randint(low, high), rng.randint(1, 4))
        return cache[key] if exact else float(cache[key])

    return payout


@pytest.fixture
def payout_factory():
    return multiset_payout


# The web app: an API client and a live server on a free port (web tests and the README's web examples).
@pytest.fixture(scope="session")
def app():
    from holdwise.web import create_app

    return create_app(warm=False)


@pytest.fixture(scope="session")
def client(app):
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(app):
    """The app served by uvicorn in a thread: its base URL."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a safety timeout on a loaded machine
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def pig():
    """Pig, the test-only game (tests/toy_games/pig), registered for one test: its face."""
    from holdwise import games

    games.register("pig", "tests.toy_games.pig")
    try:
        yield games.get("pig")
    finally:
        games.unregister("pig")
