"""Poker dice in Chromium: whole games at 2 and at 3 players by clicking dice (and by keys), the tally, the
winner and the review checked against the session's replay of the page's actions; a tie replayed on screen; a
phone-size game by touch with no sideways scroll; the odds page against the CLI. Screenshots of every page."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import poker_dice as face
from holdwise.games.base import State

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

IDLE = "() => window.holdwisePokerDice && !window.holdwisePokerDice.busy && window.holdwisePokerDice.pending === 0"


def settled(page) -> State:
    page.wait_for_function(IDLE, timeout=60_000)
    return State.from_json(page.evaluate("() => window.holdwisePokerDice.sealed.state"))


def replay(page) -> State:
    """The session replayed from the page's seed and options through every action it played."""
    got = page.evaluate("() => ({options: window.holdwisePokerDice.options, seed: window.holdwisePokerDice.seed, "
                        "played: window.holdwisePokerDice.played})")
    state = face.new_game(got["options"], got["seed"])
    for action in got["played"]:
        state = face.step(state, action)
    return state


def start(page, base, seed, players=2, position=1, delay=0, rules=(), hint=True):
    page.goto(f"{base}/poker-dice?seed={seed}&delay={delay}")
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=position]", str(position))
    for rule in rules:
        page.check(f"input[name={rule}]")
    page.click("#pd-start")
    page.wait_for_selector("#pd-table:not([hidden])", timeout=60_000)
    if hint:
        page.check("#pd-hint-toggle")


def shown_dice(page) -> list[int]:
    return [int(d.get_attribute("data-face")) for d in page.locator("#pd-dice .pd-die").all()]


def check_hint(page, state: State) -> dict:
    """The hint table lists every keep of the roll, best first, with the session's win chances."""
    hint = face.advice(state)
    page.wait_for_function(f"() => document.querySelectorAll('#pd-hint-table tbody tr').length === {len(hint.options)}")
    first = page.locator("#pd-hint-table tbody tr").nth(0).locator("td")
    assert first.nth(1).inner_text() == f"{100 * hint.options[0].value:.2f}%"
    assert first.nth(2).inner_text() == "best"
    last = page.locator("#pd-hint-table tbody tr").nth(len(hint.options) - 1).locator("td")
    loss = hint.options[-1].loss
    assert last.nth(2).inner_text() == ("best" if loss <= 5e-7 else f"−{100 * loss:.2f}")
    return hint


def choose(page, state: State, rng: random.Random, touch: bool = False) -> None:
    """One move: a keep from the hint (the best or another), made by clicking (tapping, or the keyboard on)
    the dice, then Roll or Stand; sometimes the hint's own select button."""
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    hint = check_hint(page, state)
    option = hint.options[0] if rng.random() < 0.6 else hint.options[rng.randrange(len(hint.options))]
    keep = list(option.action["keep"])
    way = rng.random()
    if way < 0.2:
        press(page.locator(f'#pd-hint-table button[data-keep="{",".join(map(str, keep))}"]'))
    else:
        left = list(keep)
        for i, f in enumerate(shown_dice(page)):
            if f in left:
                left.remove(f)
                if way < 0.35 and not touch:
                    page.keyboard.press(str(i + 1))  # keys 1-5 select a die
                else:
                    press(page.locator(f'#pd-dice [data-index="{i}"]'))
    picked = sorted(int(d.get_attribute("data-face"))
                    for d in page.locator('#pd-dice .pd-die[aria-checked="true"]').all())
    assert picked == keep
    if len(keep) == 5:
        press(page.locator("#pd-stand"))
    elif way > 0.9 and not touch:
        page.keyboard.press("r")
    else:
        assert page.inner_text("#pd-roll") == ("Roll all five" if not keep else f"Keep {len(keep)}, roll {5 - len(keep)}")
        press(page.locator("#pd-roll"))


def play_game(page, rng, touch=False, shoot=None, name="") -> State:
    for _ in range(60):
        state = settled(page)
        if state.over:
            return state
        assert state.to_move == "player", "the page left the computer's turn unfinished"
        if shoot is not None:
            check_hint(page, state)
            shoot(page, name)
            shoot = None
        choose(page, state, rng, touch)
    raise AssertionError("the game did not end")


