"""The results file: marked as holdwise's, one sweep per definition, one row per key, chunks written whole,
and `show`'s read-only, column-only access for `--where`."""

from __future__ import annotations

import contextlib
import os
import sqlite3

import pytest

from holdwise import InputError, sweep
from holdwise.sweep import db
from holdwise.sweep.kind import Column
from holdwise.sweep.kinds import video_poker

from . import fake_kind
from .conftest import file_rows, integrity, read_only

DEFINITION = fake_kind.definition(n=30)


def _state(path):
    """What a test can see of a file: its bytes and its modification time (None when missing)."""
    if not os.path.exists(path):
        return None
    return open(path, "rb").read(), os.stat(path).st_mtime_ns


def _filled(tmp_path, n: int = 30):
    """A results file with one fake sweep of n items, written chunk by chunk as the engine does."""
    path = tmp_path / "results.sqlite"
    definition = fake_kind.definition(n=n)
    with contextlib.closing(db.open_write(path)) as conn:
        sweep_id, _ = db.start_sweep(conn, fake_kind.NAME, fake_kind.COLUMNS, definition, n, "test")
        pairs = list(fake_kind.items(definition))
        for start in range(0, n, 7):
            chunk = pairs[start:start + 7]
            rows = [tuple(int(v) if isinstance(v, bool) else v for v in r.values())
                    for r in fake_kind.solve(definition, [item for _, item in chunk])]
            db.insert_rows(conn, fake_kind.NAME, [c.name for c in fake_kind.COLUMNS], sweep_id,
                           [key for key, _ in chunk], rows)
    return path, sweep_id


