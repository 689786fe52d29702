"""Race-aware matches: seeded play against the exact win chance, and sanity of the tables."""

import numpy as np
import pytest

from holdwise.games.farkle import best_loadouts, parse_dice
from holdwise.games.farkle.match import solve_match
from holdwise.games.farkle.simulate import simulate_matches
from holdwise.games.farkle.turn import solve_turn
from tests.oracles.farkle_match_iteration import match_win_chances


@pytest.mark.slow
@pytest.mark.parametrize("target,n", [(1000, 100_000), (4000, 60_000)])
def test_simulated_matches_agree_with_the_exact_win_chance(target, n):
    dice = parse_dice(None)
    match = solve_match(dice, target=target, store=True)
    wins = simulate_matches(match, dice, dice, n, seed=20261130)
    p = match.first_player_win
    assert abs(wins / n - p) < 3 * np.sqrt(p * (1 - p) / n)


@pytest.mark.slow
@pytest.mark.parametrize("mine,target", [(None, 250), ("ordinary*4,weighted,odd", 250),
                                         # four unlike dice: the plain iteration's states grow as target^3
                                         ("ordinary*3,lucky,kings,devils-head", 200),
                                         ("ordinary*3,mathematician,wagoner,balatro", 200)])  # catalogue dice
def test_match_equals_plain_value_iteration(mine, target):
    dice, opponent = parse_dice(mine), parse_dice(None)
    x1, x2 = match_win_chances(solve_turn(dice).table, solve_turn(opponent).table, target // 50)
    match = solve_match(dice, opponent, target=target)
    assert np.abs(np.array(x1) - match.first).max() < 1e-12
    assert np.abs(np.array(x2) - match.second).max() < 1e-12


@pytest.mark.parametrize("blind", [False, True])
def test_one_solve_answers_for_either_player_moving_first(blind):
    # the game with player 2 to move first is the same game: its start chance is second[0, 0] of this solve
    mine, other = parse_dice("ordinary*4,weighted,odd"), parse_dice("ordinary*5,lucky")
    solve = solve_match(mine, other, target=900, blind2=blind)
    mirrored = solve_match(other, mine, target=900, blind1=blind)
    assert solve.win_moving_second == pytest.approx(1 - mirrored.first_player_win, abs=1e-12)
    np.testing.assert_allclose(solve.second, mirrored.first, atol=1e-12)


def test_threads_do_not_change_the_answer():
    dice = parse_dice("ordinary*5,weighted")
    one = solve_match(dice, parse_dice(None), target=1200, store=True, workers=1)
    for workers in (2, 3):
        many = solve_match(dice, parse_dice(None), target=1200, store=True, workers=workers)
        assert np.array_equal(one.first, many.first) and np.array_equal(one.second, many.second)
        assert np.array_equal(one.w_first, many.w_first) and np.array_equal(one.w_second, many.w_second)
        assert one.iterations == many.iterations


@pytest.mark.slow
@pytest.mark.parametrize("blind", [False, True])
def test_a_mirrored_solve_equals_the_full_solve(blind):
    # both players the same: the pair (a, b) also answers (b, a), so half the pairs are solved
    dice = parse_dice("ordinary*4,weighted,odd")
    half = solve_match(dice, target=1100, blind1=blind, blind2=blind, store=True)
    full = solve_match(dice, target=1100, blind1=blind, blind2=blind, store=True, mirror=False)
    assert half.second is half.first and half.w_second is half.w_first
    for a, b in ((half.first, full.first), (half.first, full.second), (half.w_first, full.w_first),
                 (half.w_second, full.w_second)):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)
    assert half.iterations < 0.6 * full.iterations


def test_mirror_needs_the_same_players():
    dice = parse_dice(None)
    with pytest.raises(ValueError, match="same dice"):
        solve_match(dice, parse_dice("ordinary*5,odd"), target=500, mirror=True)
    with pytest.raises(ValueError, match="same blind flag"):
        solve_match(dice, target=500, blind2=True, mirror=True)


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
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]  # every choice's two matches, one choice at a time
    assert ranking.ranked_by == "win_average" and len(ranking.loadouts) == 2
    for row in ranking.loadouts:
        dice = parse_dice(",".join(row.dice))
        assert row.win_first == pytest.approx(solve_match(dice, parse_dice(None), target=500).first_player_win,
                                              abs=1e-12)
        assert row.win_second == pytest.approx(
            1 - solve_match(parse_dice(None), dice, target=500).first_player_win, abs=1e-12)
        assert row.win_average == pytest.approx((row.win_first + row.win_second) / 2, abs=1e-15)
    assert ranking.target == 500 and ranking.opponent_dice == ("ordinary",) * 6


def test_loadout_search_with_an_opponent_ranks_by_win_chance():
    # the three choices of these dice: by expected points weighted first, but who ranks first against an
    # opponent is decided by the average win chance, computed here for every choice
    owned = parse_dice("ordinary*5,weighted,odd")
    plain = best_loadouts(owned, top=3, workers=1)
    against = best_loadouts(owned, top=3, workers=2, opponent_dice=parse_dice(None), target=600)
    assert {r.dice for r in plain.loadouts} == {r.dice for r in against.loadouts}
    averages = [r.win_average for r in against.loadouts]
    assert averages == sorted(averages, reverse=True)
    expected = {}
    for row in plain.loadouts:
        dice = parse_dice(",".join(row.dice))
        first = solve_match(dice, parse_dice(None), target=600).first_player_win
        second = 1 - solve_match(parse_dice(None), dice, target=600).first_player_win
        expected[row.dice] = (first + second) / 2
    assert [r.dice for r in against.loadouts] == sorted(expected, key=lambda d: -expected[d])
    assert plain.ranked_by == "expected_points" and plain.loadouts[0].win_average is None


