""" "Won", "Drawn", "Lost" name one game's outcome on a player's page but count games in
the standings and results exports: Italian says "Vinta" for one and "Vinte" for the
count, Portuguese "Vitória" and "Vitórias". Each use has its own context, so each can
be translated right."""

from __future__ import annotations

import subprocess
from pathlib import Path

from django.conf import settings
from django.utils import translation

from scoring import standings as maths
from scoring.night_standings.player import OUTCOME_LABELS
from tests.integration.test_seat_translations import _need

ONE_GAME = "outcome of one game"
COUNT = "column: number of games"


def _extracted(*paths: str) -> str:
    _need("xgettext")
    base = Path(settings.BASE_DIR)
    return subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--from-code=UTF-8",
            "--keyword=gettext",
            "--keyword=pgettext:1c,2",
            "--keyword=pgettext_lazy:1c,2",
            "--add-comments=Translators",
            "--omit-header",
            "-o",
            "-",
            *(str(base / path) for path in paths),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def test_one_games_outcome_and_the_count_columns_are_separate_messages():
    extracted = _extracted(
        "scoring/night_standings/player.py", "scoring/night_standings/exports.py"
    )
    for word in ("Won", "Drawn", "Lost"):
        assert f'msgctxt "{ONE_GAME}"\nmsgid "{word}"' in extracted, extracted
        assert f'msgctxt "{COUNT}"\nmsgid "{word}"' in extracted, extracted
    # Neither use is left as the bare, context-less word the other could capture.
    assert extracted.count('msgid "Won"') == extracted.count('"\nmsgid "Won"') == 2
    # The results export says each side's result in a column of its own.
    assert 'msgctxt "column: this side\'s result in the game"\nmsgid "Result"' in extracted
    # (Without a header xgettext writes ASCII, so the en dashes of "W–D–L" drop out.)
    assert 'msgctxt "column: number of games won, drawn, lost"\nmsgid "W' in extracted
    # Each tells the translator which it is.
    entry = f'msgctxt "{ONE_GAME}"\nmsgid "Won"'
    note = extracted[: extracted.index(entry)].rsplit("\n\n", 1)[-1]
    assert "one game" in note, note


def test_the_standings_page_marks_its_w_d_l_header_with_the_same_context():
    page = (Path(settings.BASE_DIR) / "templates/scoring/standings/_standings.html").read_text()
    assert '{% translate "W–D–L" context "column: number of games won, drawn, lost" %}' in page


def test_english_still_reads_won_drawn_lost():
    with translation.override("en"):
        assert [str(OUTCOME_LABELS[o]) for o in maths.Outcome if o in OUTCOME_LABELS] == [
            "Won",
            "Drawn",
            "Lost",
            "Bye",
        ]
