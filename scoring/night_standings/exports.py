"""Standings and results as CSV rows and JSON documents."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext, gettext_noop, pgettext

from scoring.engine import DRAWN, LOST, WON
from tournaments.partner_names import DATA_JOINER
from tournaments.printing.cards import StandingsTable
from tournaments.printing.sheets import closed_rounds

from .standings import Standings
from .tally import Night, TableLine


def standings_table(standings: Standings) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the standings as an export shows them."""
    header = [
        gettext("Place"),
        gettext("Team") if standings.teams else gettext("Player"),
        *([gettext("Players")] if standings.teams else []),
        gettext("Played"),
        # Translators: column header of the standings export: how many games each won,
        # drew, lost (a count, so plural where the language needs it).
        pgettext("column: number of games", "Won"),
        pgettext("column: number of games", "Drawn"),
        pgettext("column: number of games", "Lost"),
        # The page's name for the figure, which the note under its table defines.
        gettext("Total points"),
        gettext("Points against"),
        gettext("Points difference"),
        *([gettext("Loners made")] if standings.loners else []),
        gettext("Euchres made"),
        gettext("Byes"),
        gettext("Bye points"),
        gettext("Shared place"),
        gettext("Decided by"),
    ]
    rows = []
    for row in standings.rows:
        r = row.record
        rows.append(
            [
                row.place,
                row.name,
                *([", ".join(row.members)] if standings.teams else []),
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.total_points,
                r.points_against,
                r.points_difference,
                *([r.loners_made] if standings.loners else []),
                r.euchres_made,
                r.byes,
                r.bye_points,
                gettext("yes") if row.shared else "",
                row.decided_by,
            ]
        )
    return header, rows


def standings_document(standings: Standings) -> dict:
    """The standings as JSON-ready data, with stable English keys for scripts."""
    return {
        "tournament": {
            "id": standings.tournament.pk,
            "name": standings.tournament.name,
            "date": standings.tournament.date.isoformat(),
            "format": standings.tournament.format,
        },
        "ranks": "teams" if standings.teams else "players",
        "metrics": [m.value for m in standings.metrics],
        "bye": {"value": standings.bye_rule.value.value, "points": standings.bye_rule.points},
        # How "points" and "points_difference" are made, as the page says under its table.
        "points_note": standings.points_text,
        "confirmed_tables": standings.confirmed_tables,
        "provisional_tables": len(standings.provisional),
        "rows": [
            {
                "place": row.place,
                "shared": row.shared,
                "id": row.pk,
                "name": row.name,
                **({"players": list(row.members)} if standings.teams else {}),
                "played": row.record.played,
                "won": row.record.won,
                "drawn": row.record.drawn,
                "lost": row.record.lost,
                "game_points": row.record.game_points,
                "points": row.record.total_points,
                "points_against": row.record.points_against,
                "points_difference": row.record.points_difference,
                "loners_made": row.record.loners_made,
                "euchres_made": row.record.euchres_made,
                "byes": row.record.byes,
                "bye_points": row.record.bye_points,
            }
            for row in standings.rows
        ],
    }


def results_table(night: Night) -> tuple[list[str], list[list[object]]]:
    """Every recorded table result (one line per side), confirmed or not."""
    header = [
        gettext("Round"),
        gettext("Table"),
        gettext("Status"),
        gettext("Players"),
        gettext("Points"),
        # Translators: column header of the results export: whether this side won, drew or
        # lost the game (or nothing while it is unfinished).
        pgettext("column: this side's result in the game", "Result"),
    ]
    rows = []
    for line in night.lines:
        status = gettext(_status(line))
        for side in line.sides:
            rows.append(
                [
                    line.round,
                    line.table,
                    status,
                    # " & " in every language: an export is data a spreadsheet or a
                    # program reads, not a page (pages use tournaments.partner_names).
                    DATA_JOINER.join(night.name(pk) for pk in side.players),
                    side.points,
                    _result_word(side.outcome),
                ]
            )
    return header, rows


def _status(line: TableLine) -> str:
    """A result's status in the exports (the JSON's literal, the CSV's translated word)."""
    if line.confirmed:
        return gettext_noop("confirmed")
    return gettext_noop("disputed") if line.disputed else gettext_noop("provisional")


def _result_word(outcome: str | None) -> str:
    """The results export's word for a side's outcome; blank while the table plays on."""
    if outcome is None:
        return ""
    return {
        # Translators: a side's result in the results export.
        WON: pgettext("a side's result", "won"),
        DRAWN: pgettext("a side's result", "drawn"),
        LOST: pgettext("a side's result", "lost"),
    }[outcome]


def results_document(night: Night) -> dict:
    return {
        "tournament": {"id": night.tournament.pk, "name": night.tournament.name},
        "results": [
            {
                "round": line.round,
                "table": line.table,
                "status": _status(line),
                "sides": [
                    {
                        "players": [{"id": pk, "name": night.name(pk)} for pk in side.players],
                        "points": side.points,
                        "result": side.outcome and str(side.outcome),
                    }
                    for side in line.sides
                ],
            }
            for line in night.lines
        ],
    }


def _plain_number(value: int | Decimal) -> int | float:
    # The sheet travels to the print worker as JSON, which has no Decimal; halves are exact.
    return int(value) if value == int(value) else float(value)


def standings_print_table(standings: Standings) -> StandingsTable:
    """The standings as the printed sheet shows them: the standings page's columns
    (place, name, played, W–D–L, the ranking metrics, byes), after which round, and
    the ranking order and bye rule as the sheet's footnote."""
    shown = tuple(f"metric_{index}" for index in range(len(standings.metric_labels)))
    columns = (
        ("place", gettext("Place")),
        ("name", gettext("Team") if standings.teams else gettext("Player")),
        ("played", gettext("Played")),
        # Translators: abbreviated column header: how many games won, drawn, lost.
        ("wdl", pgettext("column: number of games won, drawn, lost", "W–D–L")),
        *zip(shown, standings.metric_labels, strict=True),
        ("byes", gettext("Byes")),
        *([("bye_points", gettext("Bye points"))] if standings.shows_bye_points else []),
    )
    rows = tuple(
        {
            # A shared place prints as "=3", as on the standings page.
            "place": f"={row.place}" if row.shared else row.place,
            "name": row.name,
            "played": row.record.played,
            "wdl": f"{row.record.won}–{row.record.drawn}–{row.record.lost}",
            **dict(zip(shown, map(_plain_number, row.values), strict=True)),
            # As on the page: how many byes, and what they scored when a bye scores.
            "byes": row.record.byes or "–",
            **({"bye_points": row.record.bye_points} if standings.shows_bye_points else {}),
            # Not a column: the sheet marks the name and explains it in a footnote.
            "tie_break": row.tie_break,
        }
        for row in standings.rows
    )
    if standings.provisional:
        provisional = gettext("Results waiting for confirmation (%(count)s) are not counted.") % {
            "count": len(standings.provisional)
        }
    else:
        provisional = gettext("Only confirmed results are counted.")
    order = f"{gettext('Ranking order:')} {' → '.join(standings.order_labels)}."
    note = f"{order} {standings.bye_text} {standings.points_text} {provisional}"
    if standings.has_shared_places:
        # The page's sentence, so the sheet needs no new translation.
        shared = gettext("Places marked “=” are shared: those are level on every ranking metric.")
        note = f"{note} {shared}"
    after_round, in_play = closed_rounds(standings.tournament)
    return StandingsTable(
        columns=columns,
        rows=rows,
        title=gettext("Standings"),
        note=note,
        after_round=after_round,
        provisional=in_play or bool(standings.provisional),
    )
