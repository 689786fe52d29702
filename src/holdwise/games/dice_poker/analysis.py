"""Dice poker: the game on the solver, depth reports, the ranked keeps of a hand, batches of payout tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

import numpy as np

from ...errors import InputError
from ...solver import (
    MAX_REROLLS, NO_REROLL, OPTIMAL, RULE_HIGHER, CategoryPayout, Dice, Game, PolicyResult, batch_optimal, check_exact,
    expect, ranked_keeps, solve, to_fraction,
)
from ..base import Measure, Option, fraction_text
from .depth import MIN_CHANCE_GAP_PP, MIN_RULE_GAP_PP, REPORT_STEPS, DepthReport, DepthReports, check_gap, depth_report
from .rules import ALL_CATEGORIES, CATEGORIES, Payouts, categories, parse_payouts

__all__ = [
    "GAME", "MEASURE", "batch_returns", "hand_categories", "keep_text", "make_game", "rank_keeps", "ranked_options",
    "report", "reports", "solved",
]

GAME = "dice-poker"
MEASURE: Measure = "expected_payout"
REPORT_SOLVES = 4  # solves of a depth report: optimum, rule, no re-roll, random


@lru_cache(maxsize=64)
def hand_categories(dice: int, sides: int) -> np.ndarray:
    """The category index of every hand (7 = nothing)."""
    lat = Dice(dice, sides).lattice
    return categories(lat.counts[lat.hands])


def make_game(table: Payouts, *, dice: int = 5, sides: int = 6, rerolls: int = 2,
              weights: Sequence[int] | None = None) -> Game:
    """The dice poker game paying `table` (seven payouts in category order; nothing pays 0)."""
    payouts = (*parse_payouts(table), Fraction(0))
    die = Dice(dice, sides, tuple(weights) if weights is not None else None)
    return Game(die, CategoryPayout(hand_categories(dice, sides), payouts), rerolls)


@lru_cache(maxsize=32)
def _solved(payouts: tuple[Fraction, ...], dice: int, sides: int, rerolls: int,
            weights: tuple[int, ...] | None, exact: bool) -> PolicyResult:
    return solve(make_game(payouts, dice=dice, sides=sides, rerolls=rerolls, weights=weights), OPTIMAL, exact)


def solved(table: Payouts, *, dice: int = 5, sides: int = 6, rerolls: int = 2,
           weights: Sequence[int] | None = None, exact: bool = False) -> PolicyResult:
    """The optimum of a table (cached: hints and play sessions ask for the same game again and again)."""
    return _solved(parse_payouts(table), dice, sides, rerolls, None if weights is None else tuple(weights), exact)


def report(table: Payouts, *, name: str = "", dice: int = 5, sides: int = 6, rerolls: int = 2,
           weights: Sequence[int] | None = None, tie: str = "higher", exact: bool = False,
           min_chance_gap_pp: float = MIN_CHANCE_GAP_PP, min_rule_gap_pp: float = MIN_RULE_GAP_PP) -> DepthReport:
    """The depth report of one payout table (exact arithmetic only within the solver's budget)."""
    return _report(table, name=name, dice=dice, sides=sides, rerolls=rerolls, weights=weights, tie=tie,
                   exact=exact, min_chance_gap_pp=min_chance_gap_pp, min_rule_gap_pp=min_rule_gap_pp)


def _report(table: Payouts, *, name: str = "", dice: int = 5, sides: int = 6, rerolls: int = 2,
            weights: Sequence[int] | None = None, tie: str = "higher", exact: bool = False,
            min_chance_gap_pp: float = MIN_CHANCE_GAP_PP, min_rule_gap_pp: float = MIN_RULE_GAP_PP,
            on_step: Callable[[], None] | None = None) -> DepthReport:
    game = make_game(table, dice=dice, sides=sides, rerolls=rerolls, weights=weights)
    if exact:
        check_exact(dice, sides, rerolls, solves=REPORT_SOLVES)
    return depth_report(game, hand_categories(dice, sides), ALL_CATEGORIES, name=name, tie=tie,
                        exact=exact, min_chance_gap_pp=min_chance_gap_pp, min_rule_gap_pp=min_rule_gap_pp,
                        on_step=on_step)


def reports(tables: Mapping[str, Payouts], *, on_progress: Callable[[int, int], None] | None = None,
            **options: Any) -> DepthReports:  # noqa: ANN401 (the options of `report`, passed on)
    """Depth reports of several named tables (options as for `report`); `on_progress(done, total)` counts
    steps: REPORT_STEPS a table (four solves and the diff), so a large game shows it is moving."""
    if not isinstance(tables, Mapping) or not tables:
        raise InputError("reports need at least one named table")
    checked = {str(name): parse_payouts(table) for name, table in tables.items()}  # every table checked first
    check_gap(options.get("min_chance_gap_pp", MIN_CHANCE_GAP_PP), "the minimum gap above chance")
    check_gap(options.get("min_rule_gap_pp", MIN_RULE_GAP_PP), "the minimum gap above the rule")
    if options.get("exact"):
        check_exact(options.get("dice", 5), options.get("sides", 6), options.get("rerolls", 2),
                    solves=REPORT_SOLVES)
    total = len(checked) * REPORT_STEPS
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if on_progress is not None:
            on_progress(done, total)

    if on_progress is not None:
        on_progress(0, total)
    out = [_report(table, name=name, on_step=step, **options) for name, table in checked.items()]
    return DepthReports(tuple(out))


def keep_text(keep: Sequence[int]) -> str:
    """A keep as a player writes it: "5 5", or "nothing" for re-rolling every die."""
    return " ".join(map(str, keep)) or "nothing"


def ranked_options(hand: Sequence[int], rolls_left: int, payouts: Payouts, *, dice: int = 5, sides: int = 6,
                   rerolls: int | None = None, weights: Sequence[int] | None = None, exact: bool = False,
                   bet: object = 1, actions: bool = False) -> tuple[Option, ...]:
    """Every distinct keep of `hand` as a hint option, best first: value = bet x E[payout | keep, optimal play
    afterwards], loss = best value - value."""
    rerolls = rolls_left if rerolls is None else rerolls
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int) or not 1 <= rolls_left <= MAX_REROLLS:
        raise InputError(f"re-rolls left must be 1 to {MAX_REROLLS}, got {rolls_left!r}")
    if isinstance(rerolls, bool) or not isinstance(rerolls, int) or not rolls_left <= rerolls <= MAX_REROLLS:
        raise InputError(f"re-rolls must be {rolls_left} to {MAX_REROLLS} (at least the re-rolls left), "
                         f"got {rerolls!r}")
    die = Dice(dice, sides, None if weights is None else tuple(weights))  # the dice read once, then used
    if exact:
        check_exact(die.count, die.sides, rerolls)
    return _ranked_options(tuple(hand), rolls_left, parse_payouts(payouts), die.count, die.sides, rerolls,
                           None if weights is None else die.weights, exact, bet, actions)


