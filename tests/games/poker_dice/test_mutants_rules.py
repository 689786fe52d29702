"""Poker dice rules (holdwise.games.poker_dice.rules) pinned with values where the mutation run found gaps."""

from itertools import combinations_with_replacement

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games.poker_dice.rules import (
    Variant,
    category_of,
    describe,
    hand_key,
    hand_labels,
    hand_ranks,
    hand_text,
    parse_hand,
    parse_keep,
)

PLAIN = Variant()
ACE = Variant(ace_high=True)
FLUSH = Variant(flush=True)
NO_STRAIGHT = Variant(straights=False)
ABOVE = Variant(straight_above_full_house=True)
POKER = Variant(poker_faces=True)


def counts(faces):
    return tuple(list(faces).count(f) for f in range(1, 7))


def test_categories_per_variant():
    assert PLAIN.categories == ("five_of_a_kind", "four_of_a_kind", "full_house", "straight", "three_of_a_kind",
                                "two_pairs", "pair", "bust")
    assert ABOVE.categories[2:4] == ("straight", "full_house")
    assert NO_STRAIGHT.categories == ("five_of_a_kind", "four_of_a_kind", "full_house", "three_of_a_kind",
                                      "two_pairs", "pair", "bust")
    # the seed's rules page: "A Flush beats a Four of a Kind", "a Straight beats a Full House" but not four
    seed = ("five_of_a_kind", "flush", "four_of_a_kind", "straight", "full_house", "three_of_a_kind", "two_pairs",
            "pair", "bust")
    assert FLUSH.categories == seed == Variant(flush=True, straight_above_full_house=True).categories


@pytest.mark.parametrize("kwargs", [{"flush": True, "straights": False},
                                    {"straight_above_full_house": True, "straights": False},
                                    {"ace_high": 1}, {"poker_faces": "yes"}, {"straights": None}])
def test_bad_variants(kwargs):
    with pytest.raises(InputError):
        Variant(**kwargs)


@pytest.mark.parametrize("faces,variant,category", [
    ((6, 6, 6, 6, 6), PLAIN, "five_of_a_kind"), ((2, 2, 2, 2, 1), PLAIN, "four_of_a_kind"),
    ((3, 3, 3, 1, 1), PLAIN, "full_house"), ((1, 2, 3, 4, 5), PLAIN, "straight"),
    ((2, 3, 4, 5, 6), PLAIN, "straight"), ((1, 3, 4, 5, 6), PLAIN, "bust"), ((1, 3, 4, 5, 6), ACE, "straight"),
    ((1, 2, 3, 4, 5), ACE, "bust"), ((4, 4, 4, 1, 2), PLAIN, "three_of_a_kind"), ((5, 5, 2, 2, 1), PLAIN, "two_pairs"),
    ((6, 6, 1, 2, 3), PLAIN, "pair"), ((1, 2, 3, 4, 6), PLAIN, "bust"), ((1, 2, 3, 4, 5), NO_STRAIGHT, "bust"),
    ((2, 3, 4, 5, 6), FLUSH, "flush"), ((1, 2, 3, 4, 5), FLUSH, "straight"),
    ((1, 3, 4, 5, 6), Variant(flush=True, ace_high=True), "flush"),
    ((2, 3, 4, 5, 6), Variant(flush=True, ace_high=True), "straight"),
])
def test_category_of(faces, variant, category):
    assert category_of(counts(faces), variant) == category


def test_keys_order_hands():
    assert hand_key(counts((6, 6, 6, 6, 6)), PLAIN) == (8, 6)
    assert hand_key(counts((1, 1, 1, 1, 1)), PLAIN) == (8, 1)
    assert hand_key(counts((1, 1, 1, 1, 1)), ACE) == (8, 7)
    assert hand_key(counts((5, 5, 2, 2, 1)), PLAIN) == (3, 5, 2, 1)
    assert hand_key(counts((1, 2, 3, 4, 6)), PLAIN) == (1, 6, 4, 3, 2, 1)
    assert hand_key(counts((6, 6, 1)), PLAIN) == ((2, 1), (6, 1))  # not five dice
    assert hand_key(counts((1, 2, 3, 4, 5)), ABOVE) == (6, 5, 4, 3, 2, 1)
    assert hand_key(counts((3, 3, 3, 1, 1)), ABOVE) == (5, 3, 1)


def test_ranks_of_every_hand():
    hands = list(combinations_with_replacement(range(1, 7), 5))
    ranks = hand_ranks(np.array([counts(h) for h in hands]), PLAIN)
    assert len(set(ranks.tolist())) == len(hands) == 252  # only identical hands tie
    by = dict(zip(hands, ranks.tolist()))
    assert by[(6, 6, 6, 6, 6)] == 251 and by[(1, 2, 3, 4, 6)] == 0
    assert by[(2, 3, 4, 5, 6)] > by[(1, 2, 3, 4, 5)] > by[(4, 5, 6, 6, 6)]
    assert by[(1, 1, 1, 1, 1)] < by[(2, 2, 2, 2, 2)]
    ace = dict(zip(hands, hand_ranks(np.array([counts(h) for h in hands]), ACE).tolist()))
    assert ace[(1, 1, 1, 1, 1)] == 251
    assert ranks.dtype == np.int64