def test_a_new_file_is_marked_as_holdwise_results(tmp_path):
    path = tmp_path / "new.sqlite"
    db.open_write(path).close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == db.APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
        assert conn.execute("SELECT count(*) FROM sweeps").fetchone()[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.sqlite"]  # no temporary file left


def test_the_same_definition_is_the_same_sweep(tmp_path, fake):
    path = tmp_path / "r.sqlite"
    with contextlib.closing(db.open_write(path)) as conn:
        first = db.start_sweep(conn, fake.NAME, fake.COLUMNS, {"n": 3, "sleep": 0.0}, 3, "v")
        again = db.start_sweep(conn, fake.NAME, fake.COLUMNS, {"sleep": 0.0, "n": 3}, 3, "v")  # keys reordered
        other = db.start_sweep(conn, fake.NAME, fake.COLUMNS, {"n": 4, "sleep": 0.0}, 4, "v")
    assert first == (1, True) and again == (1, False) and other == (2, True)


def test_rows_are_written_once_per_key(tmp_path, fake):
    path, sweep_id = _filled(tmp_path)
    names = [c.name for c in fake.COLUMNS]
    with contextlib.closing(db.open_write(path)) as conn:
        # a chunk that comes back twice (a retry) adds nothing and changes nothing
        added = db.insert_rows(conn, fake.NAME, names, sweep_id, ["x0000001"], [(1, 999, 0.0, 1, "changed")])
        assert added == 0
        assert db.count_rows(conn, fake.NAME, sweep_id) == 30
        assert db.existing_keys(conn, fake.NAME, sweep_id, ["x0000001", "x0000029", "x0000030", "nope"]) == \
            {"x0000001", "x0000029"}
    assert file_rows(path) == fake.expected(DEFINITION)
    assert integrity(path) == "ok"


def test_a_failed_chunk_leaves_nothing(tmp_path, fake):
    path, sweep_id = _filled(tmp_path, n=5)
    names = [c.name for c in fake.COLUMNS]
    with contextlib.closing(db.open_write(path)) as conn:
        good = (9, 81, 3.0, 1, "nine")
        with pytest.raises(sqlite3.Error):
            db.insert_rows(conn, fake.NAME, names, sweep_id, ["a", "b"], [good, (1, 2)])  # the 2nd row is short
        assert db.existing_keys(conn, fake.NAME, sweep_id, ["a", "b"]) == set()
    assert integrity(path) == "ok"


def test_a_chunk_with_its_range_is_one_transaction(tmp_path, fake):
    path, sweep_id = _filled(tmp_path, n=5)
    names = [c.name for c in fake.COLUMNS]
    with contextlib.closing(db.open_write(path)) as conn:
        with pytest.raises(sqlite3.Error):  # rows fine, the range clashes with one recorded: nothing is kept
            db.insert_rows(conn, fake.NAME, names, sweep_id, None, [("k", 9, 81, 3.0, 1, "nine")], span=(0, 1))
            db.insert_rows(conn, fake.NAME, names, sweep_id, None, [("l", 9, 81, 3.0, 1, "nine")], span=(0, 2))
        assert db.existing_keys(conn, fake.NAME, sweep_id, ["k", "l"]) == {"k"}
        assert db.done_ranges(conn, sweep_id) == [(0, 1)]
        assert db.count_done(conn, fake.NAME, sweep_id) == 1  # the ranges count, not the 6 rows
    assert integrity(path) == "ok"


def test_a_file_written_before_done_ranges_is_read_and_gains_the_table(tmp_path, fake):
    path, sweep_id = _filled(tmp_path, n=5)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("DROP TABLE done_ranges")
        conn.commit()
    listed = sweep.list_sweeps(path).sweeps
    assert [(s.done, s.rows) for s in listed] == [(5, 5)]  # read-only: no ranges table, done counts rows
    with contextlib.closing(db.open_write(path)) as conn:
        db.start_sweep(conn, fake.NAME, fake.COLUMNS, fake.definition(n=5), 5, "test")
        assert db.table_columns(conn, "done_ranges")
    assert integrity(path) == "ok"


OLD_VIDEO_POKER = video_poker.COLUMNS[:-len(video_poker.LATER_HANDS)]  # test_kinds pins these names


def _old_video_poker_file(tmp_path, columns=OLD_VIDEO_POKER):
    """A results file as holdwise wrote it before the extra-ace deck's columns: one video-poker sweep, one row."""
    path = tmp_path / "old.sqlite"
    with contextlib.closing(db.open_write(path)) as conn:
        sweep_id, _ = db.start_sweep(conn, video_poker.NAME, columns, {"old": 1}, 1, "old")
        row = {c.name: None for c in columns} | {"return": 0.99, "return_exact": "99/100", "game": "g", "flush": 6.0}
        db.insert_rows(conn, video_poker.NAME, list(row), sweep_id, ["flush=6"], [tuple(row.values())])
    return path, sweep_id


def test_a_file_written_before_new_columns_gains_them_and_a_new_sweep_writes_into_it(tmp_path):
    path, old_id = _old_video_poker_file(tmp_path)
    assert sweep.show_rows(path, old_id).columns[-1] == "royal_flush_5_coins"  # read as it is, untouched
    names = [c.name for c in video_poker.COLUMNS]
    before = _state(path)
    with contextlib.closing(db.open_write(path)) as conn, pytest.raises(ValueError):
        # a start that fails after the columns are added (its count is no number) takes them back with it
        db.start_sweep(conn, video_poker.NAME, video_poker.COLUMNS, {"new": 1}, "many", "new")
    assert _state(path) == before
    with contextlib.closing(db.open_write(path)) as conn:
        new_id, created = db.start_sweep(conn, video_poker.NAME, video_poker.COLUMNS, {"new": 1}, 1, "new")
        assert created and db.table_columns(conn, "rows_video_poker")[-3:] == \
            [("royal_flush_5_coins", "REAL"), ("five_aces", "REAL"), ("aces_or_better", "REAL")]
        row = {n: None for n in names} | {"return": 0.98, "return_exact": "49/50", "game": "a", "five_aces": 800.0,
                                          "aces_or_better": 1.0}
        assert db.insert_rows(conn, video_poker.NAME, names, new_id, ["five_aces=800"], [tuple(row.values())]) == 1
        assert db.start_sweep(conn, video_poker.NAME, video_poker.COLUMNS, {"old": 1}, 1, "v") == (old_id, False)
    old = sweep.show_rows(path, old_id).rows
    assert [(r["key"], r["return"], r["flush"], r["five_aces"], r["aces_or_better"]) for r in old] == \
        [("flush=6", 0.99, 6.0, None, None)]
    new = sweep.show_rows(path, new_id, where="five_aces > 700").rows
    assert [(r["key"], r["return_exact"], r["five_aces"], r["aces_or_better"]) for r in new] == \
        [("five_aces=800", "49/50", 800.0, 1.0)]
    assert integrity(path) == "ok"


def _changed(columns, name, sql_type):
    return tuple(Column(c.name, sql_type, c.doc) if c.name == name else c for c in columns)


@pytest.mark.parametrize("columns", [
    _changed(OLD_VIDEO_POKER, "flush", "TEXT"),  # a type
    tuple(c for c in OLD_VIDEO_POKER if c.name != "straight"),  # one missing in the middle
    (*OLD_VIDEO_POKER, video_poker.COLUMNS[-1]),  # a new one without the one before it
    (*video_poker.COLUMNS, Column("later", "REAL", "a newer holdwise's")),  # more than this holdwise writes
], ids=["type", "missing", "skipped", "more"])
def test_a_table_that_is_not_an_older_prefix_is_refused_untouched(tmp_path, columns):
    path, _ = _old_video_poker_file(tmp_path, columns)
    before = _state(path)
    with contextlib.closing(db.open_write(path)) as conn, pytest.raises(InputError, match="other columns"):
        db.start_sweep(conn, video_poker.NAME, video_poker.COLUMNS, {"new": 1}, 1, "new")
    assert _state(path) == before


@pytest.mark.parametrize("content", [b"", b"hello, this is a text file\n" * 10, b"SQLite format 3\x00short"],
                         ids=["empty", "text", "truncated"])
def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path, content):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(content)
    before = _state(path)
    for call in (db.open_write, db.open_read, sweep.list_sweeps):
        with pytest.raises(InputError, match="not a holdwise results file") as err:
            call(path)
        assert "\n" not in str(err.value)
    assert _state(path) == before


