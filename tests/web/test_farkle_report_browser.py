"""The strategy report page in Chromium, desktop (1280x800) and phone (375x740): the report drawn from the API,
a heat map per number of dice left, the findings, no sideways scroll, a refusal shown in words."""

import pytest

from holdwise.games import farkle

pytestmark = pytest.mark.slow  # a browser: seconds to start, seconds a page


def show(p, base, target):
    p.goto(base + "/farkle/report")
    p.fill("input[name=target]", str(target))
    p.click("#fr-go")
    p.wait_for_function(f"document.getElementById('fr-head').textContent.includes('to {target:,}')",
                        timeout=60_000)


@pytest.mark.parametrize("size", [(1280, 800), (375, 740)], ids=["desktop", "phone"])
def test_report_page(browser, live_server, shoot, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    p = context.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        show(p, live_server, 600)
        report = farkle.strategy_report(farkle.parse_loadout(None), target=600)
        assert p.locator("#fr-maps canvas").count() == 6
        assert p.locator("#fr-findings li").count() == len(report.findings)
        assert p.locator("#fr-regions tbody tr").count() == len(report.regions)
        first = p.locator("#fr-top tbody tr").first.locator("td").all_inner_texts()
        worst = report.top_disagreements[0]
        assert first[-1] == f"{100 * worst.cost:.1f} pp" and first[4] == worst.race_aware
        assert p.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shoot(p, f"farkle-report-{size[0]}")
        p.fill("input[name=target]", "12000")  # a multiple of 50 the form takes, beyond what the web solves
        p.click("#fr-go")
        p.wait_for_function("document.getElementById('fr-error').textContent.includes('target: 12,000')")
        assert errors == []
    finally:
        context.close()


def test_a_slow_report_shows_the_wait_and_can_be_stopped(page, live_server):
    """Review 2, defect 18: the first report waited 28.7 s with only "Solving the match…"; the page now shows a
    moving bar and the seconds so far, and Stop waiting ends the wait with a note, not an error."""
    held = []
    page.route("**/api/farkle/report?*", lambda route: held.append(route))  # a server busy with another solve
    page.goto(live_server + "/farkle/report")
    page.wait_for_function("document.getElementById('fr-status').textContent.includes('2 s')", timeout=30_000)
    assert page.is_visible("#fr-wait .progress") and page.is_visible("#fr-stop") and page.is_disabled("#fr-go")
    page.click("#fr-stop")
    page.wait_for_function("document.getElementById('fr-status').textContent.startsWith('Stopped waiting')")
    assert page.inner_text("#fr-error") == "" and page.is_hidden("#fr-wait") and page.is_enabled("#fr-go")
    assert len(held) == 1  # the one request, stopped by the page (it ends the held route itself)
