"""Kernels built ahead of time (holdwise.solver.aot): the Yahtzee layer kernel built into a module gives Numba's
JIT kernel's table bit for bit, a solve with it never imports Numba, and a damaged, failed or turned-off build
is never loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from holdwise.games.yahtzee import YAHTZEE, YATZY, solve
from holdwise.games.yahtzee import solver as yz_solver
from holdwise.solver import aot

pytestmark = pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
                                reason="built kernels are off with the JIT off")


@pytest.fixture
def kernels_on(monkeypatch):
    monkeypatch.setenv("HOLDWISE_AOT", "1")


def test_built_kernel_equals_the_jit_kernel_bit_for_bit(kernels_on):
    """Three rule sets, reduced so that each keeps an upper bonus, a Yahtzee box or a joker in play."""
    small = [replace(YAHTZEE, categories=YAHTZEE.categories[:2] + YAHTZEE.categories[-3:], upper_threshold=6),
             replace(YATZY, categories=YATZY.categories[:3] + YATZY.categories[-2:], upper_threshold=8),
             replace(YAHTZEE, categories=YAHTZEE.categories[4:6] + YAHTZEE.categories[9:], upper_threshold=20)]
    for rules in small:
        built = solve(rules, kernel="aot").values
        jit = solve(rules, kernel="jit", threads=2).values
        assert np.array_equal(built, jit), rules.name
        assert built[0, 0, 0] > 0


def test_a_solve_in_a_new_process_runs_without_numba(kernels_on):
    code = ("import sys\nfrom dataclasses import replace\nfrom holdwise.games.yahtzee import YAHTZEE, solve\n"
            "r = replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5)\n"
            "print(solve(r).values[0, 0, 0], 'numba' in sys.modules, 'llvmlite' in sys.modules)")
    yz_solver.SOLVE_KERNEL.load()  # built here first (the child then only loads it)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "HOLDWISE_AOT": "1"})
    value, numba_loaded, llvm_loaded = out.stdout.split()
    expected = solve(replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5), kernel="jit")
    assert float(value) == pytest.approx(expected.expected_score, rel=0, abs=1e-12)
    assert (numba_loaded, llvm_loaded) == ("False", "False")


def test_a_damaged_module_is_not_loaded(kernels_on, tmp_path):
    kernel = yz_solver.SOLVE_KERNEL
    kernel.load()
    from holdwise.storage import cache_dir

    name = f"{kernel.name}_{kernel.key()}"
    folder = cache_dir("kernels")
    built = folder / f"{name}{aot._suffix()}"
    assert aot._import_checked(folder, name, folder / f"{name}.json") is not None
    # a copy with one byte changed, under a record of the original's digest, is refused before it is imported
    record = json.loads((folder / f"{name}.json").read_text())
    copy = tmp_path / built.name
    data = bytearray(built.read_bytes())
    data[len(data) // 2] ^= 0xFF
    copy.write_bytes(bytes(data))
    (tmp_path / f"{name}.json").write_text(json.dumps(record))
    assert aot._import_checked(tmp_path, name, tmp_path / f"{name}.json") is None
    (tmp_path / f"{name}.json").write_text("{not json")
    assert aot._import_checked(tmp_path, name, tmp_path / f"{name}.json") is None


def test_a_failed_build_is_recorded_and_the_solve_uses_the_jit(kernels_on, monkeypatch):
    broken = aot.AotKernel("holdwise_test_broken", yz_solver.__name__, "_no_such_kernel", "void()")
    assert broken.load() is None
    from holdwise.storage import cache_dir, read_json

    record = read_json(cache_dir("kernels") / f"{broken.name}_{broken.key()}.json")
    assert record["failed"]
    assert broken.ready()
    assert broken.load() is None  # not built again
    monkeypatch.setattr(yz_solver, "SOLVE_KERNEL", broken)
    monkeypatch.delitem(sys.modules, "numba", raising=False)  # "auto" would take the built kernel
    run, threaded = yz_solver.layer_kernel("auto")
    assert threaded and run is yz_solver.solve_states
    with pytest.raises(RuntimeError, match="not available"):
        yz_solver.layer_kernel("aot")


def test_turned_off(monkeypatch):
    monkeypatch.setenv("HOLDWISE_AOT", "0")
    assert not aot.enabled()
    assert yz_solver.SOLVE_KERNEL.load() is None
    assert yz_solver.SOLVE_KERNEL.ready()
    with pytest.raises(ValueError, match="kernel must be one of"):
        yz_solver.layer_kernel("fast")

