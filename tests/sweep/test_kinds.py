"""The sweep kinds without Dask: every kind's rows equal the same items solved one by one through the game
faces' single-item calls, counts equal the items listed, definitions are canonical, and bad definitions are
refused in one line."""

from __future__ import annotations

import itertools
import json
import math
import sqlite3
from fractions import Fraction

import pytest

from holdwise import InputError
from holdwise.games import dice_poker as dp
from holdwise.games import farkle as fk
from holdwise.games import video_poker as vp
from holdwise.sweep.db import canonical
from holdwise.sweep.kind import get_kind
from holdwise.sweep.kinds import dice_poker, farkle_loadouts, video_poker
from holdwise.sweep.kinds._shared import number_text, parse_span, permuted

KINDS = (dice_poker, video_poker, farkle_loadouts)


def one_line_error(call, *args, match: str | None = None, **kwargs) -> str:
    """The InputError a call raises: one line (and matching `match`)."""
    with pytest.raises(InputError) as info:
        call(*args, **kwargs)
    text = str(info.value)
    assert text and "\n" not in text, text
    if match is not None:
        assert match in text, text
    return text


def png_written(path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 2000


# ---- every kind -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.NAME)
def test_the_registry_finds_each_kind_and_its_columns_make_a_table(kind):
    assert get_kind(kind.NAME) is kind
    names = [c.name for c in kind.COLUMNS]
    assert len(set(names)) == len(names)
    assert all(c.sql_type in ("REAL", "INTEGER", "TEXT") and c.doc for c in kind.COLUMNS)
    # plain identifiers SQLite takes unquoted, beside the results file's own key columns
    conn = sqlite3.connect(":memory:")
    columns = ", ".join(f"{c.name} {c.sql_type}" for c in kind.COLUMNS)
    conn.execute(f"CREATE TABLE t (sweep_id INTEGER, key TEXT, {columns})")
    conn.execute(f"SELECT {', '.join(names)} FROM t WHERE {names[-1]} IS NULL")


def test_column_names_spell_the_faces_names():
    assert dice_poker.CATEGORIES == tuple(dp.CATEGORIES)
    assert dict(zip(dp.CATEGORIES, dp.BUILTIN_TABLES["B"], strict=True)) == {
        c: Fraction(v) for c, v in zip(dice_poker.CATEGORIES, dice_poker.DEFAULT_PAYOUTS, strict=True)}
    assert (dice_poker.MIN_CHANCE_GAP_PP, dice_poker.MIN_RULE_GAP_PP) == (dp.MIN_CHANCE_GAP_PP, dp.MIN_RULE_GAP_PP)
    assert dice_poker.MAX_PAYOUT == dp.MAX_PAYOUT
    column = video_poker.column_of  # a renamed hand ("two_pairs") keeps its column ("two_pair"): old files stay
    assert sorted(video_poker.HANDS) == sorted(column(h) for h in vp.HAND_KINDS if h != "nothing")
    assert video_poker.FIRST_HANDS == tuple(column(h) for h in vp.HAND_KINDS
                                            if h not in ("nothing", *video_poker.LATER_HANDS))
    assert video_poker.COINS == vp.MAX_COINS
    assert (farkle_loadouts.SIX, farkle_loadouts.DEFAULT_TARGET) == (fk.DICE_PER_PLAYER, fk.DEFAULT_TARGET)


DEFINITIONS = [
    (dice_poker, dict(grid="five=5:7 four=3:4")),
    (dice_poker, dict(grid="five=5:20 pair=0:1:0.5", random=7, seed=3)),
    (video_poker, dict(game="jacks-or-better-9-6", vary=["full_house=6:9", "flush=5:6"])),
    (farkle_loadouts, dict(owned="ordinary*5,odd,lucky", opponent_dice="ordinary*6", target=500)),
]


@pytest.mark.parametrize("kind,options", DEFINITIONS, ids=lambda x: getattr(x, "NAME", ""))
def test_definitions_are_plain_canonical_json_and_counts_are_the_items(kind, options):
    d = kind.definition(**options)
    assert json.loads(json.dumps(d)) == d
    assert kind.definition(**options) == d
    pairs = list(kind.items(d))
    assert kind.count(d) == len(pairs) == len({key for key, _ in pairs})
    assert all(json.loads(json.dumps(item)) == item for _, item in pairs)
    assert list(kind.items(d)) == pairs  # a fixed order: a resumed sweep meets the same keys


# ---- dice poker -----------------------------------------------------------------------------------------------

def report_row(payouts, **game):
    return dp.report([Fraction(p) for p in payouts], **game)


def assert_rows_equal_reports(d, pairs, rows, **game):
    assert len(rows) == len(pairs)
    for (key, _), row in zip(pairs, rows, strict=True):
        assert set(row) == {c.name for c in dice_poker.COLUMNS}
        texts = key.split(",")
        assert [row[c] for c in dice_poker.CATEGORIES] == [float(Fraction(t)) for t in texts]
        r = report_row(texts, **game)
        assert row["return"] == pytest.approx(float(r.optimal), rel=1e-12)
        assert row["rule_return"] == pytest.approx(float(r.rule), rel=1e-12)
        assert row["none_return"] == pytest.approx(float(r.none), rel=1e-12)
        assert row["rule_gap"] == pytest.approx(float(r.gap_pp), rel=1e-9, abs=1e-9)
        assert row["chance_gap"] == pytest.approx(float(r.chance_gap_pp), rel=1e-9, abs=1e-9)
        assert row["deep"] == int(r.criterion_met)


def test_dice_poker_grid_rows_equal_depth_reports():
    d = dice_poker.definition(grid="five=5:7 four=3:4 full=2:4:2 straight=0:3:3")
    pairs = list(dice_poker.items(d))
    assert dice_poker.count(d) == len(pairs) == 3 * 2 * 2 * 2
    # other categories at table B's payouts; the last category named in the grid varies fastest
    assert [k for k, _ in pairs[:3]] == ["5,3,2,0,2,1,0.5", "5,3,2,3,2,1,0.5", "5,3,4,0,2,1,0.5"]
    rows = dice_poker.solve(d, [item for _, item in pairs])
    assert_rows_equal_reports(d, pairs, rows)
    assert {row["deep"] for row in rows} == {0, 1}  # both sides of the criterion are met here
    assert all(row["table_name"] is None for row in rows)


def test_dice_poker_table_b_key_and_its_published_returns():
    d = dice_poker.definition(grid="five=10")
    [(key, item)] = list(dice_poker.items(d))
    assert key == "10,6,4,3,2,1,0.5"
    [row] = dice_poker.solve(d, [item])
    # README: table B prints 3.3295 / 3.2233 / 1.1420 (optimum / rule / no re-roll); none is exactly 185/162
    assert round(row["return"], 4) == 3.3295 and round(row["rule_return"], 4) == 3.2233
    assert row["none_return"] == pytest.approx(185 / 162, rel=1e-12)
    assert row["return"] == pytest.approx(6291295 / 1889568, rel=1e-12)


def test_dice_poker_a_table_paying_nothing_has_no_gaps():
    d = dice_poker.definition(grid="five=0 four=0 full=0 straight=0 three=0 two=0 pair=0")
    [(key, item)] = list(dice_poker.items(d))
    [row] = dice_poker.solve(d, [item])
    report = dp.report([0] * 7)
    assert key == "0,0,0,0,0,0,0" and report.gap_pp is None and report.chance_gap_pp is None
    assert (row["return"], row["rule_gap"], row["chance_gap"], row["deep"]) == (0, None, None, 0)


def test_dice_poker_other_dice_and_loaded_dice_equal_their_reports():
    game = dict(dice=4, sides=8, rerolls=1)
    d = dice_poker.definition(grid="five=2:3 pair=1/3:1:1/3", **game)
    pairs = list(dice_poker.items(d))
    assert [k.split(",")[-1] for k, _ in pairs[:3]] == ["1/3", "2/3", "1"]
    assert_rows_equal_reports(d, pairs, dice_poker.solve(d, [i for _, i in pairs]), **game)
    # loaded dice: the batch kernel takes none, so the kind falls back to one depth report per table
    d = dice_poker.definition(grid="five=5:6 straight=2:3", weights="1,1,1,1,1,2")
    assert d["weights"] == [1, 1, 1, 1, 1, 2]
    pairs = list(dice_poker.items(d))
    assert_rows_equal_reports(d, pairs, dice_poker.solve(d, [i for _, i in pairs]), weights=[1, 1, 1, 1, 1, 2])


def test_dice_poker_random_draws_are_distinct_seeded_and_inside_the_grid():
    grid = "five=5:20 four=3:10 full_house=2:6"
    whole = {k for k, _ in dice_poker.items(dice_poker.definition(grid=grid))}
    d = dice_poker.definition(grid=grid, random=200, seed=7)
    keys = [k for k, _ in dice_poker.items(d)]
    assert dice_poker.count(d) == len(keys) == len(set(keys)) == 200
    assert set(keys) <= whole
    assert keys == [k for k, _ in dice_poker.items(dice_poker.definition(grid=grid, random=200, seed=7))]
    assert keys != [k for k, _ in dice_poker.items(dice_poker.definition(grid=grid, random=200, seed=8))]
    # drawing the whole grid is a permutation of it; the seed defaults to 0
    d = dice_poker.definition(grid=grid, random=len(whole))
    assert d["seed"] == 0
    assert sorted(k for k, _ in dice_poker.items(d)) == sorted(whole)
    pairs = list(dice_poker.items(dice_poker.definition(grid=grid, random=12, seed=1)))
    assert_rows_equal_reports(d, pairs, dice_poker.solve(d, [i for _, i in pairs]))


def _range_rows(d: dict, step: int) -> list[tuple]:
    """Every row of a sweep by `solve_range` in chunks of `step`."""
    n = dice_poker.count(d)
    return [row for lo in range(0, n, step) for row in dice_poker.solve_range(d, lo, min(n, lo + step))]


def _item_rows(d: dict) -> list[tuple]:
    """Every row of a sweep by `items` and `solve`, as (key, *values in COLUMNS order)."""
    pairs = list(dice_poker.items(d))
    rows = dice_poker.solve(d, [item for _, item in pairs])
    return [(key, *(row[c.name] for c in dice_poker.COLUMNS)) for (key, _), row in zip(pairs, rows, strict=True)]


@pytest.mark.parametrize("options", [
    dict(grid="five=5:7 four=3:4 full=2:4:2 straight=0:3:3"),
    dict(grid="five=5:20 four=3:10 full_house=2:6 pair=0:1/2:1/6", random=300, seed=11),
    dict(grid="five=0:1 four=0 full=0 straight=0 three=0 two=0 pair=0"),  # a table paying nothing: NULL gaps
    dict(grid="five=2:3 pair=1/3:1:1/3", dice=4, sides=8, rerolls=1),
    dict(grid="five=5:6 straight=2:3", weights="1,1,1,1,1,2"),
])
def test_dice_poker_ranges_made_on_a_worker_equal_the_items_solved(options):
    d = dice_poker.definition(**options)
    expected = _item_rows(d)
    assert _range_rows(d, 7) == expected == _range_rows(d, 10**6)
    assert dice_poker.solve_range(d, 3, 3) == []


def test_dice_poker_ranges_of_a_tables_file(tmp_path):
    path = tmp_path / "tables.toml"
    path.write_text('[tables]\nB = [10, 6, 4, 3, 2, 1, 0.5]\nJ = [12, 6, 4, 3, 2, 1, "1/3"]\n'
                    'again = ["10", 6, 4, 3, 2, 1, "1/2"]\nH = [6, 5, 5, 5, 0, 0, 0]\n')
    d = dice_poker.definition(tables_file=str(path))
    assert _range_rows(d, 2) == _item_rows(d)
    assert [row[-1] for row in _range_rows(d, 2)] == ["B, again", "J", "H"]


def test_dice_poker_only_keeps_the_tables_that_meet_the_target():
    grid = "five=5:40:5 four=3:20 full_house=2:8 straight=1:6"
    every = _item_rows(dice_poker.definition(grid=grid))
    names = ["key", *(c.name for c in dice_poker.COLUMNS)]
    at = {name: i for i, name in enumerate(names)}
    deep = [r for r in every if r[at["deep"]]]
    assert 0 < len(deep) < len(every)
    d = dice_poker.definition(grid=grid, only_deep=True)
    assert d["only"] == {"deep": True} and dice_poker.count(d) == len(every)
    assert _range_rows(d, 50) == deep
    d = dice_poker.definition(grid=grid, only_return="2.5:3.5", only_deep=True)
    assert d["only"] == {"return": ["2.5", "3.5"], "deep": True}
    kept = [r for r in deep if 2.5 <= r[at["return"]] <= 3.5]
    assert 0 < len(kept) < len(deep) and _range_rows(d, 50) == kept
    # every row: no "only" in the definition, so sweeps made before the option resume as they were
    assert "only" not in dice_poker.definition(grid=grid)


def test_permutation_is_a_bijection_for_awkward_sizes():
    import numpy as np

    for size in (1, 2, 3, 5, 17, 1000, 4097):
        out = permuted(np.arange(size, dtype=np.uint64), size, 42)
        assert sorted(out.tolist()) == list(range(size))


def test_a_grid_of_millions_is_counted_not_listed():
    d = dice_poker.definition(grid="five=1:1000 four=1:1000 full_house=1:1000")
    assert dice_poker.count(d) == 10**9
    pairs = dice_poker.items(d)
    first = [next(pairs) for _ in range(3)]
    assert [k for k, _ in first] == ["1,1,1,3,2,1,0.5", "1,1,2,3,2,1,0.5", "1,1,3,3,2,1,0.5"]
    d = dice_poker.definition(grid="five=1:1000 four=1:1000 full_house=1:1000", random=5, seed=2)
    assert len(list(dice_poker.items(d))) == 5


def test_dice_poker_tables_file(tmp_path):
    path = tmp_path / "tables.toml"
    path.write_text('[tables]\nB = [10, 6, 4, 3, 2, 1, 0.5]\nJ = [12, 6, 4, 3, 2, 1, "1/3"]\n'
                    'again = ["10", 6, 4, 3, 2, 1, "1/2"]\nH = [6, 5, 5, 5, 0, 0, 0]\n')
    d = dice_poker.definition(tables_file=str(path))
    pairs = list(dice_poker.items(d))
    assert [k for k, _ in pairs] == ["10,6,4,3,2,1,0.5", "12,6,4,3,2,1,1/3", "6,5,5,5,0,0,0"]
    rows = dice_poker.solve(d, [i for _, i in pairs])
    assert [r["table_name"] for r in rows] == ["B, again", "J", "H"]
    assert_rows_equal_reports(d, pairs, rows)
    path.unlink()  # the definition holds the tables: the sweep no longer needs the file
    assert [k for k, _ in dice_poker.items(d)] == [k for k, _ in pairs]


@pytest.mark.parametrize("options,match", [
    (dict(grid="five"), "not name=lo:hi"),
    (dict(grid="five=a:b"), "must be a number"),
    (dict(grid="five=7:5"), "empty range"),
    (dict(grid="five=5:10:0"), "step must be above 0"),
    (dict(grid="five=5:10:1:2"), "lo:hi[:step]"),
    (dict(grid="six=1:2"), "unknown category"),
    (dict(grid="five=1 five_of_a_kind=2"), "given twice"),
    (dict(grid="five=1 five=2"), "given twice"),
    (dict(grid="five=-1:2"), "must be a number"),
    (dict(grid="five=1:1e13"), "must be a number"),
    (dict(grid="five=1:2000000000000"), "above the largest"),
    (dict(grid="five=0:1:0.000001"), "at most 100,000"),
    (dict(grid=""), "at least one category"),
    (dict(), "give --grid"),
    (dict(random=5), "give --grid"),
    (dict(grid="five=5:6", seed=3), "with --random"),
    (dict(grid="five=5:6", random=3), "more than the grid's 2"),
    (dict(grid="five=5:6", random=0), "--random must be a whole number at least 1, got 0"),
    (dict(grid="five=5:6", random=1, seed=-1), "--seed"),
    (dict(grid="five=5:6", tables_file="x.toml"), "without --grid"),
    (dict(tables_file="/nonexistent/tables.toml"), "not found"),
    (dict(grid="five=5:6", dice=11), "dice"),
    (dict(grid="five=5:6", sides=1), "faces"),
    (dict(grid="five=5:6", rerolls=7), "re-rolls"),
    (dict(grid="five=5:6", dice=10, sides=17), "too large"),
    (dict(grid="five=5:6", weights="1,1,x"), "--weights"),
    (dict(grid="five=5:6", weights="1,1,1"), "weights"),
    (dict(grid="five=5:6", only_return="0.9"), "LO:HI"),
    (dict(grid="five=5:6", only_return="0.96:0.94"), "above HI"),
    (dict(grid="five=5:6", only_return="a:1"), "must be a number"),
])
def test_dice_poker_bad_definitions(options, match):
    one_line_error(dice_poker.definition, match=match, **options)


def test_dice_poker_plot(tmp_path):
    d = dice_poker.definition(grid="five=5:20 four=3:10 straight=0:4")
    rows = dice_poker.solve(d, [i for _, i in dice_poker.items(d)])
    assert {r["deep"] for r in rows} == {0, 1}
    dice_poker.plot(rows, d, tmp_path / "depth.png")
    assert png_written(tmp_path / "depth.png")
    dice_poker.plot(rows, d, str(tmp_path / "depth.svg"))
    assert (tmp_path / "depth.svg").read_text().lstrip().startswith("<?xml")
    one_line_error(dice_poker.plot, rows, d, tmp_path / "depth.pdf", match=".png or .svg")
    one_line_error(dice_poker.plot, rows, d, tmp_path / "missing" / "depth.png", match="cannot write")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["depth.png", "depth.svg"]  # no half-written file left


def test_numbers_and_ranges():
    assert [number_text(Fraction(x)) for x in ("10", "1/2", "1/3", "1/20", "25/2", "0")] == \
        ["10", "0.5", "1/3", "0.05", "12.5", "0"]
    span = parse_span("5:20:2", "x")
    assert (span.hi, span.size) == (19, 8)  # the top is the last value reached
    assert parse_span("5:20:2", "x") == parse_span("5:19:2", "x")
    assert parse_span("3", "x").size == 1


# ---- video poker ----------------------------------------------------------------------------------------------

# Published returns with optimal play at 5 coins (Wizard of Odds, in percent); 9/6 and 8/5 to four decimals as
# the repository's own tests and README give them
PUBLISHED = {"full_house=9,flush=6": (99.5439, 4), "full_house=9,flush=5": (98.45, 2),
             "full_house=8,flush=6": (98.39, 2), "full_house=8,flush=5": (97.2984, 4),
             "full_house=7,flush=5": (96.15, 2), "full_house=6,flush=5": (95.00, 2)}


@pytest.fixture(scope="module")
def jacks():
    d = video_poker.definition("jacks-or-better-9-6", ["full_house=6:9", "flush=5:6"])
    pairs = list(video_poker.items(d))
    return d, pairs, video_poker.solve(d, [i for _, i in pairs])


# the columns of results files written before the extra-ace deck's hands: a file's table must stay a prefix of
# the columns written now, so that it gains the new ones (db._ensure_table) and its sweeps stay readable
COLUMNS_BEFORE_FIVE_ACES = [
    "return", "return_1", "return_2", "return_3", "return_4", "return_exact", "game", "royal_flush", "four_deuces",
    "wild_royal_flush", "five_of_a_kind", "straight_flush", "four_aces_with_2_3_4", "four_2s_4s_with_a_2_3_4",
    "four_aces", "four_2s_4s", "four_5s_ks", "four_of_a_kind", "full_house", "flush", "straight",
    "three_of_a_kind", "two_pair", "jacks_or_better", "kings_or_better", "royal_flush_5_coins",
]
# a definition as the sweeps before the extra-ace deck wrote it (the key that finds a sweep in a results file)
JACKS_DEFINITION = (
    '{"game":{"deck":52,"id":"jacks-or-better-9-6","name":"Jacks or Better, full pay (9/6)","pays":['
    '["royal_flush","800"],["straight_flush","50"],["four_of_a_kind","25"],["full_house","9"],["flush","6"],'
    '["straight","4"],["three_of_a_kind","3"],["two_pair","2"],["jacks_or_better","1"]],"royal_below_max":"250",'
    '"wild":"none"},"vary":[["full_house","8","9","1"]]}')


def test_video_poker_columns_and_definitions_of_older_files_stay():
    assert [c.name for c in video_poker.COLUMNS] == [*COLUMNS_BEFORE_FIVE_ACES, "five_aces", "aces_or_better"]
    assert canonical(video_poker.definition("jacks-or-better-9-6", "full_house=8:9")) == JACKS_DEFINITION
    joker = video_poker.definition("joker-poker-kings", "full_house=7")
    assert "extra_card" not in joker["game"] and video_poker.variant(joker, {"pays": ["7"]}).extra_card == "joker"


@pytest.mark.slow
def test_video_poker_classic_jacks_tables_fall_out_with_published_returns(jacks):
    d, pairs, rows = jacks
    assert d["vary"] == [["full_house", "6", "9", "1"], ["flush", "5", "6", "1"]]
    by_key = {key: row for (key, _), row in zip(pairs, rows, strict=True)}
    assert video_poker.count(d) == len(by_key) == 8 and set(PUBLISHED) <= set(by_key)
    for key, (percent, places) in PUBLISHED.items():
        assert round(100 * by_key[key]["return"], places) == percent, key
    # independent of the sweep's tables: the shipped 8/5 game solved as itself
    assert by_key["full_house=8,flush=5"]["return_exact"] == \
        vp.game_return("jacks-or-better-8-5", 5, exact=True).return_exact
    row = by_key["full_house=9,flush=6"]
    assert (row["full_house"], row["flush"], row["royal_flush"], row["royal_flush_5_coins"]) == (9, 6, 250, 800)
    assert row["kings_or_better"] is None and row["game"] == "jacks-or-better-9-6"
    assert round(row["return_1"], 4) == 0.9837  # README / tests: 1-4 coins, royal 250
    assert row["return_1"] == row["return_2"] == row["return_3"] == row["return_4"]


@pytest.mark.slow
def test_video_poker_rows_equal_game_return_of_each_variant(jacks):
    d, pairs, rows = jacks
    for (key, item), row in list(zip(pairs, rows, strict=True))[::3]:
        table = video_poker.variant(d, item)
        pays = dict(zip(table.hands, table.pays, strict=True))
        assert f"full_house={pays['full_house']},flush={pays['flush']}" == key
        five = vp.game_return(table, 5, exact=True)
        assert row["return"] == five.return_value and row["return_exact"] == five.return_exact
        assert Fraction(row["return_exact"]) == Fraction(five.return_exact)
        for coins in (1, 3):
            assert row[f"return_{coins}"] == vp.game_return(table, coins).return_value


def test_video_poker_royal_varies_below_five_coins_and_files_are_held(tmp_path):
    path = tmp_path / "games.toml"
    path.write_text('[mini]\nname = "Mini"\ndeck = 52\nwild = "none"\nroyal_below_max = 250\npays = [\n'
                    '  { hand = "royal_flush", pay = 800 }, { hand = "four_of_a_kind", pay = 25 },\n'
                    '  { hand = "full_house", pay = 9 }, { hand = "flush", pay = 6 },\n'
                    '  { hand = "jacks_or_better", pay = 1 },\n]\n')
    d = video_poker.definition("mini", ["royal_flush=250:500:250", "flush=5/2"], paytable_file=str(path))
    path.unlink()  # the definition holds the game
    pairs = list(video_poker.items(d))
    assert [k for k, _ in pairs] == ["royal_flush=250,flush=2.5", "royal_flush=500,flush=2.5"]
    rows = video_poker.solve(d, [i for _, i in pairs])
    assert [r["royal_flush"] for r in rows] == [250, 500]
    assert [r["royal_flush_5_coins"] for r in rows] == [800, 800]
    assert rows[0]["flush"] == 2.5 and rows[0]["straight"] is None
    assert rows[0]["return"] == rows[1]["return"]  # the 5-coin royal stays
    assert rows[1]["return_1"] > rows[0]["return_1"]
    for (_, item), row in zip(pairs, rows, strict=True):
        assert row["return_1"] == vp.game_return(video_poker.variant(d, item), 1).return_value


@pytest.mark.parametrize("args,match", [
    (("no-such-game", ["flush=5:6"]), "unknown game"),
    (("jacks-or-better-9-6", ["kings_or_better=1:2"]), "does not pay"),
    (("jacks-or-better-9-6", ["fulll_house=1:2"]), "unknown hand"),
    (("jacks-or-better-9-6", ["flush=6:5"]), "empty range"),
    (("jacks-or-better-9-6", ["flush"]), "not name=lo:hi"),
    (("jacks-or-better-9-6", ["flush=x"]), "must be a number"),
    (("jacks-or-better-9-6", []), "at least one"),
    (("jacks-or-better-9-6", ["flush=5", "flush=6"]), "given twice"),
    (("jacks-or-better-9-6", ["flush=1:391989"]), "above the largest"),
    (("jacks-or-better-9-6", ["flush=1/7", "full_house=1/11", "two_pair=1/13:5/13", "straight=1/17"]),
     "exact comparison"),
])
def test_video_poker_bad_definitions(args, match):
    one_line_error(video_poker.definition, *args, match=match)


def test_video_poker_bad_pay_table_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[x]\ndeck = 51\n")
    one_line_error(video_poker.definition, "x", ["flush=5:6"], paytable_file=str(path), match="deck")


@pytest.mark.slow
def test_video_poker_plots(tmp_path, jacks):
    d, _, rows = jacks
    video_poker.plot(rows, d, tmp_path / "lines.png")
    assert png_written(tmp_path / "lines.png")
    one = video_poker.definition("jacks-or-better-9-6", ["flush=5:6"])
    video_poker.plot([r for r in rows if r["full_house"] == 9], one, tmp_path / "one.png")
    assert png_written(tmp_path / "one.png")
    # a second pay of many values: a heat map (rows made up: the plot reads only the columns)
    many = video_poker.definition("jacks-or-better-9-6", ["full_house=5:9", "flush=1:12"])
    fake = [{"full_house": fh, "flush": fl, "straight": st, "return": 0.9 + fh / 100 + fl / 200 + st / 1000}
            for fh in range(5, 10) for fl in range(1, 13) for st in (3, 4)]
    three = video_poker.definition("jacks-or-better-9-6", ["full_house=5:9", "flush=1:12", "straight=3:4"])
    video_poker.plot([r for r in fake if r["straight"] == 4], many, tmp_path / "heat.png")
    video_poker.plot(fake, three, tmp_path / "three.svg")
    assert png_written(tmp_path / "heat.png") and (tmp_path / "three.svg").stat().st_size > 2000


# ---- farkle loadouts ------------------------------------------------------------------------------------------

def test_all_named_dice_give_2324784_loadouts():
    d = farkle_loadouts.definition(dice="all-named")
    kinds = [t for t, _ in d["pool"]]
    # one die of each group of re-skins: the 32 distinct dice of Kingdom Come II
    assert len(kinds) == len(set(fk.DICE_GROUPS.values())) == 32
    assert {fk.parse_loadout(f"{k}*6")[0].weights for k in kinds} == {die.weights for die in fk.NAMED_DICE.values()}
    # multisets of six from 32 kinds: C(32 + 6 - 1, 6)
    assert farkle_loadouts.count(d) == math.comb(32 + 5, 6) == 2_324_784
    keys = [k for k, _ in itertools.islice(farkle_loadouts.items(d), 60_000)]
    assert len(keys) == len(set(keys)) == 60_000
    assert keys[0] == "ordinary*6"
    assert len({tuple(sorted(d.name for d in fk.parse_loadout(k))) for k in keys[::997]}) == len(keys[::997])


def test_owned_counts_match_the_loadout_search_when_no_two_dice_weigh_alike():
    for owned in ("ordinary*5,odd,lucky", "ordinary*4,weighted,lucky,odd,kings", "odd*2,lucky*7,pie",
                  "custom:1,1,1,1,1,2*2,ordinary*5,devils-head"):
        d = farkle_loadouts.definition(owned=owned)
        assert farkle_loadouts.count(d) == len(list(farkle_loadouts.items(d))) == \
            fk.count_choices(fk.parse_dice(owned)), owned
    # alike dice are told apart by name here (the loadout search folds them into one choice)
    d = farkle_loadouts.definition(owned="ci,lu,fer,ordinary*4")
    assert farkle_loadouts.count(d) == 4 > fk.count_choices(fk.parse_dice("ci,lu,fer,ordinary*4")) == 2
    # the same dice in another order are the same sweep
    assert farkle_loadouts.definition(owned="lucky,ordinary*5,odd") == \
        farkle_loadouts.definition(owned="ordinary*4,odd,ordinary,lucky")


def test_loadout_rows_equal_turn_reports_and_matches():
    d = farkle_loadouts.definition(owned="ordinary*6,odd,lucky,custom:1,1,1,1,1,2", opponent_dice="ordinary*6",
                                   target=500)
    pairs = list(farkle_loadouts.items(d))
    assert farkle_loadouts.count(d) == len(pairs) == 8
    rows = farkle_loadouts.solve(d, [i for _, i in pairs])
    other = fk.parse_loadout("ordinary*6")
    for (key, item), row in zip(pairs, rows, strict=True):
        assert set(row) == {c.name for c in farkle_loadouts.COLUMNS}
        dice = fk.parse_loadout(key)
        assert sorted(x.name for x in dice) == sorted(x.name for x in farkle_loadouts.loadout(item))
        report = fk.turn_report(dice)
        assert row["dice"] == key and row["note"] is None
        assert row["expected_points"] == report.expected_points
        assert [row[f"bust_{n}"] for n in range(1, 7)] == [report.bust_chance[str(n)] for n in range(1, 7)]
        match = fk.solve_match(dice, other, 500)
        assert row["win_first"] == pytest.approx(match.first_player_win, abs=1e-11)
        assert row["win_second"] == pytest.approx(match.win_moving_second, abs=1e-11)
        assert row["win_average"] == (row["win_first"] + row["win_second"]) / 2
    # six ordinary dice: 594.96 points a turn (README); against the same dice, who starts is a coin toss, so
    # the average is even (the first mover's edge is the second mover's loss)
    assert round(rows[0]["expected_points"], 2) == 594.96 and pairs[0][0] == "ordinary*6"
    assert rows[0]["win_first"] > 0.5 > rows[0]["win_second"]
    assert rows[0]["win_average"] == pytest.approx(0.5, abs=1e-12)


def test_loadout_rows_rank_as_the_loadout_search_does():
    """The rows' win chances are best_loadouts' figures for the same loadouts, and ranked by the average they
    come in its order (every choice of this pool: no two dice weigh alike)."""
    owned = "ordinary*5,odd,lucky,weighted"
    d = farkle_loadouts.definition(owned=owned, opponent_dice="ordinary*6", target=500)
    assert farkle_loadouts.rank(d) == "win_average"
    assert farkle_loadouts.rank(farkle_loadouts.definition(owned=owned)) is None
    pairs = list(farkle_loadouts.items(d))
    rows = farkle_loadouts.solve(d, [i for _, i in pairs])
    ranking = fk.best_loadouts(fk.parse_dice(owned), top=len(pairs), workers=1,
                               opponent_dice=fk.parse_loadout("ordinary*6"), target=500)
    assert ranking.ranked_by == "win_average" and len(ranking.loadouts) == len(pairs) == 7
    want = {tuple(sorted(r.dice)): r for r in ranking.loadouts}
    for (key, _), row in zip(pairs, rows, strict=True):
        other = want[tuple(sorted(x.name for x in fk.parse_loadout(key)))]
        # the same solve, with the dice in another order: equal to rounding, far inside its 1e-12 tolerance
        assert (row["win_first"], row["win_second"], row["win_average"]) == pytest.approx(
            (other.win_first, other.win_second, other.win_average), abs=1e-14), key
        assert row["expected_points"] == pytest.approx(other.expected_points, rel=1e-12)
    ranked = sorted(zip(pairs, rows, strict=True), key=lambda pr: -pr[1]["win_average"])
    assert [sorted(x.name for x in fk.parse_loadout(k)) for (k, _), _ in ranked] == \
        [sorted(r.dice) for r in ranking.loadouts]


def test_unbounded_or_refused_loadouts_get_a_note_not_a_failed_chunk():
    d = farkle_loadouts.definition(dice="all-named", opponent_dice="ordinary*6", target=300)
    rows = farkle_loadouts.solve(d, [{"dice": "ordinary*6"}, {"dice": "custom:0,0,1,0,0,0*6"},
                                     {"dice": "custom:1000000,1,1,1,1,1*6"}, {"dice": "lucky*6"}])
    ok, unbounded, refused, lucky = rows
    assert ok["note"] is None and lucky["note"] is None and lucky["win_first"] is not None
    assert unbounded["note"].startswith("unbounded turn") and unbounded["expected_points"] is None
    assert refused["note"].startswith("refused") and refused["expected_points"] is None
    assert all(r[c] is None for r in (unbounded, refused)
               for c in ("bust_1", "bust_6", "win_first", "win_second", "win_average"))
    no_vs = farkle_loadouts.solve(farkle_loadouts.definition(dice="all-named"), [{"dice": "lucky*6"}])[0]
    assert no_vs["win_first"] is None and no_vs["win_average"] is None
    assert no_vs["expected_points"] == lucky["expected_points"]


@pytest.mark.parametrize("options,match", [
    (dict(), "give --dice all-named or --owned"),
    (dict(dice="all-named", owned="ordinary*6"), "not both"),
    (dict(dice="everything"), "all-named"),
    (dict(owned="ordinary*5,dragon"), "unknown die"),
    (dict(owned="ordinary*5"), "at least 6"),
    (dict(owned="ordinary*6", target=1000), "target is the match's target: give it with --opponent-dice"),
    (dict(owned="ordinary*6", opponent_dice="ordinary*5"), "opponent_dice needs 6"),
    (dict(owned="ordinary*6", opponent_dice="ordinary*5,dragon"), "unknown die"),
    (dict(owned="ordinary*6", opponent_dice="ordinary*6", target=1025), "target must be a positive multiple of 50"),
    (dict(owned="ordinary*6", opponent_dice="custom:0,0,1,0,0,0*6"), "never bust"),
    (dict(owned="ordinary*6", opponent_dice="ordinary,lucky,odd,kings,misfortune,heavenly-kingdom", target=20000),
     "largest accepted"),
])
def test_farkle_bad_definitions(options, match):
    one_line_error(farkle_loadouts.definition, match=match, **options)


def test_a_sweep_beyond_the_match_guard_is_refused_naming_a_wide_six_and_its_largest_target():
    other = fk.parse_loadout("ordinary*6")
    # all named dice: about the costliest match is six unlike dice (most kinds in a turn's table), the joker
    # die among them
    d = farkle_loadouts.definition(dice="all-named")
    widest = farkle_loadouts._widest(d["pool"])
    assert len({(x.weights, x.joker_faces) for x in widest}) == 6 and "devils-head" in [x.name for x in widest]
    assert all(0 not in x.weights for x in widest)
    assert fk.match_cost(widest, other, 4000)[0] > fk.match_cost(fk.parse_loadout("ordinary*5,lucky"), other,
                                                                  4000)[0]
    largest = fk.largest_target(widest, other)
    assert fk.DEFAULT_TARGET <= largest < 20000  # every pair of named loadouts to 4,000; not to the largest target
    text = one_line_error(farkle_loadouts.definition, dice="all-named", opponent_dice="ordinary*6", target=20000,
                          match=f"the largest accepted target for these dice here is {largest:,}")
    assert text.startswith("target 20,000: ") and f"(a six of the most unlike dice: {fk.dice_text(widest)})" in text
    assert farkle_loadouts.definition(dice="all-named", opponent_dice="ordinary*6", target=largest)["target"] == \
        largest
    one_line_error(farkle_loadouts.definition, dice="all-named", opponent_dice="ordinary*6", target=largest + 50,
                   match="largest accepted target")
    # a pool of ordinary dice and one lucky die: its costliest six is five ordinary and the lucky one
    assert sorted(x.name for x in farkle_loadouts._widest(
        farkle_loadouts.definition(owned="ordinary*6,lucky")["pool"])) == ["lucky"] + ["ordinary"] * 5


def test_farkle_plots(tmp_path):
    d = farkle_loadouts.definition(owned="ordinary*5,odd,lucky,weighted", opponent_dice="ordinary*6", target=300)
    rows = farkle_loadouts.solve(d, [i for _, i in farkle_loadouts.items(d)])
    farkle_loadouts.plot(rows, d, tmp_path / "wins.png")
    no_vs = farkle_loadouts.definition(owned="ordinary*5,odd,lucky,weighted")
    farkle_loadouts.plot(rows + [{"dice": "x", "expected_points": None, "note": "unbounded turn"}], no_vs,
                         tmp_path / "bust.png")
    assert png_written(tmp_path / "wins.png") and png_written(tmp_path / "bust.png")
