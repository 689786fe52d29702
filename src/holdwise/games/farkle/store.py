"""Solved race-aware matches kept on disk, so that processes (CLI runs, web workers) share one solve; and
solved turns (the coaching table of a loadout), so that a fresh `farkle turn` or `farkle hint` runs no kernel.

A stored solve (every turn's win chances, tens to hundreds of MB) is written once under
`cache_dir("farkle-match")` as `<key>.npz`, `key` a hash of what the solve depends on: the format, both
loadouts (names and weights), the target, the race-blind flags and the solver's tolerance. While a
process solves, it holds `<key>.lock` (other processes wait for the file instead of solving again) and
reports its progress in `<key>.progress`. A file is trusted only when its recorded key text matches and
every array has the expected shape and holds chances in [0, 1]; otherwise it is deleted and solved anew.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO

import numpy as np

from ... import __version__
from ...storage import (atomic_write, cache_dir, exclusive, load_arrays, map_npz, prune, read_json, release_pages,
                         save_arrays, write_json, write_npz)
from .roll_table import DieType, RollTable
from .rules import SCORE_UNIT, Die
from .turn import TurnSolution

__all__ = [
    "FORMAT", "MAX_FILES", "MAX_TURN_FILES", "TURN_FORMAT", "key_text", "load", "load_turn", "match_progress", "paths",
    "save", "save_turn", "shipped_points", "shipped_points_path", "solving", "turn_arrays", "turn_hash", "turn_key",
    "turn_path", "turn_solution", "with_report",
]

FORMAT = 3  # bump when the arrays' meaning or layout changes: old files stop matching their key
# (2: a mirrored solve, both players the same, keeps first and w_first only; 3: row 0 holds Roll(0, S))
MAX_FILES = 8  # stored solves kept; the least recently used beyond this are deleted


def key_text(dice1: tuple[Die, ...], dice2: tuple[Die, ...], target: int, blind1: bool, blind2: bool,
             tol: float) -> str:
    """Everything a stored solve depends on, as text (its hash names the file)."""
    def loadout(dice: Sequence[Die]) -> list[list[object]]:
        return [[d.name, list(d.weights)] for d in dice]
    return json.dumps({"format": FORMAT, "dice1": loadout(dice1), "dice2": loadout(dice2), "target": int(target),
                       "blind": [bool(blind1), bool(blind2)], "tol": float(tol)}, sort_keys=True)


def paths(key: str) -> dict[str, Path]:
    """The data, lock and progress files of a key."""
    name = hashlib.sha256(key.encode()).hexdigest()[:32]
    folder = cache_dir("farkle-match")
    return {"data": folder / f"{name}.npz", "lock": folder / f"{name}.lock",
            "progress": folder / f"{name}.progress"}


Arrays = dict[str, np.ndarray]  # a file's arrays by name


def _valid(arrays: Arrays, key: str, target: int, n1: int, n2: int) -> bool:
    g = target // SCORE_UNIT
    try:
        if str(arrays["key"]) != key:
            return False
        shapes = {"first": (g, g), "w_first": (g, g, g + 1, n1)}
        if not bool(arrays["mirror"]):
            shapes.update({"second": (g, g), "w_second": (g, g, g + 1, n2)})
        elif n1 != n2:
            return False
        for name, shape in shapes.items():
            a = arrays[name]
            if a.shape != shape or a.dtype != np.float64:
                return False
            if not (np.all(a >= -1e-9) and np.all(a <= 1 + 1e-9)):  # also false for nan
                return False
        return int(arrays["iterations"]) >= 0
    except (KeyError, ValueError, TypeError):
        return False


def load(key: str, target: int, n1: int, n2: int) -> Arrays | None:
    """The stored arrays of `key` (first, second, w_first, w_second, iterations), or None when missing or
    invalid (an invalid file is deleted). A mirrored solve's second and w_second are its first and w_first."""
    path = paths(key)["data"]
    if not path.exists():
        return None
    try:  # mapped from the file: a match is tens to hundreds of MB that the system may take back
        arrays = map_npz(path)
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        arrays = None
    if arrays is None or not _valid(arrays, key, target, n1, n2):
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    # the check read every page: they leave this process (a played game reads few of them), so that a worker
    # holding its matches mapped is not charged their whole files (issue 41: 1 GB RSS after three matches)
    release_pages(arrays)
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: kept longest
    if bool(arrays["mirror"]):
        arrays["second"], arrays["w_second"] = arrays["first"], arrays["w_first"]
    return arrays


