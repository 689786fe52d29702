"""Dice poker: the figures of reference/figures.md (seed 000), categories, tables, batches."""

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from holdwise.games.dice_poker import (
    ALL_CATEGORIES,
    BUILTIN_TABLES,
    batch_returns,
    categories,
    hand_categories,
    load_tables,
    make_game,
    parse_payouts,
    report,
)
from holdwise.solver.dice import Dice
from holdwise.solver.reroll import Game, solve
from tests.games.dice_poker.asking import ask

TABLE_B = [10, 6, 4, 3, 2, 1, 0.5]


def _category_by_hand(roll):
    """Plain-rules category of five ordered dice, written apart from the vectorized one."""
    shape = sorted(Counter(roll).values(), reverse=True)
    distinct = sorted(set(roll))
    if shape == [5]:
        return "five_of_a_kind"
    if shape == [4, 1]:
        return "four_of_a_kind"
    if shape == [3, 2]:
        return "full_house"
    if distinct in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        return "straight"
    if shape == [3, 1, 1]:
        return "three_of_a_kind"
    if shape == [2, 2, 1]:
        return "two_pairs"
    if shape == [2, 1, 1, 1]:
        return "pair"
    return "nothing"


def test_first_roll_outcomes_match_hand_count_and_enumeration():
    by_hand = Counter(_category_by_hand(roll) for roll in product(range(1, 7), repeat=5))
    published = {"five_of_a_kind": 6, "four_of_a_kind": 150, "full_house": 300, "straight": 240,
                 "three_of_a_kind": 1200, "two_pairs": 1800, "pair": 3600, "nothing": 480}
    assert dict(by_hand) == published
    rep = report(TABLE_B, name="B")
    assert rep.first_roll_outcomes == published
    assert rep.outcomes == 7776


def test_vectorized_categories_match_plain_rules_on_every_hand():
    dice = Dice(5, 6)
    cats = hand_categories(5, 6)
    for faces, c in zip(dice.hand_faces, cats):
        assert ALL_CATEGORIES[c] == _category_by_hand(faces)


def test_table_b_returns_match_seed_000():
    rep = report(TABLE_B, name="B")
    # the seed prints four digits, rounded (3.3295) or cut (1.1419...): both lie within 1e-4
    assert abs(rep.optimal - 3.3295) < 1e-4 and abs(rep.rule - 3.2233) < 1e-4 and abs(rep.none - 1.1419) < 1e-4
    assert int(rep.none * 10**4) == 11419 and round(rep.optimal, 4) == 3.3295 and round(rep.rule, 4) == 3.2233
    assert rep.random == pytest.approx(rep.none, abs=1e-13)
    assert round(100 * rep.rule_share, 1) == 96.8
    assert round(rep.gap_pp, 1) == 3.2
    assert not rep.criterion_met
    lower = report(TABLE_B, name="B", tie="lower")
    assert lower.rule == pytest.approx(rep.rule, abs=1e-12)  # table B is symmetric under 1<->6, 2<->5, 3<->4


def test_table_b_exact_return():
    rep = report(TABLE_B, name="B", exact=True)
    assert rep.optimal == Fraction(6291295, 1889568)
    assert rep.none == Fraction(1110, 972)
    assert rep.random == rep.none
    assert abs(float(rep.rule) - report(TABLE_B).rule) < 1e-13


@pytest.mark.parametrize("rerolls,expected", [(2, Fraction(347897, 7558272)), (1, None)])
def test_five_of_a_kind_chance(rerolls, expected):
    table = [1, 0, 0, 0, 0, 0, 0]
    optimal = solve(make_game(table, rerolls=rerolls), "optimal", exact=True).expected
    higher = solve(make_game(table, rerolls=rerolls), "rule-higher", exact=True).expected
    lower = solve(make_game(table, rerolls=rerolls), "rule-lower", exact=True).expected
    assert optimal == higher == lower
    if expected is not None:
        assert optimal == expected
        assert round(float(optimal), 7) == 0.0460286
        assert round(float(optimal), 6) == 0.046029  # the probability course's figure
    else:
        assert round(float(optimal), 7) == 0.0126315


