"""`next_round`: print the next round of a format drawn round by round, from the
rounds played so far (contract in DESIGN.md)."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.drawn_history import HistoryError, read_history
from tournaments.drawn_ranking import ranking
from tournaments.rotations import RotationError, Round, next_round, night_over, per_round_formats
from tournaments.rotations.per_round import check_settings, drawn_spec

_WHOLE = re.compile(r"-?[0-9]{1,18}")


def _refuse(message: str) -> CommandError:
    return CommandError(message, returncode=2)


def _seed(text: str) -> int:
    # Parsed here rather than by argparse so a bad value gets one plain line.
    if not _WHOLE.fullmatch(text.strip()):
        raise _refuse(f"--seed must be a whole number, got {text!r}.")
    return int(text)


def _settings(pairs: list[str]) -> dict[str, object]:
    """KEY=VALUE pairs; a value that looks like a whole number is one."""
    settings: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise _refuse(f"--set needs KEY=VALUE, not {pair!r}.")
        value = value.strip()
        settings[key.strip()] = int(value) if _WHOLE.fullmatch(value) else value
    return settings


def round_json(drawn: Round) -> dict[str, Any]:
    """One round in `make_rotation`'s round shape."""
    return {
        "round": drawn.number,
        "tables": [
            {"table": t.number, "teams": [list(side) for side in t.sides]} for t in drawn.tables
        ],
        "byes": list(drawn.byes),
    }


class Command(BaseCommand):
    help = (
        "Print the next round of a format drawn round by round, as JSON, from the rounds "
        "played so far (make_rotation's shape, each table with its points)."
    )
    # Pure computation: no database or URLs, so the project checks only add start-up time.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        formats = ", ".join(per_round_formats()) or "none here"
        parser.add_argument(
            "--format", required=True, dest="rotation_format", help=f"one of {formats}"
        )
        parser.add_argument(
            "--history",
            required=True,
            metavar="FILE",
            help="the rounds played so far, as JSON; table points in table order, and "
            "decided_by (the index of the side that won) where the most points tie",
        )
        parser.add_argument("--seed", default="0", help="same history and seed, same round")
        parser.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            dest="format_settings",
            help="a setting of the format, e.g. rounds=5, moves=winners-up-losers-stay, "
            "split=colour, window=7; repeat for more",
        )

    def handle(
        self,
        *args: Any,
        rotation_format: str,
        history: str,
        seed: str,
        format_settings: list[str],
        **options: Any,
    ) -> None:
        seed_value = _seed(seed)
        settings = _settings(format_settings)
        try:
            wanted = drawn_spec(rotation_format)
            check_settings(rotation_format, settings)
            results = read_history(history, wanted)
            if night_over(rotation_format, results, settings=settings):
                raise _refuse(
                    f"The night is over: nothing is left to draw after round "
                    f"{results.rounds_played}."
                )
            drawn = next_round(
                rotation_format,
                results.players,
                results,
                seed=seed_value,
                settings=settings,
                ranking=ranking(results, format=rotation_format),
            )
        except RotationError as error:
            raise _refuse(error.message) from error
        except HistoryError as error:
            raise _refuse(str(error)) from error
        self.stdout.write(json.dumps(round_json(drawn)))