def test_faces_and_labels():
    assert PLAIN.value(1) == 1 and ACE.value(1) == 7 and ACE.value(6) == 6
    assert [POKER.face_label(f) for f in range(1, 7)] == ["9", "10", "J", "Q", "K", "A"]
    ace_poker = Variant(ace_high=True, poker_faces=True)
    assert [ace_poker.face_label(f) for f in range(1, 7)] == ["A", "9", "10", "J", "Q", "K"]
    assert PLAIN.face_label(4) == "4"
    assert POKER.parse_face("a") == 6 and POKER.parse_face("9") == 1 and POKER.parse_face("T") == 2
    assert ace_poker.parse_face("A") == 1 and ace_poker.parse_face("K") == 6
    assert PLAIN.parse_face(" 3 ") == 3
    for bad in ("0", "7", "", "x", "11"):
        with pytest.raises(InputError):
            PLAIN.parse_face(bad)
    assert hand_labels((1, 6, 2), ACE) == ["1", "6", "2"]
    assert hand_text((2, 6, 6, 1, 2), PLAIN) == "6 6 2 2 1"
    assert describe((2, 6, 6, 6, 2), PLAIN) == "6 6 6 2 2 (full house)"
    assert describe((1, 2, 3, 4, 5), POKER) == "K Q J 10 9 (straight)"


def test_parse_hand_and_keep():
    assert parse_hand("6 1 3 4 6") == (1, 3, 4, 6, 6)
    assert parse_hand("AAKQJ", POKER) == (3, 4, 5, 6, 6)
    assert parse_hand("AAK109", POKER) == (1, 2, 5, 6, 6)
    assert parse_hand([6, "1", 3, 4, 6]) == (1, 3, 4, 6, 6)
    assert parse_hand("5", n_dice=1) == (5,)
    assert parse_hand("5 4 3 2 1", n_dice=5) == (1, 2, 3, 4, 5)
    for bad, n in (("1 2 3 4", 5), ("1 2 3 4 5 6", 5), ("1 A 3 4 5", 5), ([1.0, 2, 3, 4, 5], 5),
                   ([True, 2, 3, 4, 5], 5), ("1", 0), ("1 2 3 4 5 6", 6), ("1", True), (12345, 5), ("6X", 5)):
        with pytest.raises(InputError):
            parse_hand(bad, PLAIN, n)
    assert parse_keep("") == ()
    assert parse_keep("6 6", hand=(6, 6, 1, 2, 3)) == (6, 6)
    assert parse_keep("1 2 3 4 5") == (1, 2, 3, 4, 5)
    with pytest.raises(InputError):
        parse_keep("1 1 1 1 1 1")
    with pytest.raises(InputError):
        parse_keep("6 6 6", hand=(6, 6, 1, 2, 3))
    with pytest.raises(InputError):
        parse_keep("4", hand=(6, 6, 1, 2, 3))


def test_bad_input_is_cut_to_24_characters_in_messages():
    token = "Z" * 40
    with pytest.raises(InputError) as info:
        parse_hand(token + " 1 2 3 4")
    assert repr(token)[:21] + "..." in str(info.value) and repr(token)[:22] not in str(info.value)
    with pytest.raises(InputError) as info:
        parse_hand("Z" * 22 + " 1 2 3 4")  # repr is 24 characters: shown whole
    assert repr("Z" * 22) in str(info.value)


def test_faces_in_a_list_must_be_numbers_or_text():
    from holdwise.games.poker_dice.rules import parse_hand

    for bad, shown in ((None, "None"), (True, "True"), (1.5, "1.5")):
        with pytest.raises(InputError) as err:
            parse_hand([1, 2, 3, 4, bad])
        assert str(err.value) == f"not a face: {shown} (1-6, or A K Q J 10 9)"


def test_runs_of_faces_without_spaces_and_hand_sizes():
    from holdwise.games.poker_dice.rules import Variant, parse_hand

    assert parse_hand("AK QJ 9", Variant(poker_faces=True)) == parse_hand("A K Q J 9", Variant(poker_faces=True))
    with pytest.raises(InputError, match="a hand has 1 to 5 dice, not 0"):
        parse_hand("", n_dice=0)
    assert parse_hand("6", n_dice=1) == (6,)


def test_the_top_straight_is_the_flush_in_describe():
    from holdwise.games.poker_dice.rules import CATEGORY_LABELS, Variant, describe

    flush = Variant(flush=True)
    assert describe((2, 3, 4, 5, 6), flush).endswith(f"({CATEGORY_LABELS['flush']})")
    assert describe((1, 2, 3, 4, 5), flush).endswith(f"({CATEGORY_LABELS['straight']})")
