"""Reads for pages, the API and the services: every query prefetches what it hands out,
so the number of queries does not grow with players, tables or rounds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from tournaments import rotations, seat_names
from tournaments.rotations.drawn import PlayedRound, Results

from .models import Bye, Player, Round, Seat, Table, Tournament


def tournaments_for(user) -> QuerySet[Tournament]:
    """Tournaments `user` organises (owns or co-organises), with active player counts."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    return (
        Tournament.objects.filter(Q(owner=user) | Q(co_organisers=user))
        .select_related("owner")
        # distinct=True: the co-organiser join would otherwise multiply the count.
        .annotate(player_count=Count("players", filter=Q(players__active=True), distinct=True))
        .distinct()
        .order_by("-date", "name")
    )


def _seating_prefetches() -> tuple[Prefetch, Prefetch]:
    seats = Seat.objects.select_related("player").order_by("position")
    return (
        Prefetch(
            "tables",
            queryset=Table.objects.order_by("number").prefetch_related(
                Prefetch("seats", queryset=seats)
            ),
        ),
        Prefetch("byes", queryset=Bye.objects.select_related("player").order_by("player_id")),
    )


def rounds_with_seating(
    tournament: Tournament | int, *, published_only: bool = False
) -> list[Round]:
    """Every round of the tournament with tables, seats, byes and their players loaded
    (with `published_only`, not a draft: what anyone but its organisers sees).

    Four queries however big the event: rounds, tables, seats with players, byes with
    players. `round.tables.all()`, `table.seats.all()` and `round.byes.all()` read the
    prefetched rows.
    """
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    rounds = Round.objects.filter(tournament_id=tournament_id)
    if published_only:
        rounds = rounds.filter(published=True)
    return list(rounds.order_by("number").prefetch_related(*_seating_prefetches()))


def rounds_overview(tournament: Tournament | int) -> list[Round]:
    """Every round with its number of tables (`table_count`) and no seating: one query,
    for pages that list rounds, whose work must not grow with players x rounds."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    return list(
        Round.objects.filter(tournament_id=tournament_id)
        .annotate(table_count=Count("tables"))
        .order_by("number")
    )


def round_with_seating(
    tournament: Tournament | int, number: int, *, published_only: bool = False
) -> Round:
    """One round with its seating loaded (Http404 when the tournament has no such round,
    or, with `published_only`, when it is a draft)."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    rounds = Round.objects.filter(tournament_id=tournament_id)
    if published_only:
        rounds = rounds.filter(published=True)
    return get_object_or_404(rounds.prefetch_related(*_seating_prefetches()), number=number)


def byes_that_happened(tournament_ids: Iterable[int]) -> QuerySet[Bye]:
    """The byes of rounds that have started (in play or closed) in these tournaments.

    A bye in a planned round is only a plan: a re-plan may move it, and nobody has
    sat out yet. Standings, exports and player pages count these byes and no others,
    exactly the rounds Round.is_played calls history.
    """
    return Bye.objects.filter(round__tournament_id__in=list(tournament_ids)).exclude(
        round__status=Round.Status.PLANNED
    )


@dataclass(frozen=True)
class NightProgress:
    """Where the night stands, for the organiser's next step.

    `next_planned_round` is the first planned round; it may start once every round before it
    is closed (`waits_for` lists those still in play). A teams event may start it
    early anyway (`may_overlap`), with a reason.

    A night drawn round by round (`per_round`) has no planned round between a close
    and the next draw: `next_draw` is the round to draw then, `draft` a drawn round
    not yet published, and the night is over when the format says so (`night_over`).
    """

    rounds: int
    in_play: tuple[int, ...]
    last_closed: int | None
    next_planned_round: int | None
    waits_for: tuple[int, ...]
    may_overlap: bool
    per_round: bool = False
    night_over: bool = False
    draft: int | None = None
    # The draft has had its one redraw.
    draft_redrawn: bool = False
    # Closing the rounds in play draws the next one (the format says the night goes on).
    closing_draws: bool = False

    @property
    def can_start_next(self) -> bool:
        return self.next_planned_round is not None and not self.waits_for

    @property
    def finished(self) -> bool:
        if self.per_round:
            return self.night_over and not self.in_play
        return self.rounds > 0 and self.next_planned_round is None and not self.in_play

    @property
    def next_draw(self) -> int | None:
        """The round to draw now in a per-round night: none while a round is in play
        (closing it draws the next), waits to start, or the night is over."""
        if not self.per_round or self.finished or self.in_play:
            return None
        if self.next_planned_round is not None:
            return None
        return self.rounds + 1


