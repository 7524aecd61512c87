"""Where the players go next, for every phone in the room: the round a table or a
physical table link is playing now, each player's seat in the first published round
after a given one, and that seat said in one sentence ("Round 4: table 2, North.
Partner: Ann. Opponents: Bob and Cat.").

Reads only, a fixed number of queries however many players are asked about (phones
poll these): a draft round is its organisers' alone and is never anyone's next stop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments import seat_names

from .models import Bye, Player, Round, Seat, Table, Tournament
from .selectors import ItineraryStop, night_progress


def current_round(tournament_id: int) -> Round | None:
    """The round a physical table plays now: the latest published round in play; else
    the first published round not started yet (a planned night's next round, a drawn
    night's round just published); else the last published round. One query."""
    rounds = list(
        Round.objects.filter(tournament_id=tournament_id, published=True)
        .order_by("number")
        .only("pk", "number", "status")
    )
    in_play = [r for r in rounds if r.status == Round.Status.IN_PLAY]
    if in_play:
        return in_play[-1]
    waiting = next((r for r in rounds if r.status == Round.Status.PLANNED), None)
    return waiting or (rounds[-1] if rounds else None)


def next_stops(players: Sequence[Player], *, after: int) -> dict[int, ItineraryStop]:
    """Each player's stop in the first published round after round `after` where they
    have one (a seat or a bye), by player id; players with none are left out. Four
    queries at most, whatever the number of players."""
    if not players:
        return {}
    ids = [p.pk for p in players]
    later = Round.objects.filter(
        tournament_id=players[0].tournament_id, published=True, number__gt=after
    )
    first: dict[int, tuple[int, str, int | None]] = {}

    def keep(player_id: int, number: int, status: str, table_id: int | None) -> None:
        if player_id not in first or number < first[player_id][0]:
            first[player_id] = (number, status, table_id)

    for player_id, table_id, number, status in Seat.objects.filter(
        player_id__in=ids, table__round__in=later
    ).values_list("player_id", "table_id", "table__round__number", "table__round__status"):
        keep(player_id, number, status, table_id)
    for player_id, number, status in Bye.objects.filter(
        player_id__in=ids, round__in=later
    ).values_list("player_id", "round__number", "round__status"):
        keep(player_id, number, status, None)
    table_ids = {table_id for _n, _s, table_id in first.values() if table_id is not None}
    seats = Seat.objects.select_related("player").order_by("position")
    tables = {
        t.pk: (t.number, list(t.seats.all()))
        for t in Table.objects.filter(pk__in=table_ids).prefetch_related(
            Prefetch("seats", queryset=seats)
        )
    }
    stops = {}
    for player_id, (number, status, table_id) in first.items():
        if table_id is None:
            stops[player_id] = ItineraryStop(round_number=number, round_status=status, bye=True)
            continue
        table_number, at_table = tables[table_id]
        mine = next(s for s in at_table if s.player_id == player_id)
        labels = seat_names.full_names(seat_names.layout_of(at_table))
        stops[player_id] = ItineraryStop(
            round_number=number,
            round_status=status,
            bye=False,
            table_number=table_number,
            position=mine.position,
            side=mine.side,
            seat_label=labels[at_table.index(mine)],
            partners=tuple(
                s.player.name for s in at_table if s.side == mine.side and s is not mine
            ),
            opponents=tuple(s.player.name for s in at_table if s.side != mine.side),
        )
    return stops


def _names(names: Sequence[str]) -> str:
    # Translators: the word joining the last two names of a list ("Bob, Cat and Dan").
    return get_text_list(list(names), pgettext("list of names", "and"))


def stop_words(stop: ItineraryStop) -> str:
    """A stop in one sentence or a few: the round, the table and the seat, then the
    partner (where the format has partners) and the opponents; or the bye."""
    if stop.bye:
        return _("Round %(number)s: you sit out.") % {"number": stop.round_number}
    words = [
        # Translators: where a player sits next, e.g. "Round 4: table 2, North."
        _("Round %(number)s: table %(table)s, %(seat)s.")
        % {"number": stop.round_number, "table": stop.table_number, "seat": stop.seat_label}
    ]
    if stop.partners:
        words.append(
            # Translators: %(names)s is one or more players, women or men: word it so
            # that nothing agrees with the names' gender.
            ngettext("Partner: %(names)s.", "Partners: %(names)s.", len(stop.partners))
            % {"names": _names(stop.partners)}
        )
    if stop.opponents:
        words.append(
            # Translators: %(names)s is one or more players, women or men: word it so
            # that nothing agrees with the names' gender.
            ngettext("Opponent: %(names)s.", "Opponents: %(names)s.", len(stop.opponents))
            % {"names": _names(stop.opponents)}
        )
    return " ".join(words)


@dataclass(frozen=True)
class NextLine:
    """One player's "where next" on a phone: `words` say it, `known` whether a round
    after this one is out for them (else the phone keeps asking)."""

    name: str
    words: str
    known: bool


def where_next(tournament: Tournament, players: Sequence[Player], *, after: int) -> list[NextLine]:
    """What the phones of `players` say once round `after` is played, in their order:
    their next stop, or that the next round is not out yet (a night drawn round by
    round, not over), or that their night is over."""
    stops = next_stops(players, after=after)
    waiting = not_out_yet(tournament, after=after) if len(stops) < len(players) else ""
    lines = []
    for player in players:
        stop = stops.get(player.pk)
        if stop is not None:
            lines.append(NextLine(player.name, stop_words(stop), True))
        else:
            lines.append(
                NextLine(player.name, waiting or _("No more rounds for you tonight."), False)
            )
    return lines


def not_out_yet(tournament: Tournament, *, after: int | None = None) -> str:
    """In a night drawn round by round, not over, whose round after `after` (by default
    the last published) is not published yet: words saying it comes, and that the page
    shows it then. Else "". One query."""
    if not tournament.spec.per_round:
        return ""
    rounds = list(
        Round.objects.filter(tournament=tournament).only("number", "status", "published", "redraws")
    )
    if after is None:
        after = max((r.number for r in rounds if r.published), default=0)
    if any(r.number > after and r.published for r in rounds):
        return ""
    if night_progress(tournament, rounds).night_over:
        return ""
    return _(
        "Round %(number)s is not out yet: this page shows where to go as soon as it is published."
    ) % {"number": after + 1}
