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
    assert data["rules"] == "B"
    assert round(data["optimal"], 4) == 3.3295
    assert data["random"] == pytest.approx(data["none"], abs=1e-12)
    assert data["criterion_met"] is False
    assert data["diff"]["hands"] == 6
    assert set(data["chances"]["optimal"]) == {"five_of_a_kind", "four_of_a_kind", "full_house", "straight",
                                                   "three_of_a_kind", "two_pairs", "pair", "nothing"}


def test_json_several_tables_is_one_object_with_a_list():
    data = json.loads(run("dice-poker", "--json").stdout)
    assert list(data) == ["tables"]
    assert [d["rules"] for d in data["tables"]] == ["B", "I"]


def test_exact_json_values_are_fractions():
    data = json.loads(run("dice-poker", "-t", "B", "--exact", "--json").stdout)
    assert data["optimal_exact"] == "6291295/1889568"
    assert data["none_exact"] == "185/162"
    assert data["optimal"] == 6291295 / 1889568 and data["none"] == 185 / 162


def test_custom_payouts_and_options():
    data = json.loads(run("dice-poker", "--payouts", "10,6,4,3,2,1,1/2", "--tie", "lower", "--json").stdout)
    assert data["rules"] == "custom" and data["tie"] == "lower"
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
    assert data["rules"] == "H" and data["criterion_met"] is True
    data = json.loads(run("dice-poker", "--tables-file", str(path), "-t", "H,B", "--json").stdout)
    assert [d["rules"] for d in data["tables"]] == ["H", "B"]


@pytest.mark.slow
def test_plot(tmp_path):
    path = tmp_path / "depth.png"
    result = run("dice-poker", "--plot", str(path))
    assert result.exit_code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_hint():
    data = json.loads(run("dice-poker", "hint", "2", "3", "4", "5", "5", "--rerolls-left", "2", "--json").stdout)
    assert data["rules"] == "B"
    keeps = data["options"]
    assert len(keeps) == 2 * 2 * 2 * 3
    assert keeps[0]["keep"] == [5, 5] and keeps[0]["loss"] == 0
    assert all(a["value"] >= b["value"] for a, b in zip(keeps, keeps[1:]))
    exact = json.loads(run("dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "--exact", "--json").stdout)
    first = exact["options"][0]
    assert first["keep"] == [1, 2, 3, 4, 5] and first["value_exact"] == "3/1" and first["loss_exact"] == "0/1"
    assert first["value"] == 3.0 and first["loss"] == 0.0


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
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "--rerolls-left", "0"], "--rolls-left"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "--rolls-left", "7"], "--rolls-left must be a whole number 1 to 6"),
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


