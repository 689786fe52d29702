"""The race-aware match with badges: each player's unspent uses are part of the state; solved exactly.

A layer is both players' unspent uses (u1, u2), each a count per effect spent during a turn (`badges.
SPENT_IN_TURN`: Warlord, Doppelganger, Resurrection). Uses only fall, so layers are solved from the fewest
uses up; inside a layer, as in `match.py`, score pairs from the largest sum down, each pair's bust coupling
x = F1(1 - F2(1 - x)) solved by bracketed Newton steps. Spending a badge moves the turn to the layer with one
use fewer, already solved, at the same scores: its values enter the pass as constants (`badge_kernels`).

- Warlord (percent p): banking total t may bank floor(t (100 + p) / 100) units of 50 instead (spent as the
  turn is banked).
- Doppelganger: a selection worth u may count 2u (spent as the dice are set aside).
- Resurrection: a bust may be thrown again from the same turn total and dice (spent on the bust).
- Might: a throw may be made with an extra ordinary die (spent before the throw; `badge_might`), the turn
  going on in the layer with one use fewer; its uses are a 5th entry of each player's (after the 4th, the
  after-throw badge's, 0 when none is in play).
- Headstart: the start scores; Defence: removes the opponent's badges of its tier (`badges.loadout`).
- Advantage (Cut, Gallows, Eye): its owner's turns score by a table with the extra combination
  (`rules.score_with`): another roll table and turn, no use in the state.

With no use in play the single layer is the match of `match.py` (the same recursion, solved by its own
driver here; the tests compare the two). Layers cost a match solve each: (u1 + 1)(u2 + 1) per effect.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from ...errors import InputError
from .badge_faces import badge_values, faces_of
from .badge_kernels import badge_pass, face_pass
from .badge_might import MightTable, might_table, might_values
from .badges import Badge, Loadout, loadout
from .guard import MATCH_MAX_BYTES, check_match_cost
from .match import DEFAULT_TARGET, TOLERANCE, pair_fixed_point, solve_match
from .parsing import check_target
from .rules import SCORE_UNIT, Die
from .turn import TurnSolution, solve_turn, solve_turn_with

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["AFTER", "FACE_LAYER_COST", "LAYER_COST", "MIGHT", "MIGHT_LAYER_COST", "BadgeMatch", "Layer", "badge_layers", "solve_badge_match"]

Uses = tuple[int, ...]
Layer = tuple[Uses, Uses]  # unspent uses of player 1, of player 2 (SPENT_IN_TURN order)
# a layer's CPU against one match.py solve (six ordinary dice to 4,000: 3.2 s against 0.31 s): the guard counts
# a badge solve as this many match solves a layer
LAYER_COST = 10
# a layer where a player may spend Fortune or Transmutation (a pass over outcomes by faces, and what the badge is
# worth on each) against one without: six ordinary dice to 4,000, 55 to 70 s CPU against 4 s
FACE_LAYER_COST = 15
# a layer where a player may spend a Badge of Might (the Might throw's values from the layer below, per pair,
# in NumPy) against one without: six ordinary dice to 4,000, measured in docs/performance.md
MIGHT_LAYER_COST = 2
# a layer's entries per player: SPENT_IN_TURN's, then the after-throw badge's, then the Might's
AFTER, MIGHT = 3, 4
_NONE2 = np.zeros((1, 1))
_NOBOOST = np.zeros(0, dtype=np.int64)


@dataclass
class BadgeMatch:
    """Start-of-turn win chances in every layer: first[layer][a, b] (player 1 to move), second[layer][b, a]."""

    target: int
    loadouts: tuple[Loadout, Loadout]
    first: dict[Layer, np.ndarray]
    second: dict[Layer, np.ndarray]
    turns: tuple[TurnSolution, TurnSolution]
    # stored turn values of (layer, player): w[a, b, t, s] (hold t with dice s) and r[a, b, t, s] (roll on)
    w: dict[tuple[Layer, int], np.ndarray] = field(default_factory=dict)
    r: dict[tuple[Layer, int], np.ndarray] = field(default_factory=dict)
    passes: int = 0
    faces: bool = False  # a badge spent after a throw is in play: its uses are a 4th entry of each player's
    might: bool = False  # a Badge of Might is in play: its uses are a 5th entry (and the 4th is there, maybe 0)
    mights: tuple[MightTable | None, MightTable | None] = (None, None)  # each player's Might throw, if it has one

    @property
    def top(self) -> Layer:
        """The layer at the start: every use unspent."""
        return (_uses(self.loadouts[0], self.faces, self.might),
                _uses(self.loadouts[1], self.faces, self.might))

    @property
    def start_win(self) -> float:
        """Player 1's win chance at the start (moving first, both headstarts counted)."""
        s1, s2 = self.loadouts[0].start, self.loadouts[1].start
        return float(self.first[self.top][s1, s2])


