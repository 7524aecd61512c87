"""Each printable as a list of parts: (template, context) pairs rendered one at a time.

Scorecards come in parts of whole sheets (about 40 cards each), so a worker never
holds the layout of the whole event in memory and can report progress as it goes;
the parts' PDFs are merged at the end. The other printables are small and come in
one part.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import seat_names
from tournaments.card_links import card_link_path
from tournaments.qr import qr_png_uri

from .cards import (
    CardRound,
    Event,
    Scorecard,
    Seating,
    event_of,
    scorecards,
    site_url,
    table_cards,
)
from .fit import PT_MM, Fitted, fit, width_mm
from .layout import (
    PAPER_MM,
    CardLayout,
    fitted_css,
    page_css,
    page_size,
    scorecard_css,
    scorecard_layout,
    size_class,
    table_card_css,
)

CARDS_PER_PART = 100
TABLE_CARDS_PER_PART = 20


@dataclass(frozen=True)
class Part:
    template: str
    context: dict[str, Any]
    items: int


def _headings(event: Event) -> tuple[tuple[str, str, str, str], list[tuple[str, float]]]:
    # Every language's heading widens its column for all (layout.py), at most two lines
    # and never under 4.5 pt: so each says, for translators, how much room it has.
    if event.has_partners and not event.fixed_teams:
        # Translators: scorecard column heading over the partner's and opponents' names
        # (the widest column; two short lines at most).
        who = _("Partner · opponents")
    else:
        # Translators: scorecard column heading over the opponents' names.
        who = _("Opponents")
    # Widths on a quarter-sheet card: enough for two or three digits, or initials.
    if event.per_hand:
        tail = [
            # Translators: scorecard column heading, 8 mm wide (a round's points): abbreviate.
            (_("Pts"), 8.0),
            # Translators: scorecard column heading, 9 mm wide (running total): keep short.
            (_("Total"), 9.0),
        ]
    else:
        tail = [
            # Translators: scorecard column heading, 13 mm wide (a round's points).
            (_("Points"), 13.0),
            # Translators: scorecard column heading, 13 mm wide (running total).
            (_("Total"), 13.0),
        ]
    if event.has_partners:
        # Translators: scorecard column heading, 8 to 11 mm wide (loners made): abbreviate.
        tail.append((_("Loners"), 8.0 if event.per_hand else 11.0))
    # Translators: scorecard column heading, 10 to 13 mm wide (two short lines at most),
    # where an opponent writes their initials to agree the row: abbreviate.
    tail.append((_("Opp. initials"), 10.0 if event.per_hand else 13.0))
    # Translators: scorecard column headings over narrow columns of one or two
    # characters (round number, table number, seat letter): abbreviate, e.g. "Rd".
    return (_("Rd"), _("Table"), _("Seat"), who), tail


def card_layout(event: Event, *, paper: str, per_page: int) -> CardLayout:
    text_headers, tail = _headings(event)
    # The longest translation of each heading sets its column's width, so a card has
    # the same shape in every language and no heading is cut in any of them.
    translated = []
    seat_labels: set[str] = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translated.append((_headings(event), _("Confirmation code")))
            # The seat labels too: Polish "Wsch" widens the column in every language.
            seat_labels.update(str(point.short) for point in seat_names.COMPASS)
    widest: dict[str, list[str]] = defaultdict(list)
    for (texts, tails), _label in translated:
        for mine, theirs in zip(text_headers, texts, strict=True):
            widest[mine].append(theirs)
        for (mine, _w), (theirs, _w2) in zip(tail, tails, strict=True):
            widest[mine].append(theirs)
    return scorecard_layout(
        paper=paper,
        per_page=per_page,
        rounds=event.rounds,
        text_headers=text_headers,
        hand_headers=[str(n) for n in event.hand_numbers],
        tail=tail,
        seat_labels=sorted(seat_labels),
        widest=widest,
        code_label=_("Confirmation code"),
    )


@dataclass(frozen=True)
class PrintedRow:
    line: CardRound
    who: Fitted | None

    @property
    def css(self) -> str:
        if self.who is None:
            return ""
        return f"{size_class(self.who.size_pt)} n{len(self.who.lines)}"


@dataclass(frozen=True)
class PrintedCard:
    """A scorecard with all its text already fitted to the card: sizes and lines."""

    card: Scorecard
    rows: tuple[PrintedRow, ...]
    event: Fitted
    player: Fitted
    team: Fitted | None
    qr: str
    tables: tuple[str, ...]
    seats: tuple[str, ...]
    # Per round, what a reprint fills in of the rounds already played (blank otherwise).
    points: tuple[str, ...] = ()
    totals: tuple[str, ...] = ()
    loners: tuple[str, ...] = ()

    @property
    def tables_text(self) -> str:
        return "\n".join(self.tables)

    @property
    def played(self) -> bool:
        return any(p.strip() for p in self.points)

    @property
    def points_text(self) -> str:
        return "\n".join(self.points)

    @property
    def totals_text(self) -> str:
        return "\n".join(self.totals)

    @property
    def loners_text(self) -> str:
        return "\n".join(self.loners)

    @property
    def seats_text(self) -> str:
        return "\n".join(self.seats)

    def css(self, fitted: Fitted | None) -> str:
        return f"{size_class(fitted.size_pt)} n{len(fitted.lines)}" if fitted else ""

    @property
    def player_css(self) -> str:
        return self.css(self.player)

    @property
    def event_css(self) -> str:
        return self.css(self.event)

    @property
    def team_css(self) -> str:
        return self.css(self.team)


def who_paragraphs(event: Event, line: CardRound) -> list[list[str]]:
    """Partner and opponents for one round as natural lines of names (a line may break
    between names)."""
    # Translators: "versus", printed on scorecards before the opponents' names; keep short.
    versus = _("v")
    # Translators: "with", printed on scorecards before a partner's name; keep short.
    with_partner = _("w/")
    names = list(line.opponents) or [""]
    opponents = [f"{versus} {names[0]}", *names[1:]]
    if event.has_partners and not event.fixed_teams:
        partners = list(line.partners) or [""]
        return [[f"{with_partner} {partners[0]}", *partners[1:]], opponents]
    if line.opponent_team:
        return [[f"{versus} {line.opponent_team}"], [f"({names[0]}", *names[1:-1], f"{names[-1]})"]]
    return [opponents]


def _fit_who(event: Event, line: CardRound, layout: CardLayout) -> Fitted:
    s = layout.scale
    paragraphs = who_paragraphs(event, line)
    natural = [", ".join(p) for p in paragraphs]
    size = (6.1 if layout.dense else 6.9) * s
    return fit(
        paragraphs,
        width=layout.who.width - 2 * layout.inset,
        height=layout.row_h - 0.6 * s,
        size=size,
        shrink_to=size * 0.84,
        wrap_to=5.0 * s,
        # On a long night partner and opponents share a line while they fit.
        one_line=" · ".join(natural) if layout.dense and len(natural) > 1 else None,
    )


def _fit_head(
    card: Scorecard, event: Event, layout: CardLayout
) -> tuple[Fitted, Fitted, Fitted | None]:
    s, width = layout.scale, layout.head_text_w
    where = [event.date, event.name, *([event.venue] if event.venue else [])]
    event_line = fit(
        [where], width=width, height=3.2 * s, size=6.8 * s, shrink_to=4.5 * s, joiner=" · "
    )
    team = None
    pieces = []
    if card.team:
        pieces.append(f"{_('Team')}: {card.team}")
    if card.teammates:
        label = ngettext("Partner", "Partners", len(card.teammates))
        pieces.append(f"{label}: {', '.join(card.teammates)}")
    if card.joins_in:
        # A late player's card says so up front, not only by its first rows' byes.
        pieces.append(_("Joins in round %(number)s") % {"number": card.joins_in})
    if pieces:
        team = fit(
            [pieces], width=width, height=3.6 * s, size=7.2 * s, shrink_to=4.5 * s, joiner=" · "
        )
    player = fit(
        [card.player.split(" ")],
        width=width,
        height=(11.6 if team else 15.0) * s,
        size=12.4 * s,
        shrink_to=9.0 * s,
        wrap_to=7.0 * s,
        style="bold",
        joiner=" ",
    )
    return event_line, player, team


def printed_cards(
    event: Event, cards: Sequence[Scorecard], layout: CardLayout, *, base_url: str
) -> list[PrintedCard]:
    blank = "\u00a0"
    printed = []
    for card in cards:
        event_line, player, team = _fit_head(card, event, layout)
        url = site_url(base_url) + card_link_path(card.player_id, card.card_version)
        printed.append(
            PrintedCard(
                card=card,
                rows=tuple(
                    PrintedRow(line, _fit_who(event, line, layout) if line.seated else None)
                    for line in card.rounds
                ),
                event=event_line,
                player=player,
                team=team,
                qr=qr_png_uri(url),
                tables=tuple(str(r.table) if r.seated else blank for r in card.rounds),
                seats=tuple(r.seat if r.seated else blank for r in card.rounds),
                points=tuple(_number(r.points) for r in card.rounds),
                totals=tuple(_number(r.total) for r in card.rounds),
                loners=tuple(_number(r.loners) for r in card.rounds),
            )
        )
    return printed


def _number(value: int | None) -> str:
    return "\u00a0" if value is None else str(value)


def _used_sizes(printed: Sequence[PrintedCard]) -> set[tuple[str, float, int]]:
    used = set()
    for card in printed:
        for kind, fitted in (("event", card.event), ("player", card.player), ("team", card.team)):
            if fitted:
                used.add((kind, fitted.size_pt, len(fitted.lines)))
        for row in card.rows:
            if row.who:
                used.add(("w", row.who.size_pt, len(row.who.lines)))
    return used


def seat_legend(labels) -> str:
    """The seat legend (seat_names.legend) when a printout shows compass labels; a
    card with only seat numbers needs none."""
    compass = {str(point.short) for point in seat_names.COMPASS}
    return seat_names.legend() if compass & set(labels) else ""


def scorecard_parts(
    *,
    event: Event,
    cards: Sequence[Scorecard],
    paper: str,
    per_page: int,
    cards_per_part: int | None = None,
    base_url: str = "",
) -> list[Part]:
    cards_per_part = cards_per_part or CARDS_PER_PART
    layout = card_layout(event, paper=paper, per_page=per_page)
    css = scorecard_css(layout)
    label = layout.code_label
    used = {("confirm", label.size_pt, len(label.lines))} if label else set()
    code_label_css = f"{size_class(label.size_pt)} n{len(label.lines)}" if label else ""
    # Parts hold whole sheets so that cut lines line up across the merged PDF.
    step = max(per_page, cards_per_part - cards_per_part % per_page)
    parts = []
    for start in range(0, len(cards), step):
        chunk = printed_cards(event, cards[start : start + step], layout, base_url=base_url)
        parts.append(
            Part(
                template="printing/scorecards.html",
                context={
                    "event": event,
                    "layout": layout,
                    "css": mark_safe(css + "\n" + fitted_css(layout, used | _used_sizes(chunk))),
                    "code_label_css": code_label_css,
                    "legend": seat_legend(line.seat for card in cards for line in card.rounds),
                    "sheets": [chunk[i : i + per_page] for i in range(0, len(chunk), per_page)],
                },
                items=len(chunk),
            )
        )
    return parts


def scorecards_document(
    seating: Seating,
    *,
    paper: str,
    per_page: int,
    player_ids: list[int] | None = None,
    base_url: str = "",
) -> list[Part]:
    event = event_of(seating.tournament, rounds=len(seating.rounds))
    cards = scorecards(seating, player_ids=player_ids)
    if not cards:
        return []
    return scorecard_parts(
        event=event, cards=cards, paper=paper, per_page=per_page, base_url=base_url
    )


@dataclass(frozen=True)
class PrintedSeat:
    seat: str
    name: Fitted

    @property
    def css(self) -> str:
        return f"{size_class(self.name.size_pt)} n{len(self.name.lines)}"


@dataclass(frozen=True)
class PrintedTableRound:
    round: int
    sides: tuple[tuple[PrintedSeat, ...], ...]
    # A 1-pixel-a-module PNG printed pixelated: WeasyPrint places an image faster than
    # it draws an SVG, and prints it as sharp.
    qr_png: str
    url: str


@dataclass(frozen=True)
class PrintedTableCard:
    number: int
    rounds: tuple[PrintedTableRound, ...]


@dataclass(frozen=True)
class TableCardLayout:
    """One table a page, or two a page (cut apart) when the rounds leave room."""

    per_page: int
    card_h: float
    row_h: float
    qr: float
    names_w: float
    headings: tuple[Fitted, Fitted, Fitted]


TABLE_CARD_MARGIN = 12.0
TABLE_CARD_HEAD = 25.0
TABLE_CARD_THEAD = 9.0
ROUND_COL = 18.0


def seat_col() -> float:
    """The seat label's column, in mm: as wide as the longest label of the reader's
    language in the card's 10 pt bold (a letter in most, "Wsch" in Polish), plus a gap."""
    longest = max(width_mm(str(point.short), 10.0, style="bold") for point in seat_names.COMPASS)
    return max(7.0, longest + 2.0)


