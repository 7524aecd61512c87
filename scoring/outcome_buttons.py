"""The one-tap result buttons of a table's page, worded with the players' names.

Which outcomes exist, what they score and which details they need is the engine's
(scoring.engine.outcomes); this only says them in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import Outcome, detail_choices, offered
from scoring.engine.outcomes import (
    EUCHRED,
    LONE_EUCHRE,
    LONE_MAKER,
    LONE_MARCH,
    LONE_SWEEP,
    MADE,
    MAKER,
    MARCH,
    NO_TRICK,
    PASSED,
)

from .selectors import TableSummary


@dataclass(frozen=True)
class OutcomeButton:
    code: str
    words: str
    points: str
    kind: str


@dataclass(frozen=True)
class OutcomeColumn:
    title: str
    buttons: tuple[OutcomeButton, ...]


@dataclass(frozen=True)
class DetailQuestion:
    """A detail the tapped outcome needs, asked as one tap per possible answer."""

    name: str
    question: str
    choices: tuple[tuple[int, str], ...]


def _words(outcome: Outcome, names: list[str]) -> str:
    lone = names[outcome.lone] if outcome.lone is not None else ""
    return {
        MADE: _("Made it"),
        # Not the month: a bare "March" would also rename Django's month in every date.
        MARCH: pgettext("hand outcome", "March"),
        LONE_MARCH: _("%(name)s alone: march") % {"name": lone},
        EUCHRED: _("Euchred"),
        NO_TRICK: _("Super euchre: no trick"),
        LONE_EUCHRE: _("Euchred by %(name)s alone") % {"name": lone},
        LONE_SWEEP: _("%(name)s defended alone and took all five") % {"name": lone},
        PASSED: _("Everyone passed: no score, next dealer"),
    }[outcome.kind]


def _points(summary: TableSummary, outcome: Outcome) -> str:
    scorers = outcome.scorers
    if not scorers:
        return ""
    amount = outcome.points[scorers[0]]
    makers = summary.sides[outcome.makers].seats if outcome.makers is not None else ()
    if set(scorers) <= set(makers):
        return _("+%(points)s") % {"points": amount}
    sides = [side for side in summary.sides if set(side.seats) & set(scorers)]
    if len(sides) > 1:
        return _("+%(points)s each to %(names)s") % {
            "points": amount,
            "names": ", ".join(side.names for side in sides),
        }
    return _("+%(points)s to %(names)s") % {"points": amount, "names": sides[0].names}


def _button(summary: TableSummary, outcome: Outcome) -> OutcomeButton:
    return OutcomeButton(
        code=outcome.code,
        words=_words(outcome, summary.names),
        points=_points(summary, outcome),
        kind=outcome.kind,
    )


def outcome_columns(
    summary: TableSummary, dealer: int
) -> tuple[list[OutcomeColumn], OutcomeButton | None]:
    """One column per makers' side, and the passed hand's button where one may pass."""
    columns: dict[int, list[OutcomeButton]] = {}
    passed = None
    for outcome in offered(summary.rules, dealer):
        if outcome.makers is None:
            passed = _button(summary, outcome)
        else:
            columns.setdefault(outcome.makers, []).append(_button(summary, outcome))
    return [
        OutcomeColumn(
            title=_("%(names)s named trump") % {"names": summary.sides[side].names},
            buttons=tuple(buttons),
        )
        for side, buttons in columns.items()
    ], passed


def detail_question(summary: TableSummary, outcome: Outcome, detail: str) -> DetailQuestion:
    question = {
        MAKER: _("Who named trump?"),
        LONE_MAKER: _("Which maker went alone?"),
    }[detail]
    choices = tuple(
        (seat, summary.names[seat]) for seat in detail_choices(summary.rules, outcome, detail)
    )
    return DetailQuestion(name=detail, question=question, choices=choices)


def tapped(summary: TableSummary, outcome: Outcome) -> OutcomeButton:
    return _button(summary, outcome)
