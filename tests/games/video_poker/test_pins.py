"""Pins for video poker's pay-table rules and limits: each test fails on one mutant that survived before.

- the duplicate-hand check of pay tables removed;
- zero pays refused (`pay < 0` -> `pay <= 0`): a pay of 0 must stay accepted, a negative one refused;
- the default `royal_below_max` changed (250);
- the exact comparison's 63-bit guard moved (the largest pay accepted is 391,988 per coin with 52 cards,
  314,577 with 53);
- the pay-table file's size limit (1 MiB), the starting credits' limit and the seed's.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker.inputs import MAX_CREDITS, MAX_SEED
from holdwise.games.video_poker.paytables import (
    DEFAULT_ROYAL_BELOW_MAX,
    MAX_FILE_BYTES,
    PayTable,
    max_scaled_pay,
    parse_games,
)
from holdwise.games.video_poker.solver import integer_pays


def game(pays: str, extra: str = "") -> PayTable:
    """One game `g` from TOML pay entries."""
    return parse_games(f"[g]\n{extra}\npays = [{pays}]\n", "test")["g"]


def test_a_hand_listed_twice_is_refused():
    with pytest.raises(InputError, match="hand 'flush' listed twice"):
        game('{ hand = "flush", pay = 5 }, { hand = "flush", pay = 6 }')
    with pytest.raises(InputError, match="listed twice"):  # also far apart, with other hands between
        game('{ hand = "flush", pay = 5 }, { hand = "straight", pay = 4 }, { hand = "flush", pay = 6 }')


def test_a_zero_pay_is_accepted_and_a_negative_one_refused():
    table = game('{ hand = "royal_flush", pay = 0 }, { hand = "flush", pay = 0.0 }, { hand = "straight", pay = "0" }',
                 "royal_below_max = 0")
    assert table.pays == (0, 0, 0, 0) and table.royal_below_max == 0
    for pay in ("-1", "-0.5", '"-1/2"', '"-0.001"'):
        with pytest.raises(InputError, match="negative"):
            game(f'{{ hand = "flush", pay = {pay} }}')
    with pytest.raises(InputError, match="royal_below_max is negative"):
        game('{ hand = "flush", pay = 1 }', "royal_below_max = -1000")


def test_the_default_royal_below_max_is_250():
    assert DEFAULT_ROYAL_BELOW_MAX == 250
    table = game('{ hand = "royal_flush", pay = 800 }, { hand = "flush", pay = 6 }')
    assert table.royal_below_max == 250
    assert table.pays_for(1) == table.pays_for(4) == (250, 6, 0) and table.pays_for(5) == (800, 6, 0)
    assert all(t.royal_below_max == 250 for t in vp.shipped_games().values())


def test_the_largest_pay_accepted_is_the_63_bit_bound():
    # M = lcm of C(cards left, 5 - h) and C(cards left, 5): pay x denominator x C(47, 5) x M < 2**62
    assert max_scaled_pay(52) == (2**62 - 1) // (1_533_939 * 7_669_695) == 391_988
    assert max_scaled_pay(53) == (2**62 - 1) // (1_712_304 * 8_561_520) == 314_577
    assert game('{ hand = "royal_flush", pay = 391988 }').pays[0] == 391_988
    with pytest.raises(InputError, match="at most 391,988 per coin"):
        game('{ hand = "royal_flush", pay = 391989 }')
    joker = 'deck = 53\nwild = "joker"'
    assert game('{ hand = "royal_flush", pay = 314577 }', joker).pays[0] == 314_577
    with pytest.raises(InputError, match="at most 314,577 per coin"):
        game('{ hand = "royal_flush", pay = 314578 }', joker)
    # fractions: pay x the common denominator of the table's pays
    assert game('{ hand = "royal_flush", pay = "391988/2" }, { hand = "flush", pay = "1/2" }').pays[0] == 195_994
    with pytest.raises(InputError, match="common denominator"):
        game('{ hand = "royal_flush", pay = 391000 }, { hand = "flush", pay = "1/2" }')
    with pytest.raises(InputError, match="common denominator"):  # at 1-4 coins too
        game('{ hand = "royal_flush", pay = 1 }, { hand = "flush", pay = "1/2" }', "royal_below_max = 391000")
    with pytest.raises(InputError, match="out of range"):  # the denominator alone
        game('{ hand = "flush", pay = "1/391989" }')
    # right at the bound with a denominator: 391,988 = 97,997 x 4 is accepted, 391,989 = 130,663 x 3 is not
    assert game('{ hand = "royal_flush", pay = 97997 }, { hand = "flush", pay = "1/4" }').pays[0] == 97_997
    with pytest.raises(InputError, match="x it is 391,989"):
        game('{ hand = "royal_flush", pay = 130663 }, { hand = "flush", pay = "1/3" }')


def test_the_solver_guard_is_the_same_bound():
    # a table built in Python skips the file's checks: the solver refuses it at the same bound
    def built(pay):
        return PayTable("x", "x", 52, "none", ("royal_flush", "nothing"), (Fraction(pay), Fraction(0)), Fraction(1))

    pays, denominator = integer_pays(built(391_988), 5)
    assert pays.tolist() == [391_988, 0] and denominator == 1
    with pytest.raises(InputError, match="63-bit"):
        integer_pays(built(391_989), 5)
    with pytest.raises(InputError, match="out of range"):  # and the face checks it like a file's game
        vp.resolve_game(built(391_989))


def test_a_table_at_the_bound_solves_exactly():
    # returns scale with the pays (the best holds do not change): no overflow at the largest pay
    one = game('{ hand = "royal_flush", pay = 1 }, { hand = "four_of_a_kind", pay = "1/2" }', "royal_below_max = 1")
    top = game('{ hand = "royal_flush", pay = 391988 }, { hand = "four_of_a_kind", pay = 195994 }',
               "royal_below_max = 391988")
    low = vp.solve_game(one).return_exact
    assert vp.solve_game(top).return_exact == 391_988 * low
    assert 0 < low < Fraction(1, 100)


def test_the_file_size_limit(tmp_path):
    assert MAX_FILE_BYTES == 1 << 20
    text = '[g]\npays = [{ hand = "flush", pay = 1 }]\n'
    path = tmp_path / "limit.toml"
    path.write_text(text + "#" * (MAX_FILE_BYTES - len(text) - 1) + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES and list(vp.load_games(path)) == ["g"]
    path.write_text(text + "#" * (MAX_FILE_BYTES - len(text)) + "\n")
    with pytest.raises(InputError, match="larger than 1,048,576 bytes"):
        vp.load_games(path)


def test_the_session_limits():
    assert MAX_CREDITS == 1_000_000_000 and MAX_SEED == 2**63 - 1
    assert vp.new_game({"credits": MAX_CREDITS}, MAX_SEED).tally["credits"] == MAX_CREDITS
    with pytest.raises(InputError, match="credits must be a whole number 1 to 1,000,000,000"):
        vp.new_game({"credits": MAX_CREDITS + 1}, 0)
    with pytest.raises(InputError, match="seed must be a whole number 0 to 9,223,372,036,854,775,807"):
        vp.new_game({}, MAX_SEED + 1)
    with pytest.raises(InputError, match="seed"):
        vp.new_game({}, -1)
