"""Building a RuleSet from a variant name and options."""

from __future__ import annotations

import pytest

from scoring.engine import VARIANTS, EngineError, rule_set


def code_of(variant: object, options: dict[str, object]) -> str:
    with pytest.raises(EngineError) as caught:
        rule_set(variant, options)  # type: ignore[arg-type]
    return caught.value.code


@pytest.mark.parametrize(
    ("variant", "players", "deck", "target"),
    [
        ("north-american", 4, 24, 10),
        ("british", 4, 25, 11),
        ("six-handed", 6, 33, 11),
        ("two-handed", 2, 24, 10),
        ("three-handed", 3, 24, 10),
    ],
)
def test_variant_defaults(variant, players, deck, target):
    rules = rule_set(variant, {})
    assert (rules.players, rules.deck.size, rules.target) == (players, deck, target)


def test_all_five_variants_are_known():
    assert set(VARIANTS) == {
        "north-american",
        "british",
        "six-handed",
        "two-handed",
        "three-handed",
    }


def test_unknown_variant():
    assert code_of("cutthroat", {}) == "unknown_variant"
    assert code_of(None, {}) == "unknown_variant"


def test_unknown_option():
    assert code_of("north-american", {"railroading": True}) == "unknown_option"


@pytest.mark.parametrize(
    "options",
    [
        {"stick_the_dealer": "maybe"},
        {"defender_alone": "sometimes"},
        {"target": 12},
        {"target": "ten"},
        {"target": True},
        {"deck": 25},
        {"super_euchre": 1.5},
    ],
)
def test_bad_option_values(options):
    assert code_of("north-american", options) == "bad_option"


def test_option_values_from_the_command_line_are_strings():
    rules = rule_set(
        "north-american",
        {
            "stick_the_dealer": "true",
            "target": "11",
            "deck": "32",
            "super_euchre": "False",
            "defender_alone": "vs_lone_maker",
        },
    )
    assert rules.stick_the_dealer and not rules.super_euchre
    assert (rules.target, rules.deck.size, rules.defender_alone) == (11, 32, "vs_lone_maker")


def test_british_always_plays_dealer_partner_alone():
    assert rule_set("british", {}).dealer_partner_alone
    assert rule_set("british", {"dealer_partner_alone": True}).dealer_partner_alone
    assert code_of("british", {"dealer_partner_alone": False}) == "bad_option"


def test_dealer_partner_alone_is_north_american_only_elsewhere():
    assert code_of("six-handed", {"dealer_partner_alone": True}) == "bad_option"
    assert not rule_set("six-handed", {"dealer_partner_alone": False}).dealer_partner_alone


def test_two_handed_has_no_loner_options():
    assert code_of("two-handed", {"no_loner_after_pass": True}) == "bad_option"
    assert code_of("two-handed", {"defender_alone": "never"}) == "bad_option"


@pytest.mark.parametrize(
    ("variant", "decks"),
    [
        ("north-american", (24, 32)),
        ("british", (25, 33, 24, 32)),
        ("six-handed", (33, 50)),
        ("two-handed", (24, 32)),
        ("three-handed", (24, 32)),
    ],
)
def test_decks_each_variant_allows(variant, decks):
    for size in (24, 25, 32, 33, 50):
        if size in decks:
            assert rule_set(variant, {"deck": size}).deck.size == size
        else:
            assert code_of(variant, {"deck": size}) == "bad_option"


def test_error_keeps_its_template_and_params_for_translation():
    with pytest.raises(EngineError) as caught:
        rule_set("north-american", {"target": 12})
    error = caught.value
    assert error.template % error.params == error.message
    assert "%(" in error.template
