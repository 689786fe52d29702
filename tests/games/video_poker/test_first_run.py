"""A first run builds with NumPy what the kernels build (the count table, the suit-distinct deals, a whole-game
solve) and never starts Numba; a game's solve is kept on disk, read back without solving, and a damaged file is
solved again to the same answer."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from holdwise.games.video_poker import disk, solver, store, tables
from holdwise.games.video_poker.evaluator import binomials, classify_hand
from holdwise.games.video_poker.paytables import shipped_games
from tests.games.video_poker.test_solver import PUBLISHED_JOB_TABLE

GAMES = shipped_games()
JOB = GAMES["jacks-or-better-9-6"]
ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("n_cards,n_classes", [(12, 3), (17, 10), (21, 7)])
def test_class_count_table_equals_the_kernel_for_any_classes(n_cards, n_classes):
    """Any class of every final hand: the NumPy table equals the kernel's, row for row (small decks)."""
    rng = np.random.default_rng(n_cards)
    classes5 = rng.integers(0, n_classes, math.comb(n_cards, 5)).astype(np.int8)
    d = tables.deck(n_cards)
    loop = np.zeros((int(d.offset[5]), n_classes), dtype=np.int32)
    tables.subset_class_counts(n_cards, classes5, n_classes, binomials(), d.offset, loop)
    assert np.array_equal(tables.class_count_table(n_cards, classes5, n_classes), loop)


@pytest.mark.parametrize("n_cards", [12, 16, 24])  # whole ranks: every suit has the same cards
def test_canonical_deals_equal_the_kernels_keys(n_cards):
    keys = np.empty(math.comb(n_cards, 5), dtype=np.int64)
    tables.canonical_keys(n_cards, binomials(), keys)
    unique, counts = np.unique(keys, return_counts=True)
    mine, weights = tables._canonical_deals(n_cards)
    assert np.array_equal(mine, unique) and np.array_equal(weights, counts)


@pytest.mark.parametrize("n_cards", [52, 53])
def test_the_kernel_rebuilds_the_deals_numpy_rebuilds(n_cards, monkeypatch):
    """The distinct deals from their keys: the compiled kernel's way (`deals_of_keys`) and NumPy's (the way of a
    process whose kernels run as plain Python) give the same deals and weights."""
    monkeypatch.setattr(tables, "kernels_compiled", lambda: True)
    deals, weights = tables.build_distinct_deals(n_cards)
    monkeypatch.setattr(tables, "kernels_compiled", lambda: False)
    numpy_deals, numpy_weights = tables.build_distinct_deals(n_cards)
    assert deals.shape == (len(weights), 5) and np.array_equal(deals, numpy_deals)
    assert np.array_equal(weights, numpy_weights)


