"""Each printable as a list of parts: (template, context) pairs rendered one at a time.

Scorecards come in parts of whole sheets (about 40 cards each), so a worker never
holds the layout of the whole event in memory and can report progress as it goes;
the parts' PDFs are merged at the end. The other printables are small and come in
one part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments import seat_names

from .cards import (
    CardRound,
    Event,
    Scorecard,
    Seating,
    event_of,
    scorecards,
    table_cards,
)
from .layout import (
    PAPER_MM,
    CardLayout,
    mm,
    page_css,
    page_size,
    scorecard_css,
    scorecard_layout,
)

CARDS_PER_PART = 40
TABLE_CARDS_PER_PART = 20


@dataclass(frozen=True)
class Part:
    template: str
    context: dict[str, Any]
    items: int


def card_layout(event: Event, *, paper: str, per_page: int) -> CardLayout:
    if event.has_partners and not event.fixed_teams:
        who = _("Partner · opponents")
    else:
        who = _("Opponents")
    # Widths on a quarter-sheet card: enough for two or three digits, or initials.
    if event.per_hand:
        tail = [(_("Pts"), 9.0), (_("Total"), 10.0)]
    else:
        tail = [(_("Points"), 14.0), (_("Total"), 14.0)]
    if event.has_partners:
        tail.append((_("Loners"), 9.0 if event.per_hand else 12.0))
    tail.append((_("Opp. init."), 11.0 if event.per_hand else 14.0))
    return scorecard_layout(
        paper=paper,
        per_page=per_page,
        rounds=event.rounds,
        text_headers=(_("Rd"), _("Table"), _("Seat"), who),
        hand_headers=[str(n) for n in event.hand_numbers],
        tail=tail,
        seat_chars=seat_names.longest_short(),
    )


@dataclass(frozen=True)
class PrintedCard:
    """A scorecard with each round's names already broken into the lines that fit."""

    card: Scorecard
    rows: tuple[tuple[CardRound, tuple[str, ...]], ...]


def who_lines(event: Event, line: CardRound, *, room: int, dense: bool) -> tuple[str, ...]:
    """Partner and opponents for one round, as one line or two (never clipped if avoidable).

    `room` is roughly how many characters fit on a line of the card's names column.
    """
    versus, with_partner = _("v"), _("w/")
    opponents = ", ".join(line.opponents)
    if event.has_partners and not event.fixed_teams:
        lines = (f"{with_partner} {', '.join(line.partners)}", f"{versus} {opponents}")
    elif line.opponent_team:
        lines = (f"{versus} {line.opponent_team}", f"({opponents})")
    else:
        text = f"{versus} {opponents}"
        if len(text) <= room or len(line.opponents) < 2:
            return (text,)
        # Break between names, as evenly as the names allow.
        names = list(line.opponents)
        split = min(
            range(1, len(names)),
            key=lambda i: abs(len(", ".join(names[:i])) - len(", ".join(names[i:]))),
        )
        lines = (f"{versus} {', '.join(names[:split])},", ", ".join(names[split:]))
    return (" · ".join(lines),) if dense else lines


def printed_cards(
    event: Event, cards: Sequence[Scorecard], layout: CardLayout
) -> list[PrintedCard]:
    # DejaVu Sans averages about 0.55 em a character: 1.34 mm at the names' 6.9 pt.
    char_mm = (1.18 if layout.dense else 1.34) * layout.scale
    room = int(layout.columns[3].width / char_mm)
    return [
        PrintedCard(
            card=card,
            rows=tuple(
                (line, who_lines(event, line, room=room, dense=layout.dense) if line.seated else ())
                for line in card.rounds
            ),
        )
        for card in cards
    ]


def scorecard_parts(
    *,
    event: Event,
    cards: Sequence[Scorecard],
    paper: str,
    per_page: int,
    cards_per_part: int | None = None,
) -> list[Part]:
    cards_per_part = cards_per_part or CARDS_PER_PART
    layout = card_layout(event, paper=paper, per_page=per_page)
    css = mark_safe(scorecard_css(layout))
    # Parts hold whole sheets so that cut lines line up across the merged PDF.
    step = max(per_page, cards_per_part - cards_per_part % per_page)
    parts = []
    for start in range(0, len(cards), step):
        chunk = printed_cards(event, cards[start : start + step], layout)
        parts.append(
            Part(
                template="printing/scorecards.html",
                context={
                    "event": event,
                    "layout": layout,
                    "css": css,
                    "sheets": [chunk[i : i + per_page] for i in range(0, len(chunk), per_page)],
                },
                items=len(chunk),
            )
        )
    return parts


def scorecards_document(
    seating: Seating, *, paper: str, per_page: int, player_ids: list[int] | None = None
) -> list[Part]:
    event = event_of(seating.tournament, rounds=len(seating.rounds))
    cards = scorecards(seating, player_ids=player_ids)
    if not cards:
        return []
    return scorecard_parts(event=event, cards=cards, paper=paper, per_page=per_page)


def table_cards_document(seating: Seating, *, paper: str, base_url: str) -> list[Part]:
    event = event_of(seating.tournament, rounds=len(seating.rounds))
    cards = table_cards(seating, base_url=base_url)
    # QR codes as large as fit a page with every round on it: 22-40 mm.
    page_h = PAPER_MM[paper][1] - 2 * 12 - 75
    qr = max(22.0, min(40.0, page_h / max(len(seating.rounds), 1) - 5))
    css = mark_safe(
        page_css(size=page_size(paper, landscape=False), margin=12)
        + f" table.seating td.qr svg {{ width: {mm(qr)}; height: {mm(qr)}; }}"
        # Names start in one column whatever the seat labels' length ("N", "Wsch").
        + f" table.seating .seat {{ min-width: {0.6 + 0.7 * seat_names.longest_short():.1f}em; }}"
    )
    return [
        Part(
            template="printing/table_cards.html",
            context={"event": event, "css": css, "cards": cards[i : i + TABLE_CARDS_PER_PART]},
            items=len(cards[i : i + TABLE_CARDS_PER_PART]),
        )
        for i in range(0, len(cards), TABLE_CARDS_PER_PART)
    ]
