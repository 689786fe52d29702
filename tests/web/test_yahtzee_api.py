"""The Yahtzee API: advice and hint equal `holdwise yahtzee hint --json`, whole games through the sealed session
replay on it, the view's scorecard is the card's, the table loads behind a 202, the distribution is the CLI's, and
bad input (unknown rules, impossible dice and boxes, tampered states) is a 422 naming the field."""

import json
import random
import time

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import yahtzee as face
from holdwise.games.base import State
from holdwise.web import common
from holdwise.web import yahtzee as web
from holdwise.web.common import seal

from .replay import prepared

runner = CliRunner()


def cli_json(*args):
    result = runner.invoke(cli_app, ["yahtzee", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def loaded(client, rules="yahtzee"):
    """Wait until the rule set's table is in the server's memory (solved the first time: seconds)."""
    prepared(client, "yahtzee", {"rules": rules})


def new(client, rules="yahtzee", seed=7):
    loaded(client, rules)
    r = client.post("/api/yahtzee/new", json={"options": {"rules": rules}, "seed": seed})
    assert r.status_code == 200, r.text
    return r.json()


def state_of(answer) -> State:
    return State.from_json(answer["state"]["state"])


def step(client, answer, action):
    r = client.post("/api/yahtzee/step", json={"state": answer["state"], "action": action})
    assert r.status_code == 200, r.text
    return r.json()


def hint_args(hint: dict) -> list[str]:
    """The CLI's arguments for the position a Hint JSON names."""
    return ["hint", "--card", hint["card"], "".join(map(str, hint["dice"])), "--rolls-left",
            str(hint["rolls_left"]), "--rules", hint["rules"], "--all", "--json"]


# ---- advice and hint: the CLI's --json for the same position ----------------------------------------------

@pytest.mark.parametrize("rules, seed, moves", [
    ("yahtzee", 3, 0), ("yahtzee", 4, 1), ("yahtzee", 5, 2), ("yahtzee", 6, 17), ("yahtzee", 8, 30),
    pytest.param("yahtzee-forced", 9, 22, marks=pytest.mark.slow),  # a table of its own to solve: seconds
    pytest.param("yatzy", 10, 25, marks=pytest.mark.slow),
    ("balut", 11, 0), ("balut", 12, 40),
])
def test_advice_and_hint_are_the_cli_hint_json(client, rules, seed, moves):
    """After `moves` plays (a mix of best and worse, so the card fills unevenly), the advice for the position
    is the CLI's hint JSON, and /hint for the same card, dice and rolls left answers the same."""
    answer = new(client, rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        hint = client.post("/api/yahtzee/advice", json={"state": answer["state"]}).json()
        pick = hint["options"][0 if rng.random() < 0.6 else rng.randrange(len(hint["options"]))]
        answer = step(client, answer, pick["action"])
        if state_of(answer).over:
            answer = step(client, answer, {"type": "next"})
    r = client.post("/api/yahtzee/advice", json={"state": answer["state"]})
    assert r.status_code == 200, r.text
    got = r.json()
    state = state_of(answer)
    assert got["dice"] == state.data["dice"] and got["rolls_left"] == state.data["rolls_left"]
    assert got["card"] == face.card_line(state) and got["rules"] == rules
    assert got == cli_json(*hint_args(got))
    assert got["options"][0]["loss"] == 0 and all(o["loss"] >= 0 for o in got["options"])
    assert [o["action"] for o in got["options"]] == answer["actions"]
    body = {"card": got["card"], "dice": got["dice"], "rolls_left": got["rolls_left"], "rules": rules}
    again = client.post("/api/yahtzee/hint", json=body)
    assert again.status_code == 200 and again.json() == got


def test_a_hint_for_a_written_position_is_the_cli_json(client):
    """The CLI's own example and a joker position (a Yahtzee with the Yahtzee box holding 50)."""
    loaded(client)
    for body, args in [
        ({"card": "ones=3 fh=25", "dice": [1, 1, 5, 3, 2], "rolls_left": 2},
         ["--card", "ones=3 fh=25", "11532", "--rolls-left", "2"]),
        ({"card": "ones=3 fh=25 y=50", "dice": [6, 6, 6, 6, 6], "rolls_left": 0},
         ["--card", "ones=3 fh=25 y=50", "66666", "--rolls-left", "0"]),
        ({"dice": [2, 3, 4, 5, 5]}, ["23455"]),
        ({"dice": "2 3 4 5 5", "rolls_left": "2"}, ["2", "3", "4", "5", "5"]),  # JSON values or the CLI's text
    ]:
        r = client.post("/api/yahtzee/hint", json=body)
        assert r.status_code == 200, r.text
        assert r.json() == cli_json("hint", *args, "--all", "--json")
    joker = client.post("/api/yahtzee/hint", json={"card": "ones=3 fh=25 y=50", "dice": [6] * 5,
                                                   "rolls_left": 0}).json()
    assert all(o["kind"] == "score" for o in joker["options"])
    assert {o["box"]: o["bonus"] for o in joker["options"]}["sixes"] == 100  # the Yahtzee bonus


# ---- play -------------------------------------------------------------------------------------------------

def play_game(client, answer, rng):
    """Play a game to its end through step (best, worst or another play from the advice), move (typed) and
    computer; returns the last answer and every action played."""
    played = []
    for _ in range(60):
        state = state_of(answer)
        if state.over:
            return answer, played
        way = rng.random()
        if way < 0.15:
            r = client.post("/api/yahtzee/computer", json={"state": answer["state"]})
            assert r.status_code == 200, r.text
            answer = r.json()
            played.append(answer["action"])
            continue
        if way < 0.3:
            text = "roll all" if state.data["rolls_left"] else "chance" if state.data["card"]["chance"] is None else ""
            if text:
                r = client.post("/api/yahtzee/move", json={"state": answer["state"], "text": text})
                if r.status_code == 200:
                    answer = r.json()
                    played.append(answer["action"])
                    continue
                assert r.status_code == 422 and r.json()["field"] == "text", r.text
        hint = client.post("/api/yahtzee/advice", json={"state": answer["state"]}).json()
        options = hint["options"]
        pick = options[0] if way < 0.6 else options[-1] if way < 0.7 else options[rng.randrange(len(options))]
        answer = step(client, answer, pick["action"])
        played.append(pick["action"])
        decision = state_of(answer).decisions[-1]
        assert decision.chosen == pick["option"] and decision.loss == pytest.approx(pick["loss"])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rules, seed", [("yahtzee", 21), pytest.param("yatzy", 22, marks=pytest.mark.slow)])
def test_whole_games_through_the_api_replay_on_the_session(client, rules, seed):
    answer = new(client, rules, seed)
    rng = random.Random(seed)
    actions = []
    totals = []
    if rules == "yatzy":
        view = answer["view"]
        assert len(view["boxes"]) == 15 and view["yahtzee_bonus_points"] == 0 and view["upper_bonus_points"] == 50
    for game in (1, 2):
        answer, played = play_game(client, answer, rng)
        actions += played
        state = state_of(answer)
        again = face.new_game({"rules": rules}, seed)
        for action in actions:
            again = face.step(again, action)
        assert again == state
        card = face.card_of(state)
        view = answer["view"]
        assert state.over and answer["actions"] == [{"type": "next"}]
        assert view["total"] == card.total and view["upper_total"] == card.upper_total
        assert [b["points"] for b in view["boxes"]] == list(card.points)
        assert all(b["now"] is None for b in view["boxes"])
        totals.append(card.total)
        assert state.tally == {"games": game, "total": sum(totals), "best": max(totals)}
        assert len([d for d in state.decisions]) >= card.rules.n_categories * game
        assert f"game over: {card.total} points" in state.log[-1]
        answer = step(client, answer, {"type": "next"})
        actions.append({"type": "next"})
    assert state_of(answer).tally["games"] == 2 and state_of(answer).data["turn"] == 1


def test_the_view_scores_each_open_box_for_the_dice(client):
    answer = new(client, "yahtzee", 11)
    state = state_of(answer)
    view = answer["view"]
    rules = face.get_rules("yahtzee")
    assert [b["name"] for b in view["boxes"]] == [c.name for c in rules.categories]
    assert [b["label"] for b in view["boxes"]][:3] == ["Ones", "Twos", "Threes"]
    dice = tuple(state.data["dice"])
    for b, c in zip(view["boxes"], rules.categories):
        assert b["points"] is None and b["now"] == face.score(c, dice)  # a new game: no joker yet
    assert view["total"] == 0 and view["upper_threshold"] == 63 and view["upper_bonus_points"] == 35
    assert view["yahtzee_bonus_points"] == 100 and view["turns"] == 13
    after = step(client, answer, {"type": "score", "box": "chance"})
    chance = next(b for b in after["view"]["boxes"] if b["name"] == "chance")
    assert chance["points"] == sum(dice) and chance["now"] is None and after["view"]["total"] == sum(dice)


@pytest.mark.slow  # the forced joker's table
def test_the_forced_joker_forbids_boxes_in_the_view(client):
    """Forced joker: a Yahtzee of sixes with the Yahtzee box at 50 and the sixes open must go in the sixes."""
    loaded(client, "yahtzee-forced")
    state = face.new_game({"rules": "yahtzee-forced"}, 1)
    card = {**state.data["card"], "yahtzee": 50}
    forged = state.evolve(data={**state.data, "card": card, "dice": [6] * 5, "rolls_left": 0, "turn": 2})
    r = client.post("/api/yahtzee/step", json={"state": seal(forged), "action": {"type": "score", "box": "chance"}})
    assert r.status_code == 422 and r.json()["field"] == "action"
    r = client.post("/api/yahtzee/step", json={"state": seal(forged), "action": {"type": "score", "box": "sixes"}})
    assert r.status_code == 200, r.text
    assert r.json()["view"]["yahtzee_bonus"] == 100
    advice = client.post("/api/yahtzee/advice", json={"state": seal(forged)}).json()
    assert [o["box"] for o in advice["options"]] == ["sixes"]


# ---- the solve behind a 202, the distribution -------------------------------------------------------------

def test_a_table_not_in_memory_answers_202_then_plays(client, monkeypatch):
    """A fresh job queue: the table is not known to be in memory, so new answers 202 with the load's status
    (the disk or a solve brings it), and prepare reports until done."""
    from holdwise.games.yahtzee import store

    monkeypatch.setattr(web, "_jobs", common.Jobs())
    monkeypatch.setattr(store, "_SOLUTIONS", {})  # read from the disk again: a fraction of a second at least
    r = client.post("/api/yahtzee/new", json={"options": {"rules": "yahtzee"}, "seed": 1})
    assert r.status_code == 202, r.text
    body = r.json()
    assert body["status"] in ("queued", "running") and "prepare" in body["detail"]
    assert body["options"] == {"rules": "yahtzee"}
    loaded(client)
    r = client.post("/api/yahtzee/new", json={"options": {"rules": "yahtzee"}, "seed": 1})
    assert r.status_code == 200 and state_of(r.json()) == face.new_game({}, 1)


def test_the_web_rule_names_are_the_rule_sets():
    import typing

    assert set(typing.get_args(web.RuleName)) == set(web.RULE_NAMES) == set(face.RULE_SETS)


def test_warm_starts_the_official_table():
    web.warm()
    assert web._jobs.get("yahtzee-table-yahtzee") is not None


@pytest.mark.slow  # the first time: 10-30 s and about 1 GB (then kept on disk)
def test_the_distribution_is_the_cli_json(client):
    deadline = time.monotonic() + 600
    while True:
        r = client.get("/api/yahtzee/distribution")
        if r.status_code == 200:
            break
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
        assert time.monotonic() < deadline
        time.sleep(0.5)
    got = r.json()
    assert got == cli_json("distribution", "--json")  # read from the file the server stored
    assert got["mean"] == pytest.approx(254.5896, abs=1e-4)
    assert sum(p for _, p in got["chances"]) == pytest.approx(1.0)
    assert client.get("/api/yahtzee/distribution?rules=yahtzee").content == r.content


# ---- bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("body, field", [
    ({"options": {"rules": "kniffel"}}, "options.rules"),
    ({"options": {"rules": 1}}, "options.rules"),
    ({"options": {"dice": 6}}, "options.dice"),
    ({"options": [2]}, "options"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**63}, "seed"),
    ({"seed": "7"}, "seed"),
    ({"rules": "yatzy"}, "rules"),
])
def test_bad_new_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/yahtzee/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


