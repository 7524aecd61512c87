"""Random nights played through the real services, their standings checked column by
column against a tally this test makes itself from the stored hands and scores.

The tally here is written from the rules as a scorer tells them, not from the code
under test: points are the seat's stored score, a loner is a lone maker's march, a
euchre is the makers taking fewer than three tricks (credited to each defender, and
once to a defending team), a bye is worth what the night's settings say. The page's
table is read as rendered (its columns for the organiser's random ranking order), and a
season's table from its nights' tallies.
"""

from __future__ import annotations

import datetime
import importlib
import itertools
import random
from html.parser import HTMLParser

import pytest
from django.db import transaction
from django.template.loader import render_to_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues import selectors
from leagues import services as league_services
from leagues.formats import format_family
from scoring import night_standings
from scoring import services as scoring_services
from scoring.engine import EngineError, parse_hand, play_game, rule_set, score_hand
from scoring.models import SeatResult, TableResult
from scoring.services import Proof
from scoring.standings import Record
from scoring.standings_settings import update_standings_settings
from tournaments import services as tournament_services
from tournaments.models import Bye, Round, Seat, Table, Tournament

# (format, variant, seats at a table, players a team, player counts to try)
FORMATS = [
    ("progressive", "north-american", 4, 1, (8, 9)),
    ("progressive", "british", 4, 1, (8, 10)),
    ("teams", "north-american", 4, 2, (8, 12)),
    ("six-handed", "six-handed", 6, 3, (6, 12)),
    ("cutthroat", "three-handed", 3, 1, (6, 7)),
    ("heads-up", "two-handed", 2, 1, (4, 5)),
]
TRUMPS = ("clubs", "diamonds", "hearts", "spades")
_keys = itertools.count()

# The ranking metrics an organiser may choose, with the column each shows on the page
# (head-to-head has no column: it only orders a group level on everything before it).
COLUMNS = {
    "total_points": "Total points",
    "wins": "Games won (draws ½)",
    "points_difference": "Points difference",
    "head_to_head": None,
    "loners_made": "Loners made",
    "euchres_made": "Euchres made",
    # The rule is "Fewest opponent points"; its column holds the points.
    "fewest_opponent_points": "Opponents' points",
}


def record_row(record: Record) -> tuple:
    return (
        record.played,
        record.won,
        record.drawn,
        record.lost,
        record.points_for,
        record.points_against,
        record.loners_made,
        record.euchres_made,
        record.byes,
        record.bye_points,
        record.total_points,
    )


# --- random play, through the services -------------------------------------------------


def random_deal(rng: random.Random, rules, dealer: int) -> dict:
    """A hand the engine accepts, dealt by `dealer`: random tries, then a plain hand."""
    if rng.random() < 0.08:
        try:
            score_hand(rules, parse_hand({"passed": True, "dealer": dealer}))
            return {"passed": True, "dealer": dealer}
        except EngineError:
            pass  # stick the dealer: the dealer must name trump
    for _ in range(20):
        maker = rng.randrange(rules.players)
        alone = rng.choice([[], [], [maker], [(maker + 1) % rules.players]])
        hand = {
            "dealer": dealer,
            "maker": maker,
            "round": rng.choice((1, 2)),
            "trump": rng.choice(TRUMPS),
            "alone": alone if rules.going_alone else [],
            "tricks": rng.choice((0, 1, 2, 3, 3, 4, 4, 5, 5)),
        }
        try:
            score_hand(rules, parse_hand(hand))
        except EngineError:
            continue
        return hand
    return {"dealer": dealer, "maker": dealer, "round": 2, "trump": "clubs", "tricks": 3}


def random_hands(rng: random.Random, tournament: Tournament, rules) -> list[dict]:
    """A whole round at one table: the round's fixed hands, or a game to its target."""
    dealer = rng.randrange(rules.players)
    hands: list[dict] = []
    while True:
        hand = random_deal(rng, rules, dealer)
        dealer = (dealer + 1) % rules.players
        hands.append(hand)
        if tournament.round_play == Tournament.RoundPlay.GAME:
            if play_game(rules, hands).winner is not None:
                return hands
        elif sum(1 for h in hands if not h.get("passed")) == tournament.hands_per_round:
            return hands


