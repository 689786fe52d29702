"""Pins for survivors of the mutation run in farkle/parsing.py (each test fails on its mutant)."""

import pytest

from holdwise import InputError
from holdwise.games.farkle.parsing import (
    MAX_DICE,
    MAX_REPEAT,
    MAX_TURN_TOTAL,
    check_not_won,
    dice_text,
    parse_dice,
    parse_positions,
    parse_roll,
    parse_turn_total,
)
from holdwise.games.farkle.rules import NAMED_DICE, Die

ORD = NAMED_DICE["ordinary"]
ODD = NAMED_DICE["odd"]


def test_a_joker_face_of_weight_zero_is_refused():
    # mutant: the guard `if weights[f - 1] == 0: raise` never taken
    with pytest.raises(InputError, match="joker face 1 has weight 0"):
        parse_dice("custom:0,1,1,1,1,1:j1*6")
    assert parse_dice("custom:1,1,1,1,1,1:j1")[0].joker_faces == (1,)


def test_j_reads_as_the_first_joker_face_that_can_show():
    # mutant: `die.weights[f - 1]` -> `die.weights[f - 2]` (for face 1 that reads face 6, here of weight 0)
    dice = parse_dice("custom:1,1,1,1,1,0:j1,ordinary*5")
    assert parse_roll("J 5", dice, [1, 2]) == (1, 5)
    two = parse_dice("custom:0,2,1,1,1,1:j2:j3,ordinary*5")
    assert parse_roll("J", two, [1]) == (2,)


def _message(call, *args, **kwargs) -> str:
    with pytest.raises(InputError) as err:
        call(*args, **kwargs)
    return str(err.value)


def test_limits_of_repeats_and_lists_are_120_dice():
    # mutants: MAX_REPEAT's 2 or 10 changed (60, 108, 132 or 180); the list guards `len(...) > MAX_DICE` never
    # taken or `>=`, in a text and in a sequence of items
    assert MAX_REPEAT == MAX_DICE == 120
    assert parse_dice("ordinary*120") == (ORD,) * 120
    assert "the repeat count in 'ordinary*121' must be a whole number 1 to 120, got 121" in _message(parse_dice,
                                                                                          "ordinary*121")
    assert parse_dice("ordinary*119, odd") == (ORD,) * 119 + (ODD,)
    assert _message(parse_dice, "ordinary*120, odd") == "at most 120 dice in a list, got more"
    assert parse_dice(["ordinary*60", "ordinary*60"]) == (ORD,) * 120
    assert parse_dice(["ordinary*120"]) == (ORD,) * 120
    assert _message(parse_dice, ["ordinary*120", "odd"]) == "at most 120 dice in a list, got more"


def test_a_list_of_dice_that_is_no_list_or_holds_no_names():
    # mutants: the guards on a non-sequence, a non-text item, a list of separators only, a '*' without a count
    # and an empty name never taken (each would fail later with another error, or none)
    assert _message(parse_dice, 5) == "dice are a list of names, got int"
    assert _message(parse_dice, ["odd", 5]) == "a die is a name, got int"
    assert _message(parse_dice, " , ; ") == "no dice named in ' , ; '"
    assert _message(parse_dice, "odd, ordinary *") == "a repeat count follows '*' in 'ordinary*' (1 to 120)"
    assert _message(parse_dice, "odd, *3") == "an empty die name in the list"


def test_a_custom_die_split_over_items_and_its_guards():
    # mutants: `items[-1]` -> `items[0]` when the weights run on after a ',' (and in the short-of-weights message);
    # the six-weights guard and the all-zero guard never taken (Die would refuse with another message); `== 0`
    # with 0 -> 1 (a die of total weight 1 refused)
    assert parse_dice("odd, custom:1,1,1,1,1,2") == (ODD, Die("custom:1,1,1,1,1,2", (1, 1, 1, 1, 1, 2)))
    assert _message(parse_dice, "odd, custom:1,1,1,1,1") == (
        "a custom die has six weights (faces 1-6); 'custom:1,1,1,1,1' has 5")
    assert _message(parse_dice, "custom:1 1 1 1 1 1 1") == (
        "a custom die has six weights (faces 1-6), got 7 in 'custom:1 1 1 1 1 1 1'")
    assert _message(parse_dice, "custom:0,0,0,0,0,0") == (
        "a custom die needs a face of positive weight: 'custom:0,0,0,0,0,0'")
    assert parse_dice("custom:1,0,0,0,0,0")[0].weights == (1, 0, 0, 0, 0, 0)


