"""`make_rotation`: print one seating rotation as JSON (contract in DESIGN.md)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.rotations import RotationError, generate, planned_formats


def _whole_number(option: str, text: str | None) -> int | None:
    # Parsed here rather than by argparse so a bad value gets one plain line,
    # not argparse's usage block.
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        message = f"{option} must be a whole number, got {text!r}."
        raise CommandError(message, returncode=2) from None


class Command(BaseCommand):
    help = "Print a seating rotation as JSON for players P1..PN."
    # Pure computation: no database or URLs, so the project checks only add start-up time.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--format",
            required=True,
            dest="rotation_format",
            # Formats drawn round by round are next_round's: make_rotation refuses them.
            help=f"one of {', '.join(planned_formats())}",
        )
        parser.add_argument("--players", required=True, help="number of players, named P1..PN")
        parser.add_argument("--rounds", default=None, help="rounds to seat (default: complete)")
        parser.add_argument("--seed", default="0", help="same seed, same schedule")

    def handle(
        self, *args, rotation_format: str, players: str, rounds: str | None, seed: str, **options
    ) -> None:
        count = _whole_number("--players", players)
        wanted = _whole_number("--rounds", rounds)
        seed_value = _whole_number("--seed", seed)
        if count < 1:
            raise CommandError(f"--players must be at least 1, got {count}.", returncode=2)
        names = [f"P{i}" for i in range(1, count + 1)]
        try:
            schedule = generate(rotation_format, names, wanted, seed=seed_value)
        except RotationError as error:
            raise CommandError(error.message, returncode=2) from error
        self.stdout.write(json.dumps(schedule.to_json()))
