"""Farkle rules data and checks pinned where the mutation run found them unpinned."""

from pathlib import Path

import pytest

from holdwise import InputError
from holdwise.games.farkle.rules import (
    DICE_PER_PLAYER,
    FACES,
    FULL_STRAIGHT,
    JOKER,
    NAMED_DICE,
    SCORE_UNIT,
    SHORT_STRAIGHTS,
    SINGLE,
    TRIPLE_BASE,
    Die,
    die_by_name,
    roll_counts,
    score,
    selections,
)

REFERENCE = Path(__file__).resolve().parents[3] / "docs" / "reference" / "kcd-farkle.md"


def reference_weights():
    """The weights table of docs/reference/kcd-farkle.md, by the table's die names."""
    text = REFERENCE.read_text()
    table = text.split("## Special dice")[1].split("\n\n")[1]
    rows = {}
    for line in table.splitlines()[2:]:
        name, weights, total = [c.strip() for c in line.strip("|").split("|")]
        numbers = tuple(int(w) for w in weights.split(","))
        assert sum(numbers) == int(total)
        for one in name.split(" / "):
            rows[one] = numbers
    return rows


NAMES = {
    "ordinary": "ordinary", "Weighted die": "weighted", "Pie die": "pie",
    "Heavenly Kingdom die": "heavenly-kingdom", "Favourable die": "favourable", "Aranka's die": "aranka",
    "Lucky die": "lucky", "Odd die": "odd", "Holy Trinity die": "holy-trinity",
    "Saint Antiochus' die": "saint-antiochus", "Ci die": "ci", "Lu die": "lu", "Fer die": "fer",
    "King's die": "kings", "Die of misfortune": "misfortune",
}


def test_named_dice_have_the_reference_weights():
    rows = reference_weights()
    assert set(rows) == set(NAMES)
    for doc_name, key in NAMES.items():
        assert NAMED_DICE[key].weights == rows[doc_name], key
        assert NAMED_DICE[key].joker_faces == ()
    devil = NAMED_DICE["devils-head"]
    assert devil.weights == (1,) * 6 and devil.joker_faces == (1,)
    assert len(NAMED_DICE) == 43  # the 16 of the reference page among the 43 of docs/reference/kcd-dice.md