def _uses(lo: Loadout, faces: bool, might: bool = False) -> Uses:
    """A player's unspent uses in a layer: SPENT_IN_TURN's, the after-throw badge's when one is in play (or a
    Might is), the Might's when one is in play."""
    return (*lo.uses, *((lo.after[2],) if faces or might else ()), *((lo.might,) if might else ()))


def _minus(uses: Uses, kind: int) -> Uses:
    return tuple(u - (i == kind) for i, u in enumerate(uses))


def _tables(sol: TurnSolution) -> tuple[object, ...]:
    t = sol.table
    offset = t.option_units * t.n_states + t.option_state
    return (t.group_start, t.group_prob, t.option_start, offset, t.option_units, t.option_state,
            np.nan_to_num(t.bust, nan=1.0), t.full_state)


def _layers(u1: Uses, u2: Uses) -> list[Layer]:
    """Every layer below the start's, fewest uses first (each layer's lower layers come before it)."""
    ones = [tuple(c) for c in product(*(range(u + 1) for u in u1))]
    twos = [tuple(c) for c in product(*(range(u + 1) for u in u2))]
    return sorted(((a, b) for a in ones for b in twos), key=lambda layer: (sum(layer[0]) + sum(layer[1]), layer))


def _weight(layers: list[Layer], faces: bool, might: bool = False) -> int:
    """The layers' cost in layers without a badge spent after a throw (one of those costs FACE_LAYER_COST, one
    with a Might use MIGHT_LAYER_COST)."""
    def cost(lay: Layer) -> int:
        if faces and (lay[0][AFTER] or lay[1][AFTER]):
            return FACE_LAYER_COST
        return MIGHT_LAYER_COST if might and (lay[0][MIGHT] or lay[1][MIGHT]) else 1
    return sum(cost(lay) for lay in layers)


def badge_layers(badges1: tuple[Badge, ...], badges2: tuple[Badge, ...]) -> int:
    """How many layers a match with these badges takes, a layer with a Fortune or Transmutation use counted as
    FACE_LAYER_COST (its time against a layer without)."""
    l1, l2 = loadout(badges1, badges2), loadout(badges2, badges1)
    faces = l1.after[2] > 0 or l2.after[2] > 0
    might = l1.might > 0 or l2.might > 0
    return _weight(_layers(_uses(l1, faces, might), _uses(l2, faces, might)), faces, might)


