"""Tournament services against the real database and the real rotation and rules engines."""

from __future__ import annotations

import datetime
from collections import Counter
from itertools import combinations

import pytest

from core import permissions
from core.errors import DomainError
from scoring import services as scoring_services
from tests.factories import PlayerFactory, UserFactory
from tournaments import rotations, selectors, services
from tournaments.models import Bye, Player, Round, Seat, Table, Team, Tournament

pytestmark = pytest.mark.django_db

THIRTEEN = [
    "Ada Byron",
    "Ben Okafor",
    "Cara Lind",
    "Dev Patel",
    "Eve Novak",
    "Finn Walsh",
    "Gia Rossi",
    "Hal Berg",
    "Ivy Chen",
    "Jon Sato",
    "Kim Dahl",
    "Lou Marsh",
    "Max Ortiz",
]


def make_tournament(owner=None, **overrides) -> Tournament:
    values = {
        "owner": owner or UserFactory(),
        "name": "Club night",
        "date": datetime.date(2026, 3, 5),
        "venue": "Royal Oak",
        "variant": "north-american",
        "options": {},
        "format": "progressive",
        "round_play": "hands",
        "hands_per_round": 8,
        "rounds_planned": 8,
        "seed": 7,
    }
    values.update(overrides)
    return services.create_tournament(**values)


def progressive(names=THIRTEEN, rounds=8) -> Tournament:
    tournament = make_tournament(rounds_planned=rounds)
    services.import_players(tournament=tournament, text="\n".join(names))
    services.generate_rotation(tournament=tournament)
    return tournament


def teams_tournament(pairs: int = 6, **overrides) -> Tournament:
    tournament = make_tournament(format="teams", rounds_planned=None, **overrides)
    lines = ["name,team"] + [f"{THIRTEEN[i % 13]} {i},Team {i // 2 + 1}" for i in range(pairs * 2)]
    services.import_players(tournament=tournament, text="\n".join(lines))
    services.generate_rotation(tournament=tournament)
    return tournament


def seat_rows(tournament: Tournament, numbers) -> list[tuple]:
    """Everything stored about the seating of rounds `numbers`, ids included."""
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=list(numbers)
    ).order_by("table__round__number", "table__number", "position")
    byes = Bye.objects.filter(round__tournament=tournament, round__number__in=list(numbers))
    return [
        *seats.values_list(
            "table__round__number", "table_id", "table__token", "player_id", "position", "side"
        ),
        *sorted(byes.values_list("round__number", "player_id")),
    ]


def partner_counts(schedule: rotations.Schedule) -> Counter:
    counts: Counter = Counter()
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for side in table.sides:
                counts.update(frozenset(pair) for pair in combinations(side, 2))
    return counts


def database_snapshot(tournament: Tournament) -> tuple:
    return (
        sorted(Player.objects.filter(tournament=tournament).values_list("pk", "name", "active")),
        sorted(Team.objects.filter(tournament=tournament).values_list("pk", "name")),
        sorted(Round.objects.filter(tournament=tournament).values_list("pk", "number", "status")),
        seat_rows(tournament, range(1, 100)),
        Tournament.objects.get(pk=tournament.pk).rotation_quality,
    )


def same_seating(a, b) -> bool:
    """Equal rounds, tables and sides; byes compared as sets (they have no order)."""

    def key(rounds):
        return [(r.number, r.tables, frozenset(r.byes)) for r in rounds]

    return key(a) == key(b)


# --------------------------------------------------------------------------- tournament settings


def test_create_tournament_stores_the_settings():
    owner = UserFactory()
    tournament = make_tournament(
        owner, round_play="game", options={"stick_the_dealer": True, "target": 11}
    )
    tournament.refresh_from_db()
    assert tournament.owner == owner
    assert tournament.options == {"stick_the_dealer": True, "target": 11}
    assert tournament.format == "progressive"
    assert tournament.rounds_planned == 8
    assert tournament.is_organiser(owner)


@pytest.mark.parametrize(
    ("variant", "fmt"),
    [
        ("six-handed", "progressive"),
        ("three-handed", "teams"),
        ("north-american", "six-handed"),
        ("british", "cutthroat"),
        ("three-handed", "heads-up"),
        ("two-handed", "cutthroat"),
    ],
)
def test_create_tournament_refuses_a_format_the_variant_does_not_play(variant, fmt):
    with pytest.raises(DomainError) as refused:
        make_tournament(variant=variant, format=fmt)
    assert refused.value.code == "format_does_not_fit_variant"
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("variant", "fmt"),
    [
        ("north-american", "progressive"),
        ("british", "teams"),
        ("six-handed", "six-handed"),
        ("three-handed", "cutthroat"),
        ("two-handed", "heads-up"),
    ],
)
def test_create_tournament_accepts_each_format_with_its_variant(variant, fmt):
    assert make_tournament(variant=variant, format=fmt).pk


@pytest.mark.parametrize(
    "options",
    [{"target": 12}, {"no_such_rule": True}, {"deck": 52}, {"super_euchre": "maybe"}],
)
def test_create_tournament_refuses_options_the_rules_engine_refuses(options):
    with pytest.raises(DomainError) as refused:
        make_tournament(options=options)
    assert refused.value.code.startswith("rules_")
    assert refused.value.message
    assert not Tournament.objects.exists()


