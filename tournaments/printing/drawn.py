"""The printouts of a night drawn round by round, whose seats are not known before
each round is drawn: a card per table number with the physical table's link (no
round grid), and scorecards with the player's link and code and an empty table and
seat box per round. Find-your-seat sheets print the published rounds as for any night.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.qr import qr_png_uri
from tournaments.services.table_links import table_links
from tournaments.table_links import table_numbers

from .cards import Seating, event_of, scorecards, site_url
from .documents import TABLE_CARD_MARGIN, Part, scorecard_parts
from .fit import fit
from .layout import PAPER_MM, page_css, page_size

# Where the night sets no number of rounds, the scorecard still needs lines.
ROUNDS_WITHOUT_A_SET_NUMBER = 8
LINK_CARDS_PER_PART = 40


def card_rounds(tournament: Tournament) -> int:
    """The lines on a drawn night's scorecard: the rounds set for the night, or as many
    as were published, or ROUNDS_WITHOUT_A_SET_NUMBER."""
    published = tournament.rounds.filter(published=True).count()
    return max(tournament.rounds_planned or ROUNDS_WITHOUT_A_SET_NUMBER, published)


def drawn_scorecards_document(
    seating: Seating,
    *,
    paper: str,
    per_page: int,
    player_ids: list[int] | None = None,
    base_url: str = "",
) -> list[Part]:
    """Scorecards with every round's table and seat left blank, to be written in as
    the rounds are drawn; the QR code is the player's card link, which always leads
    to their seat of the moment."""
    rounds = card_rounds(seating.tournament)
    event = replace(event_of(seating.tournament, rounds=rounds), drawn=True)
    cards = scorecards(seating, player_ids=player_ids, numbers=range(1, rounds + 1))
    if not cards:
        return []
    return scorecard_parts(
        event=event, cards=cards, paper=paper, per_page=per_page, base_url=base_url
    )


@dataclass(frozen=True)
class LinkCard:
    number: int
    url: str
    qr_png: str


def link_cards(
    tournament: Tournament, *, base_url: str, tables: list[int] | None = None
) -> list[LinkCard]:
    """A card for each table number the night needs (or each of `tables`), with its
    physical table's link: made now for a number that has none yet."""
    numbers = table_numbers(tournament)
    if tables is not None:
        numbers = [n for n in numbers if n in tables]
    cards = []
    for link in table_links(tournament=tournament, numbers=numbers):
        url = site_url(base_url) + reverse("table-link", kwargs={"token": link.token})
        cards.append(LinkCard(number=link.number, url=url, qr_png=qr_png_uri(url)))
    return cards


def link_cards_document(
    tournament: Tournament, *, paper: str, base_url: str, tables: list[int] | None = None
) -> list[Part]:
    """Two table cards a page (cut apart): the number, the event, one large QR code."""
    event = event_of(tournament, rounds=0)
    cards = link_cards(tournament, base_url=base_url, tables=tables)
    event_line = fit(
        [[event.date, event.name, *([event.venue] if event.venue else [])]],
        width=PAPER_MM[paper][0] - 2 * TABLE_CARD_MARGIN - 45.0,
        height=12.0,
        size=11.0,
        shrink_to=7.0,
        joiner=" · ",
    )
    css = mark_safe(page_css(size=page_size(paper, landscape=False), margin=TABLE_CARD_MARGIN))
    per_page = 2
    step = LINK_CARDS_PER_PART - LINK_CARDS_PER_PART % per_page
    return [
        Part(
            template="printing/table_link_cards.html",
            context={
                "event": event,
                "event_text": event_line.text,
                "css": css,
                "scan": _("Scan to enter the result"),
                "pages": [
                    cards[j : j + per_page] for j in range(i, min(i + step, len(cards)), per_page)
                ],
            },
            items=len(cards[i : i + step]),
        )
        for i in range(0, len(cards), step)
    ]
