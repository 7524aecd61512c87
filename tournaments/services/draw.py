"""Rounds drawn one by one from the results (a format whose FormatSpec.draw is
"per_round"): the next round drawn as a draft the organisers alone see, drawn again
at most once, then published (starting it publishes it too).

The format seats the round (tournaments.rotations); the night so far and the
standings order are scoring's (scoring.night_standings.drawn); the round is written
as any round (rows.write_rounds): tables, seats, tokens and byes.
"""

from __future__ import annotations

from django.db import transaction

from core import limits
from core.errors import DomainError
from scoring import selectors as scoring_selectors
from scoring.night_standings.drawn import NightSoFar, night_so_far
from tournaments import rotations

from ..models import Player, Round, Tournament
from ..selectors import draw_settings
from .common import lock, rotation_error
from .rows import check_schedule, write_rounds

# Each round's seed is the tournament's seed and the round number; a redraw takes the
# next seed, and the step leaves room for it before the next round's.
SEED_STEP = 10
SEEDS_PER_NIGHT = SEED_STEP * (limits.STORED_ROUNDS_MAX + 1)


def round_seed(tournament: Tournament, number: int) -> int:
    """The seed round `number` is first drawn with: the same every time, so a draw can
    be made again from the results (`next_round` with this seed)."""
    return tournament.seed * SEEDS_PER_NIGHT + number * SEED_STEP


@transaction.atomic
def draw_next_round(*, tournament: Tournament) -> Round:
    """Draw the next round from the results so far, as a draft. Refused outside a
    per-round format, while a table of the last round has no confirmed result (or is
    disputed), while a draft waits, and once the night is over."""
    locked = lock(tournament)
    spec = _per_round_spec(locked)
    rounds = list(Round.objects.filter(tournament=locked).order_by("number"))
    draft = next((r for r in rounds if not r.published), None)
    if draft is not None:
        raise DomainError("draft_waiting", number=draft.number)
    number = rounds[-1].number + 1 if rounds else 1
    if rounds:
        _require_results(rounds[-1], number)
    so_far = night_so_far(locked)
    if spec.night_over is None or spec.night_over(so_far.results, settings=draw_settings(locked)):
        raise DomainError("night_over")
    row = _draw(locked, number, so_far, seed=round_seed(locked, number), redraws=0)
    row.published = False
    row.save(update_fields=["published"])
    return row


@transaction.atomic
def redraw_round(*, round: Round) -> Round:
    """Draw a draft round again, once, with the next seed."""
    locked = lock(round.tournament)
    _per_round_spec(locked)
    row = Round.objects.get(pk=round.pk, tournament=locked)
    _require_draft(row)
    if row.redraws >= 1:
        raise DomainError("redraw_used", number=row.number)
    seed = (row.seed if row.seed is not None else round_seed(locked, row.number)) + 1
    so_far = night_so_far(locked, before=row.number)
    return _draw(locked, row.number, so_far, seed=seed, redraws=row.redraws + 1)


@transaction.atomic
def publish_round(*, round: Round) -> Round:
    """Show a draft round to the players, the table links and the public pages."""
    lock(round.tournament)
    row = Round.objects.get(pk=round.pk)
    if row.published:
        raise DomainError("already_published", number=row.number)
    row.published = True
    row.save(update_fields=["published"])
    return row


def draw_after_close(*, tournament: Tournament) -> Round | None:
    """The next round drawn as a draft once a round closes, unless the night is over
    (or the draw is refused: a round closed by force with a table unconfirmed). The
    organiser then sees why, from the "Draw" step. Call it holding the tournament's
    lock (scoring.services.close_round takes it first)."""
    try:
        with transaction.atomic():
            return draw_next_round(tournament=tournament)
    except DomainError:
        return None


def refresh_draft(tournament: Tournament) -> Round | None:
    """The round drawn and not started (a draft, or published and waiting to start),
    drawn again for the players now playing when they change (a late arrival, a
    withdrawal), with its own seed: it is still the same draw, and its one redraw
    stays unused. Call it holding the tournament's lock."""
    draft = Round.objects.filter(tournament=tournament).order_by("number").last()
    if draft is None or draft.status != Round.Status.PLANNED:
        return None
    seed = draft.seed if draft.seed is not None else round_seed(tournament, draft.number)
    so_far = night_so_far(tournament, before=draft.number)
    return _draw(tournament, draft.number, so_far, seed=seed, redraws=draft.redraws)


def _per_round_spec(tournament: Tournament) -> rotations.FormatSpec:
    spec = tournament.spec
    if not spec.per_round or spec.next_round is None:
        raise DomainError("draw_not_per_round", format=tournament.get_format_display())
    return spec


def _require_draft(row: Round) -> None:
    if row.published or row.status != Round.Status.PLANNED:
        raise DomainError("not_a_draft", number=row.number)


def _require_results(last: Round, number: int) -> None:
    """Nothing is drawn while a table it depends on is unconfirmed or disputed."""
    open_tables = scoring_selectors.unconfirmed_tables(last)
    disputed = [e for e in open_tables if e.state == scoring_selectors.DISPUTED]
    waiting = disputed or open_tables
    if waiting:
        raise DomainError(
            "draw_waits_for_results:disputed" if disputed else "draw_waits_for_results",
            number=number,
            tables=", ".join(str(e.table.number) for e in waiting),
            count=len(waiting),
        )


def _draw(
    tournament: Tournament, number: int, so_far: NightSoFar, *, seed: int, redraws: int
) -> Round:
    """Round `number` drawn by the format for the players playing now (active and
    here, in the order they joined) and written as a draft."""
    players = list(
        Player.objects.filter(tournament=tournament, active=True, late=False).order_by("pk")
    )
    names = [p.name for p in players]
    try:
        drawn = rotations.next_round(
            tournament.format,
            names,
            so_far.results,
            seed=seed,
            settings=draw_settings(tournament),
            ranking=so_far.ranking,
        )
    except rotations.RotationError as exc:
        raise rotation_error(exc) from exc
    if drawn.number != number:
        raise DomainError("rotation_invalid", number=number)
    schedule = rotations.Schedule(format=tournament.format, players=tuple(names), rounds=(drawn,))
    check_schedule(schedule, set(names), after=number - 1)
    write_rounds(tournament, [drawn], {p.name: p for p in players}, after=number - 1)
    row = Round.objects.get(tournament=tournament, number=number)
    row.seed, row.redraws = seed, redraws
    row.save(update_fields=["seed", "redraws"])
    return row
