"""What only card dice have in the poker-dice API: the sets' odds and hints equal the CLI's --json, the view draws
cards, a solve the guard refuses is a 422 at once, and bad input (an unknown set, seats, impossible keeps of dice
and rolls) is a 422 naming the field. The play tests both kinds of dice share (advice = the CLI's hint, games
replayed on the session, the solve behind a 202, tampered states) are in test_poker_dice_api.py, once per kind.

The octahedral set throughout (its solves take a second or a few); the royal set only where no solve is needed."""

import json

import pytest

from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import card_solve
from holdwise.games.poker_dice.card_game import card_table
from holdwise.web import poker_dice as web
from tests.web.poker_dice_play import cli_json, solved, state_of
from tests.web.poker_dice_play import new as shared_new

API = "/api/poker-dice"  # card dice play through the one poker-dice API (rules: the set)
play = face


def new(client, options, seed=7):
    return shared_new(client, options, seed, "octahedral")


def label_of(state: State, roll) -> str:
    """The hand of a roll as the set's table writes its class ("K K K Q Q (full house)")."""
    table = card_table(face.kind_of(state.options).dice)
    return table.class_label(int(table.class_of_state[table.state_index(tuple(roll))]))


def plain(state: State, roll) -> list[str]:
    """A roll's faces as the CLI reads them ("8h", "*"), die by die."""
    dice = face.kind_of(state.options).dice
    return [dice.die_text(d).split()[f] for d, f in enumerate(roll)]


# ---- odds: the CLI's JSON ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dice_set", ["octahedral", "royal"])  # the odds need no solve: the royal set's too
def test_odds_are_the_cli_json(client, dice_set):
    expected = cli_json("odds", "--dice-set", dice_set, "--json")
    got = client.get(f"{API}/odds?rules={dice_set}")
    assert got.status_code == 200 and got.json() == expected
    posted = client.post(f"{API}/odds", json={"rules": dice_set})
    assert posted.status_code == 200 and posted.json() == expected
    assert sum(expected["counts"].values()) == expected["outcomes"] == {"octahedral": 8**5, "royal": 12**5}[dice_set]


def test_the_octahedral_odds_have_the_known_counts(client):
    r = client.get(f"{API}/odds?rules=octahedral").json()
    assert r["dice_set"].startswith("Octahedral")
    assert r["counts"] == {"five_of_a_kind": 8, "straight_flush": 8, "four_of_a_kind": 280, "full_house": 560,
                           "flush": 120, "straight": 472, "three_of_a_kind": 3360, "two_pairs": 5040, "pair": 16736,
                           "bust": 6184}


@pytest.mark.parametrize("query, field", [("?rules=dodecahedral", "rules"), ("?rules=", "rules"),
                                          ("?dice_set=dodecahedral", "dice_set")])
def test_an_unknown_set_for_the_odds_is_a_422(client, query, field):
    r = client.get(f"{API}/odds{query}")
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    r = client.post(f"{API}/odds", json={"rules": "../../etc/passwd"})
    assert r.status_code == 422 and r.json()["field"] == "rules", r.text


# ---- the hint: the CLI's JSON ------------------------------------------------------------------------------

