"""Mutation testing for holdwise: single-token mutants of the rules, parsers, pay tables, solver and evaluators.

Usage (from the repository root, in the project's venv):

    python tools/mutate.py                      # every module of tools/mutation.toml, every mutant
    python tools/mutate.py --quick              # the fixed, seeded subset, before a change lands (exit 1 below its floor)
    python tools/mutate.py --modules holdwise/solver/reroll.py --jobs 2 --json out.json
    python tools/mutate.py --list --modules holdwise/solver/exact.py   # print the mutants, run nothing
    python tools/mutate.py --rerun full.json    # only the survivors of an earlier run's JSON; scores combined

Why not mutmut: the kernels. A kernel module (`*kernels.py`, Cython's pure-Python mode) is compiled by the build;
every mutant's tests run with HOLDWISE_PURE=1 (always: see Workspace.env), so the mutated source is what runs,
never the extension beside it.

How a run works: src/, tests/, docs/ and pyproject.toml are copied once per worker into a temporary directory; the
source tree in the repository is never written. For each mutant the worker writes the mutated module into its
copy, runs that module's tests (chosen in tools/mutation.toml) with `PYTHONPATH=<copy>/src`, cwd=<copy>, and
`-x -q -p no:cacheprovider`, then puts the original back. A mutant is killed when the tests fail (any nonzero
exit) or exceed the per-mutant timeout. Before any mutant runs, each module's tests must pass on the unmutated
copy, and the copy must be what Python imports (`holdwise` and `tests.oracles` resolve inside the copy).

Mutants (one token each): comparison < <= > >= == != (is/in) to their neighbour, + <-> -, * <-> //, / -> *,
& <-> |, << <-> >>, and <-> or, True <-> False, integers 0 -> 1, 1 -> 0 and 2, n -> n+1 and n-1, min <-> max,
`if cond: raise` -> `if False: raise`, `not x` -> `x`. Docstrings, `__all__`, annotations and Cython's decorators
(compile directives such as `@cython.exceptval(check=False)`: run as Python they do nothing) are not mutated.

Score per module = killed / (mutants - excused equivalents); tools/equivalent_mutants.txt lists the excused
ones as `module | source line (stripped) | change | why`, so the list survives edits that move lines.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tools" / "mutation.toml"
EQUIVALENTS = ROOT / "tools" / "equivalent_mutants.txt"

_CMP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In,
}
_BIN = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
}
_SYMBOL = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is",
    ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
    ast.FloorDiv: "//", ast.Div: "/", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>",
    ast.And: "and", ast.Or: "or",
}


@dataclass
class Mutant:
    module: str  # path under src/, e.g. holdwise/solver/reroll.py
    index: int  # position of the mutated node in ast.walk order
    slot: int  # which operator of a comparison
    kind: str  # cmp, bin, aug, bool, const, minmax, raise, not
    new: object  # the replacement (operator name, constant value, function name)
    line: int
    change: str  # human text, e.g. "`<` -> `<=`"
    source: str = ""  # the stripped source line
    status: str = ""  # killed, timeout, survived, excused
    seconds: float = 0.0

    @property
    def key(self) -> str:
        return f"{self.module} | {self.source} | {self.change}"


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes never mutated: docstrings, `__all__ = ...`, annotations, Cython's decorators."""
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                roots.append(body[0])
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                roots.append(node)
        if isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
        if isinstance(node, ast.arg) and node.annotation is not None:
            roots.append(node.annotation)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            roots.append(node.returns)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            roots += [d for d in node.decorator_list if _from_cython(d)]
    return {id(n) for root in roots for n in ast.walk(root)}


def _from_cython(node: ast.expr) -> bool:
    """A decorator `@cython.x` or `@cython.x(...)`: a directive to the compiler, nothing when run as Python."""
    if isinstance(node, ast.Call):
        node = node.func
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "cython"


def _int_replacements(value: int) -> list[int]:
    if value == 0:
        return [1]
    if value == 1:
        return [0, 2]
    return [value + 1, value - 1]


