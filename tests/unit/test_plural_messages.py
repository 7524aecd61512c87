"""Messages that count something pick the singular for one: "1 point", never "1 points".

They are declared plural (ngettext), so each language gets its own forms too."""

from __future__ import annotations

import pytest
from django.utils import translation

from leagues.models import Season
from leagues.selectors.seasons import season_rule_text
from scoring import standings as maths
from scoring.engine import EngineError, check_round_totals, rule_set
from scoring.messages import engine_message
from scoring.night_standings import settings as standings_settings
from tournaments.rotations import RotationError
from tournaments.services.common import rotation_words


def test_a_bye_worth_one_point_says_point():
    with translation.override("en"):
        fixed = maths.ByeValue.FIXED
        assert standings_settings.bye_text(maths.ByeRule(fixed, 1)) == "A bye scores 1 point."
        assert standings_settings.bye_text(maths.ByeRule(fixed, 2)) == "A bye scores 2 points."


def test_a_season_rule_counting_one_says_one_night_and_one_point():
    one = Season(
        best_of=1, missed_night=Season.MissedNightRule.FIXED, missed_night_points=1, min_nights=2
    )
    with translation.override("en"):
        text = season_rule_text(one)
        assert "A missed night scores 1 point," in text
        assert "The best night of each member counts" in text
        assert "fewer than 2 nights" in text
        assert "So far the season has 1 night, so" in season_rule_text(Season(best_of=3), nights=1)
        assert "So far the season has 2 nights, so" in season_rule_text(Season(best_of=3), nights=2)
        assert "The best 3 nights of each member count." in season_rule_text(
            Season(best_of=3), nights=2
        )


def test_a_refusal_that_counts_one_says_it_in_the_singular():
    from core.errors import DomainError

    with translation.override("en"):
        assert DomainError("bad_totals", count=1).message == (
            "Give one whole number of points for the 1 side."
        )
        assert DomainError("bad_totals", count=3).message == (
            "Give one whole number of points for each of the 3 sides."
        )
        assert DomainError("players_not_divisible", count=1, size=2).message.startswith(
            "1 player is not in a team"
        )


def test_a_page_counting_one_hand_says_hand():
    from types import SimpleNamespace

    from django.template.loader import render_to_string

    def totals_help(hands: int) -> str:
        summary = SimpleNamespace(
            has_partners=True,
            finished=False,
            tournament=SimpleNamespace(hands_per_round=hands),
        )
        with translation.override("en"):
            return render_to_string("scoring/_totals_form.html", {"summary": summary})

    assert "after the round's 1 hand." in totals_help(1)
    assert "after the round's 8 hands." in totals_help(8)


def _refusal_of_round_totals(totals: list[int], hands: int) -> str:
    with pytest.raises(EngineError) as refused:
        check_round_totals(rule_set("north-american"), totals, hands)
    with translation.override("en"):
        return engine_message(refused.value)


def test_the_engine_tells_one_hand_in_the_singular_and_two_in_the_plural():
    assert _refusal_of_round_totals([1, 1, 1, 1], 1) == (
        "1 hand of North American Euchre cannot give totals 1-1-1-1."
    )
    assert _refusal_of_round_totals([0, 0, 0, 0], 2) == (
        "2 hands of North American Euchre cannot give totals 0-0-0-0."
    )


def test_the_seating_refusal_tells_one_player_in_the_singular_and_two_in_the_plural():
    def shown(count: int) -> str:
        refusal = RotationError("players_not_divisible", count=count, size=3)
        with translation.override("en"):
            return str(rotation_words(refusal.template, refusal.params))

    assert shown(1) == "1 player cannot be split into teams of 3."
    assert shown(2) == "2 players cannot be split into teams of 3."