@pytest.mark.parametrize("body, args", [
    ({"hand": "Ac As Ah 9h 9d", "rolls_left": 2}, ["Ac", "As", "Ah", "9h", "9d", "--rolls-left", "2"]),
    ({"hand": ["7s", "7h", "Ks", "Ad", "Js"], "rolls_left": 1, "to_beat": "Qh Qd Qc 8s 8h", "players": 3,
      "position": 2}, ["7s 7h Ks Ad Js", "--rolls-left", "1", "--to-beat", "Qh Qd Qc 8s 8h", "--players", "3",
                       "--position", "2"]),
    ({"hand": "10c 10s 10h 10d Js", "rolls_left": 1, "to_beat": ["Ac", "As", "Ah", "Ad", "7s"], "players": 3,
      "holders": 2}, ["10c", "10s", "10h", "10d", "Js", "--rolls-left", "1", "--to-beat", "Ac As Ah Ad 7s",
                      "--players", "3", "--holders", "2"]),
])
@pytest.mark.slow  # a three-player card-dice solve, 10 s
def test_the_hint_is_the_cli_json(client, body, args):
    body = {"rules": "octahedral", **body}
    solved(client, {"rules": "octahedral", "players": body.get("players", 2)})
    r = client.post(f"{API}/hint", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json("hint", "--dice-set", "octahedral", *args, "--json")
    options = r.json()["options"]
    assert len(options) == 32 and options[0]["loss"] == 0 and all(o["loss"] >= 0 for o in options)


# ---- play through the API -----------------------------------------------------------------------------------

def test_the_view_draws_cards_die_by_die(client):
    answer = new(client, {"players": 3, "position": 2}, 12)
    view, state = answer["view"], state_of(answer)
    assert [s["name"] for s in view["seats"]] == ["computer 1", "you", "computer 2"] and view["seats"][0]["to_move"]
    dice = face.kind_of(state.options).dice
    for card, f in zip(view["dice"]["cards"], state.data["dice"]):
        symbols = dice.die_text(card["die"] - 1, True).split()[f]
        assert card["text"] == symbols and card["wild"] is False
        assert card["rank"] + card["suit"] == symbols and card["suit"] in "♠♥♦♣"
    assert view["rolls_left"] == 2 and view["to_beat"] is None and view["tie"] is None
    assert view["ranking"][0] == "five of a kind" and view["ranking"][-1] == "bust"


def test_a_royal_star_is_a_wild_card_in_the_view():
    # the view of a royal game's first roll (drawn without a solve: no one has a final hand to compare yet)
    for seed in range(50):
        state = play.new_game({"dice_set": "royal"}, seed)
        cards = web._view(state)["dice"]["cards"]
        stars = [c for c in cards if c["wild"]]
        if stars:
            break
    assert stars and all(c["text"] == "★" and c["plain"] == "*" and c["rank"] == c["suit"] == "" for c in stars)
    assert web._view(state)["dice"]["label"] == label_of(state, state.data["dice"])
    assert [c["plain"] for c in cards] == plain(state, state.data["dice"])


# ---- the solve behind a 202, and the guard --------------------------------------------------------------------

def test_a_royal_game_of_three_is_refused_at_once(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("solved: the guard's estimate must refuse first")

    monkeypatch.setattr(card_solve, "solve_rounds", refuse)  # the solve's work, after its guard
    for path, body, field in [
        ("new", {"options": {"rules": "royal", "players": 3}}, "options.players"),
        ("prepare", {"options": {"dice_set": "royal", "players": 3, "position": 3}}, "options.players"),
        ("new", {"options": {"dice_set": "royal", "roll_limit": True}}, "options.roll_limit"),
        ("hint", {"rules": "royal", "hand": "As Ks Qs Js 10s", "rolls_left": 1, "players": 3}, "players"),
    ]:
        r = client.post(f"{API}/{path}", json=body)
        assert r.status_code == 422 and r.json()["field"] == field, r.text
        detail = r.json()["detail"]
        assert "would take about" in detail and "the limit is 30 s" in detail and "\n" not in detail
        assert ("2 players fit" in detail) == (field != "options.roll_limit")
    assert web._solves.get(web.solve_key({"rules": "royal", "players": 3, "roll_limit": False})) is None
    assert web._solves.get(web.solve_key({"rules": "royal", "players": 2, "roll_limit": True})) is None


def test_warm_starts_no_royal_set(monkeypatch):
    started = []  # the royal set's 25 s of both cores wait for its first request, never a server's start-up
    monkeypatch.setattr(web, "_prepare", lambda *args: started.append(args))
    monkeypatch.setattr(web, "_calibrate", lambda: started.append(("calibrate",)))  # the guard's measure first
    web.warm()
    assert started[0] == ("calibrate",)
    assert [(o["rules"], o["players"]) for (o,) in started[1:]] == [("six", 2), ("six", 3), ("octahedral", 2)]


# ---- bad input ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("body, field", [
    ({"options": {"dice_set": "dodecahedral"}}, "options.dice_set"),
    ({"options": {"rules": "dodecahedral"}}, "options.rules"),
    ({"options": {"dice_set": {"name": "mine", "dice": [["As"]] * 5}}}, "options.dice_set"),
    ({"options": {"players": 7}}, "options.players"),
    ({"options": {"players": 1}}, "options.players"),
    ({"options": {"players": "3"}}, "options.players"),
    ({"options": {"position": 0}}, "options.position"),
    ({"options": {"position": 3}}, "options.position"),
    ({"options": {"players": 3, "position": 4}}, "options.position"),
    ({"options": {"rules": "royal", "dice_set": "royal"}}, "options.dice_set"),
    ({"options": {"players": 6}}, "options.players"),  # the octahedral set's six: 47 s, over the guard
    ({"options": {"players": 5, "roll_limit": True}}, "options.players"),
    ({"options": {"roll_limit": "yes"}}, "options.roll_limit"),
    ({"options": {"ace_high": True}}, "options.ace_high"),
    ({"options": [2]}, "options"),
    ({"seed": -1}, "seed"),
    ({"seed": "7"}, "seed"),
])
def test_bad_new_input_is_a_422_naming_the_field(client, body, field):
    if isinstance(body.get("options"), dict) and not {"rules", "dice_set"} & set(body["options"]):
        body = {**body, "options": {"rules": "octahedral", **body["options"]}}
    r = client.post(f"{API}/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


@pytest.mark.parametrize("action, field", [
    ({"type": "keep", "dice": [5]}, "action.dice.0"),
    ({"type": "keep", "dice": [-1]}, "action.dice.0"),
    ({"type": "keep", "dice": [0, 1, 2, 3, 4, 0]}, "action.dice"),
    ({"type": "keep", "dice": ["As"]}, "action.dice.0"),
    ({"type": "keep", "dice": [True]}, "action.dice.0"),
    ({"type": "keep", "dice": [1, 1]}, "action"),
    ({"type": "keep"}, "action"),
    ({"type": "keep", "keep": [1]}, "action"),  # a keep of faces names six-faced dice
    ({"type": "roll"}, "action.type"),
    ({"type": "next"}, "action"),
])
def test_impossible_actions_are_a_422(client, action, field):
    answer = new(client, {}, 2)
    assert state_of(answer).to_move == "player"
    r = client.post(f"{API}/step", json={"state": answer["state"], "action": action})
    assert r.status_code == 422 and r.json()["field"] == field, r.text


@pytest.mark.parametrize("change, field", [
    ({"hand": "Ac As Ah 9h"}, "hand"),
    ({"hand": "As Ac Ah 9h 9d"}, "hand"),  # die 1 has no A♠
    ({"hand": "Zz As Ah 9h 9d"}, "hand"),
    ({"hand": ["Ac"] * 6}, "hand"),
    ({"to_beat": "2c 2d 2h 2s 2c", "position": 2}, "to_beat"),  # the set has no 2s
    ({"to_beat": "Zz Ac Ac Ac Ac", "position": 2}, "to_beat"),
    ({"to_beat": "Qh Qd Qc 8s 8h", "position": 1}, "to_beat"),
    ({"position": 2}, "to_beat"),
    ({"position": 3}, "position"),
    ({"to_beat": "Qh Qd Qc 8s 8h", "holders": 2}, "holders"),
    ({"rolls_left": 3}, "rolls_left"),
    ({"rolls_left": "two"}, "rolls_left"),
    ({"players": 7}, "players"),
    ({"players": 6}, "players"),  # over the guard
    ({"rules": "royale"}, "rules"),
    ({"holders": 0}, "holders"),
])
def test_bad_hint_input_is_a_422_naming_the_field(client, change, field):
    solved(client, {"rules": "octahedral"})
    body = {"rules": "octahedral", "hand": "Ac As Ah 9h 9d", "rolls_left": 2, **change}
    r = client.post(f"{API}/hint", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


def test_the_page_renders_with_both_sets_odds(client):
    """/poker-dice/cards is the one poker-dice page with the royal set chosen; its data has each kind's odds."""
    r = client.get("/poker-dice/cards")
    assert r.status_code == 200 and 'id="pd-form"' in r.text and "/static/poker_dice.js" in r.text
    assert '<option value="royal" selected>' in r.text
    assert '<option value="octahedral" selected>' in client.get("/poker-dice/cards?rules=octahedral").text
    data = json.loads(r.text.split('id="pd-data" type="application/json">')[1].split("</script>")[0])
    kinds = data["kinds"]
    assert kinds["octahedral"]["odds"] == cli_json("odds", "--dice-set", "octahedral", "--json")
    assert kinds["six"]["odds"] == cli_json("odds", "--poker-faces", "--json")  # the form ticks poker faces
    assert {k: v["limits"] for k, v in kinds.items()} == {
        "six": {"false": [2, 3, 4, 5, 6], "true": [2, 3, 4, 5, 6]}, "royal": {"false": [2], "true": []},
        "octahedral": {"false": [2, 3, 4, 5], "true": [2, 3, 4]}}
    assert {k: (v["look"], v["keep_key"]) for k, v in kinds.items()} == {
        "six": ("die", "keep"), "royal": ("card", "dice"), "octahedral": ("card", "dice")}
    assert [len(die) for die in kinds["royal"]["faces"]] == [12] * 5
    stars = [c for die in kinds["royal"]["faces"] for c in die if c["wild"]]
    assert len(stars) == 8 and {c["text"] for c in stars} == {"★"}
    assert client.get("/static/card_poker_dice.js").status_code == 404  # one script for every kind of dice
    assert 'href="/poker-dice/cards"' in client.get("/poker-dice").text
