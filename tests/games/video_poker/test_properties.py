"""Property tests of video poker's parsers and the pay-table file reader: any text, any TOML value either
parses to a valid object or raises InputError (never another exception); printed forms parse back."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdwise import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker.cards import HAND_SIZE, JOKER, card_str, hand_str, parse_card, parse_hand, parse_hold
from holdwise.games.video_poker.paytables import (
    GAME_KEYS,
    HAND_KINDS,
    PayTable,
    max_scaled_pay,
    pay_text,
    table_from_json,
    table_to_json,
)

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARD_WORDS = [*(card_str(c) for c in range(JOKER + 1)), "10h", "10♠", "A♤", "joker", "JOKER", "as", "t♦"]
# text close to cards and numbers, and anything at all
near = st.sampled_from([*CARD_WORDS, "1", "0", "5", "6", "a", "all", "none", "-", ",", " ", "²", "١", "inf", "nan",
                        "1e999999999", "1/0", "/", "e", ".", "+", "\x00", "\n", "♠", "ß", "İ"])
texts = st.one_of(st.text(), st.lists(near, max_size=8).map(" ".join), st.lists(near, max_size=8).map("".join))
decks = st.sampled_from([52, 53])


def check_card(card, deck):
    assert isinstance(card, int) and 0 <= card < deck


@pytest.mark.slow
@FAST
@given(texts, decks)
def test_any_text_is_a_card_or_refused(text, deck):
    try:
        card = parse_card(text, deck)
    except InputError:
        return
    check_card(card, deck)


@FAST
@given(st.one_of(st.integers(), st.floats(), st.booleans(), st.none(), st.lists(st.integers(), max_size=2)), decks)
def test_any_value_is_a_card_or_refused(value, deck):
    try:
        card = parse_card(value, deck)
    except InputError:
        return
    check_card(card, deck)


@FAST
@given(st.integers(0, JOKER), decks, st.sampled_from([str, str.lower, str.upper]))
def test_cards_print_and_parse_back(card, deck, case):
    if card >= deck:
        return
    assert parse_card(case(card_str(card)), deck) == card


@FAST
@given(st.one_of(texts, st.lists(st.one_of(st.sampled_from(CARD_WORDS), st.integers(-2, 60)), max_size=7)), decks)
def test_any_hand_is_five_distinct_cards_or_refused(cards, deck):
    try:
        hand = parse_hand(cards, deck)
    except InputError:
        return
    assert len(hand) == HAND_SIZE == len(set(hand))
    for card in hand:
        check_card(card, deck)
    assert parse_hand(hand_str(hand), deck) == hand  # printed, it parses back


@FAST
@given(st.permutations(range(53)), decks, st.sampled_from([" ", ",", ", "]))
def test_hands_print_and_parse_back(cards, deck, sep):
    hand = tuple(c for c in cards if c < deck)[:HAND_SIZE]
    assert parse_hand(sep.join(card_str(c) for c in hand), deck) == hand
    assert parse_hand(list(hand), deck) == hand


HAND = parse_hand("9D AS KS QS JS")


@FAST
@given(st.one_of(texts, st.lists(st.one_of(st.integers(-3, 8), st.booleans()), max_size=7)))
def test_any_hold_is_positions_or_refused(text):
    try:
        hold = parse_hold(text, HAND)
    except InputError:
        return
    assert hold == sorted(set(hold)) and all(1 <= p <= HAND_SIZE for p in hold)
    assert parse_hold(" ".join(map(str, hold)) or "0", HAND) == hold  # printed, it parses back
    assert parse_hold(" ".join(card_str(HAND[p - 1]) for p in hold) or "none", HAND) == hold


# ----- pay tables -----------------------------------------------------------------------------------------------

def toml_value(value) -> str:
    """A Python value as TOML (inline tables for dicts)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else repr(value)
    if isinstance(value, str):
        return toml_key(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_key(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


plain_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
scalars = st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1), st.floats(), plain_text,
                    st.sampled_from(["inf", "-inf", "nan", "1e999999999", "1e-999999999", "5/2", "0", "-1", "1/0",
                                     "0.1", "391988", "391989", "1e300", " 7 ", "3.5e2"]))
toml_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                           st.dictionaries(plain_text, inner, max_size=3)),
                           max_leaves=8)
hand_names = st.one_of(st.sampled_from(list(HAND_KINDS)), toml_values)
pays = st.one_of(st.integers(0, 1000), st.sampled_from(["5/2", "0.5", "800", 0.25, 250]), toml_values)
entries = st.one_of(st.fixed_dictionaries({"hand": hand_names, "pay": pays}), toml_values)
games = st.fixed_dictionaries({}, optional={
    "name": st.one_of(plain_text, toml_values), "deck": st.one_of(decks, toml_values),
    "wild": st.one_of(st.sampled_from(["none", "deuces", "joker"]), toml_values),
    "royal_below_max": st.one_of(st.integers(0, 1000), toml_values),
    "pays": st.one_of(st.lists(entries, max_size=5), toml_values), "extra": toml_values,
})


def check_table(table: PayTable) -> None:
    assert table.deck in (52, 53) and table.wild in ("none", "deuces", "joker")
    assert table.hands[-1] == "nothing" and len(set(table.hands)) == len(table.hands)
    assert all(h in HAND_KINDS for h in table.hands) and table.pays[-1] == 0
    for coins in (1, 5):
        pays = table.pays_for(coins)
        assert all(isinstance(p, Fraction) and p >= 0 for p in pays)
        denominator = math.lcm(*(p.denominator for p in pays))
        assert denominator <= max_scaled_pay(table.deck)
        assert max(p * denominator for p in pays) <= max_scaled_pay(table.deck)
    assert table_from_json(table_to_json(table)) == table  # printed (as the session carries it), it reads back
    assert table_from_json(json.loads(json.dumps(table_to_json(table)))) == table


