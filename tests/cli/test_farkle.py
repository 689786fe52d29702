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
    assert set(data) >= {"expected_points", "bust_chance", "bank_threshold"}
    assert list(data["bust_chance"]) == ["1", "2", "3", "4", "5", "6"]
    assert list(data["bank_threshold"]) == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.slow
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
    assert data["options"][0]["keep"] == ["1", "1", "2", "3", "4", "5"]
    assert data["options"][0]["hot_dice"] is True
    assert data["options"][0]["option"] == "keep 1 1 2 3 4 5, roll on"
    assert set(data) == {"game", "roll", "positions", "turn_total", "dice", "bust", "measure", "options"}
    assert set(data["options"][0]) == {"option", "value", "loss", "keep", "dice_kept", "dice_kept_names", "score", "turn_total",
                                       "dice_left", "hot_dice", "then", "action"}


@pytest.mark.slow
def test_race_aware_hint_json():
    result = run("farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300", "--score", "1200",
                 "--opponent", "3500", "--target", "4000", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["measure"] == "win_chance"
    assert all(0 <= o["value"] <= 1 for o in data["options"])
    # the race-aware values before the options shape (roll on, bank per selection)
    before = {("1", "1", "2", "3", "4", "5"): (0.1602784944803023, 0.06953796716497351),
              ("1",): (0.068538942420462, 0.03887213157730751),
              ("1", "2", "3", "4", "5"): (0.06834619067997771, 0.062370709284519155),
              ("5",): (0.06586783556787613, 0.036578335245863736),
              ("1", "1"): (0.058941080134746755, 0.04334220561246793),
              ("1", "5"): (0.056808501870120744, 0.041055110652530424),
              ("1", "1", "5"): (0.054335289413615116, 0.04560732402337886)}
    assert len(data["options"]) == 14
    for o in data["options"]:
        assert o["value"] == pytest.approx(before[tuple(o["keep"])][0 if o["then"] == "roll" else 1], abs=1e-12)
    assert {"score", "opponent", "target", "opponent_dice"} <= set(data)


def test_match_json(tmp_path):
    path = tmp_path / "match.png"
    result = run("farkle", "match", "--target", "1000", "--plot", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"first_player_win_chance", "race_aware_vs_race_blind"}
    assert 0.5 < data["first_player_win_chance"] < 0.7
    assert data["race_aware_vs_race_blind"] >= data["first_player_win_chance"] - 1e-12
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_match_with_badges_json_and_text():
    args = ("farkle", "match", "--target", "1000", "--badges", "warlord-tin,headstart-silver",
            "--opponent-badges", "resurrection-tin,defence-silver")
    data = json.loads(run(*args, "--json").stdout)
    assert data["badges"] == ["warlord-tin", "headstart-silver"] and data["layers"] == 4
    # the Defence cancels the headstart; the Warlord helps the first player and the Resurrection the second
    assert set(data["badge_worth"]) == {"warlord"} and set(data["opponent_badge_worth"]) == {"resurrection"}
    assert data["badge_worth"]["warlord"] > 0.03 > -0.03 > data["opponent_badge_worth"]["resurrection"]
    assert 0.5 < data["no_badge_win_chance"] < 0.7
    text = run(*args).stdout
    assert "the first player's warlord: +" in text and max(len(line) for line in text.splitlines()) <= 80


def test_loadout_json():
    data = json.loads(run("farkle", "loadout", "--owned", "ordinary*5,odd,lucky", "--json").stdout)
    assert data["choices"] == 3
    assert data["loadouts"][0]["expected_points"] >= data["loadouts"][-1]["expected_points"]
    assert set(data) == {"owned", "choices", "loadouts", "opponent_dice", "target", "seconds", "unbounded",
                         "ranked_by", "owned_names", "opponent_dice_names"}
    assert data["ranked_by"] == "expected_points" and data["opponent_dice_names"] is None
    assert data["owned_names"] == ["Ordinary die"] * 5 + ["Odd die", "Lucky die"]
    assert set(data["loadouts"][0]) == {"dice", "expected_points", "win_first", "win_second", "win_average",
                                        "dice_names"}


def test_loadout_against_an_opponent_ranks_by_win_chance():
    result = run("farkle", "loadout", "--owned", "ordinary*5,odd,lucky", "--opponent-dice", "ordinary*6",
                 "--target", "500")
    assert "by win chance in a match to 500" in result.stdout
    data = json.loads(run("farkle", "loadout", "--owned", "ordinary*5,odd,lucky", "--opponent-dice", "ordinary*6",
                          "--target", "500", "--json").stdout)
    assert data["ranked_by"] == "win_average"
    averages = [row["win_average"] for row in data["loadouts"]]
    assert averages == sorted(averages, reverse=True) and len(averages) == 3
    for line in result.stdout.splitlines():
        assert len(line) <= 80


@pytest.mark.parametrize("args,message", [
    (["farkle", "turn", "--dice", "golden*6"], "unknown die"),
    (["farkle", "turn", "--dice", "ordinary*5"], "needs 6 dice"),
    (["farkle", "turn", "--dice", "custom:0,0,1,0,0,0*6"], "never bust"),
    (["farkle", "hint", "1", "5", "--dice", "pie*6"], "cannot show 5"),
    (["farkle", "hint", "1", "9"], "shows 1 to 6"),
    (["farkle", "hint", "1", "5", "--turn-total", "30"], "multiple of 50"),
    (["farkle", "hint", "1", "5", "--target", "4010"], "multiple of 50"),
    (["farkle", "hint", "1", "5", "--score", "4000"], "below the target"),
    (["farkle", "hint", "1", "5", "--positions", "1,1"], "own position"),
    (["farkle", "match", "--target", "4020"], "multiple of 50"),
    (["farkle", "loadout", "--owned", "ordinary*5"], "needs 6 dice"),
    (["farkle", "turn", "--plot", "x.pdf"], ".png"),
    (["farkle", "hint", "J", "5"], "has none"),
    (["farkle", "loadout", "--owned", "ordinary*6", "--top", "0"], "at least 1"),
    (["farkle", "match", "--target", "20050"], "at most 20000"),
    (["farkle", "match", "--badges", "might-tin,fortune-tin"], "not built"),
    (["farkle", "match", "--opponent-badges", "luck-tin"], "unknown badge"),
    (["farkle", "play", "--computer", "smart"], "race-aware"),
    (["farkle", "play", "--first", "nobody"], "player or computer"),
])
def test_bad_input(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_turn_json_names_the_dice_of_each_row():
    data = json.loads(run("farkle", "turn", "--dice", "weighted,lucky,ordinary*4", "--json").stdout)
    assert data["bank_threshold_dice"]["1"] == ["weighted"] and data["bust_chance_dice"]["1"] == ["ordinary"]
    assert set(data) == {"dice", "expected_points", "bust_chance", "bank_threshold", "always_bank_from",
                         "by_dice_left", "bust_chance_dice", "bank_threshold_dice", "alike", "dice_names",
                         "bust_chance_dice_names", "bank_threshold_dice_names"}
    # every list of dice by id has the dice's names in the game beside it
    assert data["dice_names"] == ["Weighted die", "Lucky die"] + ["Ordinary die"] * 4
    assert data["bank_threshold_dice_names"]["1"] == ["Weighted die"]
    assert all(len(row["dice_names"]) == len(row["dice"]) for row in data["by_dice_left"])


def test_turn_human_output_with_unlike_dice_names_the_dice():
    result = run("farkle", "turn", "--dice", "weighted,lucky,ordinary*4")
    assert result.exit_code == 0
    assert "bust: Ordinary die; bank: Weighted die" in result.stdout  # the dice by their names in the game
    every = run("farkle", "turn", "--dice", "weighted,lucky,ordinary*4", "--all").stdout
    assert every.count("%") > result.stdout.count("%")  # every set of dice left, 19 rows


def test_turn_svg_plot(tmp_path):
    path = tmp_path / "coach.svg"
    result = run("farkle", "turn", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert b"<svg" in path.read_bytes()[:2000]


def test_match_json_keys():
    data = json.loads(run("farkle", "match", "--target", "500", "--json").stdout)
    assert set(data) == {"target", "dice", "opponent_dice", "first_player_win_chance", "second_player_win_chance",
                         "race_aware_vs_race_blind", "race_aware_second_vs_race_blind", "tolerance",
                         "iterations", "seconds", "dice_names", "opponent_dice_names"}
    assert data["dice_names"] == data["opponent_dice_names"] == ["Ordinary die"] * 6


def test_match_says_what_the_code_does():
    result = run("farkle", "match", "--target", "500")
    assert result.exit_code == 0
    assert "Newton steps" in result.stdout and "value iteration" not in result.stdout


def test_dice_listing():
    data = json.loads(run("farkle", "dice", "--json").stdout)
    assert data["joker_symbol"] == "J"
    devil = next(d for d in data["dice"] if d["id"] == "devils-head")
    assert devil["faces"][0] == "J" and devil["weights"] == [1, 1, 1, 1, 1, 1] and devil["name"] == "Devil's head die"
    assert len(data["dice"]) == 43 and len({d["group"] for d in data["dice"]}) == 32
    lucky = next(d for d in data["dice"] if d["id"] == "lucky")
    assert lucky["points_alone"] > lucky["points_beside_ordinary"] > 0
    text = run("farkle", "dice").stdout
    assert "1J,1,1,1,1,1" in text and "J = joker" in text and "Weighted die" in text and "weighted" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "type J (or 1) for it in a roll" in text  # typing advice: the command line's, not the web page's


def test_hint_with_a_joker_and_positions():
    data = json.loads(run("farkle", "hint", "1", "J", "--positions", "5,6", "--dice", "ordinary*5,devils-head",
                          "--json").stdout)
    assert data["roll"] == ["1", "J"] and data["positions"] == [5, 6]
    best = data["options"][0]
    assert best["keep"] == ["1", "J"] and best["score"] == 200 and best["dice_kept"] == [5, 6]  # J stands as a 1


def test_play_in_the_terminal():
    result = runner.invoke(app, ["farkle", "play", "--target", "500", "--seed", "3", "--computer", "coaching"],
                           input="r\nh\n1 5\n?\nb\n1\n" + "\n" * 3 + "q\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "you roll 6 dice: 1 2 5 4 1 3" in out
    assert "best first (expected points)" in out
    assert "you keep 1 5 (150)" in out
    assert "review:" in out


def test_play_a_whole_game_and_the_tally():
    keys = "\n".join(["r", "1 1 1 1 b"] + ["1 b", "5 b", "r"] * 40)
    result = runner.invoke(app, ["farkle", "play", "--target", "500", "--seed", "5"], input=keys + "\nn\n")
    assert result.exit_code == 0, result.output
    assert "tally: you won" in result.stdout


def test_play_with_badges_in_the_terminal():
    keys = "\n".join(["r", "1 w"] + ["r", "p", "1 b", "5 b"] * 40)
    result = runner.invoke(app, ["farkle", "play", "--target", "500", "--seed", "3", "--badges",
                                 "warlord-gold,resurrection-tin,headstart-tin"], input=keys + "\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "badge uses left (Warlord, Doppelganger, Resurrection):\n    you [1, 0, 1]" in out
    # (a prompt's line runs on into the next output here: the runner does not echo the keys typed)
    assert max(len(line.split(" > ")[-1]) for line in out.splitlines()) <= 80
    assert "you spend Warlord's Badge" in out and "you keep 1 (100), reaching" not in out


def test_play_spends_a_badge_on_a_throw_with_t():
    # Fortune silver throws any two dice again: the dice at places 1 and 2 are always a move
    keys = "\n".join(["r", "t p1 p2"] + ["r", "p", "1 b", "5 b", "n"] * 40)
    result = runner.invoke(app, ["farkle", "play", "--target", "500", "--seed", "3", "--badges", "fortune-silver"],
                           input=keys + "\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "spent on a throw with t (t 4 6): you fortune, computer -" in out
    assert "you spend the Badge of Fortune on " in out


COMMANDS = [
    ["farkle", "turn"], ["farkle", "turn", "--dice", "weighted,lucky,ordinary*4", "--all"],
    ["farkle", "turn", "--dice", "heavenly-kingdom,custom:0,0,1,0,0,0,holy-trinity,misfortune,favourable,kings"],
    ["farkle", "hint", "1", "1", "5", "2", "3", "4", "--turn-total", "300", "--all"],
    ["farkle", "hint", "1 5 2 3", "--score", "200", "--opponent", "600", "--target", "1000"],
    ["farkle", "match", "--target", "500"],
    ["farkle", "match", "--target", "500", "--badges", "warlord-tin", "--opponent-badges", "resurrection-tin"],
    ["farkle", "loadout", "--owned", "ordinary*5,heavenly-kingdom,custom:0,0,1,0,0,0,holy-trinity",
     "--opponent-dice", "ordinary*6", "--target", "500"],
    ["farkle", "dice"], ["farkle", "--help"], ["farkle", "play", "--help"],
]


@pytest.mark.slow
@pytest.mark.parametrize("args", COMMANDS)
def test_output_fits_80_columns(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80, result.stdout


def test_group_help_has_an_example():
    assert "Example: holdwise farkle" in run("farkle", "--help").stdout


def test_options_before_the_subcommand_are_refused():
    result = run("farkle", "--dice", "weighted*6", "turn")
    assert result.exit_code == 2


def test_the_cli_imports_only_the_face():
    import ast
    from pathlib import Path

    import holdwise.cli.farkle as cli
    import holdwise.cli.farkle_play as play
    import holdwise.cli.farkle_report as reports
    import holdwise.cli.farkle_search as search
    import holdwise.cli.farkle_turn as turn

    tree = ast.parse("\n".join(Path(m.__file__).read_text() for m in (cli, play, reports, search, turn)))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    # `from .. import sweep` (module None): the search reads a stored whole-domain ranking from a sweep's file
    siblings = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is None
                for alias in node.names}
    # `from .. import i18n`: the language of the printed words and numbers (issue 44), not a game's internals
    # `from . import plain`: the tables printed without rich (cli/plain.py)
    assert siblings <= {"sweep", "i18n", "plain"}
    modules.discard(None)
    # `phrases`: the game's own words (its log, options, notes) in the reader's language, not a game's internals
    assert modules <= {"__future__", "games", "i18n", "phrases", "_common", "_play", "farkle_play", "farkle_report",
                       "farkle_search", "farkle_turn", "plain", "typing",
                       "collections.abc", "rich", "rich.table",
                       "matplotlib", "matplotlib.pyplot", "matplotlib.colors", "matplotlib.patches",
                       "matplotlib.ticker"}
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "games"
             for alias in node.names}
    assert names == {"farkle"}


def _strict(text):
    def refuse(value):
        raise ValueError(f"not strict JSON: {value}")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("dice", ["custom:1,1,1,1,1,2*6", "custom:1;1;1;1;1;2*6", "custom:1/1/1/1/1/2*6",
                                  "custom:1 1 1 1 1 2*6", "custom:1,1,1,1,1,2*2;custom:1,1,1,1,1,2*4"])
def test_the_readme_custom_die_syntax(dice):
    result = run("farkle", "turn", "--dice", dice, "--json")
    assert result.exit_code == 0, result.output
    data = _strict(result.stdout)
    assert data["dice"] == ["custom:1,1,1,1,1,2"] * 6 and data["expected_points"] > 0


def test_six_dice_that_cannot_bust_but_are_not_safe_are_solved():
    """Was refused as unbounded: every way back to six dice passes through five ordinary dice, which can bust."""
    result = run("farkle", "turn", "--dice", "custom:1/0/0/0/0/0,ordinary*5", "--json")
    assert result.exit_code == 0, result.output
    data = _strict(result.stdout)
    assert data["expected_points"] == pytest.approx(955.0045340147543) and data["bank_threshold"]["6"] is None


def test_a_die_of_jokers_only_is_worth_nothing_not_minus_50():
    data = _strict(run("farkle", "turn", "--dice", "custom:1,0,0,0,0,0:j1*6", "--json").stdout)
    assert data["expected_points"] == 0.0


def test_loadout_reports_unbounded_choices_instead_of_ranking_them():
    result = run("farkle", "loadout", "--owned", "ordinary*6,custom:0,0,1,0,0,0*6", "--top", "10", "--json")
    assert result.exit_code == 0, result.output
    data = _strict(result.stdout)
    assert data["unbounded"] == [["custom:0,0,1,0,0,0"] * 6] and data["choices"] == 7
    assert len(data["loadouts"]) == 6 and all(isinstance(r["expected_points"], float) for r in data["loadouts"])
    text = run("farkle", "loadout", "--owned", "ordinary*6,custom:0,0,1,0,0,0*6").stdout
    assert "not ranked: 1 choice whose" in text


def test_loadout_of_a_hundred_alike_dice_is_one_choice():
    data = _strict(run("farkle", "loadout", "--owned", "ordinary*100", "--json").stdout)
    assert data["choices"] == 1 and data["loadouts"][0]["dice"] == ["ordinary"] * 6


def test_rules_sheet_within_80_columns_and_as_json():
    from holdwise.games import farkle

    data = json.loads(run("farkle", "rules", "--json").stdout)
    assert data == farkle.rules_sheet().to_json()
    result = run("farkle", "rules")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    # three 1s, four 2s (doubling 200), 1-2-3-4-5 with a spare 5, and the last die's joker face
    assert any(line.split()[:3] == ["1", "1,000", "2,000"] for line in lines)
    assert any(line.split()[:3] == ["2", "200", "400"] for line in lines)
    assert any(line.split() == ["+", "5", "550", "800"] for line in lines)
    assert any(line.split()[:5] == ["Devil's", "head", "die", "J", "16.7%"] for line in lines)  # game names


@pytest.mark.parametrize("args,pinned", [
    (["1", "1", "5", "2", "3", "4", "--turn-total", "300"], "cli1.txt"),
    (["1", "1", "5", "2", "3", "4", "--turn-total", "300", "--score", "600", "--opponent", "800", "--target", "1000",
      "--all"], "cli2.txt"),
    (["2", "3", "4", "6"], "cli3.txt"),
])
def test_the_hint_table_is_the_one_printed_before_the_request(args, pinned):
    from pathlib import Path

    result = run("farkle", "hint", *args)
    assert result.exit_code == 0, result.output
    data = Path(__file__).parents[1] / "games" / "farkle" / "data" / pinned
    assert result.stdout == data.read_text()


def test_the_opponent_dice_of_play_is_one_option_and_the_old_spelling_is_hidden():
    text = run("farkle", "play", "--help").stdout
    assert "--opponent-dice" in text and "--computer-dice" not in text


def test_hint_says_which_die_it_keeps():
    """Lucky, odd, king's and three ordinary dice, a 1 on the lucky die and on an ordinary one: two options,
    each naming its die, with their own values; the best is the ordinary die's 1 (which die: issue 39)."""
    args = ("farkle", "hint", "1", "3", "3", "6", "6", "1", "--dice", "lucky,odd,kings,ordinary*3")
    data = json.loads(run(*args, "--json").stdout)
    ones = {o["option"]: o for o in data["options"] if o["keep"] == ["1"] and o["then"] == "roll"}
    assert {k: v["dice_kept"] for k, v in ones.items()} == {"keep 1, roll on": [6], "keep 1 (Lucky die), roll on": [1]}
    assert ones["keep 1, roll on"]["value"] == pytest.approx(514.6, abs=0.05)
    assert ones["keep 1 (Lucky die), roll on"]["value"] == pytest.approx(473.1, abs=0.05)
    assert data["options"][0]["option"] == "keep 1, roll on" and [o["loss"] for o in data["options"]].count(0.0) == 1
    result = runner.invoke(app, list(args), env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    rows = [line for line in lines if "roll on" in line]
    assert "keep 1, roll on" in rows[0] and "0.0" in rows[0]
    assert "keep 1 (Lucky die), roll on" in rows[1] and "473.1" in rows[1] and "41.4" in rows[1]


def test_loadout_weighs_a_badge_against_an_opponent():
    args = ["farkle", "loadout", "--owned", "ordinary*5,odd,lucky", "--opponent-dice", "ordinary*6", "--target", "300"]
    data = json.loads(run(*args, "--badge", "warlord-gold", "--json").stdout)
    assert data["ranked_by"] == "badge_win_average" and data["badge"] == "warlord-gold"
    averages = [row["badge_win_average"] for row in data["loadouts"]]
    assert averages == sorted(averages, reverse=True) and len(averages) == 3
    assert all(row["badge_worth"] == pytest.approx(row["badge_win_average"] - row["win_average"])
               for row in data["loadouts"])
    text = run(*args, "--badge", "warlord-gold").stdout
    assert "ranked by the win chance with the Gold Warlord's Badge" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    refused = run("farkle", "loadout", "--owned", "ordinary*6", "--badge", "warlord-gold")
    assert refused.exit_code != 0 and "name the opponent's dice" in refused.output
