"""The loadout search weighing a badge: its ranking equals badge match solves done one by one, the plain search
stays as it was, and what is refused."""

import pytest

from holdwise.errors import InputError
from holdwise.games.farkle.analysis import best_loadouts
from holdwise.games.farkle.badge_match import solve_badge_match
from holdwise.games.farkle.badges import badge_by_slug
from holdwise.games.farkle.parsing import parse_dice

OWNED = parse_dice("ordinary*6,weighted,lucky")  # three choices of six, of one or two kinds (quick tables)
OTHER = parse_dice("ordinary*6")


@pytest.mark.parametrize("slug", ["resurrection-tin", "might-tin", "warlord-gold"])
def test_the_badge_ranking_equals_badge_match_solves_one_by_one(slug):
    badge = badge_by_slug(slug)
    plain = best_loadouts(OWNED, top=3, workers=1, opponent_dice=OTHER, target=200)
    weighed = best_loadouts(OWNED, top=3, workers=1, opponent_dice=OTHER, target=200, badge=badge)
    assert weighed.badge == slug and weighed.ranked_by == "badge_win_average"
    assert len(weighed.loadouts) == len(plain.loadouts) == 3
    by_dice = {row.dice: row for row in plain.loadouts}
    for row in weighed.loadouts:
        dice = parse_dice(list(row.dice))
        first = solve_badge_match(dice, OTHER, 200, badges1=(badge,)).start_win
        # moving second: the opponent is player 1 and the badge player 2's
        second = 1 - solve_badge_match(OTHER, dice, 200, badges2=(badge,)).start_win
        assert row.badge_win_first == pytest.approx(first, abs=1e-9)
        assert row.badge_win_second == pytest.approx(second, abs=1e-9)
        assert row.badge_win_average == pytest.approx((first + second) / 2, abs=1e-9)
        assert row.badge_worth == pytest.approx(row.badge_win_average - by_dice[row.dice].win_average, abs=1e-12)
        assert row.win_average == by_dice[row.dice].win_average  # the plain figures kept beside
        assert row.badge_worth > 0
    averages = [row.badge_win_average for row in weighed.loadouts]
    assert averages == sorted(averages, reverse=True)


def test_a_badge_needs_an_opponent_and_a_badge_that_does_something():
    with pytest.raises(InputError, match="opponent") as err:
        best_loadouts(OWNED, top=2, badge=badge_by_slug("fortune-tin"))
    assert err.value.field == "badge"
    with pytest.raises(InputError, match="changes nothing"):
        best_loadouts(OWNED, top=2, opponent_dice=OTHER, target=200, badge=badge_by_slug("defence-gold"))


def test_a_badge_search_beyond_the_guard_is_refused_in_one_line_before_any_solve():
    with pytest.raises(InputError, match="largest accepted target") as err:
        best_loadouts(OWNED, top=300, opponent_dice=OTHER, target=20000, badge=badge_by_slug("fortune-gold"))
    assert "\n" not in str(err.value) and err.value.field == "target"
