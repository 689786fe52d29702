"""Solved poker-dice tables on disk: read back equal to a fresh solve, rebuilt when the file is damaged, shared by
the display option, and the hints they give unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from holdwise.games import poker_dice as pd
from holdwise.games.poker_dice import rounds, solutions, solver
from holdwise.games.poker_dice.store import solution_path
from holdwise.games.poker_dice.strategy import hint as six_hint

VARIANT = pd.Variant(ace_high=True)


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    saved = dict(solutions._SOLVED)
    solutions._SOLVED.clear()
    yield tmp_path
    solutions._SOLVED.clear()
    solutions._SOLVED.update(saved)


def _forget() -> None:
    solutions._SOLVED.clear()


def _equal(a, b) -> None:
    assert a.players == b.players and a.roll_limit == b.roll_limit and a.rounds.keys() == b.rounds.keys()
    for m in a.rounds:
        x, y = a.rounds[m], b.rounds[m]
        assert x.win == y.win and x.steps == y.steps and x.slots.keys() == y.slots.keys()
        for limit in x.slots:
            assert x.slots[limit].keys() == y.slots[limit].keys()
            for key in x.slots[limit]:
                assert np.array_equal(x.slots[limit][key], y.slots[limit][key])


@pytest.mark.slow
@pytest.mark.parametrize("players, roll_limit", [(2, False), (2, True), (3, False), (4, True)])
def test_a_stored_solution_reads_back_equal_and_is_not_solved_again(cache, monkeypatch, players, roll_limit):
    from holdwise.games.poker_dice.table import six_face_table

    fresh = rounds.solve_rounds(six_face_table(VARIANT), players, roll_limit)
    first = solutions.table_solution(VARIANT, players, roll_limit)
    _equal(first, fresh)
    assert solution_path(VARIANT, players, roll_limit, solver.TOLERANCE).exists()
    _forget()

    def refuse(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(rounds, "solve_rounds", refuse)
    _equal(solutions.table_solution(VARIANT, players, roll_limit), fresh)
    _forget()  # poker faces read the same file
    shown = solutions.table_solution(pd.Variant(ace_high=True, poker_faces=True), players, roll_limit)
    assert shown.win == fresh.win
    fewer = solutions.table_solution(VARIANT, 2, roll_limit)  # fewer players: the rounds already solved
    assert fewer.players == 2 and fewer.rounds[2] is shown.rounds[2] and fewer.win == fresh.rounds[2].win


def _garbage(path):
    path.write_bytes(b"junk")


def _truncated(path):
    path.write_bytes(path.read_bytes()[:100])


def _changed(path):
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["slots_3_3_1_2"] = arrays["slots_3_3_1_2"] * 0.5  # still chances: only the checksum sees it
    with open(path, "wb") as f:
        np.savez(f, **arrays)


@pytest.mark.slow
@pytest.mark.parametrize("damage", [_garbage, _truncated, _changed])
def test_a_damaged_file_is_solved_again_and_the_hint_is_the_same(cache, damage):
    hint = six_hint("1 1 3 4 6", 2, VARIANT, to_beat="6 6 6 2 2", players=3, position=3,
                    solutions=solutions.STORED).to_json()
    path = solution_path(VARIANT, 3, False, solver.TOLERANCE)
    damage(path)
    _forget()
    from holdwise.games.poker_dice import strategy

    for cached in (strategy.seat_plan, strategy._keep_options):
        cached.cache_clear()
    assert six_hint("1 1 3 4 6", 2, VARIANT, to_beat="6 6 6 2 2", players=3, position=3,
                    solutions=solutions.STORED).to_json() == hint
    assert path.exists()
    with np.load(path) as data:
        assert "digest" in data.files


def test_two_processes_asking_the_same_table_solve_it_once(cache, monkeypatch):
    """Two askers at once (threads here: each holds its own lock file descriptor, as two web workers do): one
    solves, the other waits on the lock and reads the file; both answers equal."""
    import threading
    import time

    from holdwise.games.poker_dice.table import six_face_table

    real = rounds.solve_rounds
    calls = []

    def slow(*args, **kwargs):
        calls.append(threading.get_ident())
        time.sleep(0.3)  # the second asker arrives while the first solves
        return real(*args, **kwargs)

    monkeypatch.setattr(rounds, "solve_rounds", slow)
    got: list = [None, None]

    def ask(i: int) -> None:
        got[i] = solutions.table_solution(VARIANT, 2, False)

    askers = [threading.Thread(target=ask, args=(i,)) for i in range(2)]
    for t in askers:
        t.start()
    for t in askers:
        t.join(60)
    assert len(calls) == 1
    _equal(got[0], got[1])
    _equal(got[0], real(six_face_table(VARIANT), 2, False))
