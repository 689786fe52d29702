"""The rules sheet: every points figure is the scoring function's on the dice the line names; a few figures
checked by hand against the rules of Kingdom Come: Deliverance; the examples say what they claim; the named
dice's chances are their weights over the total."""

from __future__ import annotations

import pytest

from holdwise.games import farkle
from holdwise.games.farkle import sheet as sheet_module
from holdwise.games.farkle.rules import JOKER, JOKER_SYMBOL, NAMED_DICE, roll_counts, score


def faces(combo) -> list[int]:
    return [JOKER if f == JOKER_SYMBOL else int(f) for f in combo.dice]


def combos(sheet) -> list:
    out = [*sheet.singles, sheet.full_straight, *sheet.hot_dice, *sheet.jokers]
    out += [c for row in sheet.of_a_kind for c in row.combos]
    out += [c for row in sheet.straights for c in (row.low, row.high)]
    return out


def test_every_figure_is_the_scoring_function_on_its_dice():
    sheet = farkle.rules_sheet()
    every = combos(sheet)
    assert len(every) == 5 + 1 + 3 + 2 + 6 * 4 + 7 * 2
    for c in every:
        assert c.points == score(roll_counts(faces(c))), c


def test_figures_by_hand():
    """Kingdom Come: Deliverance's table, worked by hand (docs/reference/kcd-farkle.md); rules.py agrees."""
    sheet = farkle.rules_sheet()
    single = {c.name: c.points for c in sheet.singles}
    assert single == {"single 1": 100, "single 5": 50, "two 1s": 200, "two 5s": 100, "1 and 5": 150}
    kinds = {row.face: [c.points for c in row.combos] for row in sheet.of_a_kind}
    assert kinds[1][0] == 1000 and kinds[2][0] == 200 and kinds[6][0] == 600
    for face in range(1, 7):  # four of a kind doubles three of a kind, and so on up to six
        three = 1000 if face == 1 else 100 * face
        assert kinds[face] == [three, 2 * three, 4 * three, 8 * three]
    alone = sheet.straights[0]
    assert alone.spare is None and (alone.low.points, alone.high.points) == (500, 750)
    spares = {row.spare: (row.low.points, row.high.points) for row in sheet.straights[1:]}
    # a spare 1 or 5 adds its single; a spare that completes 1-6 is the full straight
    assert spares == {1: (600, 1500), 2: (500, 750), 3: (500, 750), 4: (500, 750), 5: (550, 800), 6: (1500, 750)}
    assert sheet.full_straight.dice == ("1", "2", "3", "4", "5", "6") and sheet.full_straight.points == 1500
    assert [c.points for c in sheet.hot_dice] == [1500, 500, 150]  # 1 1 1 + 5 5 5; 5 5 5; 1 + 5
    assert [c.points for c in sheet.jokers] == [1000, 750]  # J as a third 1; J as the 6 of 2-3-4-5-6


def test_names_match_their_dice():
    sheet = farkle.rules_sheet()
    for row in sheet.of_a_kind:
        assert [len(c.dice) for c in row.combos] == [3, 4, 5, 6]
        assert all(set(c.dice) == {str(row.face)} for c in row.combos)
    for row in sheet.straights[1:]:
        assert row.low.dice == ("1", "2", "3", "4", "5", str(row.spare))
        assert row.high.dice == ("2", "3", "4", "5", "6", str(row.spare))


def test_the_examples_say_what_they_claim():
    sheet = farkle.rules_sheet()
    assert farkle.busts([int(f) for f in sheet.bust])
    assert f"such as {' '.join(sheet.bust)}" in " ".join(sheet.rules)
    for c in sheet.hot_dice:  # every die rolled is set aside: hot dice, from 6, 3 and 2 dice
        assert farkle.selections(faces(c))[0] == (roll_counts(faces(c)), c.points)
    assert sorted(len(c.dice) for c in sheet.hot_dice) == [2, 3, 6]
    assert all(JOKER_SYMBOL in c.dice for c in sheet.jokers)
    assert sheet.target == farkle.DEFAULT_TARGET == 4000 and "(4,000 unless set)" in " ".join(sheet.rules)
    assert farkle.rules_sheet(1500).target == 1500
    assert sheet.dice_per_player == 6 and sheet.score_unit == 50


def test_the_dice_are_every_named_die_with_its_chances():
    sheet = farkle.rules_sheet()
    assert [d.id for d in sheet.dice] == list(NAMED_DICE)
    assert next(d for d in sheet.dice if d.id == "saint-antiochus").name == "Saint Antiochus' die"
    weighted = next(d for d in sheet.dice if d.id == "weighted")
    assert weighted.weights == (10, 1, 1, 1, 1, 1) and weighted.chances[0] == pytest.approx(10 / 15)
    devil = next(d for d in sheet.dice if d.id == "devils-head")
    assert devil.faces == ("J", "2", "3", "4", "5", "6")
    for d in sheet.dice:
        assert d.weights == NAMED_DICE[d.id].weights
        assert d.chances == pytest.approx([w / sum(d.weights) for w in d.weights])
        assert sum(d.chances) == pytest.approx(1.0)


def test_the_sheet_follows_the_scoring_function(monkeypatch):
    """No figure is written in the sheet: scoring everything 7 makes every figure 7."""
    monkeypatch.setattr(sheet_module, "score", lambda counts: 7)
    assert {c.points for c in combos(farkle.rules_sheet())} == {7}


def test_json_round_trip_keys():
    data = farkle.rules_sheet().to_json()
    assert set(data) == {"game", "dice_per_player", "score_unit", "target", "singles", "of_a_kind", "straights",
                         "full_straight", "hot_dice", "bust", "jokers", "rules", "dice"}
    assert data["of_a_kind"][1]["combos"][0] == {"name": "three 2s", "dice": ["2", "2", "2"], "points": 200}
    assert data["straights"][0]["spare"] is None
