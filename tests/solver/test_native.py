"""The compiled kernels: each kernel module loads compiled where built (and must, with
HOLDWISE_REQUIRE_COMPILED=1, as CI sets: a failed build must not make everything 100x slower silently); with
HOLDWISE_PURE=1 each runs from its source, with Cython's shadow module or without Cython (the stand-in
`holdwise.solver.cy`), and gives the compiled module's numbers; the command line says once when uncompiled."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from holdwise import compiled as cheap
from holdwise.solver import native
from holdwise.solver.cy import cython as stand_in

KERNELS = native.kernel_modules()
REQUIRED = os.environ.get("HOLDWISE_REQUIRE_COMPILED", "0") not in ("", "0")

# A small batch through the batch kernel: 3 dice of 6 sides, one whole block of tables and 3 more (the last
# block is partial), 0 to 2 re-rolls. Prints each return as a float's hex (bits, not rounded digits).
BATCH = """
import json, sys
import numpy as np
import holdwise.solver.batch_kernels as bk
from holdwise.solver import Dice, expect
from holdwise.solver.reroll import batch_arrays
dice = Dice(3, 6)
lat = dice.lattice
n = bk.TABLE_BLOCK + 3
pays = np.random.default_rng(5).integers(0, 9, size=(lat.n_hands, n)) / np.float64(4.0)
e1 = np.ascontiguousarray(expect(lat, dice.face_probabilities(), pays))
ptr, idx, child, start, probs, first = batch_arrays(dice)
rows = []
for rerolls in range(3):
    out = np.zeros(n)
    scratch = [np.empty((lat.n_keeps, bk.TABLE_BLOCK)) for _ in range(2)]
    bk.block_returns(e1, ptr, idx, child, start, probs, first, rerolls, out, 0, 2, *scratch)
    rows.append([float(x).hex() for x in out])
print(json.dumps(rows))
"""

# Every kernel module imported: whether it loaded compiled, from which file, with which `cython`.
LOADS = """
import importlib, json, sys
from holdwise.solver import native
from holdwise.solver.cy import cython as stand_in
found = {}
for name in native.kernel_modules():
    mod = importlib.import_module(name)
    found[name] = [native.compiled(mod), mod.__file__, getattr(mod, "cython", None) is stand_in]
