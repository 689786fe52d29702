"""Exact numbers (holdwise.solver.exact): the boundaries the mutation run found unpinned, with values."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.solver.exact import MAX_EXPONENT, MAX_TEXT, fraction_str, to_fraction


@pytest.mark.parametrize("value,expected", [
    (3, Fraction(3)), (0, Fraction(0)), ("0", Fraction(0)), ("3", Fraction(3)), ("0.5", Fraction(1, 2)),
    ("1/3", Fraction(1, 3)), (" 2/4 ", Fraction(1, 2)), (0.1, Fraction(1, 10)), (2.5, Fraction(5, 2)),
    (Decimal("1.25"), Fraction(5, 4)), (Fraction(7, 3), Fraction(7, 3)), ("-2", Fraction(-2)),
    ("1e3", Fraction(1000)), ("0e5", Fraction(0)), (Decimal("0E+999999"), Fraction(0)),
])
def test_values(value, expected):
    got = to_fraction(value)
    assert got == expected and isinstance(got, Fraction)


def test_limits_are_ten_to_the_300():
    assert MAX_EXPONENT == 300
    assert to_fraction(10**300) == 10**300
    assert to_fraction(-(10**300)) == -(10**300)
    assert to_fraction("1e300") == 10**300
    assert to_fraction("9.99e299") == Fraction(999, 1000) * 10**300
    assert to_fraction(1e300) == 10**300
    assert to_fraction(Fraction(10**300 * 7 - 1, 7)) == Fraction(10**300 * 7 - 1, 7)
    assert to_fraction("1e-300") == Fraction(1, 10**300)
    assert to_fraction(Decimal("1e-300")) == Fraction(1, 10**300)
    for bad in (10**300 + 1, -(10**300) - 1, Fraction(10**300 * 7 + 1, 7), "1e301", "1e-301", "10e300",
                Decimal("1e301"), Decimal("1e-301"), 1e301, "1" + "0" * 301, "100000000000/1e0"):
        with pytest.raises(InputError):
            to_fraction(bad)


def test_text_length_limit():
    assert MAX_TEXT == 1000
    text = "0." + "0" * 290 + "1"  # 293 characters, 1e-291
    assert to_fraction(text) == Fraction(1, 10**291)
    assert to_fraction(" " * (MAX_TEXT - 1) + "7") == 7
    with pytest.raises(InputError, match="at most 1000 characters"):
        to_fraction(" " * MAX_TEXT + "7")


@pytest.mark.parametrize("bad", [
    True, False, math.nan, math.inf, -math.inf, "nan", "inf", "-inf", "Infinity", "1e309", "1e999999999",
    Decimal("nan"), Decimal("inf"), "", "abc", "1/0", "1/2/3", None, [1], object(),
])
def test_refused(bad):
    with pytest.raises(InputError):
        to_fraction(bad)


def test_long_values_are_shortened_in_the_message():
    with pytest.raises(InputError) as info:
        to_fraction("x" * 100)
    message = str(info.value)
    assert "'" + "x" * 39 + "..." + "x" * 9 + "'" in message
    assert "x" * 51 not in message
    with pytest.raises(InputError) as info:
        to_fraction("y" * 58)  # repr is 60 characters: shown whole
    assert "y" * 58 in str(info.value)
    with pytest.raises(InputError) as info:
        to_fraction("y" * 59)  # repr is 61 characters: shortened
    assert "y" * 59 not in str(info.value)


def test_fraction_str():
    assert fraction_str(Fraction(6, 4)) == "3/2"
    assert fraction_str(3) == "3/1"
    assert fraction_str("-1/3") == "-1/3"
    assert fraction_str(0) == "0/1"


def test_too_long_text_shows_its_first_20_characters():
    value = "123456789012345678901234567890" + " " * 1000
    with pytest.raises(InputError) as info:
        to_fraction(value)
    assert f"({value[:20]!r}...)" in str(info.value)
