"""Planning the rest of an event after the field changed: someone left, arrived
late, or a substitute came in. Rounds already played are never touched.

Byes: a player who missed played rounds (a late arrival, or a withdrawal who
returns) counts each missed round as a bye. Sitting out is what a bye costs a
player, and a late arrival has already sat out those rounds, so they are not
handed further byes before players who have played every round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from . import seating
from .formats import check_request, spec
from .history import History
from .schedule import RotationError, Round, Schedule


def replan(
    schedule_played: Schedule,
    players: Sequence[str],
    total_rounds: int,
    *,
    seed: int = 0,
    teams: Sequence[Sequence[str]] | None = None,
) -> Schedule:
    """The played rounds unchanged, then new rounds numbered on up to `total_rounds`
    for `players` (the field from now on). The schedule's player list keeps everyone
    who appears anywhere: the played players, then new arrivals; someone who left
    appears in neither the tables nor the byes of the new rounds."""
    args = (
        schedule_played,
        tuple(players),
        total_rounds,
        seed,
        None if teams is None else tuple(tuple(team) for team in teams),
    )
    try:
        hash(args)
    except TypeError:  # a schedule built with lists inside: draw it without the cache
        return _draw(*args)
    return _cached_draw(*args)


def _draw(
    schedule_played: Schedule,
    players: tuple[str, ...],
    total_rounds: int,
    seed: int,
    teams: tuple[tuple[str, ...], ...] | None,
) -> Schedule:
    played = schedule_played.rounds
    format = schedule_played.format
    check_request(format, players, None)
    if total_rounds < len(played):
        raise RotationError("rounds_already_played", played=len(played), total=total_rounds)
    remaining = total_rounds - len(played)
    field = missed_rounds_as_byes(played, players)
    drawn: tuple[Round, ...] = ()
    if remaining:
        history = History.from_rounds(field)
        drawn = spec(format).replan(players, remaining, seed=seed, teams=teams, history=history)
    numbered = tuple(
        Round(number=len(played) + i + 1, tables=r.tables, byes=r.byes) for i, r in enumerate(drawn)
    )
    every_player = tuple(dict.fromkeys((*schedule_played.players, *players)))
    return Schedule(
        format=format,
        players=every_player,
        rounds=(*played, *seating.arrange(numbered, played=played)),
    )


# A change's preview draws the same re-plan up to three times (the fewest-changes
# plan's fairness gate, the best-balance plan, then the plan applied), each a search of
# about half a second; the draw is a pure function of its arguments, so the later
# ones are the first.
_cached_draw = lru_cache(maxsize=8)(_draw)


def missed_rounds_as_byes(played: Sequence[Round], players: Sequence[str]) -> tuple[Round, ...]:
    """Played rounds with every listed player who was not there added to the byes."""
    rounds = []
    for r in played:
        present = set(r.seated) | set(r.byes)
        missed = tuple(p for p in players if p not in present)
        rounds.append(Round(number=r.number, tables=r.tables, byes=(*r.byes, *missed)))
    return tuple(rounds)
