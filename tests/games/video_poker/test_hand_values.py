"""The one-hand fast path (integer values over one scale, no fractions) against values rebuilt from the draw
counts with exact fractions: same value, same float, same order, every shipped game and bet."""

from __future__ import annotations

import math
import zlib
from fractions import Fraction

import numpy as np
import pytest

from holdwise.games.video_poker import hold_hint as hint
from holdwise.games.video_poker import shipped_games
from holdwise.games.video_poker.solver import HOLD_PRIORITY, hand_values

GAMES = shipped_games()


def _exact_from_counts(counts: list[int], pays, cards_left: int, held: int) -> Fraction:
    """value = sum_c N_c pay_c / C(cards left, 5 - held): the definition, in fractions."""
    return sum((Fraction(n) * Fraction(p) for n, p in zip(counts, pays)), Fraction(0)) / math.comb(cards_left,
                                                                                                    5 - held)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("coins", [1, 5])
def test_values_floats_and_order_equal_the_exact_definition(game_id, coins):
    table = GAMES[game_id]
    pays = table.pays_for(coins)
    rng = np.random.default_rng(zlib.crc32(f"{game_id}:{coins}".encode()))
    for _ in range(25):
        cards = [int(c) for c in rng.choice(table.deck, 5, replace=False)]
        hv = hand_values(cards, table, coins)
        exact = {}
        for mask in range(32):
            counts = hv.counts[mask].tolist()
            assert sum(counts) == math.comb(table.deck - 5, 5 - bin(mask).count("1"))
            exact[mask] = _exact_from_counts(counts, pays, table.deck - 5, bin(mask).count("1"))
            assert Fraction(int(hv.values[mask]), hv.scale) == exact[mask]
        assert hv.order == sorted(range(32), key=lambda m: (-exact[m], HOLD_PRIORITY[m]))
        h = hint(cards, table, coins, exact=True)
        best = exact[hv.order[0]]
        for option, mask in zip(h.options, hv.order):
            assert Fraction(option.value_exact) == exact[mask] and option.value == float(exact[mask])
            assert Fraction(option.loss_exact) == best - exact[mask] and option.loss == float(best - exact[mask])
