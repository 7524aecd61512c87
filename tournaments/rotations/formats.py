"""Every tournament format, defined once: its tables, its teams, its games, how it is
seated and re-planned, and how its standings are ordered by default.

The Django shell (model choices, services, standings, tests) derives from
`FORMAT_SPECS`, so a new format is one planner module plus one entry here.
Labels are marked with `gettext_noop` for the translators and translated in
the shell; metric names are plain strings because the core knows nothing of scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from .drawn import NextRound, NightOver
from .errors import RotationError, gettext_noop
from .history import History
from .planners import (
    by_standings,
    cutthroat,
    heads_up,
    progressive,
    ranked,
    round_robin,
    winners_move_up,
)
from .schedule import Round

Teams = Sequence[Sequence[str]]


class Generate(Protocol):
    def __call__(
        self, players: Sequence[str], rounds: int | None, *, seed: int, teams: Teams | None
    ) -> tuple[Round, ...]: ...


class Replan(Protocol):
    """New rounds numbered from 1 for `players` after the rounds in `history`, where
    a listed player who missed a played round counts a bye for it."""

    def __call__(
        self,
        players: Sequence[str],
        rounds: int,
        *,
        seed: int,
        teams: Teams | None,
        history: History,
    ) -> tuple[Round, ...]: ...


@dataclass(frozen=True)
class SeatShape:
    """How a format seats its units (players, or fixed teams) at a table: `slots`
    units a table, `side_of` each slot's side."""

    slots: int
    side_of: tuple[int, ...]


# Fixed teams sit as two units; partnerships drawn anew as four players on two sides;
# players alone each on a side of their own.
_TWO_TEAMS = SeatShape(2, (0, 1))
_TWO_PAIRS = SeatShape(4, (0, 0, 1, 1))


def _alone(players: int) -> SeatShape:
    return SeatShape(players, tuple(range(players)))


@dataclass(frozen=True)
class FormatSpec:
    """One format. `team_size` is the players of each fixed entrant in a round robin
    (1 for heads-up, where each player is an entrant); None when seats are drawn anew
    every round. `variants` are the engine's game names, the first the usual one."""

    code: str
    label: str
    table_players: int
    team_size: int | None
    variants: tuple[str, ...]
    generate: Generate
    replan: Replan
    standings_metrics: tuple[str, ...]
    # Rounds in the complete schedule (rounds=None) for a number of players, known
    # without drawing it.
    complete_length: Callable[[int], int]
    seat_shape: SeatShape
    # Whether a table that has finished may start its next round while others play on:
    # fixed pairs in a round robin wait for no one (with a reason the organiser gives).
    rounds_may_overlap: bool = False
    # "planned": the whole night is seated before it starts (generate, replan).
    # "per_round": each round is drawn from the results before it (next_round), and
    # the night ends when night_over says so.
    draw: str = "planned"
    next_round: NextRound | None = None
    night_over: NightOver | None = None
    # The settings a per-round format reads (next_round's and night_over's `settings`),
    # e.g. "rounds": anything else given is refused rather than silently ignored.
    draw_settings: tuple[str, ...] = ()
    # Refuses a value of those settings the format cannot use (RotationError).
    check_draw_settings: Callable[[Mapping[str, object]], None] | None = None

    @property
    def per_round(self) -> bool:
        return self.draw == "per_round"

    @property
    def fixed_teams(self) -> bool:
        """Whether players sit with the same partners all event (and rank as teams)."""
        return self.team_size is not None and self.team_size > 1

    @property
    def fixed_team_size(self) -> int | None:
        """The players of each fixed team, None where partners change or players play
        alone: the one answer to "does this event have teams?"."""
        return self.team_size if self.fixed_teams else None

    @property
    def member(self) -> str:
        """The name of the format's member in Django's choices: SIX_HANDED for six-handed."""
        return self.code.upper().replace("-", "_")


def _round_robin(size: int) -> tuple[Generate, Replan]:
    def generate(
        players: Sequence[str], rounds: int | None, *, seed: int, teams: Teams | None
    ) -> tuple[Round, ...]:
        entrants = round_robin.group_teams(players, size, teams)
        return round_robin.entrant_rounds(entrants, rounds, seed=seed)

    def replan(
        players: Sequence[str],
        rounds: int,
        *,
        seed: int,
        teams: Teams | None,
        history: History,
    ) -> tuple[Round, ...]:
        entrants = round_robin.group_teams(players, size, teams)
        return round_robin.replan_rounds(entrants, rounds, history, seed=seed)

    return generate, replan


