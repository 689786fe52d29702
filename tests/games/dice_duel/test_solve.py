"""The duel's exact values against the brute force in tests/oracles/ (no shared code), on reduced games and at
single positions of the full game, and the default rule set's figures pinned."""

from __future__ import annotations

from fractions import Fraction

import pytest

from holdwise.games.dice_duel import CATEGORIES, Rules, depth_report, duel_value, strength_key
from holdwise.games.dice_duel.rules import category
from holdwise.games.dice_duel.solver import OPTIMAL, RULE, solved, tables
from tests.oracles import dice_duel_bruteforce as brute

REDUCED = [
    dict(dice=5, faces=3, rerolls=1, ante=1, bet=1, raises=1),
    dict(dice=4, faces=4, rerolls=1, ante=1, bet=2, raises=1, ties="faces"),
    dict(dice=3, faces=4, rerolls=2, ante=1, bet=2, raises=2, ties="faces"),
    dict(dice=3, faces=3, rerolls=2, ante=2, bet=1, raises=0),
    dict(dice=4, faces=3, rerolls=0, ante=1, bet=3, raises=3),
]


@pytest.mark.parametrize("cfg", REDUCED, ids=lambda c: "-".join(f"{k}{v}" for k, v in c.items()))
def test_the_duel_value_equals_the_brute_force(cfg):
    """The whole game (first rolls, betting, re-rolls, showdown) in fractions over ordered dice and masks."""
    assert duel_value(Rules(**cfg)) == brute.duel_value(**cfg)


def test_a_reduced_value_is_pinned():
    """Five dice of three faces, one re-roll each: the brute force's figure, written down."""
    assert duel_value(Rules(dice=5, faces=3)) == Fraction(-11200, 531441)


@pytest.mark.parametrize("a, b", [((1, 2, 3, 4, 6), (2, 2, 3, 5, 6)), ((1, 1, 3, 4, 5), (1, 2, 3, 4, 5)),
                                  ((6, 6, 6, 2, 1), (5, 5, 5, 5, 1))])
def test_the_second_seats_reroll_in_the_full_game_equals_the_brute_force(a, b):
    """Five dice, six faces, straights and all: W after the first seat's re-roll (the second seat to move), for
    every first-seat hand against the one second-seat hand asked."""
    rr, _ = solved(Rules())
    t = tables(5, 6, "study")
    scale = t.denominator
    for first in (a, b):
        got = Fraction(int(rr.values[1][t.index[tuple(sorted(first))], t.index[tuple(sorted(b))]]), scale)
        assert got == brute.reroll_value(5, 6, 1, first, b, stage=1)


def test_the_ranking_is_the_studys():
    """Five of a kind down to nothing; both straights rank alike under the study and 2-6 above 1-5 by faces."""
    hands = [(6, 6, 6, 6, 6), (2, 2, 2, 2, 1), (3, 3, 3, 1, 1), (1, 2, 3, 4, 5), (1, 1, 1, 5, 6), (1, 1, 2, 2, 6),
             (1, 1, 2, 3, 4), (1, 2, 3, 4, 6)]
    assert [CATEGORIES[category(h)] for h in hands] == list(CATEGORIES)
    keys = [strength_key(h) for h in hands]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert strength_key((2, 3, 4, 5, 6)) == strength_key((1, 2, 3, 4, 5))
    assert strength_key((2, 3, 4, 5, 6), "faces") > strength_key((1, 2, 3, 4, 5), "faces")
    assert strength_key((1, 1, 1, 6, 6), "faces") > strength_key((6, 6, 6, 5, 5), "study") != ()
    sign = tables(5, 6, "study").sign
    assert (sign == -sign.T).all()


def test_the_default_rules_value_and_depth_are_pinned():
    """Ante 1, bet 1, one raise, one re-roll each, study ties: the first seat's exact value, and the depth rows
    (each policy in each seat against the minimax opponent, and against a best response)."""
    rules = Rules()
    assert duel_value(rules) == Fraction(-6139525, 1836660096)
    report = depth_report(rules)
    rows = {r.policy: r for r in report.rows}
    assert rows["optimal"].per_duel_exact == "0/1" and rows["optimal"].best_response_per_duel_exact == "0/1"
    assert rows["rule"].per_duel_exact == "-12829488665/88159684608"
    assert rows["chance"].per_duel_exact == "-223190255/272097792"
    assert rows["rule"].best_response_per_duel_exact == "-5680670405/29386561536"
    assert rows["chance"].best_response_per_duel_exact == "-140180365/136048896"
    # a best response takes at least what the minimax opponent does
    assert all(r.best_response_per_duel <= r.per_duel for r in report.rows)
    assert report.rule_gap == pytest.approx(0.1455255735) and report.chance_gap == pytest.approx(0.8202575014)


def test_the_minimax_is_a_best_response_to_itself():
    """Exploiting the minimax play gains nothing: its value is the game's value from either side."""
    rules = Rules(dice=4, faces=4)
    value = duel_value(rules)
    assert duel_value(rules, (OPTIMAL, OPTIMAL), exploit=True) == value
    assert duel_value(rules, (RULE, OPTIMAL)) <= value and duel_value(rules, (OPTIMAL, RULE)) >= value


@pytest.mark.parametrize("policy", ["rule", "chance"])
@pytest.mark.parametrize("cfg", [REDUCED[0], REDUCED[2]], ids=["5d3", "3d4-faces"])
def test_a_best_response_to_the_rule_and_to_chance_equals_the_brute_force(cfg, policy):
    """The depth rows' best-response figures: the fixed policy in each seat, the other seat exploiting it."""
    rules = Rules(**cfg)
    assert duel_value(rules, (policy, OPTIMAL), exploit=True) == brute.exploited_value(
        **cfg, fixed_seat=0, policy=policy)
    assert duel_value(rules, (OPTIMAL, policy), exploit=True) == brute.exploited_value(
        **cfg, fixed_seat=1, policy=policy)


def test_the_first_seats_reroll_in_the_full_game_equals_the_brute_force():
    """Five dice, six faces: W at the first seat's re-roll (both re-rolls ahead) for one position, and the
    betting's value there, against the brute force's figure. The figure is `brute.reroll_value(5, 6, 1, a, b)`,
    written down: it takes the brute force over a minute of CPU, the suite's costliest oracle for one number,
    and the same brute force runs here on the second seat's re-rolls and on reduced games whole."""
    a, b = (1, 2, 3, 4, 6), (2, 2, 3, 5, 6)
    rr, betting = solved(Rules())
    t = tables(5, 6, "study")
    i, j = t.index[a], t.index[b]
    w = Fraction(-41425, 139968)  # brute.reroll_value(5, 6, 1, a, b)
    assert Fraction(int(rr.values[0][i, j]), t.denominator ** 2) == w
