"""The README's promises: the two opening commands (CI runs the second), a short page, a tour of every game.

Its commands, output excerpts, Python blocks and links are checked with the docs' in tests/test_docs.py.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    root = ROOT
    lines = (root / "README.md").read_text().splitlines()
    opening = " ".join(lines[1:lines.index("```bash")]).strip()
    assert opening.startswith("holdwise computes") and opening.endswith(".") and opening.count(". ") == 0
    block = lines[lines.index("```bash") + 1:lines.index("```bash") + 3]
    assert block[0] == "python3 -m pip install . && holdwise dice-poker"
    assert "pytest" in block[1]
    assert block[1] in (root / ".ci" / "run").read_text().splitlines()


def test_the_readme_is_short():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 200


def test_the_readme_tours_every_game_with_runnable_commands():
    text = (ROOT / "README.md").read_text()
    commands = [line.strip() for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
                for line in block.splitlines() if line.strip().startswith("holdwise ")]
    for game in ("dice-poker", "video-poker", "farkle", "poker-dice", "yahtzee", "sweep"):
        assert any(c.startswith(f"holdwise {game} ") for c in commands), game
    assert "holdwise serve" in text
