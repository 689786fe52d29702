"""Cards and pay tables: parsing every spelling, the shipped games, users' files."""

from fractions import Fraction

import pytest

from holdwise.games.video_poker.cards import JOKER, card_str, hand_str, parse_card, parse_hand, parse_hold
from holdwise.games.video_poker.paytables import get_game, load_games, shipped_games, table_from_json, table_to_json


def test_parse_cards_in_every_spelling():
    assert parse_hand("AS KS QS JS TS") == (51, 47, 43, 39, 35)
    assert parse_hand("ah kh 2c 2d jk", 53)[-1] == JOKER
    assert parse_card("10h") == parse_card("Th") == parse_card("tH")
    assert parse_card("Joker", 53) == JOKER
    assert hand_str(parse_hand("2c,3d,4h,5s,Jk", 53)) == "2c 3d 4h 5s Jk"
    assert card_str(0) == "2c" and card_str(51) == "As"


@pytest.mark.parametrize("text,deck,message", [
    ("AS KS QS JS", 52, "has 5 cards, got 4"),
    ("AS KS QS JS TS 9S", 52, "got 6"),
    ("AS KS QS JS AS", 52, "appears twice"),
    ("AS KS QS JS 1S", 52, "unknown card"),
    ("AS KS QS JS TX", 52, "unknown card"),
    ("AS KS QS JS Jk", 52, "no joker"),
])
def test_bad_hands(text, deck, message):
    with pytest.raises(ValueError, match=message):
        parse_hand(text, deck)


def test_shipped_games_are_the_reference_ids():
    assert list(shipped_games()) == ["jacks-or-better-9-6", "jacks-or-better-8-5", "bonus-poker-8-5",
                                     "double-bonus-10-7", "double-double-bonus-9-6", "deuces-wild-full-pay",
                                     "joker-poker-kings"]
    ddb = get_game("double-double-bonus-9-6")
    assert dict(zip(ddb.hands, ddb.pays))["four_aces_with_2_3_4"] == 400
    assert get_game("joker-poker-kings").deck == 53


def test_user_paytable_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[my-game]\nname = "Mine"\npays = [{ hand = "royal_flush", pay = 1000 },'
                    ' { hand = "two_pair", pay = "5/2" }]\n')
    game = load_games(path)["my-game"]
    assert game.pays == (1000, Fraction(5, 2), 0) and game.hands[-1] == "nothing"
    for body, message in [('[g]\npays = [{ hand = "royal", pay = 1 }]', "unknown hand"),
                          ('[g]\npays = [{ hand = "flush", pay = -1 }]', "negative"),
                          ('[g]\ndeck = 54\npays = [{ hand = "flush", pay = 1 }]', "52 or 53"),
                          ('[g]\npays = [{ hand = "five_of_a_kind", pay = 1 }]', "need wild"),
                          ('[g]\nwild = "joker"\npays = [{ hand = "flush", pay = 1 }]', "joker game"),
                          ("[g\n", "not valid TOML")]:
        bad = tmp_path / "bad.toml"
        bad.write_text(body)
        with pytest.raises(ValueError, match=message):
            load_games(bad)


@pytest.mark.parametrize("text", ["AS", "as", "A♠", "a♤", " As "])
def test_ace_of_spades_spellings(text):
    assert parse_card(text) == 51


@pytest.mark.parametrize("text,card", [("10H", "Th"), ("10♥", "Th"), ("th", "Th"), ("Q♦", "Qd"), ("2♣", "2c"),
                                       ("q♢", "Qd"), ("2♧", "2c"), ("9♡", "9h"), ("JK", "Jk"), ("joker", "Jk"),
                                       ("JOKER", "Jk")])
def test_card_spellings(text, card):
    assert card_str(parse_card(text, 53)) == card


def test_hands_as_one_string_or_a_list():
    expected = parse_hand("AS KS QS JS 10S")
    assert parse_hand("AS,KS,QS,JS,10S") == parse_hand("as, ks, qs, js, ts") == expected
    assert parse_hand(["AS", "KS", "QS", "JS", "10S"]) == parse_hand(["A♠ K♠", "Q♠", "J♠ 10♠"]) == expected
    assert parse_hand([51, 47, 43, 39, 35]) == expected
    assert parse_hand("9D AS KS QS JS")[0] == parse_card("9d")  # dealt order is kept


@pytest.mark.parametrize("cards,message", [
    ("AS KS QS JS 9", "unknown card '9'"),
    ("AS KS QS JS 1♠", "unknown card '1♠'"),
    (["AS", "KS", "QS", "JS", 52], "not in the 52-card deck"),
    (["AS", "KS", "QS", "JS", True], "unknown card"),
    (5, "a hand is text or a list"),
])
def test_bad_cards_name_the_bad_part(cards, message):
    with pytest.raises(ValueError, match=message):
        parse_hand(cards)


def test_parse_hold_positions_and_cards():
    hand = parse_hand("9D AS KS QS JS")
    assert parse_hold("2 3 4 5", hand) == parse_hold("2345", hand) == parse_hold("5,4,3,2", hand) == [2, 3, 4, 5]
    assert parse_hold("As Ks Qs Js", hand) == [2, 3, 4, 5]
    assert parse_hold("a", hand) == parse_hold("ALL", hand) == [1, 2, 3, 4, 5]
    assert parse_hold("0", hand) == parse_hold("none", hand) == parse_hold("-", hand) == []
    assert parse_hold([5, 1], hand) == [1, 5]
    for text, message in [("6", "1 to 5"), ("1 1", "held twice"), ("2c", "not in the hand"), ("", "positions"),
                          ("x", "neither positions 1-5 nor cards")]:
        with pytest.raises(ValueError, match=message):
            parse_hold(text, hand)


def test_a_pay_table_round_trips_through_json():
    for table in shipped_games().values():
        assert table_from_json(table_to_json(table)) == table
