"""Paper sizes and the scorecard's measurements, in millimetres.

Speed decides the scorecard's construction. Measured with WeasyPrint 70 on 40-card
documents: a card drawn as an HTML table (one cell per write-in box) rendered at
about 7 cards/s; with its rules and headings drawn as one image shared by every
card, and the per-round text in absolutely placed boxes, several times faster. So
every measurement is computed here from the paper and the number of rounds, and
templates receive plain numbers and one image.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

# Portrait width and height.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_CSS = {"a4": "A4", "letter": "letter"}


@dataclass(frozen=True)
class Column:
    width: float
    header: str
    # Points columns are set off from the hand boxes by a heavier rule.
    heavy_left: bool = False


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

    @property
    def padding(self) -> float:
        return 3.0 * self.scale

    @property
    def inner_w(self) -> float:
        return self.card_w - 2 * self.padding

    @property
    def grid_h(self) -> float:
        return self.head_row_h + self.rounds * self.row_h

    def left(self, index: int) -> float:
        return sum(c.width for c in self.columns[:index])


def scorecard_layout(
    *,
    paper: str,
    per_page: int,
    rounds: int,
    text_headers: tuple[str, str, str, str],
    hand_headers: list[str],
    tail: list[tuple[str, float]],
    seat_chars: int = 1,
) -> CardLayout:
    """Four cards a sheet (landscape, 2×2) or one card filling a landscape sheet.

    `hand_headers` name the per-hand boxes, which share whatever width the names
    leave; `tail` are the other write-in columns as (heading, width on a quarter-sheet
    card).
    """
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
    header_h = 17.0 * scale
    head_row_h = 6.0 * scale
    available = card_h - 2 * padding - header_h - head_row_h - 0.5
    # Rows never get taller than 10 mm; below 6.5 mm partner and opponents share a line.
    row_h = min(10.0 * scale, available / max(rounds, 1))
    dense = row_h < 6.5 * scale

    round_h, table_h, seat_h, who_h = text_headers
    fixed = [
        Column(6.0 * scale, round_h),
        Column(8.0 * scale, table_h),
        # The seat's short label is a letter in most languages, a few in some (Polish
        # "Wsch"): about 2 mm a bold character on a quarter-sheet card.
        Column(max(7.0, 1.5 + 2.0 * seat_chars) * scale, seat_h),
    ]
    hands = len(hand_headers)
    sums = [
        Column(width * scale, header, heavy_left=(index == 0 and hands > 0))
        for index, (header, width) in enumerate(tail)
    ]
    inner_w = card_w - 2 * padding
    taken = sum(c.width for c in fixed) + sum(c.width for c in sums)
    # A hand scores 0-4 points: one digit, so a narrow box; the names column gets
    # the rest, more of it when partner and opponents share one line.
    min_who = (52.0 if dense else 36.0) * scale
    hand_w = min(5.0 * scale, (inner_w - taken - min_who) / hands) if hands else 0.0
    boxes = [Column(hand_w, header) for header in hand_headers]
    who = Column(inner_w - taken - hand_w * hands, who_h)
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
        columns=(*fixed, who, *boxes, *sums),
    )


def page_size(paper: str, *, landscape: bool) -> str:
    return f"{PAPER_CSS[paper]} {'landscape' if landscape else 'portrait'}"


def mm(value: float) -> str:
    # Written by hand rather than through templates: a localised "6,5" is no CSS length.
    return f"{value:.2f}mm"


def page_css(*, size: str, margin: float) -> str:
    return f"@page {{ size: {size}; margin: {mm(margin)}; }}"


FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
)


def _font(size_px: int, *, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for directory in FONT_DIRS:
        if (Path(directory) / name).is_file():
            return ImageFont.truetype(str(Path(directory) / name), size_px)
    return ImageFont.load_default(size_px)


@lru_cache(maxsize=16)
def grid_png(layout: CardLayout) -> str:
    """A card's rules, column headings and round numbers as one PNG data URI, the same
    on every card.

    A raster, not SVG: WeasyPrint draws an SVG node by node on every card, but
    embeds a PNG once per document and only places it on each card (about 20% of
    a card's rendering time). 600 dpi on a quarter-sheet card (300 dpi on a full
    sheet) prints as sharp as the text around it.
    """
    dpi = 600 if layout.per_page == 4 else 300
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
    font = _font(at(2.0 * layout.scale))
    # Row n is always round n, so the round numbers are part of the shared image too
    # (one text box fewer per round on every card).
    number_font = _font(at(2.8 * layout.scale), bold=True)
    first = layout.columns[0].width / 2
    for number in range(1, layout.rounds + 1):
        middle_y = layout.head_row_h + (number - 0.5) * layout.row_h - 0.25 * layout.scale
        draw.text((at(first), at(middle_y)), str(number), fill=0, font=number_font, anchor="mm")
    x = 0.0
    middle = at(layout.head_row_h) / 2
    for index, column in enumerate(layout.columns):
        if index:
            stroke = heavy if column.heavy_left else thin
            left = at(x) - stroke // 2
            draw.rectangle([left, 0, left + stroke - 1, height - 1], fill=0)
        draw.text(
            (at(x + column.width / 2), middle), column.header, fill=34, font=font, anchor="mm"
        )
        x += column.width
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi))
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def scorecard_css(layout: CardLayout) -> str:
    """The measured part of the scorecard stylesheet, for a <style> block."""
    font_pt = 8.0 * layout.scale
    row = layout.row_h
    who = layout.columns[3]
    inset = 0.8 * layout.scale
    who_line = row if layout.dense else row / 2
    rules = [
        page_css(size=layout.page_size, margin=layout.margin),
        f".card {{ width: {mm(layout.card_w)}; height: {mm(layout.card_h)};"
        f" padding: {mm(layout.padding)}; font-size: {font_pt:.2f}pt; }}",
        f".card-head {{ height: {mm(layout.header_h)}; }}",
        # Cards placed absolutely on their sheet: WeasyPrint lays floats out
        # noticeably slower (about 10% of a card's time).
        f".sheet {{ height: {mm(layout.card_h * (2 if layout.per_page == 4 else 1))}; }}",
        f".card.q2, .card.q4 {{ left: {mm(layout.card_w)}; }}",
        f".card.q3, .card.q4 {{ top: {mm(layout.card_h)}; }}",
        f".grid {{ height: {mm(layout.grid_h)}; background: url({grid_png(layout)}) no-repeat;"
        f" background-size: {mm(layout.inner_w)} {mm(layout.grid_h)}; }}",
        f".rows {{ top: {mm(layout.head_row_h)}; }}",
        f".r {{ height: {mm(row)}; line-height: {mm(row)}; }}",
        f".r .w {{ left: {mm(layout.left(3) + inset)}; width: {mm(who.width - 2 * inset)}; }}",
        f".r .w.two {{ line-height: {mm(who_line)}; }}",
        # Smaller names on a long night, so one line still holds them.
        ".r .w { font-size: .76em; }" if layout.dense else "",
        f".r.bye .w {{ top: {mm(0.3)}; height: {mm(row - 0.6)}; line-height: {mm(row - 0.6)}; }}",
    ]
    for index, name in ((1, "t"), (2, "s")):
        column = layout.columns[index]
        rules.append(f".r .{name} {{ left: {mm(layout.left(index))}; width: {mm(column.width)}; }}")
    return "\n".join(rules)
