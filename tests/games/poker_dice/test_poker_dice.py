"""Poker dice: category counts for every variant, the exact duel against brute force and seeded play.

(The command-line tests are in tests/cli/test_poker_dice.py.)
"""

from itertools import product

import numpy as np
import pytest

from holdwise.games.poker_dice import Variant, category_of, hand_key, odds, simulate_duels, solve_duel, solve_three
from holdwise.games.poker_dice.strategy import hint  # the six-faced hint of positional arguments
from holdwise.solver.dice import Dice
from tests.oracles.poker_dice_bruteforce import duel_first_player


def _keeps(result):
    """keep (sorted faces) -> win chance, from a hint."""
    return {tuple(o.action["keep"]): o.value for o in result.options}


def _counts(variant):
    dice = Dice(5, 6)
    lat = dice.lattice
    out = {}
    for row, ways in zip(lat.counts[lat.hands].tolist(), dice.outcome_counts(5)):
        cat = category_of(tuple(row), variant)
        out[cat] = out.get(cat, 0) + int(ways)
    return out


BASE = {"five_of_a_kind": 6, "four_of_a_kind": 150, "full_house": 300, "three_of_a_kind": 1200,
        "two_pairs": 1800, "pair": 3600}


@pytest.mark.parametrize("variant,extra", [
    (Variant(), {"straight": 240, "bust": 480}),
    (Variant(straights=False), {"bust": 720}),
    (Variant(straight_above_full_house=True), {"straight": 240, "bust": 480}),
    (Variant(flush=True), {"straight": 120, "flush": 120, "bust": 480}),
    (Variant(ace_high=True), {"straight": 240, "bust": 480}),
])
def test_category_counts_over_7776_rolls(variant, extra):
    assert _counts(variant) == {**BASE, **extra}
    assert sum(_counts(variant).values()) == 7776


def test_ordered_enumeration_agrees_for_the_default():
    tally = {}
    for roll in product(range(1, 7), repeat=5):
        counts = tuple(roll.count(f) for f in range(1, 7))
        cat = category_of(counts, Variant())
        tally[cat] = tally.get(cat, 0) + 1
    assert tally == _counts(Variant())


def test_the_four_bust_hands_with_poker_faces():
    data = odds(Variant(poker_faces=True)).to_json()
    assert sorted(" ".join(h) for h in data["bust_hands"]) == sorted(["A K Q J 9", "A K Q 10 9", "A K J 10 9",
                                                                      "A Q J 10 9"])
    assert set(data["counts"]) == {"five_of_a_kind", "four_of_a_kind", "full_house", "straight",
                                   "three_of_a_kind", "two_pairs", "pair", "bust"}


def test_ranking_rules():
    v = Variant()
    assert hand_key((0, 0, 0, 0, 2, 3), v) > hand_key((0, 0, 0, 0, 3, 2), v)  # 666 55 over 555 66
    assert hand_key((0, 1, 1, 1, 1, 1), v) < hand_key((0, 0, 0, 0, 2, 3), v)  # straight below full house
    assert hand_key((0, 1, 1, 1, 1, 1), Variant(straight_above_full_house=True)) > \
        hand_key((0, 0, 0, 0, 2, 3), Variant(straight_above_full_house=True))
    assert hand_key((2, 0, 0, 0, 0, 3), Variant(ace_high=True)) < hand_key((3, 0, 0, 0, 0, 2), Variant(ace_high=True))
    flush = Variant(flush=True)
    assert category_of((0, 1, 1, 1, 1, 1), flush) == "flush" and category_of((1, 1, 1, 1, 1, 0), flush) == "straight"
    assert hand_key((0, 1, 1, 1, 1, 1), flush) > hand_key((0, 0, 0, 0, 2, 3), flush)
    # the rules page: the flush beats four of a kind, the straight beats a full house but not four of a kind
    assert hand_key((0, 1, 1, 1, 1, 1), flush) > hand_key((4, 1, 0, 0, 0, 0), flush)
    assert hand_key((0, 1, 1, 1, 1, 1), flush) < hand_key((5, 0, 0, 0, 0, 0), flush)
    assert hand_key((0, 0, 0, 0, 2, 3), flush) < hand_key((1, 1, 1, 1, 1, 0), flush) < hand_key((4, 1, 0, 0, 0, 0), flush)


