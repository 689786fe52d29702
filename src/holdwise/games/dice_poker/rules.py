"""Dice poker against a payout table: categories, built-in tables, tables from TOML.

Source: seed 000 (five six-sided dice, two re-rolls; five of a kind, four of a kind, full house,
straight 1-5 or 2-6, three of a kind, two pairs, pair; nothing pays 0).

For other dice counts and faces the categories keep their plain meaning: n of a kind is a face on
at least n dice, a full house a face on three or more and another on two or more, a straight five
consecutive faces all present; a hand takes its best category.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np

from ...errors import InputError
from ...solver import to_fraction

__all__ = [
    "ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_TABLE", "MAX_PAYOUT", "NOTHING",
    "STRAIGHT_LENGTH", "categories", "load_tables", "parse_hand", "parse_payouts", "resolve_table",
    "select_tables",
]

CATEGORIES = (
    "five_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "straight",
    "three_of_a_kind",
    "two_pairs",
    "pair",
)
NOTHING = "nothing"
ALL_CATEGORIES = (*CATEGORIES, NOTHING)
CATEGORY_LABELS = {
    "five_of_a_kind": "five of a kind",
    "four_of_a_kind": "four of a kind",
    "full_house": "full house",
    "straight": "straight",
    "three_of_a_kind": "three of a kind",
    "two_pairs": "two pairs",
    "pair": "pair",
    "nothing": "nothing",
}
STRAIGHT_LENGTH = 5

# Seed 000 prints only table B; table I is table B without the straight (seed 000, "Results").
BUILTIN_TABLES: dict[str, tuple[Fraction, ...]] = {
    "B": tuple(map(Fraction, ("10", "6", "4", "3", "2", "1", "1/2"))),
    "I": tuple(map(Fraction, ("10", "6", "4", "0", "2", "1", "1/2"))),
}
DEFAULT_TABLE = "B"


def categories(counts: np.ndarray) -> np.ndarray:
    """The category index (0..6, 7 = nothing) of each hand, given as count vectors (last axis = faces)."""
    counts = np.atleast_2d(np.asarray(counts)).astype(np.int16)
    ordered = -np.sort(-counts, axis=1)
    top = ordered[:, 0]
    second = ordered[:, 1] if counts.shape[1] > 1 else np.zeros_like(top)
    present = counts > 0
    sides = counts.shape[1]
    straight = np.zeros(len(counts), dtype=bool)
    for low in range(sides - STRAIGHT_LENGTH + 1):
        straight |= present[:, low:low + STRAIGHT_LENGTH].all(axis=1)
    conditions = [
        top >= 5,
        top >= 4,
        (top >= 3) & (second >= 2),
        straight,
        top >= 3,
        (top >= 2) & (second >= 2),
        top >= 2,
    ]
    return np.select(conditions, list(range(len(CATEGORIES))), default=len(CATEGORIES))


MAX_PAYOUT = 10**12  # a payout per unit bet: 0 to this
PAYOUT_RANGE = "0 to 1e12"


def _shown(value: object) -> str:
    """A value for an error message, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:45] + "..." + text[-12:]


def parse_payouts(values: str | Sequence) -> tuple[Fraction, ...]:
    """Seven payouts in category order from numbers or text; each 0 to MAX_PAYOUT, finite."""
    if isinstance(values, str):
        values = [v for v in values.replace(" ", "").split(",") if v != ""] if values.strip() else []
    elif not isinstance(values, (list, tuple)):
        raise InputError(f"a payout table is a list of {len(CATEGORIES)} payouts, got {type(values).__name__}")
    values = list(values)
    if len(values) != len(CATEGORIES):
        raise InputError(
            f"a payout table has {len(CATEGORIES)} payouts ({', '.join(CATEGORY_LABELS[c] for c in CATEGORIES)}), "
            f"got {len(values)}"
        )
    table = []
    for name, value in zip(CATEGORIES, values):
        label = CATEGORY_LABELS[name]
        try:
            number = to_fraction(value)
        except InputError:
            raise InputError(f"payout for {label} is not a number {PAYOUT_RANGE}: {_shown(value)}") from None
        if number < 0:
            raise InputError(f"payout for {label} is negative: {_shown(value)} (payouts are {PAYOUT_RANGE})")
        if number > MAX_PAYOUT:
            raise InputError(f"payout for {label} is too large: {_shown(value)} (payouts are {PAYOUT_RANGE})")
        table.append(number)
    return tuple(table)


