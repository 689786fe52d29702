"""The inventory search: every six-set an inventory of dice allows, ranked exactly by expected points per turn
(or by a turn played to the points needed), most sets ruled out by a proven upper bound instead of a solve
(`search_bounds.py` has the bounds and their proof)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .roll_table import die_types, roll_table
from .rules import DICE_PER_PLAYER, SCORE_UNIT, Die
from .search_bounds import (
    MID_BASE, BoundMemo, SharedRows, bound_points, keep_lists, mid_bound, never_busts, tight_bound,
)
from .turn import backward_pass, solve_turn

__all__ = ["MID_BASE", "BoundMemo", "SearchOutcome", "SetValue", "bound_points", "capped_points", "count_sets",
           "exact_points", "inventory_sets", "judge", "kind_strengths", "mid_bound", "never_busts", "search_sets",
           "shared_rows", "tight_bound"]

Progress = Callable[[int, int], None] | None
Stop = Callable[[], bool] | None


@dataclass(frozen=True)
class SetValue:
    """One examined set: its dice (indices into the search's kinds), and either its exact points per turn
    or, when ruled out, the bound that did it."""

    kinds: tuple[int, ...]
    points: float
    exact: bool


def inventory_sets(counts: Sequence[int], size: int = DICE_PER_PLAYER) -> list[tuple[int, ...]]:
    """Every multiset of six (or `size`) kinds with at most counts[i] of kind i, as sorted tuples of kind
    indices."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(chosen)
            return
        if i == len(counts):
            return
        for k in range(min(left, counts[i]), -1, -1):
            walk(i + 1, left - k, chosen + (i,) * k)

    walk(0, size, ())
    return out


def count_sets(counts: Sequence[int], size: int = DICE_PER_PLAYER) -> int:
    """How many sets `inventory_sets` gives, without listing them."""
    ways = [1] + [0] * size
    for c in counts:
        ways = [sum(ways[k - j] for j in range(min(k, c) + 1)) for k in range(size + 1)]
    return ways[size]


def exact_points(dice: tuple[Die, ...], cap: int = 0) -> float:
    """The set's expected points per turn, solved now (nothing remembered: a search meets thousands); cap > 0:
    the expected min(banked points, cap) of a turn played for it (`capped_points`)."""
    if cap > 0:
        return capped_points(dice, cap)
    return solve_turn(dice, keep=False).expected_points


def capped_points(dice: tuple[Die, ...], cap: int) -> float:
    """E[min(banked, cap)] of a turn with these six dice played to maximize it: the turn when `cap` points are
    still needed to win (points past them are worth nothing). The turn's backward pass over the totals below
    cap, with W = cap from cap on."""
    if cap <= 0 or cap % SCORE_UNIT:
        raise ValueError(f"a cap is a positive multiple of {SCORE_UNIT}, got {cap}")
    t = roll_table(die_types(tuple(dice)))
    levels = cap // SCORE_UNIT
    reach = int(t.option_units.max()) if len(t.option_units) else 0
    keep = np.full((levels + reach + 1, t.n_states), float(levels))
    # every state live: the kernel values an option to a settled state as total + score, which the cap
    # would not hold (from the cap on W = cap, read from `keep`; the excess there is cap - level <= 0)
    roll = backward_pass(t, levels, keep, 0.0, np.ones(t.n_states, dtype=bool))
    return SCORE_UNIT * float(roll[0, t.full_state])


# One memo a process for the threshold and one for the candidates' own bounds (a search's forked workers
# each build theirs): rebuilt for new kinds, or when a hypothesis is passed (then with headroom, so that it
# is rarely rebuilt).
_MEMOS: dict[str, BoundMemo] = {}
# The threshold rows' hypothesis: 5% above the threshold they are built at. Rows nearer the threshold rule out
# more; the threshold rises a few per cent after the first sets, so they are rebuilt once or twice at most.
# Against 10% (2,510 sets, one process): exact solves to 2,000 points 165 -> 138, sets bounded one by one
# 566 -> 474 (points per turn; the 12 best, the same exact solves)
MEMO_HEADROOM = 1.05
TIGHT_BELOW_BUST = 0.004  # six dice busting less often than this: the tight bound before an exact solve


UPPER_HEADROOM = 1.01  # the mid bound's rows: rebuilt more often (for the few candidates only), looser less


# The threshold rows shared by a search's forked workers (`SharedRows`; set in a worker, empty in the parent and
# in a search of one process): the parent sets their hypothesis once the first sets are solved, MEMO_HEADROOM
# above the threshold then; a worker whose threshold passes it builds rows of its own as before.
_ROWS: list[SharedRows] = []


def shared_rows(counts: Sequence[int], context: Any) -> SharedRows | None:
    """The shared threshold rows for every sub-set of one to five dice the counts allow, counted first: None
    when there are more than SharedRows.LIMIT."""
    sizes = range(1, DICE_PER_PLAYER)
    if sum(count_sets(counts, k) for k in sizes) > SharedRows.LIMIT:
        return None
    return SharedRows([key for k in sizes for key in inventory_sets(counts, k)], context)


def _memo(name: str, kinds: tuple[Die, ...], theta: float, headroom: float, cap: int, base: int = 0,
          share: bool = False) -> BoundMemo:
    memo = _MEMOS.get(name)
    rows = _ROWS[0] if share and _ROWS and _ROWS[0].theta >= theta else None
    if (memo is None or memo.kinds != kinds or memo.cap != cap or theta > memo.theta
            or (rows is not None and memo.shared is not rows)):
        if rows is not None:
            memo = _MEMOS[name] = BoundMemo(kinds, rows.theta, cap, base, shared=rows)
        else:
            memo = _MEMOS[name] = BoundMemo(kinds, theta * headroom, cap, base)
    return memo


def judge(kinds: tuple[Die, ...], key: tuple[int, ...], theta: float, cap: int = 0) -> tuple[float, str]:
    """(points, how) for the set `key` (sorted kind indices) against the threshold theta: "pruned" with the
    bound that proves the set below theta (the shared rows' bound, else the set's own tighter one), else
    "exact" with the set's points solved exactly. theta <= 0 solves at once."""
    if theta > 0:
        memo = _memo("threshold", kinds, theta, MEMO_HEADROOM, cap, share=True)
        # first without the set's own bust chance (a pass over its rolls of its own): nearly always enough
        b = memo.bound(key, theta, own_bust=False)
        if b < theta:
            return b, "pruned"
        b = memo.bound(key, theta)
        if b < theta:
            return b, "pruned"
        own = tuple(kinds[i] for i in key)
        if cap == 0:
            bust = memo.full_bust()
            # a tenth of an exact solve, and it rules out most of the sets the shared rows cannot
            b = mid_bound(kinds, key, theta, _memo("upper", kinds, theta, UPPER_HEADROOM, 0, MID_BASE), bust)
            if b < theta:
                return b, "pruned"
            # the set's own tighter bound costs about what an exact solve of a set that busts now and then
            # does (tens of ms): it pays only for sets that almost never bust, whose solve passes over
            # thousands of totals (0.1 to 1 s)
            if bust < TIGHT_BELOW_BUST:
                b = tight_bound(own, theta)
                if b < theta:
                    return b, "pruned"
    return exact_points(tuple(kinds[i] for i in key), cap), "exact"


FAMILY_LEAST = 2  # sets bounded in one pass (`BoundMemo.family_bounds`) from this many on
FAMILY_OTHERS = (2, 1)  # families of sets sharing four dice first, then of those left, five


def family_of(key: tuple[int, ...], rank: Sequence[int], others: int = 1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A set's family: (its 6 - others strongest dice, sorted; its `others` weakest, strongest first), by
    `rank` (kind -> place in the order of strength, strongest 0). Sets of one family differ in their weakest
    dice only, so a family's pass (which reads the strongest member's rows when they are rolled again)
    loosens little."""
    order = sorted(key, key=lambda k: (rank[k], k))
    return tuple(sorted(order[:DICE_PER_PLAYER - others])), tuple(order[DICE_PER_PLAYER - others:])


def _family_bounds(kinds: tuple[Die, ...], chunk: list[tuple[int, ...]], theta: float, cap: int,
                   rank: Sequence[int]) -> dict[tuple[int, ...], float]:
    """Bounds below theta found for sets of the chunk by family passes: families sharing four dice, then,
    of the sets those left, families sharing five, each where it pays (`family_pays`)."""
    memo = _memo("threshold", kinds, theta, MEMO_HEADROOM, cap, share=True)
    out: dict[tuple[int, ...], float] = {}
    for others in FAMILY_OTHERS:
        families: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for key in chunk:
            if key not in out:
                shared, mine = family_of(key, rank, others)
                families.setdefault(shared, []).append(mine)
        for shared, members in families.items():
            if len(members) >= FAMILY_LEAST and memo.family_pays(shared, members):
                for mine, b in memo.family_bounds(shared, members, theta).items():
                    if b < theta:
                        out[tuple(sorted(shared + mine))] = b
    return out


def _judge_chunk(kinds: tuple[Die, ...], chunk: list[tuple[int, ...]], best: list[float], top: int,
                 cap: int, rank: Sequence[int] = ()) -> list[tuple[float, str]]:
    """Judge each set against the top-th best exact value known: `best` (the values found before the chunk was
    handed out) and the chunk's own exact values as they come (all true values: the top-th best of any of
    them is a threshold no higher than the final one, so a set it rules out is out). With `rank`, first
    the chunk's families bounded together at the threshold known when it starts (`_family_bounds`)."""
    import heapq

    heap = heapq.nlargest(top, best)
    heapq.heapify(heap)

    def theta() -> float:
        return max(heap[0] if len(heap) >= top else 0.0, _shared_theta())

    start = theta()
    ruled_out = _family_bounds(kinds, chunk, start, cap, rank) if rank and start > 0 else {}
    out = []
    for key in chunk:
        if key in ruled_out:
            out.append((ruled_out[key], "pruned"))
            continue
        points, how = judge(kinds, key, theta(), cap)
        if how == "exact":
            if len(heap) < top:
                heapq.heappush(heap, points)
            elif points > heap[0]:
                heapq.heapreplace(heap, points)
            if len(heap) >= top:
                _publish(heap[0])
        out.append((points, how))
    return out


