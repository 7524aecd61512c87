"""No English left on a page or a printout where the language's catalogue has the words.

Each page an organiser or a player reads, and each kind of printout, is rendered in every
language the site speaks besides English; any English message the catalogue translates,
found verbatim in what a reader sees, is a leftover: text not marked for translation, or
marked in one place and written out by hand in another.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import trans_real

from tests.integration.test_printed_fit import make_event, printed, save_pngs
from tests.pdf_layout import read_pages
from tournaments.card_links import card_token
from tournaments.models import Player, PrintJob, Round, Table

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S | re.I)
READ_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', re.I)
BUTTON_VALUE = re.compile(r'<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"', re.I)


def long_enough(segment: str) -> bool:
    return len(segment) >= 8 or len(segment.split()) >= 2


def english_leftovers(language: str) -> dict[str, re.Pattern]:
    """Each translated English message, as the longest fixed piece a reader would see."""
    catalogue = trans_real.translation(language)._catalog
    found = {}
    for msgid, msgstr in catalogue.items():
        if not isinstance(msgid, str) or not msgid or not msgstr or msgstr == msgid:
            continue
        pieces = [p.strip() for p in PLACEHOLDER.split(msgid.split("\x04")[-1])]
        piece = max(pieces, key=len)
        if long_enough(piece) and piece not in msgstr:
            found[msgid] = re.compile(r"(?<!\w)" + re.escape(piece) + r"(?!\w)")
    return found


def visible_text(page: str) -> str:
    """What a reader sees: the text between the tags and the attributes read aloud or shown."""
    page = HIDDEN.sub(" ", page)
    said = READ_ATTRIBUTES.findall(page) + BUTTON_VALUE.findall(page)
    text = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(" ".join([text, *said])))


def leftovers_in(text: str, language: str) -> list[str]:
    return sorted(m for m, pattern in english_leftovers(language).items() if pattern.search(text))


def staged_event():
    """One night in each state that shows different words: set up, rotation made,
    a round in play, a round closed."""
    tournament = make_event(players=13, rounds=3)
    Round.objects.filter(tournament=tournament, number=1).update(status="closed")
    Round.objects.filter(tournament=tournament, number=2).update(status="in-play")
    # One player's card reissued (tournaments.services.reissue): their first card is dead.
    replaced = tournament.players.order_by("pk").last()
    Player.objects.filter(pk=replaced.pk).update(card_version=2, reprint_since=timezone.now())
    return tournament


def page_urls(tournament) -> dict[str, str]:
    pk = tournament.pk
    table = Table.objects.filter(round__tournament=tournament, round__number=2).first()
    seat = table.seats.first()
    player = tournament.players.first()
    replaced = tournament.players.order_by("pk").last()
    return {
        "home": reverse("home"),
        "new tournament": reverse("tournament-create"),
        "tournament": reverse("tournament-detail", args=[pk]),
        "edit tournament": reverse("tournament-edit", args=[pk]),
        "add player": reverse("player-add", args=[pk]),
        "import players": reverse("player-import", args=[pk]),
        "round closed": reverse("round-detail", args=[pk, 1]),
        "round in play": reverse("round-detail", args=[pk, 2]),
        "round waiting": reverse("round-detail", args=[pk, 3]),
        "changes": reverse("change-form", args=[pk]),
        "print": reverse("print-request", args=[pk]),
        "public night": reverse("tournament-public", args=[pk]),
        "player seat": reverse("player-seat", args=[pk, player.pk]),
        "player (organiser)": reverse("player-detail", args=[pk, player.pk]),
        "reissued player": reverse("player-detail", args=[pk, replaced.pk]),
        "reissue card": reverse("card-reissue", args=[pk, player.pk]),
        "replaced card": reverse("card-link", args=[card_token(replaced.pk)]),
        "standings": reverse("standings-page", args=[pk]),
        "projector": reverse("standings-projector", args=[pk]),
        "table entry (phone)": reverse("table-entry", args=[table.token]),
        "table history": reverse("table-history", args=[table.token]),
        "seat entry": reverse("seat-entry", args=[seat.token]),
        "seasons": reverse("season-list"),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_shows_english_the_catalogue_translates(client, language):
    tournament = staged_event()
    urls = page_urls(tournament)
    client.force_login(tournament.owner)
    headers = {"accept-language": language}
    failures = []
    for name, url in urls.items():
        response = client.get(url, headers=headers, follow=True)
        text = visible_text(response.content.decode())
        failures += [f"{language} {name} ({url}): {m!r}" for m in leftovers_in(text, language)]
    client.logout()
    for name, url in {
        "sign in": reverse("login"),
        "not found": "/no-such-page/",
        "someone else's night": reverse("tournament-detail", args=[tournament.pk]),
    }.items():
        text = visible_text(client.get(url, headers=headers, follow=True).content.decode())
        failures += [f"{language} {name} ({url}): {m!r}" for m in leftovers_in(text, language)]
    assert failures == [], "\n".join(failures)


@pytest.mark.parametrize("kind", PrintJob.Kind.values)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_printout_shows_english_the_catalogue_translates(kind, language):
    tournament = staged_event()
    with translation.override(language):
        data, _planned = printed(tournament, kind)
    text = " ".join(run.text for page in read_pages(data) for run in page.runs)
    text = re.sub(r"\s+", " ", text)
    # Left for a native reader to look over (test-artifacts/translations-<kind>-<language>-1.png).
    save_pngs(f"translations-{kind}-{language}", data)
    assert leftovers_in(text, language) == []