def test_a_die_name_is_at_most_40_characters():
    # mutants: `len(item) > 40` never taken, `>=`, 40 -> 39 or 41 (apostrophes are dropped from a name, so a
    # padded 'ordinary' is known to die_by_name at any length)
    assert parse_dice("'" * 32 + "ordinary") == (ORD,)
    assert parse_dice("'" * 31 + "ordinary") == (ORD,)
    long = "'" * 33 + "ordinary"
    assert _message(parse_dice, long).startswith("unknown die " + repr(long[:37] + "...") + "; known: ordinary,")


def test_short_texts_in_messages_are_cut_at_40_characters():
    # mutants of _short: `<=` -> `<`, 40 -> 39 or 41, 37 -> 36 or 38, `+` -> `-`
    forty = "abcdefghij" * 4
    assert _message(parse_roll, forty) == f"a die shows 1 to 6 (or J for a joker), got {forty!r}"
    assert _message(parse_roll, forty + "k") == f"a die shows 1 to 6 (or J for a joker), got {forty[:37] + '...'!r}"
    assert _message(parse_roll, forty[:39]) == f"a die shows 1 to 6 (or J for a joker), got {forty[:39]!r}"


def test_dice_text_counts_the_last_run():
    # mutant: `out[-1][1] += 1` -> `out[0][1] += 1` (the repeat counted on the first run)
    lucky = NAMED_DICE["lucky"]
    assert dice_text((ORD, lucky, lucky)) == "ordinary, lucky*2"
    assert dice_text((ORD, lucky, lucky, lucky, ORD, ORD)) == "ordinary, lucky*3, ordinary*2"


def test_positions_name_at_most_six_dice():
    # mutants: `len(items) > DICE_PER_PLAYER` never taken (7 would fail later as 'own position') or `>=`
    assert parse_positions("1 2 3 4 5 6") == [1, 2, 3, 4, 5, 6]
    assert parse_positions([6, 5, 4, 3, 2, 1]) == [6, 5, 4, 3, 2, 1]
    assert _message(parse_positions, "1 2 3 4 5 6 7") == "positions names at most 6 dice, got 7"
    assert _message(parse_positions, "1 2 3 4 5 6 6") == "positions names at most 6 dice, got 7"


def test_j_picks_the_first_joker_face_of_positive_weight():
    # mutants of `die.weights[f - 1] > 0`: `>=` (a joker of weight 0, possible on a Die built directly), `f + 1`,
    # `f - 0`
    built = Die("built", (0, 1, 1, 1, 1, 1), (1, 2))
    assert parse_roll("J", (built,)) == (2,)
    assert parse_roll("J", parse_dice("custom:1,1,1,0,1,1:j2:j3")) == (2,)
    assert parse_roll("J", parse_dice("custom:1,0,1,1,1,1:j1:j3")) == (1,)
    assert parse_roll("J", parse_dice("custom:1,1,1,1,1,1:j6")) == (6,)


def test_turn_totals_from_0_to_a_billion():
    # mutants: MAX_TURN_TOTAL +-1 (the message shows it), the guard never taken, `or` -> `and`, `<` -> `<=`,
    # `value < 0` -> `value < 1`, `>` -> `>=`
    assert MAX_TURN_TOTAL == 1_000_000_000
    assert parse_turn_total(0) == 0
    assert parse_turn_total("1000000000") == 1_000_000_000
    bad = "turn_total must be a multiple of 50 from 0 to 1,000,000,000, got {}"
    for value in (-50, 25, 1_000_000_050):
        assert _message(parse_turn_total, value) == bad.format(value)


def test_a_won_position_is_refused():
    # mutants: the guard never taken, `>=` -> `>`, `score + turn_total` -> `score - turn_total`
    assert _message(check_not_won, 50, 50, 100) == (
        "turn_total 50 plus the score 50 reaches the target 100: the game is already won")
    assert _message(check_not_won, 0, 150, 100).startswith("turn_total 150 plus the score 0 reaches")
    check_not_won(50, 0, 100)
    check_not_won(0, 50, 100)
    check_not_won(0, 0, 100)


def test_too_many_weights_are_counted_before_the_next_die():
    from holdwise import InputError
    from holdwise.games.farkle import parse_dice

    with pytest.raises(InputError) as err:
        parse_dice("custom:1 1 1 1 1 1 1, odd")
    assert "got 7 in 'custom:1 1 1 1 1 1 1'" in str(err.value)
