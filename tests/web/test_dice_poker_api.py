"""The dice-poker API: the CLI's --json for the same inputs, presets, play on the sealed session, limits, bad input."""

import importlib
import json
import threading

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import dice_poker as face
from holdwise.games.base import State
from holdwise.games.dice_poker import analysis as analysis_module
from holdwise.web import dice_poker as web
from holdwise.web.common import AnswerCache

runner = CliRunner()


def _forbid_solves(monkeypatch):
    """Make the game's report and hint fail if called: what is refused must be refused before them."""

    def refuse(*args, **kwargs):
        raise AssertionError("solved: the request was not refused first")

    monkeypatch.setattr(face, "report", refuse)
    monkeypatch.setattr(face, "hint", refuse)


def cli_json(*args):
    result = runner.invoke(cli_app, ["dice-poker", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("body, args", [
    ({"payouts": [10, 6, 4, 3, 2, 1, 0.5]}, ["--payouts", "10,6,4,3,2,1,0.5"]),
    ({"payouts": ["12", "6", "4", "3", "2", "1", "1/3"]}, ["--payouts", "12,6,4,3,2,1,1/3"]),
    ({"rules": "I"}, ["--table", "I"]),
    ({}, ["--table", "B"]),
    ({"rules": "B", "exact": True}, ["--table", "B", "--exact"]),
    ({"payouts": [6, 5, 5, 5, 0, 0, 0], "dice": 4, "sides": 8, "rerolls": 3, "weights": [1, 1, 1, 1, 1, 1, 1, 2],
      "tie": "lower", "min_chance_gap_pp": 20, "min_rule_gap_pp": 2.5},
     ["--payouts", "6,5,5,5,0,0,0", "--dice", "4", "--sides", "8", "--rerolls", "3", "--weights",
      "1,1,1,1,1,1,1,2", "--tie", "lower", "--min-chance-gap", "20", "--min-rule-gap", "2.5"]),
    ({"payouts": [1, 1, 1, 1, 1, 1, 1], "rerolls": 0}, ["--payouts", "1,1,1,1,1,1,1", "--rerolls", "0"]),
])
def test_report_is_the_cli_json(client, body, args):
    r = client.post("/api/dice-poker/report", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json(*args, "--json")
    assert {"diff", "chances", "first_roll_outcomes", "outcomes", "criterion_met"} <= set(r.json())


def test_report_of_table_b_has_the_published_figures(client):
    r = client.post("/api/dice-poker/report", json={"rules": "B", "exact": True}).json()
    assert r["optimal_exact"] == "6291295/1889568" and r["none_exact"] == "185/162"
    assert round(r["rule"], 4) == 3.2233 and r["rules"] == "B"


def test_a_named_payout_table_keeps_its_name(client):
    r = client.post("/api/dice-poker/report", json={"payouts": [10, 6, 4, 3, 2, 1, 0.5], "name": "mine"}).json()
    assert r["rules"] == "mine"
    assert r == {**cli_json("--payouts", "10,6,4,3,2,1,0.5", "--json"), "rules": "mine"}


@pytest.mark.parametrize("body, args", [
    ({"hand": "2 3 4 5 5", "rolls_left": 2, "rules": "B"}, ["hint", "2", "3", "4", "5", "5", "-r", "2"]),
    ({"hand": [1, 2, 3, 4, 5], "rolls_left": 1, "rules": "I", "exact": True},
     ["--table", "I", "hint", "1,2,3,4,5", "-r", "1", "--exact"]),
    ({"hand": "1 1 8 8", "rolls_left": 3, "payouts": [6, 5, 5, 5, 0, 0, 0], "dice": 4, "sides": 8,
      "weights": [1, 1, 1, 1, 1, 1, 1, 3]},
     ["hint", "1 1 8 8", "-r", "3", "--payouts", "6,5,5,5,0,0,0", "--dice", "4", "--sides", "8",
      "--weights", "1,1,1,1,1,1,1,3"]),
])
def test_hint_is_the_cli_json(client, body, args):
    r = client.post("/api/dice-poker/hint", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json(*args, "--json")


def test_tables_lists_the_presets(client):
    r = client.get("/api/dice-poker/tables").json()
    names = [t["name"] for t in r["tables"]]
    assert names[:2] == ["B", "I"]
    assert r["tables"][0]["payouts"] == ["10", "6", "4", "3", "2", "1", "0.5"]
    assert r["categories"] == list(face.CATEGORIES)
    assert r["limits"]["max_keeps"] == web.MAX_KEEPS


def test_a_server_tables_file_adds_presets(client, tmp_path, monkeypatch):
    path = tmp_path / "tables.toml"
    path.write_text('[tables]\nJ = [12, 6, 4, 3, 2, 1, "1/3"]\n', encoding="utf-8")
    monkeypatch.setenv(web.TABLES_FILE_ENV, str(path))
    r = client.get("/api/dice-poker/tables").json()
    assert {"name": "J", "payouts": ["12", "6", "4", "3", "2", "1", "1/3"], "source": "file"} in r["tables"]
    got = client.post("/api/dice-poker/report", json={"rules": "J"}).json()
    assert got == cli_json("--tables-file", str(path), "--table", "J", "--json")
    assert 'data-name="J"' in client.get("/dice-poker").text


def test_a_bad_server_tables_file_leaves_the_built_in_presets(client, tmp_path, monkeypatch):
    path = tmp_path / "broken.toml"
    path.write_text("[tables", encoding="utf-8")
    monkeypatch.setenv(web.TABLES_FILE_ENV, str(path))
    assert [t["name"] for t in client.get("/api/dice-poker/tables").json()["tables"]] == ["B", "I"]


def test_pasted_tables_text_gives_presets(client):
    r = client.post("/api/dice-poker/tables", json={"text": '[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\nJ = [12, 6, 4, 3, '
                                                            '2, 1, "1/3"]\n'})
    assert r.status_code == 200
    assert r.json()["tables"] == [{"name": "H", "payouts": ["6", "5", "5", "5", "0", "0", "0"], "source": "text"},
                                  {"name": "J", "payouts": ["12", "6", "4", "3", "2", "1", "1/3"], "source": "text"}]


@pytest.mark.parametrize("text", ["[tables", "[tables]\nA = [1, 2]", "x = 1", "[tables]\nA = [1,1,1,1,1,1,\"inf\"]"])
def test_bad_tables_text_is_a_422_naming_text(client, text):
    r = client.post("/api/dice-poker/tables", json={"text": text})
    assert r.status_code == 422 and r.json()["field"] == "text"


def test_tables_text_is_bounded(client):
    r = client.post("/api/dice-poker/tables", json={"text": "#" * (web.MAX_TABLES_TEXT_CHARS + 1)})
    assert r.status_code == 422 and r.json()["field"] == "text"


@pytest.mark.parametrize("body, field, part", [
    ({"rules": "B", "sides": 17}, "sides", "25,000"),
    ({"rules": "B", "dice": 10, "sides": 8}, "sides", "at most 7 faces"),
    ({"rules": "B", "sides": 10, "exact": True}, "exact", "50,000"),
    ({"rules": "B", "rerolls": 6, "exact": True}, "exact", "links"),
])
def test_work_over_the_web_limit_is_refused_naming_the_field(client, body, field, part, monkeypatch):
    _forbid_solves(monkeypatch)  # refused before any solve starts
    r = client.post("/api/dice-poker/report", json=body)
    assert r.status_code == 422 and r.json()["field"] == field and part in r.json()["detail"]


def test_the_limits_sit_where_the_timings_put_them():
    assert face.lattice_keeps(5, 16) <= web.MAX_KEEPS < face.lattice_keeps(5, 17)
    assert face.lattice_keeps(8, 9) <= web.MAX_KEEPS < face.lattice_keeps(8, 10)
    assert face.exact_links(5, 6, 2) <= web.MAX_EXACT_LINKS < face.exact_links(5, 8, 2)


@pytest.mark.parametrize("body, field, part", [
    ({"hand": "1 2 3 4 5", "rolls_left": 6, "sides": 12, "rules": "B", "exact": True}, "exact", "50,000"),
    ({"hand": "1 2 3 4 5", "rolls_left": 2, "sides": 17}, "sides", "25,000"),
])
def test_a_hint_over_the_limit_is_refused(client, body, field, part, monkeypatch):
    """The generic hint keeps the lab's limits (the module's `hint_pending`), refused before any solve."""
    _forbid_solves(monkeypatch)
    r = client.post("/api/dice-poker/hint", json=body)
    assert r.status_code == 422 and r.json()["field"] == field and part in r.json()["detail"], r.text


def test_a_hint_names_the_old_keys_as_unknown(client):
    for old in ("table", "rerolls_left", "tables_file"):
        r = client.post("/api/dice-poker/hint", json={"hand": "1 2 3 4 5", "rolls_left": 1, old: "B"})
        assert r.status_code == 422 and old in r.json()["detail"], r.text


def test_a_report_update_solves_only_the_new_payouts(client):
    """A new table on the same dice reuses the dice's keep lattice, re-roll plan and hand categories: only
    the payouts are solved again. (How long an update takes: benchmarks/bench_web.py, its depth-update row.)"""
    client.post("/api/dice-poker/report", json={"rules": "B"})
    solver = [importlib.import_module(f"holdwise.solver.{name}") for name in ("lattice", "reroll")]
    shared = (solver[0].lattice, solver[1]._cached_plan, analysis_module.hand_categories)
    misses = [f.cache_info().misses for f in shared]
    for i in range(8):
        body = {"payouts": [10, 6, 4, 3, 2, 1, round(0.3 + i / 100, 2)]}
        r = client.post("/api/dice-poker/report", json=body)
        assert r.status_code == 200, r.text
    assert [f.cache_info().misses for f in shared] == misses


@pytest.mark.parametrize("body, field", [
    ({"payouts": [10, 6, 4, 3, 2, 1, "nan"]}, "payouts"),
    ({"payouts": [10, 6, 4, 3, 2, 1, True]}, "payouts"),
    ({"payouts": [10, 6, 4, 3, 2, 1, [[1]]]}, "payouts"),
    ({"payouts": [10, 6, 4]}, "payouts"),
    ({"payouts": [10, 6, 4, 3, 2, 1, -1]}, "payouts"),
    ({"payouts": [10, 6, 4, 3, 2, 1, "1e999999999"]}, "payouts"),
    ({"payouts": [1] * 8}, "payouts"),
    ({"rules": "Z"}, "rules"),
    ({"rules": "B", "payouts": [1] * 7}, "rules"),
    ({"rules": "B", "name": "x"}, "name"),
    ({"rules": "B", "weights": [1, 2]}, "weights"),
    ({"rules": "B", "weights": [0] * 6}, "weights"),
    ({"rules": "B", "dice": 0}, "dice"),
    ({"rules": "B", "dice": "5"}, "dice"),
    ({"rules": "B", "sides": 21}, "sides"),
    ({"rules": "B", "rerolls": 7}, "rerolls"),
    ({"rules": "B", "tie": "middle"}, "tie"),
    ({"rules": "B", "min_chance_gap_pp": 1e9}, "min_chance_gap_pp"),
    ({"rules": "B", "exact": "yes"}, "exact"),
    ({"rules": "B", "extra": 1}, "extra"),
])
def test_bad_report_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/dice-poker/report", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"].split(".")[0] == field and "\n" not in r.json()["detail"]
    assert r.json()["detail"].startswith(field + ("," if "item" in r.json()["detail"].split(":")[0] else ":"))


@pytest.mark.parametrize("body, field, detail", [
    ({"payouts": [10, "abc", 4, 3, 2, 1, "1/2"]}, "payouts.1",
     "payouts: payout for four of a kind is not a number 0 to 1e12: 'abc'"),
    ({"payouts": [10, 6, 4, 3, 2, 1, -1]}, "payouts.6", "payouts: payout for pair is negative: -1"),
    ({"payouts": [10, 6, 4]}, "payouts", "payouts: a payout table has 7 payouts"),
    ({"rules": "B", "weights": [1, 1, 1, 1, 1, -1]}, "weights.5", "weights, item 6: must be at least 0"),
    ({"rules": "B", "weights": [1, 1, 1, 1, 1, "x"]}, "weights.5", "weights, item 6: must be a whole number"),
    ({"rules": "B", "dice": 0}, "dice", "dice: must be at least 1"),
])
def test_a_bad_value_is_named_where_it_is_and_in_plain_words(client, body, field, detail):
    """The exact field (the page marks that input alone); words, not pydantic's, with positions from 1."""
    r = client.post("/api/dice-poker/report", json=body)
    assert r.status_code == 422 and r.json()["field"] == field
    assert r.json()["detail"].startswith(detail), r.json()


@pytest.mark.parametrize("body, field", [
    ({"hand": "1 2 3", "rolls_left": 1}, "hand"),
    ({"hand": "1 2 3 4 7", "rolls_left": 1}, "hand"),
    ({"hand": "1 2 3 4 5", "rolls_left": 0}, "rolls_left"),
    ({"hand": "1 2 3 4 5"}, "rolls_left"),
    ({"hand": {"a": 1}, "rolls_left": 1}, "hand"),
])
def test_bad_hint_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/dice-poker/hint", json=body)
    assert r.status_code == 422 and r.json()["field"].split(".")[0] == field, r.text


def _unsealed(answer):
    return State.from_json(answer["state"]["state"])


def test_a_hand_played_through_the_api_replays_on_the_session(client):
    options = {"rules": "I", "dice": 5, "sides": 6, "rerolls": 2, "bet": 2}
    answer = client.post("/api/dice-poker/new", json={"options": options, "seed": 11}).json()
    assert answer["actions"] == face.actions(_unsealed(answer))
    expected = face.new_game(options, 11)
    assert _unsealed(answer) == expected
    played = []
    while len(played) < 7:
        state = _unsealed(answer)
        if state.over:
            action = {"type": "next"}
        else:  # the second best keep, so the decisions record a loss
            advice = client.post("/api/dice-poker/advice", json={"state": answer["state"]}).json()
            assert advice == face.advice(state).to_json()
            action = advice["options"][min(1, len(advice["options"]) - 1)]["action"]
        answer = client.post("/api/dice-poker/step", json={"state": answer["state"], "action": action}).json()
        played.append(action)
        expected = face.step(expected, action)
        assert _unsealed(answer) == expected
    assert expected.tally["hands"] >= 2 and any(d.loss > 0 for d in expected.decisions)


def test_the_computer_plays_the_optimal_keep(client):
    answer = client.post("/api/dice-poker/new", json={"seed": 5}).json()
    state = _unsealed(answer)
    r = client.post("/api/dice-poker/computer", json={"state": answer["state"]}).json()
    assert r["action"] == face.computer_action(state)
    assert _unsealed(r) == face.step(state, r["action"])
    assert r["actions"] == face.actions(_unsealed(r))


def test_new_takes_a_preset_by_name_or_payouts(client, tmp_path, monkeypatch):
    by_payouts = client.post("/api/dice-poker/new", json={"options": {"payouts": [6, 5, 5, 5, 0, 0, 0]},
                                                           "seed": 1}).json()
    assert _unsealed(by_payouts).options["rules"] == "custom"
    path = tmp_path / "t.toml"
    path.write_text("[tables]\nH = [6, 5, 5, 5, 0, 0, 0]\n", encoding="utf-8")
    monkeypatch.setenv(web.TABLES_FILE_ENV, str(path))
    by_name = client.post("/api/dice-poker/new", json={"options": {"rules": "H"}, "seed": 1}).json()
    assert _unsealed(by_name).options["payouts"] == ["6", "5", "5", "5", "0", "0", "0"]
    assert _unsealed(by_name).data["hand"] == _unsealed(by_payouts).data["hand"]


def test_a_fresh_seed_when_none_is_given(client):
    a = client.post("/api/dice-poker/new", json={}).json()
    assert _unsealed(a).seed >= 0 and _unsealed(a).phase == "keep"


@pytest.mark.parametrize("body, field", [
    ({"options": {"rules": "nope"}}, "options.rules"),
    ({"options": {"table": "B"}}, "options.table"),
    ({"options": {"bet": "nan"}}, "options"),
    ({"options": {"bet": 0}}, "options"),
    ({"options": {"payouts": [1, 2]}}, "options"),
    ({"options": {"sides": 17}}, "options.sides"),
    ({"options": {"weights": [1, 1]}}, "options.weights"),
    ({"seed": -1}, "seed"),
    ({"options": {"dice": 5, "colour": "red"}}, "options.colour"),
])
def test_bad_new_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/dice-poker/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_illegal_actions_and_tampered_states_are_refused(client):
    answer = client.post("/api/dice-poker/new", json={"seed": 2}).json()
    sealed = answer["state"]
    r = client.post("/api/dice-poker/step", json={"state": sealed, "action": {"type": "keep", "keep": [9]}})
    assert r.status_code == 422 and r.json()["field"] == "action"
    r = client.post("/api/dice-poker/step", json={"state": sealed, "action": {"type": "next"}})
    assert r.status_code == 422 and r.json()["field"] == "action"
    forged = json.loads(json.dumps(sealed))
    forged["state"]["data"]["hand"] = [6, 6, 6, 6, 6]
    for path in ("step", "advice", "computer"):
        body = {"state": forged} | ({"action": {"type": "keep", "keep": []}} if path == "step" else {})
        r = client.post(f"/api/dice-poker/{path}", json=body)
        assert r.status_code == 422 and r.json()["field"] == "state"
    over = client.post("/api/dice-poker/step", json={"state": sealed, "action": {"type": "keep",
                                                                                 "keep": _unsealed(answer).data["hand"]}})
    r = client.post("/api/dice-poker/advice", json={"state": over.json()["state"]})
    assert r.status_code == 422 and r.json()["field"] == "state" and "over" in r.json()["detail"]


def test_the_page_renders_with_the_presets_and_the_form(client):
    r = client.get("/dice-poker")
    assert r.status_code == 200
    for part in ('data-name="B"', 'data-name="I"', 'id="dp-pay-five_of_a_kind"', 'class="error"', "dice_poker.js"):
        assert part in r.text
    assert client.get("/static/dice_poker.js").status_code == 200


def test_warm_returns_at_once_and_fills_the_cache(monkeypatch):
    """warm() only starts the work: each built-in table's report is solved in another thread, released only
    once warm() has returned, and lands in the answer cache."""
    caller = threading.current_thread()
    go = threading.Event()
    threads = []
    real = face.report

    def held(*args, **kwargs):
        threads.append(threading.current_thread())
        go.wait(600)  # a safety timeout: released once warm() has returned
        return real(*args, **kwargs)

    monkeypatch.setattr(face, "report", held)
    monkeypatch.setattr(web, "_cache", AnswerCache(web.CACHE_BYTES))  # none of the reports kept before
    web.warm()
    go.set()
    worker = next(t for t in threading.enumerate() if t.name == "holdwise-warm-dice-poker")
    worker.join(600)  # a safety timeout while it works
    assert not worker.is_alive() and len(threads) == len(face.BUILTIN_TABLES) and caller not in threads
    assert len(web._cache.items) == len(face.BUILTIN_TABLES)


def test_a_state_through_a_browser_json_keeps_its_seal(client):
    """JavaScript writes the loss 0.0 of a best keep as 0; the server still knows its state."""
    answer = client.post("/api/dice-poker/new", json={"seed": 11}).json()
    best = client.post("/api/dice-poker/advice", json={"state": answer["state"]}).json()["options"][0]["action"]
    answer = client.post("/api/dice-poker/step", json={"state": answer["state"], "action": best}).json()
    browser = json.loads(json.dumps(answer["state"]).replace('"loss": 0.0', '"loss": 0'))
    assert '"loss": 0,' in json.dumps(browser)
    r = client.post("/api/dice-poker/advice", json={"state": browser})
    assert r.status_code == 200, r.text
    browser["state"]["decisions"][0]["loss"] = 1
    r = client.post("/api/dice-poker/advice", json={"state": browser})
    assert r.status_code == 422 and r.json()["field"] == "state"
