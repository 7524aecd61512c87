"""score_hands: the scoring contract of RULES.md as a command (JSON lines in, JSON lines out)."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.engine import (
    OPTION_NAMES,
    EngineError,
    bad_json_error,
    error_answer,
    rule_set,
    score_line,
)

DEFAULT_VARIANT = "north-american"


class Command(BaseCommand):
    help = (
        "Score Euchre hands and games read as JSON lines on stdin; one JSON answer "
        "a line on stdout, in order."
    )
    # Pure scoring touches no database or URLs; scripts should not pay for (or be
    # broken by) system checks of the rest of the site.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--variant",
            default=DEFAULT_VARIANT,
            help=f"north-american, british, six-handed, two-handed or three-handed "
            f"(default {DEFAULT_VARIANT}).",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="A rule option, e.g. stick_the_dealer=true or two_of_spades_benny=true; "
            f"repeat for more. The options: {', '.join(OPTION_NAMES)}. They apply to every "
            "line; a line's own options override them key by key.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        variant: str = options["variant"]
        table_options = _read_flags(options["option"])
        try:
            rule_set(variant, table_options)
        except EngineError as error:
            raise CommandError(error.message, returncode=2) from None
        try:
            # Bytes when there is a real stdin, so a line that is not UTF-8 is one bad
            # line rather than a crash; text when a caller swapped stdin for a StringIO.
            for raw in getattr(sys.stdin, "buffer", sys.stdin):
                if not raw.strip():
                    continue
                answer = _answer(raw, variant, table_options)
                self.stdout.write(json.dumps(answer))
                self.stdout.flush()
        except OSError as error:
            raise CommandError(f"Could not read the hands: {error}", returncode=1) from None


def _read_flags(pairs: list[str]) -> dict[str, str]:
    table_options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--option needs KEY=VALUE, not {pair!r}", returncode=2)
        table_options[key.strip()] = value.strip()
    return table_options


def _answer(raw: bytes | str, variant: str, table_options: dict[str, str]) -> dict[str, Any]:
    try:
        obj = json.loads(raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw)
    except UnicodeDecodeError:
        return error_answer(bad_json_error("it is not UTF-8 text"))
    except (ValueError, RecursionError) as error:
        return error_answer(bad_json_error(str(error).split(":")[0][:80]))
    return score_line(obj, variant=variant, options=table_options)
