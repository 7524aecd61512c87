"""Reads for standings, player histories, exports and seasons.

Everything for a set of tournaments comes in a fixed number of flat queries
(values_list, no model instances for seats and results), so a season of many
nights costs the same number of queries as one night; scoring.standings does the maths.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import standings as maths
from scoring.models import TableResult
from tournaments.models import Bye, Player, Round, Seat, Table, Tournament

from .models import METRIC_LABELS, Member, PlayerLink, Season, SeasonNight, StandingsSettings

# Shown under a row that a tie-break (not the first metric) set below the row above it.
DECIDED_BY_LABELS = {
    maths.Metric.TOTAL_POINTS: _("behind on total points"),
    maths.Metric.WINS: _("behind on games won"),
    maths.Metric.POINTS_DIFFERENCE: _("behind on points difference"),
    maths.Metric.HEAD_TO_HEAD: _("behind head-to-head"),
    maths.Metric.LONERS_MADE: _("behind on loners made"),
    maths.Metric.EUCHRES_MADE: _("behind on euchres made"),
    maths.Metric.FEWEST_OPPONENT_POINTS: _("behind on opponent points conceded"),
}
SEASON_DECIDED_BY_LABELS = {
    maths.SeasonMetric.SEASON_POINTS: _("behind on season points"),
    maths.SeasonMetric.NIGHTS_WON: _("behind on nights won"),
    maths.SeasonMetric.ALL_POINTS: _("behind on all points scored"),
    maths.SeasonMetric.NIGHTS_PLAYED: _("behind on nights played"),
}


# --- settings -----------------------------------------------------------------------


def standings_settings(tournament: Tournament) -> StandingsSettings:
    """The tournament's settings row, or an unsaved one holding the defaults."""
    try:
        return tournament.standings_settings
    except StandingsSettings.DoesNotExist:
        return StandingsSettings(tournament=tournament)


def ranking_metrics(tournament: Tournament, settings: StandingsSettings) -> tuple:
    if settings.metrics:
        try:
            return maths.parse_metrics(settings.metrics)
        except ValueError:
            # A metric removed from the code must not take the standings page down.
            pass
    return maths.default_metrics(tournament.format)


def bye_rule(settings: StandingsSettings) -> maths.ByeRule:
    return maths.ByeRule(maths.ByeValue(settings.bye_value), settings.bye_points)


def bye_text(rule: maths.ByeRule) -> str:
    """The sentence the standings show, so nobody has to guess what a bye scored."""
    if rule.value is maths.ByeValue.FIXED:
        return gettext("A bye scores %(points)s points.") % {"points": rule.points}
    if rule.value is maths.ByeValue.AVERAGE:
        return gettext(
            "A bye scores the player's own average over the rounds they played, rounded."
        )
    return gettext("A bye scores nothing.")


def is_team_event(tournament: Tournament) -> bool:
    return tournament.format in maths.TEAM_FORMATS


# --- reading nights -----------------------------------------------------------------


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
    won: bool


@dataclass(frozen=True)
class TableLine:
    """One table's result as recorded, for exports and the list of provisional results."""

    round: int
    table: int
    confirmed: bool
    sides: tuple[SideResult, ...]


@dataclass
class Night:
    tournament: Tournament
    players: dict[int, PlayerInfo] = field(default_factory=dict)
    games: list[maths.Game] = field(default_factory=list)  # confirmed only, by player
    byes: list[maths.Bye] = field(default_factory=list)
    lines: list[TableLine] = field(default_factory=list)  # confirmed and provisional

    @property
    def provisional(self) -> list[TableLine]:
        return [line for line in self.lines if not line.confirmed]

    def name(self, player_id: int) -> str:
        info = self.players.get(player_id)
        return info.name if info else "?"


