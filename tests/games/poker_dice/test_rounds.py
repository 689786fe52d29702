"""The N-player solver: against a brute-force game tree, the two- and three-player fixed points, and play."""

from __future__ import annotations

import math

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games import poker_dice as face
from holdwise.games.poker_dice.rounds import AUX_COST, first_pays, seat_pays, solve_rounds, solve_steps, solve_work
from holdwise.games.poker_dice.solver import solve_duel, solve_three
from holdwise.games.poker_dice.strategy import hint as six_hint
from holdwise.games.poker_dice.table import six_face_table
from tests.oracles.poker_dice_rounds_brute import OneDieTable, chances_after, win_chances

STEPS = {(3, 5, False): [3, 2, 2, 2], (3, 5, True): [4, 2, 2, 2], (4, 4, False): [3, 2, 2],
         (4, 4, True): [3, 3, 2], (2, 6, False): [3, 1, 1, 1, 1], (2, 6, True): [3, 2, 2, 2, 2]}


@pytest.mark.parametrize("faces, players", [(3, 5), (4, 4), (2, 6)])
@pytest.mark.parametrize("roll_limit", [False, True])
def test_every_round_size_matches_the_brute_force_game_tree(faces, players, roll_limit):
    brute = win_chances(faces, players, roll_limit)
    solved = solve_rounds(OneDieTable(faces), players, roll_limit)
    for m in range(2, players + 1):
        assert solved.rounds[m].win == pytest.approx(tuple(brute[m]), abs=1e-13), m
    # passes of each round size: the strategies settle at once (pinned: a change here is a change of method)
    assert [solved.rounds[m].steps for m in range(2, players + 1)] == STEPS[faces, players, roll_limit]


@pytest.mark.parametrize("roll_limit", [False, True])
def test_every_seats_payout_matches_the_brute_force_game_tree(roll_limit):
    """A seat's pay for each final class is its chance to win after standing on it, as the game tree says:
    the first player's by the rolls he used, a later one's for every best hand, holders and rolls allowed."""
    faces, players = 3, 4
    solved = solve_rounds(OneDieTable(faces), players, roll_limit)
    assert sorted(solved.rounds) == [2, 3, 4] and solved.at_most(3).win == solved.rounds[3].win
    for m, values in solved.rounds.items():  # every situation's slots: its holders, the players to come, all_tie
        for slots in values.slots.values():
            assert all(v.shape == (g + r + 1, faces) for (g, r), v in slots.items()), m
    pays = first_pays(solved, players)
    assert pays.shape == ((3 if roll_limit else 1), faces)
    for u, row in enumerate(pays, 1):
        for c in range(faces):
            later = u if roll_limit else 3  # the rolls allowed to the players after him
            assert row[c] == pytest.approx(chances_after(faces, players, roll_limit, (c,), later)[0], abs=1e-13)
    for finals in [(2,), (0,), (1, 2), (2, 2), (2, 1, 2), (1, 1, 1), (0, 2, 2)]:
        best = max(finals)
        for limit in ((2, 3) if roll_limit else (3,)):
            pay = seat_pays(solved, players, len(finals) + 1, best, finals.count(best), limit)
            for c in range(faces):
                want = chances_after(faces, players, roll_limit, finals + (c,), limit)[len(finals)]
                assert pay[c] == pytest.approx(want, abs=1e-13), (finals, limit, c)


@pytest.mark.parametrize("variant", [face.Variant(), face.Variant(flush=True), face.Variant(straights=False),
                                     face.Variant(ace_high=True, straight_above_full_house=True)])
@pytest.mark.parametrize("roll_limit", [False, True])
def test_two_and_three_players_equal_the_plain_fixed_points(variant, roll_limit):
    solved = solve_rounds(six_face_table(variant), 3, roll_limit)
    assert solved.rounds[2].win == pytest.approx(solve_duel(variant, roll_limit).win, abs=1e-14)
    assert solved.win == pytest.approx(solve_three(variant, roll_limit).win, abs=1e-14)


@pytest.mark.slow  # six players' solves, 6 s
def test_six_players_win_chances_add_up_and_later_seats_gain():
    solved = face.table_solution(face.Variant(), 6)
    win = solved.win
    assert sum(win) == pytest.approx(1.0, abs=1e-12)
    # without the roll limit each later player sees more hands before him: chances rise with the seat
    assert all(a < b for a, b in zip(win, win[1:]))
    assert win[0] == pytest.approx(0.151620, abs=5e-7) and win[5] == pytest.approx(0.190670, abs=5e-7)
    limited = face.table_solution(face.Variant(), 6, roll_limit=True).win
    assert limited[0] > 0.24 and sum(limited) == pytest.approx(1.0, abs=1e-12)  # the first sets the limit


