"""Fixtures of the browser tests: a headless Chromium page (the API client and the live server are in
tests/conftest.py).

Browser tests drive Debian's Chromium through Playwright, never a browser Playwright downloads: its headless
shell (/usr/bin/chromium-headless-shell, Debian's package of the same Chromium's headless build, the one
Playwright itself runs headless tests in) where it is installed, else the full browser (/usr/bin/chromium). The
shell spends about a third of the full browser's CPU on a page (measured: 0.21 s against 0.64-0.86 s for a new
page, a load, a click and a screenshot), and the browser tests were a third of the suite's CPU. The layout test
(every page at both sizes) always runs in the full browser, /usr/bin/chromium, so that the browser a player uses
is checked on every page too. $HOLDWISE_BROWSER names another executable for all of them. They are skipped when
the browser is missing unless $HOLDWISE_REQUIRE_BROWSER is set (CI sets it, so there a missing browser fails).
Screenshots go to $HOLDWISE_SCREENSHOTS (default: build/screenshots in the repository), named by test; "off"
takes none.
"""

import os
import re
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"  # Debian's chromium package: the full browser
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"  # Debian's chromium-headless-shell package
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-quic", "--no-first-run"]
SCREENSHOTS = Path(os.environ.get("HOLDWISE_SCREENSHOTS")
                   or Path(__file__).resolve().parents[2] / "build" / "screenshots")
# "off" takes none: CI, where nobody opens them (148 PNGs, 33 MB; a few per cent of the browser tests' time)
TAKE_SCREENSHOTS = os.environ.get("HOLDWISE_SCREENSHOTS") != "off"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def _playwright():
    """One Playwright per test process (it allows no second one at a time), started when a browser is first
    needed."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def _launch(playwright, executable: str):
    """A headless browser of that executable (a generator: the browser, closed after), skipped or failed when
    it is missing."""
    if not Path(executable).exists():
        package = Path(executable).name
        if os.environ.get("HOLDWISE_REQUIRE_BROWSER"):
            pytest.fail(f"{executable} is missing (apt-get install {package})")
        pytest.skip(f"{executable} is missing (apt-get install {package})")
    b = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def browser(_playwright):
    """The browser of the browser tests: $HOLDWISE_BROWSER, else Debian's headless shell, else its chromium."""
    chosen = os.environ.get("HOLDWISE_BROWSER") or (HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else CHROMIUM)
    yield from _launch(_playwright, chosen)


@pytest.fixture(scope="session")
def full_browser(_playwright):
    """Debian's full chromium (the layout test's browser), or $HOLDWISE_BROWSER."""
    yield from _launch(_playwright, os.environ.get("HOLDWISE_BROWSER") or CHROMIUM)


def _page(browser, viewport):
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the browser logs each 4xx answer as a console error: those are the API refusing bad input, as designed
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not re.search(r"status of 4\d\d", m.text) else None)
    page.js_errors = errors  # tests assert this stays empty
    return context, page


@pytest.fixture
def page(browser):
    """A desktop-size page; JavaScript errors collect in page.js_errors."""
    context, p = _page(browser, DESKTOP)
    yield p
    context.close()


@pytest.fixture
def phone(browser):
    """A phone-size page (375 px wide, touch)."""
    context, p = _page(browser, PHONE)
    yield p
    context.close()


@pytest.fixture
def shoot(request):
    """shoot(page, name): a full-page screenshot in the screenshots folder (`full_page=False`: the window's);
    returns its path (none is taken with $HOLDWISE_SCREENSHOTS=off)."""
    if TAKE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(p, name: str, full_page: bool = True) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        if TAKE_SCREENSHOTS:
            p.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture
def big_solves(monkeypatch):
    """A server whose --match-memory allows the long race-aware solves (six unlike dice to 6,000: 0.9 GB)."""
    from holdwise import settings

    monkeypatch.setenv("HOLDWISE_MATCH_MEMORY", "4G")
    monkeypatch.setattr(settings, "_LIMITS", [])  # read again; and again after the test
    yield
    settings._LIMITS.clear()
