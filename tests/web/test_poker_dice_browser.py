"""Poker dice in Chromium, one page for every kind of dice: for six-faced and octahedral card dice alike, whole games
at 2 and at 3 players by clicking the dice (and by keys), the tally, the winner and the review checked against the
session's replay of the page's actions; the computers' keeps one at a time and a tie replayed on screen; a
phone-size game by touch with no sideways scroll; New table asking first. Then what only one kind has: six players,
the face cards' colours and the odds page (six-faced dice); the dice selector with the guard's players and each
kind's odds, and the royal set's solve shown as progress (card dice). Screenshots of every page."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from typer.testing import CliRunner

from holdwise.cli import app as cli_app
from holdwise.games import poker_dice as face
from holdwise.games.base import State
from holdwise.games.poker_dice import solutions
from holdwise.web import poker_dice as web

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page

IDLE = "() => window.holdwisePokerDice && !window.holdwisePokerDice.busy && window.holdwisePokerDice.pending === 0"
SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
TOKEN = re.compile(r"(^|[\s(:,])(?:(10|[2-9TJQKA])([shdc])|\*)(?=$|[\s),:])")


def pretty(line: str) -> str:
    """A card-dice line as the page writes it: each face with its suit's symbol, a star as ★ (as poker_dice.js)."""
    return TOKEN.sub(lambda m: m[1] + (m[2] + SYMBOL[m[3]] if m[2] else "★"), line)


@dataclass(frozen=True)
class Dice:
    """A kind of dice as the tests play it: the URL that opens the table with it chosen, the key its keeps name
    (faces, or die numbers 0-4), a line as the page writes it, and a seat-2-of-3 game that ties under exact play."""

    rules: str
    path: str
    key: str
    line: Callable[[str], str]
    tie_options: dict = field(default_factory=dict)
    tie_seeds: tuple[int, ...] = ()
    tie_checks: tuple[str, ...] = ()  # the form's checkboxes of tie_options

    def value(self, data_face: str, index: int) -> int:
        """What a keep names of the die drawn with this data-face at this index."""
        return int(data_face) if self.key == "keep" else index


SIX = Dice("six", "/poker-dice", "keep", lambda line: line, {"players": 3, "position": 2, "ace_high": True},
           tuple(range(600)), ("ace_high",))
# ties are rare on the octahedral dice (one game in about 400): seed 852 ties under exact play (found on the
# session); should the strategy change, the search goes on from there
OCTAHEDRAL = Dice("octahedral", "/poker-dice/cards", "dice", pretty,
                  {"rules": "octahedral", "players": 3, "position": 2, "roll_limit": True}, (852, *range(2000)),
                  ("roll_limit",))
DICE = [pytest.param(SIX, id="six"), pytest.param(OCTAHEDRAL, id="octahedral")]


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


def start(page, base, dice: Dice, seed, players=2, position=1, delay=0, rules=(), hint=True, lang=None):
    page.goto(f"{base}{dice.path}?seed={seed}&delay={delay}" + (f"&lang={lang}" if lang else ""))
    assert page.input_value("select[name=rules]") == ("six" if dice.path == "/poker-dice" else "royal")
    page.select_option("select[name=rules]", dice.rules)
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=position]", str(position))
    for rule in rules:
        page.check(f"input[name={rule}]")
    page.click("#pd-start")
    page.wait_for_selector("#pd-table:not([hidden])", timeout=60_000)
    if hint:
        page.check("#pd-hint-toggle")


def shown_dice(page) -> list[str]:
    return [d.get_attribute("data-face") for d in page.locator("#pd-dice .pd-die").all()]


def check_table(page, dice: Dice, state: State) -> None:
    """The dice on the table are the roll (six-faced: its faces; card dice: die by die), each numbered under it."""
    if dice.key == "keep":
        assert sorted(map(int, shown_dice(page))) == sorted(state.data["dice"])
    else:
        card_dice = face.kind_of(state.options).dice
        assert shown_dice(page) == [card_dice.die_text(d).split()[f] for d, f in enumerate(state.data["dice"])]
    assert page.locator("#pd-dice .pd-die-no").all_inner_texts() == [f"die {i}" for i in range(1, 6)]


