"""Farkle's solves by dice, kept in memory and on disk: the one place where storage wraps the pure solvers.

`cached_turn` (a loadout's coaching table: from this process, the disk or the package, else solved and written)
and `cached_match` (a race-aware match: solved once per process, and when it keeps every turn's values, once
across processes under a lock, `store.py`); the solve guard by dice (`match_cost`, `largest_target`,
`check_match_cost`, reading the stored turn tables); `match_ready` / `match_solving` say whether a match is in
memory or solving anywhere. The solvers (`turn`, `match`) never read or write the disk.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...errors import InputError
from ...memory import bounded
from ...storage import keep_last, machine_speed

from . import guard
from . import store as disk
from .parsing import DEFAULT_TARGET
from .roll_table import DieType, die_types
from .rules import NAMED_DICE, Die
from .turn import TurnSolution, solve_turn, solve_types

if TYPE_CHECKING:
    from .match import MatchSolution

__all__ = [
    "CALIBRATION_DICE", "CALIBRATION_TARGET", "cached_match", "cached_turn", "calibrate", "check_match_cost",
    "is_cached", "know_speed", "turn_id", "solved_points", "turn_points", "turn_ready", "turn_stored", "largest_target", "match_cost", "match_ready",
    "match_solving",
]

Loadout = tuple[Die, ...]
Progress = Callable[[int, int], None]


def cached_turn(dice: Sequence[Die], keep: bool = True) -> TurnSolution:
    """The coaching table of these six dice: remembered in this process, else read from the disk (or the
    package's file of the default dice, so a first `farkle turn` compiles nothing), else solved and written.
    keep=False solves it now and keeps it nowhere (`solve_turn(dice, keep=False)`)."""
    if not keep:
        return solve_turn(tuple(dice), keep=False)
    return _cached_turn(die_types(tuple(dice)))


def turn_points(dice: Sequence[Die]) -> float | None:
    """Expected points per turn of these six dice (None: a turn that never busts): the package's figure for the
    named dice's listing (`disk.shipped_points`), else solved now and kept nowhere."""
    shipped = disk.shipped_points()
    key = disk.turn_hash(die_types(tuple(dice)))
    return shipped[key] if key in shipped else solved_points(dice)


def solved_points(dice: Sequence[Die]) -> float | None:
    """Expected points per turn of these six dice solved now, kept nowhere (None: a turn that never busts)."""
    try:
        return float(solve_types(die_types(tuple(dice))).expected_points)
    except ValueError:  # a turn that never busts has no expected points
        return None


def turn_stored(dice: Sequence[Die]) -> bool:
    """Whether the coaching table of these six dice is on disk: `cached_turn` would read it, not solve it."""
    types = die_types(tuple(dice))
    shipped = len(types) == 1 and types[0].names == (disk.SHIPPED_DIE,) * 6
    return shipped or disk.turn_path(types).exists()


def turn_ready(dice: Sequence[Die]) -> bool:
    """Whether `cached_turn` of these six dice would answer from this process's memory or the disk (a read):
    a look-up, not a use."""
    types = die_types(tuple(dice))
    return (types,) in cast(Any, _cached_turn).memo or turn_stored(dice)


def turn_id(dice: Sequence[Die]) -> str:
    """The identity of these dice's coaching table (dice of the same faces and weights share one)."""
    return disk.turn_hash(die_types(tuple(dice)))[:20]


@bounded  # a loadout's coaching table is 1-3 MB: kept by bytes, under the process's memory budget
def _cached_turn(types: tuple[DieType, ...]) -> TurnSolution:
    arrays = disk.load_turn(types)
    if arrays is not None:
        return disk.turn_solution(types, arrays)
    solution = solve_types(types)
    disk.save_turn(types, disk.turn_arrays(solution))
    return solution


def _turns(dice1: Sequence[Die], dice2: Sequence[Die] | None) -> tuple[TurnSolution, TurnSolution]:
    first = cached_turn(dice1)
    return first, first if dice2 is None else cached_turn(dice2)


def match_cost(dice1: Sequence[Die], dice2: Sequence[Die] | None, target: int, solves: int = 1,
               store: bool = False) -> tuple[float, int]:
    """(work steps, bytes) of `solves` match solves to `target` with these dice (`match.match_cost`)."""
    return guard.match_cost(*_turns(dice1, dice2), target, solves, store)


def largest_target(dice1: Sequence[Die], dice2: Sequence[Die] | None = None, solves: int = 1,
                   store: bool = False) -> int:
    """The largest target (a multiple of 50) whose solves fit the guard; 0 if none does."""
    return guard.largest_target(*_turns(dice1, dice2), solves, store)


def check_match_cost(dice1: Sequence[Die], dice2: Sequence[Die] | None, target: int, solves: int = 1,
                     store: bool = False, what: str = "target") -> None:
    """Refuse, in one line naming the largest accepted target, match solves beyond the guard's limits (at this
    machine's speed: `calibrate`); a question that passed is remembered (a race-aware hint asks on every call)."""
    first, second = tuple(dice1), None if dice2 is None else tuple(dice2)
    if not _KNOWN[0]:
        know_speed(guard.match_cost(*_turns(first, second), int(target), solves, store)[0])
    _checked(first, second, int(target), solves, store, what)


# the hardest pair of named loadouts (the largest turn tables: the guard's constant was measured on it), to a
# target where its solve takes about half a second on the constant's machine
CALIBRATION_DICE = ("ordinary,lucky,odd,kings,misfortune,devils-head",
                    "ordinary,lucky,odd,kings,heavenly-kingdom,devils-head")
CALIBRATION_TARGET = 1000
NEAR = 4.0  # a command this close to the guard's limit (either side) measures the machine if nobody has yet
_KNOWN = [False]  # this process has read (or measured) the machine's speed


def calibrate(measure: bool = True) -> float | None:
    """This machine's speed for the match guard, measured once and kept with the cache (the calibration pair
    solved to CALIBRATION_TARGET against what SECONDS_PER_STEP says it takes: about a second); later calls, in
    any process, read it. measure=False: only a kept figure. Sets the guard's factor; returns it, or None when
    none is known (the guard keeps its constant)."""
    import time

    def run() -> tuple[float, float]:
        from .match import solve_match

        first, second = (tuple(NAMED_DICE[n] for n in names.split(",")) for names in CALIBRATION_DICE)
        turns = (cached_turn(first), cached_turn(second))
        began = time.perf_counter()
        solve_match(first, second, CALIBRATION_TARGET, turns=turns)
        seconds = time.perf_counter() - began
        return seconds / (guard.match_cost(*turns, CALIBRATION_TARGET)[0] * guard.SECONDS_PER_STEP), seconds

    factor = machine_speed("farkle_match_speed", run if measure else None)
    if factor is not None:
        guard.set_speed(factor)
        _checked.cache_clear()  # what passed at the old speed is asked again
        _KNOWN[0] = True
    return factor


def know_speed(work: float) -> None:
    """Read the machine's kept speed once a process; a command near the guard's limit (`work` steps) measures
    it when no process has (elsewhere the constant decides the same way at any likely speed)."""
    if _KNOWN[0]:
        return
    near = guard.MATCH_MAX_WORK / NEAR <= work <= guard.MATCH_MAX_WORK * NEAR
    try:
        calibrate(measure=near)
    except InputError:
        raise  # a bad $HOLDWISE_SPEED: said in one line
    except Exception:  # noqa: BLE001 - a failed measure leaves the constant's speed: the guard still works
        _KNOWN[0] = True


@lru_cache(maxsize=256)
def _checked(dice1: Loadout, dice2: Loadout | None, target: int, solves: int, store: bool, what: str) -> None:
    guard.check_match_cost(*_turns(dice1, dice2), target, solves, store, what)  # raises: nothing is remembered


# Solved matches kept in memory: a stored solve (every turn's values, about 30 MB for fair dice to 4000 and
# up to ten times that with six unlike dice) serves a whole play session, so only the last two are kept.
_CACHE: OrderedDict[tuple[Loadout, Loadout, int, bool, bool, bool], MatchSolution] = OrderedDict()
_CACHE_SIZES = {True: 2, False: 16}


def cached_match(dice1: Sequence[Die], dice2: Sequence[Die] | None = None, target: int = DEFAULT_TARGET,
                 blind1: bool = False, blind2: bool = False, store: bool = False,
                 progress: Progress | None = None, disk: bool = True,
                 resume: dict[str, Any] | None = None) -> MatchSolution:
    """`solve_match`, remembered per (dice, opponent's dice, target, blind flags, store); a stored solve also
    answers the same question without store. With `disk`, a stored solve is also kept on disk and shared
    between processes (`store.py`): loaded when there, else solved once under a lock and written. `resume`:
    `solve_match`'s checkpoint (a stopped solve goes on from where it stopped)."""
    from .match import solve_match  # the match solver loads with a match: a turn never needs it

    one = tuple(dice1)
    two = one if dice2 is None else tuple(dice2)
    key = (one, two, int(target), bool(blind1), bool(blind2))
    for k in ((*key, True),) if store else ((*key, False), (*key, True)):
        if k in _CACHE:
            _CACHE.move_to_end(k)
            return _CACHE[k]
    if store and disk:
        solution = _from_disk(one, two, int(target), bool(blind1), bool(blind2), progress, resume)
    else:
        solution = solve_match(one, two, target, blind1, blind2, store=store, progress=progress,
                               turns=_turns(one, two), resume=resume)
    _CACHE[(*key, store)] = solution
    kept = [k for k in _CACHE if k[-1] == store]
    for k in kept[:-_CACHE_SIZES[store]]:
        del _CACHE[k]
    return solution


def is_cached(dice1: Sequence[Die], dice2: Sequence[Die], target: int, blind1: bool = False,
              blind2: bool = False, store: bool = True) -> bool:
    """Whether `cached_match` would answer at once from memory (without changing what it keeps)."""
    return (tuple(dice1), tuple(dice2), int(target), bool(blind1), bool(blind2), bool(store)) in _CACHE


def _from_disk(dice1: Loadout, dice2: Loadout, target: int, blind1: bool, blind2: bool,
               progress: Progress | None, resume: dict[str, Any] | None = None) -> MatchSolution:
    """A stored solve from disk, or solved under the key's lock (another process may have solved it while
    this one waited) and written to disk."""
    from .match import TOLERANCE, MatchSolution, solve_match

    t1, t2 = _turns(dice1, dice2)
    key = disk.key_text(dice1, dice2, target, blind1, blind2, TOLERANCE)
    n1, n2 = t1.table.n_states, t2.table.n_states

    def solution(arrays: disk.Arrays | None) -> MatchSolution | None:
        if arrays is None:
            return None
        return MatchSolution(target, arrays["first"], arrays["second"], t1, t2, arrays["w_first"],
                             arrays["w_second"], int(arrays["iterations"]))

    found = solution(disk.load(key, target, n1, n2))
    if found is not None:
        return found
    with disk.solving(key) as report:
        found = solution(disk.load(key, target, n1, n2))  # solved by another process while this one waited
        if found is not None:
            return found
        solved = solve_match(dice1, dice2, target, blind1, blind2, store=True, turns=(t1, t2),
                             progress=disk.with_report(progress, report), resume=resume)
        if solved.w_first is None or solved.w_second is None:  # never, with store=True
            return solved
        if not disk.save(key, solved.first, solved.second, solved.w_first, solved.w_second, solved.iterations):
            return solved  # a full or read-only disk: kept in memory
        # read back mapped from the file, the solve's own arrays let go first: the process never holds both
        del solved
        mapped = solution(disk.load(key, target, n1, n2))
        if mapped is not None:
            return mapped
        # removed at once (another process's budget): solved again, kept in memory this time
        return solve_match(dice1, dice2, target, blind1, blind2, store=True, turns=(t1, t2), progress=progress)


def match_ready(dice: Sequence[Die], opponent_dice: Sequence[Die], target: int) -> bool:
    """True when this process holds the stored race-aware match in memory (a hint or a play step answers at
    once; otherwise it would load the solve from disk or solve it first)."""
    return is_cached(dice, opponent_dice, target)  # a look-up, not a use: the memory's order stays


def match_solving(dice: Sequence[Die], opponent_dice: Sequence[Die], target: int) -> tuple[int, int] | None:
    """(score pairs done, total) of a solve of this match running in any process, or None."""
    from .match import TOLERANCE

    return disk.match_progress(disk.key_text(tuple(dice), tuple(opponent_dice), int(target), False, False,
                                               TOLERANCE))


def _default_files() -> Iterator[Path]:
    """The files the default pages read: six ordinary dice's turn and their match to the default target."""
    from .match import TOLERANCE

    six = (NAMED_DICE["ordinary"],) * 6
    yield disk.turn_path(die_types(six))
    yield disk.paths(disk.key_text(six, six, DEFAULT_TARGET, False, False, TOLERANCE))["data"]


keep_last(_default_files)  # the disk budget removes these last
