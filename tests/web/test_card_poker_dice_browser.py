"""Card poker dice in Chromium: whole octahedral games by clicking the cards (and by keys), the tally, the winner
and the review checked against the session's replay of the page's actions; the computers' keeps one at a time and
a tie replayed; a phone game by touch with no sideways scroll; the royal set's solve shown as progress; the odds
panel following the chosen set. Screenshots of each."""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import kinds
from holdwise.web import poker_dice as web

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

play = face  # card dice play through the one poker-dice session
IDLE = "() => window.holdwiseCardDice && !window.holdwiseCardDice.busy && window.holdwiseCardDice.pending === 0"
SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
TOKEN = re.compile(r"(^|[\s(:,])(?:(10|[2-9TJQKA])([shdc])|\*)(?=$|[\s),:])")


def pretty(line: str) -> str:
    """A line as the page writes it: each face with its suit's symbol, a star as ★ (as card_poker_dice.js)."""
    return TOKEN.sub(lambda m: m[1] + (m[2] + SYMBOL[m[3]] if m[2] else "★"), line)


def settled(page) -> State:
    page.wait_for_function(IDLE, timeout=60_000)
    return State.from_json(page.evaluate("() => window.holdwiseCardDice.sealed.state"))


def replay(page) -> State:
    """The session replayed from the page's seed and options through every action it played."""
    got = page.evaluate("() => ({options: window.holdwiseCardDice.options, seed: window.holdwiseCardDice.seed, "
                        "played: window.holdwiseCardDice.played})")
    state = play.new_game(got["options"], got["seed"])
    for action in got["played"]:
        state = play.step(state, action)
    return state


def start(page, base, seed, players=2, position=1, delay=0, dice_set="octahedral", roll_limit=False, hint=True):
    page.goto(f"{base}/poker-dice/cards?seed={seed}&delay={delay}")
    page.select_option("select[name=dice_set]", dice_set)
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=position]", str(position))
    if roll_limit:
        page.check("input[name=roll_limit]")
    page.click("#cd-start")
    page.wait_for_selector("#cd-table:not([hidden])", timeout=60_000)
    if hint:
        page.check("#cd-hint-toggle")


def shown_dice(page) -> list[str]:
    return [d.get_attribute("data-face") for d in page.locator("#cd-dice .cd-die").all()]


def check_hint(page, state: State):
    """The hint table lists every keep of the roll, best first, with the session's win chances."""
    hint = play.advice(state)
    page.wait_for_function(f"() => document.querySelectorAll('#cd-hint-table tbody tr').length === {len(hint.options)}")
    rows = page.locator("#cd-hint-table tbody tr")
    first = rows.nth(0).locator("td")
    assert first.nth(1).inner_text() == f"{100 * hint.options[0].value:.2f}%"
    assert first.nth(2).inner_text() == "best"
    loss = hint.options[-1].loss
    assert rows.nth(len(hint.options) - 1).locator("td").nth(2).inner_text() == (
        "best" if loss <= 5e-7 else f"−{100 * loss:.2f}")
    return hint


def choose(page, state: State, rng: random.Random, touch: bool = False) -> None:
    """One move: a keep from the hint (the best or another), made by clicking (tapping, or the keys 1-5 on) the
    cards, then Roll or Stand; sometimes the hint's own select button."""
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    hint = check_hint(page, state)
    option = hint.options[0] if rng.random() < 0.6 else hint.options[rng.randrange(len(hint.options))]
    dice = list(option.action["dice"])
    way = rng.random()
    if way < 0.2:
        press(page.locator(f'#cd-hint-table button[data-dice="{",".join(map(str, dice))}"]'))
    else:
        for i in dice:
            if way < 0.35 and not touch:
                page.keyboard.press(str(i + 1))  # keys 1-5 select a die
            else:
                press(page.locator(f'#cd-dice [data-index="{i}"]'))
    picked = sorted(int(d.get_attribute("data-index"))
                    for d in page.locator('#cd-dice .cd-die[aria-checked="true"]').all())
    assert picked == dice
    if len(dice) == 5:
        press(page.locator("#cd-stand"))
    elif way > 0.9 and not touch:
        page.keyboard.press("r")
    else:
        assert page.inner_text("#cd-roll") == ("Roll all five" if not dice else f"Keep {len(dice)}, roll {5 - len(dice)}")
        press(page.locator("#cd-roll"))


def play_game(page, rng, touch=False, shoot=None, name="") -> State:
    for _ in range(60):
        state = settled(page)
        if state.over:
            return state
        assert state.to_move == "player", "the page left the computer's turn unfinished"
        check_table(page, state)
        if shoot is not None:
            check_hint(page, state)
            shoot(page, name)
            shoot = None
        choose(page, state, rng, touch)
    raise AssertionError("the game did not end")


