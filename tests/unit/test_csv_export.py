"""Export cells a spreadsheet would run as a formula are quoted; numbers stay numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.csv_export import csv_text, spreadsheet_safe


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+44 20 7946 0000", "'+44 20 7946 0000"),
        ("-Ann", "'-Ann"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=cmd", "'\t=cmd"),
        ("\r=cmd", "'\r=cmd"),
        ("Ann = Bob", "Ann = Bob"),
        ("(12)", "(12)"),
        ("", ""),
        (None, ""),
        (-12, -12),
        (Decimal("-1.5"), Decimal("-1.5")),
        (0, 0),
    ],
)
def test_a_cell_is_quoted_only_when_it_is_text_a_spreadsheet_would_run(cell, written):
    assert spreadsheet_safe(cell) == written


def test_the_csv_keeps_a_negative_number_bare_and_quotes_a_formula_name():
    text = csv_text(["Player", "Points difference"], [["=HYPERLINK(1)", -12], ["-Ann", 3]])
    assert text.splitlines() == ["Player,Points difference", "'=HYPERLINK(1),-12", "'-Ann,3"]
