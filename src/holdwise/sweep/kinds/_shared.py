"""What the sweep kinds share: exact numbers as people type them, ranges `lo:hi[:step]`, a seeded permutation
(distinct random draws without a list of what was drawn), and writing a figure whole or not at all."""

from __future__ import annotations

import hashlib
import math
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError
from ...games.inputs import shown

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "MAX_RANGE_VALUES", "OKABE_ITO", "Span", "number_text", "parse_number", "parse_span", "permuted",
    "save_figure", "shown", "split_specs",
]

# Okabe-Ito: told apart with every common colour-vision deficiency
OKABE_ITO = {
    "blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "vermillion": "#D55E00", "sky": "#56B4E9",
    "purple": "#CC79A7", "yellow": "#F0E442", "black": "#000000",
}
MAX_RANGE_VALUES = 100_000  # values of one range: its texts are listed once per process
MAX_NUMBER_TEXT = 40  # characters of one number
_NUMBER = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_RATIO = re.compile(r"([0-9]+)/([0-9]+)")


def parse_number(text: str, what: str) -> Fraction:
    """A number 0 or more as typed: `12`, `0.5`, `.5` or `1/3` (ASCII, no sign or exponent), exactly."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"{what} is not a number: {shown(text)}")
    text = text.strip()
    if len(text) > MAX_NUMBER_TEXT:
        raise InputError(f"{what} is longer than {MAX_NUMBER_TEXT} characters: {shown(text)}")
    ratio = _RATIO.fullmatch(text)
    if ratio is not None:
        if int(ratio.group(2)) == 0:
            raise InputError(f"{what} divides by zero: {shown(text)}")
        return Fraction(int(ratio.group(1)), int(ratio.group(2)))
    if _NUMBER.fullmatch(text):
        return Fraction(text)
    raise InputError(f"{what} must be a number 0 or more (12, 0.5 or 1/3), got {shown(text)}")


def number_text(value: Fraction | int) -> str:
    """A number as a short exact text: `10`, `0.5`, `1/3` (a decimal when one is exact)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    den, twos, fives = value.denominator, 0, 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)  # value * 10^places is whole
    whole = value.numerator * 10**places // value.denominator
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Span:
    """The values lo, lo + step, ... up to hi (hi is the last value reached: canonical)."""

    lo: Fraction
    hi: Fraction
    step: Fraction

    @property
    def size(self) -> int:
        """How many values."""
        return int((self.hi - self.lo) / self.step) + 1

    def value(self, index: int) -> Fraction:
        """The index-th value."""
        return self.lo + index * self.step

    def values(self) -> Iterator[Fraction]:
        """Every value, lowest first."""
        return (self.value(i) for i in range(self.size))

    def to_json(self) -> list[str]:
        """[lo, hi, step] as exact texts."""
        return [number_text(self.lo), number_text(self.hi), number_text(self.step)]


def parse_span(text: str, what: str, high: Fraction | int | None = None) -> Span:
    """A range `lo:hi[:step]` (step 1 by default) or one value `v`; every value 0 to `high`."""
    if not isinstance(text, str):
        raise InputError(f"{what} must be lo:hi[:step], got {shown(text)}")
    parts = text.split(":")
    if not 1 <= len(parts) <= 3 or any(not p.strip() for p in parts):
        raise InputError(f"{what} must be lo:hi[:step] or one value, got {shown(text)}")
    lo = parse_number(parts[0], f"{what}: the low end")
    hi = parse_number(parts[1], f"{what}: the high end") if len(parts) > 1 else lo
    step = parse_number(parts[2], f"{what}: the step") if len(parts) > 2 else Fraction(1)
    if step <= 0:
        raise InputError(f"{what}: the step must be above 0, got {shown(parts[2])}")
    if hi < lo:
        raise InputError(f"{what}: empty range {shown(text)} (the high end is below the low end)")
    if high is not None and hi > high:
        raise InputError(f"{what}: {number_text(hi)} is above the largest value allowed, {number_text(high)}")
    steps = (hi - lo) / step
    if steps >= MAX_RANGE_VALUES:
        raise InputError(f"{what}: {shown(text)} has {math.floor(steps) + 1:,} values; at most "
                         f"{MAX_RANGE_VALUES:,} (use a coarser step)")
    count = math.floor(steps) + 1
    if lo == hi:
        step = Fraction(1)
    return Span(lo, lo + (count - 1) * step, step)


