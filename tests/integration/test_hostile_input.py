"""Hostile or broken requests get a 4xx in plain words (the JSON error shape on the
API), never a 500, and change nothing. Each case here was a 500 found by fuzzing."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import ResultChange, TableResult
from tests.factories import UserFactory
from tests.integration.test_api_tables import api, with_table_token
from tests.integration.test_scoring_services import EIGHT_HANDS, seated_table
from tests.integration.test_scoring_views import as_scorer, form_values, page

LONG_KEY = "k" * 65
NOT_UNDERSTOOD = "That request was not understood; reload the page and try again."


def entered(hands: list[dict]):
    """A table with `hands` entered by its first seat, not yet confirmed."""
    table, seats = seated_table()
    services.submit_hands(
        table=table, hands=hands, seat=seats[0], expected_version=0, idempotency_key="k"
    )
    return table, seats


def no_raise_client(**kwargs) -> Client:
    """A client that answers what a browser would see, 500 page included."""
    return Client(raise_request_exception=False, **kwargs)


def assert_api_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = json.loads(response.content)
    assert body["error"] == code
    assert body["message"] and "Traceback" not in body["message"]
    assert isinstance(body["details"], list)
    return body


# ---------------------------------------------------------------- API bodies


def test_a_hands_body_of_5000_nested_lists_is_a_400_not_a_500(postgres_db):
    table, _seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"), "[" * 5000, content_type="application/json"
    )
    body = assert_api_error(response, 400, "parse_error")
    assert "levels deep" in body["message"]
    assert not TableResult.objects.filter(table=table).exists()


def test_json_nested_deeper_than_any_endpoint_takes_is_refused_before_it_is_read(
    postgres_db,
):
    table, _seats = seated_table()
    # 100 levels parse fine in Python but no endpoint has any use for them.
    body = '{"hands": ' + "[" * 100 + "]" * 100 + ', "expected_version": 0}'
    response = with_table_token(table).post(
        api(table, "hands/"), body, content_type="application/json"
    )
    assert_api_error(response, 400, "parse_error")


def test_a_body_bigger_than_the_upload_limit_is_a_413(postgres_db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    table, _seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"),
        '{"hands": [], "note": "' + "x" * 2000 + '"}',
        content_type="application/json",
    )
    assert_api_error(response, 413, "too_large")


def test_broken_json_is_a_400_in_the_error_shape(postgres_db):
    table, _seats = seated_table()
    response = with_table_token(table).post(
        api(table, "hands/"), '{"hands": [', content_type="application/json"
    )
    assert_api_error(response, 400, "parse_error")


# ---------------------------------------------------------------- API: every status is JSON


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
def test_an_unknown_api_path_is_a_json_404_for_every_method(postgres_db, method):
    # Unsafe methods used to meet Django's HTML CSRF page before the 404.
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)("/api/no-such-thing/")
    body = assert_api_error(response, 404, "not_found")
    assert "/api/no-such-thing/" in body["message"]


def test_a_method_an_endpoint_does_not_offer_is_a_json_405(postgres_db):
    client = Client()
    client.force_login(UserFactory())
    response = client.put("/api/tournaments/")
    assert_api_error(response, 405, "method_not_allowed")


def test_a_signed_in_post_without_the_csrf_token_is_a_json_403(postgres_db):
    table, _seats = seated_table()
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.round.tournament.owner)
    response = client.post(
        f"/api/tournaments/{table.round.tournament.pk}/players/", {"name": "Eve"}
    )
    body = assert_api_error(response, 403, "permission_denied")
    assert "CSRF" in body["message"]


def test_django_refusing_a_request_for_csrf_answers_json_under_api(rf):
    from tournaments.api.errors import csrf_failure

    response = csrf_failure(rf.post("/api/tournaments/"), reason="CSRF cookie not set.")
    assert_api_error(response, 403, "csrf_failed")
    page = csrf_failure(rf.post("/accounts/login/"), reason="CSRF cookie not set.")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")


def test_an_unexpected_error_in_the_api_is_a_json_500_not_an_html_page(postgres_db, monkeypatch):
    table, _seats = seated_table()

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    # Stands in for any bug behind an endpoint.
    monkeypatch.setattr("scoring.selectors.table_summary", broken)
    client = no_raise_client(HTTP_AUTHORIZATION=f"Table {table.token}")
    body = assert_api_error(client.get(api(table)), 500, "server_error")
    assert "a bug" not in body["message"]
    # The pages keep an HTML error page.
    response = no_raise_client().get(page(table))
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")


# ---------------------------------------------------------------- HTML forms


def test_remove_last_with_an_overlong_idempotency_key_is_refused_in_plain_words(
    client, postgres_db
):
    table, seats = entered(EIGHT_HANDS[:2])
    as_scorer(client, table, seats[0])
    version = form_values(client.get(page(table)).content.decode())["version"]
    response = client.post(
        page(table),
        {"action": "remove-last", "version": version, "idempotency_key": LONG_KEY},
        follow=True,
    )
    assert response.status_code == 200
    assert NOT_UNDERSTOOD in response.content.decode()
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS[:2]


def test_remove_last_with_a_version_that_is_no_number_is_refused(client, postgres_db):
    table, seats = entered(EIGHT_HANDS[:2])
    as_scorer(client, table, seats[0])
    response = client.post(
        page(table),
        {"action": "remove-last", "version": "two", "idempotency_key": "r"},
        follow=True,
    )
    assert NOT_UNDERSTOOD in response.content.decode()
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS[:2]


def test_confirming_on_the_seat_page_with_an_overlong_key_is_refused(client, postgres_db):
    table, seats = entered(EIGHT_HANDS)
    html = client.get(f"/s/{seats[3].token}/").content.decode()
    response = client.post(
        f"/s/{seats[3].token}/",
        {"action": "confirm", **form_values(html), "idempotency_key": LONG_KEY},
        follow=True,
    )
    assert response.status_code == 200
    assert NOT_UNDERSTOOD in response.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_the_organisers_table_confirm_with_an_overlong_key_is_refused(client, postgres_db):
    table, seats = entered(EIGHT_HANDS)
    client.force_login(table.round.tournament.owner)
    response = client.post(
        reverse("result-confirm", args=[table.round.tournament.pk, 1, 1]),
        {"idempotency_key": LONG_KEY},
        follow=True,
    )
    assert response.status_code == 200
    assert NOT_UNDERSTOOD in response.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_closing_a_round_with_an_overlong_key_is_refused(client, postgres_db):
    table, _seats = seated_table()
    client.force_login(table.round.tournament.owner)
    response = client.post(
        reverse("round-results-close", args=[table.round.tournament.pk, 1]),
        {"idempotency_key": LONG_KEY, "force": "1"},
        follow=True,
    )
    assert NOT_UNDERSTOOD in response.content.decode()
    table.round.refresh_from_db()
    assert table.round.status == "in-play"


def correction_page(client, table) -> str:
    client.force_login(table.round.tournament.owner)
    return reverse("result-correct", args=[table.round.tournament.pk, 1, 1])


@pytest.mark.parametrize(
    "bad", [{"hand_number": "three"}, {"version": "latest"}, {"hand_number": ""}]
)
def test_removing_a_hand_on_the_correction_page_with_a_field_not_a_number_is_refused(
    client, postgres_db, bad
):
    table, seats = entered(EIGHT_HANDS)
    url = correction_page(client, table)
    html = client.get(url + "?hand=3").content.decode()
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    data = {
        "action": "remove",
        "hand_number": "3",
        "version": version,
        "idempotency_key": "rm",
        **bad,
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert NOT_UNDERSTOOD in response.content.decode()
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS
    assert not ResultChange.objects.filter(table=table, action="corrected").exists()


def test_a_correction_with_hidden_fields_not_numbers_is_refused_in_plain_words(client, postgres_db):
    table, seats = entered(EIGHT_HANDS)
    url = correction_page(client, table)
    response = client.post(
        url,
        {
            "action": "hand",
            "hand_number": "x",
            "version": "v",
            "idempotency_key": LONG_KEY,
            "dealer": 0,
            "maker": 1,
            "round": 1,
            "trump": "hearts",
            "tricks": 3,
        },
    )
    assert response.status_code == 200
    assert NOT_UNDERSTOOD in response.content.decode()
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS
