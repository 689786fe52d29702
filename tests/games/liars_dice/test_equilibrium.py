"""Liar's Dice: CFR+ and snapping find exact equilibria of small games, certified by exact best responses, and
the best responses agree with the brute force in tests/oracles/ (no shared code)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from holdwise.games.liars_dice.rules import CALL, Rules, parse_rules
from holdwise.games.liars_dice.solver import best_response_value, public_tree, snapped, solve
from tests.oracles import liars_dice_bruteforce as brute


def _as_callable(rules: Rules, strategy):
    nodes = {n.history: n for n in public_tree(rules)}

    def play(hand, history):
        node = nodes[history]
        row = strategy[history][rules.hands[node.player].index(hand)]
        return {(None if a == CALL else a): Fraction(p) for a, p in zip(node.actions, row, strict=True)}

    return play


CASES = [  # rules, CFR+ iterations, the exact value of the game for the first bidder
    (Rules(faces=2), 500, Fraction(0)),
    (Rules(faces=3), 200, Fraction(-1, 9)),
    (Rules(faces=3, wild=True), 200, Fraction(1, 3)),
    (Rules(dice=(1, 2), faces=2), 500, Fraction(0)),
]


@pytest.mark.parametrize("rules, iterations, value", CASES, ids=lambda c: str(c))
def test_an_exact_equilibrium_is_found_and_certified(rules, iterations, value):
    """CFR+ gets within 1e-2; rounding its chances to small fractions gives a strategy pair that neither player
    can exploit at all (exploitability exactly 0): an equilibrium, and its value is the game's."""
    found = solve(rules, iterations)
    assert 0 <= found.exploitability < Fraction(1, 100)
    exact = snapped(rules, found.strategy)
    assert exact is not None
    strategy, got, gap = exact
    assert got == value and gap == 0
    play = _as_callable(rules, strategy)
    for responder in (0, 1):
        assert brute.best_response(rules.dice, rules.faces, rules.wild, play, responder) == value


def test_best_responses_to_a_rough_strategy_equal_the_brute_force():
    """An unconverged strategy (a few iterations, floats read exactly): both best responses, to the fraction."""
    rules = Rules(faces=2)
    rough = solve(rules, 3).strategy
    exact = {h: [[Fraction(x) / sum(Fraction(y) for y in row) for x in row] for row in s.tolist()]
             for h, s in rough.items()}
    play = _as_callable(rules, exact)
    for responder in (0, 1):
        assert best_response_value(rules, rough, responder) == brute.best_response(rules.dice, rules.faces,
                                                                                  rules.wild, play, responder)


def test_the_rules_read_bids_and_refuse_bad_input():
    rules = parse_rules("1,2", 3, True, max_bids=12)
    assert rules.bids == 9 and rules.bid(4) == (2, 2) and rules.hand_ways(1) == (1, 2, 2, 1, 2, 1)
    assert rules.stands(4, (1,), (2, 3))  # two 2s: the 1 is wild
    assert not parse_rules("1,2", 3, max_bids=12).stands(4, (1,), (2, 3))
    with pytest.raises(ValueError, match="dice"):
        parse_rules("1", 6)
    with pytest.raises(ValueError, match="at most 12 are solved here"):
        parse_rules("1,2", 6)
    assert parse_rules("1,1", 6).bids == 12
    assert parse_rules("1,2", 6, max_bids=18).bids == 18


def test_exploitability_is_what_the_two_best_responses_gain_together():
    """At the certified equilibrium of one die each with three faces (value -1/9, not 0) the best responses
    gain nothing together; the first bidder's best response is worth the value and the second's its negative."""
    from holdwise.games import liars_dice
    from holdwise.games.liars_dice.solver import exploitability

    rules = Rules(faces=3)
    solved = liars_dice.equilibrium(rules)
    assert best_response_value(rules, solved.strategy, 0) == Fraction(-1, 9)
    assert best_response_value(rules, solved.strategy, 1) == Fraction(-1, 9)
    assert exploitability(rules, solved.strategy) == 0


def test_parse_rules_without_fields_is_the_documented_game():
    """One die each, six faces, no wild ones: the CLI's and the page's default (issue 43's sizes)."""
    rules = parse_rules()
    assert (rules.dice, rules.faces, rules.wild) == ((1, 1), 6, False)


def test_values_at_a_history_the_equilibrium_never_reaches_weigh_hands_by_chance():
    """Where the other's play never reaches a history, its hands count by chance alone: finite values, the
    same as at a history reached with every hand equally likely."""
    import math

    from holdwise.games.liars_dice.solver import action_values, nodes_of

    rules = Rules(dice=(1, 1), faces=3)
    got = snapped(rules, solve(rules, iterations=300).strategy)  # exact: its zeros are zeros
    assert got is not None
    strategy = got[0]
    nodes = nodes_of(rules)
    unreached = []
    for history in nodes:
        if not history or history[-1] == CALL:
            continue
        before = history[:-1]
        mover = nodes[before]
        rows = strategy[before]
        if all(float(row[mover.actions.index(history[-1])]) == 0 for row in rows):
            unreached.append(history)
    assert unreached, "the equilibrium reaches every history: no case to check"
    for history in unreached[:5]:
        me = nodes[history].player
        for hand in rules.hands[me]:
            values = action_values(rules, strategy, history, hand)
            assert values and all(math.isfinite(v) for _, _, v in values), (history, hand, values)


def test_the_snapping_denominators_rise_to_144_each_dividing_it():
    """The snap tries denominators in turn up to 144, each a divisor of 144: a chance found at a smaller limit is
    one of the last limit's fractions too, so the ladder only ever finds an equilibrium sooner."""
    from holdwise.games.liars_dice.solver import DENOMINATORS

    assert list(DENOMINATORS) == sorted(set(DENOMINATORS)) and DENOMINATORS[-1] == 144
    assert all(144 % d == 0 for d in DENOMINATORS) and len(DENOMINATORS) == 12
