"""Where the pure solvers get a table's solution: the `Solutions` their caller hands in (pure: no store).

A hint, a report or a kind of dice needs the N-player solution of its table (`rounds`). It asks a `Solutions`
object for it: `PURE` (the default) solves in this process and keeps the answer in memory; `solutions.STORED`,
the game's one place of storage, also reads and writes the disk. Solvers import this module, never the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..base import Progress
from . import rounds
from .card_solve import card_args, check_progress, set_key, solve_cards
from .inputs import parse_players
from .rules import Variant
from .solver import TOLERANCE, check_game, plain_variant
from .table import six_face_table

if TYPE_CHECKING:
    from .cards import DiceSet
    from .rounds import TableSolution

__all__ = ["PURE", "InProcess", "Memo", "Solutions", "check_progress", "six_args", "solve_six"]


class Solutions(Protocol):
    """A source of solved tables: six-faced dice under a variant, or a set of card dice."""

    def __hash__(self) -> int: ...  # a cached answer is keyed by its source

    def table(self, variant: Variant, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution: ...

    def cards(self, dice: str | DiceSet, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution: ...


class Memo(dict[tuple[object, int, bool], "TableSolution"]):
    """Solutions kept in this process by (key, players, roll limit): one for more players serves fewer."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def find(self, key: object, players: int, roll_limit: bool) -> TableSolution | None:
        for (k, n, limit), solution in self.items():
            if k == key and limit == roll_limit and n >= players:
                return solution.at_most(players)
        return None

    def keep(self, key: object, players: int, roll_limit: bool, solution: TableSolution) -> TableSolution:
        if len(self) >= self.size:
            self.pop(next(iter(self)))  # the oldest
        self[key, players, roll_limit] = solution
        return solution


def six_args(variant: Variant, players: int, roll_limit: bool, progress: Progress | None) -> tuple[Variant, int]:
    """A six-faced table's question checked: (its variant without display options, players)."""
    check_game(variant, 5, 6)
    players = parse_players(players)
    check_progress(roll_limit, progress)
    return plain_variant(variant), players


def solve_six(variant: Variant, players: int, roll_limit: bool,
              progress: Progress | None = None) -> TableSolution:
    """Rounds of 2..players on a (plain) variant's table, solved now (six players: about 3 s)."""
    # read at call time: a test replaces rounds.solve_rounds to see that nothing is solved
    return rounds.solve_rounds(six_face_table(variant), players, roll_limit, TOLERANCE, progress)


class InProcess:
    """Tables solved in this process and kept in its memory only (the pure default)."""

    def __init__(self) -> None:
        self.six = Memo(16)
        self.card_sets = Memo(8)

    def table(self, variant: Variant, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution:
        plain, players = six_args(variant, players, roll_limit, progress)
        found = self.six.find(plain, players, roll_limit)
        if found is not None:
            return found
        return self.six.keep(plain, players, roll_limit, solve_six(plain, players, roll_limit, progress))

    def cards(self, dice: str | DiceSet, players: int = 2, roll_limit: bool = False,
              progress: Progress | None = None) -> TableSolution:
        dice, players = card_args(dice, players, roll_limit, progress)
        key = set_key(dice)
        found = self.card_sets.find(key, players, roll_limit)
        if found is not None:
            return found
        return self.card_sets.keep(key, players, roll_limit, solve_cards(dice, players, roll_limit, progress))


PURE = InProcess()
