"""Inputs as users type them, read the same way in every game: whole numbers, seeds, lists of dice faces,
and bad input shown in one short line.

A name given as one lower-case word (`score`, `opponent_dice`) is a field: the error carries it as
`InputError.field`, so the CLI says its flag (`--score must be ...`) and the web its request field
(`score: must be ...`). Any other name ("the repeat count in 'lucky*x'") is part of the message itself.

Whole numbers: an int or text of ASCII digits with an optional sign, at most 30 digits; bools, floats (even
5.0), Unicode digits ("٢", "²") and text such as "5.0" or "1e3" are refused.
Text is measured before it is converted, so a huge one costs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError

__all__ = [
    "MAX_SEED", "MAX_USER_FILE_BYTES", "fault", "is_field", "named", "parse_faces", "parse_seed", "parse_whole",
    "parse_toml", "read_user_text", "shown", "whole_range",
]

MAX_SEED = 2**63 - 1  # a seed fits a signed 64-bit integer (JSON readers elsewhere keep it exact)
MAX_DIGITS = 30  # digits of a whole number's text: more is past every range here
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_HUGE = 10**MAX_DIGITS
_FIELD = re.compile(r"[a-z][a-z0-9_]*")


def shown(value: object, limit: int = 40) -> str:
    """Bad input as it reads in an error line: its repr (one line: a newline shows as \\n), cut to `limit`
    characters."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        return f"a {value.bit_length()}-bit number"  # repr of a huge int is slow, or refused past 4300 digits
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_field(name: str) -> bool:
    """Whether `name` is a field word (one lower-case word, `_` between parts) rather than a phrase."""
    return _FIELD.fullmatch(name) is not None


def fault(name: str, reason: str) -> InputError:
    """The error for input `name`: "<name> <reason>", carrying `name` as its field when it is a field word."""
    return InputError(reason, field=name) if is_field(name) else InputError(f"{name} {reason}")


class named:  # noqa: N801 (used as a function: `with named("roll"):`)
    """Input errors raised inside that name no input are said about `field` ("dice: unknown die 'x'")."""

    # a class, not a generator context manager: a hint enters a few of these per call, and this costs a tenth

    __slots__ = ("field",)

    def __init__(self, field: str):
        self.field = field

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, err: BaseException | None, trace: object) -> None:
        if isinstance(err, InputError) and err.field is None:
            raise InputError(err.reason, self.field, ": ") from None


def whole_range(low: int | None, high: int | None, note: str = "") -> str:
    """The allowed whole numbers as an error says them: '2 or 3', '0 to 4,000', 'at least 1', 'at most 9'."""
    if low is not None and high is not None:
        text = (f"{low:,}" if high == low else f"{low:,} or {high:,}" if high == low + 1
                else f"{low:,} to {high:,}")
    elif low is not None:
        text = f"at least {low:,}"
    elif high is not None:
        text = f"at most {high:,}"
    else:
        text = ""
    return (text + (f" ({note})" if note else "")).strip()


def _number_shown(value: int) -> str:
    return shown(value) if abs(value) >= 10**MAX_DIGITS else f"{value:,}"


def parse_whole(value: object, what: str, low: int | None = None, high: int | None = None, note: str = "") -> int:
    """A whole number `low`..`high` (either end may be open) from an int or its text.

    The error says "<what> must be a whole number <range>, got <value>"; `note` is added to the range in
    parentheses ("1 or 2 (after the first roll)").
    """
    if isinstance(value, str):
        text = value.strip()
        number = int(text) if _WHOLE.fullmatch(text) else None
    else:
        # an int past the text's 30 digits is refused too: the same numbers either way
        number = value if isinstance(value, int) and not isinstance(value, bool) and abs(value) < _HUGE else None
    if number is not None and (low is None or number >= low) and (high is None or number <= high):
        return int(number)
    # the message is built only for bad input: a hint reads several numbers per call
    must = f"must be a whole number {whole_range(low, high, note)}".rstrip()
    if number is None:
        raise fault(what, f"{must}, got {shown(value)}")
    raise fault(what, f"{must}, got {_number_shown(number)}")


def parse_seed(value: object, what: str = "seed") -> int:
    """A seed for the dice or the deals: a whole number 0 to 2**63 - 1."""
    return parse_whole(value, what, 0, MAX_SEED)


def parse_faces(values: object, what: str, sides: int = 6) -> list[str]:
    """The items of a list of dice faces as typed ('1 1 5 3 2', '1,1,5;3,2' or a list), as stripped texts.

    The caller reads each item (a face 1..`sides`, a letter, a joker); this only splits, and refuses what is
    neither text nor a list of numbers and texts.
    """
    if isinstance(values, str):
        return values.replace(",", " ").replace(";", " ").split()
    if isinstance(values, Sequence) and not isinstance(values, (bytes, bytearray)):
        items = []
        for v in values:
            if isinstance(v, bool) or not isinstance(v, (int, str)):
                raise fault(what, f"must be faces 1 to {sides}, got {shown(v)}")
            items.extend(str(v).replace(",", " ").replace(";", " ").split())
        return items
    raise fault(what, f"must be faces 1 to {sides}, got {type(values).__name__}")


MAX_USER_FILE_BYTES = 1 << 20  # a user's rules file (pay tables, payout tables, dice sets): 1 MiB at the most


def read_user_text(path: str | Path, what: str, max_bytes: int = MAX_USER_FILE_BYTES) -> str:
    """A user's UTF-8 file of at most `max_bytes`, named `what` in errors ("dice set file"); InputError in a line."""
    path = Path(path)
    name = str(path) if str(path).isprintable() else repr(str(path))
    try:
        with path.open("rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"{what} not found: {name}") from None
    except IsADirectoryError:
        raise InputError(f"{what} {name} is a directory, not a file") from None
    except (OSError, ValueError) as err:
        raise InputError(f"cannot read {what} {name}: {getattr(err, 'strerror', None) or err}") from None
    if len(raw) > max_bytes:
        limit = f" ({max_bytes >> 20} MiB)" if max_bytes >= 1 << 20 and not max_bytes % (1 << 20) else ""
        raise InputError(f"{what} {name} is larger than {max_bytes:,} bytes{limit}, the most accepted")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{what} {name} is not UTF-8 text: byte 0x{raw[err.start]:02x} at offset {err.start}") from None


def parse_toml(text: object, where: str) -> dict[str, Any]:
    """A user's TOML text as data; `where` names it in the one-line error ("pay table file x.toml")."""
    if not isinstance(text, str):
        raise InputError(f"{where} must be TOML text, got {shown(text)}")
    import tomllib  # here: most commands read no TOML, and its parser is a few ms of a first call

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{where} is not valid TOML: {' '.join(str(err).split())}") from None
    except RecursionError:  # tomllib reads nested arrays recursively: a hostile file is refused, not a crash
        raise InputError(f"{where} is not valid TOML: arrays or tables nested too deep") from None
