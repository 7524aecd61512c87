"""The organiser and public pages through Django's test client, on the real services."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.errors import DomainError
from scoring.engine import rule_set
from tournaments import services
from tournaments.models import Player, Round, Seat, Table, Tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Player {n:02d}" for n in range(1, 10)]


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("oscar", password="not-my-event")


@pytest.fixture
def tournament(organiser) -> Tournament:
    return services.create_tournament(
        owner=organiser,
        name="Tuesday club night",
        date=datetime.date(2026, 12, 1),
        venue="Legion Hall",
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=4,
    )


@pytest.fixture
def seated(tournament) -> Tournament:
    """A tournament with nine players and a four-round rotation (one bye a round)."""
    services.import_players(tournament=tournament, text="\n".join(NAMES))
    services.generate_rotation(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def _organiser_pages(t: Tournament) -> dict[str, str]:
    return {
        "detail": reverse("tournament-detail", args=[t.pk]),
        "edit": reverse("tournament-edit", args=[t.pk]),
        "round": reverse("round-detail", args=[t.pk, 1]),
        "changes": reverse("change-form", args=[t.pk]),
    }


def _organiser_actions(t: Tournament) -> dict[str, str]:
    return {
        "add player": reverse("player-add", args=[t.pk]),
        "import": reverse("player-import", args=[t.pk]),
        "rotation": reverse("rotation-generate", args=[t.pk]),
        "start": reverse("round-start", args=[t.pk, 1]),
        "close": reverse("round-close", args=[t.pk, 1]),
        "preview": reverse("change-preview", args=[t.pk]),
        "apply": reverse("change-apply", args=[t.pk]),
        "co-organiser": reverse("co-organiser-add", args=[t.pk]),
    }


PAGE_KEYS = ["detail", "edit", "round", "changes"]
ACTION_KEYS = [
    "add player",
    "import",
    "rotation",
    "start",
    "close",
    "preview",
    "apply",
    "co-organiser",
]


# --- access -----------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_each_organiser_page_renders_for_the_organiser(client, organiser, seated, page):
    client.force_login(organiser)
    response = client.get(_organiser_pages(seated)[page])
    assert response.status_code == 200
    assert seated.name.encode() in response.content


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_a_co_organiser_sees_the_organiser_pages(client, stranger, seated, page):
    services.add_co_organiser(tournament=seated, user=stranger)
    client.force_login(stranger)
    assert client.get(_organiser_pages(seated)[page]).status_code == 200


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_organiser_pages_are_forbidden_to_another_user(client, stranger, seated, page):
    client.force_login(stranger)
    assert client.get(_organiser_pages(seated)[page]).status_code == 403


@pytest.mark.parametrize("action", ACTION_KEYS)
def test_another_user_cannot_change_anything(client, stranger, seated, action):
    client.force_login(stranger)
    before = list(Seat.objects.values_list("pk", "player_id", "table_id").order_by("pk"))
    response = client.post(
        _organiser_actions(seated)[action],
        {"name": "Intruder", "text": "Intruder", "username": "oscar"},
    )
    assert response.status_code == 403
    assert not Player.objects.filter(name="Intruder").exists()
    assert list(Seat.objects.values_list("pk", "player_id", "table_id").order_by("pk")) == before
    assert set(Round.objects.values_list("status", flat=True)) == {Round.Status.PLANNED}


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_anonymous_visitors_are_sent_to_sign_in(client, seated, page):
    url = _organiser_pages(seated)[page]
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("action", ACTION_KEYS)
def test_anonymous_posts_are_sent_to_sign_in(client, seated, action):
    response = client.post(_organiser_actions(seated)[action], {"name": "Intruder"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Player.objects.filter(name="Intruder").exists()


def test_create_page_needs_sign_in(client):
    response = client.get(reverse("tournament-create"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_organiser_pages_refuse_a_post_without_the_csrf_token(organiser, seated):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organiser)
    response = strict.post(reverse("player-add", args=[seated.pk]), {"name": "Late Larry"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="Late Larry").exists()


# --- home and dashboard --------------------------------------------------------------


def test_dashboard_lists_only_the_tournaments_i_organise(client, organiser, stranger, tournament):
    services.create_tournament(
        owner=stranger,
        name="Someone else's night",
        date=datetime.date(2026, 12, 2),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=None,
    )
    client.force_login(organiser)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"Tuesday club night" in response.content
    assert b"Someone else" not in response.content
    assert reverse("tournament-detail", args=[tournament.pk]).encode() in response.content


def test_welcome_page_lists_public_tournaments_for_visitors(client, tournament):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert reverse("tournament-public", args=[tournament.pk]).encode() in response.content
    assert reverse("tournament-detail", args=[tournament.pk]).encode() not in response.content


# --- create and edit -------------------------------------------------------------------


def _create_data(**overrides) -> dict:
    data = {
        "name": "Friday progressive",
        "date": "2026-12-04",
        "venue": "Hall",
        "variant": "north-american",
        "format": "progressive",
        "round_play": "hands",
        "hands_per_round": "8",
        "entry_mode": "hands",
        "rounds_planned": "",
        "defender_alone": "allowed",
        "target": "",
        "deck": "",
    }
    data.update(overrides)
    return data


def test_create_form_describes_each_rule_option(client, organiser):
    client.force_login(organiser)
    content = client.get(reverse("tournament-create")).content.decode()
    for explanation in (
        "the dealer must name trump",
        "Only against a lone maker",
        "give the defenders 4 points",
        "North American only",
        "may not go alone",
        "10, 11 or 15",
    ):
        assert explanation in content


def test_creating_a_tournament_saves_it_with_the_chosen_options(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournament-create"),
        _create_data(stick_the_dealer="on", round_play="game", target="11", rounds_planned="6"),
    )
    tournament = Tournament.objects.get(name="Friday progressive")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament-detail", args=[tournament.pk])
    assert tournament.owner == organiser
    assert tournament.rounds_planned == 6
    assert tournament.options == {"stick_the_dealer": True, "target": 11}


def test_an_organiser_chooses_totals_only_entry_for_the_tables(client, organiser):
    client.force_login(organiser)
    client.post(reverse("tournament-create"), _create_data(entry_mode="totals"))
    tournament = Tournament.objects.get(name="Friday progressive")
    assert tournament.entry_mode == Tournament.EntryMode.TOTALS
    edit_page = client.get(reverse("tournament-edit", args=[tournament.pk])).content.decode()
    assert 'value="totals" id="id_entry_mode_1" required checked' in edit_page


def test_create_form_refuses_a_combination_the_engine_refuses(client, organiser):
    refused = {"variant": "north-american", "deck": "50"}
    with pytest.raises(DomainError) as expected:
        services.create_tournament(
            owner=organiser,
            name="x",
            date=datetime.date(2026, 12, 4),
            variant="north-american",
            options={"deck": 50},
            format="progressive",
            round_play="hands",
            hands_per_round=8,
            rounds_planned=None,
        )
    client.force_login(organiser)
    response = client.post(reverse("tournament-create"), _create_data(**refused))
    assert response.status_code == 200
    assert expected.value.message in response.content.decode()
    assert not Tournament.objects.filter(name="Friday progressive").exists()


def test_create_form_refuses_an_option_the_variant_does_not_play(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournament-create"),
        _create_data(variant="two-handed", format="heads-up", super_euchre="on"),
    )
    assert response.status_code == 200
    assert 'class="form-error"' in response.content.decode()
    assert not Tournament.objects.filter(name="Friday progressive").exists()


def test_an_option_the_game_does_not_play_is_named_as_the_form_names_it(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournament-create"),
        _create_data(variant="six-handed", format="six-handed", dealer_partner_alone="on"),
    )
    errors = re.search(r'class="errorlist nonfield"><li>(.*?)</li>', response.content.decode())
    assert errors is not None
    assert errors.group(1) == "Six-handed Euchre does not play the option “Canadian loner”."


def test_a_british_night_plays_the_two_of_spades_as_the_benny(client, organiser):
    client.force_login(organiser)
    form = client.get(reverse("tournament-create")).content.decode()
    assert "Two of spades as the Benny" in form
    client.post(
        reverse("tournament-create"), _create_data(variant="british", two_of_spades_benny="on")
    )
    tournament = Tournament.objects.get(name="Friday progressive")
    assert tournament.options == {"two_of_spades_benny": True}
    refused = client.post(
        reverse("tournament-create"),
        _create_data(name="No Benny", variant="british", deck="24", two_of_spades_benny="on"),
    )
    assert "needs a pack with the Benny (25 or 33 cards)" in refused.content.decode()


def test_editing_a_tournament_changes_it(client, organiser, tournament):
    client.force_login(organiser)
    url = reverse("tournament-edit", args=[tournament.pk])
    assert b'value="Tuesday club night"' in client.get(url).content
    response = client.post(url, _create_data(name="Renamed night", rounds_planned="5", seed="3"))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds_planned) == ("Renamed night", 5)


# --- players and teams -----------------------------------------------------------------


def test_adding_a_player(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(reverse("player-add", args=[tournament.pk]), {"name": "Ann"})
    assert response.status_code == 302
    assert list(tournament.players.values_list("name", flat=True)) == ["Ann"]


def test_adding_a_player_through_htmx_returns_the_players_list(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(
        reverse("player-add", args=[tournament.pk]), {"name": "Ann"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "Ann" in content
    assert "<html" not in content


def test_a_player_added_in_place_updates_the_count_and_the_rounds_the_draw_will_plan(
    client, organiser
):
    """The list is swapped in place, and with it what counts the players: "13 players
    are playing." and, the number of rounds left empty, what the draw will plan (the
    complete rotation of 12 players is 11 rounds; of 13, 13 rounds, so 8 are planned)."""
    empty = services.create_tournament(
        owner=organiser,
        name="Rounds left empty",
        date=datetime.date(2026, 12, 1),
        venue="",
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=None,
    )
    services.import_players(tournament=empty, text="\n".join(f"Player {i}" for i in range(12)))
    client.force_login(organiser)
    page = client.get(reverse("tournament-detail", args=[empty.pk])).content.decode()
    assert "complete rotation" in page and "12 players are playing." in page
    response = client.post(
        reverse("player-add", args=[empty.pk]), {"name": "Thirteen"}, HTTP_HX_REQUEST="true"
    )
    content = response.content.decode()
    assert "Thirteen" in content and "<html" not in content
    assert re.search(r'<span id="rounds-shown" hx-swap-oob="true">\s*8 rounds\s*</span>', content)
    playing = r'<p class="help" id="playing-count" hx-swap-oob="true">\s*13 players are playing\.'
    assert re.search(playing, content)


def test_adding_a_player_through_htmx_reloads_a_page_whose_rotation_it_drops(
    client, organiser, seated
):
    client.force_login(organiser)
    response = client.post(
        reverse("player-add", args=[seated.pk]), {"name": "Late Larry"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert response["HX-Refresh"] == "true"
    assert not seated.rounds.exists()


def test_pasting_a_list_imports_every_player(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(
        reverse("player-import", args=[tournament.pk]), {"text": "\n".join(NAMES)}
    )
    assert response.status_code == 302
    assert tournament.players.count() == len(NAMES)


def test_uploading_a_csv_file_shows_the_names_then_imports_them(client, organiser, tournament):
    client.force_login(organiser)
    upload = SimpleUploadedFile("players.csv", "\n".join(NAMES).encode("utf-8-sig"))
    response = client.post(reverse("player-import", args=[tournament.pk]), {"file": upload})
    assert response.status_code == 200
    assert all(name in response.content.decode() for name in NAMES)
    assert not tournament.players.exists()
    content = re.search(r'name="content" value="([^"]*)"', response.content.decode()).group(1)
    response = client.post(
        reverse("player-import", args=[tournament.pk]),
        {"content": content, "shown": "utf-8", "encoding": "utf-8", "action": "confirm"},
    )
    assert response.status_code == 302
    assert sorted(tournament.players.values_list("name", flat=True)) == NAMES


def test_a_bad_paste_lists_each_bad_line_and_imports_nothing(client, organiser, tournament):
    text = "\n".join(["Ann", "Bob", "Ann", "x" * 200, "Cat"])
    with pytest.raises(DomainError) as expected:
        services.import_players(tournament=tournament, text=text)
    assert len(expected.value.details) >= 2

    client.force_login(organiser)
    response = client.post(reverse("player-import", args=[tournament.pk]), {"text": text})
    content = response.content.decode()
    assert response.status_code == 400
    assert tournament.players.count() == 0
    assert "Nothing was imported" in content
    for problem in expected.value.details:
        assert problem in content
    assert any("3" in problem for problem in expected.value.details)
    assert any("4" in problem for problem in expected.value.details)


def test_teams_can_be_drawn_at_random(client, organiser):
    teams = services.create_tournament(
        owner=organiser,
        name="Pairs night",
        date=datetime.date(2026, 12, 5),
        variant="north-american",
        options={},
        format="teams",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=None,
    )
    services.import_players(tournament=teams, text="\n".join(NAMES[:8]))
    client.force_login(organiser)
    page = client.get(reverse("tournament-detail", args=[teams.pk])).content.decode()
    assert "Draw teams at random" in page and "Pair by hand" in page
    response = client.post(reverse("teams-random", args=[teams.pk]))
    assert response.status_code == 302
    assert teams.teams.count() == 4
    assert all(team.members.count() == 2 for team in teams.teams.all())


def test_teams_can_be_paired_by_hand(client, organiser):
    teams = services.create_tournament(
        owner=organiser,
        name="Pairs night",
        date=datetime.date(2026, 12, 5),
        variant="north-american",
        options={},
        format="teams",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=None,
    )
    players = services.import_players(tournament=teams, text="\n".join(NAMES[:4]))
    client.force_login(organiser)
    numbers = {players[0]: 1, players[3]: 1, players[1]: 2, players[2]: 2}
    response = client.post(
        reverse("teams-pair", args=[teams.pk]),
        {f"team_{player.pk}": number for player, number in numbers.items()},
    )
    assert response.status_code == 302
    pairs = {frozenset(team.members.values_list("name", flat=True)) for team in teams.teams.all()}
    assert pairs == {
        frozenset({players[0].name, players[3].name}),
        frozenset({players[1].name, players[2].name}),
    }


# --- rotation and rounds -----------------------------------------------------------------


def test_generating_the_rotation_shows_its_quality_summary(client, organiser, tournament):
    services.import_players(tournament=tournament, text="\n".join(NAMES))
    client.force_login(organiser)
    response = client.post(reverse("rotation-generate", args=[tournament.pk]), follow=True)
    content = response.content.decode()
    assert tournament.rounds.count() == 4
    assert "How fair the seating is" in content
    assert "Repeated partners" in content
    assert "Byes per player" in content
    assert "Opponent meetings" in content


def test_round_page_shows_tables_seats_byes_and_qr_codes(client, organiser, seated):
    client.force_login(organiser)
    response = client.get(reverse("round-detail", args=[seated.pk, 1]))
    content = response.content.decode()
    tables = list(Table.objects.filter(round__tournament=seated, round__number=1))
    assert len(tables) == 2
    assert content.count("<svg") == len(tables)
    for table in tables:
        assert reverse("table-entry", args=[table.token]) in content
        for seat in table.seats.all():
            assert seat.player.name in content
    bye = Round.objects.get(tournament=seated, number=1).byes.get().player
    assert "Bye this round" in content and bye.name in content
    assert "North" in content and "vs" in content


def test_starting_and_closing_a_round(client, organiser, seated):
    client.force_login(organiser)
    client.post(reverse("round-start", args=[seated.pk, 1]))
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.IN_PLAY

    # No table has a confirmed result yet: the round stays open and the organiser is
    # sent to the results page, which says which tables are missing.
    response = client.post(reverse("round-results-close", args=[seated.pk, 1]), {"next": "round"})
    assert response["Location"] == reverse("round-results", args=[seated.pk, 1])
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.IN_PLAY
    page = client.get(response["Location"])
    assert "not confirmed yet" in page.content.decode()

    response = client.post(
        reverse("round-results-close", args=[seated.pk, 1]), {"force": "1"}, follow=True
    )
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.CLOSED
    # Closed from the results board, the organiser lands where the next step is offered.
    html = response.content.decode()
    assert 'id="next-step"' in html and "Start round 2" in html


# --- public pages --------------------------------------------------------------------------


def _tokens(t: Tournament) -> list[str]:
    return list(Table.objects.filter(round__tournament=t).values_list("token", flat=True))


def test_public_rotation_page_shows_no_tokens_in_any_round(client, seated):
    for number in range(1, 5):
        response = client.get(reverse("tournament-public", args=[seated.pk]), {"round": number})
        content = response.content.decode()
        assert response.status_code == 200
        assert f"Round {number} <span" in content
        assert "<svg" not in content
        for token in _tokens(seated):
            assert token not in content


def _round_headings(content: str) -> list[str]:
    return re.findall(r"<h2>Round (\d+) <span", content)


def _tables_shown(content: str) -> list[list[str]]:
    """The players of each table on the page, in page order."""
    return [
        sorted(re.findall(r'<a href="/t/\d+/players/\d+/">([^<]+)</a>', card))
        for card in content.split('class="table-card"')[1:]
    ]


def _seated_at(rnd: Round) -> list[list[str]]:
    return [
        sorted(t.seats.values_list("player__name", flat=True))
        for t in rnd.tables.order_by("number")
    ]


def test_public_rotation_page_shows_one_round_the_current_by_default(client, seated):
    url = reverse("tournament-public", args=[seated.pk])
    first = client.get(url).content.decode()
    # Nothing started: the next round to play, alone, with a picker to every round.
    assert _round_headings(first) == ["1"]
    for number in range(1, 5):
        assert f'href="?round={number}"' in first
    round_one = Round.objects.get(tournament=seated, number=1)
    assert _tables_shown(first) == _seated_at(round_one)

    services.start_round(round=round_one)
    # Round 1 closed and round 2 in play: round 2 is the default.
    Round.objects.filter(pk=round_one.pk).update(status=Round.Status.CLOSED)
    services.start_round(round=Round.objects.get(tournament=seated, number=2))
    assert _round_headings(client.get(url).content.decode()) == ["2"]

    third = client.get(url, {"round": 3}).content.decode()
    assert _round_headings(third) == ["3"]
    round_three = Round.objects.get(tournament=seated, number=3)
    assert _tables_shown(third) == _seated_at(round_three)
    # "Where do I sit?" still lists everyone, whichever round is shown.
    for player in seated.players.all():
        assert f'href="{reverse("player-seat", args=[seated.pk, player.pk])}"' in third
    # A round that does not exist is not an error: the current round is shown.
    assert _round_headings(client.get(url, {"round": "99"}).content.decode()) == ["2"]
    assert _round_headings(client.get(url, {"round": "x"}).content.decode()) == ["2"]


def test_where_do_i_sit_shows_the_next_seat_and_the_whole_night(client, seated):
    player = seated.players.first()
    response = client.get(reverse("player-seat", args=[seated.pk, player.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert player.name in content
    assert "Next, round 1" in content
    assert content.count('class="round-no"') == 4
    for token in _tokens(seated):
        assert token not in content


def test_where_do_i_sit_is_only_for_the_players_own_tournament(client, organiser, seated):
    other = services.create_tournament(
        owner=organiser,
        name="Other",
        date=datetime.date(2026, 12, 9),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=None,
    )
    player = seated.players.first()
    assert client.get(reverse("player-seat", args=[other.pk, player.pk])).status_code == 404


def test_each_qr_code_on_the_round_page_opens_its_tables_entry_page(client, organiser, seated):
    client.force_login(organiser)
    page = client.get(reverse("round-detail", args=[seated.pk, 2])).content.decode()
    client.logout()
    for table in Table.objects.filter(round__tournament=seated, round__number=2):
        link = reverse("table-entry", args=[table.token])
        assert f'href="http://testserver{link}"' in page
        # The scorer has no account: the link alone opens the table's page.
        response = client.get(link)
        assert response.status_code == 200
        for seat in table.seats.all():
            assert seat.player.name in response.content.decode()


# --- changes on the night ---------------------------------------------------------------------


def test_change_preview_shows_the_diff_and_changes_nothing(client, organiser, seated):
    services.start_round(round=seated.rounds.get(number=1))
    leaving = seated.players.get(name="Player 03")
    before = list(Seat.objects.values_list("table_id", "player_id", "position").order_by("pk"))
    client.force_login(organiser)
    response = client.post(reverse("change-preview", args=[seated.pk]), {"withdraw": [leaving.pk]})
    content = response.content.decode()
    assert response.status_code == 200
    assert "Player 03" in content
    assert "Confirm" in content
    assert f'name="withdraw" value="{leaving.pk}"' in content
    leaving.refresh_from_db()
    assert leaving.active
    after = list(Seat.objects.values_list("table_id", "player_id", "position").order_by("pk"))
    assert after == before


def test_confirming_a_withdrawal_replans_only_the_remaining_rounds(client, organiser, seated):
    services.start_round(round=seated.rounds.get(number=1))
    leaving = seated.players.get(name="Player 03")
    played = list(
        Seat.objects.filter(table__round__number=1, table__round__tournament=seated)
        .values_list("table__number", "player_id", "position")
        .order_by("table__number", "position")
    )
    client.force_login(organiser)
    response = client.post(reverse("change-apply", args=[seated.pk]), {"withdraw": [leaving.pk]})
    assert response.status_code == 302
    leaving.refresh_from_db()
    assert not leaving.active
    assert not Seat.objects.filter(player=leaving, table__round__number__gt=1).exists()
    assert played == list(
        Seat.objects.filter(table__round__number=1, table__round__tournament=seated)
        .values_list("table__number", "player_id", "position")
        .order_by("table__number", "position")
    )


def test_a_late_arrival_and_a_substitute_are_previewed_then_applied(client, organiser, seated):
    leaving = seated.players.get(name="Player 05")
    data = {"arrive": "Late Larry", "substitute_out": leaving.pk, "substitute_in": "Sub Sam"}
    client.force_login(organiser)
    preview = client.post(reverse("change-preview", args=[seated.pk]), data)
    assert preview.status_code == 200
    assert "Late Larry" in preview.content.decode() and "Sub Sam" in preview.content.decode()
    assert not Player.objects.filter(name__in=["Late Larry", "Sub Sam"]).exists()
    client.post(reverse("change-apply", args=[seated.pk]), data)
    assert Seat.objects.filter(player__name="Late Larry").exists()
    assert Seat.objects.filter(player__name="Sub Sam").exists()


def test_an_empty_change_is_refused_on_the_form(client, organiser, seated):
    client.force_login(organiser)
    response = client.post(reverse("change-preview", args=[seated.pk]), {})
    assert response.status_code == 400
    assert "Choose at least one change" in response.content.decode()


# --- every format ------------------------------------------------------------------------------

FORMATS = [
    # (format, variant, players): tables of 4, 4 with fixed pairs, 6, 3 and 2.
    ("progressive", "british", 8),
    ("teams", "north-american", 8),
    ("six-handed", "six-handed", 12),
    ("cutthroat", "three-handed", 6),
    ("heads-up", "two-handed", 4),
]


def _seated_night(organiser, fmt: str, variant: str, count: int, options: dict) -> Tournament:
    """A two-round night of one game a round in `fmt`, its rotation generated."""
    t = services.create_tournament(
        owner=organiser,
        name=f"{fmt} night",
        date=datetime.date(2026, 12, 10),
        variant=variant,
        options=options,
        format=fmt,
        round_play="game",
        rounds_planned=2,
    )
    services.import_players(tournament=t, text="\n".join(f"Player {n}" for n in range(count)))
    if fmt in ("teams", "six-handed"):
        services.pair_teams_at_random(tournament=t, seed=1)
    services.generate_rotation(tournament=t)
    return t


@pytest.mark.parametrize(
    ("fmt", "variant", "count", "partners_rotate"),
    [(*row, row[0] == "progressive") for row in FORMATS],
)
def test_the_seating_panel_counts_repeated_partners_only_where_partners_change(
    client, organiser, fmt, variant, count, partners_rotate
):
    options = {"target": 15} if fmt == "teams" else {}
    t = _seated_night(organiser, fmt, variant, count, options)
    client.force_login(organiser)
    content = client.get(reverse("tournament-detail", args=[t.pk])).content.decode()
    assert "How fair the seating is" in content
    assert ("Repeated partners" in content) == partners_rotate
    target = 15 if fmt == "teams" else rule_set(variant, {}).target
    assert f"one game to {target} each round" in content


@pytest.mark.parametrize(("fmt", "variant", "count"), FORMATS)
def test_every_format_renders_its_round_public_and_player_pages(
    client, organiser, fmt, variant, count
):
    t = _seated_night(organiser, fmt, variant, count, {})
    player = t.players.first()
    client.force_login(organiser)
    for url in (
        reverse("tournament-detail", args=[t.pk]),
        reverse("round-detail", args=[t.pk, 1]),
        reverse("tournament-public", args=[t.pk]),
        reverse("player-seat", args=[t.pk, player.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert player.name in response.content.decode()


def test_after_a_replan_the_page_keeps_offering_to_reprint_the_moved_players_cards(
    client, organiser, seated
):
    services.start_round(round=seated.rounds.get(number=1))
    leaving = seated.players.get(name="Player 03")
    client.force_login(organiser)
    client.post(reverse("change-apply", args=[seated.pk]), {"withdraw": [leaving.pk]})

    page = client.get(seated.get_absolute_url()).content.decode()
    assert "Printouts to redo" in page and "Print these scorecards" in page
    notice = page[page.index('id="reprint"') : page.index('id="players-section"')]
    (query,) = re.findall(r'href="[^"]*/print/tournaments/\d+/\?([^"]+)"', notice)
    chosen = {int(v) for v in re.findall(r"players=(\d+)", query)}
    # Everyone whose remaining seats moved, nobody who left, and not the whole room
    # unless the re-plan really moved everyone.
    moved = set(
        Seat.objects.filter(
            table__round__tournament=seated, table__round__number__gt=1
        ).values_list("player_id", flat=True)
    )
    assert chosen and chosen <= moved and leaving.pk not in chosen
    # Until they are printed, every visit shows them.
    assert "Print these scorecards" in client.get(seated.get_absolute_url()).content.decode()


# --- organisers ---------------------------------------------------------------------


def test_the_owner_removes_a_co_organiser_who_then_loses_access(
    client, organiser, stranger, seated
):
    services.add_co_organiser(tournament=seated, user=stranger)
    client.force_login(organiser)
    page = client.get(seated.get_absolute_url()).content.decode()
    remove = reverse("co-organiser-remove", args=[seated.pk, stranger.pk])
    assert remove in page
    response = client.post(remove, follow=True)
    assert "oscar no longer organises this tournament." in response.content.decode()
    assert not seated.co_organisers.exists()
    client.force_login(stranger)
    assert client.get(seated.get_absolute_url()).status_code == 403


def test_a_co_organiser_steps_down_but_cannot_remove_another(
    client, organiser, stranger, seated, django_user_model
):
    third = django_user_model.objects.create_user("thea", password="also-helping")
    services.add_co_organiser(tournament=seated, user=stranger)
    services.add_co_organiser(tournament=seated, user=third)
    client.force_login(stranger)
    page = client.get(seated.get_absolute_url()).content.decode()
    assert reverse("co-organiser-remove", args=[seated.pk, third.pk]) not in page
    refused = client.post(reverse("co-organiser-remove", args=[seated.pk, third.pk]))
    assert refused.status_code == 403
    assert set(seated.co_organisers.all()) == {stranger, third}

    response = client.post(reverse("co-organiser-remove", args=[seated.pk, stranger.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert set(seated.co_organisers.all()) == {third}


def test_a_stranger_cannot_remove_an_organiser(client, stranger, seated, django_user_model):
    helper = django_user_model.objects.create_user("hal", password="helping-out")
    services.add_co_organiser(tournament=seated, user=helper)
    client.force_login(stranger)
    response = client.post(reverse("co-organiser-remove", args=[seated.pk, helper.pk]))
    assert response.status_code == 403
    assert list(seated.co_organisers.all()) == [helper]


def test_organiser_page_lists_rounds_and_their_tables_without_reading_seats(
    client, organiser, seated
):
    """The rounds list shows each round's number of tables; its work must not grow with
    players x rounds (400 players x 30 rounds is 12,000 seats), so no seat is read."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(organiser)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournament-detail", args=[seated.pk]))
    assert response.status_code == 200
    rounds_list = response.content.decode().split('id="rounds"', 1)[1]
    rows = re.findall(r"Round (\d+)</a></td>\s*<td>.*?</td>\s*<td>(\d+)</td>", rounds_list, re.S)
    assert rows == [(str(n), "2") for n in range(1, 5)]
    assert not [q["sql"] for q in queries.captured_queries if '"tournaments_seat"' in q["sql"]]


