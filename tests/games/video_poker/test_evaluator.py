"""The fast evaluator against the slow oracle on every hand of every shipped pay table."""

import math
from collections import Counter
from functools import lru_cache
from itertools import chain, combinations, islice

import numpy as np
import pytest

from holdwise.games.video_poker.evaluator import classify_all, classify_hand
from holdwise.games.video_poker.paytables import shipped_games
from tests.oracles.video_poker_bruteforce import _is_wild, _rank, _suit, class_of_signature, signature

GAMES = shipped_games()


@lru_cache(maxsize=4)
def signatures(deck: int, wild: str):
    """Signature id of every hand by colex rank, and the signatures (written apart from holdwise).

    Whole arrays at once: each card's rank, suit and wildness come from the oracle's own per-card rules, a
    hand's signature (its sorted natural ranks, one suit or not, its wild cards) is packed into one integer."""
    hands = np.fromiter(chain.from_iterable(combinations(range(deck), 5)), dtype=np.int64).reshape(-1, 5)
    comb = np.array([[math.comb(n, k) for k in range(6)] for n in range(deck + 1)], dtype=np.int64)
    rank = comb[hands[:, 0], 1] + comb[hands[:, 1], 2] + comb[hands[:, 2], 3] + comb[hands[:, 3], 4] \
        + comb[hands[:, 4], 5]
    # every colex rank once: a count per rank (np.unique hashed 2.6 million ranks: 3 s a deck)
    assert sorted(rank[:3].tolist()) == rank[:3].tolist()
    assert np.array_equal(np.bincount(rank, minlength=len(hands)), np.ones(len(hands), dtype=np.int64))
    is_wild = np.array([_is_wild(c, wild) for c in range(deck)])[hands]
    ranks = np.where(is_wild, 15, np.array([_rank(c, wild) for c in range(deck)])[hands])  # 15: no rank
    ranks.sort(axis=1)
    suits = np.array([_suit(c, wild) for c in range(deck)])[hands]
    first = np.take_along_axis(suits, np.argmin(is_wild, axis=1)[:, None], axis=1)  # a natural's suit
    same_suit = np.all(is_wild | (suits == first), axis=1)
    key = (ranks @ (16 ** np.arange(4, -1, -1))) * 2 + same_suit
    key = key * 8 + is_wild.sum(axis=1)
    keys, inverse = np.unique(key, return_inverse=True)
    ids = np.empty(len(hands), dtype=np.int64)
    ids[rank] = inverse
    sigs = []
    for k in keys.tolist():
        n_wild, same, packed = k % 8, bool(k // 8 % 2), k // 16
        digits = [packed // 16 ** i % 16 for i in range(4, -1, -1)]
        sigs.append((tuple(d for d in digits if d != 15), same or n_wild == 5, n_wild))
    return ids, sigs


@pytest.mark.slow
def test_the_packed_signatures_are_the_oracles_signatures():
    # a sample of hands of every deck: the whole-array signatures equal the oracle's signature() of the hand
    for deck, wild in ((52, "none"), (52, "deuces"), (53, "joker"), (53, "ace")):
        ids, sigs = signatures(deck, wild)
        for hand in islice(combinations(range(deck), 5), 0, None, 997):
            rank = sum(math.comb(c, k + 1) for k, c in enumerate(hand))
            assert sigs[ids[rank]] == signature(hand, wild), (deck, wild, hand)


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


def test_the_deck_classes_are_kept_by_bytes_under_the_one_budget(monkeypatch):
    """classify_all's answers (2.6-2.9 MB a table) are a memo by bytes: counted in the process's budget and let go
    with everything else when the budget is short, never kept aside by count."""
    from holdwise import memory

    table = GAMES["deuces-wild-full-pay"]
    first = classify_all(table)
    assert classify_all(table) is first  # remembered
    assert memory.kept_by_name().get("classify_all", 0) >= first.nbytes == math.comb(52, 5)
    monkeypatch.setattr(memory, "budget", lambda: 1 << 20)  # a megabyte: less than one table
    classify_all.cache_clear()
    classify_all(GAMES["jacks-or-better-9-6"])  # kept, then let go with the oldest anywhere to fit the budget
    assert memory.kept() <= 1 << 20 and memory.kept_by_name().get("classify_all", 0) == 0
    again = classify_all(table)
    assert again is not first and np.array_equal(again, first)
