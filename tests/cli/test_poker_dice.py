"""holdwise poker-dice: each command's JSON keys and values, human output within 80 columns, play, bad input."""

import json

import pytest
from typer.testing import CliRunner

from holdwise.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, ["poker-dice", *args], input=input)


def _fits(output: str) -> bool:
    return all(len(line) <= 80 for line in output.splitlines())


def test_cli_duel_and_hint_json():
    data = json.loads(run("duel", "--json").stdout)
    assert data["first_player_win_chance"] + data["second_player_win_chance"] == pytest.approx(1)
    data = json.loads(run("duel", "--players", "3", "--json").stdout)
    assert set(data) >= {"first_player_win_chance", "second_player_win_chance", "third_player_win_chance"}
    data = json.loads(run("hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--to-beat", "6 6 6 2 2",
                          "--json").stdout)
    assert data["options"][0]["keep"] == ["1", "1"]
    data = json.loads(run("hint", "A", "A", "K", "Q", "9", "--rolls-left", "1", "--poker-faces", "--json").stdout)
    assert " ".join(data["hand"]) == "A A K Q 9"
    data = json.loads(run("hint", "6", "6", "1", "2", "3", "--rolls-left", "1", "--to-beat", "5 5 5 2 2",
                          "--players", "3", "--position", "2", "--json").stdout)
    assert "second of three" in data["situation"]


def test_odds_json_keys():
    data = json.loads(run("odds", "--json").stdout)
    assert list(data) == ["categories", "counts", "chances", "outcomes", "bust_hands"]
    assert data["outcomes"] == 7776 and data["counts"]["straight"] == 240 and data["counts"]["bust"] == 480
    assert data["chances"]["pair"] == pytest.approx(3600 / 7776)
    assert sorted(data["bust_hands"]) == [["6", "4", "3", "2", "1"], ["6", "5", "3", "2", "1"],
                                          ["6", "5", "4", "2", "1"], ["6", "5", "4", "3", "1"]]
    assert json.loads(run("odds", "--no-straights", "--json").stdout)["bust_hands"] is None


def test_duel_json_keys_and_figure():
    data = json.loads(run("duel", "--json").stdout)
    assert list(data) == ["first_player_win_chance", "second_player_win_chance", "players", "roll_limit",
                          "iterations", "tolerance", "seconds"]
    assert round(100 * data["first_player_win_chance"], 4) == 46.2355
    assert data["players"] == 2 and data["roll_limit"] is False and data["tolerance"] == 1e-13


def test_hint_json_keys():
    data = json.loads(run("hint", "1 1 3 4 6", "--rolls-left", "2", "--json").stdout)
    assert list(data) == ["game", "rules", "hand", "rolls_left", "to_beat", "players", "position", "holders", "roll_limit",
                          "rolls_allowed", "situation",
                          "measure", "options"]
    assert data["game"] == "poker-dice" and data["measure"] == "win_chance" and data["to_beat"] is None
    assert list(data["options"][0]) == ["option", "value", "loss", "keep", "stand", "action"]
    assert len(data["options"]) == 24 and data["options"][0]["loss"] == 0


def test_hand_as_one_string_or_separate_arguments():
    one = json.loads(run("hint", "1 1 3 4 6", "--rolls-left", "2", "--json").stdout)
    several = json.loads(run("hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--json").stdout)
    commas = json.loads(run("hint", "1,1,3,4,6", "--rolls-left", "2", "--json").stdout)
    assert one == several == commas


def test_variant_flags_before_or_after_the_command():
    before = run("--poker-faces", "odds", "--json").stdout
    after = run("odds", "--poker-faces", "--json").stdout
    assert before == after and '"A"' in before


