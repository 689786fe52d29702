"""The inventory search's proven upper bounds on a six-set's expected points per turn: a set whose bound falls
below the threshold is ruled out without a solve (`search.py` runs the search).

The bound (`bound_points`, `BoundMemo.bound`). Write W(t, S) for the expected banked points of a turn at total t with the dice S
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

Three more bounds share that argument (each f non-decreasing with slope at most 1 in theta, and at least P
when theta >= P): `BoundMemo.family_bounds` bounds sets that share four or five dice in one pass, the others
rolled face by face and, once rolled again, read as the maximum of the members' rows (the pass is monotone
in the rows it reads); `mid_bound` bounds six fresh dice at one total on shared rows, then uses the chord
from theta to that bound (the excess is convex in the total: a maximum of affine values) in the set's own
rows; `tight_bound` does so at several totals, each on rows of its own.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ...compiled import loaded_compiled
from .roll_table import CODE_BASE, N_FACES, score_table, weights7
from .rules import DICE_PER_PLAYER, SCORE_UNIT, Die
from . import search_kernels
from .search_kernels import state_excess

__all__ = ["GRID", "MID_BASE", "BoundMemo", "SharedRows", "bound_points", "hot_bases", "keep_lists", "keep_lists_numpy", "mid_bound", "never_busts",
           "tight_bound"]

# GRID[c] = (lowest, highest) turn total in units of 50 at which a state with c dice left is met before hot
# dice: each kept die scores at least 50 (a triple of 2s: 200 for three), and the most 6 - c dice kept can
# score is reached keeping them at once (six 1s aside): 1 die 100, 2 dice 200, 3 dice 1,000, 4 dice 2,000,
# 5 dice 4,000. A total above the grid is bounded from its top (turn_bound's slope rule); a total below it
# cannot occur (and would only weaken the bound: search_kernels.BELOW_GRID).
GRID = ((0, 0), (5, 80), (4, 40), (3, 20), (2, 4), (1, 2), (0, 0))
_WIDTH = max(hi - lo + 1 for lo, hi in GRID)
# _UNSET[c][m]: the places of the dice left when the dice of mask m are kept from c dice; _LEFT[c] those of the
# masks 1 .. 2^c - 2 (at least one die kept, not all)
_UNSET = [[tuple(i for i in range(c) if not m >> i & 1) for m in range(1 << c)] for c in range(7)]
_LEFT = [u[1:-1] for u in _UNSET]


@lru_cache(maxsize=1)
def keep_lists() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The legal keeps of every face vector of one to six dice: (keep_start, keep_mask, keep_units, vec_base).

    A vector of k dice (faces 0..6, the joker 6) has index sum face_i * 7^i; its keeps are
    keep_start[vec_base[k] + index] .. keep_start[vec_base[k] + index + 1], each a mask of the dice kept (bit
    i: die i) and its score in units of 50. Shared by every set: which keeps are legal depends on the faces
    only, not on which dice show them.
    """
    scores = score_table()
    if loaded_compiled(search_kernels):
        return _keep_lists_compiled(scores)
    # the kernel's plain source would take seconds: NumPy then
    starts, masks, units = [np.zeros(1, dtype=np.int64)], [], []
    vec_base = np.zeros(DICE_PER_PLAYER + 2, dtype=np.int64)
    total = 0
    for k in range(1, DICE_PER_PLAYER + 1):
        counts, k_masks, k_units = keep_lists_numpy(k, scores)
        vec_base[k] = total
        starts.append(int(starts[-1][-1]) + np.cumsum(counts))
        masks.append(k_masks)
        units.append(k_units)
        total += N_FACES**k
    vec_base[DICE_PER_PLAYER + 1] = total
    # vec_base[k] indexes keep_start; keep_start holds one more entry than vectors, so the starts chain
    keep_start = np.concatenate(starts).astype(np.int64)
    return (keep_start, np.concatenate(masks).astype(np.int32), np.concatenate(units).astype(np.int32), vec_base)


