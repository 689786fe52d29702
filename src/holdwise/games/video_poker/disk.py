"""Video poker's disk around its pure solvers: a game's tables, a deck's distinct deals and a game's solve, read
from the disk when a valid copy is there, else computed by the solvers and written (atomically).

The solvers (`tables`, `solver`, `deal_table`, `patterns`, ...) never touch the disk: they remember in memory
what they built (`tables.game_tables`, `tables.distinct_deals`). Here what the disk holds is read, checked and
handed to that memory (`Memo.keep`) before the solvers run, so a fresh process reads 15 MB instead of classifying
2.6 million hands; what was built is written for the next process. Where the files are and what names them is
`store.py`'s; kept answers and strategy reports are `answers.py`'s. The strategy search's charts of every length
(`kept_reductions`) are kept here too: `strategy.py` hands over the search to run when the disk has none.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...storage import prune, read_json, read_or_make, write_json
from . import solver, tables
from .cards import HAND_SIZE
from .paytables import MAX_COINS, PayTable
from .solver import GameReturn, HandValues, Hold
from .store import (
    MAX_REPORT_FILES, answer_key, load_deals, load_solve, load_tables, save_deals, save_solve, save_tables, stored_path,
)
from .tables import Deck, GameTables

if TYPE_CHECKING:
    from .patterns import Chart, Vocabulary

__all__ = [
    "Reductions", "analyze_hand", "distinct_deals", "game_tables", "hand_class", "hand_values", "hold_values",
    "hold_patterns", "is_solved", "kept_reductions", "parse_chart", "read_kept", "read_chart", "solve_game", "stored_distinct_deals",
    "stored_solve", "vocabulary",
]

Progress = Callable[[int, int], None]
Reductions = dict[int, tuple[list[str], list[frozenset[int]], int]]  # n -> (line texts, line ids, value sum)


# ---- what the solvers build: kept on disk, handed to their memory --------------------------------------------


def _tables_valid(table: PayTable, d: Deck, classes5: np.ndarray, counts: np.ndarray) -> bool:
    """Are tables read from disk whole? Shapes and types, every class a class of the table, and every row of
    T[X] counting all the final hands that contain X: C(cards left, 5 - |X|) of them."""
    n_hands = math.comb(table.deck, HAND_SIZE)
    rows = int(d.offset[HAND_SIZE])
    if (classes5.shape != (n_hands,) or classes5.dtype != np.int8 or counts.shape != (rows, len(table.hands))
            or counts.dtype != np.int32):
        return False
    if n_hands and (int(classes5.min()) < 0 or int(classes5.max()) >= len(table.hands)):
        return False
    if counts.size and int(counts.min()) < 0:
        return False
    per_size = np.diff(np.asarray(d.offset[:HAND_SIZE + 1], dtype=np.int64)).astype(np.int64)
    sizes = np.repeat(np.arange(HAND_SIZE), per_size)
    expected = np.array([math.comb(table.deck - k, HAND_SIZE - k) for k in range(HAND_SIZE)], dtype=np.int64)[sizes]
    return bool(np.array_equal(counts.sum(axis=1), expected))


def game_tables(table: PayTable) -> GameTables:
    """`tables.game_tables`: from memory, else read from the disk (checked), else built and written; then
    remembered by the solvers' memory."""
    known = tables.game_tables.get(table)
    if known is not None:
        return known
    d = tables.deck(table.deck)
    found = load_tables(table, lambda classes5, counts: _tables_valid(table, d, classes5, counts))
    if found is not None:
        classes5, counts = found
        classes5.flags.writeable = False
        made = GameTables(table, d, classes5, counts)
    else:
        made = tables.build_game_tables(table)
        save_tables(table, made.classes5, made.class_counts)
    tables.game_tables.keep(table, made)
    return made