class _SeatsDrawnAnew(Protocol):
    def __call__(
        self,
        players: Sequence[str],
        rounds: int | None = None,
        *,
        seed: int = 0,
        history: History | None = None,
    ) -> tuple[Round, ...]: ...


def _drawn_anew(planner: _SeatsDrawnAnew) -> tuple[Generate, Replan]:
    """A planner that seats everyone afresh each round and reads the history itself."""

    def generate(
        players: Sequence[str], rounds: int | None, *, seed: int, teams: Teams | None
    ) -> tuple[Round, ...]:
        return planner(players, rounds, seed=seed)

    def replan(
        players: Sequence[str],
        rounds: int,
        *,
        seed: int,
        teams: Teams | None,
        history: History,
    ) -> tuple[Round, ...]:
        return planner(players, rounds, seed=seed, history=history)

    return generate, replan


def _round_robin_length(size: int) -> Callable[[int], int]:
    def length(players: int) -> int:
        # circle_rounds: a ghost makes an odd count even; a round robin of an even
        # count takes one round fewer than its entrants.
        entrants = players // size
        return entrants if entrants % 2 else entrants - 1

    return length


def _not_planned(code: str) -> tuple[Generate, Replan]:
    """A format drawn round by round has no schedule to print or re-plan ahead."""

    def generate(
        players: Sequence[str], rounds: int | None, *, seed: int, teams: Teams | None
    ) -> tuple[Round, ...]:
        raise RotationError("drawn_round_by_round", format=code)

    def replan(
        players: Sequence[str],
        rounds: int,
        *,
        seed: int,
        teams: Teams | None,
        history: History,
    ) -> tuple[Round, ...]:
        raise RotationError("drawn_round_by_round", format=code)

    return generate, replan


def _heads_up(
    players: Sequence[str], rounds: int | None, *, seed: int, teams: Teams | None
) -> tuple[Round, ...]:
    return heads_up.generate(players, rounds, seed=seed)


_PROGRESSIVE = _drawn_anew(progressive.generate)
_CUTTHROAT = _drawn_anew(cutthroat.generate)
_TEAMS = _round_robin(2)
_SIX_HANDED = _round_robin(3)
_HEADS_UP_REPLAN = _round_robin(1)[1]

# Progressive and cutthroat players meet many different opponents, so points decide
# first; fixed partnerships and heads-up play are matches, so wins decide first.
_POINTS_FIRST = (
    "total_points",
    "wins",
    "loners_made",
    "euchres_made",
    "fewest_opponent_points",
)
_WINS_FIRST = (
    "wins",
    "total_points",
    "points_difference",
    "head_to_head",
    "loners_made",
    "euchres_made",
)

FORMAT_SPECS: Mapping[str, FormatSpec] = MappingProxyType(
    {
        spec.code: spec
        for spec in (
            FormatSpec(
                code="progressive",
                label=gettext_noop("Progressive (partners change every round)"),
                table_players=4,
                team_size=None,
                variants=("north-american", "british"),
                generate=_PROGRESSIVE[0],
                replan=_PROGRESSIVE[1],
                standings_metrics=_POINTS_FIRST,
                complete_length=progressive.complete_length,
                seat_shape=_TWO_PAIRS,
            ),
            FormatSpec(
                code="teams",
                label=gettext_noop("Teams (fixed partners)"),
                table_players=4,
                team_size=2,
                variants=("north-american", "british"),
                generate=_TEAMS[0],
                replan=_TEAMS[1],
                standings_metrics=_WINS_FIRST,
                complete_length=_round_robin_length(2),
                seat_shape=_TWO_TEAMS,
                rounds_may_overlap=True,
            ),
            FormatSpec(
                code="six-handed",
                label=gettext_noop("Six-handed teams of three"),
                table_players=6,
                team_size=3,
                variants=("six-handed",),
                generate=_SIX_HANDED[0],
                replan=_SIX_HANDED[1],
                standings_metrics=_WINS_FIRST,
                complete_length=_round_robin_length(3),
                seat_shape=_TWO_TEAMS,
            ),
            FormatSpec(
                code="cutthroat",
                # Translators: cutthroat: tables of three players, each playing for
                # themselves (no partners); translate the idea, not the word.
                label=gettext_noop("Cutthroat (tables of three, each for themselves)"),
                table_players=3,
                team_size=None,
                variants=("three-handed",),
                generate=_CUTTHROAT[0],
                replan=_CUTTHROAT[1],
                standings_metrics=_POINTS_FIRST,
                complete_length=cutthroat.complete_length,
                seat_shape=_alone(3),
            ),
            FormatSpec(
                code="heads-up",
                label=gettext_noop("Heads-up (two-handed, tables of two)"),
                table_players=2,
                team_size=1,
                variants=("two-handed",),
                generate=_heads_up,
                replan=_HEADS_UP_REPLAN,
                complete_length=_round_robin_length(1),
                seat_shape=_alone(2),
                standings_metrics=(
                    "wins",
                    "points_difference",
                    "head_to_head",
                    "total_points",
                    "loners_made",
                    "euchres_made",
                ),
            ),
        )
    }
)