@pytest.mark.slow
def test_loadout_search_guard_names_the_largest_target():
    owned = parse_dice("weighted,lucky,odd,kings,pie,aranka,heavenly-kingdom,favourable")  # 28 choices
    with pytest.raises(ValueError, match=r"the matches of 28 loadouts .* at least .* at most 6,650"):
        best_loadouts(owned, opponent_dice=parse_dice(None), target=8000)
    with pytest.raises(ValueError, match=r"the matches of 28 loadouts .* about .* here is 2,000,"):
        best_loadouts(owned, opponent_dice=parse_dice(None), target=3000)


# ---- the guard and the time left ----

def test_every_named_pair_is_accepted_to_4000_and_the_guard_still_names_the_largest_target():
    from holdwise.games.farkle.stored import check_match_cost, largest_target

    worst = parse_dice("weighted,odd,lu,kings,misfortune,devils-head")  # 64 states, the most options sampled
    check_match_cost(worst, worst, 4000, solves=2)  # `farkle match`: two solves
    check_match_cost(worst, parse_dice(None), 4000, store=True)  # the practice table: one stored solve
    assert largest_target(worst, worst, solves=2) >= 4000
    with pytest.raises(Exception, match="largest accepted target for these dice here is"):
        check_match_cost(worst, worst, 20000, solves=2)


def _pair_rows_in_order(g):
    """Rows passed over by each solved pair, in the solve's order (sums largest first), brute force."""
    out = []
    for total in range(2 * g - 2, -1, -1):
        for a in range(g):
            b = total - a
            if 0 <= b < g:
                out.append((g - a) + (g - b))
    return out


@pytest.mark.parametrize("g", [1, 2, 5, 80])
def test_work_fraction_is_the_share_of_rows_passed_over(g):
    from holdwise.games.farkle.guard import work_fraction

    rows = _pair_rows_in_order(g)
    total = sum(rows)
    done = 0
    for k in range(len(rows) + 1):
        assert work_fraction(k, g) == pytest.approx(done / total, abs=1e-12)
        if k < len(rows):
            done += rows[k]
    assert work_fraction(0, g) == 0.0 and work_fraction(g * g, g) == 1.0


@pytest.mark.slow
def test_the_time_left_from_the_share_of_work_is_right_within_a_factor_of_two(monkeypatch):
    """The time left is told as elapsed * (1 - share) / share with share = work_fraction(done): checked against
    the work the solve really does, counted in rows passed over (every pass of the kernel runs from the target
    down to its lanes' lowest own score), not on a clock. That a row costs about the same time everywhere is
    a speed claim: benchmarks/, not here."""
    from holdwise.games.farkle import match
    from holdwise.games.farkle.guard import work_fraction
    real = match.lanes_pass
    rows = [0]

    def counted(own, opp, target, *args):
        rows[0] += target - int(own.min())  # the rows this pass computes (for every lane at once)
        return real(own, opp, target, *args)

    monkeypatch.setattr(match, "lanes_pass", counted)
    dice, other = parse_dice("ordinary*3,lucky,kings,devils-head"), parse_dice(None)
    seen = []
    solve_match(dice, other, target=1750, workers=1, progress=lambda done, total: seen.append((rows[0], done)))
    g = 1750 // 50
    total = rows[0]
    assert len(seen) == 2 * g - 1 and seen[-1] == (total, g * g)  # a report after each sum of scores
    checked = 0
    for passed, done in seen:
        share = work_fraction(done, g)
        if 0.25 <= passed / total <= 0.75:  # the middle of the solve
            told = passed * (1 - share) / share
            assert 0.5 <= told / (total - passed) <= 2.0, (passed, share, told, total - passed)
            checked += 1
    assert checked >= 3


class _Stop(Exception):
    pass


@pytest.mark.parametrize("mine", [None, "ordinary*4,lucky,odd"])  # a mirrored solve, and unlike players
def test_a_stopped_solve_goes_on_from_where_it_stopped(mine):
    """The web's Stop (review 2, defect 13): a solve stopped by its progress callback and started again with the
    same checkpoint solves only the sums left, to exactly the answer of one whole solve."""
    dice, opponent = parse_dice(mine), parse_dice(None)
    whole = solve_match(dice, opponent, target=1000, store=True)
    told: list[int] = []

    def stop_after_ten(done, total):
        told.append(done)
        if len(told) == 10:
            raise _Stop

    checkpoint: dict = {}
    with pytest.raises(_Stop):
        solve_match(dice, opponent, target=1000, store=True, progress=stop_after_ten, resume=checkpoint)
    stopped_at = told[-1]
    again: list[int] = []
    resumed = solve_match(dice, opponent, target=1000, store=True, progress=lambda d, t: again.append(d),
                          resume=checkpoint)
    assert again[0] > stopped_at and again[-1] == 20 * 20  # on from the next sum, not from the first
    assert len(told) + len(again) == 2 * 20 - 1  # every sum of scores solved once in all
    assert np.array_equal(resumed.first, whole.first) and np.array_equal(resumed.second, whole.second)
    assert np.array_equal(resumed.w_first, whole.w_first) and resumed.iterations == whole.iterations
    assert checkpoint == {}  # done: the checkpoint is let go
    # a checkpoint of another question is not used: the solve starts from the first sum
    other: list[int] = []
    told.clear()
    with pytest.raises(_Stop):
        solve_match(dice, opponent, target=1000, store=True, progress=stop_after_ten, resume=checkpoint)
    solve_match(dice, opponent, target=500, store=True, progress=lambda d, t: other.append(d), resume=checkpoint)
    assert other[0] == 1
