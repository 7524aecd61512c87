"""The night's changes: a player leaves, arrives late or is replaced. Played rounds
stay as played; the rest is re-planned, previewed, then applied."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction

from core.errors import DomainError
from tournaments import rotations
from tournaments.rotations import late as late_rotation

from .. import selectors
from ..models import Player, Round, Team, Tournament
from .common import (
    Side,
    check_player_count,
    clean_name,
    free_team_name,
    lock,
    name_key,
    new_player_problem,
    refuse_if_drawn,
    rotation_error,
    team_display_name,
    team_name_keys,
)
from .reprints import mark_change
from .rows import check_schedule, draw_whole_event, write_rounds


@dataclass(frozen=True)
class TableChange:
    """One table of a re-planned round whose seating differs. `before` is empty for a
    new table, `after` for a table no longer needed."""

    number: int
    before: tuple[Side, ...]
    after: tuple[Side, ...]


@dataclass(frozen=True)
class RoundChange:
    """What moves in one remaining round."""

    number: int
    tables: tuple[TableChange, ...]
    byes_before: tuple[str, ...]
    byes_after: tuple[str, ...]
    # Who sits somewhere else than planned in this round (rotations.moves): the seats
    # the preview marks. Players leaving or arriving are not counted.
    moved: frozenset[str] = frozenset()

    @property
    def new_byes(self) -> tuple[str, ...]:
        return tuple(n for n in self.byes_after if n not in self.byes_before)

    @property
    def changed(self) -> bool:
        return bool(self.tables) or set(self.byes_before) != set(self.byes_after)


@dataclass(frozen=True)
class RotationChange:
    """A change of the night, worked out: the whole new schedule (played rounds as they
    were, then the remaining rounds), a diff per remaining round, the change counted
    (rotations.moves, the one definition every report uses), and a fingerprint the
    confirmation can send back so it applies exactly what was previewed."""

    schedule: rotations.Schedule
    first_round: int
    rounds: tuple[RoundChange, ...]
    withdrawn: tuple[str, ...]
    arrived: tuple[str, ...]
    substitutes: tuple[tuple[str, str], ...]
    quality: dict = field(default_factory=dict)
    fingerprint: str = ""
    replanned: bool = True
    strategy: str = "fewest"
    quality_before: dict = field(default_factory=dict)
    moves: rotations.SeatMoves = field(default_factory=lambda: rotations.seat_moves((), ()))

    @property
    def remaining(self) -> tuple[rotations.Round, ...]:
        return tuple(r for r in self.schedule.rounds if r.number >= self.first_round)

    @property
    def changed_rounds(self) -> tuple[RoundChange, ...]:
        return tuple(r for r in self.rounds if r.changed)

    @property
    def seat_changes(self) -> frozenset[str]:
        """Players staying on who sit somewhere else in some remaining round."""
        return self.moves.sit_elsewhere

    @property
    def new_table_mates(self) -> frozenset[str]:
        """Players staying on whose scorecard lists a changed partner or opponent."""
        return self.moves.new_table_mates

    @property
    def newcomers(self) -> frozenset[str]:
        """Arrivals and substitutes: their cards are printed for the first time."""
        return frozenset(self.arrived) | {new for _old, new in self.substitutes}

    @property
    def moved_players(self) -> frozenset[str]:
        """Everyone still playing whose scorecard must be printed: those who sit
        somewhere else or have a new partner or opponent, and the newcomers."""
        return self.moves.reprints | self.newcomers

    @property
    def scorecards_to_reprint(self) -> frozenset[str]:
        return self.moved_players


# "fewest": mend the planned rounds, moving as few seats as fairness allows;
# "balance": plan the remaining rounds afresh for the best balance.
STRATEGIES = ("fewest", "balance")


@dataclass
class ChangePlan:
    change: RotationChange
    withdrawn: list[Player]
    substituted: list[tuple[Player, str]]
    arrivals: list[list[str]]  # grouped into new teams in team formats, else one per group
    returning: list[Player]  # arrivals who played earlier and come back under their name


def _diff(
    before: Sequence[rotations.Round], after: Sequence[rotations.Round], moves: rotations.SeatMoves
) -> tuple[RoundChange, ...]:
    old = {r.number: r for r in before}
    new = {r.number: r for r in after}
    changes = []
    for number in sorted(old.keys() | new.keys()):
        a, b = old.get(number), new.get(number)
        a_tables = {t.number: t.sides for t in (a.tables if a else ())}
        b_tables = {t.number: t.sides for t in (b.tables if b else ())}
        tables = tuple(
            TableChange(number=n, before=a_tables.get(n, ()), after=b_tables.get(n, ()))
            for n in sorted(a_tables.keys() | b_tables.keys())
            if a_tables.get(n) != b_tables.get(n)
        )
        changes.append(
            RoundChange(
                number=number,
                tables=tables,
                byes_before=tuple(a.byes) if a else (),
                byes_after=tuple(b.byes) if b else (),
                moved=moves.moved_by_round.get(number, frozenset()),
            )
        )
    return tuple(changes)


def _renamed(rnd: rotations.Round, names: Mapping[str, str]) -> rotations.Round:
    return rotations.Round(
        number=rnd.number,
        tables=tuple(
            rotations.Table(
                number=t.number,
                sides=tuple(tuple(names.get(p, p) for p in side) for side in t.sides),
            )
            for t in rnd.tables
        ),
        byes=tuple(names.get(p, p) for p in rnd.byes),
    )


def _fingerprint(change: dict) -> str:
    return hashlib.sha256(json.dumps(change, sort_keys=True).encode()).hexdigest()[:32]


def plan_change(
    tournament: Tournament,
    *,
    withdraw: Iterable[Player],
    arrive: Iterable[str],
    substitute: Mapping[Player, str] | None,
    strategy: str = "fewest",
) -> ChangePlan:
    refuse_if_drawn(tournament)
    if strategy not in STRATEGIES:
        raise DomainError("bad_strategy")
    withdraw = list(withdraw)
    arrive = [clean_name(n) for n in arrive]
    substitute = {p: clean_name(name) for p, name in (substitute or {}).items()}
    if not (withdraw or arrive or substitute):
        raise DomainError("nothing_to_change")

    rounds = selectors.rounds_with_seating(tournament)
    if not rounds:
        raise DomainError("no_rotation")
    players = list(Player.objects.filter(tournament=tournament).order_by("pk"))
    by_pk = {p.pk: p for p in players}
    active = [p for p in players if p.active]

    leaving = [*withdraw, *substitute]
    for p in leaving:
        if p.pk not in by_pk or not by_pk[p.pk].active:
            raise DomainError("not_playing", name=p.name)
    if len({p.pk for p in leaving}) != len(leaving):
        raise DomainError("player_twice")
    size = tournament.spec.fixed_team_size
    # Someone who left (or was replaced) may come back and play the rest of the night
    # under their own name. Fixed teams have been re-formed around them, so there they
    # come back only as a new team with new names.
    away = {name_key(p.name): p for p in players if not p.active} if size is None else {}
    returning: list[Player] = []
    taken: dict[str, int | None] = {name_key(p.name): None for p in players}
    for index, name in enumerate([*arrive, *substitute.values()]):
        back = away.pop(name_key(name), None) if index < len(arrive) else None
        if back is not None:
            returning.append(back)
            arrive[index] = back.name
            continue
        why = new_player_problem(name, taken, code="bad_new_player")
        if why:
            raise why
        taken[name_key(name)] = None

    check_player_count(before=len(active), after=len(active) - len(withdraw) + len(arrive))
    withdrawn_pks = {p.pk for p in withdraw}
    if size is not None:
        # A fixed team cannot play a player short: it leaves whole, or someone stands in.
        for p in withdraw:
            mates = [
                m for m in active if m.team_id == by_pk[p.pk].team_id and m.pk not in withdrawn_pks
            ]
            if by_pk[p.pk].team_id is not None and mates:
                raise DomainError("team_incomplete", name=p.name)
        if len(arrive) % size:
            raise DomainError("arrivals_not_teams", size=size)
        arrivals = [arrive[i : i + size] for i in range(0, len(arrive), size)]
    else:
        arrivals = [[name] for name in arrive]

    played = [r for r in rounds if r.status != Round.Status.PLANNED]
    planned = [r for r in rounds if r.status == Round.Status.PLANNED]
    last_played = max((r.number for r in played), default=0)
    current = selectors.schedule_from_rounds(tournament, rounds)
    before = [r for r in current.rounds if r.number > last_played]
    sub_names = {by_pk[p.pk].name: name for p, name in substitute.items()}
    withdrawn_names = [p.name for p in players if p.pk in withdrawn_pks]

    replanned = bool(withdraw or arrive)
    if not replanned:
        # A substitute alone sits exactly where the leaver would have: nobody else moves.
        new_rounds = [_renamed(r, sub_names) for r in before]
        schedule = rotations.Schedule(
            format=current.format,
            players=current.players + tuple(sub_names.values()),
            rounds=tuple(r for r in current.rounds if r.number <= last_played) + tuple(new_rounds),
        )
    elif not planned:
        raise DomainError("no_rounds_left")
    else:
        staying = [sub_names.get(p.name, p.name) for p in active if p.pk not in withdrawn_pks]
        names = staying + [n for group in arrivals for n in group]
        teams = None
        if size is not None:
            by_team: dict[int, list[str]] = {}
            for p in active:
                if p.pk not in withdrawn_pks and p.team_id is not None:
                    by_team.setdefault(p.team_id, []).append(sub_names.get(p.name, p.name))
            loose = [p.name for p in active if p.team_id is None and p.pk not in withdrawn_pks]
            if loose or any(len(v) != size for v in by_team.values()):
                raise DomainError("teams_incomplete:before_change")
            teams = [by_team[k] for k in sorted(by_team)] + [list(g) for g in arrivals]

        def plan(names: list[str]) -> rotations.Schedule:
            if strategy == "fewest":
                # Mend the planned rounds: as few scorecards as fairness allows change.
                return rotations.repair(
                    current, names, first_round=last_played + 1, seed=tournament.seed, teams=teams
                )
            if played:
                history = rotations.Schedule(
                    format=current.format,
                    players=current.players,
                    rounds=tuple(r for r in current.rounds if r.number <= last_played),
                )
                return rotations.replan(
                    history, names, len(rounds), seed=tournament.seed, teams=teams
                )
            # Nothing is played yet: plan the event afresh for the new list.
            return draw_whole_event(tournament, names, teams)

        try:
            if played:
                schedule = plan(names)
            else:
                # Before round 1, players marked late still sit it out, whichever plan.
                marked = [p.name for p in active if p.late and p.pk not in withdrawn_pks]
                schedule, names = late_rotation.late_first(plan, names, marked)
        except rotations.RotationError as exc:
            raise rotation_error(exc) from exc
        check_schedule(schedule, set(names), after=last_played)
        # The played rounds are history: keep them as stored whatever comes back.
        schedule = rotations.Schedule(
            format=schedule.format,
            players=tuple(dict.fromkeys(current.players + tuple(names))),
            rounds=tuple(r for r in current.rounds if r.number <= last_played)
            + tuple(r for r in schedule.rounds if r.number > last_played),
        )
        new_rounds = [r for r in schedule.rounds if r.number > last_played]

    moves = rotations.seat_moves(before, new_rounds)
    diff = _diff(before, new_rounds, moves)
    summary = {
        "after": last_played,
        "rounds": rotations.Schedule(
            format=schedule.format, players=(), rounds=tuple(new_rounds)
        ).to_json()["rounds"],
        "withdrawn": withdrawn_names,
        "arrived": arrive,
        "substitutes": sorted(sub_names.items()),
        "strategy": strategy,
    }
    change = RotationChange(
        schedule=schedule,
        first_round=last_played + 1,
        rounds=diff,
        withdrawn=tuple(withdrawn_names),
        arrived=tuple(arrive),
        substitutes=tuple(sub_names.items()),
        quality=rotations.report(schedule).as_dict(),
        fingerprint=_fingerprint(summary),
        replanned=replanned,
        strategy=strategy,
        quality_before=rotations.report(current).as_dict(),
        moves=moves,
    )
    return ChangePlan(
        change=change,
        withdrawn=[by_pk[pk] for pk in withdrawn_pks],
        substituted=[(by_pk[p.pk], name) for p, name in substitute.items()],
        arrivals=arrivals,
        returning=returning,
    )


def preview_change(
    *,
    tournament: Tournament,
    withdraw: Iterable[Player] = (),
    arrive: Iterable[str] = (),
    substitute: Mapping[Player, str] | None = None,
    strategy: str = "fewest",
) -> RotationChange:
    """What the remaining rounds would become if `withdraw` leave, `arrive` join late and
    each key of `substitute` hands their seats to the named newcomer. Writes nothing.

    A substitute alone takes over the leaver's seats in every planned round and nobody
    else moves. Any withdrawal or arrival mends the planned rounds with strategy "fewest"
    (as few seats move as fairness allows) or plans them afresh with "balance", never
    repeating a partnership already played. Rounds that have started never change.
    """
    return plan_change(
        tournament, withdraw=withdraw, arrive=arrive, substitute=substitute, strategy=strategy
    ).change


def preview_changes(
    *,
    tournament: Tournament,
    withdraw: Iterable[Player] = (),
    arrive: Iterable[str] = (),
    substitute: Mapping[Player, str] | None = None,
) -> dict[str, RotationChange]:
    """Both plans of the change, by strategy, for the organiser to choose between."""
    return {
        strategy: preview_change(
            tournament=tournament,
            withdraw=withdraw,
            arrive=arrive,
            substitute=substitute,
            strategy=strategy,
        )
        for strategy in STRATEGIES
    }


@transaction.atomic
def apply_change(
    *,
    tournament: Tournament,
    withdraw: Iterable[Player] = (),
    arrive: Iterable[str] = (),
    substitute: Mapping[Player, str] | None = None,
    expected_fingerprint: str | None = None,
    strategy: str = "fewest",
) -> RotationChange:
    """Make the change preview_change describes and store the re-planned rounds.

    Withdrawn and replaced players stop playing (their played seats stay theirs);
    late arrivals and substitutes become new players, a substitute joining the
    leaver's team. With `expected_fingerprint` (from the preview the organiser saw)
    the change is refused if the plan differs, e.g. because a round started meanwhile.
    """
    locked = lock(tournament)
    plan = plan_change(
        locked, withdraw=withdraw, arrive=arrive, substitute=substitute, strategy=strategy
    )
    if expected_fingerprint is not None and expected_fingerprint != plan.change.fingerprint:
        raise DomainError("stale_preview")
    return make_change(locked, plan, tournament=tournament)


def make_change(locked: Tournament, plan: ChangePlan, *, tournament: Tournament) -> RotationChange:
    """Store `plan`, worked out for `locked` (already locked in this transaction)."""
    change = plan.change
    Player.objects.filter(pk__in=[p.pk for p in plan.withdrawn]).update(active=False)
    Player.objects.filter(pk__in=[p.pk for p, _name in plan.substituted]).update(active=False)
    for old, name in plan.substituted:
        Player.objects.create(tournament=locked, name=name, team_id=old.team_id)
    size = locked.spec.fixed_team_size
    taken = team_name_keys(locked)
    Player.objects.filter(pk__in=[p.pk for p in plan.returning]).update(active=True)
    back = {p.name for p in plan.returning}
    for group in plan.arrivals:
        newcomers = [n for n in group if n not in back]
        if not newcomers:
            continue
        team = None
        if size is not None:
            team = Team.objects.create(
                tournament=locked,
                name=free_team_name(locked, team_display_name(newcomers), taken),
            )
        Player.objects.bulk_create(
            [Player(tournament=locked, name=n, team=team) for n in newcomers]
        )
    players = {p.name: p for p in Player.objects.filter(tournament=locked)}
    write_rounds(locked, change.remaining, players, after=change.first_round - 1)
    mark_change(tournament=locked, moves=change.moves, names=change.scorecards_to_reprint)
    locked.rotation_quality = change.quality
    locked.save(update_fields=["rotation_quality"])
    tournament.rotation_quality = locked.rotation_quality
    tournament.reprints = locked.reprints
    return change
