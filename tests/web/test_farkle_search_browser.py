"""The inventory search on /farkle in Chromium at 375 and 1280 px: every die by its game name in the form, the
sets and time before Start, a small search run to the end (the game's ranking, by name), a bigger one stopped
after its first progress (its best rows so far, said to be not proven, no error); no sideways scroll."""

from __future__ import annotations

import pytest

from holdwise.games import farkle

from .conftest import _page

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 740}}  # issue 25's sizes
SMALL = {"lucky": 1, "odd": 1, "kings": 2}
# twelve specials, one each: 2,510 sets, a minute or more on one core: stopped long before its end
BIG = ["lucky", "odd", "kings", "weighted", "heavenly-kingdom", "pie", "aranka", "even", "favourable",
       "holy-trinity", "greasy", "strip"]
IDLE = "() => window.holdwiseSearch && !window.holdwiseSearch.busy && window.holdwiseSearch.answer"


def fill(p, counts: dict[str, int]) -> None:
    if not p.evaluate("document.getElementById('fk-search').open"):
        p.click("#fk-search summary")
    p.click("#fk-search-clear")
    for die, n in counts.items():
        p.fill(f'#fk-search input[data-die="{die}"]', str(n))


def shown(p) -> list[list[str]]:
    """The ranking's rows as the page shows them."""
    return p.evaluate("""() => [...document.querySelectorAll('#fk-search-table tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))""")


def planned(p, sets: int) -> None:
    p.wait_for_function(f"() => document.getElementById('fk-search-plan').textContent.startsWith('{sets:,} set')",
                        timeout=30_000)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_small_search_runs_to_the_end_by_the_dice_names(browser, live_server, shoot, size):
    context, p = _page(browser, SIZES[size])
    try:
        p.goto(f"{live_server}/farkle")
        assert p.locator("#fk-search-form").is_hidden()  # collapsed until asked for
        p.click("#fk-search summary")
        form = p.inner_text("#fk-search-form")
        for info in farkle.list_dice().dice:  # all 43 dice of the game, by their names in it
            assert info.name in form, info.name
        assert "rolls as the Ci die" in form and "fills every set" in form
        cut = p.evaluate("""() => [...document.querySelectorAll('#fk-search-form .fk-owned label span')]
            .filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent)""")
        assert cut == [], "names cut or overflowing"
        # the leaders' win chance: an opponent's six dice by name and a target, shown only when asked for
        assert p.locator("#fk-search-opponent").is_hidden()
        p.check("#fk-search-race")
        assert p.locator('#fk-search-opponent select[name="search_opponent"]').count() == 6
        assert p.is_visible("#fk-search-opponent input[name=search_target]")
        shoot(p, f"farkle-search-form-{size}")
        assert p.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], "sideways scroll"
        p.uncheck("#fk-search-race")
        assert p.locator("#fk-search-opponent").is_hidden()
        fill(p, SMALL)
        request = farkle.parse_inventory(SMALL, top=10)
        planned(p, request.sets)
        p.click("#fk-search-go")
        p.wait_for_function(IDLE, timeout=120_000)
        answer = p.evaluate("() => window.holdwiseSearch.answer")
        expected = farkle.search_inventory(request, workers=1).to_json()
        assert {k: v for k, v in answer.items() if k != "seconds"} == \
            {k: v for k, v in expected.items() if k != "seconds"}
        assert answer["complete"] is True
        rows = shown(p)
        assert len(rows) == len(expected["loadouts"]) == 10 < request.sets
        best = expected["loadouts"][0]
        assert rows[0][1] == "Ordinary die ×4, Lucky die, Odd die"
        assert rows[0][2] == f"{best['expected_points']:,.2f}"
        note = p.inner_text("#fk-search-note")
        assert f"The best 10 of {request.sets} sets" in note and "proven" in note
        assert p.locator("#fk-search-progress").is_hidden()
        assert "bad" not in (p.get_attribute("#fk-search-note", "class") or "")
        shoot(p, f"farkle-search-done-{size}")
        assert p.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], "sideways scroll"
        p.locator("#fk-search-table tbody tr >> nth=0").get_by_role("button").click()
        mine = p.eval_on_selector_all('#fk-form select[name="dice"]', "ss => ss.map((s) => s.value)")
        assert mine == best["dice"]
        assert p.js_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_bigger_search_stopped_halfway_shows_its_best_so_far(browser, live_server, shoot, size):
    context, p = _page(browser, SIZES[size])
    try:
        p.goto(f"{live_server}/farkle")
        fill(p, {d: 1 for d in BIG})
        request = farkle.parse_inventory(dict.fromkeys(BIG, 1))
        assert request.sets == 2510
        planned(p, request.sets)
        assert "to search here" in p.inner_text("#fk-search-plan")
        p.click("#fk-search-go")
        # the first progress: sets examined and a best set so far shown while it runs
        p.wait_for_function("() => document.querySelectorAll('#fk-search-table tbody tr').length > 0 && "
                            "/set [0-9,]+ of/.test(document.getElementById('fk-search-progress-text').textContent)",
                            timeout=120_000)
        assert p.locator("#fk-search-progress").is_visible()
        assert p.is_enabled("#fk-search-stop") and not p.is_enabled("#fk-search-go")
        shoot(p, f"farkle-search-running-{size}")
        p.click("#fk-search-stop")
        p.wait_for_function(IDLE, timeout=120_000)
        answer = p.evaluate("() => window.holdwiseSearch.answer")
        assert answer["complete"] is False and answer["sets"] == 2510
        assert 0 < answer["examined"] < 2510
        assert answer["loadouts"], "a stopped search still lists its best so far"
        rows = shown(p)
        assert len(rows) == len(answer["loadouts"])
        first = answer["loadouts"][0]
        assert rows[0][2] == f"{first['expected_points']:,.2f}"
        for name in first["dice_names"]:
            assert name in rows[0][1]
        # each row shown is that set's exact value, whatever the ranking
        dice = farkle.parse_dice(first["dice"])
        assert first["expected_points"] == pytest.approx(farkle.turn_report(dice).expected_points, abs=1e-6)
        note = p.inner_text("#fk-search-note")
        assert "Stopped after" in note and "not proven" in note
        assert "bad" not in (p.get_attribute("#fk-search-note", "class") or "")
        assert p.locator("#fk-search-progress").is_hidden()
        assert p.is_enabled("#fk-search-go") and not p.is_enabled("#fk-search-stop")
        shoot(p, f"farkle-search-stopped-{size}")
        assert p.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], "sideways scroll"
        assert p.js_errors == []
    finally:
        context.close()
