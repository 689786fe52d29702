"""Badges at the Kingdom Come table: the rules data, the match with badges against plain value iteration,
badges that do nothing, and seeded play by the solver's policy."""

import dataclasses

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games.farkle.badge_coach import advise_bust, advise_roll, badge_worth, play_matches
from holdwise.games.farkle.badge_match import solve_badge_match
from holdwise.games.farkle.badges import BADGES, NOT_MODELLED, badge_by_slug, loadout, parse_badges
from holdwise.games.farkle.hints import selections_of
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.rules import NAMED_DICE
from holdwise.games.farkle.turn import solve_turn
from tests.oracles.farkle_badge_iteration import badge_win_chances

ORDINARY, WEIGHTED = NAMED_DICE["ordinary"], NAMED_DICE["weighted"]
THREE = (ORDINARY,) * 3  # three dice bust often: every badge matters at a small target
OTHER = (ORDINARY, ORDINARY, WEIGHTED)
SIX = (ORDINARY,) * 6


def test_badges_parse_by_slug_and_refuse_what_is_not_modelled():
    assert badge_by_slug("Gold Warlord's Badge") == BADGES["warlord-gold"]
    assert badge_by_slug("doppelganger_silver").uses == 2
    assert [b.slug for b in parse_badges("warlord-tin, resurrection-gold")] == ["warlord-tin", "resurrection-gold"]
    assert BADGES["warlord-silver"].amount == 50 and BADGES["headstart-tin"].amount == 100
    assert [b.slug for b in parse_badges("might-tin")] == ["might-tin"]  # every badge listed is modelled now
    with pytest.raises(InputError, match="unknown badge"):
        parse_badges("luck-tin")
    with pytest.raises(InputError, match="one badge of each kind"):
        parse_badges("warlord-tin,warlord-gold")
    assert set(NOT_MODELLED) == {b.effect for b in BADGES.values() if not b.modelled}


def test_defence_cancels_the_opponents_badges_of_its_tier_only():
    mine = parse_badges("warlord-tin,resurrection-silver,headstart-tin")
    assert loadout(mine, parse_badges("defence-tin")).uses == (0, 0, 2)
    assert loadout(mine, parse_badges("defence-tin")).start == 0
    assert loadout(mine, parse_badges("defence-gold")) == loadout(mine)


def _check(b1, b2, g):
    l1, l2 = loadout(b1, b2), loadout(b2, b1)
    tables = (solve_turn(THREE).table, solve_turn(OTHER).table)
    x = badge_win_chances(tables, g, (l1.uses, l2.uses), (l1.warlord_percent, l2.warlord_percent))
    solve = solve_badge_match(THREE, OTHER, target=50 * g, badges1=b1, badges2=b2)
    assert len(solve.first) == len(x[0]) > 1
    for layer in solve.first:
        assert np.abs(np.array(x[0][layer]) - solve.first[layer]).max() < 1e-10
        assert np.abs(np.array(x[1][layer]) - solve.second[layer]).max() < 1e-10
    return solve


@pytest.mark.parametrize("mine,theirs,g", [
    ("warlord-tin", "", 6), ("warlord-gold", "", 5), ("doppelganger-silver", "", 4),
    ("resurrection-silver", "", 4), ("doppelganger-tin", "warlord-silver", 4),
    ("resurrection-tin", "resurrection-tin", 4)])
def test_badge_match_equals_plain_value_iteration(mine, theirs, g):
    solve = _check(parse_badges(mine), parse_badges(theirs), g)
    base = solve.first[((0, 0, 0), (0, 0, 0))][0, 0]
    # a badge of one's own is worth something at the start; one of the opponent's costs something
    assert (solve.start_win > base + 1e-3) if not theirs else solve.start_win != base


def test_headstart_reads_the_start_pair():
    solve = solve_badge_match(THREE, OTHER, target=500, badges1=parse_badges("headstart-tin"),
                              badges2=parse_badges("headstart-silver"), direct=False)
    plain = solve_match(THREE, OTHER, target=500)
    assert solve.start_win == pytest.approx(plain.first[2, 4], abs=1e-10)
    direct = solve_badge_match(THREE, OTHER, target=500, badges1=parse_badges("headstart-tin"),
                               badges2=parse_badges("headstart-silver"))
    assert direct.start_win == plain.first[2, 4]