def night_progress(tournament: Tournament, rounds: Sequence[Round]) -> NightProgress:
    """The NightProgress of `tournament` from its `rounds` (any order; no query)."""
    ordered = sorted(rounds, key=lambda r: r.number)
    planned = [r.number for r in ordered if r.status == Round.Status.PLANNED]
    closed = [r.number for r in ordered if r.status == Round.Status.CLOSED]
    in_play = tuple(r.number for r in ordered if r.status == Round.Status.IN_PLAY)
    next_planned_round = planned[0] if planned else None
    draft = next((r for r in ordered if not r.published), None)
    spec = tournament.spec
    return NightProgress(
        rounds=len(ordered),
        in_play=in_play,
        last_closed=max(closed) if closed else None,
        next_planned_round=next_planned_round,
        waits_for=tuple(
            n for n in in_play if next_planned_round is not None and n < next_planned_round
        ),
        may_overlap=spec.rounds_may_overlap,
        per_round=spec.per_round,
        night_over=bool(planned == [] and not in_play and _drawn_night_over(tournament, closed)),
        draft=draft.number if draft else None,
        draft_redrawn=bool(draft and draft.redraws),
        closing_draws=bool(
            spec.per_round
            and in_play
            and not _drawn_night_over(tournament, sorted([*closed, *in_play]))
        ),
    )


def _drawn_night_over(tournament: Tournament, closed: Sequence[int]) -> bool:
    """Whether a per-round format says the night is over, from its closed rounds: a
    closed round's results are in, so the seating and points need not be read here."""
    spec = tournament.spec
    if not spec.per_round or spec.night_over is None:
        return False
    history = Results(players=(), rounds=tuple(PlayedRound(n, ()) for n in closed))
    return spec.night_over(history, settings=draw_settings(tournament))


def draw_settings(tournament: Tournament) -> dict[str, object]:
    """A per-round format's own settings, as the tournament holds them."""
    return {"rounds": tournament.rounds_planned}


def table_sides(table: Table) -> tuple[tuple[str, ...], ...]:
    """The sides at a prefetched table as the rotation engine writes them.

    Seats are numbered round the table so that partners alternate with opponents:
    member m of side s sits at position m * sides + s. Reading seats in position
    order and grouping by side gives each side's members back in order.
    """
    by_side: dict[int, list[str]] = {}
    for seat in sorted(table.seats.all(), key=lambda s: s.position):
        by_side.setdefault(seat.side, []).append(seat.player.name)
    return tuple(tuple(by_side[side]) for side in sorted(by_side))


def schedule_from_rounds(
    tournament: Tournament, rounds: list[Round], extra_players: tuple[str, ...] = ()
) -> rotations.Schedule:
    """The engine's Schedule for prefetched `rounds` (see rounds_with_seating).

    `players` lists everyone who holds a seat or a bye in any round, in the order
    they joined, followed by `extra_players`: withdrawn players stay in it because
    their played rounds do.
    """
    seen: dict[int, str] = {}
    engine_rounds = []
    for rnd in rounds:
        tables = []
        for table in rnd.tables.all():
            for seat in table.seats.all():
                seen[seat.player_id] = seat.player.name
            tables.append(rotations.Table(number=table.number, sides=table_sides(table)))
        byes = []
        for bye in rnd.byes.all():
            seen[bye.player_id] = bye.player.name
            byes.append(bye.player.name)
        engine_rounds.append(
            rotations.Round(number=rnd.number, tables=tuple(tables), byes=tuple(byes))
        )
    names = tuple(name for _pk, name in sorted(seen.items()))
    names += tuple(n for n in extra_players if n not in names)
    return rotations.Schedule(format=tournament.format, players=names, rounds=tuple(engine_rounds))


def schedule_of(tournament: Tournament) -> rotations.Schedule:
    """The stored rotation rebuilt as the engine's Schedule (four queries)."""
    return schedule_from_rounds(tournament, rounds_with_seating(tournament))


