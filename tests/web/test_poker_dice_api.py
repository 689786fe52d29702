"""The poker-dice API: odds and hints equal the CLI's --json, games played through the sealed session replay on
it, the solve behind a 202, bad input (impossible dice, unknown options, bad seats, tampered states) is a 422."""

import json
import time

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.web import poker_dice as web
from holdwise.web.common import seal

runner = CliRunner()


def cli_json(*args):
    result = runner.invoke(cli_app, ["poker-dice", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def solved(client, options):
    """Wait until the game of `options` is solved in the server's process (seconds at most)."""
    deadline = time.monotonic() + 60
    while True:
        r = client.post("/api/poker-dice/prepare", json={"options": options})
        assert r.status_code == 200, r.text
        if r.json()["status"] == "done":
            return
        assert r.json()["status"] in ("queued", "running"), r.json()
        assert time.monotonic() < deadline, "the solve did not finish"
        time.sleep(0.1)


def new(client, options=None, seed=7):
    options = options or {}
    solved(client, options)
    r = client.post("/api/poker-dice/new", json={"options": options, "seed": seed})
    assert r.status_code == 200, r.text
    assert r.json()["solve"]["status"] == "done"
    return r.json()


def state_of(answer) -> State:
    return State.from_json(answer["state"]["state"])


# ---- odds -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("query, body, args", [
    ("", {}, []),
    ("?straights=false", {"straights": False}, ["--no-straights"]),
    ("?ace_high=true&flush=true&poker_faces=true", {"ace_high": True, "flush": True, "poker_faces": True},
     ["--ace-high", "--flush-rule", "--poker-faces"]),
    ("?straight_above_full_house=1", {"straight_above_full_house": True}, ["--straight-above-full-house"]),
])
def test_odds_are_the_cli_json(client, query, body, args):
    expected = cli_json("odds", *args, "--json")
    got = client.get("/api/poker-dice/odds" + query)
    assert got.status_code == 200 and got.json() == expected
    posted = client.post("/api/poker-dice/odds", json=body)
    assert posted.status_code == 200 and posted.json() == expected
    assert sum(expected["counts"].values()) == 7776


def test_odds_have_the_known_counts(client):
    r = client.get("/api/poker-dice/odds").json()
    assert r["counts"] == {"five_of_a_kind": 6, "four_of_a_kind": 150, "full_house": 300, "straight": 240,
                           "three_of_a_kind": 1200, "two_pairs": 1800, "pair": 3600, "bust": 480}
    no = client.get("/api/poker-dice/odds?straights=false").json()
    assert "straight" not in no["counts"] and no["counts"]["bust"] == 720 and no["bust_hands"] is None
    flush = client.get("/api/poker-dice/odds?flush=true").json()
    assert flush["categories"][1] == "flush" and flush["counts"]["flush"] == 120 == flush["counts"]["straight"]


