"""The coach with badges: when to spend one, with the win chance it buys; what each badge is worth; seeded play.

Reads a badge match solved with store=True (`badge_match.solve_badge_match`): every layer's turn values w and
roll values r. A decision is priced in the layer of the uses left; spending a badge reads the layer with one
use fewer, at the same scores.
"""

from __future__ import annotations

import time
from itertools import product
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .badge_match import AFTER, MIGHT, BadgeMatch, Layer, solve_badge_match
from .badges import SPENT_IN_TURN, Badge
from .hints import Selection
from .parsing import NamedDice, check_six, check_target
from .rules import SCORE_UNIT, Die
from .stored import cached_match, cached_turn

__all__ = ["BadgeAdvice", "BadgeReport", "BadgeValuer", "advise_bust", "advise_might", "advise_roll", "advise_throw",
           "badge_report", "badge_worth", "play_matches"]

TITLES = {"warlord": "Warlord's Badge", "doppelganger": "Doppelganger's Badge",
          "resurrection": "Badge of Resurrection", "fortune": "Badge of Fortune",
          "transmutation": "Badge of Transmutation", "swap-out": "Swap-Out Badge", "wedding": "Wedding Badge",
          "might": "Badge of Might"}


class BadgeValuer:
    """Win chances of player `me` (0: moves first) at own score a, the opponent's b (units of 50)."""

    def __init__(self, match: BadgeMatch, me: int, a: int, b: int) -> None:
        if not match.w:
            raise ValueError("the badge coach needs a match solved with store=True")
        self.m, self.me, self.a, self.b = match, me, a, b
        self.g = match.target // SCORE_UNIT
        self.opponent = match.second if me == 0 else match.first

    def lower(self, layer: Layer, kind: int) -> Layer | None:
        """The layer after spending one use of effect `kind` (SPENT_IN_TURN index); None without a use."""
        uses = list(layer[self.me])
        if uses[kind] <= 0:
            return None
        uses[kind] -= 1
        return (tuple(uses), layer[1]) if self.me == 0 else (layer[0], tuple(uses))

    def bank(self, layer: Layer, level: int) -> float:
        """Banking turn total `level` (units of 50): a win at the target, else the opponent moves."""
        if self.a + level >= self.g:
            return 1.0
        return 1.0 - float(self.opponent[layer][self.b, self.a + level])

    def warlord_bank(self, layer: Layer, level: int) -> float | None:
        """Banking with the Warlord's Badge spent (None without a use)."""
        low = self.lower(layer, 0)
        if low is None:
            return None
        percent = self.m.loadouts[self.me].warlord_percent
        return self.bank(low, level * (100 + percent) // 100)

    def roll(self, layer: Layer, level: int, state: int) -> float:
        """Rolling on from turn total `level` with dice `state` left (at level 0: the full dice only)."""
        if self.a + level >= self.g:
            return 1.0
        return float(self.m.r[layer, self.me][self.a, self.b, level, state])

    def held(self, layer: Layer, level: int, state: int) -> float:
        """Holding `level` with `state` left: the better of banking (with the Warlord's if kept) and rolling."""
        if self.a + level >= self.g:
            return 1.0
        return float(self.m.w[layer, self.me][self.a, self.b, level, state])

    def busted(self, layer: Layer) -> float:
        """After a bust, unspent: the opponent moves at (b, a)."""
        return 1.0 - float(self.opponent[layer][self.b, self.a])

    def throw(self, layer: Layer, level: int, state: int, might: bool = False) -> float:
        """A throw of the dice `state` from turn total `level` in this layer: the roll table's (no badge spent
        on it before it), or with might the Might throw's (the extra die; `layer` the one with the use spent)."""
        table = self.m.mights[self.me] if might else self.m.turns[self.me].table
        assert table is not None
        value = float(np.nan_to_num(table.bust[state])) * self.busted(layer)
        for grp in range(table.group_start[state], table.group_start[state + 1]):
            value += float(table.group_prob[grp]) * max(
                1.0 if self.a + level + int(table.option_units[k]) >= self.g else
                self.held(layer, level + int(table.option_units[k]), int(table.option_state[k]))
                for k in range(table.option_start[grp], table.option_start[grp + 1]))
        return value


@dataclass(frozen=True)
class BadgeAdvice:
    """The best play of a decision and whether it spends a badge: its value, the best without spending."""

    text: str
    badge: str  # the effect spent ('' for none)
    value: float
    keeping: float  # the best value keeping every badge

    @property
    def line(self) -> str:
        """The coach's line."""
        if not self.badge:
            return f"{self.text} (win chance {self.value:.1%}; no badge now)"
        return (f"use the {TITLES[self.badge]} now: {self.text} (win chance {self.value:.1%} against "
                f"{self.keeping:.1%} keeping it)")


def advise_roll(match: BadgeMatch, me: int, own: int, opp: int, layer: Layer, turn_total: int,
                selections: Sequence[Selection]) -> BadgeAdvice:
    """After a roll that scores: every selection, then roll on or bank, with the badges that may be spent
    (Doppelganger on the selection, Warlord on the bank); own, opp, turn_total in points."""
    v = BadgeValuer(match, me, own // SCORE_UNIT, opp // SCORE_UNIT)
    t = turn_total // SCORE_UNIT
    rows: list[tuple[float, str, str]] = []

    def after(lay: Layer, level: int, state: int, keep: str, spent: str) -> None:
        if v.a + level >= v.g:
            rows.append((1.0, f"keep {keep}: the target is reached", spent))
            return
        rows.append((v.roll(lay, level, state), f"keep {keep}, roll on", spent))
        rows.append((v.bank(lay, level), f"keep {keep}, bank", spent))
        war = v.warlord_bank(lay, level)
        if war is not None:
            rows.append((war, f"keep {keep}, bank with the Warlord's bonus", "warlord"))

    dop = v.lower(layer, 1)
    for sel in selections:
        keep = " ".join(sel.keep_text)
        units = sel.score // SCORE_UNIT
        after(layer, t + units, sel.state, keep, "")
        if dop is not None:
            after(dop, t + 2 * units, sel.state, f"{keep} doubled", "doppelganger")
    rows.sort(key=lambda r: (-r[0], r[2] != ""))  # a tie keeps the badge
    value, text, spent = rows[0]
    keeping = max(r[0] for r in rows if not r[2]) if any(not r[2] for r in rows) else 0.0
    return BadgeAdvice(text, spent, value, keeping)


def advise_bust(match: BadgeMatch, me: int, own: int, opp: int, layer: Layer, turn_total: int,
                state: int) -> BadgeAdvice:
    """After a bust from turn total `turn_total` (points) with dice `state` thrown: throw again with the
    Badge of Resurrection, or let the turn go."""
    v = BadgeValuer(match, me, own // SCORE_UNIT, opp // SCORE_UNIT)
    lost = v.busted(layer)
    low = v.lower(layer, 2)
    if low is None:
        return BadgeAdvice("the turn is lost", "", lost, lost)
    again = v.roll(low, turn_total // SCORE_UNIT, state)
    if again > lost:
        return BadgeAdvice("throw the same dice again", "resurrection", again, lost)
    return BadgeAdvice("let the turn go, keep the badge", "", lost, lost)


def advise_might(match: BadgeMatch, me: int, own: int, opp: int, layer: Layer, turn_total: int,
                 state: int) -> BadgeAdvice:
    """Before a throw of the dice `state` from turn total `turn_total` (points): throw them with the Badge of
    Might's extra die, or without; own, opp in points."""
    v = BadgeValuer(match, me, own // SCORE_UNIT, opp // SCORE_UNIT)
    t = turn_total // SCORE_UNIT
    n = int(match.turns[me].table.dice_count[state])
    keeping = v.throw(layer, t, state)
    low = v.lower(layer, MIGHT) if match.might else None
    if low is None:
        return BadgeAdvice(f"throw {n} dice", "", keeping, keeping)
    spent = v.throw(low, t, state, might=True)
    if spent > keeping:
        return BadgeAdvice(f"throw {n} dice and the extra die", "might", spent, keeping)
    return BadgeAdvice(f"throw {n} dice, keep the badge", "", keeping, keeping)


def advise_throw(match: BadgeMatch, me: int, own: int, opp: int, layer: Layer, turn_total: int, state: int,
                 faces: Sequence[Sequence[int]]) -> BadgeAdvice:
    """After a throw of the dice `state` showing `faces` (one list of faces per die type, in the roll table's
    order): spend the badge spent after a throw (Fortune, Transmutation, Swap-Out, Wedding) on it, or play it; own, opp, turn_total in points."""
    from .badge_faces import faces_of, throw_moves  # the faces model only where such a badge is in play

    v = BadgeValuer(match, me, own // SCORE_UNIT, opp // SCORE_UNIT)
    t = turn_total // SCORE_UNIT
    lo = match.loadouts[me]
    table = match.turns[me].table
    fx = faces_of(table, lo.combos)
    shown = tuple(tuple(sum(1 for f in fs if f == face) for face in range(1, 8)) for fs in faces)
    outcome = fx.index[state, shown]

    def play(lay: Layer, o: int) -> float:
        """The best of a throw's keeps in this layer (its bust if none)."""
        options = range(fx.opt_start[o], fx.opt_start[o + 1])
        if not options:
            return v.busted(lay)
        return max(1.0 if v.a + t + int(fx.opt_units[k]) >= v.g else
                   v.held(lay, t + int(fx.opt_units[k]), int(fx.opt_state[k])) for k in options)

    keeping = play(layer, outcome)
    low = v.lower(layer, AFTER) if match.faces else None
    if low is None:
        return BadgeAdvice("play the throw", "", keeping, keeping)
    best, text = keeping, ""
    for what, reached, _ in throw_moves(table, lo.combos, lo.after[0], lo.after[1], outcome):
        value = sum(p * play(low, o) for o, p in reached)
        if value > best:
            best, text = value, what
    if not text:
        return BadgeAdvice("play the throw, keep the badge", "", keeping, keeping)
    return BadgeAdvice(text, lo.after[0], best, keeping)


def badge_worth(match: BadgeMatch) -> dict[str, float]:
    """What each of player 1's and player 2's badges is worth to player 1 in win chance at the start: the
    start with every badge less the start without that one (the layer with its uses at 0; a headstart read at
    0). Keys: 'mine:<effect>' and 'theirs:<effect>' (negative: the opponent's badge costs player 1). An
    Advantage changes the scoring, not a layer: its worth is a solve without it (`benchmarks/bench_badges.py`)."""
    (l1, l2), top = match.loadouts, match.top
    start = match.start_win
    out: dict[str, float] = {}
    for p, lo in ((0, l1), (1, l2)):
        side = "mine" if p == 0 else "theirs"
        # a badge spent after a throw (Fortune, Transmutation) is the 4th entry of a layer when in play, the
        # Might the 5th
        kinds = [*enumerate(SPENT_IN_TURN), *([(AFTER, lo.after[0])] if match.faces and lo.after[2] else []),
                 *([(MIGHT, "might")] if match.might and lo.might else [])]
        for kind, effect in kinds:
            if top[p][kind]:
                uses = tuple(0 if i == kind else u for i, u in enumerate(top[p]))
                layer = (uses, top[1]) if p == 0 else (top[0], uses)
                out[f"{side}:{effect}"] = start - float(match.first[layer][l1.start, l2.start])
        if lo.start:
            s1, s2 = (0, l2.start) if p == 0 else (l1.start, 0)
            out[f"{side}:headstart"] = start - float(match.first[top][s1, s2])
    return out


def play_matches(match: BadgeMatch, n: int, seed: int) -> int:
    """Player 1's wins in n seeded matches, both players following the solve's own choices (badges too),
    the outcomes drawn from each turn table's outcome groups."""
    rng = np.random.default_rng(seed)
    g = match.target // SCORE_UNIT
    wins = 0
    memo: dict[tuple[int, ...], bool] = {}  # Might or not, by (player, scores, layer's uses, total, dice)
    for _ in range(n):
        scores = [match.loadouts[0].start, match.loadouts[1].start]
        layer, me = match.top, 0
        while True:
            banked, layer = _play_turn(match, me, scores[me], scores[1 - me], layer, rng, memo)
            scores[me] += banked
            if scores[me] >= g:
                wins += me == 0
                break
            me = 1 - me
    return wins


def _play_turn(match: BadgeMatch, me: int, a: int, b: int, layer: Layer, rng: np.random.Generator,
               memo: dict[tuple[int, ...], bool]) -> tuple[int, Layer]:
    """One turn by the solve's choices: (units banked, the layer after it)."""
    v = BadgeValuer(match, me, a, b)
    tab = match.turns[me].table
    t, s = 0, int(tab.full_state)
    while True:
        low = v.lower(layer, MIGHT) if match.might else None
        key = (me, a, b, *layer[0], *layer[1], t, s)
        if low is not None and key not in memo:
            memo[key] = v.throw(low, t, s, might=True) > v.throw(layer, t, s)
        if low is not None and memo[key]:
            might = match.mights[me]
            assert might is not None
            layer = low
            options = _throw_by_groups(might, s, rng)  # the extra die thrown with the dice left
        elif match.faces and layer[me][AFTER] > 0:  # a throw by faces: Fortune or Transmutation may be spent on it
            options, layer = _throw_by_faces(match, v, me, layer, t, s, rng)
        else:
            options = _throw_by_groups(tab, s, rng)
        if options is None:  # a bust
            low = v.lower(layer, 2)
            if low is not None and v.roll(low, t, s) > v.busted(layer):
                layer = low
                continue
            return 0, layer
        best, choice = -1.0, (0, 0, layer)
        dop = v.lower(layer, 1)
        for units, state in options:
            for lay, level in ((layer, t + units), (dop, t + 2 * units)):
                if lay is not None and v.held(lay, level, state) > best:
                    best, choice = v.held(lay, level, state), (level, state, lay)
        t, s, layer = choice
        if a + t >= v.g:
            return t, layer
        roll, bank = v.roll(layer, t, s), v.bank(layer, t)
        war = v.warlord_bank(layer, t)
        if war is not None and war > max(roll, bank):
            low = v.lower(layer, 0)
            assert low is not None
            return t * (100 + match.loadouts[me].warlord_percent) // 100, low
        if bank >= roll:
            return t, layer


def _throw_by_groups(tab: Any, s: int, rng: np.random.Generator) -> list[tuple[int, int]] | None:
    """A throw drawn from the roll table's outcome groups: its options (units, dice left); None for a bust."""
    u = rng.random()
    acc = 0.0
    for grp in range(tab.group_start[s], tab.group_start[s + 1]):
        acc += float(tab.group_prob[grp])
        if u < acc:
            return [(int(tab.option_units[k]), int(tab.option_state[k]))
                    for k in range(tab.option_start[grp], tab.option_start[grp + 1])]
    return None  # a bust: its chance is what the groups leave


def _throw_by_faces(match: BadgeMatch, v: BadgeValuer, me: int, layer: Layer, t: int, s: int,
                    rng: np.random.Generator) -> tuple[list[tuple[int, int]] | None, Layer]:
    """A throw drawn by faces, the badge spent on it when the solve says so (the faces after it drawn too):
    (its options, None for a bust; the layer after it)."""
    from .badge_faces import faces_of, throw_moves

    lo, tab = match.loadouts[me], match.turns[me].table
    fx = faces_of(tab, lo.combos)
    first, last = int(fx.out_start[s]), int(fx.out_start[s + 1])
    o = first + int(rng.choice(last - first, p=fx.out_prob[first:last] / fx.out_prob[first:last].sum()))

    def play(lay: Layer, out: int) -> float:
        opts = range(fx.opt_start[out], fx.opt_start[out + 1])
        if not opts:
            return v.busted(lay)
        return max(1.0 if v.a + t + int(fx.opt_units[k]) >= v.g else
                   v.held(lay, t + int(fx.opt_units[k]), int(fx.opt_state[k])) for k in opts)

    low = v.lower(layer, AFTER)
    assert low is not None
    best, move = play(layer, o), None
    for _, reached, _ in throw_moves(tab, lo.combos, lo.after[0], lo.after[1], o):
        value = sum(p * play(low, r) for r, p in reached)
        if value > best:
            best, move = value, reached
    if move is not None:
        layer = low
        o = move[int(rng.choice(len(move), p=np.array([p for _, p in move]) / sum(p for _, p in move)))][0]
    options = [(int(fx.opt_units[k]), int(fx.opt_state[k])) for k in range(fx.opt_start[o], fx.opt_start[o + 1])]
    return options or None, layer


@dataclass(frozen=True)
class BadgeReport(NamedDice):
    """A match with badges: the first player's start win chance with them and without any, and what each
    badge is worth to the first player at the start (the opponent's negative)."""

    DICE_FIELDS = ("dice", "opponent_dice")

    target: int
    dice: tuple[str, ...]
    opponent_dice: tuple[str, ...]
    badges: tuple[str, ...]
    opponent_badges: tuple[str, ...]
    first_player_win_chance: float
    no_badge_win_chance: float
    badge_worth: dict[str, float]
    opponent_badge_worth: dict[str, float]
    layers: int
    seconds: float


def badge_report(dice: Sequence[Die], opponent_dice: Sequence[Die] | None, target: int, badges: tuple[Badge, ...],
                 opponent_badges: tuple[Badge, ...], progress: Callable[[int, int], None] | None = None
                 ) -> BadgeReport:
    """The match with badges solved (both players spending theirs when best) beside the match without."""
    target = check_target(target)
    first = tuple(dice)
    check_six(first)
    second = first if opponent_dice is None else tuple(opponent_dice)
    check_six(second, "opponent_dice")
    start = time.perf_counter()
    turns = (cached_turn(first), cached_turn(second))
    solve = solve_badge_match(first, second, target, badges, opponent_badges, progress=progress, turns=turns)
    plain = cached_match(first, second, target)
    worth = badge_worth(solve)
    # an Advantage or the Emperor's is a scoring table, not a layer: its worth is the solve without it
    for (side, own), effect in product((("mine", badges), ("theirs", opponent_badges)), ("advantage", "emperor")):
        if any(b.effect == effect for b in own) and solve.loadouts[side == "theirs"].combos:
            kept = tuple(b for b in own if b.effect != effect)
            b1, b2 = (kept, opponent_badges) if side == "mine" else (badges, kept)
            other = solve_badge_match(first, second, target, b1, b2, turns=turns)
            worth[f"{side}:{effect}"] = solve.start_win - other.start_win
    return BadgeReport(target, tuple(d.name for d in first), tuple(d.name for d in second),
                       tuple(b.slug for b in badges), tuple(b.slug for b in opponent_badges), solve.start_win,
                       plain.first_player_win,
                       {k.split(":")[1]: v for k, v in worth.items() if k.startswith("mine:")},
                       {k.split(":")[1]: v for k, v in worth.items() if k.startswith("theirs:")},
                       len(solve.first), time.perf_counter() - start)
