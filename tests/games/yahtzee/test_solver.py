"""The Yahtzee solver against a brute-force oracle on reduced games, the published optima of the full games,
and the scoring of each kind of box against hand-worked values and the oracle's own scoring."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from holdwise.games.yahtzee.rules import RULES, YAHTZEE, YATZY, Category, score
from holdwise.games.yahtzee.solver import solve, turn_tables
from holdwise.games.yahtzee.store import cached_solution
from holdwise.solver.lattice import lattice
from holdwise.solver.native import compiled
from tests.oracles.yahtzee_oracle import Oracle, box_score

# the kernels run as plain Python (HOLDWISE_PURE=1, or not built): the full game takes too long
full_game = pytest.mark.skipif(not compiled("holdwise.games.yahtzee.turn_kernels"),
                               reason="the full game is too slow with the kernels run as plain Python")

ONES, TWOS, THREES, FOURS = YAHTZEE.categories[:4]
CHANCE = Category("chance", "Chance", "chance")
YZ = Category("yahtzee", "Yahtzee", "yahtzee", 50)
FH25 = Category("full_house", "Full house", "full_house", 25)
FH_SUM = Category("full_house_sum", "Full house (sum)", "full_house", 0)
RUN3 = Category("run3", "Run of 3", "straight", 30, run=3)
RUN2 = Category("run2", "Run of 2", "straight", 12, run=2)


def reduced(categories, dice, sides, threshold, bonus, yahtzee_bonus=0, joker="none"):
    return replace(YAHTZEE, name="reduced", categories=tuple(categories), dice=dice, sides=sides,
                   upper_threshold=threshold, upper_bonus=bonus, yahtzee_bonus=yahtzee_bonus, joker=joker)


JOKER_CARD = (ONES, TWOS, THREES, FH25, RUN3, YZ, CHANCE)

CASES = {
    # the upper bonus (reachable: 3 dice on 4 sides can total up to 30 in the four boxes) and chance
    "upper-bonus-chance": reduced((ONES, TWOS, THREES, FOURS, CHANCE), 3, 4, 10, 20),
    # n of a kind for the dice's sum, a run of 3, one pair
    "kind-run-pair": reduced((ONES, TWOS, Category("k2", "2 of a kind", "sum_if_kind", 2), RUN3,
                              Category("pair", "One pair", "pairs", 1)), 3, 4, 5, 7),
    # straights as exact faces (scoring points, or their sum), same_kind, a short run
    "faces-same-kind": reduced((FOURS, Category("low", "1-2-3", "straight", 0, faces=(1, 2, 3)),
                                Category("high", "2-3-4", "straight", 20, faces=(2, 3, 4)),
                                Category("s2", "2 alike", "same_kind", 2), Category("s3", "3 alike", "same_kind", 3),
                                RUN2), 3, 4, 8, 10),
    # two pairs and one pair on four dice
    "two-pairs": reduced((ONES, TWOS, THREES, Category("2p", "Two pairs", "pairs", 2),
                          Category("1p", "One pair", "pairs", 1), Category("s2", "2 alike", "same_kind", 2)),
                         4, 3, 6, 9),
    # full houses need five dice: 25 points or the sum; the free joker with and without an upper box of the face
    "full-house-5-dice": reduced((ONES, FH25, FH_SUM, YZ, CHANCE), 5, 3, 3, 5, yahtzee_bonus=100, joker="free"),
    # the three joker readings on the same card
    "joker-free": reduced(JOKER_CARD, 3, 3, 6, 15, yahtzee_bonus=100, joker="free"),
    "joker-forced": reduced(JOKER_CARD, 3, 3, 6, 15, yahtzee_bonus=100, joker="forced"),
    "joker-none": reduced(JOKER_CARD, 3, 3, 6, 15, yahtzee_bonus=100, joker="none"),
    # the forced joker where a face has no upper box (threes), with a sum-of-kind box among the lower ones
    "forced-no-upper-box": reduced((ONES, TWOS, Category("k3", "3 of a kind", "sum_if_kind", 3), RUN3, YZ),
                                   3, 3, 4, 6, yahtzee_bonus=40, joker="forced"),
    # two dice: the Yahtzee bonus without a joker, and a Yahtzee box whose points give no bonus
    "two-dice-bonus": reduced((ONES, TWOS, THREES, FOURS, YZ, CHANCE), 2, 4, 8, 10, yahtzee_bonus=100),
    "two-dice-no-bonus": reduced((ONES, TWOS, THREES, YZ, RUN2), 2, 3, 5, 6, yahtzee_bonus=0, joker="free"),
    # the Yahtzee box first on the card (box 0): the bonus states still counted
    "yahtzee-box-first": reduced((YZ, ONES, TWOS, CHANCE), 2, 3, 4, 6, yahtzee_bonus=100),
}

# the oracle in exact fractions where that is quick, else in floats (fractions take 1-7 s a case there)
EXACT = {"kind-run-pair", "faces-same-kind", "forced-no-upper-box", "two-dice-bonus", "two-dice-no-bonus",
         "yahtzee-box-first"}

_oracles: dict[str, Oracle] = {}
_solutions: dict[str, object] = {}


def oracle(name):
    if name not in _oracles:
        _oracles[name] = Oracle(CASES[name], exact=name in EXACT)
    return _oracles[name]


def solution(name):
    if name not in _solutions:
        _solutions[name] = solve(CASES[name], threads=2)
    return _solutions[name]


def random_states(rules, seed, count=6):
    """Reachable states other than the start: some boxes used, upper totals the dice could have made."""
    rng = random.Random(seed)
    n = len(rules.categories)
    yz = next((i for i, c in enumerate(rules.categories) if c.kind == "yahtzee"), -1)
    states = set()
    while len(states) < count:
        mask = rng.randrange(1, (1 << n) - 1)
        up = 0
        for b, c in enumerate(rules.categories):
            if mask >> b & 1 and c.kind == "upper":
                up += c.value * rng.randint(0, rules.dice)
        up = min(up, rules.upper_threshold)
        yb = 0
        if yz >= 0 and mask >> yz & 1 and rules.yahtzee_bonus:
            yb = rng.randint(0, 1)
        states.add((mask, up, yb))
    return sorted(states)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_expected_score_matches_oracle(name):
    expected = float(oracle(name).expected_score())
    got = solution(name).expected_score
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-12)
    assert expected > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_values_at_later_states_match_oracle(name):
    rules = CASES[name]
    values = solution(name).values
    fresh = Oracle(rules, exact=False)  # started from these states only, in floats
    for mask, up, yb in random_states(rules, seed=len(name)):
        expected = fresh.value(mask, up, yb)
        assert expected > 0
        assert values[mask, up, yb] == pytest.approx(expected, rel=1e-9, abs=1e-12), (mask, up, yb)


@pytest.mark.parametrize("name", ["joker-free", "joker-forced", "full-house-5-dice", "faces-same-kind"])
def test_turn_tables_match_oracle(name):
    """One turn's tables from a state with the Yahtzee box (if any) filled: best box per hand, both keeps'
    levels, and V."""
    rules = CASES[name]
    orc = oracle(name)
    yz = next((i for i, c in enumerate(rules.categories) if c.kind == "yahtzee"), -1)
    mask = (1 << yz) | 1 if yz >= 0 else 1  # the ones (or first upper box) used: a joker on 1s
    up = min(rules.upper_threshold, rules.categories[0].value * 2)
    yb = 1 if yz >= 0 and rules.yahtzee_bonus else 0
    value, h0, h1, _ = orc.turn(mask, up, yb)
    tables = turn_tables(solution(name), mask, up, yb)
    lat = lattice(rules.dice, rules.sides)
    assert tables.value == pytest.approx(float(value), rel=1e-9)
    assert tables.value == pytest.approx(solution(name).values[mask, up, yb], rel=1e-12)
    for i, hand in enumerate(lat.hand_faces):
        assert tables.h0[i] == pytest.approx(float(h0[hand]), rel=1e-9, abs=1e-12), hand
    for k in range(len(tables.k1)):
        kept = lat.faces(k)
        assert tables.k1[k] == pytest.approx(float(orc.keep_mean(h0, kept)), rel=1e-9, abs=1e-12), kept
        assert tables.k2[k] == pytest.approx(float(orc.keep_mean(h1, kept)), rel=1e-9, abs=1e-12), kept


@pytest.mark.parametrize("name", ["joker-free", "joker-none"])
def test_turn_tables_with_the_yahtzee_box_open_match_oracle(name):
    """Writing a Yahtzee in its open box earns later bonuses: the best box per hand, from a state whose Yahtzee
    box is open, values the next state with the bonus earned."""
    rules = CASES[name]
    yz = next(i for i, c in enumerate(rules.categories) if c.kind == "yahtzee")
    assert rules.yahtzee_bonus and yz > 0
    value, h0, _, _ = oracle(name).turn(1, 0, 0)
    tables = turn_tables(solution(name), 1, 0, 0)
    lat = lattice(rules.dice, rules.sides)
    assert tables.value == pytest.approx(float(value), rel=1e-9)
    for i, hand in enumerate(lat.hand_faces):
        assert tables.h0[i] == pytest.approx(float(h0[hand]), rel=1e-9, abs=1e-12), hand


def test_joker_readings_differ():
    """The three joker readings give three different optima on the same card (so each test above is about
    its own reading), free being the most generous."""
    free, forced, none = (solution(f"joker-{j}").expected_score for j in ("free", "forced", "none"))
    assert len({round(free, 9), round(forced, 9), round(none, 9)}) == 3
    assert free > forced
    assert free > none


@pytest.mark.parametrize("name", ["two-dice-bonus", "joker-free"])
def test_only_a_scored_yahtzee_box_opens_the_yahtzee_bonus(name):
    """The state after a hand is written in the Yahtzee box (the kernel `outcome`, as the distribution walks
    it): a Yahtzee scored there earns later Yahtzees their bonus, a zero written there (the box scratched) none."""
    from holdwise.games.yahtzee.solver import box_args
    from holdwise.games.yahtzee.turn_kernels import outcome

    c = solution(name).compiled
    yz = int(c.params[3])
    for h, points, flag in ((int(np.flatnonzero(c.all_same)[0]), 50, 1), (int(np.flatnonzero(~c.all_same)[0]), 0, 0)):
        res = np.zeros(6, dtype=np.int64)
        outcome(0, 0, 0, h, yz, *box_args(c), res)
        assert (res[0], res[1], res[3], res[5]) == (points, 0, 1 << yz, flag), (h, res)


def test_oracle_hand_worked_tiny_game():
    """One box, chance, one die of 2 sides: keep a 2, re-roll a 1: 1 - (1/2)^3 of the time a 2."""
    rules = reduced((CHANCE,), 1, 2, 63, 0)
    assert Oracle(rules).expected_score() == Fraction(15, 8)
    assert solve(rules, threads=1).expected_score == pytest.approx(1.875, rel=1e-12)


def solved_and_kept(rules):
    """The full game solved once per test run: the cache folder is the run's own (tests/conftest.py), so the
    table comes from this run's solver, whichever test (or worker, waiting on the file's lock) asked first."""
    return cached_solution(rules)[0]


# ----- the full games ------------------------------------------------------------------------------------------

@pytest.mark.slow
@full_game
def test_yahtzee_verhoeff():
    assert solved_and_kept(RULES["yahtzee"]).expected_score == pytest.approx(254.5896, abs=5e-5)


@pytest.mark.slow
@full_game
def test_yahtzee_forced_joker():
    # PyPI yatzy-solver 1.0.0, 'american+forced-joker'
    assert solved_and_kept(RULES["yahtzee-forced"]).expected_score == pytest.approx(254.58772873449593, rel=1e-12)


@full_game
@pytest.mark.slow
def test_yatzy_scandinavian():
    # PyPI yatzy-solver 1.0.0, 'yatzy-scandinavian'
    assert solved_and_kept(RULES["yatzy"]).expected_score == pytest.approx(248.4399893778553, rel=1e-12)


# ----- scoring ------------------------------------------------------------------------------------------------

def cat(rules, name):
    return rules.categories[rules.index(name)]


@pytest.mark.parametrize("rules, box, dice, expected", [
    (YAHTZEE, "ones", (1, 1, 3, 1, 6), 3),
    (YAHTZEE, "sixes", (6, 2, 6, 6, 6), 24),
    (YAHTZEE, "fives", (1, 2, 3, 4, 6), 0),
    (YAHTZEE, "three_of_a_kind", (4, 4, 2, 4, 5), 19),
    (YAHTZEE, "three_of_a_kind", (4, 4, 2, 3, 5), 0),
    (YAHTZEE, "four_of_a_kind", (6, 6, 6, 6, 6), 30),
    (YAHTZEE, "four_of_a_kind", (6, 6, 6, 1, 1), 0),
    (YAHTZEE, "full_house", (2, 2, 3, 3, 3), 25),
    (YAHTZEE, "full_house", (2, 2, 2, 2, 2), 0),
    (YAHTZEE, "full_house", (2, 2, 3, 3, 4), 0),
    (YAHTZEE, "small_straight", (1, 2, 3, 4, 6), 30),
    (YAHTZEE, "small_straight", (3, 4, 5, 6, 6), 30),
    (YAHTZEE, "small_straight", (1, 2, 3, 5, 6), 0),
    (YAHTZEE, "large_straight", (5, 2, 3, 4, 6), 40),
    (YAHTZEE, "large_straight", (1, 2, 3, 4, 6), 0),
    (YAHTZEE, "yahtzee", (3, 3, 3, 3, 3), 50),
    (YAHTZEE, "yahtzee", (3, 3, 3, 3, 2), 0),
    (YAHTZEE, "chance", (1, 2, 3, 4, 6), 16),
    (YATZY, "full_house", (2, 2, 3, 3, 3), 13),
    (YATZY, "full_house", (4, 4, 4, 4, 4), 0),
    (YATZY, "small_straight", (1, 2, 3, 4, 5), 15),
    (YATZY, "small_straight", (2, 3, 4, 5, 6), 0),
    (YATZY, "small_straight", (1, 2, 3, 4, 6), 0),
    (YATZY, "large_straight", (2, 3, 4, 5, 6), 20),
    (YATZY, "large_straight", (1, 2, 3, 4, 5), 0),
    (YATZY, "one_pair", (6, 6, 5, 5, 1), 12),
    (YATZY, "one_pair", (1, 2, 3, 4, 6), 0),
    (YATZY, "two_pairs", (6, 6, 5, 5, 1), 22),
    (YATZY, "two_pairs", (6, 6, 6, 6, 1), 0),
    (YATZY, "two_pairs", (3, 3, 3, 1, 1), 8),
    (YATZY, "three_of_a_kind", (4, 4, 4, 4, 2), 12),
    (YATZY, "three_of_a_kind", (4, 4, 2, 2, 1), 0),
    (YATZY, "four_of_a_kind", (5, 5, 5, 5, 5), 20),
    (YATZY, "four_of_a_kind", (5, 5, 5, 2, 2), 0),
    (YATZY, "yatzy", (1, 1, 1, 1, 1), 50),
    (YATZY, "chance", (6, 6, 5, 5, 1), 23),
])
def test_score_hand_worked(rules, box, dice, expected):
    assert score(cat(rules, box), dice, rules.sides) == expected
    assert box_score(cat(rules, box), dice, rules.sides) == expected


@pytest.mark.parametrize("rules", [YAHTZEE, YATZY], ids=["yahtzee", "yatzy"])
def test_score_matches_oracle_scoring_on_every_roll(rules):
    for dice in product(range(1, 7), repeat=5):
        for c in rules.categories:
            assert score(c, dice, 6) == box_score(c, dice, 6), (c.name, dice)


@pytest.mark.parametrize("name", list(CASES))
def test_score_matches_oracle_scoring_reduced(name):
    rules = CASES[name]
    for dice in product(range(1, rules.sides + 1), repeat=rules.dice):
        for c in rules.categories:
            assert score(c, dice, rules.sides) == box_score(c, dice, rules.sides), (c.name, dice)


def test_threads_below_one_solve_on_one():
    small = replace(YAHTZEE, categories=YAHTZEE.categories[:3], upper_threshold=5)
    one = solve(small, threads=1).values
    assert np.array_equal(solve(small, threads=0).values, one)
    assert np.array_equal(solve(small, threads=-3).values, one)
