"""Reads for the scoring pages and services: a table's seats in engine order, the rules
it plays by, a stored game re-scored hand by hand, and a round's result board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import (
    EngineError,
    PassedHand,
    RoundSpec,
    RuleSet,
    TableVerdict,
    engine_order,
    hand_to_json,
    parse_hand,
    play,
    rule_set,
    score_hand,
    side_scores,
    table_verdict,
)
from scoring.engine.rounds import dealer_after
from scoring.engine.rules import PARTNERS
from tournaments import seat_names
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.partner_names import partners

from .messages import SUIT_NAMES, engine_message, who_confirms
from .models import ResultChange, TableResult
from .suit_words import card_words

HAND_HAS_OWN_RULES = gettext_noop(
    "A hand cannot carry its own %(fields)s: every hand at this table is played by the "
    "tournament's rules."
)
# What a score_hands line may carry and a table's hand may not: the table's rules are
# the tournament's, and a hand that names others would be scored by rules it did not say.
HAND_RULE_FIELDS = ("variant", "options")


def tournament_rules(tournament: Tournament) -> RuleSet:
    """The RuleSet the tournament plays by; EngineError when its options are unplayable."""
    return rule_set(tournament.variant, tournament.options or {})


def round_spec(tournament: Tournament) -> RoundSpec:
    """How the tournament's rounds are played: one game to the target or fixed hands."""
    if tournament.round_play == Tournament.RoundPlay.GAME:
        return RoundSpec.game()
    return RoundSpec.of_hands(tournament.hands_per_round)


def table_for_token(token: str) -> Table:
    """The table behind a scorer's link, with its round, tournament and seated players.
    A draft round's table is behind no link: only its organisers see a draft."""
    return (
        Table.objects.select_related("round__tournament")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .get(token=token, round__published=True)
    )


def seat_for_token(token: str) -> Seat:
    return Seat.objects.select_related("table", "player").get(
        token=token, table__round__published=True
    )


def engine_seats(table: Table) -> list[Seat]:
    """The table's seats in the engine's seat order (index = engine seat number)."""
    seats = list(table.seats.all())
    return [seats[i] for i in engine_order([(seat.position, seat.side) for seat in seats])]


def engine_sides(rules: RuleSet) -> list[tuple[int, ...]]:
    """Engine seats grouped by who shares points: partners, or each player alone."""
    return list(rules.sides)


@dataclass(frozen=True)
class HandLine:
    number: int
    hand: dict
    points: tuple[int, ...]
    passed: bool


