"""Poker dice's exact solutions: the two- and three-player fixed points, and the cached N-player solution.

`solutions.table_solution` is what play, hints and reports use: rounds of 2 to 6 players solved by `rounds`,
kept in this process and on disk. `solve_duel` and `solve_three` below
solve two and three players by plain fixed-point iteration, with their own payout algebra: they check the
N-player solver (the tests compare them) and drive `simulate_duels`.

Each player has up to three rolls (two re-rolls), keeps any dice between rolls and may stop early;
players go in turn and see the hands before them. The best hand wins; tied best hands replay between
the tied players, in the same order. A replay is the same game again, so a win chance is a fixed
point: the first player's duel chance w satisfies w = F(w), where F is one round with a tie worth w
to the first player and 1 - w to the second. F's slope is the chance of a tie (a few percent), so
iterating converges fast; it stops when a step changes w by less than the tolerance.

The last player's best keep maximizes P(beat) + (tie value) P(tie) against the best hand so far: one
keep/re-roll game per hand to beat, all solved at once by the batch kernel. The first player then
plays the keep/re-roll game whose payout for a final hand is his chance to win after it. With three
players the chances themselves are needed (the last player's P(beat) and P(tie), the middle player's
chances against each hand of the first): `batch_optimal` follows them along the optimal keeps of all
the games at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import InputError
from ...solver import Dice, Game, batch_optimal, expect, optimal_keeps, solve
from .rules import Variant, hand_ranks

__all__ = [
    "MAX_DUELS", "MAX_TOLERANCE", "ROLLS", "TOLERANCE", "DuelSolution", "Setup", "beat_payout", "check_game",
    "first_player_with_limit", "follow_keeps", "last_player_outcomes", "last_player_values", "plain_variant", "setup", "simulate_duels",
    "solve_duel", "solve_three",
]

ROLLS = 3
TOLERANCE = 1e-13
MAX_TOLERANCE = 1e-3  # a fixed point looser than this is no answer
MAX_DUELS = 5_000_000  # simulate_duels at this size: about 25 s and 0.25 GiB (measured: README)


def check_game(variant: Variant, n_dice: int, sides: int, tol: float | None = None) -> None:
    """The resource guard: the real game (5 dice, 6 faces) or a smaller one, a tolerance that converges.

    A fixed point to `tol` takes a few steps (its slope is the tie chance); a tolerance below TOLERANCE
    may never be reached in floating point and would run every one of the 199 steps (minutes with three
    players), so it is refused, as are games larger than five six-sided dice.
    """
    if not isinstance(variant, Variant):
        raise InputError(f"variant must be a poker dice Variant, got {type(variant).__name__}")
    for name, value, low, high in (("n_dice", n_dice, 1, 5), ("sides", sides, 2, 6)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(f"{name} must be a whole number {low} to {high} (poker dice: 5 dice of 6 faces), "
                             f"got {value!r:.24}")
    if tol is not None and (isinstance(tol, bool) or not isinstance(tol, (int, float))
                            or not TOLERANCE <= tol <= MAX_TOLERANCE):
        raise InputError(f"tol must be a number {TOLERANCE:g} to {MAX_TOLERANCE:g}, got {tol!r:.24}")


@dataclass(frozen=True)
class Setup:
    """A game's dice, the rank of every hand and the beats table, for one variant."""

    variant: Variant
    dice: Dice
    ranks: np.ndarray  # rank of every hand (0 = worst)
    beats: np.ndarray  # beats[h, b] = 1.0 if hand h beats hand b


@lru_cache(maxsize=32)
def setup(variant: Variant, n_dice: int = 5, sides: int = 6) -> Setup:
    """The cached dice, ranks and beats table of a variant (small games for the tests: other dice)."""
    check_game(variant, n_dice, sides)
    dice = Dice(n_dice, sides)
    lat = dice.lattice
    ranks = hand_ranks(lat.counts[lat.hands], variant)
    beats = (ranks[:, None] > ranks[None, :]).astype(np.float64)
    return Setup(variant, dice, ranks, beats)


def last_player_values(s: Setup, tie_value: float, rerolls: int) -> np.ndarray:
    """For every hand b to beat: the last player's best P(beat b) + tie_value P(tie), from his first roll."""
    payout = s.beats + tie_value * np.eye(len(s.ranks))
    return np.asarray(batch_optimal(s.dice, expect(s.dice.lattice, s.dice.face_probabilities(), payout), rerolls))


def beat_payout(s: Setup, b: int, tie_value: float) -> np.ndarray:
    """Payout of every final hand against hand b: 1 if it beats b, tie_value if it is b, else 0."""
    return np.asarray(s.beats[:, b] + tie_value * (np.arange(len(s.ranks)) == b))


