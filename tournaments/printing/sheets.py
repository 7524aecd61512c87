"""The sheets for the wall and the door: the rotation chart (one row per player, as on
the paper progressive charts clubs use), a "find your seat" list for each round, and
the standings.

Each is sized to its text: the longest name and the longest heading in the language
being printed set the column widths (measured in the font the PDF uses), the font
shrinks only as far as stays readable from a step away, and pages are cut here, so
that every page repeats its headings and the page count is known before rendering.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments import format_facts
from tournaments.models import Round, Seat

from .cards import Event, Seating, StandingsTable, event_of, seat_labels
from .documents import Part, seat_legend
from .layout import PAPER_MM, mm, page_css, page_size
from .measure import PT_MM, text_mm, widest, widest_word, wrap

MARGIN = 10.0
# Fonts are drawn at these sizes times a scale that never drops below the floor:
# 12 pt names at 0.75 are 9 pt, still legible from a step away on a wall.
SCALES = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75)
LINE = 1.22  # line height, in ems
PAD_X, PAD_Y = 1.4, 0.7
# What the cell borders and the rounding of WeasyPrint's layout add to a row, and what
# is kept free at the foot of each page so a page never spills onto another.
ROW_EXTRA, PAGE_SLACK = 0.3, 3.0


def line_mm(pt: float) -> float:
    return pt * PT_MM * LINE


def usable(paper: str, *, landscape: bool) -> tuple[float, float]:
    width, height = PAPER_MM[paper]
    if landscape:
        width, height = height, width
    return width - 2 * MARGIN, height - 2 * MARGIN


# --- where everyone sits ----------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where one player is in one round: a table and seat, a bye, or not there."""

    table: int | None = None
    seat: str = ""
    partners: tuple[str, ...] = ()
    bye: bool = False


@dataclass(frozen=True)
class PlayerLine:
    name: str
    teammates: tuple[str, ...]
    places: tuple[Place, ...]  # one per round, in round order


@dataclass(frozen=True)
class Night:
    event: Event
    rounds: tuple[int, ...]
    players: tuple[PlayerLine, ...]  # sorted by name
    # What the format seats: partners that change each round, or a fixed team.
    partners_rotate: bool
    fixed_teams: bool


def night_of(seating: Seating) -> Night:
    """Every player's place each round, from the one read of the seating."""
    fmt = seating.tournament.format
    places: dict[int, dict[int, Place]] = defaultdict(dict)
    for rnd in seating.rounds:
        for bye in rnd.byes.all():
            places[bye.player_id][rnd.number] = Place(bye=True)
        for table in rnd.tables.all():
            seats: list[Seat] = list(table.seats.all())
            labels = seat_labels(seats)
            for seat in seats:
                places[seat.player_id][rnd.number] = Place(
                    table=table.number,
                    seat=labels[seat.pk],
                    partners=tuple(
                        s.player.name for s in seats if s.side == seat.side and s.pk != seat.pk
                    ),
                )
    numbers = tuple(rnd.number for rnd in seating.rounds)
    team_members: dict[int, list[str]] = defaultdict(list)
    for player in seating.players:
        if player.team_id:
            team_members[player.team_id].append(player.name)
    shown = [p for p in seating.players if p.active or p.pk in places]
    shown.sort(key=lambda p: (p.name.casefold(), p.pk))
    return Night(
        event=event_of(seating.tournament, rounds=len(numbers)),
        rounds=numbers,
        players=tuple(
            PlayerLine(
                name=p.name,
                teammates=tuple(n for n in team_members.get(p.team_id, []) if n != p.name)
                if p.team_id
                else (),
                places=tuple(places[p.pk].get(n, Place()) for n in numbers),
            )
            for p in shown
        ),
        partners_rotate=format_facts.partners_rotate(fmt),
        fixed_teams=format_facts.fixed_teams(fmt),
    )


def place_text(place: Place) -> str:
    if place.bye:
        return _("Bye")
    if place.table is None:
        return "–"
    return f"{place.table} · {place.seat}"


# --- the rotation chart ---------------------------------------------------------------