@dataclass(frozen=True)
class ItineraryStop:
    """Where one player is in one round: a seat at a table, or a bye."""

    round_number: int
    round_status: str
    bye: bool
    table_number: int | None = None
    position: int | None = None
    side: int | None = None
    seat_label: str = ""
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()

    @property
    def is_played(self) -> bool:
        return self.round_status != Round.Status.PLANNED


def _itinerary(player: Player, rounds: list[Round]) -> list[ItineraryStop]:
    """`rounds` carry only the tables where the player sits (prefetched as
    `player_tables`) and only the player's byes (`player_byes`)."""
    stops = []
    for rnd in rounds:
        stop = None
        for table in rnd.player_tables:
            seats = list(table.seats.all())
            mine = next((s for s in seats if s.player_id == player.pk), None)
            if mine is None:
                continue
            stop = ItineraryStop(
                round_number=rnd.number,
                round_status=rnd.status,
                bye=False,
                table_number=table.number,
                position=mine.position,
                side=mine.side,
                seat_label=seat_names.full_names(seat_names.layout_of(seats))[seats.index(mine)],
                partners=tuple(
                    s.player.name for s in seats if s.side == mine.side and s is not mine
                ),
                opponents=tuple(s.player.name for s in seats if s.side != mine.side),
            )
            break
        if stop is None and rnd.player_byes:
            stop = ItineraryStop(round_number=rnd.number, round_status=rnd.status, bye=True)
        # Rounds before a late arrival or after a withdrawal are not the player's.
        if stop is not None:
            stops.append(stop)
    return stops


def player_itinerary(player: Player) -> list[ItineraryStop]:
    """The player's night, round by round: table, seat, partners and opponents, or a bye.

    Rounds the player was not part of (before arriving late, after leaving, or
    after a substitute took over) are left out. Four queries, reading only the
    player's own tables and byes however big the event.
    """
    seats = Seat.objects.select_related("player").order_by("position")
    rounds = (
        # A draft round is its organisers' alone: nobody is told to go there yet.
        Round.objects.filter(tournament_id=player.tournament_id, published=True)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "tables",
                queryset=Table.objects.filter(seats__player=player)
                .order_by("number")
                .prefetch_related(Prefetch("seats", queryset=seats)),
                to_attr="player_tables",
            ),
            Prefetch("byes", queryset=Bye.objects.filter(player=player), to_attr="player_byes"),
        )
    )
    return _itinerary(player, list(rounds))


def next_of(itinerary: Sequence[ItineraryStop]) -> ItineraryStop | None:
    """The first stop of an itinerary whose round is not closed yet."""
    return next((s for s in itinerary if s.round_status != Round.Status.CLOSED), None)


def next_seat(player: Player) -> ItineraryStop | None:
    """Where the player sits now or next: the first of their rounds not yet closed.

    While a round is in play this is the table they are at; None once their
    last round is closed (or they have no rounds).
    """
    return next_of(player_itinerary(player))


def round_to_show(rounds: Sequence[Round], wanted: str | None) -> Round | None:
    """The round a public page shows: the one asked for by number when there is one,
    else the round in play (the earliest, should two overlap), else the next to start,
    else the last. None when there are no rounds."""
    if not rounds:
        return None
    by_number = {r.number: r for r in rounds}
    if wanted and wanted.isdigit() and int(wanted) in by_number:
        return by_number[int(wanted)]
    for status in (Round.Status.IN_PLAY, Round.Status.PLANNED):
        found = next((r for r in rounds if r.status == status), None)
        if found is not None:
            return found
    return rounds[-1]


def players_of(tournament: Tournament, *, active_only: bool = False) -> list[Player]:
    """The tournament's players with their teams, in the order they joined."""
    players = Player.objects.filter(tournament=tournament).select_related("team")
    if active_only:
        players = players.filter(active=True)
    return list(players.order_by("pk"))


# The pages and the API find co-organisers the same way, and say so in the same words.
NO_SUCH_USER = _("There is no user with that name.")


def user_named(username: str):
    """The account a co-organiser is added by, or None when no one has that name."""
    return get_user_model().objects.filter(username=username).first()


def co_organiser_of(tournament: Tournament, user_id: int | str):
    """One of the tournament's co-organisers by user id; Http404 for anyone else."""
    return get_object_or_404(tournament.co_organisers, pk=user_id)
