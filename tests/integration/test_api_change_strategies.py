"""Changes on the night by API, with the two ways to re-plan the rounds still to play:
"fewest" mends the planned rounds, "balance" plans them afresh. A client compares both
side by side, previews one and applies the one the organiser chose."""

from __future__ import annotations

import pytest
import yaml

from tests.factories import UserFactory
from tests.integration.test_api import client_for, url
from tests.integration.test_tournament_services import progressive
from tournaments import selectors, services
from tournaments.models import Player

pytestmark = pytest.mark.django_db

BOGUS_STRATEGY = (
    'strategy: Choose "fewest" (move as few seats as possible) or "balance" '
    "(plan the remaining rounds afresh for the best balance)."
)


@pytest.fixture
def night():
    """Thirteen players, six rounds, round 1 in play; Ada Byron has to leave."""
    tournament = progressive(rounds=6)
    services.start_round(round=tournament.rounds.get(number=1))
    ada = tournament.players.get(name="Ada Byron")
    return tournament, {"withdraw": [ada.pk]}


def post(tournament, tail: str, body: dict, user=None):
    return client_for(user or tournament.owner).post(url(tournament, tail), body, format="json")


def stored_seating(tournament) -> dict[int, tuple[list, list]]:
    """Every stored round's tables (sides by name) and byes, by round number."""
    return {
        rnd.number: ([[list(side) for side in t.sides] for t in rnd.tables], sorted(rnd.byes))
        for rnd in selectors.schedule_of(tournament).rounds
    }


def test_compare_answers_both_plans_with_the_counts_an_organiser_chooses_by(night):
    tournament, body = night
    assert post(tournament, "changes/compare/", body, user=UserFactory()).status_code == 403
    before = stored_seating(tournament)

    answer = post(tournament, "changes/compare/", body)
    assert answer.status_code == 200, answer.json()
    plans = answer.json()
    assert set(plans) == {"fewest", "balance"}
    for strategy, plan in plans.items():
        assert plan["strategy"] == strategy
        assert plan["withdrawn"] == ["Ada Byron"] and plan["first_round"] == 2
        assert plan["players_moved"] == len(plan["seat_changes"]) > 0
        assert plan["seat_changes"] == sorted(plan["seat_changes"])
        assert "Ada Byron" not in plan["seat_changes"]
        assert plan["sit_elsewhere"] == plan["players_moved"]
        assert plan["new_partner_or_opponent"] == len(plan["new_partner_or_opponent_players"])
        # The leaver's own card is not printed again; every card that changed is.
        assert "Ada Byron" not in plan["moved_players"]
        assert set(plan["moved_players"]) == set(plan["seat_changes"]) | set(
            plan["new_partner_or_opponent_players"]
        )
        assert plan["scorecards_to_reprint"] == len(plan["moved_players"])
        # Every round still to play is listed with its byes; `rounds` keeps only those
        # that change, each with the seats that move in it.
        remaining = plan["remaining_rounds"]
        assert [r["number"] for r in remaining] == [2, 3, 4, 5, 6]
        assert all("Ada Byron" not in r["byes"] for r in remaining)
        changed = {r["number"]: r for r in remaining if r["changed"]}
        assert {r["number"]: r["moved"] for r in plan["rounds"]} == {
            n: r["moved"] for n, r in changed.items()
        }
        assert plan["seats_moved"] == sum(len(r["moved"]) for r in remaining)
        assert set().union(*(r["moved"] for r in remaining)) == set(plan["seat_changes"])
        assert plan["quality_before"]["players"] == 13
        assert plan["quality"]["partner_repeats"] == 0
    fewest, balance = plans["fewest"], plans["balance"]
    assert fewest["players_moved"] < balance["players_moved"]
    assert fewest["seats_moved"] < balance["seats_moved"]
    assert fewest["fingerprint"] != balance["fingerprint"]
    # Comparing writes nothing.
    assert stored_seating(tournament) == before
    assert Player.objects.get(name="Ada Byron", tournament=tournament).active


