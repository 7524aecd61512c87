"""What goes on paper, as plain data built from one prefetching read of the seating.

Every printable (scorecards, table cards; the wall sheets in sheets.py) is gathered here with
a fixed number of queries, however many players there are; the templates only lay
the data out. Nothing here renders, so the data can be checked without a PDF.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch, Q
from django.urls import reverse

from tournaments import format_facts, seat_names
from tournaments.dates import day
from tournaments.models import Bye, Player, Round, Seat, Table, Tournament


@dataclass(frozen=True)
class Event:
    name: str
    date: str
    venue: str
    format: str
    format_label: str
    per_hand: bool
    hands_per_round: int
    has_partners: bool
    fixed_teams: bool
    rounds: int
    # Drawn round by round: the rounds are not known when the card is printed, so an
    # empty line is still to be written in, not a round the player sits out of.
    drawn: bool = False

    @property
    def hand_numbers(self) -> range:
        return range(1, self.hands_per_round + 1) if self.per_hand else range(0)


@dataclass(frozen=True)
class SeatedPlayer:
    seat: str
    name: str
    side: int


@dataclass(frozen=True)
class CardRound:
    """One line of a player's scorecard."""

    number: int
    table: int | None = None
    seat: str = ""
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    opponent_team: str = ""
    bye: bool = False
    # A round already played whose result is confirmed: the points the player's side
    # scored, their running total and the loners they made (printed on a reprint).
    points: int | None = None
    total: int | None = None
    loners: int | None = None

    @property
    def seated(self) -> bool:
        return self.table is not None


@dataclass(frozen=True)
class Scorecard:
    player: str
    code: str
    team: str
    teammates: tuple[str, ...]
    rounds: tuple[CardRound, ...]
    player_id: int = 0
    # Which of the player's cards this is (Player.card_version): its link says so.
    card_version: int = 1
    # A player marked late: the first round they are seated in.
    joins_in: int | None = None


@dataclass(frozen=True)
class TableRound:
    """One round at one physical table: who sits where, and that round's entry link."""

    round: int
    seats: tuple[SeatedPlayer, ...]
    url: str

    def side(self, number: int) -> tuple[SeatedPlayer, ...]:
        return tuple(s for s in self.seats if s.side == number)


@dataclass(frozen=True)
class TableCard:
    number: int
    rounds: tuple[TableRound, ...]


@dataclass(frozen=True)
class StandingsTable:
    """Plain rows from the standings code: each a dict with at least place, name, points.

    `columns` are (key, header) pairs in print order; a row's missing key prints empty.
    `note` is the small print (what counts, what "=" means), printed as a footnote.
    `after_round` is the last closed round when the sheet was taken (0: none yet), and
    `provisional` whether figures may still change (a round in play, results waiting).
    """

    columns: tuple[tuple[str, str], ...]
    rows: tuple[dict[str, Any], ...]
    title: str = ""
    note: str = ""
    after_round: int = 0
    provisional: bool = False

    def cells(self) -> list[list[tuple[Any, bool]]]:
        """Each value with whether it is a number (numbers are right-aligned)."""
        return [
            [(value := row.get(key, ""), _is_number(value)) for key, _header in self.columns]
            for row in self.rows
        ]

    def headers(self) -> list[tuple[str, bool]]:
        """Each heading with whether its column holds numbers (aligned with them)."""
        numeric = {
            key
            for key, _header in self.columns
            if any(_is_number(row.get(key)) for row in self.rows)
        }
        return [(header, key in numeric) for key, header in self.columns]

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": [list(c) for c in self.columns],
            "rows": [dict(r) for r in self.rows],
            "title": self.title,
            "note": self.note,
            "after_round": self.after_round,
            "provisional": self.provisional,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StandingsTable:
        return cls(
            columns=tuple((str(k), str(h)) for k, h in data["columns"]),
            rows=tuple(dict(r) for r in data["rows"]),
            title=str(data.get("title", "")),
            note=str(data.get("note", "")),
            after_round=int(data.get("after_round") or 0),
            provisional=bool(data.get("provisional", False)),
        )


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


