"""Every way into poker dice refuses what makes no sense with InputError: the Python API's arguments, the
resource guard (no unbounded solve or simulation is reachable), and hand-edited session states."""

import json
import math

import pytest

from holdwise import InputError
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import MAX_DUELS, Variant, duel, simulate_duels, solve_duel, solve_three
from holdwise.games.poker_dice.strategy import hint  # the six-faced hint of positional arguments


@pytest.mark.parametrize("kwargs,message", [
    ({"straights": 1}, "straights must be true or false"),
    ({"poker_faces": "yes"}, "poker_faces must be true or false"),
    ({"straights": False, "straight_above_full_house": True}, "straight above the full house needs straights"),
    ({"straights": False, "flush": True}, "flush rule needs straights"),
])
def test_variants_that_make_no_sense(kwargs, message):
    with pytest.raises(InputError, match=message):
        Variant(**kwargs)


@pytest.mark.parametrize("kwargs,message", [
    ({"n_dice": 6}, "n_dice must be a whole number 1 to 5"),
    ({"n_dice": 0}, "n_dice"),
    ({"n_dice": 10**9}, "n_dice"),
    ({"n_dice": True}, "n_dice"),
    ({"sides": 7}, "sides must be a whole number 2 to 6"),
    ({"sides": 1}, "sides"),
    ({"sides": 6.0}, "sides"),
    ({"tol": 0.0}, "tol must be a number 1e-13 to 0.001"),
    ({"tol": 1e-14}, "tol"),
    ({"tol": math.nan}, "tol"),
    ({"tol": math.inf}, "tol"),
    ({"tol": -1.0}, "tol"),
    ({"tol": 0.5}, "tol"),
    ({"tol": "1e-13"}, "tol"),
    ({"roll_limit": 1}, "roll_limit must be true or false"),
    ({"variant": "standard"}, "variant must be a poker dice Variant"),
])
def test_the_solvers_refuse_unbounded_or_meaningless_work(kwargs, message):
    """Larger games than 5 dice of 6 faces, and tolerances that a float never reaches (every one of the 199
    fixed-point steps: minutes with three players), are refused before any work."""
    for solver in (solve_duel, solve_three):
        with pytest.raises(InputError, match=message):
            solver(**kwargs)


@pytest.mark.parametrize("n,seed,message", [
    (MAX_DUELS + 1, 1, f"n_duels must be a whole number 0 to {MAX_DUELS:,}"),
    (10**12, 1, "n_duels"),
    (-1, 1, "n_duels"),
    (True, 1, "n_duels"),
    (10.0, 1, "n_duels"),
    ("10", 1, "not text"),
    (10, -1, "seed"),
    (10, 2**64, "seed"),
])
def test_simulations_are_bounded(n, seed, message):
    with pytest.raises(InputError, match=message):
        simulate_duels(Variant(), n, seed)


def test_no_duels_are_no_wins():
    assert simulate_duels(Variant(), 0, 1) == 0


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 7}, "players must be a whole number 2 to 6"),
    ({"players": "٣"}, "whole number"),
    ({"players": True}, "whole number"),
    ({"players": 3.0}, "whole number"),
    ({"roll_limit": "no"}, "roll_limit must be true or false"),
    ({"progress": 5}, "progress must be a function"),
])
def test_duel_arguments(kwargs, message):
    with pytest.raises(InputError, match=message):
        duel(**kwargs)


@pytest.mark.parametrize("kwargs,message", [
    ({"rolls_left": True}, "rolls_left must be a whole number 1 or 2"),
    ({"rolls_left": 2.0}, "rolls_left must be a whole number"),
    ({"rolls_left": "٢"}, "rolls_left must be a whole number"),
    ({"rolls_left": 2, "position": 0}, "position must be a whole number 1 or 2, got 0"),  # 0 was read as "not given"
    ({"rolls_left": 2, "position": -1, "to_beat": "66622"}, "position must be a whole number 1 or 2"),
    ({"rolls_left": 2, "position": 3, "to_beat": "66622"}, "position must be a whole number 1 or 2"),
    ({"rolls_left": 2, "players": 2.0}, "players must be a whole number"),
    ({"rolls_left": 2, "to_beat": "66622", "players": 3, "holders": True}, "holders must be a whole number 1 or 2"),
    ({"rolls_left": 2, "variant": None}, "variant must be a poker dice Variant"),
    ({"rolls_left": 2, "progress": "print"}, "progress must be a function"),
    ({"rolls_left": 2, "to_beat": 66622}, "dice must be text or a list"),
    ({"rolls_left": 2, "to_beat": [6, 6, 6, 2, 2.0]}, "not a face"),
    ({"rolls_left": 2, "to_beat": [6, 6, 6, 2, True]}, "not a face"),
])
def test_hint_arguments(kwargs, message):
    with pytest.raises(InputError, match=message):
        hint("1 1 3 4 6", **kwargs)


