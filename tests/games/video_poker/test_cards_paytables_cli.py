import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from holdwise.cli import app
from holdwise.games.video_poker.cards import (
    JOKER,
    card_str,
    hand_str,
    parse_card,
    parse_hand,
)
from holdwise.games.video_poker.paytables import get_game, load_games, shipped_games

runner = CliRunner()


def test_parse_cards_in_every_spelling():
    assert parse_hand("AS KS QS JS TS") == (51, 47, 43, 39, 35)
    assert parse_hand("ah kh 2c 2d jk", 53)[-1] == JOKER
    assert parse_card("10h") == parse_card("Th") == parse_card("tH")
    assert parse_card("Joker", 53) == JOKER
    assert hand_str(parse_hand("2c,3d,4h,5s,Jk", 53)) == "2c 3d 4h 5s Jk"
    assert card_str(0) == "2c" and card_str(51) == "As"


@pytest.mark.parametrize("text,deck,message", [
    ("AS KS QS JS", 52, "has 5 cards, got 4"),
    ("AS KS QS JS TS 9S", 52, "got 6"),
    ("AS KS QS JS AS", 52, "appears twice"),
    ("AS KS QS JS 1S", 52, "unknown card"),
    ("AS KS QS JS TX", 52, "unknown card"),
    ("AS KS QS JS Jk", 52, "no joker"),
])
def test_bad_hands(text, deck, message):
    with pytest.raises(ValueError, match=message):
        parse_hand(text, deck)


def test_shipped_games_are_the_reference_ids():
    assert list(shipped_games()) == ["jacks-or-better-9-6", "jacks-or-better-8-5", "bonus-poker-8-5",
                                     "double-bonus-10-7", "double-double-bonus-9-6", "deuces-wild-full-pay",
                                     "joker-poker-kings"]
    ddb = get_game("double-double-bonus-9-6")
    assert dict(zip(ddb.hands, ddb.pays))["four_aces_with_2_3_4"] == 400
    assert get_game("joker-poker-kings").deck == 53


def test_user_paytable_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[my-game]\nname = "Mine"\npays = [{ hand = "royal_flush", pay = 1000 },'
                    ' { hand = "two_pair", pay = "5/2" }]\n')
    game = load_games(path)["my-game"]
    assert game.pays == (1000, Fraction(5, 2), 0) and game.hands[-1] == "nothing"
    for body, message in [('[g]\npays = [{ hand = "royal", pay = 1 }]', "unknown hand"),
                          ('[g]\npays = [{ hand = "flush", pay = -1 }]', "negative"),
                          ('[g]\ndeck = 54\npays = [{ hand = "flush", pay = 1 }]', "52 or 53"),
                          ('[g]\npays = [{ hand = "five_of_a_kind", pay = 1 }]', "need wild"),
                          ('[g]\nwild = "joker"\npays = [{ hand = "flush", pay = 1 }]', "joker game"),
                          ("[g\n", "not valid TOML")]:
        bad = tmp_path / "bad.toml"
        bad.write_text(body)
        with pytest.raises(ValueError, match=message):
            load_games(bad)


def test_cli_games_json():
    data = json.loads(runner.invoke(app, ["video-poker", "games", "--json"]).stdout)
    job = next(g for g in data if g["id"] == "jacks-or-better-9-6")
    assert job["pays"]["royal_flush"] == "800" and job["pays_below_5_coins"]["royal_flush"] == "250"


def test_cli_hold_json():
    result = runner.invoke(app, ["video-poker", "hold", "AS KS QS JS 9D", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"] == "jacks-or-better-9-6" and data["coins"] == 5
    assert len(data["holds"]) == 32
    assert data["holds"][0]["value_exact"] == "872/47"
    assert data["holds"][0]["counts"]["royal_flush"] == 1


def test_cli_return_json(tmp_path):
    result = runner.invoke(app, ["video-poker", "return", "--game", "jacks-or-better-9-6", "--json", "--exact"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) >= {"game", "coins", "return", "return_exact", "table", "seconds"}
    assert round(data["return"], 8) == 0.99543904
    num, den = map(int, data["return_exact"].split("/"))
    assert abs(num / den - data["return"]) < 1e-15
    assert data["table"][0] == {**data["table"][0], "hand": "royal_flush", "combinations": 493_512_264}
    assert set(data["table"][0]) >= {"hand", "combinations", "probability", "contribution"}
    path = tmp_path / "g.toml"
    path.write_text('[tiny]\npays = [{ hand = "royal_flush", pay = 800 }, { hand = "flush", pay = 10 }]\n')
    data = json.loads(runner.invoke(app, ["video-poker", "return", "-g", "tiny", "--paytable-file", str(path),
                                          "--coins", "1", "--json"]).stdout)
    assert data["game"] == "tiny" and data["coins"] == 1 and 0 < data["return"] < 1


def test_cli_text_output():
    result = runner.invoke(app, ["video-poker", "return", "-g", "jacks-or-better-9-6"])
    assert result.exit_code == 0 and "0.99543904" in result.output and "19,933,230,517,200" in result.output
    result = runner.invoke(app, ["video-poker", "hold", "AS KS QS JS 9D"])
    assert result.exit_code == 0 and "18.553191" in result.output
    assert runner.invoke(app, ["video-poker", "games"]).exit_code == 0


@pytest.mark.parametrize("args,message", [
    (["video-poker", "hold", "AS KS QS JS"], "has 5 cards"),
    (["video-poker", "hold", "AS KS QS JS AS"], "appears twice"),
    (["video-poker", "hold", "AS KS QS JS ZZ"], "unknown card"),
    (["video-poker", "hold", "AS KS QS JS TS", "--game", "nope"], "unknown game"),
    (["video-poker", "hold", "AS KS QS JS TS", "--coins", "0"], "coins must be"),
    (["video-poker", "return", "--coins", "6"], "coins must be"),
    (["video-poker", "return", "--paytable-file", "/nonexistent.toml"], "not found"),
])
def test_cli_bad_input(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
