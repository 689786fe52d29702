"""What video poker keeps on disk: a game's exact return table and its strategy report, computed once; and the
deck-level tables of a set of pay classes (every final hand's class, the class counts of every smaller card
set), which a fresh process reads instead of classifying 2.6 million hands.

A fairness page lists every game's return at 5 coins and at 1-4 coins, and a strategy page each game's derived
chart with its cost curve (about half a minute a game): both are solved once and kept as JSON under
`cache_dir("video-poker")`, named by a hash of what they depend on (the format, holdwise's version, the kind
of answer, the pay table in full and the coins). A file is trusted only when its recorded key matches and its
figures have the expected shape; otherwise it is computed again. One process computes a key at a time (a
file lock); the others wait and then read its file.

A game's solve at a bet (its final-hand class counts over every deal, `solver.stored_solve`) is kept beside them
as JSON with a checksum (`load_solve`, `save_solve`): a fresh `video-poker return` reads it and runs no kernel.

A strategy report as `holdwise video-poker strategy` prints it (`strategy_answer`) is kept the same way, per
question: the pay table in full, the coins, --lines, --curve and the number of error groups. The default
question of each shipped game (5 coins, no --lines, no --curve, 10 error groups) ships inside the package
(`data/strategy/<game>.json`, written by `tools/ship_strategy.py`), so even a first run after install answers
it without compiling a kernel. Both are read only when their key matches exactly (a changed pay table or
holdwise version computes again), their checksum holds and their JSON reads back into the same report.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ... import __version__
from ...errors import InputError
from ...storage import (
    cache_dir,
    exclusive,
    load_arrays,
    prune,
    read_json,
    save_arrays,
    write_json,
)
from .paytables import PayTable, resolve_game, table_to_json

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .strategy import ChartReport

__all__ = [
    "FORMAT", "KINDS", "MAX_REPORT_FILES", "MAX_SOLVE_FILES", "MAX_TABLE_FILES", "SOURCES", "TABLES_FORMAT",
    "deals_path", "is_stored",
    "load_deals", "load_solve", "load_strategy_report", "load_tables", "report_file", "report_key", "report_path",
    "save_deals", "save_solve", "save_strategy_report", "save_tables", "shipped_report", "solve_path", "stored",
    "stored_path", "stored_return", "stored_strategy", "strategy_answer", "tables_path",
]

FORMAT = 1  # bump when an answer's JSON changes meaning: old files stop matching their key
KINDS = ("return", "strategy")

Progress = Callable[[int, int], None]


def _key(kind: str, table: PayTable, coins: int) -> str:
    return json.dumps({"format": FORMAT, "version": __version__, "kind": kind, "table": table_to_json(table),
                       "coins": int(coins)}, sort_keys=True)


def stored_path(kind: str, table: PayTable, coins: int) -> Path:
    """The file that holds (or will hold) an answer."""
    name = hashlib.sha256(_key(kind, table, coins).encode()).hexdigest()[:32]
    return cache_dir("video-poker") / f"{kind}-{name}.json"


def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _valid(kind: str, value: object, table: PayTable, coins: int) -> bool:
    """Does a loaded answer have the shape its kind has (for this game and bet)?"""
    if not isinstance(value, dict) or value.get("paytable") != table.id or value.get("coins") != coins:
        return False
    if not _number(value.get("return")) or not 0 <= value["return"] < 1000:
        return False
    if not isinstance(value.get("return_exact"), str):
        return False
    rows = value.get("table")
    if kind == "return":
        return (isinstance(rows, list) and len(rows) == len(table.hands)
                and all(isinstance(r, dict) and isinstance(r.get("combinations"), int) for r in rows)
                and sum(r["combinations"] for r in rows) == value.get("total_combinations"))
    lines = value.get("lines")
    curve = value.get("curve")
    return (isinstance(lines, list) and len(lines) > 0 and all(isinstance(ln, dict) and "text" in ln for ln in lines)
            and isinstance(curve, list) and all(isinstance(p, dict) and _number(p.get("return")) for p in curve)
            and isinstance(value.get("chart_text"), str))


def _compute(kind: str, table: PayTable, coins: int, progress: Progress | None) -> dict:
    if kind == "return":
        from .analysis import game_return

        return game_return(table, coins, exact=True, progress=progress).to_json()
    from .strategy import strategy_report

    return strategy_report(table, coins, curve=True, progress=progress).to_json()


def _load(path: Path, key: str, kind: str, table: PayTable, coins: int) -> dict | None:
    data = read_json(path)
    if isinstance(data, dict) and data.get("key") == key and _valid(kind, data.get("value"), table, coins):
        return data["value"]
    return None


def is_stored(kind: str, game: str | PayTable, coins: int, paytable_file: str | Path | None = None) -> bool:
    """Is a valid answer on disk (so `stored` answers without computing)?"""
    table = resolve_game(game, paytable_file)
    return _load(stored_path(kind, table, coins), _key(kind, table, coins), kind, table, coins) is not None


def stored(kind: str, game: str | PayTable, coins: int, progress: Progress | None = None,
           paytable_file: str | Path | None = None) -> dict:
    """The answer of `kind` ("return": `game_return(exact=True)`, "strategy": `strategy_report(curve=True)`)
    as its JSON, from disk when a valid file is there, else computed and written (atomically)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    table = resolve_game(game, paytable_file)
    key = _key(kind, table, coins)
    path = stored_path(kind, table, coins)
    value = _load(path, key, kind, table, coins)
    if value is not None:
        return value
    with exclusive(path.with_suffix(".lock")):
        value = _load(path, key, kind, table, coins)  # another process may have written it while we waited
        if value is None:
            value = _compute(kind, table, coins, progress)
            write_json(path, {"key": key, "value": value})
    return value