def last_player_outcomes(s: Setup, b: int, tie_value: float, rerolls: int) -> tuple[float, float, object]:
    """The last player's optimal play against hand b: (P(beat), P(tie), solution)."""
    payout = beat_payout(s, b, tie_value)
    result = solve(Game(s.dice, payout, rerolls))
    dist = result.final_distribution
    return float(dist @ s.beats[:, b]), float(dist[b]), result


def first_player_with_limit(s: Setup, payout_by_rolls: np.ndarray) -> tuple[float, list[Any], list[Any]]:
    """First player's optimum when stopping after k rolls pays payout_by_rolls[k - 1] (roll-limit rule).

    Returns (value, values per level, keeps per level): V_3 = payout after 3 rolls; V_k = max(stop,
    best keep of fewer than five dice rolled on).
    """
    lat = s.dice.lattice
    probs = s.dice.face_probabilities()
    values: list[Any] = [None] * (ROLLS + 1)
    keeps: list[Any] = [None] * (ROLLS + 1)
    values[ROLLS] = payout_by_rolls[ROLLS - 1]
    for k in range(ROLLS - 1, 0, -1):
        e = expect(lat, probs, values[k + 1])
        e[lat.hands] = -1.0  # a roll rolls at least one die: keeping all five is stopping
        best, keep = optimal_keeps(lat, e, 1e-12)
        stop = payout_by_rolls[k - 1]
        values[k] = np.maximum(stop, best)
        keeps[k] = np.where(stop >= best, -1, keep)
    return float(s.dice.first_roll() @ values[1]), values, keeps


@dataclass(frozen=True)
class DuelSolution:
    """Each player's win chance in playing order, with the solver's arrays in `details` (shared: read only)."""

    variant: Variant
    players: int
    roll_limit: bool
    win: tuple[float, ...]  # win chance of each player, in playing order
    iterations: int
    details: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)


def solve_duel(variant: Variant = Variant(), roll_limit: bool = False, tol: float = TOLERANCE,
               n_dice: int = 5, sides: int = 6) -> DuelSolution:
    """Two players: the first player's win chance under optimal play by both, ties replayed."""
    check_game(variant, n_dice, sides, tol)
    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    s = setup(variant, n_dice, sides)
    w = 0.5
    for iteration in range(1, 200):  # noqa: B007 - the count is returned
        if roll_limit:
            v2 = np.array([last_player_values(s, 1.0 - w, r - 1) for r in range(1, ROLLS + 1)])
            value, _, _ = first_player_with_limit(s, 1.0 - v2)
        else:
            v2 = last_player_values(s, 1.0 - w, ROLLS - 1)
            value = float(solve(Game(s.dice, 1.0 - v2, ROLLS - 1)).expected)
        done = abs(value - w) < tol
        w = value
        if done:
            break
    return DuelSolution(variant, 2, roll_limit, (w, 1.0 - w), iteration, {"v2": v2})


def solve_three(variant: Variant = Variant(), roll_limit: bool = False, tol: float = TOLERANCE,
                n_dice: int = 5, sides: int = 6, progress: Callable[[int, int], None] | None = None) -> DuelSolution:
    """Three players, later players optimal: each player's win chance, two- and three-way ties replayed.

    `progress(done, total)` reports the hands solved in each round of the fixed point.
    """
    check_game(variant, n_dice, sides, tol)
    if not isinstance(roll_limit, bool):
        raise InputError(f"roll_limit must be true or false, got {roll_limit!r:.24}")
    if progress is not None and not callable(progress):
        raise InputError("progress must be a function (done, total) or None")
    return _solve_three(variant, roll_limit, tol, n_dice, sides, progress or (lambda done, total: None))


def plain_variant(variant: Variant) -> Variant:
    """The variant as the solver sees it: poker faces change how dice read, not the game (one solve for both)."""
    return replace(variant, poker_faces=False) if variant.poker_faces else variant


