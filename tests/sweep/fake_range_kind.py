"""The fake kind with `solve_range`: its workers make the numbers from index ranges, and `only_odd` keeps only the
odd numbers' rows (as `--only-...` keeps some tables), so the engine's range path and its resume are tested."""

from __future__ import annotations

from holdwise.errors import InputError

from . import fake_kind
from .fake_kind import COLUMNS, count, items, plot

__all__ = ["COLUMNS", "NAME", "count", "definition", "expected", "items", "plot", "solve", "solve_range"]

NAME = "fake-ranges"


def definition(n: int = 10, sleep: float = 0.0, offset: int = 0, fail: int | None = None,
               only_odd: bool = False) -> dict:
    out = fake_kind.definition(n=n, sleep=sleep, offset=offset, fail=fail)
    if only_odd:
        out["only_odd"] = True
    return out


def solve(definition: dict, items: list[dict]) -> list[dict]:
    return fake_kind.solve(definition, items)


def solve_range(definition: dict, start: int, stop: int) -> list[tuple]:
    if not 0 <= start <= stop <= definition["n"]:
        raise InputError(f"bad range {start}..{stop}")
    chosen = list(items(definition))[start:stop]
    rows = solve(definition, [item for _, item in chosen])
    return [(key, *(int(v) if isinstance(v, bool) else v for v in r.values()))
            for (key, _), r in zip(chosen, rows, strict=True) if not definition.get("only_odd") or r["odd"]]


def expected(definition: dict) -> list[tuple]:
    """The rows the sweep's file must hold, solved one by one here (the odd ones only with only_odd)."""
    return [r for r in fake_kind.expected(definition) if not definition.get("only_odd") or r[4]]
