"""The inventory search: every six-set an inventory of dice allows, ranked exactly by expected points per turn,
most sets ruled out by a proven upper bound instead of a solve.

The bound (`turn_bound`). Write W(t, S) for the expected banked points of a turn at total t with the dice S
left, deciding optimally, and P = W(0, six dice) rolled (the points per turn). Two facts make a cheap bound:
- Within a turn, before any hot dice, a state with c dice left is met only at the totals the 6 - c dice kept
  so far can score: 6 - c to a few dozen units of 50 (`GRID`). Evaluating every state at exactly those totals,
  from the fewest dice up, is the turn's own backward pass, exact, with one unknown: what six fresh dice are
  worth after hot dice at a total t > 0.
- Every policy's value is affine in the starting total with slope its chance of banking, at most one minus
  the first roll's bust chance q; so W(t, six) - t <= max(0, P - q t).
So for any theta >= P, replacing hot dice by t + max(0, theta - q t) gives f(theta) >= P. And when
f(theta) < theta, P <= theta is proven (f is non-decreasing with slope at most 1 in theta: were P > theta,
f(theta) >= f(P) - (P - theta) >= theta), hence P <= f(theta) < theta. The search asks exactly that of each
set with theta the current n-th best exact value; a set that fails it is solved exactly (`turn.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .roll_table import CODE_BASE, N_FACES, die_types, roll_table, score_table, weights7
from .rules import DICE_PER_PLAYER, SCORE_UNIT, Die
from .search_kernels import state_excess
from .turn import backward_pass, solve_turn

__all__ = ["GRID", "bound_points", "keep_lists", "never_busts"]

# GRID[c] = (lowest, highest) turn total in units of 50 at which a state with c dice left is met before hot
# dice: each kept die scores at least 50 (a triple of 2s: 200 for three), and the most 6 - c dice kept can
# score is reached keeping them at once (six 1s aside): 1 die 100, 2 dice 200, 3 dice 1,000, 4 dice 2,000,
# 5 dice 4,000. A total above the grid is bounded from its top (turn_bound's slope rule); a total below it
# cannot occur (and would only weaken the bound: search_kernels.BELOW_GRID).
GRID = ((0, 0), (5, 80), (4, 40), (3, 20), (2, 4), (1, 2), (0, 0))
_WIDTH = max(hi - lo + 1 for lo, hi in GRID)


@lru_cache(maxsize=1)
def keep_lists() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The legal keeps of every face vector of one to six dice: (keep_start, keep_mask, keep_units, vec_base).

    A vector of k dice (faces 0..6, the joker 6) has index sum face_i * 7^i; its keeps are
    keep_start[vec_base[k] + index] .. keep_start[vec_base[k] + index + 1], each a mask of the dice kept (bit
    i: die i) and its score in units of 50. Shared by every set: which keeps are legal depends on the faces
    only, not on which dice show them.
    """
    scores = score_table()
    starts, masks, units = [np.zeros(1, dtype=np.int64)], [], []
    vec_base = np.zeros(DICE_PER_PLAYER + 2, dtype=np.int64)
    total = 0
    for k in range(1, DICE_PER_PLAYER + 1):
        n_vec = N_FACES**k
        faces = (np.arange(n_vec)[:, None] // N_FACES ** np.arange(k)[None, :]) % N_FACES
        power = CODE_BASE**faces  # each die adds 7^face to the selection's code
        rows, cols, vals = [], [], []
        for m in range(1, 1 << k):
            bits = [i for i in range(k) if m >> i & 1]
            u = scores[power[:, bits].sum(axis=1)]
            ok = np.nonzero(u > 0)[0]
            rows.append(ok)
            cols.append(np.full(len(ok), m, dtype=np.int32))
            vals.append(u[ok].astype(np.int32))
        r = np.concatenate(rows)
        by_vector = np.argsort(r, kind="stable")
        counts = np.bincount(r, minlength=n_vec)
        vec_base[k] = total
        starts.append(int(starts[-1][-1]) + np.cumsum(counts))
        masks.append(np.concatenate(cols)[by_vector])
        units.append(np.concatenate(vals)[by_vector])
        total += n_vec
    vec_base[DICE_PER_PLAYER + 1] = total
    # vec_base[k] indexes keep_start; keep_start holds one more entry than vectors, so the starts chain
    keep_start = np.concatenate(starts).astype(np.int64)
    return (keep_start, np.concatenate(masks).astype(np.int32), np.concatenate(units).astype(np.int32), vec_base)


def never_busts(die: Die) -> bool:
    """True when every face this die can show scores alone (a 1, a 5 or a joker): with such dice a turn can
    roll on forever, so no finite value exists for sets of them only."""
    w = weights7(die)
    return all(w[f] == 0 for f in (1, 2, 3, 5))  # faces 2, 3, 4, 6 never score alone


def _die_faces(die: Die) -> tuple[int, list[int], list[float]]:
    """The faces a die can show (0..6, the joker 6) and their chances."""
    w = weights7(die)
    total = sum(w)
    faces = [f for f, x in enumerate(w) if x]
    return len(faces), faces, [w[f] / total for f in faces]


class BoundMemo:
    """The bounds of every sub-set of one to five dice met in a search, shared by all the sets that hold it
    (a sub-set's bound depends on its dice and on the hot-dice hypothesis `theta` only).

    Hot dice from a sub-set read max(0, theta) (the full set's bust chance left out: a set's own is not
    known to a shared row), which holds for every set whose points per turn are at most theta; `bound`
    tests a set against a threshold at most theta, so the rows stay proof (search.py's docstring).
    """

    def __init__(self, kinds: Sequence[Die], theta: float, cap: int = 0, base: int = 0,
                 hot: np.ndarray | None = None, hot_bust: float = 0.0) -> None:
        self.kinds = tuple(kinds)
        self.theta = float(theta)
        self.base = base  # units of 50: the rows hold the totals base + GRID (a turn met after hot dice at base)
        self.hot = np.full(1, self.theta / SCORE_UNIT) if hot is None else hot
        self.hot_bust = hot_bust
        self.cap = cap  # points; > 0: the turn is played to this many points (banked points above it count not)
        self._faces = [_die_faces(k) for k in self.kinds]
        self._rows: dict[tuple[int, ...], int] = {}
        self._excess = np.zeros(1024 * _WIDTH)
        self._bust = np.zeros(1024)
        self._pop = np.zeros(1024, dtype=np.int64)
        self._keep = keep_lists()
        self._lo = np.array([g[0] for g in GRID], dtype=np.int64)
        self._hi = np.array([g[1] for g in GRID], dtype=np.int64)
        self._scratch = (np.zeros(6, dtype=np.int64), np.zeros(6, dtype=np.int64), np.zeros(7),
                         np.zeros(7, dtype=np.int64), np.zeros(_WIDTH), np.zeros(_WIDTH),
                         np.zeros(6, dtype=np.int64))

    def _nz(self, key: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        count = np.zeros(len(key), dtype=np.int64)
        face = np.zeros((len(key), N_FACES), dtype=np.int64)
        chance = np.zeros((len(key), N_FACES))
        for i, kind in enumerate(key):
            n, faces, chances = self._faces[kind]
            count[i] = n
            face[i, :n] = faces
            chance[i, :n] = chances
        return count, face, chance

    def _children(self, key: tuple[int, ...]) -> np.ndarray:
        c = len(key)
        child = np.zeros(1 << c, dtype=np.int64)
        for m in range(1, (1 << c) - 1):  # keep at least one die, not all (hot dice)
            child[m] = self.row(tuple(key[i] for i in range(c) if not m >> i & 1))
        return child


    def _evaluate_at(self, key: tuple[int, ...], child: np.ndarray, hot: np.ndarray, hot_bust: float, base: int,
                     row: int) -> float:
        keep_start, keep_mask, keep_units, vec_base = self._keep
        count, face, chance = self._nz(key)
        positions, digit, suffix_p, suffix_idx, best, total, same = self._scratch
        return float(state_excess(len(key), count, face, chance, child, hot, hot_bust, base, keep_start,
                                  keep_mask, keep_units, vec_base, self._pop, self._lo, self._hi, self._bust,
                                  self._excess, row, positions, digit, suffix_p, suffix_idx, best, total,
                                  self.cap / SCORE_UNIT, same))

    def row(self, key: tuple[int, ...]) -> int:
        """The row of a sub-set (sorted kind indices, one to five dice), evaluated on first use."""
        row = self._rows.get(key)
        if row is not None:
            return row
        child = self._children(key)
        row = len(self._rows) + 1  # row 0 is the full set's scratch (its bust chance)
        if row == len(self._bust):  # grow by doubling
            self._bust = np.concatenate([self._bust, np.zeros(row)])
            self._pop = np.concatenate([self._pop, np.zeros(row, dtype=np.int64)])
            self._excess = np.concatenate([self._excess, np.zeros(row * _WIDTH)])
        self._pop[row] = len(key)
        self._evaluate_at(key, child, self.hot, self.hot_bust, self.base, row)
        self._rows[key] = row
        return row

    def bound(self, key: tuple[int, ...], theta: float, own_bust: bool = True) -> float:
        """f(theta) in points for the set of six kinds `key` (sorted), theta at most the memo's; own_bust
        False: hot dice read max(0, theta) as in the rows (looser, but one pass over the rolls, not two)."""
        if theta > self.theta:
            raise ValueError("the threshold passed the memo's hypothesis")
        return SCORE_UNIT * self._evaluate_at(key, self._children(key), np.full(1, theta / SCORE_UNIT),
                                              -1.0 if own_bust else 0.0, 0, 0)

    def full_excess(self, key: tuple[int, ...]) -> float:
        """A bound (units of 50) on W(base, six) - base for the set `key`, on this memo's rows and hot dice."""
        value = self._evaluate_at(key, self._children(key), self.hot, self.hot_bust, self.base, 0)
        return max(0.0, value)

    def full_bust(self) -> float:
        """The bust chance of the last full set evaluated."""
        return float(self._bust[0])


# Totals (units of 50) at which six fresh dice are evaluated for the tighter bound of a candidate: hot dice
# come at 300 points or more, most below a few thousand
HOT_BASES = (6, 10, 16, 24, 36, 56)


def _hot_line(known: dict[int, float], bust: float, length: int) -> np.ndarray:
    """Bounds on six fresh dice's excess at totals 0..length-1 from bounds at a few totals: between two, their
    chord (the excess is convex in the total: a maximum of affine values, one per policy); from each, falling
    by at least the bust chance a unit; the least of them."""
    xs = sorted(known)
    x = np.arange(length, dtype=np.float64)
    line = np.full(length, np.inf)
    for i, a in enumerate(xs):
        ea = known[a]
        line = np.minimum(line, np.where(x >= a, ea - bust * (x - a), np.inf))
        if i + 1 < len(xs):
            b = xs[i + 1]
            eb = known[b]
            inside = (x >= a) & (x <= b)
            line = np.where(inside, np.minimum(line, ea + (eb - ea) * (x - a) / (b - a)), line)
    out: np.ndarray = np.maximum(line, 0.0)
    return out


def hot_bases(theta: float) -> tuple[int, ...]:
    """The totals for `tight_bound`: HOT_BASES, and on by half again each up to four times theta (a set that
    scores thousands a turn rolls on through totals of many thousands)."""
    out = list(HOT_BASES)
    while out[-1] < 4 * theta / SCORE_UNIT:
        out.append(int(out[-1] * 1.5))
    return tuple(out)


def tight_bound(dice: tuple[Die, ...], theta: float, bases: Sequence[int] | None = None) -> float:
    """f(theta) in points like `bound_points`, tighter: six fresh dice after hot dice are bounded at the totals
    `bases` too (top down: each on the rows of its own totals, its own hot dice from the bases above), not by
    the line from theta alone. Expected points per turn only (the convexity it needs fails under a cap)."""
    own = tuple(dice)
    mine = tuple(range(DICE_PER_PLAYER))
    bases = hot_bases(theta) if bases is None else bases
    probe = BoundMemo(own, theta)
    probe.bound(mine, theta)
    bust = probe.full_bust()
    known = {0: theta / SCORE_UNIT}
    length = max(bases) + 2 * _WIDTH
    for base in sorted(bases, reverse=True):
        hot = _hot_line(known, bust, length)
        memo = BoundMemo(own, theta, 0, base, hot, bust)
        known[base] = min(memo.full_excess(mine), float(hot[base]))
    memo = BoundMemo(own, theta, 0, 0, _hot_line(known, bust, length), bust)
    return SCORE_UNIT * memo.full_excess(mine)


def bound_points(dice: tuple[Die, ...], theta: float, cap: int = 0) -> float:
    """f(theta) in points: at least the set's expected points per turn whenever those are at most theta (see
    the module's docstring); when it is below theta, the points per turn are proven below it too."""
    if len(dice) != DICE_PER_PLAYER:
        raise ValueError(f"a set has {DICE_PER_PLAYER} dice, not {len(dice)}")
    return BoundMemo(dice, theta, cap).bound(tuple(range(DICE_PER_PLAYER)), theta)


# ---- the search -----------------------------------------------------------------------------------------------

Progress = Callable[[int, int], None] | None
Stop = Callable[[], bool] | None


@dataclass(frozen=True)
class SetValue:
    """One examined set: its dice (indices into the search's kinds), and either its exact points per turn
    or, when ruled out, the bound that did it."""

    kinds: tuple[int, ...]
    points: float
    exact: bool


def inventory_sets(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of six kinds with at most counts[i] of kind i, as sorted tuples of kind indices."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(chosen)
            return
        if i == len(counts):
            return
        for k in range(min(left, counts[i]), -1, -1):
            walk(i + 1, left - k, chosen + (i,) * k)

    walk(0, DICE_PER_PLAYER, ())
    return out


def count_sets(counts: Sequence[int]) -> int:
    """How many sets `inventory_sets` gives, without listing them."""
    ways = [1] + [0] * DICE_PER_PLAYER
    for c in counts:
        ways = [sum(ways[k - j] for j in range(min(k, c) + 1)) for k in range(DICE_PER_PLAYER + 1)]
    return ways[DICE_PER_PLAYER]


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
MEMO_HEADROOM = 1.1
TIGHT_BELOW_BUST = 0.004  # six dice busting less often than this: the tight bound before an exact solve


def _memo(name: str, kinds: tuple[Die, ...], theta: float, headroom: float, cap: int) -> BoundMemo:
    memo = _MEMOS.get(name)
    if memo is None or memo.kinds != kinds or memo.cap != cap or theta > memo.theta:
        memo = _MEMOS[name] = BoundMemo(kinds, theta * headroom, cap)
    return memo


def judge(kinds: tuple[Die, ...], key: tuple[int, ...], theta: float, cap: int = 0) -> tuple[float, str]:
    """(points, how) for the set `key` (sorted kind indices) against the threshold theta: "pruned" with the
    bound that proves the set below theta (the shared rows' bound, else the set's own tighter one), else
    "exact" with the set's points solved exactly. theta <= 0 solves at once."""
    if theta > 0:
        memo = _memo("threshold", kinds, theta, MEMO_HEADROOM, cap)
        # first without the set's own bust chance (a pass over its rolls of its own): nearly always enough
        b = memo.bound(key, theta, own_bust=False)
        if b < theta:
            return b, "pruned"
        b = memo.bound(key, theta)
        if b < theta:
            return b, "pruned"
        own = tuple(kinds[i] for i in key)
        # the set's own tighter bound costs about what an exact solve of a set that busts now and then does
        # (tens of ms): it pays only for sets that almost never bust, whose solve passes over thousands of
        # totals (0.1 to 1 s)
        if cap == 0 and memo.full_bust() < TIGHT_BELOW_BUST:
            b = tight_bound(own, theta)
            if b < theta:
                return b, "pruned"
    return exact_points(tuple(kinds[i] for i in key), cap), "exact"


def _judge_chunk(kinds: tuple[Die, ...], chunk: list[tuple[int, ...]], best: list[float], top: int,
                 cap: int) -> list[tuple[float, str]]:
    """Judge each set against the top-th best exact value known: `best` (the values found before the chunk was
    handed out) and the chunk's own exact values as they come (all true values: the top-th best of any of
    them is a threshold no higher than the final one, so a set it rules out is out)."""
    import heapq

    heap = heapq.nlargest(top, best)
    heapq.heapify(heap)
    out = []
    for key in chunk:
        points, how = judge(kinds, key, heap[0] if len(heap) >= top else 0.0, cap)
        if how == "exact":
            if len(heap) < top:
                heapq.heappush(heap, points)
            elif points > heap[0]:
                heapq.heapreplace(heap, points)
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


def _ignore_interrupt() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Runner:
    """Chunks of work on forked workers (or here, with workers <= 1), results in the order handed out."""

    def __init__(self, workers: int, stop: Stop) -> None:
        self.workers = workers
        self.stop = stop
        self.stopped = False
        self._pool = None
        if workers > 1:
            import multiprocessing as mp

            # the workers leave Ctrl-C to this process, whose stop() ends the search with what it has
            self._pool = mp.get_context("fork").Pool(workers, initializer=_ignore_interrupt)

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
                values[n] = SetValue(sets[n], points, how == "exact")
            state["done"] += len(results)
            if on_best is not None and any(how == "exact" for _, how in results):
                on_best(ranked())
            if progress is not None:
                progress(state["done"], state["total"])
        return take

    runner = _Runner(workers, stop)
    try:
        def run_exact(numbers: list[int]) -> None:
            step = max(1, min(chunk, len(numbers) // (2 * max(1, workers)) or 1))
            parts = [numbers[s:s + step] for s in range(0, len(numbers), step)]
            runner.run((_exact_chunk, (kinds, [sets[n] for n in part], cap), taker(part)) for part in parts)

        run_exact(list(range(first)))
        if not runner.stopped and first < total:
            parts = [list(range(s, min(s + chunk, total))) for s in range(first, total, chunk)]
            runner.run((_judge_chunk, (kinds, [sets[n] for n in part], [p for p, _ in heap], top, cap), taker(part))
                       for part in parts)
    finally:
        runner.close()
    best = ranked()
    examined = sum(1 for _ in values)
    return SearchOutcome(best, theta(), total, examined, state["solved"], not runner.stopped,
                         tuple(values[n] for n in sorted(values)) if keep_values else ())
