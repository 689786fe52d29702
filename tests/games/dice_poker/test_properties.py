"""Property tests (hypothesis) for every dice poker parser and file reader, and the solver's number and dice
readers: any input parses to a valid object or raises InputError (never another exception), and printed forms
parse back the same."""

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdwise import InputError
from holdwise.games import dice_poker as face
from holdwise.games.dice_poker import MAX_PAYOUT, load_tables, normalize_options, parse_hand, parse_payouts
from holdwise.solver import Dice, faces_to_counts, fraction_str, to_fraction

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

NUMBER_CHARS = st.sampled_from(list("0123456789-+./eE_ ,xX") + ["inf", "nan", "Infinity", "1e309", "1e999999999",
                                                               "²", "١", "\u00a0", "\t", "0x", "sNaN"])
NEAR_NUMBER = st.lists(NUMBER_CHARS, max_size=16).map("".join)
ANY_TEXT = st.text(max_size=40)
NUMBERS = (st.integers() | st.floats() | st.fractions() | st.decimals() | NEAR_NUMBER | ANY_TEXT | st.booleans()
           | st.none())
TOML_VALUES = st.recursive(
    st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | NEAR_NUMBER,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _valid_table(table):
    assert isinstance(table, tuple) and len(table) == 7
    assert all(isinstance(v, Fraction) and 0 <= v <= MAX_PAYOUT for v in table)


@FAST
@given(NUMBERS)
def test_to_fraction_gives_a_bounded_fraction_or_input_error(value):
    try:
        number = to_fraction(value)
    except InputError:
        return
    assert isinstance(number, Fraction) and abs(number) <= 10**300
    assert to_fraction(fraction_str(number)) == number


@FAST
@given(st.one_of(NEAR_NUMBER, ANY_TEXT, st.lists(NEAR_NUMBER, min_size=7, max_size=7).map(",".join)))
def test_parse_payouts_text(text):
    try:
        table = parse_payouts(text)
    except InputError:
        return
    _valid_table(table)
    assert parse_payouts(",".join(fraction_str(v) for v in table)) == table


@pytest.mark.slow
@FAST
@given(st.lists(NUMBERS, min_size=6, max_size=8) | JSON_VALUES)
def test_parse_payouts_values(values):
    try:
        table = parse_payouts(values)
    except InputError:
        return
    _valid_table(table)
    assert parse_payouts([fraction_str(v) for v in table]) == table


@FAST
@given(st.lists(st.integers(0, 10**12), min_size=7, max_size=7), st.integers(1, 10**6))
def test_payouts_round_trip(whole, denominator):
    table = parse_payouts([Fraction(w, denominator) for w in whole])
    assert parse_payouts(", ".join(fraction_str(v) for v in table)) == table


@pytest.mark.slow
@FAST
@given(st.one_of(ANY_TEXT, st.lists(st.sampled_from(list("0123456789 ,-.x²")), max_size=14).map("".join)),
       st.integers(1, 10), st.integers(2, 20))
def test_parse_hand(text, dice, sides):
    try:
        hand = parse_hand(text, dice, sides)
    except InputError:
        return
    assert len(hand) == dice and list(hand) == sorted(hand) and all(1 <= f <= sides for f in hand)
    assert parse_hand(" ".join(map(str, hand)), dice, sides) == hand
    assert parse_hand(",".join(map(str, hand)), dice, sides) == hand


@FAST
@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_parse_hand_round_trip(faces):
    hand = parse_hand(faces)
    assert hand == tuple(sorted(faces)) and parse_hand(" ".join(map(str, hand))) == hand


def _toml(value) -> str:
    """A TOML literal for a value (strings escaped as JSON, which TOML's basic strings accept)."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"


@pytest.mark.slow
@SLOW
@given(st.dictionaries(st.text(min_size=1, max_size=6), TOML_VALUES | st.lists(TOML_VALUES, min_size=7,
                                                                                max_size=7), max_size=3),
       st.sampled_from(["[tables]\n", "", "[other]\n", "tables = 1\n[tables]\n"]))
def test_load_tables_from_any_toml(tmp_path_factory, entries, header):
    path = tmp_path_factory.mktemp("t") / "t.toml"
    body = "".join(f"{_toml(k)} = {_toml(v)}\n" for k, v in entries.items())
    path.write_text(header + body, encoding="utf-8")
    try:
        tables = load_tables(path)
    except InputError:
        return
    assert tables
    for table in tables.values():
        _valid_table(table)


@SLOW
@given(st.binary(max_size=60))
def test_load_tables_from_any_bytes(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("b") / "t.toml"
    path.write_bytes(data)
    try:
        tables = load_tables(path)
    except InputError:
        return
    assert all(len(t) == 7 for t in tables.values())


@pytest.mark.slow
@FAST
@given(st.lists(st.integers(-2, 2**64) | st.floats() | st.booleans() | st.text(max_size=3), max_size=8)
       | JSON_VALUES, st.integers(2, 8))
def test_dice_weights(weights, sides):
    try:
        dice = Dice(3, sides, weights)
    except InputError:
        return
    assert len(dice.weights) == sides and all(isinstance(w, int) and 0 <= w for w in dice.weights)
    assert dice.total_weight > 0


@pytest.mark.slow
@FAST
@given(st.lists(st.integers(-3, 9) | st.floats() | st.booleans() | st.text(max_size=2), max_size=6))
def test_faces_to_counts(faces):
    try:
        counts = faces_to_counts(faces, 6)
    except InputError:
        return
    assert counts.sum() == len(faces) and (counts >= 0).all()


OPTION_VALUES = st.fixed_dictionaries({}, optional={
    "rules": st.sampled_from(["B", "I", "b", "Q", 5]) | st.none(),
    "payouts": st.lists(NUMBERS, min_size=7, max_size=7) | NEAR_NUMBER | st.none(),
    "dice": st.integers(0, 12) | st.booleans() | st.text(max_size=2),
    "sides": st.integers(1, 22) | st.floats(),
    "rerolls": st.integers(-1, 8),
    "weights": st.lists(st.integers(-1, 3), max_size=7) | JSON_VALUES,
    "bet": NUMBERS,
}) | JSON_VALUES


@SLOW
@given(OPTION_VALUES)
def test_session_options(options):
    try:
        normalized = normalize_options(options)
    except InputError:
        return
    assert normalize_options(normalized) == normalized


@SLOW
@given(ANY_TEXT | st.lists(st.sampled_from(["1", "5", "6", " ", ",", "all", "none", "x"]), max_size=8).map("".join))
def test_parse_action(text):
    state = face.new_game({"rules": "B"}, 3)
    try:
        action = face.parse_action(state, text)
    except InputError:
        return
    assert action in face.actions(state)
