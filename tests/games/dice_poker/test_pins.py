"""Pins for dice poker's mutants that survived the mutation run, and its limits (issue 9)."""

import math

import pytest

from holdwise import InputError
from holdwise.games.dice_poker import (
    MAX_PAYOUT,
    MIN_HANDS,
    batch_returns,
    check_gap,
    check_verify,
    load_tables,
    new_game,
    parse_hand,
    parse_payouts,
    report,
    reports,
)
from tests.games.dice_poker.asking import ask

B = (10, 6, 4, 3, 2, 1, 0.5)


@pytest.mark.parametrize("text", ["[tables]\n", "[tables]\n[other]\nA = [1, 2, 3, 4, 5, 6, 7]\n",
                                  "tables = {}\n", "tables = 5\n", "tables = [1, 2]\n", "title = 'x'\n", ""])
def test_a_tables_file_needs_a_nonempty_tables_section(tmp_path, text):
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=r"no \[tables\] section"):
        load_tables(path)


def test_a_tables_file_that_is_a_directory_or_missing(tmp_path):
    with pytest.raises(InputError, match="is a directory"):
        load_tables(tmp_path)
    with pytest.raises(InputError, match="not found"):
        load_tables(tmp_path / "missing.toml")


@pytest.mark.parametrize("value", ["inf", "nan", "-inf", '"inf"', '"-Infinity"', "1e309", '"1e999999999"',
                                   "true", "[1]", "{a = 1}", "1979-05-27", '"x"', '"1/0"', "-1", "1e13"])
def test_table_values_of_the_wrong_kind_are_refused(tmp_path, value):
    path = tmp_path / "t.toml"
    path.write_text(f"[tables]\nA = [10, 6, 4, 3, 2, 1, {value}]\n")
    with pytest.raises(InputError, match="table 'A'.*payout for pair"):
        load_tables(path)


def test_payouts_up_to_1e12_and_zero():
    assert parse_payouts([MAX_PAYOUT, 0, 0, 0, 0, 0, 0])[0] == 10**12
    assert parse_payouts("1e12,0,0,0,0,0,0")[0] == 10**12
    with pytest.raises(InputError, match="too large"):
        parse_payouts([MAX_PAYOUT + 1, 0, 0, 0, 0, 0, 0])
    with pytest.raises(InputError, match="negative"):
        parse_payouts("0,0,0,0,0,0,-0.0001")


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan, "inf", "1e309", "1e999999999", True, None])
def test_payouts_must_be_finite_numbers(bad):
    with pytest.raises(InputError, match="payout for five of a kind"):
        parse_payouts([bad, 6, 4, 3, 2, 1, 0.5])


@pytest.mark.parametrize("bad", [math.inf, math.nan])
def test_batch_payouts_must_be_finite(bad):
    with pytest.raises(InputError, match="finite"):
        batch_returns([[bad, 6, 4, 3, 2, 1, 0.5]])


@pytest.mark.parametrize("hand", ["1.5 2 3 4 5", "1 2 3 4 5.0", "² 1 3 4 6", "١ 2 3 4 5", "-1 2 3 4 5",
                                  "1 2 3 4 99999999999999999999", "1e0 2 3 4 5", [1.5, 2, 3, 4, 5], 12345])
def test_hands_are_whole_faces(hand):
    with pytest.raises(InputError):
        parse_hand(hand)


def test_hint_hand_with_wrong_faces():
    with pytest.raises(InputError, match="face 7 is not a face"):
        ask("1 2 3 4 7", 2)
    with pytest.raises(InputError, match="face 0 is not a face"):
        ask("0 2 3 4 5", 2)


@pytest.mark.parametrize("gap", [math.nan, math.inf, -math.inf, 1e309, 1001, -1001, "5", None, True])
def test_criterion_limits_are_finite(gap):
    with pytest.raises(InputError, match="minimum gap"):
        check_gap(gap, "the minimum gap above chance")
    with pytest.raises(InputError, match="minimum gap"):
        reports({"B": B}, min_rule_gap_pp=gap)


def test_criterion_limits_in_range():
    assert check_gap(25, "x") == 25 and check_gap(-1000, "x") == -1000 and check_gap(1000.0, "x") == 1000


def test_exact_report_beyond_the_budget_is_refused_at_once():
    with pytest.raises(InputError, match="exact arithmetic on 10 dice with 16 faces would take about"):
        reports({"B": B}, dice=10, sides=16, exact=True)
    with pytest.raises(InputError, match="largest accepted"):
        report(B, dice=7, sides=12, exact=True)
    with pytest.raises(InputError, match="exact arithmetic"):
        ask("1 2 3 4 5 6 7", 2, dice=7, sides=16, exact=True)


def test_verify_limits():
    tables = {"B": B}
    check_verify(tables, MIN_HANDS, 0)
    check_verify(tables, 8_000_000, 0)  # 8e6 x 5 strategies x 5 dice x 3 rolls = the limit, 600 million
    for hands in (2, MIN_HANDS - 1, 0, -5, True, 1.5e6):
        with pytest.raises(InputError, match="hands must be at least"):
            check_verify(tables, hands, 0)
    with pytest.raises(InputError, match="at most 8,000,000 hands"):
        check_verify(tables, 8_000_001, 0)
    with pytest.raises(InputError, match="at most 4,000,000 hands"):
        check_verify({"B": B, "I": B}, 10_000_000_000, 0)
    with pytest.raises(InputError, match="seed"):
        check_verify(tables, MIN_HANDS, -1)


def test_verify_z_is_finite_when_every_hand_pays_the_same():
    """10 dice: only two pairs pays 0, and optimal play almost never ends there, so all 1,000 sampled hands pay 1
    (sample spread 0) while the exact return is just below 1: z is measured against the exact spread, finite."""
    from holdwise.games.dice_poker import verify_by_play

    out = verify_by_play({"X": [1, 1, 1, 1, 1, 0, 1]}, hands=MIN_HANDS, seed=1, dice=10)
    optimal = next(r for r in out.averages if r.strategy == "optimal")
    assert optimal.standard_error == 0 and optimal.exact < 1
    assert all(math.isfinite(r.z) for r in (*out.averages, *out.frequencies))
    assert math.isfinite(out.max_abs_z) and out.passed


@pytest.mark.parametrize("options,message", [
    ({"bet": "inf"}, "bet"), ({"bet": math.inf}, "bet"), ({"bet": "1e999999999"}, "bet"), ({"bet": 10**13}, "bet"),
    ({"bet": -1}, "positive"), ({"weights": 5}, "weights"), ({"weights": [0] * 6}, "not all zero"),
    ({"payouts": "inf,1,1,1,1,1,1"}, "payout"), ({"payouts": 7}, "payout"), ({"sides": True}, "whole number"),
    ({"dice": 10, "sides": 17}, "too large"),
])
def test_session_options(options, message):
    with pytest.raises(InputError, match=message):
        new_game(options, 0)


def test_reports_count_progress_in_steps():
    """A large report shows it is moving: five steps a table (four solves and the diff)."""
    calls = []
    reports({"B": B, "I": (10, 6, 4, 0, 2, 1, 0.5)}, on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 10) for i in range(11)]
