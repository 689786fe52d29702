"""Poker dice reports: the odds of every category on one roll, and each player's win chance at the table."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import InputError
from ..base import Progress, Result
from .rules import Variant, category_of, hand_labels
from .solver import TOLERANCE, setup
from .sources import PURE, Solutions

__all__ = ["DuelResult", "Odds", "duel", "odds"]

TOTAL_ROLLS = 6 ** 5


@dataclass(frozen=True)
class Odds(Result):
    """Exact counts of every category over the 7,776 ordered rolls of five dice, best first.

    `bust_hands`: the hands that are busts although their values are all different (None when straights
    do not count: then every such hand is a bust), each as face labels, highest first.
    """

    categories: tuple[str, ...]
    counts: Mapping[str, int]
    chances: Mapping[str, float]
    outcomes: int
    bust_hands: tuple[tuple[str, ...], ...] | None


def odds(variant: Variant = Variant()) -> Odds:
    """Counts and chances of every category on one roll of five dice (ordered rolls: 7,776)."""
    if not isinstance(variant, Variant):
        raise InputError(f"variant must be a poker dice Variant, got {type(variant).__name__}")
    dice = setup(variant).dice
    lat = dice.lattice
    counts = {c: 0 for c in variant.categories}
    busts = []
    for row, ways in zip(lat.counts[lat.hands].tolist(), dice.outcome_counts(5)):
        category = category_of(tuple(row), variant)
        counts[category] += int(ways)
        if category == "bust" and variant.straights:
            busts.append(tuple(hand_labels([f + 1 for f, c in enumerate(row) for _ in range(c)], variant)))
    return Odds(categories=variant.categories, counts=counts,
                chances={c: n / TOTAL_ROLLS for c, n in counts.items()}, outcomes=TOTAL_ROLLS,
                bust_hands=tuple(busts) if variant.straights else None)


@dataclass(frozen=True)
class DuelResult(Result):
    """Each player's chance to win the game (ties replayed) when every player plays the exact strategy.

    `win_chances` lists them in playing order; JSON names them `first_player_win_chance`,
    `second_player_win_chance` and so on to `sixth_player_win_chance`. `iterations`: Newton steps of the
    replay fixed point to `tolerance`; `seconds` of wall time for this answer (about 0 when this process
    solved it before).
    """

    players: int
    roll_limit: bool
    win_chances: tuple[float, ...]
    iterations: int
    tolerance: float
    seconds: float

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for name, chance in zip(("first", "second", "third", "fourth", "fifth", "sixth"), self.win_chances):
            out[f"{name}_player_win_chance"] = chance
        out.update(super().to_json())
        del out["win_chances"]  # one name per figure: the named keys above
        return out


def duel(variant: Variant = Variant(), players: int = 2, roll_limit: bool = False,
         progress: Progress | None = None, *, solutions: Solutions = PURE) -> DuelResult:
    """Each player's win chance under exact play, 2 to 6 players (six: a few seconds the first time, then
    kept by `solutions`; `progress(done, total)` reports its progress)."""
    from .inputs import parse_players

    players = parse_players(players)
    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    if progress is not None and not callable(progress):
        raise InputError("progress must be a function (done, total) or None")
    start = time.perf_counter()
    solution = solutions.table(variant, players, roll_limit, progress)
    return DuelResult(players=players, roll_limit=roll_limit, win_chances=tuple(solution.rounds[players].win),
                      iterations=solution.rounds[players].steps, tolerance=TOLERANCE,
                      seconds=time.perf_counter() - start)
