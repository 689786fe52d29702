"""Property tests (hypothesis) for every poker dice parser and the session's state reader: any input parses
to a valid object or raises InputError (never another exception), and printed forms parse back the same."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdwise import InputError
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import (
    MAX_SEED,
    Variant,
    hand_labels,
    hand_text,
    parse_hand,
    parse_keep,
    parse_players,
    parse_position,
    parse_rolls_left,
    parse_seed,
)

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the variants that exist (the flush rule and a straight above the full house need straights)
VARIANTS = st.builds(Variant, straights=st.just(True), straight_above_full_house=st.booleans(),
                     flush=st.booleans(), ace_high=st.booleans(), poker_faces=st.booleans()) | st.builds(
    Variant, straights=st.just(False), ace_high=st.booleans(), poker_faces=st.booleans())
# text near the faces (digits, poker faces, separators, look-alikes) and any text at all
FACE_CHARS = st.sampled_from(list("0123456789AKQJTakqjt ,;/-+.x²١٢３\u00a0\u2003\t\n\x00Ⅻ")
                             + ["10", "1e9", "inf"])
NEAR_TEXT = st.lists(FACE_CHARS, max_size=14).map("".join)
ANY_TEXT = st.text(max_size=40)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)
HANDS = st.lists(st.integers(1, 6), min_size=5, max_size=5).map(sorted).map(tuple)


def _valid_faces(faces):
    return all(isinstance(f, int) and 1 <= f <= 6 for f in faces) and list(faces) == sorted(faces)


@pytest.mark.slow
@FAST
@given(NEAR_TEXT | ANY_TEXT, VARIANTS)
def test_any_text_is_a_hand_or_refused(text, variant):
    try:
        faces = parse_hand(text, variant)
    except InputError as err:
        assert "\n" not in str(err) and len(str(err)) < 200
        return
    assert len(faces) == 5 and _valid_faces(faces)


@pytest.mark.slow
@FAST
@given(st.lists(JSON_VALUES | st.integers(-3, 12) | FACE_CHARS, max_size=7) | JSON_VALUES, VARIANTS)
def test_any_value_is_a_hand_or_refused(value, variant):
    try:
        faces = parse_hand(value, variant)
    except InputError:
        return
    assert len(faces) == 5 and _valid_faces(faces)


@pytest.mark.slow
@FAST
@given(NEAR_TEXT | ANY_TEXT, VARIANTS, HANDS)
def test_any_text_is_a_keep_or_refused(text, variant, hand):
    try:
        keep = parse_keep(text, variant, hand)
    except InputError as err:
        assert "\n" not in str(err)
        return
    assert len(keep) <= 5 and _valid_faces(keep)
    assert all(keep.count(f) <= hand.count(f) for f in keep)


@pytest.mark.slow
@FAST
@given(HANDS, VARIANTS)
def test_a_printed_hand_parses_back(hand, variant):
    assert parse_hand(hand_text(hand, variant), variant) == hand
    assert parse_hand(hand_labels(hand, variant), variant) == hand
    assert parse_hand("".join(hand_labels(hand, variant)), variant) == hand  # a run without spaces
    assert parse_keep(hand_text(hand[:2], variant), variant, hand) == hand[:2]


@FAST
@given(st.integers() | NEAR_TEXT | ANY_TEXT | JSON_VALUES)
def test_any_value_is_a_count_or_refused(value):
    for parse, low, high in ((parse_players, 2, 6), (parse_rolls_left, 1, 2), (parse_seed, 0, MAX_SEED),
                             (lambda v: parse_position(v, 3), 1, 3)):
        try:
            number = parse(value)
        except InputError as err:
            assert "\n" not in str(err) and len(str(err)) < 200
            continue
        assert type(number) is int and low <= number <= high


@FAST
@given(st.integers(-10, 2**64))
def test_a_printed_count_parses_back(number):
    for parse, low, high in ((parse_players, 2, 6), (parse_rolls_left, 1, 2), (parse_seed, 0, MAX_SEED)):
        if low <= number <= high:
            assert parse(str(number)) == parse(f" +{number} ") == parse(number) == number
        else:
            try:
                parse(str(number))
            except InputError as err:
                assert f"{low:,}" in str(err) and f"{high:,}" in str(err)
            else:
                raise AssertionError(f"{number} accepted")


@pytest.mark.slow
@FAST
@given(st.dictionaries(st.sampled_from([*face.DEFAULT_OPTIONS, "colour"]), JSON_VALUES | st.integers(0, 4)
                       | st.booleans(), max_size=9) | JSON_VALUES)
def test_any_options_are_normal_or_refused(options):
    try:
        out = face.normalize_options(options)
    except InputError:
        return
    assert set(out) == set(face.DEFAULT_OPTIONS) and 2 <= out["players"] <= 6
    assert 1 <= out["position"] <= out["players"]
    assert face.normalize_options(out) == out


@SLOW
@given(st.integers(0, 2**20), NEAR_TEXT | ANY_TEXT | st.sampled_from(["", "all", "none", "q", "next"]))
def test_any_text_at_the_prompt_is_an_action_or_refused(seed, text):
    state = face.new_game({}, seed)
    try:
        action = face.parse_action(state, text)
    except InputError:
        return
    assert action in face.actions(state)


def _paths(value, path=()):
    """Every place in a JSON value (dict keys and list items), with the value there."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replace(value, path, new):
    if not path:
        return new
    value = json.loads(json.dumps(value))
    here = value
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = new
    return value


STATE_SEEDS = [(options, seed) for seed, options in enumerate(
    [{}, {"players": 3}, {"players": 3, "position": 3, "roll_limit": True}, {"position": 2}])]


@SLOW
@given(st.sampled_from(STATE_SEEDS), st.integers(0, 3), st.data(),
       JSON_VALUES | st.integers(-2, 8) | st.sampled_from(["over", "roll", "player", "computer", "", [1, 2, 3, 4, 5]]))
def test_a_state_changed_anywhere_steps_or_is_refused(start, moves, data, new):
    """Any one value of a real state's JSON replaced by any JSON value: each verb answers or raises InputError."""
    options, seed = start
    state = face.new_game(options, seed)
    for _ in range(moves):
        state = face.step(state, face.computer_action(state))
    raw = state.to_json()
    paths = [p for p, _ in _paths(raw) if p[:1] != ("log",) and p[:1] != ("decisions",)]
    path = data.draw(st.sampled_from(paths))
    changed = _replace(raw, path, new)
    try:
        hostile = State.from_json(changed)
    except InputError:
        return
    for verb in (face.actions, face.computer_action, face.advice, face.check_state,
                 lambda s: face.parse_action(s, "all"), lambda s: face.step(s, face.computer_action(s))):
        try:
            verb(hostile)
        except InputError:
            continue


@SLOW
@given(JSON_VALUES)
def test_any_json_is_a_state_or_refused(value):
    try:
        state = State.from_json(value)
    except InputError:
        return
    try:
        face.check_state(state)
    except InputError:
        return
    raise AssertionError(f"a random value read as a reachable state: {value!r}")


@pytest.mark.slow
@FAST
@given(JSON_VALUES | st.dictionaries(st.sampled_from(["type", "keep"]), JSON_VALUES | st.lists(st.integers(-1, 7)),
                                     max_size=3))
def test_any_action_is_legal_or_refused(action):
    state = face.new_game({}, 3)
    try:
        after = face.step(state, action)
    except InputError as err:
        assert "\n" not in str(err) and len(str(err)) < 300
        return
    face.check_state(after)
