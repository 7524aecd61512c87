"""Reading nights: every competitor's record, bye and (when asked) game of a set of
tournaments, in a fixed number of flat queries whatever the number of nights."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter

from django.db.models import Count, Max, Q, Sum

from scoring import standings as maths
from scoring.engine import DRAWN, LOST, WON
from scoring.models import SeatResult, TableResult
from tournaments.models import Player, Tournament
from tournaments.selectors import byes_that_happened


@dataclass(frozen=True)
class PlayerInfo:
    pk: int
    name: str
    team_id: int | None
    team_name: str


@dataclass(frozen=True)
class SideResult:
    players: tuple[int, ...]
    points: int
    # WON, DRAWN or LOST as the engine judged the table; None while it is unfinished.
    outcome: str | None


@dataclass(frozen=True)
class TableLine:
    """One table's result as recorded, for exports and the list of provisional results."""

    round: int
    table: int
    confirmed: bool
    sides: tuple[SideResult, ...]
    # A side said "that is not what we played": not counted until the organiser resolves it.
    disputed: bool = False


@dataclass
class Night:
    tournament: Tournament
    players: dict[int, PlayerInfo] = field(default_factory=dict)
    # Each player's record, or each team's on a team night (byes not yet credited).
    records: dict[int, maths.Record] = field(default_factory=dict)
    games: list[maths.Game] = field(default_factory=list)  # confirmed only, by player
    byes: list[maths.Bye] = field(default_factory=list)
    lines: list[TableLine] = field(default_factory=list)  # confirmed and provisional

    @property
    def provisional(self) -> list[TableLine]:
        return [line for line in self.lines if not line.confirmed]

    def name(self, player_id: int) -> str:
        info = self.players.get(player_id)
        return info.name if info else "?"


PLAYER_FIGURES = (
    "played",
    "won",
    "drawn",
    "lost",
    "scored",
    "conceded",
    "loners",
    "euchres",
)
SIDE_FIGURES = ("side_outcome", "side_for", "side_against", "loners", "side_euchres")


def tally_records(
    player_nights: Sequence[int], team_nights: Sequence[int] = ()
) -> dict[int, dict[int, maths.Record]]:
    """Each competitor's record (byes not yet credited) per tournament: players on
    `player_nights`, teams on `team_nights`, from the confirmed results' seat rows.

    Plain ORM aggregates over the narrow per-seat rows, the same on every database: a
    season's hands are never read again. A team's game is its side's, so a team counts
    each game, point and euchre once, however many of its players sat at the table.
    """
    records: dict[int, dict[int, maths.Record]] = {pk: {} for pk in [*player_nights, *team_nights]}
    shares = SeatResult.objects.filter(result__status=TableResult.Status.CONFIRMED).order_by()
    night = "result__table__round__tournament_id"
    if player_nights:
        rows = (
            shares.filter(result__table__round__tournament_id__in=player_nights)
            .values(night, "seat__player_id")
            .annotate(
                played=Count("pk"),
                won=Count("pk", filter=Q(outcome=WON)),
                drawn=Count("pk", filter=Q(outcome=DRAWN)),
                lost=Count("pk", filter=Q(outcome=LOST)),
                scored=Sum("points_for"),
                conceded=Sum("points_against"),
                loners=Sum("loners_made"),
                euchres=Sum("euchres_made"),
            )
            .values_list(night, "seat__player_id", *PLAYER_FIGURES)
        )
        for tournament_id, player_id, played, won, drawn, lost, pf, pa, loners, euchres in rows:
            records[tournament_id][player_id] = maths.Record(
                player_id, played, won, drawn, lost, pf, pa, loners, euchres
            )
    if team_nights:
        # One row per team and side of a table: the side's figures once (every seat of
        # a side carries the same points, outcome and euchres), its players' loners added.
        rows = (
            shares.filter(
                result__table__round__tournament_id__in=team_nights,
                seat__player__team__isnull=False,
            )
            .values(night, "seat__player__team_id", "result_id", "side")
            .annotate(
                side_outcome=Max("outcome"),
                side_for=Max("points_for"),
                side_against=Max("points_against"),
                loners=Sum("loners_made"),
                side_euchres=Max("euchres_made"),
            )
            .values_list(night, "seat__player__team_id", *SIDE_FIGURES)
        )
        for tournament_id, team_id, outcome, pf, pa, loners, euchres in rows:
            record = records[tournament_id].get(team_id)
            if record is None:
                record = records[tournament_id][team_id] = maths.Record(team_id)
            record.played += 1
            record.won += outcome == WON
            record.drawn += outcome == DRAWN
            record.lost += outcome == LOST
            record.points_for += pf
            record.points_against += pa
            record.loners_made += loners
            record.euchres_made += euchres
    return records