def table_card_layout(*, paper: str, rounds: int, sides: int) -> TableCardLayout:
    width, height = (d - 2 * TABLE_CARD_MARGIN for d in PAPER_MM[paper])
    rounds = max(rounds, 1)

    def rows(card_h: float) -> float:
        return (card_h - TABLE_CARD_HEAD - TABLE_CARD_THEAD - 2.0) / rounds

    # Two cards a page while each round still gets a QR code as large as a scorecard's
    # (17 mm, four rounds on letter); otherwise one a page, which holds 12 rounds.
    half = (height - 8.0) / 2
    per_page, card_h = (2, half) if rows(half) >= 21.0 else (1, height)
    row_h = min(44.0, rows(card_h))
    qr = max(14.0, min(38.0, row_h - 4.0))
    qr_col = max(qr + 4.0, 30.0)
    names_w = width - ROUND_COL - qr_col
    headings = (
        fit(
            # Translators: table card column heading, 16 mm wide, one word (it shrinks
            # to 6 pt before it wraps, never cut).
            [[_("Round")]],
            width=ROUND_COL - 2,
            height=TABLE_CARD_THEAD - 1,
            size=9,
            shrink_to=6,
            style="bold",
        ),
        fit(
            # Translators: table card column heading over the four seats and names.
            [_("Who sits where").split(" ")],
            width=names_w - 2,
            height=TABLE_CARD_THEAD - 1,
            size=9,
            shrink_to=6,
            style="bold",
            joiner=" ",
        ),
        fit(
            # Translators: table card column heading over the QR codes, 30 mm or more
            # wide; it wraps at spaces, so keep its words short.
            [_("Scan to enter the result").split(" ")],
            width=qr_col - 2,
            height=TABLE_CARD_THEAD - 1,
            size=9,
            shrink_to=6,
            style="bold",
            joiner=" ",
        ),
    )
    return TableCardLayout(per_page, card_h, row_h, qr, names_w, headings)


