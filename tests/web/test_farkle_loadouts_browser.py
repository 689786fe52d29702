"""The loadout chooser on /farkle in Chromium at issue 25's sizes: counts of the dice you own, the opponent's
dice and a target in; the ranking shown is the game's (`best_loadouts`), "use these dice" fills the new
match's form, a search beyond the guard says so and shows the expected-points ranking; no sideways scroll."""

from __future__ import annotations

import pytest

from holdwise.games import farkle

from .conftest import _page

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740}}  # issue 25's sizes
COUNTS = {"ordinary": 4, "weighted": 1, "lucky": 1, "odd": 1, "kings": 1}
OPPONENT = ["ordinary"] * 5 + ["odd"]
DONE = "() => window.holdwiseChooser && !window.holdwiseChooser.busy && window.holdwiseChooser.answer"


def fill(p, counts, target, rank="win"):
    p.click("#fk-chooser summary")
    for die in farkle.NAMED_DICE:
        p.fill(f'#fk-chooser input[data-die="{die}"]', str(counts.get(die, 0)))
    for i, die in enumerate(OPPONENT):
        p.select_option(f'#fk-chooser select[name="opponent_dice"] >> nth={i}', die)
    p.fill("#fk-chooser input[name=chooser_target]", str(target))
    p.select_option("#fk-chooser select[name=rank]", rank)


def shown(p) -> list[dict]:
    """The ranking's rows as the page shows them."""
    return p.evaluate("""() => [...document.querySelectorAll('#fk-chooser-table tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))""")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_chooser_ranks_by_win_chance_and_fills_the_new_match(browser, live_server, shoot, size):
    context, p = _page(browser, SIZES[size])
    try:
        p.goto(f"{live_server}/farkle")
        assert p.locator("#fk-chooser-form").is_hidden()  # collapsed until asked for
        fill(p, COUNTS, 500)
        p.click("#fk-chooser-go")
        p.wait_for_function(DONE, timeout=180_000)
        answer = p.evaluate("() => window.holdwiseChooser.answer")
        assert answer["status"] == 200, answer
        owned = farkle.parse_dice([f"{d}*{n}" for d, n in COUNTS.items()])
        ranking = farkle.best_loadouts(owned, top=5, workers=1, opponent_dice=farkle.parse_dice(OPPONENT),
                                       target=500).to_json()
        assert {k: v for k, v in answer.items() if k not in ("status", "seconds")} == \
            {k: v for k, v in ranking.items() if k != "seconds"}
        rows = shown(p)
        assert len(rows) == len(ranking["loadouts"]) == 5
        best = ranking["loadouts"][0]
        assert rows[0][2] == f"{best['expected_points']:.1f}"
        assert rows[0][3].splitlines()[0] == f"{100 * best['win_average']:.1f}%"
        assert "match to 500" in p.inner_text("#fk-chooser-note")
        assert p.locator("#fk-chooser-progress").is_hidden()
        shoot(p, f"farkle-chooser-{size}")
        assert p.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], "sideways scroll"
        p.locator("#fk-chooser-table tbody tr >> nth=0").get_by_role("button").click()
        mine = p.eval_on_selector_all('#fk-form select[name="dice"]', "ss => ss.map((s) => s.value)")
        theirs = p.eval_on_selector_all('#fk-form select[name="computer_dice"]', "ss => ss.map((s) => s.value)")
        assert mine == best["dice"] and theirs == OPPONENT
        assert p.input_value("#fk-form input[name=target]") == "500"
        assert p.evaluate("document.activeElement.id") == "fk-start"
        assert p.js_errors == []
    finally:
        context.close()


def test_the_chooser_beyond_the_guard_says_so_and_ranks_by_points(browser, live_server, shoot):
    context, p = _page(browser, SIZES["phone"])
    try:
        p.goto(f"{live_server}/farkle")
        fill(p, COUNTS, 8000)
        p.click("#fk-chooser-go")
        p.wait_for_function(DONE, timeout=60_000)
        answer = p.evaluate("() => window.holdwiseChooser.answer")
        assert answer["status"] == 422 and answer["field"] == "target"
        note = p.inner_text("#fk-chooser-note")
        assert "largest accepted target" in note and "Ranked by expected points per turn instead" in note
        owned = farkle.parse_dice([f"{d}*{n}" for d, n in COUNTS.items()])
        points = farkle.best_loadouts(owned, top=5, workers=1).loadouts
        assert [r[2] for r in shown(p)] == [f"{row.expected_points:.1f}" for row in points]
        shoot(p, "farkle-chooser-guard-phone")
        assert p.evaluate("document.documentElement.scrollWidth") <= 375, "sideways scroll"
        assert p.js_errors == []
    finally:
        context.close()


