"""Unit tests for the pure seating rotations; `assert_valid_schedule` is shared."""

from tournaments.rotations.schedule import Schedule


def assert_valid_schedule(schedule: Schedule, *, table_players: int, side_players: int) -> None:
    """Each player exactly once per round (seated or bye), right table and side sizes,
    rounds numbered 1..R and tables 1..k."""
    everyone = sorted(schedule.players)
    for expected_number, rnd in enumerate(schedule.rounds, start=1):
        assert rnd.number == expected_number
        assert sorted(rnd.seated + rnd.byes) == everyone, f"round {rnd.number}"
        assert [t.number for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
        for table in rnd.tables:
            assert len(table.players) == table_players
            assert all(len(side) == side_players for side in table.sides)
