"""The deck-level tables kept on disk: a fresh process reads them instead of classifying every hand; a file
that is corrupt, truncated, tampered with or of another game is rebuilt, and the answer never changes."""

from __future__ import annotations

import numpy as np
import pytest

from holdwise.games.video_poker import disk, get_game
from holdwise.games.video_poker import hold_hint as hint
from holdwise.games.video_poker.cards import HAND_SIZE as HAND
from holdwise.games.video_poker.evaluator import binomials, classify_all
from holdwise.games.video_poker.store import MAX_TABLE_FILES, tables_path
from holdwise.games.video_poker.tables import deck, game_tables, subset_class_counts

GAME = get_game("jacks-or-better-8-5")


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    game_tables.cache_clear()
    yield tmp_path
    game_tables.cache_clear()


@pytest.fixture(scope="module")
def reference():
    """The tables built directly, never through the disk: the keyed classification and the count kernel (the
    tables a process builds come from the NumPy count table: the two must agree on every row)."""
    classes5 = classify_all(GAME)
    d = deck(GAME.deck)
    counts = np.zeros((int(d.offset[HAND]), len(GAME.hands)), dtype=np.int32)
    subset_class_counts(GAME.deck, classes5, len(GAME.hands), binomials(), d.offset, counts)
    return classes5, counts


def _fresh():
    game_tables.cache_clear()  # the solvers' memory: the storage layer reads the disk again
    return disk.game_tables(GAME)


def _same(tables, reference) -> None:
    assert np.array_equal(tables.classes5, reference[0]) and tables.classes5.dtype == np.int8
    assert np.array_equal(tables.class_counts, reference[1]) and tables.class_counts.dtype == np.int32


def test_tables_are_written_once_and_read_back_equal(cache, reference, monkeypatch):
    _same(_fresh(), reference)
    path = tables_path(GAME)
    assert path.exists() and not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]
    from holdwise.games.video_poker import tables

    def refuse(*args):
        raise AssertionError("classified again")

    monkeypatch.setattr(tables, "classify_all", refuse)  # the second build must come from the file
    _same(_fresh(), reference)


def _garbage(path):
    path.write_bytes(b"not a numpy file")


def _truncated(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _empty(path):
    path.write_bytes(b"")


def _rewrite(path, **changes):
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays.update(changes)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def _one_count_changed(path):
    with np.load(path) as data:
        counts = data["class_counts"].copy()
    counts[1000, 2] += 1
    _rewrite(path, class_counts=counts)


def _class_out_of_range(path):
    with np.load(path) as data:
        classes = data["classes5"].copy()
    classes[5] = len(GAME.hands)  # a class the table does not have
    _rewrite(path, classes5=classes)


def _other_key(path):
    _rewrite(path, key=np.array('{"format": 0}'))


def _wrong_shape(path):
    with np.load(path) as data:
        counts = data["class_counts"][:-1]
    _rewrite(path, class_counts=counts)


def _negative(path):
    with np.load(path) as data:
        counts = data["class_counts"].copy()
    counts[7, 0] -= 5
    counts[7, 1] += 5
    _rewrite(path, class_counts=counts)


@pytest.mark.slow
@pytest.mark.parametrize("damage", [_garbage, _truncated, _empty, _one_count_changed, _class_out_of_range, _other_key,
                                    _wrong_shape, _negative])
def test_a_damaged_file_is_rebuilt_and_the_answer_is_the_same(cache, reference, damage):
    before = hint("As Ks Qs Js 9d", GAME).to_json()
    _fresh()
    path = tables_path(GAME)
    damage(path)
    _same(_fresh(), reference)
    game_tables.cache_clear()
    assert hint("As Ks Qs Js 9d", GAME).to_json() == before
    with np.load(path) as data:  # rewritten whole
        assert np.array_equal(data["class_counts"], reference[1])
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_old_files_are_pruned(cache, reference):
    _fresh()
    folder = tables_path(GAME).parent
    for i in range(MAX_TABLE_FILES + 3):
        (folder / f"old{i:02d}.npz").write_bytes(b"x")
    import os
    import time

    for i, p in enumerate(sorted(folder.glob("old*.npz"))):
        os.utime(p, (time.time() - 1000 + i, time.time() - 1000 + i))
    from holdwise.games.video_poker.store import save_tables

    save_tables(GAME, reference[0], reference[1])
    files = list(folder.glob("*.npz"))
    assert len(files) == MAX_TABLE_FILES and tables_path(GAME) in files


def test_a_cache_folder_that_cannot_be_written_costs_speed_not_answers(cache, reference, monkeypatch):
    from holdwise import storage

    def cannot(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(storage, "atomic_write", cannot)
    _same(_fresh(), reference)
    assert not tables_path(GAME).exists()


@pytest.mark.slow
@pytest.mark.parametrize("damage", [_garbage, _truncated, _other_key])
def test_distinct_deals_from_a_damaged_file_are_rebuilt_equal(cache, damage):
    from holdwise.games.video_poker import tables
    from holdwise.games.video_poker.store import deals_path

    reference = tables.build_distinct_deals(52)
    disk.stored_distinct_deals(52)
    damage(deals_path(52))
    deals, weights = disk.stored_distinct_deals(52)
    assert np.array_equal(deals, reference[0]) and np.array_equal(weights, reference[1])
    assert len(deals) == 134_459 and int(weights.sum()) == 2_598_960
    with np.load(deals_path(52)) as data:
        assert np.array_equal(data["deals"], reference[0])


def test_a_deals_file_with_a_changed_weight_fails_its_checksum(cache, monkeypatch):
    from holdwise.games.video_poker import tables
    from holdwise.games.video_poker.store import deals_path

    reference = disk.stored_distinct_deals(52)
    path = deals_path(52)
    with np.load(path) as data:
        weights = data["weights"].copy()
    weights[0] += 1
    weights[1] -= 1  # the sum still adds up: only the checksum sees it
    _rewrite(path, weights=weights)
    calls = []
    build = tables.build_distinct_deals
    monkeypatch.setattr(tables, "build_distinct_deals", lambda n: calls.append(n) or build(n))
    assert np.array_equal(disk.stored_distinct_deals(52)[1], reference[1]) and calls == [52]


@pytest.mark.parametrize("pays_dtype", [np.int64, np.float64])
def test_products_with_the_int32_table_equal_the_whole_int64_product(pays_dtype):
    from holdwise.games.video_poker.tables import pay_sums_of, row_totals

    rng = np.random.default_rng(5)
    counts = rng.integers(0, 2_900_000, size=(3 * (1 << 15) + 7, 9), dtype=np.int32)  # past two blocks
    pays = rng.integers(0, 4000, size=9).astype(pays_dtype)
    whole = counts.astype(np.int64) @ pays
    got = pay_sums_of(counts, pays)
    assert got.dtype == whole.dtype and np.array_equal(got, whole)
    per_row = rng.integers(-50_000, 50_000, size=len(counts), dtype=np.int64)
    assert np.array_equal(row_totals(per_row, counts), per_row @ counts.astype(np.int64))


def test_a_game_keeps_its_class_counts_as_int32(cache):
    tables = disk.game_tables(GAME)
    assert tables.class_counts.dtype == np.int32 and int(tables.class_counts.max()) > 1_000_000