def check_table(page, state: State) -> None:
    """The cards on the table are the roll, die by die, each with its number under it."""
    dice = face.kind_of(state.options).dice
    assert shown_dice(page) == [dice.die_text(d).split()[f] for d, f in enumerate(state.data["dice"])]
    assert page.locator("#cd-dice .cd-die-no").all_inner_texts() == [f"die {i}" for i in range(1, 6)]


def check_over(page, start_decisions: int) -> State:
    """The finished game on screen equals the session's replay: tally, winner, final hands, review rows."""
    state = settled(page)
    assert replay(page) == state, "the page's state is not the session's replay of its actions"
    tally = state.tally
    assert page.inner_text("#cd-tally") == (f"Tally: {tally['games']} {'game' if tally['games'] == 1 else 'games'}"
                                            f" · you won {tally['won']} · lost {tally['lost']}")
    winner = state.data["seats"][state.data["winner"]]
    status = page.inner_text("#cd-status")
    assert status.startswith("You win the game!" if winner == "you" else f"{winner.capitalize()} wins the game.")
    seat = page.locator("#cd-seats .cd-winner")
    assert seat.count() == 1 and seat.get_attribute("data-seat") == str(state.data["winner"] + 1)
    assert page.locator("#cd-seats .cd-seat .cd-mini").count() == len(state.data["order"])
    page.wait_for_selector("#cd-review:not([hidden])")
    rows = state.decisions[start_decisions:]
    assert page.locator("#cd-review-table tbody tr").count() == len(rows)
    assert f"Game {state.data['game']}: {len(rows)} decision" in page.inner_text("#cd-review-summary")
    for i, d in enumerate(rows):
        cells = page.locator("#cd-review-table tbody tr").nth(i).locator("td")
        assert cells.nth(1).inner_text() == pretty(d.position)
        assert cells.nth(2).inner_text() == pretty(d.chosen) and cells.nth(3).inner_text() == pretty(d.best)
        assert cells.nth(4).inner_text() == (f"{100 * d.loss:.2f} pp" if d.loss > 5e-7 else "0")
    assert page.locator("#cd-hint-table tbody tr").count() == 0
    log = page.locator("#cd-log li").all_inner_texts()
    assert log == [pretty(line) for line in state.log]
    return state


def test_two_octahedral_games_by_clicking(page, live_server, shoot):
    page.goto(live_server + "/poker-dice/cards")
    shoot(page, "card-dice-setup-desktop")
    start(page, live_server, seed=17)
    rng = random.Random(3)
    play_game(page, rng, shoot=shoot, name="card-dice-desktop-hint")
    state = check_over(page, 0)
    shoot(page, "card-dice-desktop-over-review")
    assert state.tally["games"] == 1
    page.click("#cd-next")
    before = len(settled(page).decisions)
    assert page.locator("#cd-review").is_hidden()
    play_game(page, rng)
    state = check_over(page, before)
    assert state.tally["games"] == 2 and state.tally["won"] + state.tally["lost"] == 2
    assert page.js_errors == []


def test_three_players_the_computers_keeps_one_at_a_time_and_a_tie(page, live_server, shoot):
    """Seat 2 of 3 with the roll limit: the first computer's keeps show one at a time on its cards; a seed where
    exact play ties you with another (found on the session) shows the replay line."""
    options = {"dice_set": "octahedral", "players": 3, "position": 2, "roll_limit": True}
    # ties are rare (one game in about 400): seed 852 ties under exact play (found on the session); should the
    # strategy change, the search goes on from there
    for seed in (852, *range(2000)):
        s = play.new_game(options, seed)
        while not s.over and s.data["round"] == 1:
            s = play.step(s, play.computer_action(s))
        tie = s.data["round"] > 1 and 1 in s.data["order"]
        if tie:
            break
    start(page, live_server, seed=seed, players=3, position=2, delay=600, roll_limit=True)
    keep = page.wait_for_selector("#cd-dice .cd-cpu-keep, #cd-seats .cd-seat[data-seat='1'] .cd-mini", timeout=30_000)
    if "cd-cpu-keep" in (keep.get_attribute("class") or ""):
        status = page.inner_text("#cd-status")
        assert re.fullmatch(r"Computer 1 (keeps .+ \((?:die|dice) [1-5 ]+\), re-rolls [1-4]|stands)\.", status), status
    shoot(page, "card-dice-3p-computer-keep")
    tie_seen = False
    for _ in range(80):
        state = settled(page)
        if state.over:
            break
        if state.data["round"] > 1 and not tie_seen:
            line = page.inner_text("#cd-tie")
            assert line.startswith("Tie: replay between ") and page.locator("#cd-tie").is_visible()
            shoot(page, "card-dice-3p-tie")
            tie_seen = True
        check_table(page, state)
        hint = check_hint(page, state)
        best = hint.options[0].action["dice"]
        page.click(f'#cd-hint-table button[data-dice="{",".join(map(str, best))}"]')
        (page.locator("#cd-stand") if len(best) == 5 else page.locator("#cd-roll")).click()
    state = check_over(page, 0)
    assert state.data["seats"] == ["computer 1", "you", "computer 2"]
    if tie:  # the seed ties under exact play, and the page played exactly
        assert tie_seen and state.data["round"] >= 2
        assert any("replay (round 2)" in line for line in page.locator("#cd-log li").all_inner_texts())
    shoot(page, "card-dice-3p-over")
    assert page.js_errors == []


