"""What video poker keeps on disk, and under which names: a game's solve at a bet, the deck-level tables of a
set of pay classes (every final hand's class, the class counts of every smaller card set), which a fresh
process reads instead of classifying 2.6 million hands, and the files of kept answers and strategy reports.

A game's solve at a bet (its final-hand class counts over every deal, `disk.stored_solve`) is kept as JSON
with a checksum (`load_solve`, `save_solve`): a fresh `video-poker return` reads it and runs no kernel. The
tables and a deck's suit-distinct deals are kept as checked arrays (`disk.game_tables`, `disk.distinct_deals`,
which check what they read and hand it to the solvers' memory). The solvers never import this module. Every file is named by a hash of what it depends on (the format, holdwise's version,
the kind, the pay table in full, the coins); `answers.py` reads and writes the answers and reports whose names
are made here. This is the bottom layer: it imports nothing of video poker above the pay tables.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ... import __version__
from ...storage import cache_dir, keep_last, load_arrays, prune, read_json, save_arrays, write_json
from .paytables import PayTable, table_to_json

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = [
    "FORMAT", "MAX_REPORT_FILES", "MAX_SOLVE_FILES", "MAX_TABLE_FILES", "TABLES_FORMAT", "answer_key", "deals_path",
    "load_deals", "load_solve", "load_tables", "report_key", "report_path", "save_deals", "save_solve",
    "save_tables", "shipped_report", "solve_path", "stored_path", "tables_path",
]

FORMAT = 2  # bump when an answer's JSON changes meaning: old files stop matching their key


def answer_key(kind: str, table: PayTable, coins: int) -> str:
    """What an answer of `kind` for a game at a bet depends on, as text: its file's name and its first check."""
    return json.dumps({"format": FORMAT, "version": __version__, "kind": kind, "table": table_to_json(table),
                       "coins": int(coins)}, sort_keys=True)


def stored_path(kind: str, table: PayTable, coins: int) -> Path:
    """The file that holds (or will hold) an answer."""
    name = hashlib.sha256(answer_key(kind, table, coins).encode()).hexdigest()[:32]
    return cache_dir("video-poker") / f"{kind}-{name}.json"


# ---- a game's solve ------------------------------------------------------------------------------------------


def _solve_key(table: PayTable, coins: int) -> str:
    return answer_key("solve", table, coins)


def solve_path(table: PayTable, coins: int) -> Path:
    """The file of a game's solve at a bet."""
    return stored_path("solve", table, coins)


def _solve_digest(key: str, combinations: list[int]) -> str:
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
    """What the tables depend on: the deck (and its 53rd card), the pay classes (kinds, in order) and the wild
    cards; not the pays."""
    key = {"format": TABLES_FORMAT, "what": "game tables", "deck": table.deck,
           "kinds": [int(k) for k in table.kind_codes], "wild": table.wild}
    if table.extra_ace:  # only then: the keys of the tables already on disk stay as they were
        key["extra_card"] = "ace"
    return json.dumps(key, sort_keys=True)


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


def _save_arrays(key: str, arrays: Arrays, stored_as: dict[str, type] | None = None) -> None:
    try:
        path = _arrays_path(key)
    except OSError:
        return
    if save_arrays(path, key, arrays, stored_as):
        prune(path.parent, "*.npz", MAX_TABLE_FILES)


def load_tables(table: PayTable, valid: Callable[[np.ndarray, np.ndarray], bool]) -> tuple[np.ndarray, ...] | None:
    """(classes5, class_counts as int32, as kept) from disk, or None (see `_load_arrays`)."""
    arrays = _load_arrays(_tables_key(table), ("classes5", "class_counts"),
                          lambda classes5, class_counts: valid(classes5, class_counts))
    return None if arrays is None else (arrays["classes5"], arrays["class_counts"])


def save_tables(table: PayTable, classes5: np.ndarray, counts: np.ndarray) -> None:
    """Keep a game's tables (counts as int32: at most C(53, 5) a cell; converted as written where they are not)."""
    _save_arrays(_tables_key(table), {"classes5": classes5, "class_counts": counts}, {"class_counts": np.int32})


def load_deals(n_cards: int, valid: Callable[[np.ndarray, np.ndarray], bool]) -> tuple[np.ndarray, np.ndarray] | None:
    """(deals, weights) of a deck's distinct deals from disk, or None."""
    arrays = _load_arrays(_deals_key(n_cards), ("deals", "weights"), valid)
    return None if arrays is None else (arrays["deals"], arrays["weights"])


def save_deals(n_cards: int, deals: np.ndarray, weights: np.ndarray) -> None:
    """Keep a deck's distinct deals."""
    _save_arrays(_deals_key(n_cards), {"deals": deals, "weights": weights})


# ---- the files of strategy reports (read and written by `answers`) -------------------------------------------

MAX_REPORT_FILES = 64  # tens of KB each; the least recently used beyond this are deleted
_SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # a game id that can name a shipped file


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


def _default_files() -> Iterator[Path]:
    """The files the default page reads: the default game's tables, its deck's deals and its answers at the
    full bet (what the web's warm-up builds)."""
    from .paytables import DEFAULT_GAME, MAX_COINS, get_game

    table = get_game(DEFAULT_GAME)
    yield tables_path(table)
    yield deals_path(table.deck)
    for kind in ("solve", "return", "strategy", "chart-lengths"):
        yield stored_path(kind, table, MAX_COINS)


keep_last(_default_files)  # the disk budget removes these last
