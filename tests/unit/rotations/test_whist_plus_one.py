"""4m+2 players from a Wh(4m+1) that is not cyclic: the stored replacements."""

from __future__ import annotations

import pytest

from tournaments.rotations.designs import whist
from tournaments.rotations.designs.whist import plus_one as whist_plus_one
from tournaments.rotations.planners import progressive
from tournaments.rotations.planners.progressive import complete_schedules
from tournaments.rotations.quality import report
from tournaments.rotations.schedule import Schedule


def names(n: int) -> list[str]:
    return [f"P{i:04d}" for i in range(n)]


@pytest.mark.parametrize("v", sorted(whist_plus_one.STORED))
def test_complete_schedule_meets_the_4m_plus_2_target(v: int) -> None:
    n = v + 1
    assert not whist.cyclic(v)  # the closed construction does not apply
    assert progressive.is_exact_complete(n)
    players = names(n)
    rounds = progressive.generate(players, seed=n)
    q = report(Schedule("progressive", tuple(players), rounds))
    assert len(rounds) == n
    assert all(len(r.byes) == 2 for r in rounds)
    assert q.byes_min == q.byes_max == 2
    assert q.longest_bye_run == 1
    assert q.max_partner_meetings == 1
    assert q.max_opponent_meetings == 3


def test_a_stored_entry_that_does_not_fit_the_design_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c, replaced, extra = whist_plus_one.STORED[25]
    design = whist.design(25)
    assert whist_plus_one.extend(design) is not None
    broken = (extra[1], extra[0], *extra[2:])  # same partners: still fine
    monkeypatch.setitem(whist_plus_one.STORED, 25, (c, replaced, broken))
    assert whist_plus_one.extend(design) is not None
    broken = (extra[2], extra[1], extra[0], *extra[3:])  # two pairs that partnered already
    monkeypatch.setitem(whist_plus_one.STORED, 25, (c, replaced, broken))
    assert whist_plus_one.extend(design) is None
    swapped = (replaced[1], replaced[0], *replaced[2:])  # z in the wrong rounds
    monkeypatch.setitem(whist_plus_one.STORED, 25, (c, swapped, extra))
    assert whist_plus_one.extend(design) is None


def test_every_non_cyclic_whist_design_below_200_has_stored_replacements() -> None:
    non_cyclic = [
        v for v in range(5, 200, 4) if whist.available(v, search_steps=0) and not whist.cyclic(v)
    ]
    assert non_cyclic == sorted(whist_plus_one.STORED)


def test_without_a_stored_entry_the_fallback_still_never_repeats_a_partner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    n = 106  # Wh(105) is a direct product: without its entry there is no exact plan
    monkeypatch.delitem(whist_plus_one.STORED, 105)
    complete_schedules._plus_one.cache_clear()
    try:
        assert not progressive.is_exact_complete(n)
        players = names(n)
        rounds = progressive.generate(players)
    finally:
        complete_schedules._plus_one.cache_clear()
    q = report(Schedule("progressive", tuple(players), rounds))
    assert q.max_partner_meetings == 1
    assert q.byes_max - q.byes_min <= 1