def test_create_tournament_refuses_a_dealer_partner_option_british_fixes_otherwise():
    with pytest.raises(DomainError):
        make_tournament(variant="two-handed", format="heads-up", options={"super_euchre": True})


@pytest.mark.parametrize(
    "overrides",
    [
        {"name": "   "},
        {"hands_per_round": 0},
        {"rounds_planned": 0},
        {"round_play": "forever"},
        {"entry_mode": "guesswork"},
        {"variant": "bridge"},
        {"format": "swiss"},
    ],
)
def test_create_tournament_refuses_bad_settings(overrides):
    with pytest.raises(DomainError):
        make_tournament(**overrides)


def test_results_entered_as_totals_is_kept_and_fixed_once_play_starts():
    tournament = make_tournament(entry_mode="totals")
    tournament.refresh_from_db()
    assert tournament.entry_mode == "totals"
    services.update_tournament(tournament=tournament, entry_mode="hands")
    assert Tournament.objects.get(pk=tournament.pk).entry_mode == "hands"


def test_one_game_rounds_need_no_hand_count():
    tournament = make_tournament(round_play="game", hands_per_round=0)
    assert tournament.round_play == "game"


def test_update_tournament_changes_settings_and_checks_them_again():
    tournament = make_tournament()
    services.update_tournament(tournament=tournament, name="Finals", venue="Legion Hall")
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue) == ("Finals", "Legion Hall")
    with pytest.raises(DomainError):
        services.update_tournament(tournament=tournament, format="cutthroat")
    with pytest.raises(TypeError):
        services.update_tournament(tournament=tournament, owner=UserFactory())


def test_changing_the_seed_before_play_drops_the_planned_rotation():
    tournament = progressive()
    services.update_tournament(tournament=tournament, seed=99)
    assert not tournament.rounds.exists()
    assert tournament.rotation_quality == {}


def test_rules_and_format_are_fixed_once_a_round_has_started():
    tournament = progressive()
    services.start_round(round=tournament.rounds.get(number=1))
    with pytest.raises(DomainError) as refused:
        services.update_tournament(tournament=tournament, options={"target": 11})
    assert refused.value.code == "round_started"
    # The name is not part of the rules.
    services.update_tournament(tournament=tournament, name="Renamed")
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed"


def test_co_organisers_may_organise_and_the_owner_is_not_added_twice():
    tournament = make_tournament()
    helper, stranger = UserFactory(), UserFactory()
    services.add_co_organiser(tournament=tournament, user=helper)
    assert permissions.can_organise(helper, tournament)
    assert not permissions.can_organise(stranger, tournament)
    with pytest.raises(DomainError) as refused:
        services.add_co_organiser(tournament=tournament, user=tournament.owner)
    assert refused.value.code == "already_organiser"
    services.remove_co_organiser(tournament=tournament, user=helper, removed_by=tournament.owner)
    assert not permissions.can_organise(helper, tournament)


# --------------------------------------------------------------------------- players


def test_add_player_cleans_the_name_and_refuses_a_duplicate_in_any_case():
    tournament = make_tournament()
    player = services.add_player(tournament=tournament, name="  Ada   Byron ")
    assert player.name == "Ada Byron"
    with pytest.raises(DomainError) as refused:
        services.add_player(tournament=tournament, name="ada byron")
    assert refused.value.code == "bad_player"
    assert "Ada Byron" in refused.value.message or "ada byron" in refused.value.message
    with pytest.raises(DomainError):
        services.add_player(tournament=tournament, name="   ")
    with pytest.raises(DomainError):
        services.add_player(tournament=tournament, name="x" * 81)
    assert tournament.players.count() == 1


def test_add_player_with_a_team_only_where_the_format_has_teams():
    with pytest.raises(DomainError):
        services.add_player(tournament=make_tournament(), name="Ada", team_name="Aces")
    teams = make_tournament(format="teams")
    ada = services.add_player(tournament=teams, name="Ada", team_name="Aces")
    ben = services.add_player(tournament=teams, name="Ben", team_name="aces")
    assert ada.team == ben.team
    assert ada.team.name == "Aces"
    with pytest.raises(DomainError) as refused:
        services.add_player(tournament=teams, name="Cara", team_name="Aces")
    assert "already has 2 players" in refused.value.message


def test_adding_a_player_before_play_drops_the_planned_rotation():
    tournament = progressive()
    services.add_player(tournament=tournament, name="Newcomer")
    assert not tournament.rounds.exists()
    assert Tournament.objects.get(pk=tournament.pk).rotation_quality == {}


