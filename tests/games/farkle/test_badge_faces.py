"""Badges spent after a throw (Fortune, Transmutation): the match against plain value iteration over ordered
dice and their faces, badges that do nothing, and the loadouts not built refused."""

import itertools
import math

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games.farkle.badge_coach import advise_throw, play_matches
from holdwise.games.farkle.badge_match import solve_badge_match
from holdwise.games.farkle.badges import BADGES, badge_by_slug, loadout, parse_badges
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.rules import NAMED_DICE
from tests.oracles.farkle_face_badge_iteration import face_badge_win_chances

ORDINARY, WEIGHTED = NAMED_DICE["ordinary"], NAMED_DICE["weighted"]
TWO = (ORDINARY, ORDINARY)  # two dice bust often and keep the brute force quick
TWO_W = (ORDINARY, WEIGHTED)
THREE = (ORDINARY,) * 3
OTHER = (ORDINARY, ORDINARY, WEIGHTED)


def _spec(text):
    if not text:
        return ("fortune", 0), 0
    b = parse_badges(text)[0]
    return (b.effect, b.amount), b.uses


@pytest.mark.parametrize("mine,theirs,g,worth", [
    ("fortune-gold", "", 3, 1), ("transmutation-tin", "", 3, 0), ("", "fortune-silver", 3, -1),
    ("transmutation-gold", "", 2, 1)])
def test_after_throw_badges_equal_plain_value_iteration_over_faces(mine, theirs, g, worth):
    (s1, u1), (s2, u2) = _spec(mine), _spec(theirs)
    x = face_badge_win_chances([d.weights for d in TWO], [d.weights for d in TWO_W], g, (s1, s2), (u1, u2))
    solve = solve_badge_match(TWO, TWO_W, target=50 * g, badges1=parse_badges(mine), badges2=parse_badges(theirs))
    assert len(solve.first) == 2
    for layer in solve.first:
        uses = (layer[0][3], layer[1][3])
        assert np.abs(np.array(x[0][uses]) - solve.first[layer]).max() < 1e-10
        assert np.abs(np.array(x[1][uses]) - solve.second[layer]).max() < 1e-10
    base = solve_match(TWO, TWO_W, target=50 * g).first[0, 0]
    # worth at the start: a gain, a loss, or none (two dice never score a lone 3: a die turned into a 3 is no use)
    assert np.sign(round(solve.start_win - base, 6)) == worth


def _same_as_no_badge(b1, b2=()):
    solve = solve_badge_match(THREE, OTHER, target=500, badges1=b1, badges2=b2, direct=False)
    plain = solve_match(THREE, OTHER, target=500)
    assert len(solve.first) == 1
    for layer in solve.first:
        assert np.abs(solve.first[layer] - plain.first).max() < 1e-10
        assert np.abs(solve.second[layer] - plain.second).max() < 1e-10


@pytest.mark.parametrize("slug", ["fortune-tin", "fortune-gold", "transmutation-silver"])
def test_an_after_throw_badge_with_no_use_changes_nothing(slug):
    badge = badge_by_slug(slug, uses=0)
    _same_as_no_badge((badge,), (badge,))


def test_a_fortune_of_no_dice_or_a_cancelled_one_changes_nothing():
    _same_as_no_badge((badge_by_slug("fortune-gold", amount=0),))
    _same_as_no_badge(parse_badges("fortune-silver"), parse_badges("defence-silver"))


def test_fortune_and_transmutation_data_and_what_is_not_built():
    assert [BADGES[f"fortune-{t}"].amount for t in ("tin", "silver", "gold")] == [1, 2, 3]
    assert [BADGES[f"transmutation-{t}"].amount for t in ("tin", "silver", "gold")] == [3, 5, 1]
    assert loadout(parse_badges("fortune-silver")).after == ("fortune", 2, 1)
    with pytest.raises(InputError, match="not built"):
        loadout(parse_badges("fortune-tin,doppelganger-tin"))
    with pytest.raises(InputError, match="at most one"):
        loadout(parse_badges("fortune-tin,transmutation-tin"))


@pytest.mark.parametrize("slug", ["fortune-silver", "transmutation-gold"])
def test_the_coach_after_a_throw_prices_every_throw_as_the_solve(slug):
    # the start's value is the chance-weighted sum of the coach's best play over every first throw
    solve = solve_badge_match(THREE, target=500, badges1=parse_badges(slug), store=True)
    full = solve.turns[0].table.full_state
    total = 0.0
    for faces in itertools.combinations_with_replacement(range(1, 7), 3):
        chance = math.factorial(3) / math.prod(math.factorial(faces.count(f)) for f in set(faces)) / 6**3
        total += chance * advise_throw(solve, 0, 0, 0, solve.top, 0, full, [list(faces)]).value
    assert total == pytest.approx(solve.start_win, abs=1e-10)
    two = solve.turns[0].table.state_of([2])
    line = advise_throw(solve, 0, 0, 0, solve.top, 300, two, [[4, 6]]).line
    want = "re-roll the 4 and the 6" if slug.startswith("fortune") else "turn the 4 into a 1"
    assert line.startswith(f"use the Badge of {slug.split('-')[0].title()} now: {want} (win chance")


@pytest.mark.parametrize("mine,theirs,n", [("fortune-silver", "transmutation-tin", 500),
                                           ("transmutation-gold,warlord-tin", "", 2000)])
def test_seeded_play_spending_after_throws_wins_as_often_as_the_solve_says(mine, theirs, n):
    # Fortune's moves are priced in Python at every throw: fewer matches keep the test quick
    solve = solve_badge_match(THREE, OTHER, target=400, badges1=parse_badges(mine), badges2=parse_badges(theirs),
                              store=True)
    wins = play_matches(solve, n, seed=20261207)
    p = solve.start_win
    assert abs(wins / n - p) < 3 * np.sqrt(p * (1 - p) / n)
