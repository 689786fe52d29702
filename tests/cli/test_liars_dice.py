"""holdwise liars-dice: `solve` prints the exact equilibrium's value and its --json; `play` runs a round."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from holdwise.cli import app

runner = CliRunner()


def _run(*args: str, stdin: str | None = None) -> str:
    got = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "80"})
    assert got.exit_code == 0, got.output
    return got.output


def test_solve_prints_the_exact_value():
    out = _run("liars-dice", "solve")
    assert "value for the first bidder: -0.111111 (exactly -1/9)" in out
    assert "an exact equilibrium: exploitability 0" in out and max(map(len, out.splitlines())) <= 80
    got = json.loads(_run("liars-dice", "solve", "--faces", "3", "--wild", "--json"))
    assert got["value_exact"] == "1/3" and got["exploitability_exact"] == "0/1" and got["wild"] is True


def test_hint_and_play():
    out = _run("liars-dice", "hint", "2", "--bids", "1x1")
    assert "  liar         +0.0000    0.0000   1.000" in out
    out = _run("liars-dice", "play", "--seed", "4", stdin="1x3\nh\nliar\nn\nq\n")
    assert "round 1: you roll 3; you bid first" in out and max(map(len, out.splitlines())) <= 80
