"""Pay tables pinned where the mutation run found gaps: each guard's own message, each limit from both sides.

The pays of 52-card games are at most 391,988 per coin (314,577 with 53 cards), so every guard below is seen
through the exact message only it produces (a later, broader guard would refuse some of the same inputs with a
different message).
"""

import dataclasses
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games.video_poker.cards import parse_hand
from holdwise.games.video_poker.evaluator import classify_hand
from holdwise.games.video_poker.paytables import (
    HAND_KINDS,
    PayTable,
    get_game,
    load_games,
    parse_games,
    resolve_game,
    shipped_games,
    table_from_json,
)

GAMES = shipped_games()
RANGE_52 = ("the exact comparison works in 63-bit integers, so with a 52-card deck a pay is at most 391,988 per coin "
            "(and pay x the common denominator of the table's pays at most 391,988)")
KNOWN_HANDS = ("five_aces, royal_flush, four_deuces, wild_royal_flush, five_of_a_kind, straight_flush, four_aces_with_2_3_4, "
               "four_2s_4s_with_a_2_3_4, four_aces, four_2s_4s, four_5s_ks, four_of_a_kind, full_house, flush, "
               "straight, three_of_a_kind, two_pairs, jacks_or_better, kings_or_better, aces_or_better")


def message(fn, *args, **kwargs) -> str:
    with pytest.raises(InputError) as err:
        fn(*args, **kwargs)
    return str(err.value)


def game(pays: str, extra: str = "", head: str = "[g]") -> PayTable:
    return parse_games(f"{head}\n{extra}\npays = [{pays}]\n", "t.toml")["g"]


def game_error(pays: str, extra: str = "") -> str:
    return message(game, pays, extra)


# --- the evaluator's wild-card modes ---------------------------------------------------------------------------

def test_wild_modes_reach_the_evaluator():
    job, joker, deuces = GAMES["jacks-or-better-9-6"], GAMES["joker-poker-kings"], GAMES["deuces-wild-full-pay"]
    # no wild card: the deuce is a plain 2, so no pair
    assert job.hands[classify_hand(parse_hand("2c 5d 8h 9s Ks"), job)] == "nothing"
    # joker poker: deuces are plain too, the joker is wild
    assert joker.hands[classify_hand(parse_hand("2c 5d 8h 9s Ks", 53), joker)] == "nothing"
    assert joker.hands[classify_hand(parse_hand("Jk 5d 8h 9s Ks", 53), joker)] == "kings_or_better"
    assert joker.hands[classify_hand(parse_hand("Jk Kd Kh 9s Ks", 53), joker)] == "four_of_a_kind"
    # deuces wild: the deuce is wild
    assert deuces.hands[classify_hand(parse_hand("2c 5d 8h 9s 9d"), deuces)] == "three_of_a_kind"


def test_pay_tables_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        GAMES["jacks-or-better-9-6"].pays = (Fraction(1),)
    with pytest.raises(dataclasses.FrozenInstanceError):
        GAMES["jacks-or-better-9-6"].deck = 53


# --- pays ----------------------------------------------------------------------------------------------------

def test_a_pay_out_of_range_names_the_pay_itself():
    # accepted right at the limit, numerator or denominator (royal_below_max 0 so only this pay counts)
    assert game('{ hand = "full_house", pay = 391988 }', "royal_below_max = 0").pays[0] == 391_988
    assert game('{ hand = "full_house", pay = "1/391988" }', "royal_below_max = 0").pays[0] == Fraction(1, 391_988)
    # one more: refused by the pay's own check (not the table's common-denominator check)
    assert game_error('{ hand = "full_house", pay = 391989 }', "royal_below_max = 0") == (
        f"game 'g' in t.toml: pay of full_house = 391989 is out of range: {RANGE_52}")
    assert game_error('{ hand = "full_house", pay = "1/391989" }', "royal_below_max = 0") == (
        f"game 'g' in t.toml: pay of full_house = '1/391989' is out of range: {RANGE_52}")
    assert game_error('{ hand = "full_house", pay = "391989/2" }', "royal_below_max = 0") == (
        f"game 'g' in t.toml: pay of full_house = '391989/2' is out of range: {RANGE_52}")
    assert game_error('{ hand = "full_house", pay = "2/391989" }', "royal_below_max = 0") == (
        f"game 'g' in t.toml: pay of full_house = '2/391989' is out of range: {RANGE_52}")


