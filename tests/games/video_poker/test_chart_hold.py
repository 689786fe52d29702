"""chart_hold (the hold a chart plays on one hand) against the whole-game chart play: on random deals in random
dealt order, the line and the hold equal what `chart_play` gives on the game's deal table for that deal."""

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

from holdwise.errors import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker import deal_table, solver

# the best charts of at most 15 lines (docs/strategy), with a comment and blank lines: chart line numbers are the
# text's line numbers, not the index of the line
JACKS_CHART = """# jacks or better 9/6, 15 lines
royal flush or straight flush or four of a kind and a kicker
4 to a royal flush or full house or flush
three of a kind or straight or 4 to a straight flush or two pair

high pair or 3 to a royal flush
4 to a flush, 1 high card or 4 to a flush, 0 high cards or 4 to a flush, 2 high cards or 4 to an outside straight, 3 high cards
low pair or 4 to an outside straight, 2 high cards or 4 to an outside straight, 1 high card
3 to a straight flush, 0 gaps, 1 high card, 3 ways or 3 to a straight flush, 1 gap, 2 high cards, 2 ways or 4 to an outside straight, 0 high cards or 3 to a straight flush, 2 gaps, 2 high cards, 1 way
3 to a straight flush, 1 gap, 1 high card, 2 ways or 3 to a straight flush, 0 gaps, 0 high cards, 3 ways or QJ suited, straight penalty only or 4 to an inside straight, 4 high cards
2 to a royal flush
3 to a straight flush, 2 gaps, 1 high card, 1 way, straight penalty only or KQJ unsuited, no penalty or QJ unsuited
KJ unsuited or QT suited, straight penalty only or QT suited, no penalty or AK unsuited
QT suited, flush penalty or J or Q, flush penalty only or KT suited, straight penalty only
K, flush penalty only or KT suited, no penalty or Q, straight penalty only or A
K, flush penalty, straight penalty or K, straight penalty only or K, no penalty or Q, no penalty
"""
DEUCES_CHART = """royal flush, no deuces or four deuces and a kicker, 4 deuces or wild royal flush
4 to a royal flush, no deuces or five of a kind, 1 deuce or five of a kind, 2 deuces or 3 deuces alone
straight flush or four of a kind or 4 to a royal flush, 2 deuces or 4 to a royal flush, 1 deuce
2 deuces alone or full house or flush
straight or three of a kind
# a coarse line
4 to a straight flush
3 to a royal flush
1 deuce alone
pair of jacks, no deuces or pair of tens, no deuces or pair of nines, no deuces or pair of eights, no deuces
4 to a flush, no deuces
"""
GAMES = [("jacks-or-better-9-6", JACKS_CHART, 5), ("deuces-wild-full-pay", DEUCES_CHART, 5),
         ("jacks-or-better-9-6", JACKS_CHART, 3)]
DEALS = 300


def _suit_maps():
    """Every renaming of the four suits (the joker, card 52, stays)."""
    return [dict(zip(range(4), p)) for p in itertools.permutations(range(4))]


def _rename(cards, suits):
    return [c if c == 52 else (c >> 2) * 4 + suits[c & 3] for c in cards]


@pytest.fixture(scope="module")
def whole_game():
    """Per (game, coins): the deal table, the chart, the chart's play on every deal, and a deal -> row index."""
    out = {}
    for game, text, coins in GAMES:
        table = vp.get_game(game)
        dt = deal_table.deal_table(table, coins)
        chart = vp.parse_chart(text, table)
        ids = np.asarray(vp.hold_patterns(table, dt.deals))
        masks, lines = deal_table.chart_play(dt, ids, [ln.ids for ln in chart.lines])
        index = {tuple(int(c) for c in d): i for i, d in enumerate(dt.deals)}
        out[(game, coins)] = (table, dt, chart, masks, lines, index)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game, text, coins", GAMES, ids=[f"{g}-{c}" for g, _, c in GAMES])
