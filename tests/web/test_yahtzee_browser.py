"""Yahtzee in Chromium: a whole game at 1280x800 by clicking dice and scorecard boxes (and keys), checked against
the session's replay of the page's actions: the scorecard, the hint's ranking, the review's costs, the final
score marked on the distribution chart; a game on a 375x740 phone by touch with no sideways scroll. Screenshots
of each step."""

from __future__ import annotations

import random

import pytest

from holdwise.games import yahtzee as face
from holdwise.games.base import State

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}
IDLE = "() => window.holdwiseYahtzee && !window.holdwiseYahtzee.busy && window.holdwiseYahtzee.pending === 0"


@pytest.fixture
def open_page(browser):
    """open_page(viewport, touch): a fresh page; JavaScript errors collect in page.js_errors."""
    contexts = []

    def make(viewport, touch=False):
        context = browser.new_context(viewport=viewport, has_touch=touch)
        contexts.append(context)
        p = context.new_page()
        p.set_default_timeout(120_000)  # the first game loads (or solves) the table
        errors = []
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.on("console", lambda m: errors.append(m.text)
             if m.type == "error" and "status of 4" not in m.text else None)
        p.js_errors = errors
        return p

    yield make
    for context in contexts:
        context.close()


def settled(page) -> State:
    page.wait_for_function(IDLE, timeout=120_000)
    return State.from_json(page.evaluate("() => window.holdwiseYahtzee.sealed.state"))


def replay(page) -> State:
    """The session replayed from the page's seed and options through every action it played."""
    got = page.evaluate("() => ({options: window.holdwiseYahtzee.options, seed: window.holdwiseYahtzee.seed, "
                        "played: window.holdwiseYahtzee.played})")
    state = face.new_game(got["options"], got["seed"])
    for action in got["played"]:
        state = face.step(state, action)
    return state


def start(page, base, seed, rules="yahtzee", hint=True):
    page.goto(f"{base}/yahtzee?seed={seed}")
    page.check(f"input[name=rules][value={rules}]")
    page.click("#yz-start")
    page.wait_for_selector("#yz-table:not([hidden])")
    if hint:
        page.check("#yz-hint-toggle")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def check_hint(page, state: State):
    """The hint lists every keep and box of the position, best first, with the session's values."""
    hint = face.advice(state)
    page.wait_for_function(
        f"() => document.querySelectorAll('#yz-hint-table tbody tr').length === {len(hint.options)}")
    rows = page.locator("#yz-hint-table tbody tr")
    first, last = rows.nth(0).locator("td"), rows.nth(len(hint.options) - 1).locator("td")
    assert first.nth(1).inner_text() == f"{hint.options[0].value:.2f}" and first.nth(2).inner_text() == "best"
    loss = hint.options[-1].loss
    assert last.nth(2).inner_text() == ("best" if loss <= 5e-7 else f"−{loss:.2f}")
    return hint


def check_card(page, state: State) -> None:
    """The scorecard: each used box's points, each open box's button showing what the dice score there."""
    card = face.card_of(state)
    hint = face.advice(state) if not state.over else None
    now = {o.extras["box"]: o.extras["points"] for o in hint.options if o.extras["kind"] == "score"} if hint else {}
    for c, p in zip(card.rules.categories, card.points):
        row = page.locator(f'#yz-card tbody tr[data-box="{c.name}"]')
        if p is not None:
            assert row.locator(".yz-written").inner_text() == str(p)
        elif c.name in now:
            assert row.locator("button.yz-box").inner_text() == str(now[c.name])
    assert page.inner_text("#yz-total") == str(card.total)


