"""The mutation tool (tools/mutate.py): which mutants it makes, how it applies them, and one real run."""

import ast
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
mutate = importlib.util.module_from_spec(spec)
sys.modules["mutate"] = mutate
spec.loader.exec_module(mutate)

SOURCE = '''"""Docstring with 1 < 2."""
from __future__ import annotations

__all__ = ["f", "LIMIT"]

LIMIT = 10


def f(x: int = 3, flag: bool = True) -> int:
    """Doc: 0 and 1."""
    if x < 0 or not flag:
        raise ValueError("bad")
    y = max(x, 1) + x * 2
    y -= 1
    return y // 2 if x == 5 else min(y, LIMIT)
'''


def changes(source=SOURCE):
    return sorted((m.line, m.change) for m in mutate.generate("m.py", source))


def test_generated_mutants():
    got = changes()
    assert (6, "`10` -> `11`") in got and (6, "`10` -> `9`") in got
    assert (11, "`<` -> `<=`") in got and (11, "`or` -> `and`") in got and (11, "`not` removed") in got
    assert (11, "`0` -> `1`") in got
    assert any(line == 11 and "raise guard" in c for line, c in got)
    assert (13, "`max` -> `min`") in got and (13, "`+` -> `-`") in got and (13, "`*` -> `//`") in got
    assert (13, "`1` -> `0`") in got and (13, "`1` -> `2`") in got and (13, "`2` -> `3`") in got
    assert (14, "`-=` -> `+=`") in got
    assert (15, "`//` -> `*`") in got and (15, "`==` -> `!=`") in got and (15, "`min` -> `max`") in got
    assert (9, "`3` -> `4`") in got and (9, "`True` -> `False`") in got  # defaults are mutated
    # nothing from docstrings, __all__ or annotations
    assert not [c for line, c in got if line in (1, 4, 10)]
    assert not [c for line, c in got if "int" in c]


def test_each_mutant_changes_one_token_and_keys_are_unique():
    mutants = mutate.generate("m.py", SOURCE)
    assert len({m.key for m in mutants}) == len(mutants)
    original = ast.dump(ast.parse(SOURCE))
    for m in mutants:
        text = mutate.apply(SOURCE, m)
        assert ast.dump(ast.parse(text)) != original, m.change
        compile(text, "m.py", "exec")
    raise_guard = next(m for m in mutants if m.kind == "raise")
    assert "if False:" in mutate.apply(SOURCE, raise_guard)
    not_removed = next(m for m in mutants if m.kind == "not")
    assert "or flag:" in mutate.apply(SOURCE, not_removed)


def test_cython_decorators_are_not_mutated():
    source = ("import cython\n\n\n@cython.exceptval(check=False)\n@cython.cdivision(True)\n@lru_cache(maxsize=8)\n"
              "def f(x: cython.int) -> cython.int:\n    return x + 1\n")
    assert changes(source) == [(6, "`8` -> `7`"), (6, "`8` -> `9`"), (8, "`+` -> `-`"), (8, "`1` -> `0`"),
                               (8, "`1` -> `2`")]


def test_same_change_twice_on_a_line_is_numbered():
    got = changes("x = a < b < c\n")
    assert got == [(1, "`<` -> `<=`"), (1, "`<` -> `<=` #2")]


def test_mutated_behaviour():
    namespace = {}
    mutants = {m.change: m for m in mutate.generate("m.py", SOURCE) if m.line == 13}
    exec(mutate.apply(SOURCE, mutants["`max` -> `min`"]), namespace)
    assert namespace["f"](4) == (1 + 8 - 1) // 2 or namespace["f"](4) == min(1 + 8 - 1, 10)


def test_equivalents_file(tmp_path):
    f = tmp_path / "eq.txt"
    f.write_text("# comment\n\nm.py | LIMIT = 10 | `10` -> `11` | only a display limit\n")
    eq = mutate.load_equivalents(f)
    key = next(m.key for m in mutate.generate("m.py", SOURCE) if m.change == "`10` -> `11`")
    assert eq == {key: "only a display limit"}
    f.write_text("m.py | LIMIT = 10 | `10` -> `11` |\n")
    with pytest.raises(SystemExit):
        mutate.load_equivalents(f)


