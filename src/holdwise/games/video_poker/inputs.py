"""Video poker's whole numbers as users type them: coins bet, starting credits, a seed.

Each takes a whole number (not a bool) or its text in ASCII digits with an optional sign; anything else,
Unicode digits ("٢", "²") and "5.0" included, or a number outside the allowed range is refused with InputError
naming the bad part and the range. Text is measured before it is converted, so a huge one costs nothing.
"""

from __future__ import annotations

import re

from ...errors import InputError
from .cards import shown
from .paytables import MAX_COINS

__all__ = ["MAX_COINS", "MAX_CREDITS", "MAX_SEED", "parse_coins", "parse_credits", "parse_seed", "parse_whole"]

MAX_CREDITS = 1_000_000_000  # starting credits: exact in every JSON reader (floats hold whole numbers to 2**53)
MAX_SEED = 2**63 - 1  # a seed fits a signed 64-bit integer, as in the other games
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")  # ASCII digits only; more than 30 is past every range here


def parse_whole(value: int | str, what: str, low: int, high: int) -> int:
    """A whole number `low`..`high` from an int or its text; InputError names `what` and the range."""
    allowed = f"{low:,} to {high:,} (a whole number)"
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InputError(f"{what} must be {allowed}, got {shown(value)}")
    if isinstance(value, str):
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            raise InputError(f"{what} must be {allowed}, got {shown(value)}")
        number = int(text)
    else:
        number = int(value)
    if not low <= number <= high:
        raise InputError(f"{what} must be {allowed}, got {shown(number)}")
    return number


def parse_coins(value: int | str, what: str = "coins") -> int:
    """Coins bet a hand: 1 to 5 (below 5 the natural royal pays royal_below_max per coin)."""
    return parse_whole(value, what, 1, MAX_COINS)


def parse_credits(value: int | str, what: str = "credits") -> int:
    """Starting credits of a session: 1 to 1,000,000,000."""
    return parse_whole(value, what, 1, MAX_CREDITS)


def parse_seed(value: int | str, what: str = "seed") -> int:
    """A seed for the deals: a whole number 0 to 2**63 - 1."""
    return parse_whole(value, what, 0, MAX_SEED)
