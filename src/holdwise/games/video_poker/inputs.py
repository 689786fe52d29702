"""Video poker's whole numbers as users type them: coins bet, starting credits, a seed.

Each is read by `holdwise.games.inputs.parse_whole` (an int or its ASCII digits; the error names the field
and the range), like every game's whole numbers.
"""

from __future__ import annotations

from ..inputs import MAX_SEED, parse_seed, parse_whole
from .paytables import MAX_COINS

__all__ = ["MAX_COINS", "MAX_CREDITS", "MAX_SEED", "parse_coins", "parse_credits", "parse_seed", "parse_whole"]

MAX_CREDITS = 1_000_000_000  # starting credits: exact in every JSON reader (floats hold whole numbers to 2**53)


def parse_coins(value: object, what: str = "coins") -> int:
    """Coins bet a hand: 1 to 5 (below 5 the natural royal pays royal_below_max per coin)."""
    return parse_whole(value, what, 1, MAX_COINS)


def parse_credits(value: object, what: str = "credits") -> int:
    """Starting credits of a session: 1 to 1,000,000,000."""
    return parse_whole(value, what, 1, MAX_CREDITS)
