"""Liar's Dice's compiled solve (cfr.py, its kernel, lp.py): the same CFR+ as the tree-walking solver, the
same best responses, values checked by the oracle in tests/oracles/ (no shared code) and OpenSpiel's figures."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from holdwise.games.liars_dice import cfr, lp, solver
from holdwise.games.liars_dice.rules import CALL, Rules
from tests.oracles import liars_dice_bruteforce as brute


def _as_callable(rules: Rules, strategy):
    nodes = solver.nodes_of(rules)

    def play(hand, history):
        node = nodes[history]
        row = strategy[history][rules.hands[node.player].index(hand)]
        return {(None if a == CALL else a): Fraction(p) for a, p in zip(node.actions, row, strict=True)}

    return play


def _oracle(rules: Rules, strategy) -> tuple[Fraction, Fraction]:
    play = _as_callable(rules, strategy)
    return tuple(brute.best_response(rules.dice, rules.faces, rules.wild, play, responder, rules.wild_face)
                 for responder in (1, 0))  # type: ignore[return-value]


def test_the_compiled_cfr_is_the_tree_walking_cfr():
    """40 iterations of each (alternating updates, linear averaging): the same average strategy to 1e-12, so the
    kernel's loops do what solver.solve's recursion does."""
    rules = Rules(dice=(1, 2), faces=2, wild=True)
    walked = solver.solve(rules, 40).strategy
    tree = cfr.flat_tree(rules)
    flat = cfr.flat_solve(rules, 40, check_every=10**6, target=-1.0, tree=tree)
    assert flat.denominator == 0
    compiled = cfr.to_strategy(tree, flat.strategy)
    assert compiled.keys() == walked.keys()
    assert max(float(np.abs(compiled[h] - walked[h]).max()) for h in walked) < 1e-12
    assert 0 < flat.exploitability < 0.1


def test_float_best_responses_equal_the_exact_ones():
    """To an unconverged strategy (8 iterations), both sides: the kernel's floats and the fractions agree."""
    rules = Rules(faces=3, wild=True)
    tree = cfr.flat_tree(rules)
    rough = cfr.flat_solve(rules, 8, check_every=10**6, target=-1.0, tree=tree).strategy
    as_dict = cfr.to_strategy(tree, rough)
    for responder in (0, 1):
        exact = solver.best_response_value(rules, as_dict, responder)
        assert cfr.float_best_response(tree, rough, responder) == pytest.approx(float(exact), abs=1e-13)


ORACLE_CASES = [  # the compiled solve's exact equilibria against the oracle: both best responses are the value
    (Rules(faces=3), Fraction(-1, 9)),
    (Rules(faces=3, wild=True), Fraction(1, 3)),
    # CFR+ does not snap in 400 iterations; the LP's strategy is exact here. Slow: the LP (HiGHS) and the oracle
    pytest.param(Rules(faces=4, wild=True), Fraction(0), marks=pytest.mark.slow),
    (Rules(faces=3, wild=True, wild_face=3), Fraction(1, 9)),  # OpenSpiel's rule: the highest face wild
    (Rules(dice=(2, 1), faces=2), None),
]


@pytest.mark.parametrize("rules, value", ORACLE_CASES, ids=str)
def test_the_equilibrium_has_the_oracles_value_from_both_sides(rules, value):
    found = solver.equilibrium.__wrapped__(rules)
    assert found.exploitability == 0 and found.certified == "exact"
    assert value is None or found.value_low == value
    assert _oracle(rules, found.strategy) == (found.value_low, found.value_low)


def test_the_lp_solves_to_its_precision_and_the_oracle_agrees():
    """The sequence-form LP at one die each with three faces, ones wild: exploitability under 1e-9 by the exact
    best responses (fractions of the LP's floats), the oracle's best responses the same, the value 1/3."""
    rules = Rules(faces=3, wild=True)
    found = lp.lp_solve(rules)
    strategy = cfr.to_strategy(found.tree, found.strategy)
    low, high = _oracle(rules, strategy)
    assert (low, high) == (solver.best_response_value(rules, strategy, 1),
                           solver.best_response_value(rules, strategy, 0))
    assert 0 <= high - low < Fraction(1, 10**9)
    assert abs(low - Fraction(1, 3)) < Fraction(1, 10**9)


# OpenSpiel 2.0.2's Liar's Dice (one die each, the highest face wild, player 0 bids first, the call pays 1),
# computed by OpenSpiel's sequence-form LP (open_spiel.python.algorithms.sequence_form_lp through cvxpy and
# HiGHS; its NashConv by pyspiel.nash_conv 0 to 5e-17) with benchmarks/_liars_dice_anchor.py, 2026-12-07: the
# first player's value. Six faces: OpenSpiel's LP needs 22 GB; pyspiel.expected_returns of holdwise's
# equilibrium gave the value below, pyspiel.nash_conv of it 2.9e-16 (benchmarks/bench_liars_dice.py, "check").
OPENSPIEL = {2: 0.5, 3: 0.1111111111111111, 4: 0.0625, 5: 0.008, 6: -0.02713178294573644}


@pytest.mark.parametrize("faces", [2, 3, 4, pytest.param(5, marks=pytest.mark.slow),  # 5: the LP, 1,024 nodes
                                   pytest.param(6, marks=pytest.mark.slow)])  # 6: the LP and the exact certificate
def test_the_values_are_openspiels(faces):
    found = solver.equilibrium.__wrapped__(Rules(faces=faces, wild=True, wild_face=faces))
    assert found.exploitability < Fraction(1, 10**9)
    assert float(found.value_low) == pytest.approx(OPENSPIEL[faces], abs=1e-6)


@pytest.mark.slow  # about 25 s on the shared machine: the LP at 4,096 histories, then two exact best responses
def test_ones_wild_at_six_faces_is_solved_below_1e_9():
    """Perudo's rule, one die each, six faces: CFR+ does not snap, the LP does it; exploitability below 1e-9 by
    the exact best responses in fractions; the value is -7/327 to that precision."""
    found = solver.equilibrium.__wrapped__(Rules(faces=6, wild=True))
    assert found.method == "lp" and found.certified == "exact"
    assert 0 <= found.exploitability < Fraction(1, 10**9)
    assert abs(found.value_low - Fraction(-7, 327)) < Fraction(1, 10**9)
