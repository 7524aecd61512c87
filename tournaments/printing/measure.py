"""How wide a line of text prints, in millimetres, so that printouts can size columns
to the longest name or translated heading instead of guessing.

The PDFs are set in DejaVu Sans by WeasyPrint; fit.py measures the same font files with
Pillow, so a column this wide holds the text.
"""

from __future__ import annotations

from .fit import PT_MM, width_mm

__all__ = ["PT_MM", "text_mm", "widest", "widest_word", "wrap"]


def text_mm(text: str, pt: float, *, bold: bool = False) -> float:
    """The printed width of `text` on one line at `pt` points (fit.py's measure, the
    one the cards fit their names with)."""
    return width_mm(text, pt, style="bold" if bold else "sans")


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
