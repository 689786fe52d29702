"""Named payout tables: the built-in ones, a TOML tables file (or its text, as a web page sends it), and the
one or several tables a question asks for."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ...errors import InputError
from ..inputs import parse_toml, read_user_text
from .rules import BUILTIN_TABLES, parse_payouts

__all__ = [
    "MAX_TABLE_NAME", "MAX_TABLES", "MAX_TABLES_FILE", "MAX_TABLES_TEXT", "find_table", "load_tables",
    "parse_tables_text", "select_tables",
]

Tables = dict[str, tuple[Fraction, ...]]

MAX_TABLES_FILE = 1 << 20  # bytes of a tables file
MAX_TABLES_TEXT = 1 << 20  # characters of a tables text: the size limit of a tables file
MAX_TABLES = 100  # tables in one text
MAX_TABLE_NAME = 40  # characters of a table's name


def _tables(text: str, source: str) -> dict[str, object]:
    """The [tables] section of a tables TOML text; `source` names it in errors ("tables file x.toml")."""
    data = parse_toml(text, source)
    section = data.get("tables")
    if not isinstance(section, dict) or not section:
        raise InputError(f"{source} has no [tables] section of name = [payouts] (at least one table)")
    return section


def _payouts_of(name: str, values: object, where: str) -> tuple[Fraction, ...]:
    if not isinstance(values, list):
        raise InputError(f"table {name!r}{where} is not a list of payouts")
    try:
        return parse_payouts(values)
    except InputError as err:
        raise InputError(f"table {name!r}{where}: {err}") from None


def load_tables(path: str | Path) -> Tables:
    """Named tables from a TOML file: a [tables] section of name = [seven payouts] (numbers or "p/q")."""
    path = Path(path)
    section = _tables(read_user_text(path, "tables file", MAX_TABLES_FILE), f"tables file {path}")
    return {str(name): _payouts_of(str(name), values, f" in {path}") for name, values in section.items()}


def parse_tables_text(text: object, *, max_tables: int = MAX_TABLES) -> Tables:
    """Named tables from the text of a TOML tables file (a web page cannot hand the server a file), read by the
    rules of `load_tables`; names 1 to MAX_TABLE_NAME printable characters, at most `max_tables` tables."""
    if not isinstance(text, str):
        raise InputError(f"a tables text is TOML text, got {type(text).__name__}")
    if len(text) > MAX_TABLES_TEXT:
        raise InputError(f"the tables text is longer than {MAX_TABLES_TEXT:,} characters")
    section = _tables(text, "the tables text")
    if len(section) > max_tables:
        raise InputError(f"the tables text has {len(section)} tables; at most {max_tables}")
    tables = {}
    for name, values in section.items():
        if not 1 <= len(name) <= MAX_TABLE_NAME or not name.isprintable():
            shown = name if len(name) <= MAX_TABLE_NAME else name[:MAX_TABLE_NAME] + "..."
            raise InputError(f"table name {shown!r} must be 1 to {MAX_TABLE_NAME} printable characters")
        tables[name] = _payouts_of(name, values, "")
    return tables


def find_table(name: str, available: Tables) -> tuple[str, tuple[Fraction, ...]]:
    """(its spelling, its payouts) of a table named in any case among `available`."""
    match = next((k for k in available if k.lower() == name.strip().lower()), None)
    if match is None:
        raise InputError(f"unknown table {name!r}; known: {', '.join(available)}")
    return match, available[match]


def select_tables(names: str | Sequence[str] | None = None, payouts: str | Sequence[object] | None = None,
                  tables_file: str | Path | None = None) -> Tables:
    """The tables a command asks for: names (built-in or from the TOML file; comma lists allowed) and a
    `custom` table of payouts; with neither, every table of the file, or else every built-in table."""
    available = dict(BUILTIN_TABLES)
    file_tables: Tables = {}
    if tables_file is not None:
        file_tables = load_tables(tables_file)
        available.update(file_tables)
    if isinstance(names, str):
        names = [names]
    wanted = [n.strip() for item in (names or ()) for n in str(item).split(",") if n.strip()]
    selected: Tables = dict(find_table(name, available) for name in wanted)
    if payouts is not None:
        selected["custom"] = parse_payouts(payouts)
    if not selected:
        selected = file_tables or dict(BUILTIN_TABLES)
    return selected
