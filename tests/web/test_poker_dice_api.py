"""The poker-dice API: odds and hints equal the CLI's --json, games played through the sealed session replay on
it, the solve behind a 202, bad input (impossible dice, unknown options, bad seats, tampered states) is a 422.

The play tests run once per kind of dice (`KINDS`: six-faced dice and the octahedral card dice), through the one
session and the one API; what only card dice have is in test_card_poker_dice_api.py."""

import json

import pytest

from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice.card_game import card_table
from holdwise.web import poker_dice as web
from holdwise.web.common import seal
from tests.web.poker_dice_play import API, cli_json, new, play_game, solved, state_of, to_player

KINDS = ("six", "octahedral")  # the card dice of the shared tests: the octahedral set solves in a second


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
    got = client.get(f"{API}/odds" + query)
    assert got.status_code == 200 and got.json() == expected
    posted = client.post(f"{API}/odds", json=body)
    assert posted.status_code == 200 and posted.json() == expected
    assert sum(expected["counts"].values()) == 7776


def test_odds_have_the_known_counts(client):
    r = client.get(f"{API}/odds").json()
    assert r["counts"] == {"five_of_a_kind": 6, "four_of_a_kind": 150, "full_house": 300, "straight": 240,
                           "three_of_a_kind": 1200, "two_pairs": 1800, "pair": 3600, "bust": 480}
    no = client.get(f"{API}/odds?straights=false").json()
    assert "straight" not in no["counts"] and no["counts"]["bust"] == 720 and no["bust_hands"] is None
    flush = client.get(f"{API}/odds?flush=true").json()
    assert flush["categories"][1] == "flush" and flush["counts"]["flush"] == 120 == flush["counts"]["straight"]


