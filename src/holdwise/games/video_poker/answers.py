"""Video poker's answers kept on disk, loaded or computed: a game's exact return table and its strategy report.

A fairness page lists every game's return at 5 coins and at 1-4 coins, and a strategy page each game's derived
chart with its cost curve (about half a minute a game): both are solved once and kept as JSON under
`cache_dir("video-poker")`, named by a hash of what they depend on (`store.answer_key`: the format, holdwise's
version, the kind of answer, the pay table in full and the coins). A file is trusted only when its recorded key
matches and its figures have the expected shape; otherwise it is computed again. One process computes a key at a
time (a file lock); the others wait and then read its file.

A strategy report as `holdwise video-poker strategy` prints it (`strategy_answer`) is kept the same way, per
question: the pay table in full, the coins, --lines, --curve and the number of error groups. The default
question of each shipped game (5 coins, no --lines, no --curve, 10 error groups) ships inside the package
(`data/strategy/<game>.json`, written by `tools/ship_strategy.py`), so even a first run after install answers
it without compiling a kernel. Both are read only when their key matches exactly (a changed pay table or
holdwise version computes again), their checksum holds and their JSON reads back into the same report.

Where the files are and what names them is `store.py`'s; the solvers' own tables, deals and solves are read and
written around them by `disk.py`; this module is the layer above the strategy search that decides to read or to
compute its answers.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...storage import prune, read_json, read_or_make, write_json
from .analysis import check_coins, game_return
from .paytables import PayTable, resolve_game
from .report import TOP_ERRORS, ChartReport
from .store import MAX_REPORT_FILES, answer_key, report_key, report_path, shipped_report, stored_path
from .strategy import check_lines, strategy_report

__all__ = [
    "KINDS", "SOURCES", "is_stored", "load_strategy_report", "report_file", "save_strategy_report", "stored",
    "stored_return", "stored_strategy", "strategy_answer",
]

KINDS = ("return", "strategy")
SOURCES = ("computed", "kept", "shipped")  # where `strategy_answer` found its report

Progress = Callable[[int, int], None]

def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _valid(kind: str, value: object, table: PayTable, coins: int) -> bool:
    """Does a loaded answer have the shape its kind has (for this game and bet)? An answer kept before the
    glossary's names (`paytable`, `hit_frequency`, a line's `frequency`, ...) has not: it is computed again."""
    if not isinstance(value, dict) or value.get("rules") != table.id or value.get("coins") != coins:
        return False
    if not _number(value.get("return")) or not 0 <= value["return"] < 1000 or not _number(value.get("hit_chance")):
        return False
    if not isinstance(value.get("return_exact"), str):
        return False
    rows = value.get("table")
    if kind == "return":
        return (isinstance(rows, list) and len(rows) == len(table.hands)
                and all(isinstance(r, dict) and isinstance(r.get("outcomes"), int) for r in rows)
                and sum(r["outcomes"] for r in rows) == value.get("outcomes"))
    lines = value.get("lines")
    curve = value.get("curve")
    return (isinstance(lines, list) and len(lines) > 0
            and all(isinstance(ln, dict) and "text" in ln and _number(ln.get("chance")) for ln in lines)
            and _number(value.get("draw_five_chance")) and isinstance(curve, list) and all(isinstance(p, dict) and _number(p.get("return")) for p in curve)
            and isinstance(value.get("chart_text"), str))


def _compute(kind: str, table: PayTable, coins: int, progress: Progress | None) -> dict[str, Any]:
    if kind == "return":
            return game_return(table, coins, exact=True, progress=progress).to_json()
    return strategy_report(table, coins, curve=True, progress=progress).to_json()


def _load(path: Path, key: str, kind: str, table: PayTable, coins: int) -> dict[str, Any] | None:
    data = read_json(path)
    if isinstance(data, dict) and data.get("key") == key and _valid(kind, data.get("value"), table, coins):
        value: dict[str, Any] = data["value"]
        return value
    return None


def is_stored(kind: str, game: str | PayTable, coins: int, paytable_file: str | Path | None = None) -> bool:
    """Is a valid answer on disk (so `stored` answers without computing)?"""
    table = resolve_game(game, paytable_file)
    return _load(stored_path(kind, table, coins), answer_key(kind, table, coins), kind, table, coins) is not None


def stored(kind: str, game: str | PayTable, coins: int, progress: Progress | None = None,
           paytable_file: str | Path | None = None) -> dict[str, Any]:
    """The answer of `kind` ("return": `game_return(exact=True)`, "strategy": `strategy_report(curve=True)`)
    as its JSON, from disk when a valid file is there, else computed and written (atomically)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    table = resolve_game(game, paytable_file)
    key = answer_key(kind, table, coins)
    path = stored_path(kind, table, coins)
    def make() -> dict[str, Any]:
        value = _compute(kind, table, coins, progress)
        write_json(path, {"key": key, "value": value})
        return value

    return read_or_make(path.with_suffix(".lock"), lambda: _load(path, key, kind, table, coins), make)[0]


def stored_return(game: str | PayTable, coins: int, progress: Progress | None = None,
                  paytable_file: str | Path | None = None) -> dict[str, Any]:
    """`holdwise video-poker return --exact --json` of a game at a bet, kept on disk."""
    return stored("return", game, coins, progress, paytable_file)


def stored_strategy(game: str | PayTable, coins: int, progress: Progress | None = None,
                    paytable_file: str | Path | None = None) -> dict[str, Any]:
    """`holdwise video-poker strategy --curve --json` of a game at a bet (the derived basic chart, its costliest
    exceptions and the cost curve of 1-40 lines), kept on disk."""
    return stored("strategy", game, coins, progress, paytable_file)


# ---- strategy reports, as the CLI prints them -----------------------------------------------------------------


def _question(coins: int | str, lines: int | str | None, top_errors: int) -> tuple[int, int | None]:
    if isinstance(top_errors, bool) or not isinstance(top_errors, int) or top_errors < 0:
        raise InputError(f"top_errors must be a whole number 0 or more, got {top_errors!r}")
    return check_coins(coins), check_lines(lines)



def _report_digest(key: str, value: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps([key, value], sort_keys=True).encode()).hexdigest()


def report_file(key: str, report: ChartReport) -> dict[str, Any]:
    """A report's file: its key, its JSON without `seconds` (how long one run took is no part of the answer;
    shipped files stay the same on every machine) and a checksum of both."""
    value = report.to_json()
    del value["seconds"]
    return {"key": key, "value": value, "digest": _report_digest(key, value)}


def _report_of(data: object, key: str, table: PayTable, coins: int, lines: int | None,
               curve: bool) -> ChartReport | None:
    """The report in a file's JSON when every check passes, else None."""
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
    fits = (report.rules == table.id and report.coins == coins and report.max_lines == lines
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
    table = resolve_game(game, paytable_file)
    coins, lines = _question(coins, lines, top_errors)

    def kept() -> tuple[ChartReport, str] | None:
        return load_strategy_report(table, coins, lines, curve, top_errors)

    def make() -> tuple[ChartReport, str]:
        report = strategy_report(table, coins, lines=lines, curve=curve, top_errors=top_errors, progress=progress)
        save_strategy_report(report, table, coins, lines, curve, top_errors)
        return report, "computed"

    try:
        lock = report_path(table, coins, lines, curve, top_errors).with_suffix(".lock")
    except OSError:  # no cache folder can be made: computed here, nothing kept
        return kept() or make()
    # one process computes a question at a time; the others wait, then read its file
    return read_or_make(lock, kept, make)[0]