def test_hint_reads_counts_as_typed():
    assert hint("1 1 3 4 6", "2", players="2", position="2", to_beat="66622").position["position"] == 2


@pytest.mark.parametrize("options,seed,message", [
    ([("players", 2)], 1, "options must be a JSON object"),
    ("players=2", 1, "options must be a JSON object"),
    ({"players": 3, "position": 0}, 1, "position must be a whole number 1 to 3"),
    ({"straights": False, "straight_above_full_house": True}, 1, "needs straights"),
    ({}, 2**63, "seed must be a whole number 0 to"),
    ({}, "1", "seed must be a whole number"),
    ({}, 1.0, "seed must be a whole number"),
    ({}, -1, "seed must be a whole number 0 to"),
])
def test_new_game_arguments(options, seed, message):
    with pytest.raises(InputError, match=message):
        face.new_game(options, seed)


def _computer_to_move() -> dict:
    """A real state's JSON: you stood on 6 6 6 5 4, the computer has rolled 6 5 3 3 1 (roll 1 of 3)."""
    state = face.new_game({}, 4)
    state = face.step(state, {"type": "keep", "keep": state.data["dice"]})
    return state.to_json()


def _over() -> dict:
    state = face.new_game({}, 4)
    while not state.over:
        state = face.step(state, face.computer_action(state))
    return state.to_json()


def _edit(raw: dict, path: str, value) -> dict:
    out = json.loads(json.dumps(raw))
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    here = out
    for key in keys[:-1]:
        here = here[key]
    if value is _DROP:
        del here[keys[-1]]
    else:
        here[keys[-1]] = value
    return out


_DROP = object()

HOSTILE = [
    ("game", "farkle", "the game is 'farkle'"),
    ("options.players", 7, "players must be a whole number 2 to 6"),
    ("options.players", "2", "whole number"),
    ("options.position", 3, "position must be a whole number 1 or 2"),
    ("options.flush", None, "true or false"),
    ("options.colour", "red", "options must name exactly"),
    ("options.roll_limit", _DROP, "options must name exactly"),
    ("draws", 0, "draws must be a whole number 1 or more"),
    ("tally.won", 1, r"won \+ lost = games"),
    ("tally.games", -1, "tally"),
    ("tally.games", 0.5, "tally"),
    ("tally", [0, 0, 0], "tally"),
    ("data.seats", ["computer", "you"], "seats must be"),
    ("data.dice", _DROP, "data must name exactly"),
    ("data.extra", 1, "data must name exactly"),
    ("data.game", 5, "game must be the games played"),
    ("data.round", 0, "round must be"),
    ("data.round", "1", "round must be"),
    ("data.order", [0, 5], "order must be"),
    ("data.order", [1, 0], "order must be"),
    ("data.order", [0], "order must be"),
    ("data.order", [0, 0], "order must be"),
    ("data.order", "01", "order must be"),
    ("data.finals", [[4, 5, 6, 6, 6, 6]], "finals must be hands"),
    ("data.finals", [[6, 6, 6, 5, 4]], "finals must be hands"),  # not sorted
    ("data.finals", [[4, 5, 6, 6, 7]], "finals must be hands"),
    ("data.finals", [[4, 5, 6, 6, "6"]], "finals must be hands"),
    ("data.finals", [[4.0, 5, 6, 6, 6]], "finals must be hands"),
    ("data.finals", [[4, 5, 6, 6, 6], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2]], "finals must be hands"),
    ("data.rolls_used", [4], "finals must be hands"),
    ("data.rolls_used", [], "finals must be hands"),
    ("data.dice", [1, 3, 3, 5], "the player to move has 5 dice"),
    ("data.dice", [6, 5, 3, 3, 1], "the player to move has 5 dice"),
    ("data.dice", None, "the player to move has 5 dice"),
    ("data.dice", [1, 3, 3, 5, 2**70], "the player to move has 5 dice"),
    ("data.rolls", 3, "used 1 to 2 of 3 rolls"),
    ("data.rolls", 0, "used 1 to 2 of 3 rolls"),
    ("data.rolls", -1, "rolls must be a whole number 0 to 3"),
    ("data.rolls", True, "rolls must be a whole number 0 to 3"),
    ("data.allowed", 2, "allowed must be 3 here"),
    ("data.allowed", 99, "allowed must be a whole number 0 to 3"),
    ("data.winner", 0, "no winner yet"),
    ("phase", "over", "game must be the games played"),  # a game over counts in the tally
    ("phase", "keep", "the phase must be 'roll' or 'over'"),
    ("to_move", "player", "to_move must be 'computer' here"),
    ("to_move", "", "to_move must be 'computer' here"),
    ("decisions.0.loss", 2.0, "decisions must each have"),
    ("decisions.0.loss", -0.5, "decisions must each have"),
    ("decisions.0.chosen", 7, "decisions must each have"),
]