def stored_return(game: str | PayTable, coins: int, progress: Progress | None = None,
                  paytable_file: str | Path | None = None) -> dict:
    """`holdwise video-poker return --exact --json` of a game at a bet, kept on disk."""
    return stored("return", game, coins, progress, paytable_file)


def stored_strategy(game: str | PayTable, coins: int, progress: Progress | None = None,
                    paytable_file: str | Path | None = None) -> dict:
    """`holdwise video-poker strategy --curve --json` of a game at a bet (the derived basic chart, its costliest
    exceptions and the cost curve of 1-40 lines), kept on disk."""
    return stored("strategy", game, coins, progress, paytable_file)


# ---- a game's solve ------------------------------------------------------------------------------------------


def _solve_key(table: PayTable, coins: int) -> str:
    return _key("solve", table, coins)


def solve_path(table: PayTable, coins: int) -> Path:
    """The file of a game's solve at a bet."""
    return stored_path("solve", table, coins)


def _solve_digest(key: str, combinations: list) -> str:
    return hashlib.sha256(json.dumps([key, combinations]).encode()).hexdigest()


def load_solve(table: PayTable, coins: int, valid: Callable[[list[int]], bool]) -> list[int] | None:
    """The final-hand class counts of a game's solve at a bet from disk, or None (missing, unreadable, of another
    key, changed since written (checksum) or refused by `valid`)."""
    key = _solve_key(table, coins)
    try:
        data = read_json(solve_path(table, coins))
    except OSError:  # no cache folder can be made: nothing is kept
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    combinations = data.get("combinations")
    if (not isinstance(combinations, list) or not combinations
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in combinations)
            or data.get("digest") != _solve_digest(key, combinations) or not valid(combinations)):
        return None
    return combinations


MAX_SOLVE_FILES = 256  # a few KB each; the least recently used beyond this are deleted


def save_solve(table: PayTable, coins: int, combinations: list[int]) -> None:
    """Keep a game's solve at a bet (atomically; a cache folder that cannot be written costs speed, not answers)."""
    key = _solve_key(table, coins)
    combinations = [int(c) for c in combinations]
    with contextlib.suppress(OSError):
        path = solve_path(table, coins)
        write_json(path, {"key": key, "combinations": combinations, "digest": _solve_digest(key, combinations)})
        prune(path.parent, "solve-*.json", MAX_SOLVE_FILES)  # a sweep over pay tables writes thousands


# ---- deck-level tables ---------------------------------------------------------------------------------------

TABLES_FORMAT = 1  # bump when the arrays' meaning or layout changes
MAX_TABLE_FILES = 12  # about 15 MB each (52 cards, 10 classes); the least recently used beyond this are deleted

Arrays = dict[str, np.ndarray]


def _tables_key(table: PayTable) -> str:
    """What the tables depend on: the deck, the pay classes (kinds, in order) and the wild cards; not the pays."""
    return json.dumps({"format": TABLES_FORMAT, "what": "game tables", "deck": table.deck,
                       "kinds": [int(k) for k in table.kind_codes], "wild": table.wild}, sort_keys=True)


def _deals_key(n_cards: int) -> str:
    return json.dumps({"format": TABLES_FORMAT, "what": "distinct deals", "deck": int(n_cards)}, sort_keys=True)


def _arrays_path(key: str) -> Path:
    return cache_dir("video-poker-tables") / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.npz"


