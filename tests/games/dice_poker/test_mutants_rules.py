"""Dice poker rules (holdwise.games.dice_poker.rules) pinned with values where the mutation run found gaps."""

from fractions import Fraction

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games.dice_poker.rules import (
    BUILTIN_TABLES,
    CATEGORIES,
    MAX_PAYOUT,
    STRAIGHT_LENGTH,
    categories,
    parse_hand,
    parse_payouts,
)
from holdwise.games.dice_poker.tables import find_table, load_tables, select_tables

B = tuple(map(Fraction, ("10", "6", "4", "3", "2", "1", "1/2")))
I = tuple(map(Fraction, ("10", "6", "4", "0", "2", "1", "1/2")))  # noqa: E741 (the table is named I)


def counts_of(faces, sides=6):
    c = [0] * sides
    for f in faces:
        c[f - 1] += 1
    return c


@pytest.mark.parametrize("faces,category", [
    ((1, 1, 1, 1, 1), 0), ((2, 2, 2, 2, 5), 1), ((3, 3, 3, 6, 6), 2), ((1, 2, 3, 4, 5), 3), ((2, 3, 4, 5, 6), 3),
    ((4, 4, 4, 1, 2), 4), ((5, 5, 6, 6, 1), 5), ((1, 1, 2, 3, 4), 6), ((1, 2, 3, 4, 6), 7), ((1, 3, 4, 5, 6), 7),
])
def test_categories_of_five_dice(faces, category):
    assert categories(np.array([counts_of(faces)]))[0] == category


def test_categories_other_shapes():
    assert STRAIGHT_LENGTH == 5
    assert categories([0, 1, 1, 1, 1, 1, 0, 0]).tolist() == [3]  # a straight on 8 faces
    assert categories([0, 0, 0, 1, 1, 1, 1, 1]).tolist() == [3]  # the top five faces of 8
    assert categories([1, 1, 1, 1, 0, 1, 0, 0]).tolist() == [7]
    assert categories([5]).tolist() == [0]  # one face only
    assert categories([2]).tolist() == [6]
    assert categories([[0, 0, 0, 6, 0, 0], [1, 1, 1, 1, 1, 1]]).tolist() == [0, 3]


def test_builtin_tables():
    assert BUILTIN_TABLES == {"B": B, "I": I}
    assert len(CATEGORIES) == 7 and CATEGORIES[3] == "straight"


def test_parse_payouts_values_and_bounds():
    assert parse_payouts("10,6,4,3,2,1,1/2") == B
    assert parse_payouts(" 10, 6, 4, 3, 2, 1, 0.5 ") == B
    assert parse_payouts([10, 6, 4, 0, 2, 1, "1/2"]) == I
    assert parse_payouts((0,) * 7) == (0,) * 7  # zero pays are allowed
    assert MAX_PAYOUT == 10**12
    assert parse_payouts([MAX_PAYOUT] * 7) == (MAX_PAYOUT,) * 7
    for bad in ("", "1,2,3,4,5,6", "1,2,3,4,5,6,7,8", [1] * 6, "1,2,3,4,5,6,-1", [1, 2, 3, 4, 5, 6, MAX_PAYOUT + 1],
                "1,2,3,4,5,6,inf", "1,2,3,4,5,6,nan", "1,2,3,4,5,6,x", 7, {"a": 1}, [1, 2, 3, 4, 5, 6, True]):
        with pytest.raises(InputError):
            parse_payouts(bad)
    with pytest.raises(InputError, match="pair"):
        parse_payouts("1,2,3,4,5,6,-1")