def check_hint(page, state: State):
    """The hint table lists every keep of the roll, best first, with the session's win chances."""
    hint = face.advice(state)
    page.wait_for_function(f"() => document.querySelectorAll('#pd-hint-table tbody tr').length === {len(hint.options)}")
    rows = page.locator("#pd-hint-table tbody tr")
    first = rows.nth(0).locator("td")
    assert first.nth(1).inner_text() == f"{100 * hint.options[0].value:.2f}%"
    assert first.nth(2).inner_text() == "best"
    loss = hint.options[-1].loss
    assert rows.nth(len(hint.options) - 1).locator("td").nth(2).inner_text() == (
        "best" if loss <= 5e-7 else f"−{100 * loss:.2f}")
    return hint


def select_button(dice: Dice, action: dict) -> str:
    return f'#pd-hint-table button[data-keep="{",".join(map(str, action[dice.key]))}"]'


def choose(page, dice: Dice, state: State, rng: random.Random, touch: bool = False) -> None:
    """One move: a keep from the hint (the best or another), made by clicking (tapping, or the keys 1-5 on) the
    dice, then Roll or Stand; sometimes the hint's own select button."""
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    hint = check_hint(page, state)
    option = hint.options[0] if rng.random() < 0.6 else hint.options[rng.randrange(len(hint.options))]
    keep = list(option.action[dice.key])
    way = rng.random()
    if way < 0.2:
        press(page.locator(select_button(dice, option.action)))
    else:
        left = list(keep)
        for i, f in enumerate(shown_dice(page)):
            if dice.value(f, i) in left:
                left.remove(dice.value(f, i))
                if way < 0.35 and not touch:
                    page.keyboard.press(str(i + 1))  # keys 1-5 select a die
                else:
                    press(page.locator(f'#pd-dice [data-index="{i}"]'))
    picked = sorted(dice.value(d.get_attribute("data-face"), int(d.get_attribute("data-index")))
                    for d in page.locator('#pd-dice .pd-die[aria-checked="true"]').all())
    assert picked == keep
    if len(keep) == 5:
        press(page.locator("#pd-stand"))
    elif way > 0.9 and not touch:
        page.keyboard.press("r")
    else:
        assert page.inner_text("#pd-roll") == ("Roll all five" if not keep else f"Keep {len(keep)}, roll {5 - len(keep)}")
        press(page.locator("#pd-roll"))


def play_game(page, dice: Dice, rng, touch=False, shoot=None, name="") -> State:
    for _ in range(60):
        state = settled(page)
        if state.over:
            return state
        assert state.to_move == "player", "the page left the computer's turn unfinished"
        check_table(page, dice, state)
        if shoot is not None:
            check_hint(page, state)
            shoot(page, name)
            shoot = None
        choose(page, dice, state, rng, touch)
    raise AssertionError("the game did not end")


def play_best(page, dice: Dice, state: State, check=None) -> None:
    """Your keeps, the hint's best each time (its select button, then Roll or Stand), to the end of the game."""
    for _ in range(80):
        state = settled(page)
        if state.over:
            return
        if check:
            check(state)
        check_table(page, dice, state)
        best = check_hint(page, state).options[0].action
        page.click(select_button(dice, best))
        (page.locator("#pd-stand") if len(best[dice.key]) == 5 else page.locator("#pd-roll")).click()


def check_over(page, dice: Dice, start_decisions: int) -> State:
    """The finished game on screen equals the session's replay: tally, winner, final hands, review rows, log."""
    state = settled(page)
    assert replay(page) == state, "the page's state is not the session's replay of its actions"
    tally = state.tally
    assert page.inner_text("#pd-tally") == (f"Tally: {tally['games']} {'game' if tally['games'] == 1 else 'games'}"
                                            f" · you won {tally['won']} · lost {tally['lost']}")
    winner = state.data["seats"][state.data["winner"]]
    status = page.inner_text("#pd-status")
    assert status.startswith("You win the game!" if winner == "you" else f"{winner.capitalize()} wins the game.")
    seat = page.locator("#pd-seats .pd-winner")
    assert seat.count() == 1 and seat.get_attribute("data-seat") == str(state.data["winner"] + 1)
    assert page.locator("#pd-seats .pd-seat .pd-mini").count() == len(state.data["order"])
    page.wait_for_selector("#pd-review:not([hidden])")
    rows = state.decisions[start_decisions:]
    assert page.locator("#pd-review-table tbody tr").count() == len(rows)
    assert f"Game {state.data['game']}: {len(rows)} decision" in page.inner_text("#pd-review-summary")
    for i, d in enumerate(rows):
        cells = page.locator("#pd-review-table tbody tr").nth(i).locator("td")
        assert cells.nth(1).inner_text() == dice.line(d.position)
        assert cells.nth(2).inner_text() == dice.line(d.chosen) and cells.nth(3).inner_text() == dice.line(d.best)
        assert cells.nth(4).inner_text() == (f"{100 * d.loss:.2f} pp" if d.loss > 5e-7 else "0")
    assert page.locator("#pd-hint-table tbody tr").count() == 0
    assert page.locator("#pd-log li").all_inner_texts() == [dice.line(line) for line in state.log]
    return state