def side_points(rules, hands: list[dict]) -> list[int]:
    scores = [0] * rules.players
    for hand in hands:
        scores = [a + b for a, b in zip(scores, score_hand(rules, parse_hand(hand)), strict=True)]
    return [scores[side[0]] for side in rules.sides]


def play_table(rng: random.Random, tournament: Tournament, table: Table, rules, user) -> None:
    """Enters the table's round by one of the ways a night does it; most get confirmed."""
    hands = random_hands(rng, tournament, rules)
    by_hands = tournament.entry_mode == Tournament.EntryMode.HANDS
    entry = {"hands": hands} if by_hands else {"side_points": side_points(rules, hands)}
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    way = rng.random()
    if way < 0.15:
        # Entered from a seat, never confirmed: it must not count.
        submit = scoring_services.submit_hands if by_hands else scoring_services.submit_totals
        submit(
            table=table,
            seat=seats[0],
            expected_version=0,
            idempotency_key=f"t{next(_keys)}",
            via=scoring_services.Via.SEAT_LINK,
            **entry,
        )
    elif way < 0.35:
        submit = scoring_services.submit_hands if by_hands else scoring_services.submit_totals
        result = submit(
            table=table,
            seat=seats[0],
            expected_version=0,
            idempotency_key=f"t{next(_keys)}",
            via=scoring_services.Via.SEAT_LINK,
            **entry,
        )
        other = next(seat for seat in seats if seat.side != seats[0].side)
        scoring_services.confirm_result(
            table=table,
            expected_version=result.version,
            proofs=[Proof(seat=other, via=scoring_services.Via.SEAT_LINK)],
        )
    else:
        result = scoring_services.correct_result(
            table=table,
            user=user,
            expected_version=0,
            idempotency_key=f"t{next(_keys)}",
            **entry,
        )
        if way > 0.9:
            # The organiser corrects a confirmed result: only the new one counts.
            again = random_hands(rng, tournament, rules)
            entry = {"hands": again} if by_hands else {"side_points": side_points(rules, again)}
            scoring_services.correct_result(
                table=table,
                user=user,
                expected_version=result.version,
                idempotency_key=f"t{next(_keys)}",
                **entry,
            )


def random_options(rng: random.Random, variant: str) -> dict:
    """Some of the options tables switch, each kept only if the variant plays it."""
    wanted = {
        "stick_the_dealer": rng.random() < 0.3,
        "super_euchre": rng.random() < 0.3,
        "defender_alone": rng.choice(["allowed", "never", "vs_lone_maker"]),
    }
    options = {}
    for name, value in wanted.items():
        try:
            rule_set(variant, {**options, name: value})
        except EngineError:
            continue
        options[name] = value
    return options


def random_metrics(rng: random.Random, *, head_to_head: bool = True) -> list[str]:
    """An organiser's ranking order: some metrics, shuffled, never only loners made (in
    two-handed that would leave nothing, and the page would fall back to the defaults)."""
    names = [name for name in COLUMNS if head_to_head or name != "head_to_head"]
    while True:
        chosen = rng.sample(names, rng.randint(1, len(names)))
        if chosen != ["loners_made"]:
            return chosen


def play_night(
    rng: random.Random, owner, *, spec, players: int, rounds: int, day: int, names, metrics
):
    fmt, variant, _seats, team_size, _counts = spec
    round_play = rng.choice(["hands", "hands", "game"])
    options = random_options(rng, variant)
    tournament = tournament_services.create_tournament(
        owner=owner,
        name=f"Night {day}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        variant=variant,
        options=options,
        format=fmt,
        round_play=round_play,
        hands_per_round=rng.choice((1, 2, 4)),
        entry_mode=rng.choice(["hands", "totals"]),
        rounds_planned=rounds,
        seed=rng.randrange(100),
    )
    for name in names[:players]:
        tournament_services.add_player(tournament=tournament, name=name)
    if team_size > 1:
        tournament_services.pair_teams_at_random(tournament=tournament, seed=rng.randrange(100))
    tournament_services.generate_rotation(tournament=tournament)
    bye_value = rng.choice(["nothing", "fixed", "average"])
    update_standings_settings(
        tournament=tournament,
        user=owner,
        metrics=metrics,
        bye_value=bye_value,
        bye_points=rng.randrange(1, 9) if bye_value == "fixed" else 0,
    )
    rules = rule_set(variant, options)
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        tournament_services.start_round(round=rnd)
        for table in Table.objects.filter(round=rnd).prefetch_related("seats__player"):
            play_table(rng, tournament, table, rules, owner)
        scoring_services.close_round(round=rnd, user=owner, force=True)
    return Tournament.objects.get(pk=tournament.pk)