def test_players_cannot_be_added_directly_once_play_has_started_and_a_removal_withdraws():
    tournament = progressive()
    services.start_round(round=tournament.rounds.get(number=1))
    with pytest.raises(DomainError) as refused:
        services.add_player(tournament=tournament, name="Newcomer")
    assert refused.value.code == "round_started"
    with pytest.raises(DomainError):
        services.import_players(tournament=tournament, text="Zed\nYan")
    first = tournament.players.first()
    shown = services.preview_removal(player=first)
    removal = services.remove_player(player=first, expected_fingerprint=shown.fingerprint)
    # Played in round 1, so kept (marked as left) and the rest re-planned without them.
    assert removal.outcome == services.RemovalOutcome.WITHDRAW
    assert Player.objects.get(pk=first.pk).active is False


def test_a_removal_that_changes_the_rotation_is_refused_until_its_preview_is_confirmed():
    tournament = progressive()
    ada = tournament.players.get(name="Ada Byron")
    planned = seat_rows(tournament, range(1, 9))
    with pytest.raises(DomainError) as refused:
        services.remove_player(player=ada)
    assert refused.value.code == "removal_not_confirmed"
    assert refused.value.status == 400
    assert refused.value.message == (
        f"Removing Ada Byron changes the rotation: look at GET players/{ada.pk}/removal and "
        "send its fingerprint."
    )
    assert Player.objects.filter(pk=ada.pk).exists()
    assert seat_rows(tournament, range(1, 9)) == planned
    shown = services.preview_removal(player=ada)
    assert shown.outcome == services.RemovalOutcome.REPLAN
    services.remove_player(player=ada, expected_fingerprint=shown.fingerprint)
    assert not Player.objects.filter(pk=ada.pk).exists()


def test_remove_player_before_play():
    tournament = make_tournament(format="teams")
    ada = services.add_player(tournament=tournament, name="Ada", team_name="Aces")
    services.remove_player(player=ada)
    assert not tournament.players.exists()
    assert not tournament.teams.exists()  # a team left empty goes too


def test_import_of_pasted_lines_skips_blank_lines():
    tournament = make_tournament()
    text = "\n\nAda Byron\n   \nBen Okafor\r\n\r\nCara Lind\n\n"
    players = services.import_players(tournament=tournament, text=text)
    assert [p.name for p in players] == ["Ada Byron", "Ben Okafor", "Cara Lind"]
    assert all(p.pk for p in players)
    assert tournament.players.count() == 3


def test_import_of_csv_with_a_header_makes_the_teams():
    tournament = make_tournament(format="teams")
    text = 'name,team\nAda Byron,Aces\n"Okafor, Ben",Aces\nCara Lind,Bowers\nDev Patel,Bowers\n'
    services.import_players(tournament=tournament, text=text)
    teams = {
        t.name: sorted(t.members.values_list("name", flat=True)) for t in tournament.teams.all()
    }
    assert teams == {"Aces": ["Ada Byron", "Okafor, Ben"], "Bowers": ["Cara Lind", "Dev Patel"]}


def test_import_reads_an_uploaded_file_as_bytes_with_a_byte_order_mark():
    tournament = make_tournament()
    data = "\ufeffname\nZoë Müller\nÅsa Berg\n".encode()
    services.import_players(tournament=tournament, text=data)
    assert sorted(tournament.players.values_list("name", flat=True)) == ["Zoë Müller", "Åsa Berg"]


@pytest.mark.parametrize("separator", ["\t", ";"])
def test_import_reads_spreadsheet_pastes_and_semicolon_csv(separator):
    tournament = make_tournament(format="teams")
    text = f"Ada{separator}Aces\nBen{separator}Aces\n"
    services.import_players(tournament=tournament, text=text)
    assert tournament.teams.get().members.count() == 2


def test_import_with_duplicates_imports_nothing_and_names_every_line():
    tournament = make_tournament()
    services.add_player(tournament=tournament, name="Hal Berg")
    text = "Ada Byron\nBen Okafor\n\nada byron\nHal Berg\nCara Lind\n"
    with pytest.raises(DomainError) as refused:
        services.import_players(tournament=tournament, text=text)
    error = refused.value
    assert error.code == "import_failed"
    assert "Nothing was imported" in error.message
    assert len(error.details) == 2
    assert error.details[0].startswith("Line 4:") and "line 1" in error.details[0]
    assert error.details[1].startswith("Line 5:") and "Hal Berg" in error.details[1]
    assert list(tournament.players.values_list("name", flat=True)) == ["Hal Berg"]


def test_import_collects_every_kind_of_bad_line():
    tournament = make_tournament(format="teams")
    text = "\n".join(
        [
            "name,team",
            "Ada,Aces",
            ",Aces",  # line 3: no name
            "Ben,Aces,extra",  # line 4: too many columns
            "Cara,Aces",
            "Dev,Aces",  # line 6: the team is full
            "x" * 81,  # line 7: too long
        ]
    )
    with pytest.raises(DomainError) as refused:
        services.import_players(tournament=tournament, text=text)
    lines = [detail.split(":")[0] for detail in refused.value.details]
    assert lines == ["Line 3", "Line 4", "Line 6", "Line 7"]
    assert not tournament.players.exists()
    assert not tournament.teams.exists()


