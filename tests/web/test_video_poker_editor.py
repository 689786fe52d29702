"""The video-poker pay-table editor's API: its returns are the CLI's for the same table (through the TOML it
offers), the link's code carries the table exactly, bad fields are 422s naming them, a busy server says 429,
and the machine's hint takes the editor's table."""

import json

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import video_poker as face
from holdwise.games.video_poker import paytables
from holdwise.web import video_poker as web

# 9/6 Jacks or Better with the flush at 5/2 x 2 = 5 and a royal of 4000/5 at 5 coins, 200 at 1-4 coins: a table
# no test elsewhere solves, with a fractional pay to go through the TOML and the link
TABLE = {"id": "my-jacks", "name": "My Jacks 9/5, royal 200 below 5 coins", "deck": 52, "wild": "none",
         "royal_below_max": "200",
         "pays": [{"hand": h, "pay": p} for h, p in (
             ("royal_flush", "800"), ("straight_flush", "50"), ("four_of_a_kind", "25"), ("full_house", "9"),
             ("flush", "5"), ("straight", "7/2"), ("three_of_a_kind", "3"), ("two_pairs", "2"),
             ("jacks_or_better", "1"))]}


def cli_return(path, game, coins):
    result = CliRunner().invoke(cli_app, ["video-poker", "return", "--paytable-file", str(path), "--game", game,
                                          "--coins", str(coins), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    out.pop("seconds")  # how long the solve took: the one key that differs
    return out


def test_the_editors_returns_are_the_cli_json_for_its_toml(client, tmp_path):
    r = client.post("/api/video-poker/editor/return", json={"table": TABLE})
    assert r.status_code == 200, r.text
    answer = r.json()
    download = client.get(answer["download"])
    assert download.status_code == 200
    assert download.headers["content-disposition"] == 'attachment; filename="my-jacks.toml"'
    assert download.text == answer["toml"]
    path = tmp_path / "my-jacks.toml"
    path.write_text(download.text)
    for label, coins in (("5", 5), ("1-4", 1), ("1-4", 4)):
        mine = dict(answer["returns"][label])
        mine.pop("seconds")
        cli = cli_return(path, "my-jacks", coins)
        if coins == 4:  # 1-4 coins pay alike per coin: the editor's 1-4 figure is the CLI's at 4 too
            cli["coins"] = 1
        assert mine == cli
    # the figures differ where the pays do: the royal pays 800 at 5 coins, 200 below
    royal = {label: answer["returns"][label]["table"][0] for label in ("5", "1-4")}
    assert (royal["5"]["hand"], royal["5"]["pay"], royal["1-4"]["pay"]) == ("royal_flush", 800, 200)
    assert answer["returns"]["5"]["return"] > answer["returns"]["1-4"]["return"] + 0.01
    assert answer["table"] == {**TABLE, "pays": [{**p, "pay": p["pay"]} for p in TABLE["pays"]]}


def test_the_link_carries_the_table_exactly(client):
    tables = [*face.shipped_games().values(), face.table_from_fields(TABLE)]
    for table in tables:
        code = face.table_code(table)
        assert len(code) < 400  # a link people can paste
        assert face.table_from_code(code) == table
        r = client.get("/api/video-poker/editor/table", params={"table": code})
        assert r.status_code == 200
        assert r.json()["table"] == paytables.table_to_json(table)
        assert paytables.parse_games(r.json()["toml"], "the toml") == {table.id: table}
    # the pages open on the link's table: the editor's fields, the machine's game (its code sent along)
    code = face.table_code(tables[-1])
    page = client.get("/video-poker/editor", params={"table": code}).text
    config = json.loads(page.split('<script id="vpe-config" type="application/json">')[1].split("</script>")[0])
    assert config["start"] == {**TABLE} and config["error"] == ""
    page = client.get("/video-poker", params={"table": code}).text
    config = json.loads(page.split('<script id="vp-config" type="application/json">')[1].split("</script>")[0])
    assert config["default"] == "my-jacks" and config["games"][0]["table"] == code
    assert f'href="/video-poker/editor?table={code}">Edit this pay table</a>' in page
    assert 'href="/video-poker/editor"' in client.get("/video-poker").text


def bad(**changes):
    table = json.loads(json.dumps(TABLE))
    for key, value in changes.items():
        if key in [p["hand"] for p in table["pays"]]:
            next(p for p in table["pays"] if p["hand"] == key)["pay"] = value
        else:
            table[key] = value
    return table


@pytest.mark.parametrize("table, field, words", [
    (bad(flush="-1"), "table.pays.flush", "negative"),
    (bad(straight="7/0"), "table.pays.straight", "divides by zero"),
    (bad(royal_below_max="lots"), "table.royal_below_max", "must be a number"),
    (bad(deck=53), "table.deck", "53-card deck"),
    (bad(wild="aces"), "table.wild", "wild must be one of"),
    (bad(id="my jacks"), "table.id", "letters, digits"),
    (bad(name=""), "table.name", "name must be"),
    (bad(pays=[*TABLE["pays"], {"hand": "five_of_a_kind", "pay": "3"}]), "table.pays.five_of_a_kind",
     "need wild cards"),
    (bad(pays=[*TABLE["pays"], {"hand": "flush", "pay": "3"}]), "table.pays.flush", "listed twice"),
    (bad(pays=[{"hand": "royal flush", "pay": "3"}]), "table.pays", "unknown hand"),
    (bad(colour="red"), "table.colour", "unknown key"),
])
def test_bad_fields_are_a_422_naming_the_field(client, table, field, words):
    r = client.post("/api/video-poker/editor/return", json={"table": table})
    assert r.status_code == 422
    assert r.json()["field"] == field
    assert r.json()["detail"].startswith(field + ": ") and words in r.json()["detail"]


@pytest.mark.parametrize("path", ["/api/video-poker/editor/table", "/api/video-poker/editor/toml"])
def test_a_damaged_code_is_a_422(client, path):
    code = face.table_code(face.table_from_fields(TABLE))
    for damaged in (code[:-12], "not-a-code", "QUJD"):
        r = client.get(path, params={"table": damaged})
        assert r.status_code == 422 and r.json()["field"] == "table", damaged


def test_one_new_table_at_a_time_and_cached_answers_while_busy(client, monkeypatch):
    cached = client.post("/api/video-poker/editor/return", json={"table": TABLE})
    assert cached.status_code == 200
    monkeypatch.setattr(web, "OWN_WAIT_S", 0.05)
    assert web.OWN_GATE.slot.acquire(timeout=5)  # another table being solved
    try:
        r = client.post("/api/video-poker/editor/return", json={"table": bad(full_house="8")})
        assert r.status_code == 429 and r.json()["detail"].startswith("busy")
        code = face.table_code(face.table_from_fields(bad(full_house="8")))
        r = client.post("/api/video-poker/new", json={"options": {"rules": "my-jacks", "table": code}})
        assert r.status_code == 429  # the machine's session of an own table waits for the same gate
        again = client.post("/api/video-poker/editor/return", json={"table": TABLE})
        assert again.status_code == 200 and again.content == cached.content
        r = client.post("/api/video-poker/new", json={"options": {"rules": "jacks-or-better-9-6"}})
        assert r.status_code == 200  # a server game's returns are kept in the process
    finally:
        web.OWN_GATE.slot.release()


def test_the_choices_are_the_file_formats():
    options = face.editor_options()
    variants = {(v["fields"]["deck"], v["fields"]["wild"]) for v in options["variants"]}
    assert {(52, "none"), (52, "deuces"), (53, "joker")} <= variants
    assert (53, "none") not in variants or "extra_card" in paytables.GAME_KEYS  # refused without an extra card
    for v in options["variants"]:  # each is a table the parser takes
        paytables.parse_games(face.table_toml(face.table_from_fields({**TABLE, **v["fields"]})), "v")
    assert [h["hand"] for h in options["hands"]] == [h for h in paytables.HAND_KINDS if h != "nothing"]


def test_the_machine_plays_an_editors_table(client):
    table = face.table_from_fields(TABLE)
    code = face.table_code(table)
    hand = "Ah Kh Qh Jh 2c"
    r = client.post("/api/video-poker/hint", json={"hand": hand, "rules": "my-jacks", "table": code})
    assert r.status_code == 200
    assert r.json() == json.loads(json.dumps(face.hold_hint(hand, table).to_json()))
    r = client.post("/api/video-poker/hint", json={"hand": hand, "rules": "jacks-or-better-9-6", "table": code})
    assert r.status_code == 422 and r.json()["field"] == "rules"
    r = client.post("/api/video-poker/new", json={"options": {"rules": "my-jacks", "table": code}, "seed": 5})
    assert r.status_code == 200
    state = r.json()["state"]
    assert state["state"]["options"]["table"] == paytables.table_to_json(table)
    chart = "royal flush\nhigh pair\n4 to a flush\n"
    r = client.post("/api/video-poker/chart-hold", json={"hand": "Kh Ks 4h 7h 9h", "game": "my-jacks",
                                                         "table": code, "chart": chart})
    assert r.status_code == 200 and r.json()["line"] == 2 and r.json()["hold_text"] == "Kh Ks"
    r = client.post("/api/video-poker/chart-check", json={"game": "my-jacks", "table": code, "chart": chart})
    assert r.status_code == 200 and r.json()["game"] == "my-jacks"
    # a chart derived for an own table is never another table's of the same id
    shipped = face.get_game("jacks-or-better-9-6")
    own = face.table_from_fields({**TABLE, "id": shipped.id})
    assert web.trainer_job_key(shipped, 5, "short") == "video-poker-trainer-chart:jacks-or-better-9-6:5:short"
    assert web.trainer_job_key(own, 5, "short") != web.trainer_job_key(shipped, 5, "short")
    assert web.strategy_job_key(own, 5) != web.strategy_job_key(shipped, 5)
    r = client.post("/api/video-poker/new", json={"options": {"rules": "my-jacks", "table": "xx"}})
    assert r.status_code == 422 and r.json()["field"] == "options.table"
