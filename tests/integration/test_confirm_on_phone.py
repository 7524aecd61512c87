"""The opponent confirms on the scorer's phone (tap your name, type your code), or on
their own seat link with one tap; the code is shown on the seat link page only."""

from __future__ import annotations

import re

from scoring import services
from scoring.models import ResultChange, TableResult
from tests.integration.test_scoring_services import EIGHT_HANDS, hand, seated_table
from tests.integration.test_scoring_views import form_values, page
from tournaments.printing.cards import seat_entry_url


def entered_by_ann():
    """Ann (side 0, with Cat) entered all eight hands from her own seat link."""
    table, seats = seated_table()
    services.submit_hands(
        table=table,
        hands=EIGHT_HANDS,
        seat=seats[0],
        via="seat-link",
        expected_version=0,
        idempotency_key="entered",
    )
    return table, seats


def offered_names(html: str) -> list[str]:
    section = html[html.index('class="scoring-handoff"') :]
    return re.findall(r'href="\?confirm=\d+#confirm-step">([^<]+)</a>', section)


def step_values(html: str) -> dict:
    values = form_values(html)
    values["confirmer"] = re.search(r'name="confirmer" value="(\d+)"', html).group(1)
    return values


def test_the_phone_offers_only_players_of_the_other_side(client, db):
    table, seats = entered_by_ann()
    html = client.get(page(table)).content.decode()
    assert "Hand the phone to an opponent" in html
    assert offered_names(html) == ["Bob", "Dan"]


def test_the_opponent_taps_their_name_sees_the_result_and_confirms_with_their_code(client, db):
    table, seats = entered_by_ann()
    step = client.get(page(table), {"confirm": seats[1].pk})
    html = step.content.decode()
    assert step.status_code == 200
    assert "Bob, check the result" in html
    # The score and every hand are in front of the one confirming.
    assert html.count('class="scoring-hand-text"') == len(EIGHT_HANDS)
    assert 'class="scoring-points"' in html
    done = client.post(
        page(table),
        {"action": "confirm-as", "code": seats[1].player.code.lower(), **step_values(html)},
        follow=True,
    )
    assert "Result confirmed by Bob. Thank you!" in done.content.decode()
    result = TableResult.objects.get(table=table)
    assert result.is_confirmed and result.confirmed_by_seat == seats[1]
    change = ResultChange.objects.filter(table=table).last()
    assert (change.action, change.via, change.seat) == ("confirmed", "player-code", seats[1])


def test_the_submitters_side_is_refused_in_plain_words(client, db):
    table, seats = entered_by_ann()
    refusal = "Your side entered this result, so the other side must confirm it."
    # Cat is not offered, and asking for her step anyway says why.
    asked = client.get(page(table), {"confirm": seats[2].pk}, follow=True)
    assert refusal in asked.content.decode()
    # A post naming Cat with her right code is refused by the service, in the same words.
    html = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    posted = client.post(
        page(table),
        {
            "action": "confirm-as",
            **step_values(html),
            "confirmer": seats[2].pk,
            "code": seats[2].player.code,
        },
        follow=True,
    )
    assert refusal in posted.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_a_code_that_is_not_the_tapped_players_is_refused(client, db):
    table, seats = entered_by_ann()
    html = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    # Dan's code is a good code of the other side, but Bob tapped his own name.
    refused = client.post(
        page(table), {"action": "confirm-as", "code": seats[3].player.code, **step_values(html)}
    )
    text = refused.content.decode()
    assert refused.status_code == 200
    assert "That is not your card code" in text
    assert "Bob, check the result" in text
    assert not TableResult.objects.get(table=table).is_confirmed


def test_guessing_a_tapped_players_code_is_limited_like_any_code(client, db, settings):
    settings.CODE_TRIES_PER_SIDE = "3/m"
    table, seats = entered_by_ann()
    html = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    values = step_values(html)
    for guess in range(3):
        client.post(page(table), {"action": "confirm-as", **values, "code": f"ZZZZ{guess}"})
    # Even Bob's right code now waits: the guesses before it were counted.
    limited = client.post(
        page(table), {"action": "confirm-as", **values, "code": seats[1].player.code}
    )
    assert "Too many wrong codes were typed here" in limited.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed


def test_a_result_changed_since_it_was_shown_is_refused(client, db):
    table, seats = entered_by_ann()
    html = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    # While Bob reads, Ann's phone changes the last hand.
    changed = [*EIGHT_HANDS[:-1], hand(3, 2, 5, trump="spades")]
    services.submit_hands(
        table=table,
        hands=changed,
        seat=seats[0],
        via="seat-link",
        expected_version=TableResult.objects.get(table=table).version,
        idempotency_key="changed",
    )
    refused = client.post(
        page(table),
        {"action": "confirm-as", "code": seats[1].player.code, **step_values(html)},
        follow=True,
    )
    text = refused.content.decode()
    assert "The result changed since you looked at it" in text
    # Bob is shown his step again, against the version there is now.
    assert "Bob, check the result" in text
    assert step_values(text)["version"] == str(TableResult.objects.get(table=table).version)
    assert not TableResult.objects.get(table=table).is_confirmed


def test_an_opponents_seat_link_confirms_with_one_tap_and_says_so(client, db):
    table, seats = entered_by_ann()
    html = client.get(f"/s/{seats[3].token}/").content.decode()
    assert "This is your own seat link, Dan" in html
    assert "Hand the phone" not in html  # nobody else is needed
    client.post(f"/s/{seats[3].token}/", {"action": "confirm", **form_values(html)})
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[3]


def test_on_the_submitters_seat_link_the_phone_is_handed_to_the_other_side(client, db):
    table, seats = entered_by_ann()
    html = client.get(f"/s/{seats[0].token}/").content.decode()
    assert offered_names(html) == ["Bob", "Dan"]
    step = client.get(f"/s/{seats[0].token}/", {"confirm": seats[3].pk}).content.decode()
    client.post(
        f"/s/{seats[0].token}/",
        {"action": "confirm-as", "code": seats[3].player.code, **step_values(step)},
    )
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[3]


def test_nobody_is_offered_when_no_one_proved_who_entered_it(client, db):
    # Without a proven side, one more player cannot confirm it: each side types a code.
    table, seats = seated_table()
    services.submit_hands(
        table=table, hands=EIGHT_HANDS, seat=seats[0], expected_version=0, idempotency_key="k"
    )
    html = client.get(page(table)).content.decode()
    assert 'class="scoring-handoff"' not in html
    assert 'name="code_2"' in html


def test_the_players_code_is_on_their_seat_link_page_and_not_on_the_table_page(client, db):
    table, seats = seated_table()
    code = seats[2].player.code
    mine = client.get(f"/s/{seats[2].token}/").content.decode()
    assert "Your confirmation code" in mine and f"<code>{code}</code>" in mine
    assert "type it there to confirm as yourself" in mine
    # Nobody else's code is on Cat's page, and no code at all on the table's page.
    for other in (seats[0], seats[1], seats[3]):
        assert other.player.code not in mine
    shared = client.get(page(table)).content.decode()
    assert "Your confirmation code" not in shared
    assert not any(seat.player.code in shared for seat in seats)


def test_a_seats_link_is_built_in_one_place(db, settings):
    table, seats = seated_table()
    settings.SITE_URL = "http://192.168.1.20:8000"
    url = seat_entry_url(seats[1])
    assert url == f"http://192.168.1.20:8000/s/{seats[1].token}/"
    assert seat_entry_url(seats[1], base_url="https://club.example/") == (
        f"https://club.example/s/{seats[1].token}/"
    )
