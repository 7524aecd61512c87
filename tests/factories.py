"""factory_boy factories for the tournament models: plain rows, no services called.

Tests that need a rotation or validated settings go through tournaments.services;
these make the rows around them (owners, players, a round with a table) quickly.
"""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from tournaments.models import Bye, Player, Round, Seat, Table, Team, Tournament

DEFAULT_PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", DEFAULT_PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):  # noqa: N805
        # set_password only hashes; the hash must reach the row for logins to work.
        if create:
            obj.save(update_fields=["password"])


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Club night {n}")
    date = factory.LazyFunction(datetime.date.today)
    venue = "Royal Oak"
    variant = Tournament.Variant.NORTH_AMERICAN
    options = factory.LazyFunction(dict)
    format = Tournament.Format.PROGRESSIVE
    round_play = Tournament.RoundPlay.HANDS
    hands_per_round = 8
    rounds_planned = None
    seed = 0
    owner = factory.SubFactory(UserFactory)


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    tournament = factory.SubFactory(TournamentFactory, format=Tournament.Format.TEAMS)
    name = factory.Sequence(lambda n: f"Team {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    team = None
    active = True


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.PLANNED


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.Sequence(lambda n: n + 1)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    player = factory.SubFactory(
        PlayerFactory, tournament=factory.SelfAttribute("..table.round.tournament")
    )
    position = factory.Sequence(lambda n: n % 4)
    side = factory.LazyAttribute(lambda seat: seat.position % 2)


class ByeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bye

    round = factory.SubFactory(RoundFactory)
    player = factory.SubFactory(
        PlayerFactory, tournament=factory.SelfAttribute("..round.tournament")
    )


def players_for(tournament: Tournament, names: list[str]) -> list[Player]:
    """Rows for `names` in `tournament`, in that order (their pks follow it)."""
    return [PlayerFactory(tournament=tournament, name=name) for name in names]


FIRST_NAMES = [
    "Ann",
    "Bob",
    "Cy",
    "Di",
    "Ed",
    "Flo",
    "Gus",
    "Hal",
    "Ida",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Ned",
    "Ola",
    "Pat",
    "Quin",
    "Ray",
    "Sue",
    "Tom",
]
LAST_NAMES = [
    "Adams",
    "Baker",
    "Cole",
    "Dunn",
    "Evans",
    "Fox",
    "Gray",
    "Hill",
    "Irwin",
    "Jones",
    "King",
    "Lane",
    "Moss",
    "Nash",
    "Ortiz",
    "Price",
    "Quill",
    "Reed",
    "Stone",
    "Tate",
]


def sample_names(count: int) -> list[str]:
    """Distinct, realistic player names ("Ann Adams", "Bob Baker", ...) for any count."""
    names = []
    for i in range(count):
        name = f"{FIRST_NAMES[i % 20]} {LAST_NAMES[(i // 20 + i) % 20]}"
        names.append(name if i < 400 else f"{name} {i // 400 + 1}")
    return names
