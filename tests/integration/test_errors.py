"""Refusals: every key in the one catalog has words and a status, is worded in the
reader's language when shown, and old call shapes keep working while raises move over."""

from __future__ import annotations

import ast
import datetime
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import trans_real
from rest_framework.test import APIClient

from core.error_catalog import CATALOG, HTTP_STATUS, SEATING_REFUSED
from core.error_catalog import entry as catalog_entry
from core.errors import DomainError
from scoring.throttle import TooManyTries
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Tournament
from tournaments.printing.services import PrintingUnavailable, PrintRequestError
from tournaments.rotations import RotationError
from tournaments.rotations.errors import MESSAGES as ROTATION_MESSAGES
from tournaments.services.common import rotation_words

LANGUAGES = ["en", "it", "pt-br", "pl"]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
ROOT = Path(__file__).resolve().parents[2]


def msgids(words: object) -> list[str]:
    """The English sources of an entry: lazy ones keep theirs in their arguments (the
    plural's singular and plural in keywords)."""
    if isinstance(words, str):
        return [words]
    return list(words._args) or [words._kw["singular"], words._kw["plural"]]


def sample_params(words: object, count: int = 1) -> dict[str, object]:
    params: dict[str, object] = {
        name: f"<{name}>" for text in msgids(words) for name in PLACEHOLDER.findall(text)
    }
    if not isinstance(words, str) and "plural" in getattr(words, "_kw", {}):
        params["count"] = count
    return params


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_every_refusal_has_words_and_an_http_status(key):
    entry = CATALOG[key]
    assert all(text.strip() for text in msgids(entry.words))
    assert 400 <= HTTP_STATUS[entry.kind] < 600
    assert DomainError(key).status == HTTP_STATUS[entry.kind]


def test_a_code_said_in_several_ways_has_one_status():
    statuses: dict[str, set[int]] = {}
    for key, entry in CATALOG.items():
        statuses.setdefault(key.partition(":")[0], set()).add(HTTP_STATUS[entry.kind])
    assert {code: s for code, s in statuses.items() if len(s) > 1} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_renders_whole_in_each_language(language):
    """A translation that drops or misspells a placeholder would show English (or
    crash before); each one must fill in with exactly the params the raise gives."""
    broken = []
    with translation.override(language):
        for key, entry in CATALOG.items():
            for count in (1, 2, 5):
                params = sample_params(entry.words, count)
                try:
                    if isinstance(entry.words, str):
                        filled = translation.gettext(entry.words) % params
                    else:
                        filled = str(entry.words % params)
                except (KeyError, TypeError, ValueError) as error:
                    broken.append((key, repr(error)))
                    continue
                shown = DomainError(key, **params).message
                if not shown or "%(" in shown or shown != filled:
                    broken.append((key, shown))
        for code, template in ROTATION_MESSAGES.items():
            shown = str(rotation_words(template, sample_params(template)))
            if not shown or "%(" in shown:
                broken.append((f"rotation: {code}", shown))
    assert broken == []


def test_every_key_a_service_raises_is_in_the_catalog():
    """Raises with a literal key, anywhere in the apps: a key missing here would be
    answered as a plain 400 with its code for words."""
    classes = {"DomainError", "PrintRequestError"}
    missing = []
    for app in ("core", "tournaments", "scoring", "leagues"):
        for path in (ROOT / app).rglob("*.py"):
            if "rotations" in path.parts or "engine" in path.parts or "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in classes
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and not (node.func.id == "PrintRequestError" and " " in node.args[0].value)
                    and node.args[0].value not in CATALOG
                ):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.args[0].value}")
    assert missing == []


def test_a_refusal_is_worded_when_shown_not_when_raised():
    with translation.override("en"):
        refused = DomainError("name_too_long", max=120)
    with translation.override("it"):
        assert refused.message == translation.gettext(CATALOG["name_too_long"].words) % {"max": 120}
        assert refused.message != "The name is longer than 120 characters."
    with translation.override("en"):
        assert refused.message == "The name is longer than 120 characters."


def test_the_status_comes_from_the_kind_of_the_key():
    assert DomainError("conflict").status == 409
    assert DomainError("stale_preview:removal").status == 409
    assert DomainError("not_owner").status == 403
    assert DomainError("name_required").status == 400
    assert TooManyTries(wait=30).status == 429
    assert PrintingUnavailable().status == 503
    # A key nobody has entered yet is a plain refusal, with its code as its words.
    assert DomainError("brand_new_code").status == 400


@translation.override("en")
def test_the_older_call_shapes_still_raise_the_one_type():
    legacy = DomainError("bad_merge", "Choose two different members of this season.")
    assert (legacy.code, legacy.message) == (
        "bad_merge",
        "Choose two different members of this season.",
    )
    assert DomainError("import_failed", "Nothing.", details=["Line 2: x"]).details == ["Line 2: x"]
    old_print = PrintRequestError("Paper must be A4 or US letter.")
    assert isinstance(old_print, DomainError) and not isinstance(old_print, ValueError)
    assert not isinstance(RotationError("bad_rounds", rounds=0), ValueError)
    assert old_print.message == "Paper must be A4 or US letter." and old_print.status == 400
    assert PrintRequestError("print_bad_paper").message == "Paper must be A4 or US letter."
    assert RotationError("bad_rounds", "Old words.").message == "Old words."
    assert RotationError("bad_rounds", rounds=0).message == (
        "The number of rounds must be at least 1, got 0."
    )