@pytest.mark.parametrize("body, field", [
    ({"straights": False, "flush": True}, "flush"),
    ({"straights": False, "straight_above_full_house": True}, "straight_above_full_house"),
    ({"ace_high": "yes"}, "ace_high"),
    ({"ace_high": 1}, "ace_high"),
    ({"jokers": True}, "jokers"),
])
def test_bad_odds_variants_are_a_422_naming_the_field(client, body, field):
    r = client.post("/api/poker-dice/odds", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    if field in ("flush", "straight_above_full_house"):  # a query's flags read "yes" and 1 as true
        g = client.get("/api/poker-dice/odds?" + "&".join(f"{k}={str(v).lower()}" for k, v in body.items()))
        assert g.status_code == 422 and g.json()["field"] == field, g.text


def test_a_query_flag_that_is_no_flag_is_a_422(client):
    r = client.get("/api/poker-dice/odds?ace_high=maybe")
    assert r.status_code == 422 and r.json()["field"] == "ace_high"


def test_the_odds_page_draws_the_chosen_variant(client):
    r = client.get("/poker-dice/odds?straights=false&ace_high=1")
    assert r.status_code == 200
    data = json.loads(r.text.split('id="pd-odds-data" type="application/json">')[1].split("</script>")[0])
    assert data == cli_json("odds", "--no-straights", "--ace-high", "--json")
    assert 'name="ace_high" checked' in r.text and 'name="straights" checked' not in r.text
    assert client.get("/poker-dice/odds?straights=0&flush=1").status_code == 200  # falls back to the default



def test_the_odds_page_writes_faces_as_the_table_draws_them(client):
    # the table draws A K Q J 10 9: the odds page starts so too (the API and the CLI keep digits by default)
    r = client.get("/poker-dice/odds")
    assert 'name="poker_faces" checked' in r.text
    data = json.loads(r.text.split('id="pd-odds-data" type="application/json">')[1].split("</script>")[0])
    assert data == cli_json("odds", "--poker-faces", "--json")
    plain = client.get("/poker-dice/odds?poker_faces=false")
    assert 'name="poker_faces" checked' not in plain.text
    assert client.get("/api/poker-dice/odds").json() == cli_json("odds", "--json")

# ---- hints: the CLI's --json for the same position ---------------------------------------------------------

def to_player(client, answer):
    """Let the computer play until it is the player's move (or the game is over)."""
    while state_of(answer).to_move == "computer":
        answer = client.post("/api/poker-dice/computer", json={"state": answer["state"]}).json()
    return answer


@pytest.mark.parametrize("options, seed", [({}, 3), ({"position": 2}, 4), ({"players": 3, "position": 3}, 5),
                                           ({"players": 3, "position": 2, "ace_high": True, "poker_faces": True}, 6),
                                           ({"players": 6, "position": 5}, 8), ({"players": 4, "position": 4}, 9),
                                           ({"roll_limit": True, "position": 2}, 11),
                                           ({"players": 3, "roll_limit": True}, 12)])
def test_advice_is_the_cli_hint_json(client, options, seed):
    answer = to_player(client, new(client, options, seed))
    state = state_of(answer)
    assert state.to_move == "player"
    r = client.post("/api/poker-dice/advice", json={"state": answer["state"]})
    assert r.status_code == 200, r.text
    got = r.json()
    variant = face.variant_of(state.options)
    flags = ["--ace-high"] * variant.ace_high + ["--poker-faces"] * variant.poker_faces
    pos = got  # the Hint JSON has the position's keys at the top
    args = ["hint", " ".join(pos["hand"]), "--rolls-left", str(pos["rolls_left"]), "--players",
            str(state.options["players"]), "--position", str(state.options["position"])]
    if pos["to_beat"] is not None:
        args += ["--to-beat", " ".join(pos["to_beat"])]
    if pos["holders"] > 1:
        args += ["--holders", str(pos["holders"])]
    if pos["roll_limit"]:
        args += ["--roll-limit"] + (["--rolls-allowed", str(pos["rolls_allowed"])] if pos["position"] > 1 else [])
    assert got == cli_json(*flags, *args, "--json")
    assert got["options"][0]["loss"] == 0 and all(o["loss"] >= 0 for o in got["options"])


# ---- play -------------------------------------------------------------------------------------------------

def play_game(client, answer, choose):
    """Play to the end of the game: the player's keeps by `choose(advice)`, the computer's by /computer.
    Returns the last answer and every action played."""
    played = []
    for _ in range(200):
        state = state_of(answer)
        if state.over:
            return answer, played
        if state.to_move == "computer":
            answer = client.post("/api/poker-dice/computer", json={"state": answer["state"]}).json()
            played.append(answer["action"])
            continue
        hint = client.post("/api/poker-dice/advice", json={"state": answer["state"]}).json()
        action = choose(hint)
        r = client.post("/api/poker-dice/step", json={"state": answer["state"], "action": action})
        assert r.status_code == 200, r.text
        answer = r.json()
        played.append(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("options", [{}, {"players": 3, "position": 2}, {"roll_limit": True, "position": 2},
                                     {"players": 5, "position": 3, "roll_limit": True}])
def test_games_through_the_api_replay_on_the_session(client, options):
    seed = 21
    answer = new(client, options, seed)
    actions = []
    def worst(hint):
        return hint["options"][-1]["action"]
    for game in (1, 2):
        answer, played = play_game(client, answer, worst)
        actions += played
        state = state_of(answer)
        again = face.new_game(options, seed)
        for action in actions:
            again = face.step(again, action)
        assert again == state
        view = answer["view"]
        assert state.tally["games"] == game and view["winner"] == state.data["seats"][state.data["winner"]]
        assert [s["winner"] for s in view["seats"]].count(True) == 1 and view["dice"] is None
        assert answer["actions"] == [{"type": "next"}]
        assert all(d.loss > 0 for d in state.decisions[-len(played):] if d.chosen != d.best)
        answer = client.post("/api/poker-dice/step", json={"state": answer["state"], "action": {"type": "next"}}).json()
        actions.append({"type": "next"})


def test_a_costly_keep_is_recorded_with_the_hints_loss(client):
    answer = to_player(client, new(client, {}, 9))
    hint = client.post("/api/poker-dice/advice", json={"state": answer["state"]}).json()
    pick = hint["options"][len(hint["options"]) // 2]
    after = client.post("/api/poker-dice/step", json={"state": answer["state"], "action": pick["action"]}).json()
    decision = state_of(after).decisions[-1]
    assert decision.chosen == pick["option"] and decision.best == hint["options"][0]["option"]
    assert decision.loss == pytest.approx(pick["loss"]) and decision.measure == "win_chance"


def test_the_view_shows_the_seats_the_dice_in_poker_faces_and_the_hand_to_beat(client):
    answer = new(client, {"position": 2, "ace_high": True}, 12)
    view = answer["view"]
    assert [s["name"] for s in view["seats"]] == ["computer", "you"] and view["seats"][0]["to_move"]
    state = state_of(answer)
    assert sorted(view["dice"]["faces"]) == list(state.data["dice"])
    poker = {2: "9", 3: "10", 4: "J", 5: "Q", 6: "K", 1: "A"}  # ace high: the 1 is the ace
    assert view["dice"]["poker"] == [poker[f] for f in view["dice"]["faces"]]
    assert view["rolls_left"] == 2 and view["to_beat"] is None and view["tie"] is None
    answer = to_player(client, answer)
    view = answer["view"]
    final = view["seats"][0]["final"]
    assert final is not None and view["to_beat"] == final and view["seats"][1]["to_move"]
    assert final["category"] in view["ranking"]


@pytest.mark.slow
def test_a_tie_is_replayed_and_shown(client):
    """Ties replay between the tied players: a seed where exact play ties, found on the session."""
    options = {"players": 3, "position": 1}
    for seed in range(400):
        state = face.new_game(options, seed)
        while not state.over and state.data["round"] == 1:
            state = face.step(state, face.computer_action(state))
        if state.data["round"] > 1:
            break
    else:
        pytest.skip("no tie in 400 seeds")
    answer = new(client, options, seed)
    while state_of(answer).data["round"] == 1:
        s = state_of(answer)
        answer = client.post("/api/poker-dice/step", json={
            "state": answer["state"], "action": face.computer_action(s)}).json()
    view = answer["view"]
    names = [view["seats"][i]["name"] for i in state_of(answer).data["order"]]
    assert view["tie"] == f"tie: replay between {' and '.join(names)} (round 2)"
    assert sum(s["in_round"] for s in view["seats"]) == len(names) >= 2


# ---- the solve behind a 202 -------------------------------------------------------------------------------

def test_an_unsolved_variant_answers_202_then_plays(client):
    options = {"players": 3, "roll_limit": True, "straight_above_full_house": True, "poker_faces": True}
    r = client.post("/api/poker-dice/new", json={"options": options, "seed": 1})
    assert r.status_code == 200
    answer = r.json()
    if answer["solve"]["status"] != "done":
        a = client.post("/api/poker-dice/advice", json={"state": answer["state"]})
        if a.status_code == 202:
            body = a.json()
            assert body["status"] in ("queued", "running") and "prepare" in body["detail"]
            assert body["options"]["players"] == 3 and body["options"]["roll_limit"] is True
    solved(client, options)
    a = client.post("/api/poker-dice/advice", json={"state": answer["state"]})
    assert a.status_code == 200 and a.json()["players"] == 3


def test_warm_starts_the_default_solves_in_the_background():
    key = web.solve_key(face.normalize_options({}))
    assert key == "poker-dice-six-2p-01000"  # dice, players, then roll limit and the rule flags; poker faces share it
    assert web.solve_key(face.normalize_options({"poker_faces": True})) == key
    web.warm()  # returns at once: the solves are jobs
    assert web._solves.get(key) is not None
    assert web._solves.get(web.solve_key(face.normalize_options({"players": 3}))) is not None


# ---- no solve per request (speed itself is measured in benchmarks/bench_web.py) ----------------------------

@pytest.mark.parametrize("options", [{}, {"players": 3, "position": 2}, {"players": 3, "poker_faces": True}])
def test_hint_and_step_do_not_solve_again_once_warm(client, options, monkeypatch):
    answer = to_player(client, new(client, options, 31))
    body = {"state": answer["state"]}
    assert client.post("/api/poker-dice/advice", json=body).status_code == 200
    from holdwise.games.poker_dice import solver

    def refuse(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(solver, "solve_duel", refuse)
    monkeypatch.setattr(solver, "solve_three", refuse)
    for _ in range(3):
        assert client.post("/api/poker-dice/advice", json=body).status_code == 200
        r = client.post("/api/poker-dice/step", json={**body, "action": {"type": "keep", "keep": []}})
        assert r.status_code == 200


# ---- bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("body, field", [
    ({"options": {"players": 7}}, "options.players"),
    ({"options": {"players": 1}}, "options.players"),
    ({"options": {"players": "3"}}, "options.players"),
    ({"options": {"position": 3}}, "options.position"),
    ({"options": {"position": 0}}, "options.position"),
    ({"options": {"players": 3, "position": 4}}, "options.position"),
    ({"options": {"dice": 6}}, "options.dice"),
    ({"options": {"straights": False, "flush": True}}, "options.flush"),
    ({"options": {"straights": False, "straight_above_full_house": True}}, "options.straight_above_full_house"),
    ({"options": {"ace_high": "yes"}}, "options.ace_high"),
    ({"options": [2]}, "options"),
    ({"seed": -1}, "seed"),
    ({"seed": 2**63}, "seed"),
    ({"seed": "7"}, "seed"),
])
def test_bad_new_input_is_a_422_naming_the_field(client, body, field):
    r = client.post("/api/poker-dice/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


@pytest.mark.parametrize("action, field", [
    ({"type": "keep", "keep": [7]}, "action.keep.0"),
    ({"type": "keep", "keep": [0]}, "action.keep.0"),
    ({"type": "keep", "keep": [1, 1, 1, 1, 1, 1]}, "action.keep"),
    ({"type": "keep", "keep": ["A"]}, "action.keep.0"),
    ({"type": "keep", "keep": [True]}, "action.keep.0"),
    ({"type": "keep"}, "action"),
    ({"type": "roll"}, "action.type"),
    ({"type": "next"}, "action"),
    ({"type": "keep", "keep": [6, 6, 6, 6, 6]}, "action"),
])
def test_impossible_actions_are_a_422(client, action, field):
    answer = new(client, {}, 2)  # dice 6 6 6 6 6 are not this roll's
    assert state_of(answer).data["dice"] != [6, 6, 6, 6, 6]
    r = client.post("/api/poker-dice/step", json={"state": answer["state"], "action": action})
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_tampered_foreign_and_hand_edited_states_are_a_422(client):
    answer = new(client, {}, 2)
    sealed = answer["state"]
    forged = json.loads(json.dumps(sealed))
    forged["state"]["data"]["dice"] = [6, 6, 6, 6, 6]
    foreign = client.post("/api/farkle/new", json={"options": {"computer": "coaching", "target": 500}}).json()["state"]
    # a state the server would seal but no game reaches (a seventh face): the session's own check refuses it
    edited = state_of(answer).to_json()
    edited["data"] = {**edited["data"], "dice": [1, 2, 3, 4, 7]}
    resealed = seal(State.from_json(edited))
    for path in ("step", "advice", "computer"):
        for bad in (forged, foreign, resealed, {"state": sealed["state"]}, "text"):
            body = {"state": bad} if path != "step" else {"state": bad, "action": {"type": "keep", "keep": []}}
            r = client.post(f"/api/poker-dice/{path}", json=body)
            assert r.status_code == 422 and r.json()["field"] == "state", (path, r.text)
    r = client.post("/api/poker-dice/advice", json={"state": resealed})
    assert "not a poker dice game state" in r.json()["detail"]


def test_advice_on_a_game_over_is_a_422(client):
    answer, _ = play_game(client, new(client, {}, 4), lambda hint: hint["options"][0]["action"])
    r = client.post("/api/poker-dice/advice", json={"state": answer["state"]})
    assert r.status_code == 422 and r.json()["field"] == "state" and "over" in r.json()["detail"]


def test_the_pages_render(client):
    r = client.get("/poker-dice")
    assert r.status_code == 200 and 'id="pd-form"' in r.text and "/static/poker_dice.js" in r.text
    assert "/static/poker_dice.css" in r.text
    assert client.get("/static/poker_dice.css").status_code == 200
