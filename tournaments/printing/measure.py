"""How wide a line of text prints, in millimetres, so that printouts can size columns
to the longest name or translated heading instead of guessing.

The PDFs are set in DejaVu Sans by WeasyPrint; the same font files measured here with
Pillow give the same advance widths, so a column this wide holds the text.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from .layout import FONT_DIRS

# Measured at a large size and scaled: Pillow rounds advances to whole pixels.
_SIZE_PX = 200
PT_MM = 25.4 / 72


@lru_cache(maxsize=4)
def _font(bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for directory in FONT_DIRS:
        if (Path(directory) / name).is_file():
            return ImageFont.truetype(str(Path(directory) / name), _SIZE_PX)
    return ImageFont.load_default(_SIZE_PX)


@lru_cache(maxsize=8192)
def _em_width(text: str, bold: bool) -> float:
    return float(_font(bold).getlength(text)) / _SIZE_PX


def text_mm(text: str, pt: float, *, bold: bool = False) -> float:
    """The printed width of `text` on one line at `pt` points."""
    return _em_width(text, bold) * pt * PT_MM


def wrap(text: str, pt: float, width_mm: float, *, bold: bool = False) -> list[str]:
    """`text` broken between words into lines no wider than `width_mm` where the words
    allow; a single word wider than the line stays whole on a line of its own (a name
    is never cut)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_mm(f"{lines[-1]} {word}", pt, bold=bold) <= width_mm:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def widest(texts, pt: float, *, bold: bool = False) -> float:
    return max((text_mm(t, pt, bold=bold) for t in texts), default=0.0)


def widest_word(texts, pt: float, *, bold: bool = False) -> float:
    """The widest single word: how narrow a column of wrapped headings can get."""
    return widest((w for t in texts for w in t.split()), pt, bold=bold)