def test_constants():
    assert (FACES, JOKER, DICE_PER_PLAYER, SCORE_UNIT, FULL_STRAIGHT) == (6, 7, 6, 50, 1500)
    assert TRIPLE_BASE == {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
    assert SINGLE == {1: 100, 5: 50}
    assert SHORT_STRAIGHTS == {(1, 2, 3, 4, 5): 500, (2, 3, 4, 5, 6): 750}


@pytest.mark.parametrize("alias,key", [
    ("Devil's head die", "devils-head"), ("devil", "devils-head"), ("devils", "devils-head"),
    ("king", "kings"), ("fair", "ordinary"), ("  Holy_Trinity  ", "holy-trinity"), ("LUCKY DIE", "lucky"),
])
def test_aliases(alias, key):
    assert die_by_name(alias) is NAMED_DICE[key]


@pytest.mark.parametrize("weights,jokers", [
    ((1, 1, 1, 1, 1), ()), ((1,) * 7, ()), ((0,) * 6, ()), ((1, 1, 1, 1, 1, -1), ()), ((1, 1, 1, 1, 1, 1.5), ()),
    ((1,) * 6, (0,)), ((1,) * 6, (7,)),
])
def test_bad_dice_refused(weights, jokers):
    with pytest.raises(InputError):
        Die("x", weights, jokers)


def test_edge_dice_accepted():
    assert Die("x", (0, 0, 0, 0, 0, 1)).weights == (0, 0, 0, 0, 0, 1)
    assert Die("x", (1,) * 6, (1, 6)).joker_faces == (1, 6)
    assert Die("x", (1.0, 1, 1, 1, 1, 1)).weights[0] == 1


@pytest.mark.parametrize("counts,points", [
    ((1, 0, 0, 0, 0, 0, 0), 100), ((2, 0, 0, 0, 0, 0, 0), 200), ((0, 0, 0, 0, 1, 0, 0), 50),
    ((0, 0, 0, 0, 2, 0, 0), 100), ((3, 0, 0, 0, 0, 0, 0), 1000), ((4, 0, 0, 0, 0, 0, 0), 2000),
    ((6, 0, 0, 0, 0, 0, 0), 8000), ((0, 3, 0, 0, 0, 0, 0), 200), ((0, 0, 0, 5, 0, 0, 0), 1600),
    ((1, 1, 1, 1, 1, 1, 0), 1500), ((1, 1, 1, 1, 1, 0, 0), 500), ((0, 1, 1, 1, 1, 1, 0), 750),
    ((2, 1, 1, 1, 1, 0, 0), 600), ((1, 1, 1, 1, 2, 0, 0), 550), ((1, 2, 1, 1, 1, 0, 0), 500),
    ((0, 1, 1, 1, 2, 1, 0), 800), ((0, 1, 1, 2, 1, 1, 0), 750), ((0, 0, 0, 0, 0, 0, 1), -1),
    ((0, 1, 0, 0, 0, 0, 0), -1), ((1, 1, 0, 0, 0, 0, 0), -1), ((0,) * 7, -1), ((1, 0, 0, 0, 0, 0, 1), 200),
    ((1, 1, 1, 1, 0, 0, 1), 500), ((0, 2, 0, 0, 0, 0, 1), 200), ((0, 0, 0, 0, 0, 2, 2), 1200),
    ((1, 0, 0, 0, 0, 0), 100), ((0, 0, 3, 0, 0, 1, 0), -1), ((3, 0, 0, 0, 0, 0, 3), 8000),
])
def test_score_values(counts, points):
    assert score(counts) == points


def test_roll_counts_and_selections():
    assert roll_counts([1, 1, 5, 7]) == (2, 0, 0, 0, 1, 0, 1)
    assert roll_counts([]) == (0,) * 7
    assert selections([2, 3]) == []
    assert selections([1, 5]) == [((1, 0, 0, 0, 1, 0, 0), 150), ((1, 0, 0, 0, 0, 0, 0), 100),
                                  ((0, 0, 0, 0, 1, 0, 0), 50)]
    # equal scores: more dice first
    best = selections([1, 1, 1, 1])
    assert best[0] == ((4, 0, 0, 0, 0, 0, 0), 2000)
    tied = [s for s in selections([5, 5, 2, 2, 2, 3]) if s[1] == 200]
    assert tied == [((0, 3, 0, 0, 0, 0, 0), 200)]


def test_weights_up_to_a_million():
    from holdwise.games.farkle.rules import MAX_WEIGHT, Die

    assert MAX_WEIGHT == 1_000_000
    assert Die("heavy", (1_000_000, 1, 1, 1, 1, 1)).weights[0] == 1_000_000
    with pytest.raises(InputError, match="0 to 1,000,000"):
        Die("heavier", (1_000_001, 1, 1, 1, 1, 1))


def test_a_die_is_frozen():
    import dataclasses

    from holdwise.games.farkle.rules import Die

    die = Die("plain", (1, 1, 1, 1, 1, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        die.name = "other"
    assert {die: 1}[Die("plain", (1, 1, 1, 1, 1, 1))] == 1


def test_short_straights_score_their_spare_dice_only():
    from holdwise.games.farkle.rules import score

    assert score((1, 1, 1, 1, 1, 0, 0)) == 500  # 1-2-3-4-5: the 1 and the 5 are part of the straight
    assert score((0, 1, 1, 1, 1, 1, 0)) == 750  # 2-3-4-5-6
    assert score((2, 1, 1, 1, 1, 0, 0)) == 600  # 1-2-3-4-5 and a spare 1
    assert score((0, 1, 1, 1, 2, 1, 0)) == 800  # 2-3-4-5-6 and a spare 5


def test_a_bad_die_is_named_by_its_first_forty_characters():
    from holdwise.games.farkle.rules import Die

    name = "abcdefghij" * 5
    with pytest.raises(InputError) as err:
        Die(name, (1, 1, 1, 1, 1, -1))
    assert str(err.value).startswith(f"die {name[:40]!r}:")


def test_extra_combinations_keep_the_tables_scores_and_refuse_jokers_alone():
    from holdwise.games.farkle.rules import score, score_with

    cut = (((3, 5), 100),)  # a Badge of Advantage's combination: 3 + 5
    for one in range(6):  # a single die: what the table says (100 for a 1, 50 for a 5, else illegal)
        counts = tuple(int(f == one) for f in range(6))
        assert score_with(counts, cut) == score(counts)
    assert score_with((1, 0, 0, 0, 0, 0), cut) == 100
    assert score_with((0, 0, 0, 0, 0, 0, 1), cut) == -1 == score((0, 0, 0, 0, 0, 0, 1))  # a joker alone
    assert score_with((0, 0, 1, 0, 1, 0), cut) == 100 and score((0, 0, 1, 0, 1, 0)) == -1