def generate(module: str, text: str) -> list[Mutant]:
    """Every single-token mutant of a module's source text, in a fixed order."""
    tree = ast.parse(text)
    skip = _skipped_nodes(tree)
    lines = text.splitlines()
    found: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        line = getattr(node, "lineno", 0)

        def add(kind, new, change, slot=0, at=line, index=index):
            found.append(Mutant(module, index, slot, kind, new, at, change))

        if isinstance(node, ast.Compare):
            for slot, op in enumerate(node.ops):
                new = _CMP[type(op)]
                add("cmp", new.__name__, f"`{_SYMBOL[type(op)]}` -> `{_SYMBOL[new]}`", slot)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _BIN:
            new = _BIN[type(node.op)]
            eq = "=" if isinstance(node, ast.AugAssign) else ""
            add("bin", new.__name__, f"`{_SYMBOL[type(node.op)]}{eq}` -> `{_SYMBOL[new]}{eq}`")
        elif isinstance(node, ast.BoolOp):
            new = ast.Or if isinstance(node.op, ast.And) else ast.And
            add("bool", new.__name__, f"`{_SYMBOL[type(node.op)]}` -> `{_SYMBOL[new]}`")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("not", None, "`not` removed")
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            add("const", not node.value, f"`{node.value}` -> `{not node.value}`")
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            for new in _int_replacements(node.value):
                add("const", new, f"`{node.value}` -> `{new}`")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            new = "max" if node.func.id == "min" else "min"
            add("minmax", new, f"`{node.func.id}` -> `{new}`")
        elif isinstance(node, ast.If) and node.body and isinstance(node.body[-1], ast.Raise) \
                and not (isinstance(node.test, ast.Constant) and node.test.value is False):
            add("raise", False, "raise guard never taken (`if ...: raise` -> `if False: raise`)")
    # Same change twice on one line: number them so each key is unique.
    seen: dict[tuple, int] = {}
    for m in found:
        m.source = lines[m.line - 1].strip() if 0 < m.line <= len(lines) else ""
        base = (m.line, m.change)
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            m.change += f" #{seen[base]}"
    return found


