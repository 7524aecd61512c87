"""`python manage.py create_organiser NAME`: the first organiser of a new site.

There is no sign-up page (a club's site is not open to the world) and the admin only
reads, so accounts are made here. The password is asked twice without echo, or read
from standard input with --password-stdin (for scripts), and checked by the same
rules as a changed password.
"""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction


class Command(BaseCommand):
    help = "Create an organiser account (sign-in for running tournaments)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username", help="the user name to sign in with")
        parser.add_argument("--email", default="", help="for password-reset links")
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="read the password from the first line of standard input",
        )

    def handle(self, *args, username: str, email: str, password_stdin: bool, **options) -> None:
        User = get_user_model()
        username = username.strip()
        if not username:
            raise CommandError("Give a user name.")
        if User.objects.filter(username__iexact=username).exists():
            raise CommandError(
                f"There is already an account {username!r}. To set its password: "
                f"python manage.py changepassword {username}"
            )
        user = User(username=username, email=email.strip())
        password = self._password(password_stdin)
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise CommandError("That password will not do: " + " ".join(error.messages)) from None
        user.set_password(password)
        with transaction.atomic():
            user.save()
        self.stdout.write(self.style.SUCCESS(f"Organiser {username!r} can sign in now."))

    def _password(self, from_stdin: bool) -> str:
        if from_stdin:
            password = sys.stdin.readline().rstrip("\n")
            if not password:
                raise CommandError("No password on standard input.")
            return password
        if not sys.stdin.isatty():
            raise CommandError("No terminal to ask for the password: use --password-stdin.")
        first = getpass.getpass("Password: ")
        if first != getpass.getpass("The same password again: "):
            raise CommandError("The two passwords differ; nothing was created.")
        return first