@pytest.mark.slow
def test_console_script_as_a_process():
    done = subprocess.run([sys.executable, "-m", "holdwise", "dice-poker", "--payouts", "1,2"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("error:") and "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "holdwise", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "dice-poker" in done.stdout


# --- the house's conventions: options before a command, one-string hands, 80 columns, exact keys, play ---

def _hint_json(*args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_options_before_the_command_apply_to_it():
    """`dice-poker --table I hint ...` plays table I (it used to use table B silently)."""
    before = _hint_json("dice-poker", "--table", "I", "hint", "1", "2", "3", "4", "5", "-r", "1", "--json")
    after = _hint_json("dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "--table", "I", "--json")
    spelled = _hint_json("dice-poker", "--rules", "I", "hint", "1", "2", "3", "4", "5", "--rolls-left", "1", "--json")
    assert before == after == spelled
    assert before["rules"] == "I" and before["options"][0]["keep"] == [5]  # table I pays 0 for the straight
    table_b = _hint_json("dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "--json")
    assert table_b["options"][0]["keep"] == [1, 2, 3, 4, 5]
    small = _hint_json("dice-poker", "--dice", "4", "--sides", "8", "--exact", "hint", "1 2 8 8", "-r", "1",
                       "--json")
    assert small["hand"] == [1, 2, 8, 8] and "value_exact" in small["options"][0]
    same = _hint_json("dice-poker", "--table", "I", "hint", "1", "2", "3", "4", "5", "-r", "1", "-t", "I", "--json")
    assert same == before
    data = json.loads(run("dice-poker", "-t", "B", "verify", "--hands", "2000", "--seed", "3", "--json").stdout)
    assert {r["rules"] for r in data["averages"]} == {"B"} and len(data["averages"]) == 5


@pytest.mark.parametrize("args,message", [
    (["dice-poker", "--diff", "hint", "1", "2", "3", "4", "5", "-r", "1"], "--diff does not apply"),
    (["dice-poker", "--rerolls", "1", "hint", "1", "2", "3", "4", "5", "-r", "1"], "--rerolls does not apply"),
    (["dice-poker", "--exact", "verify", "--hands", "10"], "--exact does not apply"),
    (["dice-poker", "--json", "play"], "--json does not apply"),
    (["dice-poker", "-t", "I", "play", "-t", "B"], "different values"),
    (["dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "1", "-t", "B,I"], "takes one table"),
    (["dice-poker", "--plot-returns"], "--plot-returns needs --plot"),
    (["dice-poker", "play", "--bet", "0"], "positive"),
])
def test_options_that_do_not_apply_are_refused(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_hint_hand_as_one_string_or_separate_arguments():
    separate = _hint_json("dice-poker", "hint", "2", "3", "4", "5", "5", "-r", "2", "--json")
    for form in (["2 3 4 5 5"], ["2,3,4,5,5"], ["2,3", "4 5", "5"]):
        assert _hint_json("dice-poker", "hint", *form, "-r", "2", "--json") == separate
    assert list(separate) == ["game", "hand", "rolls_left", "rules", "measure", "options"]
    assert separate["game"] == "dice-poker" and separate["measure"] == "expected_payout"
    assert list(separate["options"][0]) == ["option", "value", "loss", "keep", "action"]
    assert separate["options"][0]["option"] == "5 5"


def _numbers_with_exact_beside(data, path="") -> int:
    """Every *_exact key is "p/q" text beside a float (or both null); returns how many there are."""
    found = 0
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_exact"):
                plain = data[key[:-len("_exact")]]
                if value is None:
                    assert plain is None, path + key
                elif isinstance(value, dict):
                    assert set(value) == set(plain), path + key
                else:
                    num, den = value.split("/")
                    assert isinstance(plain, float) and abs(plain - int(num) / int(den)) < 1e-12, path + key
                found += 1
            found += _numbers_with_exact_beside(value, f"{path}{key}.")
    elif isinstance(data, list):
        found += sum(_numbers_with_exact_beside(v, path) for v in data)
    return found


@pytest.mark.slow
def test_exact_json_keys_beside_the_floats():
    data = json.loads(run("dice-poker", "-t", "B", "--exact", "--json").stdout)
    for key in ("optimal", "rule", "none", "random", "rule_share", "none_share", "gap_pp", "chance_gap_pp"):
        assert isinstance(data[key], float) and isinstance(data[f"{key}_exact"], str)
    assert data["random_exact"] == data["none_exact"] == "185/162"
    assert data["diff"]["chance_exact"] == "5/54"  # 720 / 7776
    assert data["diff"]["rows"][0]["optimal_value_exact"].count("/") == 1
    assert data["chances_exact"]["optimal"]["five_of_a_kind"].count("/") == 1
    assert set(data["chances_exact"]) == set(data["chances"])
    assert _numbers_with_exact_beside(data) >= 8 + 1 + 3 * 6 + 1
    plain = json.loads(run("dice-poker", "-t", "B", "--json").stdout)
    assert not any(k.endswith("_exact") for k in plain) and "chances_exact" not in plain
    assert set(plain) == {k for k in data if not k.endswith("_exact")}
    several = json.loads(run("dice-poker", "--exact", "--json").stdout)
    assert [t["optimal_exact"] for t in several["tables"]][0] == "6291295/1889568"


def test_no_reroll_prints_as_the_readme_says():
    """185/162 = 1.14197...: printed 1.1420 (four decimals, rounded), as the README says."""
    result = run("dice-poker", "-t", "B")
    assert "1.1420" in result.output and "1.1419" not in result.output
    assert "3.3295" in result.output and "3.2233" in result.output and "96.8%" in result.output


def _assert_fits_80(text):
    assert text.strip()
    too_long = [line for line in text.splitlines() if len(line) > 80]
    assert not too_long, too_long


@pytest.mark.slow
def test_human_output_fits_80_columns(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[tables]\nLongTableNam = [6, 5, 5, 5, 0, 0, 0]\nJ = [12, 6, 4, 3, 2, 1, "1/3"]\n')
    for args in (["dice-poker"], ["dice-poker", "-t", "B", "--diff", "--frequencies", "--exact"],
                 ["dice-poker", "--tables-file", str(path), "-t", "LongTableNam,J,B,I", "--diff"],
                 ["dice-poker", "hint", "1", "2", "3", "4", "5", "-r", "2", "--exact", "--all"],
                 ["dice-poker", "hint", "1", "1", "2", "6", "6", "-r", "1"],
                 ["dice-poker", "verify", "--hands", "2000"]):
        result = run(*args)
        assert result.exit_code == 0, result.output
        _assert_fits_80(result.stdout)
    table = run("dice-poker", "--tables-file", str(path), "-t", "LongTableNam,B").stdout
    assert "LongTableNam" in table and "3.3295" in table


def test_hint_shows_the_top_keeps_and_all_with_all():
    short = run("dice-poker", "hint", "2", "3", "4", "5", "5", "-r", "2").stdout
    assert "14 more keeps (--all shows them)" in short and "2.939815" in short
    full = run("dice-poker", "hint", "2", "3", "4", "5", "5", "-r", "2", "--all").stdout
    assert "more keeps" not in full and "nothing" in full


def test_help_keeps_bracketed_text_and_has_an_example():
    result = run("dice-poker", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "[tables]" in text and "Example: holdwise dice-poker" in text
    assert "higher or lower" in text
    for command in ("hint", "verify", "play"):
        sub = run("dice-poker", command, "--help")
        assert sub.exit_code == 0 and "Example: holdwise dice-poker" in " ".join(sub.output.split())


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_plot_gaps_png_and_svg(tmp_path, suffix):
    path = tmp_path / f"depth.{suffix}"
    result = run("dice-poker", "--plot", str(path), "--plot-returns")
    assert result.exit_code == 0, result.output
    head = path.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == "png" else b"<svg" in path.read_bytes()[:2000]
    if suffix == "svg":
        text = path.read_text()
        assert "limit 25 pp above chance" in text and "limit 5 pp above the rule" in text


def test_play_in_the_terminal():
    """Stand on the first hand, play another re-rolling everything twice, quit: rules, log, tally, review."""
    keys = "h\n?\nall\ny\nnone\nnone\nn\n"
    result = runner.invoke(app, ["dice-poker", "--table", "I", "play", "--seed", "3", "--bet", "2"], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Dice poker, table I: roll 5 dice; up to 2 times keep any and re-roll the rest.")
    assert "Pays: 5-kind 10, 4-kind 6, full 4, straight 0, 3-kind 2, 2 pairs 1, pair 0.5\n" in out
    assert "A hand stakes 2 and pays that times the table (seed 3)" in out
    assert "best first (expected payout):" in out
    assert "dice: 1 1 2 4 5   re-rolls left: 2" in out and "stood on 1 1 2 4 5" in out
    assert "hand 2 (bet 2): rolled 2 3 3 3 4" in out  # the first hand's roll shows as the dice above
    assert out.count("re-rolled 5 dice: ") == 2
    assert "tally: 1 hand, staked 2" in out and "tally: 2 hands, staked 4" in out
    assert "review: 3 of your 3 decisions lost value:" in out
    seeded = runner.invoke(app, ["dice-poker", "--table", "I", "play", "--seed", "3", "--bet", "2"], input=keys)
    assert seeded.output == out
    for line in out.splitlines():
        # a terminal ends the prompt's line with the typed keys; the runner does not echo them
        for prompt in ("keep> ", "another game? [y/N] "):
            line = line.removeprefix(prompt)
        if not line.lstrip().startswith(("1 1 2 4 5", "2 3 3 3 4", "1 1 1 5 5")):  # review lines: the shared loop
            assert len(line) <= 80, line


def test_play_takes_game_options_before_the_command(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\n')
    result = runner.invoke(app, ["dice-poker", "--tables-file", str(path), "-t", "H", "--rerolls", "0", "play",
                                 "--seed", "5"], input="y\nn\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Dice poker, table H: roll 5 dice; up to 0 times keep any")
    assert "Pays: 5-kind 6, 4-kind 5, full 5, straight 5, 3-kind 0, 2 pairs 0, pair 0\n" in out
    assert "hand 2 (bet 1): rolled " in out and "tally: 2 hands, staked 2" in out
    assert "keep>" not in out  # no re-rolls: every hand is paid as rolled
