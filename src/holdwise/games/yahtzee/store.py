"""The family's stored answers, around the pure solvers: each rule set's table and its final-score distribution,
read from the cache folder when a valid file is there, else computed and stored; the tables also kept in memory.

The one module of the family that reads or writes files (`holdwise.storage`): the solvers (`solver`,
`balut_solver`, `distribution`, `balut_awards`) never import it. A file is keyed by a digest of the rules and
the stored layout; a file whose key, checksum or contents do not hold is computed again and replaced, and two
processes asking at once compute once (the second waits on the lock, then reads).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable

import numpy as np

from ...storage import cache_dir, keep_last, load_arrays, read_or_make, save_arrays
from . import balut_solver, solver
from .balut import BalutRules
from .balut_solver import BalutSolution
from .distribution import ScoreDistribution, score_distribution, summarize
from .rules import Rules
from .solver import Solution, compile_rules

__all__ = ["DISTRIBUTION_FORMAT", "FORMAT", "balut_solution", "cached_balut", "cached_distribution",
           "cached_balut_distribution", "cached_solution", "loaded_balut", "loaded_solution", "rules_key",
           "solution_for"]

FORMAT = 1  # the stored tables' layout; a new layout makes old files stale
DISTRIBUTION_FORMAT = 1  # the stored chances' layout: a new one makes older files unreadable, so recomputed
Progress = Callable[[int, int], None]

_SOLUTIONS: dict[str, Solution] = {}
_BALUT: dict[str, BalutSolution] = {}


def rules_key(rules: object) -> str:
    """A digest of everything a table depends on: the rules (their repr) and the stored layout."""
    text = json.dumps({"format": FORMAT, "rules": repr(rules)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cached_solution(rules: Rules, progress: Progress | None = None, fresh: bool = False) -> tuple[Solution, bool]:
    """A Yahtzee rule set's table from the cache folder when a valid one is there (and not `fresh`), else
    solved and stored; (solution, from the cache)."""
    key = rules_key(rules)
    path = cache_dir("yahtzee") / f"{rules.name}-{key}.npz"
    shape = (1 << rules.n_categories, rules.upper_threshold + 1, 2)

    def valid(values: np.ndarray, meta: np.ndarray) -> bool:
        return (values.shape == shape and values.dtype == np.float64 and bool(np.isfinite(values).all())
                and float(values.min()) >= 0.0 and meta.shape == (2,))

    start = time.perf_counter()

    def kept() -> Solution | None:
        arrays = None if fresh else load_arrays(path, key, ("values", "meta"), valid)
        if arrays is None:
            return None
        return Solution(rules, arrays["values"], time.perf_counter() - start, int(arrays["meta"][1]),
                        compile_rules(rules))

    def make() -> Solution:
        solution = solver.solve(rules, progress=progress)  # looked up at call time: tests slow it down
        save_arrays(path, key, {"values": solution.values, "meta": np.array([solution.seconds, solution.states])})
        return solution

    return read_or_make(path.with_suffix(".lock"), kept, make)


def solution_for(rules: Rules, progress: Progress | None = None) -> Solution:
    """A Yahtzee rule set's table: in memory, else from the cache folder, else solved (and stored)."""
    kept = _SOLUTIONS.get(rules.name)
    if kept is None or kept.rules != rules:
        kept = loaded_solution(rules, progress)[0]
    return kept


def loaded_solution(rules: Rules, progress: Progress | None = None, fresh: bool = False) -> tuple[Solution, bool]:
    """`cached_solution`, the table then kept in memory for `solution_for`."""
    solution, cached = cached_solution(rules, progress, fresh)
    _SOLUTIONS[rules.name] = solution
    return solution, cached


def cached_balut(rules: BalutRules, fresh: bool = False) -> tuple[BalutSolution, bool]:
    """A Balut rule set's table from the cache folder when a valid one is there (and not `fresh`), else solved
    and stored; (solution, from the cache)."""
    key = rules_key(rules)
    path = cache_dir("yahtzee") / f"{rules.name}-{key}.npz"
    start = time.perf_counter()

    def valid(values: np.ndarray) -> bool:
        return (values.shape == (rules.n_states,) and values.dtype == np.float64
                and bool(np.isfinite(values).all()) and float(values.min()) >= 0.0)

    def kept() -> BalutSolution | None:
        arrays = None if fresh else load_arrays(path, key, ("values",), valid)
        if arrays is None:
            return None
        return BalutSolution(rules, arrays["values"], time.perf_counter() - start,
                             balut_solver.compile_rules(rules))

    def make() -> BalutSolution:
        solution = balut_solver.solve_balut(rules)
        save_arrays(path, key, {"values": solution.values})
        return solution

    return read_or_make(path.with_suffix(".lock"), kept, make)


def balut_solution(rules: BalutRules) -> BalutSolution:
    """A Balut rule set's table: in memory, else from the cache folder, else solved (and stored)."""
    kept = _BALUT.get(rules.name)
    if kept is None or kept.rules != rules:
        kept = loaded_balut(rules)[0]
    return kept


def loaded_balut(rules: BalutRules, fresh: bool = False) -> tuple[BalutSolution, bool]:
    """`cached_balut`, the table then kept in memory for `balut_solution`."""
    solution, cached = cached_balut(rules, fresh)
    _BALUT[rules.name] = solution
    return solution, cached


def cached_distribution(solution: Solution, fresh: bool = False,
                        compute: Callable[[], ScoreDistribution] | None = None) -> tuple[ScoreDistribution, bool]:
    """The final score's distribution from the cache folder when a valid one is there (and not `fresh`), else
    computed (`compute`, by default `score_distribution(solution)`) and stored, keyed by the rules' table;
    (distribution, from the cache).

    A stored file is used only when its key matches, its checksum holds and its chances are a distribution
    (finite, none negative, summing to 1 within 1e-9); anything else is computed again and replaces it."""
    return _distribution(solution.rules, fresh, compute or (lambda: score_distribution(solution)))


def cached_balut_distribution(solution: BalutSolution, compute: Callable[[], ScoreDistribution],
                              fresh: bool = False) -> tuple[ScoreDistribution, bool]:
    """`cached_distribution` for a Balut table."""
    return _distribution(solution.rules, fresh, compute)


def _distribution(rules: Rules | BalutRules, fresh: bool,
                  compute: Callable[[], ScoreDistribution]) -> tuple[ScoreDistribution, bool]:
    key = f"{rules_key(rules)}-d{DISTRIBUTION_FORMAT}"
    path = cache_dir("yahtzee") / f"{rules.name}-{key}.npz"

    def valid(probabilities: np.ndarray, meta: np.ndarray) -> bool:
        return (probabilities.ndim == 1 and probabilities.dtype == np.float64 and len(probabilities) > 0
                and bool(np.isfinite(probabilities).all()) and float(probabilities.min()) >= 0.0
                and abs(float(probabilities.sum()) - 1.0) <= 1e-9 and meta.shape == (1,))

    def kept() -> ScoreDistribution | None:
        arrays = None if fresh else load_arrays(path, key, ("probabilities", "meta"), valid)
        return None if arrays is None else summarize(rules.name, arrays["probabilities"], float(arrays["meta"][0]))

    def make() -> ScoreDistribution:
        result = compute()
        save_arrays(path, key, {"probabilities": np.asarray(result.chances, dtype=np.float64),
                                "meta": np.array([result.seconds])})
        return result

    return read_or_make(path.with_suffix(".lock"), kept, make)


# the official rules' table (and its distribution), which the default page reads: the disk budget removes them last
keep_last(lambda: cache_dir("yahtzee").glob("yahtzee-*.npz"))