def _deals_valid(n_cards: int, deals: np.ndarray, weights: np.ndarray) -> bool:
    """Are deals read from disk whole? Sorted distinct cards of the deck, weights adding up to every deal."""
    if deals.ndim != 2 or deals.shape[1] != HAND_SIZE or weights.shape != (len(deals),):
        return False
    if deals.dtype != np.int64 or weights.dtype != np.int64 or not len(deals):
        return False
    return bool(np.all(np.diff(deals, axis=1) > 0) and deals.min() >= 0 and deals.max() < n_cards
                and weights.min() >= 1 and int(weights.sum()) == math.comb(n_cards, HAND_SIZE))


def stored_distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """A deck's distinct deals read from the disk (checked), or built and written there (not remembered)."""
    found = load_deals(n_cards, lambda deals, weights: _deals_valid(n_cards, deals, weights))
    if found is not None:
        return found
    deals, weights = tables.build_distinct_deals(n_cards)
    save_deals(n_cards, deals, weights)
    return deals, weights


def distinct_deals(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """`tables.distinct_deals`: from memory, else from the disk or built (`stored_distinct_deals`); then
    remembered by the solvers' memory."""
    known = tables.distinct_deals.get(n_cards)
    if known is None:
        known = stored_distinct_deals(n_cards)
        tables.distinct_deals.keep(n_cards, known)
    return known


# ---- the solvers, with what they read first read from the disk ----------------------------------------------


def _kept_solve(table: PayTable, coins: int) -> list[int] | None:
    """The final-hand class counts of a valid solve on disk, or None."""
    total = math.comb(table.deck, HAND_SIZE) * tables.deck(table.deck).weight
    return load_solve(table, coins, lambda c: len(c) == len(table.hands) and min(c) >= 0 and sum(c) == total)


def is_solved(table: PayTable, coins: int = MAX_COINS) -> bool:
    """Is a valid solve of the game at this bet on disk (so `stored_solve` reads it, in milliseconds)?"""
    solver.integer_pays(table, coins)  # a bad bet or pay raises as stored_solve would
    return _kept_solve(table, coins) is not None


def stored_solve(table: PayTable, coins: int = MAX_COINS, progress: Progress | None = None) -> GameReturn:
    """`solve_game` of a game at a bet, read from the disk when a valid copy is there (a fresh process then runs
    no kernel), else solved and written (atomically).

    A solve here runs the kernel where it is compiled, else NumPy (`solve_deals_numpy`, far quicker than the
    kernel run as plain Python). The answers are equal.
    """
    start = time.perf_counter()
    pays, _ = solver.integer_pays(table, coins)  # the bet and the pays checked as solve_game checks them
    combos = _kept_solve(table, coins)
    if combos is not None:
        if progress is not None:  # every deal done at once
            n_deals = len(distinct_deals(table.deck)[0])
            progress(n_deals, n_deals)
        return solver.return_of_counts(table, coins, combos, time.perf_counter() - start)
    # the deals first: their build's scratch is freed before the game's tables (26 MB for 52 cards) are held,
    # so a first call's peak memory is the larger of the two, not their sum
    deals, weights = distinct_deals(table.deck)
    gt = game_tables(table)
    if tables.kernels_compiled():
        result = solver.solve_game(table, coins, progress=progress)
    else:
        *_, totals = solver.solve_deals_numpy(deals, weights, gt, pays, progress)
        result = solver.return_of_counts(table, coins, [int(x) for x in totals], time.perf_counter() - start)
    save_solve(table, coins, result.combinations)
    return result


def solve_game(table: PayTable, coins: int = MAX_COINS, deals: np.ndarray | None = None,
               weights: np.ndarray | None = None, progress: Progress | None = None) -> GameReturn:
    """`solver.solve_game` (the kernel, always run), its tables and deals read from the disk when kept."""
    if deals is None:
        distinct_deals(table.deck)  # first: see stored_solve
    game_tables(table)
    return solver.solve_game(table, coins, deals, weights, progress)


def hold_values(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> tuple[np.ndarray, int]:
    """`solver.hold_values`, the game's tables read from the disk when kept."""
    game_tables(table)
    return solver.hold_values(cards, table, coins)


def hand_values(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> HandValues:
    """`solver.hand_values`, the game's tables read from the disk when kept."""
    game_tables(table)
    return solver.hand_values(cards, table, coins)


def hand_class(cards: Sequence[int], table: PayTable) -> int:
    """`solver.hand_class`, the game's tables read from the disk when kept."""
    game_tables(table)
    return solver.hand_class(cards, table)


def analyze_hand(cards: Sequence[int], table: PayTable, coins: int = MAX_COINS) -> list[Hold]:
    """`solver.analyze_hand` (all 32 holds of one hand, best first), the game's tables read from the disk when
    kept."""
    game_tables(table)
    return solver.analyze_hand(cards, table, coins)


def read_kept(table: PayTable) -> None:
    """A game's tables and its deck's distinct deals read from the disk when kept, before a solver that would
    build them runs."""
    distinct_deals(table.deck)  # first: see stored_solve
    game_tables(table)


def vocabulary(table: PayTable) -> Vocabulary:
    """`patterns.vocabulary` (every description any hold of any deal gets), what it reads read from the disk
    when kept."""
    read_kept(table)
    from . import patterns  # here: a return or a hint never classifies holds

    return patterns.vocabulary(table)


def hold_patterns(table: PayTable, deals: np.ndarray) -> np.ndarray:
    """`patterns.hold_patterns` (the pattern id of every hold of every deal), what it reads read from the disk
    when kept."""
    read_kept(table)
    from . import patterns  # here: a return or a hint never classifies holds

    return patterns.hold_patterns(table, deals)


def parse_chart(text: str, table: PayTable, where: str = "chart") -> Chart:
    """`patterns.parse_chart` (a chart from its text), the game's vocabulary read from the disk's tables."""
    read_kept(table)
    from . import patterns  # here: a return or a hint never classifies holds

    return patterns.parse_chart(text, table, where)


def read_chart(path: str | Path, table: PayTable) -> Chart:
    """`patterns.read_chart` (a chart from a file), the game's vocabulary read from the disk's tables."""
    read_kept(table)
    from . import patterns  # here: a return or a hint never classifies holds

    return patterns.read_chart(path, table)


# ---- the strategy search's best charts of every length -------------------------------------------------------


def kept_reductions(table: PayTable, coins: int, n_ids: int, search: Callable[[], Reductions]) -> Reductions:
    """The best chart found of at most n lines for every n (`strategy._search_reduced`, run by `search`) of a
    game at a bet: read from the disk when a valid copy is there, else searched and written (atomically).

    Two processes that ask at once search once (the second waits on the lock, then reads).
    """
    key = answer_key("chart-lengths", table, coins)
    path = stored_path("chart-lengths", table, coins)

    def make() -> Reductions:
        found = search()
        rows = [[n, texts, [sorted(int(i) for i in line) for line in ids], int(total)]
                for n, (texts, ids, total) in sorted(found.items())]
        write_json(path, {"key": key, "value": rows})
        prune(path.parent, "chart-lengths-*.json", MAX_REPORT_FILES)
        return found

    return read_or_make(path.with_suffix(".lock"), lambda: _read_reduced(path, key, n_ids), make)[0]


def _read_reduced(path: Path, key: str, n_ids: int) -> Reductions | None:
    """The kept search of a game at a bet, or None when the file is missing, stale or not well formed."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("key") != key or not isinstance(data.get("value"), list):
        return None
    out: Reductions = {}
    for row in data["value"]:
        if not (isinstance(row, list) and len(row) == 4):
            return None
        n, texts, ids, total = row
        if not (type(n) is int and n >= 1 and type(total) is int and isinstance(texts, list)
                and isinstance(ids, list) and 1 <= len(texts) == len(ids) <= n
                and all(isinstance(t, str) for t in texts)
                and all(isinstance(line, list) and line and all(type(i) is int and 0 <= i < n_ids for i in line)
                        for line in ids)):
            return None
        out[n] = (texts, [frozenset(line) for line in ids], total)
    return out or None
