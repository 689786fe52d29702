"""Print pyproject.toml's requirements, one a line, for `pip install -r`: `build` (the build system's), or
`install [EXTRA ...]` (the project's dependencies and those extras'). CI installs them before the package, so
that the kernels compile beside the dependencies' install (.ci/run)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def requirements(what: str, extras: list[str], pyproject: Path = PYPROJECT) -> list[str]:
    """The requirement strings of `what` ("build" or "install" with `extras`), as pyproject.toml writes them."""
    with pyproject.open("rb") as f:
        data = tomllib.load(f)
    if what == "build":
        if extras:
            raise SystemExit("build takes no extras")
        return list(data["build-system"]["requires"])
    if what == "install":
        optional = data["project"].get("optional-dependencies", {})
        unknown = [e for e in extras if e not in optional]
        if unknown:
            raise SystemExit(f"no such extra: {', '.join(unknown)} (pyproject.toml has {', '.join(optional)})")
        return [*data["project"]["dependencies"], *(r for e in extras for r in optional[e])]
    raise SystemExit(f"usage: {Path(__file__).name} build | install [EXTRA ...]")


if __name__ == "__main__":
    print("\n".join(requirements(sys.argv[1] if len(sys.argv) > 1 else "", sys.argv[2:])))