def apply(text: str, mutant: Mutant) -> str:
    """The module's text with one mutant applied (re-parsed, so the walk order matches `generate`)."""
    tree = ast.parse(text)
    node = list(ast.walk(tree))[mutant.index]
    kind = mutant.kind
    if kind == "cmp":
        node.ops[mutant.slot] = getattr(ast, mutant.new)()
    elif kind == "bin":
        node.op = getattr(ast, mutant.new)()
    elif kind == "bool":
        node.op = getattr(ast, mutant.new)()
    elif kind == "const":
        node.value = mutant.new
    elif kind == "minmax":
        node.func = ast.Name(id=mutant.new, ctx=ast.Load())
    elif kind == "raise":
        node.test = ast.Constant(value=False)
    elif kind == "not":
        _replace_node(tree, node, node.operand)
    else:  # pragma: no cover
        raise ValueError(kind)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _replace_node(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
                        return
    raise ValueError("node not found")  # pragma: no cover


def load_config(path: Path = CONFIG) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def load_equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """key -> reason, from lines `module | source line | change | why` (# starts a comment line)."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for raw in path.read_text().splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in raw.split(" | ")]
        if len(parts) != 4 or not parts[3]:
            raise SystemExit(f"{path}: need `module | source line | change | why`: {raw!r}")
        out[" | ".join(parts[:3])] = parts[3]
    return out


class Workspace:
    """One private copy of src/, tests/, docs/, pyproject.toml and babel.cfg; mutants are written only here."""

    def __init__(self, base: Path, name: str):
        self.dir = base / name
        self.dir.mkdir()
        for part in ("src", "tests", "docs"):  # docs: tests read the reference tables there
            if (ROOT / part).is_dir():
                shutil.copytree(ROOT / part, self.dir / part,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis"))
        for name in ("pyproject.toml", "babel.cfg"):  # babel.cfg: the catalogue tests extract as pybabel does
            shutil.copy2(ROOT / name, self.dir / name)

    def env(self, extra: dict[str, str]) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        env.update({
            "PYTHONPATH": str(self.dir / "src") + os.pathsep + str(self.dir),
            # the kernel modules' source, not the extensions compiled from the unmutated source (copied too)
            "HOLDWISE_PURE": "1",
            "HYPOTHESIS_STORAGE_DIRECTORY": str(self.dir / ".hypothesis"),
        })
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def write(self, module: str, text: str) -> None:
        """Write a version of a module into the copy and drop its compiled bytecode. The test processes keep
        .pyc files (compiling the copy's sources again took about 0.7 s of each run), so the mutated module's
        must go: a mutant written in the same second as the last version, at the same size, would otherwise
        meet the stale one."""
        target = self.dir / "src" / module
        target.write_text(text)
        Path(importlib.util.cache_from_source(str(target))).unlink(missing_ok=True)

    def run(self, args: list[str], env: dict[str, str], timeout: float) -> tuple[str, float]:
        start = time.monotonic()
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", "-o",
               "addopts=", *args]
        try:
            proc = subprocess.run(cmd, cwd=self.dir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=timeout, start_new_session=True)
        except subprocess.TimeoutExpired:
            return "timeout", time.monotonic() - start
        status = "survived" if proc.returncode == 0 else "killed"
        if proc.returncode == 5:  # no tests collected: a configuration error, not a kill
            raise SystemExit(f"no tests collected by {args}")
        return status, time.monotonic() - start

    def check_imports(self, env: dict[str, str]) -> None:
        # the kernel modules too: each must be its source in the copy (a compiled one would hide every mutant)
        code = ("import importlib, holdwise, tests.oracles\nfrom holdwise.compiled import kernel_modules\n"
                "print(holdwise.__file__); print(tests.oracles.__file__)\n"
                "for name in kernel_modules(): print(importlib.import_module(name).__file__)")
        out = subprocess.run([sys.executable, "-c", code], cwd=self.dir, env=env, capture_output=True, text=True,
                             check=True).stdout.split()
        for path in out:
            if not Path(path).resolve().is_relative_to(self.dir.resolve()):
                raise SystemExit(f"the copy is not what Python imports: {path}")
            if not path.endswith(".py"):
                raise SystemExit(f"a kernel module runs compiled, not its source: {path}")


def test_args(spec: dict) -> list[str]:
    args = list(spec["tests"])
    for node in spec.get("deselect", []):
        args += ["--deselect", node]
    if spec.get("select"):
        args += ["-k", spec["select"]]
    return args


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modules", nargs="+", metavar="PATH",
                        help="modules to mutate (paths under src/, or a unique suffix like farkle/rules.py)")
    parser.add_argument("--quick", action="store_true", help="the fixed, seeded quick subset, with a score floor")
    parser.add_argument("--sample", type=int, metavar="N", help="at most N seeded random mutants per module")
    parser.add_argument("--seed", type=int, help="seed of --sample / --quick (default: from the config)")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 0),
                        help="test processes at once (default: CPU count)")
    parser.add_argument("--floor", type=float, help="exit 1 when a module's score (%%) is below this")
    parser.add_argument("--json", metavar="FILE", help="write the results as JSON ('-' for stdout)")
    parser.add_argument("--match", metavar="TEXT", help="only mutants whose `module | line | change` contains TEXT")
    parser.add_argument("--list", action="store_true", help="print the mutants and run nothing")
    parser.add_argument("--rerun", metavar="FILE", type=Path,
                        help="run only the survivors of an earlier run (its --json file) and print the combined "
                             "scores: what it killed plus what is killed now, over its mutants less the "
                             "equivalents excused now (the source of the modules must not have changed)")
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--equivalents", type=Path, default=EQUIVALENTS)
    opts = parser.parse_args(argv)

    config = load_config(opts.config)
    settings = config.get("settings", {})
    modules: dict[str, dict] = config["modules"]
    chosen = list(modules)
    if opts.modules:
        chosen = []
        for want in opts.modules:
            hits = [m for m in modules if m == want or m.endswith("/" + want) or m.endswith(want)]
            if len(hits) != 1:
                parser.error(f"--modules {want!r}: matches {hits or 'nothing'} in {opts.config}")
            chosen.append(hits[0])
    equivalents = load_equivalents(opts.equivalents)
    seed = opts.seed if opts.seed is not None else int(settings.get("seed", 9))
    per_module = opts.sample
    floor = opts.floor
    if opts.quick:
        per_module = per_module or int(settings.get("quick_per_module", 8))
        floor = floor if floor is not None else float(settings.get("quick_floor", 80))
        chosen = [m for m in chosen if modules[m].get("quick", True)]

    earlier: dict[str, dict] = {}
    if opts.rerun is not None:
        earlier = {m["module"]: m for m in json.loads(opts.rerun.read_text())["modules"]}
        chosen = [m for m in chosen if m in earlier]
    plan: dict[str, list[Mutant]] = {}
    texts: dict[str, str] = {}
    for module in chosen:
        texts[module] = (ROOT / "src" / module).read_text()
        mutants = generate(module, texts[module])
        for m in mutants:
            if m.key in equivalents:
                m.status = "excused"
        if opts.match:
            mutants = [m for m in mutants if opts.match in m.key]
        if opts.rerun is not None:
            if len(generate(module, texts[module])) != earlier[module]["mutants"]:
                raise SystemExit(f"{module} has changed since {opts.rerun}: run it in full")
            keys = {s["key"] for s in earlier[module]["survivors"]}
            mutants = [m for m in mutants if m.key in keys or m.status == "excused"]
        if per_module is not None:
            live = [m for m in mutants if m.status != "excused"]
            rng = random.Random(f"{seed}:{module}")
            picked = {id(m) for m in rng.sample(live, min(per_module, len(live)))}
            mutants = [m for m in live if id(m) in picked]
        plan[module] = mutants

    if opts.list:
        for module, mutants in plan.items():
            for m in mutants:
                print(f"{module}:{m.line}: {m.change}  [{m.source}]" + ("  (excused)" if m.status else ""))
        return 0

    start = time.monotonic()
    env_default = settings.get("env", {})
    jobs = max(1, opts.jobs)
    with tempfile.TemporaryDirectory(prefix="holdwise-mutate-") as base:
        pool: queue.Queue[Workspace] = queue.Queue()
        for i in range(jobs):
            pool.put(Workspace(Path(base), f"w{i}"))
        first = pool.queue[0]
        first.check_imports(first.env(env_default))

        def env_of(ws: Workspace, module: str) -> dict[str, str]:
            return ws.env({**env_default, **modules[module].get("env", {})})

        # Baselines: each module's tests pass unmutated; the timeout scales with their time. Modules run with
        # the same tests and environment (a kernel module and the module calling it) share one baseline.
        timeouts: dict[str, float] = {}
        runs: dict[str, list[str]] = {}
        for module in (m for m in plan if plan[m]):
            same = json.dumps([test_args(modules[module]), modules[module].get("env", {})], sort_keys=True)
            runs.setdefault(same, []).append(module)

        def baseline(group: list[str]) -> None:
            ws = pool.get()
            try:
                status, secs = ws.run(test_args(modules[group[0]]), env_of(ws, group[0]),
                                      float(settings.get("baseline_timeout", 300)))
            finally:
                pool.put(ws)
            names = ", ".join(group)
            if status != "survived":
                raise SystemExit(f"{names}: its tests do not pass unmutated ({status}); fix that first")
            timeout = max(float(settings.get("min_timeout", 10)), secs * float(settings.get("timeout_factor", 3)) + 5)
            timeouts.update(dict.fromkeys(group, timeout))
            print(f"baseline {names}: tests pass in {secs:.1f}s (mutant timeout {timeout:.0f}s)", flush=True)

        with ThreadPoolExecutor(jobs) as ex:
            list(ex.map(baseline, runs.values()))

        def run_one(m: Mutant) -> None:
            if m.status == "excused":
                return
            ws = pool.get()
            try:
                ws.write(m.module, apply(texts[m.module], m))
                m.status, m.seconds = ws.run(test_args(modules[m.module]), env_of(ws, m.module),
                                             timeouts[m.module])
            finally:
                ws.write(m.module, texts[m.module])
                pool.put(ws)
            if m.status == "survived":
                print(f"  survived {m.module}:{m.line}: {m.change}   [{m.source}]", flush=True)

        todo = [m for mutants in plan.values() for m in mutants]
        with ThreadPoolExecutor(jobs) as ex:
            list(ex.map(run_one, todo))

    elapsed = time.monotonic() - start
    results = []
    failed = False
    print()
    print(f"{'module':48} {'mutants':>7} {'killed':>6} {'excused':>7} {'score':>6}")
    for module, mutants in plan.items():
        killed = sum(m.status in ("killed", "timeout") for m in mutants)
        excused = sum(m.status == "excused" for m in mutants)
        total = len(mutants)
        if opts.rerun is not None:  # the earlier run's kills stand: the same source, tests only added
            killed += earlier[module]["killed"]
            total = earlier[module]["mutants"]
        counted = total - excused
        if killed > counted:  # an edited line can give an earlier survivor's key to a mutant killed before
            print(f"warning: {module}: keys moved since {opts.rerun} (more kills than mutants): run it in full",
                  flush=True)
            killed = counted
        score = 100.0 * killed / counted if counted else 100.0
        if floor is not None and score < floor:
            failed = True
        print(f"{module:48} {total:7} {killed:6} {excused:7} {score:5.1f}%")
        results.append({"module": module, "mutants": total, "killed": killed, "excused": excused,
                        "score": round(score, 1),
                        "survivors": [asdict(m) | {"key": m.key} for m in mutants if m.status == "survived"]})
    survivors = [m for mutants in plan.values() for m in mutants if m.status == "survived"]
    if survivors:
        print("\nsurvivors:")
        for m in survivors:
            print(f"  {m.module}:{m.line}: {m.change}   [{m.source}]")
    print(f"\n{len(todo)} mutants in {elapsed:.0f}s with {jobs} jobs"
          + (f"; floor {floor:g}%: {'FAILED' if failed else 'ok'}" if floor is not None else ""))
    if opts.json:
        doc = json.dumps({"seconds": round(elapsed, 1), "jobs": jobs, "floor": floor, "modules": results},
                         indent=2, default=str)
        if opts.json == "-":
            print(doc)
        else:
            Path(opts.json).write_text(doc + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
