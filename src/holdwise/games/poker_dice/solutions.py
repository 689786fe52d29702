"""Poker dice's solved tables from memory or disk: the one place where stored answers are read and written.

The solvers are pure (`sources`, `strategy`, `card_game`, `reports`, `kinds`): each takes a `Solutions`. This
module's `STORED` is the one that keeps a solution in this process and on disk (`store`): a table is read
from the disk when a process solved it before, else solved and written there. The face's solving names
(`table_solution`, `card_solution`, `duel`, `card_hint`, `card_duel`, `dice_kind`) are the pure ones with
`STORED`; a solution for more players serves fewer (its smaller rounds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import Hint, Progress
from . import card_game, kinds, reports
from .card_game import card_args, card_table, set_key, solve_cards
from .rules import Variant
from .solver import TOLERANCE, setup
from .sources import Memo, six_args, solve_six
from .store import calibrate, solution_path, stored_or_solved

if TYPE_CHECKING:
    from .cards import DiceSet
    from .kinds import DiceKind
    from .reports import DuelResult
    from .rounds import TableSolution

__all__ = ["STORED", "Stored", "card_duel", "card_hint", "card_solution", "dice_kind", "duel", "table_file",
           "table_solution"]

_KNOWN = [False]  # this process has read the machine's kept speed for the card-dice guard


def _know_speed() -> None:
    """The card-dice guard at this machine's speed (measured once by a server and kept with the cache), read
    once a process: the command line's guard and estimates follow it too."""
    if not _KNOWN[0]:
        calibrate(measure=False)
        _KNOWN[0] = True


_SOLVED = Memo(16)  # (plain variant, players, roll limit) -> solution
_CARDS = Memo(8)  # (set key, players, roll limit) -> solution


def table_solution(variant: Variant, players: int = 2, roll_limit: bool = False,
                   progress: Progress | None = None) -> TableSolution:
    """Rounds of 2..players of the standard game (5 dice, 6 faces) solved, cached in this process and on disk.

    A cached solution for more players serves fewer (it holds every smaller round). Six players take
    about 3 s (the roll limit: 5 s), two a fraction of a second; `progress(done, total)` reports progress.
    """
    plain, players = six_args(variant, players, roll_limit, progress)
    found = _SOLVED.find(plain, players, roll_limit)
    if found is not None:
        return found
    solution = stored_or_solved(plain, players, roll_limit, TOLERANCE, len(setup(plain).ranks),
                                lambda: solve_six(plain, players, roll_limit, progress))
    return _SOLVED.keep(plain, players, roll_limit, solution)


def card_solution(dice: str | DiceSet, players: int = 2, roll_limit: bool = False,
                  progress: Progress | None = None) -> TableSolution:
    """Rounds of 2..players on the set solved (cached in this process and on disk), within the cost guard: a
    solve past it is refused unless this machine stored it already."""
    _know_speed()
    dice, players = card_args(dice, players, roll_limit, progress)
    key = set_key(dice)
    found = _CARDS.find(key, players, roll_limit)
    if found is not None:
        return found
    solution = stored_or_solved(key, players, roll_limit, TOLERANCE, card_table(dice).n_classes,
                                lambda: solve_cards(dice, players, roll_limit, progress))
    return _CARDS.keep(key, players, roll_limit, solution)


class Stored:
    """Tables from this process, else the disk, else solved and written there."""

    # the module's functions, looked up at call time (a test may stand in for one)
    def table(self, variant: Variant, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution:
        return table_solution(variant, players, roll_limit, progress)

    def cards(self, dice: str | DiceSet, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution:
        return card_solution(dice, players, roll_limit, progress)


STORED = Stored()


def dice_kind(rules: object = "six", flags: Mapping[str, object] | None = None) -> DiceKind:
    """`kinds.dice_kind` with its tables kept on disk."""
    _know_speed()
    return kinds.dice_kind(rules, flags, STORED)


def duel(variant: Variant = Variant(), players: int = 2, roll_limit: bool = False,
         progress: Progress | None = None) -> DuelResult:
    """`reports.duel`: each player's win chance under exact play, the table kept on disk."""
    return reports.duel(variant, players, roll_limit, progress, solutions=STORED)


def card_hint(roll: str | Sequence[object], rolls_left: int, dice: str | DiceSet = "royal",
              to_beat: str | Sequence[object] | None = None, players: int = 2, position: int | None = None,
              holders: int = 1, roll_limit: bool = False, rolls_allowed: int | None = None,
              progress: Progress | None = None) -> Hint:
    """`card_game.card_hint`: every keep of a card-dice roll ranked by the chance to win, the table on disk."""
    _know_speed()
    return card_game.card_hint(roll, rolls_left, dice, to_beat, players, position, holders, roll_limit,
                               rolls_allowed, progress, solutions=STORED)


def card_duel(dice: str | DiceSet = "royal", players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> DuelResult:
    """`card_game.card_duel`: each player's win chance on the set, the table kept on disk."""
    _know_speed()
    return card_game.card_duel(dice, players, roll_limit, progress, solutions=STORED)



def table_file(kind: DiceKind, players: int, roll_limit: bool) -> Path:
    """The file a kind's solved tables for `players` are kept in (it may not exist yet)."""
    return solution_path(kind.table_key(), players, roll_limit, TOLERANCE)
