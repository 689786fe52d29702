"""The exact keep/re-roll solver of a card-dice set: every roll of five distinguishable dice, its hand class,
and many games at once (one per hand to beat) for the N-player solver.

A state is one face per die (face index 0..faces - 1 on each die, equally likely), numbered with die 1's face
varying slowest: 12**5 = 248,832 states for the royal set, 8**5 = 32,768 for the octahedral one. A class is a
distinct hand value (`card_rank`) that some state makes, numbered from 0 (the worst) up, densely.

A player rolls all five dice, then up to `rerolls` times keeps any of them and rolls the rest again; keeping
all five is standing. The best keep maximizes the expected pay; keeps whose values lie within TIE_TOLERANCE
(1e-12) of the best count as equal, and of those the one with more dice kept is taken, then the one keeping
the earlier dice (die 1 before die 2, ...). Every method here breaks ties so.

How the kernels (`card_kernels`, compiled) solve many games at once, LANES at a time: the dice are taken in an
internal order, dice 0 and 1 (the two with the most faces) the *outer* dice, dice 2-4 the *inner* ones. A
keep's value is the average of the next stage's state values over its free dice; the best keep of a state is
the best of its 32 sub-keeps. Both steps go one die at a time, on slabs of a few hundred kilobytes: for each
outer pair of faces (a0, a1), the slab of its inner keeps ((n2 + 1)(n3 + 1)(n4 + 1) of them: 2,197 with
12-sided dice) holds the next stage's values at its states, averaged over each inner die in turn into the other
keeps. The outer dice are averaged by summing the slabs: R1[a0] (die 1 free), R0[a1] (die 0 free), T (both
free). Then each slab, in place, takes for every inner keep the best of its four outer variants (both outer
dice kept, one, neither) and then the best over the inner dice one die at a time: B(k) = best(B(k), B(k with
die i free)) for i = 2, 3, 4, which leaves at each state the best of all 32 keeps. That state value is where
the next stage's slab needs it: the slab is averaged again in place, and the next stage's outer sums gathered,
in the same sweep. A stage so reads and writes each slab once. The preference of the keep chosen so far
travels with its value (one float a lane), and so do the further ("aux") payouts that follow the chosen keeps;
with no aux payout the value alone is kept, a plain maximum. The blocks of games are shared over the CPUs'
threads. Measured on two cores (benchmarks/bench_card_dice.py): the royal set's 6,498 threshold games with
two re-rolls take about 6 s, 20 s with one aux payout followed; the octahedral set's 888 take 0.1 s and 0.35 s.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ...errors import InputError
from ...solver.batch import threads
from ..inputs import shown
from .card_kernels import LANES, TIE_TOLERANCE, solve_block, threshold_blocks
from .card_rank import CARD_CATEGORIES, category_of_value, hand_values, value_label
from .cards import DICE, DiceSet, face_text

__all__ = ["MAX_AUX", "MAX_REROLLS", "MAX_STATES", "ROLLS", "TIE_TOLERANCE", "CardTable", "keep_preference"]

MAX_STATES = 300_000  # ordered rolls: the royal set's 248,832 fit (a thread's slabs then take 10 MB)
MAX_REROLLS = 6
MAX_AUX = 6  # payouts followed at once: six players need six (each adds 10 MB of slabs a thread with the royal set)
ROLLS = 3  # rolls of a single game (`single_game`, `keep_values`)


def keep_preference(kept: Sequence[int]) -> int:
    """The tie order of a keep (dice numbered from 0): more dice kept first, then keeping the earlier dice."""
    return 32 * len(set(kept)) + sum(1 << (4 - d) for d in set(kept))


class CardTable:
    """A dice set's states, hand classes and exact solver (see the module docstring)."""

    def __init__(self, dice: DiceSet):
        if not isinstance(dice, DiceSet):
            raise InputError(f"a card table needs a DiceSet, got {type(dice).__name__}")
        self.dice = dice
        self.faces_per_die = dice.faces_per_die
        self.n_states = dice.states
        if self.n_states > MAX_STATES:
            raise InputError(f"{dice.name}: {' x '.join(map(str, self.faces_per_die))} = {self.n_states:,} rolls; "
                             f"the exact solver takes at most {MAX_STATES:,}")
        index = np.indices(self.faces_per_die).reshape(DICE, -1)
        codes = np.stack([np.asarray(dice.dice[d], dtype=np.int64)[index[d]] for d in range(DICE)], axis=1)
        values, inverse = np.unique(hand_values(codes), return_inverse=True)
        self.class_values = values  # hand value of each class, worst first
        self.class_of_state = inverse.reshape(-1).astype(np.int32)
        self.n_classes = len(values)
        self.class_category = tuple(category_of_value(v) for v in values.tolist())
        for a in (self.class_values, self.class_of_state):
            a.flags.writeable = False
        # the kernels' order: the two dice with the most faces first (the outer dice; see card_kernels)
        self._perm = sorted(range(DICE), key=lambda d: -self.faces_per_die[d])
        self._m = np.array([self.faces_per_die[d] for d in self._perm], dtype=np.int64)
        self._cls = np.ascontiguousarray(
            self.class_of_state.reshape(self.faces_per_die).transpose(self._perm).reshape(-1))
        # a keep's preference is the sum of its kept dice's shares (see keep_preference)
        self._shift = np.array([float(keep_preference([d])) for d in self._perm])

    # --- states and classes -------------------------------------------------------------------------------

    def state_index(self, state: Sequence[int]) -> int:
        """The number of a state given as one face index per die."""
        state = self._state(state)
        return int(np.ravel_multi_index(state, self.faces_per_die))

    def state_faces(self, index: int) -> tuple[int, ...]:
        """The face index of each die in state number `index`."""
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < self.n_states:
            raise InputError(f"a state number is 0 to {self.n_states - 1}, got {shown(index)}")
        return tuple(int(i) for i in np.unravel_index(int(index), self.faces_per_die))

    def state_text(self, state: Sequence[int], symbols: bool = False) -> str:
        """A state's faces as text, die by die ("As Kh * 10d 2c")."""
        state = self._state(state)
        return " ".join(face_text(self.dice.dice[d][state[d]], symbols) for d in range(DICE))

    def class_label(self, c: int) -> str:
        """A class as text: its best hand's ranks and category, "A A A K K (full house)"."""
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or not 0 <= c < self.n_classes:
            raise InputError(f"a class is 0 to {self.n_classes - 1}, got {shown(c)}")
        return value_label(int(self.class_values[c]))

    def odds(self) -> dict[str, int]:
        """How many of the ordered rolls (equally likely) make each category, best first, and `total`."""
        per_class = np.bincount(self.class_of_state, minlength=self.n_classes)
        counts = dict.fromkeys(CARD_CATEGORIES, 0)
        for category, n in zip(self.class_category, per_class.tolist()):
            counts[category] += n
        counts["total"] = self.n_states
        return counts

    # --- games --------------------------------------------------------------------------------------------

    def threshold_games(self, above: np.ndarray, tie: np.ndarray, rerolls: int, aux_above: np.ndarray,
                        aux_tie: np.ndarray, aux_below: np.ndarray, *,
                        max_threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """One game per threshold class b: the final class c pays above[c] if c > b, tie[b] if c == b, else 0.

        Returns (values (K,), aux (A, K)): values[b] the optimal expected pay before the first roll with
        `rerolls` re-rolls; aux[a, b] the expected g_a(c) under that play, g_a(c) = aux_above[a, c] if c > b,
        aux_tie[a] if c == b, aux_below[a] if c < b. The games are shared over the CPUs' threads, or at most
        `max_threads` (a Dask worker's task takes 1).
        """
        k = self.n_classes
        above = _array("above", above, (k,))
        tie = _array("tie", tie, (k,))
        rerolls = _rerolls(rerolls)
        aux_above = _array("aux_above", aux_above, (None, k))
        n_aux = aux_above.shape[0]
        if n_aux > MAX_AUX:
            raise InputError(f"aux_above has {n_aux} rows; at most {MAX_AUX} aux payouts are followed at once")
        aux_tie = _array("aux_tie", aux_tie, (n_aux,))
        aux_below = _array("aux_below", aux_below, (n_aux,))
        if rerolls == 0:  # the first roll stands: sums over the classes above each threshold
            n = np.bincount(self.class_of_state, minlength=k).astype(np.float64)
            def higher(w: np.ndarray) -> np.ndarray:
                return np.concatenate([np.cumsum((n * w)[::-1])[::-1][1:], [0.0]])

            values = (higher(above) + n * tie) / self.n_states
            below = np.concatenate([[0.0], np.cumsum(n)[:-1]])
            aux = np.array([(higher(aux_above[a]) + n * aux_tie[a] + below * aux_below[a]) / self.n_states
                            for a in range(n_aux)]).reshape(n_aux, k)
            return values, aux
        values = np.empty(k)
        aux = np.empty((n_aux, k))
        n_blocks = -(-k // LANES)
        if max_threads is not None and (isinstance(max_threads, bool) or not isinstance(max_threads, int)
                                        or max_threads < 1):
            raise InputError(f"max_threads must be a whole number 1 or more, got {shown(max_threads)}")
        workers = max(1, min(threads() if max_threads is None else max_threads, n_blocks))
        stage_pay = np.zeros(rerolls + 1, dtype=np.int64)

        def run(part: int) -> None:
            lo, hi = part * n_blocks // workers, (part + 1) * n_blocks // workers
            s = self._scratch(n_aux, k, 1)
            threshold_blocks(self._m, self._cls, above, tie, aux_above, aux_tie, aux_below, rerolls, self._shift,
                             lo, hi, values, aux, s["pay"].reshape(-1), s["gpay"].reshape(-1), stage_pay,
                             *self._kernel_scratch(s))

        if workers == 1:
            run(0)
        else:
            with ThreadPoolExecutor(workers - 1, thread_name_prefix="holdwise-card") as pool:
                others = [pool.submit(run, part) for part in range(1, workers)]
                run(0)
                for future in others:
                    future.result()
        return values, aux

    def single_game(self, pay_by_rolls: np.ndarray, follow: np.ndarray | None = None) -> tuple[float, np.ndarray]:
        """One game of three rolls: standing on class c after u rolls pays pay_by_rolls[u - 1][c] (R = 3 rows)
        or pay_by_rolls[0][c] whatever the rolls (R = 1). Returns (optimal value before the first roll,
        followed (A,)): the expected follow[a][u - 1][c] (follow: (A, R, K)) under that play."""
        pay = self._pay_by_rolls(pay_by_rolls)
        n_rows = pay.shape[0]
        follow = np.zeros((0, n_rows, self.n_classes)) if follow is None else \
            _array("follow", follow, (None, n_rows, self.n_classes))
        n_aux = follow.shape[0]
        if n_aux > MAX_AUX:
            raise InputError(f"follow has {n_aux} rows; at most {MAX_AUX} payouts are followed at once")
        s = self._scratch(n_aux, self.n_classes, n_rows)
        s["pay"][:] = pay[:, :, None]
        s["gpay"][:] = follow[:, :, :, None]
        stage_pay = np.arange(ROLLS, dtype=np.int64) if n_rows == ROLLS else np.zeros(ROLLS, dtype=np.int64)
        solve_block(self._m, self._cls, s["pay"].reshape(-1), s["gpay"].reshape(-1), self.n_classes, stage_pay,
                    ROLLS - 1, self._shift, *self._kernel_scratch(s))
        return float(s["out_v"][0]), s["out_a"][:, 0].copy()

    def keep_values(self, pay_by_rolls: np.ndarray, state: Sequence[int],
                    rolls_used: int) -> list[tuple[tuple[int, ...], float]]:
        """Every keep of `state` after `rolls_used` rolls (1 or 2) in the single game of `pay_by_rolls`, best
        first (ties as the module docstring says): (kept dice as a tuple of die indices, value). Keeping all
        five is standing, worth the pay after `rolls_used` rolls."""
        pay = self._pay_by_rolls(pay_by_rolls)
        state = self._state(state)
        if isinstance(rolls_used, bool) or not isinstance(rolls_used, (int, np.integer)) \
                or not 1 <= rolls_used < ROLLS:
            raise InputError(f"rolls_used must be 1 or 2 (a keep is chosen before the last of {ROLLS} rolls), "
                             f"got {shown(rolls_used)}")
        def row(u: int) -> np.ndarray:
            return np.asarray(pay[u - 1] if len(pay) == ROLLS else pay[0])

        if rolls_used == ROLLS - 1:
            following = row(ROLLS)[self.class_of_state].reshape(self.faces_per_die)
        else:
            following = self._stage_values(row(ROLLS), row(ROLLS - 1))
        stand = float(row(rolls_used)[self.class_of_state[self.state_index(state)]])
        options = []
        for mask in range(1 << DICE):
            kept = tuple(d for d in range(DICE) if mask >> d & 1)
            if len(kept) == DICE:
                options.append((kept, stand))
                continue
            where = tuple(state[d] if d in kept else slice(None) for d in range(DICE))
            options.append((kept, float(following[where].mean())))
        return _ranked(options)

    # --- helpers ------------------------------------------------------------------------------------------

    def _stage_values(self, next_pay: np.ndarray, stand_pay: np.ndarray) -> np.ndarray:
        """The value of every state (an array of faces per die) with one re-roll left, when standing pays
        stand_pay and the next roll's states pay next_pay (per class): one game, in NumPy."""
        shape = self.faces_per_die
        e = next_pay[self.class_of_state].reshape(shape)
        for d in range(DICE):  # every keep: index faces[d] on die d is "free", the average over its faces
            e = np.concatenate([e, e.mean(axis=d, keepdims=True)], axis=d)
        states = tuple(slice(0, n) for n in shape)
        e[states] = stand_pay[self.class_of_state].reshape(shape)  # keeping all five is standing
        for d in range(DICE):  # the best of every sub-keep, one die at a time
            kept = tuple(slice(0, n) if i == d else slice(None) for i, n in enumerate(shape))
            free = tuple(slice(n, n + 1) if i == d else slice(None) for i, n in enumerate(shape))
            e[kept] = np.maximum(e[kept], e[free])
        return e[states]

    def _scratch(self, n_aux: int, n_classes: int, n_pay: int) -> dict[str, np.ndarray]:
        """Work arrays of one thread's kernel calls."""
        m0, m1, n2, n3, n4 = self._m.tolist()
        width = (n2 + 1) * (n3 + 1) * (n4 + 1) * LANES
        return {
            "pay": np.zeros((n_pay, n_classes, LANES)), "gpay": np.zeros((n_aux, n_pay, n_classes, LANES)),
            "xs": np.empty((m0 * m1, width)), "xsa": np.empty((m0 * m1, n_aux, width)), "mp": np.empty(width),
            "r1s": np.empty((2, m0, width)), "r0s": np.empty((2, m1, width)), "tts": np.empty((2, width)),
            "ra1s": np.empty((2, m0, n_aux, width)), "ra0s": np.empty((2, m1, n_aux, width)),
            "tas": np.empty((2, n_aux, width)), "out_v": np.empty(LANES), "out_a": np.empty((n_aux, LANES)),
        }

    @staticmethod
    def _kernel_scratch(s: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
        """The work arrays as the kernels take them: flat views (the kernels index them by offsets)."""
        return tuple(s[k].reshape(-1) for k in ("xs", "xsa", "mp", "r1s", "r0s", "tts", "ra1s", "ra0s", "tas",
                                                "out_v", "out_a"))

    def _pay_by_rolls(self, pay_by_rolls: np.ndarray) -> np.ndarray:
        pay = _array("pay_by_rolls", pay_by_rolls, (None, self.n_classes))
        if pay.shape[0] not in (1, ROLLS):
            raise InputError(f"pay_by_rolls has 1 row (any rolls) or {ROLLS} (after 1, 2, 3 rolls), "
                             f"got {pay.shape[0]}")
        return pay

    def _state(self, state: Sequence[int]) -> tuple[int, ...]:
        if isinstance(state, (str, bytes)) or not isinstance(state, Sequence) or len(state) != DICE:
            raise InputError(f"a state is {DICE} face indices, one per die, got {shown(state)}")
        out = []
        for d, (f, n) in enumerate(zip(state, self.faces_per_die), start=1):
            if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 0 <= f < n:
                raise InputError(f"die {d}'s face index is 0 to {n - 1}, got {shown(f)}")
            out.append(int(f))
        return tuple(out)


def _ranked(options: list[tuple[tuple[int, ...], float]]) -> list[tuple[tuple[int, ...], float]]:
    """(kept, value) best first: each time the most preferred of those within TIE_TOLERANCE of the best left."""
    # sorted by value once, the options within the tolerance of the best left are a prefix of what is left
    left = sorted(((v, keep_preference(kept), kept) for kept, v in options), key=lambda o: -o[0])
    out = []
    while left:
        top = left[0][0] - TIE_TOLERANCE
        end = 1
        while end < len(left) and left[end][0] >= top:
            end += 1
        pick = max(range(end), key=lambda i: left[i][1])
        value, _, kept = left.pop(pick)
        out.append((kept, value))
    return out


def _array(name: str, value: object, shape: tuple[int | None, ...]) -> np.ndarray:
    """A float64 C array of `shape` (None: any length) with finite entries, or InputError naming it."""
    try:
        a = np.ascontiguousarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be an array of numbers, got {shown(value)}") from None
    want = "x".join("n" if n is None else str(n) for n in shape)
    if a.ndim != len(shape) or any(n is not None and a.shape[i] != n for i, n in enumerate(shape)):
        raise InputError(f"{name} must have shape {want}, got {'x'.join(map(str, a.shape)) or 'a number'}")
    if not np.isfinite(a).all():
        raise InputError(f"{name} has a number that is not finite")
    return a


def _rerolls(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= MAX_REROLLS:
        raise InputError(f"rerolls must be a whole number 0 to {MAX_REROLLS}, got {shown(value)}")
    return int(value)