def test_the_old_close_address_sends_the_form_on_to_the_one_close_page(client, organiser, seated):
    """round-close answers 307: a browser posts the same form to round-results-close,
    which closes the round (or says why not) and goes back to the page pressed on."""
    client.force_login(organiser)
    client.post(reverse("round-start", args=[seated.pk, 1]))
    old = reverse("round-close", args=[seated.pk, 1])
    one = reverse("round-results-close", args=[seated.pk, 1])

    answer = client.post(old, {"next": "round"})
    assert answer.status_code == 307 and answer["Location"] == f"{one}?next=round"
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.IN_PLAY
    # Followed (the same POST again), the open tables keep the round open.
    refused = client.post(old, {"next": "round"}, follow=True)
    assert refused.redirect_chain[-1][0] == reverse("round-results", args=[seated.pk, 1])
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.IN_PLAY

    closed = client.post(old, {"force": "1"}, follow=True)
    assert Round.objects.get(tournament=seated, number=1).status == Round.Status.CLOSED
    # Pressed on the tournament's page (no `next`), the organiser stays there.
    assert closed.redirect_chain[-1][0] == seated.get_absolute_url()
    assert "Round 1 closed." in closed.content.decode()


def test_the_close_buttons_post_to_the_one_close_page(client, organiser, seated):
    client.force_login(organiser)
    client.post(reverse("round-start", args=[seated.pk, 1]))
    one = reverse("round-results-close", args=[seated.pk, 1])
    for page, where in (
        (seated.get_absolute_url(), "tournament"),
        (reverse("round-detail", args=[seated.pk, 1]), "round"),
    ):
        html = client.get(page).content.decode()
        assert f'action="{one}"' in html, page
        assert f'name="next" value="{where}"' in html, page
    assert reverse("round-close", args=[seated.pk, 1]) not in html
