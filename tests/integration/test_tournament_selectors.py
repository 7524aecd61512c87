"""Tournament reads: who may organise, seating for pages, a player's night, bounded queries."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from core import permissions
from scoring import services as scoring_services
from tests.factories import UserFactory
from tournaments import rotations, selectors, services
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Player {chr(65 + i)}" for i in range(26)]

# rounds, tables, seats with players, byes with players.
SEATING_QUERIES = 4


def seated(count: int, rounds: int = 8, *, owner=None, fmt="progressive", seed=3) -> Tournament:
    variant = rotations.spec(fmt).variants[0]
    tournament = services.create_tournament(
        owner=owner or UserFactory(),
        name=f"{count} players",
        date=datetime.date(2026, 3, 5),
        variant=variant,
        options={},
        format=fmt,
        round_play="hands",
        hands_per_round=8,
        rounds_planned=rounds,
        seed=seed,
    )
    services.import_players(tournament=tournament, text="\n".join(NAMES[:count]))
    services.generate_rotation(tournament=tournament)
    return tournament


def same_seating(a, b) -> bool:
    """Equal rounds, tables and sides; byes compared as sets (they have no order)."""

    def key(rounds):
        return [(r.number, r.tables, frozenset(r.byes)) for r in rounds]

    return key(a) == key(b)


# --------------------------------------------------------------------------- permissions


def test_tournaments_for_lists_what_a_user_owns_or_co_organises_with_player_counts():
    owner, helper, stranger = UserFactory(), UserFactory(), UserFactory()
    mine = seated(9, 2, owner=owner, fmt="cutthroat")
    other = seated(6, 2, owner=helper, fmt="heads-up")
    services.add_co_organiser(tournament=mine, user=helper)
    services.add_co_organiser(tournament=mine, user=stranger)
    services.remove_co_organiser(tournament=mine, user=stranger, removed_by=owner)

    assert list(selectors.tournaments_for(owner)) == [mine]
    listed = {t.pk: t.player_count for t in selectors.tournaments_for(helper)}
    assert listed == {mine.pk: 9, other.pk: 6}
    assert not selectors.tournaments_for(stranger).exists()
    assert not selectors.tournaments_for(AnonymousUser()).exists()


def test_tournament_for_organiser_lets_organisers_in_and_keeps_others_out():
    owner, helper, stranger = UserFactory(), UserFactory(), UserFactory()
    tournament = seated(6, 2, owner=owner, fmt="heads-up")
    services.add_co_organiser(tournament=tournament, user=helper)

    assert permissions.organised_tournament(pk=tournament.pk, user=owner) == tournament
    assert permissions.organised_tournament(pk=tournament.pk, user=helper) == tournament
    with pytest.raises(PermissionDenied):
        permissions.organised_tournament(pk=tournament.pk, user=stranger)
    with pytest.raises(PermissionDenied):
        permissions.organised_tournament(pk=tournament.pk, user=AnonymousUser())
    with pytest.raises(Http404):
        permissions.organised_tournament(pk=tournament.pk + 1000, user=owner)


# --------------------------------------------------------------------------- seating


def test_rounds_with_seating_reads_a_big_event_in_a_fixed_number_of_queries(
    django_assert_max_num_queries,
):
    tournament = seated(13, 8)
    big = seated(25, 8)
    for event in (tournament, big):
        with django_assert_max_num_queries(SEATING_QUERIES):
            rounds = selectors.rounds_with_seating(event)
            seen = [
                (seat.player.name, seat.position, seat.side)
                for rnd in rounds
                for table in rnd.tables.all()
                for seat in table.seats.all()
            ] + [bye.player.name for rnd in rounds for bye in rnd.byes.all()]
        assert len(rounds) == 8
        assert len(seen) == 8 * (13 if event is tournament else 25)


def test_round_with_seating_gives_one_round_or_404(django_assert_max_num_queries):
    tournament = seated(13, 4)
    with django_assert_max_num_queries(SEATING_QUERIES):
        rnd = selectors.round_with_seating(tournament, 2)
        tables = [
            (t.number, t.token, [s.player.name for s in t.seats.all()]) for t in rnd.tables.all()
        ]
        byes = [b.player.name for b in rnd.byes.all()]
    assert rnd.number == 2
    assert [number for number, _token, _names in tables] == [1, 2, 3]
    assert all(len(names) == 4 for _number, _token, names in tables)
    assert len(byes) == 1
    with pytest.raises(Http404):
        selectors.round_with_seating(tournament, 5)


def test_schedule_of_rebuilds_the_engines_schedule(django_assert_max_num_queries):
    for fmt, count in (("progressive", 13), ("cutthroat", 10), ("heads-up", 7)):
        tournament = seated(count, 4, fmt=fmt)
        with django_assert_max_num_queries(SEATING_QUERIES):
            schedule = selectors.schedule_of(tournament)
        expected = rotations.generate(fmt, NAMES[:count], 4, seed=3)
        assert schedule.format == fmt
        assert same_seating(schedule.rounds, expected.rounds)
        assert set(schedule.players) == set(NAMES[:count])


# --------------------------------------------------------------------------- a player's night


def test_player_itinerary_tells_table_seat_partners_and_opponents_or_the_bye(
    django_assert_max_num_queries,
):
    tournament = seated(13, 8)
    schedule = selectors.schedule_of(tournament)
    player = tournament.players.get(name="Player A")
    with django_assert_max_num_queries(SEATING_QUERIES):
        stops = selectors.player_itinerary(player)
    assert [s.round_number for s in stops] == list(range(1, 9))
    for stop, rnd in zip(stops, schedule.rounds, strict=True):
        if "Player A" in rnd.byes:
            assert stop.bye and stop.table_number is None
            continue
        table = next(t for t in rnd.tables if "Player A" in t.players)
        mine = next(side for side in table.sides if "Player A" in side)
        assert not stop.bye
        assert stop.table_number == table.number
        assert stop.partners == tuple(p for p in mine if p != "Player A")
        assert set(stop.opponents) == set(table.players) - set(mine)
        assert stop.seat_label in {"North", "East", "South", "West"}
        assert stop.side == table.sides.index(mine)
        assert stop.round_status == Round.Status.PLANNED and not stop.is_played


def test_cutthroat_itinerary_has_no_partners_and_numbered_seats():
    tournament = seated(9, 3, fmt="cutthroat")
    stops = selectors.player_itinerary(tournament.players.get(name="Player A"))
    assert stops
    for stop in stops:
        assert stop.partners == ()
        assert len(stop.opponents) == 2
        assert stop.seat_label.startswith("Seat ")


def test_next_seat_follows_the_rounds_as_they_are_played(django_assert_max_num_queries):
    tournament = seated(12, 3)
    player = tournament.players.get(name="Player B")
    rounds = list(tournament.rounds.order_by("number"))
    assert selectors.next_seat(player).round_number == 1
    services.start_round(round=rounds[0])
    assert selectors.next_seat(player).round_number == 1  # sitting there now
    scoring_services.force_close_round(round=rounds[0], user=tournament.owner)
    with django_assert_max_num_queries(SEATING_QUERIES):
        assert selectors.next_seat(player).round_number == 2
    for rnd in rounds[1:]:
        services.start_round(round=rnd)
        scoring_services.force_close_round(round=rnd, user=tournament.owner)
    assert selectors.next_seat(player) is None


def test_itinerary_of_a_late_arrival_and_a_leaver_covers_only_their_rounds():
    tournament = seated(12, 6)
    services.start_round(round=tournament.rounds.get(number=1))
    scoring_services.force_close_round(round=tournament.rounds.get(number=1), user=tournament.owner)
    services.start_round(round=tournament.rounds.get(number=2))
    leaver = tournament.players.get(name="Player C")
    services.apply_change(tournament=tournament, withdraw=[leaver], arrive=["Late Comer"])
    late = tournament.players.get(name="Late Comer")
    assert [s.round_number for s in selectors.player_itinerary(leaver)] == [1, 2]
    assert [s.round_number for s in selectors.player_itinerary(late)] == [3, 4, 5, 6]
    assert selectors.next_seat(late).round_number == 3
    assert selectors.next_seat(leaver).round_number == 2  # round 2 is still in play


def test_players_of_lists_players_with_teams_in_one_query(django_assert_num_queries):
    tournament = seated(13, 2)
    with django_assert_num_queries(1):
        players = selectors.players_of(tournament, active_only=True)
        teams = [p.team for p in players]
    assert len(players) == 13 and teams == [None] * 13
