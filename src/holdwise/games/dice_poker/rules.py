"""Dice poker against a payout table: categories, built-in tables, tables from TOML.

Source: seed 000 (five six-sided dice, two re-rolls; five of a kind, four of a kind, full house,
straight 1-5 or 2-6, three of a kind, two pairs, pair; nothing pays 0).

For other dice counts and faces the categories keep their plain meaning: n of a kind is a face on
at least n dice, a full house a face on three or more and another on two or more, a straight five
consecutive faces all present; a hand takes its best category.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ...errors import InputError
from ...i18n import N_
from ...solver import to_fraction
from ..inputs import parse_faces, shown

__all__ = [
    "ALL_CATEGORIES", "BUILTIN_TABLES", "CATEGORIES", "CATEGORY_LABELS", "DEFAULT_TABLE", "MAX_PAYOUT", "NOTHING",
    "STRAIGHT_LENGTH", "Payouts", "categories", "parse_hand", "parse_payouts",
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
CATEGORY_LABELS = {  # marked for the catalogues: the interfaces show them in the reader's language
    "five_of_a_kind": N_("five of a kind"),
    "four_of_a_kind": N_("four of a kind"),
    "full_house": N_("full house"),
    "straight": N_("straight"),
    "three_of_a_kind": N_("three of a kind"),
    "two_pairs": N_("two pairs"),
    "pair": N_("pair"),
    "nothing": N_("nothing"),
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


# seven payouts as given: text "10,6,4,3,2,1,1/2", or numbers and number texts (checked by `parse_payouts`)
Payouts = str | Sequence[object]

MAX_PAYOUT = 10**12  # a payout per unit bet: 0 to this
PAYOUT_RANGE = "0 to 1e12"


def parse_payouts(values: Payouts) -> tuple[Fraction, ...]:
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
            raise InputError(f"payout for {label} is not a number {PAYOUT_RANGE}: {shown(value, 60)}") from None
        if number < 0:
            raise InputError(f"payout for {label} is negative: {shown(value, 60)} (payouts are {PAYOUT_RANGE})")
        if number > MAX_PAYOUT:
            raise InputError(f"payout for {label} is too large: {shown(value, 60)} (payouts are {PAYOUT_RANGE})")
        table.append(number)
    return tuple(table)


_FACE_TOKENS = {str(face): face for face in range(1, 21)}  # a face as typed: 1 to 20, no leading zero


def parse_hand(text: object, dice: int = 5, sides: int = 6) -> tuple[int, ...]:
    """A hand of the game's dice, sorted: text "2 3 4 5 5" or "2,3,4,5,5", or a sequence of faces."""
    if type(text) is str and "," not in text and ";" not in text:
        # the usual hand: faces typed plainly, a look-up each (anything else, an error too, is read below)
        try:
            faces = sorted(map(_FACE_TOKENS.__getitem__, text.split()))
        except KeyError:
            faces = []
        if faces and len(faces) == dice and faces[-1] <= sides:
            return tuple(faces)
    tokens = parse_faces(text, "hand", sides)
    faces = []
    for token in tokens:
        if not (token.isascii() and token.isdigit()):
            raise InputError(f"a hand is dice values 1..{sides} ({dice} of them), got {shown(' '.join(tokens), 60)}")
        if len(token) > 6:
            raise InputError(f"face {shown(token, 60)} is not a face of a {sides}-sided die (1..{sides})")
        faces.append(int(token))
    if len(faces) != dice:
        raise InputError(f"a hand has {dice} dice, got {len(faces)}")
    for face in faces:
        if not 1 <= face <= sides:
            raise InputError(f"face {face} is not a face of a {sides}-sided die (1..{sides})")
    return tuple(sorted(faces))
