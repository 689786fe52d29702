"""Lean processes (issue 38): a command loads only the heavy libraries it uses. The web's (FastAPI, uvicorn,
Jinja2), the sweeps' (Dask) and the plots' (matplotlib) never load for the games' commands, nor Numba where no
Numba kernel runs; `benchmarks/bench_processes.py` measures each command's time and peak memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

NEVER = ("matplotlib", "dask", "distributed", "fastapi", "starlette", "uvicorn", "jinja2")

# Runs the command as `python -m holdwise` does, then prints which of the libraries asked about were loaded
CODE = """
import json, runpy, sys
sys.argv = ["holdwise", *{args!r}]
try:
    runpy.run_module("holdwise", run_name="__main__", alter_sys=True)
except SystemExit as stop:
    assert stop.code in (0, None), stop.code
print(json.dumps([m for m in {asked!r} if m in sys.modules]))
"""


def _loaded(args: list[str], asked: tuple[str, ...]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", CODE.format(args=args, asked=asked)], capture_output=True,
                          text=True, env={**os.environ, "COLUMNS": "80"}, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("args", [
    ["serve", "--help"],
    ["sweep", "dice-poker", "--help"],
    ["dice-poker", "hint", "2", "3", "4", "5", "5", "--rolls-left", "2", "--rules", "B"],
    ["poker-dice", "hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--rules", "six"],
    ["video-poker", "games"],
], ids=" ".join)
def test_a_command_loads_no_library_it_does_not_use(args):
    assert _loaded(args, (*NEVER, "numba", "llvmlite")) == []


def test_the_check_sees_a_library_that_is_loaded():
    # the same check on a command that uses NumPy and rich: the list is not blind
    assert _loaded(["dice-poker", "hint", "2", "3", "4", "5", "5", "-r", "1", "--rules", "B"], ("numpy", "rich", *NEVER)) \
        == ["numpy", "rich"]
