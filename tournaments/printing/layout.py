"""Paper sizes and the scorecard's measurements, in millimetres.

Speed decides the scorecard's construction. Measured with WeasyPrint 70 on 40-card
documents: a card drawn as an HTML table (one cell per write-in box) rendered at
about 7 cards/s; with its rules and headings drawn as one image shared by every
card, and the per-round text in absolutely placed boxes, several times faster. So
every measurement is computed here from the paper and the number of rounds, and
templates receive plain numbers and one image. Text is fitted here too (see fit.py):
WeasyPrint is only asked to set lines that are known to fit.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .fit import PT_MM, Fitted, fit, font_path, width_mm

# Portrait width and height.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_CSS = {"a4": "A4", "letter": "letter"}

# Column headings on a quarter-sheet card: at most two lines, never under 4.5 pt.
HEADING_PT, HEADING_MIN_PT = 5.7, 4.5
# A hand box takes a hand-written digit ("4", "X"): never narrower than this.
HAND_BOX_MM = 5.0
QR_MM = 18.0
CODE_MM = 17.0
# The seat legend's line under a scorecard's grid, on the quarter-sheet card.
LEGEND_H = 3.0
# The seat label in its grid column ("N", Polish "Wsch"), bold, on a quarter-sheet card.
SEAT_LABEL_PT = 9.0


@dataclass(frozen=True)
class Column:
    width: float
    header: str
    # Points columns are set off from the hand boxes by a heavier rule.
    heavy_left: bool = False
    heading: Fitted | None = None


@dataclass(frozen=True)
class CardLayout:
    per_page: int
    page_size: str
    margin: float
    card_w: float
    card_h: float
    scale: float
    header_h: float
    head_row_h: float
    row_h: float
    rounds: int
    dense: bool
    columns: tuple[Column, ...]
    # The player's seat-link QR code and the confirmation code beside it.
    qr: float = 0.0
    code_w: float = 0.0
    code_label: Fitted | None = None
    # Where the write-in columns after the hand boxes start: points, total, (loners).
    sums_at: int = 0

    @property
    def padding(self) -> float:
        return 3.0 * self.scale

    @property
    def inner_w(self) -> float:
        return self.card_w - 2 * self.padding

    @property
    def grid_h(self) -> float:
        return self.head_row_h + self.rounds * self.row_h

    @property
    def head_text_w(self) -> float:
        """Width left of the confirmation code for the event, player and team lines."""
        return self.inner_w - self.qr - self.code_w - 2.0 * self.scale

    @property
    def font_pt(self) -> float:
        return 8.0 * self.scale

    def left(self, index: int) -> float:
        return sum(c.width for c in self.columns[:index])

    @property
    def who(self) -> Column:
        return self.columns[3]

    @property
    def inset(self) -> float:
        return 0.8 * self.scale


def heading_width(headers: Sequence[str], *, scale: float) -> float:
    """How wide a column must be for its heading in every language given, in two lines
    at most at the smallest heading size."""
    size = HEADING_MIN_PT * scale
    widest = 0.0
    for header in headers:
        words = header.split(" ")
        one = width_mm(header, size)
        two = max(width_mm(w, size) for w in words) if len(words) > 1 else one
        widest = max(widest, min(one, two))
    return widest + 1.2 * scale


def fit_heading(text: str, *, width: float, height: float, scale: float) -> Fitted:
    return fit(
        [text.split(" ")],
        width=width - 0.8 * scale,
        height=height - 0.6 * scale,
        size=HEADING_PT * scale,
        shrink_to=HEADING_MIN_PT * scale,
        joiner=" ",
        line_height=1.1,
    )


def _seat_label_mm(labels: Sequence[str]) -> float:
    return max((width_mm(label, SEAT_LABEL_PT, style="bold") for label in labels), default=0.0)


def scorecard_layout(
    *,
    paper: str,
    per_page: int,
    rounds: int,
    text_headers: tuple[str, str, str, str],
    hand_headers: list[str],
    tail: list[tuple[str, float]],
    seat_labels: Sequence[str] = ("N",),
    widest: dict[str, Sequence[str]] | None = None,
    code_label: str = "",
) -> CardLayout:
    """Four cards a sheet (landscape, 2×2) or one card filling a landscape sheet.

    `hand_headers` name the per-hand boxes, each at least HAND_BOX_MM wide; `tail`
    are the other write-in columns as (heading, width on a quarter-sheet card). A
    column is widened to fit its heading in each of its translations in `widest`
    (heading → every language's), so the longest translation sets the width and a
    card looks the same in every language. The names column gets the rest.
    """
    widest = widest or {}
    width, height = PAPER_MM[paper]
    long_side, short_side = max(width, height), min(width, height)
    margin = 6.0 if per_page == 4 else 10.0
    across = 2 if per_page == 4 else 1
    # A hair under an exact fraction: two cards of exactly half can round past the
    # line width and float the second card onto a line of its own.
    card_w = (long_side - 2 * margin) / across - 0.05
    card_h = (short_side - 2 * margin) / across - 0.05
    # Everything is drawn for the quarter-sheet card and scaled up for a full sheet.
    scale = round(card_h / 99.0, 3)
    padding = 3.0 * scale
    header_h = 19.0 * scale
    head_row_h = 6.5 * scale
    # Under the grid, a line for the seat legend (N – North · …) and a hair to spare.
    available = card_h - 2 * padding - header_h - head_row_h - (1.0 + LEGEND_H) * scale
    # Rows never get taller than 10 mm; below 6.5 mm partner and opponents share a line.
    row_h = min(10.0 * scale, available / max(rounds, 1))
    dense = row_h < 6.5 * scale

    # Write-in boxes need not grow as much as the text on a full-sheet card: what a
    # pencil writes is the same size on either. The names take what they leave.
    box_scale = min(scale, 1.3)

    def sized(header: str, base: float) -> float:
        return max(base * box_scale, heading_width(widest.get(header, [header]), scale=scale))

    round_h, table_h, seat_h, who_h = text_headers
    fixed = [
        Column(sized(round_h, 5.5), round_h),
        Column(sized(table_h, 7.0), table_h),
        # The seat's short label is a letter in most languages, a few in some (Polish
        # "Wsch"): measured in its bold font, with a gap to the rules either side.
        Column(max(sized(seat_h, 6.0), (_seat_label_mm(seat_labels) + 1.5) * scale), seat_h),
    ]
    hands = len(hand_headers)
    sums = [
        Column(sized(header, base), header, heavy_left=(index == 0 and hands > 0))
        for index, (header, base) in enumerate(tail)
    ]
    inner_w = card_w - 2 * padding
    taken = sum(c.width for c in fixed) + sum(c.width for c in sums)
    # Hand boxes as wide as a written digit needs (up to 7 mm); the names get the rest,
    # but never less than room for a short name a line.
    min_who = 30.0 * scale
    hand_w = (
        max(HAND_BOX_MM * box_scale, min(7.0 * box_scale, (inner_w - taken - min_who) / hands))
        if hands
        else 0.0
    )
    boxes = [Column(hand_w, header) for header in hand_headers]
    who = Column(inner_w - taken - hand_w * hands, who_h)
    columns = tuple(
        Column(
            c.width,
            c.header,
            c.heavy_left,
            fit_heading(c.header, width=c.width, height=head_row_h, scale=scale),
        )
        for c in (*fixed, who, *boxes, *sums)
    )
    code_w = CODE_MM * scale
    return CardLayout(
        per_page=per_page,
        page_size=f"{PAPER_CSS[paper]} landscape",
        margin=margin,
        card_w=card_w,
        card_h=card_h,
        scale=scale,
        header_h=header_h,
        head_row_h=head_row_h,
        row_h=row_h,
        rounds=rounds,
        dense=dense,
        columns=columns,
        sums_at=len(fixed) + 1 + hands,
        qr=QR_MM * scale,
        code_w=code_w,
        code_label=fit(
            [code_label.split(" ")],
            width=code_w,
            height=5.4 * scale,
            size=6.2 * scale,
            shrink_to=4.6 * scale,
            joiner=" ",
        ),
    )


def page_size(paper: str, *, landscape: bool) -> str:
    return f"{PAPER_CSS[paper]} {'landscape' if landscape else 'portrait'}"


def mm(value: float) -> str:
    # Written by hand rather than through templates: a localised "6,5" is no CSS length.
    return f"{value:.2f}mm"


def page_css(*, size: str, margin: float) -> str:
    return f"@page {{ size: {size}; margin: {mm(margin)}; }}"


def _font(size_px: int, *, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path("bold" if bold else "sans")
    if path is not None:
        return ImageFont.truetype(str(path), size_px)
    return ImageFont.load_default(size_px)


@lru_cache(maxsize=16)
def grid_png(layout: CardLayout) -> str:
    """A card's rules, column headings and round numbers as one PNG data URI, the same
    on every card.

    A raster, not SVG: WeasyPrint draws an SVG node by node on every card, but
    embeds a PNG once per document and only places it on each card (about 20% of
    a card's rendering time). WeasyPrint decodes and re-encodes it once per
    document, which is most of a single reprinted card's time at 600 dpi; 400 dpi
    on a quarter-sheet card (200 on a full sheet, whose headings are twice the
    size) still prints rules and headings crisply.
    """
    dpi = 400 if layout.per_page == 4 else 200
    px = dpi / 25.4

    def at(value_mm: float) -> int:
        return round(value_mm * px)

    width, height = at(layout.inner_w), at(layout.grid_h)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    thin, heavy = max(1, at(0.2)), max(2, at(0.45))
    draw.rectangle([0, 0, width - 1, height - 1], outline=0, width=thin)
    y = layout.head_row_h
    for _row in range(layout.rounds + 1):
        row_y = min(at(y), height - thin)
        draw.rectangle([0, row_y, width - 1, row_y + thin - 1], fill=0)
        y += layout.row_h
    # Row n is always round n, so the round numbers are part of the shared image too
    # (one text box fewer per round on every card).
    number_font = _font(at(2.8 * layout.scale), bold=True)
    first = layout.columns[0].width / 2
    for number in range(1, layout.rounds + 1):
        middle_y = layout.head_row_h + (number - 0.5) * layout.row_h
        draw.text((at(first), at(middle_y)), str(number), fill=0, font=number_font, anchor="mm")
    x = 0.0
    for index, column in enumerate(layout.columns):
        if index:
            stroke = heavy if column.heavy_left else thin
            left = at(x) - stroke // 2
            draw.rectangle([left, 0, left + stroke - 1, height - 1], fill=0)
        heading = column.heading or Fitted(HEADING_PT * layout.scale, (column.header,))
        size_mm = heading.size_pt * PT_MM
        font = _font(at(size_mm))
        line_h = size_mm * 1.1
        top = (layout.head_row_h - line_h * len(heading.lines)) / 2
        for number, line in enumerate(heading.lines):
            draw.text(
                (at(x + column.width / 2), at(top + (number + 0.5) * line_h)),
                line,
                fill=34,
                font=font,
                anchor="mm",
            )
        x += column.width
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi))
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def size_class(size_pt: float) -> str:
    return f"z{round(size_pt * 4)}"


def fitted_css(layout: CardLayout | None, used: set[tuple[str, float, int]]) -> str:
    """Font size, line height (and on a scorecard row, the top padding that centres the
    lines) for each (kind, size, line count) a document's fitted text uses."""
    rules = []
    for kind, size_pt, count in sorted(used):
        line = size_pt * 1.15
        name = f".{kind}.{size_class(size_pt)}.n{count}"
        if kind == "w" and layout is not None:
            pad = max(0.0, (layout.row_h - count * line * PT_MM) / 2)
            rules.append(
                f"{name} {{ font-size: {size_pt:.2f}pt; line-height: {line:.2f}pt;"
                f" padding-top: {mm(pad)}; }}"
            )
        else:
            rules.append(f"{name} {{ font-size: {size_pt:.2f}pt; line-height: {line:.2f}pt; }}")
    return "\n".join(rules)


def scorecard_css(layout: CardLayout) -> str:
    """The measured part of the scorecard stylesheet, for a <style> block."""
    row = layout.row_h
    who = layout.who
    inset = layout.inset
    s = layout.scale
    rules = [
        page_css(size=layout.page_size, margin=layout.margin),
        f".card {{ width: {mm(layout.card_w)}; height: {mm(layout.card_h)};"
        f" padding: {mm(layout.padding)}; font-size: {layout.font_pt:.2f}pt; }}",
        f".card-head {{ height: {mm(layout.header_h)}; }}",
        f".card-head .qr {{ width: {mm(layout.qr)}; height: {mm(layout.qr)}; }}",
        f".card-head .confirm, .card-head .code {{ right: {mm(layout.qr + 1.2 * s)};"
        f" width: {mm(layout.code_w)}; }}",
        f".card-head .confirm {{ top: {mm(0.4 * s)}; }}",
        f".card-head .code {{ top: {mm(6.4 * s)}; font-size: {11.0 * s:.2f}pt;"
        f" line-height: {mm(6.0 * s)}; }}",
        f".card-head .event, .card-head .player, .card-head .team"
        f" {{ width: {mm(layout.head_text_w)}; }}",
        f".card-head .player {{ top: {mm(3.4 * s)}; }}",
        # Cards placed absolutely on their sheet: WeasyPrint lays floats out
        # noticeably slower (about 10% of a card's time).
        f".sheet {{ height: {mm(layout.card_h * (2 if layout.per_page == 4 else 1))}; }}",
        f".card.q2, .card.q4 {{ left: {mm(layout.card_w)}; }}",
        f".card.q3, .card.q4 {{ top: {mm(layout.card_h)}; }}",
        f".grid {{ height: {mm(layout.grid_h)}; background: url({grid_png(layout)}) no-repeat;"
        f" background-size: {mm(layout.inner_w)} {mm(layout.grid_h)}; }}",
        # Table and seat numbers: one box a column, one line a round.
        f".grid .tc, .grid .sc {{ top: {mm(layout.head_row_h)}; line-height: {mm(row)};"
        f" font-size: {SEAT_LABEL_PT * s:.2f}pt; }}",
        f".grid .w {{ left: {mm(layout.left(3) + inset)}; width: {mm(who.width - 2 * inset)};"
        f" height: {mm(row)}; }}",
        f".grid .w.bye {{ margin-top: {mm(0.3)}; height: {mm(row - 0.6)};"
        f" line-height: {mm(row - 0.6)}; font-size: {7.0 * s:.2f}pt; }}",
        f".grid .w.out {{ line-height: {mm(row)}; font-size: {7.0 * s:.2f}pt; }}",
        f".card .legend {{ height: {mm(LEGEND_H * s)}; line-height: {mm(LEGEND_H * s)};"
        f" font-size: {5.5 * s:.2f}pt; }}",
    ]
    for index in range(layout.rounds):
        rules.append(f".grid .r{index + 1} {{ top: {mm(layout.head_row_h + index * row)}; }}")
    # A reprint fills in the points of the rounds already played: points, running
    # total and (with partners) loners, one box a column like the table numbers.
    written = ((1, "tc"), (2, "sc")) + tuple(
        (layout.sums_at + offset, name)
        for offset, name in enumerate(("pc", "tt", "lc"))
        if layout.sums_at and layout.sums_at + offset < len(layout.columns) - 1
    )
    for index, name in written:
        column = layout.columns[index]
        rules.append(
            f".grid .{name} {{ left: {mm(layout.left(index))}; width: {mm(column.width)}; }}"
        )
    rules.append(
        f".grid .pc, .grid .tt, .grid .lc {{ top: {mm(layout.head_row_h)};"
        f" line-height: {mm(row)}; font-size: {8.0 * s:.2f}pt; }}"
    )
    return "\n".join(rules)


def table_card_css(
    *,
    card_h: float,
    head: float,
    thead: float,
    row_h: float,
    qr: float,
    round_col: float,
    seat_col: float,
    names_w: float,
    sides: int,
) -> str:
    """The measured part of the table cards' stylesheet."""
    return "\n".join(
        [
            f".table-card {{ height: {mm(card_h)}; }}",
            f".table-card .tc-head {{ height: {mm(head)}; }}",
            f"table.seating thead th {{ height: {mm(thead - 1.0)}; }}",
            f"table.seating tbody td {{ height: {mm(row_h - 1.0)}; }}",
            f"table.seating td.qr img, table.seating td.qr svg {{ width: {mm(qr)};"
            f" height: {mm(qr)}; }}",
            # Widths of content: every cell has 1 mm of padding each side.
            f"table.seating th.rnd {{ width: {mm(round_col - 2.0)}; }}",
            f"table.seating th.who {{ width: {mm(names_w - 2.0)}; }}",
            f"table.seating td.side {{ width: {mm(names_w / sides - 2.0)}; }}",
            f"table.seating .seat {{ width: {mm(seat_col)}; }}",
        ]
    )