def test_load_tables(tmp_path):
    good = tmp_path / "t.toml"
    good.write_text('[tables]\nmine = [10, 6, 4, 3, 2, 1, "1/2"]\nflat = [1, 1, 1, 1, 1, 1, 0]\n')
    assert load_tables(good) == {"mine": B, "flat": (1, 1, 1, 1, 1, 1, 0)}
    assert load_tables(str(good))["mine"] == B
    cases = {
        "empty.toml": "[tables]\n", "none.toml": "x = 1\n", "notlist.toml": "[tables]\na = 3\n",
        "short.toml": "[tables]\na = [1, 2]\n", "bad.toml": "[tables\n", "sect.toml": "tables = 3\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(InputError):
            load_tables(tmp_path / name)
    with pytest.raises(InputError):
        load_tables(tmp_path / "missing.toml")
    with pytest.raises(InputError):
        load_tables(tmp_path)
    big = tmp_path / "big.toml"
    big.write_text("#" * (1 << 20) + "\n[tables]\na = [1, 1, 1, 1, 1, 1, 1]\n")
    with pytest.raises(InputError):
        load_tables(big)
    fits = tmp_path / "fits.toml"
    fits.write_text("[tables]\na = [1, 1, 1, 1, 1, 1, 1]\n#" + "#" * ((1 << 20) - 40))
    assert fits.stat().st_size <= 1 << 20
    assert load_tables(fits) == {"a": (1,) * 7}


def test_parse_hand():
    assert parse_hand("5 3 4 2 5") == (2, 3, 4, 5, 5)
    assert parse_hand("1,6,6,6,6") == (1, 6, 6, 6, 6)
    assert parse_hand([6, 1, 2, 3, 4]) == (1, 2, 3, 4, 6)
    assert parse_hand("8 1 2", dice=3, sides=8) == (1, 2, 8)
    assert parse_hand("999999 1", dice=2, sides=999999) == (1, 999999)
    for bad, kw in (("1 2 3 4", {}), ("1 2 3 4 5 6", {}), ("0 1 2 3 4", {}), ("7 1 2 3 4", {}), ("a 1 2 3 4", {}),
                    ("-1 1 2 3 4", {}), ("1.0 1 2 3 4", {}), (5, {}), ("1234567 1", {"dice": 2, "sides": 9999999}),
                    ("9 1 2", {"dice": 3, "sides": 8})):
        with pytest.raises(InputError):
            parse_hand(bad, **kw)


def test_select_and_resolve(tmp_path):
    assert select_tables() == {"B": B, "I": I}
    assert select_tables("b") == {"B": B}
    assert select_tables(["I, B"]) == {"I": I, "B": B}
    assert select_tables(payouts="1,1,1,1,1,1,1") == {"custom": (1,) * 7}
    assert select_tables("B", payouts=[0] * 7) == {"B": B, "custom": (0,) * 7}
    f = tmp_path / "t.toml"
    f.write_text("[tables]\nmine = [1, 1, 1, 1, 1, 1, 1]\n")
    assert select_tables(tables_file=f) == {"mine": (1,) * 7}
    assert select_tables("MINE,b", tables_file=f) == {"mine": (1,) * 7, "B": B}
    with pytest.raises(InputError):
        select_tables("nosuch")
    with pytest.raises(InputError):
        select_tables("mine")
    assert find_table("i", BUILTIN_TABLES) == ("I", I)
    assert find_table(" B ", BUILTIN_TABLES) == ("B", B)
    assert find_table("MINE", {"mine": (1,) * 7}) == ("mine", (1,) * 7)
    with pytest.raises(InputError, match="unknown table 'Z'; known: B, I"):
        find_table("Z", BUILTIN_TABLES)


def test_long_bad_values_are_cut_in_messages():
    value = "x" * 100
    with pytest.raises(InputError) as info:
        parse_payouts([1, 2, 3, 4, 5, 6, value])
    message = str(info.value)
    assert repr(value)[:57] + "..." in message and value not in message  # the shared `shown`, cut at 60
    short = "y" * 58  # repr is 60 characters: shown whole
    with pytest.raises(InputError) as info:
        parse_payouts([1, 2, 3, 4, 5, 6, short])
    assert repr(short) in str(info.value)


def test_two_sided_dice_have_full_houses_and_two_pairs():
    from holdwise.games.dice_poker.rules import CATEGORIES, categories

    names = [CATEGORIES[int(i)] if i < len(CATEGORIES) else "nothing" for i in categories([[3, 2], [2, 2], [5, 0]])]
    assert names == ["full_house", "two_pairs", "five_of_a_kind"]


def test_values_are_shown_whole_up_to_sixty_characters():
    sixty = "x" * 58  # repr adds the two quotes
    with pytest.raises(InputError) as info:
        parse_payouts([sixty, 1, 1, 1, 1, 1, 1])
    assert str(info.value).endswith(repr(sixty))
    sixty_one = "y" * 59
    with pytest.raises(InputError) as info:
        parse_payouts([sixty_one, 1, 1, 1, 1, 1, 1])
    assert str(info.value).endswith(repr(sixty_one)[:57] + "...")


def test_tables_file_edges(tmp_path):
    from holdwise.games.dice_poker.tables import MAX_TABLES_FILE, load_tables

    with pytest.raises(InputError, match="is a directory, not a file"):
        load_tables(tmp_path)
    body = '[tables]\nX = [1, 1, 1, 1, 1, 1, 1]\n'
    exact = tmp_path / "exact.toml"
    exact.write_text(body + "#" * (MAX_TABLES_FILE - len(body) - 1) + "\n")
    assert exact.stat().st_size == MAX_TABLES_FILE
    assert list(load_tables(exact)) == ["X"]
    blocker = tmp_path / "plain.toml"
    blocker.write_text(body)
    with pytest.raises(InputError) as err:
        load_tables(blocker / "inside.toml")
    assert str(err.value).endswith(": Not a directory")
    text = tmp_path / "text.toml"
    text.write_text('[tables]\nX = "1,1,1,1,1,1,1"\n')
    with pytest.raises(InputError, match="table 'X' in .* is not a list of payouts"):
        load_tables(text)
