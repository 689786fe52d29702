"""Balut: the boxes' scoring (the source's worked examples), the points system, the optimum against a brute-force
oracle on small games, the exact points against the oracle's final cards and a seeded simulation, hints."""

from __future__ import annotations

import pytest

from holdwise.errors import InputError
from holdwise.games.yahtzee import (
    BALUT,
    Award,
    BalutCategory,
    BalutRules,
    balut_points,
    balut_score,
    balut_solution,
    hint,
    parse_balut_card,
    parse_hint,
    simulate_balut_points,
)
from holdwise.games.yahtzee.balut_awards import points_of
from holdwise.games.yahtzee.balut_solver import solve_balut
from tests.oracles.balut_bruteforce import Game

CAT = {c.name: c for c in BALUT.categories}


def balut_hint(card="", dice=(), rolls_left=2):
    """A Balut position's hint, asked as the family's request."""
    return hint(parse_hint({"rules": "balut", "card": card, "dice": dice, "rolls_left": rolls_left}))


@pytest.mark.parametrize(("name", "dice", "points"), [
    ("sixes", (6, 6, 6, 4, 1), 18), ("fives", (6, 6, 6, 4, 1), 0), ("fours", (6, 6, 6, 4, 1), 4),
    ("fours", (4, 4, 4, 4, 4), 20), ("straight", (1, 2, 3, 4, 5), 15), ("straight", (6, 2, 3, 4, 5), 20),
    ("straight", (1, 2, 3, 4, 6), 0), ("straight", (2, 2, 3, 4, 5), 0), ("house", (3, 3, 3, 5, 5), 19),
    ("house", (6, 6, 5, 5, 6), 28), ("house", (4, 4, 4, 4, 4), 0), ("house", (3, 3, 3, 5, 1), 0),
    ("choice", (1, 2, 3, 4, 6), 16), ("choice", (6, 6, 6, 6, 6), 30), ("balut", (6, 6, 6, 6, 6), 50),
    ("balut", (1, 1, 1, 1, 1), 25), ("balut", (1, 1, 1, 1, 2), 0),
])
def test_box_scores(name, dice, points):
    """Sixes count only sixes (6 6 6 4 1: 18 in sixes, 0 in fives, 4 in fours); small straight 15, large 20;
    house and choice the sum (five of a kind is no house); balut 20 plus the sum."""
    assert balut_score(CAT[name], dice) == points


def test_points_table():
    """The total's bands: below 300 -2, 300 -1, 350 0, ... 650 and more 6; the most points is 29."""
    assert [BALUT.total_points(t) for t in (0, 299, 300, 349, 350, 400, 449, 450, 500, 550, 600, 649, 650, 812)] \
        == [-2, -2, -1, -1, 0, 1, 1, 2, 3, 4, 5, 5, 6, 6]
    most = sum(a.points * (BALUT.boxes if a.test == "each" else 1) for a in BALUT.awards) + 6
    assert most == 29
    assert {a.category: (a.test, a.threshold, a.points) for a in BALUT.awards} == {
        "fours": ("at_least", 52, 2), "fives": ("at_least", 65, 2), "sixes": ("at_least", 78, 2),
        "straight": ("every", 0, 4), "house": ("every", 0, 3), "choice": ("at_least", 100, 2),
        "balut": ("each", 0, 2)}


def _rules(cats, boxes, dice, sides, rolls, awards=()) -> BalutRules:
    categories = tuple(BalutCategory(f"{kind}{value}", kind, kind, value) for kind, value in cats)
    return BalutRules(f"mini-{len(cats)}-{boxes}-{dice}-{sides}-{rolls}", "test", categories, boxes, dice, sides,
                      rolls, awards, -1, ((20, 0), (40, 1), (60, 2)))


SMALL = [
    ((("face", 4), ("straight", 0), ("balut", 20)), 2, 3, 4, 3),
    ((("face", 3), ("choice", 0), ("balut", 5)), 2, 3, 4, 2),
    ((("face", 2), ("house", 0), ("choice", 0), ("balut", 20)), 1, 5, 3, 3),
    ((("face", 4), ("straight", 0)), 3, 2, 4, 3),
]


@pytest.mark.slow
@pytest.mark.parametrize("game", SMALL, ids=lambda g: "-".join(f"{k}{v}" for k, v in g[0]) + f"x{g[1]}")
def test_optimum_matches_bruteforce(game):
    """The kernel's V at the empty card equals the oracle's (every ordered roll, every kept subset)."""
    cats, boxes, dice, sides, rolls = game
    oracle = Game(cats, boxes, dice, sides, rolls)
    solution = solve_balut(_rules(cats, boxes, dice, sides, rolls))
    assert solution.expected_score == pytest.approx(oracle.optimum(), abs=1e-9)
    # every state, not only the empty card
    import itertools

    for filled in itertools.product(range(boxes + 1), repeat=len(cats)):
        index = sum(n * (boxes + 1) ** i for i, n in enumerate(filled))
        assert solution.values[index] == pytest.approx(oracle.value(filled), abs=1e-9)


