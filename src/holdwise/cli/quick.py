"""The quick lane: the commonest verbs read and printed without typer and rich, a new process's largest cost.

`holdwise farkle turn --dice kings*6` is what a player types most, and a first call should cost little more
than starting Python with NumPy (issue 38): typer and rich alone take about 45 ms of a new process here. A verb
of VERBS whose arguments are all ones the lane knows runs here; anything else (help, a plot, an option it does
not know, a repeated option, bad input) goes to the whole command line, which reads it as always and says any
error in its own words. Both print the same text: the report is drawn by one function (`farkle_turn`).
`tests/cli/test_quick.py` checks each verb's options against its typer command and their outputs alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

__all__ = ["VERBS", "Verb", "read", "run"]


class Verb(NamedTuple):
    """A verb the lane reads: its options that take a value, its flags, and what runs it (given the options
    read, the value or True by name, it prints and returns the exit code, or None to hand the line over)."""

    values: frozenset[str]
    flags: frozenset[str]
    runner: Callable[[Mapping[str, str | bool]], int | None]


def _farkle_turn(given: Mapping[str, str | bool]) -> int | None:
    """`holdwise farkle turn [--dice D] [--all] [--json]`."""
    from ..errors import InputError
    from ..games import farkle

    dice = given.get("--dice")
    try:
        report = farkle.turn_report(farkle.parse_loadout(dice if isinstance(dice, str) else None))
    except InputError:
        return None  # the whole command line says what is wrong, naming its option
    if given.get("--json"):
        from .plain import emit_json

        emit_json(report)
        return 0
    from .farkle_turn import print_turn

    print_turn(report, bool(given.get("--all")))
    return 0


VERBS: dict[tuple[str, str], Verb] = {
    ("farkle", "turn"): Verb(frozenset({"--dice"}), frozenset({"--all", "--json"}), _farkle_turn),
}


def read(args: list[str]) -> tuple[Verb, dict[str, str | bool]] | None:
    """The verb and its options when `args` (without --lang) is a verb of VERBS with options it knows, each
    given once; else None."""
    if len(args) < 2 or (args[0], args[1]) not in VERBS:
        return None
    verb = VERBS[(args[0], args[1])]
    given: dict[str, str | bool] = {}
    rest = iter(args[2:])
    for arg in rest:
        name, eq, value = arg.partition("=")
        if name in verb.values:
            if not eq:
                following = next(rest, None)
                if following is None:
                    return None  # a missing value: the whole command line says so
                value = following
        elif name in verb.flags and not eq:
            value = True  # type: ignore[assignment]
        else:
            return None  # help, a plot, an argument or option the lane does not read
        if name in given:
            return None
        given[name] = value
    return verb, given


def run(args: list[str]) -> int | None:
    """Run `args` here when the lane reads them whole: the exit code; None hands them to the whole command
    line (nothing has been printed then)."""
    if not any((a, b) in VERBS for a, b in zip(args, args[1:])):
        return None  # the usual case when it is not ours: nothing more is imported
    from .. import i18n
    from .plain import take_language

    rest, lang = take_language(args)
    found = read(rest)
    if found is None:
        return None
    verb, given = found
    token = i18n.current.set(lang)
    try:
        return verb.runner(given)
    finally:
        i18n.current.reset(token)