def _engine_order(seats: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """(position, side, player) in the engine's seat order, as scoring.selectors.engine_seats.

    Repeated on plain tuples so a whole season's seats need no model instances.
    """
    seats = sorted(seats)
    # The usual table: partners opposite, sides alternating round it, already in order.
    if len(seats) == 4 and [seat[1] for seat in seats] in ([0, 1, 0, 1], [1, 0, 1, 0]):
        return seats
    sides: dict[int, list[tuple[int, int, int]]] = {}
    for seat in seats:
        sides.setdefault(seat[1], []).append(seat)
    groups = list(sides.values())
    if len(groups) < 2 or len({len(group) for group in groups}) != 1:
        return seats
    return [group[i] for i in range(len(groups[0])) for group in groups]


def _deciding_hands_sql() -> str:
    """The confirmed hands that make a loner or a euchre, found inside PostgreSQL.

    Only those hands (one in six or so) travel to Python, as plain integers: decoding
    every hand's JSON was most of the time a season's standings took.
    """
    return (
        "SELECT r.table_id, jsonb_array_length(r.scores), (h->>'maker')::int, "
        "(h->>'tricks')::int, (h->'alone'->>0)::int, (h->'alone'->>1)::int "
        f"FROM {TableResult._meta.db_table} r "
        f"JOIN {Table._meta.db_table} t ON t.id = r.table_id "
        f"JOIN {Round._meta.db_table} rd ON rd.id = t.round_id "
        "CROSS JOIN LATERAL jsonb_array_elements("
        "CASE WHEN jsonb_typeof(r.hands) = 'array' THEN r.hands ELSE '[]'::jsonb END) AS h "
        "WHERE rd.tournament_id = ANY(%s) AND r.status = %s "
        "AND jsonb_typeof(r.scores) = 'array' "
        "AND coalesce(h->>'passed', 'false') <> 'true' "
        "AND ((h->>'tricks')::int < 3 "
        "OR ((h->>'tricks')::int = 5 AND jsonb_array_length(coalesce(h->'alone', '[]')) > 0))"
    )


def table_feats(tournament_ids: Sequence[int]) -> dict[int, tuple[list[int], list[int]]]:
    """(loners, euchres) per seat for confirmed table results with hands: one query.

    Tables where nobody made a loner or a euchre are left out (all zeros).
    """
    confirmed = TableResult.Status.CONFIRMED
    feats: dict[int, tuple[list[int], list[int]]] = {}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_deciding_hands_sql(), [list(tournament_ids), confirmed])
            for table_id, players, maker, tricks, alone_a, alone_b in cursor.fetchall():
                loners, euchres = feats.setdefault(table_id, ([0] * players, [0] * players))
                hand = {"maker": maker, "tricks": tricks, "alone": [alone_a, alone_b]}
                maths.add_hand_feats(hand, loners, euchres)
        return feats
    for table_id, scores, hands in TableResult.objects.filter(
        table__round__tournament_id__in=tournament_ids, status=confirmed
    ).values_list("table_id", "scores", "hands"):
        if hands and scores:
            feats[table_id] = maths.hand_feats(hands, len(scores))
    return feats


# Seats a table can have (six-handed is the largest).
MAX_SEATS = 6


