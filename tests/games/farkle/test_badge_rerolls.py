"""Swap-Out, Wedding and the Emperor's Badge: the re-rolls against plain value iteration over ordered dice and
their faces, the Emperor's scoring against a brute-force split and the match with it against plain value
iteration, and each badge made to do nothing changes nothing."""

import itertools

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games.farkle.badge_coach import advise_throw, badge_report
from holdwise.games.farkle.badge_match import solve_badge_match
from holdwise.games.farkle.badges import BADGES, EMPEROR_FACES, badge_by_slug, loadout, parse_badges
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.roll_table import CODE_BASE, score_table
from holdwise.games.farkle.rules import NAMED_DICE
from holdwise.games.farkle.turn import solve_turn_with
from tests.oracles.farkle_advantage_score import oracle_score_with
from tests.oracles.farkle_badge_iteration import badge_win_chances
from tests.oracles.farkle_face_badge_iteration import face_badge_win_chances

ORDINARY, WEIGHTED = NAMED_DICE["ordinary"], NAMED_DICE["weighted"]
TWO = (ORDINARY, ORDINARY)
TWO_W = (ORDINARY, WEIGHTED)
THREE = (ORDINARY,) * 3
OTHER = (ORDINARY, ORDINARY, WEIGHTED)


def test_the_new_badges_as_rules_data():
    assert [BADGES[s].amount for s in ("swap-out-silver", "swap-out-gold", "wedding-gold")] == [1, 2, 3]
    assert BADGES["emperor-gold"].amount == 3000 and all(BADGES[s].modelled for s in (
        "swap-out-silver", "swap-out-gold", "wedding-gold", "emperor-gold"))
    assert loadout(parse_badges("swap-out-gold")).after == ("swap-out", 2, 1)
    assert loadout(parse_badges("wedding-gold")).after == ("wedding", 3, 1)
    assert loadout(parse_badges("emperor-gold,advantage-eye")).combos == (((1, 1, 1), 3000), ((1, 3, 5), 300))
    assert loadout(parse_badges("emperor-gold"), parse_badges("defence-gold")).combos == ()
    with pytest.raises(InputError, match="at most one"):
        loadout(parse_badges("wedding-gold,swap-out-silver"))


@pytest.mark.parametrize("mine,theirs,g,three", [
    ("swap-out-gold", "", 3, False), ("swap-out-silver", "wedding-gold", 2, False), ("", "swap-out-gold", 2, True)])
def test_rerolls_equal_plain_value_iteration_over_faces(mine, theirs, g, three):
    def spec(text):
        if not text:
            return ("fortune", 0), 0
        b = parse_badges(text)[0]
        return (b.effect, b.amount), b.uses

    (s1, u1), (s2, u2) = spec(mine), spec(theirs)
    d1, d2 = (THREE, TWO) if three else (TWO, TWO_W)
    x = face_badge_win_chances([d.weights for d in d1], [d.weights for d in d2], g, (s1, s2), (u1, u2))
    solve = solve_badge_match(d1, d2, target=50 * g, badges1=parse_badges(mine), badges2=parse_badges(theirs))
    assert len(solve.first) == (u1 + 1) * (u2 + 1)
    for layer in solve.first:
        uses = (layer[0][3], layer[1][3])
        assert np.abs(np.array(x[0][uses]) - solve.first[layer]).max() < 1e-10
        assert np.abs(np.array(x[1][uses]) - solve.second[layer]).max() < 1e-10


def test_swap_out_gold_is_between_silver_and_fortune_silver_and_wedding_is_fortune_gold():
    # like dice only: more than one die (silver), fewer moves than any two dice (Fortune silver)
    win = {s: solve_badge_match(THREE, OTHER, target=400, badges1=parse_badges(s)).start_win
           for s in ("swap-out-silver", "swap-out-gold", "fortune-silver", "fortune-tin", "wedding-gold",
                     "fortune-gold")}
    assert win["swap-out-silver"] == pytest.approx(win["fortune-tin"], abs=1e-12)
    assert win["swap-out-silver"] < win["swap-out-gold"] < win["fortune-silver"]
    assert win["wedding-gold"] == pytest.approx(win["fortune-gold"], abs=1e-12)


