"""The scorecard as players write it: names and short forms, points each box can hold, totals, the state."""

from dataclasses import replace

import pytest

from holdwise.errors import InputError
from holdwise.games.yahtzee import YAHTZEE, YATZY, card_text, parse_card, parse_dice, parse_whole, possible_points


def test_a_card_gives_its_state_and_total():
    card = parse_card("ones=3, twos:6 3k=24 FH=25 y=50 bonus=200 sixes=30 fives=25", YAHTZEE)
    assert card.upper_total == 64 and card.upper_capped == 63 and card.upper_bonus == 35
    assert card.bonus_flag == 1 and card.yahtzee_bonus == 200
    assert card.total == 3 + 6 + 24 + 25 + 50 + 30 + 25 + 35 + 200
    used = {"ones", "twos", "fives", "sixes", "three_of_a_kind", "full_house", "yahtzee"}
    assert card.mask == sum(1 << i for i, c in enumerate(YAHTZEE.categories) if c.name in used)
    assert set(card.open_boxes) == {c.name for c in YAHTZEE.categories} - used
    assert parse_card(card_text(card), YAHTZEE) == card


def test_below_the_threshold_no_upper_bonus_and_a_zeroed_yahtzee_earns_no_bonus():
    card = parse_card("ones=4 twos=8 threes=12 fours=16 fives=20 y=0", YAHTZEE)
    assert card.upper_total == 60 and card.upper_capped == 60 and card.upper_bonus == 0
    assert card.bonus_flag == 0 and card.total == 60
    assert parse_card("", YAHTZEE).mask == 0 and not parse_card("", YAHTZEE).full


def test_what_each_box_can_hold():
    holds = dict(zip((c.name for c in YAHTZEE.categories), possible_points(YAHTZEE)))
    assert holds["ones"] == frozenset(range(6))
    assert holds["sixes"] == frozenset(range(0, 31, 6))
    assert holds["full_house"] == {0, 25} and holds["small_straight"] == {0, 30}
    assert holds["three_of_a_kind"] == {0} | set(range(5, 31))  # 1 1 1 1 1 to 6 6 6 6 6
    assert holds["four_of_a_kind"] == {0} | set(range(5, 31))
    assert holds["yahtzee"] == {0, 50} and holds["chance"] == set(range(5, 31)) | {0}
    yatzy = dict(zip((c.name for c in YATZY.categories), possible_points(YATZY)))
    assert yatzy["one_pair"] == {0, 2, 4, 6, 8, 10, 12} and yatzy["small_straight"] == {0, 15}
    assert yatzy["full_house"] == {0} | {3 * a + 2 * b for a in range(1, 7) for b in range(1, 7) if a != b}


@pytest.mark.parametrize(("text", "message"), [
    ("fh=20", "full_house cannot hold 20"), ("ones=3 ones=2", "written twice"), ("hat=1", "unknown category"),
    ("ones", "not box=points"), ("ones=-1", "ones cannot hold -1"), ("ones=３", "not box=points"),
    ("bonus=100", "needs 50"), ("y=50 bonus=50", "100 a Yahtzee"),
])
def test_bad_cards(text, message):
    with pytest.raises(InputError, match=message):
        parse_card(text, YAHTZEE)


def test_dice_and_whole_numbers():
    assert parse_dice("5 1 3", replace(YAHTZEE, dice=3)) == (1, 3, 5)
    assert parse_dice(["1", "1", "5", "3", "2"], YAHTZEE) == (1, 1, 2, 3, 5)
    assert parse_dice("11532", YAHTZEE) == (1, 1, 2, 3, 5)
    assert parse_dice("1,1,5,3,2", YAHTZEE) == (1, 1, 2, 3, 5)
    for bad in ("1 1 5 3", "1 1 5 3 7", "1 1 5 3 ３", "0 1 2 3 4"):
        with pytest.raises(InputError):
            parse_dice(bad, YAHTZEE)
    assert parse_whole("2", "x", 0, 2) == 2
    for bad in ("3", "-1", "２", "1.0", ""):
        with pytest.raises(InputError):
            parse_whole(bad, "x", 0, 2)


def test_writing_a_box_keeps_the_bonus_unless_given():
    card = parse_card("y=50 bonus=100", YAHTZEE)
    assert card.with_box(0, 3).yahtzee_bonus == 100
    assert card.with_box(0, 3, 100).yahtzee_bonus == 200
    assert card.with_box(0, 3).points[0] == 3 and card.points[0] is None


def test_the_highest_face_and_a_long_bad_number():
    assert parse_dice("66666", YAHTZEE) == (6, 6, 6, 6, 6)
    with pytest.raises(InputError, match="got '" + "9" * 36 + r"\.\.\.$"):
        parse_whole("9" * 60, "x", 0, 2)


def test_the_bonus_flag_reads_the_yahtzee_box_wherever_it_stands_and_any_bonus():
    """The Yahtzee box first (index 0) and a bonus of 1 point: a written Yahtzee still earns the bonus."""
    yahtzee = next(c for c in YAHTZEE.categories if c.kind == "yahtzee")
    rules = replace(YAHTZEE, categories=(yahtzee, *(c for c in YAHTZEE.categories if c is not yahtzee)),
                    yahtzee_bonus=1)
    assert rules.yahtzee_index == 0
    assert parse_card("y=50", rules).bonus_flag == 1
    assert parse_card("y=0", rules).bonus_flag == 0
    assert parse_card("y=50", replace(rules, yahtzee_bonus=0)).bonus_flag == 0


def test_edges_of_the_card_and_the_dice():
    """The upper bonus at exactly the threshold, a Yahtzee bonus of 0 written down, an empty card's bonus,
    a frozen card, and one run of digits split into dice only when it has as many digits as dice."""
    import dataclasses

    from holdwise.games.yahtzee import Card

    exact = parse_card("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18", YAHTZEE)
    assert exact.upper_total == YAHTZEE.upper_threshold == 63 and exact.upper_bonus == 35
    assert parse_card("y=50 bonus=0", YAHTZEE).yahtzee_bonus == 0
    empty = Card(YAHTZEE, (None,) * YAHTZEE.n_categories)
    assert empty.yahtzee_bonus == 0 and empty.total == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        empty.yahtzee_bonus = 100
    for text in ("123", "12345 6"):
        with pytest.raises(InputError, match="a die shows 1 to 6"):
            parse_dice(text, YAHTZEE)


def test_only_a_joker_fills_a_box_that_the_dice_never_make():
    """Three dice never make a full house or a large straight: only the joker's full values put points there."""
    for joker, held in (("free", {0, 25}), ("none", {0})):
        rules = replace(YAHTZEE, dice=3, joker=joker)
        holds = dict(zip((c.name for c in rules.categories), possible_points(rules)))
        assert set(holds["full_house"]) == held
        assert set(holds["large_straight"]) == ({0, 40} if joker == "free" else {0})
