"""Card dice solved, the pure part: a set by name or file, its exact solver, what a solve costs and the guard
that refuses one past the limits, and the solve itself. The game's sources of solutions (`sources`, in memory;
`solutions`, on disk too) both ask this module, which asks neither.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InputError
from ...solver.cost import duration_text
from ..base import Progress
from ..inputs import shown
from .cards import DiceSet, dice_set, load_dice_set
from .inputs import parse_players
from .rounds import TOLERANCE, TableSolution, solve_rounds, solve_work
from .table import ROLLS

if TYPE_CHECKING:
    from .card_table import CardTable

__all__ = [
    "BASE_MEMORY", "MAX_SOLVE_SECONDS", "SECONDS_PER_UNIT", "SHIPPED_SETS", "card_args", "card_table", "check_cost",
    "check_progress", "resolve_set", "set_key", "set_speed", "solve_cards", "solve_cost", "speed",
]

SHIPPED_SETS = ("royal", "octahedral")
SECONDS_PER_UNIT = 4.0e-9  # per (batch x class x roll); 3.5 ns measured (see above)
MAX_SOLVE_SECONDS = 30.0  # a first solve allowed to one request or command (the issue: under 30 s)
BASE_MEMORY = 150 * 2**20  # the process with NumPy, Numba and the kernels: measured about 150 MiB
# this machine's time per unit against SECONDS_PER_UNIT's: 1 until a calibration kept with the cache says
# otherwise (store.calibrate: the octahedral duel solved once, about a second); the guard and the estimates
# follow it, so a machine three times slower is told three times the seconds and refused past the limit
_SPEED = [1.0]


def set_speed(factor: float) -> None:
    """This machine's speed factor for the estimates and the guard (a measured time over the constant's)."""
    _SPEED[0] = min(50.0, max(0.2, float(factor)))


def speed() -> float:
    """The speed factor in use (1: the constant's machine)."""
    return _SPEED[0]


def resolve_set(spec: str | Path | DiceSet) -> DiceSet:
    """A dice set: itself, a shipped set's name ("royal", "octahedral") or a TOML file's path."""
    if isinstance(spec, DiceSet):
        return spec
    if isinstance(spec, str) and spec.strip().lower() in SHIPPED_SETS:
        return dice_set(spec.strip().lower())
    if isinstance(spec, (str, Path)) and str(spec).strip():
        path = Path(str(spec).strip())
        if not path.exists():
            raise InputError(f"no dice set {shown(str(spec), 40)}: name one of {', '.join(SHIPPED_SETS)} "
                             "or give a TOML file")
        return load_dice_set(path)
    raise InputError(f"a dice set is {' or '.join(SHIPPED_SETS)} or a TOML file, got {shown(spec, 40)}")


@lru_cache(maxsize=8)
def card_table(dice: DiceSet) -> CardTable:  # imported late: the kernels, NumPy
    """The set's exact solver (its rolls and hand classes), one per set in this process."""
    from .card_table import CardTable

    return CardTable(dice)


def set_key(dice: DiceSet) -> str:
    """A short hash of the set's faces (its name and texts aside): what a stored solution depends on."""
    return hashlib.sha256(json.dumps([list(d) for d in dice.dice]).encode()).hexdigest()[:24]


def solve_cost(dice: DiceSet, players: int, roll_limit: bool) -> tuple[float, int]:
    """(seconds, bytes) a solve of `players` on the set is expected to take: the guard's measure."""
    table = card_table(dice)
    units = solve_work(players, roll_limit) * table.n_classes * table.n_states
    situations = sum((g + r + 1) for m in range(2, players + 1) for r in range(m) for g in range(1, m - r + 1))
    # the kernels' scratch: about 64 doubles a roll (measured: 274 MiB at the peak of the royal duel)
    memory = BASE_MEMORY + situations * (ROLLS if roll_limit else 1) * table.n_classes * 8 + table.n_states * 512
    return units * SECONDS_PER_UNIT * _SPEED[0], memory


def check_cost(dice: DiceSet, players: int, roll_limit: bool) -> None:
    """The guard: InputError (naming how many players would fit) when a solve would pass the time limit."""
    seconds, memory = solve_cost(dice, players, roll_limit)
    if seconds > MAX_SOLVE_SECONDS:
        fewer = max((n for n in range(2, players) if solve_cost(dice, n, roll_limit)[0] <= MAX_SOLVE_SECONDS),
                    default=None)
        hint = f"; {fewer} players fit" if fewer else ""
        raise InputError(f"{players} players{' with the roll limit' if roll_limit else ''} on {dice.name} would "
                         f"take about {duration_text(seconds)} and {memory / 2**20:.0f} MiB to solve; the limit is "
                         f"{MAX_SOLVE_SECONDS:.0f} s{hint}")


def card_args(dice: str | DiceSet, players: int, roll_limit: bool,
              progress: Progress | None) -> tuple[DiceSet, int]:
    """A card-dice table's question checked: (the set, players)."""
    dice = resolve_set(dice)
    players = parse_players(players)
    check_progress(roll_limit, progress)
    return dice, players


def solve_cards(dice: DiceSet, players: int, roll_limit: bool, progress: Progress | None = None) -> TableSolution:
    """Rounds of 2..players on the set solved now, within the cost guard (InputError past it)."""
    check_cost(dice, players, roll_limit)
    return solve_rounds(card_table(dice), players, roll_limit, TOLERANCE, progress)


def check_progress(roll_limit: object, progress: object) -> None:
    """The roll limit a bool and progress a function or None (InputError otherwise)."""
    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    if progress is not None and not callable(progress):
        raise InputError("progress must be a function (done, total) or None")
