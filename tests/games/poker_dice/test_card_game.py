"""Card poker dice as a game: the hint against the duel, seeded games against the exact chances, the guard, the
session's state round trip and its keeps by die.

A tiny set of 72 rolls (two or three faces a die, one star) keeps every check exact and fast; the shipped sets
are checked where it is cheap (the octahedral duel and the guard's figures).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice.card_game import card_table, parse_roll, set_key, to_beat_class

TINY_FACES = [["As", "Ks", "*"], ["As", "Kh"], ["Qs", "As"], ["Ks", "Qs"], ["As", "Kd", "*"]]
TINY_TEXT = 'name = "tiny"\n' + "".join(f"[[die]]\nfaces = {f!r}\n".replace("'", '"') for f in TINY_FACES)


@pytest.fixture(scope="module")
def tiny():
    return face.load_dice_set(TINY_TEXT)


def _rolls(dice):
    table = card_table(dice)
    return [table.state_faces(i) for i in range(table.n_states)]


def test_the_first_players_best_keeps_average_to_his_win_chance(tiny):
    """Hint (keep values on one roll) and duel (threshold batches) share no pass: averaged over every first
    roll, the hint's best keep is the duel's first-player chance."""
    win = face.card_duel(tiny, 2).win_chances
    total = 0.0
    for state in _rolls(tiny):
        roll = [face.face_text(tiny.dice[d][f]) for d, f in enumerate(state)]
        total += face.card_hint(roll, 2, tiny).options[0].value
    assert total / card_table(tiny).n_states == pytest.approx(win[0], abs=1e-12)
    assert sum(win) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow  # 2,300 seeded games through the session
@pytest.mark.parametrize("players, roll_limit, games", [(3, False, 1500), (6, True, 800)])
def test_seeded_games_agree_with_the_exact_chances(tiny, players, roll_limit, games):
    play = face  # card dice play through the one poker-dice session
    options = {"dice_set": {"name": "tiny", "dice": TINY_FACES}, "players": players, "roll_limit": roll_limit}
    exact = face.card_solution(tiny, players, roll_limit).win
    assert len(exact) == players and sum(exact) == pytest.approx(1.0, abs=1e-12)
    wins = [0] * players
    for seed in range(games):
        state = play.new_game(options, seed)
        while not state.over:
            state = play.step(state, play.computer_action(state))
        wins[state.data["winner"]] += 1
    for seat in range(players):
        z = (wins[seat] / games - exact[seat]) / math.sqrt(exact[seat] * (1 - exact[seat]) / games)
        assert abs(z) < 4, (seat, z, wins, exact)


def test_a_session_round_trips_and_keeps_name_dice():
    play = face  # card dice play through the one poker-dice session
    state = play.new_game({"dice_set": "octahedral", "players": 3, "position": 2}, 11)
    assert State.from_json(state.to_json()) == state
    assert len(play.actions(state)) == 32  # every subset of the dice (all five: stand)
    while state.to_move == "computer":
        state = play.step(state, play.computer_action(state))
    hint = play.advice(state)
    assert hint.position["position"] == 2 and hint.position["to_beat"] is not None
    assert hint.options[0].loss == 0 and all(o.loss >= 0 for o in hint.options)
    assert {tuple(o.action["dice"]) for o in hint.options} == {tuple(a["dice"]) for a in play.actions(state)}
    faces = hint.position["hand"]
    assert play.parse_action(state, "1 3") == {"type": "keep", "dice": [0, 2]}
    assert play.parse_action(state, faces[2].upper())["dice"] == [faces.index(faces[2])]  # the first such die
    after = play.step(state, {"type": "keep", "dice": [0, 2]})
    assert after.data["dice"][0] == state.data["dice"][0] and after.data["dice"][2] == state.data["dice"][2]
    assert after.decisions[-1].chosen == f"{faces[0]} {faces[2]}"
    with pytest.raises(InputError, match="not legal now"):
        play.step(state, {"type": "keep", "dice": [5]})
    with pytest.raises(InputError, match="keep dice by their numbers 1 to 5"):
        play.parse_action(state, "1 6")


def test_a_hand_edited_state_is_refused():
    play = face  # card dice play through the one poker-dice session
    state = play.new_game({"dice_set": "octahedral"}, 3).to_json()
    for path, value, message in [(("data", "dice"), [9, 0, 0, 0, 0], "the player to move has 5 dice"),
                                 (("options", "rules"), "d6", "rules must be six, royal, octahedral"),
                                 (("data", "rolls"), 3, "has used 1 to 2 of 3 rolls"),
                                 (("game",), "poker-dice-cards", "not 'poker-dice'")]:
        bad = {**state, **({path[0]: {**state[path[0]], path[1]: value}} if len(path) == 2 else {path[0]: value})}
        with pytest.raises(InputError, match=message):
            play.check_state(State.from_json(bad))


def test_rolls_and_hands_to_beat_are_read_die_by_die():
    royal = face.resolve_set("royal")
    assert parse_roll("Ks Ac Kc Kd As", royal) == (0, 0, 1, 1, 0)
    assert parse_roll(["K♠", "A♣", "k♣", "kd", "star"], royal)[4] == royal.dice[4].index(52)
    table = card_table(royal)
    assert table.class_label(to_beat_class("As Ah Ad Ac *", royal)) == "A A A A A (five of a kind)"
    with pytest.raises(InputError, match="die 2 has no face As"):
        parse_roll("Ks As Kc Kd As", royal)
    assert set_key(royal) != set_key(face.resolve_set("octahedral"))


def test_the_guard_states_time_and_memory_and_lets_the_duels_through():
    royal, octahedral = face.resolve_set("royal"), face.resolve_set("octahedral")
    seconds, memory = face.solve_cost(royal, 2, False)
    assert 15 < seconds <= face.MAX_SOLVE_SECONDS and 200 * 2**20 < memory < 400 * 2**20
    assert face.solve_cost(royal, 3, False)[0] > 100  # about 3 minutes: refused
    assert face.solve_cost(octahedral, 5, False)[0] <= face.MAX_SOLVE_SECONDS < face.solve_cost(octahedral, 6, False)[0]
    costs = [face.solve_cost(octahedral, n, limit)[0] for limit in (False, True) for n in range(2, 7)]
    assert costs[:5] == sorted(costs[:5]) and costs[5:] == sorted(costs[5:])
    with pytest.raises(InputError, match=r"3 players on Royal .* would take about 3 min and \d+ MiB"):
        face.card_solution(royal, 3)


def test_the_octahedral_duel_and_odds():
    result = face.card_duel("octahedral")
    assert sum(result.win_chances) == pytest.approx(1.0, abs=1e-12)
    assert result.win_chances[0] == pytest.approx(0.4676083812, abs=1e-9)  # this build's exact value, pinned
    odds = face.card_odds("octahedral")
    assert odds.outcomes == 8**5 and sum(odds.counts.values()) == odds.outcomes
    assert odds.counts["five_of_a_kind"] == 8 and odds.counts["straight_flush"] == 8  # every die holds each rank
    assert np.isclose(sum(odds.chances.values()), 1.0)
