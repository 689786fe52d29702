import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from holdwise.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_default_report_lists_builtin_tables():
    result = run("dice-poker")
    assert result.exit_code == 0, result.output
    assert "3.3295" in result.output and "3.3013" in result.output


def test_json_single_table_keys():
    result = run("dice-poker", "--table", "B", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["table"] == "B"
    assert round(data["optimal"], 4) == 3.3295
    assert data["random"] == pytest.approx(data["none"], abs=1e-12)
    assert data["criterion_met"] is False
    assert data["diff"]["hands"] == 6
    assert set(data["frequencies"]["optimal"]) == {"five_of_a_kind", "four_of_a_kind", "full_house", "straight",
                                                   "three_of_a_kind", "two_pairs", "pair", "nothing"}


def test_json_several_tables_is_a_list():
    data = json.loads(run("dice-poker", "--json").stdout)
    assert [d["table"] for d in data] == ["B", "I"]


def test_exact_json_values_are_fractions():
    data = json.loads(run("dice-poker", "-t", "B", "--exact", "--json").stdout)
    assert data["optimal"] == "6291295/1889568"
    assert data["none"] == "185/162"


def test_custom_payouts_and_options():
    data = json.loads(run("dice-poker", "--payouts", "10,6,4,3,2,1,1/2", "--tie", "lower", "--json").stdout)
    assert data["table"] == "custom" and data["tie"] == "lower"
    assert round(data["rule"], 4) == 3.2233
    data = json.loads(run("dice-poker", "-t", "B", "--rerolls", "0", "--json").stdout)
    assert data["optimal"] == pytest.approx(data["none"])
    data = json.loads(run("dice-poker", "-t", "B", "--dice", "4", "--sides", "8", "--weights",
                          "1,1,1,1,1,1,1,2", "--json").stdout)
    assert data["optimal"] > 0


def test_diff_and_frequencies_tables():
    result = run("dice-poker", "-t", "B", "--diff", "--frequencies")
    assert result.exit_code == 0
    assert "2 3 4 5 6" in result.output and "first-roll count" in result.output and "7,776" in result.output


def test_tables_file(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\n')
    data = json.loads(run("dice-poker", "--tables-file", str(path), "--json").stdout)
    assert data["table"] == "H" and data["criterion_met"] is True
    data = json.loads(run("dice-poker", "--tables-file", str(path), "-t", "H,B", "--json").stdout)
    assert [d["table"] for d in data] == ["H", "B"]


def test_plot(tmp_path):
    path = tmp_path / "depth.png"
    result = run("dice-poker", "--plot", str(path))
    assert result.exit_code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hint():
    data = json.loads(run("dice-poker", "hint", "2", "3", "4", "5", "5", "--rerolls-left", "2", "--json").stdout)
    assert data["table"] == "B"
    keeps = data["keeps"]
    assert len(keeps) == 2 * 2 * 2 * 3
    assert keeps[0]["keep"] == [5, 5] and keeps[0]["gap"] == 0
    assert all(a["expected"] >= b["expected"] for a, b in zip(keeps, keeps[1:]))
    exact = json.loads(run("dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "--exact", "--json").stdout)
    assert exact["keeps"][0] == {"keep": [1, 2, 3, 4, 5], "expected": "3/1", "gap": "0/1"}


@pytest.mark.parametrize("args,message", [
    (["dice-poker", "--payouts", "1,2,3"], "has 7 payouts"),
    (["dice-poker", "--payouts", "1,2,3,4,5,6,-7"], "negative"),
    (["dice-poker", "--payouts", "1,2,3,4,5,6,x"], "not a number"),
    (["dice-poker", "--dice", "11"], "dice must be"),
    (["dice-poker", "--sides", "1"], "faces must be"),
    (["dice-poker", "--rerolls", "9"], "re-rolls must be"),
    (["dice-poker", "--weights", "1,1"], "weights given"),
    (["dice-poker", "--weights", "a,b"], "whole numbers"),
    (["dice-poker", "--table", "Q"], "unknown table"),
    (["dice-poker", "--tie", "middle"], "--tie"),
    (["dice-poker", "--plot", "x.jpg"], ".png"),
    (["dice-poker", "--tables-file", "/nonexistent.toml"], "not found"),
    (["dice-poker", "--plot", "/nonexistent-dir/depth.png"], "cannot write"),
    (["dice-poker", "--dice", "10", "--sides", "20"], "too large to solve here"),
    (["dice-poker", "hint", "1", "2", "3", "--rerolls-left", "2"], "a hand has 5 dice"),
    (["dice-poker", "hint", "1", "2", "3", "4", "7", "--rerolls-left", "2"], "not a face"),
    (["dice-poker", "hint", "1", "2", "3", "4", "x", "--rerolls-left", "2"], "a hand is dice values"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "--rerolls-left", "0"], "--rerolls-left"),
    (["dice-poker", "verify", "--hands", "1"], "--hands"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_verify_small_run_passes():
    result = run("dice-poker", "verify", "--hands", "20000", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["passed"] is True and data["hands"] == 20000
    assert len(data["averages"]) == 2 * 5
    assert len(data["frequencies"]) == 2 * 5 * 8


def test_console_script_as_a_process():
    done = subprocess.run([sys.executable, "-m", "holdwise", "dice-poker", "--payouts", "1,2"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("error:") and "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "holdwise", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "dice-poker" in done.stdout
