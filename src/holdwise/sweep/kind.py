"""What a sweep kind offers the engine: its result columns, its items, and how a worker solves a chunk of them.

A kind is a module under `holdwise.sweep.kinds` (one per sweep: `dice_poker`, `video_poker`, `farkle_loadouts`)
that defines the names below; the engine and the results file see nothing else of a game. A sweep is a kind and a
definition: a JSON object (only JSON types, lists not tuples) that says everything its items depend on, built and
checked by the kind's `definition(...)` from the command line's options. Re-running the same definition resumes
the same sweep, so `definition` must be canonical (the same question gives the same object).

    NAME: str                                     the command's name, e.g. "dice-poker"
    COLUMNS: tuple[Column, ...]                   the result columns of one item (besides its key)
    definition(**options) -> dict                 checked options (InputError, one line, on bad input)
    count(definition) -> int                      how many items
    items(definition) -> Iterator[tuple[str, dict]]
                                                  (key, item) in a fixed order; keys unique within the sweep;
                                                  an item is a small JSON object (what differs between items)
    solve(definition, items: list[dict]) -> list[dict]
                                                  one row per item, in order: {column name: value}; runs on a
                                                  Dask worker, so it imports what it needs and holds no state
                                                  that a retry could see half-done
    solve_range(definition, start, stop) -> list[tuple]
                                                  optional: the items start..stop-1 of `items`' order made and
                                                  solved on the worker, each row (key, *values in COLUMNS order,
                                                  plain Python values); a definition may keep only some rows.
                                                  The engine then sends index ranges, not items, and resumes
                                                  from the ranges recorded as done
    drive(client, conn, kind_name, definition, sweep_id, chunk, on_progress) -> Progress
                                                  optional: a sweep of stages (`farkle_ranking`): runs them,
                                                  calling `engine.run` for its item stage with the definition
                                                  plus what earlier stages found, and ends by writing a
                                                  summary (`db.write_summary`), which marks the sweep
                                                  finished
    rank(definition) -> str | None                optional: the column `sweep show` sorts by (largest first)
                                                  when no --sort is given; None: by key
    plot(rows: list[dict], definition, path) -> None
                                                  `holdwise sweep show --plot FILE` for this kind
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from ..errors import InputError

__all__ = ["Column", "get_kind", "kinds"]


def kinds() -> dict[str, str]:
    """The sweep kinds, from the games' registry: command name -> module under holdwise.sweep.kinds."""
    from .. import games

    return {name: module for info in games.infos() for name, module in info.sweeps}


@dataclass(frozen=True)
class Column:
    """One result column: its name (a plain SQL identifier, usable in `show --where`), SQLite type ("REAL",
    "INTEGER" (also for booleans, 0/1) or "TEXT") and what it means, in a line."""

    name: str
    sql_type: str
    doc: str


def get_kind(name: str) -> ModuleType:
    """A sweep kind's module by its command name ("dice-poker", ...)."""
    key = str(name).strip().lower().replace("_", "-")
    known = kinds()
    if key not in known:
        raise InputError(f"unknown sweep {name!r}; known: {', '.join(known)}")
    return importlib.import_module(f"{__package__}.kinds.{known[key]}")
