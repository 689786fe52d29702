"""The six-faced game's N-player solutions, as play, hints and reports ask for them: solved once a machine.

`table_solution` solves rounds of 2 to 6 players on a variant's table (`rounds`), keeps them in this process and
on disk (`store`), and hands a solution for more players out as one for fewer (its smaller rounds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...errors import InputError
from .rules import Variant
from .solver import TOLERANCE, check_game, plain_variant, setup
from .table import six_face_table

if TYPE_CHECKING:
    from .rounds import TableSolution

__all__ = ["table_solution"]

_SOLVED: dict[tuple[Variant, int, bool], TableSolution] = {}  # (plain variant, players, roll limit) -> solution


def table_solution(variant: Variant, players: int = 2, roll_limit: bool = False,
                   progress: Callable[[int, int], None] | None = None) -> TableSolution:
    """Rounds of 2..players of the standard game (5 dice, 6 faces) solved, cached in this process and on disk.

    A cached solution for more players serves fewer (it holds every smaller round). Six players take
    about 3 s (the roll limit: 5 s), two a fraction of a second; `progress(done, total)` reports progress.
    """
    from .inputs import parse_players

    check_game(variant, 5, 6)
    players = parse_players(players)
    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    if progress is not None and not callable(progress):
        raise InputError("progress must be a function (done, total) or None")
    plain = plain_variant(variant)
    for (v, n, limit), solution in _SOLVED.items():
        if v == plain and limit == roll_limit and n >= players:
            return solution.at_most(players)
    solution = _on_disk(plain, players, roll_limit, progress)
    if len(_SOLVED) >= 16:
        _SOLVED.pop(next(iter(_SOLVED)))
    _SOLVED[plain, players, roll_limit] = solution
    return solution


def _on_disk(variant: Variant, players: int, roll_limit: bool,
             progress: Callable[[int, int], None] | None) -> TableSolution:
    """A solution from the disk, or solved and written there."""
    from .rounds import solve_rounds
    from .store import load_solution, save_solution

    n_classes = len(setup(variant).ranks)
    stored = load_solution(variant, players, roll_limit, TOLERANCE, n_classes)
    if stored is not None:
        return stored
    solution = solve_rounds(six_face_table(variant), players, roll_limit, TOLERANCE, progress)
    save_solution(variant, solution, TOLERANCE)
    return solution