@pytest.mark.parametrize("action, field", [
    ({"type": "keep", "keep": [7]}, "action.keep.0"),
    ({"type": "keep", "keep": [0]}, "action.keep.0"),
    ({"type": "keep", "keep": [1, 1, 1, 1, 1]}, "action.keep"),
    ({"type": "keep", "keep": ["5"]}, "action.keep.0"),
    ({"type": "keep", "keep": [True]}, "action.keep.0"),
    ({"type": "keep"}, "action.keep"),
    ({"type": "score"}, "action.box"),
    ({"type": "score", "box": 3}, "action.box"),
    ({"type": "score", "box": "x" * 41}, "action.box"),
    ({"type": "score", "box": "kniffel"}, "action"),
    ({"type": "roll"}, "action.type"),
    ({"type": "next"}, "action"),
    ({"type": "keep", "keep": [6, 6, 6, 6]}, "action"),
    ({"type": "keep", "keep": [], "extra": 1}, "action.extra"),
])
def test_impossible_actions_are_a_422(client, action, field):
    answer = new(client, "yahtzee", 2)
    assert state_of(answer).data["dice"].count(6) < 4
    r = client.post("/api/yahtzee/step", json={"state": answer["state"], "action": action})
    assert r.status_code == 422 and r.json()["field"] == field, r.text


