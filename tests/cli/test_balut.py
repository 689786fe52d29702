"""holdwise yahtzee solve/hint --rules balut: the optimum, the points, a hint; bad input refused in one line."""

import json

import pytest

from tests.cli.refusal import assert_refused, run_command


def _ok(args, tmp_path):
    done = run_command(args, tmp_path, "")
    assert done.returncode == 0, done.stderr
    assert all(len(line) <= 80 for line in done.stdout.splitlines()), done.stdout
    return done.stdout


@pytest.mark.slow
def test_solve_and_hint(tmp_path):
    out = json.loads(_ok(["yahtzee", "solve", "--rules", "balut", "--json"], tmp_path))
    assert round(out["expected_score"], 4) == 433.3471 and out["states"] == 78_125
    assert round(out["points"]["expected_points"], 4) == 8.0378 and out["points"]["method"] == "exact"
    text = _ok(["yahtzee", "solve", "--rules", "balut"], tmp_path)
    assert "433.3471" in text and "8.0378" in text and "house: every box above 0 82.22%" in text
    hint = json.loads(_ok(["yahtzee", "hint", "--rules", "balut", "--card", "fours=8,12 sixes=24",
                           "1", "2", "3", "4", "5", "--rolls-left", "1", "--json"], tmp_path))
    assert hint["game"] == "yahtzee" and hint["rules"] == "balut" and hint["score_so_far"] == 44
    assert hint["options"][0]["option"] == "score straight (15)" and hint["options"][0]["loss"] == 0
    assert abs(hint["options"][0]["value"] - 433.0640) < 1e-4
    text = _ok(["yahtzee", "hint", "--rules", "balut", "66666", "--rolls-left", "0"], tmp_path)
    assert "score balut (50)" in text


CASES = [
    (["--card", "fours=5"], "fours cannot score '5'"),
    (["--card", "fives=5,5,5,5,5"], "fives has 4 boxes"),
    (["--card", "hat=3"], "unknown category 'hat'"),
    (["--card", "fours"], "category=score"),
    (["--rolls-left", "3"], "--rolls-left must be a whole number 0 to 2, got 3"),
]


@pytest.mark.parametrize(("extra", "message"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_refused(extra, message, tmp_path):
    assert_refused(["yahtzee", "hint", "--rules", "balut", "12345", *extra], tmp_path, message=message)


def test_balut_not_for_simulate(tmp_path):
    assert_refused(["yahtzee", "simulate", "--rules", "balut"], tmp_path,
                   message="balut for solve, hint, distribution and play")


@pytest.mark.slow
def test_play_a_balut_game_with_hints(tmp_path):
    done = run_command(["yahtzee", "play", "--rules", "balut", "--seed", "3"], tmp_path,
                       "h\nroll\nroll\nfours\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert "4 boxes each, 28 turns" in out and "best first (expected score)" in out
    assert "turn 1 of 28: dice 1 2 2 2 5, 2 rolls left" in out and "1 roll left" in out
    assert "turn 1: fours = " in out and "turn 2 of 28" in out
    assert "review:" in out


@pytest.mark.slow
def test_the_exact_distribution_of_the_total(tmp_path):
    out = json.loads(_ok(["yahtzee", "distribution", "--rules", "balut", "--json", "--plot", "b.png"], tmp_path))
    probs = dict(out["chances"])
    assert abs(sum(probs.values()) - 1) < 1e-9
    # pushed forward turn by turn, its mean is the backward induction's optimum
    assert abs(sum(s * p for s, p in probs.items()) - 433.3471) < 5e-5
    assert out["rules"] == "balut" and 43 < out["standard_deviation"] < 45
    assert max(probs) == 4 * (20 + 25 + 30 + 20 + 28 + 30 + 50)  # every box at its best
    assert (tmp_path / "b.png").stat().st_size > 10_000
