"""Dice poker for interfaces that must bound their cost: tables from TOML text and the size of a solve.

A web page cannot hand the server a file, so `parse_tables_text` reads the text of a tables file by the
same rules as `load_tables`. `lattice_keeps` and `exact_links` tell an interface what a report or a hint
would cost before it starts (the solver's own measures: multisets of the lattice, links of exact work).
"""

from __future__ import annotations

import tomllib
from fractions import Fraction

from ...errors import InputError
from ...solver import MAX_DICE, MAX_SIDES, MIN_DICE, MIN_SIDES, keep_count, links
from .rules import parse_payouts

__all__ = ["MAX_TABLE_NAME", "MAX_TABLES", "MAX_TABLES_TEXT", "exact_links", "lattice_keeps", "parse_tables_text"]

MAX_TABLES_TEXT = 1 << 20  # characters of a tables text: the size limit of a tables file
MAX_TABLES = 100  # tables in one text
MAX_TABLE_NAME = 40  # characters of a table's name


def parse_tables_text(text: str, *, max_tables: int = MAX_TABLES) -> dict[str, tuple[Fraction, ...]]:
    """Named tables from the text of a TOML tables file: a [tables] section of name = [seven payouts]."""
    if not isinstance(text, str):
        raise InputError(f"a tables text is TOML text, got {type(text).__name__}")
    if len(text) > MAX_TABLES_TEXT:
        raise InputError(f"the tables text is longer than {MAX_TABLES_TEXT:,} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"the tables text is not valid TOML: {str(err).splitlines()[0]}") from None
    except RecursionError:
        raise InputError("the tables text is nested too deeply") from None
    section = data.get("tables")
    if not isinstance(section, dict) or not section:
        raise InputError("the tables text has no [tables] section of name = [payouts] (at least one table)")
    if len(section) > max_tables:
        raise InputError(f"the tables text has {len(section)} tables; at most {max_tables}")
    tables = {}
    for name, values in section.items():
        if not 1 <= len(name) <= MAX_TABLE_NAME or not name.isprintable():
            shown = name if len(name) <= MAX_TABLE_NAME else name[:MAX_TABLE_NAME] + "..."
            raise InputError(f"table name {shown!r} must be 1 to {MAX_TABLE_NAME} printable characters")
        if not isinstance(values, list):
            raise InputError(f"table {name!r} is not a list of payouts")
        try:
            tables[name] = parse_payouts(values)
        except InputError as err:
            raise InputError(f"table {name!r}: {err}") from None
    return tables


def _check_size(dice: int, sides: int) -> None:
    for value, low, high, what in ((dice, MIN_DICE, MAX_DICE, "dice"), (sides, MIN_SIDES, MAX_SIDES, "faces")):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(f"{what} must be a whole number {low} to {high}, got {value!r}")


def lattice_keeps(dice: int, sides: int) -> int:
    """The multisets of 0..dice dice with `sides` faces: what a float solve's time and memory grow with."""
    _check_size(dice, sides)
    return keep_count(dice, sides)


def exact_links(dice: int, sides: int, rerolls: int, solves: int = 4) -> int:
    """The links of `solves` exact solves (a depth report is 4, a hint 1): what exact arithmetic costs."""
    _check_size(dice, sides)
    return links(dice, sides, rerolls, solves)
