"""Card-poker values of card-dice rolls, stars wild: held to a brute force that tries every card for every star,
and to holdwise's video poker evaluator (written independently) on hands of distinct cards and a joker."""

import random
from fractions import Fraction

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games.poker_dice.card_rank import (
    CARD_CATEGORIES,
    category_of_value,
    hand_value,
    hand_values,
    value_label,
    value_ranks,
)
from holdwise.games.poker_dice.cards import WILD, face_text
from holdwise.games.video_poker.evaluator import classify_hand
from holdwise.games.video_poker.paytables import PayTable
from tests.oracles import card_dice_bruteforce as bf


def _oracle_key(codes):
    return bf.best_key([None if c == WILD else bf.card(face_text(c)) for c in codes])


def _random_hands(rng, n, stars, repeats=True):
    hands = []
    for _ in range(n):
        cards = [rng.randrange(52) for _ in range(5 - stars)] if repeats else rng.sample(range(52), 5 - stars)
        hands.append(cards + [WILD] * stars)
    return hands


def _same_order(hands):
    """Every pair of hands compares the same way by value as by the brute force's key; categories agree."""
    values = [hand_value(h) for h in hands]
    keys = [_oracle_key(h) for h in hands]
    for h, v, k in zip(hands, values, keys):
        assert category_of_value(v) == bf.CATEGORIES[k[0]], h
    order_v = sorted(range(len(hands)), key=lambda i: values[i])
    for i, j in zip(order_v, order_v[1:]):
        assert (keys[i] < keys[j]) == (values[i] < values[j]) and (keys[i] == keys[j]) == (values[i] == values[j])


