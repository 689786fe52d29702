"""Solved matches on disk: written once, loaded by a fresh process state, never trusted when wrong."""

import numpy as np
import pytest

from holdwise.games.farkle import parse_dice, store
from holdwise.games.farkle import stored as match_module
from holdwise.games.farkle.match import TOLERANCE, solve_match
from holdwise.games.farkle.stored import cached_match

TARGET = 500


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    match_module._CACHE.clear()
    yield tmp_path
    match_module._CACHE.clear()


def _dice():
    return parse_dice(["ordinary"] * 6), parse_dice(["odd"] + ["ordinary"] * 5)


def test_a_stored_solve_is_written_once_and_loaded_equal(fresh):
    d1, d2 = _dice()
    calls = []
    first = cached_match(d1, d2, TARGET, store=True, progress=lambda done, total: calls.append((done, total)))
    files = list((fresh / "farkle-match").glob("*.npz"))
    assert len(files) == 1
    assert calls[-1] == (100, 100)  # (500 / 50)^2 score pairs
    match_module._CACHE.clear()
    calls.clear()
    again = cached_match(d1, d2, TARGET, store=True, progress=lambda done, total: calls.append((done, total)))
    assert calls == []  # loaded, not solved
    np.testing.assert_array_equal(again.first, first.first)
    np.testing.assert_array_equal(again.w_second, first.w_second)
    plain = solve_match(d1, d2, TARGET, store=True)
    assert again.first[0, 0] == plain.first[0, 0]
    assert again.iterations == plain.iterations


def test_no_disk_leaves_no_file(fresh):
    d1, d2 = _dice()
    cached_match(d1, d2, TARGET, store=True, disk=False)
    assert not list((fresh / "farkle-match").glob("*.npz")) if (fresh / "farkle-match").exists() else True


@pytest.mark.parametrize("damage", ["truncate", "garbage", "wrong_key", "out_of_range"])
@pytest.mark.parametrize("same", [False, True], ids=["two-loadouts", "mirrored"])
def test_a_bad_file_is_deleted_and_solved_again(fresh, damage, same):
    d1, d2 = _dice()
    if same:
        d2 = d1
    first = cached_match(d1, d2, TARGET, store=True)
    key = store.key_text(d1, d2, TARGET, False, False, TOLERANCE)
    path = store.paths(key)["data"]
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:1000])
    elif damage == "garbage":
        path.write_bytes(b"not a numpy file")
    else:
        with np.load(path) as f:
            arrays = {n: f[n] for n in f.files}
        if damage == "wrong_key":
            arrays["key"] = np.array(key.replace('"target": 500', '"target": 550'))
        else:
            arrays["w_first"] = arrays["w_first"] + 2.0
        np.savez(path, **arrays)
    n = first.first_turn.table.n_states, first.second_turn.table.n_states
    assert store.load(key, TARGET, *n) is None
    assert not path.exists()
    match_module._CACHE.clear()
    calls = []
    again = cached_match(d1, d2, TARGET, store=True, progress=lambda d, t: calls.append(d))
    assert calls  # solved anew
    np.testing.assert_array_equal(again.first, first.first)
    assert path.exists()


def test_the_key_names_everything_the_solve_depends_on():
    d1, d2 = _dice()
    base = store.key_text(d1, d2, TARGET, False, False, TOLERANCE)
    others = [store.key_text(d2, d1, TARGET, False, False, TOLERANCE),
              store.key_text(d1, d2, TARGET + 50, False, False, TOLERANCE),
              store.key_text(d1, d2, TARGET, True, False, TOLERANCE),
              store.key_text(d1, d2, TARGET, False, True, TOLERANCE),
              store.key_text(d1, d2, TARGET, False, False, TOLERANCE * 10)]
    assert len({base, *others}) == 6
    assert store.paths(base)["data"] != store.paths(others[0])["data"]


def test_progress_is_seen_from_outside_while_solving(fresh):
    d1, d2 = _dice()
    key = store.key_text(d1, d2, TARGET, False, False, TOLERANCE)
    assert store.match_progress(key) is None
    seen = []
    with store.solving(key) as report:
        report(30, 100)
        seen.append(store.match_progress(key))  # another open file: flock sees the holder
    assert seen == [(30, 100)]
    assert store.match_progress(key) is None
    assert not store.paths(key)["progress"].exists()


def test_only_the_most_recent_files_are_kept(fresh, monkeypatch):
    monkeypatch.setattr(store, "MAX_FILES", 2)
    d1, _ = _dice()
    for target in (100, 150, 200):
        cached_match(d1, d1, target, store=True)
    assert len(list((fresh / "farkle-match").glob("*.npz"))) == 2


def test_a_mirrored_solve_is_kept_once(fresh):
    # both players the same: the file holds player 1's arrays only, and the loaded solve answers for both
    d1, _ = _dice()
    first = cached_match(d1, d1, TARGET, store=True)
    key = store.key_text(d1, d1, TARGET, False, False, TOLERANCE)
    with np.load(store.paths(key)["data"]) as f:
        assert "second" not in f.files and "w_second" not in f.files and bool(f["mirror"])
    n = first.first_turn.table.n_states
    loaded = store.load(key, TARGET, n, n)
    assert loaded["second"] is loaded["first"] and loaded["w_second"] is loaded["w_first"]
    np.testing.assert_array_equal(loaded["w_first"], first.w_first)
    plain = solve_match(d1, d1, TARGET, store=True, mirror=False)
    np.testing.assert_allclose(loaded["second"], plain.second, atol=1e-12)
    assert store.load(key, TARGET, n, n + 1) is None  # a mirrored file of another shape is not trusted
