"""The answers the phone's offline queue gets when it sends kept hands in order: each
says whether the hand is stored and which version the next kept hand expects, a hand
sent twice is stored once, and a refused one carries the rule's message."""

from __future__ import annotations

import json
import re
from html import unescape

from scoring.models import ResultChange, TableResult
from tests.integration.test_scoring_services import hand, seated_table
from tests.integration.test_scoring_views import as_scorer, hand_post, page
from tournaments.models import Tournament

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
        "In bidding round 1 trump is the turn-up's suit (hearts), not spades." in error
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


def tapped(outcome, **extra):
    return {"action": "outcome", "outcome": outcome, **extra}


def test_a_kept_hand_another_phone_stored_meanwhile_is_named_as_that_hand(client, db):
    """Refused because the result moved on, the very hand last stored is named: the
    phone then asks before storing it a second time."""
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    send(client, table, tapped("made:0", dealer=0), version=0, key="k-1")
    send(client, table, tapped("march:1"), version=1, key="k-2")
    # Another phone enters hand 3 (Cat dealt, Ann & Cat made it).
    send(client, table, tapped("made:0"), version=2, key="other-3")
    # This phone's kept hand 3, tapped while it showed Cat dealing.
    same = send(client, table, tapped("made:0", dealer=2), version=2, key="kept-3")
    assert same.status_code == 422
    assert same.json()["repeat"] == {
        "number": 3,
        "words": "Cat dealt; Ann & Cat named trump: made it",
        "next": 4,
    }
    other = send(client, table, tapped("march:0", dealer=2), version=2, key="kept-3b")
    assert "repeat" not in other.json()
    assert len(TableResult.objects.get(table=table).hands) == 3


def test_the_table_page_carries_the_engines_answers_for_the_waiting_hands(client, db):
    table, seats = seated_table(hands_per_round=6)
    as_scorer(client, table, seats[0])
    send(client, table, tapped("made:0", dealer=3), version=0, key="k-1")
    html = client.get(page(table)).content.decode()
    match = re.search(r'data-queue-facts="([^"]*)"', html)
    assert match
    facts = json.loads(unescape(match.group(1)))
    assert facts["version"] == 1 and facts["hand"] == 2
    assert facts["dealer"] == 0, "the deal passed left from Dan to Ann"
    assert facts["nextDealer"] == {"0": 1, "1": 2, "2": 3, "3": 0}
    assert facts["scores"] == [1, 0]
    assert facts["handsLeft"] == 5 and facts["target"] is None
    assert facts["outcomes"]["march:1"] == {"points": [0, 2], "counts": True}
    assert facts["outcomes"]["passed"] == {"points": [0, 0], "counts": False}
    assert "lone_march:0:0" in facts["offered"]["0"]


def page_facts(client, table) -> dict:
    html = client.get(page(table)).content.decode()
    match = re.search(r'data-queue-facts="([^"]*)"', html)
    assert match
    return json.loads(unescape(match.group(1)))


def test_a_british_page_carries_the_question_its_dealers_made_it_asks(client, db):
    """British plays the Canadian loner: the dealer's side making it needs who named
    trump (and in which round), so the phone can ask it with no connection."""
    table, seats = seated_table(variant=Tournament.Variant.BRITISH)
    as_scorer(client, table, seats[0])
    questions = page_facts(client, table)["questions"]
    asked = questions["0"]["made:0"]
    assert asked["name"] == "bidding" and asked["question"] == "Who named trump?"
    choices = {choice["value"]: choice for choice in asked["choices"]}
    assert choices["2:1"]["words"] == "Cat ordered up the turn-up (bidding round 1)"
    assert choices["2:2"]["words"] == "Cat named another suit (bidding round 2)"
    assert all(choice["next"] is None for choice in asked["choices"])
    # The other side making it needs no answer: no question for it.
    assert "made:1" not in questions["0"]


def test_a_north_american_page_without_options_carries_no_questions(client, db):
    table, seats = seated_table()
    as_scorer(client, table, seats[0])
    assert page_facts(client, table)["questions"] == {}


def test_a_kept_tap_the_server_would_ask_about_is_refused_naming_the_answer(client, db):
    """A phone with an older page kept the tap without the answer: the refusal says
    which answer is missing instead of a bare "not stored"."""
    table, seats = seated_table(variant=Tournament.Variant.BRITISH)
    as_scorer(client, table, seats[0])
    refused = send(client, table, tapped("made:0", dealer=0), version=0, key="k-1")
    assert refused.status_code == 422
    assert refused.json()["errors"] == ["This hand needs one more answer: Who named trump?"]
    answered = send(client, table, tapped("made:0", dealer=0, bidding="2:2"), version=0, key="k-2")
    assert answered.json()["stored"] is True
    assert TableResult.objects.get(table=table).hands[0]["maker"] == 2
