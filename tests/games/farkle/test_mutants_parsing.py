"""Farkle inputs (holdwise.games.farkle.parsing) pinned with values where the mutation run found gaps."""

import pytest

from holdwise import InputError
from holdwise.games.farkle.parsing import (
    MAX_TARGET,
    check_points,
    check_six,
    check_target,
    dice_names,
    face_text,
    parse_dice,
    parse_loadout,
    parse_positions,
    parse_roll,
)
from holdwise.games.farkle.rules import NAMED_DICE

ORD = NAMED_DICE["ordinary"]
DEVIL = NAMED_DICE["devils-head"]


def test_parse_dice_defaults_and_repeats():
    assert parse_dice(None) == (ORD,) * 6
    assert parse_dice("  ") == (ORD,) * 6
    assert parse_dice(None, count=3) == (ORD,) * 3
    assert parse_dice("lucky*2, odd") == (NAMED_DICE["lucky"],) * 2 + (NAMED_DICE["odd"],)
    assert parse_dice("lucky*1") == (NAMED_DICE["lucky"],)
    assert parse_dice("ordinary*12") == (ORD,) * 12
    assert parse_dice(["odd", " ", "kings*2"]) == (NAMED_DICE["odd"],) + (NAMED_DICE["kings"],) * 2
    assert parse_dice("odd;pie") == (NAMED_DICE["odd"], NAMED_DICE["pie"])
    for bad in ("ordinary*0", "ordinary*-1", "ordinary*x", "ordinary*99999999999999999999", "nosuchdie"):
        with pytest.raises(InputError):
            parse_dice(bad)


def test_custom_dice():
    (die,) = parse_dice("custom:1,1,1,1,1,2")
    assert die.weights == (1, 1, 1, 1, 1, 2) and die.joker_faces == ()
    (die,) = parse_dice("custom:1/0/0/0/0/3:j1")
    assert die.weights == (1, 0, 0, 0, 0, 3) and die.joker_faces == (1,)
    (die,) = parse_dice("Custom:2 2 2 2 2 2:J3")
    assert die.weights == (2,) * 6 and die.joker_faces == (3,)
    dice = parse_dice("custom:1,1,1,1,1,2*2, odd")
    assert [d.weights for d in dice] == [(1, 1, 1, 1, 1, 2)] * 2 + [NAMED_DICE["odd"].weights]
    # the seventh number after a full custom die starts a new item (and is no die)
    with pytest.raises(InputError):
        parse_dice("custom:1,1,1,1,1,2,3")
    for bad in ("custom:1,1,1,1,1,x", "custom:1,1,1,1,1,1:k1", "custom:1,1,1,1,1,1:jx", "custom:1,1,1,1,1",
                "custom:1,1,1,1,1,1:j7"):
        with pytest.raises(InputError):
            parse_dice(bad)


def test_loadouts():
    assert parse_loadout("odd*6") == (NAMED_DICE["odd"],) * 6
    assert parse_loadout(None) == (ORD,) * 6
    for bad in ("odd*5", "odd*7"):
        with pytest.raises(InputError, match="^dice needs 6 dice") as caught:
            parse_loadout(bad)
        assert caught.value.field == "dice"
    with pytest.raises(InputError, match="--mine"):
        check_six((ORD,) * 5, "--mine")
    check_six((ORD,) * 6)
    assert dice_names((ORD, DEVIL)) == ["ordinary", "devils-head"]


def test_positions():
    assert parse_positions(None) is None
    assert parse_positions("2,3 5") == [2, 3, 5]
    assert parse_positions([1, 6]) == [1, 6]
    assert parse_positions("1 2", n=2) == [1, 2]
    for bad, n in (("0", None), ("7", None), ("1,1", None), ("x", None), ("1 2", 3), ("1 2 3", 2)):
        with pytest.raises(InputError):
            parse_positions(bad, n)


