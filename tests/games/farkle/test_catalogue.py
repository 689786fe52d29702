"""The Kingdom Come II dice catalogue (data/kcd2-dice.json) against the percentages published for each die.

The oracle here recovers weights from the published figures on its own (exact fractions, sharing no code with
the loader): the smallest total whose whole weights reproduce every figure within its rounding."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from holdwise import InputError
from holdwise.games.farkle.rules import NAMED_DICE, die_by_name, die_title

DATA = Path(__file__).parents[3] / "src" / "holdwise" / "games" / "farkle" / "data" / "kcd2-dice.json"
CATALOGUE = json.loads(DATA.read_text(encoding="utf-8"))
ROWS = CATALOGUE["dice"]
OLD_SLUGS = ["ordinary", "weighted", "pie", "heavenly-kingdom", "favourable", "aranka", "lucky", "odd", "holy-trinity",
             "saint-antiochus", "ci", "lu", "fer", "kings", "misfortune", "devils-head"]


def reproduces(weight: int, total: int, figure: float) -> bool:
    """100 w / N rounds (half up) or truncates to the one-decimal figure: p - 0.05 <= x < p + 0.1."""
    x = Fraction(100 * weight, total)
    p = Fraction(str(figure))
    return p - Fraction(1, 20) <= x < p + Fraction(1, 10)


def recover(figures: list[float], largest: int = 64) -> list[tuple[int, ...]]:
    """Every weight vector of the smallest total that reproduces all figures (empty if none up to `largest`)."""
    for total in range(1, largest + 1):
        ranges = [[w for w in range(total + 1) if reproduces(w, total, p)] for p in figures]
        found = [ws for ws in product(*ranges) if sum(ws) == total]
        if found:
            return found
    return []


def test_there_are_43_dice_in_32_groups():
    assert len(ROWS) == 43 and len(NAMED_DICE) == 43
    assert len({r["group"] for r in ROWS}) == 32
    # grouped dice roll alike: a group is one set of weights and jokers
    for group in {r["group"] for r in ROWS}:
        members = [(tuple(r["weights"]), tuple(r["joker_faces"])) for r in ROWS if r["group"] == group]
        assert len(set(members)) == 1, group
    assert {r["id"] for r in ROWS if r["group"] == "ordinary"} == {"ordinary", "hugo", "molar", "premolar",
                                                                  "st-stephen", "wisdom-tooth"}
    assert {r["id"] for r in ROWS if r["group"] == "ci"} == {"ci", "lu", "fer"}
    assert {r["id"] for r in ROWS if r["group"] == "unlucky"} == {"unlucky", "painter-b", "painter-g", "painter-r"}
    assert {r["id"] for r in ROWS if r["group"] == "devils-head"} == {"devils-head", "balatro"}


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_every_published_figure_is_reproduced(row):
    weights = row["weights"]
    total = sum(weights)
    assert math.gcd(*weights) == 1, "weights in lowest terms"
    if row["published"] is None:  # Balatro's die: no figures of its own, it rolls as the Devil's head die
        assert row["group"] == "devils-head"
        return
    assert len(row["published"]) == 6 and abs(sum(row["published"]) - 100) < 0.6
    for w, p in zip(weights, row["published"], strict=True):
        assert reproduces(w, total, p), (row["id"], w, total, p)
    # the documented method: the smallest total reproducing every figure, and only one vector of it
    assert recover(row["published"]) == [tuple(weights)]


@pytest.mark.parametrize("row", [r for r in ROWS if "disputes" in r], ids=lambda r: r["id"])
def test_disputed_readings_are_consistent_with_their_own_figures(row):
    """A dispute records another source's reading as given: its figures match its own weights where both exist."""
    for other in row["disputes"]:
        assert other["source"] in CATALOGUE["sources"]
        if "published" in other and other["weights"] != [3, 3, 3, 3, 3, 5]:  # the Fer slip is kept as printed
            total = sum(other["weights"])
            assert all(reproduces(w, total, p) for w, p in zip(other["weights"], other["published"], strict=True))


def test_ids_and_names_unique_and_loaded():
    ids = [r["id"] for r in ROWS]
    assert len(set(ids)) == len(ids) and list(NAMED_DICE) == ids
    assert len({r["name"].lower() for r in ROWS}) == len(ROWS)
    for r in ROWS:
        die = NAMED_DICE[r["id"]]
        assert die.weights == tuple(r["weights"]) and die.joker_faces == tuple(r["joker_faces"])
        assert die_title(die) == r["name"]
        assert set(r["sources"]) <= set(CATALOGUE["sources"])


@pytest.mark.parametrize("slug", OLD_SLUGS)
def test_old_slugs_still_resolve(slug):
    assert die_by_name(slug).name == slug


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_game_names_resolve_forgivingly(row):
    name = row["name"]
    for typed in (name, name.upper(), name.replace("'", "’"), name.replace("'", ""), name.removesuffix(" die"),
                  f"  {name.lower()} "):
        assert die_by_name(typed).name == row["id"], typed


def test_known_spellings():
    assert die_by_name("Devil's head").name == "devils-head"
    assert die_by_name("king").name == "kings" and die_by_name("fair").name == "ordinary"
    assert die_by_name("Trinity die").name == "three"
    assert die_by_name("Die of Misfortune").name == "misfortune"
    assert die_by_name("st stephens").name == "st-stephen"
    with pytest.raises(InputError, match="unknown die"):
        die_by_name("trinity-holy")


def test_saint_antiochus_is_no_longer_always_three():
    """holdwise had 'always a 3' from a source-less reference; the wiki and the calculator give 20/6.7/40/..%."""
    assert NAMED_DICE["saint-antiochus"].weights == (3, 1, 6, 1, 1, 3)


def test_custom_dice_keep_their_text_as_title():
    from holdwise.games.farkle.parsing import parse_dice

    (die,) = parse_dice("custom:1,1,1,1,1,2")
    assert die_title(die) == die.name


def test_the_reference_page_is_written_from_the_catalogue():
    """docs/reference/kcd-dice.md is tools/write_kcd_dice_page.py's output: every die, weights and sources."""
    import importlib.util

    root = Path(__file__).parents[3]
    spec = importlib.util.spec_from_file_location("write_kcd_dice_page", root / "tools" / "write_kcd_dice_page.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    text = (root / "docs" / "reference" / "kcd-dice.md").read_text(encoding="utf-8")
    assert text == tool.page(), "run: python tools/write_kcd_dice_page.py"
    for r in ROWS:
        assert f"| {r['name']} | `{r['id']}` |" in text
