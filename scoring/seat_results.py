"""A stored result's per-seat rows (scoring.models.SeatResult), figured by the engine.

Shared by the result services and the migration that filled the rows for results
stored before they existed, so both write exactly the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.engine import RuleSet, table_figures


def seat_result_rows(model, *, result, seats: Sequence, rules: RuleSet) -> list:
    """Unsaved `model` rows for `result`, one per seat of `seats` (in engine order)."""
    figures = table_figures(rules, result.scores, result.winners, result.hands or ())
    rows = []
    for engine_seat, (seat, figure) in enumerate(zip(seats, figures, strict=True)):
        rows.append(
            model(
                result=result,
                seat=seat,
                engine_seat=engine_seat,
                side=figure.side,
                points_for=figure.points_for,
                points_against=figure.points_against,
                outcome=figure.outcome,
                loners_made=figure.loners_made,
                euchres_made=figure.euchres_made,
            )
        )
    return rows
