"""The fast evaluator against the slow oracle on every hand of every shipped pay table."""

import math
from collections import Counter
from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest

from holdwise.games.video_poker.evaluator import classify_all, classify_hand
from holdwise.games.video_poker.paytables import shipped_games
from tests.oracles.video_poker_bruteforce import class_of_signature, signature

GAMES = shipped_games()


@lru_cache(maxsize=4)
def signatures(deck: int, wild: str):
    """Signature id of every hand by colex rank, and the signatures (written apart from holdwise)."""
    comb = [[math.comb(n, k) for k in range(6)] for n in range(deck + 1)]
    ids = np.empty(comb[deck][5], dtype=np.int64)
    index = {}
    for hand in combinations(range(deck), 5):
        rank = comb[hand[0]][1] + comb[hand[1]][2] + comb[hand[2]][3] + comb[hand[3]][4] + comb[hand[4]][5]
        ids[rank] = index.setdefault(signature(hand, wild), len(index))
    return ids, list(index)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_fast_evaluator_agrees_with_oracle_on_every_hand(game_id):
    table = GAMES[game_id]
    ids, sigs = signatures(table.deck, table.wild)
    oracle = np.array([class_of_signature(s, table.hands, table.wild) for s in sigs])
    fast = classify_all(table)
    assert len(fast) == math.comb(table.deck, 5)
    mismatch = np.nonzero(fast != oracle[ids])[0]
    assert len(mismatch) == 0, f"{len(mismatch)} hands differ, first colex rank {mismatch[:5]}"


def test_class_counts_over_all_52_card_hands():
    counts = Counter(classify_all(GAMES["jacks-or-better-9-6"]).tolist())
    hands = GAMES["jacks-or-better-9-6"].hands
    by_name = {hands[i]: n for i, n in counts.items()}
    assert by_name["royal_flush"] == 4
    assert by_name["straight_flush"] == 36
    assert by_name["four_of_a_kind"] == 624
    assert by_name["full_house"] == 3744
    assert by_name["flush"] == 5108
    assert by_name["straight"] == 10200
    assert by_name["three_of_a_kind"] == 54912
    assert by_name["two_pairs"] == 123552
    assert sum(by_name.values()) == 2598960


def test_joker_deck_has_2869685_hands():
    assert len(classify_all(GAMES["joker-poker-kings"])) == 2869685 == math.comb(53, 5)


@pytest.mark.parametrize("text,game,expected", [
    ("Ah Kh Qh Jh Th", "jacks-or-better-9-6", "royal_flush"),
    ("2h Kh Qh Jh Th", "deuces-wild-full-pay", "wild_royal_flush"),
    ("2h 2c 2d 2s 9h", "deuces-wild-full-pay", "four_deuces"),
    ("2h 2c 9d 9s 9h", "deuces-wild-full-pay", "five_of_a_kind"),
    ("Ah As Ad Ac 3h", "double-double-bonus-9-6", "four_aces_with_2_3_4"),
    ("Ah As Ad Ac 5h", "double-double-bonus-9-6", "four_aces"),
    ("4h 4s 4d 4c Ah", "double-double-bonus-9-6", "four_2s_4s_with_a_2_3_4"),
    ("Jk Kh 3c 7d 9s", "joker-poker-kings", "kings_or_better"),
    ("Jk Qh 3c 7d 9s", "joker-poker-kings", "nothing"),
    ("Jk Ah Kh Qh Jh", "joker-poker-kings", "wild_royal_flush"),
    ("Ah 2c 3d 4s 5h", "jacks-or-better-9-6", "straight"),
    ("Qh Qc 3d 4s 5h", "jacks-or-better-9-6", "jacks_or_better"),
    ("Th Tc 3d 4s 5h", "jacks-or-better-9-6", "nothing"),
])
def test_named_hands(text, game, expected):
    from holdwise.games.video_poker.cards import parse_hand

    table = GAMES[game]
    assert table.hands[classify_hand(parse_hand(text, table.deck), table)] == expected