@pytest.mark.parametrize("box", ["fh", "Full House", "FULL_HOUSE"])
def test_a_box_by_any_of_its_names(client, box):
    answer = new(client, "yahtzee", 2)
    after = step(client, answer, {"type": "score", "box": box})
    assert state_of(after).data["card"]["full_house"] is not None
    assert state_of(after).decisions[-1].chosen.startswith("score full_house")


def test_no_rolls_left_refuses_a_keep(client):
    answer = new(client, "yahtzee", 2)
    for _ in range(2):
        answer = step(client, answer, {"type": "keep", "keep": []})
    assert state_of(answer).data["rolls_left"] == 0
    r = client.post("/api/yahtzee/step", json={"state": answer["state"], "action": {"type": "keep", "keep": []}})
    assert r.status_code == 422 and r.json()["field"] == "action"


@pytest.mark.parametrize("body, field", [
    ({"card": "fh=20", "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": "ones=3 ones=3", "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": "kniffel=3", "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": "bonus=100", "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": " ".join(f"{c.name}=0" for c in face.YAHTZEE.categories), "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": "x" * 401, "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"card": 3, "dice": [1, 1, 5, 3, 2]}, "card"),
    ({"dice": [1, 1, 5, 3]}, "dice"),
    ({"dice": [1, 1, 5, 3, 2, 2]}, "dice"),
    ({"dice": [1, 1, 5, 3, 7]}, "dice"),
    ({"dice": [1, 1, 5, 3, True]}, "dice"),
    ({"dice": {"a": 1}}, "dice"),
    ({}, "dice"),
    ({"dice": [1, 1, 5, 3, 2], "rolls_left": 3}, "rolls_left"),
    ({"dice": [1, 1, 5, 3, 2], "rolls_left": "two"}, "rolls_left"),
    ({"dice": [1, 1, 5, 3, 2], "rolls_left": 1.0}, "rolls_left"),
    ({"dice": [1, 1, 5, 3, 2], "rules": "kniffel"}, "rules"),
    ({"dice": [1, 1, 5, 3, 2], "card": "bonus=100 y=50", "rules": "yatzy"}, "card"),
    ({"dice": [1, 1, 5, 3, 2], "seed": 1}, "seed"),
])
def test_bad_hint_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/yahtzee/hint", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


def test_bad_distribution_and_prepare_input_is_a_422(client):
    r = client.get("/api/yahtzee/distribution?rules=kniffel")
    assert r.status_code == 422 and r.json()["field"] == "rules"
    r = client.post("/api/yahtzee/prepare", json={"options": {"rules": "kniffel"}})
    assert r.status_code == 422 and r.json()["field"] == "options.rules"


def test_tampered_foreign_and_hand_edited_states_are_a_422(client):
    answer = new(client, "yahtzee", 2)
    sealed = answer["state"]
    forged = json.loads(json.dumps(sealed))
    forged["state"]["data"]["dice"] = [6, 6, 6, 6, 6]
    foreign = client.post("/api/farkle/new", json={"options": {"computer": "coaching", "target": 500}}).json()["state"]
    # states the server would seal but no game reaches: a seventh face, a box holding what it cannot
    edited = state_of(answer).to_json()
    edited["data"] = {**edited["data"], "dice": [1, 2, 3, 4, 7]}
    boxed = state_of(answer).to_json()
    boxed["data"] = {**boxed["data"], "card": {**boxed["data"]["card"], "full_house": 20}, "turn": 2}
    bad = [forged, foreign, seal(State.from_json(edited)), seal(State.from_json(boxed)), {"state": sealed["state"]},
           "text"]
    for path in ("step", "advice", "computer"):
        for state in bad:
            body = {"state": state} if path != "step" else {"state": state, "action": {"type": "keep", "keep": []}}
            r = client.post(f"/api/yahtzee/{path}", json=body)
            assert r.status_code == 422 and r.json()["field"] == "state", (path, r.text)
    r = client.post("/api/yahtzee/advice", json={"state": seal(State.from_json(boxed))})
    assert "full_house cannot hold 20" in r.json()["detail"]


def test_advice_on_a_game_over_is_a_422(client):
    answer = new(client, "yahtzee", 4)
    while not state_of(answer).over:
        answer = client.post("/api/yahtzee/computer", json={"state": answer["state"]}).json()
    r = client.post("/api/yahtzee/advice", json={"state": answer["state"]})
    assert r.status_code == 422 and r.json()["field"] == "state" and "over" in r.json()["detail"]


def test_the_page_renders_and_the_index_lists_it(client):
    r = client.get("/yahtzee")
    assert r.status_code == 200 and 'id="yz-form"' in r.text and "/static/yahtzee.js" in r.text
    for name in web.RULE_NAMES:
        assert f'value="{name}"' in r.text
    assert client.get("/static/yahtzee.css").status_code == 200
    assert 'href="/yahtzee"' in client.get("/").text
    assert client.get("/play/yahtzee").status_code == 404  # its own page replaces the generic one


# ---- Balut at the table ------------------------------------------------------------------------------------

def test_a_balut_game_through_the_api(client):
    """A whole Balut game by the computer's moves: the view's card is the session's, category by category,
    with its points; a costly move is reviewed; the optimum is the solved one."""
    answer = new(client, "balut", 5)
    view = answer["view"]
    assert view["kind"] == "balut" and view["turns"] == 28 and view["boxes_each"] == 4
    assert [b["name"] for b in view["boxes"]] == [c.name for c in face.BALUT.categories]
    assert view["optimum"] == pytest.approx(433.3471, abs=5e-5) and view["points"] == -2
    assert {b["name"] for b in view["boxes"] if b["now"] is not None} == {c.name for c in face.BALUT.categories}
    hint = client.post("/api/yahtzee/advice", json={"state": answer["state"]}).json()
    worst = hint["options"][-1]
    answer = step(client, answer, worst["action"])
    while not state_of(answer).over:
        r = client.post("/api/yahtzee/computer", json={"state": answer["state"]})
        assert r.status_code == 200, r.text
        answer = r.json()
    state = state_of(answer)
    card = face.card_of(state)
    view = answer["view"]
    assert [b["scores"] for b in view["boxes"]] == [list(s) for s in card.scores]
    assert all(b["open"] == 0 and b["now"] is None for b in view["boxes"])
    assert view["total"] == card.total and view["points"] == sum(card.awards().values())
    assert view["total_points"] == card.awards()["total"]
    assert [d.loss for d in face.review(state)] == [pytest.approx(worst["loss"])]


def test_balut_hint_and_its_refusals(client):
    loaded(client, "balut")
    body = {"card": "fours=8,12 sixes=24", "dice": [1, 2, 3, 4, 5], "rolls_left": 1, "rules": "balut"}
    r = client.post("/api/yahtzee/hint", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got == cli_json(*hint_args(got))
    assert got["options"][0]["option"] == "score straight (15)"
    for card, message in (("fours=5", "fours cannot score '5'"), ("hat=3", "unknown category")):
        r = client.post("/api/yahtzee/hint", json={**body, "card": card})
        assert r.status_code == 422 and r.json()["field"] == "card" and message in r.json()["detail"], r.text


def test_balut_distribution(client):
    loaded(client, "balut")
    deadline = time.monotonic() + 600
    while True:
        r = client.get("/api/yahtzee/distribution", params={"rules": "balut"})
        if r.status_code == 200:
            break
        assert r.status_code == 202 and time.monotonic() < deadline, r.text
        time.sleep(0.2)
    got = r.json()
    assert got == cli_json("distribution", "--rules", "balut", "--json") | {"seconds": got["seconds"]}
    assert got["mean"] == pytest.approx(433.3471, abs=5e-5)