def rank_keeps(hand: tuple[int, ...], rolls_left: int, payouts: tuple[Fraction, ...], dice: int, sides: int,
               rerolls: int, weights: tuple[int, ...] | None, exact: bool, bet: object = 1,
               actions: bool = False) -> tuple[Option, ...]:
    """`ranked_options` of inputs already read and checked (a hint's request), not remembered."""
    result = _solved(payouts, dice, sides, rerolls, weights, exact)
    ranked = ranked_keeps(result.game, hand, rolls_left, exact=exact, result=result)
    # the solver's values: Fractions with exact arithmetic, else floats (a bet of 1 scales by 1.0: no change)
    stake = 1 if bet == 1 and type(bet) is int else to_fraction(bet)
    made = _MADE[1 if actions else 0]
    if len(made) > _MAX_MADE:
        made.clear()
    options = []
    if exact:
        values = [Fraction(cast("Fraction", v)) * stake for _, v in ranked]
        for (keep, _), value in zip(ranked, values):
            fields = _fields(made, keep, actions).copy()
            loss = values[0] - value
            fields["value"], fields["loss"] = float(value), float(loss)
            fields["value_exact"], fields["loss_exact"] = fraction_text(value), fraction_text(loss)
            option = _new(Option)
            _fill(option, "__dict__", fields)
            options.append(option)
        return tuple(options)
    scale = None if stake == 1 else float(stake)
    floats = cast("list[tuple[tuple[int, ...], float]]", ranked)  # one cast, not one call an option
    top = float(floats[0][1]) if scale is None else float(floats[0][1]) * scale
    for keep, v in floats:
        number = float(v) if scale is None else float(v) * scale
        shared = made.get(keep)
        if shared is None:
            shared = _fields(made, keep, actions)
        # an Option's fields set in its own dict at once, not one by one through its frozen __init__
        option = _new(Option)
        fields = option.__dict__
        fields.update(shared)
        fields["value"] = number
        fields["loss"] = top - number
        options.append(option)
    return tuple(options)


