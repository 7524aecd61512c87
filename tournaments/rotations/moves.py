"""What a change of the night does to the players' seats, counted one way everywhere.

The preview, the message once a change is made, the API, the printouts to redo and the
bench all report a change with the two numbers worked out here, from the rounds not
yet started as planned before the change and as planned after it:

- who *sits somewhere else*: a player staying on whose place differs in at least one of
  those rounds. A place is a table number with a seat (the side and the seat on that
  side: the seat letter a card prints), or a bye; a seat instead of a bye, or the
  reverse, is somewhere else too;
- whose scorecard *lists a changed partner or opponent*: a player staying on who has
  another partner or another opponent in at least one of those rounds (a bye has
  neither, so a bye gained or lost counts when it takes table-mates away or brings
  them).

Players staying on are those seated or on a bye both before and after: a leaver and a
newcomer are neither moved nor counted (a newcomer's card is a first card, not a
reprint). Also here: which tables and rounds read differently, so the table cards and
the wall sheets of those alone are printed again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .schedule import Round

# A player's place in one round: ("seat", table, side, seat on the side) or ("bye",).
Place = tuple
BYE: Place = ("bye",)


def places(rnd: Round | None) -> dict[str, Place]:
    """Where each player of `rnd` sits: a table and seat, or a bye."""
    if rnd is None:
        return {}
    found: dict[str, Place] = dict.fromkeys(rnd.byes, BYE)
    for table in rnd.tables:
        for side, members in enumerate(table.sides):
            for index, name in enumerate(members):
                found[name] = ("seat", table.number, side, index)
    return found


def table_mates(rnd: Round | None) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Each player's partners and opponents in `rnd`; none for a bye."""
    if rnd is None:
        return {}
    none: frozenset[str] = frozenset()
    found = dict.fromkeys(rnd.byes, (none, none))
    for table in rnd.tables:
        everyone = frozenset(table.players)
        for members in table.sides:
            side = frozenset(members)
            for name in members:
                found[name] = (side - {name}, everyone - side)
    return found


def _players(rounds: Iterable[Round]) -> set[str]:
    return {p for rnd in rounds for p in (*rnd.seated, *rnd.byes)}


@dataclass(frozen=True)
class SeatMoves:
    """A change of the night counted: see the module's notes for each definition."""

    sit_elsewhere: frozenset[str]
    new_table_mates: frozenset[str]
    # Per round number, who sits somewhere else in that round (the seats a preview marks).
    moved_by_round: dict[int, frozenset[str]]
    # The table numbers whose seating reads differently in some round (their table
    # cards), and the rounds whose seating does (their find-your-seat sheets).
    tables: frozenset[int]
    rounds: frozenset[int]

    @property
    def reprints(self) -> frozenset[str]:
        """Players staying on whose printed scorecard no longer matches."""
        return self.sit_elsewhere | self.new_table_mates

    @property
    def changed(self) -> bool:
        return bool(self.rounds)


def seat_moves(before: Sequence[Round], after: Sequence[Round]) -> SeatMoves:
    """`before` and `after`: the same rounds not yet started, as planned before and
    after a change (a round missing from one side has nobody in it there)."""
    old = {r.number: r for r in before}
    new = {r.number: r for r in after}
    staying = _players(before) & _players(after)
    elsewhere: set[str] = set()
    mates_changed: set[str] = set()
    by_round: dict[int, frozenset[str]] = {}
    tables: set[int] = set()
    rounds: set[int] = set()
    for number in sorted(old.keys() | new.keys()):
        a, b = old.get(number), new.get(number)
        seats_a, seats_b = places(a), places(b)
        moved = frozenset(p for p in staying if seats_a.get(p) != seats_b.get(p))
        by_round[number] = moved
        elsewhere |= moved
        mates_a, mates_b = table_mates(a), table_mates(b)
        mates_changed.update(p for p in staying if mates_a.get(p) != mates_b.get(p))
        sides_a = {t.number: t.sides for t in (a.tables if a else ())}
        sides_b = {t.number: t.sides for t in (b.tables if b else ())}
        differ = {n for n in sides_a.keys() | sides_b.keys() if sides_a.get(n) != sides_b.get(n)}
        tables |= differ
        byes_a = set(a.byes) if a else set()
        byes_b = set(b.byes) if b else set()
        if differ or byes_a != byes_b:
            rounds.add(number)
    return SeatMoves(
        sit_elsewhere=frozenset(elsewhere),
        new_table_mates=frozenset(mates_changed),
        moved_by_round=by_round,
        tables=frozenset(tables),
        rounds=frozenset(rounds),
    )