def test_preview_answers_the_plan_of_the_strategy_asked_for(night):
    tournament, body = night
    plans = post(tournament, "changes/compare/", body).json()
    # Without a strategy the preview is the one it always was: fewest changes.
    default = post(tournament, "changes/preview/", body).json()
    assert default["strategy"] == "fewest"
    assert default == plans["fewest"]
    balance = post(tournament, "changes/preview/", {**body, "strategy": "balance"}).json()
    assert balance == plans["balance"]


def test_apply_with_best_balance_stores_the_balance_plan_previewed(night):
    tournament, body = night
    body = {**body, "strategy": "balance"}
    preview = post(tournament, "changes/preview/", body).json()
    before = stored_seating(tournament)

    applied = post(tournament, "changes/", {**body, "fingerprint": preview["fingerprint"]})
    assert applied.status_code == 200, applied.json()
    assert applied.json()["change"] == preview
    assert not Player.objects.get(name="Ada Byron", tournament=tournament).active
    after = stored_seating(tournament)
    assert after[1] == before[1]  # round 1 is in play and stays as it is
    for rnd in preview["remaining_rounds"]:
        assert after[rnd["number"]][1] == sorted(rnd["byes"])
    for rnd in preview["rounds"]:
        tables, _byes = after[rnd["number"]]
        for table in rnd["tables"]:
            if table["after"]:
                assert tables[table["number"] - 1] == table["after"]
    assert len(after[2][0]) == 3  # twelve players now: three tables, nobody sits out


def test_a_preview_applied_with_another_strategy_or_after_the_plan_moved_on_is_a_conflict(night):
    tournament, body = night
    balance = post(tournament, "changes/preview/", {**body, "strategy": "balance"}).json()
    # The fingerprint is the balance plan's: confirming "fewest" with it is refused.
    mixed = post(tournament, "changes/", {**body, "fingerprint": balance["fingerprint"]})
    assert mixed.status_code == 409 and mixed.json()["error"] == "stale_preview"

    services.apply_change(tournament=tournament, arrive=["Late Larry"])  # someone else
    stale = post(
        tournament,
        "changes/",
        {**body, "strategy": "balance", "fingerprint": balance["fingerprint"]},
    )
    assert stale.status_code == 409 and stale.json()["error"] == "stale_preview"
    assert Player.objects.get(name="Ada Byron", tournament=tournament).active


@pytest.mark.parametrize("tail", ["changes/preview/", "changes/"])
@pytest.mark.parametrize("strategy", ["random", "", "Fewest", 3])
def test_an_unknown_strategy_is_refused_naming_the_two_there_are(night, tail, strategy):
    tournament, body = night
    before = stored_seating(tournament)
    answer = post(tournament, tail, {**body, "strategy": strategy})
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid"
    assert answer.json()["message"] == BOGUS_STRATEGY
    assert stored_seating(tournament) == before


def test_the_schema_documents_compare_and_the_strategy(client, db):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    compare = schema["paths"]["/api/tournaments/{id}/changes/compare/"]["post"]
    assert compare["description"].startswith("Both plans of the change side by side")
    components = schema["components"]["schemas"]
    strategy = components["ChangeRequest"]["properties"]["strategy"]
    assert strategy["default"] == "fewest" and "`balance`: plan" in strategy["description"]
    assert components["StrategyEnum"]["enum"] == ["fewest", "balance"]
    assert "strategy" not in components["ChangeCompare"]["properties"]
    assert set(components["ChangeComparison"]["properties"]) == {"fewest", "balance"}
    change = components["RotationChange"]["properties"]
    assert {
        "strategy",
        "seat_changes",
        "players_moved",
        "seats_moved",
        "scorecards_to_reprint",
        "quality_before",
        "remaining_rounds",
    } <= set(change)
    assert "moved" in components["RoundChange"]["properties"]