@pytest.mark.parametrize(
    "junk",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
        b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00",  # an .xlsx is a zip file
        "Ada\x00Byron\nBen\n",
        bytes(range(256)),
    ],
)
def test_import_of_a_file_that_is_not_text_says_so_and_imports_nothing(junk):
    tournament = make_tournament()
    with pytest.raises(DomainError) as refused:
        services.import_players(tournament=tournament, text=junk)
    assert refused.value.code == "not_csv"
    assert "CSV" in refused.value.message
    assert not tournament.players.exists()


@pytest.mark.parametrize("text", ["", "\n \n\t\n", "name,team\n"])
def test_import_of_an_empty_list_is_refused(text):
    tournament = make_tournament()
    with pytest.raises(DomainError):
        services.import_players(tournament=tournament, text=text)


def test_import_refuses_an_unterminated_quote_with_its_line():
    tournament = make_tournament()
    with pytest.raises(DomainError) as refused:
        services.import_players(tournament=tournament, text='Ada\n"Ben\n')
    assert refused.value.details and refused.value.details[0].startswith("Line")
    assert not tournament.players.exists()


# --------------------------------------------------------------------------- teams


def test_pair_teams_by_hand():
    tournament = make_tournament(format="teams")
    a, b, c, d = (services.add_player(tournament=tournament, name=n) for n in "ABCD")
    teams = services.pair_teams(tournament=tournament, groups=[[a, c], [b, d]])
    assert [sorted(t.members.values_list("name", flat=True)) for t in teams] == [
        ["A", "C"],
        ["B", "D"],
    ]
    assert teams[0].name == "A & C"
    # Re-pairing moves players and removes the teams left empty.
    services.pair_teams(tournament=tournament, groups=[[a, b], [c, d]])
    assert sorted(tournament.teams.values_list("name", flat=True)) == ["A & B", "C & D"]
    # A team named again as it stands is kept, with its id and name.
    kept = tournament.teams.get(name="A & B")
    e, f = (services.add_player(tournament=tournament, name=n) for n in "EF")
    again = services.pair_teams(tournament=tournament, groups=[[b, a], [e, f]])
    assert again[0] == kept and again[1].name == "E & F"


def test_pair_teams_refuses_wrong_sizes_strangers_and_repeats():
    tournament = make_tournament(format="six-handed", variant="six-handed")
    players = [services.add_player(tournament=tournament, name=n) for n in "ABCDEF"]
    with pytest.raises(DomainError):
        services.pair_teams(tournament=tournament, groups=[players[:2]])
    with pytest.raises(DomainError):
        services.pair_teams(tournament=tournament, groups=[players[:3], players[2:5]])
    outsider = PlayerFactory()
    with pytest.raises(DomainError):
        services.pair_teams(tournament=tournament, groups=[[*players[:2], outsider]])
    with pytest.raises(DomainError):
        services.pair_teams(tournament=make_tournament(), groups=[])
    services.pair_teams(tournament=tournament, groups=[players[:3], players[3:]])
    assert tournament.teams.count() == 2


def test_pair_teams_at_random_keeps_complete_teams_and_repeats_with_a_seed():
    def draw(seed):
        tournament = make_tournament(format="teams")
        services.import_players(
            tournament=tournament, text="name,team\nA,Aces\nB,Aces\nC\nD\nE\nF\nG\nH\n"
        )
        services.pair_teams_at_random(tournament=tournament, seed=seed)
        return {
            t.name: sorted(t.members.values_list("name", flat=True)) for t in tournament.teams.all()
        }

    first = draw(5)
    assert first["Aces"] == ["A", "B"]
    assert len(first) == 4
    assert all(len(members) == 2 for members in first.values())
    assert draw(5) == first


def test_pair_teams_at_random_refuses_an_odd_number():
    tournament = make_tournament(format="teams")
    services.import_players(tournament=tournament, text="A\nB\nC")
    with pytest.raises(DomainError) as refused:
        services.pair_teams_at_random(tournament=tournament)
    assert refused.value.code == "players_not_divisible"
    assert not tournament.teams.exists()


# --------------------------------------------------------------------------- rotation


def test_generate_rotation_stores_the_engine_schedule_and_its_quality():
    tournament = progressive()
    stored = selectors.schedule_of(tournament)
    expected = rotations.generate("progressive", THIRTEEN, 8, seed=7)
    assert same_seating(stored.rounds, expected.rounds)
    assert tournament.rotation_quality == rotations.report(expected).as_dict()
    assert Tournament.objects.get(pk=tournament.pk).rotation_quality == tournament.rotation_quality
    assert tournament.rounds.count() == 8
    for rnd in stored.rounds:
        assert len(rnd.tables) == 3 and len(rnd.byes) == 1
        assert sorted(rnd.seated + rnd.byes) == sorted(THIRTEEN)
    assert max(partner_counts(stored).values()) == 1


def test_partners_sit_opposite_each_other():
    tournament = progressive()
    for seat in Seat.objects.filter(table__round__tournament=tournament):
        assert seat.side == seat.position % 2
    table = Table.objects.filter(round__tournament=tournament).first()
    assert table.seats.count() == 4


