"""Dice poker against a payout table: categories, built-in tables, tables from TOML.

Source: seed 000 (five six-sided dice, two re-rolls; five of a kind, four of a kind, full house,
straight 1-5 or 2-6, three of a kind, two pairs, pair; nothing pays 0).

For other dice counts and faces the categories keep their plain meaning: n of a kind is a face on
at least n dice, a full house a face on three or more and another on two or more, a straight five
consecutive faces all present; a hand takes its best category.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import numpy as np

from ...errors import InputError
from ...solver import to_fraction

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


def parse_payouts(values) -> tuple[Fraction, ...]:
    """Seven payouts in category order from numbers or text; non-negative, finite."""
    if isinstance(values, str):
        values = [v for v in values.replace(" ", "").split(",") if v != ""] if values.strip() else []
    values = list(values)
    if len(values) != len(CATEGORIES):
        raise InputError(
            f"a payout table has {len(CATEGORIES)} payouts ({', '.join(CATEGORY_LABELS[c] for c in CATEGORIES)}), "
            f"got {len(values)}"
        )
    table = []
    for name, value in zip(CATEGORIES, values):
        try:
            number = to_fraction(value)
        except ValueError:
            raise InputError(f"payout for {CATEGORY_LABELS[name]} is not a number: {value!r}") from None
        if number < 0:
            raise InputError(f"payout for {CATEGORY_LABELS[name]} is negative: {value}")
        table.append(number)
    return tuple(table)


def load_tables(path: str | Path) -> dict[str, tuple[Fraction, ...]]:
    """Named tables from a TOML file: a [tables] section of name = [seven payouts] (numbers or "p/q")."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise InputError(f"tables file not found: {path}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise InputError(f"tables file {path} is not valid TOML: {err}") from None
    section = data.get("tables")
    if not isinstance(section, dict) or not section:
        raise InputError(f"tables file {path} has no [tables] section of name = [payouts]")
    tables = {}
    for name, values in section.items():
        if not isinstance(values, list):
            raise InputError(f"table {name!r} in {path} is not a list of payouts")
        try:
            tables[str(name)] = parse_payouts(values)
        except ValueError as err:
            raise InputError(f"table {name!r} in {path}: {err}") from None
    return tables