# --- the test's own tally ---------------------------------------------------------------


def independent_tally(tournament: Tournament, *, teams: bool) -> dict[int, Record]:
    """Each player's (or team's) figures, from the stored confirmed results and byes."""
    rules = rule_set(tournament.variant, {})
    # Record only holds the figures here; everything added to it is worked out below.
    tallies: dict[int, Record] = {}
    counted: set[tuple[int, int, int]] = set()
    results = TableResult.objects.filter(
        table__round__tournament=tournament, status=TableResult.Status.CONFIRMED
    ).select_related("table")
    for result in results:
        seats = list(Seat.objects.filter(table=result.table).select_related("player"))
        sides = len(rules.sides)
        # The rotation seats partners alternately: a seat's engine number is its position.
        assert all(seat.side == seat.position % sides for seat in seats)
        by_position = {seat.position: seat for seat in seats}
        scores = result.scores
        side_scores = [scores[side[0]] for side in rules.sides]
        winning_sides = [s for s, side in enumerate(rules.sides) if set(side) & set(result.winners)]
        best = max(side_scores)
        for position, seat in by_position.items():
            side = position % sides
            key = seat.player.team_id if teams else seat.player_id
            tally = tallies.setdefault(key, Record(key))
            if (result.pk, side, key) not in counted:
                counted.add((result.pk, side, key))
                tally.played += 1
                tally.points_for += side_scores[side]
                tally.points_against += sum(side_scores) - side_scores[side]
                if winning_sides:
                    outcome = (
                        "lost"
                        if side not in winning_sides
                        else ("won" if len(winning_sides) == 1 else "drawn")
                    )
                elif side_scores[side] < best:
                    outcome = "lost"
                else:
                    outcome = "won" if side_scores.count(best) == 1 else "drawn"
                setattr(tally, outcome, getattr(tally, outcome) + 1)
                for hand in result.hands:
                    if hand.get("passed") or hand["tricks"] >= 3:
                        continue
                    maker_side = hand["maker"] % sides
                    if side != maker_side:
                        tally.euchres_made += 1
            for hand in result.hands:
                if hand.get("passed") or hand["tricks"] != 5:
                    continue
                if position in hand.get("alone", []) and position % sides == hand["maker"] % sides:
                    tally.loners_made += 1
    settings_row = tournament.standings_settings
    byes = Bye.objects.filter(round__tournament=tournament).select_related("player")
    sat_out = {
        ((b.round_id, b.player.team_id) if teams else (b.round_id, b.player_id)) for b in byes
    }
    for _round, key in sat_out:
        tally = tallies.setdefault(key, Record(key))
        tally.byes += 1
        if settings_row.bye_value == "fixed":
            tally.bye_points += settings_row.bye_points
        elif settings_row.bye_value == "average" and tally.played:
            # Points per game played, rounded half up.
            tally.bye_points += (2 * tally.points_for + tally.played) // (2 * tally.played)
    return tallies