def tables_path(table: PayTable) -> Path:
    """The file of a game's deck-level tables."""
    return _arrays_path(_tables_key(table))


def deals_path(n_cards: int) -> Path:
    """The file of a deck's distinct deals."""
    return _arrays_path(_deals_key(n_cards))


def _load_arrays(key: str, names: tuple[str, ...], valid: Callable[..., bool]) -> Arrays | None:
    try:
        path = _arrays_path(key)
    except OSError:  # no cache folder can be made: nothing is kept
        return None
    return load_arrays(path, key, names, valid)


def _save_arrays(key: str, arrays: Arrays) -> None:
    try:
        path = _arrays_path(key)
    except OSError:
        return
    if save_arrays(path, key, arrays):
        prune(path.parent, "*.npz", MAX_TABLE_FILES)


def load_tables(table: PayTable, valid: Callable[[np.ndarray, np.ndarray], bool]) -> tuple[np.ndarray, ...] | None:
    """(classes5, class_counts as int64) from disk, or None (see `_load_arrays`)."""
    arrays = _load_arrays(_tables_key(table), ("classes5", "class_counts"),
                   lambda classes5, class_counts: valid(classes5, class_counts.astype(np.int64)))
    return None if arrays is None else (arrays["classes5"], arrays["class_counts"].astype(np.int64))


def save_tables(table: PayTable, classes5: np.ndarray, counts: np.ndarray) -> None:
    """Keep a game's tables (counts as int32: at most C(47, 5) a cell)."""
    _save_arrays(_tables_key(table), {"classes5": classes5, "class_counts": counts.astype(np.int32)})


def load_deals(n_cards: int, valid: Callable[[np.ndarray, np.ndarray], bool]) -> tuple[np.ndarray, ...] | None:
    """(deals, weights) of a deck's distinct deals from disk, or None."""
    arrays = _load_arrays(_deals_key(n_cards), ("deals", "weights"), valid)
    return None if arrays is None else (arrays["deals"], arrays["weights"])


def save_deals(n_cards: int, deals: np.ndarray, weights: np.ndarray) -> None:
    """Keep a deck's distinct deals."""
    _save_arrays(_deals_key(n_cards), {"deals": deals, "weights": weights})


# ---- strategy reports, as the CLI prints them -----------------------------------------------------------------

MAX_REPORT_FILES = 64  # tens of KB each; the least recently used beyond this are deleted
SOURCES = ("computed", "kept", "shipped")  # where `strategy_answer` found its report
TOP_ERRORS = 10  # `strategy.TOP_ERRORS` (not imported: reading a kept report needs no solver at import)
_SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # a game id that can name a shipped file


def _question(coins: int | str, lines: int | str | None, top_errors: int) -> tuple[int, int | None]:
    from .analysis import check_coins
    from .strategy import check_lines

    if isinstance(top_errors, bool) or not isinstance(top_errors, int) or top_errors < 0:
        raise InputError(f"top_errors must be a whole number 0 or more, got {top_errors!r}")
    return check_coins(coins), check_lines(lines)


def report_key(table: PayTable, coins: int, lines: int | None, curve: bool, top_errors: int) -> str:
    """What a strategy report depends on, as text: the file's name and its first check."""
    return json.dumps({"format": FORMAT, "version": __version__, "kind": "strategy report",
                       "table": table_to_json(table), "coins": int(coins), "lines": lines, "curve": bool(curve),
                       "top_errors": int(top_errors)}, sort_keys=True)


def report_path(table: PayTable, coins: int, lines: int | None, curve: bool, top_errors: int) -> Path:
    """The cache file that holds (or will hold) a strategy report."""
    name = hashlib.sha256(report_key(table, coins, lines, curve, top_errors).encode()).hexdigest()[:32]
    return cache_dir("video-poker") / f"report-{name}.json"


def shipped_report(game_id: str) -> Traversable | None:
    """The package's file of a game's default strategy report (it may be missing), or None for an id that
    cannot name one."""
    if not isinstance(game_id, str) or not _SAFE_ID.fullmatch(game_id):
        return None
    return resources.files(__package__).joinpath("data", "strategy", f"{game_id}.json")


def _report_digest(key: str, value: dict) -> str:
    return hashlib.sha256(json.dumps([key, value], sort_keys=True).encode()).hexdigest()


def report_file(key: str, report: ChartReport) -> dict:
    """A report's file: its key, its JSON without `seconds` (how long one run took is no part of the answer;
    shipped files stay the same on every machine) and a checksum of both."""
    value = report.to_json()
    del value["seconds"]
    return {"key": key, "value": value, "digest": _report_digest(key, value)}


