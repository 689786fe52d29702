"""How bad input must end, for every command: exit 2, one line on stderr starting "error:", no traceback,
nothing printed on stdout and nothing written to disk. Each game's bad-input table calls `assert_refused`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TIMEOUT_S = 60  # a refusal is instant; a command still running after this has hung or started to solve


def _snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def run_command(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    """`holdwise ARGS` as a fresh process in `cwd`, bounded in time."""
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "holdwise", *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=TIMEOUT_S, env=env)


def assert_refused(args: list[str], cwd: Path, stdin: str = "", message: str | None = None) -> str:
    """Run `holdwise ARGS` in `cwd` and check that it is refused as bad input; returns the error line.

    `message`, if given, must occur in the error line (case-insensitive).
    """
    before = _snapshot(cwd)
    done = run_command(args, cwd, stdin)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, f"exit {done.returncode}: {done.stderr or done.stdout}"
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert done.stdout == "", done.stdout
    assert _snapshot(cwd) == before, "a refused command wrote files"
    if message is not None:
        assert message.lower() in lines[0].lower(), lines[0]
    return lines[0]