def _records_sql() -> str:
    """Every player's tally per tournament, aggregated inside PostgreSQL.

    The same numbers scoring.standings.tally adds up from games (its tests and
    test_standings check the two agree), but a season's 50,000 seats and 100,000
    hands stay in the database: only one row per player and night comes back.
    Engine seat numbers follow scoring.selectors.engine_seats: partners interleaved
    when every side has the same size, otherwise position order.
    """
    seat, result = Seat._meta.db_table, TableResult._meta.db_table
    table, rnd = Table._meta.db_table, Round._meta.db_table

    def making(index: int) -> str:
        # Partnerships (4 or 6 seats) share the maker's parity; otherwise the maker is alone.
        return (
            f"(CASE WHEN n IN (4, 6) THEN ({index} + maker) %% 2 = 0 ELSE maker = {index} END)"
        )

    loners = ", ".join(
        f"count(*) FILTER (WHERE tricks = 5 AND {making(i)} AND alone @> '{i}'::jsonb)"
        for i in range(MAX_SEATS)
    )
    euchres = ", ".join(
        f"count(*) FILTER (WHERE tricks < 3 AND NOT {making(i)})" for i in range(MAX_SEATS)
    )
    # The seat-numbering windows run over narrow rows (ids and positions only); the
    # JSON columns are read once, after every seat knows its engine number.
    return f"""
WITH seat AS (
  SELECT rd.tournament_id, st.table_id, st.player_id, st.side, st.position,
    count(*) OVER t AS n, min(st.side) OVER t AS low_side, max(st.side) OVER t AS high_side,
    min(st.position) OVER t AS low_position, max(st.position) OVER t AS high_position
  FROM {seat} st
  JOIN {result} r ON r.table_id = st.table_id
  JOIN {table} t ON t.id = st.table_id
  JOIN {rnd} rd ON rd.id = t.round_id
  WHERE rd.tournament_id = ANY(%(ids)s) AND r.status = %(confirmed)s
  WINDOW t AS (PARTITION BY st.table_id)
), laid_out AS (
  -- Seated as the rotation seats everyone: positions 0..n-1, side = position mod sides.
  -- There the engine's seat number is the position; only other layouts need ranking.
  SELECT *, bool_and(
      low_side = 0 AND low_position = 0 AND high_position = n - 1
      AND n %% (high_side + 1) = 0 AND side = position %% (high_side + 1)
    ) OVER (PARTITION BY table_id) AS simple
  FROM seat
), ranked AS (
  SELECT tournament_id, table_id, player_id, side, n,
    row_number() OVER (PARTITION BY table_id ORDER BY position) - 1 AS pos_rank,
    row_number() OVER (PARTITION BY table_id, side ORDER BY position) - 1 AS member,
    count(*) OVER (PARTITION BY table_id, side) AS k,
    min(position) OVER (PARTITION BY table_id, side) AS side_first
  FROM laid_out WHERE NOT simple
), placed AS (
  SELECT tournament_id, table_id, player_id, side, n, position AS idx
  FROM laid_out WHERE simple
  UNION ALL
  SELECT tournament_id, table_id, player_id, side, n,
    CASE WHEN min(k) OVER w = max(k) OVER w AND n > k
      THEN member * (n / k) + dense_rank() OVER (PARTITION BY table_id ORDER BY side_first) - 1
      ELSE pos_rank END
  FROM ranked
  WINDOW w AS (PARTITION BY table_id)
), scored AS (
  SELECT p.tournament_id, p.table_id, p.player_id, p.side, p.n, p.idx,
    -- A result whose scores do not fit its seats is left out (NULL), as in Python. The
    -- test sits in the expression, not in WHERE: the planner cannot estimate it there
    -- and would then pick nested loops over the whole season.
    CASE WHEN jsonb_typeof(r.scores) = 'array' AND jsonb_array_length(r.scores) = p.n
      THEN (r.scores ->> p.idx::int)::int END AS points,
    coalesce(jsonb_typeof(r.winners) = 'array' AND r.winners @> to_jsonb(p.idx), false)
      AS is_winner
  FROM placed p
  JOIN {result} r ON r.table_id = p.table_id
), sides AS (
  SELECT table_id, side, max(points) AS points, bool_or(is_winner) AS won
  FROM scored WHERE points IS NOT NULL GROUP BY table_id, side
), tables AS (
  SELECT table_id, sum(points) AS total, array_agg(points ORDER BY points DESC) AS ranking,
    count(*) FILTER (WHERE won) AS winning_sides
  FROM sides GROUP BY table_id
), judged AS (
  SELECT s.table_id, s.side, s.points, tb.total - s.points AS against,
    CASE
      WHEN tb.winning_sides > 0 THEN
        CASE WHEN NOT s.won THEN 'L' WHEN tb.winning_sides = 1 THEN 'W' ELSE 'D' END
      WHEN s.points < tb.ranking[1] THEN 'L'
      WHEN cardinality(tb.ranking) = 1 OR tb.ranking[2] < tb.ranking[1] THEN 'W'
      ELSE 'D'
    END AS result
  FROM sides s JOIN tables tb ON tb.table_id = s.table_id
), deciding AS (
  SELECT r.table_id,
    CASE WHEN jsonb_typeof(r.scores) = 'array' THEN jsonb_array_length(r.scores) END AS n,
    (h->>'maker')::int AS maker,
    (h->>'tricks')::int AS tricks, coalesce(h->'alone', '[]'::jsonb) AS alone
  FROM {result} r
  JOIN {table} t ON t.id = r.table_id
  JOIN {rnd} rd ON rd.id = t.round_id
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(r.hands) = 'array' THEN r.hands ELSE '[]'::jsonb END) AS h
  WHERE rd.tournament_id = ANY(%(ids)s) AND r.status = %(confirmed)s
    AND coalesce(h->>'passed', 'false') <> 'true'
    AND ((h->>'tricks')::int < 3
      OR ((h->>'tricks')::int = 5 AND jsonb_array_length(coalesce(h->'alone', '[]'::jsonb)) > 0))
), feats AS (
  SELECT table_id, ARRAY[{loners}] AS loners, ARRAY[{euchres}] AS euchres
  FROM deciding GROUP BY table_id
)
SELECT sc.tournament_id, sc.player_id, count(*),
  count(*) FILTER (WHERE j.result = 'W'), count(*) FILTER (WHERE j.result = 'D'),
  count(*) FILTER (WHERE j.result = 'L'),
  sum(j.points), sum(j.against),
  coalesce(sum(f.loners[(sc.idx + 1)::int]), 0), coalesce(sum(f.euchres[(sc.idx + 1)::int]), 0)
FROM scored sc
JOIN judged j ON j.table_id = sc.table_id AND j.side = sc.side
LEFT JOIN feats f ON f.table_id = sc.table_id
WHERE sc.points IS NOT NULL
GROUP BY sc.tournament_id, sc.player_id
"""


