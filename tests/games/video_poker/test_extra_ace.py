"""The extra-ace deck (52 cards and a fifth ace of stars, card 52): the file format, the evaluator against the
slow oracle and hand counts, the hold counts against plain enumeration, the return against its published figure."""

import json
import math
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.errors import InputError
from holdwise.games.video_poker.evaluator import classify_all, classify_hand
from holdwise.games.video_poker.paytables import load_games, parse_games, table_from_json, table_to_json
from holdwise.games.video_poker.solver import analyze_hand, solve_game
from tests.oracles.video_poker_bruteforce import Oracle, class_of_signature, signature

FILE = Path(__file__).parents[3] / "docs" / "games" / "five-aces.toml"
FIVE_ACES = load_games(FILE)["five-aces-ddb-9-6"]
STAR = 52  # the ace of stars
A, K, Q, J, T = 12, 11, 10, 9, 8


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def named(cards) -> str:
    return FIVE_ACES.hands[classify_hand(cards, FIVE_ACES)]


def test_the_file_reads_the_extra_ace_and_round_trips():
    t = FIVE_ACES
    assert (t.deck, t.wild, t.extra_card, t.extra_ace) == (53, "none", "ace", True)
    assert t.hands[:2] == ("five_aces", "royal_flush") and t.hands[-2:] == ("aces_or_better", "nothing")
    assert t.pays[0] == 1200 and t.pays_for(1)[1] == 250
    assert table_to_json(t)["extra_card"] == "ace" and table_from_json(table_to_json(t)) == t
    joker = parse_games('[j]\ndeck = 53\nwild = "joker"\npays = [{ hand = "flush", pay = 1 }]\n', "t")["j"]
    assert joker.extra_card == "joker" and not joker.extra_ace and "extra_card" not in table_to_json(joker)


@pytest.mark.parametrize("body,message", [
    ('extra_card = "ace"\n', "extra_card is for a 53-card deck"),
    ('deck = 53\nextra_card = "queen"\n', "extra_card must be one of joker, ace"),
    ('deck = 53\nextra_card = "ace"\nwild = "joker"\n', "the extra-ace deck has no wild cards"),
    ('deck = 53\nextra_card = "ace"\nwild = "deuces"\n', "the extra-ace deck has no wild cards"),
    ('deck = 53\n', "a 53-card deck has a joker or the extra ace$"),
    ('wild = "joker"\n', "a joker game has a 53-card deck"),
])
def test_the_file_refuses_what_the_deck_cannot_be(body, message):
    with pytest.raises(InputError, match=message):
        parse_games(f'[g]\n{body}pays = [{{ hand = "flush", pay = 1 }}]\n', "t")
    with pytest.raises(InputError, match="five aces: wild cards or the extra ace"):
        parse_games('[g]\npays = [{ hand = "five_aces", pay = 1 }]\n', "t")


@pytest.mark.parametrize("cards,expected", [
    ([STAR, card(A, 0), card(A, 1), card(A, 2), card(A, 3)], "five_aces"),
    ([STAR, card(A, 0), card(A, 1), card(A, 2), card(3, 3)], "four_aces"),  # a 5 kicker: not 2-4
    ([STAR, card(A, 0), card(A, 1), card(A, 2), card(2, 3)], "four_aces_with_2_3_4"),
    ([STAR, card(2, 0), card(2, 1), card(2, 2), card(2, 3)], "four_2s_4s_with_a_2_3_4"),
    ([STAR, card(K, 3), card(Q, 3), card(J, 3), card(T, 3)], "straight"),  # stars match no suit: no royal
    ([STAR, card(A, 3), card(9, 3), card(5, 3), card(3, 3)], "aces_or_better"),  # two aces, no flush
    ([STAR, card(A, 3), card(K, 3), card(K, 1), card(A, 1)], "full_house"),
    ([STAR, card(0, 0), card(1, 0), card(2, 0), card(3, 1)], "straight"),
    ([STAR, card(K, 0), card(K, 1), card(Q, 0), card(4, 1)], "nothing"),  # kings do not pay here
])
def test_named_hands(cards, expected):
    assert named(cards) == expected


def test_hand_counts_over_the_whole_deck():
    """Counted by hand: twelve ranks of 4 cards and the aces, 5."""
    counts = Counter(FIVE_ACES.hands[i] for i in classify_all(FIVE_ACES).tolist())
    assert sum(counts.values()) == math.comb(53, 5)
    assert counts["five_aces"] == 1
    assert counts["royal_flush"] == 4 and counts["straight_flush"] == 36 and counts["flush"] == 5108
    assert counts["four_aces_with_2_3_4"] == 5 * 12 and counts["four_aces"] == 5 * 36
    assert counts["four_2s_4s_with_a_2_3_4"] == 3 * 13 and counts["four_2s_4s"] == 3 * 36
    assert counts["four_5s_ks"] == 9 * 49
    # full house: trips and a pair of two other ranks; an ace rank has C(5, k) ways
    assert counts["full_house"] == 12 * 11 * 4 * 6 + 12 * 4 * 10 + 10 * 12 * 6
    # straights: 8 windows without an ace (4^5 each), 2 with one (5 x 4^4), less the 40 straight flushes
    assert counts["straight"] == 8 * 4**5 + 2 * 5 * 4**4 - 40
    # a pair of aces and three other ranks, no two alike: C(5, 2) x C(12, 3) x 4^3
    assert counts["aces_or_better"] == 10 * math.comb(12, 3) * 64


