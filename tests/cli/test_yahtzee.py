"""holdwise yahtzee: solve, hint, simulate and play as a person sees them (80 columns) and as JSON."""

import json

import pytest

from tests.cli.refusal import run_command


def _ok(args, tmp_path, stdin=""):
    done = run_command(args, tmp_path, stdin)
    assert done.returncode == 0, done.stderr
    assert all(len(line) <= 80 for line in done.stdout.splitlines()), done.stdout
    return done.stdout


@pytest.mark.slow
def test_solve_gives_the_published_optimum(tmp_path):
    out = json.loads(_ok(["yahtzee", "solve", "--json"], tmp_path))
    assert round(out["expected_score"], 4) == 254.5896  # Verhoeff's published value
    assert out["states"] == 536_320 and out["table_bytes"] == 2**13 * 64 * 2 * 8
    text = _ok(["yahtzee", "solve"], tmp_path)
    assert "254.5896" in text and "read from the stored table" in text


@pytest.mark.slow
def test_hint_ranks_keeps_and_boxes(tmp_path):
    out = json.loads(_ok(["yahtzee", "hint", "1", "1", "5", "3", "2", "--json"], tmp_path))
    assert out["dice"] == [1, 1, 2, 3, 5] and out["rolls_left"] == 2 and out["measure"] == "expected_score"
    best = out["options"][0]
    assert best["option"] == "keep 5" and best["loss"] == 0
    assert abs(best["value"] - 249.93808643959804) < 1e-9  # yatzy-solver 1.0.0 gives the same
    assert len(out["options"]) == 23 + 13  # the keeps of 1 1 2 3 5 but all five (3 x 2 x 2 x 2 - 1), the boxes
    text = _ok(["yahtzee", "hint", "--card", "ones=3 fh=25 y=50", "66666", "--rolls-left", "0"], tmp_path)
    assert "score sixes (30)" in text and "432.2430" in text


@pytest.mark.slow
def test_simulate_is_seeded_and_near_the_optimum(tmp_path):
    args = ["yahtzee", "simulate", "--games", "200", "--seed", "4", "--json", "--plot", "h.png"]
    first = json.loads(_ok(args, tmp_path))
    again = json.loads(_ok(args, tmp_path))
    assert first == again
    assert first["errors_off"] < 4 and (tmp_path / "h.png").stat().st_size > 10_000


@pytest.mark.slow
def test_play_answers_hints_and_reviews(tmp_path):
    text = _ok(["yahtzee", "play", "--seed", "3"], tmp_path, stdin="h\nchance\nq\n")
    assert "best first (expected score)" in text
    assert "chance =" in text and "review:" in text


@pytest.mark.slow
def test_distribution_is_exact_and_plotted(tmp_path):
    out = json.loads(_ok(["yahtzee", "distribution", "--json", "--plot", "d.png"], tmp_path))
    probs = dict((s, p) for s, p in out["chances"])
    assert abs(sum(probs.values()) - 1) < 1e-9
    assert abs(sum(s * p for s, p in probs.items()) - 254.58960948196315) < 1e-6
    assert abs(out["mean"] - 254.5896) < 5e-5 and 59 < out["standard_deviation"] < 60.5
    assert max(probs) == 1575  # every box at its best and twelve Yahtzee bonuses
    assert (tmp_path / "d.png").stat().st_size > 10_000
    text = _ok(["yahtzee", "distribution"], tmp_path)
    assert "mean 254.5896" in text and "percentiles: 1% 151" in text
