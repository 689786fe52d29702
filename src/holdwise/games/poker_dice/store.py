"""Solved poker-dice tables kept on disk: a fresh process (a CLI hint, a web worker) reads a solution instead of
solving it again (six players: seconds; card dice: longer).

A solution is written once under `cache_dir("poker-dice")` as `<key>.npz`, `key` a hash of what it depends on
(the format, holdwise's version, the dice and rule variant without display options, the players, the roll limit
and the tolerance), with a checksum of its arrays. A file is trusted only when its key and checksum match and
every array has its shape and holds chances in [0, 1]; otherwise it is deleted and the game solved again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import numpy as np

from ... import __version__
from ...storage import cache_dir, load_arrays, machine_speed, prune, read_or_make, save_arrays
from .rounds import RoundValues, TableSolution
from .rules import Variant
from .table import ROLLS

__all__ = ["FORMAT", "MAX_FILES", "calibrate", "load_solution", "save_solution", "solution_path",
           "stored_or_solved", "table_key"]

FORMAT = 2  # bump when the arrays' meaning or layout changes (2: rounds of 2..6 players, Newton steps)
MAX_FILES = 48  # a six-player six-faced solution is about 0.2 MB


def table_key(dice: Variant | str) -> dict[str, object]:
    """What a table's solution depends on: a six-faced variant's rules, or a card dice set's own key."""
    if isinstance(dice, Variant):
        return {"dice": "six-faced",
                "variant": {f.name: getattr(dice, f.name) for f in fields(dice) if f.name != "poker_faces"}}
    return {"dice": "cards", "set": dice}


def _key(dice: Variant | str, players: int, roll_limit: bool, tol: float) -> str:
    return json.dumps({"format": FORMAT, "version": __version__, "table": table_key(dice), "players": players,
                       "roll_limit": roll_limit, "tol": tol}, sort_keys=True)


def solution_path(dice: Variant | str, players: int, roll_limit: bool, tol: float) -> Path:
    """The file of a solved table."""
    name = hashlib.sha256(_key(dice, players, roll_limit, tol).encode()).hexdigest()[:32]
    return cache_dir("poker-dice") / f"{players}p-{name}.npz"


def _limits(roll_limit: bool) -> list[int]:
    return list(range(1, ROLLS + 1)) if roll_limit else [ROLLS]


def _situations(m: int) -> list[tuple[int, int]]:
    """Every (holders g, players to come r) of a round of m."""
    return [(g, r) for r in range(m) for g in range(1, m - r + 1)]


def _chances(a: np.ndarray) -> bool:
    return a.dtype == np.float64 and bool(np.all((a >= -1e-9) & (a <= 1 + 1e-9)))  # also false for nan


def save_solution(dice: Variant | str, solution: TableSolution, tol: float) -> None:
    """Keep a solved table (every round's win chances, steps and situations)."""
    arrays = {}
    for m, values in solution.rounds.items():
        arrays[f"win_{m}"] = np.array(values.win, dtype=np.float64)
        arrays[f"steps_{m}"] = np.array([values.steps], dtype=np.int64)
        for limit in _limits(solution.roll_limit):
            for g, r in _situations(m):
                arrays[f"slots_{m}_{limit}_{g}_{r}"] = np.asarray(values.slots[limit][g, r], dtype=np.float64)
    path = solution_path(dice, solution.players, solution.roll_limit, tol)
    if save_arrays(path, _key(dice, solution.players, solution.roll_limit, tol), arrays):
        prune(path.parent, "*.npz", MAX_FILES)


def load_solution(dice: Variant | str, players: int, roll_limit: bool, tol: float,
                  n_classes: int) -> TableSolution | None:
    """A stored solution, or None when there is no whole, valid file."""
    shapes: dict[str, tuple[int, ...]] = {}
    for m in range(2, players + 1):
        shapes[f"win_{m}"] = (m,)
        shapes[f"steps_{m}"] = (1,)
        for limit in _limits(roll_limit):
            for g, r in _situations(m):
                shapes[f"slots_{m}_{limit}_{g}_{r}"] = (g + r + 1, n_classes)

    def valid(**a: np.ndarray) -> bool:
        for name, shape in shapes.items():
            if a[name].shape != shape:
                return False
            if name.startswith("steps_"):
                if not 1 <= int(a[name][0]) <= 50:
                    return False
            elif not _chances(a[name]):
                return False
        return all(abs(float(a[f"win_{m}"].sum()) - 1) < 1e-9 for m in range(2, players + 1))

    arrays = load_arrays(solution_path(dice, players, roll_limit, tol), _key(dice, players, roll_limit, tol),
                         tuple(shapes), valid)
    if arrays is None:
        return None
    rounds = {}
    for m in range(2, players + 1):
        slots = {limit: {(g, r): arrays[f"slots_{m}_{limit}_{g}_{r}"] for g, r in _situations(m)}
                 for limit in _limits(roll_limit)}
        rounds[m] = RoundValues(m, tuple(float(w) for w in arrays[f"win_{m}"]), int(arrays[f"steps_{m}"][0]),
                                slots)
    return TableSolution(players, roll_limit, rounds)


def calibrate(measure: bool = True) -> float:
    """This machine's speed for the card-dice guard, measured once and kept with the cache: the octahedral duel
    solved (about a second) against what SECONDS_PER_UNIT says it takes; later calls (any process) read it. With
    measure=False only a kept figure is used. Sets card_solve's factor; returns it (1.0: none known)."""
    import time

    from .card_solve import SECONDS_PER_UNIT, card_table, resolve_set, set_speed
    from .rounds import TOLERANCE, solve_rounds, solve_work

    def run() -> tuple[float, float]:
        table = card_table(resolve_set("octahedral"))
        began = time.perf_counter()
        solve_rounds(table, 2, False, TOLERANCE, None)
        seconds = time.perf_counter() - began
        units = solve_work(2, False) * table.n_classes * table.n_states
        return seconds / (units * SECONDS_PER_UNIT), seconds

    factor = machine_speed("card_dice_speed", run if measure else None)
    factor = 1.0 if factor is None else factor
    set_speed(factor)
    return factor


def stored_or_solved(dice: Variant | str, players: int, roll_limit: bool, tol: float, n_classes: int,
                     solve: Callable[[], TableSolution]) -> TableSolution:
    """The stored solution, else `solve()` kept: solved once across processes (another asking the same meanwhile,
    a second web worker or CLI, waits for it and reads the file)."""
    def kept() -> TableSolution | None:
        return load_solution(dice, players, roll_limit, tol, n_classes)

    def make() -> TableSolution:
        solution = solve()
        save_solution(dice, solution, tol)
        return solution

    return read_or_make(solution_path(dice, players, roll_limit, tol).with_suffix(".lock"), kept, make)[0]
