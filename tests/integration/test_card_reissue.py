"""An organiser reissues a player's card (lost, or seen by someone else): the old code,
card link and the seat links it led to stop working at once, the new ones work, the
card goes on the reprint list, and the organiser's player page shows the new code and
QR code for the player to scan."""

from __future__ import annotations

import base64
import re

import pytest
import segno
from django.test import Client
from django.urls import reverse
from django.utils.crypto import salted_hmac

from core.errors import DomainError
from scoring.models import TableResult
from tests.factories import UserFactory
from tests.integration.test_api import client_for, url
from tests.integration.test_confirm_on_phone import entered_by_ann, step_values
from tests.integration.test_late_players import progressive_night
from tests.integration.test_scoring_views import form_values, page
from tournaments import services
from tournaments.card_links import card_token
from tournaments.models import Player, Seat, Tournament
from tournaments.printing import reprints
from tournaments.services.reissue import reissue_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def night() -> Tournament:
    tournament = progressive_night(9)
    services.generate_rotation(tournament=tournament)
    services.start_round(round=tournament.rounds.get(number=1))
    return tournament


def seated_now(tournament: Tournament) -> Player:
    """A player with a seat (not a bye) in round 1, which is in play."""
    seat = Seat.objects.filter(table__round__tournament=tournament, table__round__number=1).first()
    return seat.player


def card_link(player: Player, version: int = 1) -> str:
    return reverse("card-link", kwargs={"token": card_token(player.pk, version)})


def seat_tokens(player: Player) -> list[str]:
    return list(Seat.objects.filter(player=player).order_by("pk").values_list("token", flat=True))


def reissue_on_the_page(client, tournament: Tournament, player: Player):
    client.force_login(tournament.owner)
    asked = client.get(reverse("card-reissue", args=[tournament.pk, player.pk]))
    assert asked.status_code == 200
    assert "The old card stops working at once" in asked.content.decode()
    return client.post(reverse("card-reissue", args=[tournament.pk, player.pk]), follow=True)


