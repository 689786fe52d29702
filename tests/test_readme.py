"""The README's promises: the two opening commands, and CI runs the second."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    root = ROOT
    lines = (root / "README.md").read_text().splitlines()
    block = lines[lines.index("```bash") + 1:lines.index("```bash") + 3]
    assert block[0] == "python3 -m pip install . && holdwise dice-poker"
    assert "pytest" in block[1]
    assert block[1] in (root / ".ci" / "run").read_text().splitlines()
