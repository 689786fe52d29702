"""Video poker cards, pay tables and the evaluator, pinned where the mutation run found gaps.

The evaluator is checked hand by hand against the slow oracle on a fixed set of hands (every straight window,
flush or not; every quad with each kicker; pairs of each rank; the same with 1-4 wild cards) plus seeded random
hands: `classify_hand` goes through the kernels, so under NUMBA_DISABLE_JIT=1 a mutated kernel is what runs, and
`classify_all` (every hand keyed by its ranks and flush, each key classified once) is read at the same hands.
The keyed classification of every hand of small decks equals the kernels' hand-by-hand loop.
"""

import dataclasses
import math
import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games.video_poker.cards import (
    HAND_SIZE,
    JOKER,
    card_str,
    hand_str,
    parse_card,
    parse_hand,
    parse_hold,
    shown,
)
from holdwise.games.video_poker.evaluator import (
    ACE,
    N_RANK_SETS,
    ROYAL_MASK,
    STRAIGHT_WINDOWS,
    binomials,
    classify_all,
    classify_every_hand,
    classify_hand,
    colex_blocks,
    hand_keys,
)
from holdwise.games.video_poker.paytables import (
    DEFAULT_ROYAL_BELOW_MAX,
    EXACT_BOUND,
    KIND_CODES,
    MAX_COINS,
    MAX_FILE_BYTES,
    WILD_MODES,
    PayTable,
    hand_label,
    load_games,
    max_scaled_pay,
    parse_games,
    pay_text,
    resolve_game,
    shipped_games,
    table_from_json,
    table_to_json,
)
from tests.oracles.video_poker_bruteforce import Oracle

GAMES = shipped_games()


def card(rank, suit):
    return rank * 4 + suit


def structured_hands():
    """Hands at the edges of the evaluator's rules, as 5 natural cards of a 52-card deck."""
    out = []
    for lo in range(-1, 9):  # -1: the wheel A-2-3-4-5
        ranks = [ACE, 0, 1, 2, 3] if lo == -1 else list(range(lo, lo + 5))
        out.append([card(r, 2) for r in ranks])  # straight flush / royal
        out.append([card(r, 2) for r in ranks[:4]] + [card(ranks[4], 1)])  # straight
        out.append([card(r, 2) for r in ranks[:4]] + [card((ranks[4] + 2) % 13, 2)])  # flush, no straight
    for quad in range(13):
        for kicker in (0, 1, 2, 3, 11, 12):
            if kicker != quad:
                out.append([card(quad, s) for s in range(4)] + [card(kicker, 0)])
    for r in range(13):
        other = [(r + k) % 13 for k in (3, 5, 8)]
        out.append([card(r, 0), card(r, 1)] + [card(o, 2) for o in other])  # one pair
        out.append([card(r, 0), card(r, 1), card(r, 2)] + [card(o, 3) for o in other[:2]])  # trips
        out.append([card(r, 0), card(r, 1), card(r, 2), card(other[0], 0), card(other[0], 1)])  # full house
        out.append([card(r, 0), card(r, 1), card(other[0], 0), card(other[0], 1), card(other[1], 2)])  # 2 pair
    return [sorted(h) for h in out]


