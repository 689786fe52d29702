"""Every shipped game's exact return at 5 and at 1-4 coins against the published figures in
docs/reference/video-poker-returns.md, each compared the way its source states it (rounded, truncated, float)."""

from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from holdwise.games.video_poker.paytables import shipped_games
from holdwise.games.video_poker.solver import solve_game

DOC = Path(__file__).parents[3] / "docs" / "reference" / "video-poker-returns.md"
GAMES = shipped_games()
# A double-precision sum over millions of hands is exact to about 1e-12, not to its 17th printed digit.
FLOAT_TOLERANCE = Fraction(1, 10**10)


def rows() -> list[tuple[str, str, str, str]]:
    """(game, coins, published, stated) of every row of the doc's first table."""
    text = DOC.read_text().split("\n## ")[0]
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 5 and cells[1] in ("5", "1-4"):
            out.append((cells[0], cells[1], cells[2], cells[3]))
    return out


def agrees(ours: Fraction, figure: str, stated: str) -> bool:
    """Whether an exact return agrees with a figure as written ("99.17%", "0.991660") and stated."""
    scale = Decimal(100) if figure.endswith("%") else Decimal(1)
    number = Decimal(figure.rstrip("%"))
    value = Fraction(number / scale)
    unit = Fraction(Decimal(1).scaleb(number.as_tuple().exponent) / scale)
    if stated == "rounded":
        return abs(ours - value) < unit / 2
    if stated == "truncated":
        return value <= ours < value + unit
    if stated == "float":
        return abs(ours - value) < FLOAT_TOLERANCE
    raise ValueError(f"unknown way of stating a figure: {stated!r}")


@cache
def exact_return(game: str, coins: str) -> Fraction:
    return solve_game(GAMES[game], 5 if coins == "5" else 1).return_exact


def test_every_shipped_game_has_both_rows_and_the_figures_read():
    table = rows()
    assert {(g, c) for g, c, *_ in table} == {(g, c) for g in GAMES for c in ("5", "1-4")}
    assert all((p == "not found") == (s == "—") for *_, p, s in table)
    figures = [(p, s) for *_, p, s in table if p != "not found"]
    assert len(figures) >= 16
    assert {s for _, s in figures} == {"rounded", "truncated", "float"}


def test_the_comparison_tells_the_ways_of_stating_apart():
    one_coin = Fraction(98373457, 10**8)  # 9/6 Jacks or Better at 1-4 coins, to 8 decimals
    assert agrees(one_coin, "98.3%", "truncated") and agrees(one_coin, "98.4%", "rounded")
    assert not agrees(one_coin, "98.3%", "rounded")  # 98.37% rounds to 98.4%
    assert not agrees(one_coin, "98.4%", "truncated")  # ... and cuts to 98.3%
    assert agrees(one_coin, "0.98373", "rounded") and not agrees(one_coin, "0.98374", "rounded")
    assert agrees(one_coin, "0.98373457", "float") and not agrees(one_coin, "0.9837345", "float")
    assert agrees(Fraction(99166, 10**5), "0.991660", "rounded")
    assert not agrees(Fraction(991665, 10**6), "0.991660", "rounded")
    with pytest.raises(ValueError):
        agrees(one_coin, "98.3%", "about")


@pytest.mark.parametrize("game,coins,figure,stated", [r for r in rows() if r[2] != "not found"])
def test_return_agrees_with_the_published_figure(game, coins, figure, stated):
    ours = exact_return(game, coins)
    assert agrees(ours, figure, stated), f"{game} at {coins} coins: {float(ours):.10f} vs {figure} ({stated})"