@pytest.mark.parametrize("body, field", [
    ({"straights": False, "flush": True}, "flush"),
    ({"straights": False, "straight_above_full_house": True}, "straight_above_full_house"),
    ({"ace_high": "yes"}, "ace_high"),
    ({"ace_high": 1}, "ace_high"),
    ({"jokers": True}, "jokers"),
])
def test_bad_odds_variants_are_a_422_naming_the_field(client, body, field):
    r = client.post(f"{API}/odds", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    if field in ("flush", "straight_above_full_house"):  # a query's flags read "yes" and 1 as true
        g = client.get(f"{API}/odds?" + "&".join(f"{k}={str(v).lower()}" for k, v in body.items()))
        assert g.status_code == 422 and g.json()["field"] == field, g.text


def test_a_query_flag_that_is_no_flag_is_a_422(client):
    r = client.get(f"{API}/odds?ace_high=maybe")
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
    assert client.get(f"{API}/odds").json() == cli_json("odds", "--json")

# ---- hints: the CLI's --json for the same position ---------------------------------------------------------

def _to_beat_faces(view) -> str:
    """The hand to beat as the CLI reads it: the faces of the final hand of a seat that holds it."""
    final = next(seat for seat in view["seats"] if seat["holds_best"])["final"]
    return " ".join(c["plain"] for c in final["cards"]) if "cards" in final else " ".join(final["labels"])


@pytest.mark.parametrize("rules, options, seed", [
    *(("six", options, seed) for options, seed in [
        ({}, 3), ({"position": 2}, 4), ({"players": 3, "position": 3}, 5),
        ({"players": 3, "position": 2, "ace_high": True, "poker_faces": True}, 6), ({"players": 6, "position": 5}, 8),
        ({"players": 4, "position": 4}, 9), ({"roll_limit": True, "position": 2}, 11),
        ({"players": 3, "roll_limit": True}, 12)]),
    *(("octahedral", options, seed) for options, seed in [
        ({}, 3), ({"position": 2}, 4), ({"players": 3, "position": 3}, 5), ({"players": 3, "position": 2}, 6)]),
])
def test_advice_is_the_cli_hint_json(client, rules, options, seed):
    answer = to_player(client, new(client, options, seed, rules))
    state = state_of(answer)
    assert state.to_move == "player"
    r = client.post(f"{API}/advice", json={"state": answer["state"]})
    assert r.status_code == 200, r.text
    got = r.json()
    variant = face.variant_of(state.options)
    flags = ["--ace-high"] * variant.ace_high + ["--poker-faces"] * variant.poker_faces
    args = ["hint", " ".join(got["hand"]), "--rules", rules, "--rolls-left", str(got["rolls_left"]), "--players",
            str(state.options["players"]), "--position", str(state.options["position"])]
    if got["to_beat"] is not None:
        args += ["--to-beat", _to_beat_faces(answer["view"])]
    if got["holders"] > 1:
        args += ["--holders", str(got["holders"])]
    if got["roll_limit"]:
        args += ["--roll-limit"] + (["--rolls-allowed", str(got["rolls_allowed"])] if got["position"] > 1 else [])
    assert got == cli_json(*flags, *args, "--json")
    assert got["options"][0]["loss"] == 0 and all(o["loss"] >= 0 for o in got["options"])
    assert got["rules"] == rules


# ---- play -------------------------------------------------------------------------------------------------

def _label(state: State, roll) -> str:
    """The hand of a card-dice roll as the set's table writes its class ("K K K Q Q (full house)")."""
    table = card_table(face.kind_of(state.options).dice)
    return table.class_label(int(table.class_of_state[table.state_index(tuple(roll))]))


def _plain(state: State, roll) -> list[str]:
    """A card-dice roll's faces as the CLI reads them ("8h", "*"), die by die."""
    dice = face.kind_of(state.options).dice
    return [dice.die_text(d).split()[f] for d, f in enumerate(roll)]


def check_card_view(answer) -> None:
    """The view draws the state: each final hand and the dice as the set's table labels them, the cards die by die,
    the hand to beat held by the seats that hold it."""
    state, view = state_of(answer), answer["view"]
    d = state.data
    for seat in view["seats"]:
        i = seat["seat"] - 1
        played = i in d["order"][:len(d["finals"])]
        assert (seat["final"] is not None) == played
        if played:
            final = d["finals"][d["order"].index(i)]
            assert seat["final"]["label"] == _label(state, final)
            assert [c["plain"] for c in seat["final"]["cards"]] == _plain(state, final)
    if d["dice"]:
        assert view["dice"]["label"] == _label(state, d["dice"])
        assert [c["die"] for c in view["dice"]["cards"]] == [1, 2, 3, 4, 5]
    if d["finals"] and not state.over:
        labels = [_label(state, f) for f in d["finals"]]
        table = card_table(face.kind_of(state.options).dice)
        best = max(d["finals"], key=lambda f: int(table.class_of_state[table.state_index(tuple(f))]))
        assert view["to_beat"]["label"] == _label(state, best)
        assert view["holders"] == labels.count(view["to_beat"]["label"])
        assert sum(s["holds_best"] for s in view["seats"]) == view["holders"]
    else:
        assert view["to_beat"] is None


CHECKS = {"six": None, "octahedral": check_card_view}


@pytest.mark.parametrize("rules, options", [
    ("six", {}), ("six", {"players": 3, "position": 2}), ("six", {"roll_limit": True, "position": 2}),
    ("six", {"players": 5, "position": 3, "roll_limit": True}),
    ("octahedral", {}), ("octahedral", {"players": 3, "position": 2}), ("octahedral", {"roll_limit": True, "position": 2}),
])
def test_games_through_the_api_replay_on_the_session(client, rules, options):
    seed = 21
    answer = new(client, options, seed, rules)
    actions = []
    picks = [lambda hint: hint["options"][-1]["action"], lambda hint: hint["options"][0]["action"],
             lambda hint: hint["options"][len(hint["options"]) // 3]["action"]]
    for game, choose in enumerate(picks, 1):
        answer, played = play_game(client, answer, choose, CHECKS[rules])
        actions += played
        state = state_of(answer)
        again = face.new_game({"rules": rules, **options}, seed)
        for action in actions:
            again = face.step(again, action)
        assert again == state
        view = answer["view"]
        assert state.tally["games"] == game and view["winner"] == state.data["seats"][state.data["winner"]]
        assert [s["winner"] for s in view["seats"]].count(True) == 1 and view["dice"] is None
        assert answer["actions"] == [{"type": "next"}]
        assert all(d.loss > 0 for d in state.decisions[-len(played):] if d.chosen != d.best)
        answer = client.post(f"{API}/step", json={"state": answer["state"], "action": {"type": "next"}}).json()
        actions.append({"type": "next"})


@pytest.mark.parametrize("rules", KINDS)
def test_a_costly_keep_is_recorded_with_the_hints_loss(client, rules):
    answer = to_player(client, new(client, {}, 9, rules))
    hint = client.post(f"{API}/advice", json={"state": answer["state"]}).json()
    pick = hint["options"][len(hint["options"]) // 2]
    after = client.post(f"{API}/step", json={"state": answer["state"], "action": pick["action"]}).json()
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
        answer = client.post(f"{API}/step", json={
            "state": answer["state"], "action": face.computer_action(s)}).json()
    view = answer["view"]
    names = [view["seats"][i]["name"] for i in state_of(answer).data["order"]]
    assert view["tie"] == f"tie: replay between {' and '.join(names)} (round 2)"
    assert sum(s["in_round"] for s in view["seats"]) == len(names) >= 2


# ---- the solve behind a 202 -------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, options", [
    ("six", {"players": 3, "roll_limit": True, "straight_above_full_house": True, "poker_faces": True}),
    pytest.param("octahedral", {"players": 3, "roll_limit": True}, marks=pytest.mark.slow),  # a card solve, 10 s
])
def test_an_unsolved_game_answers_202_then_plays(client, rules, options):
    options = {"rules": rules, **options}
    r = client.post(f"{API}/new", json={"options": options, "seed": 1})
    assert r.status_code == 200
    answer = r.json()
    assert {k: answer["solve"]["options"][k] for k in options} == options
    assert answer["solve"]["estimate_seconds"] >= 0
    if answer["solve"]["status"] != "done":
        a = client.post(f"{API}/advice", json={"state": answer["state"]})
        if a.status_code == 202:
            body = a.json()
            assert body["status"] in ("queued", "running") and "prepare" in body["detail"]
            assert body["options"]["players"] == 3 and body["options"]["roll_limit"] is True
    solved(client, options)
    a = client.post(f"{API}/advice", json={"state": answer["state"]})
    assert a.status_code == 200 and a.json()["players"] == 3


def test_warm_starts_the_default_solves_in_the_background(monkeypatch):
    # the guard's calibration is left out: measured here it would set this test process's speed for every later
    # test (their guards are the constant's machine); tests/games/poker_dice/test_calibration.py checks it
    calibrated = []
    monkeypatch.setattr(web, "_calibrate", lambda: calibrated.append(True))
    key = web.solve_key(face.normalize_options({}))
    assert key == "poker-dice-six-2p-01000"  # dice, players, then roll limit and the rule flags; poker faces share it
    assert web.solve_key(face.normalize_options({"poker_faces": True})) == key
    web.warm()  # returns at once: the solves are jobs
    assert calibrated == [True] and web._solves.get(key) is not None
    assert web._solves.get(web.solve_key(face.normalize_options({"players": 3}))) is not None


# ---- no solve per request (speed itself is measured in benchmarks/bench_web.py) ----------------------------

@pytest.mark.parametrize("options", [{}, {"players": 3, "position": 2}, {"players": 3, "poker_faces": True}])
def test_hint_and_step_do_not_solve_again_once_warm(client, options, monkeypatch):
    answer = to_player(client, new(client, options, 31))
    body = {"state": answer["state"]}
    assert client.post(f"{API}/advice", json=body).status_code == 200
    from holdwise.games.poker_dice import solver

    def refuse(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(solver, "solve_duel", refuse)
    monkeypatch.setattr(solver, "solve_three", refuse)
    for _ in range(3):
        assert client.post(f"{API}/advice", json=body).status_code == 200
        r = client.post(f"{API}/step", json={**body, "action": {"type": "keep", "keep": []}})
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
    r = client.post(f"{API}/new", json=body)
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
    r = client.post(f"{API}/step", json={"state": answer["state"], "action": action})
    assert r.status_code == 422 and r.json()["field"] == field, r.text


# a forged roll (sealed anew: no seal) and a roll no game reaches (sealed: the session's check refuses it), per kind
TAMPERED = {"six": ([6, 6, 6, 6, 6], [1, 2, 3, 4, 7], "keep"), "octahedral": ([7, 7, 7, 7, 7], [0, 1, 2, 3, 8], "dice")}


@pytest.mark.parametrize("rules", KINDS)
def test_tampered_foreign_and_hand_edited_states_are_a_422(client, rules):
    forged_dice, edited_dice, key = TAMPERED[rules]
    answer = new(client, {}, 2, rules)
    sealed = answer["state"]
    forged = json.loads(json.dumps(sealed))
    forged["state"]["data"]["dice"] = forged_dice
    foreign = client.post("/api/farkle/new", json={"options": {"computer": "coaching", "target": 500}}).json()["state"]
    edited = state_of(answer).to_json()
    edited["data"] = {**edited["data"], "dice": edited_dice}
    resealed = seal(State.from_json(edited))
    for path in ("step", "advice", "computer"):
        for bad in (forged, foreign, resealed, {"state": sealed["state"]}, "text"):
            body = {"state": bad} if path != "step" else {"state": bad, "action": {"type": "keep", key: []}}
            r = client.post(f"{API}/{path}", json=body)
            assert r.status_code == 422 and r.json()["field"] == "state", (path, r.text)
    r = client.post(f"{API}/advice", json={"state": resealed})
    assert "not a poker dice game state" in r.json()["detail"]


@pytest.mark.parametrize("rules", KINDS)
def test_advice_on_a_game_over_is_a_422(client, rules):
    answer, _ = play_game(client, new(client, {}, 4, rules), lambda hint: hint["options"][0]["action"])
    r = client.post(f"{API}/advice", json={"state": answer["state"]})
    assert r.status_code == 422 and r.json()["field"] == "state" and "over" in r.json()["detail"]


def test_the_pages_render(client):
    r = client.get("/poker-dice")
    assert r.status_code == 200 and 'id="pd-form"' in r.text and "/static/poker_dice.js" in r.text
    assert "/static/poker_dice.css" in r.text
    assert client.get("/static/poker_dice.css").status_code == 200


def test_the_kinds_of_dice_are_offered_in_the_page_language(client):
    # the choices, names and descriptions the page shows of each kind were English on the Slovak page
    import json
    import re
    import tomllib
    from pathlib import Path

    from holdwise.web.common import LANG_COOKIE
    from holdwise.web.poker_dice import KIND_WORDS, SETS, _kind_name

    sets = Path(face.__file__).parent / "data" / "dice_sets"
    for name in SETS:  # the shipped sets' words are the page's messages (its names said as titles)
        data = tomllib.loads((sets / f"{name}.toml").read_text())
        assert data["description"] in KIND_WORDS and _kind_name(data["name"], "sk") != data["name"]

    def kinds(page: str) -> dict:
        return json.loads(re.search(r'id="pd-data" type="application/json">(.+?)</script>', page).group(1))["kinds"]

    try:
        page = client.get("/poker-dice/cards?lang=sk").text
        said = kinds(page)
        assert said["six"]["name"] == "Pokrové kocky" and said["royal"]["choice"] == "Kráľovské: 52 kariet a 8 hviezd"
        assert said["octahedral"]["description"].startswith("Päť 8-stenných kociek")
        assert ">Šesťstenné: A K Q J 10 9</option>" in page
    finally:
        client.cookies.delete(LANG_COOKIE)  # ?lang= keeps the language in a cookie: the session's client is shared
    assert kinds(client.get("/poker-dice/cards").text)["royal"]["name"] == "Royal poker dice (a layout of our own)"
