"""The Badges of Advantage (Cut, Gallows, Eye): extra combinations scored against a brute-force split, the match
with them against plain value iteration, and a combination that scores nothing changes nothing."""

import itertools

import numpy as np
import pytest

from holdwise.games.farkle.badge_coach import badge_report
from holdwise.games.farkle.badge_match import solve_badge_match
from holdwise.games.farkle.badges import ADVANTAGE_FACES, BADGES, badge_by_slug, loadout, parse_badges
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.roll_table import CODE_BASE, N_FACES, score_table
from holdwise.games.farkle.rules import NAMED_DICE
from holdwise.games.farkle.turn import solve_turn_with
from tests.oracles.farkle_advantage_score import oracle_score_with
from tests.oracles.farkle_badge_iteration import badge_win_chances

ORDINARY, WEIGHTED = NAMED_DICE["ordinary"], NAMED_DICE["weighted"]
THREE = (ORDINARY,) * 3
OTHER = (ORDINARY, ORDINARY, WEIGHTED)
ALL = tuple((ADVANTAGE_FACES[s], BADGES[s].amount) for s in ADVANTAGE_FACES)


@pytest.mark.parametrize("combos", [ALL[:1], ALL[1:2], ALL[2:], ALL, ((ALL[0][0], 500),)])
def test_the_score_table_with_combinations_equals_a_brute_force_split(combos):
    table = score_table(tuple(sorted(combos)))
    checked = 0
    for n in range(1, 7):
        for faces in itertools.combinations_with_replacement(range(1, 8), n):
            if faces.count(7) > 2:  # the oracle fills jokers by brute force: up to two keep it quick
                continue
            code = sum(CODE_BASE ** (f - 1) for f in faces)
            want = oracle_score_with(faces, combos)
            assert table[code] == (want // 50 if want > 0 else -1), faces
            checked += 1
    assert checked > 1000 and len(table) == CODE_BASE**N_FACES


def test_the_advantage_defaults_beat_their_dice_without_the_badge():
    plain = score_table()
    for slug, faces in ADVANTAGE_FACES.items():
        code = sum(CODE_BASE ** (f - 1) for f in faces)
        assert score_table(((faces, BADGES[slug].amount),))[code] > plain[code]


def test_advantages_parse_together_and_no_defence_cancels_them():
    mine = parse_badges("advantage-cut,advantage-eye")
    for tier in ("tin", "silver", "gold"):
        assert loadout(mine, parse_badges(f"defence-{tier}")).combos == (((1, 3, 5), 300), ((3, 5), 100))


@pytest.mark.parametrize("mine,theirs,g", [
    ("advantage-cut", "", 6), ("advantage-gallows", "advantage-eye", 5), ("advantage-eye,warlord-tin", "", 4)])
def test_the_match_with_advantages_equals_plain_value_iteration(mine, theirs, g):
    b1, b2 = parse_badges(mine), parse_badges(theirs)
    l1, l2 = loadout(b1, b2), loadout(b2, b1)
    tables = (solve_turn_with(THREE, l1.combos).table, solve_turn_with(OTHER, l2.combos).table)
    x = badge_win_chances(tables, g, (l1.uses, l2.uses), (l1.warlord_percent, l2.warlord_percent))
    base = solve_match(THREE, OTHER, target=50 * g).first[0, 0]
    for direct in (False, True):
        solve = solve_badge_match(THREE, OTHER, target=50 * g, badges1=b1, badges2=b2, direct=direct)
        for layer in solve.first:
            assert np.abs(np.array(x[0][layer]) - solve.first[layer]).max() < 1e-10
            assert np.abs(np.array(x[1][layer]) - solve.second[layer]).max() < 1e-10
        # one's own Advantage helps at the start
        assert not theirs and solve.start_win > base + 1e-3 or theirs and solve.start_win != base


def test_advantage_for_one_of_two_equal_players_is_not_solved_as_a_mirror():
    six = (ORDINARY,) * 6
    direct = solve_badge_match(six, target=600, badges1=parse_badges("advantage-cut"))
    own = solve_badge_match(six, target=600, badges1=parse_badges("advantage-cut"), direct=False)
    top = ((0, 0, 0), (0, 0, 0))
    assert np.abs(direct.first[top] - own.first[top]).max() < 1e-10
    assert direct.start_win > solve_match(six, target=600).first[0, 0] + 0.01


@pytest.mark.parametrize("slug", list(ADVANTAGE_FACES))
def test_an_advantage_that_scores_nothing_changes_nothing(slug):
    badge = badge_by_slug(slug, amount=0)
    solve = solve_badge_match(THREE, OTHER, target=600, badges1=(badge,), badges2=(badge,), direct=False)
    plain = solve_match(THREE, OTHER, target=600)
    top = ((0, 0, 0), (0, 0, 0))
    assert list(solve.first) == [top]
    assert np.abs(solve.first[top] - plain.first).max() < 1e-10
    assert np.abs(solve.second[top] - plain.second).max() < 1e-10


def test_the_report_prices_an_advantage_by_the_solve_without_it():
    six = (ORDINARY,) * 6
    report = badge_report(six, None, 600, parse_badges("advantage-cut"), parse_badges("advantage-eye"))
    both = solve_badge_match(six, target=600, badges1=parse_badges("advantage-cut"),
                             badges2=parse_badges("advantage-eye")).start_win
    without_mine = solve_badge_match(six, target=600, badges2=parse_badges("advantage-eye")).start_win
    without_theirs = solve_badge_match(six, target=600, badges1=parse_badges("advantage-cut")).start_win
    assert report.first_player_win_chance == pytest.approx(both, abs=1e-12)
    assert report.badge_worth["advantage"] == pytest.approx(both - without_mine, abs=1e-12)
    assert report.opponent_badge_worth["advantage"] == pytest.approx(both - without_theirs, abs=1e-12)
    assert report.badge_worth["advantage"] > 0 > report.opponent_badge_worth["advantage"]
