"""Pins for mutants that once survived: each test fails if the pinned rule were loosened.

Face 0 is not a face of poker dice: every way a face comes in (typed text, a list, a keep, a hand to
beat, a session action, a state read back from JSON) refuses it, and so does every other number outside 1-6.
"""

import pytest

from holdwise import InputError
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import Variant, parse_hand, parse_keep
from holdwise.games.poker_dice.strategy import hint

VARIANTS = [Variant(), Variant(ace_high=True), Variant(poker_faces=True), Variant(ace_high=True, poker_faces=True)]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("bad", [0, 7, -1, 60, 8])
def test_no_face_outside_1_to_6_is_read(variant, bad):
    with pytest.raises(InputError, match="not a face"):
        variant.parse_face(str(bad))
    with pytest.raises(InputError, match="not a face"):
        parse_hand([bad, 1, 2, 3, 4], variant)


@pytest.mark.parametrize("text", ["0 1 2 3 4", "1 2 3 4 0", "0,1,2,3,4", "0", "00000", "0 0 0 0 0"])
def test_face_0_is_refused_in_a_hand(text):
    with pytest.raises(InputError, match="not a face: '0"):
        parse_hand(text)


@pytest.mark.parametrize("text", ["0", "0 1", "1 0", "00"])
def test_face_0_is_refused_in_a_keep(text):
    with pytest.raises(InputError, match="not a face"):
        parse_keep(text, Variant(), (1, 1, 2, 3, 4))


def test_face_0_is_refused_as_a_hand_to_beat_and_in_a_hint():
    with pytest.raises(InputError, match="not a face"):
        hint("1 1 3 4 6", 2, to_beat="0 6 6 2 2")
    with pytest.raises(InputError, match="not a face"):
        hint([0, 1, 3, 4, 6], 2)
    with pytest.raises(InputError, match="not a face"):
        hint((1, 1, 3, 4, 6), 1, to_beat=(6, 6, 6, 6, 0))


def test_face_0_is_not_a_legal_keep_in_a_session():
    state = face.new_game({}, 1)
    assert all(0 not in a["keep"] for a in face.actions(state))
    with pytest.raises(InputError, match="not legal"):
        face.step(state, {"type": "keep", "keep": [0]})
    with pytest.raises(InputError, match="not a face"):
        face.parse_action(state, "0")


@pytest.mark.parametrize("where", ["dice", "finals"])
def test_face_0_in_a_state_from_json_is_refused(where):
    state = face.new_game({}, 4)
    state = face.step(state, {"type": "keep", "keep": state.data["dice"]})  # the computer to move
    data = state.to_json()
    if where == "dice":
        data["data"]["dice"] = [0, *data["data"]["dice"][1:]]
    else:
        data["data"]["finals"][0] = [0, *data["data"]["finals"][0][1:]]
    hostile = State.from_json(data)
    for verb in (face.actions, face.computer_action, face.check_state):
        with pytest.raises(InputError, match="not a poker dice game state"):
            verb(hostile)
    with pytest.raises(InputError, match="not a poker dice game state"):
        face.step(hostile, {"type": "keep", "keep": []})


def test_the_ranking_of_the_real_faces_is_complete():
    """252 hands of faces 1-6, and no other: a face 0 would add hands (or shift every index)."""
    from holdwise.games.poker_dice.solver import setup
    from holdwise.games.poker_dice.strategy import hand_index

    lattice = setup(Variant()).dice.lattice
    assert len(setup(Variant()).ranks) == 252
    with pytest.raises(InputError):
        hand_index((0, 1, 2, 3, 4))
    assert sorted({f for h in lattice.hand_faces for f in h}) == [1, 2, 3, 4, 5, 6]


def test_the_bounds_of_a_hand_and_a_keep():
    """Five dice is the most a keep holds and a hand has; a sixth is refused, also as n_dice."""
    assert parse_keep("1 1 1 1 1", Variant(), (1, 1, 1, 1, 1)) == (1, 1, 1, 1, 1)
    assert parse_keep("") == ()
    with pytest.raises(InputError, match="at most 5 dice, got 6"):
        parse_keep("1 1 1 1 1 1")
    assert parse_hand("1 2", n_dice=2) == (1, 2) and parse_hand("1 2 3 4 5", n_dice=5) == (1, 2, 3, 4, 5)
    for n_dice in (0, 6, True, "5", 5.0):
        with pytest.raises(InputError, match="a hand has 1 to 5 dice"):
            parse_hand("1 1 1 1 1 1", n_dice=n_dice)


@pytest.mark.parametrize("kwargs", [{"straights": False, "straight_above_full_house": True},
                                    {"straights": False, "flush": True}])
def test_rules_that_need_straights(kwargs):
    with pytest.raises(InputError, match="needs straights"):
        Variant(**kwargs)
    assert Variant(**{**kwargs, "straights": True}).straights  # with straights they are rules


def test_the_whole_number_parsers_take_the_ends_of_their_range():
    assert [face.parse_players(n) for n in (2, 6, "2", " 6 ")] == [2, 6, 2, 6]
    assert [face.parse_rolls_left(n) for n in (1, 2, "+1")] == [1, 2, 1]
    assert [face.parse_position(n, 3) for n in (1, 3)] == [1, 3]
    assert face.parse_seed(0) == 0 and face.parse_seed(str(face.MAX_SEED)) == face.MAX_SEED == 2**63 - 1
    for parse, bad in ((face.parse_players, (1, 7)), (face.parse_rolls_left, (0, 3)),
                       (face.parse_seed, (-1, 2**63))):
        for value in bad:
            with pytest.raises(InputError):
                parse(value)
            with pytest.raises(InputError):
                parse(str(value))