def records_in_database(tournament_ids: Sequence[int]) -> dict[int, dict[int, maths.Record]]:
    """Each player's record (byes not yet credited) per tournament, in one PostgreSQL query."""
    records: dict[int, dict[int, maths.Record]] = {pk: {} for pk in tournament_ids}
    if not tournament_ids:
        return records
    with transaction.atomic(), connection.cursor() as cursor:
        # Settings for this transaction only. The planner's cost guess passes
        # jit_above_cost, and compiling the query takes longer (about 0.2 s) than running
        # it. Parallel workers are off because the page is polled by a room full of phones:
        # one core per request serves them better than two cores for one of them.
        cursor.execute(
            "SELECT set_config('jit', 'off', true), "
            "set_config('max_parallel_workers_per_gather', '0', true)"
        )
        cursor.execute(
            _records_sql(),
            {"ids": list(tournament_ids), "confirmed": TableResult.Status.CONFIRMED},
        )
        rows = cursor.fetchall()
    for tournament_id, player_id, played, won, drawn, lost, pf, pa, loners, euchres in rows:
        records[tournament_id][player_id] = maths.Record(
            competitor=player_id,
            played=played,
            won=won,
            drawn=drawn,
            lost=lost,
            points_for=int(pf),
            points_against=int(pa),
            loners_made=int(loners),
            euchres_made=int(euchres),
        )
    return records


def load_nights(
    tournaments: Sequence[Tournament], *, lines: bool = True, games: bool = True
) -> dict[int, Night]:
    """Players, byes, confirmed games and (with `lines`) every table result of `tournaments`.

    Five queries whatever the number of nights, players or hands; two without `games`.
    """
    nights = {t.pk: Night(t) for t in tournaments}
    ids = list(nights)
    for pk, tournament_id, name, team_id, team_name in Player.objects.filter(
        tournament_id__in=ids
    ).values_list("pk", "tournament_id", "name", "team_id", "team__name"):
        nights[tournament_id].players[pk] = PlayerInfo(pk, name, team_id, team_name or "")
    for tournament_id, round_number, player_id in Bye.objects.filter(
        round__tournament_id__in=ids
    ).values_list("round__tournament_id", "round__number", "player_id"):
        nights[tournament_id].byes.append(maths.Bye(round_number, player_id))
    if games:
        _load_games(nights, lines=lines)
    return nights


def _load_games(nights: dict[int, Night], *, lines: bool) -> None:
    ids = list(nights)

    seats_by_table: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for table_id, position, side, player_id in Seat.objects.filter(
        table__round__tournament_id__in=ids
    ).values_list("table_id", "position", "side", "player_id"):
        seats_by_table[table_id].append((position, side, player_id))

    feats = table_feats(ids)
    results = TableResult.objects.filter(table__round__tournament_id__in=ids)
    if not lines:
        results = results.filter(status=TableResult.Status.CONFIRMED)
    rows = results.order_by("table__round__number", "table__number").values_list(
        "table_id",
        "table__round__tournament_id",
        "table__round__number",
        "table__number",
        "status",
        "scores",
        "winners",
    )
    confirmed_status = TableResult.Status.CONFIRMED
    for table_id, tournament_id, round_number, table_number, status, scores, winners in rows:
        ordered = _engine_order(seats_by_table.get(table_id, []))
        if not scores or len(scores) != len(ordered):
            continue
        confirmed = status == confirmed_status
        loners, euchres = feats.get(table_id) or ((0,) * len(ordered), (0,) * len(ordered))
        by_side: dict[int, list[int]] = {}
        for index, seat in enumerate(ordered):
            by_side.setdefault(seat[1], []).append(index)
        winner_seats = set(winners) if winners else None
        game_sides = []
        for indices in by_side.values():
            # Partners carry their side's points, so any one seat of the side tells it.
            points = max(scores[i] for i in indices)
            won = None if winner_seats is None else not winner_seats.isdisjoint(indices)
            game_sides.append(
                maths.Side(
                    tuple(maths.Entry(ordered[i][2], loners[i], euchres[i]) for i in indices),
                    points,
                    won,
                )
            )
        night = nights[tournament_id]
        if lines:
            night.lines.append(
                TableLine(
                    round_number,
                    table_number,
                    confirmed,
                    tuple(SideResult(s.competitors, s.points, bool(s.won)) for s in game_sides),
                )
            )
        if confirmed:
            night.games.append(maths.Game(round_number, table_number, tuple(game_sides)))