@dataclass
class Seating:
    """The whole night's seating, read once."""

    tournament: Tournament
    rounds: list[Round] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)


def event_of(tournament: Tournament, *, rounds: int) -> Event:
    return Event(
        name=tournament.name,
        date=day(tournament.date),
        venue=tournament.venue,
        format=tournament.format,
        format_label=str(tournament.get_format_display()),
        per_hand=tournament.round_play == Tournament.RoundPlay.HANDS,
        hands_per_round=tournament.hands_per_round,
        has_partners=format_facts.partnered(tournament.format),
        fixed_teams=tournament.spec.fixed_teams,
        rounds=rounds,
    )


def read_seating(
    tournament: Tournament, *, player_ids: list[int] | None = None, with_rounds: bool = True
) -> Seating:
    """Rounds → tables → seats → players, and byes: five queries for any event size.
    Published rounds only: a draft is its organisers' alone, on paper too.

    With `player_ids`, only what those players' cards need: their tables, their
    byes, themselves and their team-mates (a reprinted card need not read the room).
    Without `with_rounds`, the players alone (a night drawn round by round prints no
    seat ahead).
    """
    # A seat's share of its table's confirmed result: a reprint prints the points played.
    seats = Seat.objects.select_related("player__team", "result_share__result").order_by("position")
    tables = Table.objects.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    byes = Bye.objects.select_related("player")
    players = Player.objects.filter(tournament=tournament).select_related("team")
    if player_ids is not None:
        tables = tables.filter(seats__player_id__in=player_ids).distinct()
        byes = byes.filter(player_id__in=player_ids)
        teams = Player.objects.filter(pk__in=player_ids, team__isnull=False).values("team_id")
        players = players.filter(Q(pk__in=player_ids) | Q(team_id__in=teams))
    rounds = (
        list(
            Round.objects.filter(tournament=tournament, published=True)
            .order_by("number")
            .prefetch_related(Prefetch("tables", queryset=tables), Prefetch("byes", queryset=byes))
        )
        if with_rounds
        else []
    )
    return Seating(
        tournament=tournament, rounds=rounds, players=list(players.order_by("name", "pk"))
    )


def seat_labels(seats: list[Seat]) -> dict[int, str]:
    """Each seat's short label (tournaments.seat_names): N/E/S/W, or their
    translation, at a table of two partnerships of two; seat numbers otherwise."""
    shorts = seat_names.short_labels(seat_names.layout_of(seats))
    return {seat.pk: label for seat, label in zip(seats, shorts, strict=True)}


def _team_label(seats: list[Seat]) -> str:
    """The opposing team's name, when it says more than its members' names do."""
    teams = {seat.player.team.name for seat in seats if seat.player.team_id}
    if len(teams) != 1:
        return ""
    name = teams.pop()
    return "" if _names_only(name, [seat.player.name for seat in seats]) else name


def _first_seated(own: dict[int, CardRound]) -> int | None:
    return min((n for n, line in own.items() if line.table is not None), default=None)


def _names_only(team_name: str, members: list[str]) -> bool:
    # Teams paired by the site are named after their members ("Ann & Bob").
    return all(member in team_name for member in members)