@pytest.mark.slow
def test_points_match_bruteforce_final_cards():
    """Exact expected points (each award's chance, the total's bands) equal the oracle's, summed over its
    final cards under its own optimal play."""
    cats = (("face", 4), ("straight", 0), ("balut", 20))
    awards = (Award("face4", "at_least", 2, 12), Award("straight0", "every", 4), Award("balut20", "each", 3))
    rules = _rules(cats, 2, 3, 4, 3, awards)
    result = points_of(solve_balut(rules))
    oracle = Game(cats, 2, 3, 4, 3)
    cards = oracle.final_cards()
    assert float(sum(cards.values())) == pytest.approx(1.0, abs=1e-12)
    expected = 0.0
    for card, p in cards.items():
        (fours, _), (_, straights), (_, baluts) = card
        total = sum(s for s, _ in card)
        pts = rules.total_points(total) + (2 if fours >= 12 else 0) + (4 if straights == 2 else 0) + 3 * baluts
        expected += float(p) * pts
    assert result.method == "exact"
    assert result.expected_score == pytest.approx(oracle.optimum(), abs=1e-9)
    assert result.expected_points == pytest.approx(expected, abs=1e-9)
    chance = float(sum(p for card, p in cards.items() if card[0][0] >= 12))
    assert result.awards["face4"]["chance"] == pytest.approx(chance, abs=1e-9)


@pytest.mark.slow
def test_balut_optimum_and_points():
    """Balut: the expected total of optimal play, the exact total distribution's mean (= V), the points."""
    solution = balut_solution(BALUT)
    assert solution.states == 78_125
    assert solution.expected_score == pytest.approx(433.3471236637, abs=1e-9)
    result = balut_points()
    assert result.expected_score == pytest.approx(solution.expected_score, abs=1e-9)
    assert result.score_standard_deviation == pytest.approx(44.0162354433, abs=1e-6)
    assert result.expected_points == pytest.approx(8.0378347572, abs=1e-8)
    assert result.awards["house"]["chance"] == pytest.approx(0.8221957896, abs=1e-8)
    assert result.awards["balut"]["expected_count"] == pytest.approx(0.6458464731, abs=1e-8)
    assert sum(result.band_chances.values()) == pytest.approx(1.0, abs=1e-12)
    assert result.band_chances[1] == pytest.approx(0.4436365335, abs=1e-8)


@pytest.mark.slow
def test_simulation_agrees_with_exact_points():
    """Seeded games drawn from the same turns: the points' mean within 4 standard errors of the exact value."""
    sim = simulate_balut_points(4000, seed=7)
    assert sim.method == "simulation"
    assert sim.games == 4000
    assert abs(sim.mean_points - sim.exact_expected_points) < 4 * sim.standard_error
    assert sum(sim.points_chances.values()) == pytest.approx(1.0)
    assert abs(sim.mean_score - 433.347) < 4 * 44.02 / 4000 ** 0.5
    assert simulate_balut_points(4000, seed=7) == sim


def test_hint_ranks_keeps_and_boxes():
    """Five sixes after the first roll: keeping them all is best; with no rolls left the boxes are ranked and
    balut (50) or sixes (30) lead."""
    h = balut_hint("", "66666", 2)
    assert h.options[0].loss == 0.0
    assert h.options[0].option in ("keep 6 6 6 6 6", "score balut (50)", "score sixes (30)")
    assert [o.value for o in h.options] == sorted((o.value for o in h.options), reverse=True)
    last = balut_hint("fours=8,12 sixes=24", [1, 2, 3, 4, 5], 0)
    assert all(o.option.startswith("score ") for o in last.options)
    assert len(last.options) == 7
    assert last.position["score_so_far"] == 44
    assert last.options[0].option == "score straight (15)"
    best_keep = balut_hint("", "12345", 1)
    assert best_keep.options[0].value >= max(o.value for o in best_keep.options)


@pytest.mark.slow
def test_new_game_hint_averages_to_the_optimum():
    """With no roll yet the optimum is the mean over first rolls of the best play's value."""
    import itertools
    from math import factorial, prod

    total = 0.0
    for hand in itertools.combinations_with_replacement(range(1, 7), 5):
        ways = factorial(5) // prod(factorial(hand.count(f)) for f in set(hand))
        total += ways * balut_hint("", hand, 2).options[0].value
    assert total / 6 ** 5 == pytest.approx(433.3471236637, abs=1e-9)


@pytest.mark.parametrize(("card", "dice", "rolls", "message"), [
    ("fours=5", "12345", 2, "fours cannot score '5'"),
    ("fours=4,4,4,4,4", "12345", 2, "fours has 4 boxes"),
    ("toes=4", "12345", 2, "unknown category 'toes'"),
    ("fours", "12345", 2, "category=score"),
    ("", "1 2 3 4", 2, "rolls 5 dice"),
    ("", "12347", 2, "a die shows 1 to 6"),
    ("", "12345", 3, "rolls_left must be"),
])
def test_bad_input(card, dice, rolls, message):
    with pytest.raises(InputError, match=message):
        balut_hint(card, dice, rolls)


def test_card_parse():
    card = parse_balut_card("4s=8,12 straight=20,0 fh=28 b=0")
    assert card.filled == (2, 0, 0, 2, 1, 0, 1)
    assert card.total == 68
    assert card.text() == "fours=8,12 straight=20,0 house=28 balut=0"
    full = " ".join(f"{c.name}={'5,5,5,5' if c.name == 'choice' else '0,0,0,0'}" for c in BALUT.categories)
    with pytest.raises(InputError, match="the card is full"):
        balut_hint(full, "12345", 2)