def test_solve_steps_and_the_players_guard():
    assert solve_steps(2, False) == 4 and solve_steps(6, False) == 4 + 2 * (3 + 6 + 10 + 15)
    assert solve_steps(3, True) == 3 * solve_steps(3, False) and solve_work(3, True) == 1.55 * solve_work(3, False)
    assert solve_work(2, False) == 4 and solve_work(3, False) == 4 + 2 * (2 * (1 + AUX_COST) + (1 + 2 * AUX_COST))
    assert solve_rounds(OneDieTable(2), 2).win == pytest.approx((0.5, 0.5))  # the smallest table there is
    for bad in (1, 7, True, "3"):
        with pytest.raises(InputError, match="players must be a whole number 2 to 6"):
            solve_rounds(OneDieTable(3), bad)


@pytest.mark.parametrize("players, games", [(4, 1500), (6, 1000)])
def test_seeded_games_agree_with_the_exact_chances(players, games):
    """The session plays every seat by the exact strategy; each seat's wins within 4 standard errors."""
    wins = [0] * players
    for seed in range(games):
        state = face.new_game({"players": players}, seed)
        while not state.over:
            state = face.step(state, face.computer_action(state))
        wins[state.data["winner"]] += 1
    exact = face.table_solution(face.Variant(), players).win
    for seat in range(players):
        z = (wins[seat] / games - exact[seat]) / math.sqrt(exact[seat] * (1 - exact[seat]) / games)
        assert abs(z) < 4, (seat, z)


def test_a_later_seat_plays_for_its_own_chance_with_holders():
    # keeping 5 5 5 2 and rolling one die: a 5 beats 5 5 5 2 2 (1/6), a 2 ties it (1/6); the tie is worth the
    # replay of the tied players' game: two of them (a duel, moving second) or four (moving last of four)
    solved = face.table_solution(face.Variant(), 4)
    for holders, replay in ((1, solved.rounds[2].win[1]), (3, solved.rounds[4].win[3])):
        options = six_hint("5 5 5 2 1", 1, to_beat="5 5 5 2 2", players=4, position=4, holders=holders).options
        keeps = {tuple(o.action["keep"]): o.value for o in options}
        assert keeps[(2, 5, 5, 5)] == pytest.approx(1 / 6 + replay / 6, abs=1e-12)
    middle = six_hint("5 5 5 2 1", 1, to_beat="5 5 5 2 2", players=4, position=2)
    assert middle.position["situation"] == "chance to win as the second of four (players 3-4 still to roll)"
    assert middle.options[0].value < np.max([o.value for o in options])


def test_hints_under_the_roll_limit():
    """A later player allowed two rolls (the first player used two) with one left: keeping 5 5 5 2 against
    5 5 5 2 2 wins on a 5 and ties on a 2, the tie worth the limited duel's replay; the first player's stand
    is worth his chance to win having used one roll."""
    limited = face.table_solution(face.Variant(), 2, roll_limit=True)
    hint = six_hint("5 5 5 2 1", 1, to_beat="5 5 5 2 2", roll_limit=True, rolls_allowed=2)
    assert hint.position["rolls_allowed"] == 2 and hint.position["roll_limit"] is True
    keeps = {tuple(o.action["keep"]): o.value for o in hint.options}
    assert keeps[(2, 5, 5, 5)] == pytest.approx(1 / 6 + limited.rounds[2].win[1] / 6, abs=1e-12)
    first = six_hint("6 6 6 6 5", 2, roll_limit=True)
    stand = next(o.value for o in first.options if o.extras["stand"])
    from holdwise.games.poker_dice.rounds import first_pays
    from holdwise.games.poker_dice.solver import setup
    from holdwise.games.poker_dice.strategy import hand_index

    klass = setup(face.Variant()).ranks[hand_index((5, 6, 6, 6, 6))]
    assert stand == pytest.approx(first_pays(limited, 2)[0][klass], abs=1e-15)
    assert stand > next(o.value for o in six_hint("6 6 6 6 5", 2).options if o.extras["stand"])
    for kwargs, message in [({"rolls_allowed": 2}, "rolls_allowed is for a later player under the roll limit"),
                            ({"roll_limit": True, "rolls_allowed": 1}, "rolls_allowed must be a whole number 2 or 3"),
                            ({"roll_limit": "yes"}, "roll_limit must be true or false")]:
        with pytest.raises(InputError, match=message):
            six_hint("5 5 5 2 1", 1, to_beat="5 5 5 2 2", **kwargs)
    with pytest.raises(InputError, match="rolls_left must be at most 1 when 2 rolls are allowed"):
        six_hint("5 5 5 2 1", 2, to_beat="5 5 5 2 2", roll_limit=True, rolls_allowed=2)
