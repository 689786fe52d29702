"""Whole-game returns, the return table, one hand's holds, deals folded by suit symmetry."""

import math
from fractions import Fraction

import numpy as np
import pytest

from holdwise.games.video_poker.cards import parse_hand
from holdwise.games.video_poker.paytables import shipped_games
from holdwise.games.video_poker.solver import analyze_hand, deal_values, solve_game
from holdwise.games.video_poker.tables import deck, distinct_deals
from tests.oracles.video_poker_bruteforce import enumerate_holds

GAMES = shipped_games()
JOB = GAMES["jacks-or-better-9-6"]

# reference/video-poker-paytables.md: 9/6 Jacks or Better, 5 coins, every deal weighted by 5 * C(47, 5)
PUBLISHED_JOB_TABLE = {
    "royal_flush": 493_512_264,
    "straight_flush": 2_178_883_296,
    "four_of_a_kind": 47_093_167_764,
    "full_house": 229_475_482_596,
    "flush": 219_554_786_160,
    "straight": 223_837_565_784,
    "three_of_a_kind": 1_484_003_070_324,
    "two_pairs": 2_576_946_164_148,
    "jacks_or_better": 4_277_372_890_968,
    "nothing": 10_872_274_993_896,
}


def test_distinct_deals_fold_by_suit_symmetry():
    deals, weights = distinct_deals(52)
    assert len(deals) == 134_459
    assert weights.sum() == math.comb(52, 5)
    assert np.all(np.diff(deals, axis=1) > 0)
    deals53, weights53 = distinct_deals(53)
    assert weights53.sum() == math.comb(53, 5) == 2_869_685


def test_deck_weights():
    assert deck(52).weight == 5 * math.comb(47, 5) == 7_669_695
    assert all(deck(53).weight % math.comb(48, 5 - h) == 0 for h in range(6))


def test_jacks_or_better_9_6_return_and_published_table():
    result = solve_game(JOB, 5)
    assert round(result.value, 8) == 0.99543904
    assert result.total == 19_933_230_517_200
    assert dict(zip(JOB.hands, result.combinations)) == PUBLISHED_JOB_TABLE
    assert result.return_exact == sum(Fraction(c) * p for c, p in zip(result.combinations, JOB.pays)) / result.total
    rows = result.rows()
    assert sum(r["probability"] for r in rows) == 1
    assert sum(r["contribution"] for r in rows) == result.return_exact


# The other games' returns against their published figures, at 5 and 1-4 coins: test_published_returns.py.


def test_below_five_coins_royal_pays_250():
    five, one = solve_game(JOB, 5), solve_game(JOB, 1)
    assert one.value < five.value
    assert JOB.pays_for(3)[0] == 250 and JOB.pays_for(5)[0] == 800
    assert solve_game(JOB, 4).return_exact == solve_game(JOB, 2).return_exact == one.return_exact
    assert round(one.value, 4) == 0.9837


@pytest.mark.slow
@pytest.mark.parametrize("game_id,n", [("jacks-or-better-9-6", 2000), ("deuces-wild-full-pay", 300),
                                       ("joker-poker-kings", 300), ("double-double-bonus-9-6", 300)])
def test_whole_game_deal_values_equal_one_hand_analysis(game_id, n):
    table = GAMES[game_id]
    rng = np.random.default_rng(2026)
    deals = np.array([rng.choice(table.deck, 5, replace=False) for _ in range(n)])
    masks, values = deal_values(table, deals)
    for deal, mask, value in zip(deals, masks, values):
        holds = analyze_hand(deal.tolist(), table)
        assert holds[0].value_exact == value
        assert holds[0].mask == mask


@pytest.mark.slow
@pytest.mark.parametrize("text,game_id,least", [("Ah Kh Qh 3c 9d", "jacks-or-better-9-6", 0),
                                                ("2s 7h 8h 9h Kc", "deuces-wild-full-pay", 1)])
def test_one_hand_equals_plain_enumeration(text, game_id, least):
    """Every hold of at least `least` cards; the wild game's holds of one card or more (its discard-all hold's
    1.5 million draws are the same sum over the deck as the first game's, checked there)."""
    table = GAMES[game_id]
    cards = parse_hand(text, table.deck)
    by_mask = {h.mask: h for h in analyze_hand(cards, table)}
    masks = [m for m in range(32) if bin(m).count("1") >= least]
    plain = enumerate_holds(cards, table.hands, table.wild, table.deck, masks)
    assert sorted(plain) == masks
    for mask, tally in plain.items():
        assert by_mask[mask].counts == tally


@pytest.mark.slow
def test_joker_hand_equals_plain_enumeration_for_holds_of_two_or_more():
    table = GAMES["joker-poker-kings"]
    cards = sorted(parse_hand("Jk Ks Qs 4d 7c", 53))
    by_mask = {h.mask: h for h in analyze_hand(cards, table)}
    from itertools import combinations

    from tests.oracles.video_poker_bruteforce import Oracle

    oracle = Oracle(table.hands, table.wild)
    stub = [c for c in range(53) if c not in cards]
    for mask in [m for m in range(32) if bin(m).count("1") >= 2]:
        held = [cards[j] for j in range(5) if mask >> j & 1]
        tally = [0] * len(table.hands)
        for draw in combinations(stub, 5 - len(held)):
            tally[oracle(held + list(draw))] += 1
        assert by_mask[mask].counts == tally


def test_hold_analysis_shape_and_order():
    holds = analyze_hand(parse_hand("AS KS QS JS 9D"), JOB)
    assert len(holds) == 32
    assert [len(h.held) for h in holds].count(5) == 1
    for h in holds:
        assert h.draws == math.comb(47, 5 - len(h.held))
        assert h.value_exact == sum(Fraction(n) * p for n, p in zip(h.counts, JOB.pays)) / h.draws
    assert [h.value_exact for h in holds] == sorted((h.value_exact for h in holds), reverse=True)
    best = holds[0]
    assert sorted(best.held) == sorted(parse_hand("AS KS QS JS 2C")[:4])
    assert best.value_exact == Fraction(872, 47)  # 1 royal (800), 8 flushes, 3 straights, 12 high pairs of 47


def test_ties_go_to_fewer_cards_held():
    # a dead hand: every hold that keeps only low cards can tie; the tie rule must pick the smallest hold
    holds = analyze_hand(parse_hand("2C 3D 4H 5S 7C"), JOB)
    top = [h for h in holds if h.value_exact == holds[0].value_exact]
    assert len(holds[0].held) == min(len(h.held) for h in top)
