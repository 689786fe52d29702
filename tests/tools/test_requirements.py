"""CI's requirement lists (tools/requirements.py): pyproject.toml's own, whole and in order."""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("requirements", ROOT / "tools" / "requirements.py")
requirements = importlib.util.module_from_spec(spec)
spec.loader.exec_module(requirements)


def test_the_lists_are_pyprojects():
    with (ROOT / "pyproject.toml").open("rb") as f:
        data = tomllib.load(f)
    assert requirements.requirements("build", []) == data["build-system"]["requires"]
    assert "cython>=3.1,<4" in requirements.requirements("build", [])
    install = requirements.requirements("install", ["test"])
    assert install == data["project"]["dependencies"] + data["project"]["optional-dependencies"]["test"]
    assert install[0].startswith("numpy") and any(r.startswith("pytest-xdist") for r in install)
    assert requirements.requirements("install", []) == data["project"]["dependencies"]


def test_a_toy_pyproject(tmp_path):
    toy = tmp_path / "pyproject.toml"
    toy.write_text('[build-system]\nrequires = ["a>=1"]\n[project]\ndependencies = ["b", "c<2; sys_platform != \'win32\'"]\n'
                   '[project.optional-dependencies]\nx = ["d"]\ny = ["e"]\n')
    assert requirements.requirements("build", [], toy) == ["a>=1"]
    assert requirements.requirements("install", ["y", "x"], toy) == ["b", "c<2; sys_platform != 'win32'", "e", "d"]
    with pytest.raises(SystemExit, match="no such extra: z"):
        requirements.requirements("install", ["z"], toy)
    with pytest.raises(SystemExit, match="build takes no extras"):
        requirements.requirements("build", ["x"], toy)
    with pytest.raises(SystemExit, match="usage"):
        requirements.requirements("", [], toy)


def test_the_command_prints_one_a_line():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "requirements.py"), "build"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.splitlines() == requirements.requirements("build", [])