def test_table_tokens_are_unguessable_and_unique():
    tournament = progressive()
    tokens = list(
        Table.objects.filter(round__tournament=tournament).values_list("token", flat=True)
    )
    assert len(tokens) == len(set(tokens)) == 24
    assert all(len(token) >= 40 for token in tokens)


@pytest.mark.parametrize(
    ("variant", "fmt", "count", "per_table"),
    [
        ("north-american", "progressive", 8, 4),
        ("three-handed", "cutthroat", 9, 3),
        ("two-handed", "heads-up", 6, 2),
    ],
)
def test_generate_rotation_for_formats_without_fixed_teams(variant, fmt, count, per_table):
    tournament = make_tournament(variant=variant, format=fmt, rounds_planned=3)
    services.import_players(tournament=tournament, text="\n".join(THIRTEEN[:count]))
    services.generate_rotation(tournament=tournament)
    schedule = selectors.schedule_of(tournament)
    assert len(schedule.rounds) == 3
    for rnd in schedule.rounds:
        assert all(len(t.players) == per_table for t in rnd.tables)
        assert sorted(rnd.seated + rnd.byes) == sorted(THIRTEEN[:count])


def test_generate_rotation_keeps_fixed_teams_together():
    tournament = teams_tournament(pairs=6)
    teams = {frozenset(t.members.values_list("name", flat=True)) for t in tournament.teams.all()}
    schedule = selectors.schedule_of(tournament)
    assert len(schedule.rounds) == 5  # a complete round robin of 6 teams
    for rnd in schedule.rounds:
        for table in rnd.tables:
            assert {frozenset(side) for side in table.sides} <= teams


def test_six_handed_tables_seat_two_teams_of_three_alternately():
    tournament = make_tournament(variant="six-handed", format="six-handed", rounds_planned=None)
    lines = [f"{name},Team {i // 3}" for i, name in enumerate(THIRTEEN[:12])]
    services.import_players(tournament=tournament, text="\n".join(lines))
    services.generate_rotation(tournament=tournament)
    table = Table.objects.filter(round__tournament=tournament).first()
    seats = list(table.seats.order_by("position"))
    assert [s.side for s in seats] == [0, 1, 0, 1, 0, 1]
    assert len({s.player.team_id for s in seats if s.side == 0}) == 1


def test_generate_rotation_needs_complete_teams():
    tournament = make_tournament(format="teams")
    services.import_players(tournament=tournament, text="name,team\nA,Aces\nB,Aces\nC\nD\n")
    with pytest.raises(DomainError) as refused:
        services.generate_rotation(tournament=tournament)
    assert refused.value.code == "teams_incomplete"
    assert "C" in refused.value.message
    assert not tournament.rounds.exists()


def test_generate_rotation_turns_an_engine_refusal_into_a_tournament_error():
    tournament = make_tournament()
    services.import_players(tournament=tournament, text="A\nB")
    with pytest.raises(DomainError) as refused:
        services.generate_rotation(tournament=tournament)
    assert refused.value.code.startswith("rotation_")
    assert not tournament.rounds.exists()


