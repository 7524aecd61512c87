"""Reading nights: every seat, result and bye of a set of tournaments in a fixed number of
flat queries (plus, on PostgreSQL, one aggregate that adds up each player's night)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import connection, transaction

from scoring import standings as maths
from scoring.models import TableResult
from tournaments.models import Player, Round, Seat, Table, Tournament
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
        return f"(CASE WHEN n IN (4, 6) THEN ({index} + maker) %% 2 = 0 ELSE maker = {index} END)"

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
    # Only byes of rounds that have started: a planned bye has not happened yet.
    for tournament_id, round_number, player_id in byes_that_happened(ids).values_list(
        "round__tournament_id", "round__number", "player_id"
    ):
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