def set_dice(page, keep: list[int], press, keys: bool) -> None:
    """Select exactly the dice of `keep` (the dice kept from the last roll start selected)."""
    dice = page.locator("#yz-dice .yz-die")
    faces = [int(d.get_attribute("data-face")) for d in dice.all()]
    want, left = set(), list(keep)
    for i, f in enumerate(faces):
        if f in left:
            left.remove(f)
            want.add(i)
    for i in range(len(faces)):
        if (dice.nth(i).get_attribute("aria-checked") == "true") != (i in want):
            if keys:
                page.keyboard.press(str(i + 1))  # keys 1-5 select a die
            else:
                press(page.locator(f'#yz-dice [data-index="{i}"]'))
    picked = sorted(int(d.get_attribute("data-face"))
                    for d in page.locator('#yz-dice .yz-die[aria-checked="true"]').all())
    assert picked == sorted(keep)


def choose(page, state: State, rng: random.Random, touch=False, best=0.6) -> None:
    """One play: an option of the hint (the best, or another), made on the dice and the Roll button, or on
    the scorecard's box (sometimes through the hint's own button)."""
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    hint = check_hint(page, state)
    option = hint.options[0] if rng.random() < best else hint.options[rng.randrange(len(hint.options))]
    way = rng.random()
    if option.extras["kind"] == "score":
        box = option.extras["box"]
        if way < 0.2:
            press(page.locator(f'#yz-hint-table button[data-box="{box}"]'))
        else:
            button = page.locator(f'#yz-card button.yz-box[data-box="{box}"]')
            assert button.inner_text() == str(option.extras["points"])
            press(button)
        return
    keep = list(option.action["keep"])
    if way < 0.15:
        press(page.locator(f'#yz-hint-table button[data-keep="{",".join(map(str, keep))}"]'))
    else:
        set_dice(page, keep, press, keys=way < 0.35 and not touch)
    assert page.inner_text("#yz-roll") == ("Roll all five" if not keep else f"Keep {len(keep)}, roll {5 - len(keep)}")
    if way > 0.9 and not touch:
        page.keyboard.press("r")
    else:
        press(page.locator("#yz-roll"))


def check_over(page) -> State:
    """The finished game on screen equals the session's replay: the total, the review's rows and costs, the
    score marked on the distribution chart."""
    state = settled(page)
    assert replay(page) == state, "the page's state is not the session's replay of its actions"
    card = face.card_of(state)
    check_card(page, state)
    assert f"Game over: {card.total} points (upper bonus {card.upper_bonus})" in page.inner_text("#yz-status")
    page.wait_for_selector("#yz-review:not([hidden])")
    rows = state.decisions
    assert page.locator("#yz-review-table tbody tr").count() == len(rows)
    assert page.inner_text("#yz-review-summary").startswith(f"Final score {card.total}. {len(rows)} decisions;")
    check_expectation(page, state)
    for i, d in enumerate(rows):
        cells = page.locator("#yz-review-table tbody tr").nth(i).locator("td")
        assert cells.nth(1).inner_text() == d.position and cells.nth(2).inner_text() == d.chosen
        assert cells.nth(3).inner_text() == d.best
        assert cells.nth(4).inner_text() == (f"{d.loss:.2f}" if d.loss > 5e-7 else "0")
    costly = [d for d in rows if d.loss > 5e-7]
    if costly:  # the costly decisions alone, then all again
        page.check("#yz-review-costly")
        assert page.locator("#yz-review-table tbody tr:visible").count() == len(costly)
        page.uncheck("#yz-review-costly")
    chart = page.locator("#yz-chart svg[role=img]")
    chart.wait_for(timeout=300_000)  # the distribution: 10-30 s the first time
    assert chart.get_attribute("data-score") == str(card.total)
    dist = face.cached_distribution(face.solution_for(card.rules))[0]
    below = sum(dist.chances[:card.total])
    assert float(chart.get_attribute("data-below")) == pytest.approx(below, abs=1e-6)
    text = page.inner_text("#yz-dist-text")
    assert f"mean {dist.mean:.2f}, median {dist.percentiles['50']}" in text and f"Your score {card.total}" in text
    assert page.locator("#yz-chart-desc").text_content() == text  # the chart's text alternative
    assert page.locator("#yz-chart .yz-you text").text_content() == f"you: {card.total}"
    assert page.locator("#yz-hint-table tbody tr").count() == 0
    return state


