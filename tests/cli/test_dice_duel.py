"""holdwise dice-duel: `solve` prints the exact value and the depth rows within 80 columns and its --json is the
face's report; `hint` answers either seat; `play` runs a duel from typed moves."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.games import dice_duel

runner = CliRunner()


def _run(*args: str, stdin: str | None = None):
    got = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "80"})
    assert got.exit_code == 0, got.output
    return got.output


def test_solve_prints_the_value_and_the_depth():
    out = _run("dice-duel", "solve")
    assert "value for the first seat: -0.003343 bets per duel\n  exactly -6139525/1836660096\n" in out
    assert "  rule         -0.1483    -0.1428    -0.1455        -0.1933" in out
    assert "gap to the optimum: rule 0.1455, chance 0.8203 bets per duel" in out
    assert max(map(len, out.splitlines())) <= 80


def test_solve_json_is_the_report():
    got = json.loads(_run("dice-duel", "solve", "--bet", "2", "--json"))
    want = dice_duel.depth_report(dice_duel.parse_rules({"bet": 2})).to_json()
    got.pop("seconds"), want.pop("seconds")
    assert got == want and got["bet"] == 2 and [r["policy"] for r in got["rows"]] == ["optimal", "rule", "chance"]


def test_hint_for_the_second_seat():
    out = _run("dice-duel", "hint", "6", "6", "2", "3", "1", "--opponent-dice", "5,5,4,4,1", "--seat", "second",
               "--betting", "check")
    assert "you (second seat) 1 2 3 6 6 vs 1 4 4 5 5: betting after 'check'" in out
    assert "  check                      -0.141975    0.000000" in out
    got = json.loads(_run("dice-duel", "hint", "66231", "--opponent-dice", "5,5,4,4,1", "--stage", "reroll",
                          "--json"))
    assert got["options"][0]["option"] == "keep 6 6" and got["stage"] == "reroll"


def test_play_a_duel_from_typed_moves():
    out = _run("dice-duel", "play", "--seed", "3", stdin="c\nh\nkeep 2 2 2\nn\nf\nq\n")
    assert "you roll 1 2 2 2 5; the computer rolls 1 1 4 5 6" in out
    assert "keep 2 2 2                  +0.6051 bets   loss 0.0000" in out
    assert "you chose check, best" in out and max(map(len, out.splitlines())) <= 80