def test_another_sqlite_file_is_refused_untouched(tmp_path):
    path = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE sweeps (id INTEGER)")
        conn.commit()
    before = _state(path)
    for call in (db.open_write, db.open_read):
        with pytest.raises(InputError, match="SQLite database but not a holdwise results file"):
            call(path)
    assert _state(path) == before


def test_another_schema_version_is_refused(tmp_path):
    path = tmp_path / "r.sqlite"
    db.open_write(path).close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA user_version = 99")
    before = _state(path)
    with pytest.raises(InputError, match="schema 99"):
        db.open_write(path)
    assert _state(path) == before


def test_a_folder_or_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        db.open_write(tmp_path)
    with pytest.raises(InputError, match="does not exist"):
        db.open_write(tmp_path / "missing" / "r.sqlite")
    assert list(tmp_path.iterdir()) == []


def test_a_path_that_cannot_be_written_is_refused():
    # /proc/self takes no new files, even for root
    with pytest.raises(InputError, match="cannot create"):
        db.open_write("/proc/self/holdwise-results.sqlite")


def test_read_only_file_and_folder_are_refused_untouched(tmp_path):
    path, _ = _filled(tmp_path, n=3)
    before = _state(path)
    with read_only(path), pytest.raises(InputError, match="cannot write .*: the file is read-only"):
        db.open_write(path)
    assert _state(path) == before
    folder = tmp_path / "locked"
    folder.mkdir()
    with read_only(folder), pytest.raises(InputError, match="cannot create .*: folder .* is read-only"):
        db.open_write(folder / "r.sqlite")
    assert list(folder.iterdir()) == []


def test_a_table_with_other_columns_is_refused(tmp_path, fake):
    path = tmp_path / "r.sqlite"
    with contextlib.closing(db.open_write(path)) as conn:
        db.start_sweep(conn, fake.NAME, fake.COLUMNS, {"n": 1}, 1, "v")
        with pytest.raises(InputError, match="other columns"):
            db.start_sweep(conn, fake.NAME, fake.COLUMNS[:-1], {"n": 2}, 2, "v")
        assert db.sweep_id_of(conn, fake.NAME, {"n": 2}) is None


def test_show_filters_sorts_and_counts(tmp_path):
    path, sweep_id = _filled(tmp_path)
    result = sweep.show_rows(path, sweep_id, where="odd and square between 100 and 500", sort="root", top=3)
    assert result.matched == 6  # 11, 13, ..., 21
    assert [r["x"] for r in result.rows] == [21, 19, 17]
    ascending = sweep.show_rows(path, sweep_id, where="label like 'two%'", sort="x", descending=False)
    assert [r["x"] for r in ascending.rows] == [2, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]
    assert sweep.show_rows(path, sweep_id).columns == ("key", "x", "square", "root", "odd", "label")
    everything = sweep.show_rows(path, sweep_id)
    assert [tuple(r.values()) for r in everything.rows] == fake_kind.expected(DEFINITION)
    assert everything.to_json()["rows"][3] == {"key": "x0000003", "x": 3, "square": 9, "root": 3 ** 0.5, "odd": 1,
                                               "label": "three"}