def load_night(tournament: Tournament) -> Night:
    return load_nights([tournament])[tournament.pk]


# --- tournament standings -----------------------------------------------------------


@dataclass(frozen=True)
class ShownLine:
    """A table result with names, for the list of results still waiting for confirmation."""

    round: int
    table: int
    sides: tuple[tuple[str, int], ...]  # (players joined by " & ", points)


@dataclass(frozen=True)
class StandingRow:
    place: int
    shared: bool
    decided_by: str  # the metric that set this row below the one above; empty if none
    tie_break: str  # the same, but only when a tie-break (not the first metric) decided
    pk: int  # the player's or the team's
    name: str
    members: tuple[str, ...]  # a team's players
    record: maths.Record
    values: tuple[int, ...]  # one per shown metric


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    teams: bool
    metrics: tuple[maths.Metric, ...]
    metric_labels: tuple[str, ...]  # the columns: every metric but head-to-head
    order_labels: tuple[str, ...]  # the whole tie-break order, head-to-head included
    bye_rule: maths.ByeRule
    bye_text: str
    rows: tuple[StandingRow, ...]
    provisional: tuple[ShownLine, ...]
    confirmed_tables: int

    @property
    def has_shared_places(self) -> bool:
        return any(row.shared for row in self.rows)


def public_tournament(pk: int) -> Tournament:
    return get_object_or_404(
        Tournament.objects.select_related("standings_settings", "season_night__season"), pk=pk
    )


def _shown_metrics(metrics: Sequence[maths.Metric]) -> tuple[maths.Metric, ...]:
    # Head-to-head has no single value per row; it is named in the tie-break order only.
    return tuple(m for m in metrics if m is not maths.Metric.HEAD_TO_HEAD)


@dataclass(frozen=True)
class RankedNight:
    """The pure ranking of one night, before anything is dressed up for a page."""

    teams: bool
    metrics: tuple[maths.Metric, ...]
    bye_rule: maths.ByeRule
    rows: list[maths.Row]
    names: dict[int, str]
    members: dict[int, list[str]]


def rank_night(night: Night, records: dict[int, maths.Record] | None = None) -> RankedNight:
    """The night's ranking, from its games or from `records` already tallied by the database
    (then byes are credited here, exactly as maths.tally would)."""
    tournament = night.tournament
    settings = standings_settings(tournament)
    metrics = ranking_metrics(tournament, settings)
    rule = bye_rule(settings)
    teams = is_team_event(tournament)
    players = sorted(night.players.values(), key=lambda p: (p.name.casefold(), p.pk))
    members: dict[int, list[str]] = defaultdict(list)
    if teams:
        team_of = {p.pk: p.team_id for p in players if p.team_id is not None}
        games, byes = maths.regroup(night.games, night.byes, team_of)
        names: dict[int, str] = {}
        for p in players:
            if p.team_id is not None:
                names[p.team_id] = p.team_name
                members[p.team_id].append(p.name)
        competitors = sorted(names, key=lambda pk: (names[pk].casefold(), pk))
    else:
        games, byes = night.games, night.byes
        competitors = [p.pk for p in players]
        names = {p.pk: p.name for p in players}
    if records is not None and not teams:
        tallied = {pk: records.get(pk) or maths.Record(pk) for pk in competitors}
        tallied.update((pk, record) for pk, record in records.items() if pk not in tallied)
        rows = maths.rank(maths.credit_byes(tallied, byes, rule), metrics)
    else:
        rows = maths.standings(
            games, metrics=metrics, competitors=competitors, byes=byes, bye_rule=rule
        )
    return RankedNight(teams, tuple(metrics), rule, rows, names, members)