@pytest.mark.parametrize("text", ["inf", "-inf", "+Infinity", "nan", "NaN", " INF "])
def test_infinite_text_pays_are_named_as_such(text):
    assert game_error(f'{{ hand = "flush", pay = "{text}" }}') == (
        f"game 'g' in t.toml: pay of flush must be a finite number, got {text!r} (a pay is at most 391,988 per coin)")


@pytest.mark.parametrize("text", ["abc", "infinite", "nanny", "1/2/3", "five"])
def test_other_text_pays_are_not_numbers(text):
    assert game_error(f'{{ hand = "flush", pay = "{text}" }}') == (
        f"game 'g' in t.toml: pay of flush must be a number >= 0 (800, 2.5 or \"5/2\"), got {text!r}")


@pytest.mark.parametrize("pay,guard", [
    # a TOML float is checked as the decimal it prints as: the exponent guard shows that text ('...'),
    # the later range guard the number itself. Exponents -7 to 6 pass the exponent guard.
    ("1e6", "1000000.0"),        # exponent 6: past the exponent guard, refused by the range guard
    ("9.9e6", "9900000.0"),
    ("1e7", "'10000000.0'"),     # exponent 7: refused by the exponent guard
    ("1e-7", "1e-07"),           # exponent -7: past the exponent guard, the denominator is out of range
    ("9.9e-7", "9.9e-07"),
    ("9.9e-8", "'9.9e-08'"),     # exponent -8: refused by the exponent guard
    ("1e-8", "'1e-08'"),
])
def test_the_exponent_guard_sits_at_minus_7_and_6(pay, guard):
    assert game_error(f'{{ hand = "flush", pay = {pay} }}') == (
        f"game 'g' in t.toml: pay of flush = {guard} is out of range: {RANGE_52}")


def test_decimals_near_the_exponent_guard_are_accepted_within_range():
    # exponent -6: 1/2**18 = 3.814697265625e-6 and 1/256,000 = 3.90625e-6 (denominators below 391,988)
    assert game('{ hand = "flush", pay = 3.814697265625e-6 }', "royal_below_max = 0").pays[0] == Fraction(1, 2**18)
    assert game('{ hand = "flush", pay = "3.90625e-6" }', "royal_below_max = 0").pays[0] == Fraction(1, 256_000)
    # exponent 5: up to the limit
    assert game('{ hand = "flush", pay = 391988.0 }', "royal_below_max = 0").pays[0] == 391_988
    assert game('{ hand = "flush", pay = "3.91988e5" }', "royal_below_max = 0").pays[0] == 391_988


# --- the list of pays ------------------------------------------------------------------------------------------

def test_at_most_20_pays():
    hands = [h for h in HAND_KINDS if h != "nothing"]
    assert len(hands) == 20
    pays = ", ".join(f'{{ hand = "{h}", pay = 1 }}' for h in hands)
    assert game(pays, 'wild = "deuces"').hands == (*hands, "nothing")
    assert game_error(pays + ', { hand = "flush", pay = 2 }', 'wild = "deuces"') == (
        "game 'g' in t.toml: lists 21 pays; there are 20 hands")
    assert game_error(pays + ', { hand = "flush", pay = 2 }, { hand = "straight", pay = 1 }', 'wild = "deuces"') == (
        "game 'g' in t.toml: lists 22 pays; there are 20 hands")


def test_bad_pay_entries_are_numbered_from_1():
    assert game_error('{ hand = "flush" }') == (
        "game 'g' in t.toml: pay 1 must be { hand = ..., pay = ... } (just those two keys), got {'hand': 'flush'}")
    assert game_error('{ hand = "full_house", pay = 9 }, { hand = "flush" }').startswith(
        "game 'g' in t.toml: pay 2 must be { hand = ..., pay = ... } (just those two keys), got ")
    assert game_error('{ hand = "full_house", pay = 9 }, { hand = "flush", pay = 6 }, 7').startswith(
        "game 'g' in t.toml: pay 3 must be { hand = ..., pay = ... } (just those two keys), got ")


@pytest.mark.parametrize("hand", ["nothing", "pair", "Flush"])
def test_unknown_hands_list_the_known_ones_without_nothing(hand):
    assert game_error(f'{{ hand = "{hand}", pay = 1 }}') == (
        f"game 'g' in t.toml: unknown hand {hand!r}; known: {KNOWN_HANDS}")


# --- files -----------------------------------------------------------------------------------------------------