def test_the_shipped_equivalents_name_real_mutants():
    eq = mutate.load_equivalents()
    config = mutate.load_config()
    keys = set()
    for module in config["modules"]:
        keys |= {m.key for m in mutate.generate(module, (ROOT / "src" / module).read_text())}
    stale = [k for k in eq if k not in keys]
    assert not stale, f"equivalent mutants that no longer exist: {stale}"


def test_config_names_existing_modules_and_tests():
    config = mutate.load_config()
    assert len(config["modules"]) >= 18  # the modules mutated grow as kernels move into their own modules
    for module, spec in config["modules"].items():
        assert (ROOT / "src" / module).is_file()
        for test in spec["tests"]:
            assert (ROOT / test.split("::")[0]).is_file(), test


@pytest.mark.slow
def test_a_real_run_kills_a_mutant_in_the_copy_only(tmp_path):
    """MAX_EXPONENT = 300 -> 301 must be killed; the repository's file is untouched."""
    target = ROOT / "src" / "holdwise" / "solver" / "exact.py"
    before = target.read_text()
    out = tmp_path / "r.json"
    code = mutate.main(["--modules", "solver/exact.py", "--match", "MAX_EXPONENT = 300 ", "--jobs", "1",
                        "--json", str(out), "--floor", "100"])
    assert target.read_text() == before
    result = json.loads(out.read_text())["modules"][0]
    assert result["mutants"] == 2 and result["killed"] == 2 and code == 0


def test_mutants_run_the_kernels_source(tmp_path):
    """Every mutant's tests run the kernel modules' source (HOLDWISE_PURE=1), whatever the environment says."""
    ws = mutate.Workspace.__new__(mutate.Workspace)
    ws.dir = tmp_path
    env = ws.env({"HOLDWISE_PURE": "0", "EXTRA": "1"})
    assert env["HOLDWISE_PURE"] == "0" and env["EXTRA"] == "1"  # a module's own environment wins
    assert mutate.Workspace.env(ws, {})["HOLDWISE_PURE"] == "1"
    assert env["PYTHONPATH"].split(mutate.os.pathsep)[0] == str(tmp_path / "src")


@pytest.mark.slow
def test_a_mutant_of_a_compiled_kernel_is_killed(tmp_path):
    """A mutant in the batch kernel's source is run (not the extension compiled beside it) and killed."""
    out = tmp_path / "r.json"
    code = mutate.main(["--modules", "solver/batch_kernels.py", "--match", "`+=` -> `-=`", "--jobs", "1",
                        "--json", str(out), "--floor", "100"])
    result = json.loads(out.read_text())["modules"][0]
    assert result["mutants"] >= 1 and result["killed"] == result["mutants"] and code == 0


@pytest.mark.slow
def test_a_rerun_runs_only_the_earlier_survivors_and_adds_their_kills(tmp_path):
    """An earlier run where both MAX_EXPONENT mutants "survived": the rerun kills them, the score counts all."""
    full = tmp_path / "full.json"  # the earlier run's file, written here rather than by a run (saves one)
    module = {"module": "holdwise/solver/exact.py"}
    doc = {"modules": [module]}
    all_mutants = mutate.generate(module["module"], (ROOT / "src" / module["module"]).read_text())
    chosen = [m for m in all_mutants if "MAX_EXPONENT = 300 " in m.key]
    excused = sum(m.key in mutate.load_equivalents() for m in all_mutants)
    module.update(mutants=len(all_mutants), killed=len(all_mutants) - excused - len(chosen),
                  survivors=[{"key": m.key} for m in chosen])
    full.write_text(json.dumps(doc))
    out = tmp_path / "again.json"
    code = mutate.main(["--rerun", str(full), "--jobs", "1", "--json", str(out), "--floor", "100"])
    again = json.loads(out.read_text())["modules"][0]
    assert again["mutants"] == len(all_mutants) and again["killed"] == len(all_mutants) - again["excused"]
    assert again["score"] == 100.0 and code == 0