def test_a_failure_while_storing_the_rotation_leaves_nothing_half_written(monkeypatch):
    tournament = make_tournament()
    services.import_players(tournament=tournament, text="\n".join(THIRTEEN))

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(Bye.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        services.generate_rotation(tournament=tournament)
    assert not Round.objects.filter(tournament=tournament).exists()
    assert not Seat.objects.filter(table__round__tournament=tournament).exists()
    assert Tournament.objects.get(pk=tournament.pk).rotation_quality == {}


def test_a_failed_regeneration_keeps_the_previous_rotation_whole(monkeypatch):
    tournament = progressive()
    before = database_snapshot(tournament)
    monkeypatch.setattr(Bye.objects, "bulk_create", lambda *a, **k: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        services.generate_rotation(tournament=tournament)
    assert database_snapshot(tournament) == before


def test_generating_again_replaces_the_planned_rounds():
    tournament = progressive(rounds=8)
    services.update_tournament(tournament=tournament, rounds_planned=5)
    services.generate_rotation(tournament=tournament)
    assert list(tournament.rounds.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert Seat.objects.filter(table__round__tournament=tournament).count() == 5 * 12
    assert Bye.objects.filter(round__tournament=tournament).count() == 5


def test_generate_rotation_is_refused_once_a_round_has_started():
    tournament = progressive()
    services.start_round(round=tournament.rounds.get(number=1))
    with pytest.raises(DomainError) as refused:
        services.generate_rotation(tournament=tournament)
    assert refused.value.code == "round_started"


def close(rnd: Round) -> None:
    # A round closes only through scoring (results checked, audit entry): here anyway.
    scoring_services.force_close_round(round=rnd, user=rnd.tournament.owner)


def test_rounds_start_in_order_and_close_after_starting():
    tournament = progressive()
    first, second = tournament.rounds.get(number=1), tournament.rounds.get(number=2)
    with pytest.raises(DomainError) as refused:
        services.start_round(round=second)
    assert refused.value.code == "earlier_round_not_started"
    with pytest.raises(DomainError) as refused:
        close(first)
    assert refused.value.code == "round_not_started"
    services.start_round(round=first)
    assert first.status == Round.Status.IN_PLAY
    with pytest.raises(DomainError):
        services.start_round(round=first)
    with pytest.raises(DomainError) as waiting:
        services.start_round(round=second)  # the next waits until the first is closed
    assert waiting.value.code == "previous_round_not_closed"
    close(first)
    assert Round.objects.get(pk=first.pk).status == Round.Status.CLOSED
    with pytest.raises(DomainError) as refused:
        close(first)
    assert refused.value.code == "round_closed"
    services.start_round(round=second)
    assert Round.objects.get(pk=second.pk).status == Round.Status.IN_PLAY


# --------------------------------------------------------------------------- changes of the night


def play_on(tournament: Tournament, number: int) -> None:
    """Close the round before `number` (tables without a result by force), then start
    `number`: rounds go in order."""
    previous = tournament.rounds.filter(number=number - 1, status=Round.Status.IN_PLAY).first()
    if previous is not None:
        scoring_services.close_round(round=previous, user=tournament.owner, force=True)
    services.start_round(round=tournament.rounds.get(number=number))


def started(tournament: Tournament, rounds: int) -> None:
    """Rounds 1 to `rounds` have started: the last is in play, the others closed."""
    for number in range(1, rounds + 1):
        play_on(tournament, number)


def test_preview_writes_nothing():
    tournament = progressive()
    started(tournament, 2)
    ada = tournament.players.get(name="Ada Byron")
    before = database_snapshot(tournament)
    change = services.preview_change(
        tournament=tournament,
        withdraw=[ada],
        arrive=["Newcomer"],
        substitute={tournament.players.get(name="Ben Okafor"): "Bench Warmer"},
    )
    assert database_snapshot(tournament) == before
    assert change.first_round == 3
    assert [r.number for r in change.remaining] == [3, 4, 5, 6, 7, 8]


def test_withdrawal_keeps_started_rounds_exactly_and_never_repeats_a_partner():
    tournament = progressive()
    started(tournament, 3)
    played_before = seat_rows(tournament, [1, 2, 3])
    ada = tournament.players.get(name="Ada Byron")

    preview = services.preview_change(tournament=tournament, withdraw=[ada])
    change = services.apply_change(
        tournament=tournament, withdraw=[ada], expected_fingerprint=preview.fingerprint
    )

    assert change.fingerprint == preview.fingerprint
    assert seat_rows(tournament, [1, 2, 3]) == played_before
    ada.refresh_from_db()
    assert not ada.active
    assert not Seat.objects.filter(player=ada, table__round__number__gt=3).exists()
    assert not Bye.objects.filter(player=ada, round__number__gt=3).exists()
    schedule = selectors.schedule_of(tournament)
    assert len(schedule.rounds) == 8
    assert max(partner_counts(schedule).values()) == 1
    for rnd in schedule.rounds[3:]:
        assert sorted(rnd.seated + rnd.byes) == sorted(n for n in THIRTEEN if n != "Ada Byron")
    assert Tournament.objects.get(pk=tournament.pk).rotation_quality == (
        rotations.report(schedule).as_dict()
    )


def test_the_diff_lists_changed_tables_before_and_after_and_new_byes():
    tournament = progressive()
    started(tournament, 2)
    before = selectors.schedule_of(tournament)
    change = services.preview_change(
        tournament=tournament, withdraw=[tournament.players.get(name="Ada Byron")]
    )
    assert [r.number for r in change.rounds] == [3, 4, 5, 6, 7, 8]
    old_rounds = {r.number: r for r in before.rounds}
    new_rounds = {r.number: r for r in change.remaining}
    for diff in change.rounds:
        old_tables = {t.number: t.sides for t in old_rounds[diff.number].tables}
        new_tables = {t.number: t.sides for t in new_rounds[diff.number].tables}
        for table in diff.tables:
            assert table.before == old_tables.get(table.number, ())
            assert table.after == new_tables.get(table.number, ())
            assert table.before != table.after
        unchanged = set(old_tables) - {t.number for t in diff.tables}
        assert all(old_tables[n] == new_tables[n] for n in unchanged)
        assert set(diff.new_byes) == set(new_rounds[diff.number].byes) - set(
            old_rounds[diff.number].byes
        )
    # Ada sat somewhere in each remaining round, so every round shows a change.
    assert all(r.changed for r in change.rounds)


def test_a_stale_preview_is_refused():
    tournament = progressive()
    started(tournament, 1)
    ada = tournament.players.get(name="Ada Byron")
    preview = services.preview_change(tournament=tournament, withdraw=[ada])
    play_on(tournament, 2)
    before = database_snapshot(tournament)
    with pytest.raises(DomainError) as refused:
        services.apply_change(
            tournament=tournament, withdraw=[ada], expected_fingerprint=preview.fingerprint
        )
    assert refused.value.code == "stale_preview"
    assert database_snapshot(tournament) == before


def test_late_arrival_joins_the_remaining_rounds_only():
    names = THIRTEEN[:12]
    tournament = progressive(names=names, rounds=8)
    started(tournament, 2)
    played_before = seat_rows(tournament, [1, 2])
    change = services.apply_change(tournament=tournament, arrive=["  Nia   Adeyemi "])
    assert change.arrived == ("Nia Adeyemi",)
    nia = tournament.players.get(name="Nia Adeyemi")
    assert nia.active
    assert seat_rows(tournament, [1, 2]) == played_before
    itinerary = selectors.player_itinerary(nia)
    assert [stop.round_number for stop in itinerary] == [3, 4, 5, 6, 7, 8]
    schedule = selectors.schedule_of(tournament)
    assert max(partner_counts(schedule).values()) == 1
    # Thirteen now play, so one sits out each remaining round. The latecomer already
    # sat out two rounds; the six byes go to the twelve who played them.
    remaining_byes = Counter(name for rnd in schedule.rounds[2:] for name in rnd.byes)
    assert sum(remaining_byes.values()) == 6
    assert remaining_byes["Nia Adeyemi"] == 0
    assert max(remaining_byes.values()) == 1


def test_a_player_who_left_can_come_back_under_their_own_name():
    tournament = progressive()
    started(tournament, 2)
    ada = tournament.players.get(name="Ada Byron")
    services.apply_change(tournament=tournament, withdraw=[ada])
    for number in (3, 4):
        play_on(tournament, number)
    played_before = seat_rows(tournament, [1, 2, 3, 4])
    change = services.apply_change(tournament=tournament, arrive=["ada byron"])
    assert change.arrived == ("Ada Byron",)
    ada.refresh_from_db()
    assert ada.active
    assert tournament.players.filter(name__iexact="ada byron").count() == 1
    assert seat_rows(tournament, [1, 2, 3, 4]) == played_before
    rounds = [stop.round_number for stop in selectors.player_itinerary(ada)]
    assert rounds == [1, 2, 5, 6, 7, 8]
    assert max(partner_counts(selectors.schedule_of(tournament)).values()) == 1


def test_late_arrival_name_must_be_new():
    tournament = progressive()
    started(tournament, 1)
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, arrive=["ada byron"])
    assert refused.value.code == "bad_new_player"


def test_substitute_takes_over_the_leavers_remaining_seats_and_nobody_else_moves():
    tournament = progressive()
    started(tournament, 2)
    ada = tournament.players.get(name="Ada Byron")
    before_seats = {
        (r, t, pos): player
        for r, t, pos, player in Seat.objects.filter(
            table__round__tournament=tournament
        ).values_list("table__round__number", "table_id", "position", "player_id")
    }
    before_byes = set(
        Bye.objects.filter(round__tournament=tournament).values_list("round__number", "player_id")
    )
    ada_played = set(
        Seat.objects.filter(player=ada, table__round__number__lte=2).values_list("pk", flat=True)
    )

    change = services.apply_change(tournament=tournament, substitute={ada: "Sam Reyes"})

    sam = tournament.players.get(name="Sam Reyes")
    ada.refresh_from_db()
    assert not ada.active and sam.active
    assert change.substitutes == (("Ada Byron", "Sam Reyes"),)
    assert not change.replanned
    after_seats = {
        (r, t, pos): player
        for r, t, pos, player in Seat.objects.filter(
            table__round__tournament=tournament
        ).values_list("table__round__number", "table_id", "position", "player_id")
    }
    assert after_seats.keys() == before_seats.keys()  # same tables, same positions
    for key, player in before_seats.items():
        expected = sam.pk if player == ada.pk and key[0] > 2 else player
        assert after_seats[key] == expected
    after_byes = set(
        Bye.objects.filter(round__tournament=tournament).values_list("round__number", "player_id")
    )
    assert after_byes == {(r, sam.pk if p == ada.pk and r > 2 else p) for r, p in before_byes}
    assert set(Seat.objects.filter(player=ada).values_list("pk", flat=True)) == ada_played
    # Only the tables and byes Ada had in the remaining rounds show as changed.
    for diff in change.rounds:
        for table in diff.tables:
            assert any("Ada Byron" in side for side in table.before)
            assert any("Sam Reyes" in side for side in table.after)


def test_substitute_in_a_teams_event_joins_the_leavers_team():
    tournament = teams_tournament(pairs=6)
    started(tournament, 1)
    leaver = tournament.players.order_by("pk").first()
    services.apply_change(tournament=tournament, substitute={leaver: "Stand In"})
    stand_in = tournament.players.get(name="Stand In")
    assert stand_in.team_id == leaver.team_id
    assert stand_in.team.members.filter(active=True).count() == 2


def test_in_a_teams_event_one_player_cannot_simply_leave_but_a_whole_team_can():
    tournament = teams_tournament(pairs=7)
    started(tournament, 2)
    team = tournament.teams.order_by("pk").first()
    first, second = team.members.order_by("pk")
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, withdraw=[first])
    assert refused.value.code == "team_incomplete"
    played_before = seat_rows(tournament, [1, 2])
    services.apply_change(tournament=tournament, withdraw=[first, second])
    assert seat_rows(tournament, [1, 2]) == played_before
    schedule = selectors.schedule_of(tournament)
    for rnd in schedule.rounds[2:]:
        assert first.name not in rnd.seated + rnd.byes


def test_late_arrivals_in_a_teams_event_come_as_a_team():
    tournament = teams_tournament(pairs=6)
    started(tournament, 1)
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, arrive=["Solo"])
    assert refused.value.code == "arrivals_not_teams"
    services.apply_change(tournament=tournament, arrive=["Pia Lund", "Oscar Lund"])
    pia = tournament.players.get(name="Pia Lund")
    assert pia.team.name == "Pia Lund & Oscar Lund"
    stops = selectors.player_itinerary(pia)
    assert stops and stops[0].round_number == 2
    assert all(stop.bye or stop.partners == ("Oscar Lund",) for stop in stops)


