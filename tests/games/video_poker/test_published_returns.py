"""Every shipped game's exact return at 5 and at 1-4 coins against the published figures in
docs/reference/video-poker-returns.md, to half a unit of each figure's last digit."""

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from holdwise.games.video_poker.paytables import shipped_games
from holdwise.games.video_poker.solver import solve_game

DOC = Path(__file__).parents[3] / "docs" / "reference" / "video-poker-returns.md"
GAMES = shipped_games()


def rows() -> list[tuple[str, str, str]]:
    """(game, coins, published) of every row of the doc's first table."""
    text = DOC.read_text().split("\n## ")[0]
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 4 and cells[1] in ("5", "1-4"):
            out.append((cells[0], cells[1], cells[2]))
    return out


def published(text: str) -> tuple[Fraction, Fraction]:
    """(value, tolerance): a figure as written ("99.17%", "0.991660") and half a unit of its last digit."""
    scale = Decimal(100) if text.endswith("%") else Decimal(1)
    number = Decimal(text.rstrip("%"))
    unit = Decimal(1).scaleb(number.as_tuple().exponent)
    return Fraction(number / scale), Fraction(unit / scale) / 2


def test_every_shipped_game_has_both_rows_and_the_figures_read():
    table = rows()
    assert sorted((g, c) for g, c, _ in table) == sorted((g, c) for g in GAMES for c in ("5", "1-4"))
    figures = [p for *_, p in table if p != "not found"]
    assert len(figures) >= 8
    assert published("97.298%") == (Fraction(97298, 100000), Fraction(5, 1000000))
    assert published("0.991660") == (Fraction(99166, 100000), Fraction(5, 10000000))


@pytest.mark.parametrize("game,coins,figure", [r for r in rows() if r[2] != "not found"])
def test_return_equals_the_published_figure(game, coins, figure):
    value, tolerance = published(figure)
    ours = solve_game(GAMES[game], 5 if coins == "5" else 1).return_exact
    assert abs(ours - value) < tolerance, f"{game} at {coins} coins: {float(ours):.8f} vs published {figure}"
