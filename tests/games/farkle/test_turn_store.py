"""Turn solves kept on disk: read back equal to a fresh solve (every array), never solved twice, rebuilt when the
file is damaged; the reports they give unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from holdwise.games import farkle
from holdwise.games.farkle import stored, turn
from holdwise.games.farkle.store import TURN_SOLUTION, TURN_TABLE, turn_path

LOADOUTS = ["ordinary*6", "weighted,lucky,ordinary*4", "devils-head,ordinary*5"]


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    _forget()
    yield tmp_path
    _forget()


def _forget() -> None:
    turn._solve_turn.cache_clear()
    stored._cached_turn.cache_clear()


def _types(text: str):
    return turn.die_types(tuple(farkle.parse_loadout(text)))


def _equal(a, b) -> None:
    assert a.top_level == b.top_level
    assert (a.table.n_states, a.table.full_state) == (b.table.n_states, b.table.full_state)
    for name in TURN_TABLE:
        assert np.array_equal(getattr(a.table, name), getattr(b.table, name), equal_nan=True), name
    for name in TURN_SOLUTION:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


@pytest.mark.parametrize("loadout", LOADOUTS)
def test_a_stored_turn_reads_back_equal_and_is_not_solved_again(cache, monkeypatch, loadout):
    types = _types(loadout)
    fresh = turn.solve_types(types)
    report = farkle.turn_report(farkle.parse_loadout(loadout)).to_json()
    # the default loadout's solve ships in the package: read from there, nothing is written
    assert turn_path(types).exists() == (loadout != "ordinary*6")
    _forget()

    def refuse(*args):
        raise AssertionError("solved again")

    monkeypatch.setattr(stored, "solve_types", refuse)
    _equal(stored.cached_turn(farkle.parse_loadout(loadout)), fresh)
    assert farkle.turn_report(farkle.parse_loadout(loadout)).to_json() == report


def _garbage(path):
    path.write_bytes(b"junk")


def _truncated(path):
    path.write_bytes(path.read_bytes()[:200])


def _rewrite(path, **changes):
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays.update(changes)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def _changed_value(path):  # still a possible table: only the checksum sees it
    with np.load(path) as data:
        roll = data["roll"].copy()
    roll[0, 1] += 0.5
    _rewrite(path, roll=roll)


def _other_key(path):
    _rewrite(path, key=np.array('{"format": 0}'))


def _bad_chances(path):  # a consistent file (checksum rewritten) whose chances do not add up
    from holdwise.storage import _digest

    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files if k not in ("key", "digest")}
        key = str(data["key"])
    arrays["group_prob"] = arrays["group_prob"] * 0.9
    _rewrite(path, **arrays, digest=np.array(_digest(arrays)), key=np.array(key))


@pytest.mark.parametrize("damage", [_garbage, _truncated, _changed_value, _other_key, _bad_chances])
def test_a_damaged_turn_file_is_solved_again_and_the_report_is_the_same(cache, damage):
    loadout = farkle.parse_loadout("weighted,lucky,ordinary*4")
    types = turn.die_types(tuple(loadout))
    report = farkle.turn_report(loadout).to_json()
    damage(turn_path(types))
    _forget()
    calls = []
    solve_now = stored.solve_types

    def counted(t):
        calls.append(t)
        return solve_now(t)

    stored.solve_types = counted
    try:
        assert farkle.turn_report(loadout).to_json() == report
    finally:
        stored.solve_types = solve_now
    assert calls == [types]
    with np.load(turn_path(types)) as data:  # written whole again
        assert "digest" in data.files and str(data["key"]).startswith("{")


@pytest.mark.parametrize("loadout", LOADOUTS)
def test_a_turn_not_kept_is_the_same_and_leaves_nothing(cache, loadout):
    # keep=False (a sweep over thousands of loadouts): the same solve and report, no file, no memory entry
    dice = tuple(farkle.parse_loadout(loadout))
    turn._turn_plan.cache_clear()
    loose = turn.solve_turn(dice, keep=False)
    report = farkle.turn_report(dice, keep=False)
    plan = turn.turn_plan(dice, keep=False)
    assert not turn_path(turn.die_types(dice)).exists()
    assert turn._solve_turn.cache_info().currsize == 0 and turn._turn_plan.cache_info().currsize == 0
    assert stored._cached_turn.cache_info().currsize == 0
    _equal(loose, stored.cached_turn(dice))
    assert report == farkle.turn_report(dice)
    assert plan.levels == turn.turn_plan(dice).levels and plan.work == turn.turn_plan(dice).work
