"""The README's promises: the two opening commands, and CI runs the second."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    root = ROOT
    lines = (root / "README.md").read_text().splitlines()
    block = lines[lines.index("```bash") + 1:lines.index("```bash") + 3]
    assert block[0] == "python3 -m pip install . && holdwise dice-poker"
    assert "pytest" in block[1]
    assert block[1] in (root / ".ci" / "run").read_text().splitlines()


def _blocks(language: str) -> list[str]:
    """The README's fenced blocks of one language, as text."""
    text = (ROOT / "README.md").read_text()
    return re.findall(r"^```" + language + r"\n(.*?)^```", text, flags=re.S | re.M)


def readme_commands() -> list[str]:
    """Every command of the README's ```sh blocks: they must run as written."""
    return [line.strip() for block in _blocks("sh") for line in block.splitlines()
            if line.strip().startswith("holdwise ")]


def test_the_readme_shows_runnable_commands_for_every_game():
    commands = readme_commands()
    for game in ("dice-poker", "video-poker", "farkle", "poker-dice", "yahtzee"):
        assert any(c.startswith(f"holdwise {game}") for c in commands), game


@pytest.mark.parametrize("command", readme_commands())
def test_every_readme_command_runs_as_documented(command, tmp_path):
    """Each command exits 0; with --json its output is one JSON object."""
    done = subprocess.run([sys.executable, "-m", "holdwise", *shlex.split(command)[1:]], capture_output=True,
                          text=True, cwd=tmp_path, timeout=300, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    if "--json" in command:
        assert isinstance(json.loads(done.stdout), dict)
    else:
        assert all(len(line) <= 80 for line in done.stdout.splitlines()), done.stdout


def test_the_readme_links_only_inside_the_repo():
    text = (ROOT / "README.md").read_text()
    assert "../" not in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        assert not re.match(r"[a-z]+://", target), target
        assert (ROOT / target).exists(), target


def test_the_readme_python_example_runs(live_server):
    """Every ```python block runs; the web examples run against a live server (for 127.0.0.1:8000)."""
    host = live_server.removeprefix("http://")
    blocks = _blocks("python")
    assert sum("127.0.0.1:8000" in b for b in blocks) >= 2  # the web lab's examples are among them
    for block in blocks:
        exec(compile(block.replace("127.0.0.1:8000", host), "README.md", "exec"), {})