FORMATS: tuple[str, ...] = tuple(FORMAT_SPECS)


def _progressive_per_round(
    code: str,
    label: str,
    next_round: NextRound,
    draw_settings: tuple[str, ...],
    check_draw_settings: Callable[[Mapping[str, object]], None] | None = None,
) -> FormatSpec:
    """A progressive night (tables of four, partners drawn anew) drawn round by round:
    nothing planned ahead, over once the organiser's number of rounds is played."""
    generate, replan = _not_planned(code)
    return FormatSpec(
        code=code,
        label=label,
        table_players=4,
        team_size=None,
        variants=("north-american", "british"),
        generate=generate,
        replan=replan,
        standings_metrics=_POINTS_FIRST,
        complete_length=lambda players: 0,
        seat_shape=_TWO_PAIRS,
        draw="per_round",
        next_round=next_round,
        night_over=by_standings.night_over,
        draw_settings=draw_settings,
        check_draw_settings=check_draw_settings,
    )


# Formats offered only where the settings enable them (the test settings): a format
# that proves the per-round branch end to end without being offered to clubs, and the
# winners-move-up formats until their phones and table cards are built.
TRIAL_SPECS: Mapping[str, FormatSpec] = MappingProxyType(
    {
        spec.code: spec
        for spec in (
            _progressive_per_round(
                "seated-by-standings",
                gettext_noop("Seated by standings (1-4, 5-8, … each round)"),
                by_standings.next_round,
                ("rounds",),
            ),
            _progressive_per_round(
                "dynamic-progressive",
                gettext_noop("Winners move up (progressive drawn after each round)"),
                winners_move_up.next_round,
                ("rounds", "moves", "split", "first"),
                winners_move_up.check_settings,
            ),
            _progressive_per_round(
                "ranked-progressive",
                gettext_noop("Seated by standings with fresh partners"),
                ranked.next_round,
                ("rounds", "window"),
                ranked.check_settings,
            ),
        )
    }
)
_enabled_trials: dict[str, FormatSpec] = {}


def enable_trial_formats(codes: Sequence[str]) -> None:
    """Offer these trial formats from now on (called once, from the settings)."""
    for code in codes:
        if code not in TRIAL_SPECS:
            raise RotationError("unknown_format", format=code, formats=", ".join(TRIAL_SPECS))
        _enabled_trials[code] = TRIAL_SPECS[code]


def available_specs() -> tuple[FormatSpec, ...]:
    """Every format offered here: the public ones, then any trial ones enabled."""
    return (*FORMAT_SPECS.values(), *_enabled_trials.values())


def planned_formats() -> tuple[str, ...]:
    return tuple(s.code for s in available_specs() if not s.per_round)


def per_round_formats() -> tuple[str, ...]:
    return tuple(s.code for s in available_specs() if s.per_round)


def spec(format: str) -> FormatSpec:
    """The format's definition; RotationError names the known ones for any other."""
    found = FORMAT_SPECS.get(format) or _enabled_trials.get(format)
    if found is None:
        known = ", ".join(s.code for s in available_specs())
        raise RotationError("unknown_format", format=format, formats=known)
    return found


def check_request(format: str, players: Sequence[str], rounds: int | None) -> None:
    """Raise RotationError with a plain message for a request no format can seat."""
    wanted = spec(format)
    if len(set(players)) != len(players):
        raise RotationError("duplicate_players")
    if len(players) < wanted.table_players:
        raise RotationError(
            "too_few_players", format=format, least=wanted.table_players, count=len(players)
        )
    size = wanted.team_size or 1
    if len(players) % size:
        raise RotationError("players_not_divisible", count=len(players), size=size)
    if rounds is not None and rounds < 1:
        raise RotationError("bad_rounds", rounds=rounds)
