"""Browser tests: Playwright's sync API driving Debian's Chromium against live_server.

No downloaded browser builds: the tests use /usr/bin/chromium (`apt-get install
chromium`). Without it they skip on a laptop and fail under REQUIRE_SERVICES=1.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import missing_service

# Playwright's sync API runs an event loop in this thread, and Django refuses ORM
# calls from a thread with a running loop unless told the caller knows it is sync.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        missing_service(f"needs Chromium at {CHROMIUM}: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _page(browser, live_server, **context_args):
    context = browser.new_context(base_url=live_server.url, locale="en-GB", **context_args)
    context.set_default_timeout(15_000)
    page = context.new_page()
    return context, page


@pytest.fixture
def laptop_page(browser, live_server, transactional_db):
    context, page = _page(browser, live_server, viewport=LAPTOP)
    yield page
    context.close()


@pytest.fixture
def phone_page(browser, live_server, transactional_db):
    context, page = _page(
        browser,
        live_server,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    yield page
    context.close()


@pytest.fixture
def screenshot():
    """Saves a full-page screenshot under test-artifacts/ for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)

    def save(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Waits until a JavaScript expression holds on the page.

    Playwright's wait_for_function polls by evaluating the text inside the page, which
    our Content-Security-Policy (no unsafe-eval) refuses whenever the first look fails;
    page.evaluate goes through the browser's protocol, which the policy does not cover.
    """
    import time

    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        page.wait_for_timeout(50)