def _exact_chunk(kinds: tuple[Die, ...], chunk: list[tuple[int, ...]], cap: int) -> list[tuple[float, str]]:
    return [(exact_points(tuple(kinds[i] for i in key), cap), "exact") for key in chunk]


@dataclass(frozen=True)
class SearchOutcome:
    """What a search found: the best sets exact (best first), the proven threshold (every set not among them
    has at most these points per turn), the counts of sets examined (bounded or solved), solved exactly,
    and whether it ran to the end (not stopped)."""

    best: tuple[SetValue, ...]
    threshold: float
    total: int
    examined: int
    solved: int
    complete: bool
    values: tuple[SetValue, ...] = ()


def kind_strengths(kinds: Sequence[Die], filler: Die, cap: int = 0) -> list[float]:
    """Each kind's points per turn beside five `filler` dice: the search tries sets in order of their sum, so
    that strong sets come first and the threshold starts high (the order changes nothing but the speed)."""
    return [exact_points((k,) + (filler,) * (DICE_PER_PLAYER - 1), cap) for k in kinds]


# The search's threshold as each process knows it, shared by the forked workers (doubles in shared memory: slot
# 0 the parent's, written as chunks come back; slot i worker i's, raised by each set it solves mid-chunk): a
# set judged reads the largest, risen since its chunk was handed out, so it rules out more (two workers solved
# 3-5 sets more than one process when only the parent's was shared). Any n-th best of true values found is a
# threshold no higher than the final one, so each slot, and their largest, is sound.
_SHARED: list[Any] = []  # [the slots, the counter that numbers the workers]
_SLOT = [0]  # this process's slot: 0 in the parent


