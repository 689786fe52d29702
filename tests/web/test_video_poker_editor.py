"""The video-poker pay-table editor's API: its returns are the CLI's for the same table (through the TOML it
offers), the link's code carries the table exactly, bad fields are 422s naming them, a new table is a job in
the server's line of heavy solves (202 while it runs, shared, limited, cancelled), and the machine's hint takes
the editor's table."""

import fcntl
import json
import os
import time

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from holdwise import settings
from holdwise.cli import app as cli_app
from holdwise.games import video_poker as face
from holdwise.games.video_poker import paytables
from holdwise.settings import Limits
from holdwise.web import common, work
from holdwise.web import video_poker as web

# 9/6 Jacks or Better with the flush at 5/2 x 2 = 5 and a royal of 4000/5 at 5 coins, 200 at 1-4 coins: a table
# no test elsewhere solves, with a fractional pay to go through the TOML and the link
TABLE = {"id": "my-jacks", "name": "My Jacks 9/5, royal 200 below 5 coins", "deck": 52, "wild": "none",
         "royal_below_max": "200",
         "pays": [{"hand": h, "pay": p} for h, p in (
             ("royal_flush", "800"), ("straight_flush", "50"), ("four_of_a_kind", "25"), ("full_house", "9"),
             ("flush", "5"), ("straight", "7/2"), ("three_of_a_kind", "3"), ("two_pairs", "2"),
             ("jacks_or_better", "1"))]}


def solved(client, table, timeout=120.0):
    """The editor's answer for `table`, polling while its solve runs (as the page does): the last response."""
    began = time.monotonic()
    while True:
        r = client.post("/api/video-poker/editor/return", json={"table": table})
        if r.status_code != 202 or time.monotonic() - began > timeout:
            return r
        assert r.json()["status"] == "computing" and r.json()["job"]["status"] in ("queued", "running", "done")
        time.sleep(0.1)


