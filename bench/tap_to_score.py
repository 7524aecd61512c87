"""Tap to updated score on the one-tap phone page, and the table page's weight: prints
figures, asserts nothing.

    .venv/bin/python bench/tap_to_score.py

Chromium (Playwright) on a phone-sized page against Django's live test server, on the
test database of DATABASE_URL as the suite uses it: three tables, one 8-hand round each
(24 taps, every kind of result among them), timed from the tap until the updated score
is in the page; then, as the baseline in the same run, 8 taps with a full page reload
each (no JavaScript); then every response the table page loads, with its size as sent
and gzipped.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _open(page, table):
    from tests.e2e.test_one_tap_entry import _open

    _open(page, table)


def seated_table():
    # Imported once pytest-django has set Django up.
    from tests.integration.test_scoring_services import seated_table

    return seated_table()


# Taps a result and resolves once the score card's text has changed: performance.now()
# from the tap until the updated score is in the page.
_TIMED_TAP = """async (code) => {
  const before = document.querySelector('.scoring-score').textContent;
  const start = performance.now();
  document.querySelector(`button[name="outcome"][value="${code}"]`).click();
  await new Promise(resolve => {
    const check = () => {
      const score = document.querySelector('.scoring-score');
      if (score && score.textContent !== before) { resolve(); return; }
      requestAnimationFrame(check);
    };
    check();
  });
  const took = performance.now() - start;
  // Not timed: htmx settles the swapped-in form before the next tap.
  await new Promise(resolve => setTimeout(resolve, 60));
  return took;
}"""


def _timed_round(page, codes: list[str]) -> list[float]:
    return [page.evaluate(_TIMED_TAP, code) for code in codes]


def _reload_times(browser, live_server, codes: list[str]) -> list[float]:
    """The same taps without JavaScript, as before htmx: post, redirect, a new page."""
    table, _seats = seated_table()
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        java_script_enabled=False,
    )
    page = context.new_page()
    _open(page, table)
    times = []
    for code in codes:
        start = time.perf_counter()
        with page.expect_navigation():
            page.locator(f'button[name="outcome"][value="{code}"]').click()
        page.wait_for_load_state("load")
        times.append((time.perf_counter() - start) * 1000)
    context.close()
    return times


def test_tap_to_score_times_and_the_page_weight(browser, live_server, phone_page):
    page = phone_page
    sizes: list[tuple[str, int, int, str]] = []

    def record(response):
        body = response.body()
        transferred = response.request.sizes()["responseBodySize"]
        encoding = response.headers.get("content-encoding", "")
        sizes.append((response.url, transferred, len(gzip.compress(body, 6)), encoding))

    times: list[float] = []
    # Three tables, one 8-hand round each: 24 taps, every kind of result among them.
    rounds = [
        ["made:0", "march:1", "euchred:0", "lone_march:0:2", "made:1", "made:0", "passed"],
        ["euchred:1", "made:0", "lone_euchre:0:1", "march:0", "made:1", "made:1", "made:0"],
        ["made:1", "made:0", "euchred:0", "march:1", "lone_march:1:3", "made:0", "made:1"],
    ]
    for number, codes in enumerate(rounds):
        table, _seats = seated_table()
        if number == 0:
            page.on("response", record)
        _open(page, table)
        if number == 0:
            page.wait_for_load_state("networkidle")
            page.remove_listener("response", record)
        codes = codes + ["made:0"] * (8 - sum(code != "passed" for code in codes))
        times += _timed_round(page, codes)
        expect(page.locator(".scoring-badge").first).to_have_text("Provisional")
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    # The baseline, in the same run: 8 taps with a full page reload each.
    reloads = sorted(_reload_times(browser, live_server, ["made:0"] * 8))
    transferred = sum(size for _, size, _, _ in sizes)
    gzipped = sum(zipped if not encoding else size for _, size, zipped, encoding in sizes)
    print(
        f"\nTap to updated score over {len(times)} hands (ms): "
        f"p50 {statistics.median(times):.0f}, p95 {p95:.0f}, max {times[-1]:.0f}"
    )
    print(
        f"Baseline in the same run, a full page reload per tap (no JavaScript), "
        f"{len(reloads)} hands (ms): p50 {statistics.median(reloads):.0f}, "
        f"max {reloads[-1]:.0f}; htmx p50 / reload p50 = "
        f"{statistics.median(times) / statistics.median(reloads):.2f}"
    )
    print(
        f"Table page: {len(sizes)} responses, {transferred / 1024:.1f} KB transferred "
        f"(this test server compresses nothing); {gzipped / 1024:.1f} KB gzipped"
    )
    for url, size, zipped, encoding in sizes:
        print(f"  {url.split('/', 3)[-1] or '/'}: {size} B ({zipped} B gzipped) {encoding}")


if __name__ == "__main__":
    # The suite's own fixtures (the browser, the live server, the phone-sized page).
    sys.exit(
        pytest.main(
            [
                __file__,
                "-p",
                "tests.conftest",
                "-p",
                "tests.e2e.conftest",
                "-p",
                "no:cacheprovider",
                "-s",
                "-q",
                "-n",
                "0",
                "--rootdir",
                str(ROOT),
                "-c",
                str(ROOT / "pyproject.toml"),
                "-W",
                "ignore::pytest.PytestAssertRewriteWarning",
            ]
        )
    )
