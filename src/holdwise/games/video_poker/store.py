"""Whole-game answers kept on disk: a game's exact return table and its strategy report, computed once.

A fairness page lists every game's return at 5 coins and at 1-4 coins, and a strategy page each game's derived
chart with its cost curve (about half a minute a game): both are solved once and kept as JSON under
`cache_dir("video-poker")`, named by a hash of what they depend on (the format, holdwise's version, the kind
of answer, the pay table in full and the coins). A file is trusted only when its recorded key matches and its
figures have the expected shape; otherwise it is computed again. One process computes a key at a time (a
file lock); the others wait and then read its file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from ... import __version__
from ...storage import cache_dir, exclusive, read_json, write_json
from .paytables import PayTable, resolve_game, table_to_json

__all__ = ["FORMAT", "KINDS", "is_stored", "stored", "stored_path", "stored_return", "stored_strategy"]

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
