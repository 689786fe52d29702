"""The house's rules: imports point one way, every module names its public names, every game has the same face."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "holdwise"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))
SESSION_VERBS = ("new_game", "actions", "step", "computer_action", "advice", "parse_action")
TOY_GAMES = {"pig": "tests.toy_games.pig"}  # games kept in tests/, registered by the tests that play them


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def test_import_contracts_hold():
    """cli -> games -> solver, cli never imports the solver directly, games are independent (pyproject.toml)."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def test_a_broken_contract_is_caught(tmp_path):
    """The contract check can fail: a config that forbids what the CLI does must be reported broken."""
    from importlinter.cli import lint_imports

    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "holdwise"\n\n[[tool.importlinter.contracts]]\n'
                      'name = "no games in the cli"\ntype = "forbidden"\nsource_modules = ["holdwise.cli"]\n'
                      'forbidden_modules = ["holdwise.games"]\n')
    assert lint_imports(config_filename=str(config), no_cache=True) != 0


@pytest.mark.parametrize("path", [p for p in MODULES if p.name != "__main__.py"],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_has_all(path):
    tree = ast.parse(path.read_text())
    names = {t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target]) if isinstance(t, ast.Name)}
    assert "__all__" in names, f"{path.name} has no __all__"
    module = importlib.import_module(_module_name(path))
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert not missing, f"{path.name}: __all__ names missing objects: {missing}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_public_functions_have_a_docstring_and_type_hints(path):
    module = importlib.import_module(_module_name(path)) if path.name != "__main__.py" else None
    if module is None:
        return
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if not inspect.isfunction(obj) or obj.__module__ != module.__name__:
            continue
        assert (obj.__doc__ or "").strip(), f"{module.__name__}.{name} has no docstring"
        params = [p for p in inspect.signature(obj).parameters.values() if p.name not in ("self", "cls")]
        if params:
            assert any(p.annotation is not inspect.Parameter.empty for p in params), \
                f"{module.__name__}.{name} has no type hints"


