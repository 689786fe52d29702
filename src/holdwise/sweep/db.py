"""The results file: one SQLite database holding every sweep's definition and one row per item.

Layout (schema version `SCHEMA_VERSION`, kept in `PRAGMA user_version`; the file is marked as holdwise's by
`PRAGMA application_id`, so any other SQLite file, or a file that is not SQLite at all, is refused before it
is touched):

    sweeps(id, kind, definition, version, created, items, command)
        one row per sweep; (kind, definition) is unique: the definition is canonical JSON, so running the same
        command again finds the same sweep and resumes it
    rows_<kind>(sweep_id, key, <the kind's columns>)  primary key (sweep_id, key)
        one row per solved item, written one transaction per chunk: a killed client loses at most the chunks
        in flight and never leaves half a chunk. A kind adds new columns only at its end: a file written
        before them gains them when a sweep starts in it (NULL in its older rows)
    done_ranges(sweep_id, start, stop)  primary key (sweep_id, start)
        for a kind whose workers make their own items from index ranges (`solve_range`): the items start..stop-1
        are solved, written in the chunk's transaction. A sweep that keeps only some rows (`--only-...`) is
        resumed from these, since its rows do not say which items were solved

Reading for `show` goes through a read-only connection with an authorizer that lets a `--where` expression
read only the sweep's result columns and call only plain scalar functions: no writes, no other table, no
ATTACH, no PRAGMA.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import re
import sqlite3
import uuid
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from ..errors import InputError

__all__ = [
    "APPLICATION_ID", "DEFAULT_DB", "SCHEMA_VERSION", "canonical", "check_where", "check_writable", "count_done",
    "count_rows", "done_ranges", "existing_keys", "find_sweep", "insert_rows", "list_sweeps", "open_read",
    "open_write", "read_summary", "rows_table",
    "select_rows", "write_summary", "start_sweep", "sweep_id_of", "table_columns",
]

DEFAULT_DB = "holdwise-results.sqlite"
APPLICATION_ID = 0x486F6C64  # "Hold": marks the file as holdwise's results
SCHEMA_VERSION = 1
SQL_TYPES = ("REAL", "INTEGER", "TEXT")
BUSY_TIMEOUT_S = 30.0  # a reader waits this long for a writer's chunk transaction (milliseconds each)
WRITE_CACHE_KB = 65536  # the writer's page cache, 64 MB
IN_BATCH = 500  # keys per "key IN (...)" query: well under SQLite's bound-parameter limit
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_MAGIC = b"SQLite format 3\x00"

# functions a --where or --sort may call: plain scalar functions and the aggregates show itself uses
ALLOWED_FUNCTIONS = frozenset({
    "abs", "round", "min", "max", "coalesce", "ifnull", "iif", "nullif", "length", "lower", "upper", "substr",
    "substring", "instr", "trim", "ltrim", "rtrim", "replace", "like", "glob", "typeof", "printf", "format",
    "sign", "sqrt", "pow", "power", "exp", "ln", "log", "log10", "log2", "floor", "ceil", "ceiling", "mod",
    "count", "sum", "total", "avg",
})

_SCHEMA = """
CREATE TABLE sweeps (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    definition TEXT NOT NULL,
    version TEXT NOT NULL,
    created TEXT NOT NULL,
    items INTEGER NOT NULL,
    command TEXT,
    UNIQUE (kind, definition)
);
"""
# added after schema 1 first shipped: created where missing, so older files gain it and stay readable
_RANGES = """
CREATE TABLE IF NOT EXISTS done_ranges (
    sweep_id INTEGER NOT NULL REFERENCES sweeps (id),
    start INTEGER NOT NULL,
    stop INTEGER NOT NULL,
    PRIMARY KEY (sweep_id, start)
);
"""


def canonical(definition: dict) -> str:
    """A definition as canonical JSON: sorted keys, no spaces (the same question gives the same text)."""
    try:
        return json.dumps(definition, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as err:
        raise InputError(f"a sweep definition must be plain JSON: {err}") from None


def rows_table(kind_name: str) -> str:
    """The table of a kind's rows: "rows_dice_poker" for "dice-poker"."""
    name = "rows_" + str(kind_name).replace("-", "_")
    if not _IDENTIFIER.match(name):
        raise InputError(f"a sweep kind's name must be letters, digits, '-' and '_', got {kind_name!r}")
    return name