@pytest.mark.parametrize("path,value,message", HOSTILE, ids=lambda v: "dropped" if v is _DROP else str(v)[:30])
def test_a_hand_edited_state_is_refused_by_every_verb(path, value, message):
    hostile = State.from_json(_edit(_computer_to_move(), path, value))
    for verb in (face.check_state, face.actions, face.computer_action, face.advice,
                 lambda s: face.parse_action(s, "all"), lambda s: face.step(s, {"type": "keep", "keep": []})):
        with pytest.raises(InputError, match=message):
            verb(hostile)


@pytest.mark.parametrize("path,value,message", [
    ("data.winner", None, "a game over has a winner"),
    ("data.winner", 5, "a game over has a winner"),
    ("data.winner", 1 - _over()["data"]["winner"], "the winner must hold the one best final hand"),
    ("data.dice", [1, 1, 1, 1, 1], "a game over has a winner"),
    ("data.finals", [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]], "the winner must hold the one best final hand"),
    ("data.game", 2, "game must be the games played"),
    ("tally", {"games": 0, "won": 0, "lost": 0}, "game must be the games played"),
    ("phase", "roll", "game must be the games played"),
    ("to_move", "player", "a game over has a winner"),
])
def test_a_hand_edited_finished_game_is_refused(path, value, message):
    hostile = State.from_json(_edit(_over(), path, value))
    for verb in (face.check_state, face.actions, lambda s: face.step(s, {"type": "next"})):
        with pytest.raises(InputError, match=message):
            verb(hostile)


def test_the_roll_limit_is_kept_in_a_state():
    """Under the roll limit a later player is allowed the first player's rolls: a state saying more is refused."""
    for seed in range(100):
        state = face.new_game({"roll_limit": True, "position": 2}, seed)
        while state.to_move == "computer":
            state = face.step(state, face.computer_action(state))
        if not state.over and state.to_move == "player" and state.data["allowed"] == 2:
            break
    else:
        raise AssertionError("no seed where the first player stood after two rolls")
    raw = state.to_json()
    assert face.check_state(State.from_json(raw))
    with pytest.raises(InputError, match="allowed must be 2 here .the roll limit"):
        face.check_state(State.from_json(_edit(raw, "data.allowed", 3)))
    with pytest.raises(InputError, match="allowed must be 1 here"):
        face.check_state(State.from_json(_edit(raw, "data.rolls_used", [1])))
    with pytest.raises(InputError, match="used 1 to 1 of 2 rolls"):
        face.check_state(State.from_json(_edit(raw, "data.rolls", 2)))


def test_under_the_roll_limit_no_one_rolls_more_than_the_first():
    state = face.new_game({"roll_limit": True}, 2)
    while not state.over:
        state = face.step(state, face.computer_action(state))
    raw = state.to_json()
    assert raw["data"]["rolls_used"] == [2, 2]  # the first player stood after two rolls
    with pytest.raises(InputError, match="no one rolls more times than the first"):
        face.check_state(State.from_json(_edit(raw, "data.rolls_used", [2, 3])))


def test_a_real_state_passes_and_a_copy_is_checked_again():
    raw = _computer_to_move()
    state = State.from_json(raw)
    assert face.check_state(state) is state and face.actions(state)
    # a state known by identity is not checked again; a changed copy is a new object and is checked
    changed = state.evolve(data={**state.data, "dice": [0, 1, 2, 3, 4]})
    with pytest.raises(InputError, match="5 dice"):
        face.actions(changed)


@pytest.mark.parametrize("value,message", [
    (None, "a game state must be a State"),
    ({"game": "poker-dice"}, "a game state must be a State"),
    ("state", "a game state must be a State"),
])
def test_only_states_are_states(value, message):
    for verb in (face.check_state, face.actions, face.computer_action, face.advice):
        with pytest.raises(InputError, match=message):
            verb(value)


@pytest.mark.parametrize("action", [
    None, "all", [1, 2], {"type": "keep"}, {"type": "keep", "keep": [6] * 10**5}, {"type": "keep", "keep": "66"},
    {"type": "keep", "keep": [6.0]}, {"type": "keep", "keep": [True]}, {"type": "next"},
    {"type": "keep", "keep": [], "extra": 1}, {"type": ["keep"], "keep": []},
])
def test_bad_actions_are_refused_in_one_short_line(action):
    state = face.new_game({}, 4)
    with pytest.raises(InputError) as err:
        face.step(state, action)
    assert "\n" not in str(err.value) and len(str(err.value)) < 200


@pytest.mark.parametrize("text", [None, 6, b"6 6", ["6"]])
def test_a_typed_move_is_text(text):
    with pytest.raises(InputError, match="a move is typed text"):
        face.parse_action(face.new_game({}, 4), text)


def test_long_bad_input_is_quoted_short():
    with pytest.raises(InputError) as err:
        face.parse_action(face.new_game({}, 4), "x" * 10**6)
    assert len(str(err.value)) < 100
