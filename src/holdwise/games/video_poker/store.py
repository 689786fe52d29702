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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ... import __version__
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

__all__ = [
    "FORMAT", "KINDS", "MAX_TABLE_FILES", "TABLES_FORMAT", "deals_path", "is_stored", "load_deals", "load_solve",
    "load_tables", "save_deals", "save_solve", "save_tables", "solve_path", "stored", "stored_path", "stored_return",
    "stored_strategy", "tables_path",
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
    data = read_json(solve_path(table, coins))
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    combinations = data.get("combinations")
    if (not isinstance(combinations, list) or not combinations
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in combinations)
            or data.get("digest") != _solve_digest(key, combinations) or not valid(combinations)):
        return None
    return combinations


def save_solve(table: PayTable, coins: int, combinations: list[int]) -> None:
    """Keep a game's solve at a bet (atomically; a cache folder that cannot be written costs speed, not answers)."""
    key = _solve_key(table, coins)
    combinations = [int(c) for c in combinations]
    with contextlib.suppress(OSError):
        write_json(solve_path(table, coins), {"key": key, "combinations": combinations,
                                              "digest": _solve_digest(key, combinations)})


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
    return load_arrays(_arrays_path(key), key, names, valid)


def _save_arrays(key: str, arrays: Arrays) -> None:
    path = _arrays_path(key)
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
