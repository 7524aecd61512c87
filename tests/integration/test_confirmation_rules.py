"""Results you can trust: who may confirm, what they confirm, how often a code may be
guessed, and the tournament's entry mode as a rule (issue 13).

A result is confirmed only when players of two different sides vouch for it. A seat
link or a card code proves a side; the table's link (which everyone at the table
holds) proves nothing. The page and the API follow the same rule because the scoring
service makes it.
"""

from __future__ import annotations

import uuid

import pytest
import redis
from django.core.cache import caches
from django.urls import reverse

from core.errors import DomainError
from scoring import services
from scoring.models import ResultChange, TableResult
from scoring.selectors import who_did
from tests.integration.test_api_tables import api, organiser_of, signed_in, with_seat_token
from tests.integration.test_api_tables import with_table_token as table_client
from tests.integration.test_scoring_services import (  # noqa: F401 (slow_writes: a fixture)
    EIGHT_HANDS,
    _race,
    current_version,
    hand,
    seated_table,
    slow_writes,
)
from tests.integration.test_scoring_views import form_values, page
from tournaments.models import Tournament

WRONG_OTHER_SIDE = "That is not the card code of a player of the other side at this table."
WRONG_EACH_SIDE = "Those are not the card codes of one player of each side at this table."
CHANGED = "The result changed since you looked at it: look again before confirming."
TOO_MANY = "Too many wrong codes were typed here: wait a minute, then try again."


def enter_on_the_page(client, table, seat, *, code="", hands=EIGHT_HANDS):
    """A phone with the table's link: choose `seat` (with a card code or not), then
    enter every hand through the page's form."""
    client.post(page(table), {"action": "seat", "seat": seat.pk, "code": code})
    for number, deal in enumerate(hands, start=1):
        values = form_values(client.get(page(table)).content.decode())
        data = {
            "action": "hand",
            **values,
            "dealer": deal["dealer"],
            "maker": deal["maker"],
            "round": deal["round"],
            "trump": deal["trump"],
            "tricks": deal["tricks"],
            "alone": deal["alone"],
        }
        client.post(page(table), data)
        assert current_version(table) == number


def confirm_on_the_page(client, table, *codes, url=None, **extra):
    url = url or page(table)
    values = form_values(client.get(url).content.decode())
    data = {"action": "confirm", **values, **extra}
    for name, code in zip(("code", "code_2"), codes, strict=False):
        data[name] = code
    return client.post(url, data, follow=True)


def entered_from_a_seat_link(table, seat) -> None:
    """A whole game entered from `seat`'s own link: that side is proven."""
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seat,
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )


def code_of(seat) -> str:
    return seat.player.code


# ---------------------------------------------------------------- who may confirm


def test_one_side_with_the_table_link_and_its_own_codes_cannot_confirm(client, db):
    """Ann (North-South) claims Bob's seat on the table link and enters her side's
    result. Neither her code, her partner's, nor both confirm it."""
    table, (ann, bob, cat, _dan) = seated_table()
    enter_on_the_page(client, table, bob)
    result = TableResult.objects.get(table=table)
    assert result.complete and result.submitted_side is None
    html = client.get(page(table)).content.decode()
    assert "without a card code, so nobody knows which side entered it" in html
    assert "Card code of Ann or Cat" in html and "Card code of Bob or Dan" in html

    for codes in ([code_of(ann)], [code_of(cat)], [code_of(ann), code_of(cat)]):
        response = confirm_on_the_page(client, table, *codes)
        assert not TableResult.objects.get(table=table).is_confirmed, codes
        assert "Result confirmed" not in response.content.decode()
    # Bob was never asked: only his code next to one of Ann's side confirms.
    done = confirm_on_the_page(client, table, code_of(ann), code_of(bob))
    assert "Result confirmed" in done.content.decode()
    assert TableResult.objects.get(table=table).is_confirmed


def test_the_history_says_a_chosen_seat_was_not_proven(client, db):
    table, (ann, bob, _cat, _dan) = seated_table()
    enter_on_the_page(client, table, bob, hands=EIGHT_HANDS[:1])
    history = client.get(reverse("table-history", args=[table.token])).content.decode()
    assert "the table link, seat not proven (Bob&#x27;s seat was chosen)" in history
    assert "Bob, by" not in history
    change = ResultChange.objects.get(table=table)
    assert (change.via, change.seat) == ("table-link", bob)