print(json.dumps(found))
"""

# Cython made unimportable (as where it is not installed: it is needed only to build): `import cython` fails
NO_CYTHON = "import sys\nsys.modules['cython'] = None\n"


def _run(code: str, **env: str) -> str:
    full = {**os.environ, "HOLDWISE_PURE": "0", **env}
    done = subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_kernel_modules_are_found():
    assert "holdwise.solver.batch_kernels" in KERNELS
    assert all(native.is_kernel_module(name) for name in KERNELS)
    assert not native.is_kernel_module("holdwise.solver.batch") and not native.is_kernel_module("numpy.kernels")


@pytest.mark.parametrize("name", KERNELS)
def test_each_kernel_module_loads_compiled(name):
    """In the test process every kernel module is its extension module (where the build made it; required
    with HOLDWISE_REQUIRE_COMPILED=1); the cheap check of the command line, which imports none, agrees."""
    if native.pure():
        pytest.skip("HOLDWISE_PURE=1: this process runs the kernels' source")
    is_compiled = native.compiled(name)
    assert (name in native.uncompiled()) is not is_compiled
    if not is_compiled:
        assert not REQUIRED, f"{name} is not compiled: the build failed or did not run (setup.py)"
        pytest.skip(f"{name} is not compiled here (build it: python setup.py build_ext --inplace)")
    assert sys.modules[name].__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


@pytest.mark.parametrize("without_cython", [False, True], ids=["cython-shadow", "stand-in"])
def test_pure_kernels_load_from_source_and_give_the_compiled_numbers(without_cython):
    """HOLDWISE_PURE=1: every kernel module is its .py (with Cython's shadow module, or the stand-in where
    Cython is absent), and the batch kernel's returns equal the test process's (compiled where built) bit for
    bit."""
    prefix = NO_CYTHON if without_cython else ""
    loads = json.loads(_run(prefix + LOADS, HOLDWISE_PURE="1"))
    assert sorted(loads) == KERNELS
    for name, (was_compiled, file, with_stand_in) in loads.items():
        assert not was_compiled and file.endswith(".py"), name
        assert Path(file) == Path(native.__file__).parents[1].joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert with_stand_in is without_cython, name
    plain = json.loads(_run(prefix + BATCH, HOLDWISE_PURE="1"))
    here: dict[str, object] = {}
    exec(compile(BATCH.replace("print(json.dumps(rows))", ""), "<batch>", "exec"), here)
    assert plain == here["rows"]
    returns = np.array([[float.fromhex(x) for x in row] for row in plain])
    assert np.all(returns[1] >= returns[0]) and np.all(returns[2] >= returns[1])  # a re-roll never costs
    assert len(set(plain[2])) > 50  # the tables differ: a kernel that ignored them would fail the comparison


def test_the_stand_in_casts_as_c_does_and_its_decorators_pass_functions_through():
    c = stand_in
    assert c.cast(c.ulonglong, -1) == 2**64 - 1 and c.ulonglong(2**64 + 5) == 5
    assert c.cast(c.uchar, 257) == 1 and c.cast(c.ushort, -1) == 0xFFFF and c.cast(c.uint, 2**32) == 0
    assert c.cast(c.int, 2**31) == -(2**31) and c.cast(c.int, 2**32 + 7) == 7 and c.cast(c.schar, 200) == -56
    assert c.cast(c.longlong, 2**63) == -(2**63) and c.cast(c.Py_ssize_t, -5) == -5 and c.cast(c.short, -1) == -1
    assert c.cast(c.int, -2.7) == -2 and c.cast(c.longlong, 2.9) == 2  # toward zero, as C
    three = c.cast(c.double, 3)
    assert type(three) is float and three == 3.0 and c.cast(c.bint, 2) is True
    wrapped = c.ulonglong(0xFFFFFFFFFFFFFFFF * 0x100000001B3)  # an FNV-style step: Numba's uint64 wrapped too
    assert wrapped == (0xFFFFFFFFFFFFFFFF * 0x100000001B3) % 2**64

    def f(x):
        return x + 1

    for decorate in (c.cfunc, c.ccall, c.inline, c.final, c.nogil, c.exceptval(check=False), c.boundscheck(False),
                     c.wraparound(False), c.cdivision(True), c.locals(x=c.int)):
        assert decorate(f) is f
    with c.nogil:
        total = 1
    with c.gil:
        total += 1
    assert total == 2 and c.declare(c.int, 5) == 5 and c.declare(c.double) is None and not c.compiled
    index = c.fused_type(c.int, c.longlong)
    assert c.const[c.double][:, ::1] is not None and index[::1] is not None and c.typedef(c.ulonglong)(2**64 + 1) == 1


def test_the_cheap_check_finds_sources_without_their_extension(tmp_path):
    root = tmp_path / "holdwise"
    (root / "games" / "dice").mkdir(parents=True)
    (root / "games" / "dice" / "turn_kernels.py").write_text("")
    (root / "games" / "dice" / "turn.py").write_text("")
    (root / "kernels.py").write_text("")
    (root / "__pycache__").mkdir()
    (root / "__pycache__" / "old_kernels.py").write_text("")
    assert cheap.kernel_modules(str(root)) == ["holdwise.games.dice.turn_kernels", "holdwise.kernels"]
    assert cheap.uncompiled(str(root)) == ["holdwise.games.dice.turn_kernels", "holdwise.kernels"]
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (root / "games" / "dice" / f"turn_kernels{suffix}").write_bytes(b"")
    assert cheap.uncompiled(str(root)) == ["holdwise.kernels"]


def test_the_command_line_warns_once_when_uncompiled_never_when_pure(monkeypatch, capsys):
    from holdwise.cli import main

    monkeypatch.setattr(cheap, "_warned", False)
    monkeypatch.setattr(cheap, "uncompiled", lambda root=None: ["holdwise.solver.batch_kernels"])
    monkeypatch.setenv("HOLDWISE_PURE", "0")
    monkeypatch.setattr(sys, "argv", ["holdwise", "--version"])
    for _ in range(2):
        with pytest.raises(SystemExit):
            main()
    err = capsys.readouterr().err
    assert err == cheap.WARNING + "\n" and len(cheap.WARNING) <= 80
    monkeypatch.setattr(cheap, "_warned", False)
    monkeypatch.setenv("HOLDWISE_PURE", "1")
    assert not cheap.warn_if_uncompiled() and capsys.readouterr().err == ""
    monkeypatch.setenv("HOLDWISE_PURE", "0")
    monkeypatch.setattr(cheap, "uncompiled", lambda root=None: [])
    assert not cheap.warn_if_uncompiled() and capsys.readouterr().err == ""


def test_the_real_command_line_warns_exactly_when_a_kernel_is_uncompiled():
    done = subprocess.run([sys.executable, "-m", "holdwise", "--version"], capture_output=True, text=True,
                          env={**os.environ, "HOLDWISE_PURE": "0"}, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("holdwise ")
    assert done.stderr == (cheap.WARNING + "\n" if cheap.uncompiled() else "")
    assert "numpy" not in _run("import sys, holdwise.compiled as c; c.uncompiled(); print(sorted(sys.modules))")