@pytest.mark.parametrize("stars,n", [(0, 400), (1, 250), (2, 60)])
def test_values_order_hands_as_trying_every_card_for_every_star(stars, n):
    rng = random.Random(1000 + stars)
    _same_order(_random_hands(rng, n, stars) + _random_hands(rng, n // 2, stars, repeats=False))


def test_three_stars_against_the_brute_force():
    """(Four and five stars: 341,055 and 3,162,510 hands each to try; the examples below hold them.)"""
    rng = random.Random(7)
    hands = _random_hands(rng, 8, 3) + [[4 * 10 + 3, 4 * 11 + 3, WILD, WILD, WILD], [0, 4, WILD, WILD, WILD]]
    _same_order(hands)


# A hand of every category, written out (c d h s); with the stars' best.
EXAMPLES = [
    ("* * * * *", "five_of_a_kind", "A A A A A"),
    ("7h * * * *", "five_of_a_kind", "7 7 7 7 7"),
    ("Kh Kd * * Ks", "five_of_a_kind", "K K K K K"),
    ("Qs Ks * * *", "straight_flush", "A K Q J 10"),
    ("2c 3c * * *", "straight_flush", "6 5 4 3 2"),
    ("As 2s 3s 4s 5s", "straight_flush", "5 4 3 2 A"),
    ("Ah 2h 3h 4h *", "straight_flush", "5 4 3 2 A"),
    ("9d Td Jd Qd Kd", "straight_flush", "K Q J 10 9"),
    ("As Kh * * *", "four_of_a_kind", "A A A A K"),
    ("3s 3h 3d 3c 9h", "four_of_a_kind", "3 3 3 3 9"),
    ("Kh Kd * 5c 5s", "full_house", "K K K 5 5"),
    ("2h 2d 2c Ah As", "full_house", "2 2 2 A A"),
    ("As Ks 9s 4s *", "flush", "A A K 9 4"),
    ("As As Ks Qs Js", "flush", "A A K Q J"),
    ("Ah Kh Qh Jh 9h", "flush", "A K Q J 9"),
    ("2s 3h 4d 5c *", "straight", "6 5 4 3 2"),
    ("As 2h 3s 4s 5s", "straight", "5 4 3 2 A"),
    ("Th Jh Qd Kh Ah", "straight", "A K Q J 10"),
    ("* * 3c 8d Kh", "three_of_a_kind", "K K K 8 3"),
    ("7c 7d 7h Ks 2s", "three_of_a_kind", "7 7 7 K 2"),
    ("Kc Kd 9h 9s 3c", "two_pairs", "K K 9 9 3"),
    ("2c 7d 9h Js *", "pair", "J J 9 7 2"),
    ("Ac Ad 9h 5s 3c", "pair", "A A 9 5 3"),
    ("2c 7d 9h Js Ks", "bust", "K J 9 7 2"),
    ("Ac 2d 3h 4s 6c", "bust", "A 6 4 3 2"),
]


@pytest.mark.parametrize("hand,category,ranks", EXAMPLES)
def test_a_hand_of_every_category(hand, category, ranks):
    value = hand_value(hand)
    assert category_of_value(value) == category
    assert value_label(value) == f"{ranks} ({category.replace('_', ' ')})"
    assert len(value_ranks(value)) == 5


def test_categories_rank_best_first_and_kickers_decide():
    best_first = [hand_value(h) for h, _, _ in EXAMPLES]
    for (h1, c1, _), (h2, c2, _), v1, v2 in zip(EXAMPLES, EXAMPLES[1:], best_first, best_first[1:]):
        if c1 != c2:
            assert CARD_CATEGORIES.index(c1) < CARD_CATEGORIES.index(c2) and v1 > v2, (h1, h2)
    assert hand_value("5s 4h 3d 2c Ah") < hand_value("6s 5h 4d 3c 2h")  # the wheel is the lowest straight
    assert hand_value("Ks Kh 5d 5c 9h") > hand_value("Ks Kh 5d 5c 8h")  # the kicker
    assert hand_value("Ks Kh 5d 5c 9h") == hand_value("Kd Kc 5s 5h 9c")  # suits never break ties
    assert hand_value("Ah Kh Qh Jh 9h") == hand_value("As Ks Qs Js 9s")
    assert hand_value("As Ks Qs Js *") == hand_value("* * * Th Ah") == hand_value("As Ks Qs Js Ts")


def _vp_table():
    hands = ("five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pairs", "nothing")
    return PayTable("card-dice-test", "categories", 53, "joker", hands, tuple(Fraction(9 - i) for i in range(9)),
                    Fraction(0))


VP_NAMES = {"nothing": "pair or bust"}


def _vp_category(cards, table):
    name = table.hands[classify_hand(cards, table)]
    return VP_NAMES.get(name, name)


@pytest.mark.parametrize("jokers", [0, 1])
def test_categories_agree_with_the_video_poker_evaluator(jokers):
    table = _vp_table()
    rng = random.Random(11 + jokers)
    hands = [rng.sample(range(52), 5 - jokers) + [WILD] * jokers for _ in range(3000)]
    # and hands made for each category, so that every one is met (ranks 0..12 for 2..A, suits c d h s)
    for rank in range(13):
        other = (rank + 1) % 13
        hands.append([4 * rank + s for s in range(4)] + [4 * other])  # four of a kind
        hands.append([4 * rank, 4 * rank + 1, 4 * rank + 2, 4 * other, 4 * other + 1])  # full house
        top = max(rank, 4)
        hands.append([4 * (top - i) + 2 for i in range(5)])  # straight flush
        hands.append([4 * (top - i) + i % 2 for i in range(5)])  # straight
        hands.append([4 * ((rank + d) % 13) + 3 for d in (0, 2, 5, 7, 9)])  # flush
        hands.append([4 * rank, 4 * rank + 1, 4 * other, 4 * other + 1, 4 * ((rank + 5) % 13)])  # two pairs
    seen = set()
    for cards in hands:
        if len(set(cards)) < 5 and jokers == 0:
            continue
        cards = cards[:5 - jokers] + [WILD] * jokers if jokers else cards
        mine = category_of_value(hand_value(cards))
        vp = _vp_category(cards, table)
        seen.add(mine)
        assert (mine if mine not in ("pair", "bust") else "pair or bust") == vp, [face_text(c) for c in cards]
    want = set(CARD_CATEGORIES) - ({"five_of_a_kind"} if jokers == 0 else {"bust", "two_pairs"})
    assert want <= seen


def test_values_of_many_rows_equal_values_one_at_a_time():
    rng = np.random.default_rng(5)
    faces = rng.integers(0, 52, size=(3000, 5))
    faces[rng.random((3000, 5)) < 0.25] = WILD
    values = hand_values(faces)
    assert values.tolist() == [hand_value(row.tolist()) for row in faces]


@pytest.mark.parametrize("call,message", [
    (lambda: hand_value("As Ks Qs Js"), r"^a hand has 5 faces, got 4$"),
    (lambda: hand_value("As Ks Qs Js Zx"), r"^not a card: 'Zx'"),
    (lambda: hand_value([0, 1, 2, 3, 53]), r"^not a card: 53 \(a face code is 0 to 52\)$"),
    (lambda: category_of_value(-1), r"^not a hand value: -1$"),
    (lambda: category_of_value(10**9), r"^not a hand value"),
    (lambda: hand_values(np.zeros((3, 4), dtype=int)), r"^hand_values takes an \(N, 5\) array"),
])
def test_bad_hands_are_refused(call, message):
    with pytest.raises(InputError, match=message):
        call()
