"""The Farkle turn's report as text (no typer, no rich): printed by `farkle turn` and by the quick lane alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import i18n
from ..i18n import gettext as _
from . import plain
from .plain import Table, wrap

if TYPE_CHECKING:
    from ..games import farkle

__all__ = ["print_turn", "short", "turn_lines"]


def short(names: Iterable[str]) -> str:
    """Dice by their names in the game, runs of one die folded: 'Weighted die, Lucky die, Ordinary die*4' (which
    the dice options read back); a die of the user's own keeps its text."""
    from ..games import farkle as face  # DICE_NAMES loads the dice's data only: the solvers stay unloaded

    runs: list[tuple[str, int]] = []
    for name in (face.DICE_NAMES.get(n, n) for n in names):
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return ", ".join(n if k == 1 else f"{n}*{k}" for n, k in runs)


def turn_lines(report: farkle.TurnReport, show_all: bool, columns: int, bold: bool = False,
               ascii_only: bool = False) -> list[str]:
    """The turn's report in `columns`: expected points, then bust chance and bank threshold per dice left (with
    unlike dice, which dice: the worst case, or every set with `show_all`), then when banking is always best
    (the tables' headings bold with `bold`, drawn in ASCII with `ascii_only`)."""
    num = i18n.numbers()
    out = wrap(_("Farkle turn with %(dice)s: %(points)s points expected")
               % {"dice": short(report.dice), "points": num.decimal(report.expected_points, 2, group=True)}, columns)
    t = Table()
    t.add_column(_("dice left"), justify="right", no_wrap=True)
    t.add_column(_("bust chance"), justify="right", no_wrap=True)
    t.add_column(_("bank from"), justify="right", no_wrap=True)
    if not report.alike:
        t.add_column(_("which dice (worst case)"))
    for n, bust in report.bust_chance.items():
        threshold = report.bank_threshold[n]
        cells = [n, num.percent(bust, 2), _("never") if threshold is None else num.whole(threshold)]
        if not report.alike:
            bust_dice, bank_dice = report.bust_chance_dice[n], report.bank_threshold_dice[n]
            cells.append(short(bust_dice) if bust_dice == bank_dice
                         else _("bust: %(bust)s; bank: %(bank)s")
                         % {"bust": short(bust_dice), "bank": short(bank_dice)})
        t.add_row(*cells)
    out += t.lines(columns, bold, ascii_only)
    out += wrap(_("Bank once the turn total reaches the threshold for the dice you would roll next."), columns)
    if not report.alike:
        out += wrap(_("With unlike dice each row is the worst case over which dice are left, and names those dice.")
                    if show_all else _("With unlike dice each row is the worst case over which dice are left, and "
                                       "names those dice; --all lists every set."), columns)
        if show_all:
            every = Table()
            for col in (_("dice left"), _("which dice"), _("bust chance"), _("bank from")):
                every.add_column(col, justify="left" if col == _("which dice") else "right",
                                 no_wrap=col != _("which dice"))
            for row in sorted(report.by_dice_left, key=lambda r: len(r.dice)):
                every.add_row(str(len(row.dice)), short(row.dice), num.percent(row.bust_chance, 2),
                              _("never") if row.bank_threshold is None else num.whole(row.bank_threshold))
            out += every.lines(columns, bold, ascii_only)
    out += wrap(_("Above a turn total of %(points)s banking is proven best with any dice left.")
                % {"points": num.whole(report.always_bank_from)}, columns)
    return out


def print_turn(report: farkle.TurnReport, show_all: bool, after: tuple[str, ...] = ()) -> None:
    """The turn's report on stdout as its terminal takes it (its width, bold headings, ASCII tables where it has
    no box characters), then the lines `after`."""
    plain.write_lines([*turn_lines(report, show_all, plain.width(), plain.bold(), not plain.boxes()), *after])