def _same_as_no_badge(b1, b2=()):
    solve = solve_badge_match(THREE, OTHER, target=500, badges1=b1, badges2=b2, direct=False)
    plain = solve_match(THREE, OTHER, target=500)
    assert len(solve.first) == 1
    for layer in solve.first:
        assert np.abs(solve.first[layer] - plain.first).max() < 1e-10
        assert np.abs(solve.second[layer] - plain.second).max() < 1e-10


@pytest.mark.parametrize("badge", [badge_by_slug("swap-out-gold", uses=0), badge_by_slug("wedding-gold", amount=0),
                                   badge_by_slug("swap-out-silver", amount=0), badge_by_slug("emperor-gold", amount=0),
                                   badge_by_slug("emperor-gold", amount=1000)])
def test_a_new_badge_made_to_do_nothing_changes_nothing(badge):
    # the Emperor's at 1,000 is the table's own three 1s (four 1s score 2,000 > 1,000 + 100)
    _same_as_no_badge((badge,), (badge,))


def test_a_cancelled_emperor_or_swap_out_changes_nothing():
    _same_as_no_badge(parse_badges("emperor-gold,swap-out-gold"), parse_badges("defence-gold"))


@pytest.mark.parametrize("amount", [3000, 1500])
def test_the_emperors_score_table_equals_a_brute_force_split(amount):
    combos = ((EMPEROR_FACES, amount),)
    table = score_table(combos)
    for n in range(1, 7):
        for faces in itertools.combinations_with_replacement(range(1, 8), n):
            if faces.count(7) > 2:
                continue
            want = oracle_score_with(faces, combos)
            assert table[sum(CODE_BASE ** (f - 1) for f in faces)] == (want // 50 if want > 0 else -1), faces
    assert table[3] == amount // 50 and table[4] == max(40, amount // 50 + 2)  # three and four 1s


# Three 1s win at 1,000 already, so the Emperor's changes a match only past 1,000, where the oracle's sweeps take
# about 30 s (the suite's budget): its table is checked above against a brute-force split, and a match over a
# table with an extra combination against the oracle with the Advantages (test_badge_advantage.py); here the layers of a
# match where both bring it
@pytest.mark.parametrize("mine,theirs,g,other", [("emperor-gold", "emperor-gold,warlord-tin", 4, OTHER)])
def test_the_match_with_the_emperor_equals_plain_value_iteration(mine, theirs, g, other):
    b1, b2 = parse_badges(mine), parse_badges(theirs)
    l1, l2 = loadout(b1, b2), loadout(b2, b1)
    tables = (solve_turn_with(THREE, l1.combos).table, solve_turn_with(other, l2.combos).table)
    x = badge_win_chances(tables, g, (l1.uses, l2.uses), (l1.warlord_percent, l2.warlord_percent))
    for direct in (False, True):
        solve = solve_badge_match(THREE, other, target=50 * g, badges1=b1, badges2=b2, direct=direct)
        for layer in solve.first:
            assert np.abs(np.array(x[0][layer]) - solve.first[layer]).max() < 1e-10
            assert np.abs(np.array(x[1][layer]) - solve.second[layer]).max() < 1e-10
    if not theirs:
        assert solve.start_win > solve_match(THREE, other, target=50 * g).first[0, 0] + 1e-6


def test_the_coach_names_the_swap_out_and_the_report_prices_the_emperor():
    solve = solve_badge_match(THREE, target=500, badges1=parse_badges("swap-out-gold"), store=True)
    three = solve.turns[0].table.full_state
    # 4 4 2 busts: the 2 thrown again scores with a 1, a 5 or a 4 (one in two), the 4s with 1s, 5s or 6 6
    line = advise_throw(solve, 0, 0, 0, solve.top, 0, three, [[4, 4, 2]]).line
    assert line.startswith("use the Swap-Out Badge now: re-roll the 2 (win chance")
    # 3 3 with 300 in hand: both 3s thrown again score five times in nine, one of them one time in three
    two = solve.turns[0].table.state_of([2])
    line = advise_throw(solve, 0, 0, 0, solve.top, 300, two, [[3, 3]]).line
    assert line.startswith("use the Swap-Out Badge now: re-roll the 3 and the 3 (win chance")
    six = (ORDINARY,) * 6
    report = badge_report(six, None, 1200, parse_badges("emperor-gold"), ())
    without = solve_match(six, target=1200).first[0, 0]
    assert report.badge_worth["emperor"] == pytest.approx(report.first_player_win_chance - without, abs=1e-12)
    assert report.badge_worth["emperor"] > 0
