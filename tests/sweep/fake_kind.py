"""A tiny sweep kind for the engine's tests: the items are the numbers 0..n-1 and a row holds each one's square.

`install()` makes `holdwise.sweep.kind.get_kind` know it (in this process); `FakeKindPlugin` does the same on
every Dask worker, including one that a nanny restarts after it was killed.
"""

from __future__ import annotations

import time
from pathlib import Path

from distributed.diagnostics.plugin import WorkerPlugin

from holdwise.errors import InputError
from holdwise.sweep.kind import Column

__all__ = ["COLUMNS", "NAME", "FakeKindPlugin", "count", "definition", "expected", "install", "items", "plot",
           "solve"]

NAME = "fake-squares"
COLUMNS = (
    Column("x", "INTEGER", "the number"),
    Column("square", "INTEGER", "x squared"),
    Column("root", "REAL", "the square root of x"),
    Column("odd", "INTEGER", "1 when x is odd"),
    Column("label", "TEXT", "x in words of digits"),
)
_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def definition(n: int = 10, sleep: float = 0.0, offset: int = 0, fail: int | None = None) -> dict:
    """n numbers from offset; each solve sleeps `sleep` seconds (so a sweep lasts long enough to be hurt);
    solving the number `fail` raises (a kind's bug)."""
    if not isinstance(n, int) or n < 0:
        raise InputError(f"n must be a whole number >= 0, got {n!r}")
    out = {"n": n, "sleep": float(sleep), "offset": int(offset)}
    if fail is not None:
        out["fail"] = int(fail)
    return out


def count(definition: dict) -> int:
    return definition["n"]


def items(definition: dict):
    for i in range(definition["n"]):
        x = definition["offset"] + i
        yield f"x{x:07d}", {"x": x}


def row(x: int) -> dict:
    label = "-".join(_WORDS[int(d)] for d in str(x))
    return {"x": x, "square": x * x, "root": x ** 0.5, "odd": bool(x % 2), "label": label}


def solve(definition: dict, items: list[dict]) -> list[dict]:
    out = []
    for item in items:
        if item["x"] == definition.get("fail"):
            raise ZeroDivisionError(f"the fake kind cannot solve {item['x']}")
        if definition["sleep"]:
            time.sleep(definition["sleep"])
        out.append(row(item["x"]))
    return out


def expected(definition: dict) -> list[tuple]:
    """Every row of the sweep, key first, solved one by one here: what a sweep's file must hold."""
    return [(key, *(int(v) if isinstance(v, bool) else v for v in row(item["x"]).values()))
            for key, item in items(definition)]


def plot(rows: list[dict], definition: dict, path: str) -> None:
    Path(path).write_text(f"{len(rows)} rows\n")


def install() -> None:
    """Let `get_kind` find this kind by NAME, and its ranged twin `fake_range_kind` (idempotent)."""
    import sys

    from holdwise.sweep import kind

    if getattr(kind.get_kind, "fake_installed", False):
        return
    real = kind.get_kind

    def get_kind(name: str):
        if str(name) == NAME:
            return sys.modules[__name__]
        if str(name) == "fake-ranges":
            from . import fake_range_kind

            return fake_range_kind
        return real(name)

    get_kind.fake_installed = True
    kind.get_kind = get_kind


class FakeKindPlugin(WorkerPlugin):
    """Installs the fake kind on every worker of a cluster, now and when one starts later."""

    name = "holdwise-fake-kind"

    def setup(self, worker) -> None:
        install()
