"""The pay-table editor in Chromium at 1280x800 and 375x740: edit a pay, see the return become the CLI's figure,
a bad pay named next to its field, and the shared link opening the same table in a new page."""

import json

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

# 9/6 Jacks or Better with the flush at 5 (9/5), written by hand as a pay-table file for the CLI, under the id and
# name the editor gives an edited game (a solve is kept on disk by the whole table: the page then reads the CLI's)
NINE_FIVE = """[jacks-or-better-9-6-edited]
name = "Jacks or Better, full pay (9/6), edited"
deck = 52
wild = "none"
royal_below_max = 250
pays = [
  { hand = "royal_flush", pay = 800 }, { hand = "straight_flush", pay = 50 },
  { hand = "four_of_a_kind", pay = 25 }, { hand = "full_house", pay = 9 }, { hand = "flush", pay = 5 },
  { hand = "straight", pay = 4 }, { hand = "three_of_a_kind", pay = 3 }, { hand = "two_pair", pay = 2 },
  { hand = "jacks_or_better", pay = 1 },
]
"""


def cli_percent(path, coins):
    result = CliRunner().invoke(cli_app, ["video-poker", "return", "--paytable-file", str(path), "--game",
                                          "jacks-or-better-9-6-edited", "--coins", str(coins), "--json"])
    assert result.exit_code == 0, result.output
    return f"{100 * json.loads(result.stdout)['return']:.4f}%"


def fields(page):
    return page.evaluate("""() => [...document.querySelectorAll('#vpe-pays input')]
                                     .map((i) => [i.dataset.field, i.value])""")


