"""Storage wraps the solvers: no video poker solver module imports the disk layer, directly or through the
modules it imports; the one module that reads and writes what they build is `disk.py`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import holdwise

SRC = Path(holdwise.__file__).parent.parent
PACKAGE = "holdwise.games.video_poker"
PURE = ("solver", "tables", "patterns", "pattern_codes", "pattern_texts", "evaluator", "deal_table", "chart_search")
DISK = {f"{PACKAGE}.store", f"{PACKAGE}.answers", f"{PACKAGE}.disk", "holdwise.storage"}


def _source(module: str) -> Path:
    path = SRC.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _absolute(module: str, node: ast.ImportFrom) -> list[str]:
    """The modules a `from ... import ...` names: the one it imports from, and each imported name as a submodule
    (`from . import store`)."""
    if node.level:
        package = module.split(".")
        if not _source(module).name == "__init__.py":
            package = package[:-1]
        base = ".".join(package[: len(package) - node.level + 1])
        source = f"{base}.{node.module}" if node.module else base
    else:
        source = node.module or ""
    return [source, *(f"{source}.{alias.name}" for alias in node.names)]


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(module: str) -> set[str]:
    """The modules one module's source imports, anywhere in it (functions, TYPE_CHECKING blocks too), but for a
    package's `__init__` only what it runs: a face names its modules for type checkers and loads each lazily."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    if _source(module).name == "__init__.py":
        tree.body = [node for node in tree.body if not _type_checking(node)]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.update(_absolute(module, node))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def reached_from(module: str) -> set[str]:
    """Every holdwise module `module` imports, directly or through the holdwise modules it imports (a package
    imported runs its `__init__`, counted too)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        here = todo.pop()
        for name in imports_of(here):
            parts = name.split(".")
            # a module and every package above it (importing a.b.c runs a and a.b first)
            for end in range(1, len(parts) + 1):
                candidate = ".".join(parts[:end])
                if candidate.startswith("holdwise") and candidate not in seen and _source(candidate).exists():
                    seen.add(candidate)
                    todo.append(candidate)
    return seen


@pytest.mark.parametrize("module", PURE)
def test_a_solver_never_reaches_the_disk(module):
    reached = reached_from(f"{PACKAGE}.{module}")
    assert f"{PACKAGE}.paytables" in reached or module == "pattern_texts"  # the walk does follow imports
    assert not reached & DISK, sorted(reached & DISK)


def test_the_walk_sees_an_import_of_the_store():
    """The check can fail: the wrapper, the kept answers and the store itself reach the disk."""
    assert f"{PACKAGE}.store" in imports_of(f"{PACKAGE}.disk")
    assert "holdwise.storage" in reached_from(f"{PACKAGE}.disk")
    assert "holdwise.storage" in reached_from(f"{PACKAGE}.answers")
    assert f"{PACKAGE}.disk" in reached_from(f"{PACKAGE}.hints")  # a hint reads the tables through the wrapper
    assert f"{PACKAGE}.disk" in reached_from(f"{PACKAGE}.session")


def test_the_solvers_names_keep_no_disk_helper():
    """What moved to the wrapper is gone from the solvers (a caller cannot reach the disk through them)."""
    from holdwise.games.video_poker import solver, tables

    assert not hasattr(solver, "stored_solve") and not hasattr(tables, "stored_distinct_deals")