def check_expectation(page, state: State) -> None:
    """The review's summary: the optimum, less the decisions' costs, is what your play expected; the dice the
    rest of the final score."""
    card = face.card_of(state)
    lost = sum(d.loss for d in state.decisions)
    solution = (face.balut_solution(card.rules) if state.options["rules"] == "balut"
                else face.solution_for(card.rules))
    optimum = solution.expected_score
    luck = card.total - (optimum - lost)
    text = page.inner_text("#yz-review-summary")
    assert (f"Exact play expects {optimum:.2f} from a new card; your decisions expected {optimum - lost:.2f} "
            f"({optimum:.2f} − {lost:.2f}), and the dice gave {'+' if luck >= 0 else '−'}{abs(luck):.2f}") in text


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def check_balut_card(page, state: State) -> None:
    """Balut's card: each category's four boxes (the scores written, · open), what the dice score there now,
    the total and the points."""
    card = face.card_of(state)
    hint = face.advice(state) if not state.over else None
    now = {o.extras["box"]: o.extras["points"] for o in hint.options if o.extras["kind"] == "score"} if hint else {}
    for c, scores in zip(card.rules.categories, card.scores):
        row = page.locator(f'#yz-card tbody tr[data-box="{c.name}"]')
        boxes = row.locator(".yz-balut-boxes span").all_inner_texts()
        assert boxes == [str(v) for v in scores] + ["·"] * (card.rules.boxes - len(scores))
        if c.name in now:
            assert row.locator("button.yz-box").inner_text() == str(now[c.name])
    assert page.inner_text("#yz-total") == str(card.total)
    assert page.inner_text("#yz-points") == _signed(sum(card.awards().values()))


def play_best(page, state: State) -> None:
    """The best play, made on the page without the hint: the dice selected and Roll, or the box clicked."""
    action = face.advice(state).best.action
    if action["type"] == "score":
        page.click(f'#yz-card button.yz-box[data-box="{action["box"]}"]')
    else:
        set_dice(page, list(action["keep"]), lambda loc: loc.click(), keys=False)
        page.click("#yz-roll")


def test_a_whole_balut_game_at_desktop_size(open_page, live_server, shoot):
    """28 turns of Balut: the first ten by the hint's plays (best and others, clicks and keys), the rest the
    best play without the hint; the card category by category throughout, the points at the end, the review
    and the score on the exact distribution of the total."""
    page = open_page(DESKTOP)
    start(page, live_server, seed=31, rules="balut")
    rng = random.Random(11)
    for _ in range(200):
        state = settled(page)
        if state.over:
            break
        if state.data["turn"] <= 10:
            check_balut_card(page, state)
            if state.data["turn"] == 9 and state.data["rolls_left"] == 2:
                shoot(page, "balut-desktop-hint")
            choose(page, state, rng, best=0.7)
        else:
            if page.is_checked("#yz-hint-toggle"):
                page.uncheck("#yz-hint-toggle")
            if state.data["rolls_left"] == 0 and state.data["turn"] % 6 == 0:
                check_balut_card(page, state)
            play_best(page, state)
    state = settled(page)
    assert state.over and replay(page) == state
    card = face.card_of(state)
    check_balut_card(page, state)
    points = sum(card.awards().values())
    assert f"Game over: {card.total} points (Balut points {points:+d})" in page.inner_text("#yz-status")
    page.wait_for_selector("#yz-review:not([hidden])")
    assert page.inner_text("#yz-review-summary").startswith(
        f"Final score {card.total} ({_signed(points)} points). {len(state.decisions)} decisions;")
    check_expectation(page, state)
    chart = page.locator("#yz-chart svg[role=img]")
    chart.wait_for(timeout=120_000)
    dist = face.balut_distribution()
    assert chart.get_attribute("data-score") == str(card.total)
    assert float(chart.get_attribute("data-below")) == pytest.approx(sum(dist.chances[:card.total]), abs=1e-6)
    assert f"mean {dist.mean:.2f}" in page.inner_text("#yz-dist-text")
    assert no_sideways_scroll(page)
    shoot(page, "balut-desktop-over")
    assert page.js_errors == []


