"""The README's promises: the two opening commands (CI runs the second), a short page, a tour of every game.

Its commands, output excerpts, Python blocks and links are checked with the docs' in tests/test_docs.py.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    """What holdwise is, in one sentence, first; then two commands: set up in a venv and open the web lab; the
    contributors' test command, which CI runs as written."""
    root = ROOT
    lines = (root / "README.md").read_text().splitlines()
    opening = " ".join(lines[1:lines.index("```bash")]).strip()
    assert opening.startswith("holdwise computes") and opening.endswith(".") and opening.count(". ") == 0
    block = lines[lines.index("```bash") + 1:lines.index("```bash") + 3]
    # set-up in a virtual environment (a system Python of Debian 12 or Ubuntu 23.04+ refuses a bare pip install),
    # then the web lab: the friendliest first thing to try (review 2, defect 6)
    assert block[0] == "python3 -m venv .venv && . .venv/bin/activate && python3 -m pip install . && holdwise serve"
    assert lines[lines.index("```bash") + 3] == "```"  # two commands, no third
    assert "pytest" in block[1]
    # CI runs the command's steps as written, in order (the type gate and the linter start between them)
    steps = block[1].split(" && ")
    ci = (root / ".ci" / "run").read_text().splitlines()
    assert len(steps) == 2 and all(step in ci for step in steps)
    assert ci.index(steps[0]) < ci.index(steps[1])


def test_the_readme_is_short():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def test_the_readme_tours_every_game_with_runnable_commands():
    text = (ROOT / "README.md").read_text()
    commands = [line.strip() for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
                for line in block.splitlines() if line.strip().startswith("holdwise ")]
    for game in ("dice-poker", "video-poker", "farkle", "poker-dice", "yahtzee", "sweep"):
        assert any(c.startswith(f"holdwise {game} ") for c in commands), game
    assert "holdwise serve" in text
