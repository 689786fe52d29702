"""holdwise video-poker: games, hold, return, play; JSON keys, 80 columns, bad input as one line."""

import json
import re

import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.cli.video_poker import SHIPPED
from holdwise.games.video_poker import shipped_games

runner = CliRunner()


def run(*args, **kwargs):
    return runner.invoke(app, ["video-poker", *args], **kwargs)


def fits_80(text: str) -> bool:
    return all(len(line) <= 80 for line in text.splitlines())


def test_cli_games_json():
    data = json.loads(run("games", "--json").stdout)
    assert list(data) == ["games"]
    job = next(g for g in data["games"] if g["id"] == "jacks-or-better-9-6")
    assert job["pays"]["royal_flush"] == 800 and job["pays_below_5_coins"]["royal_flush"] == 250
    assert set(job) == {"id", "name", "deck", "wild", "pays", "pays_below_5_coins"}
    exact = json.loads(run("games", "--exact", "--json").stdout)["games"][0]
    assert exact["pays_exact"]["full_house"] == "9/1"


def test_cli_hold_json():
    result = run("hold", "AS KS QS JS 9D", "--json", "--exact")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["rules"] == "jacks-or-better-9-6" and data["coins"] == 5
    assert data["game"] == "video-poker" and data["measure"] == "expected_return"
    assert data["hand"] == ["As", "Ks", "Qs", "Js", "9d"]
    assert len(data["options"]) == 32
    assert data["options"][0]["value_exact"] == "872/47"
    assert data["options"][0]["counts"]["royal_flush"] == 1
    assert data["options"][0]["hold"] == ["As", "Ks", "Qs", "Js"] and data["options"][0]["positions"] == [1, 2, 3, 4]
    assert set(data["options"][0]) == {"option", "value", "loss", "value_exact", "loss_exact", "hold", "positions",
                                       "draws", "counts", "action"}
    plain = json.loads(run("hold", "AS KS QS JS 9D", "--json").stdout)
    assert "value_exact" not in plain["options"][0] and plain["options"][0]["value"] == 872 / 47


@pytest.mark.parametrize("args", [["AS KS QS JS 9D"], ["AS", "KS", "QS", "JS", "9D"], ["AS,KS,QS,JS,9D"],
                                  ["as, ks, qs, js, 9d"], ["A♠", "K♠", "Q♠ J♠", "9♦"]])
def test_cli_hold_takes_the_hand_in_every_form(args):
    result = run("hold", *args, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hand"] == ["As", "Ks", "Qs", "Js", "9d"]


@pytest.mark.slow
def test_cli_return_json(tmp_path):
    result = run("return", "--game", "jacks-or-better-9-6", "--json", "--exact")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) >= {"rules", "coins", "return", "return_exact", "table", "seconds"}
    assert round(data["return"], 8) == 0.99543904
    num, den = map(int, data["return_exact"].split("/"))
    assert abs(num / den - data["return"]) < 1e-15
    assert data["table"][0] == {**data["table"][0], "hand": "royal_flush", "outcomes": 493_512_264}
    assert set(data["table"][0]) >= {"hand", "outcomes", "chance", "contribution"}
    assert set(data["table"][0]) == {"hand", "pay", "outcomes", "chance", "contribution", "pay_exact",
                                     "chance_exact", "contribution_exact"}
    assert data["outcomes"] == 19_933_230_517_200 and data["deal_weight"] == 7_669_695
    path = tmp_path / "g.toml"
    path.write_text('[tiny]\npays = [{ hand = "royal_flush", pay = 800 }, { hand = "flush", pay = 10 }]\n')
    data = json.loads(run("return", "-g", "tiny", "--paytable-file", str(path), "--coins", "1", "--json").stdout)
    assert data["rules"] == "tiny" and data["coins"] == 1 and 0 < data["return"] < 1
    assert "return_exact" not in data and "chance_exact" not in data["table"][0]


def test_cli_text_output():
    result = run("return", "-g", "jacks-or-better-9-6")
    assert result.exit_code == 0 and "0.99543904" in result.output and "19,933,230,517,200" in result.output
    assert "(99.5439%)" in result.output
    result = run("hold", "AS KS QS JS 9D")
    assert result.exit_code == 0 and "18.553191" in result.output
    assert run("games").exit_code == 0


def test_cli_hold_marks_the_dealt_order():
    out = run("hold", "9D AS KS QS JS").output.splitlines()
    head = next(i for i, line in enumerate(out) if line.lstrip().startswith("#"))
    assert out[head].split()[:6] == ["#", "9d", "As", "Ks", "Qs", "Js"]
    first = out[head + 1]
    assert first.split()[:5] == ["1", "HOLD", "HOLD", "HOLD", "HOLD"] and first.split()[-2:] == ["18.553191",
                                                                                                 "0.000000"]
    # the marks stand under the cards they hold: none under 9d, one under each of As Ks Qs Js
    for card in ("As", "Ks", "Qs", "Js"):
        col = out[head].index(card)
        assert first[col:col + 4] == "HOLD"
    assert first[out[head].index("9d"):out[head].index("9d") + 4].strip() == ""