MAX_TABLES_FILE = 1 << 20  # bytes of a tables file


def load_tables(path: str | Path) -> dict[str, tuple[Fraction, ...]]:
    """Named tables from a TOML file: a [tables] section of name = [seven payouts] (numbers or "p/q")."""
    path = Path(path)
    try:
        if path.is_dir():
            raise InputError(f"tables file {path} is a directory, not a TOML file")
        if path.exists() and path.stat().st_size > MAX_TABLES_FILE:
            raise InputError(f"tables file {path} is larger than {MAX_TABLES_FILE:,} bytes")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"tables file not found: {path}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise InputError(f"tables file {path} is not valid TOML: {str(err).splitlines()[0]}") from None
    except OSError as err:
        raise InputError(f"cannot read tables file {path}: {err.strerror or err}") from None
    except RecursionError:
        raise InputError(f"tables file {path} is nested too deeply") from None
    section = data.get("tables")
    if not isinstance(section, dict) or not section:
        raise InputError(f"tables file {path} has no [tables] section of name = [payouts] (at least one table)")
    tables = {}
    for name, values in section.items():
        if not isinstance(values, list):
            raise InputError(f"table {name!r} in {path} is not a list of payouts")
        try:
            tables[str(name)] = parse_payouts(values)
        except InputError as err:
            raise InputError(f"table {name!r} in {path}: {err}") from None
    return tables


def parse_hand(text: str | Sequence[int], dice: int = 5, sides: int = 6) -> tuple[int, ...]:
    """A hand of the game's dice, sorted: text "2 3 4 5 5" or "2,3,4,5,5", or a sequence of faces."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        tokens = [str(t) for t in text]
    else:
        raise InputError(f"a hand is dice values 1..{sides}, got {_shown(text)}")
    faces = []
    for token in tokens:
        if not (token.isascii() and token.isdigit()):
            raise InputError(f"a hand is dice values 1..{sides} ({dice} of them), got {_shown(' '.join(tokens))}")
        if len(token) > 6:
            raise InputError(f"face {_shown(token)} is not a face of a {sides}-sided die (1..{sides})")
        faces.append(int(token))
    if len(faces) != dice:
        raise InputError(f"a hand has {dice} dice, got {len(faces)}")
    for face in faces:
        if not 1 <= face <= sides:
            raise InputError(f"face {face} is not a face of a {sides}-sided die (1..{sides})")
    return tuple(sorted(faces))


def select_tables(names: str | Sequence[str] | None = None, payouts: str | Sequence | None = None,
                  tables_file: str | Path | None = None) -> dict[str, tuple[Fraction, ...]]:
    """The tables a command asks for: names (built-in or from the TOML file; comma lists allowed) and a
    `custom` table of payouts; with neither, every table of the file, or else every built-in table."""
    available = dict(BUILTIN_TABLES)
    file_tables: dict[str, tuple[Fraction, ...]] = {}
    if tables_file is not None:
        file_tables = load_tables(tables_file)
        available.update(file_tables)
    if isinstance(names, str):
        names = [names]
    wanted = [n.strip() for item in (names or ()) for n in str(item).split(",") if n.strip()]
    selected: dict[str, tuple[Fraction, ...]] = {}
    for name in wanted:
        match = next((k for k in available if k.lower() == name.lower()), None)
        if match is None:
            raise InputError(f"unknown table {name!r}; known: {', '.join(available)}")
        selected[match] = available[match]
    if payouts is not None:
        selected["custom"] = parse_payouts(payouts)
    if not selected:
        selected = file_tables or dict(BUILTIN_TABLES)
    return selected


def resolve_table(table: str | Sequence, name: str | None = None) -> tuple[str, tuple[Fraction, ...]]:
    """A table given as a built-in name or as seven payouts -> (its name, its payouts)."""
    if isinstance(table, str) and "," not in table:
        match = next((k for k in BUILTIN_TABLES if k.lower() == table.strip().lower()), None)
        if match is None:
            raise InputError(f"unknown table {table!r}; known: {', '.join(BUILTIN_TABLES)}")
        return (name or match), BUILTIN_TABLES[match]
    return (name or "custom"), parse_payouts(table)
