"""The turn-up's suit is tapped, not typed: a suit button stores that suit in every
language, a typed letter that means another suit in the reader's language is refused,
and the API's trump message keeps the values it accepts in English."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from scoring.models import TableResult
from tests.integration.test_api_tables import api, entry, with_table_token
from tests.integration.test_scoring_services import hand, seated_table
from tests.integration.test_scoring_views import as_scorer, form_values, hand_post, page

# Portuguese is becoming pt-br: whichever code the settings have.
READERS = [code for code, _name in settings.LANGUAGES if code != "en"]
HEARTS = {"it": "cuori", "pt": "copas", "pt-br": "copas", "pl": "kier"}


def _button(html: str, suit: str) -> str:
    """The label drawn as the button of `suit`, radio included."""
    for label in re.findall(r"<label [^>]*>(?:(?!</label>).)*</label>", html, re.S):
        if f'name="turn_up_suit" value="{suit}"' in label:
            return label
    return ""


def _entry_page(client, language, **table):
    table, seats = seated_table(hand_entry="detailed", **table)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    as_scorer(client, table, seats[0])
    return table, client.get(page(table)).content.decode()


@pytest.mark.parametrize("language", READERS)
def test_the_hearts_button_stores_hearts_in_the_readers_language(client, db, language):
    table, html = _entry_page(client, language)
    hearts = _button(html, "hearts")
    assert 'class="suit-button suit-red"' in hearts and "♥" in hearts
    assert f'<span class="suit-name">{HEARTS[language]}</span>' in hearts
    response = client.post(
        page(table),
        {**hand_post(0, 1, 3), "turn_up_rank": "J", "turn_up_suit": "hearts", **form_values(html)},
        follow=True,
    )
    assert TableResult.objects.get(table=table).hands[0]["turn_up"] == "JH"
    # The saved hand tells the turn-up in the reader's words: the jack as the reader's
    # cards print it (W on Polish packs), then the suit.
    jack = {"it": "J", "pt": "J", "pt-br": "J", "pl": "W"}[language]
    assert f"{jack}♥ ({HEARTS[language]})" in response.content.decode()


def test_a_32_card_pack_offers_its_7s_and_8s_and_a_24_card_pack_does_not(client, db):
    _table, short = _entry_page(client, "en")
    assert '<option value="9">' in short and '<option value="7">' not in short
    assert "Benny" not in short  # no joker in the North American pack
    _table, long = _entry_page(client, "en", options={"deck": 32})
    assert '<option value="7">' in long and '<option value="8">' in long


def test_a_rank_without_its_suit_is_asked_for_and_nothing_is_stored(client, db):
    table, html = _entry_page(client, "en")
    response = client.post(
        page(table), {**hand_post(0, 1, 3), "turn_up_rank": "9", **form_values(html)}
    )
    assert "Tap the turn-up&#x27;s suit." in response.content.decode()
    assert not TableResult.objects.exists()


@pytest.mark.parametrize(
    ("language", "english", "suit"), [("it", "fiori", "cuori"), ("pt", "paus", "copas")]
)
def test_a_typed_c_in_italian_or_portuguese_is_refused_naming_both_suits(
    client, db, language, english, suit
):
    if language not in READERS:
        language = "pt-br"
    table, html = _entry_page(client, language)
    # As a page saved before the suit buttons posts it: typed text.
    response = client.post(
        page(table), {**hand_post(0, 1, 3, trump="clubs"), "turn_up": "9C", **form_values(html)}
    )
    shown = response.content.decode()
    assert response.status_code == 400
    # Both readings are named, so the scorer sees why their C was not taken.
    error = re.search(r'class="errorlist"[^>]*>(.*?)</ul>', shown, re.S).group(1)
    # In the reader's words: the letter and both suits it could be.
    assert "C " in error and english in error and suit in error
    assert not TableResult.objects.exists()


def test_english_letters_typed_in_english_are_read_as_the_api_documents(client, db):
    table, html = _entry_page(client, "en")
    client.post(
        page(table), {**hand_post(0, 1, 3, trump="clubs"), "turn_up": "9c", **form_values(html)}
    )
    assert TableResult.objects.get(table=table).hands[0]["turn_up"] == "9C"


@pytest.mark.parametrize("language", READERS)
def test_the_apis_trump_message_keeps_the_values_it_accepts_in_english(db, language):
    table, seats = seated_table(hand_entry="detailed")
    response = with_table_token(table).post(
        api(table, "hands/"),
        entry([hand(0, 1, 3, trump="cuori")], seat=seats[0]),
        format="json",
        headers={"accept-language": language},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_trump"
    for literal in ("clubs", "diamonds", "hearts", "spades"):
        assert literal in body["message"]
    assert f"hearts ({HEARTS[language]})" in body["message"]


def test_no_rank_is_no_turn_up_even_with_a_suit_still_tapped(client, db):
    table, html = _entry_page(client, "en")
    client.post(
        page(table),
        {**hand_post(0, 1, 3), "turn_up_rank": "", "turn_up_suit": "hearts", **form_values(html)},
    )
    assert "turn_up" not in TableResult.objects.get(table=table).hands[0]


def _rank_options(html: str) -> dict[str, str]:
    select = re.search(r'<select name="turn_up_rank".*?</select>', html, re.S)
    assert select, "no turn-up rank select"
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(0)))


@pytest.mark.parametrize("language", READERS)
def test_the_turn_up_ranks_are_named_as_the_catalogue_names_card_ranks(client, db, language):
    """The face cards and the ace are shown as the reader's catalogue writes them in the
    "card rank" context (Polish packs print W, D, K), and posted as the engine's
    letters whatever the label."""
    from django.utils import translation
    from django.utils.translation import pgettext

    _table, html = _entry_page(client, language)
    options = _rank_options(html)
    assert list(options) == ["", "9", "10", "J", "Q", "K", "A"]
    assert options["9"] == "9" and options["10"] == "10"
    with translation.override(language):
        for rank in ("J", "Q", "K", "A"):
            assert options[rank] == pgettext("card rank", rank), (language, rank)


def test_a_polish_page_offers_the_polish_jack_and_still_posts_j(client, db):
    table, html = _entry_page(client, "pl")
    options = _rank_options(html)
    # Polish packs print W (walet), D (dama), K (król).
    assert [options[rank] for rank in ("J", "Q", "K", "A")] == ["W", "D", "K", "A"]
    client.post(
        page(table),
        {**hand_post(0, 1, 3), "turn_up_rank": "J", "turn_up_suit": "hearts", **form_values(html)},
    )
    assert TableResult.objects.get(table=table).hands[0]["turn_up"] == "JH"