def _same_as_no_badge(b1, b2=()):
    solve = solve_badge_match(THREE, OTHER, target=600, badges1=b1, badges2=b2, direct=False)
    plain = solve_match(THREE, OTHER, target=600)
    for layer in solve.first:
        assert np.abs(solve.first[layer] - plain.first).max() < 1e-10
        assert np.abs(solve.second[layer] - plain.second).max() < 1e-10
    return solve


@pytest.mark.parametrize("slug", ["warlord-tin", "doppelganger-gold", "resurrection-gold"])
def test_a_badge_with_no_use_changes_nothing(slug):
    badge = dataclasses.replace(badge_by_slug(slug), uses=0)
    assert len(_same_as_no_badge((badge,), (badge,)).first) == 1


def test_a_warlord_of_no_percent_changes_nothing_in_any_layer():
    badge = badge_by_slug("warlord-gold", amount=0)
    assert len(_same_as_no_badge((badge,), (badge,)).first) == 4


def test_a_headstart_of_no_points_or_a_defence_with_nothing_to_cancel_changes_nothing():
    solve = _same_as_no_badge((badge_by_slug("headstart-gold", amount=0), badge_by_slug("defence-tin")),
                              parse_badges("defence-silver"))
    assert solve.start_win == pytest.approx(solve_match(THREE, OTHER, target=600).first[0, 0], abs=1e-10)


def test_a_cancelled_badge_changes_nothing():
    _same_as_no_badge(parse_badges("warlord-tin,resurrection-tin"), parse_badges("defence-tin"))


def test_six_dice_without_badges_equal_the_match():
    solve = solve_badge_match(SIX, target=1000, direct=False)
    assert np.abs(solve.first[((0, 0, 0), (0, 0, 0))] - solve_match(SIX, target=1000).first).max() < 1e-10


@pytest.fixture(scope="module")
def stored():
    return solve_badge_match(THREE, OTHER, target=600, badges1=parse_badges("warlord-tin,doppelganger-tin"),
                             badges2=parse_badges("resurrection-tin"), store=True)


def test_seeded_play_by_the_solves_choices_wins_as_often_as_it_says(stored):
    n = 3000
    wins = play_matches(stored, n, seed=20261207)
    p = stored.start_win
    assert abs(wins / n - p) < 3 * np.sqrt(p * (1 - p) / n)


def test_each_badge_is_worth_its_layer_at_the_start(stored):
    worth = badge_worth(stored)
    top = stored.top
    assert worth["mine:warlord"] == pytest.approx(stored.start_win - stored.first[((0, 1, 0), top[1])][0, 0])
    assert worth["mine:doppelganger"] > 0.05 and worth["mine:warlord"] > 0.01
    assert worth["theirs:resurrection"] < -0.01
    # player 2 busts its first throw with the opponent 50 from the target: throw again
    advice = advise_bust(stored, 1, 0, 550, stored.top, 0, stored.turns[1].table.full_state)
    assert advice.badge == "resurrection" and advice.value > advice.keeping


def test_the_coach_says_when_to_spend_a_badge():
    six = (ORDINARY,) * 6
    solve = solve_badge_match(six, target=2000, badges1=parse_badges("doppelganger-tin"), store=True)
    # three 1s doubled reach the target from 0 (2 x 1,000 = 2,000): spend it
    sel = selections_of(six, [1, 1, 1, 3, 4, 6], [1, 2, 3, 4, 5, 6])
    advice = advise_roll(solve, 0, 0, 1500, solve.top, 0, sel)
    assert advice.badge == "doppelganger" and advice.value == 1.0 > advice.keeping
    assert advice.line.startswith("use the Doppelganger's Badge now: keep 1 1 1 doubled")
    # a full straight reaches the target from 1,000 without the badge: keep it
    sel = selections_of(six, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])
    assert advise_roll(solve, 0, 1000, 1500, solve.top, 0, sel).badge == ""
    assert advise_bust(solve, 0, 0, 0, solve.top, 0, 6).badge == ""  # no Resurrection brought


def test_the_answer_does_not_depend_on_the_threads():
    b1, b2 = parse_badges("doppelganger-tin,warlord-tin"), parse_badges("resurrection-tin")
    one = solve_badge_match(THREE, OTHER, target=500, badges1=b1, badges2=b2, workers=1)
    three = solve_badge_match(THREE, OTHER, target=500, badges1=b1, badges2=b2, workers=3)
    for layer in one.first:
        assert np.array_equal(one.first[layer], three.first[layer])
        assert np.array_equal(one.second[layer], three.second[layer])
