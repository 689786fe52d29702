"""Storage wraps the solvers: no solving module of poker dice reaches the store, however indirectly.

The imports are read from the source (AST, every `import` in a module, late ones in functions included) and
followed within the package; a pure module that reaches `store`, `solutions` (the one place that reads and
writes stored answers) or `holdwise.storage` fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import holdwise.games.poker_dice as package

PACKAGE = "holdwise.games.poker_dice"
HERE = Path(package.__file__).parent
IMPURE = {f"{PACKAGE}.store", f"{PACKAGE}.solutions", "holdwise.storage"}  # storage, and the one place around it
ANSWERS = {"__init__", "solutions", "store", "session", "hints"}  # the face and what it serves from the store
PURE = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in ANSWERS)


def imports_of(source: str, module: str) -> set[str]:
    """Every module an import in `source` names (relative ones resolved against `module`), and for `from x
    import y` also x.y (y may be a module)."""
    out: set[str] = set()
    parts = module.split(".") + (["__init__"] if module == PACKAGE else [])  # a package's own imports are inside it
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(parts[:len(parts) - node.level]) if node.level else ""
            name = ".".join(p for p in (base, node.module or "") if p)
            out.update(f"{name}.{alias.name}" for alias in node.names)
            if name != PACKAGE or any(not (HERE / f"{alias.name}.py").exists() for alias in node.names):
                out.add(name)  # the module itself (`from . import rounds` names only the submodule)
    return out


def _file(name: str) -> Path:
    return HERE / "__init__.py" if name == PACKAGE else HERE / f"{name.rsplit('.', 1)[1]}.py"


def reached(module: str) -> dict[str, str]:
    """Every module `module` reaches through imports within the package (the face's own included), each with the
    module that imports it."""
    seen: dict[str, str] = {}
    todo = [module]
    while todo:
        current = todo.pop()
        for name in imports_of(_file(current).read_text(encoding="utf-8"), current):
            if name in seen:
                continue
            if name == PACKAGE or name.startswith(PACKAGE + ".") or name.split(".")[:2] == ["holdwise", "storage"]:
                seen[name] = current
                if name == PACKAGE or (name.count(".") == PACKAGE.count(".") + 1 and _file(name).exists()):
                    todo.append(name)
    return seen


def impure(module: str) -> list[str]:
    """The store modules a module reaches, each as the chain of imports that gets there."""
    seen = reached(module)
    out = []
    for name in sorted(seen):
        if name in IMPURE or name.split(".")[:2] == ["holdwise", "storage"]:
            chain, at = [name], name
            while at != module:
                at = seen[at]
                chain.append(at)
            out.append(" <- ".join(chain))
    return out


def test_the_pure_modules_are_the_solvers():
    for name in ("solver", "rounds", "table", "card_rank", "card_table", "card_kernels", "card_game", "cards",
                 "rules", "kinds", "strategy", "reports", "sources", "card_solve"):
        assert name in PURE


@pytest.mark.parametrize("name", PURE)
def test_a_solving_module_never_reaches_the_store(name):
    assert impure(f"{PACKAGE}.{name}") == []


def test_the_walk_sees_the_store_of_the_one_place_and_of_an_added_import(tmp_path, monkeypatch):
    # the answer modules do reach the store: the walk finds it there
    assert any(chain.startswith(f"{PACKAGE}.store") for chain in impure(f"{PACKAGE}.session"))
    # and a late import added to a pure module (through another module) is caught
    here = tmp_path / "poker_dice"
    here.mkdir()
    for path in HERE.glob("*.py"):
        (here / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    rounds = here / "rounds.py"
    rounds.write_text(rounds.read_text(encoding="utf-8") + "\n\ndef _late():\n    from .store import save_solution\n",
                      encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["HERE"]), "HERE", here)
    assert impure(f"{PACKAGE}.rounds") and impure(f"{PACKAGE}.card_game")  # card_game imports rounds
    cards = here / "cards.py"
    cards.write_text("from ...storage import cache_dir\n" + cards.read_text(encoding="utf-8"), encoding="utf-8")
    assert any(chain.startswith("holdwise.storage") for chain in impure(f"{PACKAGE}.card_rank"))
    rules = here / "rules.py"  # the face serves stored answers: a solver importing it is caught too
    rules.write_text(rules.read_text(encoding="utf-8") + "\n\ndef _face():\n    from . import table_solution\n",
                     encoding="utf-8")
    assert any(chain.endswith(f"{PACKAGE}.rules") for chain in impure(f"{PACKAGE}.rules"))
