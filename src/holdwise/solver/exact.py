"""Exact numbers: parsing payouts as fractions and writing fractions as "p/q".

`to_fraction` refuses what no game can use, fast and before any big arithmetic: non-finite numbers (nan,
inf, "inf", "Infinity", 1e309 as a float), text longer than MAX_TEXT characters, and numbers of size above
10**MAX_EXPONENT or (text and decimals) nonzero below 10**-MAX_EXPONENT. The exponent of a text like
"1e999999999" is read before the number is built, so it cannot hang.
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import InputError

__all__ = ["MAX_EXPONENT", "MAX_TEXT", "fraction_str", "to_fraction"]

MAX_TEXT = 1000  # characters of a number's text
MAX_EXPONENT = 300  # numbers are at most 10**300 in size (and, as text, 0 or at least 10**-300)
_LIMIT = 10**MAX_EXPONENT
RANGE = f"finite, at most 1e{MAX_EXPONENT} in size"


def _refuse(value: object, why: str = "not a number") -> InputError:
    text = repr(value)
    if len(text) > 60:
        text = text[:40] + "..." + text[-10:]
    return InputError(f"{why}: {text} (numbers are {RANGE})")


def _bounded(number: Fraction, value: object) -> Fraction:
    if abs(number.numerator) > _LIMIT * number.denominator:
        raise _refuse(value, "number too large")
    return number


def _from_decimal(number: Decimal, value: object) -> Fraction:
    """A finite Decimal within the exponent range -> Fraction (the exponent is checked before converting)."""
    if not number.is_finite():
        raise _refuse(value, "not a finite number")
    if number.is_zero():
        return Fraction(0)
    if not -MAX_EXPONENT <= number.adjusted() <= MAX_EXPONENT:
        raise _refuse(value, "number out of range")
    return _bounded(Fraction(number), value)


def _from_text(value: str) -> Fraction:
    if len(value) > MAX_TEXT:
        raise InputError(f"a number is at most {MAX_TEXT} characters, got {len(value)} ({value[:20]!r}...)")
    text = value.strip()
    try:
        if "/" in text:
            num, den = text.split("/")
            return _bounded(Fraction(int(num), int(den)), value)
        number = Decimal(text)
    except (ValueError, ZeroDivisionError, InvalidOperation):
        raise _refuse(value) from None
    return _from_decimal(number, value)


def to_fraction(value: object) -> Fraction:
    """An int, Fraction, Decimal, float (read as the decimal it prints as) or text "3", "0.5", "1/3", in range."""
    if isinstance(value, bool):
        raise _refuse(value)
    if isinstance(value, Fraction):
        return _bounded(value, value)
    if isinstance(value, numbers.Integral):
        return _bounded(Fraction(int(value)), value)
    if isinstance(value, Decimal):
        return _from_decimal(value, value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if not math.isfinite(number):
            raise _refuse(value, "not a finite number")
        return _from_decimal(Decimal(repr(number)), value)
    if isinstance(value, str):
        return _from_text(value)
    raise _refuse(value)


def fraction_str(value: Fraction | int | str) -> str:
    """A Fraction as "p/q" (always with the slash, so the kind is plain)."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"
