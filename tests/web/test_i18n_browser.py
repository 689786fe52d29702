"""Every page in Slovak and Czech at 375 px and in Slovak at 1280 px (issue 44: their words are longer): no
sideways scroll, nothing cut out of the window, 44 px targets on the phone (the open menu and its language switch
included), the page in its language, no script error. The layout test's probe (test_layout_browser.py), one page a test, one browser; the
API docs' frame without its vendored viewer (the layout test measures the viewers)."""

from __future__ import annotations

import pytest

from .test_layout_browser import DOCS, GAME, PROBE, SHOWN, SIZES, TARGET

pytestmark = pytest.mark.slow  # a browser



def every_page() -> list[str]:
    """The app's pages as its menu lists them (read from the registry, as the menu is), the home page, the docs."""
    from holdwise.web.app import nav_groups

    return ["/", *(href for _, items in nav_groups() for href, _, _ in items), *DOCS]


@pytest.fixture(scope="module")
def contexts(browser, live_server):
    """One browser context per language and size, the language chosen in the menu's cookie."""
    made = {}
    for lang, size in LOOKS:
        context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone")
        context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
        made[lang, size] = context
    yield made
    for context in made.values():
        context.close()


# Both languages on the phone, where a longer word overflows; on the laptop one (the wide bar's menu labels,
# the tables' columns): the two languages' words run to about the same lengths, and each page load here costs
# about a second of the suite
LOOKS = [("sk", "phone"), ("cs", "phone"), ("sk", "laptop")]


@pytest.mark.parametrize("path", every_page())
@pytest.mark.parametrize("lang,size", LOOKS)
def test_the_page_fits_in_the_language(contexts, live_server, lang, size, path):
    viewport = SIZES[size]
    phone = size == "phone"
    page = contexts[lang, size].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        game, ready = GAME.get(path, (None, None))
        if path in DOCS:
            # the frame is what is translated: the vendored viewers (English, seconds to draw) are measured by the
            # layout test; here they are not loaded
            page.route("**/static/vendor/**", lambda route: route.abort())
            game = ready = None
        page.goto(live_server + path)
        if ready:
            page.wait_for_selector(ready, state="attached", timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == lang
        got = page.evaluate(PROBE, [game, TARGET if phone else 0, SHOWN])
        where = f"{path} in {lang} at {viewport['width']} px"
        problems = []
        if got["scrollWidth"] > viewport["width"]:
            problems.append(f"{where}: the document is {got['scrollWidth']} px wide")
        for key in ("cut", "unmarked", "small"):
            if got[key]:
                problems.append(f"{where}: {key}: {got[key][:6]}")
        if phone:
            if got["headerHeight"] > 60:
                problems.append(f"{where}: the folded top bar is {got['headerHeight']} px tall")
            page.locator("#menu-toggle").tap()
            opened = page.evaluate(PROBE, [None, TARGET, SHOWN])
            switch = page.evaluate("""() => [...document.querySelectorAll('.menu-langs button')].map((b) => {
                const r = b.getBoundingClientRect(); return [b.value, r.width, r.height]; })""")
            if opened["small"] or opened["cut"] or opened["scrollWidth"] > viewport["width"]:
                problems.append(f"{where}, menu open: {opened['small'][:6]} {opened['cut'][:6]}")
            if [v for v, w, h in switch if w < TARGET - .5 or h < TARGET - .5] or len(switch) != 3:
                problems.append(f"{where}: the language switch {switch}")
        assert not problems, "\n".join(problems)
        assert errors == []
    finally:
        page.close()


def test_the_switch_changes_the_language_and_the_cookie_keeps_it(browser, live_server):
    context = browser.new_context(viewport=SIZES["laptop"])
    page = context.new_page()
    try:
        page.goto(live_server + "/dice-poker")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.locator('.menu-langs button[value="sk"]').click()
        page.wait_for_url("**/dice-poker?lang=sk")
        assert page.evaluate("document.documentElement.lang") == "sk"
        assert page.locator('.menu-langs button[value="sk"]').get_attribute("aria-pressed") == "true"
        page.goto(live_server + "/")  # no ?lang=: the cookie
        assert page.evaluate("document.documentElement.lang") == "sk"
        assert "Ponuka" in page.locator("#menu-toggle").inner_text() or page.locator("#menu-toggle").is_hidden()
        assert page.evaluate("HoldwiseDom.num(7776)") == "7\u00a0776"
        assert page.evaluate("HoldwiseDom.percent(0.99544, 2)") == "99,54\u00a0%"
        assert page.evaluate("HoldwiseDom.fixed(2.5, 1)") == "2,5"
    finally:
        context.close()


def test_the_farkle_tables_script_speaks_czech(browser, live_server):
    """The practice table's script words (issue 44, round 2): a coaching match to 300, before the first roll (the
    status line is the game's log, English as in the API)."""
    context = browser.new_context(viewport=SIZES["laptop"])
    context.add_cookies([{"name": "lang", "value": "cs", "url": live_server}])
    page = context.new_page()
    try:
        page.goto(live_server + "/farkle?seed=5&delay=0")
        page.fill("input[name=target]", "300")
        page.select_option("select[name=computer]", "coaching")
        page.click("#fk-start")
        page.wait_for_selector("#fk-table:not([hidden])", timeout=30_000)
        page.check("#fk-coach-toggle")
        page.wait_for_selector("#fk-chart thead")
        tally = page.locator("#fk-tally").inner_text()
        assert tally.startswith("Hry vyhrané 0, prohrané 0 · vaše kostky: Ordinary die×6") and "trenérská" in tally
        assert page.locator("#fk-coach-note").inner_text() == "Trenér seřadí vaše možnosti, až hodíte."
        assert page.locator("#fk-chart thead").inner_text().split("\t")[0].strip() == "zbývá kostek"
        assert page.locator("#fk-chart-note").inner_text().startswith("Tah s těmito kostkami má v průměru hodnotu 595,0 bodu.")
        # the game's own words (its log, English in the API) said in Czech by the page's phrases (round 4)
        page.click("#fk-roll")
        page.wait_for_function("document.getElementById('fk-status').textContent.includes('kostek')")
        status = page.locator("#fk-status").inner_text()
        assert "Házíte (kostek: 6)" in status and "roll" not in status
        log = page.locator("#fk-log").inner_text()
        assert "hra 1: do 300 bodů" in log and "you roll" not in log
    finally:
        context.close()
