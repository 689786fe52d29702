"""The keyboard (review 2, defects 14 and 15): Farkle starts from the keyboard at once (Start has the focus),
the focus never drops to the page after the start or a move, and the table has keys like the others (1-6, R, B,
H, N, U); on the video-poker machine a card held with Space keeps the focus when the cards are drawn again, and
the cards come first in the Tab order."""

import pytest

from holdwise.games import farkle

from .test_farkle_browser import IDLE, settled

pytestmark = pytest.mark.slow  # a browser

FOCUS = "() => { const a = document.activeElement; return a ? (a.id || a.dataset.position || a.tagName) : null; }"


def test_farkle_by_keyboard_alone(page, live_server):
    page.goto(f"{live_server}/farkle?seed=11&delay=0")
    assert page.evaluate(FOCUS) == "fk-start"  # no Tab needed to start the match
    page.fill("input[name=target]", "1000")
    page.select_option("select[name=computer]", "coaching")  # no match to solve: the coaching table
    page.focus("#fk-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#fk-table:not([hidden])", timeout=120_000)
    page.wait_for_function(IDLE, timeout=120_000)
    state = settled(page)
    assert page.evaluate(FOCUS) != "BODY"  # the focus is on the table, not dropped
    if state.phase == "roll" and state.to_move == "player":
        assert page.evaluate(FOCUS) == "fk-roll"
        page.keyboard.press("r")
        state = settled(page)
    assert state.phase == "select" and state.to_move == "player"
    assert page.evaluate(FOCUS) == "1"  # the first die
    # keep the first legal keep's dice with the digit keys, then bank with B
    keep = next(a for a in farkle.actions(state) if a["type"] == "keep" and a["then"] == "bank")
    for position in keep["dice"]:
        page.keyboard.press(str(position))
    assert sorted(int(d.get_attribute("data-position")) for d in
                  page.locator('#fk-dice .fk-die[aria-checked="true"]').all()) == sorted(keep["dice"])
    played = len(page.evaluate("window.holdwiseFarkle.played"))
    page.keyboard.press("b")
    settled(page)
    assert page.evaluate("window.holdwiseFarkle.played")[played] == keep  # banked by the key
    assert page.evaluate(FOCUS) != "BODY"
    page.keyboard.press("h")
    assert page.is_checked("#fk-coach-toggle")
    assert page.js_errors == []


def test_video_poker_card_keeps_the_focus_and_comes_first(page, live_server):
    page.goto(f"{live_server}/video-poker?seed=7")
    page.wait_for_function("window.holdwiseVP && window.holdwiseVP.sealed && !window.holdwiseVP.busy")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")  # deal
    page.wait_for_function("window.holdwiseVP.sealed.state.phase === 'hold' && !window.holdwiseVP.busy")
    # the menu grows with the registry's games: counted from the skip link's target (the page), the cards
    # come after the intro's two links only
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip')")
    page.keyboard.press("Enter")
    tabs = 0
    while page.evaluate("document.activeElement.classList.contains('vp-card')") is False:
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= 3, "the cards are far down the page's Tab order"
    assert page.evaluate("document.activeElement.dataset.pos") == "1"
    page.keyboard.press("Tab")  # card 2
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.dataset.pos") == "2"
    assert page.get_attribute('#vp-cards .vp-card[data-pos="2"]', "aria-pressed") == "true"
    page.keyboard.press("Tab")  # on to card 3, not card 2 again
    assert page.evaluate("document.activeElement.dataset.pos") == "3"
    assert page.js_errors == []