def _header(path: Path) -> tuple[int, int] | None:
    """(application_id, user_version) from a SQLite file's header, or None when it is not a SQLite file."""
    with open(path, "rb") as f:
        head = f.read(100)
    if len(head) < 100 or not head.startswith(_MAGIC):
        return None
    return int.from_bytes(head[68:72], "big"), int.from_bytes(head[60:64], "big")


def _check_file(path: Path) -> None:
    """Refuse, without touching it, a path that is a folder or a file that is not a holdwise results file."""
    if path.is_dir():
        raise InputError(f"{path} is a folder; --db needs a results file name")
    try:
        header = _header(path)
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    if header is None:
        raise InputError(f"{path} is not a holdwise results file (not an SQLite database)")
    app_id, version = header
    if app_id != APPLICATION_ID:
        raise InputError(f"{path} is an SQLite database but not a holdwise results file")
    if version != SCHEMA_VERSION:
        raise InputError(f"{path} is a holdwise results file of schema {version}; this holdwise reads "
                         f"schema {SCHEMA_VERSION}")


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, uri=uri, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _create(path: Path) -> None:
    """A new, empty results file at `path`: built under a temporary name and linked into place whole."""
    folder = path.parent
    tmp = folder / f".{path.name}.{uuid.uuid4().hex[:12]}.tmp"
    try:
        conn = _connect(str(tmp))
        try:
            conn.execute("BEGIN")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.executescript(_SCHEMA + _RANGES)  # commits the transaction
        finally:
            conn.close()
        try:
            os.link(tmp, path)  # never replaces a file another process created meanwhile
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: rename, as long as nothing is there yet
            if not path.exists():
                os.replace(tmp, path)
    except (OSError, sqlite3.Error) as err:
        message = getattr(err, "strerror", None) or str(err)
        raise InputError(f"cannot create {path}: {message}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def check_writable(path: str | os.PathLike) -> bool:
    """Refuse a path that cannot become or be a results file we may write, touching nothing; True if it exists."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        folder = path.parent
        if not folder.is_dir():
            raise InputError(f"cannot create {path}: folder {folder} does not exist")
        if not os.access(folder, os.W_OK):
            raise InputError(f"cannot create {path}: folder {folder} is read-only")
        return False
    _check_file(path)
    if not os.access(path, os.W_OK):
        raise InputError(f"cannot write {path}: the file is read-only")
    if not os.access(path.parent, os.W_OK):  # SQLite writes its journal beside the file
        raise InputError(f"cannot write {path}: folder {path.parent} is read-only")
    return True


def open_write(path: str | os.PathLike) -> sqlite3.Connection:
    """A read-write connection to the results file at `path`, created when missing; anything else refused."""
    path = Path(path)
    if not check_writable(path):
        _create(path)
        check_writable(path)
    try:
        conn = _connect(str(path))
        # a larger page cache: a sweep's rows arrive in any key order, so the key index is written all over
        conn.execute(f"PRAGMA cache_size = -{WRITE_CACHE_KB}")
        return conn
    except sqlite3.Error as err:
        raise InputError(f"cannot open {path}: {err}") from None


def open_read(path: str | os.PathLike) -> sqlite3.Connection:
    """A read-only connection to an existing results file (nothing is created or changed)."""
    path = Path(path)
    if not path.exists():
        raise InputError(f"no results file {path} (run a sweep first, or name one with --db)")
    _check_file(path)
    uri = path.absolute().as_uri() + "?mode=ro"
    try:
        conn = _connect(uri, uri=True)
        conn.execute("PRAGMA query_only = ON")
        conn.execute("SELECT count(*) FROM sweeps").fetchone()
    except sqlite3.OperationalError as err:
        if not Path(f"{path}-journal").exists():
            raise InputError(f"cannot read {path}: {err}") from None
        # a client killed mid-chunk left a hot journal, which only a writer may roll back: roll it back
        # (restoring the file as it was before that chunk), then read
        with contextlib.closing(open_write(path)) as rw:
            rw.execute("SELECT count(*) FROM sweeps").fetchone()
        conn = _connect(uri, uri=True)
        conn.execute("PRAGMA query_only = ON")
    return conn


def table_columns(conn: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    """(name, type) of a table's columns in order; empty when the table does not exist."""
    return [(row[1], row[2].upper()) for row in conn.execute(f"PRAGMA table_info({table})")]


def _ensure_table(conn: sqlite3.Connection, table: str, columns: Sequence) -> None:
    """Create a kind's rows table, or check that an existing one has the kind's columns: columns a kind added
    at its end since the file was written are added (NULL in the rows already there); anything else is refused.

    Runs inside the caller's transaction, so a failed check or ALTER leaves the file as it was."""
    wanted = [(c.name, c.sql_type.upper()) for c in columns]
    for name, sql_type in wanted:
        if not _IDENTIFIER.match(name) or name.lower() in ("sweep_id", "key"):
            raise InputError(f"bad result column name {name!r}")
        if sql_type not in SQL_TYPES:
            raise InputError(f"bad result column type {sql_type!r} of {name!r}")
    found = table_columns(conn, table)
    if not found:
        cols = ", ".join(f"{name} {sql_type}" for name, sql_type in wanted)
        conn.execute(f"CREATE TABLE {table} (sweep_id INTEGER NOT NULL REFERENCES sweeps (id), key TEXT NOT NULL, "
                     f"{cols}, PRIMARY KEY (sweep_id, key))")
        return
    full = [("sweep_id", "INTEGER"), ("key", "TEXT"), *wanted]
    # an older holdwise's table: the same columns, fewer of them (a kind's new columns come last)
    if not 2 < len(found) <= len(full) or found != full[:len(found)]:
        raise InputError(f"the results file's table {table} has other columns than this holdwise writes "
                         "(written by another version?); use another --db")
    for name, sql_type in full[len(found):]:
        conn.execute(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}")


def sweep_id_of(conn: sqlite3.Connection, kind_name: str, definition: dict) -> int | None:
    """The id of the sweep (kind, definition), or None when the file has no such sweep."""
    row = conn.execute("SELECT id FROM sweeps WHERE kind = ? AND definition = ?",
                       (kind_name, canonical(definition))).fetchone()
    return None if row is None else int(row[0])


def find_sweep(conn: sqlite3.Connection, sweep_id: int) -> dict | None:
    """One sweep's row as a dict (definition parsed), or None."""
    row = conn.execute("SELECT id, kind, definition, version, created, items, command FROM sweeps WHERE id = ?",
                       (int(sweep_id),)).fetchone()
    return None if row is None else _sweep_dict(row)


def _sweep_dict(row: tuple) -> dict:
    keys = ("id", "kind", "definition", "version", "created", "items", "command")
    out = dict(zip(keys, row, strict=True))
    out["definition"] = json.loads(out["definition"])
    return out


def start_sweep(conn: sqlite3.Connection, kind_name: str, columns: Sequence, definition: dict, items: int,
                version: str, command: str | None = None) -> tuple[int, bool]:
    """The id of the sweep (kind, definition), created with its rows table when new: (id, created)."""
    text = canonical(definition)
    table = rows_table(kind_name)
    conn.execute("BEGIN IMMEDIATE")
    try:
        _ensure_table(conn, table, columns)
        conn.execute(_RANGES)
        row = conn.execute("SELECT id FROM sweeps WHERE kind = ? AND definition = ?", (kind_name, text)).fetchone()
        if row is not None:
            conn.execute("COMMIT")
            return int(row[0]), False
        created = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        cur = conn.execute("INSERT INTO sweeps (kind, definition, version, created, items, command) "
                           "VALUES (?, ?, ?, ?, ?, ?)", (kind_name, text, version, created, int(items), command))
        conn.execute("COMMIT")
        sweep_id = cur.lastrowid
        assert sweep_id is not None  # an INSERT sets it
        return sweep_id, True
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def count_rows(conn: sqlite3.Connection, kind_name: str, sweep_id: int) -> int:
    """How many rows a sweep has."""
    table = rows_table(kind_name)
    if not table_columns(conn, table):
        return 0
    return int(conn.execute(f"SELECT count(*) FROM {table} WHERE sweep_id = ?", (sweep_id,)).fetchone()[0])


def done_ranges(conn: sqlite3.Connection, sweep_id: int) -> list[tuple[int, int]]:
    """The index ranges (start, stop) of a sweep's solved items, in order; empty when none are recorded."""
    if not table_columns(conn, "done_ranges"):
        return []
    return [(int(a), int(b)) for a, b in conn.execute(
        "SELECT start, stop FROM done_ranges WHERE sweep_id = ? ORDER BY start", (sweep_id,))]


def count_done(conn: sqlite3.Connection, kind_name: str, sweep_id: int) -> int:
    """How many of a sweep's items are solved: the items of its done ranges, or else its rows."""
    ranges = done_ranges(conn, sweep_id)
    return sum(b - a for a, b in ranges) if ranges else count_rows(conn, kind_name, sweep_id)


def existing_keys(conn: sqlite3.Connection, kind_name: str, sweep_id: int, keys: Sequence[str]) -> set[str]:
    """Which of `keys` the sweep already has (asked in batches, so memory stays bounded)."""
    table = rows_table(kind_name)
    found: set[str] = set()
    for start in range(0, len(keys), IN_BATCH):
        batch = list(keys[start:start + IN_BATCH])
        marks = ", ".join("?" * len(batch))
        found.update(k for (k,) in conn.execute(
            f"SELECT key FROM {table} WHERE sweep_id = ? AND key IN ({marks})", (sweep_id, *batch)))
    return found


def insert_rows(conn: sqlite3.Connection, kind_name: str, column_names: Sequence[str], sweep_id: int,
                keys: Sequence[str] | None, rows: Iterable[Sequence], span: tuple[int, int] | None = None) -> int:
    """One chunk's rows in one transaction; a key already there is kept as it is. Returns rows added.

    `keys` None: each row starts with its key. `span` (start, stop): the chunk's item range, recorded as done in
    the same transaction.
    """
    table = rows_table(kind_name)
    names = ", ".join(["sweep_id", "key", *column_names])
    # the sweep's id as a literal (an int): one value fewer to bind per row
    marks = ", ".join([str(int(sweep_id)), *"?" * (len(column_names) + 1)])
    conn.execute("BEGIN IMMEDIATE")
    try:
        before = conn.total_changes
        conn.executemany(f"INSERT OR IGNORE INTO {table} ({names}) VALUES ({marks})",
                         rows if keys is None else ((key, *row) for key, row in zip(keys, rows, strict=True)))
        added = conn.total_changes - before
        if span is not None:
            conn.execute("INSERT INTO done_ranges (sweep_id, start, stop) VALUES (?, ?, ?)",
                         (sweep_id, int(span[0]), int(span[1])))
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return added


_SUMMARIES = """
CREATE TABLE IF NOT EXISTS sweep_summaries (
    sweep_id INTEGER PRIMARY KEY REFERENCES sweeps (id),
    summary TEXT NOT NULL,
    written TEXT NOT NULL
);
"""


def write_summary(conn: sqlite3.Connection, sweep_id: int, summary: dict) -> None:
    """A finished sweep's summary (plain JSON: a ranking and its proof), written once its last stage is done."""
    text = canonical(summary)
    written = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(_SUMMARIES)
        conn.execute("INSERT OR REPLACE INTO sweep_summaries (sweep_id, summary, written) VALUES (?, ?, ?)",
                     (int(sweep_id), text, written))
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def read_summary(conn: sqlite3.Connection, sweep_id: int) -> dict | None:
    """A sweep's summary, or None when it has none (not finished, or a kind without one)."""
    if not table_columns(conn, "sweep_summaries"):
        return None
    row = conn.execute("SELECT summary FROM sweep_summaries WHERE sweep_id = ?", (int(sweep_id),)).fetchone()
    return None if row is None else json.loads(row[0])


def list_sweeps(conn: sqlite3.Connection) -> list[dict]:
    """Every sweep in the file with `done`, its number of rows, oldest first."""
    out = []
    for row in conn.execute("SELECT id, kind, definition, version, created, items, command FROM sweeps ORDER BY id"):
        sweep = _sweep_dict(row)
        sweep["rows"] = count_rows(conn, sweep["kind"], sweep["id"])
        sweep["done"] = count_done(conn, sweep["kind"], sweep["id"])
        out.append(sweep)
    return out


def check_where(text: str) -> str:
    """A `--where` expression checked to stay one expression: no ';', no comment, parentheses balanced.

    String literals and quoted names are skipped; the authorizer decides what the expression may read.
    """
    text = str(text).strip()
    if not text:
        raise InputError("--where is empty")
    if "\x00" in text:
        raise InputError("--where contains a NUL character")
    depth, i, n = 0, 0, len(text)
    closers = {"'": "'", '"': '"', "`": "`", "[": "]"}
    while i < n:
        ch = text[i]
        if ch in closers:
            end = text.find(closers[ch], i + 1)
            if end < 0:
                raise InputError(f"bad --where: unclosed {ch}")
            i = end + 1
            continue
        if ch == ";" or text.startswith(("--", "/*"), i):
            raise InputError("bad --where: one expression, without ';' or comments")
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise InputError("bad --where: a ')' without its '('")
        i += 1
    if depth:
        raise InputError("bad --where: a '(' without its ')'")
    return text


def _authorizer(table: str, columns: set[str], denied: list[str]):
    """The callback that lets a query read only `columns` of `table` and call only ALLOWED_FUNCTIONS."""

    def authorize(action: int, arg1: str | None, arg2: str | None, db_name: str | None, source: str | None) -> int:
        if action == sqlite3.SQLITE_SELECT:
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_READ:
            if arg1 == table and (arg2 or "").lower() in columns:
                return sqlite3.SQLITE_OK
            denied.append(f"reading {arg1}.{arg2}" if arg2 else f"reading {arg1}")
            return sqlite3.SQLITE_DENY
        if action == sqlite3.SQLITE_FUNCTION:
            if (arg2 or "").lower() in ALLOWED_FUNCTIONS:
                return sqlite3.SQLITE_OK
            denied.append(f"the function {arg2}()")
            return sqlite3.SQLITE_DENY
        denied.append("anything but reading the sweep's columns")
        return sqlite3.SQLITE_DENY

    return authorize


def select_rows(conn: sqlite3.Connection, kind_name: str, sweep_id: int, where: str | None = None,
                sort: str | None = None, descending: bool = True,
                top: int | None = None) -> tuple[list[str], int, Iterator[tuple]]:
    """A sweep's rows: (column names, how many match, an iterator of rows (key first)), filtered by the SQL
    expression `where` over the columns, sorted by `sort` (default: key), at most `top`."""
    table = rows_table(kind_name)
    names = [name for name, _ in table_columns(conn, table)][2:]
    allowed = {"key", "sweep_id", *(n.lower() for n in names)}
    condition = "sweep_id = ?"
    if where is not None:
        # the expression on lines of its own, inside parentheses it cannot close (check_where)
        condition += f" AND (\n{check_where(where)}\n)"
    order = "key"
    if sort is not None:
        if sort.lower() not in allowed - {"sweep_id"}:
            raise InputError(f"--sort must be one of the columns: {', '.join(['key', *names])}; got {sort!r}")
        order = f"{sort} {'DESC' if descending else 'ASC'}, key"
    select = f"SELECT {', '.join(['key', *names])} FROM {table} WHERE {condition} ORDER BY {order}"
    params: list = [sweep_id]
    if top is not None:
        select += " LIMIT ?"
        params.append(int(top))
    denied: list[str] = []
    conn.set_authorizer(_authorizer(table, allowed, denied))
    try:
        matched = int(conn.execute(f"SELECT count(*) FROM {table} WHERE {condition}", (sweep_id,)).fetchone()[0])
        cursor = conn.execute(select, params)
    except sqlite3.Error as err:
        conn.set_authorizer(None)
        reason = f"not allowed: {denied[0]}" if denied else " ".join(str(err).split())
        raise InputError(f"bad --where: {reason}") from None
    return ["key", *names], matched, _drain(conn, cursor)


def _drain(conn: sqlite3.Connection, cursor: sqlite3.Cursor) -> Iterator[tuple]:
    try:
        yield from cursor
    except sqlite3.Error as err:  # an error only evaluation finds (e.g. a type mismatch in a function)
        raise InputError(f"bad --where: {' '.join(str(err).split())}") from None
    finally:
        conn.set_authorizer(None)
