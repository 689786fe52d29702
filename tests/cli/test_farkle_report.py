"""`holdwise farkle report`: the text at 80 columns carries the report's figures, --json is the face's answer
and the web API's, --plot writes the heat maps."""

import json
import time

from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.games import farkle

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["farkle", "report", *args])


def test_text_fits_80_columns_and_shows_the_figures():
    result = run("--target", "500")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    report = farkle.strategy_report(farkle.parse_loadout(None), target=500)
    assert lines[0] == "Farkle strategy report: Ordinary die*6 against Ordinary die*6, to 500"
    assert f"0-0 wins {100 * report.first_player_win_chance:.2f}%." in lines[1]
    text = " ".join(result.stdout.split())
    assert f"Where the plays differ: {report.disagreements:,} of {report.situations:,} reachable situations" in text
    # the 3-dice row: coaching 450, race-aware at 0-0 as the report has it
    row = next(line.split() for line in lines if line.split()[:2] == ["3", "450"])
    assert row[2] == ("never" if report.race_threshold[2][0][0] is None else f"{report.race_threshold[2][0][0]:,}")
    worst = report.top_disagreements[0]
    assert f"{100 * worst.cost:.1f} pp" in result.stdout
    assert text.count("[figure: ") == len(report.findings)


def test_json_equals_the_face_and_the_api(client):
    result = run("--target", "500", "--opponent-dice", "lucky*6", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    dice = farkle.parse_loadout(None)
    assert data == json.loads(json.dumps(farkle.strategy_report(dice, farkle.parse_loadout("lucky*6"), 500).to_json()))
    # a report not solved in this server yet is a job (202 with its status), asked again as the page does
    deadline = time.monotonic() + 300
    while (api := client.get("/api/farkle/report", params={"target": 500, "opponent_dice": "lucky*6"})).status_code \
            == 202 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert api.status_code == 200 and api.json() == data
    assert data["opponent_dice"] == ["lucky"] * 6


def test_plot_writes_the_heat_maps(tmp_path):
    path = tmp_path / "report.png"
    result = run("--target", "500", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 20_000
    assert "".join(result.stdout.split()).endswith(f"plotwrittento{path}".replace(" ", ""))