def split_specs(specs: str | Sequence[str] | None, what: str) -> list[tuple[str, str]]:
    """`name=range` items from one text (split at spaces) or a list of them -> [(name, range text)], names
    lower-case with `-` read as `_`; each name at most once."""
    if specs is None:
        return []
    if isinstance(specs, str):
        words = specs.split()
    elif isinstance(specs, (list, tuple)) and all(isinstance(s, str) for s in specs):
        words = [w for s in specs for w in s.split()]
    else:
        raise InputError(f"{what} is name=lo:hi[:step] items, got {shown(specs)}")
    out: list[tuple[str, str]] = []
    for word in words:
        name, eq, rng = word.partition("=")
        if not eq or not name or not rng:
            raise InputError(f"{what}: {shown(word)} is not name=lo:hi[:step]")
        key = name.strip().lower().replace("-", "_")
        if any(key == k for k, _ in out):
            raise InputError(f"{what}: {shown(name)} is given twice")
        out.append((key, rng))
    return out


# ---- distinct random draws ------------------------------------------------------------------------------------

_ROUNDS = 6
MAX_PERMUTED = 1 << 60  # the permutation works in 64-bit words


def _round_keys(seed: int) -> list[int]:
    # from SHA-256, not NumPy's generators: the same seed draws the same items under any NumPy version, so a
    # random sweep resumes with the items it started with
    digest = hashlib.sha256(f"holdwise sweep permutation {seed}".encode()).digest()
    return [int.from_bytes(digest[4 * i:4 * i + 4], "little") | 1 for i in range(_ROUNDS)]


def permuted(indices, size: int, seed: int):
    """A seeded permutation of range(size) applied to `indices` (a NumPy integer array): the draws
    perm(0), perm(1), ... are distinct, so N draws without replacement need no record of the drawn.

    A balanced Feistel network on the smallest even number of bits covering `size` (at most 4 x size values),
    with cycle walking: values that land at or above `size` are permuted again until they fall inside."""
    import numpy as np

    if not 0 < size <= MAX_PERMUTED:
        raise InputError(f"random draws need 1 to {MAX_PERMUTED:,} items to draw from, got {size:,}")
    bits = max(2, (size - 1).bit_length())
    half = (bits + 1) // 2
    mask = np.uint64((1 << half) - 1)
    keys = [np.uint64(k) for k in _round_keys(seed)]
    shift, mult = np.uint64(half), np.uint64(0x9E3779B97F4A7C15)

    def one_pass(x):
        left, right = x >> shift, x & mask
        for key in keys:
            f = (right ^ key) * mult  # wraps modulo 2^64: a multiplicative hash
            f ^= f >> np.uint64(29)
            left, right = right, (left ^ f) & mask
        return (left << shift) | right

    out = np.asarray(indices, dtype=np.uint64).copy()
    with np.errstate(over="ignore"):
        todo = np.ones(len(out), dtype=bool)
        while todo.any():
            out[todo] = one_pass(out[todo])
            todo = out >= np.uint64(size)
    return out


# ---- figures --------------------------------------------------------------------------------------------------

def save_figure(fig: Figure, path: str | os.PathLike[str]) -> None:
    """Write a figure to PNG or SVG (by the name), whole or not at all: drawn into a file beside it, then
    renamed over it. InputError when it cannot be written."""
    import matplotlib.pyplot as plt

    target = Path(path)
    suffix = target.suffix.lower()
    try:
        if suffix not in (".png", ".svg"):
            raise InputError(f"a plot needs a .png or .svg file name, got {shown(str(path))}")
        try:
            handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent or ".")
        except OSError as err:
            raise InputError(f"cannot write {target}: {err.strerror or err}") from None
        os.close(handle)
        try:
            fig.savefig(temp)
            os.replace(temp, target)
        except OSError as err:
            raise InputError(f"cannot write {target}: {err.strerror or err}") from None
        finally:
            if os.path.exists(temp):
                os.unlink(temp)
    finally:
        plt.close(fig)
