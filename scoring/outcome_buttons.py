"""The one-tap result buttons of a table's page, worded with the players' names.

Which outcomes exist, what they score and which details they need is the engine's
(scoring.engine.outcomes); this only says them in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine import Facts, Outcome, detail_answers, offered
from scoring.engine.outcomes import (
    BENNY,
    EUCHRED,
    LONE_EUCHRE,
    LONE_MAKER,
    LONE_MARCH,
    LONE_SWEEP,
    MADE,
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
    """A fact the tapped outcome needs, asked as one tap per possible answer: each
    answer posts `name` with its value."""

    name: str
    question: str
    choices: tuple[tuple[str, str], ...]


def _words(outcome: Outcome, names: list[str]) -> str:
    lone = names[outcome.lone] if outcome.lone is not None else ""
    return {
        MADE: _("Made it"),
        # Not the month: a bare "March" would also rename Django's month in every date.
        # Translators: a march: the makers took all five tricks (2 points).
        MARCH: pgettext("hand outcome", "March"),
        # Translators: %(name)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender.
        LONE_MARCH: _("%(name)s alone: march") % {"name": lone},
        # Translators: euchred: the makers took fewer than three tricks, so the defenders
        # score.
        EUCHRED: _("Euchred"),
        NO_TRICK: _("Super euchre: no trick"),
        # Translators: %(name)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender.
        LONE_EUCHRE: _("Euchred by %(name)s alone") % {"name": lone},
        # Translators: %(name)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender.
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
        # Translators: %(names)s is two or more sides' players, women or men: word it so
        # that nothing agrees with the names' gender.
        return _("+%(points)s each to %(names)s") % {
            "points": amount,
            "names": ", ".join(side.names for side in sides),
        }
    # Translators: %(names)s is one side's players, women or men: word it so that nothing
    # agrees with the names' gender.
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
            # Translators: %(names)s is one side's players, women or men: word it so that
            # nothing agrees with the names' gender.
            title=_("%(names)s named trump") % {"names": summary.sides[side].names},
            buttons=tuple(buttons),
        )
        for side, buttons in columns.items()
    ], passed


def detail_question(
    summary: TableSummary, outcome: Outcome, detail: str, *, dealer: int, given: Facts
) -> DetailQuestion:
    """The engine's next question for the tapped outcome, in the page's words."""
    answers = detail_answers(summary.rules, outcome, detail, dealer=dealer, given=given)
    names = summary.names
    if detail == BENNY:
        return DetailQuestion(
            name="benny",
            question=_("Was the Benny turned up?"),
            choices=(
                ("yes", _("Yes: the Benny was turned up")),
                ("no", pgettext("answer to a yes or no question", "No")),
            ),
        )
    if detail == LONE_MAKER:
        return DetailQuestion(
            name="lone_maker",
            question=_("Which maker went alone?"),
            choices=tuple((str(a.lone_maker), names[a.lone_maker or 0]) for a in answers),
        )
    return DetailQuestion(
        name="bidding",
        question=_("Who named trump?"),
        choices=tuple(_bidding_choice(a, names) for a in answers),
    )


def _bidding_choice(answer: Facts, names: list[str]) -> tuple[str, str]:
    seat = answer.maker or 0
    if answer.round is None:
        return str(seat), names[seat]
    words = {
        # Translators: %(name)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender. "bidding round": the bidding round (1: the
        # turn-up's suit, 2: any other suit), not the tournament round.
        1: _("%(name)s ordered up the turn-up (bidding round 1)"),
        # Translators: %(name)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender. "bidding round": the bidding round (1: the
        # turn-up's suit, 2: any other suit), not the tournament round.
        2: _("%(name)s named another suit (bidding round 2)"),
    }[answer.round]
    return f"{seat}:{answer.round}", words % {"name": names[seat]}


def tapped(summary: TableSummary, outcome: Outcome) -> OutcomeButton:
    return _button(summary, outcome)
