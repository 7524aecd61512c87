"""A player marked late before round 1 sits out the first round: the rotation gives
them its byes. With no bye to give they wait outside the plan and, once here, join at
the first round not yet started."""

from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import UserFactory, sample_names
from tests.integration.test_change_counts import counted_from_rows, places_and_mates
from tournaments import rotations, services
from tournaments.models import Bye, PrintJob, Seat, Tournament
from tournaments.printing.services import request_print
from tournaments.services import late

pytestmark = pytest.mark.django_db


def progressive_night(count: int, rounds: int = 4) -> Tournament:
    tournament = services.create_tournament(
        owner=UserFactory(),
        name="Legion Hall Euchre",
        date=datetime.date(2026, 12, 2),
        venue="",
        variant=Tournament.Variant.NORTH_AMERICAN,
        options={},
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        hands_per_round=8,
        rounds_planned=rounds,
    )
    services.import_players(tournament=tournament, text="\n".join(sample_names(count)))
    return tournament


def _rounds_seated(player) -> list[int]:
    return sorted(Seat.objects.filter(player=player).values_list("table__round__number", flat=True))


def _partnerships(tournament) -> list[frozenset[int]]:
    pairs = []
    for seat in Seat.objects.filter(table__round__tournament=tournament):
        mates = Seat.objects.filter(table=seat.table, side=seat.side).exclude(pk=seat.pk)
        # Each partnership once a round, from its lower-numbered player.
        pairs += [frozenset((seat.player_id, m.player_id)) for m in mates if m.pk > seat.pk]
    return pairs


def test_thirteen_players_the_late_one_takes_round_ones_bye(client):
    tournament = progressive_night(13)
    services.generate_rotation(tournament=tournament)
    kit = tournament.players.get(name=sample_names(13)[10])
    client.force_login(tournament.owner)
    before = places_and_mates(tournament, 1)
    response = client.post(
        reverse("player-late", args=[tournament.pk, kit.pk]), {"late": "yes"}, follow=True
    )
    assert (
        f"{kit.name} is on the late list and sits out the first round." in response.content.decode()
    )

    assert list(Bye.objects.filter(round__number=1).values_list("player", flat=True)) == [kit.pk]
    assert _rounds_seated(kit) == [2, 3, 4]
    # Still one bye a round, and nobody partners anybody twice.
    for number in range(1, 5):
        assert Bye.objects.filter(round__tournament=tournament, round__number=number).count() == 1
    pairs = _partnerships(tournament)
    assert len(pairs) == len(set(pairs))

    seat_page = client.get(reverse("player-seat", args=[tournament.pk, kit.pk])).content.decode()
    assert "You are on the late list: you join in round 2." in seat_page
    # Kit and whoever had round 1's bye sit somewhere else; the cards of those who now
    # meet one instead of the other list a changed partner or opponent.
    tournament.refresh_from_db()
    assert tournament.reprints["last_change"]["sit_elsewhere"] == 2
    listed = set(tournament.players.filter(reprint_since__isnull=False))
    assert kit in listed
    # Counted from the stored rows: only cards that now read differently.
    assert (2, len(listed)) == counted_from_rows(before, places_and_mates(tournament, 1))
    assert len(listed) == tournament.reprints["last_change"]["new_table_mates"] < 13