@dataclass(frozen=True)
class Evaluation:
    """A table's hands as the engine scores them, and whether the round is done."""

    lines: tuple[HandLine, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    counted: int
    complete: bool
    next_dealer: int


def evaluate_hands(*, tournament: Tournament, rules: RuleSet, hands: Sequence[dict]) -> Evaluation:
    """Scores `hands` as this tournament plays a round; EngineError names the bad hand.

    A round played to the target stops where the engine's game stops. A round of a
    fixed number of hands counts only hands that were played (a passed hand is
    dealt again), and the target does not end it.
    """
    parsed = []
    for number, raw in enumerate(hands, start=1):
        try:
            carried = [name for name in HAND_RULE_FIELDS if isinstance(raw, dict) and name in raw]
            if carried:
                raise EngineError(
                    "hand_has_own_rules", HAND_HAS_OWN_RULES, {"fields": " / ".join(carried)}
                )
            parsed.append(parse_hand(raw))
        except EngineError as error:
            raise error.in_hand(number) from None
    played = play(rules, round_spec(tournament), parsed)
    lines = tuple(
        HandLine(
            number=number,
            hand=hand_to_json(deal),
            points=score_hand(rules, deal),
            passed=isinstance(deal, PassedHand),
        )
        for number, deal in enumerate(parsed, start=1)
    )
    next_dealer = dealer_after(rules, parsed[-1].dealer) if parsed else 0
    return Evaluation(
        lines=lines,
        scores=played.scores,
        winners=played.winners,
        counted=played.counted,
        complete=played.complete,
        next_dealer=next_dealer,
    )


RESULT_WORDS = {
    "made": _("made it"),
    # Translators: a march: the makers took all five tricks.
    "march": _("march"),
    # Translators: euchred: the makers took fewer than three tricks, so the defenders score.
    "euchred": _("euchred"),
    "no_trick": _("no trick"),
}


def describe_hand(hand: dict, names: Sequence[str], sides: Sequence[Sequence[int]] = ()) -> str:
    """One hand in a line a scorer reads at a glance (`sides` as RuleSet.sides)."""

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    if hand.get("passed"):
        # Translators: %(dealer)s is any player, woman or man: word it so that nothing
        # agrees with the name's gender.
        return gettext("%(dealer)s dealt; everyone passed") % {"dealer": name(hand["dealer"])}
    if "result" in hand:
        return _describe_outcome(hand, name, sides)
    text = ngettext(
        # Translators: %(dealer)s and %(maker)s are any players, women or men: word it so
        # that nothing agrees with the names' gender. "bidding round": the bidding round (1:
        # the turn-up's suit, 2: any other suit), not the tournament round.
        "%(dealer)s dealt; %(maker)s made %(trump)s (bidding round %(round)s); makers "
        "took %(tricks)s trick",
        "%(dealer)s dealt; %(maker)s made %(trump)s (bidding round %(round)s); makers "
        "took %(tricks)s tricks",
        hand["tricks"],
    ) % {
        "dealer": name(hand["dealer"]),
        "maker": name(hand["maker"]),
        "trump": SUIT_NAMES.get(hand["trump"], hand["trump"]),
        "round": hand["round"],
        "tricks": hand["tricks"],
    }
    if hand.get("alone"):
        # Translators: %(players)s is one or more players, women or men: word it so that
        # nothing agrees with the names' gender.
        text += gettext("; alone: %(players)s") % {
            "players": ", ".join(name(seat) for seat in hand["alone"])
        }
    return text + _turn_up_words(hand)


def _turn_up_words(hand: dict) -> str:
    if not hand.get("turn_up"):
        return ""
    return gettext("; turn-up %(card)s") % {"card": card_words(hand["turn_up"])}


def _describe_outcome(hand: dict, name, sides: Sequence[Sequence[int]]) -> str:
    makers = hand.get("makers")
    if hand.get("maker") is not None:
        who = name(hand["maker"])
    elif isinstance(makers, int) and 0 <= makers < len(sides):
        who = partners(name(seat) for seat in sides[makers])
    else:
        who = str(makers)
    # Translators: %(dealer)s is any player and %(makers)s one or more players, women or
    # men: word it so that nothing agrees with the names' gender.
    text = gettext("%(dealer)s dealt; %(makers)s named trump: %(result)s") % {
        "dealer": name(hand["dealer"]),
        "makers": who,
        "result": RESULT_WORDS.get(hand["result"], hand["result"]),
    }
    if hand.get("alone"):
        # Translators: %(players)s is one or more players, women or men: word it so that
        # nothing agrees with the names' gender.
        text += gettext("; alone: %(players)s") % {
            "players": ", ".join(name(seat) for seat in hand["alone"])
        }
    return text + _turn_up_words(hand)


def describe_change(change: ResultChange, names: Sequence[str], rules: RuleSet) -> list[str]:
    """What a change did, old → new, one line per thing that differs.

    Scores are told per side, as the table reads them (per seat, should a stored
    result not have one score per seat of these rules).
    """
    sides = rules.sides
    old = change.old or {}
    new = change.new or {}
    lines: list[str] = []
    old_hands, new_hands = old.get("hands") or [], new.get("hands") or []
    for index in range(max(len(old_hands), len(new_hands))):
        before = old_hands[index] if index < len(old_hands) else None
        after = new_hands[index] if index < len(new_hands) else None
        if before == after:
            continue
        number = index + 1
        if before is None:
            lines.append(
                gettext("Hand %(number)s added: %(hand)s")
                % {"number": number, "hand": describe_hand(after, names, sides)}
            )
        elif after is None:
            lines.append(
                gettext("Hand %(number)s removed: %(hand)s")
                % {"number": number, "hand": describe_hand(before, names, sides)}
            )
        else:
            lines.append(
                gettext("Hand %(number)s: %(old)s → %(new)s")
                % {
                    "number": number,
                    "old": describe_hand(before, names, sides),
                    "new": describe_hand(after, names, sides),
                }
            )
    if old.get("scores") != new.get("scores") and new.get("scores") is not None:
        lines.append(
            gettext("Score %(old)s → %(new)s")
            % {
                "old": _score_text(old.get("scores"), rules),
                "new": _score_text(new.get("scores"), rules),
            }
        )
    # A first entry is provisional by definition; only a later move is news.
    if old.get("status") and new.get("status") and old["status"] != new["status"]:
        lines.append(
            gettext("Status %(old)s → %(new)s")
            % {"old": _status_label(old.get("status")), "new": _status_label(new.get("status"))}
        )
    return lines


def _score_text(scores: Sequence[int] | None, rules: RuleSet) -> str:
    if not scores:
        return "—"
    if len(scores) == rules.players:
        return "–".join(map(str, side_scores(rules, scores)))
    return "–".join(map(str, scores))


def _status_label(status: object) -> str:
    if status in TableResult.Status.values:
        return str(TableResult.Status(status).label)
    return "—"


def who_did(change: ResultChange) -> str:
    """Who made a change, as the history tells it: a seat only chosen on the table's
    link is said to be chosen, never passed off as that player's doing."""
    if change.user is not None:
        # Anyone with the table's link reads the history: never the account's user name.
        name = change.user.get_full_name()
        # Translators: %(name)s is any organiser, woman or man: word it so that nothing agrees with
        # the name's gender.
        return gettext("organiser %(name)s") % {"name": name} if name else gettext("an organiser")
    if change.seat is not None and change.via == ResultChange.Via.TABLE_LINK:
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        return gettext("the table link, seat not proven (%(name)s's seat was chosen)") % {
            "name": change.seat.player.name
        }
    if change.seat is not None:
        # Translators: %(name)s is any player, woman or man: word it so that nothing agrees with the
        # name's gender.
        return gettext("%(name)s, by %(via)s") % {
            "name": change.seat.player.name,
            "via": change.get_via_display(),
        }
    if change.via == ResultChange.Via.TABLE_LINK:
        return gettext("the table link, seat not proven")
    return str(change.get_via_display())


def table_history(table: Table) -> list[ResultChange]:
    return list(
        ResultChange.objects.filter(table=table)
        .select_related("user", "seat__player")
        .order_by("at", "pk")
    )


@dataclass(frozen=True)
class HistoryEntry:
    """One change to a table's result as the history page and the API tell it."""

    change: ResultChange
    who: str
    lines: tuple[str, ...]


def history_entries(summary: TableSummary) -> list[HistoryEntry]:
    """Every change to the summary's table: who made it and what it changed, in words."""
    return [
        HistoryEntry(
            change=change,
            who=who_did(change),
            lines=tuple(describe_change(change, summary.names, summary.rules)),
        )
        for change in table_history(summary.table)
    ]


@dataclass
class TableState:
    table: Table
    result: TableResult | None
    state: str
    names: list[str] = field(default_factory=list)
    # (side's players, side's points) in engine side order. The players stay a tuple:
    # the round page joins them in the reader's language, the API with " & ".
    sides: list[tuple[tuple[str, ...], int | None]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(STATE_LABELS[self.state])


MISSING, IN_PROGRESS, PROVISIONAL, CONFIRMED = "missing", "in-progress", "provisional", "confirmed"
DISPUTED = "disputed"
STATE_LABELS = {
    MISSING: _("No result yet"),
    IN_PROGRESS: _("In progress"),
    PROVISIONAL: _("Provisional"),
    DISPUTED: _("Disputed"),
    CONFIRMED: _("Confirmed"),
}


def result_state(result: TableResult | None) -> str:
    if result is None or (not result.hands and not result.scores):
        return MISSING
    if result.is_confirmed:
        return CONFIRMED
    if result.is_disputed:
        return DISPUTED
    return PROVISIONAL if result.complete else IN_PROGRESS


def result_verdict(result: TableResult, rules: RuleSet) -> TableVerdict:
    """Who won the stored result and whether it was drawn, as the engine judges it.

    Points that no longer fit the table (its game changed after they were stored)
    get no verdict, as an unfinished table."""
    judged = result.complete and len(result.scores) == rules.players
    return table_verdict(rules, result.scores, result.winners, complete=judged)


def round_board(round: Round) -> list[TableState]:
    """Every table of the round with its result and state (missing, in progress, ...)."""
    tables = (
        Table.objects.filter(round=round)
        .select_related("result__disputed_by_seat__player")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .order_by("number")
    )
    rules = tournament_rules(round.tournament)
    groups = engine_sides(rules)
    board = []
    for table in tables:
        result = getattr(table, "result", None)
        names = [seat.player.name for seat in engine_seats(table)]
        scores = list(result.scores) if result is not None else []
        points = side_scores(rules, scores) if scores else (None,) * len(groups)
        sides = [
            (tuple(names[s] for s in group if s < len(names)), side_points)
            for group, side_points in zip(groups, points, strict=True)
        ]
        board.append(
            TableState(
                table=table, result=result, state=result_state(result), names=names, sides=sides
            )
        )
    return board


def unconfirmed_tables(round: Round) -> list[TableState]:
    return [entry for entry in round_board(round) if entry.state != CONFIRMED]


def disputed_table_ids(round: Round) -> set[int]:
    """The round's tables whose result is disputed (the round page flags them)."""
    return set(
        TableResult.objects.filter(
            table__round=round, status=TableResult.Status.DISPUTED
        ).values_list("table_id", flat=True)
    )


@dataclass(frozen=True)
class SeatView:
    index: int
    seat: Seat
    label: str
    name: str
    side: int


@dataclass(frozen=True)
class SideView:
    index: int
    players: tuple[str, ...]
    seats: tuple[int, ...]
    score: int

    @property
    def names(self) -> str:
        """The partners as pages show them, joined in the reader's language."""
        return partners(self.players)


@dataclass(frozen=True)
class LineView:
    number: int
    text: str
    gained: str
    passed: bool


@dataclass
class TableSummary:
    """Everything the table's pages show: who sits where, the result, the running score."""

    table: Table
    round: Round
    tournament: Tournament
    rules: RuleSet
    seats: list[SeatView]
    sides: list[SideView]
    result: TableResult | None
    state: str
    lines: list[LineView]
    evaluation: Evaluation | None
    problem: str = ""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def version(self) -> int:
        return self.result.version if self.result is not None else 0

    @property
    def hands(self) -> list[dict]:
        return list(self.result.hands) if self.result is not None else []

    @property
    def next_dealer(self) -> int:
        return self.evaluation.next_dealer if self.evaluation is not None else 0

    @property
    def counted(self) -> int:
        return self.evaluation.counted if self.evaluation is not None else 0

    @property
    def by_totals(self) -> bool:
        """Whether the score was (or will be) entered as totals, not hand by hand."""
        if self.result is not None and (self.result.hands or self.result.scores):
            return self.result.kind != TableResult.Kind.HANDS
        return self.tournament.entry_mode == Tournament.EntryMode.TOTALS

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def who_confirms(self) -> str:
        return who_confirms(self.rules, "confirms")

    @property
    def has_partners(self) -> bool:
        return self.rules.seating == PARTNERS

    @property
    def submitted_side_names(self) -> str:
        """The players of the side proven to have entered the result ("" if unproven)."""
        if self.result is None or self.result.submitted_side is None:
            return ""
        return partners(s.name for s in self.seats if s.seat.side == self.result.submitted_side)

    @property
    def disputed_by_name(self) -> str:
        """The player who said "that is not what we played" ("" unless disputed)."""
        seat_id = self.result.disputed_by_seat_id if self.result is not None else None
        return next((s.name for s in self.seats if s.seat.pk == seat_id), "")

    @property
    def entered_proven(self) -> bool:
        return self.result is not None and self.result.submitted_side is not None

    @property
    def entered_by_name(self) -> str:
        """The player named by the last scorer (proven or only chosen), or ""."""
        seat_id = self.result.submitted_by_seat_id if self.result is not None else None
        return next((s.name for s in self.seats if s.seat.pk == seat_id), "")

    def other_sides(self, side: int | None) -> list[SideView]:
        """The sides other than `side`, as the table reads them (names joined)."""
        return [
            view for view in self.sides if not any(self.seats[i].side == side for i in view.seats)
        ]


# table_summary reads the table's result unless the caller just wrote it.
_UNREAD = object()


def table_summary(table: Table, *, result=_UNREAD) -> TableSummary:
    """The table (from table_for_token) as its pages show it; `result` is its result
    (None when it has none) when the caller holds it already."""
    rnd = table.round
    tournament = rnd.tournament
    rules = tournament_rules(tournament)
    ordered = engine_seats(table)
    labels = seat_names.full_names(seat_names.layout_of(ordered))
    seats = [
        SeatView(
            index=i,
            seat=seat,
            label=labels[i],
            name=seat.player.name,
            side=seat.side,
        )
        for i, seat in enumerate(ordered)
    ]
    if result is _UNREAD:
        result = TableResult.objects.filter(table=table).first()
    evaluation = None
    problem = ""
    scores = list(result.scores) if result is not None and result.scores else [0] * len(seats)
    if result is not None and result.hands:
        try:
            evaluation = evaluate_hands(tournament=tournament, rules=rules, hands=result.hands)
        except EngineError as error:
            # Options changed after the hands were stored: show them, flag the clash.
            problem = engine_message(error, [s.name for s in seats])
    sides = [
        SideView(
            index=i,
            players=tuple(seats[s].name for s in group if s < len(seats)),
            seats=group,
            score=side_points,
        )
        for i, (group, side_points) in enumerate(
            zip(engine_sides(rules), side_scores(rules, scores), strict=True)
        )
    ]
    lines = []
    names = [s.name for s in seats]
    for line in evaluation.lines if evaluation is not None else ():
        gained = ", ".join(
            gettext("+%(points)s %(side)s") % {"points": points, "side": side.names}
            for side, points in zip(sides, side_scores(rules, line.points), strict=True)
            if points
        )
        lines.append(
            LineView(
                number=line.number,
                text=describe_hand(line.hand, names, rules.sides),
                gained=gained,
                passed=line.passed,
            )
        )
    return TableSummary(
        table=table,
        round=rnd,
        tournament=tournament,
        rules=rules,
        seats=seats,
        sides=sides,
        result=result,
        state=result_state(result),
        lines=lines,
        evaluation=evaluation,
        problem=problem,
    )