def load_nights(
    tournaments: Sequence[Tournament], *, lines: bool = True, games: bool = True
) -> dict[int, Night]:
    """Players, records, byes, confirmed games and (with `lines`) every table result of
    `tournaments`.

    Five queries whatever the number of nights, players or hands (six with team nights
    among them); one fewer without `games`.
    """
    nights = {t.pk: Night(t) for t in tournaments}
    ids = list(nights)
    for pk, tournament_id, name, team_id, team_name in Player.objects.filter(
        tournament_id__in=ids
    ).values_list("pk", "tournament_id", "name", "team_id", "team__name"):
        nights[tournament_id].players[pk] = PlayerInfo(pk, name, team_id, team_name or "")
    # Only byes of rounds that have started: a planned bye has not happened yet.
    for tournament_id, round_number, player_id in byes_that_happened(ids).values_list(
        "round__tournament_id", "round__number", "player_id"
    ):
        nights[tournament_id].byes.append(maths.Bye(round_number, player_id))
    teams = [t.pk for t in tournaments if t.spec.fixed_teams]
    tallied = tally_records([pk for pk in ids if pk not in teams], teams)
    for pk, night in nights.items():
        night.records = tallied[pk]
    if games:
        load_games(nights, lines=lines)
    return nights


def load_games(nights: dict[int, Night], *, lines: bool) -> None:
    """Each table's game from its seat rows (with `lines`, provisional results too)."""
    shares = SeatResult.objects.filter(result__table__round__tournament_id__in=list(nights))
    if not lines:
        shares = shares.filter(result__status=TableResult.Status.CONFIRMED)
    rows = shares.order_by(
        "result__table__round__number", "result__table__number", "result_id", "engine_seat"
    ).values_list(
        "result_id",
        "result__table__round__tournament_id",
        "result__table__round__number",
        "result__table__number",
        "result__status",
        "result__winners",
        "result__complete",
        "engine_seat",
        "side",
        "seat__player_id",
        "points_for",
        "loners_made",
        "euchres_made",
    )
    confirmed_status = TableResult.Status.CONFIRMED
    for _result, table_rows in groupby(rows, key=itemgetter(0)):
        seats = list(table_rows)
        _, tournament_id, round_number, table_number, status, winners, complete = seats[0][:7]
        by_side: dict[int, list[tuple]] = {}
        for seat in seats:
            by_side.setdefault(seat[8], []).append(seat)
        winner_seats = set(winners) if winners else None
        game_sides = tuple(
            maths.Side(
                tuple(maths.Entry(seat[9], seat[11], seat[12]) for seat in side),
                side[0][10],
                None if winner_seats is None else any(seat[7] in winner_seats for seat in side),
            )
            for side in by_side.values()
        )
        game = maths.Game(round_number, table_number, game_sides)
        confirmed = status == confirmed_status
        night = nights[tournament_id]
        if lines:
            # The engine's word on the table (Game.outcomes), as the standings count it.
            outcomes = game.outcomes() if complete else (None,) * len(game_sides)
            night.lines.append(
                TableLine(
                    round_number,
                    table_number,
                    confirmed,
                    tuple(
                        SideResult(side.competitors, side.points, outcome)
                        for side, outcome in zip(game_sides, outcomes, strict=True)
                    ),
                    disputed=status == TableResult.Status.DISPUTED,
                )
            )
        if confirmed:
            night.games.append(game)


def load_night(tournament: Tournament) -> Night:
    return load_nights([tournament])[tournament.pk]
