"""Stale advice cannot be acted on (review 2, defect 7): once a move is made, the previous position's hint rows
are dimmed and their buttons disabled until the new position's hint arrives (Yahtzee, and every page on the
shared session); the depth lab never shows a hint asked for an earlier position, and its rows cannot be played
while a move is on its way. The hint's answer is held back by the test, as a busy server would."""

import pytest

pytestmark = pytest.mark.slow  # a browser

IDLE = "() => window.holdwiseYahtzee && !window.holdwiseYahtzee.busy && window.holdwiseYahtzee.pending === 0"


def hold_back(page, pattern):
    """Requests to `pattern` wait in the returned list until the test lets them go (route.continue_())."""
    held = []
    page.route(pattern, lambda route: held.append(route))
    return held


def arrived(page, held, n=1):
    for _ in range(600):
        if len(held) >= n:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the request never came")


def test_yahtzee_hint_rows_are_disabled_until_the_new_hint(page, live_server):
    page.set_default_timeout(120_000)  # the first game loads the table
    page.goto(f"{live_server}/yahtzee?seed=5")
    page.click("#yz-start")
    page.wait_for_selector("#yz-table:not([hidden])")
    page.check("#yz-hint-toggle")
    page.wait_for_selector("#yz-hint-table tbody tr button:not([disabled])")
    page.wait_for_function(IDLE)
    before = page.locator("#yz-hint-table tbody button").count()
    assert before > 0 and page.locator("#yz-hint.stale").count() == 0
    held = hold_back(page, "**/api/yahtzee/hint")
    played = page.evaluate("window.holdwiseYahtzee.played.length")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("r")  # roll all five
    arrived(page, held)
    # the new dice are shown, the old rows stay until the answer comes: dimmed, and none can be used
    assert page.evaluate("window.holdwiseYahtzee.played.length") == played + 1
    assert page.locator("#yz-hint.stale").count() == 1
    buttons = page.locator("#yz-hint-table tbody button")
    assert buttons.count() == before and all(b.is_disabled() for b in buttons.all())
    buttons.first.click(force=True)  # a fast player's click on the old advice does nothing
    page.wait_for_timeout(300)
    assert page.evaluate("window.holdwiseYahtzee.played.length") == played + 1
    held[0].continue_()
    page.wait_for_function("!document.getElementById('yz-hint').classList.contains('stale')")
    assert not any(b.is_disabled() for b in page.locator("#yz-hint-table tbody button").all())
    assert page.js_errors == []


def test_depth_lab_never_shows_or_plays_an_earlier_positions_hint(page, live_server):
    page.goto(f"{live_server}/dice-poker")
    page.fill("#dp-seed", "7")
    page.click("#dp-deal")
    page.wait_for_selector("#dp-dice-row .die")
    held = hold_back(page, "**/api/dice-poker/hint")
    page.click("#dp-hint")  # asked for the dealt hand ...
    arrived(page, held)
    page.click("#dp-reroll")  # ... but the player moves first
    page.wait_for_function("document.getElementById('dp-status').textContent.includes('1 re-roll left')")
    held[0].continue_()
    page.wait_for_timeout(500)
    assert page.locator("#dp-hint-box").is_hidden()  # the answer for the earlier roll is not shown
    assert page.locator("#dp-hint-table tbody tr").count() == 0
    page.unroute("**/api/dice-poker/hint")
    page.click("#dp-hint")
    page.wait_for_selector("#dp-hint-box:not([hidden])")
    steps = hold_back(page, "**/api/dice-poker/step")
    page.locator("#dp-hint-table tbody tr.best button").click()
    arrived(page, steps)
    buttons = page.locator("#dp-hint-table tbody button")
    assert buttons.count() > 0 and all(b.is_disabled() for b in buttons.all())  # no second move on old advice
    steps[0].continue_()
    page.wait_for_selector("#dp-next:not([hidden])")
    assert page.locator("#dp-hint-box").is_hidden() and page.locator("#dp-hint-table tbody tr").count() == 0
    assert page.js_errors == []
