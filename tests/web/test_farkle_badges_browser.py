"""Badges at the practice table in a browser: chosen in the form, spent from the table's badge panel."""

from __future__ import annotations

import pytest

from holdwise.games import farkle

from .test_farkle_browser import replay, settled

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page


def _pick(page, side: str, index: int, slug: str) -> None:
    page.locator(f'select[data-badges="{side}"]').nth(index).select_option(slug)


def test_a_badge_match_played_by_the_coach_spending_from_the_panel(page, live_server, shoot):
    page.goto(f"{live_server}/farkle?seed=7&delay=0")
    page.fill("input[name=target]", "600")
    page.click("#fk-badge-chooser summary")
    _pick(page, "player", 1, "warlord-tin")  # selects in order: headstart, warlord, doppelganger, resurrection
    _pick(page, "player", 3, "resurrection-gold")
    _pick(page, "computer", 2, "doppelganger-tin")
    page.click("#fk-start")
    page.wait_for_selector("#fk-table:not([hidden])", timeout=120_000)
    page.check("#fk-coach-toggle")
    spent, coached = set(), ""
    for _ in range(300):
        state = settled(page)
        assert page.locator("#fk-badges").is_visible()
        if state.over:
            break
        if state.phase == "roll":
            page.click("#fk-roll")
            continue
        best = farkle.advice(state).best.action
        if state.phase == "select" and not coached:  # the coach's line, in win chance, names the badge or none
            page.wait_for_function("() => document.getElementById('fk-badge-coach').textContent.startsWith('Coach')")
            coached = page.inner_text("#fk-badge-coach")
            assert "win chance" in coached
            # the coaching table beside it gives the badge match's win chances, never "not shown"
            page.wait_for_selector("#fk-coach-table td")
            assert "not shown" not in page.inner_text("#fk-coach-note")
            assert "%" in page.inner_text("#fk-coach-table")
            shoot(page, "farkle-badge-coach-table")
        if state.phase == "bust":
            page.click(f'#fk-badge-spend [data-badge-action="{best["type"]}"]')
            spent.add(best["type"])
            continue
        for p in best["dice"]:
            page.click(f'#fk-dice [data-position="{p}"]')
        if best.get("badges"):
            page.click(f'#fk-badge-spend [data-badge-action="keep:{"+".join(best["badges"])}"]')
            spent.update(best["badges"])
        else:
            page.click("#fk-keep-roll" if best["then"] == "roll" else "#fk-keep-bank")
    final = settled(page)
    assert final.over and replay(page) == final
    assert "Your badges:" in page.inner_text("#fk-badge-uses")
    assert spent & {"warlord", "resurrect", "pass"}
    assert page.js_errors == []


def test_a_badge_spent_on_a_throw_from_its_button(page, live_server):
    page.goto(f"{live_server}/farkle?seed=5&delay=0")
    page.fill("input[name=target]", "500")
    page.click("#fk-badge-chooser summary")
    _pick(page, "player", 5, "fortune-silver")  # after headstart, warlord, doppelganger, resurrection, defence
    _pick(page, "computer", 6, "transmutation-tin")
    page.click("#fk-start")
    page.wait_for_selector("#fk-table:not([hidden])", timeout=120_000)
    spent = False
    for _ in range(600):
        state = settled(page)
        if state.over:
            if spent:
                break
            page.click("#fk-next")
            continue
        if state.phase == "roll":
            page.click("#fk-roll")
            continue
        best = farkle.advice(state).best.action
        if best["type"] == "badge":
            dice = ",".join(map(str, best["dice"]))
            page.click(f'#fk-badge-spend [data-badge-action="badge:fortune"][data-dice="{dice}"]')
            spent = True
            continue
        if state.phase == "bust":
            page.click(f'#fk-badge-spend [data-badge-action="{best["type"]}"]')
            continue
        for p in best["dice"]:
            page.click(f'#fk-dice [data-position="{p}"]')
        page.click("#fk-keep-roll" if best["then"] == "roll" else "#fk-keep-bank")
    assert spent
    assert replay(page) == settled(page)
    assert page.js_errors == []


def test_a_throw_with_the_badge_of_might_from_its_button(page, live_server):
    # a flow the issue names (a button to spend a badge): the Might's before a throw, its extra die at position 7
    page.goto(f"{live_server}/farkle?seed=3&delay=0")
    page.fill("input[name=target]", "450")
    page.click("#fk-badge-chooser summary")
    _pick(page, "player", 7, "might-tin")  # after headstart, ..., fortune, transmutation
    page.click("#fk-start")
    page.wait_for_selector("#fk-table:not([hidden])", timeout=120_000)
    state = settled(page)
    assert state.phase == "roll" and farkle.advice(state).best.action.get("badges") == ["might"]
    # the coach, switched on before the throw, says so at once (it used to wait for the next move)
    page.check("#fk-coach-toggle")
    page.wait_for_function("() => document.getElementById('fk-badge-coach').textContent.startsWith("
                           "'Coach: use the Badge of Might now')")
    assert page.locator("#fk-badge-coach").is_visible()
    assert page.inner_text("#fk-badge-coach").count("Badge of Might") == 1  # not again after the option's text
    page.click('#fk-badge-spend [data-badge-action="roll:might"]')
    state = settled(page)
    assert state.data["uses"]["player"][4] == 0
    if state.phase == "select":  # the seven dice shown, the extra die among them
        assert page.locator('#fk-dice [data-position="7"]').count() == 1
    assert replay(page) == state
    assert page.js_errors == []