def shown_value(metric: str, tally: Record) -> str:
    """What the page's column for `metric` shows for `tally`, from the figures alone."""
    if metric == "wins":
        # A draw is half a win: 2 wins and a draw show 2.5.
        halves = 2 * tally.won + tally.drawn
        return str(halves // 2) + (".5" if halves % 2 else "")
    return str(
        {
            "total_points": tally.points_for + tally.bye_points,
            "points_difference": tally.points_for - tally.points_against,
            "loners_made": tally.loners_made,
            "euchres_made": tally.euchres_made,
            "fewest_opponent_points": tally.points_against,
        }[metric]
    )


def ranking_key(metrics: list[str], tally: Record) -> tuple[int, ...]:
    """Better is bigger, metric by metric (head-to-head left out by the caller)."""
    better = {
        "total_points": tally.points_for + tally.bye_points,
        "wins": 2 * tally.won + tally.drawn,
        "points_difference": tally.points_for - tally.points_against,
        "loners_made": tally.loners_made,
        "euchres_made": tally.euchres_made,
        "fewest_opponent_points": -tally.points_against,
    }
    return tuple(better[metric] for metric in metrics)


class StandingsTable(HTMLParser):
    """The standings table as the page shows it: header cells and each row's cells."""

    def __init__(self) -> None:
        super().__init__()
        self.header: list[str] = []
        self.rows: dict[int, list[str]] = {}
        self._cells: list[str] | None = None
        self._text: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            competitor = dict(attrs).get("data-competitor")
            self._cells = self.rows.setdefault(int(competitor), []) if competitor else self.header
        elif tag in ("td", "th") and self._cells is not None:
            self._text = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._text is not None:
            self._cells.append(" ".join("".join(self._text).split()))
            self._text = None
        elif tag == "tr":
            self._cells = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)


def check_night(tournament: Tournament, metrics: list[str]) -> dict[int, Record]:
    teams = tournament.format in ("teams", "six-handed")
    expected = independent_tally(tournament, teams=teams)
    standings = night_standings.tournament_standings(tournament)
    assert standings.teams == teams
    found = {row.pk: record_row(row.record) for row in standings.rows}
    everyone = set(found) | set(expected)
    for key in everyone:
        want = record_row(expected.get(key) or Record(key))
        assert found.get(key) == want, (tournament.format, key)
    ranked = night_standings.rank_night(night_standings.load_night(tournament))
    assert [(r.competitor, r.place) for r in ranked.rows] == [
        (row.pk, row.place) for row in standings.rows
    ]

    # The page: a column per chosen metric, in the chosen order, but none for a metric
    # the game cannot have (nobody goes alone in two-handed).
    loners = rule_set(tournament.variant, tournament.options).going_alone
    shown = [m for m in metrics if COLUMNS[m] and (loners or m != "loners_made")]
    table = StandingsTable()
    table.feed(render_to_string("scoring/standings/_standings.html", {"standings": standings}))
    name = "Team" if teams else "Player"
    # Bye points get their column whenever a bye is worth something.
    bye_scores = tournament.standings_settings.bye_value != "nothing"
    assert table.header == [
        "Place",
        name,
        "Played",
        "W–D–L",
        *map(COLUMNS.get, shown),
        "Byes",
        *(["Bye points"] if bye_scores else []),
    ]
    assert set(table.rows) == everyone
    for key, cells in table.rows.items():
        tally = expected.get(key) or Record(key)
        want = [
            str(tally.played),
            f"{tally.won}–{tally.drawn}–{tally.lost}",
            *(shown_value(m, tally) for m in shown),
            str(tally.byes) if tally.byes else "–",
            *([str(tally.bye_points)] if bye_scores else []),
        ]
        assert cells[2:] == want, (tournament.format, key, table.header)
    # Best first: no row is ahead of one with better figures on the first metric.
    if metrics[0] != "head_to_head":
        first = [
            ranking_key(metrics[:1], expected.get(row.pk) or Record(row.pk))
            for row in standings.rows
        ]
        assert first == sorted(first, reverse=True)
    return expected


# --- the properties ---------------------------------------------------------------------

nights = st.tuples(
    st.sampled_from(FORMATS), st.integers(0, 1), st.integers(1, 3), st.integers(0, 2**32)
)


