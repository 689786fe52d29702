"""The table on disk: stored once, read back (from the cache), a bad file solved again."""

from dataclasses import replace

import numpy as np

from holdwise.games.yahtzee import YAHTZEE, cached_solution
from holdwise.games.yahtzee.store import rules_key
from holdwise.storage import cache_dir, save_arrays

SMALL = replace(YAHTZEE, name="small", categories=YAHTZEE.categories[:3], upper_threshold=6, dice=3, sides=3)


def _path(rules):
    return cache_dir("yahtzee") / f"{rules.name}-{rules_key(rules)}.npz"


def test_the_table_is_stored_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    first, cached = cached_solution(SMALL)
    assert not cached and _path(SMALL).exists()
    again, cached = cached_solution(SMALL)
    assert cached and np.array_equal(again.values, first.values) and again.states == first.states
    assert again.expected_score == first.expected_score > 0


def test_a_bad_file_is_solved_again(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    good, _ = cached_solution(SMALL)
    shape = good.values.shape
    for values, meta in ((np.zeros((1, *shape[1:])), np.array([1.0, 2.0])),  # another shape
                         (good.values, np.array([1.0])),  # meta out of shape
                         (-good.values - 1, np.array([1.0, 2.0]))):  # negative values
        save_arrays(_path(SMALL), rules_key(SMALL), {"values": values, "meta": meta})
        solution, cached = cached_solution(SMALL)
        assert not cached and np.array_equal(solution.values, good.values)
    _path(SMALL).write_bytes(b"not a table")
    assert cached_solution(SMALL)[1] is False
    assert cached_solution(SMALL)[1] is True


def test_other_rules_have_another_key():
    assert rules_key(SMALL) != rules_key(replace(SMALL, upper_bonus=1)) != rules_key(YAHTZEE)


def test_fresh_solves_again_and_replaces_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    cached_solution(SMALL)
    save_arrays(_path(SMALL), rules_key(SMALL), {"values": np.zeros((1 << 3, 7, 2)) + 1.0,
                                                 "meta": np.array([1.0, 2.0])})
    stale, cached = cached_solution(SMALL)
    assert cached and stale.expected_score == 1.0  # a valid-looking file is trusted ...
    fresh, cached = cached_solution(SMALL, fresh=True)
    assert not cached and fresh.expected_score != 1.0
    assert cached_solution(SMALL)[0].expected_score == fresh.expected_score  # ... until replaced


def _distribution_path(rules):
    from holdwise.games.yahtzee.store import DISTRIBUTION_FORMAT

    return cache_dir("yahtzee") / f"{rules.name}-{rules_key(rules)}-d{DISTRIBUTION_FORMAT}.npz"


def test_the_distribution_is_stored_read_back_and_a_bad_file_computed_again(tmp_path, monkeypatch):
    """The stored distribution equals a fresh computation; damaged or unlike files are computed again."""
    from holdwise.games.yahtzee import cached_distribution, score_distribution
    from holdwise.games.yahtzee.store import DISTRIBUTION_FORMAT

    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    solution, _ = cached_solution(SMALL)
    direct = score_distribution(solution)
    first, cached = cached_distribution(solution)
    assert not cached and _distribution_path(SMALL).exists()
    again, cached = cached_distribution(solution)
    assert cached and again.chances == first.chances == direct.chances
    assert again.mean == direct.mean and again.percentiles == direct.percentiles
    assert abs(again.mean - solution.expected_score) < 1e-9
    key = f"{rules_key(SMALL)}-d{DISTRIBUTION_FORMAT}"
    probs = np.asarray(direct.chances)
    for bad, meta in ((probs * 2, np.array([1.0])),  # not a distribution
                      (-probs, np.array([1.0])),  # negative chances
                      (probs, np.array([1.0, 2.0]))):  # meta out of shape
        save_arrays(_distribution_path(SMALL), key, {"probabilities": bad, "meta": meta})
        result, cached = cached_distribution(solution)
        assert not cached and result.chances == direct.chances
    _distribution_path(SMALL).write_bytes(b"not a distribution")
    assert cached_distribution(solution)[1] is False
    assert cached_distribution(solution)[1] is True
    assert cached_distribution(solution, fresh=True)[1] is False


def test_two_processes_asking_at_once_solve_once(tmp_path, monkeypatch):
    # a server's workers share the cache folder: the second asker waits on the lock, then reads the file
    import multiprocessing
    import time

    from holdwise.games.yahtzee import solver

    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    real = solver.solve
    solves = tmp_path / "solves"

    def slow_solve(rules, **kwargs):
        with open(solves, "a") as f:
            f.write("x")
        time.sleep(1.0)  # long enough that the other process asks while this one solves
        return real(rules, **kwargs)

    monkeypatch.setattr(solver, "solve", slow_solve)
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        got = pool.map(_ask, [SMALL, SMALL])
    assert solves.read_text() == "x"
    assert sorted(cached for _, cached in got) == [False, True] and got[0][0] == got[1][0]


def _ask(rules):
    solution, cached = cached_solution(rules)
    return solution.expected_score, cached


def test_the_solvers_import_no_store():
    """Storage wraps the solvers: the modules that compute (the tables, the distributions, Balut's points) import
    neither the family's store nor holdwise.storage; the store imports them."""
    import ast
    from pathlib import Path

    import holdwise.games.yahtzee as family

    folder = Path(family.__file__).parent
    for name in ("solver", "balut_solver", "distribution", "balut_awards", "rules", "balut"):
        tree = ast.parse((folder / f"{name}.py").read_text())
        imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        assert not {m for m in imported if m.split(".")[-1] in ("store", "storage")}, (name, imported)