@pytest.mark.parametrize("where, reason", [
    ("(select count(*) from sweeps) > 0", "not allowed: reading sweeps"),
    ("x in (select id from sweeps)", "not allowed: reading sweeps"),
    ("x > (select count(name) from sqlite_master)", "not allowed: reading sqlite_master"),
    ("load_extension('evil') is null", "not allowed: the function load_extension()"),
    ("randomblob(4) is not null", "not allowed: the function randomblob()"),
    ("1; drop table sweeps", "without ';' or comments"),
    ("1 -- the rest", "without ';' or comments"),
    ("1 /* the rest", "without ';' or comments"),
    ("0) or (1", "a ')' without its '('"),
    ("(x > 1", "a '(' without its ')'"),
    ("label = 'open", "unclosed '"),
    ("x >", "syntax error"),
    ("no_such_column > 1", "no such column"),
    ("", "empty"),
])
def test_a_bad_where_is_one_line_and_changes_nothing(tmp_path, where, reason):
    path, sweep_id = _filled(tmp_path, n=5)
    before = _state(path)
    with pytest.raises(InputError, match="where") as err:
        sweep.show_rows(path, sweep_id, where=where)
    assert reason in str(err.value) and "\n" not in str(err.value)
    assert _state(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.sqlite"]
    assert sweep.show_rows(path, sweep_id, where="x < 2").matched == 2  # the file still reads


def test_quoted_text_in_where_is_not_taken_for_syntax(tmp_path):
    path, sweep_id = _filled(tmp_path, n=12)
    assert sweep.show_rows(path, sweep_id, where="label <> 'a); -- /*' and label = 'one-one'").matched == 1


def test_show_refuses_an_unknown_sweep_or_column(tmp_path):
    path, _ = _filled(tmp_path, n=3)
    with pytest.raises(InputError, match="no sweep 7 in .*; it has: 1"):
        sweep.show_rows(path, 7)
    with pytest.raises(InputError, match="by its number"):
        sweep.show_rows(path, "first")
    with pytest.raises(InputError, match="--sort must be one of the columns"):
        sweep.show_rows(path, 1, sort="sweeps")
    with pytest.raises(InputError, match="--top"):
        sweep.show_rows(path, 1, top=0)


def test_show_of_a_missing_file_creates_nothing(tmp_path):
    with pytest.raises(InputError, match="no results file"):
        sweep.list_sweeps(tmp_path / db.DEFAULT_DB)
    assert list(tmp_path.iterdir()) == []


def test_list_and_plot(tmp_path, fake):
    path, sweep_id = _filled(tmp_path, n=4)
    listing = sweep.list_sweeps(path)
    assert [(s.id, s.kind, s.items, s.done) for s in listing.sweeps] == [(sweep_id, fake.NAME, 4, 4)]
    result = sweep.show_rows(path, sweep_id, where="x > 1")
    sweep.plot_rows(result, tmp_path / "fig.png")
    assert (tmp_path / "fig.png").read_text() == "2 rows\n"  # the kind's plot drew the rows asked for
    with pytest.raises(InputError, match=".png or .svg"):
        sweep.plot_rows(result, tmp_path / "fig.pdf")
    with pytest.raises(InputError, match="does not exist"):
        sweep.plot_rows(result, tmp_path / "nope" / "fig.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fig.png", "results.sqlite"]


DIE_MID_CHUNK = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size = 2")  # pages spill to the file mid-transaction: the journal turns hot
conn.execute("BEGIN IMMEDIATE")
conn.executemany("INSERT INTO rows_fake_squares VALUES (1, ?, 0, 0, 0.0, 0, 'half')",
                 ((f"y{i:07d}",) for i in range(20000)))
os._exit(0)  # killed mid-chunk: no commit, no rollback
"""


def test_a_chunk_cut_off_by_a_killed_client_leaves_no_row(tmp_path):
    import subprocess
    import sys

    path, sweep_id = _filled(tmp_path, n=10)
    subprocess.run([sys.executable, "-c", DIE_MID_CHUNK, str(path)], check=True)
    assert (tmp_path / "results.sqlite-journal").exists()  # hot: only a writer may roll it back
    shown = sweep.show_rows(path, sweep_id)  # show rolls the cut-off chunk back, then reads
    assert [tuple(r.values()) for r in shown.rows] == fake_kind.expected(fake_kind.definition(n=10))
    assert integrity(path) == "ok"
    assert len(file_rows(path)) == 10
