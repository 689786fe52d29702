"""Kernels bound on first call: nothing imports Numba until a kernel runs; then every lazy kernel becomes a
Numba dispatcher, kernels that call kernels compile, and the module attributes point at the dispatchers."""

from __future__ import annotations

import os
import subprocess
import sys
import types

import pytest

from holdwise.solver import jit


def _module_with_kernels(name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    sys.modules[name] = module
    code = (
        "from holdwise.solver.jit import njit\n"
        "def _twice(x):\n    return 2 * x\n"
        "twice = njit(cache=False)(_twice)\n"
        "def _sum_twice(a):\n    s = 0\n    for x in a:\n        s += twice(x)\n    return s\n"
        "sum_twice = njit(cache=False)(_sum_twice)\n"
    )
    exec(compile(code, f"<{name}>", "exec"), module.__dict__)
    return module


def test_a_kernel_calling_a_kernel_compiles_after_the_first_call():
    import numpy as np

    module = _module_with_kernels("holdwise._jit_test_module")
    try:
        assert module.sum_twice(np.arange(5)) == 20  # the first call binds and compiles both
        assert type(module.twice) is not jit.LazyKernel and type(module.sum_twice) is not jit.LazyKernel
        assert module.twice(21) == 42
        later = _module_with_kernels("holdwise._jit_test_later")  # defined once Numba runs: bound at once
        assert type(later.twice) is not jit.LazyKernel and later.sum_twice(np.arange(3)) == 6
    finally:
        sys.modules.pop("holdwise._jit_test_module", None)
        sys.modules.pop("holdwise._jit_test_later", None)


@pytest.mark.slow
def test_one_video_poker_hand_never_imports_numba(tmp_path):
    env = {**os.environ, "HOLDWISE_CACHE_DIR": str(tmp_path)}
    code = ("import sys\nfrom holdwise.games import video_poker as vp\n"
            "h = vp.hold_hint('AS KS QS JS 9D')\nprint(h.best.option, 'numba' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split() == ["As", "Ks", "Qs", "Js", "False"]  # the tables were built with NumPy
    assert second.stdout.split() == ["As", "Ks", "Qs", "Js", "False"]  # read from the disk: no Numba at all


def test_with_the_jit_disabled_a_kernel_is_its_plain_function_and_numba_stays_unimported():
    # mutation testing runs every mutant's tests with NUMBA_DISABLE_JIT=1: no Numba import in those processes
    code = (
        "import sys\n"
        "from holdwise.solver.jit import njit\n"
        "def _twice(x):\n    return 2 * x\n"
        "twice = njit(cache=False)(_twice)\n"
        "assert twice is _twice and twice(21) == 42, type(twice)\n"
        "from holdwise.games.farkle import parse_dice, turn\n"
        "assert round(turn.solve_types(turn.die_types(parse_dice('ordinary*2'))).expected_points, 6) > 0\n"
        "assert 'numba' not in sys.modules\n"
    )
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