def test_a_phone_game_by_touch(phone, live_server, shoot):
    phone.goto(live_server + "/poker-dice/cards")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(phone, "card-dice-setup-phone")
    start(phone, live_server, seed=23, players=3, position=3)
    play_game(phone, random.Random(5), touch=True, shoot=shoot, name="card-dice-phone-hint")
    check_over(phone, 0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375, "the page overflows at 375 px"
    shoot(phone, "card-dice-phone-over")
    # the hint's select buttons lie inside the panel (a table wider than the phone would hide them)
    phone.click("#cd-next")
    settled(phone)
    box = phone.locator("#cd-hint").bounding_box()
    phone.wait_for_selector("#cd-hint-table tbody tr")
    button = phone.locator("#cd-hint-table button.cd-use").first.bounding_box()
    assert button["x"] + button["width"] <= box["x"] + box["width"]
    assert phone.js_errors == []


def test_the_setup_offers_what_the_guard_allows_and_the_odds_follow_the_set(page, live_server, shoot):
    cli = CliRunner()
    page.goto(live_server + "/poker-dice/cards")
    page.select_option("select[name=dice_set]", "royal")
    assert page.locator("select[name=players] option:not([disabled])").all_inner_texts() == ["2: you and the computer"]
    assert page.locator("input[name=roll_limit]").is_disabled()
    for dice_set in ("royal", "octahedral"):
        page.select_option("select[name=dice_set]", dice_set)
        data = json.loads(cli.invoke(cli_app, ["poker-dice", "odds", "--dice-set", dice_set, "--json"]).stdout)
        rows = page.locator("#cd-odds-table tbody tr")
        assert [r.get_attribute("data-category") for r in rows.all()] == data["categories"]
        for row in rows.all():
            c = row.get_attribute("data-category")
            cells = row.locator("td")
            assert int(cells.nth(1).inner_text().replace(",", "")) == data["counts"][c]
            assert cells.nth(2).inner_text() == f"{100 * data['chances'][c]:.3f}%"
    assert page.locator("select[name=players] option:not([disabled])").count() == 4  # 2 to 5
    page.check("input[name=roll_limit]")
    assert page.locator("select[name=players] option:not([disabled])").count() == 3  # 2 to 4
    page.select_option("select[name=dice_set]", "royal")
    page.click(".cd-faces summary")
    assert page.locator("#cd-faces .cd-card.cd-wild").count() == 8
    shoot(page, "card-dice-royal-faces")
    assert page.js_errors == []


def test_a_solve_shows_its_progress(page, live_server, shoot, monkeypatch):
    """While the royal set is solved (about 25 s the first time) the page shows the solve's steps from prepare. The
    solve here is a stand-in that reports a step every 0.2 s until stopped: the real one would hold the solve queue
    (one at a time) for the other tests' octahedral solves."""
    import time

    from holdwise.web.common import Cancelled

    key = web.solve_key({"rules": "royal", "players": 2, "roll_limit": False})
    if (job := web._solves.get(key)) is not None and job.state == "done":
        pytest.skip("the royal set is already solved in this process")

    def solving(dice_set, players, roll_limit, progress=None):
        for step in range(1, 10_000):
            time.sleep(0.2)
            progress(min(step, 4), 5)  # raises Cancelled once the job is cancelled
        raise Cancelled

    monkeypatch.setattr(kinds, "card_solution", solving)  # what the card-dice kind solves with
    try:
        page.goto(live_server + "/poker-dice/cards?seed=5")
        page.select_option("select[name=dice_set]", "royal")
        page.click("#cd-start")
        page.wait_for_selector("#cd-progress:not([hidden])", timeout=20_000)
        page.wait_for_function("() => /^Solving the royal dice for 2 players \\(once; about \\d+ s\\): step [1-4] of 5/"
                               ".test(document.getElementById('cd-progress-text').textContent)")
        width = "() => parseFloat(document.querySelector('#cd-progress .progress span').style.width)"
        page.wait_for_function(f"() => ({width})() >= 20")
        assert page.locator("#cd-table").is_hidden() and page.locator("#cd-start").is_visible()
        shoot(page, "card-dice-royal-solving")
    finally:
        page.goto("about:blank")  # no more polls (a poll after the cancel would start the solve again)
        web._solves.cancel(key)
    deadline = time.monotonic() + 5
    while web._solves.get(key).state != "cancelled":
        assert time.monotonic() < deadline, "the solve did not stop"
        time.sleep(0.05)
    assert page.js_errors == []