def _keep_lists_compiled(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`keep_lists` by the compiled kernel (`search_kernels.keep_pass`), in one pass over the vectors (about
    a tenth of NumPy's 0.16 s, which a new process waited for before a search could start)."""
    sizes = [N_FACES**k for k in range(1, DICE_PER_PLAYER + 1)]
    vec_base = np.zeros(DICE_PER_PLAYER + 2, dtype=np.int64)
    vec_base[1:] = np.cumsum([0, *sizes])
    counts = np.zeros(1 + int(vec_base[-1]), dtype=np.int64)
    # room for every mask of every vector: only the pages written are ever touched
    room = sum(n * ((1 << k) - 1) for k, n in enumerate(sizes, 1))
    masks = np.empty(room, dtype=np.int32)
    units = np.empty(room, dtype=np.int32)
    at = 0
    for k in range(1, DICE_PER_PLAYER + 1):
        at = search_kernels.keep_pass(k, scores, counts[1 + vec_base[k]:1 + vec_base[k + 1]], masks, units, at)
    return np.cumsum(counts), masks[:at].copy(), units[:at].copy(), vec_base



def keep_lists_numpy(k: int, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The legal keeps of every face vector of k dice, in NumPy: (how many each vector has; their masks and
    scores in units of 50, vector by vector, each vector's in the order of their masks)."""
    n_vec = N_FACES**k
    faces = (np.arange(n_vec)[:, None] // N_FACES ** np.arange(k)[None, :]) % N_FACES
    power = np.ascontiguousarray((CODE_BASE**faces).T)  # each die adds 7^face to the selection's code
    # every selection's code, a mask from the one without its lowest die (one addition a mask)
    codes = np.zeros((1 << k, n_vec), dtype=np.int64)
    for m in range(1, 1 << k):
        codes[m] = codes[m & (m - 1)] + power[(m & -m).bit_length() - 1]
    u = np.ascontiguousarray(scores[codes[1:]].T)
    rows, cols = np.nonzero(u > 0)
    return (np.bincount(rows, minlength=n_vec), (cols + 1).astype(np.int32), u[rows, cols].astype(np.int32))


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


class SharedRows:
    """The rows of every sub-set of one to five dice an inventory allows, in memory shared by a search's forked
    workers, so that a row one worker evaluated the other reads instead of evaluating it again (each built
    nearly every row of the threshold memo on its own: 2,700 of 2,771 for 2,510 sets).

    One hypothesis for all (`theta`, set once by the parent before any worker reads it: 0 until then); a row
    is written whole, then marked ready. A row depends on its dice, the hypothesis and the cap only, and is
    evaluated alike in every process, so two workers that evaluate it at once write the same numbers.
    """

    LIMIT = 100_000  # sub-sets at most (76 doubles each); larger inventories keep each worker's memo its own

    def __init__(self, keys: Sequence[tuple[int, ...]], context: Any) -> None:
        """A slot for each of `keys` (sorted kind indices), in shared memory from the multiprocessing `context`."""
        n = len(keys)
        self.slots = {key: i for i, key in enumerate(keys)}
        self._theta = context.RawArray("d", 1)
        self._excess = context.RawArray("d", max(1, n) * _WIDTH)
        self._bust = context.RawArray("d", max(1, n))
        self._ready = context.RawArray("b", max(1, n))
        self.excess = np.frombuffer(self._excess, dtype=np.float64).reshape(-1, _WIDTH)
        self.bust = np.frombuffer(self._bust, dtype=np.float64)
        self.ready = np.frombuffer(self._ready, dtype=np.int8)

    @property
    def theta(self) -> float:
        """The hypothesis of every row here (0: not set yet)."""
        return float(self._theta[0])

    def set_theta(self, theta: float) -> None:
        """Set once, before any row is evaluated: later calls change nothing."""
        if self._theta[0] == 0.0:
            self._theta[0] = theta

    def put(self, slot: int, excess: np.ndarray, bust: float) -> None:
        self.excess[slot] = excess
        self.bust[slot] = bust
        self.ready[slot] = 1  # after the row: a reader that sees it ready reads the whole row


class BoundMemo:
    """The bounds of every sub-set of one to five dice met in a search, shared by all the sets that hold it
    (a sub-set's bound depends on its dice and on the hot-dice hypothesis `theta` only).

    Hot dice from a sub-set read max(0, theta) (the full set's bust chance left out: a set's own is not
    known to a shared row), which holds for every set whose points per turn are at most theta; `bound`
    tests a set against a threshold at most theta, so the rows stay proof (search.py's docstring).
    """

    def __init__(self, kinds: Sequence[Die], theta: float, cap: int = 0, base: int = 0,
                 hot: np.ndarray | None = None, hot_bust: float = 0.0, shared: SharedRows | None = None) -> None:
        self.kinds = tuple(kinds)
        # rows of sub-sets read from and written to other processes' memos of the same hypothesis, kinds, cap
        if shared is not None and (theta != shared.theta or hot is not None or base or hot_bust):
            raise ValueError("shared rows hold the threshold rows of their own hypothesis only")
        self.shared = shared
        self.theta = float(theta)
        self.base = base  # units of 50: the rows hold the totals base + GRID (a turn met after hot dice at base)
        self.hot = np.full(1, self.theta / SCORE_UNIT) if hot is None else hot
        self.hot_bust = hot_bust
        self.cap = cap  # points; > 0: the turn is played to this many points (banked points above it count not)
        self._faces = [_die_faces(k) for k in self.kinds]
        self._rows: dict[tuple[int, ...], int] = {}
        self._last: tuple[tuple[int, ...], np.ndarray] = ((), np.zeros(1, dtype=np.int64))
        self._combos: dict[tuple[int, ...], list[tuple[tuple[int, ...], float]]] = {}
        self._max_rows: dict[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], int] = {}
        self._n_rows = 0
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
        """The rows of the dice left after each keep (mask m: the dice kept), the last set's remembered (a set
        is bounded twice or three times in turn)."""
        if self._last[0] == key:
            return self._last[1]
        rows, row = self._rows, self.row
        child = [0]
        for left in _LEFT[len(key)]:  # keep at least one die, not all (hot dice)
            sub = tuple([key[i] for i in left])
            r = rows.get(sub)
            child.append(row(sub) if r is None else r)
        child.append(0)
        out = np.array(child, dtype=np.int64)
        self._last = (key, out)
        return out


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
        shared = self.shared
        slot = -1 if shared is None else shared.slots.get(key, -1)
        if shared is not None and slot >= 0 and shared.ready[slot]:  # another process evaluated it
            row = self._new_row(len(key))
            self._excess[row * _WIDTH:(row + 1) * _WIDTH] = shared.excess[slot]
            self._bust[row] = shared.bust[slot]
        else:
            child = self._children(key)
            row = self._new_row(len(key))
            self._evaluate_at(key, child, self.hot, self.hot_bust, self.base, row)
            if shared is not None and slot >= 0:
                shared.put(slot, self._excess[row * _WIDTH:(row + 1) * _WIDTH], float(self._bust[row]))
        self._rows[key] = row
        return row

    def _new_row(self, pop: int) -> int:
        self._n_rows += 1
        row = self._n_rows  # row 0 is the full set's scratch (its bust chance)
        if row == len(self._bust):  # grow by doubling
            self._bust = np.concatenate([self._bust, np.zeros(row)])
            self._pop = np.concatenate([self._pop, np.zeros(row, dtype=np.int64)])
            self._excess = np.concatenate([self._excess, np.zeros(row * _WIDTH)])
        self._pop[row] = pop
        return row

    def _max_row(self, left: tuple[int, ...], extras: tuple[tuple[int, ...], ...]) -> int:
        """A row at least the row of left + e for every tuple of kinds e in extras: their excess's maximum,
        their bust chance's minimum (above the grid a row is read falling by its bust chance a unit)."""
        key = (left, extras)
        row = self._max_rows.get(key)
        if row is None:
            rows = [self.row(tuple(sorted(left + e))) for e in extras]
            row = self._new_row(len(left) + len(extras[0]))
            spans = np.array([r * _WIDTH for r in rows])[:, None] + np.arange(_WIDTH)[None, :]
            self._excess[row * _WIDTH:(row + 1) * _WIDTH] = self._excess[spans].max(axis=0)
            self._bust[row] = self._bust[rows].min()
            self._max_rows[key] = row
        return row

    def rolls(self, key: tuple[int, ...]) -> int:
        """The face vectors a pass over the dice `key` (sorted kind indices) enumerates: alike dice once per
        arrangement (the work of `bound`, and with one-face dice in the place of some, of `family_bounds`)."""
        out = 1
        for k in set(key):
            out *= math.comb(self._faces[k][0] + key.count(k) - 1, key.count(k))
        return out

    def _faces_at(self, members: Sequence[tuple[int, ...]]) -> list[list[int]]:
        return [sorted({f for m in members for f in self._faces[m[j]][1]}) for j in range(len(members[0]))]

    def family_pays(self, shared: tuple[int, ...], members: Sequence[tuple[int, ...]]) -> bool:
        """Whether one family pass (a pass over the shared dice per faces the others can show) enumerates
        fewer rolls than the members' own passes: not when the others are alike to several of the shared
        dice (alike dice are enumerated once per arrangement in a set's own pass)."""
        combos = math.prod(len(f) for f in self._faces_at(members))
        return combos * self.rolls(shared) < sum(self.rolls(tuple(sorted(shared + m))) for m in members)

    def family_bounds(self, shared: tuple[int, ...], members: Sequence[tuple[int, ...]],
                      theta: float) -> dict[tuple[int, ...], float]:
        """`bound(sorted(shared + m), theta, own_bust=False)` or more for every member m (a tuple of the one or
        two other dice, each in the same place: the strongest first), from one pass over the shared dice's
        rolls per faces the others show: those faces' values are the same for every member, as a state that
        rolls some of the others again reads the rows' maximum over the members (`_max_row`); each member's
        bound is then its chances of the faces times those values. Sound as each bound (the pass is monotone
        in the rows); looser by what a stronger member adds when its dice are rolled again."""
        if theta > self.theta:
            raise ValueError("the threshold passed the memo's hypothesis")
        members = sorted(set(members))
        n_shared, n_other = len(shared), len(members[0])
        child = np.zeros(1 << DICE_PER_PLAYER, dtype=np.int64)
        low = (1 << n_shared) - 1
        extras_of: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}  # by the others rolled again
        for m in range(1, (1 << DICE_PER_PLAYER) - 1):
            left = tuple([shared[i] for i in _UNSET[n_shared][m & low]])
            again = _UNSET[n_other][m >> n_shared]
            if not again:
                child[m] = self.row(left)
            else:
                extras = extras_of.get(again)
                if extras is None:
                    extras = extras_of[again] = tuple(sorted({tuple(sorted(mem[j] for j in again))
                                                              for mem in members}))
                child[m] = self._max_row(left, extras)
        count, face, chance = self._nz(shared + members[0])
        count[n_shared:] = 1
        chance[n_shared:, :] = 0.0
        chance[n_shared:, 0] = 1.0
        hot = np.full(1, theta / SCORE_UNIT)
        keep_start, keep_mask, keep_units, vec_base = self._keep
        positions, digit, suffix_p, suffix_idx, best, total, same = self._scratch
        values: dict[tuple[int, ...], float] = {}
        out = {}
        for mem in members:
            value = 0.0
            for faces, p in self._face_combos(mem):
                v = values.get(faces)
                if v is None:
                    face[n_shared:, 0] = faces
                    v = values[faces] = float(state_excess(
                        DICE_PER_PLAYER, count, face, chance, child, hot, 0.0, 0, keep_start, keep_mask,
                        keep_units, vec_base, self._pop, self._lo, self._hi, self._bust, self._excess, 0,
                        positions, digit, suffix_p, suffix_idx, best, total, self.cap / SCORE_UNIT, same))
                value += p * v
            out[mem] = SCORE_UNIT * value
        return out

    def _face_combos(self, mem: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
        """Every faces the dice `mem` can show together, with its chance (remembered: a search meets each pair
        of kinds in many families)."""
        out = self._combos.get(mem)
        if out is None:
            out = self._combos[mem] = [
                (tuple(f for f, _ in combo), math.prod(p for _, p in combo))
                for combo in itertools.product(*(zip(self._faces[k][1], self._faces[k][2]) for k in mem))]
        return out

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


# The total (units of 50) at which `mid_bound` bounds six fresh dice on shared rows: hot dice come at 300
# points or more; 1,000 ruled out the most candidates of those tried (8 to 30, one or two totals)
MID_BASE = 20


def mid_bound(kinds: tuple[Die, ...], key: tuple[int, ...], theta: float, upper: BoundMemo, bust: float) -> float:
    """f(theta) in points for the set `key` (sorted indices into `kinds`, its six dice busting with chance
    `bust`), between bound_points and tight_bound in cost and strength: six fresh dice at the total
    upper.base bounded on `upper`'s rows (shared by every set: hot dice read theta there), then the set's
    own rows at total 0 with hot dice on the chord from theta at 0 to that bound (`_hot_line`). `upper`
    holds a hypothesis at least theta and at most the memo's. Expected points per turn only (no cap)."""
    if upper.theta < theta or upper.cap:
        raise ValueError("the shared rows hold another hypothesis")
    top = upper.theta / SCORE_UNIT
    known = {0: top, upper.base: min(upper.full_excess(key), top)}
    line = _hot_line(known, bust, upper.base + 2 * _WIDTH)
    own = BoundMemo(tuple(kinds[i] for i in key), upper.theta, 0, 0, line, bust)
    return SCORE_UNIT * own.full_excess(tuple(range(DICE_PER_PLAYER)))


def bound_points(dice: tuple[Die, ...], theta: float, cap: int = 0) -> float:
    """f(theta) in points: at least the set's expected points per turn whenever those are at most theta (see
    the module's docstring); when it is below theta, the points per turn are proven below it too."""
    if len(dice) != DICE_PER_PLAYER:
        raise ValueError(f"a set has {DICE_PER_PLAYER} dice, not {len(dice)}")
    return BoundMemo(dice, theta, cap).bound(tuple(range(DICE_PER_PLAYER)), theta)