def parse_or_refuse(text: str):
    try:
        return vp.parse_games(text, "test")
    except InputError:
        return None


@SOME
@given(st.text())
def test_any_text_is_games_or_refused(text):
    for table in (parse_or_refuse(text) or {}).values():
        check_table(table)


@pytest.mark.slow
@SOME
@given(st.dictionaries(plain_text, st.one_of(games, toml_values), min_size=1, max_size=3))
def test_any_toml_value_is_a_game_or_refused(data):
    text = "\n".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items())
    parsed = parse_or_refuse(text)
    for table in (parsed or {}).values():
        check_table(table)


@SOME
@given(games)
def test_any_game_body_is_a_game_or_refused(body):
    text = "[g]\n" + "\n".join(f"{k} = {toml_value(v)}" for k, v in body.items())
    parsed = parse_or_refuse(text)
    if parsed is not None:
        check_table(parsed["g"])
        assert set(body) <= set(GAME_KEYS)


@pytest.mark.slow
@SOME
@given(st.lists(st.tuples(st.sampled_from([h for h in HAND_KINDS if h not in ("nothing", "four_deuces",
                                                                               "wild_royal_flush", "five_of_a_kind",
                                                                               "five_aces")]),
                          st.fractions(min_value=0, max_value=1000, max_denominator=4)),
                unique_by=lambda e: e[0], min_size=1, max_size=6),
       st.fractions(min_value=0, max_value=1000, max_denominator=4))
def test_tables_print_as_toml_and_parse_back(entries, below):
    text = ('[g]\nname = "G"\nroyal_below_max = "' + pay_text(below) + '"\npays = ['
            + ", ".join(f'{{ hand = "{h}", pay = "{pay_text(p)}" }}' for h, p in entries) + "]\n")
    table = vp.parse_games(text, "test")["g"]
    assert table.hands == (*(h for h, _ in entries), "nothing") and table.pays == (*(p for _, p in entries), 0)
    assert table.royal_below_max == below
    check_table(table)


@SOME
@given(st.one_of(st.text(max_size=80), st.floats(), st.integers(), st.fractions(),
                 st.decimals(allow_nan=True, allow_infinity=True).map(str),
                 st.from_regex(r"[+-]?[0-9]{0,8}(\.[0-9]{0,8})?([eE][+-]?[0-9]{1,12})?", fullmatch=True),
                 st.from_regex(r"[+-]?[0-9]{1,8}/[0-9]{1,8}", fullmatch=True)))
def test_any_pay_is_a_pay_or_refused(pay):
    try:
        table = table_from_json({"id": "g", "pays": [{"hand": "flush", "pay": pay}]})
    except InputError:
        return
    value = table.pays[0]
    assert value >= 0 and value.numerator <= max_scaled_pay(52) and value.denominator <= max_scaled_pay(52)
    check_table(table)


@SOME
@given(st.binary(max_size=200))
def test_any_file_is_games_or_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("files") / "any.toml"
    path.write_bytes(data)
    try:
        found = vp.load_games(path)
    except InputError:
        return
    for table in found.values():
        check_table(table)


# ----- the session ------------------------------------------------------------------------------------------------

option_values = st.one_of(toml_values, st.integers(), st.sampled_from(["jacks-or-better-9-6", "joker-poker-kings"]))


@SOME
@given(st.dictionaries(st.sampled_from(["rules", "paytable", "credits", "bet", "table", "coins"]), option_values, max_size=3),
       st.one_of(st.integers(), st.booleans(), st.floats()))
def test_any_options_are_a_game_or_refused(options, seed):
    try:
        state = vp.new_game(options, seed)
    except InputError:
        return
    assert 1 <= state.tally["credits"] <= vp.MAX_CREDITS and 1 <= state.data["bet"] <= 5


STATES = []


def states():
    """A state in each phase: bet, hold and over."""
    if not STATES:
        state = vp.new_game({"credits": 7}, 3)
        STATES.append(state)
        state = vp.step(state, {"type": "deal", "bet": 5})
        STATES.append(state)
        STATES.append(vp.step(state, {"type": "draw", "hold": []}))
    return STATES


@SOME
@given(st.one_of(texts, st.none(), st.integers()), st.integers(0, 2))
def test_anything_typed_is_a_legal_action_or_refused(text, phase):
    state = states()[phase]
    try:
        action = vp.parse_action(state, text)
    except InputError:
        return
    assert action in vp.actions(state)


# ----- whole numbers: coins, credits, seed ------------------------------------------------------------------------

numbers_typed = st.one_of(texts, st.integers(), st.from_regex(r"[+-]?[0-9]{1,40}", fullmatch=True),
                          st.floats(), st.booleans(), st.none())


@FAST
@given(numbers_typed)
def test_any_whole_number_is_in_range_or_refused(value):
    for parse, low, high in ((vp.parse_coins, 1, 5), (vp.parse_credits, 1, vp.MAX_CREDITS),
                             (vp.parse_seed, 0, vp.MAX_SEED)):
        try:
            number = parse(value)
        except InputError:
            continue
        assert type(number) is int and low <= number <= high
        assert parse(str(number)) == number  # printed, it parses back
