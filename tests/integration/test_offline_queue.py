"""The answers the phone's offline queue gets when it sends kept hands in order: each
says whether the hand is stored and which version the next kept hand expects, a hand
sent twice is stored once, and a refused one carries the rule's message."""

from __future__ import annotations

from scoring.models import ResultChange, TableResult
from tests.integration.test_scoring_services import hand, seated_table
from tests.integration.test_scoring_views import as_scorer, hand_post, page

QUEUED = {"HTTP_X_HAND_QUEUE": "1"}


def send(client, table, data, *, version, key):
    return client.post(page(table), {**data, "version": version, "idempotency_key": key}, **QUEUED)


def test_kept_hands_sent_in_order_are_each_stored_once(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    first = send(client, table, hand_post(0, 1, 3), version=0, key="kept-1")
    assert first.status_code == 200
    assert first.json() == {"stored": True, "version": 1, "current": 1}
    # The answer to the first was lost on the way: it comes again, with its own key.
    again = send(client, table, hand_post(0, 1, 3), version=0, key="kept-1")
    assert again.json() == {"stored": True, "version": 1, "current": 1}
    second = send(client, table, hand_post(1, 0, 5), version=1, key="kept-2")
    assert second.json() == {"stored": True, "version": 2, "current": 2}
    assert TableResult.objects.get(table=table).hands == [hand(0, 1, 3), hand(1, 0, 5)]
    assert ResultChange.objects.filter(table=table).count() == 2


def test_a_refused_kept_hand_gets_the_rules_message_and_nothing_is_stored(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    send(client, table, hand_post(0, 1, 3), version=0, key="kept-1")
    refused = send(
        client, table, hand_post(1, 0, 5, trump="spades", turn_up="9H"), version=1, key="kept-2"
    )
    assert refused.status_code == 422
    answer = refused.json()
    assert answer["stored"] is False and answer["current"] == 1
    assert any(
        "In round 1 trump is the turn-up's suit (hearts), not spades." in error
        for error in answer["errors"]
    )
    # The next kept hand, sent against the version the refusal reported, goes in.
    after = send(client, table, hand_post(1, 0, 5), version=answer["current"], key="kept-3")
    assert after.json()["stored"] is True
    assert TableResult.objects.get(table=table).hands == [hand(0, 1, 3), hand(1, 0, 5)]


def test_a_kept_hand_without_a_scorer_is_refused_in_words(client, db):
    table, _seats = seated_table()
    refused = send(client, table, hand_post(0, 1, 3), version=0, key="kept-1")
    assert refused.status_code == 422
    assert refused.json()["errors"] == ["Choose your seat first: who is entering the result?"]
    assert not TableResult.objects.exists()
    # The message went with the answer, not onto the next page.
    assert "Choose your seat first" not in client.get(page(table)).content.decode()


def test_the_service_worker_is_served_from_the_root_and_never_cached(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    # From the root its scope covers /t/ and /s/ both; a stale copy would linger on phones.
    assert "no-cache" in response["Cache-Control"]
    assert "/static/js/hand_store.js" in response.content.decode()


def test_the_table_page_carries_the_waiting_panel_and_its_texts_catalog(client, db):
    table, _seats = seated_table()
    html = client.get(page(table), headers={"accept-language": "en"}).content.decode()
    assert "data-hand-queue" in html and 'data-service-worker="/sw.js"' in html
    catalog = client.get("/jsi18n/")
    assert catalog.status_code == 200 and "ngettext" in catalog.content.decode()
