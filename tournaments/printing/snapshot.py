"""One printout, one seating: a fingerprint of everything a seating printout shows.

A job renders in parts, side by side, each part reading the seating again. The job
takes the fingerprint of the seating it starts from; a part, or the merge, that reads
a different one fails the job instead of joining pages of two plans. Hashing what was
read (rather than a counter every service must remember to bump) catches every way
the seating can change: withdrawals, late arrivals, swaps, a re-generated rotation, a
renamed player or team, a reissued code.
"""

from __future__ import annotations

import hashlib

from .cards import Seating


def seating_fingerprint(seating: Seating) -> str:
    """A short digest of the seating as read: equal digests print the same pages."""
    tournament = seating.tournament
    rows: list[tuple] = [
        (
            tournament.name,
            str(tournament.date),
            tournament.venue,
            # str(): a row just saved holds the enum member, one read back its value.
            str(tournament.format),
            str(tournament.round_play),
            tournament.hands_per_round,
        )
    ]
    for player in seating.players:
        team = player.team.name if player.team_id else ""
        rows.append(("p", player.pk, player.name, player.code, team, player.active, player.late))
    for rnd in seating.rounds:
        rows.append(("r", rnd.pk, rnd.number))
        # Byes come in no set order; the tables and seats are ordered when read.
        rows.extend(sorted(("b", rnd.number, bye.player_id) for bye in rnd.byes.all()))
        for table in rnd.tables.all():
            rows.append(("t", rnd.number, table.pk, table.number, table.token))
            for seat in table.seats.all():
                team = seat.player.team.name if seat.player.team_id else ""
                rows.append(
                    ("s", seat.pk, seat.position, seat.side, seat.token, seat.player_id)
                    + (seat.player.name, team)
                )
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:32]
