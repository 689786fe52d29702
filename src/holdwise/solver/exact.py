"""Exact numbers: parsing payouts as fractions and writing fractions as "p/q"."""

from __future__ import annotations

import numbers
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import InputError

__all__ = ["fraction_str", "to_fraction"]


def to_fraction(value: object) -> Fraction:
    """An int, Fraction, Decimal, float (read as the decimal it prints as) or text "3", "0.5", "1/3"."""
    if isinstance(value, bool):
        raise InputError(f"not a number: {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, numbers.Real):
        value = float(value)
        if value != value or value in (float("inf"), float("-inf")):
            raise InputError(f"not a finite number: {value!r}")
        return Fraction(repr(value))
    if isinstance(value, Decimal):
        return Fraction(value)
    if isinstance(value, str):
        text = value.strip()
        try:
            if "/" in text:
                num, den = text.split("/")
                return Fraction(int(num), int(den))
            return Fraction(Decimal(text))
        except (ValueError, ZeroDivisionError, InvalidOperation):
            raise InputError(f"not a number: {value!r}") from None
    raise InputError(f"not a number: {value!r}")


def fraction_str(value: Fraction | int | str) -> str:
    """A Fraction as "p/q" (always with the slash, so the kind is plain)."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"