def solve_badge_match(dice1: tuple[Die, ...], dice2: tuple[Die, ...] | None = None, target: int = DEFAULT_TARGET,
                      badges1: tuple[Badge, ...] = (), badges2: tuple[Badge, ...] = (), store: bool = False,
                      tol: float = TOLERANCE, progress: Callable[[int, int], None] | None = None,
                      turns: tuple[TurnSolution, TurnSolution] | None = None, direct: bool = True,
                      workers: int | None = None) -> BadgeMatch:
    """Win chances when player 1 (dice1, badges1) moves first against player 2 (dice2, badges2), both
    playing to win and spending their badges when it is best.

    store: keep every layer's turn values (hints, play); else only those a higher layer reads.
    progress(done, total): score pairs solved so far over every layer.
    direct: with no use in play (no badge, or only a headstart or a Defence) and nothing stored, the one layer
    is `match.solve_match`'s (lanes, threads, mirrored: 10x less CPU); False solves it here (tests compare).
    workers: threads solving the pairs of one sum at once (default: one per core; the kernel releases the GIL);
    the answer does not depend on it (each pair's steps are its own).
    """
    if target <= 0 or target % SCORE_UNIT:
        raise InputError(f"the target must be a positive multiple of {SCORE_UNIT}, got {target}")
    check_target(target)
    dice2 = dice1 if dice2 is None else dice2
    t1, t2 = turns if turns is not None else (solve_turn(tuple(dice1)), solve_turn(tuple(dice2)))
    l1, l2 = loadout(badges1, badges2), loadout(badges2, badges1)
    # a Badge of Advantage is another scoring table for its owner: that player's own turn (the turns passed
    # in score by the table)
    if l1.combos:
        t1 = solve_turn_with(tuple(dice1), l1.combos)
    if l2.combos:
        t2 = solve_turn_with(tuple(dice2), l2.combos)
    g = target // SCORE_UNIT
    if max(l1.start, l2.start) >= g:
        raise InputError("a headstart must be below the target")
    faces = l1.after[2] > 0 or l2.after[2] > 0
    might = l1.might > 0 or l2.might > 0
    layers = _layers(_uses(l1, faces, might), _uses(l2, faces, might))
    direct = direct and len(layers) == 1 and not store
    check_match_cost(t1, t2, target, solves=1 if direct else _weight(layers, faces, might) * LAYER_COST)
    # the Might throw's table (a guard of its own: unlike dice list too many throws)
    mights = (might_table(t1.table, l1.combos) if l1.might > 0 else None,
              might_table(t2.table, l2.combos) if l2.might > 0 else None)
    ns = (t1.table.n_states, t2.table.n_states)
    # a player's stored rows: w if it may spend a Doppelganger, r if a Resurrection (or all, to play)
    keep = [(store or lo.uses[1] > 0 or lo.after[2] > 0 or lo.might > 0, store or lo.uses[2] > 0)
            for lo in (l1, l2)]
    memory = sum(8 * g * g * (g + 1) * ns[p] * (keep[p][0] + keep[p][1]) for p in (0, 1)) * len(layers)
    if memory > MATCH_MAX_BYTES:
        raise InputError(f"these badges need {memory / 2**30:,.1f} GiB of stored values (limit "
                         f"{MATCH_MAX_BYTES // 2**30} GiB): fewer uses or a lower target")
    sol = BadgeMatch(target, (l1, l2), {}, {}, (t1, t2), faces=faces, might=might, mights=mights)
    if direct:
        # an Advantage for one player only: same dice, not the same turns (no mirrored solve)
        plain = solve_match(dice1, dice2, target, turns=(t1, t2), progress=progress,
                            mirror=None if l1.combos == l2.combos else False)
        sol.first[layers[0]], sol.second[layers[0]] = plain.first, plain.second
        sol.passes = plain.iterations
        return sol
    tables = (_tables(t1), _tables(t2))
    percent = (l1.warlord_percent, l2.warlord_percent)
    boosts = tuple(np.array([t * (100 + p) // 100 for t in range(g + 1)], dtype=np.int64) for p in percent)
    reach = max(int(t.table.option_units.max(initial=0)) for t in (t1, t2))
    parts = max(1, workers if workers is not None else (os.cpu_count() or 1))
    works = [[(np.zeros((g + 1 + reach) * n), np.zeros((g + 1 + reach) * n), np.zeros((g + 1 + reach) * n))
              for n in ns] for _ in range(parts)]
    from concurrent.futures import ThreadPoolExecutor  # here: a solve without badges starts no threads

    pool = ThreadPoolExecutor(parts) if parts > 1 else None
    try:
        _solve_layers(sol, layers, keep, ns, g, tol, tables, boosts, works, parts, pool, progress)
    finally:
        if pool is not None:
            pool.shutdown()
    # lower layers' rows only served the layers above: drop them unless asked to keep every value
    if not store:
        sol.w.clear()
        sol.r.clear()
    sol.first = {k: v[:, :g] for k, v in sol.first.items()}
    sol.second = {k: v[:, :g] for k, v in sol.second.items()}
    return sol


def _solve_layers(sol: BadgeMatch, layers: list[Layer], keep: list[tuple[bool, bool]], ns: tuple[int, int], g: int,
                  tol: float, tables: tuple[tuple[object, ...], ...], boosts: tuple[np.ndarray, ...],
                  works: list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]], parts: int,
                  pool: ThreadPoolExecutor | None, progress: Callable[[int, int], None] | None) -> None:
    """Every layer, fewest uses first; in a layer the sums of scores from the largest down, the pairs of one sum
    dealt to `parts` workers (each with its own buffers)."""
    done = 0
    for layer in layers:
        x1 = np.zeros((g, g + 1 + 200))
        x2 = np.zeros((g, g + 1 + 200))
        sol.first[layer], sol.second[layer] = x1, x2
        for p in (0, 1):
            if keep[p][0]:
                sol.w[layer, p] = np.zeros((g, g, g + 1, ns[p]))
            if keep[p][1]:
                sol.r[layer, p] = np.zeros((g, g, g + 1, ns[p]))
        for total in range(2 * g - 2, -1, -1):
            pairs = list(range(max(0, total - g + 1), min(g - 1, total) + 1))

            def part(k: int, total: int = total, pairs: list[int] = pairs, layer: Layer = layer) -> int:
                return sum(_solve_pair(sol, layer, a, total - a, tol, tables, boosts, works[k])
                           for a in pairs[k::parts])

            if pool is None or len(pairs) < 2:
                sol.passes += sum(part(k) for k in range(parts))
            else:
                sol.passes += sum(pool.map(part, range(parts)))
            done += len(pairs)
            if progress is not None:
                progress(done, g * g * len(layers))


def _player_args(sol: BadgeMatch, layer: Layer, p: int, own: int, opp: int, boosts: tuple[np.ndarray, ...]
                 ) -> tuple[object, ...]:
    """The badge arguments of `badge_pass` for player p (0 or 1) at (own, opp) in this layer."""
    uses = layer[p]

    def lower(kind: int) -> Layer:
        cut = _minus(uses, kind)
        return (cut, layer[1]) if p == 0 else (layer[0], cut)

    opponent = sol.second if p == 0 else sol.first
    boost, x_war = _NOBOOST, _NONE2
    if uses[0] > 0:
        boost, x_war = boosts[p], opponent[lower(0)]
    w_dop, r_res, vm = _NONE2, _NONE2, _NONE2
    if uses[1] > 0:
        w_dop = sol.w[lower(1), p][own, opp]
    if uses[2] > 0:
        r_res = sol.r[lower(2), p][own, opp]
    mighty = sol.might and uses[MIGHT] > 0
    if mighty:
        low = lower(MIGHT)
        table = sol.mights[p]
        assert table is not None
        vm = might_values(table, sol.w[low, p][own, opp], 1.0 - float(opponent[low][opp, own]),
                          sol.target // SCORE_UNIT - own - 1)
    return boost, x_war, uses[1] > 0, w_dop, uses[2] > 0, r_res, mighty, vm


def _after_throw(sol: BadgeMatch, layer: Layer, p: int, own: int, opp: int, boosts: tuple[np.ndarray, ...]
                 ) -> tuple[object, ...] | None:
    """`face_pass`'s arguments after x_other for player p at (own, opp) when it holds a badge spent after a
    throw in this layer (else None): its outcomes by faces and what the badge is worth on each (`badge_faces`,
    from the layer with one use fewer, solved)."""
    uses = layer[p]
    if not sol.faces or uses[AFTER] == 0:
        return None
    g = sol.target // SCORE_UNIT
    cut = _minus(uses, AFTER)
    low: Layer = (cut, layer[1]) if p == 0 else (layer[0], cut)
    lo = sol.loadouts[p]
    table = sol.turns[p].table
    fx = faces_of(table, lo.combos)
    opponent = sol.second if p == 0 else sol.first
    bust_low = 1.0 - float(opponent[low][opp, own])
    vb = badge_values(table, lo.combos, lo.after[0], lo.after[1], sol.w[low, p][own, opp], bust_low, g - own - 1)
    vb = np.ascontiguousarray(np.vstack([vb, np.full((g + 1 - len(vb), vb.shape[1]), -1.0)]))
    boost, x_war = _NOBOOST, _NONE2
    if uses[0] > 0:
        wl = _minus(uses, 0)
        boost, x_war = boosts[p], opponent[(wl, layer[1]) if p == 0 else (layer[0], wl)]
    return (fx.out_start, fx.out_prob, fx.opt_start, fx.opt_units, fx.opt_state, table.full_state, table.n_states,
            boost, x_war, vb)


def _solve_pair(sol: BadgeMatch, layer: Layer, a: int, b: int, tol: float, tables: tuple[tuple[object, ...], ...],
                boosts: tuple[np.ndarray, ...], work: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> int:
    """x1[a, b] and x2[b, a] of one layer (larger sums and lower layers solved); returns the passes taken.
    The root of x = F1(1 - F2(1 - x)) by `match.pair_fixed_point` (the match's bracketed Newton steps)."""
    g = sol.target // SCORE_UNIT
    x1, x2 = sol.first[layer], sol.second[layer]
    args1, args2 = _player_args(sol, layer, 0, a, b, boosts), _player_args(sol, layer, 1, b, a, boosts)
    (w1, dw1, r1), (w2, dw2, r2) = work
    one_pass: Callable[..., tuple[float, float]] = badge_pass  # the tables come as tuples of arguments
    face: Callable[..., tuple[float, float]] = face_pass
    pass1, pass2 = _after_throw(sol, layer, 0, a, b, boosts), _after_throw(sol, layer, 1, b, a, boosts)
    if b + 1 < g:
        x = float(x1[a, b + 1])
    elif a + 1 < g:
        x = float(x1[a + 1, b])
    else:
        x = 0.5

    def passes(x: float) -> tuple[float, float, float]:
        if pass2 is None:
            y, dy = one_pass(b, a, g, 1.0 - x, x1, *tables[1], *args2, w2, dw2, r2)
        else:
            y, dy = face(b, a, g, 1.0 - x, x1, *pass2, w2, dw2, r2)
        if pass1 is None:
            h, dh = one_pass(a, b, g, 1.0 - y, x2, *tables[0], *args1, w1, dw1, r1)
        else:
            h, dh = face(a, b, g, 1.0 - y, x2, *pass1, w1, dw1, r1)
        return h, dh * dy, y

    x, y, steps = pair_fixed_point(passes, x, tol)
    x1[a, b], x2[b, a] = x, y
    for p, own, opp, (w, _, r) in ((0, a, b, work[0]), (1, b, a, work[1])):
        n = sol.turns[p].table.n_states
        if (layer, p) in sol.w:
            sol.w[layer, p][own, opp] = w[:(g + 1) * n].reshape(g + 1, n)
        if (layer, p) in sol.r:
            sol.r[layer, p][own, opp] = r[:(g + 1) * n].reshape(g + 1, n)
    return 2 * steps