def with_wilds(hands, wild, rng):
    """The hands again with 1-4 cards turned into wild cards (deuces, or the joker once)."""
    out = []
    for i, hand in enumerate(hands):
        for n in (1, 2) if i % 4 == 0 else (1,):  # more wild cards: the oracle tries thousands of choices per hand
            if wild == "joker" and n > 1:
                break
            keep = [c for c in hand if c // 4 != 0][: 5 - n]
            if len(keep) < 5 - n:
                continue
            wilds = [JOKER] if wild == "joker" else [card(0, s) for s in rng.sample(range(4), n)]
            if len(set(keep + wilds)) == 5:
                out.append(sorted(keep + wilds))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_evaluator_matches_the_oracle_on_selected_hands(game_id):
    table = GAMES[game_id]
    rng = random.Random(game_id)
    hands = structured_hands()
    if table.wild != "none":
        hands += with_wilds(hands, table.wild, rng)
    random_hands = [sorted(rng.sample(range(table.deck), 5)) for _ in range(150)]
    if table.wild == "deuces":  # three or four deuces: the oracle tries thousands of choices per hand
        random_hands = [h for h in random_hands if sum(c // 4 == 0 for c in h) <= 2]
    hands += random_hands
    oracle = Oracle(table.hands, table.wild)
    keyed = classify_all(table)  # the deck-wide classification by keys, read at each hand's colex rank
    binom = binomials()
    for hand in hands:
        expected = oracle(hand)
        assert classify_hand(hand, table) == expected, (game_id, hand_str(hand))
        assert keyed[sum(int(binom[c, i + 1]) for i, c in enumerate(hand))] == expected, (game_id, hand_str(hand))


def test_constants_of_the_evaluator():
    assert ACE == 12
    assert ROYAL_MASK == sum(1 << r for r in range(8, 13))
    assert STRAIGHT_WINDOWS.tolist() == [0b1000000001111] + [0b11111 << lo for lo in range(9)]
    binom = binomials()
    assert binom.shape == (54, 6)
    assert binom[52, 5] == 2598960 and binom[53, 5] == 2869685 and binom[5, 5] == 1 and binom[4, 5] == 0


def test_classify_every_hand_on_a_small_deck():
    """The colex loop over a 12-card deck (ranks 2-4), compared with classify_hand hand by hand."""
    table = GAMES["deuces-wild-full-pay"]
    binom = binomials()
    out = np.full(int(binom[12, 5]), -1, dtype=np.int8)
    kinds = np.array(table.kind_codes, dtype=np.int64)
    classify_every_hand(12, kinds, 1, binom, out)
    for hand in combinations(range(12), 5):
        rank = sum(int(binom[c, i + 1]) for i, c in enumerate(hand))
        assert out[rank] == classify_hand(hand, table)
    assert (out >= 0).all()


@pytest.mark.parametrize("game_id,n_cards", [("deuces-wild-full-pay", 12), ("jacks-or-better-9-6", 20),
                                             ("double-double-bonus-9-6", 17), ("deuces-wild-full-pay", 21)])
def test_classify_all_by_keys_equals_the_kernel_loop_on_small_decks(game_id, n_cards):
    """The keyed NumPy classification of every hand of a small deck, against the kernels hand by hand."""
    table = dataclasses.replace(GAMES[game_id], deck=n_cards)
    binom = binomials()
    loop = np.full(int(binom[n_cards, 5]), -1, dtype=np.int8)
    classify_every_hand(n_cards, np.array(table.kind_codes, dtype=np.int64), WILD_MODES[table.wild], binom, loop)
    keyed = classify_all(table)
    assert keyed.dtype == np.int8 and not keyed.flags.writeable
    assert np.array_equal(keyed, loop)


@pytest.mark.parametrize("n_cards,wild_mode", [(12, 0), (16, 1), (53, 2), (52, 1)])
def test_evaluator_hand_keys_name_the_rank_multiset_and_the_flush(n_cards, wild_mode):
    """Each hand's key (by colex rank) is 2 x the index of its sorted ranks (joker 13) + its natural cards
    sharing a suit, checked hand by hand (every hand of small decks, seeded hands of full ones)."""
    binom = binomials()
    keys = hand_keys(n_cards, wild_mode)
    assert keys.shape == (math.comb(n_cards, 5),) and 0 <= keys.min() and keys.max() < 2 * N_RANK_SETS
    hands = list(combinations(range(n_cards), 5)) if n_cards <= 16 else [
        sorted(random.Random(n_cards).sample(range(n_cards), 5)) for _ in range(3000)]
    if n_cards == 53:
        hands += [[c, 13, 27, 40, 52] for c in (0, 1, 5)]  # the joker with suited and unsuited naturals
    for hand in hands:
        ranks = [c // 4 for c in hand]
        naturals = [c for c in hand if not ((wild_mode == 2 and c == 52) or (wild_mode == 1 and c < 4))]
        index = sum(math.comb(r + j, j + 1) for j, r in enumerate(ranks))
        rank = sum(int(binom[c, i + 1]) for i, c in enumerate(hand))
        assert keys[rank] == 2 * index + (len({c % 4 for c in naturals}) <= 1), hand


def test_evaluator_colex_blocks_split_the_sets_by_their_top_card():
    for n_cards, size in ((9, 3), (12, 5), (52, 2)):
        sets = sorted(combinations(range(n_cards), size), key=lambda s: s[::-1])  # colex order
        blocks = colex_blocks(n_cards, size)
        assert [t for t, _, _ in blocks] == list(range(size - 1, n_cards))
        for t, start, count in blocks:
            assert [s[-1] for s in sets[start:start + count]] == [t] * count
        assert sum(count for _, _, count in blocks) == len(sets) == blocks[-1][1] + blocks[-1][2]


def test_cards():
    assert HAND_SIZE == 5 and JOKER == 52
    assert [card_str(c) for c in (0, 1, 2, 3, 4, 51, 52)] == ["2c", "2d", "2h", "2s", "3c", "As", "Jk"]
    assert parse_card(0) == 0 and parse_card(51) == 51 and parse_card(52, 53) == 52
    assert parse_card("A♠") == 51 and parse_card("10♥") == 34 and parse_card(" q♦ ") == 41
    assert parse_card("Jk", 53) == JOKER and parse_card("JOKER", 53) == JOKER
    for bad, deck in ((52, 52), (-1, 52), (53, 53), (True, 52), ("Jk", 52), ("1s", 52), ("As", 51), ("As", True),
                      ("s", 52), ("", 52), (1.0, 52), ("Ax", 52)):
        with pytest.raises(InputError):
            parse_card(bad, deck)
    assert parse_hand(["As Ks", "Qs", 39, "Ts"]) == (51, 47, 43, 39, 35)
    for bad in (b"As Ks Qs Js Ts", 5, "As Ks Qs Js", ["As", "Ks", "Qs", "Js", "Ts", "9s"]):
        with pytest.raises(InputError):
            parse_hand(bad)
    for deck in (51, 54, 0):  # a hand written plainly is still refused from a deck no game has
        with pytest.raises(InputError):
            parse_hand("As Kd Qh Jc Ts", deck)


def test_shown():
    assert shown("x" * 40) == repr("x" * 40)[:37] + "..."
    assert shown("x" * 38) == repr("x" * 38)
    assert shown(10**30) == "a 100-bit number"
    assert shown(10**30 - 1) == str(10**30 - 1)
    assert shown(-(10**30)) == "a 100-bit number"


def test_hold():
    hand = parse_hand("As Ks Qs Js Ts")
    assert parse_hold("1 3 5", hand) == [1, 3, 5]
    assert parse_hold("531", hand) == [1, 3, 5]
    assert parse_hold("a", hand) == [1, 2, 3, 4, 5] and parse_hold(" ALL ", hand) == [1, 2, 3, 4, 5]
    assert parse_hold("none", hand) == [] and parse_hold("0", hand) == [] and parse_hold("-", hand) == []
    assert parse_hold("Ts ks", hand) == [2, 5]
    assert parse_hold([5, 1], hand) == [1, 5]
    assert parse_hold((), hand) == []
    for bad in ("", "6", "1 1", "9s", "zz", [0], [1, 1], [True], 3, "²", ["1"]):
        with pytest.raises(InputError):
            parse_hold(bad, hand)
    joker_hand = parse_hand("Jk 2c 3d 4h 5s", 53)
    assert parse_hold("jk", joker_hand) == [1]


def jacks(**over):
    body = {"name": "J", "deck": 52, "wild": "none",
            "pays": [{"hand": "royal_flush", "pay": 800}, {"hand": "jacks_or_better", "pay": 1}]}
    body.update(over)
    return body


def test_pay_table_values():
    assert DEFAULT_ROYAL_BELOW_MAX == 250 and MAX_COINS == 5 and MAX_FILE_BYTES == 1 << 20
    assert EXACT_BOUND == 2**62
    from math import comb, lcm
    draws = [comb(47, 5 - h) for h in range(6)]
    assert max_scaled_pay(52) == (2**62 - 1) // (draws[0] * lcm(*draws)) == 391988
    assert max_scaled_pay(53) < max_scaled_pay(52)
    assert len(KIND_CODES) == 21 and KIND_CODES["royal_flush"] == 0 and KIND_CODES["nothing"] == 18
    assert KIND_CODES["five_aces"] == 19 and KIND_CODES["aces_or_better"] == 20
    table = parse_games('[g]\nname = "G"\npays = [{ hand = "royal_flush", pay = 800 }, '
                        '{ hand = "two_pair", pay = "5/2" }, { hand = "jacks_or_better", pay = 0 }]\n', "t")["g"]
    assert table.deck == 52 and table.wild == "none" and table.royal_below_max == 250
    assert table.hands == ("royal_flush", "two_pairs", "jacks_or_better", "nothing")  # the old name read
    assert table.pays == (800, Fraction(5, 2), 0, 0)
    assert table.pays_for(5) == table.pays
    assert table.pays_for(1) == (250, Fraction(5, 2), 0, 0) == table.pays_for(4)
    for bad in (0, 6, True, 2.0):
        with pytest.raises(InputError):
            table.pays_for(bad)
    assert table.kind_codes == (0, 15, 16, 18)
    assert hash(table) == hash(parse_games('[g]\nname = "G"\npays = [{ hand = "royal_flush", pay = 800 }, '
                                           '{ hand = "two_pair", pay = "5/2" }, { hand = "jacks_or_better", '
                                           'pay = 0 }]\n', "t")["g"])
    assert table_from_json(table_to_json(table)) == table
    assert pay_text(Fraction(5, 2)) == "5/2" and pay_text(Fraction(4)) == "4"
    assert hand_label("four_5s_ks") == "four 5s-Ks" and hand_label("full_house") == "full house"


@pytest.mark.parametrize("pay,value", [
    (0, 0), ("0", 0), (2.5, Fraction(5, 2)), ("2.5", Fraction(5, 2)), (" 5 / 2 ", Fraction(5, 2)), ("1e5", 10**5),
    ("0e999999999", 0), (0.1, Fraction(1, 10)), ("1e-5", Fraction(1, 10**5)), ("+3", 3),
])
def test_pays_accepted(pay, value):
    games = _games(jacks(pays=[{"hand": "royal_flush", "pay": pay}]))
    assert games["g"].pays[0] == value


@pytest.mark.parametrize("pay", [
    -1, "-1", "-1/2", True, "inf", "-inf", "nan", "Infinity", float("inf"), float("nan"), "1/0", "x", "1e7",
    "1e999999999", "1e-7", "1" * 65, 10**7, 1e300, [1], "1/10000000",
])
def test_pays_refused(pay):
    with pytest.raises(InputError):
        _games(jacks(pays=[{"hand": "royal_flush", "pay": pay}]))


def _games(body):
    """parse_games on a game given as a dict (through TOML-like objects, without a TOML writer)."""
    from holdwise.games.video_poker import paytables

    return {"g": paytables._parse_game("g", body, "test")}


def test_royal_below_max():
    assert _games(jacks())["g"].royal_below_max == 250
    assert _games(jacks(royal_below_max=0))["g"].royal_below_max == 0
    assert _games(jacks(royal_below_max="1/2"))["g"].royal_below_max == Fraction(1, 2)
    for bad in (-1, -1000, "inf", True):
        with pytest.raises(InputError):
            _games(jacks(royal_below_max=bad))


@pytest.mark.parametrize("over", [
    {"deck": 53}, {"deck": 52.0}, {"deck": True}, {"wild": "joker"}, {"wild": "jokers"}, {"wild": []},
    {"name": ""}, {"name": "x" * 101}, {"name": "a\nb"}, {"name": 3}, {"pays": []}, {"pays": "x"},
    {"pays": [{"hand": "royal_flush", "pay": 1}, {"hand": "royal_flush", "pay": 2}]},
    {"pays": [{"hand": "nothing", "pay": 1}]}, {"pays": [{"hand": ["royal_flush"], "pay": 1}]},
    {"pays": [{"hand": "royal_flush"}]}, {"pays": [{"hand": "royal_flush", "pay": 1, "x": 2}]},
    {"pays": [{"hand": "four_deuces", "pay": 1}]}, {"pays": [{"hand": "five_of_a_kind", "pay": 1}]},
    {"pays": [{"hand": "wild_royal_flush", "pay": 1}]}, {"color": "red"},
    {"pays": [{"hand": h, "pay": 1} for h in list(KIND_CODES)[:18]] + [{"hand": "royal_flush", "pay": 1}]},
    {"pays": [{"hand": "royal_flush", "pay": "1/999999"}, {"hand": "flush", "pay": "1/999998"}]},
])
def test_games_refused(over):
    with pytest.raises(InputError):
        _games(jacks(**over))


def test_games_accepted_at_the_edges():
    g = _games(jacks(name="x" * 100, deck=53, wild="joker"))["g"]
    assert g.deck == 53 and g.name == "x" * 100
    every = [{"hand": h, "pay": 1} for h in list(KIND_CODES)[:18]]
    assert len(_games(jacks(wild="deuces", pays=every))["g"].hands) == 19
    limit = max_scaled_pay(52)
    assert _games(jacks(pays=[{"hand": "royal_flush", "pay": limit}]))["g"].pays[0] == limit
    with pytest.raises(InputError):
        _games(jacks(pays=[{"hand": "royal_flush", "pay": limit + 1}]))
    with pytest.raises(InputError):  # royal_below_max is checked too, at 1 coin
        _games(jacks(pays=[{"hand": "royal_flush", "pay": 1}, {"hand": "jacks_or_better", "pay": 2}],
                     royal_below_max=f"1/{limit}"))
    assert _games(jacks(pays=[{"hand": "royal_flush", "pay": 1}, {"hand": "jacks_or_better", "pay": 1}],
                        royal_below_max=f"1/{limit}"))["g"].royal_below_max == Fraction(1, limit)


def test_parse_games_and_files(tmp_path):
    for text in ("", "[g\n", "x = 1\n", "[g]\nname = 'G'\n"):
        with pytest.raises(InputError):
            parse_games(text, "t")
    with pytest.raises(InputError):
        parse_games(b"[g]", "t")
    with pytest.raises(InputError):
        load_games(tmp_path)
    with pytest.raises(InputError):
        load_games(tmp_path / "missing.toml")
    for bad in (True, 3, ""):
        with pytest.raises(InputError):
            load_games(bad)
    good = '[g]\npays = [{ hand = "royal_flush", pay = 800 }]\n'
    f = tmp_path / "ok.toml"
    f.write_text(good + "#" * (MAX_FILE_BYTES - len(good)))
    assert f.stat().st_size == MAX_FILE_BYTES
    assert load_games(f)["g"].name == "g"
    f.write_text(good + "#" * (MAX_FILE_BYTES - len(good) + 1))
    with pytest.raises(InputError):
        load_games(f)
    f.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError):
        load_games(f)


def test_resolve_game_checks_python_tables():
    table = GAMES["jacks-or-better-9-6"]
    assert resolve_game(table) is table or resolve_game(table) == table
    assert resolve_game() == table
    bad = PayTable("x", "x", 52, "none", ("royal_flush", "nothing"), (Fraction(-1), Fraction(0)), Fraction(250))
    with pytest.raises(InputError):
        resolve_game(bad)
    bad = PayTable("x", "x", 52, "none", ("royal_flush",), (Fraction(1),), Fraction(250))
    with pytest.raises(InputError):
        resolve_game(bad)
    for bad in (3, None, "no-such-game"):
        with pytest.raises(InputError):
            resolve_game(bad)


def test_game_ids_and_pay_text_lengths():
    from holdwise.games.video_poker import paytables

    for bad_id in ("", "x" * 101, "a\nb", 3, None):
        with pytest.raises(InputError):
            paytables._parse_game(bad_id, jacks(), "test")
    assert paytables._parse_game("x" * 100, jacks(), "test").id == "x" * 100
    assert _games(jacks(pays=[{"hand": "royal_flush", "pay": "0" * 63 + "1"}]))["g"].pays[0] == 1  # 64 characters
    with pytest.raises(InputError, match="characters"):
        _games(jacks(pays=[{"hand": "royal_flush", "pay": "0" * 64 + "1"}]))


def test_hold_twice_names_the_position():
    hand = parse_hand("As Ks Qs Js Ts")
    with pytest.raises(InputError, match="position 2 is held twice"):
        parse_hold("1 2 2", hand)
    with pytest.raises(InputError, match="position 3 is held twice"):
        parse_hold([1, 3, 3, 4], hand)


def test_card_parsing_messages_and_defaults():
    from holdwise.games.video_poker.cards import parse_card, parse_hand, parse_hold, shown

    with pytest.raises(InputError, match="no joker in a 52-card deck"):
        parse_card("Jk")
    with pytest.raises(InputError) as err:
        parse_card(60, 53)
    assert str(err.value) == "card number 60 is not in the 53-card deck (0-52)"
    with pytest.raises(InputError) as err:
        parse_hand("Ks As Qs As Js")
    assert str(err.value).startswith("card As appears twice")
    with pytest.raises(InputError, match="is neither positions 1-5 nor cards of the hand"):
        parse_hold("Jk", parse_hand("As Ks Qs Js Ts"))
    assert shown("x" * 38) == repr("x" * 38)  # 40 characters: whole
    assert shown("y" * 39) == repr("y" * 39)[:37] + "..."  # 41: cut


def test_classify_five_aces_with_deuces_wild():
    """Five aces in a wild game: aces and deuces that make five (three aces and two deuces too); four aces
    and a pair of aces need the aces or the deuces to count up."""
    from holdwise.games.video_poker.cards import parse_hand

    table = parse_games('[g]\nwild = "deuces"\npays = [{ hand = "five_aces", pay = 80 }, '
                        '{ hand = "five_of_a_kind", pay = 15 }, { hand = "aces_or_better", pay = 1 }]\n', "t")["g"]
    named = {text: table.hands[classify_hand(parse_hand(text, table.deck), table)]
             for text in ("As Ah Ad Ac 2s", "As Ah Ad 2c 2s", "Ks Kh Kd 2c 2s", "As Ah 7d 8c 9s", "As 2h 7d 8c 9s",
                          "Ks Kh 7d 8c 9s")}
    assert named == {"As Ah Ad Ac 2s": "five_aces", "As Ah Ad 2c 2s": "five_aces",
                     "Ks Kh Kd 2c 2s": "five_of_a_kind", "As Ah 7d 8c 9s": "aces_or_better",
                     "As 2h 7d 8c 9s": "aces_or_better", "Ks Kh 7d 8c 9s": "nothing"}


def test_four_2s_4s_are_not_four_5s_ks_where_only_5s_ks_pay():
    """A table with a line for four 5s-Ks and none for four 2s-4s: four 2s, 3s or 4s are not that line (here
    they fall to three of a kind), four 5s and four kings are; with deuces wild, K K K and a deuce are too."""
    from holdwise.games.video_poker.cards import parse_hand

    pays = ('pays = [{ hand = "four_5s_ks", pay = 50 }, { hand = "three_of_a_kind", pay = 3 }, '
            '{ hand = "jacks_or_better", pay = 1 }]\n')
    for wild, hands in (("none", {"2c 2d 2h 2s Kc": "three_of_a_kind", "3c 3d 3h 3s Kc": "three_of_a_kind",
                                  "4c 4d 4h 4s Kc": "three_of_a_kind", "5c 5d 5h 5s Kc": "four_5s_ks",
                                  "Kc Kd Kh Ks 5c": "four_5s_ks"}),
                        ("deuces", {"4c 4d 4h 2s Kc": "three_of_a_kind", "Kc Kd Kh 2s 5c": "four_5s_ks"})):
        table = parse_games(f'[g]\nwild = "{wild}"\n' + pays, "t")["g"]
        named = {text: table.hands[classify_hand(parse_hand(text), table)] for text in hands}
        assert named == hands, wild
