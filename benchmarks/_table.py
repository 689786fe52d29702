"""Shared by the benchmark scripts: time a call, print the rows as a table and write them as JSON; run holdwise
in a new process from a given source tree."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

# in-process timing: median seconds of `stmt` after one warm call (compile, build tables), and what `result`
# evaluates to
IN_PROCESS = """
import json, statistics, time
{setup}
exec({stmt!r})
times = []
for _ in range({number}):
    _t0 = time.perf_counter(); exec({stmt!r}); times.append(time.perf_counter() - _t0)
print(json.dumps({{"seconds": statistics.median(times), "result": {result}}}))
"""


# what a Farkle turn solve for a new loadout must not find in memory: every memo of the turn and roll-table modules
# (the solve, its plan, the roll table and its per-die parts), found by name so a kernel port needs no change here;
# kept are only the tables no loadout owns (the score table, the multiset shapes), as the JavaScript anchor keeps
# its score memo and shape keep tables
FORGET_TURNS = """
from holdwise.games.farkle import roll_table as _rt, turn as _turn
_SHARED = {"score_table", "_type_shapes"}
_MEMOS = [f for m in (_rt, _turn) for n, f in sorted(vars(m).items())
          if callable(getattr(f, "cache_clear", None)) and n not in _SHARED]
def forget_turns():
    for memo in _MEMOS:
        memo.cache_clear()
"""


def forget_turns() -> None:
    """Empty every memo a Farkle turn solve reads (see FORGET_TURNS), in this process."""
    if not _FORGET:
        exec(FORGET_TURNS, _FORGET)  # one text for this process and for the new ones the scripts start
    _FORGET["forget_turns"]()


_FORGET: dict = {}


def holdwise_env(src: Path, cache: Path) -> dict:
    """The environment of a holdwise process run from `src` with its own cache folder, 80 columns, the compiled
    kernels (never their plain-Python source) and .pyc files written (as an installed package has them)."""
    env = dict(os.environ, PYTHONPATH=str(src), HOLDWISE_CACHE_DIR=str(cache), COLUMNS="80")
    env.pop("HOLDWISE_PURE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def first_env(src: Path, folder: Path) -> dict:
    """holdwise_env with every cache empty, in a new folder under `folder` (a first call on a new machine; what the
    package's build compiled stays compiled)."""
    return holdwise_env(src, folder / "holdwise")


def read_options(result) -> list:
    """Every option of a face's answer read (text, value, loss, the game's own fields): what a caller that shows
    every option pays for, whether the options are built eagerly or on first use."""
    return [(o.option, o.value, o.loss, o.extras) for o in result.options]


def in_process(src: Path, cache: Path, setup: str, stmt: str, number: int, result: str = "None") -> dict:
    """{"seconds": median seconds of a call of `stmt` in a new process, "result": `result` evaluated there}."""
    code = IN_PROCESS.format(setup=setup, stmt=stmt, number=number, result=result)
    out = subprocess.run([sys.executable, "-c", code], env=holdwise_env(src, cache), cwd=src.parent, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def timed(fn, repeat: int = 1) -> float:
    """Median wall-clock seconds of `repeat` calls of fn()."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def print_and_save(rows, json_out: str, extra: dict | None = None) -> None:
    """rows: (measure, value, unit, target or None); with `extra` the JSON is {"rows": [...], **extra}."""
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>14}  {'unit':<8}  target")
    for name, value, unit, target in rows:
        print(f"{name:<{width}}  {value:>14,.3f}  {unit:<8}  {target or ''}")
    out = Path(json_out)
    out.parent.mkdir(parents=True, exist_ok=True)
    listed = [{"measure": n, "value": v, "unit": u, "target": t} for n, v, u, t in rows]
    out.write_text(json.dumps(listed if extra is None else {"rows": listed, **extra}, indent=2))
    print(f"written {out}")
