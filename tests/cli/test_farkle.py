import json

import pytest
from typer.testing import CliRunner

from holdwise.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_turn_json_keys():
    result = run("farkle", "turn", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) >= {"expected_points", "bust_probability", "bank_threshold"}
    assert list(data["bust_probability"]) == ["1", "2", "3", "4", "5", "6"]
    assert list(data["bank_threshold"]) == ["1", "2", "3", "4", "5", "6"]


def test_turn_unlike_dice_and_plot(tmp_path):
    path = tmp_path / "coach.png"
    result = run("farkle", "turn", "--dice", "weighted,lucky,ordinary*4", "--plot", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["dice"][:2] == ["weighted", "lucky"] and len(data["by_dice_left"]) == 2 * 2 * 5 - 1
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_hint_json():
    data = json.loads(run("farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300", "--json").stdout)
    assert data["measure"] == "expected_points"
    assert data["selections"][0]["keep"] == ["1", "1", "2", "3", "4", "5"]
    assert data["selections"][0]["hot_dice"] is True


def test_race_aware_hint_json():
    result = run("farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300", "--score", "1200",
                 "--opponent", "3500", "--target", "4000", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["measure"] == "win_probability"
    assert all(0 <= r["roll_on"] <= 1 and 0 <= r["bank"] <= 1 for r in data["selections"])


def test_match_json(tmp_path):
    path = tmp_path / "match.png"
    result = run("farkle", "match", "--target", "1000", "--plot", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"first_player_win", "race_aware_vs_race_blind"}
    assert 0.5 < data["first_player_win"] < 0.7
    assert data["race_aware_vs_race_blind"] >= data["first_player_win"] - 1e-12
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_loadout_json():
    data = json.loads(run("farkle", "loadout", "--owned", "ordinary*5,odd,lucky", "--json").stdout)
    assert data["choices"] == 3
    assert data["loadouts"][0]["expected_points"] >= data["loadouts"][-1]["expected_points"]


@pytest.mark.parametrize("args,message", [
    (["farkle", "turn", "--dice", "golden*6"], "unknown die"),
    (["farkle", "turn", "--dice", "ordinary*5"], "needs 6 dice"),
    (["farkle", "turn", "--dice", "saint-antiochus*6"], "never bust"),
    (["farkle", "hint", "1", "5", "--dice", "pie*6"], "cannot show 5"),
    (["farkle", "hint", "1", "9"], "shows 1 to 6"),
    (["farkle", "hint", "1", "5", "--turn-total", "30"], "multiple of 50"),
    (["farkle", "hint", "1", "5", "--target", "4010"], "multiple of 50"),
    (["farkle", "hint", "1", "5", "--score", "4000"], "below the target"),
    (["farkle", "hint", "1", "5", "--positions", "1,1"], "own position"),
    (["farkle", "match", "--target", "4020"], "multiple of 50"),
    (["farkle", "loadout", "--owned", "ordinary*5"], "needs 6 dice"),
    (["farkle", "turn", "--plot", "x.svg"], ".png"),
])
def test_bad_input(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