def test_chart_hold_is_the_whole_game_play(whole_game, game, text, coins):
    table, dt, chart, masks, lines, index = whole_game[(game, coins)]
    rng = random.Random(f"{game}-{coins}")
    same_cards = tie_suits = with_line = 0
    for _ in range(DEALS):
        dealt = rng.sample(range(table.deck), 5)  # random dealt order
        # the suit-renamed copy of the deal that the table holds, and the renaming back
        for suits in _suit_maps():
            renamed = sorted(_rename(dealt, suits))
            if tuple(renamed) in index:
                break
        else:
            raise AssertionError(f"no copy of {dealt} in the deal table")
        row = index[tuple(renamed)]
        back = {v: k for k, v in suits.items()}
        mask = int(masks[row])
        held_whole = sorted(_rename([renamed[j] for j in range(5) if mask >> j & 1], back))
        line_whole = None if lines[row] < 0 else chart.lines[int(lines[row])].number

        got = vp.chart_hold(chart, dealt, table, coins)
        held = sorted(dealt[p - 1] for p in got.hold)
        assert got.line == line_whole, (vp.hand_str(dealt), got)
        assert got.line_text == (None if line_whole is None else chart.lines[int(lines[row])].text)
        assert Fraction(got.value_exact) == Fraction(int(dt.values[row, mask]), dt.scale), (vp.hand_str(dealt), got)
        assert list(got.hold) == sorted(got.hold) and got.hand == vp.hand_str(dealt)
        if held == held_whole:
            same_cards += 1
        else:  # only a choice of suits among holds of equal ranks and equal value may differ
            assert sorted(c >> 2 for c in held) == sorted(c >> 2 for c in held_whole), (vp.hand_str(dealt), got)
            tie_suits += 1
        with_line += got.line is not None
    assert same_cards >= 0.9 * DEALS and same_cards + tie_suits == DEALS
    assert with_line >= 0.5 * DEALS  # the charts fit most deals: the lines are what is being compared


def test_the_line_number_is_the_text_line():
    table = vp.get_game("jacks-or-better-9-6")
    chart = vp.parse_chart(JACKS_CHART, table)
    got = vp.chart_hold(chart, "Ah Ad 7c 4s 2h", table)
    assert got.line == 6 and got.line_text == "high pair or 3 to a royal flush"  # the 5th chart line, text line 6
    assert got.hold == (1, 2) and got.hold_text == "Ah Ad"


def test_a_hand_no_line_fits_draws_five():
    table = vp.get_game("jacks-or-better-9-6")
    got = vp.chart_hold("high pair\n", "2c 5d 8h 9s Js", table)
    assert got.line is None and got.line_text is None and got.hold == ()
    assert got.hold_text == "draw five"
    values, scale = solver.hold_values(vp.parse_hand("2c 5d 8h 9s Js"), table)
    assert Fraction(got.value_exact) == Fraction(int(values[0]), scale)
    fits = vp.chart_hold("high pair\n", "2c 5d 8h Js Jh", table)
    assert fits.line == 1 and fits.hold == (4, 5)


def test_a_chart_of_another_game_is_refused():
    deuces = vp.get_game("deuces-wild-full-pay")
    chart = vp.parse_chart("three of a kind\n", vp.get_game("jacks-or-better-9-6"))
    with pytest.raises(InputError, match="jacks-or-better-9-6"):
        vp.chart_hold(chart, "2c 2d 2h 9s Js", deuces)


def test_chart_text_is_read_for_the_game_and_bad_input_refused():
    with pytest.raises(InputError, match="line 1"):
        vp.chart_hold("no such hold\n", "2c 5d 8h 9s Js", "jacks-or-better-9-6")
    with pytest.raises(InputError):
        vp.chart_hold("high pair\n", "2c 5d 8h 9s", "jacks-or-better-9-6")  # four cards
    with pytest.raises(InputError):
        vp.chart_hold("high pair\n", "2c 5d 8h 9s Jk", "jacks-or-better-9-6")  # a joker in a 52-card game
    with pytest.raises(InputError):
        vp.chart_hold(["high pair"], "2c 5d 8h 9s Js", "jacks-or-better-9-6")
    with pytest.raises(InputError):
        vp.chart_hold("high pair\n", "2c 5d 8h 9s Js", "jacks-or-better-9-6", coins=6)