def _fields(made: dict[tuple[int, ...], dict[str, object]], keep: tuple[int, ...],
            actions: bool) -> dict[str, object]:
    """What every option of `keep` shares (its text, action and extras), made once per keep: the options are
    frozen, their mappings read-only (as a remembered answer's always were)."""
    fields = made.get(keep)
    if fields is None:
        fields = made[keep] = {
            "option": keep_text(keep), "value": 0.0, "loss": 0.0,
            "action": {"type": "keep", "keep": list(keep)} if actions else {},
            "value_exact": None, "loss_exact": None, "extras": {"keep": list(keep)}}
    return fields


# cached on the inputs as given: a play session asks for the same few hundred positions again and again
_ranked_options = lru_cache(maxsize=4096)(rank_keeps)
_new, _fill = object.__new__, object.__setattr__
# by with actions or not, keep -> an option's fields but its value and loss
_MADE: tuple[dict[tuple[int, ...], dict[str, object]], ...] = ({}, {})
_MAX_MADE = 1 << 15


@lru_cache(maxsize=16)
def _batch_setup(dice: int, sides: int, rerolls: int) -> tuple[Dice, np.ndarray, dict[str, np.ndarray]]:
    """What every table of a batch shares: E_1 per category, and the fixed policies' category mixes."""
    die = Dice(dice, sides)
    lat = die.lattice
    cats = hand_categories(dice, sides)
    onehot = np.zeros((lat.n_hands, len(CATEGORIES)))
    real = cats < len(CATEGORIES)
    onehot[np.nonzero(real)[0], cats[real]] = 1.0
    category_given_keep = expect(lat, die.face_probabilities(), onehot)  # (keeps, 7): chance of each category
    mixes = {}
    for policy in (RULE_HIGHER, NO_REROLL):
        result = solve(Game(die, np.zeros(lat.n_hands), rerolls), policy)
        mixes[policy] = onehot.T @ result.final_distribution
    return die, np.ascontiguousarray(category_given_keep), mixes


def batch_returns(tables: object, *, dice: int = 5, sides: int = 6, rerolls: int = 2,
                  chunk: int = 8192, max_threads: int | None = None) -> dict[str, np.ndarray]:
    """Returns of the optimum, the rule (ties to the higher face) and no re-roll for many tables.

    `tables` has shape (n, 7) in category order; each result has shape (n,). The rule and no
    re-roll are linear in the table (their final-category mix does not depend on it); the optimum
    runs the backward pass per table in a compiled kernel, on this machine's CPUs or at most `max_threads`.
    """
    tables = np.asarray(tables, dtype=np.float64)
    if tables.ndim != 2 or tables.shape[1] != len(CATEGORIES):
        raise InputError(f"tables must have shape (n, {len(CATEGORIES)}), got {tables.shape}")
    if not np.all(np.isfinite(tables)):
        raise InputError("payouts must be finite numbers")
    Dice(dice, sides)
    if not isinstance(rerolls, int) or not 0 <= rerolls <= MAX_REROLLS:
        raise InputError(f"re-rolls must be 0 to {MAX_REROLLS}, got {rerolls}")
    die, per_category, mixes = _batch_setup(dice, sides, rerolls)
    optimal = np.empty(len(tables))
    # The products run on one BLAS thread: they are small (7 payouts deep), and BLAS's own threads, left
    # spinning after each product, take the cores from the kernel's threads that run next (1.5x slower).
    with _one_blas_thread():
        for lo in range(0, len(tables), chunk):
            part = tables[lo:lo + chunk]
            optimal[lo:lo + chunk] = batch_optimal(die, per_category @ part.T, rerolls,  # (keeps, tables): E_1
                                                   max_threads=max_threads)
        return {"optimal": optimal, "rule": tables @ mixes[RULE_HIGHER], "none": tables @ mixes[NO_REROLL]}


def _one_blas_thread() -> Any:  # noqa: ANN401 (threadpoolctl's context manager)
    """A context in which NumPy's BLAS runs one thread."""
    return _blas_threads().limit(limits=1, user_api="blas")


@lru_cache(maxsize=1)
def _blas_threads() -> Any:  # noqa: ANN401 (a threadpoolctl.ThreadpoolController)
    """The thread pools of the libraries loaded (threadpoolctl, imported here: only a batch needs it); found
    once, as finding them reads every loaded library (0.5-1 ms)."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()