def test_unreadable_paths_give_the_reason_only():
    assert message(load_games, "a\0b") == "cannot read pay table file 'a\\x00b': embedded null byte"
    assert message(load_games, "x" * 5000) == f"cannot read pay table file {'x' * 5000}: File name too long"


# --- looking games up ------------------------------------------------------------------------------------------

SHIPPED_IDS = ", ".join(GAMES)


def extra_games(n: int) -> dict:
    table = GAMES["jacks-or-better-9-6"]
    return {f"x{i}": dataclasses.replace(table, id=f"x{i}") for i in range(n)}


def test_unknown_game_lists_at_most_12_ids():
    assert len(GAMES) == 7
    assert message(get_game, "nope") == f"unknown game 'nope'; known: {SHIPPED_IDS}"
    assert message(get_game, "nope", extra_games(4)) == (
        f"unknown game 'nope'; known: {SHIPPED_IDS}, x0, x1, x2, x3")
    assert message(get_game, "nope", extra_games(5)) == (
        f"unknown game 'nope'; known: {SHIPPED_IDS}, x0, x1, x2, x3, x4")
    assert message(get_game, "nope", extra_games(6)) == (
        f"unknown game 'nope'; known: {SHIPPED_IDS}, x0, x1, x2, x3, x4 and 1 more (holdwise video-poker games)")
    assert message(get_game, "nope", extra_games(7)) == (
        f"unknown game 'nope'; known: {SHIPPED_IDS}, x0, x1, x2, x3, x4 and 2 more (holdwise video-poker games)")
    assert message(get_game, "nope", extra_games(1005)) == (
        f"unknown game 'nope'; known: {SHIPPED_IDS}, x0, x1, x2, x3, x4 and 1,000 more (holdwise video-poker games)")


@pytest.mark.parametrize("value", [5, None, 1.5, b"jacks-or-better-9-6", ["jacks-or-better-9-6"]])
def test_resolve_game_wants_an_id_or_a_table(value):
    assert message(resolve_game, value).startswith(
        "a game is an id such as 'jacks-or-better-9-6', got ")


# --- PayTables built in Python -----------------------------------------------------------------------------------

SHAPE = "hands and pays must be tuples of equal length ending in 'nothing' with pay 0"


def built(hands, pays, royal=Fraction(250), table_id="mine") -> PayTable:
    return PayTable(table_id, "Mine", 52, "none", hands, pays, royal)


def test_the_smallest_built_table_has_one_hand():
    table = built(("full_house", "nothing"), (Fraction(9), Fraction(0)))
    assert resolve_game(table) == table
    assert message(resolve_game, built(("nothing",), (Fraction(0),), table_id="one")) == (
        f"pay table 'one': {SHAPE}")
    assert message(resolve_game, built((), (), table_id="none")) == f"pay table 'none': {SHAPE}"


@pytest.mark.parametrize("hands,pays", [
    ("full_house nothing", (Fraction(9), Fraction(0))),               # hands not a tuple (a table hashes them)
    ("ab", "cd"),
    (("full_house", "nothing"), (Fraction(9), Fraction(0), Fraction(0))),   # lengths differ
    (("full_house", "flush", "nothing"), (Fraction(9), Fraction(0))),
    (("full_house", "flush"), (Fraction(9), Fraction(6))),            # no 'nothing' at the end
    (("full_house", "nothing"), (Fraction(9), Fraction(1))),          # 'nothing' pays
])
def test_built_tables_must_have_the_right_shape(hands, pays):
    assert message(resolve_game, built(hands, pays)) == f"pay table 'mine': {SHAPE}"


def test_built_tables_must_use_fractions_or_ints():
    assert resolve_game(built(("full_house", "nothing"), (9, 0), 250)).pays == (9, 0)
    assert message(resolve_game, built(("full_house", "nothing"), ("9", Fraction(0)), table_id="text")) == (
        "pay table 'text': pays must be Fractions or ints")
    assert message(resolve_game, built(("full_house", "nothing"), (Fraction(9), Fraction(0)), "250",
                                       table_id="royal")) == "pay table 'royal': pays must be Fractions or ints"


# --- JSON ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("data", [None, "jacks-or-better-9-6", ["id"], {}, {"name": "x"}, {"id": 5}, {"id": None}])
def test_table_from_json_needs_a_dict_with_an_id(data):
    assert message(table_from_json, data) == "a pay table needs an id"