def _shared_theta() -> float:
    return max(_SHARED[0]) if _SHARED else 0.0


def _publish(theta: float) -> None:
    """A worker's threshold to its slot, when higher (a slot only rises: every value written is sound)."""
    if _SHARED and _SLOT[0] and theta > _SHARED[0][_SLOT[0]]:
        _SHARED[0][_SLOT[0]] = theta


def _worker_start() -> None:
    """A forked worker: Ctrl-C left to the parent, and a slot of its own in the shared thresholds."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    slots, counter = _SHARED
    with counter.get_lock():
        counter.value += 1
        _SLOT[0] = min(int(counter.value), len(slots) - 1)  # a replaced worker shares the last slot


class _Runner:
    """Chunks of work on forked workers (or here, with workers <= 1), results in the order handed out."""

    def __init__(self, workers: int, stop: Stop, counts: Sequence[int] = ()) -> None:
        self.workers = workers
        self.stop = stop
        self.stopped = False
        self.shared = None
        self.rows: SharedRows | None = None
        self._pool = None
        if workers > 1:
            import multiprocessing as mp

            # the workers leave Ctrl-C to this process, whose stop() ends the search with what it has
            context = mp.get_context("fork")
            self.shared = context.Array("d", workers + 1, lock=False)
            self.rows = shared_rows(counts, context) if counts else None
            # the workers forked now find the slots and the rows here; this process writes self.shared[0]
            _SHARED[:] = [self.shared, context.Value("i", 0)]
            _ROWS[:] = [] if self.rows is None else [self.rows]
            try:
                self._pool = context.Pool(workers, initializer=_worker_start)
            finally:
                _SHARED.clear()
                _ROWS.clear()

    def run(self, jobs: Iterable[tuple[Callable[..., list[tuple[float, str]]], tuple[object, ...],
                                       Callable[[list[tuple[float, str]]], None]]], window: int = 0) -> None:
        """Run fn(*args) for each job and call its take(result) as it ends (in any order: a slow chunk holds
        no other back); a job is made only when there is room in the window (4 per worker), so its arguments
        can read what earlier results changed."""
        jobs = iter(jobs)
        if self._pool is None:
            for fn, args, take in jobs:
                if self.stop is not None and self.stop():
                    self.stopped = True
                    return
                take(fn(*args))
            return
        pending: list[tuple[object, Callable[[list[tuple[float, str]]], None]]] = []
        room = window or 4 * self.workers
        while True:
            while len(pending) < room:
                job = next(jobs, None)
                if job is None:
                    break
                pending.append((self._pool.apply_async(job[0], job[1]), job[2]))
            if not pending:
                return
            ready = [i for i, (result, _) in enumerate(pending) if result.ready()]  # type: ignore[attr-defined]
            if not ready:
                if self.stop is not None and self.stop():
                    self.stopped = True
                    return
                pending[0][0].wait(0.02)  # type: ignore[attr-defined]
                continue
            for i in reversed(ready):
                result, take = pending.pop(i)
                take(result.get())  # type: ignore[attr-defined]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()


def _family_chunks(sets: list[tuple[int, ...]], first: int, size: int, rank: Sequence[int]) -> list[list[int]]:
    """The set numbers from `first` on in chunks of about `size`, each family (`family_of`) whole in one chunk,
    families in the order of their strongest member (the order of the sets)."""
    families: dict[tuple[int, ...], list[int]] = {}
    for n in range(first, len(sets)):
        families.setdefault(family_of(sets[n], rank, FAMILY_OTHERS[0])[0], []).append(n)
    chunks: list[list[int]] = [[]]
    for numbers in families.values():
        if chunks[-1] and len(chunks[-1]) + len(numbers) > size:
            chunks.append([])
        chunks[-1].extend(numbers)
    return [c for c in chunks if c]


def search_sets(kinds: Sequence[Die], counts: Sequence[int], top: int, filler: Die, workers: int = 2,
                progress: Progress = None, stop: Stop = None, keep_values: bool = False,
                chunk: int = 32, first: int = 0, cap: int = 0,
                on_best: Callable[[tuple[SetValue, ...]], None] | None = None) -> SearchOutcome:
    """Rank every set of six the inventory (counts[i] dice of kinds[i]) allows by expected points per turn:
    the `top` best exact, every other set proven at most the threshold (see the module's docstring).

    In order of kind_strengths (strong sets first, so that the threshold rises early): the first `top` sets
    solved exactly; then each set judged against the top-th best exact value known (`judge`: ruled out by a
    bound, else solved exactly). progress(done, total): sets examined;
    stop() is asked between chunks and ends the search with what it has (complete False). on_best(best)
    is told the best exact sets so far (best first) whenever they change.
    """
    import heapq

    kinds = tuple(kinds)
    sets = inventory_sets(counts)
    strength = kind_strengths(kinds, filler, cap)
    sets.sort(key=lambda s: -sum(strength[i] for i in s))
    order = sorted(range(len(kinds)), key=lambda k: (-strength[k], k))
    rank = [0] * len(kinds)
    for place, k in enumerate(order):
        rank[k] = place
    keep_lists()  # built once here; forked workers inherit it
    total = len(sets)
    first = min(total, first or top)
    heap: list[tuple[float, int]] = []  # (points, set number) of the best exact sets so far, worst first
    values: dict[int, SetValue] = {}
    state = {"done": 0, "solved": 0, "total": total}

    def theta() -> float:
        return heap[0][0] if len(heap) >= top else 0.0

    def ranked() -> tuple[SetValue, ...]:
        return tuple(SetValue(sets[n], p, True) for p, n in sorted(heap, key=lambda x: (-x[0], x[1])))

    def taker(numbers: list[int]) -> Callable[[list[tuple[float, str]]], None]:
        def take(results: list[tuple[float, str]]) -> None:
            for n, (points, how) in zip(numbers, results):
                if how == "exact":
                    state["solved"] += 1
                    if len(heap) < top:
                        heapq.heappush(heap, (points, n))
                    elif points > heap[0][0]:
                        heapq.heapreplace(heap, (points, n))
                    if len(heap) >= top and runner.shared is not None:
                        runner.shared[0] = heap[0][0]
                values[n] = SetValue(sets[n], points, how == "exact")
            state["done"] += len(results)
            if on_best is not None and any(how == "exact" for _, how in results):
                on_best(ranked())
            if progress is not None:
                progress(state["done"], state["total"])
        return take

    runner = _Runner(workers, stop, counts)
    try:
        def run_exact(numbers: list[int]) -> None:
            # one set a job: the judging waits for the last of these, so a worker should not sit idle while
            # the other solves a chunk of several (each solve is 0.05-0.1 s; a job's own cost about 1 ms)
            parts = [[n] for n in numbers]
            runner.run((_exact_chunk, (kinds, [sets[n] for n in part], cap), taker(part)) for part in parts)

        run_exact(list(range(first)))
        if runner.rows is not None and len(heap) >= top:
            runner.rows.set_theta(theta() * MEMO_HEADROOM)  # before any worker judges a set
        if not runner.stopped and first < total:
            runner.run((_judge_chunk, (kinds, [sets[n] for n in part], [p for p, _ in heap], top, cap, rank),
                        taker(part)) for part in _family_chunks(sets, first, chunk, rank))
    finally:
        runner.close()
    best = ranked()
    examined = sum(1 for _ in values)
    return SearchOutcome(best, theta(), total, examined, state["solved"], not runner.stopped,
                         tuple(values[n] for n in sorted(values)) if keep_values else ())