@dataclass(frozen=True)
class ChartLine:
    number: int
    name: tuple[str, ...]
    teammates: tuple[str, ...]
    # (table or "Bye", seat, partner lines, css class) for each round
    cells: tuple[tuple[str, str, tuple[str, ...], str], ...]


@dataclass(frozen=True)
class ChartPage:
    rounds: tuple[int, ...]
    lines: tuple[ChartLine, ...]
    number: int = 0
    of: int = 0


@dataclass(frozen=True)
class ChartSizes:
    landscape: bool
    scale: float
    rounds_per_page: int
    number_w: float
    name_w: float
    team_w: float
    round_w: float

    @property
    def name_pt(self) -> float:
        return 12 * self.scale

    @property
    def place_pt(self) -> float:
        return 12 * self.scale

    @property
    def partner_pt(self) -> float:
        return 9 * self.scale

    @property
    def head_pt(self) -> float:
        return 9 * self.scale


def page_of(number: int, of: int) -> str:
    # The templates' "Page {{ number }} of {{ of }}", measured before they print it.
    return _("Page %(number)s of %(of)s") % {"number": number, "of": of}


def round_heading(number: int) -> str:
    # Translators: column heading of a round on the printed wall chart, one per round
    # side by side; the column is as wide as its longest heading in any language.
    return _("Round %(n)s") % {"n": number}