def qr_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an on-screen QR code draws (segno's SVG: one path of runs)."""
    path = re.search(r'<path[^>]* d="([^"]+)"', svg).group(1)
    x = y = 0.0
    dark = set()
    for command, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:  # a run of dark modules along the row
            dark |= {(int(y), int(x) + i) for i in range(int(float(a)))}
            x += float(a)
    return dark


def modules_of(link: str, *, border: int = 2) -> set[tuple[int, int]]:
    matrix = segno.make(link, error="m", micro=False).matrix
    return {
        (r + border, c + border) for r, row in enumerate(matrix) for c, on in enumerate(row) if on
    }


# --- what stops working and what works -------------------------------------------------


def test_the_old_card_link_and_seat_links_stop_working_and_the_new_ones_work(client, night):
    player = seated_now(night)
    old_seats = seat_tokens(player)
    assert client.get(card_link(player)).status_code == 302

    reissue_on_the_page(client, night, player)
    client.logout()

    old = client.get(card_link(player))
    assert old.status_code == 410
    assert "This card has been replaced" in old.content.decode()
    for token in old_seats:
        assert client.get(reverse("seat-entry", args=[token])).status_code == 404
    new_seats = seat_tokens(player)
    assert not set(new_seats) & set(old_seats)
    opened = client.get(card_link(player, 2))
    now = Seat.objects.get(player=player, table__round__number=1)
    assert opened["Location"] == reverse("seat-entry", args=[now.token])
    seat_page = client.get(opened["Location"]).content.decode()
    assert f"<code>{Player.objects.get(pk=player.pk).code}</code>" in seat_page


def printed_before_versions(player_id: int) -> str:
    """A card link token as cards printed before card versions carried it."""
    digest = salted_hmac("tournaments.card_links", str(player_id), algorithm="sha256").digest()
    return f"{player_id}-{base64.urlsafe_b64encode(digest[:15]).decode()}"


def test_cards_never_reissued_keep_their_first_link(client, night):
    player, other = night.players.order_by("pk")[:2]
    reissue_card(player=player, by=night.owner)
    old_card = reverse("card-link", args=[printed_before_versions(other.pk)])
    assert client.get(old_card).status_code == 302
    assert old_card == card_link(other)
    # The reissued player's first card, printed the same way, is dead.
    assert (
        client.get(reverse("card-link", args=[printed_before_versions(player.pk)])).status_code
        == 410
    )
    # A second reissue kills the second card too.
    reissue_card(player=player, by=night.owner)
    assert client.get(card_link(player, 2)).status_code == 410
    assert client.get(card_link(player, 3)).status_code == 302
    # A version not yet issued is no card at all.
    assert client.get(card_link(player, 4)).status_code == 404


def test_the_old_code_no_longer_confirms_at_the_table_and_the_new_one_does(client, db):
    table, seats = entered_by_ann()
    bob = seats[1].player
    old_code = bob.code
    reissue_card(player=bob, by=table.round.tournament.owner)
    bob.refresh_from_db()
    assert bob.code != old_code

    step = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    refused = client.post(
        page(table), {"action": "confirm-as", "code": old_code, **step_values(step)}
    )
    assert "Result confirmed" not in refused.content.decode()
    assert not TableResult.objects.get(table=table).is_confirmed

    step = client.get(page(table), {"confirm": seats[1].pk}).content.decode()
    done = client.post(
        page(table), {"action": "confirm-as", "code": bob.code, **step_values(step)}, follow=True
    )
    assert "Result confirmed by Bob" in done.content.decode()
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[1]


def test_a_phone_that_opened_the_old_seat_link_proves_nothing_afterwards(client, db):
    # Whoever found Dan's card opened his seat link: this phone remembers that proof
    # for the table, and the table's own link (on the page) still opens.
    table, seats = entered_by_ann()
    client.get(f"/s/{seats[3].token}/")
    reissue_card(player=seats[3].player, by=table.round.tournament.owner)
    html = client.get(page(table)).content.decode()
    client.post(page(table), {"action": "confirm", **form_values(html)})
    assert not TableResult.objects.get(table=table).is_confirmed

    # Dan's own phone, with the new card's seat link, confirms with one tap.
    mine = Client()
    link = reverse("seat-entry", args=[Seat.objects.get(pk=seats[3].pk).token])
    html = mine.get(link).content.decode()
    mine.post(link, {"action": "confirm", **form_values(html)})
    assert TableResult.objects.get(table=table).confirmed_by_seat == seats[3]


def test_the_reissued_card_is_on_the_reprint_list(client, night):
    player = seated_now(night)
    assert player not in reprints.players_to_reprint(night)
    page = reissue_on_the_page(client, night, player).content.decode()
    assert list(reprints.players_to_reprint(night)) == [player]
    assert "they are on the reprint list" in page
    assert reverse("reprint-print", args=[night.pk]) in page
    detail = client.get(night.get_absolute_url()).content.decode()
    assert 'id="reprint"' in detail and player.name in detail


def test_a_player_who_has_left_gets_no_new_card(night):
    player = seated_now(night)
    Player.objects.filter(pk=player.pk).update(active=False)
    with pytest.raises(DomainError) as refused:
        reissue_card(player=player, by=night.owner)
    assert "has left the tournament" in refused.value.message
    assert Player.objects.get(pk=player.pk).card_version == 1


# --- the organiser's player page ---------------------------------------------------------


def test_the_player_page_shows_seats_code_and_a_qr_code_of_the_card_link(client, night):
    player = seated_now(night)
    client.force_login(night.owner)
    listed = client.get(night.get_absolute_url()).content.decode()
    detail_url = reverse("player-detail", args=[night.pk, player.pk])
    assert f'href="{detail_url}"' in listed

    before = client.get(detail_url)
    assert before.status_code == 200
    assert "no-store" in before["Cache-Control"]
    html = before.content.decode()
    assert player.name in html and f"<code>{player.code}</code>" in html
    seats = html[html.index('class="itinerary"') :]
    seats = seats[: seats.index("</ol>")]
    assert seats.count("<li") == night.rounds.count()  # a seat or a bye each round
    first = "http://testserver" + card_link(player)
    assert qr_modules(html) == modules_of(first)

    after = reissue_on_the_page(client, night, player)
    html = after.content.decode()
    player.refresh_from_db()
    assert after.redirect_chain[-1][0] == detail_url
    assert "has a new card" in html
    assert f"<code>{player.code}</code>" in html
    new = "http://testserver" + card_link(player, 2)
    assert f'href="{new}"' in html
    assert qr_modules(html) == modules_of(new)
    assert qr_modules(html) != modules_of(first)


def test_a_co_organiser_may_reissue(client, night):
    helper = UserFactory()
    services.add_co_organiser(tournament=night, user=helper)
    player = seated_now(night)
    client.force_login(helper)
    assert client.get(reverse("player-detail", args=[night.pk, player.pk])).status_code == 200
    client.post(reverse("card-reissue", args=[night.pk, player.pk]))
    assert Player.objects.get(pk=player.pk).card_version == 2


def test_anonymous_and_other_organisers_get_neither_page_nor_reissue(client, night):
    player = seated_now(night)
    pages = [
        reverse("player-detail", args=[night.pk, player.pk]),
        reverse("card-reissue", args=[night.pk, player.pk]),
    ]
    for address in pages:
        assert client.get(address)["Location"].startswith(reverse("login"))
    assert client.post(pages[1]).status_code == 302
    other = progressive_night(5).owner
    client.force_login(other)
    for address in pages:
        response = client.get(address)
        assert response.status_code == 403
        assert player.code not in response.content.decode()
    assert client.post(pages[1]).status_code == 403
    assert Player.objects.get(pk=player.pk).card_version == 1
    # A player of another tournament is not found under this one.
    client.force_login(night.owner)
    stranger = Player.objects.exclude(tournament=night).first()
    assert client.get(reverse("player-detail", args=[night.pk, stranger.pk])).status_code == 404


# --- the API ---------------------------------------------------------------------------------


def test_the_api_reissues_and_answers_the_new_code_and_card_link(night):
    player = seated_now(night)
    answer = client_for(night.owner).post(url(night, f"players/{player.pk}/reissue/"))
    assert answer.status_code == 200, answer.json()
    player.refresh_from_db()
    body = answer.json()
    assert body["id"] == player.pk and body["code"] == player.code
    assert body["card_link"] == "http://testserver" + card_link(player, 2)
    assert player.card_version == 2 and player.reprint_since is not None


def test_the_api_refuses_anonymous_and_other_organisers(night):
    player = seated_now(night)
    address = url(night, f"players/{player.pk}/reissue/")
    assert client_for().post(address).status_code == 403
    assert client_for(UserFactory()).post(address).status_code == 403
    assert Player.objects.get(pk=player.pk).card_version == 1
    Player.objects.filter(pk=player.pk).update(active=False)
    refused = client_for(night.owner).post(address)
    assert refused.status_code == 409
    assert "has left the tournament" in str(refused.json())
