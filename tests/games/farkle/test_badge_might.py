"""The Badge of Might (an extra die for a throw): the match against plain value iteration over ordered dice and
their faces, a Might with no use that does nothing, the loadouts not built refused, and the coach."""

import itertools
import math

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games.farkle.badge_match import MIGHT, solve_badge_match
from holdwise.games.farkle.badges import BADGES, badge_by_slug, loadout, parse_badges
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.rules import NAMED_DICE
from tests.oracles.farkle_might_iteration import might_win_chances

ORDINARY, WEIGHTED = NAMED_DICE["ordinary"], NAMED_DICE["weighted"]
TWO = (ORDINARY, ORDINARY)
TWO_W = (ORDINARY, WEIGHTED)
THREE = (ORDINARY,) * 3
OTHER = (ORDINARY, ORDINARY, WEIGHTED)


@pytest.mark.parametrize("mine,theirs,g", [("might-silver", "", 3), ("might-tin", "might-gold", 2),
                                           ("might-tin,warlord-gold", "", 4)])
def test_might_equals_plain_value_iteration_over_faces(mine, theirs, g):
    b1, b2 = parse_badges(mine), parse_badges(theirs)
    uses = (loadout(b1).might, loadout(b2).might)
    if "warlord" in mine:  # a Warlord's use is the oracle's own layer: only a Might without it is compared
        solve = solve_badge_match(TWO, TWO_W, target=50 * g, badges1=b1)
        plain = solve_badge_match(TWO, TWO_W, target=50 * g, badges1=parse_badges("might-tin"))
        assert solve.start_win > plain.start_win
        return
    x = might_win_chances([d.weights for d in TWO], [d.weights for d in TWO_W], g, uses)
    solve = solve_badge_match(TWO, TWO_W, target=50 * g, badges1=b1, badges2=b2)
    assert len(solve.first) == (uses[0] + 1) * (uses[1] + 1)
    for layer in solve.first:
        key = (layer[0][MIGHT], layer[1][MIGHT])
        assert np.abs(np.array(x[0][key]) - solve.first[layer]).max() < 1e-10
        assert np.abs(np.array(x[1][key]) - solve.second[layer]).max() < 1e-10
    if not uses[1]:  # a Might of one's own is worth something
        assert solve.start_win > solve_match(TWO, TWO_W, target=50 * g).first[0, 0] + 0.01


def test_might_with_three_dice_equals_plain_value_iteration():
    x = might_win_chances([d.weights for d in THREE], [d.weights for d in THREE], 2, (1, 0))
    solve = solve_badge_match(THREE, THREE, target=100, badges1=parse_badges("might-tin"))
    for layer in solve.first:
        key = (layer[0][MIGHT], layer[1][MIGHT])
        assert np.abs(np.array(x[0][key]) - solve.first[layer]).max() < 1e-10


def test_a_might_with_no_use_or_a_cancelled_one_changes_nothing():
    for b1, b2 in (((badge_by_slug("might-gold", uses=0),), (badge_by_slug("might-tin", uses=0),)),
                   (parse_badges("might-silver"), parse_badges("defence-silver"))):
        solve = solve_badge_match(THREE, OTHER, target=500, badges1=b1, badges2=b2, direct=False)
        plain = solve_match(THREE, OTHER, target=500)
        assert len(solve.first) == 1
        for layer in solve.first:
            assert np.abs(solve.first[layer] - plain.first).max() < 1e-10
            assert np.abs(solve.second[layer] - plain.second).max() < 1e-10


def test_might_data_and_what_is_not_built():
    assert [BADGES[f"might-{t}"].uses for t in ("tin", "silver", "gold")] == [1, 2, 3]
    assert BADGES["might-tin"].modelled and loadout(parse_badges("might-gold")).might == 3
    for other in ("doppelganger-tin", "resurrection-tin", "fortune-tin"):
        with pytest.raises(InputError, match="not built"):
            loadout(parse_badges(f"might-tin,{other}"))


def test_the_might_throw_of_six_dice_busts_as_seven_dice_with_at_most_six_held():
    # the Might throw's bust: no hold of 1 to 6 of the 7 dice scores (the brute-force split, over multisets)
    from holdwise.games.farkle.badge_might import might_table
    from holdwise.games.farkle.turn import solve_turn
    from tests.oracles.farkle_bruteforce import oracle_score

    def scores(faces):
        return any(oracle_score(list(sub)) > 0 for k in range(1, 7) for sub in
                   set(itertools.combinations(faces, k)))

    bust = sum(math.factorial(7) / math.prod(math.factorial(f.count(v)) for v in set(f)) / 6**7
               for f in itertools.combinations_with_replacement(range(1, 7), 7) if not scores(f))
    table = solve_turn((ORDINARY,) * 6).table
    mt = might_table(table)
    assert mt.bust[table.full_state] == pytest.approx(bust, abs=1e-12)
    # fewer dice: the Might throw of n dice busts as n + 1 dice do
    assert np.allclose(mt.bust[1:table.full_state], table.bust[2:], atol=1e-12)


@pytest.fixture(scope="module")
def mighty():
    return solve_badge_match(THREE, OTHER, target=500, badges1=parse_badges("might-silver"),
                             badges2=parse_badges("might-tin"), store=True)


def test_the_coach_says_when_to_throw_the_extra_die(mighty):
    from holdwise.games.farkle.badge_coach import advise_might, badge_worth

    full = mighty.turns[0].table.full_state
    start = advise_might(mighty, 0, 0, 0, mighty.top, 0, full)
    assert start.value == pytest.approx(mighty.start_win, abs=1e-12)
    # one die left at 300 against an opponent at 450: a second die halves the bust (4/6 -> 4/9): spend it
    one = mighty.turns[0].table.state_of([1])
    late = advise_might(mighty, 0, 0, 450, mighty.top, 300, one)
    assert late.badge == "might" and late.value > late.keeping
    assert late.line.startswith("use the Badge of Might now: throw 1 dice and the extra die (win chance")
    worth = badge_worth(mighty)
    assert worth["mine:might"] > 0.01 and worth["theirs:might"] < -0.01


def test_seeded_play_throwing_the_extra_die_wins_as_often_as_the_solve_says(mighty):
    from holdwise.games.farkle.badge_coach import play_matches

    n = 1500
    wins = play_matches(mighty, n, seed=20261207)
    p = mighty.start_win
    assert abs(wins / n - p) < 3 * np.sqrt(p * (1 - p) / n)
