"""A turn's report: expected points, then per number of dice left the bust chance and the turn total from
which to bank (a module of its own: `holdwise farkle turn` loads it without the match and the loadouts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .parsing import NamedDice, check_six
from .rules import SCORE_UNIT, Die
from .stored import cached_turn
from .turn import TurnSolution

__all__ = ["DiceLeftRow", "TurnReport", "names_left", "turn_report"]


def names_left(sol: TurnSolution, state: int) -> list[str]:
    """The dice left in a state, by name."""
    t = sol.table
    return [n for dtype, c in zip(t.types, t.counts_of(state)) for n in dtype.names[:c]]


@dataclass(frozen=True)
class DiceLeftRow(NamedDice):
    """One set of dice left to roll: its bust chance and bank threshold (None: never bank)."""

    dice: tuple[str, ...]
    bust_chance: float
    bank_threshold: int | None


@dataclass(frozen=True)
class TurnReport(NamedDice):
    """One turn solved exactly: expected points and, per number of dice left, the bust chance and the
    turn total from which to bank (with unlike dice the worst case over which dice are left, and the dice
    it is about under `*_dice`); `by_dice_left` lists every set."""

    DICE_FIELDS = ("dice", "bust_chance_dice", "bank_threshold_dice")

    dice: tuple[str, ...]
    expected_points: float
    bust_chance: dict[str, float]
    bank_threshold: dict[str, int | None]
    always_bank_from: int
    by_dice_left: tuple[DiceLeftRow, ...]
    bust_chance_dice: dict[str, list[str]]
    bank_threshold_dice: dict[str, list[str]]
    alike: bool


def turn_report(dice: Sequence[Die], keep: bool = True) -> TurnReport:
    """Expected points per turn, bust chance and bank threshold per number of dice left (keep=False: the turn
    is solved now and kept neither in memory nor on disk, as `cached_turn`)."""
    check_six(dice)
    sol = cached_turn(tuple(dice), keep=keep)
    t = sol.table
    rows = []
    by_count: dict[int, list[int]] = {}
    for state in range(1, t.n_states):
        by_count.setdefault(int(t.dice_count[state]), []).append(state)
        threshold = sol.bank_threshold(state)
        rows.append(DiceLeftRow(tuple(names_left(sol, state)), float(t.bust[state]), None if threshold < 0 else threshold))
    bust: dict[str, float] = {}
    thresholds: dict[str, int | None] = {}
    bust_dice: dict[str, list[str]] = {}
    threshold_dice: dict[str, list[str]] = {}
    for n, states in sorted(by_count.items()):
        worst = max(states, key=lambda s: float(t.bust[s]))  # first of the worst: ties keep state order
        bust[str(n)] = float(t.bust[worst])
        bust_dice[str(n)] = names_left(sol, worst)
        values = [sol.bank_threshold(s) for s in states]
        if any(v < 0 for v in values):
            thresholds[str(n)] = None
            threshold_dice[str(n)] = names_left(sol, states[values.index(next(v for v in values if v < 0))])
        else:
            thresholds[str(n)] = max(values)
            threshold_dice[str(n)] = names_left(sol, states[values.index(max(values))])
    return TurnReport(tuple(d.name for d in dice), sol.expected_points, bust, thresholds,
                      SCORE_UNIT * sol.top_level, tuple(rows), bust_dice, threshold_dice, len(t.types) == 1)