def test_interfaces_use_no_private_names_of_the_games():
    """The CLI, the web app and the sweeps import only public names, and only from a game's face or shared
    modules."""
    bad = []
    for path in sorted([*(PACKAGE / "cli").glob("*.py"), *(PACKAGE / "web").glob("*.py"),
                        *(PACKAGE / "sweep").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = [a.name for a in node.names]
                if node.level >= 2 or module.startswith("holdwise."):
                    target = module.split(".")
                    if target[0] == "holdwise":
                        target = target[1:]
                    if target[:1] == ["solver"]:
                        bad.append(f"{path.name}: imports the solver ({module})")
                    if target[:1] == ["games"] and len(target) > 2 and target[2] != "base":
                        bad.append(f"{path.name}: imports a game's inside ({module}), not its face")
                    if target[:1] == ["games"] and len(target) == 2:  # a face: its names, never its modules
                        folder = PACKAGE.joinpath(*target)
                        bad += [f"{path.name}: imports the module {n} through the face {module}" for n in names
                                if (folder / f"{n}.py").exists() or (folder / n / "__init__.py").exists()]
                    bad += [f"{path.name}: imports private {n} from {module}" for n in names
                            if n.startswith("_") and n != "__version__"]
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if isinstance(node.value, ast.Name) and node.value.id in ("face", "game", "games"):
                    bad.append(f"{path.name}: uses private attribute {node.attr}")
    assert not bad, "\n".join(bad)


def test_registry_lists_every_game_folder_and_each_face_has_the_verbs():
    from holdwise import games

    folders = sorted(p.name.replace("_", "-") for p in (PACKAGE / "games").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert sorted(games.names()) == folders
    for name in games.names():
        face = games.get(name)
        assert callable(face.hint), name
        for verb in SESSION_VERBS:
            assert callable(getattr(face, verb, None)), f"{name} has no {verb}"
    with pytest.raises(ValueError, match="unknown game"):
        games.get("chess")


def test_the_independence_contract_lists_every_registered_game():
    """A new game cannot be forgotten in pyproject.toml's "games are independent" contract."""
    import tomllib

    from holdwise import games

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    independent = next(c for c in config if c["type"] == "independence")
    assert sorted(independent["modules"]) == sorted(f"holdwise.games.{n.replace('-', '_')}" for n in games.names())


def test_package_ships_py_typed_and_runs_as_a_module():
    assert (PACKAGE / "py.typed").exists()
    done = subprocess.run([sys.executable, "-m", "holdwise", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("holdwise ")


def test_help_does_not_import_the_heavy_modules():
    """`holdwise --help` stays fast: no numpy, numba, matplotlib or game solvers at import."""
    code = ("import sys; from holdwise.cli import app; "
            "print(sorted(m for m in ('numpy', 'numba', 'matplotlib', 'holdwise.solver') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_web_loads_nothing_from_outside_the_machine():
    """No CDN, font service or remote image: every URL in templates, scripts and styles is local. (The vendored
    API docs scripts under static/vendor name other hosts in comments and links; the browser test of every page,
    tests/web/test_generic_session.py, checks that no page asks one.)"""
    import re

    web = PACKAGE / "web"
    found = []
    for path in sorted([*web.rglob("*.html"), *web.rglob("*.js"), *web.rglob("*.css"), *web.rglob("*.svg")]):
        if "vendor" in path.relative_to(web).parts:
            continue
        for url in re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"'<>)]*", path.read_text()):
            if url.startswith(("http://www.w3.org/", "//www.w3.org/")):  # SVG and XML namespaces, never fetched
                continue
            found.append(f"{path.relative_to(web)}: {url}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", sorted({p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")}))
def test_a_face_names_each_public_name_once_in_each_list(game):
    """A face's TYPE_CHECKING imports, its lazy `_EXPORTS` and `__all__` list the same names (tuples of modules
    such as KERNEL_MODULES are not imports), and every lazy name resolves to the object its module defines."""
    module = importlib.import_module(f"holdwise.games.{game}")
    tree = ast.parse((PACKAGE / "games" / game / "__init__.py").read_text())
    checked = {alias.asname or alias.name: "." * node.level + (node.module or "")
               for block in tree.body if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING"
               for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    lazy = {name: spec for name, spec in module._EXPORTS.items() if not isinstance(spec, tuple)}
    assert checked == lazy
    assert sorted(module._EXPORTS) == list(module.__all__)
    for name, spec in lazy.items():
        assert getattr(module, name) is getattr(importlib.import_module(spec, module.__name__), name)


def test_a_game_kept_elsewhere_registers_by_its_module_path():
    from holdwise import InputError, games

    games.register("toy-yahtzee", "holdwise.games.yahtzee")
    try:
        assert "toy-yahtzee" in games.names()
        assert games.get("toy_yahtzee") is games.get("yahtzee")
    finally:
        games.unregister("toy-yahtzee")
    assert "toy-yahtzee" not in games.names()
    for bad in ("farkle", "Toy", "toy game", ""):
        with pytest.raises(InputError):
            games.register(bad, "holdwise.games.farkle")
    with pytest.raises(InputError):
        games.unregister("farkle")


def test_every_registered_game_keeps_the_face_protocol():
    from holdwise.games.checks import face_protocol_errors

    """Every game in the registry (the built-in ones and the test's toy games) has the verbs of `GameFace`:
    the names, the session verbs' parameters (names, order, kinds, defaults, hints) and results, a fully
    typed `hint` that returns a `Hint`."""
    from holdwise import games

    for name, module in TOY_GAMES.items():
        games.register(name, module)
    try:
        assert set(TOY_GAMES) <= set(games.names())
        errors = [e for name in games.names() for e in face_protocol_errors(name, games.get(name))]
    finally:
        for name in TOY_GAMES:
            games.unregister(name)
    assert not errors, "\n".join(errors)


def test_the_face_protocol_check_catches_a_difference():
    from holdwise.games.checks import face_protocol_errors

    """The check is not blind: a face whose step names its action differently, whose hint is untyped or takes no
    progress, or whose HINT_FIELDS repeat a name, fails; so does one without parse_hint."""
    import types

    from holdwise.games.base import HintField
    from tests.toy_games import pig

    names = ("GAME", "HINT_FIELDS", "parse_hint", "hint", *SESSION_VERBS)
    fake = types.SimpleNamespace(**{n: getattr(pig, n) for n in names})
    assert face_protocol_errors("pig", fake) == []

    def step(state: State, move: Mapping) -> State:  # noqa: F821
        """A step with another parameter name."""

    def hint(request) -> Hint:  # noqa: F821
        """An untyped request, no progress."""

    fake.step, fake.hint = step, hint
    fake.HINT_FIELDS = (HintField("score", "a"), HintField("score", "b"))
    errors = face_protocol_errors("pig", fake)
    assert any("step(" in e for e in errors) and any("hint(request) has no type hint" in e for e in errors)
    assert any("(request, *, progress)" in e for e in errors) and any("repeats a name" in e for e in errors)
    del fake.parse_hint
    assert face_protocol_errors("pig", fake) == ["pig: no parse_hint"]


def _game_id_lists(source: str, ids: set[str]) -> list[int]:
    """Lines of `source` where a list, tuple, set or dict literal spells two or more game ids (either spelling)."""
    spelled = ids | {i.replace("-", "_") for i in ids}
    found = []
    for node in ast.walk(ast.parse(source)):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if not isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) or items is None:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in spelled}
        if len(named) >= 2:
            found.append(node.lineno)
    return found


def test_game_ids_are_listed_only_in_the_registry():
    """The games are listed once, in games/registry.py; every other list (CLI groups, pages, menu, warm-ups,
    routers, sweep kinds) derives from it. A literal list of two or more game ids anywhere else in src/ fails."""
    from holdwise import games

    ids = set(games.names())
    assert _game_id_lists('MODULES = {"farkle": 1, "video_poker": 2}\nX = ("farkle",)', ids) == [1]
    found = [f"{path.relative_to(PACKAGE)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
             if path != PACKAGE / "games" / "registry.py"
             for line in _game_id_lists(path.read_text(), ids)]
    assert not found, "game ids listed outside the registry: " + ", ".join(found)


def test_the_architecture_page_lists_every_module():
    """docs/architecture.md's module table names every module of src/holdwise (and nothing that is gone), so
    the map a newcomer reads is the tree as it is."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text()
    listed = set(re.findall(r"^\| `(holdwise(?:\.\w+)*)` \|", text, flags=re.M))
    modules = {".".join(("holdwise", *p.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
               for p in PACKAGE.rglob("*.py")}
    assert sorted(modules - listed) == [], "modules missing from docs/architecture.md"
    assert sorted(listed - modules) == [], "docs/architecture.md lists modules that do not exist"


def test_every_game_asks_its_hint_through_the_one_generic_command():
    """`holdwise <game> hint` is built from the registry for every game: no game's command module writes a hint
    command of its own (it may give `render_hint`), and each game's hint help shows an example of its own."""
    from typer.testing import CliRunner

    from holdwise import games
    from holdwise.cli import app

    for path in (PACKAGE / "cli").glob("*.py"):
        if path.name != "_hint.py":
            assert '.command("hint"' not in path.read_text(), path.name
    runner = CliRunner()
    for name in games.names():
        out = runner.invoke(app, [name, "hint", "--help"], env={"COLUMNS": "80"})
        assert out.exit_code == 0 and f"Example: holdwise {name} hint " in out.stdout, (name, out.output)


def test_modules_stay_the_size_of_one_idea():
    """No source module over 600 lines (a kernel written by a tool excepted), no command module over 450: a file
    that grows past them holds two ideas, or a copy."""
    generated = {PACKAGE / "games" / "farkle" / "lanes_kernels.py"}  # tools/make_lanes_kernel.py writes it
    sizes = {p: len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py") if p not in generated}
    assert not {str(p.relative_to(PACKAGE)): n for p, n in sizes.items() if n > 600}
    assert not {p.name: n for p, n in sizes.items() if p.parent == PACKAGE / "cli" and n > 450}