def _solve_three(variant: Variant, roll_limit: bool, tol: float, n_dice: int, sides: int,
                 progress: Callable[[int, int], None]) -> DuelSolution:
    s = setup(variant, n_dice, sides)
    lat, probs = s.dice.lattice, s.dice.face_probabilities()
    duel = solve_duel(variant, roll_limit, tol, n_dice, sides).win[0]  # first of two tied players
    n = len(s.ranks)
    limits = range(1, ROLLS + 1) if roll_limit else [ROLLS]
    # the payouts followed along each game's optimal keeps, as E_1 (after one roll): column b of beats (the
    # hand beats b), of its transpose (b beats the hand) and of the identity (the hand is b)
    eye = np.eye(n)
    beats_e1, below_e1, eye_e1 = (expect(lat, probs, a) for a in (s.beats, np.ascontiguousarray(s.beats.T), eye))
    third_aux = np.stack([beats_e1, eye_e1])
    second_aux = np.stack([below_e1, eye_e1])
    x = np.array([1 / 3, 1 / 3, 1 / 3])  # three-way replay chances, in order
    per_round = len(limits) * 3 * n
    for iteration in range(1, 200):  # noqa: B007 - the count is returned
        done_hands = 0
        # player 3 against best hand b, held by one player (the tie replays a duel, 3 second) or two:
        # P(beat b) and P(tie b) under his optimal play, every b in one batch
        p3 = {}
        for r in limits:
            for held_by_two in (False, True):
                tie = x[2] if held_by_two else 1.0 - duel
                # E_1 of the payout beats + tie * eye, by linearity
                _, (beat, tied) = batch_optimal(s.dice, beats_e1 + tie * eye_e1, r - 1, third_aux)
                done_hands += n
                progress(done_hands, per_round)
                p3[r, held_by_two] = (beat, tied)
        # player 2 against player 1's hand a; both players' chances after each of player 2's hands
        first_pay = {}
        second_pay = {}
        for r in limits:
            beat1, tied1 = p3[r, False]
            beat2, tied2 = p3[r, True]
            # column a: player 2's chance after ending on h; above a he alone holds the best hand
            lose3 = 1.0 - beat1 - tied1
            pay2 = s.beats * (lose3 + tied1 * duel)[:, None]
            pay2[np.arange(n), np.arange(n)] = (1.0 - beat2 - tied2) * (1.0 - duel) + tied2 * x[1]
            u2, (below, same) = batch_optimal(s.dice, expect(lat, probs, pay2), r - 1, second_aux)
            # player 1's chance: player 2 ended below a (player 3 still to beat a), or on a (a tie)
            first_pay[r] = below * (lose3 + tied1 * duel) + same * ((1.0 - beat2 - tied2) * duel + tied2 * x[0])
            second_pay[r] = u2
            done_hands += n
            progress(done_hands, per_round)
        if roll_limit:
            w1, _, keeps1 = first_player_with_limit(s, np.array([first_pay[r] for r in limits]))
            w2 = follow_keeps(s, keeps1, np.array([second_pay[r] for r in limits]))
        else:
            result1 = solve(Game(s.dice, first_pay[ROLLS], ROLLS - 1))
            w1 = float(result1.expected)
            w2 = float(result1.final_distribution @ second_pay[ROLLS])
        new = np.array([w1, w2, 1.0 - w1 - w2])
        done = np.max(np.abs(new - x)) < tol
        x = new
        if done:
            break
    return DuelSolution(variant, 3, roll_limit, tuple(x.tolist()), iteration,
                        {"duel": duel, "third": p3, "first_pay": first_pay})


def follow_keeps(s: Setup, keeps: list[Any], pay_by_rolls: np.ndarray) -> float:
    """Expected pay_by_rolls[k - 1][final hand] when the first player follows `keeps` (stop where -1)."""
    lat = s.dice.lattice
    probs = s.dice.face_probabilities()
    value = pay_by_rolls[ROLLS - 1]
    for k in range(ROLLS - 1, 0, -1):
        e = expect(lat, probs, value)
        stop = keeps[k] < 0
        value = np.where(stop, pay_by_rolls[k - 1], e[np.maximum(keeps[k], 0)])
    return float(s.dice.first_roll() @ value)


def simulate_duels(variant: Variant, n_duels: int, seed: int) -> int:
    """How many of `n_duels` seeded duels the first player wins, both playing the exact strategies.

    Ties are replayed as new duels until decided. Play shares only the keep tables with the solver.
    At most MAX_DUELS duels (the resource guard); the seed is a whole number 0 or more.
    """
    from ...solver import play
    from .inputs import parse_seed, parse_whole

    check_game(variant, 5, 6)
    if isinstance(n_duels, str) or isinstance(seed, str):
        raise InputError("n_duels and seed must be whole numbers, not text")
    n_duels = parse_whole(n_duels, "n_duels", 0, MAX_DUELS, "the most duels one call plays")
    seed = parse_seed(seed)

    s = setup(variant)
    duel = solve_duel(variant)
    w = duel.win[0]
    first = solve(Game(s.dice, 1.0 - duel.details["v2"], ROLLS - 1))
    rng = np.random.default_rng(seed)
    wins = 0
    pending = n_duels
    while pending:
        h1 = play(first, pending, rng)
        tied = 0
        for b in np.unique(h1):
            group = int(np.sum(h1 == b))
            h2 = play(solve(Game(s.dice, beat_payout(s, b, 1.0 - w), ROLLS - 1)), group, rng)
            wins += int(np.sum(s.ranks[h2] < s.ranks[b]))
            tied += int(np.sum(h2 == b))
        pending = tied
    return wins