def test_balut_on_a_phone(open_page, live_server, shoot):
    page = open_page(PHONE, touch=True)
    start(page, live_server, seed=37, rules="balut")
    rng = random.Random(13)
    for _ in range(12):
        state = settled(page)
        check_balut_card(page, state)
        choose(page, state, rng, touch=True)
    state = settled(page)
    assert replay(page) == state
    check_balut_card(page, state)
    assert page.locator("#yz-card tbody tr[data-box]").count() == 7
    assert no_sideways_scroll(page), "Balut's card overflows at 375 px"
    card_box = page.locator("#yz-card").bounding_box()
    assert card_box["x"] >= 0 and card_box["x"] + card_box["width"] <= PHONE["width"]
    shoot(page, "balut-phone-midgame")
    assert page.js_errors == []


def test_a_whole_game_by_clicking_at_desktop_size(open_page, live_server, shoot):
    page = open_page(DESKTOP)
    page.goto(live_server + "/yahtzee")
    assert no_sideways_scroll(page)
    shoot(page, "yahtzee-setup-desktop")
    start(page, live_server, seed=17)
    rng = random.Random(3)
    shot = False
    for _ in range(60):
        state = settled(page)
        if state.over:
            break
        check_card(page, state)
        if not shot and state.data["turn"] == 4:
            check_hint(page, state)
            shoot(page, "yahtzee-desktop-hint")
            shot = True
        choose(page, state, rng)
    state = check_over(page)
    assert state.tally["games"] == 1 and "Tally: 1 game" in page.inner_text("#yz-tally")
    assert no_sideways_scroll(page)
    shoot(page, "yahtzee-desktop-over")
    page.keyboard.press("n")  # a new game
    page.wait_for_function("() => window.holdwiseYahtzee.sealed.state.data.turn === 1 && "
                           "window.holdwiseYahtzee.sealed.state.phase === 'turn'")
    assert page.locator("#yz-review").is_hidden() and page.locator("#yz-dist").is_hidden()
    assert settled(page).tally["games"] == 1
    assert page.js_errors == []


def test_part_of_a_game_on_a_phone_by_touch(open_page, live_server, shoot):
    page = open_page(PHONE, touch=True)
    page.goto(live_server + "/yahtzee")
    assert no_sideways_scroll(page), "the setup overflows at 375 px"
    shoot(page, "yahtzee-setup-phone")
    start(page, live_server, seed=23, rules="yatzy")
    rng = random.Random(5)
    for _ in range(14):  # about five turns by touch
        state = settled(page)
        check_card(page, state)
        if state.data["turn"] == 3 and state.data["rolls_left"] == 1:
            check_hint(page, state)
            shoot(page, "yahtzee-phone-hint")
        choose(page, state, rng, touch=True)
    state = settled(page)
    assert replay(page) == state and len(face.card_of(state).open_boxes) < 15
    assert page.locator("#yz-card tbody tr[data-box]").count() == 15  # Yatzy's boxes
    assert no_sideways_scroll(page), "the table overflows at 375 px"
    shoot(page, "yahtzee-phone-midgame")
    assert page.js_errors == []


def test_a_finished_game_on_a_phone(open_page, live_server, shoot):
    """The end of a game at 375 px (the hint's best plays, tapped): the review as cards, the chart fits."""
    page = open_page(PHONE, touch=True)
    start(page, live_server, seed=29)
    rng = random.Random(7)
    for _ in range(60):
        state = settled(page)
        if state.over:
            break
        choose(page, state, rng, touch=True, best=0.9)
    check_over(page)
    assert no_sideways_scroll(page), "the finished game overflows at 375 px"
    box = page.locator("#yz-chart svg").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shoot(page, "yahtzee-phone-over")
    assert page.js_errors == []