@pytest.mark.parametrize("case", ["nothing", "inactive", "twice", "stranger", "no rotation"])
def test_changes_that_make_no_sense_are_refused(case):
    tournament = progressive()
    started(tournament, 1)
    ada = tournament.players.get(name="Ada Byron")
    arguments: dict = {}
    if case == "inactive":
        services.apply_change(tournament=tournament, withdraw=[ada])
        arguments = {"withdraw": [ada]}
    elif case == "twice":
        arguments = {"withdraw": [ada], "substitute": {ada: "Sam"}}
    elif case == "stranger":
        arguments = {"withdraw": [PlayerFactory()]}
    elif case == "no rotation":
        tournament = make_tournament()
        services.import_players(tournament=tournament, text="\n".join(THIRTEEN))
        arguments = {"arrive": ["Late"]}
    with pytest.raises(DomainError):
        services.preview_change(tournament=tournament, **arguments)


def test_once_every_round_has_started_only_a_substitute_can_still_come_in():
    tournament = progressive(rounds=3)
    started(tournament, 3)
    ada = tournament.players.get(name="Ada Byron")
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, withdraw=[ada])
    assert refused.value.code == "no_rounds_left"
    change = services.apply_change(tournament=tournament, substitute={ada: "Sam"})
    assert change.rounds == ()