def check_over(page, start_decisions: int) -> State:
    """The finished game on screen equals the session's replay: tally, winner, final hands, review rows."""
    state = settled(page)
    assert replay(page) == state, "the page's state is not the session's replay of its actions"
    tally = state.tally
    assert page.inner_text("#pd-tally") == (f"Tally: {tally['games']} {'game' if tally['games'] == 1 else 'games'}"
                                            f" · you won {tally['won']} · lost {tally['lost']}")
    winner = state.data["seats"][state.data["winner"]]
    status = page.inner_text("#pd-status")
    assert status.startswith("You win the game!" if winner == "you" else f"{winner.capitalize()} wins the game.")
    seat = page.locator('#pd-seats .pd-winner')
    assert seat.count() == 1 and seat.get_attribute("data-seat") == str(state.data["winner"] + 1)
    assert page.locator("#pd-seats .pd-seat .pd-mini").count() == len(state.data["order"])
    page.wait_for_selector("#pd-review:not([hidden])")
    rows = state.decisions[start_decisions:]
    assert page.locator("#pd-review-table tbody tr").count() == len(rows)
    assert f"Game {state.data['game']}: {len(rows)} decision" in page.inner_text("#pd-review-summary")
    for i, d in enumerate(rows):
        cells = page.locator("#pd-review-table tbody tr").nth(i).locator("td")
        assert cells.nth(2).inner_text() == d.chosen and cells.nth(3).inner_text() == d.best
        assert cells.nth(4).inner_text() == (f"{100 * d.loss:.2f} pp" if d.loss > 5e-7 else "0")
    assert page.locator("#pd-hint-table tbody tr").count() == 0
    return state


def test_two_players_two_games_by_clicking(page, live_server, shoot):
    page.goto(live_server + "/poker-dice")
    shoot(page, "poker-dice-setup-desktop")
    start(page, live_server, seed=17)
    rng = random.Random(3)
    state = play_game(page, rng, shoot=shoot, name="poker-dice-desktop-hint")
    state = check_over(page, 0)
    shoot(page, "poker-dice-desktop-over-review")
    assert state.tally["games"] == 1
    page.click("#pd-next")
    before = len(settled(page).decisions)
    assert page.locator("#pd-review").is_hidden()
    play_game(page, rng)
    state = check_over(page, before)
    assert state.tally["games"] == 2 and state.tally["won"] + state.tally["lost"] == 2
    assert page.js_errors == []


def test_three_players_the_computers_step_by_step_and_a_tie(page, live_server, shoot):
    """Seat 2 of 3 with the ace high: the first computer's keeps show one at a time; a seed where exact play
    ties (found on the session) shows the replay line."""
    options = {"players": 3, "position": 2, "ace_high": True}
    tie = False
    for seed in range(600):  # a tie between you (seat 2) and another, so that you play the replay
        s = face.new_game(options, seed)
        while not s.over and s.data["round"] == 1:
            s = face.step(s, face.computer_action(s))
        tie = s.data["round"] > 1 and 1 in s.data["order"]
        if tie:
            break
    start(page, live_server, seed=seed, players=3, position=2, delay=500, rules=("ace_high",))
    page.wait_for_selector("#pd-dice .pd-cpu-keep, #pd-seats .pd-seat[data-seat='1'] .pd-mini", timeout=20_000)
    shoot(page, "poker-dice-3p-computer-turn")
    tie_seen = False
    for _ in range(80):
        state = settled(page)
        if state.over:
            break
        if state.data["round"] > 1 and not tie_seen:
            tie = page.inner_text("#pd-tie")
            assert tie.startswith("Tie: replay between ") and page.locator("#pd-tie").is_visible()
            shoot(page, "poker-dice-3p-tie")
            tie_seen = True
        page.locator("#pd-hint-table tbody tr").first.wait_for()
        hint = face.advice(state)
        page.click(f'#pd-hint-table button[data-keep="{",".join(map(str, hint.options[0].action["keep"]))}"]')
        (page.locator("#pd-stand") if len(hint.options[0].action["keep"]) == 5 else page.locator("#pd-roll")).click()
    state = check_over(page, 0)
    assert [s for s in state.data["seats"]] == ["computer 1", "you", "computer 2"]
    if tie:  # the seed ties under exact play, and the page played exactly
        assert tie_seen and state.data["round"] >= 2
        assert any("replay (round 2)" in line for line in page.locator("#pd-log li").all_inner_texts())
    shoot(page, "poker-dice-3p-over")
    assert page.js_errors == []


def test_six_players_seat_four_with_the_hint(page, live_server, shoot):
    """Six at the table, you in seat 4: six seats drawn, the three computers before you play, the hint names
    the best hand so far (and how many hold it), and the whole game equals the session's replay."""
    start(page, live_server, seed=12, players=6, position=4)
    for _ in range(80):
        state = settled(page)
        if state.over:
            break
        assert page.locator("#pd-seats .pd-seat").count() == 6
        hint = check_hint(page, state)
        if state.data["round"] == 1 and hint.position["position"] == 4:
            note = page.inner_text("#pd-hint-note")
            assert note.startswith("Chance to win as the fourth of six (players 5-6 still to roll)")
            holders = hint.position["holders"]
            assert (f"(held by {holders} players)" in note) == (holders > 1)
            shoot(page, "poker-dice-6p-hint")
        page.click(f'#pd-hint-table button[data-keep="{",".join(map(str, hint.options[0].action["keep"]))}"]')
        (page.locator("#pd-stand") if len(hint.options[0].action["keep"]) == 5 else page.locator("#pd-roll")).click()
    state = check_over(page, 0)
    assert state.data["seats"] == ["computer 1", "computer 2", "computer 3", "you", "computer 4", "computer 5"]
    shoot(page, "poker-dice-6p-over")
    assert page.js_errors == []


