"""Which six dice to bring from an inventory ("these dice, this many of each"): every six-set it allows ranked
exactly, by expected points per turn or by a turn played to the points still needed, and for the leaders the
race-aware win chance against an opponent's dice (`search.py` runs it; `search_bounds.py` has the proof)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from ...errors import InputError
from ..inputs import fault
from .analysis import LoadoutRow
from .match import DEFAULT_TARGET
from .parsing import NamedDice, check_six, check_target, parse_dice, parse_loadout, parse_whole
from .roll_table import weights7
from .rules import DICE_GROUPS, DICE_PER_PLAYER, NAMED_DICE, Die
from .search import count_sets, never_busts, search_sets

__all__ = ["InventoryRequest", "InventorySearch", "estimate_seconds", "is_whole_domain", "parse_inventory",
           "search_inventory", "stored_search", "unsearched"]

# Measured on the 2-core machine (benchmarks/bench_farkle_loadouts.py, CPU of the 2,510- and 60,460-set
# inventories with 12 listed): about 1.5 ms of one core a set (families, bounds), and about 0.07 s for each of
# the few dozen exact solves
SECONDS_PER_SET = 0.0015
SECONDS_PER_SOLVE = 0.07
MAX_RACE_TOP = 10
OBJECTIVES = ("points", "need")
ALL_NAMED = "all-named"  # every distinct named die (one of each group of re-skins), six of each: the whole domain


@dataclass(frozen=True)
class InventoryRequest:
    """A search read and checked: the dice kinds and how many of each may be chosen (Ordinary dice fill: every
    player has six), what is ranked (`objective` "points": expected points per turn; "need": a turn played to
    `need` points, maximizing E[min(banked, need)]), how many sets to list, and against an opponent's dice the
    race-aware win chances of the `race_top` leaders in a match to `target`."""

    kinds: tuple[Die, ...]
    counts: tuple[int, ...]
    members: tuple[tuple[Die, ...], ...] = ()  # the dice of each kind as owned (re-skins: Ci, Lu, Fer)
    top: int = 10
    objective: str = "points"
    need: int | None = None
    opponent_dice: tuple[Die, ...] | None = None
    target: int = DEFAULT_TARGET
    race_top: int = 3
    left_out: tuple[str, ...] = ()

    @property
    def sets(self) -> int:
        """How many six-sets the inventory allows."""
        return count_sets(self.counts)


def _kind_key(die: Die) -> tuple[int, ...]:
    return weights7(die)


def parse_inventory(owned: str | Sequence[str] | Mapping[str, int], top: int | str = 10, need: int | str | None = None,
                    opponent_dice: str | Sequence[str] | None = None, target: int | str = DEFAULT_TARGET,
                    race_top: int | str = 3) -> InventoryRequest:
    """A search from the dice owned (names as `parse_dice` reads them, 'lucky*2,odd', counts per name, or
    'all-named': six of every distinct named die), with
    re-skins merged (dice that roll alike are one kind) and Ordinary dice filling; dice that never bust (every
    face scores alone) are left out and named (a turn with only them never ends)."""
    dice: list[Die] = []
    if isinstance(owned, str) and owned.strip().lower() == ALL_NAMED:
        owned = dict.fromkeys(dict.fromkeys(DICE_GROUPS.values()), DICE_PER_PLAYER)
    if isinstance(owned, Mapping):
        for name, count in owned.items():
            n = parse_whole(count, f"the count of {str(name)[:40]!r}", 0, 120)
            one = parse_dice(str(name))
            if len(one) != 1:
                raise fault("owned", f"name one die a count, got {str(name)[:40]!r}")
            dice.extend(one * n)
    else:
        if not owned or (isinstance(owned, str) and not owned.strip()):
            raise fault("owned", "name the dice you own (Ordinary dice fill the rest of a set)")
        dice = list(parse_dice(owned))
    kinds: dict[tuple[int, ...], list[Die]] = {}
    left_out: list[str] = []
    ordinary = NAMED_DICE["ordinary"]
    for die in [ordinary] * DICE_PER_PLAYER + dice:
        if never_busts(die):
            if die.name not in left_out:
                left_out.append(die.name)
            continue
        kinds.setdefault(_kind_key(die), []).append(die)
    kind_list = list(kinds.values())
    counts = [len(k) for k in kind_list]
    counts[0] = max(DICE_PER_PLAYER, counts[0] - DICE_PER_PLAYER)  # the filler: six, or as many as owned
    top = parse_whole(top, "top", 1, 1000)
    objective = "points"
    cap = None
    if need is not None and str(need).strip():
        objective = "need"
        cap = check_target(need, "need")
    other = parse_loadout(opponent_dice, "opponent_dice") if opponent_dice else None
    target = check_target(target)
    race_top = parse_whole(race_top, "race_top", 0, MAX_RACE_TOP)
    members = tuple(tuple(k[DICE_PER_PLAYER:] + k[:DICE_PER_PLAYER]) if i == 0 else tuple(k)
                    for i, k in enumerate(kind_list))
    return InventoryRequest(tuple(k[0] for k in kind_list), tuple(counts), members, top, objective, cap, other,
                            target, race_top, tuple(left_out))


def estimate_seconds(request: InventoryRequest, workers: int = 2) -> float:
    """About how long a search takes on this 2-core machine when idle: every set bounded, a few dozen solved."""
    solves = min(request.sets, 4 * request.top + 20)
    return (request.sets * SECONDS_PER_SET + solves * SECONDS_PER_SOLVE) / max(1, workers)


@dataclass(frozen=True)
class InventorySearch(NamedDice):
    """The best sets of six an inventory allows, best first, exact (`loadouts`: dice, `expected_points` (with
    `need`: the expected min(banked, need)), and against an opponent the win chances of the leaders); every
    set not listed has at most `threshold`. `sets` the inventory allows, `examined` of them (bounded or
    solved), `solved` exactly; `complete` false when the search was stopped (then the list is the best found
    so far, not proven). `left_out`: owned dice that never bust (not searched)."""

    DICE_FIELDS = ("owned", "opponent_dice")

    owned: tuple[str, ...]
    ranked_by: str
    need: int | None
    sets: int
    examined: int
    solved: int
    complete: bool
    threshold: float
    loadouts: tuple[LoadoutRow, ...]
    opponent_dice: tuple[str, ...] | None
    target: int | None
    seconds: float
    left_out: tuple[str, ...] = ()


def search_inventory(request: InventoryRequest, workers: int = 2, progress: Callable[[int, int], None] | None = None,
                     stop: Callable[[], bool] | None = None,
                     on_best: Callable[[tuple[LoadoutRow, ...]], None] | None = None) -> InventorySearch:
    """Run a search: the ranking (search.search_sets), then against an opponent the race-aware matches of the
    leaders (each a match solve, to `target`, both playing to win), best average win chance first among them.
    on_best(rows) is told the best sets so far (exact, best first) as they change: a page shows them while the
    search runs."""
    from .stored import cached_match

    start = time.perf_counter()
    cap = request.need or 0
    tell = None if on_best is None else (
        lambda best: on_best(tuple(LoadoutRow(_named(request, v.kinds), v.points) for v in best)))
    outcome = search_sets(request.kinds, request.counts, request.top, request.kinds[0], workers=workers,
                          progress=progress, stop=stop, cap=cap, on_best=tell)
    rows = [LoadoutRow(_named(request, v.kinds), v.points) for v in outcome.best]
    other = request.opponent_dice
    if other is not None and outcome.complete and request.race_top:
        check_six(other, "opponent_dice")
        raced = []
        for row in rows[:request.race_top]:
            if stop is not None and stop():
                break
            dice = tuple(_die_of(request, name) for name in row.dice)
            solution = cached_match(dice, other, request.target)
            first, second = solution.first_player_win, solution.win_moving_second
            raced.append(LoadoutRow(row.dice, row.expected_points, first, second, (first + second) / 2))
        raced.sort(key=lambda r: -(r.win_average or 0.0))
        rows = raced + rows[len(raced):]
    return InventorySearch(_owned(request), _ranked_by(request), request.need,
                           outcome.total, outcome.examined, outcome.solved, outcome.complete, outcome.threshold,
                           tuple(rows), None if other is None else tuple(d.name for d in other),
                           None if other is None else request.target, time.perf_counter() - start, request.left_out)


def _owned(request: InventoryRequest) -> tuple[str, ...]:
    return tuple(k.name for k, c in zip(request.kinds, request.counts) for _ in range(c))


def _ranked_by(request: InventoryRequest) -> str:
    return "expected_points" if not request.need else "expected_points_to_need"


def unsearched(request: InventoryRequest) -> InventorySearch:
    """The answer of a search stopped before it began: nothing examined, nothing found, not complete."""
    other = request.opponent_dice
    return InventorySearch(_owned(request), _ranked_by(request), request.need, request.sets, 0, 0, False, 0.0, (),
                           None if other is None else tuple(d.name for d in other),
                           None if other is None else request.target, 0.0, request.left_out)


def is_whole_domain(request: InventoryRequest) -> bool:
    """Whether the request is the whole domain a stored ranking covers: every distinct named die (one of each
    group of re-skins), at least six of each, ranked by points per turn with no opponent."""
    whole = {_kind_key(NAMED_DICE[name]) for name in dict.fromkeys(DICE_GROUPS.values())}
    return (request.objective == "points" and request.opponent_dice is None and not request.left_out
            and min(request.counts) >= DICE_PER_PLAYER and len(request.kinds) == len(whole)
            and {_kind_key(k) for k in request.kinds} == whole)


def stored_search(request: InventoryRequest, best: Sequence[tuple[Sequence[Die], float]], threshold: float,
                  solved: int, seconds: float) -> InventorySearch:
    """The answer of a finished ranking read from a results file (a sweep's, for `is_whole_domain` requests):
    the `best` sets (dice, exact points per turn), best first, every other set at most `threshold`."""
    index = {_kind_key(k): i for i, k in enumerate(request.kinds)}
    rows = tuple(LoadoutRow(_named(request, sorted(index[_kind_key(d)] for d in dice)), float(points))
                 for dice, points in best[:request.top])
    owned = tuple(k.name for k, c in zip(request.kinds, request.counts) for _ in range(c))
    return InventorySearch(owned, "expected_points", None, request.sets, request.sets, solved, True,
                           float(threshold), rows, None, None, seconds, request.left_out)


def _named(request: InventoryRequest, kinds: Sequence[int]) -> tuple[str, ...]:
    """A set's dice by id, each kind's dice as owned (a set with two of the Ci kind shows the Ci and Lu dice
    owned, not the Ci die twice)."""
    used: dict[int, int] = {}
    out = []
    for k in kinds:
        n = used.get(k, 0)
        used[k] = n + 1
        out.append(request.members[k][n].name)
    return tuple(out)


def _die_of(request: InventoryRequest, name: str) -> Die:
    for group in request.members:
        for die in group:
            if die.name == name:
                return die
    raise InputError(f"no die {name!r} in the inventory")  # pragma: no cover - rows name the inventory's dice