@pytest.mark.parametrize("n_cards", [52, 53])
def test_each_distinct_deal_stands_for_its_suit_renamings(n_cards):
    """A deal's weight is how many hands its 24 suit renamings make; its suits' rank masks rise with the suit; no
    two deals are renamings of each other (every 41st deal checked)."""
    from itertools import permutations

    deals, weights = tables.distinct_deals(n_cards)
    assert int(weights.sum()) == math.comb(n_cards, 5)
    seen = {}
    for i in range(0, len(deals), 41):
        deal = deals[i].tolist()
        names = {tuple(sorted(c if c == 52 else c // 4 * 4 + p[c % 4] for c in deal)) for p in permutations(range(4))}
        assert len(names) == weights[i], deal
        masks = [sum(1 << c // 4 for c in deal if c != 52 and c % 4 == s) for s in range(4)]
        assert masks == sorted(masks), deal
        for name in names:
            assert seen.setdefault(name, i) == i


@pytest.mark.parametrize("game_id,coins", [("jacks-or-better-9-6", 5), ("jacks-or-better-9-6", 1),
                                           ("deuces-wild-full-pay", 5), ("joker-poker-kings", 5),
                                           ("double-double-bonus-9-6", 4)])
def test_numpy_solve_equals_the_kernel(game_id, coins):
    """Best hold, its value and the class totals of a sample of deals, NumPy against the kernel."""
    table = GAMES[game_id]
    gt = tables.game_tables(table)
    deals, weights = tables.distinct_deals(table.deck)
    deals, weights = deals[::97].copy(), weights[::97].copy()
    pays, _ = solver.integer_pays(table, coins)
    d = gt.deck
    best_mask = np.empty(len(deals), dtype=np.int64)
    best_value = np.empty(len(deals), dtype=np.int64)
    per_row = np.zeros(len(gt.class_counts), dtype=np.int64)
    last = np.zeros(len(table.hands), dtype=np.int64)
    solver.solve_deals(deals, weights, gt.class_counts.astype(np.int64) @ pays, gt.classes5, pays,
                       binomials(), d.offset, d.mult, solver.HOLD_PRIORITY, solver.POPCOUNT,
                       np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64), best_mask, best_value, per_row, last)
    totals = per_row @ gt.class_counts.astype(np.int64) + last
    done = []
    mask, value, total = solver.solve_deals_numpy(deals, weights, gt, pays, lambda n, of: done.append((n, of)))
    assert np.array_equal(mask, best_mask) and np.array_equal(value, best_value) and np.array_equal(total, totals)
    assert sum(n for n, _ in done) == len(deals) and {of for _, of in done} == {len(deals)}


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    return tmp_path


def _published():
    return [PUBLISHED_JOB_TABLE[h] for h in JOB.hands]


def _forbid_solving(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("solved although a valid file is on disk")

    monkeypatch.setattr(solver, "solve_deals_numpy", fail)
    monkeypatch.setattr(solver, "solve_game", fail)


def test_a_solve_is_written_once_and_read_back(cache, monkeypatch):
    first = disk.stored_solve(JOB, 5)
    assert first.combinations == _published() and round(first.value, 8) == 0.99543904
    path = store.solve_path(JOB, 5)
    assert path.parent == cache / "video-poker" and path.exists()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    _forbid_solving(monkeypatch)
    again = disk.stored_solve(JOB, 5)
    assert (again.combinations, again.total, again.return_exact) == (first.combinations, first.total,
                                                                     first.return_exact)


def _garbage(data):
    return "not json {"


def _other_key(data):
    return json.dumps(dict(data, key=store.answer_key("solve", JOB, 4)))


def _one_count_moved(data):
    combos = list(data["combinations"])
    combos[0] += 1
    combos[-1] -= 1  # the sum still adds up: only the checksum sees it
    return json.dumps(dict(data, combinations=combos))


def _counts_off(data):
    combos = list(data["combinations"])
    combos[2] += 7
    return json.dumps(dict(data, combinations=combos, digest=store._solve_digest(data["key"], combos)))


def _short(data):
    combos = data["combinations"][:-1]
    return json.dumps(dict(data, combinations=combos, digest=store._solve_digest(data["key"], combos)))


def _text_count(data):
    combos = [str(data["combinations"][0])] + data["combinations"][1:]
    return json.dumps(dict(data, combinations=combos, digest=store._solve_digest(data["key"], combos)))


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [_garbage, _other_key, _one_count_moved, _counts_off, _short, _text_count],
                         ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_solve_is_solved_again_to_the_same_answer(cache, spoil):
    disk.stored_solve(JOB, 5)
    path = store.solve_path(JOB, 5)
    path.write_text(spoil(json.loads(path.read_text())))
    assert disk.stored_solve(JOB, 5).combinations == _published()
    assert json.loads(path.read_text())["combinations"] == _published()  # rewritten whole


def test_a_cache_folder_that_cannot_be_written_costs_speed_not_answers(cache, monkeypatch):
    from holdwise import storage

    def cannot(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(storage, "atomic_write", cannot)
    assert disk.stored_solve(JOB, 5).combinations == _published()
    assert not store.solve_path(JOB, 5).exists()


def test_a_compiled_kernel_solves_and_a_plain_one_leaves_it_to_numpy(cache, monkeypatch):
    """With the kernels compiled the solve is solve_game's; run as plain Python, NumPy's (far quicker)."""
    answer = disk.stored_solve(JOB, 5)
    calls = []
    numpy_solve = solver.solve_deals_numpy
    monkeypatch.setattr(solver, "solve_deals_numpy", lambda *a, **k: calls.append("numpy") or numpy_solve(*a, **k))
    monkeypatch.setattr(solver, "solve_game", lambda *a, **k: calls.append("kernel") or answer)
    for compiled, expected in ((False, "numpy"), (True, "kernel")):
        store.solve_path(JOB, 5).unlink()
        monkeypatch.setattr(tables, "kernels_compiled", lambda compiled=compiled: compiled)
        calls.clear()
        assert disk.stored_solve(JOB, 5).combinations == _published()
        assert calls == [expected]


def test_hand_class_reads_the_tables_as_the_kernel_classifies():
    rng = np.random.default_rng(3)
    for game_id, table in GAMES.items():
        for _ in range(60):
            hand = rng.choice(table.deck, 5, replace=False).tolist()
            assert solver.hand_class(hand, table) == classify_hand(hand, table), (game_id, hand)


@pytest.mark.slow
def test_a_first_hold_return_and_play_never_start_numba(tmp_path):
    """With empty caches, a hint, a whole game's return and a hand played in a session run no kernel."""
    code = """
import sys
from holdwise.games import video_poker as vp
assert vp.hold_hint('AS KS QS JS 9D').best.option == 'As Ks Qs Js'
assert round(vp.game_return('jacks-or-better-9-6', 5).return_value, 8) == 0.99543904
state = vp.new_game(seed=1)
state = vp.step(state, vp.actions(state)[-1])
state = vp.step(state, {"type": "draw", "hold": []})
assert state.tally["hands"] == 1 and vp.KERNEL_MODULES == ()
assert 'numba' not in sys.modules, 'Numba was imported'
"""
    env = dict(os.environ, HOLDWISE_CACHE_DIR=str(tmp_path), PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                         cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr
