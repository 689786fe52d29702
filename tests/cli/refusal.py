"""How bad input must end, for every command: exit 2, one line on stderr starting "error:", no traceback,
nothing printed on stdout and nothing written to disk. Each game's bad-input table calls `assert_refused`.

A command runs in this process by default (the CLI's own entry point, with stdin, stdout, stderr, the working
folder and COLUMNS/NO_COLOR set as a fresh process would have them): hundreds of refusals then cost milliseconds
each instead of an interpreter start. `serve` and `sweep` (servers, Dask clusters) and any call with
`fresh=True` run as a fresh process; `test_in_process_runs_match_fresh_processes` checks that the two ways
print the same on a sample of every game's refusals.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import traceback
from pathlib import Path

TIMEOUT_S = 60  # a refusal is instant; a command still running after this has hung or started to solve


def _snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


ENV = {"COLUMNS": "80", "NO_COLOR": "1"}
FRESH_COMMANDS = ("serve", "sweep")  # they start servers or clusters: a fresh process, bounded in time


@contextlib.contextmanager
def _as_a_process(cwd: Path, stdin: str):
    """This process looking like a fresh `holdwise` process in `cwd`: its streams captured, ENV set."""
    saved = os.getcwd(), dict(os.environ), sys.stdin, sys.stdout, sys.stderr, sys.argv
    out, err = io.StringIO(), io.StringIO()
    os.chdir(cwd)
    os.environ.update(ENV)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        yield out, err
    finally:
        cwd_before, env_before, sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
        os.chdir(cwd_before)
        os.environ.clear()
        os.environ.update(env_before)


def _in_process(args: list[str], cwd: Path, stdin: str) -> subprocess.CompletedProcess:
    from holdwise.cli import app

    with _as_a_process(cwd, stdin) as (out, err):
        sys.argv = ["holdwise", *args]
        try:
            app(args=list(args), prog_name="holdwise")
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        except BaseException:  # what a fresh process would die of: its traceback on stderr
            err.write(traceback.format_exc())
            code = 1
    return subprocess.CompletedProcess(["holdwise", *args], code, out.getvalue(), err.getvalue())


def run_command(args: list[str], cwd: Path, stdin: str = "", fresh: bool = False) -> subprocess.CompletedProcess:
    """`holdwise ARGS` in `cwd`: in this process, or as a fresh process (bounded in time) when `fresh` or when
    the command starts a server or a cluster."""
    if not fresh and (not args or args[0] not in FRESH_COMMANDS):
        return _in_process(args, cwd, stdin)
    env = {**os.environ, **ENV}
    return subprocess.run([sys.executable, "-m", "holdwise", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=TIMEOUT_S, env=env)


def assert_refused(args: list[str], cwd: Path, stdin: str = "", message: str | None = None,
                   fresh: bool = False) -> str:
    """Run `holdwise ARGS` in `cwd` and check that it is refused as bad input; returns the error line.

    `message`, if given, must occur in the error line (case-insensitive).
    """
    before = _snapshot(cwd)
    done = run_command(args, cwd, stdin, fresh)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, f"exit {done.returncode}: {done.stderr or done.stdout}"
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert done.stdout == "", done.stdout
    assert _snapshot(cwd) == before, "a refused command wrote files"
    if message is not None:
        assert message.lower() in lines[0].lower(), lines[0]
    return lines[0]
