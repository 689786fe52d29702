"""The video-poker machine and analyzer API: the CLI's --json for the same inputs, play on the sealed session (checked
against the session's replay), the trainer's chart (each choice, the shortest within 0.01% by default) and the chart
line it cites (given, trainer and derived charts), a chart checked before it is kept, bad input, speed."""

import json
import random
import threading
import time
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import video_poker as face
from holdwise.games.base import to_jsonable
from holdwise.web import video_poker as web

runner = CliRunner()
JOB = "jacks-or-better-9-6"
CHART = "royal flush\nstraight flush\nfour of a kind\nfull house\nflush\nstraight\nthree of a kind\n" \
        "4 to a royal flush\ntwo pair\nhigh pair\n4 to a flush\nlow pair\n"
FILE_GAME = """
[test-web-trainer-9-6]
name = "Trainer test game"
deck = 52
wild = "none"
royal_below_max = 250
pays = [
  { hand = "royal_flush", pay = 800 },
  { hand = "straight_flush", pay = 50 },
  { hand = "four_of_a_kind", pay = 25 },
  { hand = "full_house", pay = 9 },
  { hand = "flush", pay = 6 },
  { hand = "straight", pay = 4 },
  { hand = "three_of_a_kind", pay = 3 },
  { hand = "two_pair", pay = 2 },
  { hand = "jacks_or_better", pay = 1 },
]
"""