@pytest.mark.slow
@pytest.mark.parametrize("n_dice,sides", [(2, 3), (2, 4), (3, 3), (2, 6)])
def test_duel_agrees_with_brute_force_on_small_games(n_dice, sides):
    assert solve_duel(Variant(), n_dice=n_dice, sides=sides).win[0] == pytest.approx(
        duel_first_player(n_dice, sides, 3), abs=1e-12)


def test_win_chances_sum_to_one():
    duel = solve_duel()
    assert sum(duel.win) == pytest.approx(1, abs=1e-15)
    three = solve_three()
    assert sum(three.win) == pytest.approx(1, abs=1e-12)
    assert all(0 < w < 1 for w in three.win)
    # seeing the hands before you is an advantage
    assert duel.win[1] > duel.win[0] and three.win[2] > three.win[0]


def test_roll_limit_helps_the_first_player():
    assert solve_duel(roll_limit=True).win[0] > solve_duel().win[0]
    limited = solve_three(roll_limit=True)
    assert sum(limited.win) == pytest.approx(1, abs=1e-12)


@pytest.mark.slow
def test_a_million_seeded_duels_within_three_standard_errors():
    w = solve_duel().win[0]
    n = 1_000_000
    wins = simulate_duels(Variant(), n, seed=20261130)
    assert abs(wins / n - w) < 3 * np.sqrt(w * (1 - w) / n)


def test_hints():
    last = hint((1, 1, 3, 4, 6), 2, to_beat=(2, 2, 6, 6, 6))
    values = [o.value for o in last.options]
    assert values == sorted(values, reverse=True) and len(values) == 3 * 2 * 2 * 2
    assert tuple(last.options[0].action["keep"]) == (1, 1)
    first = hint((6, 6, 6, 2, 5), 1)
    assert tuple(first.options[0].action["keep"]) == (6, 6, 6)  # standing on three sixes is worse than rolling
    assert first.options[0].value > _keeps(first)[(2, 5, 6, 6, 6)]
    straight = hint((2, 3, 4, 5, 6), 2)
    assert tuple(straight.options[0].action["keep"]) == (2, 3, 4, 5, 6)  # the first player stands on it
    with pytest.raises(ValueError, match="rolls_left"):
        hint((1, 1, 3, 4, 6), 3)
    with pytest.raises(ValueError, match="hand to beat"):
        hint((1, 1, 3, 4, 6), 2, position=2)


def test_three_player_hints_are_consistent_with_the_solution():
    three = solve_three()
    first = hint((2, 3, 4, 5, 6), 2, players=3)
    assert first.options[0].value <= 1 and len(first.options) == 32
    second = hint((6, 6, 1, 2, 3), 1, to_beat=(5, 5, 5, 2, 2), players=3, position=2)
    third = hint((6, 6, 1, 2, 3), 1, to_beat=(5, 5, 5, 2, 2), players=3, position=3)
    # the second player must also survive player 3, so his chances are lower than the last player's
    assert second.options[0].value < third.options[0].value
    # keeping 5 5 5 2 and rolling one die: a 5 beats 5 5 5 2 2 (1/6), a 2 ties it (1/6); the tie is worth
    # the duel replay (1 - duel) when one player holds the hand, the three-way replay (x3) when both do
    single = _keeps(hint((5, 5, 5, 2, 1), 1, to_beat=(5, 5, 5, 2, 2), players=3, position=3))
    both = _keeps(hint((5, 5, 5, 2, 1), 1, to_beat=(5, 5, 5, 2, 2), players=3, position=3, holders=2))
    assert single[(2, 5, 5, 5)] == pytest.approx(1 / 6 + (1 - three.details["duel"]) / 6, abs=1e-12)
    assert both[(2, 5, 5, 5)] == pytest.approx(1 / 6 + three.win[2] / 6, abs=1e-12)


@pytest.mark.parametrize("n_dice,sides", [(2, 4), (3, 3)])
def test_three_players_last_player_chances_are_those_of_one_solve_each(n_dice, sides):
    from holdwise.games.poker_dice.solver import last_player_outcomes, setup

    three = solve_three(n_dice=n_dice, sides=sides)
    s = setup(Variant(), n_dice, sides)
    beat, tied = three.details["third"][3, False]  # against a hand one player holds: a tie replays the duel
    for b in range(len(s.ranks)):
        want_beat, want_tied, _ = last_player_outcomes(s, b, 1.0 - three.details["duel"], 2)
        assert beat[b] == pytest.approx(want_beat, abs=1e-12) and tied[b] == pytest.approx(want_tied, abs=1e-12)
