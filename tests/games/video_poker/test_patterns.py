"""Hold patterns: the fast classifier against a slow one written apart, named examples, the line grammar
(every text parses back to its own id, coarse lines name the right ids) and chart reading."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdwise import InputError
from holdwise.games.video_poker.cards import parse_card, parse_hand
from holdwise.games.video_poker.patterns import (
    MAX_CHART_BYTES,
    MAX_CHART_LINES,
    Chart,
    hold_patterns,
    parse_chart,
    read_chart,
    vocabulary,
)
from holdwise.games.video_poker.paytables import get_game, load_games, shipped_games
from holdwise.games.video_poker.tables import distinct_deals
from tests.oracles.vp_patterns_slow import SlowPatterns

GAMES = list(shipped_games())
FIVE_ACES = load_games(Path(__file__).parents[3] / "docs" / "games" / "five-aces.toml")["five-aces-ddb-9-6"]
JOB = "jacks-or-better-9-6"
DW = "deuces-wild-full-pay"
JP = "joker-poker-kings"
DDB = "double-double-bonus-9-6"
SAMPLE = 1_000  # deals per game (7,000 in all); every hold of each


def text_of(game: str, hand: str, held: str) -> str:
    """The pattern text of holding `held` (cards) from `hand`."""
    table = get_game(game)
    cards = sorted(parse_hand(hand, table.deck))
    keep = {parse_card(w, table.deck) for w in held.split()}
    mask = sum(1 << j for j, c in enumerate(cards) if c in keep)
    ids = hold_patterns(table, np.array([cards]))
    return vocabulary(table).patterns[ids[0, mask]].text


def ids_where(game: str, test) -> frozenset[int]:
    return frozenset(p.id for p in vocabulary(get_game(game)).patterns if test(p.text))


# ---------------------------------------------------------------------------------------------------------------
# the classifier


@pytest.mark.slow
@pytest.mark.parametrize("game", [*GAMES, "five-aces-ddb-9-6"])
def test_fast_classifier_matches_the_slow_one(game):
    table = FIVE_ACES if game == FIVE_ACES.id else get_game(game)
    deals, _ = distinct_deals(table.deck)
    rng = np.random.default_rng(20_011)
    pick = rng.choice(len(deals), SAMPLE, replace=False)
    if table.wild != "none" or table.extra_ace:  # half the sample from deals with card 52 or deuces, where most
        # rules differ
        wild = np.nonzero(deals.max(axis=1) == 52 if table.deck == 53 else deals.min(axis=1) < 4)[0]
        pick = np.concatenate([pick[:SAMPLE // 2], rng.choice(wild, SAMPLE // 2, replace=False)])
    sample = deals[pick]
    ids = hold_patterns(table, sample)
    texts = [p.text for p in vocabulary(table).patterns]
    slow = SlowPatterns(table)
    bad = [(sample[i].tolist(), m, texts[ids[i, m]], slow.text(tuple(sample[i].tolist()), m))
           for i in range(len(sample)) for m in range(32) if texts[ids[i, m]] != slow.text(tuple(sample[i].tolist()), m)]
    assert not bad, bad[:5]


@pytest.mark.slow
@pytest.mark.parametrize("game", [JOB, DW, JP])
def test_every_hold_of_every_deal_has_one_id(game):
    table = get_game(game)
    deals, _ = distinct_deals(table.deck)
    ids = hold_patterns(table, deals)  # the cached matrix the vocabulary was built from
    fresh = hold_patterns(table, deals.copy())  # classified afresh
    assert np.array_equal(ids, fresh) and not ids.flags.writeable and fresh.flags.writeable
    vocab = vocabulary(table)
    assert ids.shape == (len(deals), 32) and ids.dtype == np.int16
    assert ids.min() >= 0 and ids.max() < len(vocab.patterns)
    assert np.unique(ids).size == len(vocab.patterns)  # every id is some hold's
    (nothing,) = vocab.matching("discard everything")
    assert (ids[:, 0] == nothing).all()


@pytest.mark.parametrize("hand, held, text", [
    ("As Ks Qs Js 9d", "As Ks Qs Js", "4 to a royal flush"),
    ("As Ks Qs Js Ts", "As Ks Qs Js Ts", "royal flush"),
    ("Ks Qd Jh 5c 3c", "Ks Qd Jh", "KQJ unsuited, no penalty"),
    ("Ks Qd Jh Tc 3c", "Ks Qd Jh", "KQJ unsuited, straight penalty"),
    ("Jh Th 5h 3c 2d", "Jh Th", "JT suited, flush penalty only"),
    ("Jh Th 8c 3c 2d", "Jh Th", "JT suited, straight penalty only"),
    ("Jh Th 4c 3c 2d", "Th Jh", "JT suited, no penalty"),
    ("Jh Jd 7c 4s 2d", "Jh Jd", "pair of jacks"),
    ("Jh Jd 7c 7s 2d", "Jh Jd 7c 7s", "two pair"),
    ("Jh Jd 7c 7s 2d", "Jh Jd 7c 7s 2d", "two pair and a kicker"),
    ("Jh Jd 7c 4s 2d", "Jh Jd 7c", "high pair and 1 kicker"),
    ("5h 5d 5c 4s 2d", "5h 5d 5c", "three of a kind"),
    ("Ah 8h 5h 3h Kc", "Ah 8h 5h 3h", "4 to a flush, 1 high card"),
    ("9h Tc Jd Qs 3c", "9h Tc Jd Qs", "4 to an outside straight, 2 high cards"),
    ("Ah Kc Qd Js 3c", "Ah Kc Qd Js", "4 to an inside straight, 4 high cards"),
    ("Ah 2c 3d 4s 9c", "Ah 2c 3d 4s", "4 to an inside straight, 1 high card"),
    ("9h Th Jh 5c 3d", "9h Th Jh", "3 to a straight flush, 0 gaps, 1 high card, 3 ways, no penalty"),
    ("Ah 2h 3h 9c 7d", "Ah 2h 3h", "3 to a straight flush, 0 gaps, 1 high card, 1 way, no penalty"),
    ("Qh Jh Th 5h 3d", "Qh Jh Th", "3 to a royal flush, QJT, flush penalty only"),
    ("Ah 8c 5d 4s 2d", "Ah", "A, straight penalty only"),
    ("Ah 8h 7d 6s 9d", "Ah", "A, flush penalty only"),
    ("8h 5c 4d 3s Td", "", "discard everything"),
    ("8h 5c 4d 3s Td", "Td 3s", "2 unrelated cards, 0 high cards"),
    ("8h 5c 4d 3s Td", "8h 5c", "2 to a straight, 2 gaps, 0 high cards"),
    ("8h 5c 4d 3s Td", "8h", "single low card"),
])
def test_named_examples_jacks_or_better(hand, held, text):
    assert text_of(JOB, hand, held) == text


@pytest.mark.parametrize("game, hand, held, text", [
    (DW, "2s Ks Qs Js 9d", "2s Ks Qs Js", "4 to a royal flush, 1 deuce, KQJ"),
    (DW, "2s 2d 7c 7s 9d", "2s 2d 7c 7s", "four of a kind, 2 deuces"),
    (DW, "2s 2d 7c 8s 9d", "2s 2d", "2 deuces alone"),
    (DW, "2s 6h 7h Jc 4d", "2s 6h 7h", "3 to a straight flush, 1 deuce, 0 gaps, 4 ways, 76"),
    (DW, "2s 3h 4d 5c 6s", "2s 3h 4d 5c 6s", "straight, 1 deuce"),
    (DW, "2s 2h 2d Jc Js", "2s 2h 2d Jc Js", "five of a kind, 3 deuces"),
    (DW, "3s 3h 9d Jc Ks", "3s 3h", "pair of threes, no deuces"),
    (DW, "Ks Qs 8d 5c 4h", "Ks Qs", "KQ suited, no deuces, no penalty"),
    (JP, "Jk Ks 9d 5c 4h", "Jk", "joker alone"),
    (JP, "Jk Ks 9d 5c 4h", "Jk Ks", "K, joker"),
    (JP, "Jk Qs 9d 5c 4h", "Jk Qs", "single low card, joker, Q"),
    (JP, "Ks Kd 9d 5c 4h", "Ks Kd", "pair of kings, no joker"),
    (JP, "Jk As Ks 5c 4h", "Jk As Ks", "3 to a royal flush, joker, AK"),
    (DDB, "As Ad Ac Ah 3d", "As Ad Ac Ah 3d", "four aces with 2-4"),
    (DDB, "As Ad Ac Ah 9d", "As Ad Ac Ah", "four aces"),
    (DDB, "As Ad Ac Ah 9d", "As Ad Ac Ah 9d", "four aces and a kicker"),
    (DDB, "5s 5d 5c Kh 9d", "5s 5d 5c", "three 5s-Ks"),
    (DDB, "3s 3d 3c Kh 9d", "3s 3d 3c Kh", "three 2s-4s and 1 kicker"),
])
def test_named_examples_wild_and_bonus_games(game, hand, held, text):
    assert text_of(game, hand, held) == text


# ---------------------------------------------------------------------------------------------------------------
# texts and lines


@pytest.mark.parametrize("game", GAMES)
def test_every_text_parses_back_to_its_own_id(game):
    vocab = vocabulary(get_game(game))
    assert [p.id for p in vocab.patterns] == list(range(len(vocab.patterns)))
    assert len({p.text for p in vocab.patterns}) == len(vocab.patterns)
    for p in vocab.patterns:
        assert vocab.matching(p.text) == {p.id}, p.text
        assert vocab.matching("  " + p.text.upper() + ". ") == {p.id}, p.text
        assert p.group in ("made", "wild", "pairs", "royal", "straight_flush", "flush", "straight", "high_cards",
                           "other", "nothing")


def test_vocabulary_sizes_stay_readable():
    sizes = {g: len(vocabulary(get_game(g)).patterns) for g in GAMES}
    assert all(150 <= n <= 450 for n in sizes.values()), sizes


def test_coarse_lines_name_the_finer_ids():
    vocab = vocabulary(get_game(JOB))
    assert vocab.matching("4 to a flush") == ids_where(JOB, lambda t: t.startswith("4 to a flush"))
    assert len(vocab.matching("4 to a flush")) == 4
    assert vocab.matching("high pair") == ids_where(JOB, lambda t: t in (
        "pair of jacks", "pair of queens", "pair of kings", "pair of aces"))
    assert vocab.matching("low pair") == ids_where(JOB, lambda t: t.startswith("pair of") and t not in (
        "pair of jacks", "pair of queens", "pair of kings", "pair of aces"))
    assert vocab.matching("3 to a royal flush") == ids_where(JOB, lambda t: t.startswith("3 to a royal flush"))
    assert len(vocab.matching("3 to a royal flush")) == 40
    assert vocab.matching("3 to a royal flush, KQJ") == ids_where(JOB, lambda t: t.startswith(
        "3 to a royal flush, KQJ"))
    assert vocab.matching("QJ suited, no flush penalty") == ids_where(JOB, lambda t: t in (
        "QJ suited, no penalty", "QJ suited, straight penalty only"))
    assert vocab.matching("QJ suited, flush penalty") == ids_where(JOB, lambda t: t in (
        "QJ suited, flush penalty only", "QJ suited, flush penalty, straight penalty"))
    assert vocab.matching("QJ suited, no penalty") == ids_where(JOB, lambda t: t == "QJ suited, no penalty")
    assert vocab.matching("tj suited") == vocab.matching("JT suited") == vocab.matching("10J suited")
    assert len(vocab.matching("JT suited")) == 4
    assert vocab.matching("three to a royal flush") == vocab.matching("3 to a royal flush")
    assert vocab.matching("4 to a royal") == vocab.matching("4 to a royal flush")
    assert vocab.matching("2 to a royal flush") == ids_where(JOB, lambda t: " suited," in t)
    outside = vocab.matching("4 to an outside straight with 0-2 high cards")
    assert outside == ids_where(JOB, lambda t: t in (
        "4 to an outside straight, 0 high cards", "4 to an outside straight, 1 high card",
        "4 to an outside straight, 2 high cards"))
    assert vocab.matching("4 to a straight") == ids_where(JOB, lambda t: t.startswith(("4 to an outside straight",
                                                                                          "4 to an inside straight")))
    assert vocab.matching("3 to a straight flush, 1 gap") == ids_where(
        JOB, lambda t: t.startswith("3 to a straight flush, 1 gap"))
    assert vocab.matching("3 to a straight flush, 0-1 gaps, 1 high card, no penalty") == ids_where(
        JOB, lambda t: t.startswith("3 to a straight flush, ") and ("0 gaps" in t or "1 gap" in t)
        and "1 high card" in t and t.endswith("no penalty"))
    assert vocab.matching("J") == ids_where(JOB, lambda t: t.startswith("J,"))
    assert vocab.matching("discard everything") == vocab.matching("garbage") == vocab.matching("draw five")


def test_coarse_lines_in_wild_and_bonus_games():
    dw = vocabulary(get_game(DW))
    assert dw.matching("4 to a royal flush") == ids_where(DW, lambda t: t.startswith("4 to a royal flush"))
    assert dw.matching("4 to a royal flush, 1 deuce") == ids_where(DW, lambda t: t.startswith(
        "4 to a royal flush, 1 deuce"))
    assert dw.matching("2 deuces") == ids_where(DW, lambda t: "2 deuces" in t)
    assert dw.matching("pair") == ids_where(DW, lambda t: t.startswith("pair of"))
    with pytest.raises(InputError, match="unknown pattern 'high pair'"):
        dw.matching("high pair")  # no pair pays in Deuces Wild
    with pytest.raises(InputError, match="names no hold of deuces-wild-full-pay"):
        dw.matching("4 to a royal flush, 3 deuces")
    jp = vocabulary(get_game(JP))
    assert jp.matching("high pair") == ids_where(JP, lambda t: t in ("pair of kings, no joker", "pair of aces, no joker"))
    assert jp.matching("joker") == ids_where(JP, lambda t: t == "joker alone" or ", joker" in t)
    ddb = vocabulary(get_game(DDB))
    assert ddb.matching("four of a kind") == ids_where(DDB, lambda t: t in ("four aces", "four 2s-4s", "four 5s-Ks"))
    assert ddb.matching("three of a kind") == ids_where(DDB, lambda t: t in ("three aces", "three 2s-4s",
                                                                              "three 5s-Ks"))


@pytest.mark.parametrize("line, message", [
    ("fourr to a flush", "unknown pattern 'fourr to a flush'; did you mean '4 to a flush'"),
    ("4 to a flush, purple", "unknown pattern"),
    ("QJ suited,", "unknown pattern"),
    ("pair of jacks, flush penalty", "names no hold"),
    ("", "empty"),
    ("x" * 201, "at most 200 characters"),
])
def test_unknown_lines_are_refused_with_a_suggestion(line, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        vocabulary(get_game(JOB)).matching(line)


def test_matching_refuses_non_text():
    with pytest.raises(InputError, match="a chart line is text"):
        vocabulary(get_game(JOB)).matching(3)


def test_hold_patterns_refuses_bad_deals():
    table = get_game(JOB)
    with pytest.raises(InputError, match=r"\(n, 5\)"):
        hold_patterns(table, np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(InputError, match="sorted rows"):
        hold_patterns(table, np.array([[5, 4, 3, 2, 1]]))
    with pytest.raises(InputError, match="52-card deck"):
        hold_patterns(table, np.array([[1, 2, 3, 4, 52]]))
    assert hold_patterns(table, np.empty((0, 5), dtype=np.int64)).shape == (0, 32)


# ---------------------------------------------------------------------------------------------------------------
# charts

PLAIN = """# a short chart for 9/6 Jacks or Better
1. royal flush
2) 4 to a royal flush
   high pair     # any paying pair