def night_standings(night: Night) -> Standings:
    ranked = rank_night(night)
    tournament, teams, metrics = night.tournament, ranked.teams, ranked.metrics
    rule, rows, names, members = ranked.bye_rule, ranked.rows, ranked.names, ranked.members
    shown = _shown_metrics(metrics)
    # Translated once per page, not once per row.
    behind = {metric: str(DECIDED_BY_LABELS[metric]) for metric in metrics}
    return Standings(
        tournament=tournament,
        teams=teams,
        metrics=tuple(metrics),
        metric_labels=tuple(str(METRIC_LABELS[m]) for m in shown),
        order_labels=tuple(str(METRIC_LABELS[m]) for m in metrics),
        bye_rule=rule,
        bye_text=bye_text(rule),
        rows=tuple(
            StandingRow(
                place=row.place,
                shared=row.shared,
                decided_by=behind[row.decided_by] if row.decided_by else "",
                tie_break=(
                    behind[row.decided_by]
                    if row.decided_by and row.decided_by is not metrics[0]
                    else ""
                ),
                pk=row.competitor,
                name=names.get(row.competitor, "?"),
                members=tuple(members.get(row.competitor, ())),
                record=row.record,
                values=tuple(_shown_value(m, row.record) for m in shown),
            )
            for row in rows
        ),
        provisional=tuple(
            ShownLine(
                line.round,
                line.table,
                tuple(
                    (" & ".join(night.name(pk) for pk in side.players), side.points)
                    for side in line.sides
                ),
            )
            for line in night.provisional
        ),
        confirmed_tables=len(night.games),
    )


def _shown_value(metric: maths.Metric, record: maths.Record) -> int:
    if metric is maths.Metric.WINS:
        return record.won
    if metric is maths.Metric.FEWEST_OPPONENT_POINTS:
        return record.points_against
    return maths.metric_value(metric, record)


def tournament_standings(tournament: Tournament) -> Standings:
    return night_standings(load_night(tournament))


# --- one player's night -------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    round: int
    table: int | None
    partners: tuple[str, ...]
    opponents: tuple[str, ...]  # one entry per opposing side, partners joined by " & "
    points_for: int
    points_against: int
    outcome: str
    outcome_label: str
    running_total: int


OUTCOME_LABELS = {
    maths.Outcome.WON: _("Won"),
    maths.Outcome.DRAWN: _("Drawn"),
    maths.Outcome.LOST: _("Lost"),
    maths.Outcome.BYE: _("Bye"),
}


@dataclass(frozen=True)
class PlayerNight:
    tournament: Tournament
    player: PlayerInfo
    lines: tuple[HistoryLine, ...]
    chart: maths.Chart
    bye_text: str
    place: int | None
    shared: bool


def player_night(tournament: Tournament, player_pk: int) -> PlayerNight:
    """Round by round for one player, with partners and opponents by name."""
    night = load_night(tournament)
    info = night.players.get(player_pk)
    if info is None:
        raise Player.DoesNotExist
    settings = standings_settings(tournament)
    rule = bye_rule(settings)
    lines = maths.history(player_pk, night.games, byes=night.byes, bye_rule=rule)
    standings = night_standings(night)
    ranked_pk = info.team_id if standings.teams else player_pk
    row = next((r for r in standings.rows if r.pk == ranked_pk), None)
    return PlayerNight(
        tournament=tournament,
        player=info,
        lines=tuple(
            HistoryLine(
                round=line.round,
                table=line.table,
                partners=tuple(night.name(pk) for pk in line.partners),
                opponents=tuple(
                    " & ".join(night.name(pk) for pk in side) for side in line.opponents
                ),
                points_for=line.points_for,
                points_against=line.points_against,
                outcome=line.outcome.value,
                outcome_label=str(OUTCOME_LABELS[line.outcome]),
                running_total=line.running_total,
            )
            for line in lines
        ),
        chart=maths.running_chart([(line.round, line.running_total) for line in lines]),
        bye_text=bye_text(rule),
        place=row.place if row else None,
        shared=row.shared if row else False,
    )


# --- exports ------------------------------------------------------------------------


