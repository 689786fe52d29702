"""The match solved eight score pairs side by side (lanes) against the solver one pair at a time."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from holdwise.games.farkle import parse_dice
from holdwise.games.farkle.lanes_kernels import LANES
from holdwise.games.farkle.match import _chunks, solve_match

ROOT = Path(__file__).resolve().parents[3]
SIX_UNLIKE = "ordinary,lucky,odd,kings,misfortune,heavenly-kingdom"


def _generator():
    spec = importlib.util.spec_from_file_location("make_lanes_kernel", ROOT / "tools" / "make_lanes_kernel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_kernel_file_is_what_its_template_gives():
    # tools/make_lanes_kernel.py writes lanes_kernels.py: a hand edit there, or a template changed without
    # running the script, fails here
    tool = _generator()
    assert (ROOT / "src" / "holdwise" / "games" / "farkle" / "lanes_kernels.py").read_text() == tool.kernel_source()
    assert tool.LANES == LANES == 8
    text = tool.kernel_source(3)  # the lane count is the arrays' size and the lane loops' length
    assert "best = cython.declare(cython.double[3])" in text and "for j in range(3):" in text
    assert "LANES = 3" in text and "[8]" not in text and "range(8)" not in text


def _rows_below_target(w: np.ndarray, g: int) -> np.ndarray:
    """A stored solve's decided rows: turn totals 1..g - a - 1 of own score a (row 0 was not kept before)."""
    return np.concatenate([w[a, :, 1:g - a].ravel() for a in range(g)])


# the default loadouts (six ordinary dice, a mirrored solve) to 4,000, and three unlike loadouts
@pytest.mark.parametrize("mine,other,target", [
    (None, None, 4000),
    ("ordinary*3,lucky,kings,devils-head", None, 1500),
    (SIX_UNLIKE, None, 1000),
    ("weighted,aranka,pie,ci,holy-trinity,ordinary", "ordinary*5,lucky", 900),
])
def test_lanes_give_the_numbers_of_one_pair_at_a_time(mine, other, target):
    dice, opponent = parse_dice(mine), parse_dice(other)
    lanes = solve_match(dice, opponent, target=target, store=True)
    pairs = solve_match(dice, opponent, target=target, store=True, lanes=False)
    # the same arithmetic in the same order per lane: equal, not merely close
    assert np.array_equal(lanes.first, pairs.first) and np.array_equal(lanes.second, pairs.second)
    g = target // 50
    for new, old in ((lanes.w_first, pairs.w_first), (lanes.w_second, pairs.w_second)):
        assert np.array_equal(_rows_below_target(new, g), _rows_below_target(old, g))
    assert lanes.iterations == pairs.iterations


@pytest.mark.parametrize("store", [False, True])
@pytest.mark.parametrize("blind1,blind2", [(False, True), (True, False), (True, True)])
def test_a_race_blind_player_as_a_line_agrees_with_passes(blind1, blind2, store):
    # a race-blind player's start value is linear in the bust value: without stored values it is summed over
    # how its turn ends, with them one pass a pair; one pair at a time passes it at every step: the two agree
    # to the solver's tolerance
    dice, opponent = parse_dice("ordinary*4,weighted,odd"), parse_dice("ordinary*5,lucky")
    lanes = solve_match(dice, opponent, target=1100, blind1=blind1, blind2=blind2, store=store)
    pairs = solve_match(dice, opponent, target=1100, blind1=blind1, blind2=blind2, store=store, lanes=False)
    assert np.abs(lanes.first - pairs.first).max() < 1e-12
    assert np.abs(lanes.second - pairs.second).max() < 1e-12
    g = 1100 // 50
    for new, old in ((lanes.w_first, pairs.w_first), (lanes.w_second, pairs.w_second)) if store else ():
        assert np.abs(_rows_below_target(new, g) - _rows_below_target(old, g)).max() < 1e-12
    assert lanes.first_player_win != pytest.approx(solve_match(dice, opponent, target=1100).first_player_win,
                                                   abs=1e-4)  # the blind flag is honoured


def test_row_zero_holds_the_roll_at_the_start_of_the_turn():
    # a lane's first row is its turn's start: nothing banks there, and Roll(0, all dice) is the start chance
    dice, opponent = parse_dice("ordinary*5,lucky"), parse_dice(None)
    match = solve_match(dice, opponent, target=700, store=True)
    full1, full2 = match.first_turn.table.full_state, match.second_turn.table.full_state
    assert np.array_equal(match.w_first[:, :, 0, full1], match.first)
    g = 700 // 50
    assert np.array_equal(match.w_second[:, :, 0, full2], match.second)
    assert match.w_first.shape == (g, g, g + 1, match.first_turn.table.n_states)


@pytest.mark.parametrize("n,parts", [(1, 2), (7, 2), (8, 1), (9, 2), (17, 3), (80, 2), (40, 2)])
def test_runs_cover_every_pair_once_in_neighbouring_runs(n, parts):
    pairs = list(range(5, 5 + n))
    dealt = _chunks(pairs, parts)
    assert len(dealt) == parts
    runs = [run for part in dealt for run in part]
    assert sorted(a for run in runs for a in run) == pairs
    assert all(1 <= len(run) <= LANES and run == list(range(run[0], run[0] + len(run))) for run in runs)
    assert len(runs) == -(-n // LANES)  # as few runs as LANES allows, of nearly equal length
    assert max(map(len, runs)) - min(map(len, runs)) <= 1
    assert _chunks([], 2) == [[], []]


@pytest.mark.parametrize("names", [None, "ordinary*3,lucky,kings,devils-head"])
def test_how_a_blind_turn_ends_adds_up_to_the_coaching_tables_expected_points(names):
    # the chances of banking each total, weighted by the total, are the one-turn expected points of the
    # coaching table (the turn solve's own figure); with busting they hold all of the turn's chance
    from holdwise.games.farkle.match import _coach, blind_endings
    from holdwise.games.farkle.turn import solve_turn

    sol = solve_turn(parse_dice(names))
    t = sol.table
    levels = 1000  # 50,000 points: the chance a turn holds more is far below the tolerance
    banked, busted = np.zeros(levels), np.zeros(levels)
    blind_endings(levels, t.group_start, t.group_prob, t.option_start, t.option_units, t.option_state,
                  np.nan_to_num(t.bust, nan=1.0), t.full_state, *_coach(sol), banked, busted,
                  np.zeros((levels, t.n_states)))
    assert banked.sum() + busted.sum() == pytest.approx(1.0, abs=1e-12)
    assert banked[0] == 0.0 and busted[0] == pytest.approx(float(t.bust[t.full_state]), abs=1e-15)
    assert float(np.dot(banked, 50 * np.arange(levels))) == pytest.approx(sol.expected_points, abs=1e-9)