3 to a royal flush
4 to a flush
low pair
"""


def test_plain_chart_parses_and_round_trips():
    table = get_game(JOB)
    chart = parse_chart(PLAIN, table, "chart.txt")
    assert isinstance(chart, Chart) and chart.game_id == JOB
    assert [line.number for line in chart.lines] == [2, 3, 4, 6, 7, 8]
    assert [line.text for line in chart.lines] == ["royal flush", "4 to a royal flush", "high pair",
                                                   "3 to a royal flush", "4 to a flush", "low pair"]
    vocab = vocabulary(table)
    assert chart.lines[2].ids == vocab.matching("high pair")
    again = parse_chart(chart.to_text(), table)
    assert [(line.text, line.ids) for line in again.lines] == [(line.text, line.ids) for line in chart.lines]


def test_toml_chart_parses():
    table = get_game(JOB)
    chart = parse_chart('game = "jacks-or-better-9-6"\nlines = ["royal flush", "high pair", "QJ suited"]\n', table)
    assert [line.number for line in chart.lines] == [1, 2, 3]
    assert chart.lines[2].ids == vocabulary(table).matching("QJ suited")


@pytest.mark.parametrize("text, message", [
    ("royal flush\n4 to a royal\nfourr to a flush\n",
     "chart.txt line 3: unknown pattern 'fourr to a flush'; did you mean '4 to a flush'"),
    ("", "chart.txt has no lines"),
    ("# only a comment\n\n", "chart.txt has no lines"),
    ("royal flush\n" * (MAX_CHART_LINES + 1), f"has {MAX_CHART_LINES + 1:,} lines; a chart has at most"),
    ("lines = [\"royal flush\"\n", "chart.txt is not valid TOML"),
    ("lines = [\"royal flush\", 3]\n", "chart.txt line 2: a chart line is text"),
    ("lines = \"royal flush\"\n", "lines must be a list"),
    ("lines = []\n", "chart.txt has no lines"),
    ("lines = [\"royal flush\"]\ncolour = 1\n", "unknown key 'colour'"),
    ("game = \"deuces-wild-full-pay\"\nlines = [\"royal flush\"]\n", "is a chart for game 'deuces-wild-full-pay'"),
    ("3.\n", "chart.txt line 1: empty line"),
    ("royal\tflush\x07\n", "not printable"),
])
def test_chart_errors_name_the_line(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace("[", r"\[")):
        parse_chart(text, get_game(JOB), "chart.txt")


def test_chart_size_limit():
    with pytest.raises(InputError, match="larger than"):
        parse_chart("#" * (MAX_CHART_BYTES + 1), get_game(JOB))
    with pytest.raises(InputError, match="must be text"):
        parse_chart(b"royal flush", get_game(JOB))


def test_read_chart_file_guards(tmp_path):
    table = get_game(JOB)
    good = tmp_path / "chart.txt"
    good.write_text(PLAIN, encoding="utf-8")
    assert len(read_chart(good, table).lines) == 6
    assert len(read_chart(str(good), table).lines) == 6
    with pytest.raises(InputError, match="chart file not found"):
        read_chart(tmp_path / "missing.txt", table)
    with pytest.raises(InputError, match="is a directory"):
        read_chart(tmp_path, table)
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (MAX_CHART_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        read_chart(big, table)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("royal flush \xe9\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8 text: byte 0xe9"):
        read_chart(latin, table)
    with pytest.raises(InputError, match="a chart file is a path"):
        read_chart(7, table)
    with pytest.raises(InputError, match="chart.txt line 1: unknown pattern"):
        bad = tmp_path / "chart.txt"
        bad.write_text("royal flsuh\n", encoding="utf-8")
        read_chart(bad, table)


LINE_WORDS = ["royal", "flush", "4", "to", "a", "high", "pair", "QJ", "suited", "unsuited", "gap", "penalty", "no",
              "straight", "with", "0-2", "high cards", ",", "#", "1.", "lines", "=", "[", "]", '"', "\n", "deuce"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), st.lists(st.sampled_from(LINE_WORDS), max_size=25).map(" ".join)))
def test_any_text_parses_or_raises_input_error(text):
    table = get_game(JOB)
    try:
        chart = parse_chart(text, table)
    except InputError as err:
        assert "\n" not in str(err)
        return
    assert chart.lines
    assert all(line.ids for line in chart.lines)


# ---------------------------------------------------------------------------------------------------------------
# union lines ("A or B or ...")

@pytest.mark.parametrize("game", [JOB, DW, DDB, JP])
def test_no_pattern_text_says_or(game):
    # a union line is split at " or ": no single text may contain it
    assert not [p.text for p in vocabulary(get_game(game)).patterns if " or " in f" {p.text.lower()} "]


def test_union_lines_name_the_union_of_their_parts():
    vocab = vocabulary(get_game(JOB))
    parts = ["four of a kind", "straight flush", "royal flush"]
    assert vocab.matching(" or ".join(parts)) == frozenset().union(*(vocab.matching(p) for p in parts))
    assert vocab.matching("four of a kind or straight flush or royal flush") == ids_where(
        JOB, lambda t: t in ("four of a kind", "straight flush", "royal flush"))
    made = vocab.matching("three of a kind or straight or flush or full house")
    assert made == vocab.matching("three of a kind") | vocab.matching("straight") | vocab.matching(
        "flush") | vocab.matching("full house") and len(made) == 4
    # coarse parts, clauses and case
    assert vocab.matching("QJ suited, no flush penalty OR  4 to a flush") == (
        vocab.matching("QJ suited, no flush penalty") | vocab.matching("4 to a flush"))
    assert vocab.matching("high pair or high pair") == vocab.matching("high pair")
    # a line that is a line as a whole keeps its meaning (tried before splitting)
    assert vocab.matching("4 to an outside straight with 0-2 high cards") == vocab.matching(
        "4 to an outside straight, 0-2 high cards")


@pytest.mark.parametrize("line, message", [
    ("four of a kind or fourr to a flush", ("unknown pattern 'fourr to a flush'; did you mean '4 to a flush'"
                                            ".* \\(part 2 of 'four of a kind or fourr to a flush'\\)")),
    ("flush or", "part 2 of 'flush or' is empty"),
    ("or flush", "part 1 of 'or flush' is empty"),
    ("flush or  or straight", "unknown pattern 'or straight'"),
    ("pair of jacks, flush penalty or flush", "'pair of jacks, flush penalty' names no hold .*part 1"),
    ("fourr to a flush", "unknown pattern 'fourr to a flush'; did you mean"),  # one part: the old message
])
def test_union_line_errors_name_the_bad_part(line, message):
    with pytest.raises(InputError, match=message):
        vocabulary(get_game(JOB)).matching(line)


def test_union_chart_round_trips():
    table = get_game(JOB)
    text = ("four of a kind or straight flush or royal flush\n4 to a royal flush\n"
            "three of a kind or straight or flush or full house\nJT suited or QT suited or KT suited\n")
    chart = parse_chart(text, table, "chart.txt")
    vocab = vocabulary(table)
    assert chart.lines[3].ids == vocab.matching("JT suited") | vocab.matching("QT suited") | vocab.matching(
        "KT suited")
    again = parse_chart(chart.to_text(), table)
    assert [(ln.text, ln.ids) for ln in again.lines] == [(ln.text, ln.ids) for ln in chart.lines]
    with pytest.raises(InputError, match="chart.txt line 2: unknown pattern 'fulll house'.*part 2"):
        parse_chart("royal flush\nflush or fulll house\n", table, "chart.txt")