def standings_table(standings: Standings) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the standings as an export shows them."""
    header = [
        gettext("Place"),
        gettext("Team") if standings.teams else gettext("Player"),
        *( [gettext("Players")] if standings.teams else [] ),
        gettext("Played"),
        gettext("Won"),
        gettext("Drawn"),
        gettext("Lost"),
        gettext("Points"),
        gettext("Points against"),
        gettext("Loners made"),
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
                r.loners_made,
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
        gettext("Won"),
    ]
    rows = []
    for line in night.lines:
        status = gettext("confirmed") if line.confirmed else gettext("provisional")
        for side in line.sides:
            rows.append(
                [
                    line.round,
                    line.table,
                    status,
                    " & ".join(night.name(pk) for pk in side.players),
                    side.points,
                    gettext("yes") if side.won else "",
                ]
            )
    return header, rows


def results_document(night: Night) -> dict:
    return {
        "tournament": {"id": night.tournament.pk, "name": night.tournament.name},
        "results": [
            {
                "round": line.round,
                "table": line.table,
                "status": "confirmed" if line.confirmed else "provisional",
                "sides": [
                    {
                        "players": [
                            {"id": pk, "name": night.name(pk)} for pk in side.players
                        ],
                        "points": side.points,
                        "won": side.won,
                    }
                    for side in line.sides
                ],
            }
            for line in night.lines
        ],
    }


# --- seasons ------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonStandingRow:
    place: int
    shared: bool
    decided_by: str
    tie_break: str  # decided_by, when a tie-break rather than season points decided
    member: Member
    season_points: int
    nights: tuple[maths.NightScore, ...]
    nights_played: int
    nights_won: int
    all_points: int


@dataclass(frozen=True)
class SeasonStandings:
    season: Season
    nights: tuple[Tournament, ...]
    rows: tuple[SeasonStandingRow, ...]
    rule_text: str
    unlinked_players: int  # players on counted nights who are no season member yet

    @property
    def has_shared_places(self) -> bool:
        return any(row.shared for row in self.rows)


def seasons_for(user) -> QuerySet[Season]:
    if not getattr(user, "is_authenticated", False):
        return Season.objects.none()
    return Season.objects.filter(owner=user).order_by("-created_at")


def season_rule(season: Season) -> maths.SeasonRule:
    return maths.SeasonRule(
        best_of=season.best_of,
        missed=maths.MissedNight(season.missed_night),
        missed_points=season.missed_night_points,
    )


def season_rule_text(season: Season) -> str:
    if season.best_of:
        counting = gettext("The best %(n)s nights of each member count.") % {"n": season.best_of}
    else:
        counting = gettext("Every night counts.")
    if season.missed_night == Season.MissedNightRule.FIXED:
        missed = gettext("A missed night scores %(points)s points.") % {
            "points": season.missed_night_points
        }
    elif season.missed_night == Season.MissedNightRule.AVERAGE:
        missed = gettext("A missed night scores the member's own average night, rounded.")
    else:
        missed = gettext("A missed night scores nothing.")
    return f"{counting} {missed}"


def season_for_view(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("owner"), pk=pk)


def season_standings(season: Season) -> SeasonStandings:
    """The season table: every night's standings, then the season rule over them.

    Queries: nights, members, links, players, byes and one aggregate over every seat
    and hand on PostgreSQL (games loaded into Python on other databases and for team or
    head-to-head nights), whatever the number of nights.
    """
    tournaments = [
        night.tournament
        for night in SeasonNight.objects.filter(season=season)
        .select_related("tournament__standings_settings")
        .order_by("tournament__date", "tournament_id")
    ]
    members = {m.pk: m for m in Member.objects.filter(season=season)}
    member_of = dict(
        PlayerLink.objects.filter(member__season=season).values_list("player_id", "member_id")
    )
    in_database = connection.vendor == "postgresql"
    nights = load_nights(tournaments, lines=False, games=not in_database)
    records: dict[int, dict[int, maths.Record]] = {}
    if in_database:
        # Team nights regroup by side and head-to-head needs the games themselves;
        # only those nights load their games into Python.
        by_games = [
            t
            for t in tournaments
            if is_team_event(t)
            or maths.Metric.HEAD_TO_HEAD in ranking_metrics(t, standings_settings(t))
        ]
        records = records_in_database([t.pk for t in tournaments if t not in by_games])
        if by_games:
            _load_games({t.pk: nights[t.pk] for t in by_games}, lines=False)
    results: list[maths.NightResult] = []
    unlinked = 0
    for tournament in tournaments:
        night = nights[tournament.pk]
        ranked = rank_night(night, records.get(tournament.pk))
        by_competitor = {row.competitor: row for row in ranked.rows}
        if ranked.teams:
            # A team's finish is each of its players' finish for the season.
            finishes = [
                (p.pk, by_competitor[p.team_id])
                for p in night.players.values()
                if p.team_id in by_competitor
            ]
        else:
            finishes = list(by_competitor.items())
        for player_pk, row in finishes:
            member_pk = member_of.get(player_pk)
            if member_pk is None:
                unlinked += 1
                continue
            if not row.record.played and not row.record.byes:
                continue
            results.append(
                maths.NightResult(tournament.pk, member_pk, row.record.total_points, row.place)
            )
    ordered_members = sorted(members, key=lambda pk: (members[pk].name.casefold(), pk))
    rows = maths.season_standings(
        [t.pk for t in tournaments], results, members=ordered_members, rule=season_rule(season)
    )
    return SeasonStandings(
        season=season,
        nights=tuple(tournaments),
        rows=tuple(
            SeasonStandingRow(
                place=row.place,
                shared=row.shared,
                decided_by=(
                    str(SEASON_DECIDED_BY_LABELS[row.decided_by]) if row.decided_by else ""
                ),
                tie_break=(
                    str(SEASON_DECIDED_BY_LABELS[row.decided_by])
                    if row.decided_by
                    and row.decided_by is not maths.SeasonMetric.SEASON_POINTS
                    else ""
                ),
                member=members[row.member],
                season_points=row.season_points,
                nights=row.nights,
                nights_played=row.nights_played,
                nights_won=row.nights_won,
                all_points=row.all_points,
            )
            for row in rows
        ),
        rule_text=season_rule_text(season),
        unlinked_players=unlinked,
    )


def season_table(standings: SeasonStandings) -> tuple[list[str], list[list[object]]]:
    header = [
        gettext("Place"),
        gettext("Member"),
        gettext("Season points"),
        gettext("Nights played"),
        gettext("Nights won"),
        gettext("All points scored"),
        *[f"{t.name} ({t.date.isoformat()})" for t in standings.nights],
        gettext("Shared place"),
    ]
    rows = [
        [
            row.place,
            row.member.name,
            row.season_points,
            row.nights_played,
            row.nights_won,
            row.all_points,
            # A night left out of the best N shows in brackets, as league tables print it.
            *[score.points if score.counted else f"({score.points})" for score in row.nights],
            gettext("yes") if row.shared else "",
        ]
        for row in standings.rows
    ]
    return header, rows


def season_document(standings: SeasonStandings) -> dict:
    return {
        "season": {
            "id": standings.season.pk,
            "name": standings.season.name,
            "best_of": standings.season.best_of,
            "missed_night": standings.season.missed_night,
            "missed_night_points": standings.season.missed_night_points,
        },
        "nights": [
            {"id": t.pk, "name": t.name, "date": t.date.isoformat()} for t in standings.nights
        ],
        "rows": [
            {
                "place": row.place,
                "shared": row.shared,
                "member": {"id": row.member.pk, "name": row.member.name},
                "season_points": row.season_points,
                "nights_played": row.nights_played,
                "nights_won": row.nights_won,
                "all_points": row.all_points,
                "nights": [
                    {
                        "tournament": score.night,
                        "points": score.points,
                        "played": score.played,
                        "place": score.place,
                        "counted": score.counted,
                    }
                    for score in row.nights
                ],
            }
            for row in standings.rows
        ],
    }


def season_members(season: Season) -> list[Member]:
    return list(
        Member.objects.filter(season=season).prefetch_related(
            Prefetch("player_links", queryset=PlayerLink.objects.select_related("player"))
        )
    )


def unlinked_players(season: Season) -> list[Player]:
    """Players on the season's nights not yet linked to a member."""
    return list(
        Player.objects.filter(tournament__season_night__season=season, member_link__isnull=True)
        .select_related("tournament")
        .order_by("name", "tournament__date")
    )


def nights_to_add(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Of `tournaments` (those the user organises), the ones in no season yet."""
    return tournaments.filter(season_night__isnull=True)