@translation.override("en")
def test_a_variant_key_answers_its_code():
    refused = DomainError("wrong_code:own_card")
    assert refused.code == "wrong_code"
    assert refused.message == "That is not your card code: check the code on your player card."


# ---------------------------------------------------------------- rotation refusals


def _marked_italian(monkeypatch) -> None:
    """Italian as it will read once translators have done the new sentences: every
    msgid still untranslated gets a marked stand-in keeping its placeholders."""
    italian = trans_real.translation("it")
    real, real_plural = italian.gettext, italian.ngettext

    def stand_in(message: str) -> str:
        return "«it» " + " ".join(f"%({name})s" for name in PLACEHOLDER.findall(message))

    def gettext(message: str) -> str:
        found = real(message)
        return found if found != message else stand_in(message)

    def ngettext(singular: str, plural: str, number: int) -> str:
        found = real_plural(singular, plural, number)
        return found if found not in (singular, plural) else stand_in(plural)

    monkeypatch.setattr(italian, "gettext", gettext)
    monkeypatch.setattr(italian, "ngettext", ngettext)


def _english_words(*templates: str) -> set[str]:
    words = set()
    for template in templates:
        words |= set(re.findall(r"[A-Za-z]{4,}", PLACEHOLDER.sub("", template)))
    return words


@pytest.mark.django_db
def test_an_italian_reader_gets_no_english_from_a_rotation_refusal(monkeypatch):
    tournament = services.create_tournament(
        owner=UserFactory(),
        name="Serata",
        date=datetime.date(2026, 3, 5),
        variant=Tournament.Variant.NORTH_AMERICAN,
        options={},
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        rounds_planned=2,
    )
    services.import_players(tournament=tournament, text="Ann\nBea")
    with translation.override("en"), pytest.raises(DomainError) as refused:
        services.generate_rotation(tournament=tournament)
    assert refused.value.code == "rotation_too_few_players"
    with translation.override("en"):
        assert refused.value.message == (
            "The seating cannot be made: Progressive (partners change every round) needs at least "
            "4 players, got 2."
        )
    _marked_italian(monkeypatch)
    with translation.override("it"):
        italian = refused.value.message
        label = str(Tournament.Format.PROGRESSIVE.label)
    english = _english_words(SEATING_REFUSED, ROTATION_MESSAGES["too_few_players"])
    assert italian and not english & set(re.findall(r"[A-Za-z]{4,}", italian))
    assert "partners change" not in italian and label in italian


@pytest.mark.django_db
def test_the_api_answers_a_rotation_refusal_in_the_language_asked_for(monkeypatch):
    owner = UserFactory()
    tournament = services.create_tournament(
        owner=owner,
        name="Serata",
        date=datetime.date(2026, 3, 5),
        variant=Tournament.Variant.NORTH_AMERICAN,
        options={},
        format=Tournament.Format.PROGRESSIVE,
        round_play=Tournament.RoundPlay.HANDS,
        rounds_planned=2,
    )
    services.import_players(tournament=tournament, text="Ann")
    _marked_italian(monkeypatch)
    client = APIClient()
    client.force_login(owner)
    # The request activates Italian in this thread; the override puts it back after.
    with translation.override("en"):
        response = client.post(
            f"/api/tournaments/{tournament.pk}/generate-rotation/",
            headers={"accept-language": "it"},
        )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "rotation_too_few_players" and body["details"] == []
    english = _english_words(SEATING_REFUSED, ROTATION_MESSAGES["too_few_players"])
    assert not english & set(re.findall(r"[A-Za-z]{4,}", body["message"]))


@translation.override("en")
def test_a_refusal_about_several_rounds_says_rounds():
    one = DomainError("previous_round_not_closed", count=1, number=3, open="2")
    two = DomainError("previous_round_not_closed", count=2, number=3, open="1, 2")
    assert one.message == "Round 3 cannot start until round 2 is closed."
    assert two.message == "Round 3 cannot start until rounds 1, 2 are closed."
    overlap = DomainError("rounds_cannot_overlap", refusal=two)
    assert overlap.message == (
        "Round 3 cannot start until rounds 1, 2 are closed. Only a teams event (fixed "
        "partners) may start a round early."
    )


def test_a_translation_with_a_wrong_placeholder_shows_english_not_a_crash(monkeypatch):
    italian = trans_real.translation("it")
    real = italian.gettext
    words = CATALOG["name_too_long"].words
    monkeypatch.setattr(
        italian, "gettext", lambda m: "Nome oltre %(massimo)s caratteri." if m == words else real(m)
    )
    with translation.override("it"):
        assert DomainError("name_too_long", max=120).message == (
            "The name is longer than 120 characters."
        )


def test_every_rotation_code_is_refused_in_the_seating_words():
    for code in ROTATION_MESSAGES:
        refused = DomainError(f"rotation_{code}", reason="x")
        assert refused.status == 400 and catalog_entry(refused.key).words == SEATING_REFUSED