def test_rolls():
    assert parse_roll("1 1 5 2 3 4") == (1, 1, 5, 2, 3, 4)
    assert parse_roll([6]) == (6,)
    assert parse_roll("1,6") == (1, 6)
    dice = (ORD, DEVIL, ORD, ORD, ORD, ORD)
    assert parse_roll("J 3", dice, positions=[2, 1]) == (1, 3)
    assert parse_roll("5 j", dice) == (5, 1)
    pie = NAMED_DICE["pie"]  # cannot show 5 or 6
    assert parse_roll("4", (pie,)) == (4,)
    for bad, d, pos in (("", None, None), ("1 1 1 1 1 1 1", None, None), ("0", None, None), ("7", None, None),
                        ("x", None, None), ("J", None, None), ("J", (ORD,), None), ("5", (pie,), None),
                        ("6", (pie,), None), ("1 2", None, [1]), ("1 2", None, [1, 1]), ("1", None, [0]),
                        ("1", None, [7])):
        with pytest.raises(InputError):
            parse_roll(bad, d, pos)
    assert parse_roll("1", None, [6]) == (1,)
    # past the look-up of '1'..'6' (a face written with a leading zero): the same range, 1 to 6
    assert parse_roll("01 06") == (1, 6)


def test_face_text():
    assert face_text(DEVIL, 1) == "J"
    assert face_text(DEVIL, 2) == "2"
    assert face_text(ORD, 1) == "1"


def test_targets_and_points():
    assert MAX_TARGET == 20000
    assert check_target(50) == 50
    assert check_target(MAX_TARGET) == MAX_TARGET
    for bad in (0, -50, 75, MAX_TARGET + 50):
        with pytest.raises(InputError, match="--goal"):
            check_target(bad, "--goal")
    assert check_points(0, 100, "--score") == 0
    assert check_points(50, 100, "--score") == 50
    for bad in (-50, 25, 100, 150):
        with pytest.raises(InputError, match="--score"):
            check_points(bad, 100, "--score")


def test_whole_numbers_and_seeds():
    # Farkle reads them with the shared reader (tests/games/test_inputs.py pins its messages)
    from holdwise.games.farkle.parsing import parse_seed, parse_whole

    assert parse_whole("4000", "--n") == 4000 and parse_whole(" -50 ", "--n") == -50
    assert parse_whole(7, "--n", 7, 7) == 7
    assert parse_whole("9" * 19, "--n") == 10**19 - 1
    for bad in (True, None, 2.0, 1.5, float("inf"), float("nan"), "1e9", "1" * 31, "", "x", [1]):
        with pytest.raises(InputError, match="--n"):
            parse_whole(bad, "--n")
    with pytest.raises(InputError, match="1 to 3"):
        parse_whole(4, "--n", 1, 3)
    with pytest.raises(InputError, match="at least 1,000"):
        parse_whole(0, "--n", 1000)
    with pytest.raises(InputError, match="at most 3"):
        parse_whole(4, "--n", None, 3)
    assert parse_seed(0) == 0 and parse_seed(2**63 - 1) == 2**63 - 1 and parse_seed("17") == 17
    for bad in (-1, 2**63, "-1"):
        with pytest.raises(InputError, match="^seed must be"):
            parse_seed(bad)


def test_dice_text_folds_runs():
    from holdwise.games.farkle.parsing import dice_text

    lucky = NAMED_DICE["lucky"]
    dice = (ORD,) * 4 + (lucky, ORD)
    assert dice_text(dice) == "ordinary*4, lucky, ordinary"
    assert parse_dice(dice_text(dice)) == dice
    assert dice_text((lucky,)) == "lucky"
    assert dice_text((lucky, lucky)) == "lucky*2"


def test_a_custom_die_short_of_weights_says_how_many_it_has():
    with pytest.raises(InputError, match="has 5"):
        parse_dice("custom:1,1,1,1,1")
    with pytest.raises(InputError, match="has 5"):
        parse_dice("odd, custom:1,1,1,1,1")