def test_five_of_a_kind_one_reroll_closed_form():
    """Keep the largest group, re-roll the rest once: sum over first-roll shapes of P(shape) P(fill)."""
    # first-roll counts by largest group: 5: 6, 4: 150, 3: 1500 (three + full house), 2: 5400, 1: 720
    fill = {5: 1, 4: Fraction(1, 6), 3: Fraction(1, 36), 2: Fraction(1, 216), 1: Fraction(1, 1296)}
    counts = {5: 6, 4: 150, 3: 1500, 2: 5400, 1: 720}
    closed = sum(Fraction(counts[g], 7776) * fill[g] for g in counts)
    got = solve(make_game([1, 0, 0, 0, 0, 0, 0], rerolls=1), exact=True).expected
    assert got == closed


def test_table_b_diff_and_the_seeds_38_hands():
    """Exactly, the rule's first keep is worse in 6 hands (9.3% of rolls); seed 000's 38 hands and
    21.6% add the 32 of the 60 two-pair hands where floats broke an exact tie (either pair)."""
    rep = report(TABLE_B, name="B", exact=True)
    assert rep.diff.hands == 6
    assert rep.diff.share_of_rolls == Fraction(720, 7776)
    assert {r.hand for r in rep.diff.rows} == {(1, 2, 3, 4, 5), (1, 2, 3, 4, 6), (1, 2, 3, 5, 6),
                                               (1, 2, 4, 5, 6), (1, 3, 4, 5, 6), (2, 3, 4, 5, 6)}
    straight = next(r for r in rep.diff.rows if r.hand == (2, 3, 4, 5, 6))
    assert straight.optimal_keep == (2, 3, 4, 5, 6) and straight.rule_keep == (6,)
    assert rep.diff.ties == 60
    game = make_game(TABLE_B)
    cats = hand_categories(5, 6)
    two_pair_hands = [h for h, c in zip(game.dice.hand_faces, cats) if ALL_CATEGORIES[c] == "two_pairs"]
    assert len(two_pair_hands) == 60
    for hand in two_pair_hands:
        ranked = ask(hand, 2, TABLE_B, exact=True)
        best = [tuple(o.extras["keep"]) for o in ranked.options if o.loss_exact == "0/1"]
        assert all(o.loss == 0 for o in ranked.options if o.loss_exact == "0/1")
        pairs = sorted(tuple([v, v]) for v in set(hand) if hand.count(v) == 2)
        assert sorted(best) == pairs
    # 38 hands = 6 + 32 tied two-pair hands; 21.6% of rolls = 720 + 32 * 30 out of 7776
    assert round(100 * (720 + 32 * 30) / 7776, 1) == 21.6
    assert 6 + 32 == 38


def test_table_b_final_combinations_match_seed_000():
    rep = report(TABLE_B, name="B")
    rule, optimal = rep.frequencies["rule"], rep.frequencies["optimal"]
    assert round(100 * rule["five_of_a_kind"], 2) == 4.60
    assert round(100 * optimal["five_of_a_kind"], 2) == 4.21
    assert round(100 * rule["full_house"], 1) == 9.9
    assert round(100 * optimal["full_house"], 1) == 22.6
    assert round(100 * rule["straight"], 2) == 0.02
    assert round(100 * optimal["straight"], 1) == 3.3
    for freq in rep.frequencies.values():
        assert sum(freq.values()) == pytest.approx(1, abs=1e-12)


def test_table_i_rule_share_matches_seed_000():
    rep = report(BUILTIN_TABLES["I"], name="I")
    assert round(100 * rep.rule_share, 1) == 97.6
    assert round(rep.gap_pp, 1) == 2.4


def test_exact_frequencies_sum_to_one():
    rep = report(TABLE_B, exact=True)
    for freq in rep.frequencies.values():
        assert sum(freq.values()) == 1


def test_criterion_limits_are_adjustable():
    assert report(TABLE_B, min_chance_gap_pp=25, min_rule_gap_pp=3).criterion_met
    assert not report(TABLE_B, min_chance_gap_pp=70, min_rule_gap_pp=3).criterion_met


def test_straight_heavy_table_is_deep():
    """A table paying a straight like four of a kind and a full house (seed 000's shape of table H)."""
    rep = report([6, 5, 5, 5, 0, 0, 0])
    assert rep.criterion_met and rep.gap_pp > 5


def test_all_zero_table_has_no_shares():
    rep = report([0] * 7)
    assert rep.optimal == 0 and rep.rule_share is None and not rep.criterion_met
    assert rep.to_json()["rule_share"] is None


