"""Poker dice input: faces as digits 1-6 or poker faces A K Q J 10 9, never silently read as something else."""

import pytest

from holdwise import InputError
from holdwise.games.poker_dice import Variant, hand_labels, hand_text, parse_hand, parse_keep


@pytest.mark.parametrize("text,faces", [
    ("1 1 3 4 6", (1, 1, 3, 4, 6)),
    ("1,1,3,4,6", (1, 1, 3, 4, 6)),
    ("6, 4 1,1 3", (1, 1, 3, 4, 6)),
    (["6", "4", "1", "1", "3"], (1, 1, 3, 4, 6)),
    ([6, 4, 1, 1, 3], (1, 1, 3, 4, 6)),
    ("11346", (1, 1, 3, 4, 6)),
    # poker faces name the values from the lowest up: 9 10 J Q K A = 1 2 3 4 5 6 (ace low by default)
    ("A A K Q 9", (1, 4, 5, 6, 6)),
    ("a a k q 9", (1, 4, 5, 6, 6)),
    ("10 10 J Q K", (2, 2, 3, 4, 5)),
    ("T t J Q K", (2, 2, 3, 4, 5)),
    ("AAK109", (1, 2, 5, 6, 6)),
    ("A,K,Q,J,10", (2, 3, 4, 5, 6)),
])
def test_hands_as_typed(text, faces):
    assert parse_hand(text, Variant()) == faces


def test_ace_high_puts_the_ace_on_face_1():
    variant = Variant(ace_high=True)
    # by value (2 < ... < 6 < 1): 9 10 J Q K A = 2 3 4 5 6 1
    assert parse_hand("A K Q J 10", variant) == (1, 3, 4, 5, 6)
    assert parse_hand("9 9 9 A A", variant) == (1, 1, 2, 2, 2)
    assert hand_labels((1, 3, 4, 5, 6), Variant(ace_high=True, poker_faces=True)) == ["A", "K", "Q", "J", "10"]
    assert hand_text((1, 3, 4, 5, 6), variant) == "1 6 5 4 3"  # 1 ranks highest


@pytest.mark.parametrize("text,message", [
    ("1 0 2 3 4", "not a face: '0'"),  # "1 0" is not "10"
    ("100 2 3 4", "not a face: '100'"),
    ("7 1 2 3 4", "not a face: '7'"),
    ("8 1 2 3 4", "not a face: '8'"),
    ("1 2 3 4 X", "not a face: 'X'"),
    ("1 1 A K Q", "mixes digits 1-6 with poker faces"),  # is 1 the ace or the lowest face? refused
    ("11046", "mixes digits 1-6 with poker faces"),  # 1 10 4 6: never read as 1 1 0 4 6
    ("1 2 3 4", "a hand has 5 dice, got 4"),
    ("1 2 3 4 5 6", "a hand has 5 dice, got 6"),
    ("", "a hand has 5 dice, got 0"),
])
def test_bad_hands_name_the_bad_part(text, message):
    with pytest.raises(InputError, match=message):
        parse_hand(text, Variant())


def test_ten_is_one_face():
    assert parse_hand("10 10 10 10 10") == (2, 2, 2, 2, 2)
    assert parse_keep("10") == (2,)
    assert parse_keep("1") == (1,)


def test_keeps():
    hand = (1, 1, 3, 4, 6)
    assert parse_keep("1 1", Variant(), hand) == (1, 1)
    assert parse_keep("", Variant(), hand) == ()
    assert parse_keep("6,1", Variant(), hand) == (1, 6)
    with pytest.raises(InputError, match="only keep dice you rolled"):
        parse_keep("6 6", Variant(), hand)
    with pytest.raises(InputError, match="at most 5 dice"):
        parse_keep("1 1 1 1 1 1")
    with pytest.raises(InputError, match="mixes digits"):
        parse_keep("A 1", Variant(), hand)
    assert issubclass(InputError, ValueError)