def cli_return(path, game, coins):
    result = CliRunner().invoke(cli_app, ["video-poker", "return", "--paytable-file", str(path), "--game", game,
                                          "--coins", str(coins), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    out.pop("seconds")  # how long the solve took: the one key that differs
    return out


def test_the_editors_returns_are_the_cli_json_for_its_toml(client, tmp_path):
    r = solved(client, TABLE)
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


@pytest.fixture
def line(monkeypatch, tmp_path):
    """Small limits and a fresh ledger whose one solve slot the test holds (so jobs wait in line) until it calls
    the fixture's value."""
    monkeypatch.setattr(settings, "_LIMITS", [Limits(solves=1, jobs=3, per_client=2, idle_s=5.0,
                                                     memory_bytes=64 << 20, match_bytes=300 << 20)])
    monkeypatch.setattr(work.ledger, "_folder", tmp_path / "run")
    monkeypatch.setattr(web, "jobs", common.Jobs(bounded=True))
    fd = os.open(work.ledger.folder / "slot-0.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    held = [True]

    def release():
        if held[0]:
            held[0] = False
            os.close(fd)

    yield release
    release()


def _visitor(app):
    c = TestClient(app)
    assert c.get("/api/health").status_code == 200  # the sealed client cookie
    return c


def test_a_new_table_is_a_job_in_the_line_shared_and_limited(app, line):
    alice, bob = _visitor(app), _visitor(app)
    first, second, third = bad(full_house="8", flush="7"), bad(full_house="8", flush="4"), bad(flush="4")
    r = alice.post("/api/video-poker/editor/return", json={"table": first})
    assert r.status_code == 202
    job = r.json()["job"]
    assert r.json()["status"] == "computing" and job["status"] == "queued"  # waiting for the slot the test holds
    assert job["key"] == web.own_job_key(face.table_from_fields(first))
    # the same table from another client is the same job, not bob's own
    assert bob.post("/api/video-poker/editor/return", json={"table": first}).json()["job"]["key"] == job["key"]
    assert work.ledger.counts() == {"running": 0, "queued": 1}
    assert alice.post("/api/video-poker/editor/return", json={"table": second}).status_code == 202
    refused = alice.post("/api/video-poker/editor/return", json={"table": third})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert refused.json()["detail"].startswith("busy: you have 2 solves waiting or running here")
    assert bob.post("/api/video-poker/editor/return", json={"table": third}).status_code == 202
    assert work.ledger.counts() == {"running": 0, "queued": 3}
    # alice's page leaves the second table: nobody else asked about it, so it stops; the first bob asked about
    stop = alice.post("/api/video-poker/editor/return/cancel", json={"table": second})
    assert stop.status_code == 200 and stop.json() == {"status": "queued", "stopping": True}
    spared = alice.post("/api/video-poker/editor/return/cancel", json={"table": first})
    assert spared.json() == {"status": "queued", "stopping": False}
    line()  # the slot is free: the line runs
    for who, table in ((bob, first), (bob, third)):
        r = solved(who, table)
        assert r.status_code == 200, r.text
        # each job's answer is its own table's (the figure the machine's solve gives)
        assert r.json()["table"]["pays"] == table["pays"]
        assert r.json()["returns"]["5"]["return"] == face.game_return(face.table_from_fields(table), 5).return_value
    key = web.own_job_key(face.table_from_fields(second))
    assert web.jobs.get(key, poll=False).state == "cancelled"
    deadline = time.monotonic() + 10
    while work.ledger.counts() != {"running": 0, "queued": 0} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert work.ledger.counts() == {"running": 0, "queued": 0}


def test_the_machine_waits_for_the_editors_job_and_a_solved_table_is_read_at_once(app, line, monkeypatch):
    table = bad(full_house="7", flush="6")
    code = face.table_code(face.table_from_fields(table))
    alice = _visitor(app)
    assert alice.post("/api/video-poker/editor/return", json={"table": table}).status_code == 202
    monkeypatch.setattr(web, "OWN_WAIT_S", 0.3)
    r = alice.post("/api/video-poker/new", json={"options": {"rules": "my-jacks", "table": code}})
    assert r.status_code == 429  # the editor's job is still in line: the machine's request did not solve it
    assert work.ledger.counts() == {"running": 0, "queued": 1}  # and started no second job
    line()
    monkeypatch.setattr(web, "OWN_WAIT_S", 120.0)
    r = alice.post("/api/video-poker/new", json={"options": {"rules": "my-jacks", "table": code}})
    assert r.status_code == 200
    answer = solved(alice, table).json()
    assert r.json()["view"]["returns"] == {label: answer["returns"][label]["return"] for label in ("5", "1-4")}
    # solved, the table is read from disk at once, even while the line is busy (the slot held again)
    fd = os.open(work.ledger.folder / "slot-0.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        fresh = _visitor(app)
        monkeypatch.setattr(web, "jobs", common.Jobs(bounded=True))  # a worker that never ran the job
        from holdwise.web import video_poker_editor as editor
        editor._cache.clear()
        again = fresh.post("/api/video-poker/editor/return", json={"table": table})
        assert again.status_code == 200

        def timeless(a):  # how long the solve or the read took: the one figure that differs
            return {**a, "returns": {k: {**v, "seconds": 0} for k, v in a["returns"].items()}}
        assert timeless(again.json()) == timeless(answer)
        assert again.json()["returns"]["5"]["seconds"] < 1.0
    finally:
        os.close(fd)


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


def test_the_editor_page_offers_its_decks_and_hands_in_the_page_language(app):
    # the decks' labels, the hands' names and what each means were English on the Slovak page (the API's offer
    # stays English)
    import re

    from holdwise.games.video_poker.editor import VARIANT_LABELS

    offered = face.editor_options()
    assert tuple(v["label"] for v in offered["variants"]) == VARIANT_LABELS
    with TestClient(app) as client:  # a client of its own: ?lang= keeps the language in a cookie
        page = client.get("/video-poker/editor?lang=sk").text
    said = json.loads(re.search(r'<script id="vpe-config" type="application/json">(.+?)</script>', page).group(1))
    options = said["options"]
    assert [v["label"] for v in options["variants"]][0] == "52 kariet, bez divokej karty"
    hands = {h["hand"]: h for h in options["hands"]}
    assert hands["four_of_a_kind"]["label"] == "štvorica"
    assert hands["four_aces_with_2_3_4"]["means"] == "štyri esá s 2, 3 alebo 4 ako piatou kartou"
    assert [h["hand"] for h in options["hands"]] == [h["hand"] for h in offered["hands"]]
    assert face.editor_options()["hands"][0]["label"] == "five aces"  # the offer itself untouched
