"""Reports as frozen results: the turn with unlike dice, the charts, the match report, the dice listing."""

import dataclasses
import json

import pytest

from holdwise.games.farkle import (
    NAMED_DICE,
    coaching_chart,
    list_dice,
    match_chart,
    match_report,
    parse_loadout,
    turn_report,
)


def test_turn_report_names_the_dice_of_each_row():
    report = turn_report(parse_loadout("weighted,lucky,ordinary*4"))
    assert not report.alike and len(report.by_dice_left) == 2 * 2 * 5 - 1
    assert report.bust_chance_dice["1"] == ["ordinary"]
    assert report.bank_threshold_dice["1"] == ["weighted"]
    assert report.bank_threshold["1"] == 2100 and report.bank_threshold["6"] == 50050
    for n, names in report.bank_threshold_dice.items():
        row = next(r for r in report.by_dice_left if list(r.dice) == names)
        assert row.bank_threshold == report.bank_threshold[n]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.expected_points = 0


def test_six_fair_dice_thresholds_and_chart():
    report = turn_report(parse_loadout(None))
    assert report.alike
    assert report.bank_threshold == {"1": 350, "2": 250, "3": 450, "4": 1050, "5": 3400, "6": 12950}
    assert report.expected_points == pytest.approx(594.96, abs=0.005)
    chart = coaching_chart(parse_loadout(None))
    assert [r.dice_left for r in chart.rows] == [1, 2, 3, 4, 5, 6]
    for row in chart.rows:
        first_bank = row.roll.index(False)
        assert chart.totals[first_bank] == row.bank_threshold
        assert not any(row.roll[first_bank:])


def test_match_report_and_chart_at_1000():
    report = match_report(parse_loadout(None), target=1000)
    data = json.loads(json.dumps(report.to_json()))
    assert data["first_player_win_chance"] == pytest.approx(0.6141382636969914, abs=1e-12)
    assert data["race_aware_vs_race_blind"] == pytest.approx(0.6565495135165009, abs=1e-12)
    assert data["race_aware_second_vs_race_blind"] == pytest.approx(0.4169348079409416, abs=1e-12)
    assert data["second_player_win_chance"] == pytest.approx(1 - data["first_player_win_chance"])
    assert data["tolerance"] == 1e-12 and data["target"] == 1000
    chart = match_chart(parse_loadout(None), target=1000)
    assert chart.scores[0] == 0 and chart.scores[-1] == 950
    assert chart.win_chance[0][0] == pytest.approx(report.first_player_win_chance)


def test_match_progress_counts_score_pairs():
    seen = []
    match_report(parse_loadout("ordinary*5,odd"), target=500, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (200, 200)  # two solves of 10 x 10 score pairs
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_dice_listing():
    listing = list_dice()
    assert listing.joker_symbol == "J" and "joker" in listing.joker
    assert [d.id for d in listing.dice] == list(NAMED_DICE)
    devil = next(d for d in listing.dice if d.id == "devils-head")
    assert devil.name == "Devil's head die" and devil.group == "devils-head" and devil.points_alone is None
    assert devil.faces == ("J", "2", "3", "4", "5", "6") and devil.joker_faces == (1,)
    weighted = next(d for d in listing.dice if d.id == "weighted")
    assert weighted.weights == (10, 1, 1, 1, 1, 1) and weighted.total_weight == 15
    assert weighted.chances[0] == pytest.approx(10 / 15)
    data = listing.to_json()
    assert set(data) == {"joker_symbol", "joker", "dice", "sources"}
    assert set(data["dice"][0]) == {"id", "name", "group", "weights", "total_weight", "chances", "faces", "joker_faces",
                                    "sources", "points_alone", "points_beside_ordinary"}
    assert {s["id"] for s in data["sources"]} >= {s for d in data["dice"] for s in d["sources"]}
    assert set(data["sources"][0]) == {"id", "name", "url"}


def test_dice_strength_is_the_turn_solve():
    """Each die's strength is the exact turn of six of it, and of three of it beside three ordinary dice; re-skins
    tie, and six ordinary dice give the turn report's own figure."""
    strong = {d.id: d for d in list_dice(strength=True).dice}
    ordinary = turn_report(parse_loadout(None)).expected_points
    assert strong["ordinary"].points_alone == pytest.approx(ordinary, abs=1e-9)
    assert strong["ordinary"].points_beside_ordinary == pytest.approx(ordinary, abs=1e-9)
    assert strong["lucky"].points_beside_ordinary == pytest.approx(
        turn_report(parse_loadout("lucky*3,ordinary*3")).expected_points, abs=1e-9)
    for d in strong.values():
        rep = strong[d.group]
        assert (d.points_alone, d.points_beside_ordinary) == (rep.points_alone, rep.points_beside_ordinary)
        assert d.points_alone is not None and d.points_alone > 0
