"""The extra-ace deck over HTTP: a pay-table editor's Five Aces table plays on the machine (the ace of stars dealt
as "A*", its hint the CLI's), the analyzer's hold answer is the CLI's, and a card the deck lacks is a 422."""

import json
from pathlib import Path

from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import video_poker as face

FILE = Path(__file__).parents[2] / "docs" / "games" / "five-aces.toml"
FIVE_ACES = face.load_games(FILE)["five-aces-ddb-9-6"]
CODE = face.table_code(FIVE_ACES)


def test_a_five_aces_table_plays_and_hints_with_the_star_ace(client):
    game = {"rules": FIVE_ACES.id, "table": CODE}
    r = client.post("/api/video-poker/hint", json={"hand": "A★ As Ad 3h 9c", **game})
    assert r.status_code == 200, r.text
    cli = CliRunner().invoke(cli_app, ["video-poker", "hold", "A* As Ad 3h 9c", "--paytable-file", str(FILE),
                                       "--game", FIVE_ACES.id, "--json"])
    assert r.json() == json.loads(cli.stdout) and r.json()["options"][0]["option"] == "A* As Ad"
    for hand, field_words in (("Jk As Ad 3h 9c", "hand: no joker in the extra-ace deck"),
                              ("A* As Ad 3h 9c", "hand: no ace of stars in a 52-card deck")):
        body = {"hand": hand, **(game if hand.startswith("Jk") else {})}
        bad = client.post("/api/video-poker/hint", json=body)
        assert bad.status_code == 422 and bad.json()["detail"].startswith(field_words)
        assert bad.json()["field"] == "hand"
    new = client.post("/api/video-poker/new", json={"options": {"rules": FIVE_ACES.id, "table": CODE}, "seed": 3})
    assert new.status_code == 200, new.text
    assert new.json()["view"]["game"]["extra_card"] == "ace"
    dealt = client.post("/api/video-poker/step", json={"state": new.json()["state"],
                                                       "action": {"type": "deal", "bet": 5}}).json()
    assert dealt["state"]["state"]["data"]["hand"] == ["4d", "Js", "3c", "5c", "A*"]
    advice = client.post("/api/video-poker/advice", json={"state": dealt["state"]}).json()
    assert advice["options"][0]["option"] == "A*" and advice["options"][0]["action"] == {"type": "draw", "hold": [5]}
    page = client.get(f"/video-poker/analyzer?table={CODE}")
    config = json.loads(page.text.split('id="va-config" type="application/json">')[1].split("</script>")[0])
    assert config["default"] == FIVE_ACES.id and config["games"][0]["table"] == CODE
    assert f'href="/video-poker?table={CODE}"' in page.text
