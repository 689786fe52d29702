"""The hold classifier's kernel run both ways in one process: its compiled module (where built) and its source
as plain Python give the same code for every hold, and a whole hand's code carries the pay class the slow
oracle gives it (plain Python once lost it: NumPy's int8 class wrapped to 0 in `f1 << 28`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from holdwise.games.video_poker import pattern_kernels
from holdwise.games.video_poker.cards import parse_hand
from holdwise.games.video_poker.evaluator import binomials
from holdwise.games.video_poker.pattern_codes import classes5, game_rules, hold_codes, rank_tables, scratch
from holdwise.games.video_poker.paytables import get_game, load_games
from tests.oracles.video_poker_bruteforce import Oracle

FIVE_ACES = load_games(Path(__file__).parents[3] / "docs" / "games" / "five-aces.toml")["five-aces-ddb-9-6"]
GAMES = {"jacks-or-better-9-6": None, "deuces-wild-full-pay": None, "joker-poker-kings": None,
         FIVE_ACES.id: FIVE_ACES}
DEALS = 150  # random deals a game, and the deal of the trainer's star test


def _plain_source():
    """pattern_kernels run from its .py as plain Python, whatever this process imported."""
    source = Path(pattern_kernels.__file__).with_name("pattern_kernels.py")
    spec = importlib.util.spec_from_file_location("plain_pattern_kernels", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAIN = _plain_source()


def _deals(table, rng: np.random.Generator) -> np.ndarray:
    rows = [np.sort(rng.choice(table.deck, 5, replace=False)) for _ in range(DEALS)]
    if table.extra_ace:
        rows.append(np.array(sorted(parse_hand("4d Js 3c 5c A*", 53, "ace"))))
    return np.array(rows, dtype=np.int64)


@pytest.mark.parametrize("game", list(GAMES))
def test_plain_and_compiled_classifier_give_the_same_codes(game):
    table = GAMES[game] or get_game(game)
    deals = _deals(table, np.random.default_rng(38))
    here = hold_codes(table, deals)  # the module this process imported (compiled where built)
    classes = classes5(table)
    assert classes.dtype == np.int8  # the narrow type the tables keep, which plain Python once mishandled
    rules = game_rules(table)
    plain = np.empty_like(here)
    PLAIN.classify_deals(deals, rules.wild_mode, rules.hi, rules.rank_group, classes, binomials(),
                         *rank_tables(rules.wild_mode == 1), np.empty(0, dtype=np.int64), *scratch(), plain)
    assert np.array_equal(plain, here)
    # the whole hand's code (hold 31): family 0, its pay class in bits 28-35, as the oracle classes the hand
    oracle = Oracle(table.hands, "ace" if table.extra_ace else table.wild)
    whole = here[:, 31]
    assert (whole >> 44 == 0).all()
    assert ((whole >> 28) & 0xFF).tolist() == [oracle(list(d)) for d in deals.tolist()]
    assert len(set(((whole >> 28) & 0xFF).tolist())) > 1  # the classes differ: a lost class would fail above