# ---- the same steps on every kind of dice ----------------------------------------------------------------

@pytest.mark.parametrize("dice", DICE)
def test_two_players_two_games_by_clicking(page, live_server, shoot, dice):
    page.goto(f"{live_server}/poker-dice?rules={dice.rules}")
    assert page.input_value("select[name=rules]") == dice.rules
    shoot(page, f"poker-dice-{dice.rules}-setup-desktop")
    start(page, live_server, dice, seed=17)
    rng = random.Random(3)
    play_game(page, dice, rng, shoot=shoot, name=f"poker-dice-{dice.rules}-desktop-hint")
    state = check_over(page, dice, 0)
    shoot(page, f"poker-dice-{dice.rules}-desktop-over-review")
    assert state.tally["games"] == 1
    page.click("#pd-next")
    before = len(settled(page).decisions)
    assert page.locator("#pd-review").is_hidden()
    play_game(page, dice, rng)
    state = check_over(page, dice, before)
    assert state.tally["games"] == 2 and state.tally["won"] + state.tally["lost"] == 2
    assert page.js_errors == []


@pytest.mark.parametrize("dice", DICE)
def test_three_players_the_computers_keeps_one_at_a_time_and_a_tie(page, live_server, shoot, dice):
    """Seat 2 of 3 (six-faced dice with the ace high, card dice with the roll limit): the first computer's keeps
    show one at a time on its dice; a seed where exact play ties you with another (found on the session) shows
    the replay line."""
    for seed in dice.tie_seeds:  # a tie between you (seat 2) and another, so that you play the replay
        s = face.new_game(dice.tie_options, seed)
        while not s.over and s.data["round"] == 1:
            s = face.step(s, face.computer_action(s))
        tie = s.data["round"] > 1 and 1 in s.data["order"]
        if tie:
            break
    start(page, live_server, dice, seed=seed, players=3, position=2, delay=600, rules=dice.tie_checks)
    keep = page.wait_for_selector("#pd-dice .pd-cpu-keep, #pd-seats .pd-seat[data-seat='1'] .pd-mini", timeout=30_000)
    if "pd-cpu-keep" in (keep.get_attribute("class") or ""):
        status = page.inner_text("#pd-status")
        assert re.fullmatch(r"Computer 1 (keeps .+ \((?:die|dice) [1-5 ]+\), re-rolls [1-4]|stands)\.", status), status
    shoot(page, f"poker-dice-{dice.rules}-3p-computer-keep")
    tie_seen = False

    def look_for_the_tie(state):
        nonlocal tie_seen
        if state.data["round"] > 1 and not tie_seen:
            line = page.inner_text("#pd-tie")
            assert line.startswith("Tie: replay between ") and page.locator("#pd-tie").is_visible()
            shoot(page, f"poker-dice-{dice.rules}-3p-tie")
            tie_seen = True

    play_best(page, dice, settled(page), look_for_the_tie)
    state = check_over(page, dice, 0)
    assert state.data["seats"] == ["computer 1", "you", "computer 2"]
    if tie:  # the seed ties under exact play, and the page played exactly
        assert tie_seen and state.data["round"] >= 2
        assert any("replay (round 2)" in line for line in page.locator("#pd-log li").all_inner_texts())
    shoot(page, f"poker-dice-{dice.rules}-3p-over")
    assert page.js_errors == []