def scorecards(
    seating: Seating,
    *,
    player_ids: list[int] | None = None,
    numbers: Sequence[int] | None = None,
) -> list[Scorecard]:
    """One card per player (active, or seated somewhere), in name order; a line for
    each of the seating's rounds, or for each of `numbers` (rounds not drawn yet: their
    lines blank)."""
    # Fixed partnerships: the partner goes in the card's header once, opponents by team.
    fixed = seating.tournament.spec.fixed_teams
    lines: dict[int, dict[int, CardRound]] = defaultdict(dict)
    seated_ids: set[int] = set()
    for rnd in seating.rounds:
        for bye in rnd.byes.all():
            lines[bye.player_id][rnd.number] = CardRound(number=rnd.number, bye=True)
        for table in rnd.tables.all():
            seats = list(table.seats.all())
            labels = seat_labels(seats)
            by_side: dict[int, list[Seat]] = defaultdict(list)
            for seat in seats:
                by_side[seat.side].append(seat)
            for seat in seats:
                seated_ids.add(seat.player_id)
                others = [s for s in seats if s.side != seat.side]
                opponent_sides = [by_side[side] for side in sorted(by_side) if side != seat.side]
                lines[seat.player_id][rnd.number] = CardRound(
                    **_played(seat) if rnd.is_played else {},
                    number=rnd.number,
                    table=table.number,
                    seat=labels[seat.pk],
                    partners=tuple(s.player.name for s in by_side[seat.side] if s.pk != seat.pk),
                    opponents=tuple(s.player.name for s in others),
                    opponent_team=(
                        _team_label(opponent_sides[0]) if fixed and len(opponent_sides) == 1 else ""
                    ),
                )
    for own in lines.values():
        _add_totals(own)
    if numbers is None:
        numbers = [rnd.number for rnd in seating.rounds]
    teammates: dict[int, list[str]] = defaultdict(list)
    for player in seating.players:
        if player.team_id:
            teammates[player.team_id].append(player.name)
    wanted = set(player_ids) if player_ids is not None else None
    cards = []
    for player in seating.players:
        if wanted is not None and player.pk not in wanted:
            continue
        if wanted is None and not (player.active or player.pk in seated_ids):
            continue
        own = lines.get(player.pk, {})
        cards.append(
            Scorecard(
                player=player.name,
                code=player.code,
                team=(
                    player.team.name
                    if player.team_id
                    and not _names_only(player.team.name, teammates.get(player.team_id, []))
                    else ""
                ),
                teammates=tuple(
                    name for name in teammates.get(player.team_id, []) if name != player.name
                )
                if player.team_id
                else (),
                rounds=tuple(own.get(n) or CardRound(number=n) for n in numbers),
                player_id=player.pk,
                card_version=player.card_version,
                joins_in=_first_seated(own) if getattr(player, "late", False) else None,
            )
        )
    return cards


def _played(seat: Seat) -> dict[str, int]:
    """The seat's confirmed points and loners; nothing while its result is unconfirmed."""
    try:
        share = seat.result_share  # type: ignore[attr-defined]
    except ObjectDoesNotExist:
        return {}
    if not share.result.is_confirmed:
        return {}
    return {"points": share.points_for, "loners": share.loners_made}


def _add_totals(own: dict[int, CardRound]) -> None:
    """Each confirmed round's running total, up to the first played round whose points
    are not known yet (a total past it would be wrong)."""
    total = 0
    for number in sorted(own):
        line = own[number]
        if line.bye:
            continue
        if line.points is None:
            return
        total += line.points
        own[number] = replace(line, total=total)


def site_url(base_url: str | None = None) -> str:
    return (base_url or getattr(settings, "SITE_URL", "") or "http://127.0.0.1:8000").rstrip("/")


def entry_url(table: Table, *, base_url: str) -> str:
    """Absolute: a phone scanning the card has no page to be relative to."""
    return site_url(base_url) + reverse("table-entry", kwargs={"token": table.token})


def seat_entry_url(seat: Seat, *, base_url: str | None = None) -> str:
    """A player's own seat link, absolute: it proves their seat, so it confirms a
    result of the other side with one tap and shows them their confirmation code.
    The one place that link is built (for the QR code on their scorecard too)."""
    return site_url(base_url) + reverse("seat-entry", kwargs={"token": seat.token})


def table_cards(seating: Seating, *, base_url: str) -> list[TableCard]:
    """One card per table number, listing each round's seating and entry link."""
    by_number: dict[int, list[TableRound]] = defaultdict(list)
    for rnd in seating.rounds:
        for table in rnd.tables.all():
            seats = list(table.seats.all())
            labels = seat_labels(seats)
            url = entry_url(table, base_url=base_url)
            by_number[table.number].append(
                TableRound(
                    round=rnd.number,
                    seats=tuple(
                        SeatedPlayer(seat=labels[s.pk], name=s.player.name, side=s.side)
                        for s in seats
                    ),
                    url=url,
                )
            )
    return [TableCard(number=n, rounds=tuple(by_number[n])) for n in sorted(by_number)]
