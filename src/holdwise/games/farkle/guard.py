"""What a match solve costs, known before it starts, and the guard that refuses solves beyond the limits.

Resource guard (`match_cost`, `check_match_cost`): a solve passes over every score pair (a, b), each pass
over the turn totals below the target - a, each touching every option of the player's turn table; about
PASSES_PER_PAIR passes a pair. Work = P * sum_(a,b) (g - a) * (ops_1 + ops_2) with g = target / 50 and
ops = options + outcome groups + sets of dice left of a table: g^2 (g + 1) / 2 * P * (ops_1 + ops_2).
Measured (benchmarks/bench_farkle_match.py, the shared 2-core machine) on the hardest pair of named loadouts,
two unlike sixes with the devil's head (136,259 options, groups and sets a table; not mirrored): 0.25, 0.22
and 0.27 ns of CPU a step to 2,000, 3,000 and 4,000 (the time grows as target^3.0, as the work), so 0.14 ns
on two threads with both cores free: SECONDS_PER_STEP. (A mirrored pair, both players the same, solves half
the pairs: half that.) With the machine shared, a solve's wall time is from its CPU time / 2 to several times
that. A command is refused whose solves pass MATCH_MAX_WORK steps (about 80 s; `farkle match` solves twice),
and a stored solve (every turn's values, 8 g^2 (g + 1) (n_1 + n_2) bytes) above MATCH_MAX_BYTES; the error
names the largest target accepted for those dice. Six unlike dice against six ordinary are accepted to 8,150
(8,000: 5.3e11 steps, about 74 s); the hardest pair to 5,900 (8,000 would be 197 s). Long solves say how far
they are: `work_fraction` turns the score pairs done into the share of the work done (pairs of a large sum pass
over few turn totals), which times the time left.
"""

from __future__ import annotations

from ..inputs import fault
from .parsing import MAX_TARGET
from .rules import SCORE_UNIT
from .turn import TurnSolution

__all__ = [
    "MATCH_MAX_BYTES", "MATCH_MAX_WORK", "PASSES_PER_PAIR", "SECONDS_PER_STEP", "check_match_cost", "largest_target",
    "match_cost", "max_work", "set_speed", "speed", "work_fraction",
]

PASSES_PER_PAIR = 2.5  # passes over a pair's turn totals, per player (Newton steps: measured 2.2-2.4)
SECONDS_PER_STEP = 0.14e-9  # two threads, both cores of the 2-core machine free (see the module's docstring)
MATCH_MAX_WORK = 570_000_000_000  # steps: a match command's solves, about 80 s at SECONDS_PER_STEP
MATCH_MAX_BYTES = 4 * 2**30  # stored turn values of a race-aware solve (hints, play)
# this machine's time per step against SECONDS_PER_STEP's: 1 until a calibration kept with the cache says otherwise
# (stored.calibrate: a small solve of the hardest pair, timed once a machine); the guard's limit is a time, so a
# machine twice as slow accepts half the steps, and its messages tell this machine's seconds
_SPEED = [1.0]


def set_speed(factor: float) -> None:
    """This machine's speed factor for the guard (a measured time over the constant's; 2: twice as slow)."""
    _SPEED[0] = min(50.0, max(0.2, float(factor)))


def speed() -> float:
    """The speed factor in use (1: the constant's machine)."""
    return _SPEED[0]


def max_work() -> float:
    """The steps a match command may take here: MATCH_MAX_WORK on the constant's machine, fewer on a slower one."""
    return MATCH_MAX_WORK / _SPEED[0]


def _ops(sol: TurnSolution) -> int:
    t = sol.table
    return len(t.option_units) + len(t.group_prob) + t.n_states


def match_cost(turn1: TurnSolution, turn2: TurnSolution, target: int, solves: int = 1,
               store: bool = False) -> tuple[float, int]:
    """(work steps, bytes) of `solves` match solves to `target` with these turn tables (see the module
    docstring); `store`: the solve keeps every turn's values."""
    g = target // SCORE_UNIT
    work = solves * PASSES_PER_PAIR * g * g * (g + 1) / 2 * (_ops(turn1) + _ops(turn2))
    memory = 8 * g * g * (g + 1) * (turn1.table.n_states + turn2.table.n_states) if store else 0
    return work, memory


def largest_target(turn1: TurnSolution, turn2: TurnSolution, solves: int = 1, store: bool = False) -> int:
    """The largest target (a multiple of 50) whose solves fit the guard; 0 if none does."""
    lo, hi = 0, 2 * MAX_TARGET // SCORE_UNIT
    while lo < hi:  # the cost grows with the target: bisect on g
        mid = (lo + hi + 1) // 2
        work, memory = match_cost(turn1, turn2, SCORE_UNIT * mid, solves, store)
        if work <= max_work() and memory <= MATCH_MAX_BYTES:
            lo = mid
        else:
            hi = mid - 1
    return SCORE_UNIT * lo


def check_match_cost(turn1: TurnSolution, turn2: TurnSolution, target: int, solves: int = 1, store: bool = False,
                     what: str = "target") -> None:
    """Refuse, in one line naming the largest accepted target, match solves beyond the guard's limits."""
    work, memory = match_cost(turn1, turn2, target, solves, store)
    if work <= max_work() and memory <= MATCH_MAX_BYTES:
        return
    largest = largest_target(turn1, turn2, solves, store)
    seconds = work * SECONDS_PER_STEP * _SPEED[0]
    took = f"about {seconds / 60:,.0f} min" if seconds >= 120 else f"about {seconds:.0f} s"
    if memory > MATCH_MAX_BYTES:
        took += f" and {memory / 2**30:,.1f} GiB"
    kind = f"{solves} match solves" if solves > 1 else "a match solve"
    fits = (f"the largest accepted target for these dice here is {largest:,}" if largest else
            "no target is accepted for these dice")
    limit = MATCH_MAX_WORK * SECONDS_PER_STEP / 60
    where = "on two idle cores" if _SPEED[0] == 1.0 else "on this machine"
    raise fault(what, f"{target:,}: {kind} would take {took} {where} (limit: about {limit:,.0f} min, "
                      f"{MATCH_MAX_BYTES // 2**30} GiB); {fits}")


def work_fraction(done: int, g: int) -> float:
    """The share of a match solve's work done once `done` of its g^2 score pairs are solved.

    Pairs are solved by their sum s = a + b, largest first, and a pair's passes cover the turn totals below the
    target for both players, (g - a) + (g - b) = 2g - s rows: the work of a sum is its pairs times 2g - s.
    Progress is told after each sum, so `done` falls on a sum's end (between, it is interpolated)."""
    if g <= 0:
        return 1.0
    done_work = 0.0
    total_work = 0.0
    left = max(0, int(done))
    for s in range(2 * g - 2, -1, -1):
        pairs = min(g - 1, s) - max(0, s - g + 1) + 1
        work = pairs * (2 * g - s)
        total_work += work
        take = min(pairs, left)
        done_work += take * (2 * g - s)
        left -= take
    return done_work / total_work
