"""The fairness and strategy API: the CLI's --json for the same inputs (every game's return at 5 and at 4 coins, one
game's strategy with its cost curve, a pasted chart), progress while computing, and bad input refused with 422."""

import json
import threading
import time

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import video_poker as vp
from holdwise.web import video_poker_reports as web
from holdwise.web.common import jobs

runner = CliRunner()
GAMES = list(vp.shipped_games())
STRATEGY_GAME = "jacks-or-better-9-6"
CHART = """# a short chart
high pair
4 to a royal flush
three of a kind or straight or flush or full house
low pair
4 to a flush
2 high cards
single high card
"""


def cli_json(*args):
    result = runner.invoke(cli_app, ["video-poker", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_seconds(data):
    return {k: v for k, v in data.items() if k != "seconds"}


def wait(client, url, ok=lambda r: r.status_code == 200, timeout=600):
    start = time.monotonic()
    while True:
        r = client.get(url)
        assert r.status_code in (200, 202), r.text
        if ok(r):
            return r
        assert time.monotonic() - start < timeout, f"{url}: still {r.json()}"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def fairness(client):
    """The fairness answer once every figure is computed."""
    return wait(client, "/api/video-poker/fairness", ok=lambda r: r.json()["status"] == "done").json()


def test_fairness_lists_every_game_with_its_figures(fairness):
    assert [g["id"] for g in fairness["games"]] == GAMES
    assert fairness["done"] == fairness["total"] == 2 * len(GAMES) and fairness["error"] is None
    assert "4 coins" in fairness["coins_note"]
    for g in fairness["games"]:
        assert g["coins_5"]["coins"] == 5 and g["coins_1_4"]["coins"] == 4
        assert g["name"] == vp.get_game(g["id"]).name and g["deck"] == vp.get_game(g["id"]).deck


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_fairness_figures_are_the_cli_return(fairness, game):
    row = next(g for g in fairness["games"] if g["id"] == game)
    five = cli_json("return", "--game", game, "--exact", "--json")
    four = cli_json("return", "--game", game, "--coins", "4", "--exact", "--json")
    assert row["coins_5"]["return_exact"] == five["return_exact"]
    assert row["coins_1_4"]["return_exact"] == four["return_exact"]
    assert row["coins_5"]["table"] == five["table"] and row["coins_1_4"]["table"] == four["table"]
    assert without_seconds(row["coins_5"]) == without_seconds(five)
    assert without_seconds(row["coins_1_4"]) == without_seconds(four)
    assert row["name"] == five["name"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_one_to_four_coins_pay_alike(game):
    """Why the page shows one figure for 1-4 coins: the return and its table are the same at 1 and at 4."""
    one = vp.game_return(game, 1, exact=True).to_json()
    four = vp.stored_return(game, 4)
    assert one["return_exact"] == four["return_exact"]
    assert [(r["hand"], r["pay_exact"], r["outcomes"]) for r in one["table"]] == \
        [(r["hand"], r["pay_exact"], r["outcomes"]) for r in four["table"]]
    assert vp.stored_return(game, 5)["return_exact"] != four["return_exact"]  # the royal pays more at 5


@pytest.mark.parametrize("game, coins", [("deuces-wild-full-pay", "5"), ("joker-poker-kings", "4"),
                                         ("jacks-or-better-9-6", "1")])
def test_return_is_the_cli_json(client, game, coins):
    r = client.get(f"/api/video-poker/return?game={game}&coins={coins}")
    assert r.status_code == 200, r.text
    assert without_seconds(r.json()) == without_seconds(
        cli_json("return", "--game", game, "--coins", coins, "--exact", "--json"))


def test_return_defaults_to_the_default_game_at_5_coins(client):
    r = client.get("/api/video-poker/return").json()
    assert r["rules"] == vp.DEFAULT_GAME and r["coins"] == 5


@pytest.mark.parametrize("query, field", [
    ("game=nope", "game"), ("game=", "game"), ("coins=0", "coins"), ("coins=6", "coins"), ("coins=x", "coins"),
    ("coins=1.5", "coins"), ("coins=" + "9" * 31, "coins"), ("game=" + "x" * 201, "game")])
def test_return_refuses_bad_input(client, query, field):
    r = client.get(f"/api/video-poker/return?{query}")
    assert r.status_code == 422 and r.json()["field"] == field, r.text
    assert "\n" not in r.json()["detail"]


def test_fairness_shows_progress_and_rows_so_far_for_a_new_game(client, tmp_path, monkeypatch):
    """A game of the server's pay-table file is not on disk: the answer says what is done, lists the game with
    null figures while the job computes them, then the figures, equal to the CLI's for the file."""
    path = tmp_path / "games.toml"
    path.write_text('[tiny]\nname = "Tiny"\npays = [{ hand = "royal_flush", pay = 800 }, '
                    '{ hand = "flush", pay = 10 }, { hand = "two_pair", pay = 1 }]\n')
    monkeypatch.setenv("HOLDWISE_VIDEO_POKER_PAYTABLES", str(path))
    first = client.get("/api/video-poker/fairness").json()
    assert [g["id"] for g in first["games"]] == [*GAMES, "tiny"]
    tiny = first["games"][-1]
    assert first["total"] == 2 * len(GAMES) + 2
    if first["status"] != "done":  # the job may already have finished this small game
        assert first["status"] in ("queued", "running") and first["done"] < first["total"]
        assert tiny["coins_5"] is None or tiny["coins_1_4"] is None
    done = wait(client, "/api/video-poker/fairness", ok=lambda r: r.json()["status"] == "done").json()
    tiny = done["games"][-1]
    assert tiny["name"] == "Tiny" and done["done"] == done["total"]
    cli = cli_json("return", "--game", "tiny", "--paytable-file", str(path), "--exact", "--json")
    assert without_seconds(tiny["coins_5"]) == without_seconds(cli)


@pytest.fixture(scope="module")
def strategy(client):
    """The strategy answer of one game, as the page gets it (202 with progress until the job is done)."""
    url = f"/api/video-poker/strategy?game={STRATEGY_GAME}&coins=5"
    seen = []
    r = wait(client, url, ok=lambda r: seen.append(r.json() if r.status_code == 202 else None) or r.status_code == 200,
             timeout=600)
    return r.json(), [s for s in seen if s]


def test_strategy_is_the_cli_json(strategy):
    answer, waiting = strategy
    cli = cli_json("strategy", "--game", STRATEGY_GAME, "--curve", "--json")
    assert without_seconds(answer) == without_seconds(cli)
    assert answer["kind"] == "basic" and len(answer["curve"]) == vp.CURVE_LINES
    assert answer["notes"] and answer["chart_text"].count("\n") == len(answer["lines"])
    for status in waiting:  # while computing: the job's status, counting stages
        assert status["status"] in ("queued", "running") and status["total"] in (0, 5) and status["game"] == STRATEGY_GAME
        assert 0 <= status["done"] <= 5


def test_strategy_runs_as_the_shared_job_and_is_kept_on_disk(client, strategy, monkeypatch):
    job = jobs.get(f"video-poker-strategy:{STRATEGY_GAME}:5")
    assert job is None or job.state == "done"  # None: it was on disk before this process asked
    assert vp.is_stored("strategy", STRATEGY_GAME, 5)
    from holdwise.games.video_poker import answers

    def refuse(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(answers, "_compute", refuse)  # the answer must come from the disk
    r = client.get(f"/api/video-poker/strategy?game={STRATEGY_GAME}")
    assert r.status_code == 200
    assert r.json() == strategy[0]


def test_strategy_job_key_is_the_shared_one():
    assert web.strategy_job_key(vp.get_game("deuces-wild-full-pay"), 4) == "video-poker-strategy:deuces-wild-full-pay:4"


@pytest.mark.parametrize("query, field", [
    ("", "game"), ("game=nope", "game"), ("game=jacks-or-better-9-6&coins=0", "coins"),
    ("game=jacks-or-better-9-6&coins=six", "coins"), ("game=jacks-or-better-9-6&coins=-5", "coins")])
def test_strategy_refuses_bad_input(client, query, field):
    r = client.get(f"/api/video-poker/strategy?{query}")
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_a_pasted_chart_is_the_cli_chart_json(client, tmp_path):
    path = tmp_path / "chart.txt"
    path.write_text(CHART)
    r = client.post("/api/video-poker/strategy/evaluate", json={"game": STRATEGY_GAME, "coins": 5, "chart": CHART})
    assert r.status_code == 200, r.text
    cli = cli_json("strategy", "--game", STRATEGY_GAME, "--chart", str(path), "--json")
    assert without_seconds(r.json()) == without_seconds(cli)
    assert r.json()["kind"] == "chart" and len(r.json()["lines"]) == 7 and r.json()["errors"]
    assert all(e["example"] and e["example_best_hold"] for e in r.json()["errors"])


def test_a_toml_chart_for_a_wild_game_at_4_coins(client, tmp_path):
    text = 'lines = ["4 deuces", "three of a kind", "2 deuces alone", "1 deuce alone"]\n'
    path = tmp_path / "chart.toml"
    path.write_text(text)
    r = client.post("/api/video-poker/strategy/evaluate",
                    json={"game": "deuces-wild-full-pay", "coins": 4, "chart": text})
    assert r.status_code == 200, r.text
    cli = cli_json("strategy", "--game", "deuces-wild-full-pay", "--coins", "4", "--chart", str(path), "--json")
    assert without_seconds(r.json()) == without_seconds(cli) and r.json()["coins"] == 4


@pytest.mark.parametrize("body, field, words", [
    ({"game": "nope", "chart": CHART}, "game", "unknown game"),
    ({"coins": 0, "chart": CHART}, "coins", ""),
    ({"coins": 6, "chart": CHART}, "coins", ""),
    ({"coins": "5", "chart": CHART}, "coins", ""),
    ({"chart": "high pair\nfour of a kind of jokers\n"}, "chart", "line 2"),
    ({"chart": "high pair\n\n# a comment\nno such hold\n"}, "chart", "line 4"),
    ({"chart": "lines = [\"high pair\""}, "chart", ""),
    ({"chart": "lines = 7\n"}, "chart", ""),
    ({"chart": ""}, "chart", "no lines"),
    ({"chart": "# only a comment\n"}, "chart", "no lines"),
    ({"chart": "A\n" * 2100}, "chart", "2,100 lines"),
    ({"chart": "x" * (web.MAX_CHART_CHARS + 1)}, "chart", "20,000 characters"),
    ({"chart": 7}, "chart", ""),
    ({"chart": ["high pair"]}, "chart", ""),
    ({"game": STRATEGY_GAME}, "chart", "required"),
    ({"game": "joker-poker-kings", "chart": "pair of deuces, 2 deuces\n"}, "chart", "line 1"),
])
def test_evaluate_refuses_bad_input(client, body, field, words):
    r = client.post("/api/video-poker/strategy/evaluate", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and words in r.json()["detail"], r.json()
    assert "\n" not in r.json()["detail"]


def test_a_chart_for_a_wild_game_refuses_a_line_of_another_vocabulary(client):
    r = client.post("/api/video-poker/strategy/evaluate",
                    json={"game": "jacks-or-better-9-6", "chart": "high pair\n4 deuces\n"})
    assert r.status_code == 422 and r.json()["detail"].startswith("chart: line 2:"), r.text


def test_one_heavy_evaluation_at_a_time(client, monkeypatch):
    monkeypatch.setattr(web, "HEAVY_WAIT_S", 0.05)
    hold = threading.Event()
    with web._HEAVY:  # another evaluation holds the slot
        hold.set()
        r = client.post("/api/video-poker/strategy/evaluate",
                        json={"game": STRATEGY_GAME, "chart": "high pair\nlow pair\n2 high cards\n"})
    assert r.status_code == 429 and r.json()["detail"].startswith("busy"), r.text
    r = client.post("/api/video-poker/strategy/evaluate",
                    json={"game": STRATEGY_GAME, "chart": "high pair\nlow pair\n2 high cards\n"})
    assert r.status_code == 200


def test_evaluate_answers_each_new_chart(client):
    body = {"game": STRATEGY_GAME, "chart": CHART + "3 to a royal flush\n"}
    assert client.post("/api/video-poker/strategy/evaluate", json=body).status_code == 200
    for extra in ("K", "Q", "J"):
        chart = body["chart"] + extra + "\n"
        r = client.post("/api/video-poker/strategy/evaluate", json={**body, "chart": chart})
        assert r.status_code == 200
        assert r.json()["return_exact"] == vp.evaluate_chart(STRATEGY_GAME, chart).return_exact


def test_pages_render(client):
    r = client.get("/video-poker/fairness")
    assert r.status_code == 200 and "computing…" in r.text
    for game in GAMES:
        assert f'data-game="{game}"' in r.text and vp.get_game(game).name in r.text
    r = client.get("/video-poker/strategy?game=deuces-wild-full-pay&coins=4")
    assert r.status_code == 200 and '<option value="deuces-wild-full-pay" selected>' in r.text
    assert '<option value="4" selected>' in r.text
    r = client.get("/video-poker/strategy?game=../../etc&coins=9")
    assert r.status_code == 200 and f'<option value="{vp.DEFAULT_GAME}" selected>' in r.text
    assert "http://" not in r.text.replace("http://www.w3.org", "") and "https://" not in r.text