@pytest.mark.django_db(transaction=False)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(night=nights)
def test_every_standings_column_matches_a_tally_of_the_stored_hands(
    postgres_db, django_user_model, night
):
    spec, size, rounds, seed = night
    rng = random.Random(seed)
    with transaction.atomic():
        owner = django_user_model.objects.create_user(f"o{next(_keys)}", password="x-y-z-1-2-3")
        names = [f"Player {n}" for n in range(20)]
        metrics = random_metrics(rng)
        tournament = play_night(
            rng,
            owner,
            spec=spec,
            players=spec[4][size],
            rounds=rounds,
            day=1,
            names=names,
            metrics=metrics,
        )
        check_night(tournament, metrics)
        transaction.set_rollback(True)


@pytest.mark.django_db(transaction=False)
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(spec=st.sampled_from(FORMATS), seed=st.integers(0, 2**32))
def test_a_season_of_nights_with_missed_ones_counts_each_nights_tally(
    postgres_db, django_user_model, spec, seed
):
    rng = random.Random(seed)
    with transaction.atomic():
        owner = django_user_model.objects.create_user(f"o{next(_keys)}", password="x-y-z-1-2-3")
        best_of = rng.choice((None, None, 1, 2))
        season = league_services.create_season(
            owner=owner,
            name="Season",
            variant=spec[1],
            family=format_family(spec[0]),
            best_of=best_of,
        )
        pool = [f"Member {n}" for n in range(16)]
        teams = spec[0] in ("teams", "six-handed")
        played: list[tuple[Tournament, dict[int, Record], set[int]]] = []
        for day in (1, 2, 3):
            # Each night a different part of the club comes, so some miss nights.
            names = rng.sample(pool, len(pool))
            # Without head-to-head the test can tell a night's winners from its tally.
            metrics = random_metrics(rng, head_to_head=False)
            tournament = play_night(
                rng,
                owner,
                spec=spec,
                players=rng.choice(spec[4]),
                rounds=rng.randint(1, 2),
                day=day,
                names=names,
                metrics=metrics,
            )
            league_services.add_night(season=season, tournament=tournament, user=owner)
            tallies = check_night(tournament, metrics)
            entered = {p.team_id if teams else p.pk for p in tournament.players.all()}
            keys = {key: ranking_key(metrics, tallies.get(key) or Record(key)) for key in entered}
            best = max(keys.values())
            played.append((tournament, tallies, {key for key in keys if keys[key] == best}))
        standings = selectors.season_standings(season)
        for row in standings.rows:
            links = {
                link.player.tournament_id: link.player for link in row.member.player_links.all()
            }
            points: list[int] = []
            won = 0
            for score, (tournament, tallies, winners) in zip(row.nights, played, strict=True):
                assert score.night == tournament.pk
                player = links.get(tournament.pk)
                key = None if player is None else (player.team_id if teams else player.pk)
                came = key in tallies and (tallies[key].played or tallies[key].byes)
                assert score.played == bool(came), (row.member.name, tournament.name)
                if came:
                    assert score.points == tallies[key].points_for + tallies[key].bye_points
                    points.append(score.points)
                    won += key in winners
            # The season table's columns, from the nights' tallies: a missed night
            # scores nothing, so the best N nights are the member's N best scores.
            counted = sorted(points, reverse=True)[:best_of] if best_of else points
            shown = (row.season_points, row.nights_played, row.nights_won, row.all_points)
            assert shown == (sum(counted), len(points), won, sum(points)), row.member.name
        transaction.set_rollback(True)


def test_the_migration_fills_the_seat_rows_the_services_write(postgres_db, django_user_model):
    from django.apps import apps

    backfill = importlib.import_module("scoring.migrations.0002_seat_results")
    owner = django_user_model.objects.create_user("filler", password="x-y-z-1-2-3")
    names = [f"Player {n}" for n in range(20)]
    rng = random.Random(7)
    for day, spec in enumerate(FORMATS):
        play_night(
            rng, owner, spec=spec, players=spec[4][1], rounds=2, day=day, names=names, metrics=[]
        )
    fields = [f.attname for f in SeatResult._meta.fields if f.name != "id"]
    written = sorted(SeatResult.objects.values_list(*fields))
    assert written
    SeatResult.objects.all().delete()
    backfill.fill_seat_results(apps, None)
    assert sorted(SeatResult.objects.values_list(*fields)) == written
