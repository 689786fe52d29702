"""Reading a chart line as a player does: a whole paying hand named on the line is held whole, the tie rule
for holds of one pattern, and the words printed charts use ("2 suited high cards", "one high card", ...)."""

import random
from fractions import Fraction

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker import deal_table as dtm
from holdwise.games.video_poker import strategy as st
from holdwise.games.video_poker.patterns import hold_patterns, parse_chart, vocabulary
from tests.oracles.vp_chart_brute import chart_hold, hold_value, whole_hand

JOB = "jacks-or-better-9-6"

# The 15-line "simple strategy" for 9/6 Jacks or Better as it is printed (Wizard of Odds, published at 99.46%;
# the optimum returns 99.54%), one printed line a line, "discard everything" left implicit.
PUBLISHED_15 = """\
four of a kind or straight flush or royal flush
4 to a royal flush
three of a kind or straight or flush or full house
4 to a straight flush
two pair
high pair
3 to a royal flush
4 to a flush
low pair
4 to an outside straight
2 suited high cards
3 to a straight flush
2 unsuited high cards
suited 10/J, 10/Q, 10/K
one high card
"""
# the same chart with the full house on a line of its own (how it read before the whole-hand rule)
FULL_HOUSE_APART = PUBLISHED_15.replace("three of a kind or straight or flush or full house",
                                        "full house\nthree of a kind or straight or flush")


def test_the_published_chart_typed_as_printed_returns_its_published_figure():
    printed = st.evaluate_chart(JOB, PUBLISHED_15)
    apart = st.evaluate_chart(JOB, FULL_HOUSE_APART)
    assert len(printed.lines) == 15 and len(apart.lines) == 16
    assert Fraction(printed.return_exact) == Fraction(apart.return_exact) == Fraction(1652119941721, 1661102543100)
    assert round(100 * printed.return_value, 4) == 99.4592


def _sampled(dt, whole, rng, n_whole, n_any):
    """Deal indices: n_whole dealt whole paying hands (full houses, flushes, straights...) and n_any others."""
    wholes = np.flatnonzero(whole).tolist()
    return rng.sample(wholes, n_whole) + rng.sample(range(len(dt.deals)), n_any)


@pytest.mark.slow
def test_line_reading_against_the_oracle_on_random_deals():
    # the brute force reads the same chart apart from holdwise's in-line order: on dealt whole hands, where a
    # union line names the whole hand and a part of it, and on any deals
    table = vp.get_game(JOB)
    dt = dtm.deal_table(table, 5)
    _, ids = st._game_patterns(table)
    lines = [ln.ids for ln in parse_chart(PUBLISHED_15, table).lines]
    masks, _ = dtm.chart_play(dt, ids, lines)
    whole = dtm.whole_hands_dealt(table, ids)
    pays = table.pays_for(5)
    rng = random.Random(26)
    held_whole = 0
    for i in _sampled(dt, whole, rng, 40, 40):
        cards = dt.deals[i].tolist()
        dealt_whole = whole_hand(cards, table.hands, pays, table.wild)
        assert dealt_whole == bool(whole[i]), cards

        def value(mask, cards=cards):
            return hold_value(cards, mask, table.hands, pays, table.wild, table.deck)

        deal_ids = [int(x) for x in hold_patterns(table, dt.deals[i:i + 1])[0]]
        assert chart_hold(cards, deal_ids, [set(ln) for ln in lines], value, dealt_whole) == masks[i], cards
        held_whole += masks[i] == 31
    assert held_whole >= 30  # the whole hands of the sample are held whole (quads draw to the four)


@pytest.mark.parametrize("hand, chart, held", [
    ("Ks Kd 7c 7h 7s", "three of a kind or straight or flush or full house", "Ks Kd 7c 7h 7s"),
    ("Ks Kd 7c 7h 7s", "three of a kind", "7c 7h 7s"),  # the line names only the three of a kind
    ("2h 6h 9h Jh Kh", "4 to a flush or flush", "2h 6h 9h Jh Kh"),
    ("9c Th Jd Qs Kc", "4 to an outside straight or straight", "9c Th Jd Qs Kc"),
    ("Kc Qd Js 4h 2c", "2 unsuited high cards", "Qd Js"),  # more than two: the lowest two
    ("Ac Kd Qs Jh 2c", "2 unsuited high cards", "Qs Jh"),
    ("Kc 9d 6s 4h 2c", "one high card", "Kc"),
    ("Ac Kc 9d 6s 2h", "2 suited high cards", "Ac Kc"),
    ("Tc Kc 9d 6s 2h", "suited 10/J, 10/Q, 10/K", "Kc Tc"),
])
def test_the_trainer_reads_a_line_as_a_player_does(hand, chart, held):
    got = vp.chart_hold(chart, hand, JOB)
    assert sorted(got.hold_text.split()) == sorted(held.split()), got
    assert got.line == 1


