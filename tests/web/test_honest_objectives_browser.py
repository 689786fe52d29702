"""Every hint says what it maximizes, in the units the game is won in (review 2, defect 4): Balut's hint
maximizes the expected total score while Balut is won on points, and the page says so beside the hint, with the
card's points shown (the session's figures); Yahtzee's hint maximizes the final score; poker dice's the chance to
win; the depth lab's the expected payout; video poker's the expected return."""

import pytest

from holdwise.games import yahtzee as face
from holdwise.games.base import State

from .test_poker_dice_browser import SIX
from .test_poker_dice_browser import settled as pd_settled
from .test_poker_dice_browser import start as pd_start
from .test_yahtzee_browser import settled, start

pytestmark = pytest.mark.slow  # a browser


def test_balut_says_the_hint_maximizes_the_total_and_shows_the_points(page, live_server, shoot):
    page.set_default_timeout(120_000)  # the first game loads (or solves) the rule set's table
    start(page, live_server, 3, rules="balut")
    state: State = settled(page)
    page.wait_for_selector("#yz-hint-table tbody tr")
    # a few turns by the hint's best play, so the card has a total and points of its own
    for _ in range(7):
        best = face.advice(state).options[0]
        if best.extras["kind"] == "score":
            page.click(f'#yz-hint-table button[data-box="{best.extras["box"]}"]')
        else:
            page.click(f'#yz-hint-table button[data-keep="{",".join(map(str, best.action["keep"]))}"]')
            page.click("#yz-roll")
        state = settled(page)
        page.wait_for_function("!document.getElementById('yz-hint').classList.contains('stale')")
    card = face.card_of(state)
    view = page.evaluate("window.holdwiseYahtzee.view")
    goal = page.inner_text("#yz-hint-goal")
    assert goal.startswith("The hint maximizes the expected total score")
    assert f"the card's total, {card.total} now" in goal
    points = view["points"]
    assert f"Balut is won on points ({'+' if points > 0 else ''}{points} if the card ended now)" in goal
    note = page.inner_text("#yz-hint-note")
    assert "ranked by the final total score exact play expects" in note
    assert f"score {card.total} so far" in note and "points so far" not in note
    assert page.inner_text("#yz-hint-legend").startswith("expected: the final total score")
    assert page.inner_text("#yz-total") == str(card.total)
    row = page.locator("#yz-card tfoot tr", has=page.locator("#yz-points"))
    assert row.locator("th").inner_text() == "Points if it ended now"
    assert page.inner_text("#yz-points") == f"{'+' if points > 0 else ''}{points}"
    shoot(page, "balut-hint-goal")
    assert page.js_errors == []


def test_yahtzee_and_poker_dice_hints_say_what_they_maximize(page, live_server):
    page.set_default_timeout(120_000)
    start(page, live_server, 4)
    page.wait_for_selector("#yz-hint-table tbody tr")
    assert page.inner_text("#yz-hint-goal") == ("The hint maximizes the expected final score, the score the game "
                                                "is won on.")
    assert "ranked by the final score exact play expects" in page.inner_text("#yz-hint-note")
    pd_start(page, live_server, SIX, seed=5)
    pd_settled(page)
    page.wait_for_selector("#pd-hint-table tbody tr")
    assert "The hint maximizes your chance to win the game" in page.inner_text("#pd-hint-note")
    page.goto(f"{live_server}/dice-poker")
    assert "Every keep by expected payout" in page.inner_text("#dp-hint-box")
    page.goto(f"{live_server}/video-poker")
    assert "Every hold by expected return per coin" in page.inner_text("#vp-hint-note")
