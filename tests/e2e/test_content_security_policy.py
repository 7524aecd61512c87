"""Pages work in Chromium under the Content-Security-Policy (no inline script or
style allowed): live standings still update through htmx, the header's language list
still switches language, the table page still takes a scorer, and the browser reports
no CSP violation on any of them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import wait_until
from tests.integration.test_scoring_services import seated_table
from tests.integration.test_standings import EIGHT, confirm_totals, make_night, start, tables

pytestmark = pytest.mark.e2e

# Runs before each page's own scripts, in every document of the context.
WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});
"""


@pytest.fixture
def watched(laptop_page):
    """The page plus every CSP complaint Chromium prints to its console."""
    page = laptop_page
    complaints: list[str] = []
    page.on(
        "console",
        lambda message: (
            complaints.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.context.add_init_script(WATCH)
    return page, complaints


def violations(page) -> list[str]:
    return page.evaluate("window.__violations")


def test_live_standings_language_list_and_table_page_work_with_no_violation(
    watched, django_user_model
):
    page, complaints = watched
    owner = django_user_model.objects.create_user("olive", password="cards-on-the-table")
    night = make_night(owner, names=EIGHT, rounds=1)
    start(night, 1)

    response = page.goto(reverse("standings-page", args=[night.pk]))
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.get_by_text("0 confirmed table results counted.").wait_for()
    page.evaluate("window.stillTheSamePage = true")
    confirm_totals(tables(night, 1)[0], owner, (6, 2))
    # htmx polls and swaps the new standings in, without a reload.
    page.get_by_text("1 confirmed table result counted.").wait_for(timeout=20_000)
    assert page.evaluate("window.stillTheSamePage") is True
    # htmx was told not to add a <style> of its own, which the policy would refuse.
    assert page.evaluate("document.querySelectorAll('style').length") == 0
    assert violations(page) == []

    # The language list switches on change (site.js, no inline onchange).
    with page.expect_navigation():
        page.get_by_label("Language").select_option("it")
    assert page.locator("html").get_attribute("lang") == "it"
    assert violations(page) == []
    with page.expect_navigation():
        page.get_by_label("Lingua").select_option("en")

    table, _seats = seated_table()
    page.goto(f"/t/{table.token}/")
    page.get_by_label("Who is entering the result?").select_option(label="Ann (North)")
    page.get_by_role("button", name="That's me").click()
    # One tap saves the hand through htmx, without a reload, under the policy.
    page.evaluate("window.stillTheSamePage = true")
    page.locator("button.outcome").first.click()
    expect(page.locator("#entry-title")).to_contain_text("Hand 2")
    assert page.evaluate("window.stillTheSamePage") is True
    assert violations(page) == []

    page.goto(reverse("standings-projector", args=[night.pk]))
    page.locator("#projector-rows tr").first.wait_for()
    assert violations(page) == []
    assert complaints == []


def test_the_watch_does_see_an_inline_handler_refused(watched, db):
    """The listener above can fail: an inline handler slipped into a page is reported."""
    page, complaints = watched
    page.goto(reverse("login"))
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend',"
        " '<button id=sneaky onclick=\"window.ran = 1\">x</button>')"
    )
    page.click("#sneaky")
    wait_until(page, "window.__violations.length > 0")
    assert page.evaluate("window.ran") is None
    assert any("script-src" in v for v in violations(page))


def test_the_api_docs_page_works_under_the_policy(watched, db):
    page, complaints = watched
    response = page.goto(reverse("api-docs"))
    policy = response.headers["content-security-policy"]
    # Swagger UI's own <style> is allowed there; scripts still only from our files.
    assert "script-src 'self';" in policy + ";"
    assert "style-src 'self' 'unsafe-inline'" in policy
    page.locator(".swagger-ui .info .title").wait_for()
    assert "Euchre tournament manager API" in page.locator(".swagger-ui .info .title").inner_text()
    page.locator(".opblock-tag").first.wait_for()
    assert violations(page) == []
    assert complaints == []


def test_a_locked_out_sign_in_reads_plainly_on_a_phone(phone_page, screenshot, db, settings):
    """Ten wrong passwords in the browser: the tenth gets the wait page."""
    from axes.handlers.proxy import AxesProxyHandler

    from tests.factories import UserFactory

    settings.AXES_ENABLED = True
    AxesProxyHandler.get_implementation(force=True)
    UserFactory(username="olive")
    page = phone_page
    violations_seen: list[str] = []
    page.on(
        "console",
        lambda m: violations_seen.append(m.text) if "Content Security Policy" in m.text else None,
    )
    for n in range(settings.AXES_FAILURE_LIMIT):
        page.goto(reverse("login"))
        page.fill("#id_username", "olive")
        page.fill("#id_password", f"guess-{n}")
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_load_state()
    assert page.get_by_text("Too many wrong passwords were typed for this user name.").is_visible()
    assert page.get_by_text("You can try again in 2 seconds.").is_visible()
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    screenshot(page, "login-locked-out-390")
    assert violations_seen == []