def _print_table_round(r, *, layout: TableCardLayout, sides: int) -> PrintedTableRound:
    numbers = sorted({s.side for s in r.seats})
    by_side = [r.side(n) for n in numbers]
    per_side = max((len(side) for side in by_side), default=1)
    column = layout.names_w / max(len(by_side), sides, 1) - seat_col() - 3.0
    height = (layout.row_h - 2.0) / per_side
    return PrintedTableRound(
        round=r.round,
        sides=tuple(
            tuple(
                PrintedSeat(
                    seat=s.seat,
                    name=fit(
                        [s.name.split(" ")],
                        width=column,
                        height=height,
                        size=min(13.0, height / PT_MM / 1.15),
                        shrink_to=min(11.0, height / PT_MM / 1.15),
                        wrap_to=7.0,
                        joiner=" ",
                    ),
                )
                for s in side
            )
            for side in by_side
        ),
        qr_png=qr_png_uri(r.url),
        url=r.url,
    )


def _css(fitted: Fitted) -> str:
    return f"{size_class(fitted.size_pt)} n{len(fitted.lines)}"


def table_cards_document(
    seating: Seating, *, paper: str, base_url: str, tables: list[int] | None = None
) -> list[Part]:
    """Every table's card, or with `tables` those table numbers' only."""
    event = event_of(seating.tournament, rounds=len(seating.rounds))
    cards = table_cards(seating, base_url=base_url)
    if tables is not None:
        cards = [card for card in cards if card.number in tables]
    sides = max((len({s.side for s in r.seats}) for c in cards for r in c.rounds), default=2)
    layout = table_card_layout(paper=paper, rounds=len(seating.rounds), sides=sides)
    printed = [
        PrintedTableCard(
            number=card.number,
            rounds=tuple(_print_table_round(r, layout=layout, sides=sides) for r in card.rounds),
        )
        for card in cards
    ]
    used = {
        ("name", seat.name.size_pt, len(seat.name.lines))
        for card in printed
        for r in card.rounds
        for side in r.sides
        for seat in side
    } | {("th", h.size_pt, len(h.lines)) for h in layout.headings}
    event_line = fit(
        [[event.date, event.name, *([event.venue] if event.venue else [])]],
        width=PAPER_MM[paper][0] - 2 * TABLE_CARD_MARGIN - 45.0,
        height=12.0,
        size=11.0,
        shrink_to=7.0,
        joiner=" · ",
    )
    used.add(("event", event_line.size_pt, len(event_line.lines)))
    css = mark_safe(
        page_css(size=page_size(paper, landscape=False), margin=TABLE_CARD_MARGIN)
        + "\n"
        + table_card_css(
            card_h=layout.card_h,
            head=TABLE_CARD_HEAD,
            thead=TABLE_CARD_THEAD,
            row_h=layout.row_h,
            qr=layout.qr,
            round_col=ROUND_COL,
            seat_col=seat_col(),
            names_w=layout.names_w,
            sides=sides,
        )
        + "\n"
        + fitted_css(None, used)
    )
    step = TABLE_CARDS_PER_PART - TABLE_CARDS_PER_PART % layout.per_page
    return [
        Part(
            template="printing/table_cards.html",
            context={
                "event": event,
                "event_line": event_line,
                "event_css": _css(event_line),
                "legend": seat_legend(
                    s.seat for card in cards for r in card.rounds for s in r.seats
                ),
                "heading_css": [_css(h) for h in layout.headings],
                "layout": layout,
                "css": css,
                "pages": [
                    printed[j : j + layout.per_page]
                    for j in range(i, min(i + step, len(printed)), layout.per_page)
                ],
            },
            items=len(printed[i : i + step]),
        )
        for i in range(0, len(printed), step)
    ]