def test_withdrawal_with_fewest_changes_reprints_fewer_scorecards_than_best_balance():
    tournament = progressive()
    started(tournament, 2)
    ada = tournament.players.get(name="Ada Byron")
    plans = services.preview_changes(tournament=tournament, withdraw=[ada])
    fewest, balance = plans["fewest"], plans["balance"]
    # Thirteen players over six rounds: both touch every scorecard somewhere, but
    # mending changes far fewer tables.
    assert sum(len(r.tables) for r in fewest.rounds) < sum(len(r.tables) for r in balance.rounds)
    assert fewest.fingerprint != balance.fingerprint
    # The fingerprint covers the strategy: a "best balance" preview cannot confirm "fewest".
    with pytest.raises(DomainError) as refused:
        services.apply_change(
            tournament=tournament, withdraw=[ada], expected_fingerprint=balance.fingerprint
        )
    assert refused.value.code == "stale_preview"
    change = services.apply_change(
        tournament=tournament, withdraw=[ada], expected_fingerprint=fewest.fingerprint
    )
    assert change.moved_players == fewest.moved_players
    schedule = selectors.schedule_of(tournament)
    assert max(partner_counts(schedule).values()) == 1


def test_an_unknown_strategy_is_refused_in_plain_words():
    tournament = progressive()
    ada = tournament.players.get(name="Ada Byron")
    with pytest.raises(DomainError) as refused:
        services.preview_change(tournament=tournament, withdraw=[ada], strategy="random")
    assert refused.value.code == "bad_strategy"


def test_changes_before_any_round_starts_with_best_balance_plan_the_event_afresh():
    tournament = progressive()
    ada = tournament.players.get(name="Ada Byron")
    services.apply_change(
        tournament=tournament, withdraw=[ada], arrive=["Zed", "Yan"], strategy="balance"
    )
    schedule = selectors.schedule_of(tournament)
    expected_players = [n for n in THIRTEEN if n != "Ada Byron"] + ["Zed", "Yan"]
    expected = rotations.generate("progressive", expected_players, 8, seed=7)
    assert same_seating(schedule.rounds, expected.rounds)


def test_several_changes_in_a_row_keep_every_played_round_and_all_partners_new():
    tournament = progressive()
    started(tournament, 2)
    services.apply_change(
        tournament=tournament, withdraw=[tournament.players.get(name="Ada Byron")]
    )
    play_on(tournament, 3)
    play_on(tournament, 4)
    played_before = seat_rows(tournament, [1, 2, 3, 4])
    services.apply_change(
        tournament=tournament,
        arrive=["Zed Quinn"],
        substitute={tournament.players.get(name="Ben Okafor"): "Sam Reyes"},
    )
    assert seat_rows(tournament, [1, 2, 3, 4]) == played_before
    schedule = selectors.schedule_of(tournament)
    assert max(partner_counts(schedule).values()) == 1
    for rnd in schedule.rounds[4:]:
        present = set(rnd.seated + rnd.byes)
        assert {"Zed Quinn", "Sam Reyes"} <= present
        assert not {"Ada Byron", "Ben Okafor"} & present