@pytest.mark.parametrize("args", [
    ["odds"], ["odds", "--flush-rule", "--poker-faces"], ["duel"], ["duel", "--players", "3"],
    ["hint", "1", "1", "3", "4", "6", "--rolls-left", "2", "--to-beat", "6 6 6 2 2", "--all"],
    ["hint", "A", "K", "Q", "J", "10", "--rolls-left", "2", "--poker-faces", "--ace-high"],
    ["--help"], ["hint", "--help"], ["play", "--help"],
    ["odds", "--dice-set", "royal"], ["duel", "--dice-set", "octahedral"],
    ["hint", "--dice-set", "octahedral", "Ac", "As", "Ah", "Ad", "Ac", "--rolls-left", "1", "--all"],
    pytest.param(["hint", "--dice-set", "octahedral", "7s", "8d", "9s", "10d", "Js", "--rolls-left", "2", "--players",
                  "3", "--to-beat", "As Ah Ad Ac Ks"], marks=pytest.mark.slow),  # solves three players' card duel
])
def test_human_output_fits_80_columns(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert _fits(result.output), max(result.output.splitlines(), key=len)


def test_hint_shows_the_top_rows_and_all_shows_the_rest():
    top = run("hint", "1 1 3 4 6", "--rolls-left", "2", "--to-beat", "66622").output
    assert "12 more keeps (--all shows them)" in top and "23.249%" in top
    everything = run("hint", "1 1 3 4 6", "--rolls-left", "2", "--all").output
    assert "more keeps" not in everything and "none (roll all)" in everything and "all (stand)" in everything


def test_help_pages_have_examples():
    assert "Example: holdwise poker-dice hint" in run("--help").output
    for command in ("odds", "duel", "hint", "play"):
        assert "Example: holdwise poker-dice" in run(command, "--help").output


def test_cli_play_against_the_computer():
    result = run("play", "--seed", "4", input="h\n6\nall\n")
    assert result.exit_code == 0, result.output
    assert "keep 6 6" in result.output and ("you win" in result.output or "computer wins" in result.output
                                            or "replay" in result.output)
    result = run("play", "--seed", "3", input="7\nq\n")
    assert result.exit_code == 0 and "not a face" in result.output


def test_play_session_in_the_terminal():
    result = run("play", "--seed", "4", input="6 6 6\n\ny\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    lines = out.splitlines()
    assert lines[0].startswith("Poker dice: five dice") and lines[3].startswith("keys: dice to keep")
    assert "you roll 6 6 6 5 4 (three of a kind)" in out and "you keep 6 6 6, re-rolls 2:" in out
    assert "-- game 2: you, computer --" in out and "tally: you won" in out
    assert "review:" in out
    assert _fits(out)


def test_play_three_players_with_the_roll_limit():
    result = run("play", "--seed", "2", "--players", "3", "--position", "2", "--roll-limit", "--poker-faces",
                 input="all\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "-- game 1: computer 1, you, computer 2 --" in result.output and _fits(result.output)


@pytest.mark.parametrize("args,message", [
    (["duel", "--players", "7"], "--players"),
    (["hint", "1", "2", "3", "--rolls-left", "2"], "has 5 dice"),
    (["hint", "1", "2", "3", "4", "8", "--rolls-left", "2"], "not a face"),
    (["hint", "1", "2", "3", "4", "5", "--rolls-left", "3"], "--rolls-left must be a whole number 1 or 2 (after the first roll), got 3"),
    (["hint", "1", "2", "3", "4", "5", "--rolls-left", "1", "--to-beat", "1 2"], "has 5 dice"),
    (["odds", "--no-straights", "--flush-rule"], "flush rule needs straights"),
    (["hint", "1", "2", "3", "4", "5", "--rolls-left", "1", "--players", "3", "--position", "4",
      "--to-beat", "6 6 6 6 6"], "position must be"),
    (["hint", "1 0 2 3 4", "--rolls-left", "1"], "not a face: '0'"),
    (["hint", "1 1 A K Q", "--rolls-left", "1"], "mixes digits"),
    (["play", "--players", "3", "--position", "4"], "position must be a whole number 1 to 3"),
    (["play", "--seed", "-1"], "seed"),
    (["hint", "1 2 3 4 5", "--rolls-left", "1", "--holders", "2", "--to-beat", "6 6 6 6 6"],
     "--holders must be a whole number 1 (earlier players"),
])
def test_cli_bad_input(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_card_dice_json_is_the_faces():
    from holdwise.games import poker_dice as face

    odds = json.loads(run("odds", "--dice-set", "octahedral", "--json").stdout)
    assert odds == face.card_odds("octahedral").to_json() and odds["outcomes"] == 32768
    hint = json.loads(run("hint", "--dice-set", "octahedral", "Ac", "Kc", "Ah", "Ad", "7s", "--rolls-left", "1",
                          "--to-beat", "Ks Kh Kd Kc 9s", "--json").stdout)
    assert hint.pop("rules") == "octahedral"
    assert hint == face.card_hint("Ac Kc Ah Ad 7s", 1, "octahedral", "Ks Kh Kd Kc 9s").to_json()
    assert hint["to_beat"] == "K K K K 9 (four of a kind)" and hint["category"] == "A A A K 7 (three of a kind)"
    assert hint["options"][0]["dice"] and hint["options"][0]["action"]["type"] == "keep"
    duel = json.loads(run("duel", "--dice-set", "octahedral", "--json").stdout)
    assert duel["first_player_win_chance"] == pytest.approx(face.card_duel("octahedral").win_chances[0], abs=0)


def test_card_dice_play_from_a_set_file(tmp_path):
    faces = [["As", "Ks", "*"], ["As", "Kh"], ["Qs", "As"], ["Ks", "Qs"], ["As", "Kd", "*"]]
    path = tmp_path / "tiny.toml"
    path.write_text('name = "tiny"\n' + "".join(f"[[die]]\nfaces = {json.dumps(f)}\n" for f in faces))
    result = run("play", "--dice-set", str(path), "--seed", "3", "--players", "3", "--position", "2",
                 input="1 3\nh\n\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "-- game 1: computer 1, you, computer 2 --" in out and "your dice: 1:" in out
    assert "best first (win chance):" in out and "loss 0.000 pp" in out  # the hint's rows
    # typed input is not echoed here, so a prompt and the line after it share a line: a terminal splits them
    lines = [line.removeprefix("keep? ").removeprefix("another game? [y/N] ") for line in out.splitlines()]
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