def test_cli_hold_top_rows_all_and_counts():
    out = run("hold", "AS KS QS JS 9D").output
    rows = [line for line in out.splitlines() if re.match(r" {0,2}\d{1,2}  ", line)]
    assert len(rows) == 10 and "22 more holds: --all shows them" in out and "royal flush 1" not in out
    out = run("hold", "AS KS QS JS 9D", "--all").output
    rows = [line for line in out.splitlines() if re.match(r" {0,2}\d{1,2}  ", line)]
    assert len(rows) == 32 and "more holds" not in out
    out = " ".join(run("hold", "AS KS QS JS 9D", "--counts").output.split())
    assert "royal flush 1, flush 8, straight 3, jacks or better 12, nothing 23, of 47 draws" in out
    out = run("hold", "AS KS QS JS 9D", "--exact").output
    assert "872/47" in out


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["games"], ["games", "--exact"], ["hold", "AS KS QS JS 9D"], ["hold", "AS KS QS JS 9D", "--all", "--counts"],
    ["hold", "Jk Ks Qs 4d 7c", "-g", "joker-poker-kings", "--exact", "--all", "--counts"],
    ["hold", "2s 7h 8h 9h Kc", "-g", "deuces-wild-full-pay", "--coins", "3", "--exact", "--all"],
    ["return"], ["return", "-g", "double-double-bonus-9-6", "--exact"], ["return", "-g", "joker-poker-kings"],
])
def test_cli_human_output_fits_80_columns(args):
    result = run(*args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert fits_80(result.output), max(result.output.splitlines(), key=len)


def test_cli_help_lists_the_games_and_an_example():
    assert SHIPPED.split(", ") == list(shipped_games())
    group = run("--help", env={"COLUMNS": "80"}).output
    assert "Example: holdwise video-poker hint AS KS QS JS 9D" in group
    for command in ("games", "hold", "return", "play"):
        page = run(command, "--help", env={"COLUMNS": "80"}).output
        assert "Example: holdwise video-poker" in page and fits_80(page)
        words = " ".join(page.replace("│", " ").split())
        if command != "games":
            assert "joker-poker-kings" in words and "1, 2, 3, 4 or 5" in words


def test_cli_play_a_few_hands():
    keys = "\n".join(["", "h", "1 3", "y", "2", "0", "y", "d", "?", "x", "a", "n"]) + "\n"
    result = run("play", "--seed", "7", input=keys, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("seed 7\nVideo poker: bet 1-5 coins")
    assert "keys: bet 1-5 or Enter; hold 1 3 5, a all, 0 none; h hint, ? help, q quit" in out
    assert "pays per coin at 5 coins:" in out and "royal flush 800" in out
    assert "hand 1, bet 5: dealt " in out and "hand 2, bet 2: dealt " in out and "hand 3, bet 2: dealt " in out
    assert "best first (expected return):" in out and "HOLD" in out
    assert "held all five: " in out and "held nothing, drew " in out
    assert "held 9h Kd, drew " in out  # "1 3" held the first and the third card
    assert "tally: 3 hands, 9 coins bet," in out
    assert "'x' is neither positions 1-5 nor cards of the hand (a holds all, 0 none)" in out
    assert "review: " in out
    # the runner does not echo the keys typed: a prompt and the next output share a line here
    prompts = ("bet 1-5, or Enter to deal at 5:", "bet 1-5, or Enter to deal at 2:",
               "hold (e.g. 1 3 5 or 135; a all, 0 none):", "another game? [y/N]")
    for prompt in prompts:
        out = out.replace(prompt, prompt + "\n")
    assert fits_80(out)
    assert "you chose 9h Kd, best was As Ah (cost 6 expected credits)" in out[out.index("review: "):]


def test_cli_play_quits_and_reviews_costly_decisions():
    # standing pat on every hand: most deals are not pat hands, so the review names what it cost
    keys = "\n".join(["", "a", "y", "", "a", "q"]) + "\n"
    out = run("play", "--seed", "1", "--credits", "20", "--bet", "1", input=keys).output
    assert "credits 20; bet 1" in out and "hand 1, bet 1: dealt " in out
    assert "expected credits" in out and "of your 2 decisions" in out


@pytest.mark.parametrize("args,message", [
    (["hold", "AS KS QS JS"], "has 5 cards"),
    (["hold", "AS KS QS JS AS"], "appears twice"),
    (["hold", "AS KS QS JS ZZ"], "unknown card"),
    (["hold", "AS KS QS JS TS", "--game", "nope"], "unknown game"),
    (["hold", "AS KS QS JS TS", "--coins", "0"], "coins must be"),
    (["return", "--coins", "6"], "coins must be"),
    (["return", "--paytable-file", "/nonexistent.toml"], "not found"),
    (["hold"], "Missing argument 'hand'"),
    (["games", "--paytable-file", "/nonexistent.toml"], "not found"),
    (["play", "--bet", "6"], "bet must be a whole number 1 to 5"),
    (["play", "--seed", "-1"], "seed must be"),
    (["play", "--credits", "0"], "credits must be"),
])
def test_cli_bad_input(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_cli_bad_pay_table_file_is_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[g]\npays = [{ hand = "royal", pay = 1 }]\n')
    result = run("games", "--paytable-file", str(path))
    assert result.exit_code == 2 and "unknown hand 'royal'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_options_before_the_subcommand_are_refused():
    result = run("--game", "deuces-wild-full-pay", "hold", "AS KS QS JS 9D")
    assert result.exit_code == 2 and "No such option" in result.stderr
