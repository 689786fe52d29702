"""The cache folder's disk budget (least recently used answers removed first, the built-in defaults' last, room
made before a write) and torn writes (a writer killed with SIGKILL mid-write): never read back as an answer."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from holdwise import storage

KB = 1 << 10


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A cache folder of its own with a budget of 1 MB."""
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(storage, "cache_budget", lambda: 1 << 20)
    monkeypatch.setattr(storage, "_DEFAULTS", [])
    return storage.cache_dir()


def _answer(folder, name, size_kb, used):
    """An answer file of about `size_kb` KB written through save_arrays, last used `used` seconds ago."""
    path = folder / "answers" / f"{name}.npz"
    path.parent.mkdir(exist_ok=True)
    assert storage.save_arrays(path, name, {"a": np.full(size_kb * KB // 8, len(name), dtype=np.float64)})
    when = time.time() - used
    os.utime(path, (when, when))
    return path


def _size(folder):
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def test_a_write_past_the_budget_removes_the_least_recently_used_first_the_defaults_last(folder):
    default = _answer(folder, "default", 150, used=5000)  # the oldest of all, but a built-in default's answer
    storage.keep_last(lambda: iter([default]))
    old, older, newer = (_answer(folder, n, 150, used=u) for n, u in (("old", 3000), ("older", 4000),
                                                                      ("newer", 1000)))
    read = _answer(folder, "read", 150, used=4500)
    loaded = storage.load_arrays(read, "read", ("a",), lambda a: True)  # a read makes it recently used
    assert loaded is not None
    before = _size(folder)
    assert before < 1 << 20
    fresh = _answer(folder, "fresh", 300, used=0)  # 1.3 MB would not fit: "older", then "old" go first
    assert fresh.exists() and default.exists() and newer.exists() and read.exists()
    assert not older.exists()
    assert _size(folder) <= 1 << 20
    gone_next = []
    for n in range(3):  # more writes: "old", "newer", then "read" (the least recently used first) before the default
        _answer(folder, f"more{n}", 300, used=0)
        gone_next.append([p.stem for p in (old, newer, read, default) if not p.exists()])
        assert _size(folder) <= 1 << 20
    assert gone_next[0][:1] == ["old"]
    assert "default" not in gone_next[-2]
    assert _size(folder) <= 1 << 20


def test_the_default_goes_when_nothing_else_is_left(folder):
    default = _answer(folder, "default", 600, used=10)
    storage.keep_last(lambda: iter([default]))
    _answer(folder, "big", 600, used=0)
    assert not default.exists()
    assert _size(folder) <= 1 << 20


def test_locks_progress_and_the_key_stay_and_a_stray_temporary_goes(folder, monkeypatch):
    (folder / "web-secret").write_bytes(b"k" * 64)
    (folder / "x.lock").write_bytes(b"")
    stray = folder / ".dead.npz.123.tmp"
    stray.write_bytes(b"\0" * 100 * KB)
    os.utime(stray, (time.time() - 3600, time.time() - 3600))
    _answer(folder, "a", 500, used=100)
    _answer(folder, "b", 500, used=0)
    assert (folder / "web-secret").exists() and (folder / "x.lock").exists()
    assert not stray.exists()


WRITER = textwrap.dedent("""
    import sys
    import numpy as np
    from holdwise import storage
    path = sys.argv[1]
    while True:  # the same answer written again and again: a kill lands mid-write
        storage.save_arrays(path, "k", {"a": np.arange(3_000_000, dtype=np.float64)})
""")


@pytest.mark.slow  # seconds of writing and killing
def test_a_writer_killed_mid_write_leaves_nothing_read_back_as_an_answer(tmp_path):
    path = tmp_path / "answer.npz"
    expected = np.arange(3_000_000, dtype=np.float64)
    env = dict(os.environ, HOLDWISE_CACHE_DIR=str(tmp_path))
    seen_good = torn = 0
    for round_ in range(8):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], env=env)
        time.sleep(1.0 + 0.13 * round_)  # the writer is somewhere in its loop: usually mid-write (24 MB each)
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        got = storage.load_arrays(path, "k", ("a",), lambda a: a.shape == expected.shape)
        if got is not None:
            seen_good += 1
            assert np.array_equal(got["a"], expected)
        # whatever the kill interrupted is under a temporary name only, never the answer's
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert all(name.startswith(".answer.npz.") for name in leftovers)
        torn += len(leftovers)
        for name in leftovers:
            (tmp_path / name).unlink()
    assert torn >= 1  # some kills did land mid-write (about 3 in 4 here)
    assert seen_good >= 1  # and some writes had finished before a kill
    # a torn file put in the answer's place by hand (not by holdwise) is refused and removed, never read
    torn = path.read_bytes()[: path.stat().st_size // 2] if path.exists() else b"PK\3\4torn"
    path.write_bytes(torn)
    assert storage.load_arrays(path, "k", ("a",), lambda a: True) is None
    assert not path.exists()


def test_a_torn_match_file_is_solved_again_not_read(tmp_path, monkeypatch):
    """The Farkle match store (np.savez through the atomic write): half a file under the answer's name is bad."""
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    from holdwise.games.farkle import store

    key = "a key"
    first = np.full((2, 2), 0.5)
    w = np.full((2, 2, 3, 4), 0.25)
    store.save(key, first, first, w, w, 3)
    path = store.paths(key)["data"]
    assert store.load(key, 100, 4, 4) is not None
    path.write_bytes(path.read_bytes()[:-100])
    assert store.load(key, 100, 4, 4) is None
    assert not path.exists()


def test_video_poker_and_poker_dice_defaults_go_last(folder, monkeypatch):
    """The default pages' answers of video poker and poker dice, written by the solves the warm-up runs (in a
    fresh process: this one may hold them in memory already), stay while answers used more recently but not
    the defaults' are removed."""
    from holdwise.games.poker_dice import session
    from holdwise.games.video_poker import store

    warm = textwrap.dedent("""
        from holdwise.games import poker_dice, video_poker
        video_poker.hint(video_poker.parse_hint({"hand": "AS KS QS JS 9D"}))
        poker_dice.table_solution(poker_dice.variant_of(poker_dice.normalize_options(poker_dice.WARM_OPTIONS[0])))
    """)
    subprocess.run([sys.executable, "-c", warm], check=True, env={**os.environ, "HOLDWISE_CACHE_DIR": str(folder)})
    monkeypatch.setattr(storage, "_DEFAULTS", [store._default_files, session._default_files])
    monkeypatch.setattr(storage, "cache_budget", lambda: 1 << 40)
    defaults = [p for p in (*store._default_files(), *session._default_files()) if p.exists()]
    assert {p.parent.name for p in defaults} == {"video-poker-tables", "poker-dice"}
    for path in defaults:  # the oldest answers of the folder
        os.utime(path, (time.time() - 9000, time.time() - 9000))
    others = [_answer(folder, f"other{n}", 200, used=100 * n) for n in range(3)]
    monkeypatch.setattr(storage, "cache_budget", lambda: _size(folder) + 100 * KB)
    assert _size(folder) < 40 << 20  # so the 1% the budget keeps spare is less than the others' 600 KB
    _answer(folder, "fresh", 300, used=0)  # makes room: others go, the least recently used first, never a default
    assert all(p.exists() for p in defaults)
    assert not others[2].exists()
