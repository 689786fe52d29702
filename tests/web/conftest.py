"""Fixtures of the browser tests: a headless Chromium page (the API client and the live server are in
tests/conftest.py).

Browser tests drive Debian's chromium (/usr/bin/chromium) through Playwright; they are skipped when it
is missing unless $HOLDWISE_REQUIRE_BROWSER is set (CI sets it, so there a missing browser fails).
Screenshots go to $HOLDWISE_SCREENSHOTS (default: build/screenshots in the repository), named by test.
"""

import os
import re
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-quic", "--no-first-run"]
SCREENSHOTS = Path(os.environ.get("HOLDWISE_SCREENSHOTS")
                   or Path(__file__).resolve().parents[2] / "build" / "screenshots")
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("HOLDWISE_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


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
    returns its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(p, name: str, full_page: bool = True) -> Path:
        path = SCREENSHOTS / f"{name}.png"
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
