"""`make run` calls this after migrate: a demo organiser and two tournaments to look at.

Safe to run every time: whatever is already there is left as it is. The demo
organiser's password is made on first start (config/local_secrets.py, kept in
`.demo_password`, never in the repository) and printed on every start until someone
changes it; a changed password is never put back, and the banner then says how to
reset it.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from config.local_secrets import demo_password, password_file
from tournaments import services
from tournaments.models import Tournament

USERNAME = "organiser"
# What older versions set and printed in the README: public, so never kept.
PUBLIC_PASSWORD = "euchre-demo"

PROGRESSIVE_NAME = "Thursday Club Night (progressive)"
TEAMS_NAME = "Spring Pairs Cup (teams)"

PROGRESSIVE_PLAYERS = [
    "Margaret Hoover",
    "Dale Schneider",
    "Linda Kowalski",
    "Ray Vandermolen",
    "Sharon Pettigrew",
    "Gus Lindqvist",
    "Donna Fairbairn",
    "Walt Brennan",
    "Carol Ostrowski",
    "Jim McAllister",
    "Bev Thibodeaux",
    "Ernie Gallagher",
    "Judy Kaminski",
]

TEAMS = [
    ("Kitchen Table", ["Pat Sullivan", "Rosie Delgado"]),
    ("Left Bower Club", ["Frank Novak", "Irene Baptiste"]),
    ("The Loners", ["Hank Olsen", "Mabel Chiu"]),
    ("Stick the Dealer", ["Tom Reinholt", "Agnes Moreau"]),
    ("Next Suit", ["Bill Kucera", "Nora Fitzgerald"]),
    ("Farmers' Hand", ["Stan Wierzbicki", "Lorraine Dupuis"]),
    ("Euchred Again", ["Cliff Haugen", "Dot Ferreira"]),
    ("Rural Route 9", ["Lyle Becker", "June Abernathy"]),
]


class Command(BaseCommand):
    help = "Create the demo organiser and two demo tournaments with their rotations (idempotent)."

    def handle(self, *args, **options) -> None:
        user, password = self._organiser()
        self._tournament(
            user,
            name=PROGRESSIVE_NAME,
            format=Tournament.Format.PROGRESSIVE,
            rounds_planned=8,
            player_list="\n".join(PROGRESSIVE_PLAYERS),
        )
        self._tournament(
            user,
            name=TEAMS_NAME,
            format=Tournament.Format.TEAMS,
            rounds_planned=None,
            player_list="name,team\n"
            + "\n".join(f"{player},{team}" for team, members in TEAMS for player in members),
        )
        if password is None:
            self.stdout.write(
                f"The demo organiser {USERNAME!r} has a password of its own now. "
                f"To set a new one: .venv/bin/python manage.py changepassword {USERNAME}"
            )
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo organiser login: username {USERNAME!r}, password {password!r} "
                    f"(kept in {password_file()}; printed until you change it)"
                )
            )

    @transaction.atomic
    def _organiser(self):
        """The demo organiser and the password to print: None once it was changed."""
        password = demo_password()
        user, created = get_user_model().objects.get_or_create(
            username=USERNAME, defaults={"email": "organiser@example.org"}
        )
        if created or user.check_password(PUBLIC_PASSWORD):
            user.set_password(password)
            user.save(update_fields=["password"])
            return user, password
        return user, (password if user.check_password(password) else None)

    @transaction.atomic
    def _tournament(self, user, *, name, format, rounds_planned, player_list) -> None:
        tournament = Tournament.objects.filter(owner=user, name=name).first()
        if tournament is None:
            tournament = services.create_tournament(
                owner=user,
                name=name,
                date=datetime.date.today(),
                venue="Legion Hall, Branch 112",
                variant=Tournament.Variant.NORTH_AMERICAN,
                options={"stick_the_dealer": True},
                format=format,
                round_play=Tournament.RoundPlay.HANDS,
                hands_per_round=8,
                rounds_planned=rounds_planned,
                seed=2024,
            )
            services.import_players(tournament=tournament, text=player_list)
            self.stdout.write(f"Created {name}.")
        # Also completes a demo tournament left without seating by an older run.
        if not tournament.rounds.exists():
            services.generate_rotation(tournament=tournament)
            self.stdout.write(f"Generated the rotation of {name}.")
