"""Solved poker-dice games on disk: read back equal to a fresh solve, rebuilt when the file is damaged, shared by
the display option, and the hints they give unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from holdwise.games import poker_dice as pd
from holdwise.games.poker_dice import solver
from holdwise.games.poker_dice.store import solution_path

VARIANT = pd.Variant(ace_high=True)


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    solver._duel_solution.cache_clear()
    saved = dict(solver._THREE)
    solver._THREE.clear()
    yield tmp_path
    solver._duel_solution.cache_clear()
    solver._THREE.clear()
    solver._THREE.update(saved)


def _forget() -> None:
    solver._duel_solution.cache_clear()
    solver._THREE.clear()


def _equal(a, b) -> None:
    assert a.win == b.win and a.iterations == b.iterations and a.players == b.players
    if a.players == 2:
        assert np.array_equal(a.details["v2"], b.details["v2"])
    else:
        assert a.details["duel"] == b.details["duel"]
        assert a.details["first_pay"].keys() == b.details["first_pay"].keys()
        for r in a.details["first_pay"]:
            assert np.array_equal(a.details["first_pay"][r], b.details["first_pay"][r])
        for k in a.details["third"]:
            for x, y in zip(a.details["third"][k], b.details["third"][k]):
                assert np.array_equal(x, y)


@pytest.mark.slow
@pytest.mark.parametrize("players, roll_limit", [(2, False), (2, True), (3, False), (3, True)])
def test_a_stored_solution_reads_back_equal_and_is_not_solved_again(cache, monkeypatch, players, roll_limit):
    get = solver.duel_solution if players == 2 else solver.three_solution
    fresh = (solver.solve_duel if players == 2 else solver.solve_three)(VARIANT, roll_limit)
    first = get(VARIANT, roll_limit)
    _equal(first, fresh)
    assert solution_path(players, VARIANT, roll_limit, solver.TOLERANCE).exists()
    _forget()

    def refuse(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(solver, "solve_duel", refuse)
    monkeypatch.setattr(solver, "solve_three", refuse)
    _equal(get(VARIANT, roll_limit), fresh)
    _forget()  # poker faces read the same file
    shown = get(pd.Variant(ace_high=True, poker_faces=True), roll_limit)
    assert shown.variant.poker_faces and shown.win == fresh.win


def _garbage(path):
    path.write_bytes(b"junk")


def _truncated(path):
    path.write_bytes(path.read_bytes()[:100])


def _changed(path):
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["first_pay_3"] = arrays["first_pay_3"] * 0.5  # still chances: only the checksum sees it
    with open(path, "wb") as f:
        np.savez(f, **arrays)


@pytest.mark.slow
@pytest.mark.parametrize("damage", [_garbage, _truncated, _changed])
def test_a_damaged_file_is_solved_again_and_the_hint_is_the_same(cache, damage):
    hint = pd.hint("1 1 3 4 6", 2, VARIANT, to_beat="6 6 6 2 2", players=3, position=3).to_json()
    path = solution_path(3, VARIANT, False, solver.TOLERANCE)
    damage(path)
    _forget()
    from holdwise.games.poker_dice import strategy

    for cached in (strategy.seat_plan, strategy._keep_options):
        cached.cache_clear()
    assert pd.hint("1 1 3 4 6", 2, VARIANT, to_beat="6 6 6 2 2", players=3, position=3).to_json() == hint
    assert path.exists()
    with np.load(path) as data:
        assert "digest" in data.files