def test_while_the_win_chances_solve_the_points_ranking_shows_with_progress(browser, live_server, shoot, monkeypatch):
    """The search held at loadout 3 of 11 (the live server runs in this process): the page shows the
    expected-points ranking and the job's progress, then the win-chance ranking once it is let go."""
    import threading

    real = farkle.best_loadouts
    go = threading.Event()

    def held(owned, top=5, workers=2, opponent_dice=None, target=farkle.DEFAULT_TARGET, progress=None, badge=None):
        if opponent_dice is not None:
            progress(3, 11)
            go.wait(60)
        return real(owned, top=top, workers=workers, opponent_dice=opponent_dice, target=target, progress=progress,
                    badge=badge)

    monkeypatch.setattr(farkle, "best_loadouts", held)
    context, p = _page(browser, SIZES["laptop"])
    try:
        p.goto(f"{live_server}/farkle")
        fill(p, COUNTS, 450)
        p.click("#fk-chooser-go")
        p.wait_for_function("() => /loadout 3 of 11/.test(document.getElementById('fk-chooser-progress-text')"
                            ".textContent)", timeout=30_000)
        assert p.locator("#fk-chooser-progress").is_visible()
        assert "while the win chances solve" in p.inner_text("#fk-chooser-note")
        points = real(farkle.parse_dice([f"{d}*{n}" for d, n in COUNTS.items()]), top=5, workers=1).loadouts
        assert [r[2] for r in shown(p)] == [f"{row.expected_points:.1f}" for row in points]
        assert p.get_attribute("#fk-chooser-progress .progress", "aria-valuenow") == str(round(100 * 3 / 11))
        shoot(p, "farkle-chooser-solving-laptop")
        go.set()
        p.wait_for_function(DONE, timeout=120_000)
        assert p.evaluate("() => window.holdwiseChooser.answer.ranked_by") == "win_average"
        assert p.locator("#fk-chooser-progress").is_hidden()
        assert p.js_errors == []
    finally:
        go.set()
        context.close()


def test_the_chooser_tells_the_time_left_and_can_be_stopped(browser, live_server):
    """Review 2, defect 19: the ranking said only "loadout n of 8" and could not be stopped; now it tells the time
    left once some is done, Stop ends it with the points ranking kept, and ranking again finishes it."""
    context, p = _page(browser, SIZES["laptop"])
    try:
        p.goto(f"{live_server}/farkle")
        fill(p, COUNTS, 1000)
        p.click("#fk-chooser-go")
        # the matches' time left (a new set's turns are a job of their own first, told apart by its words)
        p.wait_for_function("(t => t.includes('s left') && t.includes('match to'))("
                            "document.getElementById('fk-chooser-progress-text').textContent)", timeout=120_000)
        assert p.is_visible("#fk-chooser-stop")
        p.click("#fk-chooser-stop")
        p.wait_for_function("document.getElementById('fk-chooser-note').textContent.startsWith('Stopped')")
        assert p.is_hidden("#fk-chooser-progress") and len(shown(p)) > 0  # the points ranking stays
        assert not p.evaluate("window.holdwiseChooser.busy")
        p.click("#fk-chooser-go")
        p.wait_for_function(DONE, timeout=240_000)
        assert p.evaluate("window.holdwiseChooser.answer.status") == 200
        assert p.js_errors == []
    finally:
        context.close()


def test_a_new_sets_turns_show_their_progress_and_stop_or_leaving_cancels_them(browser, live_server, monkeypatch):
    """A set whose turns are not solved is a job in the server's line: the page shows its progress (held at 1 of
    11 here), Stop cancels it, and so does leaving the page while it runs; ranking again then finishes."""
    import threading
    import time

    from holdwise.web import common
    from holdwise.web import farkle_loadouts as web_loadouts

    real = farkle.best_loadouts
    go = threading.Event()

    def held(owned, top=5, workers=2, opponent_dice=None, target=farkle.DEFAULT_TARGET, progress=None, badge=None):
        if opponent_dice is None:
            while not go.is_set():
                progress(1, 11)  # raises once the job is cancelled
                time.sleep(0.1)
        return real(owned, top=top, workers=workers, opponent_dice=opponent_dice, target=target, progress=progress,
                    badge=badge)

    monkeypatch.setattr(farkle, "best_loadouts", held)
    monkeypatch.setattr(farkle, "ranking_stored", lambda owned: False)  # as on a fresh machine
    monkeypatch.setattr(web_loadouts, "jobs", common.Jobs(bounded=True))  # none done by the tests before
    web_loadouts._ranked.clear()
    key = web_loadouts._points_key(farkle.parse_dice([f"{d}*{n}" for d, n in COUNTS.items()]), 5)

    def ended() -> str:
        deadline = time.monotonic() + 10  # well within the idle time that would stop it anyway
        while True:
            job = web_loadouts.jobs.get(key, poll=False)
            if job.state not in ("queued", "running") or time.monotonic() > deadline:
                return job.state
            time.sleep(0.1)

    context, p = _page(browser, SIZES["laptop"])
    holding = ("() => !document.getElementById('fk-chooser-progress').hidden && /turns of the loadouts: 1 of 11/"
               ".test(document.getElementById('fk-chooser-progress-text').textContent)")
    try:
        p.goto(f"{live_server}/farkle")
        fill(p, COUNTS, 450, rank="points")
        p.click("#fk-chooser-go")
        p.wait_for_function(holding, timeout=30_000)
        assert p.locator("#fk-chooser-progress").is_visible() and shown(p) == []
        p.click("#fk-chooser-stop")
        p.wait_for_function("document.getElementById('fk-chooser-note').textContent.startsWith('Stopped.')")
        assert ended() == "cancelled"
        p.click("#fk-chooser-go")  # again: a new job, then the page leaves
        p.wait_for_function(holding, timeout=30_000)
        p.goto("about:blank")
        assert ended() == "cancelled"
        go.set()
        p.goto(f"{live_server}/farkle")
        fill(p, COUNTS, 450, rank="points")
        p.click("#fk-chooser-go")
        p.wait_for_function(DONE, timeout=120_000)
        points = real(farkle.parse_dice([f"{d}*{n}" for d, n in COUNTS.items()]), top=5, workers=1).loadouts
        assert [r[2] for r in shown(p)] == [f"{row.expected_points:.1f}" for row in points]
        assert p.js_errors == []
    finally:
        go.set()
        context.close()
        web_loadouts._ranked.clear()
