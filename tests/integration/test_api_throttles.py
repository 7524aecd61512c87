"""The scorers' API limits how fast one table's link, one client address, and one
table's confirmations may be asked (DRF throttles in the shared cache): past the rate
a plain 429 with Retry-After, and other tables are not slowed by it."""

from __future__ import annotations

import copy

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from tests.integration.test_scoring_services import seated_table

TOO_MANY = "Too many requests for this table: wait a moment, then try again."


def rates(**wanted: str):
    framework = copy.deepcopy(settings.REST_FRAMEWORK)
    framework["DEFAULT_THROTTLE_RATES"].update(wanted)
    return override_settings(REST_FRAMEWORK=framework)


def reader(table, address: str = "203.0.113.30") -> APIClient:
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    return client


@pytest.mark.django_db
def test_one_tables_link_is_limited_and_other_tables_are_not_slowed():
    table, _seats = seated_table()
    other, _ = seated_table()
    with rates(table_link="3/min"):
        client = reader(table)
        answers = [client.get(f"/api/tables/{table.token}/") for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        refused = answers[-1]
        assert refused.json()["error"] == "throttled"
        assert refused.json()["message"] == TOO_MANY
        assert 1 <= int(refused["Retry-After"]) <= 60
        # A phone at another address holds the same link: it is the table that is limited.
        assert reader(table, "198.51.100.1").get(f"/api/tables/{table.token}/").status_code == 429
        assert reader(other).get(f"/api/tables/{other.token}/").status_code == 200


@pytest.mark.django_db
def test_one_address_is_limited_across_tables():
    tables = [seated_table()[0] for _ in range(3)]
    with rates(table_address="2/min"):
        codes = [reader(t).get(f"/api/tables/{t.token}/").status_code for t in tables]
        assert codes == [200, 200, 429]
        elsewhere = reader(tables[2], "198.51.100.2")
        assert elsewhere.get(f"/api/tables/{tables[2].token}/").status_code == 200


@pytest.mark.django_db
def test_confirmations_of_a_table_have_their_own_tighter_limit():
    table, _ = seated_table()
    with rates(table_confirm="2/min"):
        client = reader(table)
        url = f"/api/tables/{table.token}/confirm/"
        body = {"expected_version": 0, "codes": ["WRONG1"]}
        tries = [client.post(url, body, format="json") for _ in range(3)]
        # The first two reach the confirmation (refused there: nothing to confirm yet).
        assert 429 not in [t.status_code for t in tries[:2]]
        assert all(t.status_code < 500 for t in tries)
        assert tries[2].status_code == 429
        assert tries[2].json()["message"] == TOO_MANY
        # Reading the table is not a confirmation: still answered.
        assert client.get(f"/api/tables/{table.token}/").status_code == 200


@pytest.mark.django_db
def test_the_cache_holds_a_digest_of_the_link_never_the_token():
    from django.core.cache import cache

    table, _ = seated_table()
    with rates(table_link="5/min"):
        reader(table).get(f"/api/tables/{table.token}/")
    keys = list(cache._cache.keys()) if hasattr(cache._cache, "keys") else None
    if keys is None:
        client = cache._cache.get_client(write=False)
        keys = [k.decode() for k in client.scan_iter(f"{cache.key_prefix}:*")]
    assert any("throttle_table_link" in k for k in keys)
    assert not any(table.token in k for k in keys)


@pytest.mark.django_db
def test_with_the_cache_down_the_table_is_still_answered():
    """Redis not answering costs the rate limits, never a scorer's table."""
    table, _ = seated_table()
    down = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        }
    }
    with rates(table_link="1/min"), override_settings(CACHES=down):
        client = reader(table)
        assert [client.get(f"/api/tables/{table.token}/").status_code for _ in range(2)] == [
            200,
            200,
        ]
