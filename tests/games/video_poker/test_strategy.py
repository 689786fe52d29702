"""Strategy charts: every hold of every deal, a chart's exact return (against a brute force), the derived
basic strategy (a local optimum), short charts and the cost curve, the return table's risk figures."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from holdwise import InputError
from holdwise.games import video_poker as vp
from holdwise.games.video_poker import chart_search as cs
from holdwise.games.video_poker import deal_table as dtm
from holdwise.games.video_poker import store
from holdwise.games.video_poker import strategy as st
from holdwise.games.video_poker.patterns import hold_patterns, parse_chart
from holdwise.games.video_poker.paytables import load_games
from holdwise.games.video_poker.solver import solve_game
from tests.oracles.vp_chart_brute import chart_hold, hold_value, whole_hand

JOB = "jacks-or-better-9-6"

# The well-known 9/6 Jacks or Better "simple strategy" in this vocabulary's words (published at 99.46%
# against the optimum's 99.54%): its made-hand lines and its "2 suited high cards" and "suited 10/J,
# 10/Q, 10/K" lines spelt one pattern a line.
CLASSIC = """
royal flush
straight flush
four of a kind and a kicker
4 to a royal flush
full house
flush
straight
three of a kind
4 to a straight flush
two pair
high pair
3 to a royal flush
4 to a flush
low pair
4 to an outside straight
AK suited
AQ suited
AJ suited
KQ suited
KJ suited
QJ suited
3 to a straight flush
unsuited high cards
JT suited
QT suited
KT suited
single high card
"""


# A short chart of the extra-ace deck's Five Aces 9/6 Double Double Bonus, written for the test: the line "A"
# meets a deal with the ace of stars and another ace, where the chart's rule ranks them alike and takes the one
# worth more.
FIVE_ACES_CHART = """
five aces or royal flush or straight flush or four aces with 2-4 or four 2s-4s with A-4
four aces and a kicker or four 2s-4s and a kicker or four 5s-Ks and a kicker
4 to a royal flush
three aces
three of a kind
full house or flush or straight
4 to a straight flush
two pair
pair of aces
3 to a royal flush
4 to a flush
high pair or low pair
4 to an outside straight
A
"""
FIVE_ACES_FILE = Path(__file__).parents[3] / "docs" / "games" / "five-aces.toml"


def table(game: str = JOB):
    if game == "five-aces-ddb-9-6":
        return load_games(FIVE_ACES_FILE)[game]
    return vp.get_game(game)


@pytest.fixture(scope="module")
def job():
    t = table()
    return dtm.deal_table(t, 5), st._game_patterns(t)


def fake_ids(deals: np.ndarray) -> tuple[np.ndarray, int]:
    """A small stand-in vocabulary: (cards held, largest rank group, suited, high cards) -> id."""
    n = len(deals)
    ranks, suits = deals >> 2, deals & 3
    keys = np.zeros((n, 32), dtype=np.int64)
    for mask in range(1, 32):
        held = [j for j in range(5) if mask >> j & 1]
        r = ranks[:, held]
        mult = np.max([(r == r[:, [a]]).sum(1) for a in range(len(held))], axis=0)
        suited = (suits[:, held] == suits[:, [held[0]]]).all(1)
        keys[:, mask] = 1 + ((len(held) * 6 + mult) * 2 + suited) * 6 + (r >= 9).sum(1)
    uniq, inv = np.unique(keys, return_inverse=True)
    return inv.reshape(n, 32).astype(np.int64), len(uniq)


def chart_sum(dt, ids, lines) -> int:
    masks, _ = dtm.chart_play(dt, ids, lines)
    # int64 is enough for the shipped games: weight (<= 24) x value (< 2**33) x 134,459 deals < 2**63
    return int((dt.weights * dt.values[np.arange(len(masks)), masks]).sum())


# --- every hold of every deal ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game", [JOB, "deuces-wild-full-pay", "joker-poker-kings"])
def test_best_values_sum_to_the_solvers_return_exactly(game):
    t = table(game)
    dt = dtm.deal_table(t, 5)
    result = solve_game(t, 5)
    assert dt.ret(dt.optimal_sum) == result.return_exact
    assert dtm.class_totals(dt, dt.best_mask) == result.combinations


def test_values_match_hold_values_of_single_hands(job):
    dt, _ = job
    from holdwise.games.video_poker.solver import hold_values

    for i in random.Random(3).sample(range(len(dt.deals)), 20):
        values, scale = hold_values(dt.deals[i].tolist(), dt.table, 5)
        assert scale == dt.scale and values.tolist() == dt.values[i].tolist()


def test_a_chart_that_plays_the_best_hold_returns_the_optimum(job):
    dt, _ = job
    ids = np.zeros((len(dt.deals), 32), dtype=np.int64)
    ids[np.arange(len(ids)), dt.best_mask] = 1  # id 1 = "the best hold", a one-line chart names it
    report = st.game_chart_report(dt, ids, ["other", "best"], [[1]], ["best"])
    assert Fraction(report.return_exact) == solve_game(dt.table, 5).return_exact
    assert report.cost == 0 and report.hands_per_bet_lost is None and report.errors == ()
    assert report.lines[0].chance == 1.0 and report.lines[0].mistakes == 0


def test_return_table_risk_figures_of_9_6_jacks_or_better():
    report = vp.game_return(JOB, exact=True)
    # published: variance 19.51, hit frequency 45.45% (Wizard of Odds, 9/6 Jacks or Better)
    assert round(report.variance, 2) == 19.51 and round(report.standard_deviation, 3) == 4.418
    assert round(report.hit_chance, 4) == 0.4546
    data = report.to_json()
    assert list(data)[:9] == ["rules", "name", "coins", "return", "return_exact", "outcomes",
                              "deal_weight", "table", "seconds"]
    assert data["return_percent"] == 100 * data["return"]
    assert Fraction(data["variance_exact"]) == Fraction(data["variance"]).limit_denominator(10**30) or \
        abs(float(Fraction(data["variance_exact"])) - data["variance"]) < 1e-12
    stats = vp.play_statistics([1, 1, 2], [Fraction(2), Fraction(1), Fraction(0)])
    assert stats == {"return": Fraction(3, 4), "variance": Fraction(11, 16), "hit_chance": Fraction(1, 2)}


# --- a chart's play against the brute force --------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game, chart", [(JOB, CLASSIC), ("deuces-wild-full-pay", None),
                                         ("five-aces-ddb-9-6", FIVE_ACES_CHART)])
def test_chart_play_matches_the_brute_force_on_sampled_deals(game, chart):
    t = table(game)
    dt = dtm.deal_table(t, 5)
    if chart is None:  # a short chart of the wild game: its derived strategy cut into 12 lines of patterns in
        live, _ = st._derived(t, 5)  # order (lines joined as a shorter chart joins them, without its search)
        lines = [frozenset(int(i) for i in part) for part in np.array_split(live, 12)]
    else:
        parsed = parse_chart(chart, t)
        lines = [ln.ids for ln in parsed.lines]
    _, ids = st._game_patterns(t)
    masks, _ = dtm.chart_play(dt, ids, lines)
    pays = t.pays_for(5)
    rng = random.Random(11)
    sample = rng.sample(range(len(dt.deals)), 40)
    if t.extra_ace:  # a third from deals with the ace of stars and another ace
        both = np.nonzero((dt.deals[:, 4] == 52) & (dt.deals[:, 3] >= 48))[0].tolist()
        sample = sample[:27] + rng.sample(both, 13)
    deals = dt.deals[sample]
    sample_ids = hold_patterns(t, deals)  # classified again, deal by deal
    valued = 0
    wild = "ace" if t.extra_ace else t.wild  # the oracle's name for the extra-ace deck
    for k, i in enumerate(sample):
        cards = dt.deals[i].tolist()

        def value(mask, cards=cards):
            return hold_value(cards, mask, t.hands, pays, wild, t.deck)

        whole = whole_hand(cards, t.hands, pays, wild)
        mask = chart_hold(cards, [int(x) for x in sample_ids[k]], [set(ln) for ln in lines], value, whole,
                          t.extra_ace)
        assert mask == masks[i], (cards, mask, masks[i])
        if bin(mask).count("1") >= 2:  # a hold of 2 cards or more: at most 16,215 draws to enumerate
            assert Fraction(int(dt.values[i, mask]), dt.scale) == value(mask)
            valued += 1
    assert valued >= 15


def test_inside_a_line_the_ace_of_stars_ranks_as_an_ace_and_the_joker_above_every_rank():
    deal = np.array([[12, 21, 48, 51, 52]])  # 5c 7d Ac As and card 52
    star = dtm._rank_keys(deal, extra_ace=True)[0]
    joker = dtm._rank_keys(deal)[0]
    assert star[1 << 4] == star[1 << 3] == star[1 << 2] > star[1 << 1]  # A*, As, Ac alike; the 7 comes first
    assert joker[1 << 4] > joker[1 << 3] == joker[1 << 2]  # the joker ranks above the aces
    assert star[0b11000] == star[0b01100] and joker[0b11000] > joker[0b01100]
    assert star[0] == joker[0] == 16**5  # drawing five comes last


def test_a_deal_no_line_fits_draws_five(job):
    dt, (vocab, ids) = job
    royal = vocab.matching("royal flush")
    masks, line = dtm.chart_play(dt, ids, [royal])
    assert (masks[line < 0] == 0).all() and (line >= 0).sum() == 1  # the royal flush, up to suits
    assert dt.weights[line >= 0].tolist() == [4] and masks[line >= 0].tolist() == [31]


# --- the derived basic strategy ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_basic_strategy_of_9_6_jacks_or_better():
    report = vp.strategy_report(JOB)
    assert report.kind == "basic" and report.optimal_return_exact == "1653526326983/1661102543100"
    assert round(100 * report.optimal_return, 4) == 99.5439  # the published figure
    assert report.cost < 1e-5 and len(report.lines) > 100  # within 0.001% of the optimum
    assert report.notes and report.notes[0].cost > 0 and report.notes[0].deals > 0
    assert report.lines[0].text == "royal flush"
    assert Fraction(report.return_exact) + Fraction(report.cost_exact) == Fraction(report.optimal_return_exact)
    data = report.to_json()
    for key in ("lines", "return", "return_exact", "cost", "hands_per_bet_lost", "variance", "hit_chance",
                "notes", "errors", "table"):
        assert key in data
    assert set(data["lines"][0]) >= {"number", "text", "chance", "value_min", "value_max", "mistakes", "cost"}
    # the chart text reads back to the same chart and the same return
    again = vp.evaluate_chart(JOB, report.chart_text)
    assert again.return_exact == report.return_exact and again.kind == "chart"


@pytest.mark.slow
def test_basic_strategy_is_a_local_optimum_no_adjacent_swap_gains(job):
    dt, (_, ids) = job
    live, _ = st._derived(dt.table, 5)
    lines = [[i] for i in live]
    base = chart_sum(dt, ids, lines)
    for k in range(len(lines) - 1):
        swapped = lines[:k] + [lines[k + 1], lines[k]] + lines[k + 2:]
        assert chart_sum(dt, ids, swapped) <= base, k


@pytest.mark.slow
def test_order_search_with_a_fake_vocabulary_reaches_a_local_optimum(job):
    dt, _ = job
    ids, n = fake_ids(dt.deals)
    live, search = cs.derive_order(dt, ids, n)
    base = chart_sum(dt, ids, [[i] for i in live])
    assert base == search.value_sum()
    for k in range(len(live) - 1):
        order = live[:k] + [live[k + 1], live[k]] + live[k + 2:]
        assert chart_sum(dt, ids, [[i] for i in order]) <= base
    # removing a line: the exact cost the search computes is what the evaluator loses
    cost = search.costs()
    for victim in live[:5]:
        rest = [[i] for i in live if i != victim]
        assert base - chart_sum(dt, ids, rest) == cost[victim]


@pytest.mark.slow
def test_cost_curve_falls_as_lines_grow():
    curve = vp.cost_curve(JOB)
    assert [p.lines for p in curve] == list(range(1, 41))
    costs = [Fraction(p.return_exact) for p in curve]
    assert all(b >= a for a, b in zip(costs, costs[1:]))
    assert curve[-1].cost < 0.001 and curve[0].cost > 0.3


@pytest.mark.slow  # the short-chart search (the cost curve's), 20 s
def test_short_chart_has_at_most_n_lines_and_its_report():
    report = vp.strategy_report(JOB, lines=15, curve=True)
    assert report.kind == "lines" and len(report.lines) <= 15 and report.max_lines == 15
    point = next(p for p in report.curve if p.lines == 15)
    assert point.return_exact == report.return_exact
    assert 0.98 < report.return_value < report.optimal_return


@pytest.mark.slow
def test_union_merge_loss_is_what_the_evaluator_loses(job):
    dt, _ = job
    ids, n = fake_ids(dt.deals)
    live, search = cs.derive_order(dt, ids, n)
    lines = [frozenset([i]) for i in live]
    base = chart_sum(dt, ids, lines)
    next_line = np.full(search.entries.n_lines, -1, dtype=np.int64)
    next_line[np.asarray(live[:-1])] = live[1:]
    loss = np.zeros(search.entries.n_lines, dtype=np.int64)
    e = search.entries
    cs.union_losses(e.start, e.line, e.mask, e.value, dt.weights, dt.within, next_line, search.choice, loss)
    changed = 0
    for k in range(0, len(live) - 1, max(1, len(live) // 12)):
        merged = lines[:k] + [lines[k] | lines[k + 1]] + lines[k + 2:]
        assert base - chart_sum(dt, ids, merged) == loss[live[k]], k
        changed += loss[live[k]] != 0
    assert changed  # some merges change the play
    # the union line's entries are those line_entries gives a line naming both lines' ids
    a, b = live[0], live[1]
    grown = cs._with_union(dt, search.entries, a, b)
    direct = dtm.line_entries(dt, ids, [frozenset([i]) for i in range(n)] + [frozenset([a, b])])
    for got in (grown, direct):
        assert got.n_lines == n + 1
    pick_g, pick_d = grown.line == n, direct.line == n
    assert (grown.deal_of[pick_g] == direct.deal_of[pick_d]).all() and (grown.mask[pick_g] == direct.mask[pick_d]).all()
    assert (np.diff(grown.deal_of) >= 0).all()  # still sorted by deal


@pytest.mark.parametrize("seed", range(6))
def test_union_entries_equal_the_entries_built_afresh(seed):
    # _with_union updates the CSR arrays in place of a sort: every array must be what entries_of builds from
    # the same (deal, line, hold) triples
    from types import SimpleNamespace

    rng = np.random.default_rng(seed)
    n, n_lines = 40, 7
    dt = SimpleNamespace(deals=np.zeros(n), values=rng.integers(-50, 50, (n, 32)),
                         within=np.array([rng.permutation(32) for _ in range(n)]))
    deal, line, mask = [], [], []
    for d in range(n):
        for ln in rng.choice(n_lines, rng.integers(0, n_lines + 1), replace=False):
            deal.append(d)
            line.append(int(ln))
            mask.append(int(rng.integers(0, 32)))
    e = dtm.entries_of(dt, np.array(deal, dtype=np.int64), np.array(line, dtype=np.int64),
                     np.array(mask, dtype=np.int64), n_lines)
    a, b = (int(x) for x in rng.choice(n_lines, 2, replace=False))
    picked = (e.line == a) | (e.line == b)
    union_deals = len(np.unique(e.deal_of[picked]))
    names = ("start", "line", "value", "mask", "by_line_start", "by_line_entry", "deal_of", "fallback")
    copy = dtm.LineEntries(**{name: getattr(e, name).copy() for name in names}, n_lines=e.n_lines)
    grown = cs._with_union(dt, e, a, b)
    afresh = dtm.entries_of(dt, grown.deal_of, grown.line, grown.mask, n_lines + 1)
    assert grown.n_lines == afresh.n_lines == n_lines + 1
    for name in names:
        assert np.array_equal(getattr(grown, name), getattr(afresh, name)), name
    assert np.count_nonzero(grown.line == n_lines) == union_deals
    # consuming its input (the search's way, to hold less at once) gives the same arrays, and lets the old go
    consumed = cs._with_union(dt, copy, a, b, consume=True)
    for name in names:
        assert np.array_equal(getattr(consumed, name), getattr(grown, name)), name
    assert copy.line is None and copy.value is None and copy.by_line_entry is None


def test_chart_lengths_are_kept_on_disk_and_a_bad_file_is_searched_again(monkeypatch, tmp_path):
    # the search for every chart length is one file per game and bet: a new process (a cleared memo) reads it;
    # a file that is stale, damaged or names an unknown pattern is searched again and rewritten
    monkeypatch.setenv("HOLDWISE_CACHE_DIR", str(tmp_path))
    table = vp.get_game("deuces-wild-full-pay")
    calls = []
    fake = {1: (["four deuces"], [frozenset([3])], 7), 2: (["a", "b"], [frozenset([0, 2]), frozenset([1])], 9)}

    def search(t, coins):
        calls.append((t, coins))
        return fake

    monkeypatch.setattr(st, "_search_reduced", search)
    st._reduced.cache_clear()
    try:
        assert st._reduced(table, 5) == fake and len(calls) == 1
        st._reduced.cache_clear()
        assert st._reduced(table, 5) == fake and len(calls) == 1  # read back, not searched
        path = store.stored_path("chart-lengths", table, 5)
        good = path.read_text()
        n_ids = len(st._game_patterns(table)[0].patterns)
        for bad in (good.replace("four deuces", "four deuces").replace('"key": "', '"key": "x'),
                    good.replace("[3]", f"[{n_ids}]"), good.replace(", 9]", ", 9.5]"), good[:-5], "[]"):
            path.write_text(bad)
            st._reduced.cache_clear()
            assert st._reduced(table, 5) == fake
        assert len(calls) == 6
        assert st._reduced(table, 4) == fake and len(calls) == 7  # another bet is another search
    finally:
        st._reduced.cache_clear()


def test_fifteen_line_chart_with_union_lines():
    # published charts join made hands on one line ("four of a kind, straight flush, royal flush"); the
    # shrinking search joins consecutive lines with "or", at most four patterns a line
    report = vp.strategy_report(JOB, lines=15)
    assert len(report.lines) <= 15 and any(" or " in ln.text for ln in report.lines)
    assert all(ln.text.count(" or ") <= 3 for ln in report.lines)
    # more than the published 15-line chart's 99.4592% (was 99.2079% before the printed words, the published seed
    # and the swaps)
    assert round(100 * report.return_value, 4) == 99.4915
    assert Fraction(report.return_exact) > Fraction(1652119941721, 1661102543100)
    assert all(len(ln.text) <= 200 for ln in report.lines)
    # the chart text (union lines) reads back to the same play
    assert vp.evaluate_chart(JOB, report.chart_text).return_exact == report.return_exact
    curve = vp.cost_curve(JOB)
    returns = [Fraction(p.return_exact) for p in curve]
    assert all(b >= a for a, b in itertools.pairwise(returns))
    assert curve[14].return_exact == report.return_exact


def test_classic_simple_strategy_chart():
    report = vp.evaluate_chart(JOB, CLASSIC)
    # published 99.46% for this chart (unsuited high cards are taken lowest first, as its rule says)
    assert round(100 * report.return_value, 2) == 99.46 and len(report.lines) == 27
    # the derived chart of at most as many lines does at least as well
    assert Fraction(vp.cost_curve(JOB)[26].return_exact) >= Fraction(report.return_exact)
    assert report.errors and report.errors[0].example and report.errors[0].cost > 0
    assert sum(ln.chance for ln in report.lines) + report.draw_five_chance == pytest.approx(1.0)


def test_bad_input():
    with pytest.raises(InputError, match="lines"):
        vp.strategy_report(JOB, lines=0)
    with pytest.raises(InputError, match="lines"):
        vp.check_lines("3.5")
    with pytest.raises(InputError, match="unknown pattern"):
        vp.evaluate_chart(JOB, "fourr to a flush")
    with pytest.raises(InputError):
        vp.evaluate_chart(JOB, 42)
