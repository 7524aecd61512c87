"""CSV text for the exports, safe to open in a spreadsheet.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
return before one) as a formula, so a player called `=HYPERLINK(...)` could make the
organiser's spreadsheet fetch a page or run a command (OWASP "CSV injection"). Such
text cells get a leading `'`, which spreadsheets read as "this is text" and do not
show. Numbers are written as numbers: a points difference of -12 must stay sortable.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """`value` as the cell to write: text that a spreadsheet would run, quoted."""
    if isinstance(value, bool | int | float | Decimal):
        return value
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """Header and rows as CSV text, every cell through `spreadsheet_safe`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([spreadsheet_safe(cell) for cell in header])
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return buffer.getvalue()