@pytest.mark.parametrize("dice", DICE)
def test_a_phone_game_by_touch(phone, live_server, shoot, dice):
    phone.goto(f"{live_server}{dice.path}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(phone, f"poker-dice-{dice.rules}-setup-phone")
    start(phone, live_server, dice, seed=23, players=3, position=3)
    play_game(phone, dice, random.Random(5), touch=True, shoot=shoot, name=f"poker-dice-{dice.rules}-phone-hint")
    check_over(phone, dice, 0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375, "the page overflows at 375 px"
    shoot(phone, f"poker-dice-{dice.rules}-phone-over")
    # the hint's select buttons show whole in the hint's frame (a table wider than the phone would cut them)
    phone.click("#pd-next")
    settled(phone)
    phone.wait_for_selector("#pd-hint-table tbody tr")
    frame = phone.locator("#pd-hint .pd-hint-wrap").bounding_box()
    for button in phone.locator("#pd-hint-table button.pd-use").all()[:3]:
        box = button.bounding_box()
        assert box["x"] + box["width"] <= frame["x"] + frame["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    assert phone.js_errors == []


@pytest.mark.parametrize("dice", DICE)
def test_new_table_asks_before_dropping_a_game(page, live_server, shoot, dice):
    """New table goes straight to the setup before any move; once a game is under way it asks in the page
    (no browser dialog): Escape or "Keep playing" keeps the game, the other answer leaves."""
    start(page, live_server, dice, 55, hint=False)
    page.click("#pd-newtable")
    assert page.locator("#pd-setup").is_visible() and page.locator("#pd-leave").count() == 0
    assert page.input_value("select[name=rules]") == dice.rules  # the setup as it was
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
    shoot(page, f"poker-dice-{dice.rules}-new-table-asks")
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


# ---- six-faced dice only ---------------------------------------------------------------------------------

def test_the_table_speaks_slovak(page, live_server):
    """The hint's note names the seat its chance is for in the page's language, and the status (the log of the
    players before you), the hand to beat and the odds' hands are said too (the API writes them in English: they
    were shown so on the Slovak page)."""
    start(page, live_server, SIX, seed=3, players=4, position=2, lang="sk")
    page.wait_for_function("() => document.querySelectorAll('#pd-hint-table tbody tr').length > 0", timeout=60_000)
    note = page.inner_text("#pd-hint-note")
    assert note.startswith("Šanca na výhru ako druhý zo štyroch (hráči 3-4 ešte hádžu)"), note
    english = re.compile(r"\b(chance|computer|keeps|stands|rolls?|of a kind|pair|straight|to beat|you)\b", re.I)
    for where in ("#pd-hint-note", "#pd-status", "#pd-rolls", "#pd-ranking", "#pd-seats"):
        assert not english.search(page.inner_text(where)), (where, page.inner_text(where))
    assert "Počítač 1" in page.inner_text("#pd-status") and "Počítač 3" in page.inner_text("#pd-seats")
    odds = page.locator("#pd-odds-table tbody tr td:first-child").all_inner_texts()
    assert odds[:2] == ["päťka", "štvorica"], odds
    assert page.js_errors == []


def test_six_players_seat_four_with_the_hint(page, live_server, shoot):
    """Six at the table, you in seat 4: six seats drawn, the three computers before you play, the hint names
    the best hand so far (and how many hold it), and the whole game equals the session's replay."""
    start(page, live_server, SIX, seed=12, players=6, position=4)

    def check(state):
        assert page.locator("#pd-seats .pd-seat").count() == 6
        hint = check_hint(page, state)
        if state.data["round"] == 1 and hint.position["position"] == 4:
            note = page.inner_text("#pd-hint-note")
            assert note.startswith("Chance to win as the fourth of six (players 5-6 still to roll)")
            holders = hint.position["holders"]
            assert (f"(held by {holders} players)" in note) == (holders > 1)
            shoot(page, "poker-dice-six-6p-hint")

    play_best(page, SIX, settled(page), check)
    state = check_over(page, SIX, 0)
    assert state.data["seats"] == ["computer 1", "computer 2", "computer 3", "you", "computer 4", "computer 5"]
    shoot(page, "poker-dice-six-6p-over")
    assert page.js_errors == []


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
        start(page, live_server, SIX, seed=seed, rules=("poker_faces",), hint=False)
        for label, fill in page.eval_on_selector_all(
                "#pd-dice .pd-die svg text", "ts => ts.map((t) => [t.textContent, t.getAttribute('fill')])"):
            seen.setdefault(label, fill)
        if all(k in seen for k in want):
            break
    assert {k: seen[k] for k in want} == want
    shoot(page, "poker-dice-face-colours")
    assert page.js_errors == []


# ---- the dice selector; card dice only ---------------------------------------------------------------------

def test_the_setup_offers_what_the_guard_allows_and_the_odds_follow_the_dice(page, live_server, shoot):
    """Both URLs open the one page (/poker-dice with six-faced dice chosen, /poker-dice/cards with the royal
    set); each kind offers the players its first solve allows, six-faced dice their rules, and the odds of one
    roll are the CLI's for the dice chosen (six-faced: for the rules ticked)."""
    cli = CliRunner()
    page.goto(live_server + "/poker-dice")
    assert page.input_value("select[name=rules]") == "six" and page.locator("#pd-variants").is_visible()
    page.goto(live_server + "/poker-dice/cards")
    assert page.input_value("select[name=rules]") == "royal" and page.locator("#pd-variants").is_hidden()
    assert page.locator("select[name=players] option:not([disabled])").all_inner_texts() == ["2: you and the computer"]
    assert page.locator("input[name=roll_limit]").is_disabled()

    def check_odds(*args):
        data = json.loads(cli.invoke(cli_app, ["poker-dice", "odds", *args, "--json"]).stdout)
        rows = page.locator("#pd-odds-table tbody tr")
        assert [r.get_attribute("data-category") for r in rows.all()] == data["categories"]
        for row in rows.all():
            c = row.get_attribute("data-category")
            cells = row.locator("td")
            assert int(cells.nth(1).inner_text().replace(",", "")) == data["counts"][c]
            assert cells.nth(2).inner_text() == f"{100 * data['chances'][c]:.3f}%"

    for rules in ("royal", "octahedral", "six"):
        page.select_option("select[name=rules]", rules)
        check_odds("--rules", rules)
    assert page.locator("#pd-variants").is_visible() and page.locator("#pd-faces-box").is_hidden()
    assert page.locator("select[name=players] option:not([disabled])").count() == 5
    page.uncheck("input[name=straights]")
    page.wait_for_function("() => !document.querySelector('#pd-odds-table tr[data-category=straight]')")
    check_odds("--rules", "six", "--no-straights")
    shoot(page, "poker-dice-six-odds-no-straights")
    page.select_option("select[name=rules]", "octahedral")
    assert page.locator("#pd-variants").is_hidden()
    assert page.locator("select[name=players] option:not([disabled])").count() == 4  # 2 to 5
    page.check("input[name=roll_limit]")
    assert page.locator("select[name=players] option:not([disabled])").count() == 3  # 2 to 4
    page.select_option("select[name=rules]", "royal")
    page.click(".pd-faces summary")
    assert page.locator("#pd-faces .pd-card.pd-wild").count() == 8
    shoot(page, "poker-dice-royal-faces")
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

    monkeypatch.setattr(solutions, "card_solution", solving)  # what the stored card-dice solves call
    try:
        page.goto(live_server + "/poker-dice/cards?seed=5")
        page.click("#pd-start")  # the royal set, chosen by the URL
        page.wait_for_selector("#pd-progress:not([hidden])", timeout=20_000)
        page.wait_for_function("() => /^Solving the royal dice for 2 players \\(once; about \\d+ s\\): step [1-4] of 5/"
                               ".test(document.getElementById('pd-progress-text').textContent)")
        width = "() => parseFloat(document.querySelector('#pd-progress .progress span').style.width)"
        page.wait_for_function(f"() => ({width})() >= 20")
        assert page.locator("#pd-table").is_hidden() and page.locator("#pd-start").is_visible()
        shoot(page, "poker-dice-royal-solving")
    finally:
        page.goto("about:blank")  # no more polls (a poll after the cancel would start the solve again)
        web._solves.cancel(key)
    deadline = time.monotonic() + 60  # a safety timeout: it stops at its next step
    while web._solves.get(key).state != "cancelled":
        assert time.monotonic() < deadline, "the solve did not stop"
        time.sleep(0.05)
    assert page.js_errors == []
