"""holdwise video-poker strategy: the derived chart, --lines, --chart, --curve, --plot, --json; return's risk."""

import json

import pytest
from typer.testing import CliRunner

from holdwise.cli import app

runner = CliRunner()
JOB = "jacks-or-better-9-6"
CHART = """# a short chart for 9/6 Jacks or Better
1. royal flush
2. straight flush
four of a kind and a kicker
4 to a royal flush
full house
flush
straight
three of a kind
two pair
high pair
4 to a flush
low pair
single high card
"""


def run(*args):
    return runner.invoke(app, ["video-poker", *args])


def fits_80(text: str) -> bool:
    return all(len(line) <= 80 for line in text.splitlines())


def test_strategy_basic_human_and_json():
    result = run("strategy", "--game", JOB)
    assert result.exit_code == 0, result.output
    assert "best basic strategy" in result.stdout and "99.5439%" in result.stdout
    assert "costliest exceptions" in result.stdout
    assert fits_80(result.stdout)
    data = json.loads(run("strategy", "--json").stdout)
    assert data["kind"] == "basic" and data["rules"] == JOB
    assert data["lines"][0]["text"] == "royal flush" and "/" in data["return_exact"]
    assert data["cost"] >= 0 and data["notes"]
    assert data["optimal_return_exact"] == "1653526326983/1661102543100"


@pytest.mark.slow
def test_strategy_lines_curve_and_plot(tmp_path):
    plot = tmp_path / "curve.png"
    result = run("strategy", "--lines", "15", "--curve", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "best chart of at most 15 lines" in result.stdout and "cost curve" in result.stdout
    assert fits_80(result.stdout.replace(str(plot), "FILE"))
    assert plot.exists() and plot.stat().st_size > 1000
    data = json.loads(run("strategy", "--lines", "15", "--curve", "--json").stdout)
    assert len(data["lines"]) <= 15 and len(data["curve"]) == 40
    assert [p["lines"] for p in data["curve"]] == list(range(1, 41))
    assert all(b["cost"] <= a["cost"] for a, b in zip(data["curve"], data["curve"][1:]))


@pytest.mark.slow
def test_strategy_chart_file(tmp_path):
    chart = tmp_path / "chart.txt"
    chart.write_text(CHART)
    result = run("strategy", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert "your chart, 13 lines" in result.stdout and "where the chart errs most" in result.stdout
    assert fits_80(result.stdout)
    data = json.loads(run("strategy", "--chart", str(chart), "--json", "--all").stdout)
    assert data["kind"] == "chart" and len(data["lines"]) == 13 and len(data["errors"]) > 10
    err = data["errors"][0]
    assert set(err) >= {"chart_pattern", "best_pattern", "chance", "cost", "example", "note"}
    toml = tmp_path / "chart.toml"
    toml.write_text("lines = [" + ", ".join(json.dumps(x) for x in data["chart_text"].splitlines()) + "]\n")
    again = json.loads(run("strategy", "--chart", str(toml), "--json").stdout)
    assert again["return_exact"] == data["return_exact"]


def test_return_shows_the_risk_figures():
    result = run("return")
    text = " ".join(result.stdout.split())
    assert "variance 19.5147" in text and "hit frequency 45.4565%" in text and fits_80(result.stdout)
    data = json.loads(run("return", "--json").stdout)
    assert round(data["variance"], 4) == 19.5147 and round(data["return_percent"], 4) == 99.5439


@pytest.mark.parametrize("args, message", [
    (["--lines", "0"], "--lines"),
    (["--lines", "abc"], "--lines"),
    (["--lines", "3.5"], "--lines"),
    (["--coins", "6"], "coins"),
    (["--game", "nope"], "unknown game"),
    (["--plot", "curve.pdf"], ".png or .svg"),
    (["--chart", "missing.txt"], "not found"),
])
def test_strategy_bad_input(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["video-poker", "strategy", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stdout == ""


def test_strategy_bad_chart_names_the_line(tmp_path):
    chart = tmp_path / "c.txt"
    chart.write_text("royal flush\nfourr to a flush\n")
    result = run("strategy", "--chart", str(chart))
    assert result.exit_code == 2 and "line 2" in result.stderr and "4 to a flush" in result.stderr
    both = run("strategy", "--chart", str(chart), "--lines", "5")
    assert both.exit_code == 2 and "--chart" in both.stderr


def test_strategy_help_has_an_example():
    result = run("strategy", "--help")
    assert result.exit_code == 0 and "Example: holdwise video-poker strategy" in result.stdout
