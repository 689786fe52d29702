"""Race-aware matches: seeded play against the exact win chance, and sanity of the tables."""

import numpy as np
import pytest

from holdwise.games.farkle import best_loadouts, parse_dice
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.simulate import simulate_matches
from holdwise.games.farkle.turn import solve_turn


@pytest.mark.parametrize("target,n", [(1000, 100_000), (4000, 60_000)])
def test_simulated_matches_agree_with_the_exact_win_chance(target, n):
    dice = parse_dice(None)
    match = solve_match(dice, target=target, store=True)
    wins = simulate_matches(match, dice, dice, n, seed=20261130)
    p = match.first_player_win
    assert abs(wins / n - p) < 3 * np.sqrt(p * (1 - p) / n)


def test_win_chances_are_chances_and_favour_the_leader():
    match = solve_match(parse_dice(None), target=1500)
    x = match.first
    assert np.all((x >= 0) & (x <= 1))
    assert np.all(np.diff(x, axis=0) >= -1e-12)  # more points of one's own never hurt
    assert np.all(np.diff(x, axis=1) <= 1e-12)  # more points of the opponent never help
    assert 0.5 < match.first_player_win < 0.7


def test_race_aware_beats_race_blind():
    dice = parse_dice(None)
    aware = solve_match(dice, target=1500, blind2=True).first_player_win
    both = solve_match(dice, target=1500).first_player_win
    blind_first = solve_match(dice, target=1500, blind1=True).first_player_win
    assert aware >= both - 1e-12
    assert blind_first <= both + 1e-12


def test_bad_target():
    with pytest.raises(ValueError, match="multiple of 50"):
        solve_match(parse_dice(None), target=1020)


def test_loadout_ranks_every_distinct_choice():
    owned = parse_dice("ordinary*5,weighted,odd")
    ranking = best_loadouts(owned, top=10, workers=1)
    ranked, n = ranking.loadouts, ranking.choices
    assert n == 3  # 5 ordinary + weighted; 5 ordinary + odd; 4 ordinary + weighted + odd (and others repeat)
    values = [r.expected_points for r in ranked]
    assert values == sorted(values, reverse=True)
    best = ranked[0]
    assert best.expected_points == pytest.approx(solve_turn(parse_dice(",".join(best.dice))).expected_points)


def test_loadout_search_reports_progress_and_win_chances():
    seen = []
    ranking = best_loadouts(parse_dice("ordinary*5,weighted,odd"), top=2, workers=1,
                            opponent_dice=parse_dice(None), target=500, progress=lambda d, t: seen.append((d, t)))
    assert [d for d, _ in seen] == [1, 2, 3, 5, 7] and {t for _, t in seen} == {7}  # 3 loadouts, then 2 x 2 matches
    best = ranking.loadouts[0]
    assert best.win_first == pytest.approx(solve_match(parse_dice(",".join(best.dice)), parse_dice(None),
                                                       target=500).first_player_win)
    assert ranking.target == 500 and ranking.opponent_dice == ("ordinary",) * 6