def test_a_scorer_who_gives_their_code_needs_one_code_of_the_other_side(client, db):
    table, (ann, bob, cat, _dan) = seated_table()
    enter_on_the_page(client, table, ann, code=code_of(ann))
    result = TableResult.objects.get(table=table)
    assert (result.submitted_side, result.submitted_by_seat) == (0, ann)
    html = client.get(page(table)).content.decode()
    assert "Entered by Ann &amp; Cat" in html
    assert "Card code of Bob or Dan" in html and 'name="code_2"' not in html

    partner = confirm_on_the_page(client, table, code_of(cat)).content.decode()
    assert WRONG_OTHER_SIDE in partner
    assert "Result confirmed" in confirm_on_the_page(client, table, code_of(bob)).content.decode()
    whos = [who_did(change) for change in ResultChange.objects.filter(table=table)]
    assert whos[0] == "Ann, by player's code" and whos[-1] == "Bob, by player's code"


def test_a_wrong_code_at_seat_choice_proves_nothing(client, db):
    table, (ann, bob, _cat, _dan) = seated_table()
    response = client.post(page(table), {"action": "seat", "seat": ann.pk, "code": code_of(bob)})
    assert "That is not your card code" in response.content.decode()
    enter_on_the_page(client, table, ann, hands=EIGHT_HANDS[:1])
    assert TableResult.objects.get(table=table).submitted_side is None


def test_the_other_sides_seat_link_confirms_alone_but_one_sides_links_never_do(client, db):
    table, (ann, bob, cat, dan) = seated_table()
    enter_on_the_page(client, table, ann, code=code_of(ann))
    own = client.get(f"/s/{cat.token}/").content.decode()
    assert "I, Cat, confirm" not in own and "Card code of Bob or Dan" in own
    done = confirm_on_the_page(client, table, url=f"/s/{dan.token}/")
    assert "Result confirmed" in done.content.decode()
    assert TableResult.objects.get(table=table).confirmed_by_seat == dan

    # Unproven: even a seat link of each of one side's players is not enough.
    other, (ann2, bob2, cat2, _dan2) = seated_table()
    services.submit_hands(
        table=other, hands=EIGHT_HANDS, seat=bob2, expected_version=0, idempotency_key="claimed"
    )
    for seat in (ann2, cat2):
        with pytest.raises(DomainError) as caught:
            services.confirm_result(
                table=other, proofs=[services.Proof(seat=seat, via="seat-link")], expected_version=1
            )
        assert caught.value.code == "needs_both_sides"
    with pytest.raises(DomainError):
        services.confirm_result(
            table=other,
            expected_version=1,
            proofs=[
                services.Proof(seat=ann2, via="seat-link"),
                services.Proof(seat=cat2, via="seat-link"),
            ],
        )
    confirmed = services.confirm_result(
        table=other,
        proofs=[services.Proof(seat=ann2, via="seat-link")],
        codes=[code_of(bob2)],
        expected_version=1,
    )
    assert confirmed.is_confirmed
    # Both players who vouched are in the trail.
    rows = ResultChange.objects.filter(table=other, action="confirmed")
    assert [(r.seat, r.via) for r in rows] == [(ann2, "seat-link"), (bob2, "player-code")]