def _chart_sizes(night: Night, *, landscape: bool, scale: float, paper: str) -> ChartSizes:
    name_pt, place_pt, partner_pt, head_pt = 12 * scale, 12 * scale, 9 * scale, 9 * scale
    pad = 2 * PAD_X
    number_w = widest([str(len(night.players)), "#"], 10 * scale, bold=True) + pad
    names = [p.name for p in night.players]
    name_w = min(
        max(widest(names, name_pt), widest_word([_("Player")], head_pt, bold=True)),
        60 * scale,
    )
    name_w = max(name_w, widest_word(names, name_pt)) + pad
    team_w = 0.0
    if night.fixed_teams:
        mates = [", ".join(p.teammates) for p in night.players]
        team_w = (
            max(
                min(widest(mates, partner_pt + 1), 50 * scale),
                widest_word(mates, partner_pt + 1),
                widest_word([partner_heading(night)], head_pt, bold=True),
            )
            + pad
        )
    places = [place_text(pl) for p in night.players for pl in p.places]
    round_w = max(
        widest([round_heading(n) for n in night.rounds], head_pt, bold=True),
        widest(places, place_pt, bold=True),
    )
    if night.partners_rotate:
        partners = [", ".join(pl.partners) for p in night.players for pl in p.places]
        round_w = max(
            round_w,
            min(widest(partners, partner_pt), 40 * scale),
            widest_word(partners, partner_pt),
        )
    round_w += pad
    width, _height = usable(paper, landscape=landscape)
    room = width - number_w - name_w - team_w
    per_page = max(1, min(len(night.rounds), int(room // round_w)))
    # Spare width goes to the rounds (up to half as wide again): easier to follow a row.
    round_w = min(round_w * 1.5, max(round_w, room / per_page))
    return ChartSizes(
        landscape=landscape,
        scale=scale,
        rounds_per_page=per_page,
        number_w=number_w,
        name_w=name_w,
        team_w=team_w,
        round_w=round_w,
    )


def _chart_lines(night: Night, sizes: ChartSizes) -> list[ChartLine]:
    inner_name = sizes.name_w - 2 * PAD_X
    inner_round = sizes.round_w - 2 * PAD_X
    inner_team = sizes.team_w - 2 * PAD_X
    lines = []
    for number, player in enumerate(night.players, start=1):
        cells = []
        for place in player.places:
            partner: tuple[str, ...] = ()
            if night.partners_rotate and place.partners:
                partner = tuple(wrap(", ".join(place.partners), sizes.partner_pt, inner_round))
            css = "bye" if place.bye else ("out" if place.table is None else "")
            if place.table is None:
                cells.append((place_text(place), "", partner, css))
            else:
                cells.append((str(place.table), place.seat, partner, css))
        lines.append(
            ChartLine(
                number=number,
                name=tuple(wrap(player.name, sizes.name_pt, inner_name)),
                teammates=tuple(wrap(", ".join(player.teammates), sizes.partner_pt + 1, inner_team))
                if night.fixed_teams
                else (),
                cells=tuple(cells),
            )
        )
    return lines


def _chart_row_h(line: ChartLine, sizes: ChartSizes) -> float:
    partner = max((len(c[2]) for c in line.cells), default=0)
    cell = line_mm(sizes.place_pt) + partner * line_mm(sizes.partner_pt)
    name = len(line.name) * line_mm(sizes.name_pt)
    team = len(line.teammates) * line_mm(sizes.partner_pt + 1)
    return max(cell, name, team) + 2 * PAD_Y + ROW_EXTRA


def event_line(event: Event) -> str:
    # With room for the page number, which follows it on the same line.
    return " · ".join(t for t in (event.name, event.date, event.venue, event.format_label) if t)


def night_seat_legend(night: Night) -> str:
    """The seat legend (N – North · …) when the night's seats are compass points."""
    return seat_legend(place.seat for line in night.players for place in line.places)


def chart_legend(night: Night) -> str:
    if night.partners_rotate:
        how = _("Find your name: each round shows your table · seat, and under it your partner.")
    else:
        how = _("Find your name: each round shows your table · seat.")
    return " ".join(t for t in (how, night_seat_legend(night)) if t)


def _chart_head_h(night: Night, sizes: ChartSizes, width: float) -> float:
    # The page heading (title, event line and legend, however many lines they take)
    # and the table's row of headings.
    small = len(wrap(f"{event_line(night.event)} · {page_of(10, 10)}", 9, width)) + len(
        wrap(chart_legend(night), 9, width)
    )
    title = line_mm(16) + small * line_mm(9) + 2.0
    return title + line_mm(sizes.head_pt) + 2 * PAD_Y + ROW_EXTRA


def paginate(heights: Sequence[float], room: float) -> list[range]:
    """Consecutive runs of rows that each fit `room` (at least one row a page)."""
    pages, start, used = [], 0, 0.0
    for index, height in enumerate(heights):
        if index > start and used + height > room:
            pages.append(range(start, index))
            start, used = index, 0.0
        used += height
    pages.append(range(start, len(heights)))
    return pages


def _chart_plan(night: Night, sizes: ChartSizes, paper: str) -> list[ChartPage]:
    lines = _chart_lines(night, sizes)
    width, height = usable(paper, landscape=sizes.landscape)
    room = height - _chart_head_h(night, sizes, width) - PAGE_SLACK
    runs = paginate([_chart_row_h(line, sizes) for line in lines], room)
    step = sizes.rounds_per_page
    pages = []
    for first in range(0, len(night.rounds), step):
        for run in runs:
            pages.append(
                ChartPage(
                    rounds=night.rounds[first : first + step],
                    lines=tuple(
                        ChartLine(
                            number=lines[i].number,
                            name=lines[i].name,
                            teammates=lines[i].teammates,
                            cells=lines[i].cells[first : first + step],
                        )
                        for i in run
                    ),
                )
            )
    return [
        ChartPage(rounds=p.rounds, lines=p.lines, number=n, of=len(pages))
        for n, p in enumerate(pages, start=1)
    ]


CHART_SCALES = (1.4, 1.25, 1.1, 1.0, 0.95, 0.9, 0.85)


def chart_layout(night: Night, *, paper: str) -> tuple[ChartSizes, list[ChartPage]]:
    """The fewest pages the chart fits on while it reads from a step away, then the
    largest type that keeps that count.

    Every scale down to the floor (10 pt names) in both orientations; a scale at
    which not every round fits across the page carries rounds over to further pages,
    which counts against it. Portrait wins a tie: it fits a wall better.
    """
    best: tuple[tuple[int, float, int], ChartSizes, list[ChartPage]] | None = None
    for landscape in (False, True):
        for scale in CHART_SCALES:
            sizes = _chart_sizes(night, landscape=landscape, scale=scale, paper=paper)
            pages = _chart_plan(night, sizes, paper)
            key = (len(pages), -scale, int(landscape))
            if best is None or key < best[0]:
                best = (key, sizes, pages)
    assert best is not None
    return best[1], best[2]


def chart_css(sizes: ChartSizes, paper: str) -> str:
    return "\n".join(
        [
            page_css(size=page_size(paper, landscape=sizes.landscape), margin=MARGIN),
            f"table.wall-chart td, table.wall-chart th {{ padding: {mm(PAD_Y)} {mm(PAD_X)}; }}",
            f"table.wall-chart col.number {{ width: {mm(sizes.number_w)}; }}",
            f"table.wall-chart col.name {{ width: {mm(sizes.name_w)}; }}",
            f"table.wall-chart col.team {{ width: {mm(sizes.team_w)}; }}",
            f"table.wall-chart col.round {{ width: {mm(sizes.round_w)}; }}",
            f"table.wall-chart th {{ font-size: {sizes.head_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.head_pt))}; }}",
            f"table.wall-chart td.number {{ font-size: {10 * sizes.scale:.2f}pt; }}",
            f"table.wall-chart td.name {{ font-size: {sizes.name_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.name_pt))}; }}",
            f"table.wall-chart td.team {{ font-size: {sizes.partner_pt + 1:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.partner_pt + 1))}; }}",
            f"table.wall-chart .place {{ font-size: {sizes.place_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.place_pt))}; }}",
            f"table.wall-chart .partner {{ font-size: {sizes.partner_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.partner_pt))}; }}",
        ]
    )


def rotation_chart_document(seating: Seating, *, paper: str) -> list[Part]:
    night = night_of(seating)
    sizes, pages = chart_layout(night, paper=paper)
    return [
        Part(
            template="printing/rotation_chart.html",
            context={
                "event": night.event,
                "event_line": event_line(night.event),
                "legend": chart_legend(night),
                "css": mark_safe(chart_css(sizes, paper)),
                "pages": pages,
                "partners_rotate": night.partners_rotate,
                "fixed_teams": night.fixed_teams,
                "partner_heading": partner_heading(night),
            },
            items=len(night.players),
        )
    ]


# --- find your seat -----------------------------------------------------------------------


@dataclass(frozen=True)
class DoorLine:
    name: tuple[str, ...]
    place: Place
    partner: tuple[str, ...]


@dataclass(frozen=True)
class DoorPage:
    round: int
    columns: tuple[tuple[DoorLine, ...], ...]  # one list, or two side by side
    number: int  # page of this round
    of: int


@dataclass(frozen=True)
class DoorSizes:
    scale: float
    name_w: float
    table_w: float
    seat_w: float
    partner_w: float
    across: int = 1

    @property
    def total_w(self) -> float:
        return self.name_w + self.table_w + self.seat_w + self.partner_w

    @property
    def name_pt(self) -> float:
        return 16 * self.scale

    @property
    def table_pt(self) -> float:
        return 20 * self.scale

    @property
    def partner_pt(self) -> float:
        return 13 * self.scale

    @property
    def head_pt(self) -> float:
        return 11 * self.scale


def partner_heading(night: Night) -> str:
    most = max((len(p.teammates) for p in night.players), default=1)
    return ngettext("Partner", "Partners", max(most, 1))


def door_headings(night: Night) -> dict[str, str]:
    most = max((len(pl.partners) for p in night.players for pl in p.places), default=1)
    partner = ngettext("Partner", "Partners", max(most, 1))
    # Translators: column headings of the printed "find your seat" sheet; each column
    # is as wide as its longest heading in any language, so short words keep it narrow.
    return {"name": _("Player"), "table": _("Table"), "seat": _("Seat"), "partner": partner}


def _door_sizes(night: Night, scale: float, with_partner: bool) -> DoorSizes:
    heads = door_headings(night)
    head_pt = 11 * scale
    pad = 2 * PAD_X
    names = [p.name for p in night.players]
    name_w = max(min(widest(names, 16 * scale), 95 * scale), widest_word(names, 16 * scale))
    name_w = max(name_w, text_mm(heads["name"], head_pt, bold=True)) + pad
    tables = [str(pl.table) for p in night.players for pl in p.places if pl.table is not None]
    byes = [_("Bye")] if any(pl.bye for p in night.players for pl in p.places) else []
    table_w = (
        max(
            widest(tables, 20 * scale, bold=True),
            text_mm(heads["table"], head_pt, bold=True),
        )
        + pad
    )
    seats = [pl.seat for p in night.players for pl in p.places]
    seat_w = max(widest(seats, 16 * scale), text_mm(heads["seat"], head_pt, bold=True)) + pad
    # A bye spans the table and seat columns.
    seat_w = max(seat_w, widest(byes, 16 * scale, bold=True) + 2 * pad - table_w)
    partner_w = 0.0
    if with_partner:
        partners = [", ".join(pl.partners) for p in night.players for pl in p.places]
        partner_w = (
            max(
                min(widest(partners, 13 * scale), 80 * scale),
                widest_word(partners, 13 * scale),
                text_mm(heads["partner"], head_pt, bold=True),
            )
            + pad
        )
    return DoorSizes(scale, name_w, table_w, seat_w, partner_w)


GUTTER = 6.0  # between the two lists of a two-column sheet
DOOR_SCALES_ACROSS = SCALES[:5]  # two lists a page only while names stay this large


def _door_fit(night: Night, width: float, with_partner: bool, scales) -> DoorSizes | None:
    for scale in scales:
        sizes = _door_sizes(night, scale, with_partner)
        if sizes.total_w <= width:
            return sizes
    return None


def _door_lines(night: Night, index: int, sizes: DoorSizes, with_partner: bool):
    lines = [
        DoorLine(
            name=tuple(wrap(p.name, sizes.name_pt, sizes.name_w - 2 * PAD_X)),
            place=p.places[index],
            partner=tuple(
                wrap(
                    ", ".join(p.places[index].partners),
                    sizes.partner_pt,
                    sizes.partner_w - 2 * PAD_X,
                )
            )
            if with_partner and p.places[index].partners
            else (),
        )
        for p in night.players
        # Who is not in this round (arrived later, or left) has no line to find.
        if p.places[index].table is not None or p.places[index].bye
    ]
    heights = [
        max(
            len(line.name) * line_mm(sizes.name_pt),
            line_mm(sizes.table_pt),
            len(line.partner) * line_mm(sizes.partner_pt),
        )
        + 2 * PAD_Y
        + ROW_EXTRA
        for line in lines
    ]
    return lines, heights


def _spread(sizes: DoorSizes, width: float) -> DoorSizes:
    # Whatever is left over goes to the name and the numbers, so the lists fill the sheet.
    spare = max(0.0, width - sizes.total_w)
    return DoorSizes(
        sizes.scale,
        sizes.name_w + spare / 2,
        sizes.table_w + spare / 4,
        sizes.seat_w + spare / 4,
        sizes.partner_w,
        sizes.across,
    )


def door_layout(night: Night, *, paper: str) -> tuple[DoorSizes, list[DoorPage]]:
    """One list a page while each round fits a page; for a bigger room, two lists side
    by side (while names stay large), so a round needs half the sheets."""
    width, height = usable(paper, landscape=False)
    with_partner = format_facts.partnered(night.event.format)
    one = _door_fit(night, width, with_partner, SCALES) or _door_sizes(
        night, SCALES[-1], with_partner
    )
    half = (width - GUTTER) / 2
    two = _door_fit(night, half, with_partner, DOOR_SCALES_ACROSS)
    door_event = " · ".join(t for t in (night.event.name, night.event.date, night.event.venue) if t)
    legend = night_seat_legend(night)
    title = f"{round_heading(max(night.rounds, default=1))} · {_('Find your seat')}"
    head = (
        len(wrap(title, 24, width, bold=True)) * line_mm(24)
        + len(wrap(f"{door_event} · {page_of(10, 10)}", 10, width)) * line_mm(10)
        + (len(wrap(legend, 10, width)) * line_mm(10) if legend else 0.0)
        + 3.0
        + line_mm(one.head_pt)
        + 2 * PAD_Y
        + ROW_EXTRA
    )
    room = height - head - PAGE_SLACK
    sizes = _spread(one, width)
    if two is not None:
        needs_more = any(
            len(paginate(_door_lines(night, i, sizes, with_partner)[1], room)) > 1
            for i in range(len(night.rounds))
        )
        if needs_more:
            # A hair under half: two floats of exactly half can round past the line.
            sizes = _spread(replace(two, across=2), half - 0.2)
    pages: list[DoorPage] = []
    for index, number in enumerate(night.rounds):
        lines, heights = _door_lines(night, index, sizes, with_partner)
        runs = paginate(heights, room)
        sheets = [runs[i : i + sizes.across] for i in range(0, len(runs), sizes.across)]
        pages.extend(
            DoorPage(
                round=number,
                columns=tuple(tuple(lines[i] for i in run) for run in sheet),
                number=n,
                of=len(sheets),
            )
            for n, sheet in enumerate(sheets, start=1)
        )
    return sizes, pages


def door_css(sizes: DoorSizes, paper: str) -> str:
    return "\n".join(
        [
            page_css(size=page_size(paper, landscape=False), margin=MARGIN),
            f"table.door td, table.door th {{ padding: {mm(PAD_Y)} {mm(PAD_X)}; }}",
            f"table.door col.name {{ width: {mm(sizes.name_w)}; }}",
            f"table.door col.table {{ width: {mm(sizes.table_w)}; }}",
            f"table.door col.seat {{ width: {mm(sizes.seat_w)}; }}",
            f"table.door col.partner {{ width: {mm(sizes.partner_w)}; }}",
            f".door .list {{ float: left; width: {mm(sizes.total_w)}; }}",
            f".door .list + .list {{ margin-left: {mm(GUTTER)}; }}",
            f"table.door th {{ font-size: {sizes.head_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.head_pt))}; }}",
            f"table.door td {{ font-size: {sizes.name_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.name_pt))}; }}",
            f"table.door td.table {{ font-size: {sizes.table_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.table_pt))}; }}",
            f"table.door td.partner {{ font-size: {sizes.partner_pt:.2f}pt;"
            f" line-height: {mm(line_mm(sizes.partner_pt))}; }}",
        ]
    )


def find_your_seat_document(
    seating: Seating, *, paper: str, rounds: list[int] | None = None
) -> list[Part]:
    """One part a round: a worker pool renders the rounds side by side, and the job's
    progress moves round by round. With `rounds`, those rounds' sheets only."""
    night = night_of(seating)
    sizes, pages = door_layout(night, paper=paper)
    css = mark_safe(door_css(sizes, paper))
    headings = door_headings(night)
    return [
        Part(
            template="printing/find_your_seat.html",
            context={
                "event": night.event,
                "css": css,
                "pages": [page for page in pages if page.round == number],
                "with_partner": sizes.partner_w > 0,
                "headings": headings,
                "legend": night_seat_legend(night),
            },
            items=sum(1 for page in pages if page.round == number),
        )
        for number in night.rounds
        if rounds is None or number in rounds
    ]


# --- standings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsSizes:
    scale: float
    widths: tuple[float, ...]

    @property
    def body_pt(self) -> float:
        return 12 * self.scale

    @property
    def head_pt(self) -> float:
        return 9 * self.scale


def standings_sizes(standings: StandingsTable, *, paper: str) -> StandingsSizes:
    """Columns as wide as their widest value or heading word (headings wrap between
    words); the name takes what is left. The type shrinks when the columns do not fit."""
    width, _height = usable(paper, landscape=False)
    keys = [key for key, _header in standings.columns]
    headers = [header for _key, header in standings.columns]
    widths: list[float] = []
    scale = SCALES[0]
    for scale in SCALES:
        body, head = 12 * scale, 9 * scale
        widths = []
        for index, key in enumerate(keys):
            values = [str(row.get(key, "")) for row in standings.rows]
            if key == "name":
                # A tie-break mark after a name: a small digit or two.
                values = [
                    f"{v} 99" if row.get("tie_break") else v
                    for v, row in zip(values, standings.rows, strict=True)
                ]
                need = max(
                    min(widest(values, body), 80 * scale),
                    widest_word(values, body),
                    widest_word([headers[index]], head, bold=True),
                )
            else:
                need = max(
                    widest(values, body, bold=key == "place"),
                    widest_word([headers[index]], head, bold=True),
                )
            widths.append(need + 2 * PAD_X + 0.5)
        if sum(widths) <= width:
            break
    spare = width - sum(widths)
    if spare > 0 and "name" in keys:
        # The name gets the room first, up to twice what it needs; the other columns
        # share the rest, so the table spans the sheet.
        at = keys.index("name")
        given = min(spare, widths[at])
        widths[at] += given
        spare -= given
    if spare > 0:
        widths = [w + spare / len(widths) for w in widths]
    return StandingsSizes(scale=scale, widths=tuple(widths))


def standings_css(sizes: StandingsSizes, paper: str) -> str:
    rules = [
        page_css(size=page_size(paper, landscape=False), margin=MARGIN + 2),
        f"table.standings td, table.standings th {{ padding: {mm(PAD_Y + 0.3)} {mm(PAD_X)}; }}",
        f"table.standings td {{ font-size: {sizes.body_pt:.2f}pt; }}",
        f"table.standings th {{ font-size: {sizes.head_pt:.2f}pt; }}",
    ]
    rules += [
        f"table.standings col.c{index} {{ width: {mm(w)}; }}"
        for index, w in enumerate(sizes.widths)
    ]
    return "\n".join(rules)


def standings_heading(standings: StandingsTable) -> str:
    """'After round 3', and whether the figures may still change."""
    if standings.after_round:
        text = _("After round %(number)s") % {"number": standings.after_round}
    else:
        text = _("No round is closed yet")
    if standings.provisional:
        # The standings, not a result: Polish agrees the word with "Klasyfikacja".
        provisional = pgettext("standings", "provisional")
        text = f"{text} · {provisional}"
    return text


def standings_document(event: Event, standings: StandingsTable, *, paper: str) -> list[Part]:
    # A standings sheet may come from an older job, with one paper size the layout lacks.
    paper = paper if paper in PAPER_MM else "a4"
    sizes = standings_sizes(standings, paper=paper)
    keys = [key for key, _header in standings.columns]
    # What set a row below the one above it, when a tie-break did: numbered marks on
    # the names, explained in the footnote.
    marks: dict[str, int] = {}
    for row in standings.rows:
        if row.get("tie_break"):
            marks.setdefault(str(row["tie_break"]), len(marks) + 1)
    rows: list[list[tuple[Any, str, int]]] = [
        [
            (
                row.get(key, ""),
                _standings_class(key),
                marks.get(str(row.get("tie_break", "")), 0) if key == "name" else 0,
            )
            for key in keys
        ]
        for row in standings.rows
    ]
    return [
        Part(
            template="printing/standings.html",
            context={
                "event": event,
                "css": mark_safe(standings_css(sizes, paper)),
                "standings": standings,
                "heading": standings_heading(standings),
                "headers": [(header, _standings_class(key)) for key, header in standings.columns],
                "rows": rows,
                "columns": range(len(keys)),
                "tie_breaks": [(n, text[:1].upper() + text[1:]) for text, n in marks.items()],
            },
            items=len(standings.rows),
        )
    ]


def _standings_class(key: str) -> str:
    return {"place": "place", "name": "name"}.get(key, "num")


def closed_rounds(tournament) -> tuple[int, bool]:
    """The last closed round, and whether any round is in play now (its confirmed
    tables already count, so standings taken now are provisional)."""
    statuses = dict(tournament.rounds.values_list("number", "status"))
    closed = [n for n, s in statuses.items() if s == Round.Status.CLOSED]
    return max(closed, default=0), any(s == Round.Status.IN_PLAY for s in statuses.values())
