"""Solved poker-dice games kept on disk: a fresh process (a CLI hint, a web worker) reads a variant's solution
instead of solving it again (three players: about half a second).

A solution is written once under `cache_dir("poker-dice")` as `<key>.npz`, `key` a hash of what it depends on
(the format, holdwise's version, players, the rule variant without its display option, the roll limit and the
solver's tolerance), with a checksum of its arrays. A file is trusted only when its key and checksum match and
every array has its shape and holds chances in [0, 1]; otherwise it is deleted and the game solved again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

from ... import __version__
from ...storage import cache_dir, load_arrays, prune, save_arrays
from .rules import Variant

__all__ = ["FORMAT", "MAX_FILES", "load_solution", "save_solution", "solution_path"]

FORMAT = 1  # bump when the arrays' meaning or layout changes
MAX_FILES = 32  # a three-player solution is about 20 KB; variants x limits x players is 40 at most


def _key(players: int, variant: Variant, roll_limit: bool, tol: float) -> str:
    flags = {f.name: getattr(variant, f.name) for f in fields(variant) if f.name != "poker_faces"}
    return json.dumps({"format": FORMAT, "version": __version__, "players": players, "variant": flags,
                       "roll_limit": roll_limit, "tol": tol}, sort_keys=True)


def solution_path(players: int, variant: Variant, roll_limit: bool, tol: float) -> Path:
    """The file of a solved game."""
    name = hashlib.sha256(_key(players, variant, roll_limit, tol).encode()).hexdigest()[:32]
    return cache_dir("poker-dice") / f"{players}p-{name}.npz"


def _chances(a: np.ndarray) -> bool:
    return a.dtype == np.float64 and bool(np.all((a >= -1e-9) & (a <= 1 + 1e-9)))  # also false for nan


def _arrays(players: int, details: dict, limits: list[int]) -> dict[str, np.ndarray]:
    if players == 2:
        return {"v2": np.asarray(details["v2"], dtype=np.float64)}
    out = {"duel": np.array([details["duel"]], dtype=np.float64)}
    for r in limits:
        out[f"first_pay_{r}"] = np.asarray(details["first_pay"][r], dtype=np.float64)
        for two in (False, True):
            out[f"third_{r}_{int(two)}"] = np.array(details["third"][r, two], dtype=np.float64)
    return out


def save_solution(solution, tol: float, limits: list[int]) -> None:  # noqa: ANN001 - a solver.DuelSolution
    """Keep a solved game (its win chances, rounds and the arrays its hints read)."""
    arrays = {"win": np.array(solution.win, dtype=np.float64),
              "iterations": np.array([solution.iterations], dtype=np.int64),
              **_arrays(solution.players, solution.details, limits)}
    path = solution_path(solution.players, solution.variant, solution.roll_limit, tol)
    if save_arrays(path, _key(solution.players, solution.variant, solution.roll_limit, tol), arrays):
        prune(path.parent, "*.npz", MAX_FILES)


def load_solution(players: int, variant: Variant, roll_limit: bool, tol: float, n_hands: int,
                  limits: list[int]) -> tuple[tuple[float, ...], int, dict] | None:
    """(win chances, rounds, details) of a stored game, or None when there is no whole file."""
    if players == 2:
        names = ("win", "iterations", "v2")
        v2_shape = (len(limits), n_hands) if roll_limit else (n_hands,)
    else:
        names = ("win", "iterations", "duel", *(f"first_pay_{r}" for r in limits),
                 *(f"third_{r}_{two}" for r in limits for two in (0, 1)))

    def valid(**a: np.ndarray) -> bool:
        if a["win"].shape != (players,) or not _chances(a["win"]) or abs(float(a["win"].sum()) - 1) > 1e-9:
            return False
        if a["iterations"].shape != (1,) or not 1 <= int(a["iterations"][0]) < 200:
            return False
        if players == 2:
            return a["v2"].shape == v2_shape and _chances(a["v2"])
        shapes = {"duel": (1,), **{f"first_pay_{r}": (n_hands,) for r in limits},
                  **{f"third_{r}_{two}": (2, n_hands) for r in limits for two in (0, 1)}}
        return all(a[k].shape == shape and _chances(a[k]) for k, shape in shapes.items())

    arrays = load_arrays(solution_path(players, variant, roll_limit, tol), _key(players, variant, roll_limit, tol),
                         names, valid)
    if arrays is None:
        return None
    win = tuple(float(w) for w in arrays["win"])
    iterations = int(arrays["iterations"][0])
    if players == 2:
        return win, iterations, {"v2": arrays["v2"]}
    details = {"duel": float(arrays["duel"][0]),
               "first_pay": {r: arrays[f"first_pay_{r}"] for r in limits},
               "third": {(r, two): tuple(arrays[f"third_{r}_{int(two)}"]) for r in limits for two in (False, True)}}
    return win, iterations, details