def _report_of(data: object, key: str, table: PayTable, coins: int, lines: int | None,
               curve: bool) -> ChartReport | None:
    """The report in a file's JSON when every check passes, else None."""
    from .strategy import ChartReport

    if not isinstance(data, dict) or data.get("key") != key:
        return None
    value = data.get("value")
    if not isinstance(value, dict) or "seconds" in value or data.get("digest") != _report_digest(key, value):
        return None
    try:
        report = ChartReport.from_json({**value, "seconds": 0.0})
    except (ValueError, TypeError, KeyError):
        return None
    back = report.to_json()
    del back["seconds"]
    fits = (report.paytable == table.id and report.coins == coins and report.max_lines == lines
            and bool(report.curve) == bool(curve)
            and (report.kind == "basic" or (report.kind == "lines" and lines is not None))
            and len(report.table) == len(table.hands) and report.lines)
    return report if fits and back == value else None


def _read_shipped(table: PayTable, key: str, coins: int, lines: int | None, curve: bool) -> ChartReport | None:
    file = shipped_report(table.id)
    if file is None:
        return None
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return _report_of(data, key, table, coins, lines, curve)


def _read_kept(path: Path, key: str, table: PayTable, coins: int, lines: int | None,
               curve: bool) -> ChartReport | None:
    report = _report_of(read_json(path), key, table, coins, lines, curve)
    if report is not None:
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: kept by `prune`
    return report


def load_strategy_report(game: str | PayTable, coins: int | str = 5, lines: int | str | None = None,
                         curve: bool = False, top_errors: int = TOP_ERRORS,
                         paytable_file: str | Path | None = None) -> tuple[ChartReport, str] | None:
    """(report, "shipped" or "kept") of `strategy_report(game, coins, lines, curve, top_errors=...)` when the
    package or the cache holds it, checked; None when it must be computed. `seconds` is this look-up's time."""
    start = time.perf_counter()
    table = resolve_game(game, paytable_file)
    coins, lines = _question(coins, lines, top_errors)
    key = report_key(table, coins, lines, curve, top_errors)
    report, source = _read_shipped(table, key, coins, lines, curve), "shipped"
    if report is None:
        try:
            path = report_path(table, coins, lines, curve, top_errors)
        except OSError:  # no cache folder can be made: nothing is kept
            return None
        report, source = _read_kept(path, key, table, coins, lines, curve), "kept"
    if report is None:
        return None
    return dataclasses.replace(report, seconds=time.perf_counter() - start), source


def save_strategy_report(report: ChartReport, game: str | PayTable, coins: int | str = 5,
                         lines: int | str | None = None, curve: bool = False, top_errors: int = TOP_ERRORS,
                         paytable_file: str | Path | None = None) -> bool:
    """Keep a computed report in the cache (atomically); False when the folder cannot be written (a read-only
    cache costs speed, not answers)."""
    table = resolve_game(game, paytable_file)
    coins, lines = _question(coins, lines, top_errors)
    try:
        path = report_path(table, coins, lines, curve, top_errors)
        write_json(path, report_file(report_key(table, coins, lines, curve, top_errors), report))
    except OSError:
        return False
    prune(path.parent, "report-*.json", MAX_REPORT_FILES)
    return True


def strategy_answer(game: str | PayTable, coins: int | str = 5, lines: int | str | None = None, curve: bool = False,
                    top_errors: int = TOP_ERRORS, progress: Progress | None = None,
                    paytable_file: str | Path | None = None) -> tuple[ChartReport, str]:
    """`strategy_report(game, coins, lines, curve, top_errors=...)` and where it came from (one of SOURCES):
    the package's shipped answer or the cache when a valid one is there, else computed and kept."""
    found = load_strategy_report(game, coins, lines, curve, top_errors, paytable_file)
    if found is not None:
        return found
    table = resolve_game(game, paytable_file)
    coins, lines = _question(coins, lines, top_errors)
    with contextlib.ExitStack() as stack:
        try:  # one process computes a question at a time; the others wait, then read its file
            stack.enter_context(exclusive(report_path(table, coins, lines, curve, top_errors).with_suffix(".lock")))
            found = load_strategy_report(table, coins, lines, curve, top_errors)
            if found is not None:
                return found
        except OSError:  # a cache folder that cannot be written: compute without the lock
            pass
        from .strategy import strategy_report

        report = strategy_report(table, coins, lines=lines, curve=curve, top_errors=top_errors, progress=progress)
        save_strategy_report(report, table, coins, lines, curve, top_errors)
        return report, "computed"
