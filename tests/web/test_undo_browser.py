"""Undo at every practice table (issue 42, item 4): the last decision is taken back, the same position comes
back with its advice, and the record (the session's decisions, the trainer's tally) counts only the decision
finally made; the page's played actions still replay to the state it shows."""

import pytest

from holdwise.games import video_poker as vp
from holdwise.games import yahtzee as yz

from .test_poker_dice_browser import SIX
from .test_poker_dice_browser import replay as pd_replay
from .test_poker_dice_browser import settled as pd_settled
from .test_poker_dice_browser import start as pd_start
from .test_video_poker_browser import JOB, settled
from .test_yahtzee_browser import replay, start
from .test_yahtzee_browser import settled as yz_settled

pytestmark = pytest.mark.slow  # a browser


def test_yahtzee_undo_takes_back_a_costly_box(page, live_server, shoot):
    page.set_default_timeout(120_000)
    start(page, live_server, 5)
    state = yz_settled(page)
    page.wait_for_selector("#yz-hint-table tbody tr")
    assert page.locator("#yz-undo").is_disabled()  # nothing decided yet
    worst = yz.advice(state).options[-1]
    assert worst.loss > 0
    if worst.extras["kind"] == "score":
        page.click(f'#yz-card button.yz-box[data-box="{worst.extras["box"]}"]')
    else:
        page.click(f'#yz-hint-table button[data-keep="{",".join(map(str, worst.action["keep"]))}"]')
        page.click("#yz-roll")
    after = yz_settled(page)
    assert len(after.decisions) == 1 and after.decisions[0].loss > 0
    page.keyboard.press("u")
    back = yz_settled(page)
    assert back.to_json() == state.to_json()  # the same position, the same dice
    assert page.inner_text("#yz-status").startswith("Your last decision is taken back")
    page.wait_for_function("!document.getElementById('yz-hint').classList.contains('stale')")
    assert page.locator("#yz-hint-table tbody tr").count() == len(yz.advice(state).options)  # the advice again
    best = yz.advice(state).options[0]
    if best.extras["kind"] == "score":
        page.click(f'#yz-hint-table button[data-box="{best.extras["box"]}"]')
    else:
        page.click(f'#yz-hint-table button[data-keep="{",".join(map(str, best.action["keep"]))}"]')
        page.click("#yz-roll")
    final = yz_settled(page)
    assert len(final.decisions) == 1 and final.decisions[0].loss == 0  # the review counts the decision made
    assert replay(page).to_json() == final.to_json()
    shoot(page, "yahtzee-undo")
    assert page.js_errors == []


def test_poker_dice_undo(page, live_server):
    pd_start(page, live_server, SIX, seed=5)
    state = pd_settled(page)
    page.wait_for_selector("#pd-hint-table tbody tr")
    page.click("#pd-roll")  # roll all five: a decision (the first roll's dice could be kept)
    moved = pd_settled(page)
    assert moved.to_json() != state.to_json()
    page.click("#pd-undo")
    assert pd_settled(page).to_json() == state.to_json()
    assert pd_replay(page).to_json() == state.to_json()
    assert page.js_errors == []


def test_video_poker_undo_takes_back_a_hold_and_its_trainer_record(page, live_server):
    page.goto(f"{live_server}/video-poker?seed=7")
    settled(page, 0)
    page.check("#vp-trainer")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    settled(page, 1)
    dealt = page.evaluate("window.holdwiseVP.sealed.state")
    state = vp.new_game({"rules": JOB, "credits": 1000, "bet": 5}, 7)
    state = vp.step(state, {"type": "deal", "bet": 5})
    best = vp.advice(state).best.extras["positions"]
    page.keyboard.press("Enter")  # draw five: a costly hold
    settled(page, 2)
    page.wait_for_function("document.getElementById('vp-verdict').dataset.kind === 'mistake'")
    assert page.inner_text("#vp-t-hands") == "1" and page.inner_text("#vp-t-mistakes") == "1"
    page.keyboard.press("u")
    page.wait_for_function("window.holdwiseVP.sealed.state.phase === 'hold'")
    assert page.evaluate("window.holdwiseVP.sealed.state") == dealt
    assert page.inner_text("#vp-t-hands") == "0" and page.inner_text("#vp-t-mistakes") == "0"
    assert page.locator("#vp-mistakes tbody tr").count() == 0
    assert page.inner_text("#vp-credits") == "995"
    for pos in best:
        page.keyboard.press(str(pos))
    page.keyboard.press("Enter")
    settled(page, 2)
    page.wait_for_function("document.getElementById('vp-verdict').dataset.kind === 'right'")
    assert page.inner_text("#vp-t-hands") == "1" and page.inner_text("#vp-t-mistakes") == "0"
    final = vp.step(state, {"type": "draw", "hold": best})
    played = page.evaluate("window.holdwiseVP.played")
    again = vp.new_game({"rules": JOB, "credits": 1000, "bet": 5}, 7)
    for action in played:
        again = vp.step(again, action)
    assert again.to_json() == final.to_json()
    assert page.js_errors == []


def test_depth_lab_undo_takes_back_a_costly_keep(page, live_server):
    page.goto(f"{live_server}/dice-poker")
    page.fill("#dp-seed", "7")
    page.click("#dp-deal")
    page.wait_for_selector("#dp-dice-row .die")
    assert page.locator("#dp-undo").is_disabled()
    before = page.inner_text("#dp-status")
    page.locator("#dp-dice-row .die").first.click()
    page.click("#dp-reroll")
    page.wait_for_function("document.getElementById('dp-status').textContent.includes(' cost ')")
    page.click("#dp-undo")
    assert page.inner_text("#dp-status") == before + " Your last keep is taken back: choose again."
    page.click("#dp-hint")
    page.wait_for_selector("#dp-hint-box:not([hidden])")
    page.locator("#dp-hint-table tbody tr.best button").click()
    page.wait_for_function("document.getElementById('dp-status').textContent.includes('was the best')")
    assert " cost " not in page.inner_text("#dp-status")
    assert page.js_errors == []