def test_the_api_table_token_with_one_sides_codes_cannot_confirm(db):
    table, (ann, bob, cat, _dan) = seated_table()
    client = table_client(table)
    body = {"hands": EIGHT_HANDS, "expected_version": 0, "idempotency_key": "e", "seat": bob.pk}
    stored = client.post(api(table, "hands/"), body, format="json")
    assert stored.status_code == 200 and stored.json()["result"]["submitted_side"] is None
    for codes in ([], [code_of(ann)], [code_of(ann), code_of(cat)]):
        refused = client.post(
            api(table, "confirm/"), {"codes": codes, "expected_version": 1}, format="json"
        )
        assert refused.status_code == 400, (codes, refused.json())
    ann_link = with_seat_token(ann)
    alone = ann_link.post(api(table, "confirm/"), {"expected_version": 1}, format="json")
    assert alone.json()["error"] == "needs_both_sides"
    done = ann_link.post(
        api(table, "confirm/"), {"codes": [code_of(bob)], "expected_version": 1}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert done.json()["result"]["status"] == "confirmed"


def test_an_api_entry_with_the_scorers_code_is_proven(db):
    table, (ann, bob, cat, _dan) = seated_table()
    client = table_client(table)
    wrong = client.post(
        api(table, "hands/"),
        {"hands": EIGHT_HANDS, "expected_version": 0, "idempotency_key": "w", "code": "ZZZZZZ"},
        format="json",
    )
    assert wrong.status_code == 400 and wrong.json()["error"] == "wrong_code"
    stored = client.post(
        api(table, "hands/"),
        {"hands": EIGHT_HANDS, "expected_version": 0, "idempotency_key": "e", "code": code_of(ann)},
        format="json",
    )
    assert stored.json()["result"]["submitted_side"] == 0
    partner = client.post(
        api(table, "confirm/"), {"codes": [code_of(cat)], "expected_version": 1}, format="json"
    )
    assert partner.status_code == 400
    assert partner.json() == {"error": "wrong_code", "message": WRONG_OTHER_SIDE, "details": []}
    done = client.post(
        api(table, "confirm/"), {"codes": [code_of(bob)], "expected_version": 1}, format="json"
    )
    assert done.status_code == 200 and done.json()["result"]["status"] == "confirmed"
    history = client.get(api(table, "history/")).json()
    assert [row["who"] for row in history][-1] == "Bob, by player's code"
    assert history[0]["who"] == "Ann, by player's code"


def test_a_wrong_code_gets_one_answer_whoever_it_belongs_to(db):
    table, (ann, bob, cat, _dan) = seated_table()
    _elsewhere, (stranger, *_rest) = seated_table()
    entered_from_a_seat_link(table, ann)
    answers = set()
    for code in ("ABCDEF", code_of(ann), code_of(cat), code_of(stranger)):
        with pytest.raises(DomainError) as caught:
            services.confirm_result(table=table, codes=[code], expected_version=1)
        answers.add((caught.value.code, caught.value.message))
    assert answers == {("wrong_code", WRONG_OTHER_SIDE)}
    with pytest.raises(DomainError) as caught:
        services.confirm_result(table=table, codes=["ABCDEF", code_of(ann)], expected_version=1)
    assert (caught.value.code, caught.value.message) == ("wrong_code", WRONG_EACH_SIDE)


def test_cutthroat_needs_two_different_players(db):
    table, (first, second, third) = seated_table(
        variant=Tournament.Variant.THREE_HANDED,
        players=3,
        partners=False,
        entry_mode=Tournament.EntryMode.TOTALS,
        round_play=Tournament.RoundPlay.GAME,
    )
    services.submit_totals(
        table=table, side_points=[10, 2, 4], seat=first, expected_version=0, idempotency_key="t"
    )
    with pytest.raises(DomainError):
        services.confirm_result(table=table, codes=[code_of(first)], expected_version=1)
    assert services.confirm_result(
        table=table, codes=[code_of(first), code_of(third)], expected_version=1
    ).is_confirmed


# ---------------------------------------------------------------- the version shown


def test_the_page_refuses_to_confirm_a_result_changed_since_it_was_shown(client, db):
    table, (ann, bob, _cat, _dan) = seated_table()
    enter_on_the_page(client, table, ann, code=code_of(ann))
    shown = form_values(client.get(page(table)).content.decode())
    # Ann changes the last hand while Bob reads the old score.
    services.submit_hands(
        table=table,
        hands=[*EIGHT_HANDS[:7], hand(3, 2, 5)],
        seat=ann,
        via="seat-link",
        expected_version=8,
        idempotency_key="change",
    )
    response = client.post(
        page(table), {"action": "confirm", **shown, "code": code_of(bob)}, follow=True
    )
    assert CHANGED in response.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_the_api_answers_409_when_the_result_changed_and_needs_the_version(db):
    table, (ann, bob, _cat, dan) = seated_table()
    entered_from_a_seat_link(table, ann)
    client = with_seat_token(dan)
    missing = client.post(api(table, "confirm/"), {}, format="json")
    assert missing.status_code == 400 and "expected_version" in missing.json()["field_errors"]
    stale = client.post(api(table, "confirm/"), {"expected_version": 0}, format="json")
    assert stale.status_code == 409
    assert stale.json() == {"error": "result_changed", "message": CHANGED, "details": []}
    assert (
        client.post(api(table, "confirm/"), {"expected_version": 1}, format="json").status_code
        == 200
    )


def test_the_organisers_confirm_carries_the_version_too(client, db):
    table, (ann, *_rest) = seated_table()
    entered_from_a_seat_link(table, ann)
    rnd = table.round
    client.force_login(organiser_of(table))
    url = reverse("result-confirm", args=[rnd.tournament.pk, rnd.number, table.number])
    response = client.post(url, {"version": 0, "idempotency_key": "o1"}, follow=True)
    assert CHANGED in response.content.decode()
    board = client.get(reverse("round-results", args=[rnd.tournament.pk, rnd.number]))
    values = form_values(board.content.decode())
    assert values["version"] == "1"
    client.post(url, values)
    assert TableResult.objects.get(table=table).confirmed_by_user == organiser_of(table)


def test_a_confirmation_racing_an_edit_never_confirms_what_was_not_shown(
    postgres_db,
    transactional_db,
    slow_writes,  # noqa: F811 (the fixture imported above)
):
    table, (ann, bob, _cat, _dan) = seated_table()
    entered_from_a_seat_link(table, ann)
    edited = [*EIGHT_HANDS[:7], hand(3, 2, 5)]
    outcomes = _race(
        lambda: services.confirm_result(table=table, codes=[code_of(bob)], expected_version=1),
        lambda: services.submit_hands(
            table=table,
            hands=edited,
            seat=ann,
            via="seat-link",
            expected_version=1,
            idempotency_key="edit",
        ),
    )
    errors = {o.code for o in outcomes if isinstance(o, DomainError)}
    assert len(errors) == 1 and errors <= {"result_changed", "already_confirmed", "conflict"}, (
        outcomes
    )
    result = TableResult.objects.get(table=table)
    if result.is_confirmed:
        assert result.hands == EIGHT_HANDS
    else:
        assert result.hands == edited


# ---------------------------------------------------------------- guessing codes


def _wrong_confirm(client, table, address: str):
    values = form_values(client.get(page(table), REMOTE_ADDR=address).content.decode())
    return client.post(
        page(table), {"action": "confirm", **values, "code": "ZZZZZZ"}, REMOTE_ADDR=address
    )


def test_wrong_codes_are_limited_per_table_side_whatever_the_address(client, db, settings):
    settings.CODE_TRIES_PER_SIDE = "5/m"
    settings.CODE_TRIES_PER_ADDRESS = "100/m"
    table, (ann, bob, _cat, _dan) = seated_table()
    entered_from_a_seat_link(table, ann)
    for n in range(5):
        assert WRONG_OTHER_SIDE in _wrong_confirm(client, table, f"10.0.0.{n}").content.decode()
    # The sixth try is refused before the code is looked at, even Bob's right one.
    values = form_values(client.get(page(table)).content.decode())
    response = client.post(
        page(table), {"action": "confirm", **values, "code": code_of(bob)}, REMOTE_ADDR="10.0.0.9"
    )
    assert TOO_MANY in response.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_wrong_codes_are_limited_per_address_across_tables(db, settings):
    settings.CODE_TRIES_PER_SIDE = "100/m"
    settings.CODE_TRIES_PER_ADDRESS = "3/m"
    tables = []
    for _ in range(4):
        table, (ann, *_rest) = seated_table()
        services.submit_hands(
            table=table,
            hands=EIGHT_HANDS,
            seat=ann,
            via="seat-link",
            expected_version=0,
            idempotency_key=uuid.uuid4().hex,
        )
        tables.append(table)
    for table in tables[:3]:
        wrong = table_client(table).post(
            api(table, "confirm/"),
            {"codes": ["ZZZZZZ"], "expected_version": 1},
            format="json",
            REMOTE_ADDR="192.0.2.7",
        )
        assert wrong.status_code == 400
    last = tables[3]
    throttled = table_client(last).post(
        api(last, "confirm/"),
        {"codes": ["ZZZZZZ"], "expected_version": 1},
        format="json",
        REMOTE_ADDR="192.0.2.7",
    )
    assert throttled.status_code == 429
    assert throttled.json()["error"] == "throttled"
    assert throttled.json()["message"] == TOO_MANY
    assert 1 <= int(throttled["Retry-After"]) <= 65
    # Another phone elsewhere is not held up by this one.
    other = table_client(last).post(
        api(last, "confirm/"),
        {"codes": ["ZZZZZZ"], "expected_version": 1},
        format="json",
        REMOTE_ADDR="198.51.100.3",
    )
    assert other.status_code == 400 and other.json()["error"] == "wrong_code"


def test_right_codes_and_seat_links_are_never_counted(client, db, settings):
    settings.CODE_TRIES_PER_SIDE = "1/m"
    table, (ann, bob, _cat, dan) = seated_table()
    client.post(page(table), {"action": "seat", "seat": ann.pk, "code": code_of(ann)})
    client.post(page(table), {"action": "seat", "seat": ann.pk, "code": code_of(ann)})
    entered_from_a_seat_link(table, ann)
    assert "Result confirmed" in confirm_on_the_page(client, table, code_of(bob)).content.decode()


def test_wrong_codes_are_counted_where_every_web_process_sees_them(db, settings, redis_url):
    """With CACHES on Redis (production), a second process (a fresh cache connection)
    sees the counts the first one made."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            # A prefix of its own: the test never flushes a Redis database others use.
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        }
    }
    settings.CODE_TRIES_PER_SIDE = "2/m"
    table, (ann, *_rest) = seated_table()
    entered_from_a_seat_link(table, ann)
    body = {"codes": ["ZZZZZZ"], "expected_version": 1}
    for _ in range(2):
        assert (
            table_client(table).post(api(table, "confirm/"), body, format="json").status_code == 400
        )
    # The counts live in Redis, where a second web process finds them.
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    assert redis.Redis.from_url(redis_url).keys(f"{prefix}:*")
    caches.close_all()
    del caches["default"]  # the next request builds a new client, as a new process would
    assert table_client(table).post(api(table, "confirm/"), body, format="json").status_code == 429


# ---------------------------------------------------------------- the entry mode


def test_a_hand_by_hand_table_refuses_totals_and_keeps_its_hands(client, db):
    table, (ann, *_rest) = seated_table(entry_mode=Tournament.EntryMode.HANDS)
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS[:3],
        seat=ann,
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )
    response = table_client(table).post(
        api(table, "totals/"),
        {"side_points": [7, 6], "expected_version": 1, "idempotency_key": "t", "seat": ann.pk},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"] == "hands_only"
    assert "entered hand by hand" in response.json()["message"]
    # The page's totals form is refused the same way.
    client.post(page(table), {"action": "seat", "seat": ann.pk})
    posted = client.post(
        page(table),
        {"action": "totals", "version": 1, "idempotency_key": "p", "side_0": 7, "side_1": 6},
    )
    assert "entered hand by hand" in posted.content.decode()
    result = TableResult.objects.get(table=table)
    assert (result.kind, result.hands, result.version) == ("hands", EIGHT_HANDS[:3], 1)


def test_a_totals_table_refuses_hands(db):
    table, (ann, *_rest) = seated_table(entry_mode=Tournament.EntryMode.TOTALS)
    services.submit_totals(
        table=table,
        side_points=[9, 4],
        seat=ann,
        via="seat-link",
        expected_version=0,
        idempotency_key="k",
    )
    response = table_client(table).post(
        api(table, "hands/"),
        {"hands": EIGHT_HANDS, "expected_version": 1, "idempotency_key": "h", "seat": ann.pk},
        format="json",
    )
    assert response.status_code == 400 and response.json()["error"] == "totals_only"
    result = TableResult.objects.get(table=table)
    assert (result.kind, result.scores, result.version) == ("round-totals", [9, 4, 9, 4], 1)


def test_organiser_corrections_follow_the_entry_mode(db):
    table, (ann, *_rest) = seated_table(entry_mode=Tournament.EntryMode.HANDS)
    entered_from_a_seat_link(table, ann)
    organiser = signed_in(organiser_of(table))
    response = organiser.patch(
        f"/api/results/{table.pk}/",
        {"side_points": [7, 6], "expected_version": 1, "idempotency_key": "fix"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["error"] == "hands_only"
    assert TableResult.objects.get(table=table).hands == EIGHT_HANDS