@pytest.mark.slow
def test_evaluator_agrees_with_the_oracle_on_every_hand_with_the_star():
    """Hands without card 52 are the 52-card deck's, checked in test_evaluator; these are the rest."""
    fast = classify_all(FIVE_ACES)
    comb = [[math.comb(n, k) for k in range(6)] for n in range(53)]
    memo = {}
    bad = 0
    for a, b, c, d in combinations(range(52), 4):
        rank = comb[a][1] + comb[b][2] + comb[c][3] + comb[d][4] + math.comb(52, 5)  # card 52 on top
        sig = signature((a, b, c, d, STAR), "ace")
        if sig not in memo:
            memo[sig] = class_of_signature(sig, FIVE_ACES.hands, "ace")
        bad += fast[rank] != memo[sig]
    assert bad == 0 and len(memo) > 100


@pytest.mark.slow
@pytest.mark.parametrize("hand", [(STAR, card(A, 0), card(K, 0), card(Q, 1), card(4, 2)),
                                  (card(2, 3), card(3, 3), card(4, 3), card(5, 0), card(A, 1))])
def test_hold_counts_equal_plain_enumeration(hand):
    """Every hold's draws, C(48, 5 - held), and for holds of two or more cards its final hands draw by draw."""
    cards = sorted(hand)
    by_mask = {h.mask: h for h in analyze_hand(cards, FIVE_ACES)}
    assert len(by_mask) == 32
    for mask, hold in by_mask.items():
        assert sum(hold.counts) == math.comb(48, 5 - mask.bit_count())
    oracle = Oracle(FIVE_ACES.hands, "ace")
    stub = [c for c in range(53) if c not in cards]
    for mask in [m for m in range(32) if m.bit_count() >= 2]:
        held = [cards[j] for j in range(5) if mask >> j & 1]
        tally = [0] * len(FIVE_ACES.hands)
        for draw in combinations(stub, 5 - len(held)):
            tally[oracle(held + list(draw))] += 1
        assert by_mask[mask].counts == tally


# Wizard of Odds, "Five Aces Poker" (wizardofodds.com/games/video-poker/tables/five-aces-poker/), 9/6 Double
# Double Bonus: return 0.999992 (6 decimals), five aces 0.011805 and royal flush 0.015592 of it.
def test_return_equals_the_published_figure_and_the_cli_gives_it():
    result = solve_game(FIVE_ACES, 5)
    assert abs(result.value - 0.999992) < 5e-7
    rows = {r["hand"]: r for r in result.rows()}
    assert abs(rows["five_aces"]["contribution"] - 0.011805) < 5e-7
    assert abs(rows["royal_flush"]["contribution"] - 0.015592) < 5e-7
    assert sum(result.combinations) == result.total == math.comb(53, 5) * 8_561_520
    out = CliRunner().invoke(app, ["video-poker", "return", "--paytable-file", str(FILE), "--game",
                                   "five-aces-ddb-9-6", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["return"] == pytest.approx(result.value, abs=1e-12) and data["table"][0]["hand"] == "five_aces"
    assert np.isclose(sum(r["chance"] for r in data["table"]), 1)
    listed = json.loads(CliRunner().invoke(app, ["video-poker", "games", "--paytable-file", str(FILE),
                                                 "--json"]).stdout)
    assert [g.get("extra_card") for g in listed["games"]][-2:] == [None, "ace"]


def test_a_sweep_of_the_deck_gives_each_variants_return():
    """Two variants swept (the shipped table and five aces at 800), each against its table read from the file's
    text and solved alone; the rows name the deck's hands."""
    from holdwise.sweep.kinds import video_poker as sweep

    definition = sweep.definition(FIVE_ACES.id, "five_aces=800:1200:400", str(FILE))
    assert definition["game"]["extra_card"] == "ace"
    pairs = list(sweep.items(definition))
    rows = sweep.solve(definition, [item for _, item in pairs])
    assert [key for key, _ in pairs] == ["five_aces=800", "five_aces=1200"]
    text = FILE.read_text()
    for (key, _), row in zip(pairs, rows):
        pay = key.partition("=")[2]
        table = parse_games(text.replace("pay = 1200 }", f"pay = {pay} }}"), "t")[FIVE_ACES.id]
        assert row["return"] == solve_game(table, 5).value and row["return_1"] == solve_game(table, 1).value
        assert (row["five_aces"], row["aces_or_better"], row["jacks_or_better"], row["royal_flush_5_coins"]) == \
            (int(pay), 1, None, 800)
    assert abs(rows[1]["return"] - 0.999992) < 5e-7  # the published figure, as above
    assert rows[0]["return"] < rows[1]["return"] - 0.001  # five aces at 800: a lower return


@pytest.mark.slow
def test_the_keyed_classes_equal_the_kernel_hand_by_hand_and_the_star_keys_as_an_ace():
    from holdwise.games.video_poker.evaluator import EXTRA_ACE, N_RANK_SETS, binomials, classify_every_hand, hand_keys

    binom = binomials()
    loop = np.full(math.comb(53, 5), -1, dtype=np.int8)
    classify_every_hand(53, np.array(FIVE_ACES.kind_codes, dtype=np.int64), EXTRA_ACE, binom, loop)
    assert np.array_equal(loop, classify_all(FIVE_ACES))
    keys = hand_keys(53, EXTRA_ACE)
    assert keys.max() < 2 * N_RANK_SETS
    for hand in ([card(A, 0), card(A, 1), card(A, 2), card(A, 3), STAR], [0, 4, 8, 12, STAR],
                 [card(T, 3), card(J, 3), card(Q, 3), card(K, 3), STAR]):
        ranks = [A if c == STAR else c // 4 for c in hand]
        index = sum(math.comb(r + j, j + 1) for j, r in enumerate(ranks))
        assert keys[sum(int(binom[c, i + 1]) for i, c in enumerate(hand))] == 2 * index  # never one suit
