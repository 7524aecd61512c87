"""Fitting printed text into a box: shrink within limits, then wrap, never cut.

Widths are measured with the same DejaVu fonts WeasyPrint prints with (through
Pillow's FreeType with Raqm, which shapes and kerns like Pango's HarfBuzz). A
string is measured once at a large size and scaled, so a night's worth of cards
measures each name a handful of times, not once per line it appears on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
)
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "mono-bold": "DejaVuSansMono-Bold.ttf",
}
PT_MM = 25.4 / 72
_MEASURE_PX = 200
# Pango and FreeType can round a glyph advance differently; a little slack keeps a
# string measured as just fitting from spilling by a hair on paper.
SLACK = 1.04


def font_path(style: str) -> Path | None:
    for directory in FONT_DIRS:
        path = Path(directory) / FONT_FILES[style]
        if path.is_file():
            return path
    return None


@lru_cache(maxsize=8)
def _measuring_font(style: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path(style)
    if path is None:
        return ImageFont.load_default(_MEASURE_PX)
    return ImageFont.truetype(str(path), _MEASURE_PX)


@lru_cache(maxsize=65536)
def _em_width(text: str, style: str) -> float:
    """Width of `text` in ems of its font size."""
    return _measuring_font(style).getlength(text) / _MEASURE_PX


def width_mm(text: str, size_pt: float, *, style: str = "sans") -> float:
    return _em_width(text, style) * size_pt * PT_MM * SLACK


@dataclass(frozen=True)
class Fitted:
    size_pt: float
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """The lines for a box with `white-space: pre`: a newline is no element to lay
        out, where a <br> is one."""
        return "\n".join(self.lines)


def _wrap(pieces: Sequence[str], joiner: str, width: float, size: float, style: str) -> list[str]:
    """Greedy: as many pieces on a line as fit, breaking only between pieces."""
    lines: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current}{joiner}{piece}" if current else piece
        if not current or width_mm(candidate, size, style=style) <= width:
            current = candidate
        else:
            lines.append(current + joiner.rstrip())
            current = piece
    if current:
        lines.append(current)
    return lines


def _fits(lines: Sequence[str], width: float, height: float, size: float, style: str, lh: float):
    return len(lines) * size * PT_MM * lh <= height + 1e-6 and all(
        width_mm(line, size, style=style) <= width for line in lines
    )


def _sizes(start: float, stop: float) -> list[float]:
    # Quarter-point steps: small enough to look continuous, few enough to cache.
    sizes, size = [], start
    while size >= stop - 1e-6:
        sizes.append(round(size * 4) / 4)
        size -= 0.25
    return sizes or [stop]


def fit(
    paragraphs: Sequence[Sequence[str]],
    *,
    width: float,
    height: float,
    size: float,
    shrink_to: float,
    wrap_to: float | None = None,
    style: str = "sans",
    line_height: float = 1.15,
    joiner: str = ", ",
    one_line: str | None = None,
) -> Fitted:
    """The largest size at which the text fits `width` × `height` (mm), and its lines.

    `paragraphs` are the natural lines, each a list of pieces (names) that a line
    may break between. First the natural lines (or `one_line` joining them, when
    given and it fits) shrink from `size` to `shrink_to`; then they wrap between
    pieces, then between words, from `size` down to `wrap_to`; last, the words
    shrink further until they fit, so nothing is ever cut off.
    """
    wrap_to = wrap_to if wrap_to is not None else shrink_to
    natural = [joiner.join(pieces) for pieces in paragraphs]
    for size_pt in _sizes(size, shrink_to):
        if one_line is not None and _fits([one_line], width, height, size_pt, style, line_height):
            return Fitted(size_pt, (one_line,))
        if _fits(natural, width, height, size_pt, style, line_height):
            return Fitted(size_pt, tuple(natural))
    by_pieces_and_words = (
        lambda s: [ln for p in paragraphs for ln in _wrap(p, joiner, width, s, style)],
        lambda s: [
            ln
            for p in paragraphs
            for line in _wrap(p, joiner, width, s, style)
            for ln in _wrap(line.split(" "), " ", width, s, style)
        ],
    )
    for breaking in by_pieces_and_words:
        for size_pt in _sizes(size, wrap_to):
            if one_line is not None and _fits(
                [one_line], width, height, size_pt, style, line_height
            ):
                return Fitted(size_pt, (one_line,))
            lines = breaking(size_pt)
            if _fits(lines, width, height, size_pt, style, line_height):
                return Fitted(size_pt, tuple(lines))
    size_pt = wrap_to
    while size_pt > 2.0:
        size_pt = round(size_pt * 0.9, 2)
        lines = by_pieces_and_words[1](size_pt)
        if _fits(lines, width, height, size_pt, style, line_height):
            return Fitted(size_pt, tuple(lines))
    return Fitted(size_pt, tuple(by_pieces_and_words[1](size_pt)))


def warm_up() -> None:
    """Load the measuring fonts and every language's catalogue (a worker's start-up)."""
    from django.conf import settings
    from django.utils import translation

    for style in FONT_FILES:
        width_mm("Warm up", 8.0, style=style)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Table")