def test_a_phone_game_by_touch(phone, live_server, shoot):
    phone.goto(live_server + "/poker-dice")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(phone, "poker-dice-setup-phone")
    start(phone, live_server, seed=23, players=3, position=3)
    play_game(phone, random.Random(5), touch=True, shoot=shoot, name="poker-dice-phone-hint")
    check_over(phone, 0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375, "the page overflows at 375 px"
    shoot(phone, "poker-dice-phone-over")
    assert phone.js_errors == []


def _odds_rows(p) -> dict:
    out = {}
    for row in p.locator("#pd-odds-table tbody tr").all():
        cells = row.locator("td")
        out[row.get_attribute("data-category")] = (int(cells.nth(1).inner_text().replace(",", "")),
                                                   cells.nth(2).inner_text(), cells.nth(3).inner_text())
    return out


def test_the_odds_page_follows_the_picker(page, phone, live_server, shoot):
    cli = CliRunner()

    def expected(*args):
        data = json.loads(cli.invoke(cli_app, ["poker-dice", "odds", *args, "--json"]).stdout)
        return {c: data["counts"][c] for c in data["categories"]}

    page.goto(live_server + "/poker-dice/odds")
    rows = _odds_rows(page)
    assert {c: v[0] for c, v in rows.items()} == expected()
    assert rows["straight"][1:] == ("3.086%", "5/162")
    shoot(page, "poker-dice-odds-desktop")
    page.check("input[name=flush]")
    page.wait_for_function("() => document.querySelector('#pd-odds-table tr[data-category=flush]')")
    page.check("input[name=ace_high]")
    page.wait_for_function("() => location.search.includes('ace_high=true')")
    page.wait_for_selector("#pd-odds-loading", state="hidden")
    assert {c: v[0] for c, v in _odds_rows(page).items()} == expected("--flush-rule", "--ace-high")
    page.uncheck("input[name=straights]")
    page.wait_for_function("() => !document.querySelector('#pd-odds-table tr[data-category=straight]')")
    assert page.locator("input[name=flush]").is_disabled()
    page.wait_for_selector("#pd-odds-loading", state="hidden")
    assert {c: v[0] for c, v in _odds_rows(page).items()} == expected("--no-straights", "--ace-high")
    assert "every hand of five different values is a bust" in page.inner_text("#pd-bust")
    assert page.js_errors == []

    phone.goto(live_server + "/poker-dice/odds?poker_faces=1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    assert "A K Q J 9" in phone.inner_text("#pd-bust")
    shoot(phone, "poker-dice-odds-phone")
    assert phone.js_errors == []


def test_the_face_cards_wear_the_seeds_colours(page, live_server, shoot):
    # the seed's rules page: "red for kings, green for queens and blue for jacks" (the ace of spades black)
    want = {"K": "#b3261e", "Q": "#1f7a44", "J": "#2f5d9a", "A": "#1d2330"}
    seen: dict[str, str] = {}
    for seed in range(40):
        start(page, live_server, seed=seed, rules=("poker_faces",), hint=False)
        for label, fill in page.eval_on_selector_all(
                "#pd-dice .pd-die svg text", "ts => ts.map((t) => [t.textContent, t.getAttribute('fill')])"):
            seen.setdefault(label, fill)
        if all(k in seen for k in want):
            break
    assert {k: seen[k] for k in want} == want
    shoot(page, "poker-dice-face-colours")
    assert page.js_errors == []


def test_new_table_asks_before_dropping_a_game(page, live_server, shoot):
    """New table goes straight to the setup before any move; once a game is under way it asks in the page
    (no browser dialog): Escape or "Keep playing" keeps the game, the other answer leaves."""
    start(page, live_server, 55, hint=False)
    page.click("#pd-newtable")
    assert page.locator("#pd-setup").is_visible() and page.locator("#pd-leave").count() == 0
    page.click("#pd-start")
    page.wait_for_selector("#pd-table:not([hidden])")
    settled(page)
    page.click("#pd-roll")
    before = settled(page)
    page.click("#pd-newtable")
    ask = page.locator("#pd-leave")
    assert ask.is_visible() and page.locator("#pd-table").is_visible() and page.locator("#pd-setup").is_hidden()
    assert "game under way" in page.locator("#pd-leave-q").inner_text()
    assert page.evaluate("document.activeElement.id") == "pd-leave-stay"
    shoot(page, "poker-dice-new-table-asks")
    page.keyboard.press("Escape")
    assert ask.is_hidden() and page.evaluate("document.activeElement.id") == "pd-newtable"
    assert settled(page).to_json() == before.to_json()
    page.click("#pd-newtable")
    page.click("#pd-leave-stay")
    assert ask.is_hidden() and page.locator("#pd-table").is_visible()
    page.click("#pd-newtable")
    page.click("#pd-leave-go")
    assert page.locator("#pd-setup").is_visible() and page.locator("#pd-table").is_hidden()
    assert page.js_errors == []