def save(key: str, first: np.ndarray, second: np.ndarray, w_first: np.ndarray, w_second: np.ndarray,
         iterations: int) -> bool:
    """Store a solve atomically, then delete the least recently used files beyond MAX_FILES; False when it
    could not be written. A mirrored solve (second is first, w_second is w_first: both players the same) is
    kept once."""
    p = paths(key)
    mirror = second is first and w_second is w_first
    arrays = {"first": first, "w_first": w_first} if mirror else {"first": first, "second": second,
                                                                   "w_first": w_first, "w_second": w_second}
    try:
        def write(f: IO[bytes]) -> None:
            # as np.savez writes them, a piece at a time: np.savez copies up to 16 MiB of an array at once
            write_npz(f, {"key": np.array(key), "mirror": np.array(mirror), "iterations": np.array(iterations),
                          **arrays})
        atomic_write(p["data"], write, size=sum(a.nbytes for a in arrays.values()))
    except OSError:
        return False  # a full or read-only disk costs the next process a solve, nothing more
    files = sorted(p["data"].parent.glob("*.npz"), key=lambda q: q.stat().st_mtime, reverse=True)
    for old in files[MAX_FILES:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return True


@contextlib.contextmanager
def solving(key: str) -> Iterator[Callable[[int, int], None]]:
    """Hold the key's lock while solving; yields a progress callback that also writes the progress file."""
    p = paths(key)
    with exclusive(p["lock"]):
        last = [0.0]

        def report(done: int, total: int) -> None:
            now = time.monotonic()
            if now - last[0] >= 0.2 or done == total:
                last[0] = now
                with contextlib.suppress(OSError):
                    write_json(p["progress"], {"done": int(done), "total": int(total)})
        try:
            yield report
        finally:
            with contextlib.suppress(OSError):
                p["progress"].unlink()


def match_progress(key: str) -> tuple[int, int] | None:
    """(done, total) of a solve of `key` running in any process, or None when none is running."""
    p = paths(key)
    with exclusive(p["lock"], wait=False) as free:
        if free:
            return None
    data = read_json(p["progress"])
    if isinstance(data, dict) and isinstance(data.get("done"), int) and isinstance(data.get("total"), int):
        return data["done"], data["total"]
    return (0, 1)


def with_report(progress: Callable[[int, int], None] | None,
                report: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """One callback calling both."""
    def both(done: int, total: int) -> None:
        report(done, total)
        if progress is not None:
            progress(done, total)
    return both


# ---- one turn's coaching table --------------------------------------------------------------------------------

TURN_FORMAT = 1  # bump when the arrays' meaning or layout changes
MAX_TURN_FILES = 64  # a turn solve is tens of KB to a few MB; the least recently used beyond this are deleted
TURN_TABLE = ("stride", "dice_count", "group_start", "group_prob", "option_start", "option_state", "option_units",
              "bust")
TURN_SOLUTION = ("roll", "keep", "bonus")


def turn_key(types: tuple[DieType, ...]) -> str:
    """Everything a turn solve depends on: the dice types (7-face weights, how many, names), the format and
    holdwise's version (the scoring rules)."""
    return json.dumps({"format": TURN_FORMAT, "version": __version__,
                       "types": [[list(t.weights7), t.count, list(t.names)] for t in types]}, sort_keys=True)


def turn_hash(types: tuple[DieType, ...]) -> str:
    """A turn solve's identity: the hash of its `turn_key` (its file's name, its entry in `shipped_points`)."""
    return hashlib.sha256(turn_key(types).encode()).hexdigest()[:32]


def turn_path(types: tuple[DieType, ...]) -> Path:
    """The file of a turn solve."""
    return cache_dir("farkle-turn") / f"{turn_hash(types)}.npz"


def _turn_valid(types: tuple[DieType, ...], sizes: np.ndarray, stride: np.ndarray, dice_count: np.ndarray,
                group_start: np.ndarray, group_prob: np.ndarray, option_start: np.ndarray, option_state: np.ndarray,
                option_units: np.ndarray, bust: np.ndarray, roll: np.ndarray, keep: np.ndarray,
                bonus: np.ndarray) -> bool:
    """Is a stored turn whole? Every index in range, every start list rising, the chances of each state (its
    outcome groups and its bust) adding up to 1, the tables of the right shapes."""
    n_states, full_state, top_level = (int(x) for x in sizes)
    expected_states = int(np.prod([t.count + 1 for t in types]))
    n_groups, n_options = len(group_prob), len(option_state)
    if n_states != expected_states or not 0 <= full_state < n_states or top_level < 1:
        return False
    shapes = {"stride": (stride, (len(types),)), "dice_count": (dice_count, (n_states,)),
              "group_start": (group_start, (n_states + 1,)), "option_start": (option_start, (n_groups + 1,)),
              "option_units": (option_units, (n_options,)), "bust": (bust, (n_states,)),
              "roll": (roll, (top_level, n_states)), "keep": (keep, (top_level, n_states)),
              "bonus": (bonus, (n_states,))}
    if any(a.shape != shape for a, shape in shapes.values()):
        return False
    for starts, end in ((group_start, n_groups), (option_start, n_options)):
        if starts[0] != 0 or starts[-1] != end or np.any(np.diff(starts) < 0):
            return False
    if n_options and (option_state.min() < 0 or option_state.max() >= n_states or option_units.min() < 1):
        return False
    if np.any(~np.isfinite(group_prob)) or np.any((group_prob < 0) | (group_prob > 1 + 1e-12)):
        return False
    per_state = np.add.reduceat(group_prob, group_start[:-1]) if n_groups else np.zeros(n_states)
    per_state[np.diff(group_start) == 0] = 0.0  # reduceat repeats a value where a state has no groups
    busts = np.nan_to_num(bust, nan=1.0)
    total = per_state + busts
    return bool(np.all(np.abs(total[1:] - 1.0) < 1e-9) and np.all(np.isfinite(roll)) and np.all(roll >= -1)
                and np.all(np.isfinite(keep)) and np.all(np.isfinite(bonus)))


SHIPPED_TURN = "turn-ordinary6.npz"  # six ordinary dice, the default loadout (tools/ship_farkle_turn.py writes it)
SHIPPED_DIE = "ordinary"  # the die of the shipped turn (six of them)


def shipped_turn_path() -> Path:
    """The package's file of the default loadout's turn solve (it may be missing)."""
    return Path(__file__).parent / "data" / SHIPPED_TURN


def shipped_points_path() -> Path:
    """The package's file of the named dice's expected points per turn (`shipped_points`)."""
    return Path(__file__).parent / "data" / "turn-points.json"


@functools.cache
def shipped_points() -> dict[str, float | None]:
    """The expected points per turn the package ships, by a loadout's `turn_hash` (the version and
    the format in its key: a stale entry is never found): six of each named die, and three of it beside three
    ordinary dice, the dice listing's strengths (`tools/ship_farkle_turn.py`); None for a turn that never busts.
    Empty when the file is missing or not well formed."""
    try:
        data = json.loads(shipped_points_path().read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or not all(isinstance(v, (float, int)) or v is None for v in data.values()):
        return {}
    return {str(k): None if v is None else float(v) for k, v in data.items()}


def load_turn(types: tuple[DieType, ...]) -> Arrays | None:
    """The stored arrays of a turn solve (`sizes` = n_states, full_state, top_level, and the named arrays), or
    None when the file is missing or not whole (then it is deleted). The default loadout's comes with the
    package, so a first `farkle turn` solves nothing (and starts no compiler); it is only read, never deleted,
    and used only while its key (holdwise's version among it) matches."""
    names = ("sizes", *TURN_TABLE, *TURN_SOLUTION)
    key = turn_key(types)
    found = load_arrays(turn_path(types), key, names, lambda **a: _turn_valid(types, **a))
    # the shipped file is the default dice's: its key names them, so other dice need not open it (a first
    # call of another loadout would read and checksum its 50 kB to find another key)
    if found is None and len(types) == 1 and types[0].names == (SHIPPED_DIE,) * 6:
        found = load_arrays(shipped_turn_path(), key, names, lambda **a: _turn_valid(types, **a), owned=False)
    return found


def save_turn(types: tuple[DieType, ...], arrays: Arrays) -> None:
    """Keep a turn solve (with its checksum), then delete the least recently used files beyond MAX_TURN_FILES."""
    path = turn_path(types)
    if save_arrays(path, turn_key(types), arrays):
        prune(path.parent, "*.npz", MAX_TURN_FILES)


def turn_arrays(solution: TurnSolution) -> Arrays:
    """A turn solve as the named arrays its file holds (TURN_TABLE, TURN_SOLUTION, sizes)."""
    t = solution.table
    return {"sizes": np.array([t.n_states, t.full_state, solution.top_level], dtype=np.int64),
            **{name: np.asarray(getattr(t, name)) for name in TURN_TABLE},
            **{name: np.asarray(getattr(solution, name)) for name in TURN_SOLUTION}}


def turn_solution(types: tuple[DieType, ...], arrays: Arrays) -> TurnSolution:
    """The turn solve a file's arrays (`load_turn`) hold."""
    n_states, full_state, top_level = (int(x) for x in arrays["sizes"])
    table = RollTable(types, n_states, full_state, *(arrays[name] for name in TURN_TABLE))
    return TurnSolution(table, top_level, *(arrays[name] for name in TURN_SOLUTION))
