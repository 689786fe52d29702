"""Storage wraps the solvers: no solver module reaches the disk store, directly or through another module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import holdwise.games.farkle as farkle

FOLDER = Path(farkle.__file__).parent
SOLVERS = ("roll_table", "roll_kernels", "turn", "turn_kernels", "match", "match_kernels", "guard", "lanes_kernels",
           "simulate", "simulate_kernels", "report_kernels", "rules", "parsing")
STORES = {"holdwise.games.farkle.store", "holdwise.games.farkle.stored", "holdwise.storage"}


def _imports(module: str) -> set[str]:
    """The holdwise modules one farkle module imports (at any depth of its code)."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = "holdwise.games.farkle" if node.level == 1 else "holdwise.games" if node.level == 2 else (
                "holdwise" if node.level == 3 else "")
            name = f"{base}.{node.module}" if node.module and base else (node.module or base)
            out.add(name)
            out.update(f"{name}.{a.name}" for a in node.names)  # `from . import store`
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _reach(module: str) -> set[str]:
    seen, todo = set(), [module]
    while todo:
        here = todo.pop()
        for name in _imports(here):
            seen.add(name)
            part = name.removeprefix("holdwise.games.farkle.")
            if part != name and "." not in part and part not in seen and (FOLDER / f"{part}.py").exists():
                seen.add(part)
                todo.append(part)
    return seen


@pytest.mark.parametrize("solver", SOLVERS)
def test_a_solver_never_reaches_the_store(solver):
    assert not _reach(solver) & STORES


def test_the_wrapper_is_where_the_store_is_read():
    assert "holdwise.games.farkle.store" in _imports("stored")
    assert "holdwise.games.farkle.stored" in _reach("hints")  # the hint reads stored answers through the wrapper