def test_edit_a_pay_share_the_link(browser, live_server, shoot, tmp_path):
    path = tmp_path / "nine-five.toml"
    path.write_text(NINE_FIVE)
    want = {"5": cli_percent(path, 5), "1-4": cli_percent(path, 1)}
    assert want["5"] == "98.4498%"  # 9/5 Jacks or Better (one pay below full pay's 99.5439%)

    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    page = desk.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server}/video-poker/editor?game=jacks-or-better-9-6")
    page.wait_for_function("document.getElementById('vpe-r5').textContent === '99.5439%'")
    assert page.locator("#vpe-start").input_value() == "jacks-or-better-9-6"
    # a bad pay is named next to its own field, and only that field is marked
    page.fill('#vpe-pays input[data-field="pays.full_house"]', "-9")
    page.wait_for_selector('#vpe-pays [data-err="pays.full_house"]:not(:empty)')
    assert "negative" in page.locator('#vpe-pays [data-err="pays.full_house"]').inner_text()
    assert page.locator("#vpe [aria-invalid=true]").count() == 1
    page.fill('#vpe-pays input[data-field="pays.full_house"]', "9")
    page.fill('#vpe-pays input[data-field="pays.flush"]', "5")
    page.wait_for_function(f"document.getElementById('vpe-r5').textContent === {want['5']!r}")
    assert page.locator("#vpe-r14").inner_text() == want["1-4"]
    assert page.locator("#vpe [aria-invalid=true]").count() == 0
    assert page.locator("#vpe-start").input_value() == ""  # no longer the shipped game, and named so
    assert page.locator("#vpe-id").input_value() == "jacks-or-better-9-6-edited"
    assert page.locator("#vpe-name").input_value() == "Jacks or Better, full pay (9/6), edited"
    rows = page.locator("#vpe-return tbody tr")
    assert rows.nth(4).locator("td").nth(0).inner_text() == "flush"
    assert rows.nth(4).locator("td").nth(1).inner_text() == "5"
    link = page.locator("#vpe-link").input_value()
    assert page.url == link and "?table=" in link
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shoot(page, "vp_editor_desktop")
    table = fields(page)
    toml = page.locator("#vpe-toml").text_content()
    download = page.request.get(live_server + page.locator("#vpe-download").get_attribute("href"))
    assert download.text() == toml and 'hand = "flush", pay = 5 }' in toml
    play = page.locator("#vpe-play").get_attribute("href")
    assert errors == []
    desk.close()

    # the shared link in a new page, on a phone: the same table, the same figures, nothing cut off
    phone = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = phone.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    page.wait_for_function(f"document.getElementById('vpe-r5').textContent === {want['5']!r}")
    assert fields(page) == table
    assert page.locator("#vpe-name").input_value() == "Jacks or Better, full pay (9/6), edited"
    assert page.locator("#vpe-r14").inner_text() == want["1-4"]
    # the returns stay in view while the pays are typed (the figures themselves are far below on a phone)
    box = page.locator("#vpe-summary").bounding_box()
    assert box["y"] + box["height"] <= 740 and want["5"] in page.locator("#vpe-summary").inner_text()
    shoot(page, "vp_editor_phone")
    shoot(page, "vp_editor_phone_first", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # the machine plays it: the game offered first, its return at the table's figure. The trainer's chart beside
    # the machine is not looked at here: the server is not asked to derive the new table's (a minute of CPU in
    # the background, past the end of the test)
    computing = '{"status": "computing", "job": {}}'
    for api in ("**/api/video-poker/trainer-chart*", "**/api/video-poker/chart-hold"):
        page.route(api, lambda route: route.fulfill(status=202, content_type="application/json", body=computing))
    page.goto(live_server + play)
    page.wait_for_function("document.getElementById('vp-game').value !== ''")
    assert page.locator("#vp-game option").first.inner_text() == "Jacks or Better, full pay (9/6), edited"
    page.wait_for_function("document.getElementById('vp-credits').textContent !== '…'")
    assert errors == []
    phone.close()


def test_a_new_table_shows_its_solve_and_can_be_stopped(browser, live_server):
    """While the server solves (202) the page shows the job's progress and a Stop button; Stop sends the cancel
    call and stops polling; "Solve again" asks again and shows the table's figure once the job is done."""
    from holdwise.games import video_poker as face

    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors, cancels, asks = [], [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: cancels.append(r.post_data) if r.url.endswith("/return/cancel") else None)
    page.on("request", lambda r: asks.append(r.url) if r.url.endswith("/editor/return") else None)
    page.goto(f"{live_server}/video-poker/editor?game=jacks-or-better-9-6")
    page.wait_for_function("document.getElementById('vpe-r5').textContent === '99.5439%'")
    assert page.locator("#vpe-stop").is_hidden()
    running = json.dumps({"status": "computing", "job": {"status": "running", "done": 40, "total": 100}})
    page.route("**/api/video-poker/editor/return",
               lambda route: route.fulfill(status=202, content_type="application/json", body=running))
    page.fill('#vpe-pays input[data-field="pays.full_house"]', "8")
    page.fill('#vpe-pays input[data-field="pays.flush"]', "7")
    page.wait_for_function("document.getElementById('vpe-status').textContent.includes('40%')")
    assert page.locator("#vpe-status").inner_text() == "Solving this table (40%)…"
    assert page.locator("#vpe-stop").is_visible()
    with page.expect_request("**/return/cancel"):  # its event may reach us after the button's new text
        page.click("#vpe-stop")
    page.wait_for_function("document.getElementById('vpe-stop').textContent === 'Solve again'")
    assert len(cancels) == 1 and json.loads(cancels[0])["table"]["pays"][4] == {"hand": "flush", "pay": "7"}
    polled = len(asks)
    page.wait_for_timeout(1200)
    assert len(asks) == polled  # stopped: no more polls
    assert page.locator("#vpe-status").inner_text() == "Stopped. Change the table, or solve it again."
    page.unroute("**/api/video-poker/editor/return")
    page.click("#vpe-stop")  # solve again: the real job this time
    page.wait_for_function("document.getElementById('vpe-stop').hidden", timeout=120_000)
    page.wait_for_function("!document.getElementById('vpe-result').classList.contains('stale')")
    table = face.table_from_fields(json.loads(cancels[0])["table"])
    assert page.locator("#vpe-r5").inner_text() == f"{100 * face.game_return(table, 5).return_value:.4f}%"
    assert errors == []
    page.context.close()