def test_the_words_printed_charts_use_name_the_patterns_players_mean():
    vocab = vocabulary(vp.get_game(JOB))

    def bases(line):
        return sorted({vocab.patterns[i].text.split(", ")[0] for i in vocab.matching(line)})

    assert bases("2 suited high cards") == ["AJ suited", "AK suited", "AQ suited", "KJ suited", "KQ suited",
                                            "QJ suited"]
    assert bases("2 unsuited high cards") == ["AJ unsuited", "AK unsuited", "AQ unsuited", "KJ unsuited",
                                              "KQ unsuited", "QJ unsuited"]
    assert bases("one high card") == ["A", "J", "K", "Q"]
    assert bases("suited 10/J, 10/Q, 10/K") == bases("suited 10/J, 10/Q, or 10/K") == ["JT suited", "KT suited",
                                                                                        "QT suited"]
    # "with 3 or 4 high cards" reads as the range 3-4
    assert vocab.matching("4 to an inside straight with 3 or 4 high cards") == vocab.matching(
        "4 to an inside straight, 3-4 high cards") and len(vocab.matching("4 to an inside straight, 3-4 high cards")) == 2
    at_least = vocab.matching("3 to a straight flush with at least as many high cards as gaps")
    fewer = vocab.matching("3 to a straight flush with fewer high cards than gaps")
    assert at_least and fewer and not at_least & fewer
    assert at_least | fewer == vocab.matching("3 to a straight flush")
    for i in at_least:
        text = vocab.patterns[i].text
        gaps = int(text.split(" gap")[0].split(", ")[-1])
        highs = int(text.split(" high card")[0].split(", ")[-1])
        assert highs >= gaps, text
    # the whole paying hands of the game
    assert sorted(vocab.patterns[i].text for i in vocab.whole_hands) == [
        "flush", "full house", "royal flush", "straight", "straight flush"]


def test_a_wild_game_keeps_its_own_words():
    with pytest.raises(InputError, match="unknown pattern '2 suited high cards'"):
        vocabulary(vp.get_game("deuces-wild-full-pay")).matching("2 suited high cards")
    deuces, joker = vocabulary(vp.get_game("deuces-wild-full-pay")), vocabulary(vp.get_game("joker-poker-kings"))

    def texts(vocab, line):
        return sorted(vocab.patterns[i].text for i in vocab.matching(line))

    assert texts(deuces, "natural royal flush") == ["royal flush, no deuces"]
    assert texts(joker, "natural royal flush") == ["royal flush, no joker"]
    assert texts(deuces, "four deuces") == ["4 deuces alone", "four deuces and a kicker, 4 deuces"]
    wild4 = texts(deuces, "4 to a wild royal flush")
    assert wild4 and all(t.startswith("4 to a royal flush, ") and "no deuces" not in t for t in wild4)
    assert deuces.matching("4 to a wild royal flush") | deuces.matching("4 to a natural royal flush") == \
        deuces.matching("4 to a royal flush")
    assert texts(deuces, "three deuces") == texts(deuces, "3 deuces")  # the word and the clause agree
    with pytest.raises(InputError, match="unknown pattern 'four deuces'$"):  # no deuce words where jokers are wild
        joker.matching("four deuces")
    whole = vocabulary(vp.get_game("deuces-wild-full-pay")).whole_hands
    texts = {vocabulary(vp.get_game("deuces-wild-full-pay")).patterns[i].text for i in whole}
    assert "five of a kind, 1 deuce" in texts and not any("kicker" in t for t in texts)


@pytest.mark.slow
def test_the_derived_charts_beat_the_published_one_and_each_point_is_its_chart():
    published = Fraction(st.evaluate_chart(JOB, PUBLISHED_15).return_exact)
    curve = vp.cost_curve(JOB)
    returns = [Fraction(p.return_exact) for p in curve]
    assert all(b >= a for a, b in zip(returns, returns[1:]))  # at most n lines: never worse with more
    assert returns[14] > published and returns[11] > published  # 12 lines already beat it
    for n in (12, 15):
        report = vp.strategy_report(JOB, lines=n)
        assert report.return_exact == curve[n - 1].return_exact
    # every point of the curve is its chart's own exact return, the chart read back from its text
    reduced = st._reduced(vp.get_game(JOB), 5)
    for point in curve:
        texts = reduced[point.lines][0]
        assert len(texts) <= point.lines and all(t.count(" or ") <= 3 for t in texts)
        assert st.evaluate_chart(JOB, "\n".join(texts)).return_exact == point.return_exact, point.lines
    best = vp.strategy_report(JOB)
    within = [p.lines for p in curve if Fraction(best.return_exact) - Fraction(p.return_exact) <= Fraction(1, 10_000)]
    assert within and within[0] <= 20
