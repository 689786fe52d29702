"""Property tests of every Farkle input parser: any text (or value) parses to a valid object or raises
InputError; what is printed parses back to the same thing."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdwise import InputError
from holdwise.games.farkle.parsing import (
    MAX_DICE,
    MAX_TARGET,
    MAX_TURN_TOTAL,
    check_points,
    check_target,
    dice_text,
    face_text,
    parse_dice,
    parse_positions,
    parse_roll,
    parse_seed,
    parse_turn_total,
    parse_whole,
)
from holdwise.games.farkle.rules import DICE_PER_PLAYER, FACES, MAX_WEIGHT, NAMED_DICE, Die
from holdwise.games.farkle.session import normalize_options

FAST = settings(max_examples=300, deadline=None)

# text built from the pieces users type, so the parsers meet near-misses as well as noise
PIECES = st.sampled_from(["ordinary", "lucky", "devils-head", "custom:", "*", "2", "6", "0", "121", "1e999",
                          "inf", "nan", "-1", ",", ";", "/", " ", ":j1", ":j7", "j", "J", "1000001", "１", "²",
                          "saint-antiochus", "x" * 50])
TEXT = st.one_of(st.text(max_size=40), st.lists(PIECES, max_size=14).map("".join))
ANY = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                TEXT, st.lists(st.integers(), max_size=3))


def _valid_die(d):
    assert isinstance(d, Die) and len(d.weights) == FACES and sum(d.weights) > 0
    assert all(0 <= w <= MAX_WEIGHT and int(w) == w for w in d.weights)
    assert all(1 <= f <= FACES and d.weights[f - 1] > 0 for f in d.joker_faces) or d.name in NAMED_DICE


@FAST
@given(TEXT)
def test_parse_dice_any_text(text):
    try:
        dice = parse_dice(text)
    except InputError:
        return
    assert 1 <= len(dice) <= MAX_DICE
    for d in dice:
        _valid_die(d)
    assert parse_dice(dice_text(dice)) == dice  # printed and read back


CUSTOM = st.tuples(st.lists(st.integers(0, MAX_WEIGHT), min_size=6, max_size=6).filter(any),
                   st.sets(st.integers(1, 6), max_size=2), st.integers(1, 6),
                   st.sampled_from([",", ";", "/", " "]))


@pytest.mark.slow
@FAST
@given(CUSTOM)
def test_custom_dice_in_every_separator(case):
    weights, jokers, times, sep = case
    jokers = sorted(f for f in jokers if weights[f - 1] > 0)
    text = "custom:" + sep.join(map(str, weights)) + "".join(f":j{f}" for f in jokers) + f"*{times}, lucky"
    dice = parse_dice(text)
    assert [d.weights for d in dice[:times]] == [tuple(weights)] * times and dice[-1] is NAMED_DICE["lucky"]
    assert dice[0].joker_faces == tuple(jokers)
    assert parse_dice(dice_text(dice)) == dice


@pytest.mark.slow
@FAST
@given(st.one_of(TEXT, st.lists(st.one_of(st.integers(-2, 8), st.text(max_size=3)), max_size=8)),
       st.sampled_from([None, (NAMED_DICE["ordinary"],) * 5 + (NAMED_DICE["devils-head"],),
                        (NAMED_DICE["pie"],) * 6]))
def test_parse_roll_any_input(roll, dice):
    try:
        faces = parse_roll(roll, dice)
    except InputError:
        return
    assert 1 <= len(faces) <= DICE_PER_PLAYER and all(1 <= f <= FACES for f in faces)
    if dice is not None:
        shown = " ".join(face_text(dice[i], f) for i, f in enumerate(faces))
        assert parse_roll(shown, dice) == faces


@FAST
@given(st.one_of(TEXT, st.lists(ANY, max_size=8)))
def test_parse_positions_any_input(text):
    try:
        positions = parse_positions(text)
    except InputError:
        return
    assert len(set(positions)) == len(positions) <= DICE_PER_PLAYER and all(1 <= p <= 6 for p in positions)
    assert parse_positions(",".join(map(str, positions))) == positions


@FAST
@given(ANY)
def test_numbers_any_value(value):
    for parse, check in ((check_target, lambda v: 0 < v <= MAX_TARGET and v % 50 == 0),
                         (parse_turn_total, lambda v: 0 <= v <= MAX_TURN_TOTAL and v % 50 == 0),
                         (parse_seed, lambda v: 0 <= v < 2**63),
                         (lambda v: check_points(v, 4000, "--score"), lambda v: 0 <= v < 4000 and v % 50 == 0),
                         (lambda v: parse_whole(v, "n"), lambda v: isinstance(v, int))):
        try:
            out = parse(value)
        except InputError:
            continue
        assert type(out) is int and check(out)
        assert parse(str(out)) == out
        if isinstance(value, float):
            assert math.isfinite(value) and value == out


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["target", "computer", "first", "colour"]),
                       st.one_of(ANY, st.sampled_from(["coaching", "race-aware", "player", "computer", "500"])),
                       max_size=3))
def test_session_options_any_value(options):
    options = {**options, "computer": options.get("computer", "coaching")}  # no match solve in a property test
    try:
        out = normalize_options(options)
    except InputError:
        return
    assert normalize_options(out) == out