def test_report_json_keys_and_exact_strings():
    data = report(TABLE_B, name="B", exact=True).to_json()
    for key in ("rules", "optimal", "rule", "none", "random", "rule_share", "none_share", "gap_pp",
                "criterion_met", "diff", "chances"):
        assert key in data
    assert data["optimal_exact"] == "6291295/1889568"
    assert data["optimal"] == 6291295 / 1889568
    assert set(data["diff"]) >= {"hands", "chance", "rows"}
    assert set(data["chances"]) == {"optimal", "rule", "none"}
    assert list(data["chances"]["rule"]) == list(ALL_CATEGORIES)


def test_batch_returns_match_single_solves():
    rng = np.random.default_rng(3)
    tables = np.vstack([[TABLE_B, BUILTIN_TABLES["I"]], rng.uniform(0, 20, (40, 7)), np.zeros((1, 7))]).astype(float)
    out = batch_returns(tables)
    assert set(out) == {"optimal", "rule", "none"}
    for i, table in enumerate(tables):
        game = make_game(list(table))
        assert out["optimal"][i] == pytest.approx(solve(game).expected, abs=1e-10)
        assert out["rule"][i] == pytest.approx(solve(game, "rule-higher").expected, abs=1e-10)
        assert out["none"][i] == pytest.approx(solve(game, "none").expected, abs=1e-10)


@pytest.mark.parametrize("dice,sides,rerolls", [(3, 6, 0), (4, 7, 3), (6, 5, 1)])
def test_batch_returns_other_games(dice, sides, rerolls):
    tables = np.random.default_rng(dice).uniform(0, 5, (5, 7))
    out = batch_returns(tables, dice=dice, sides=sides, rerolls=rerolls)
    for i, table in enumerate(tables):
        game = make_game(list(table), dice=dice, sides=sides, rerolls=rerolls)
        assert out["optimal"][i] == pytest.approx(solve(game).expected, abs=1e-10)


def test_batch_returns_validates_shape():
    with pytest.raises(ValueError, match="shape"):
        batch_returns(np.zeros((3, 6)))
    with pytest.raises(ValueError, match="finite"):
        batch_returns(np.full((1, 7), np.nan))


def test_general_categories():
    assert ALL_CATEGORIES[categories([0, 0, 0, 6, 0, 0, 0, 0])[0]] == "five_of_a_kind"
    assert ALL_CATEGORIES[categories([0, 0, 1, 1, 1, 1, 1, 0])[0]] == "straight"
    assert ALL_CATEGORIES[categories([3, 3, 0, 0])[0]] == "full_house"
    assert ALL_CATEGORIES[categories([1, 1, 0])[0]] == "nothing"


@pytest.mark.parametrize("values,message", [
    ("10,6,4", "has 7 payouts"), ("10,6,4,3,2,1,x", "not a number"), ("10,6,4,3,2,1,-1", "negative"),
    ("10,6,4,3,2,1,0.5,1", "got 8"), ("", "got 0"),
])
def test_parse_payouts_errors(values, message):
    with pytest.raises(ValueError, match=message):
        parse_payouts(values)


def test_parse_payouts_exact_forms():
    assert parse_payouts("10, 6, 4, 3, 2, 1, 1/2")[-1] == Fraction(1, 2)
    assert parse_payouts([10, 6, 4, 3, 2, 1, 0.1])[-1] == Fraction(1, 10)


def test_load_tables(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[tables]\nA = [20, 8, 5, 3, 2, 1, 0.5]\nZ = [10, 6, 4, 3, 2, 1, "1/3"]\n')
    tables = load_tables(path)
    assert tables["Z"][-1] == Fraction(1, 3)
    assert list(tables) == ["A", "Z"]
    bad = tmp_path / "bad.toml"
    bad.write_text('[tables]\nA = [1, 2]\n')
    with pytest.raises(ValueError, match="table 'A'"):
        load_tables(bad)
    with pytest.raises(ValueError, match="not found"):
        load_tables(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[tables\n")
    with pytest.raises(ValueError, match="not valid TOML"):
        load_tables(broken)


def test_loaded_dice_change_the_return():
    fair = report(TABLE_B).optimal
    loaded = report(TABLE_B, weights=[1, 1, 1, 1, 1, 3]).optimal
    assert loaded > fair
    game = Game(Dice(5, 6, (1, 1, 1, 1, 1, 3)), make_game(TABLE_B).payout, 2)
    assert solve(game).expected == pytest.approx(loaded, abs=1e-13)