def test_the_late_players_scorecard_says_when_they_join(eager, django_capture_on_commit_callbacks):
    tournament = progressive_night(13)
    kit = tournament.players.get(name=sample_names(13)[10])
    late.mark_late(player=kit)
    services.generate_rotation(tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        job = request_print(tournament=tournament, kind="scorecards", per_page=1, players=[kit.pk])
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE
    with job.pdf.open("rb") as handle:
        (page,) = [p.extract_text() for p in PdfReader(io.BytesIO(handle.read())).pages]
    assert "Joins in round 2" in page and kit.name.split()[0] in page


def test_twelve_players_the_late_one_waits_outside_the_plan_then_joins_at_the_next_round(
    client,
):
    tournament = progressive_night(12)
    lou = tournament.players.get(name=sample_names(12)[11])
    late.mark_late(player=lou)
    services.generate_rotation(tournament=tournament)
    # Twelve in fours have no bye to give: the eleven on time are planned without Lou.
    assert _rounds_seated(lou) == [] and not Bye.objects.filter(player=lou).exists()
    assert (
        Seat.objects.filter(table__round__number=1, table__round__tournament=tournament).count()
        == 8
    )
    client.force_login(tournament.owner)
    seat_page = client.get(reverse("player-seat", args=[tournament.pk, lou.pk])).content.decode()
    assert "tell the organiser when you arrive" in seat_page

    services.start_round(round=tournament.rounds.get(number=1))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Mark as late" not in page and "Here now" in page
    response = client.post(
        reverse("player-late", args=[tournament.pk, lou.pk]), {"late": "no"}, follow=True
    )
    assert f"{lou.name} is present and plays from round 2." in response.content.decode()
    lou.refresh_from_db()
    assert lou.active and not lou.late
    assert _rounds_seated(lou)[0] == 2
    # Round 1 stays as played; the rest now seats all twelve.
    assert not Seat.objects.filter(player=lou, table__round__number=1).exists()
    later = Seat.objects.filter(table__round__tournament=tournament, table__round__number=2)
    assert later.count() == 12


def test_here_now_before_round_one_plans_the_player_in_from_round_one():
    tournament = progressive_night(12)
    lou = tournament.players.get(name=sample_names(12)[11])
    late.mark_late(player=lou)
    services.generate_rotation(tournament=tournament)
    late.here_now(player=lou)
    assert _rounds_seated(lou) == [1, 2, 3, 4]


def test_marking_late_once_play_has_begun_is_refused_in_words(client):
    tournament = progressive_night(13)
    services.generate_rotation(tournament=tournament)
    services.start_round(round=tournament.rounds.get(number=1))
    player = tournament.players.first()
    client.force_login(tournament.owner)
    response = client.post(
        reverse("player-late", args=[tournament.pk, player.pk]), {"late": "yes"}, follow=True
    )
    assert "The first round has started" in response.content.decode()
    player.refresh_from_db()
    assert not player.late


def test_late_relabelling_keeps_every_partnership_of_the_draw():
    names = sample_names(13)
    drawn = rotations.generate("progressive", names, 4, seed=3)
    (bye,) = drawn.rounds[0].byes
    late_name = next(n for n in names if n != bye)
    relabelled = rotations.late.give_first_byes(drawn, [late_name])
    assert relabelled.rounds[0].byes == (late_name,)
    # The same figures, only two players' own ones traded.
    assert _anonymous(rotations.report(relabelled)) == _anonymous(rotations.report(drawn))


def _anonymous(report) -> dict:
    return {
        key: sorted(map(str, value.values())) if isinstance(value, dict) else value
        for key, value in report.as_dict().items()
    }


def _round_one_byes(tournament) -> set[str]:
    return set(
        Bye.objects.filter(round__tournament=tournament, round__number=1).values_list(
            "player__name", flat=True
        )
    )


@pytest.mark.parametrize("strategy", ["fewest", "balance"])
def test_a_change_before_round_one_keeps_the_late_player_on_round_ones_bye(strategy):
    # 13 players, Kit late and on the bye; another player arrives: 14 means two byes
    # in round 1, and Kit still holds one whichever plan the organiser picks.
    tournament = progressive_night(13)
    services.generate_rotation(tournament=tournament)
    kit = tournament.players.get(name=sample_names(13)[10])
    late.mark_late(player=kit)
    services.apply_change(tournament=tournament, arrive=["Zed Newcomer"], strategy=strategy)
    assert kit.name in _round_one_byes(tournament)
    assert 1 not in _rounds_seated(kit)


@pytest.mark.parametrize("strategy", ["fewest", "balance"])
def test_a_withdrawal_before_round_one_leaves_a_late_player_with_no_bye_outside_the_plan(
    strategy,
):
    # 13 less one is 12: round 1 has no bye, so Kit waits outside the plan instead of
    # being seated at a table they cannot reach in time.
    tournament = progressive_night(13)
    services.generate_rotation(tournament=tournament)
    names = sample_names(13)
    kit = tournament.players.get(name=names[10])
    late.mark_late(player=kit)
    leaver = tournament.players.get(name=names[0])
    services.apply_change(tournament=tournament, withdraw=[leaver], strategy=strategy)
    assert _rounds_seated(kit) == []
    assert not Bye.objects.filter(player=kit).exists()
    kit.refresh_from_db()
    assert kit.late and kit.active
