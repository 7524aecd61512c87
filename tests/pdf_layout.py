"""Reading a printed PDF back as a person would see it, with pdfplumber.

Tables in our PDFs are drawn with cell borders, which pdfplumber turns into cells.
A *run* is text set on one line without a gap (spaces are characters in WeasyPrint's
output, so a run is a whole line of a cell); a run that crosses a cell border is text
that overflowed its cell, clipped or not.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pdfplumber

TOLERANCE = 0.6  # points: rounding in the PDF's coordinates, a border's half width
Box = tuple[float, float, float, float]  # x0, top, x1, bottom


@dataclass(frozen=True)
class Run:
    text: str
    box: Box
    size: float


@dataclass(frozen=True)
class Page:
    number: int
    width: float
    height: float
    cells: tuple[Box, ...]
    runs: tuple[Run, ...]

    def cell_of(self, run: Run) -> Box | None:
        x = (run.box[0] + run.box[2]) / 2
        y = (run.box[1] + run.box[3]) / 2
        for cell in self.cells:
            if cell[0] <= x <= cell[2] and cell[1] <= y <= cell[3]:
                return cell
        return None

    def cell_texts(self) -> list[str]:
        """Each cell's text, its lines joined by spaces (a name wrapped in its cell
        still reads whole)."""
        by_cell: dict[Box, list[Run]] = {}
        for run in self.runs:
            cell = self.cell_of(run)
            if cell is not None:
                by_cell.setdefault(cell, []).append(run)
        return [
            " ".join(r.text.strip() for r in sorted(runs, key=lambda r: (r.box[1], r.box[0])))
            for runs in by_cell.values()
        ]

    def loose_texts(self) -> list[str]:
        """Text outside every cell (headings, footnotes), line by line."""
        return [r.text.strip() for r in self.runs if self.cell_of(r) is None]


def inside(box: Box, outer: Box, tolerance: float = TOLERANCE) -> bool:
    return (
        box[0] >= outer[0] - tolerance
        and box[1] >= outer[1] - tolerance
        and box[2] <= outer[2] + tolerance
        and box[3] <= outer[3] + tolerance
    )


def _runs(chars: Iterable[dict]) -> list[Run]:
    lines: dict[tuple[int, float], list[dict]] = {}
    for char in chars:
        # Characters of one line share their baseline and size.
        key = (round(char["bottom"] * 2), round(char["size"], 1))
        lines.setdefault(key, []).append(char)
    runs = []
    for line in lines.values():
        line.sort(key=lambda c: c["x0"])
        current: list[dict] = []
        for char in line:
            if current and char["x0"] - current[-1]["x1"] > 1.0:
                runs.append(current)
                current = []
            current.append(char)
        if current:
            runs.append(current)
    out = []
    for run in runs:
        text = "".join(c["text"] for c in run)
        if not text.strip():
            continue
        # Trailing and leading spaces are no ink: they may stick into the padding.
        ink = [c for c in run if c["text"].strip()]
        out.append(
            Run(
                text=text,
                box=(
                    min(c["x0"] for c in ink),
                    min(c["top"] for c in ink),
                    max(c["x1"] for c in ink),
                    max(c["bottom"] for c in ink),
                ),
                size=run[0]["size"],
            )
        )
    return out


def read_pages(
    data: bytes, *, drawn_cells: Callable[[int], Iterable[Box]] | None = None
) -> list[Page]:
    """The PDF's pages with their cells and runs of text.

    `drawn_cells(page_number)` adds cells that are not vector rules in the PDF (the
    scorecards draw their grid as one shared image): boxes in points from the top left.
    """
    pages = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            cells = tuple(
                tuple(cell) for table in page.find_tables() for cell in table.cells if cell
            )
            if drawn_cells is not None:
                cells += tuple(tuple(box) for box in drawn_cells(number))
            pages.append(
                Page(
                    number=number,
                    width=float(page.width),
                    height=float(page.height),
                    cells=cells,  # type: ignore[arg-type]
                    runs=tuple(_runs(page.chars)),
                )
            )
    return pages


def overflows(pages: Iterable[Page], *, margin_pt: float = 14.0) -> list[str]:
    """Every run that crosses its cell's border, or (outside tables) the page margins,
    as 'page N: "text"' lines; empty when everything fits."""
    problems = []
    for page in pages:
        paper: Box = (margin_pt, margin_pt, page.width - margin_pt, page.height - margin_pt)
        for run in page.runs:
            cell = page.cell_of(run)
            if cell is not None and not inside(run.box, cell):
                problems.append(f"page {page.number}: {run.text!r} runs out of its cell")
            elif cell is None and any(_overlaps(run.box, c) for c in page.cells):
                problems.append(f"page {page.number}: {run.text!r} runs across a cell border")
            elif not inside(run.box, paper):
                problems.append(f"page {page.number}: {run.text!r} runs off the page")
    return problems


def _overlaps(a: Box, b: Box) -> bool:
    return (
        a[0] < b[2] - TOLERANCE
        and b[0] < a[2] - TOLERANCE
        and (a[1] < b[3] - TOLERANCE and b[1] < a[3] - TOLERANCE)
    )


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def missing_names(pages: Iterable[Page], names: Iterable[str]) -> list[str]:
    """The names that appear nowhere whole: neither in one cell (its lines joined) nor
    on one line outside the tables."""
    texts: list[str] = []
    for page in pages:
        texts.extend(flat(t) for t in page.cell_texts())
        texts.extend(flat(t) for t in page.loose_texts())
    blob = "\n".join(texts)
    return [name for name in names if name not in blob]