def cli_json(*args):
    result = runner.invoke(cli_app, ["video-poker", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("body, args", [
    ({"hand": "As Ks Qs Js 9d"}, ["hold", "AS", "KS", "QS", "JS", "9D"]),
    ({"hand": "As Ks Qs Js 9d", "exact": True, "coins": 1}, ["hint", "As Ks Qs Js 9d", "--exact", "--coins", "1"]),
    ({"hand": ["10h", "Jh", "Qd", "2c", "2s"], "rules": "deuces-wild-full-pay", "coins": 3},
     ["hold", "10h,Jh,Qd,2c,2s", "--game", "deuces-wild-full-pay", "--coins", "3"]),
    ({"hand": "Jk Ks Qs Ts 3d", "rules": "joker-poker-kings", "exact": True},
     ["hint", "Jk Ks Qs Ts 3d", "--rules", "joker-poker-kings", "--exact"]),
])
def test_hint_is_the_cli_json(client, body, args):
    r = client.post("/api/video-poker/hint", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got == cli_json(*args, "--json")
    assert len(got["options"]) == 32 and got["options"][0]["loss"] == 0
    assert sum(got["options"][0]["counts"].values()) == got["options"][0]["draws"]


def test_games_is_the_cli_json(client, tmp_path, monkeypatch):
    assert client.get("/api/video-poker/games").json() == cli_json("games", "--json")
    path = tmp_path / "games.toml"
    path.write_text(FILE_GAME)
    monkeypatch.setenv(web.PAYTABLES_ENV, str(path))
    got = client.get("/api/video-poker/games").json()
    assert got == cli_json("games", "--paytable-file", str(path), "--json")
    assert got["games"][-1]["id"] == "test-web-trainer-9-6"


@pytest.mark.parametrize("body, field, words", [
    ({"hand": "As Ks Qs Js Xx"}, "hand", "unknown card 'Xx'"),
    ({"hand": "As Ks Qs Js As"}, "hand", "appears twice"),
    ({"hand": "As Ks Qs Js 9d 8d"}, "hand", "got 6"),
    ({"hand": "As Ks Qs Js"}, "hand", "got 4"),
    ({"hand": "As Ks Qs Js Jk"}, "hand", "no joker in a 52-card deck"),
    ({"hand": ["As", "Ks", "Qs", "Js", 9]}, "hand", ""),
    ({"hand": "As Ks Qs Js 9d", "rules": "jacks-or-better-9-9"}, "rules", "unknown game 'jacks-or-better-9-9'"),
    ({"hand": "As Ks Qs Js 9d", "coins": 6}, "coins", ""),
    ({"hand": "As Ks Qs Js 9d", "coins": "6"}, "coins", ""),  # text as the command line gives it (\"5\" is read)
    ({"hand": "As Ks Qs Js 9d", "coins": 2.5}, "coins", ""),
    ({"hand": "As Ks Qs Js 9d", "exact": "yes"}, "exact", ""),
    ({"hand": "As Ks Qs Js 9d", "game": "jacks-or-better-9-6"}, "game", ""),  # the old name: an unknown field
    ({"rules": "jacks-or-better-9-6"}, "hand", "required"),
])
def test_bad_hint_input_is_a_422_naming_the_field(client, body, field, words):
    r = client.post("/api/video-poker/hint", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"].split(".")[0] == field and words in r.json()["detail"]


def test_play_follows_the_session_replay(client):
    r = client.post("/api/video-poker/new", json={"options": {"rules": JOB, "credits": 100, "bet": 3}, "seed": 7})
    assert r.status_code == 200, r.text
    answer = r.json()
    state = face.new_game({"rules": JOB, "credits": 100, "bet": 3}, 7)
    assert answer["state"]["state"] == state.to_json() and answer["actions"] == face.actions(state)
    view = answer["view"]  # the page's game card and returns: with a new session only
    assert view["returns"] == {"5": float(face.game_return(JOB, 5).return_value),
                               "1-4": float(face.game_return(JOB, 1).return_value)}
    assert view["game"]["labels"]["jacks_or_better"] == "jacks or better"
    assert view["game"]["pays"]["royal_flush"] == 800 and view["game"]["pays_below_5_coins"]["royal_flush"] == 250
    sealed = answer["state"]
    for _ in range(3):
        advice = client.post("/api/video-poker/advice", json={"state": sealed})
        assert advice.status_code == 200 and advice.json()["options"][0]["action"] == {"type": "deal", "bet": 5}  # 5 coins return most
        for action in ({"type": "deal", "bet": 3}, None, {"type": "next"}):
            if action is None:  # the hint's second-best hold: a scored mistake
                hint = client.post("/api/video-poker/advice", json={"state": sealed}).json()
                assert hint == to_jsonable(face.advice(state))
                action = hint["options"][1]["action"]
                loss = hint["options"][1]["loss"] * 3
            r = client.post("/api/video-poker/step", json={"state": sealed, "action": action})
            assert r.status_code == 200, r.text
            state = face.step(state, action)
            assert r.json()["state"]["state"] == state.to_json() and r.json()["view"] == {}
            sealed = r.json()["state"]
            if action.get("type") == "draw":
                decision = r.json()["state"]["state"]["decisions"][-1]
                assert decision["loss"] == pytest.approx(loss, abs=1e-12) and decision["loss"] >= 0
    assert state.tally["hands"] == 3 and state.tally["bet"] == 9


def test_a_server_file_game_is_played_from_the_state(client, tmp_path, monkeypatch):
    path = tmp_path / "games.toml"
    path.write_text(FILE_GAME)
    monkeypatch.setenv(web.PAYTABLES_ENV, str(path))
    r = client.post("/api/video-poker/new", json={"options": {"rules": "test-web-trainer-9-6"}, "seed": 3})
    assert r.status_code == 200, r.text
    sealed = r.json()["state"]
    assert sealed["state"]["options"]["table"]["id"] == "test-web-trainer-9-6"
    hint = client.post("/api/video-poker/hint", json={"hand": "As Ks Qs Js 9d", "rules": "test-web-trainer-9-6"})
    assert hint.status_code == 200 and hint.json()["rules"] == "test-web-trainer-9-6"
    path.unlink()  # the state carries its table: no file is read after the deal begins
    r = client.post("/api/video-poker/step", json={"state": sealed, "action": {"type": "deal", "bet": 5}})
    assert r.status_code == 200 and r.json()["state"]["state"]["phase"] == "hold"


def test_the_computer_plays_the_best_hold_then_the_next_hand(client):
    r = client.post("/api/video-poker/new", json={"options": {"rules": JOB, "credits": 10, "bet": 5}, "seed": 11})
    sealed, state = r.json()["state"], face.new_game({"rules": JOB, "credits": 10, "bet": 5}, 11)
    for want in ("deal", "draw", "next"):
        r = client.post("/api/video-poker/computer", json={"state": sealed})
        assert r.status_code == 200, r.text
        action = face.computer_action(state)
        assert r.json()["action"] == action and action["type"] == want
        if want == "draw":
            assert action["hold"] == face.advice(state).best.action["hold"]
        state = face.step(state, action)
        sealed = r.json()["state"]
        assert sealed["state"] == state.to_json()


@pytest.mark.parametrize("body, field", [
    ({"options": {"rules": "nope"}}, "options.rules"),
    ({"options": {"paytable": "nope"}}, "options.paytable"),
    ({"options": {"rules": JOB, "paytable": JOB}}, "options.paytable"),
    ({"options": {"bet": 0}}, "options.bet"),
    ({"options": {"credits": 0}}, "options.credits"),
    ({"seed": -1}, "seed"),
])
def test_bad_new_input(client, body, field):
    r = client.post("/api/video-poker/new", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_new_reads_the_old_option_name_paytable(client):
    old = client.post("/api/video-poker/new", json={"options": {"paytable": JOB, "bet": 3}, "seed": 7}).json()
    new = client.post("/api/video-poker/new", json={"options": {"rules": JOB, "bet": 3}, "seed": 7}).json()
    assert old == new and new["state"]["state"]["options"]["rules"] == JOB


def test_bad_actions_and_states(client):
    sealed = client.post("/api/video-poker/new", json={"seed": 1}).json()["state"]
    for action in ({"type": "draw", "hold": [1]}, {"type": "deal", "bet": 6}, {"type": "deal", "bet": True}, {}):
        r = client.post("/api/video-poker/step", json={"state": sealed, "action": action})
        assert r.status_code == 422 and r.json()["field"] == "action", (action, r.text)
    dealt = client.post("/api/video-poker/step", json={"state": sealed, "action": {"type": "deal", "bet": 5}})
    sealed = dealt.json()["state"]
    for hold in ([6], [1, 1], [0], ["1"]):
        r = client.post("/api/video-poker/step", json={"state": sealed, "action": {"type": "draw", "hold": hold}})
        assert r.status_code == 422 and r.json()["field"] == "action", (hold, r.text)
    forged = json.loads(json.dumps(sealed))
    forged["state"]["tally"]["credits"] = 10**6
    foreign = client.post("/api/dice-poker/new", json={}).json()["state"]
    for bad in (forged, foreign):
        r = client.post("/api/video-poker/advice", json={"state": bad})
        assert r.status_code == 422 and r.json()["field"] == "state"


def test_chart_hold_with_a_given_chart(client):
    for hand, coins in (("Ah Th 8h 3h Kd", 5), ("2c 7d 9h Jc 4s", 1), ("9h Th Kd As Ah", 5)):
        r = client.post("/api/video-poker/chart-hold", json={"hand": hand, "coins": coins, "chart": CHART})
        assert r.status_code == 200, r.text
        want = face.chart_hold(CHART, hand, JOB, coins).to_json()
        assert r.json() == {**want, "chart": "given"}
    flush = client.post("/api/video-poker/chart-hold", json={"hand": "Ah Th 8h 3h Kd", "chart": CHART}).json()
    assert (flush["line"], flush["line_text"], flush["hold"], flush["hold_text"]) == \
        (11, "4 to a flush", [1, 2, 3, 4], "Ah Th 8h 3h")
    nothing = client.post("/api/video-poker/chart-hold", json={"hand": "2c 7d 9h 4c 5s", "chart": CHART}).json()
    assert nothing["line"] is None and nothing["hold"] == [] and nothing["hold_text"] == "draw five"


@pytest.mark.parametrize("body, field, words", [
    ({"hand": "Ah Th 8h 3h Kd", "chart": "royal flush\nfive aces\n"}, "chart", "line 2"),
    ({"hand": "Ah Th 8h 3h Kd", "chart": ""}, "chart", "no lines"),
    ({"hand": "Ah Th 8h 3h", "chart": CHART}, "hand", "got 4"),
    ({"hand": "Ah Th 8h 3h Jk", "chart": CHART}, "hand", "joker"),
    ({"hand": "Ah Th 8h 3h Kd", "game": "nope", "chart": CHART}, "game", "unknown game"),
    ({"hand": "Ah Th 8h 3h Kd", "chart": "x" * 70_000}, "chart", ""),
])
def test_bad_chart_hold_input(client, body, field, words):
    r = client.post("/api/video-poker/chart-hold", json=body)
    assert r.status_code == 422 and r.json()["field"] == field and words in r.json()["detail"], r.text


def test_the_derived_chart_is_computed_once_in_the_background(client, tmp_path, monkeypatch):
    """No chart given and none stored: 202 while the shared strategy job runs, then the derived chart's line."""
    path = tmp_path / "games.toml"
    path.write_text(FILE_GAME)
    monkeypatch.setenv(web.PAYTABLES_ENV, str(path))
    table = web.resolve("test-web-trainer-9-6")
    release = threading.Event()
    calls = []

    def fake_strategy(game, coins, progress=None, paytable_file=None):
        calls.append((game.id, coins))
        progress(1, 4)
        assert release.wait(20)
        return {"chart_text": CHART}

    monkeypatch.setattr(face, "stored_strategy", fake_strategy)
    body = {"hand": "Ah Th 8h 3h Kd", "game": "test-web-trainer-9-6", "coins": 5}
    first = client.post("/api/video-poker/chart-hold", json=body)
    assert first.status_code == 202, first.text
    assert first.json()["status"] == "computing" and first.json()["job"]["key"] == web.strategy_job_key(table, 5)
    assert web.strategy_job_key(table, 5) == "video-poker-strategy:test-web-trainer-9-6:5"
    again = client.post("/api/video-poker/chart-hold", json=body)
    assert again.status_code == 202
    release.set()
    # jobs run one at a time in a process: another test's trainer-chart job (a chart search of up to a minute)
    # may still run before this one's
    deadline = time.monotonic() + 600
    while (r := client.post("/api/video-poker/chart-hold", json=body)).status_code == 202:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert r.status_code == 200
    assert r.json() == {**face.chart_hold(CHART, "Ah Th 8h 3h Kd", table, 5).to_json(), "chart": "derived"}
    assert calls == [("test-web-trainer-9-6", 5)]  # one job, however often the page asks


def test_the_pages_render(client):
    for path, words in (("/video-poker", "Video poker: the machine"), ("/video-poker/analyzer", "hand analyzer")):
        r = client.get(path)
        assert r.status_code == 200 and words in r.text
        assert "joker-poker-kings" in r.text


# ---- the trainer's chart ------------------------------------------------------------------------------------

BAD_CHART = "royal flush\nfulll house\nhigh pair\n"
BAD_LINE = "chart: line 2: unknown pattern 'fulll house'; did you mean 'full house'?"


def answered(call, seconds=600):
    """Ask until the answer is not 202 (a background job derives the game's charts the first time)."""
    deadline = time.monotonic() + seconds
    while (r := call()).status_code == 202:
        assert r.json()["status"] == "computing" and r.json()["job"]["key"].startswith("video-poker-"), r.text
        assert time.monotonic() < deadline
        time.sleep(0.2)
    return r


def trainer_chart(client, **params):
    return answered(lambda: client.get("/api/video-poker/trainer-chart", params=params))


def random_hands(n, seed=26):
    rng = random.Random(seed)
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    return [" ".join(rng.sample(deck, 5)) for _ in range(n)]


@pytest.mark.parametrize("choice, lines", [("10", 10), ("15", 15), ("20", 20), ("basic", 161)])
def test_each_trainer_chart_is_the_derived_chart_of_its_length(client, choice, lines):
    r = trainer_chart(client, game=JOB, coins=5, choice=choice)
    assert r.status_code == 200, r.text
    got = r.json()
    want = face.strategy_report(JOB, 5, lines=None if choice == "basic" else int(choice))
    assert (got["rules"], got["coins"], got["choice"], got["basic_lines"]) == (JOB, 5, choice, 161)
    assert len(got["lines"]) == lines and [ln["number"] for ln in got["lines"]] == list(range(1, lines + 1))
    assert [ln["text"] for ln in got["lines"]] == [ln.text for ln in want.lines]
    assert got["chart_text"] == want.chart_text and got["return_exact"] == want.return_exact
    assert Fraction(got["cost_exact"]) == Fraction(want.optimal_return_exact) - Fraction(want.return_exact)
    assert got["cost_percent"] == pytest.approx(want.cost_percent, abs=1e-12)
    assert f"{lines} lines" in got["note"]


def test_the_default_trainer_chart_is_the_shortest_within_a_hundredth_of_a_percent(client):
    r = trainer_chart(client)  # the default game at 5 coins, choice "short"
    assert r.status_code == 200, r.text
    got = r.json()
    optimal = Fraction(face.game_return(JOB, 5, exact=True).return_exact)
    assert Fraction(got["optimal_return_exact"]) == optimal
    within = [p.lines for p in face.cost_curve(JOB, 5) if optimal - Fraction(p.return_exact) <= Fraction(1, 10_000)]
    n = min(within)
    assert got["choice"] == "short" and len(got["lines"]) == n and 10 < n < 40  # far below the basic strategy's 161
    assert Fraction(got["cost_exact"]) == optimal - Fraction(got["return_exact"]) <= Fraction(1, 10_000)
    shorter = trainer_chart(client, game=JOB, choice=str(n - 1)).json()
    assert len(shorter["lines"]) == n - 1 and Fraction(shorter["cost_exact"]) > Fraction(1, 10_000)
    assert got["note"].startswith(f"the shortest chart within 0.01% of optimal play: {n} lines, ")
    assert got["chart_text"] == face.strategy_report(JOB, 5, lines=n).chart_text


def test_chart_hold_cites_the_line_of_the_chosen_chart(client):
    chart = trainer_chart(client, game=JOB, choice="15").json()
    texts = [ln["text"] for ln in chart["lines"]]
    cited = set()
    for hand in ["Ah Th 8h 3h Kd", "2c 7d 9h Jc 4s", "9h Th Kd As Ah", *random_hands(40)]:
        r = client.post("/api/video-poker/chart-hold", json={"hand": hand, "choice": "15"})
        assert r.status_code == 200, r.text
        got = r.json()
        assert got == {**face.chart_hold(chart["chart_text"], hand, JOB, 5).to_json(), "chart": "trainer",
                       "choice": "15"}
        if got["line"] is not None:
            assert 1 <= got["line"] <= 15 and got["line_text"] == texts[got["line"] - 1]
            cited.add(got["line"])
    assert len(cited) >= 5  # the hands reach many lines, not one
    # a bet of 1-4 plays the chart of 4 coins; the value is the hold's at the bet. The basic chart: a length
    # would search every chart length of the 4-coin game (half a minute) for what the 5-coin one shows above
    four = trainer_chart(client, game=JOB, coins=2, choice="basic").json()
    assert four["coins"] == 4
    low = client.post("/api/video-poker/chart-hold", json={"hand": "Ah Th 8h 3h Kd", "choice": "basic", "coins": 2})
    assert low.json() == {**face.chart_hold(four["chart_text"], "Ah Th 8h 3h Kd", JOB, 2).to_json(),
                          "chart": "trainer", "choice": "basic"}


def test_the_trainer_chart_is_derived_once_in_the_background(client, tmp_path, monkeypatch):
    path = tmp_path / "games.toml"
    path.write_text(FILE_GAME)
    monkeypatch.setenv(web.PAYTABLES_ENV, str(path))
    table = web.resolve("test-web-trainer-9-6")
    release = threading.Event()
    calls = []
    real = face.trainer_chart(JOB, 5, "10")

    def fake(game, coins, choice, progress=None):
        calls.append((game.id, coins, choice))
        progress(1, 3)
        assert release.wait(20)
        return real

    monkeypatch.setattr(face, "trainer_chart", fake)
    first = client.get("/api/video-poker/trainer-chart", params={"game": table.id, "coins": 3, "choice": "10"})
    assert first.status_code == 202, first.text
    assert first.json()["job"]["key"] == "video-poker-trainer-chart:test-web-trainer-9-6:4:10"
    body = {"hand": "Ah Th 8h 3h Kd", "game": table.id, "coins": 1, "choice": "10"}
    assert client.post("/api/video-poker/chart-hold", json=body).status_code == 202
    release.set()
    r = answered(lambda: client.post("/api/video-poker/chart-hold", json=body), 150)  # behind any other test's job in this process
    assert r.status_code == 200 and r.json()["chart"] == "trainer"
    assert r.json()["line_text"] == face.chart_hold(real.chart_text, "Ah Th 8h 3h Kd", JOB, 1).line_text
    assert trainer_chart(client, game=table.id, coins=4, choice="10").json()["chart_text"] == real.chart_text
    assert calls == [("test-web-trainer-9-6", 4, "10")]  # one job for every bet of 1-4, however often asked


def test_a_chart_is_checked_before_it_is_kept(client):
    r = client.post("/api/video-poker/chart-check", json={"game": JOB, "chart": "# mine\nhigh pair\n\n4 to a flush\n"})
    assert r.status_code == 200, r.text
    assert r.json() == {"game": JOB, "lines": [{"number": 2, "text": "high pair"}, {"number": 4, "text": "4 to a flush"}]}
    toml = client.post("/api/video-poker/chart-check", json={"game": "deuces-wild-full-pay",
                                                              "chart": 'lines = ["4 deuces", "pat hand"]\n'})
    assert toml.status_code == 200 and [ln["number"] for ln in toml.json()["lines"]] == [1, 2]


@pytest.mark.parametrize("path, body, detail", [
    ("/api/video-poker/chart-check", {"chart": BAD_CHART}, BAD_LINE),
    ("/api/video-poker/chart-check", {"chart": "# mine\n\nhigh pair\nfulll house\n"}, BAD_LINE.replace("2", "4")),
    ("/api/video-poker/chart-check", {"chart": "high pair\n4 deuces\n"}, "chart: line 2: "),
    ("/api/video-poker/chart-check", {"chart": ""}, "chart: has no lines"),
    ("/api/video-poker/chart-hold", {"hand": "Ah Th 8h 3h Kd", "chart": BAD_CHART}, BAD_LINE),
    ("/api/video-poker/strategy/evaluate", {"chart": BAD_CHART}, BAD_LINE),
])
def test_a_chart_the_game_does_not_read_is_a_422_naming_the_line(client, path, body, detail):
    r = client.post(path, json=body)
    assert r.status_code == 422 and r.json()["field"] == "chart", r.text
    assert r.json()["detail"].startswith(detail), r.text


@pytest.mark.parametrize("params, field, words", [
    ({"choice": "41"}, "choice", 'must be "short", "basic" or a number of lines 1 to 40'),
    ({"choice": "longest"}, "choice", "got 'longest'"),
    ({"choice": "0"}, "choice", ""),
    ({"coins": "6"}, "coins", "1 to 5"),
    ({"game": "nope"}, "game", "unknown game 'nope'"),
])
def test_bad_trainer_chart_input(client, params, field, words):
    r = client.get("/api/video-poker/trainer-chart", params=params)
    assert r.status_code == 422 and r.json()["field"] == field and words in r.json()["detail"], r.text


@pytest.mark.parametrize("body, field, words", [
    ({"choice": "99"}, "choice", "1 to 40"),
    ({"choice": 15}, "choice", ""),
    ({"choice": "15", "chart": CHART}, "choice", "not both"),
])
def test_bad_chart_hold_choice(client, body, field, words):
    r = client.post("/api/video-poker/chart-hold", json={"hand": "Ah Th 8h 3h Kd", **body})
    assert r.status_code == 422 and r.json()["field"] == field and words in r.json()["detail"], r.text


def test_warm_reads_the_default_games_chart_words(monkeypatch):
    """The start-up warm-up also reads the default game's chart vocabulary: a worker's first chart-check no
    longer reads it in the request (270-370 ms)."""
    import threading

    from holdwise.games import video_poker as vp_face
    from holdwise.web import video_poker as web_vp

    asked = []
    monkeypatch.setattr(vp_face, "hint", lambda request: None)
    monkeypatch.setattr(web_vp, "_returns", lambda table: None)
    monkeypatch.setattr(vp_face, "parse_chart", lambda text, table: asked.append((text, table.id)))
    web_vp.warm()
    for thread in threading.enumerate():
        if thread.name == "holdwise-warm-video-poker":
            thread.join(30)
    assert asked == [("royal flush", vp_face.DEFAULT_GAME)]
