"""Answers one line of the score_hands contract: a hand, a passed hand or a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import EngineError, gettext_noop, shown
from .games import play_game
from .hands import parse_hand, score_hand
from .rules import RuleSet, rule_set


def line_rules(obj: Mapping[str, object], variant: str, options: Mapping[str, object]) -> RuleSet:
    """The rules for one line: its own variant and options override the defaults given.

    The default options apply to every line, whatever variant it names, and the
    line's own options are laid over them key by key. An option the line's variant
    does not play is that line's error, never dropped in silence (RULES.md, the
    scoring contract).
    """
    line_variant = obj.get("variant", variant)
    line_options = obj.get("options", {})
    if not isinstance(line_variant, str):
        raise EngineError(
            "unknown_variant",
            gettext_noop("The variant must be a name such as north-american, not %(value)s."),
            {"value": shown(line_variant)},
        )
    if not isinstance(line_options, Mapping):
        raise EngineError(
            "bad_option",
            gettext_noop(
                "The options must be a JSON object of option names and values, not %(value)s."
            ),
            {"value": shown(line_options)},
        )
    return rule_set(line_variant, {**options, **line_options})


def score_line(
    obj: object, *, variant: str, options: Mapping[str, object] | None = None
) -> dict[str, Any]:
    """The contract's answer for one decoded JSON line; never raises."""
    try:
        if not isinstance(obj, Mapping):
            raise EngineError(
                "bad_hand",
                gettext_noop("A line must be a JSON object (a hand or a game), not %(value)s."),
                {"value": shown(obj)},
            )
        rules = line_rules(obj, variant, options or {})
        if "game" in obj:
            result = play_game(rules, obj["game"])
            return {
                "ok": True,
                "scores": list(result.scores),
                "winner": list(result.winner) if result.winner is not None else None,
                "hands": result.hands,
            }
        return {"ok": True, "points": list(score_hand(rules, parse_hand(obj)))}
    except EngineError as error:
        return error_answer(error)


def error_answer(error: EngineError) -> dict[str, Any]:
    return {"ok": False, "error": error.code, "message": error.message}


def bad_json_error(detail: str) -> EngineError:
    return EngineError(
        "bad_json",
        gettext_noop("This line is not readable JSON (%(detail)s)."),
        {"detail": detail},
    )
