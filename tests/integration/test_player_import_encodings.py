"""An uploaded player list is shown, read in a guessed encoding, before anything is
stored: a Polish Windows file is not stored as "£ukasz", a Chinese one not as
Korean, and the organiser can read it again in another encoding.
"""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.errors import DomainError
from tournaments import services

pytestmark = pytest.mark.django_db

# Appendix C of the review: charset-normalizer alone reads this as Windows-1252.
MIXED = ["John Smith", "Mary Jones", "Łukasz Nowak", "Peter Brown", "Ann Lee", "Tom Hall"]
MIXED_CP1250 = "\n".join(MIXED).encode("cp1250")
CHINESE = ["张伟", "王芳", "李娜", "刘洋", "陈静"]
CHINESE_GB18030 = "\n".join(CHINESE).encode("gb18030")


@pytest.fixture
def tournament(organiser):
    return services.create_tournament(
        owner=organiser,
        name="Tuesday club night",
        date=datetime.date(2026, 12, 1),
        variant="north-american",
        options={},
        format="progressive",
        round_play="hands",
        hands_per_round=8,
        rounds_planned=4,
    )


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def upload(client, tournament, data: bytes, **headers):
    url = reverse("player-import", args=[tournament.pk])
    return client.post(url, {"file": SimpleUploadedFile("players.csv", data)}, **headers)


def preview_post(client, tournament, page: str, **fields):
    """What the preview page's form sends: its hidden fields, then `fields`."""
    hidden = dict(re.findall(r'<input type="hidden" name="(content|shown)" value="([^"]*)"', page))
    posted = {name: html.unescape(value) for name, value in hidden.items()}
    posted.setdefault("encoding", posted.get("shown"))
    url = reverse("player-import", args=[tournament.pk])
    return client.post(url, {**posted, **fields})


def shown(page: str) -> list[str]:
    """The names in the preview's list, as the organiser reads them."""
    found = re.search(r'<ol class="import-names">(.*?)</ol>', page, re.S)
    assert found, "no preview on the page"
    return [html.unescape(name) for name in re.findall(r"<li>([^<]*)", found.group(1))]


def stored(tournament) -> list[str]:
    return sorted(tournament.players.values_list("name", flat=True))


def test_a_short_polish_file_on_a_polish_page_shows_lukasz_and_stores_only_on_confirm(
    organiser_client, tournament
):
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"

    response = upload(organiser_client, tournament, MIXED_CP1250)

    page = response.content.decode()
    assert response.status_code == 200
    assert shown(page) == MIXED
    assert "Windows-1250" in page
    assert stored(tournament) == []  # a preview stores nothing

    confirmed = preview_post(organiser_client, tournament, page, action="confirm")
    assert confirmed.status_code == 302
    assert stored(tournament) == sorted(MIXED)


def test_in_english_the_guess_is_shown_and_windows_1250_reads_it_right(
    organiser_client, tournament
):
    page = upload(organiser_client, tournament, MIXED_CP1250).content.decode()
    # The guess a short mostly-English file gets; shown, named, not stored.
    assert "£ukasz Nowak" in shown(page) and "Windows-1252" in page
    assert stored(tournament) == []

    again = preview_post(organiser_client, tournament, page, action="read", encoding="cp1250")
    page = again.content.decode()
    assert again.status_code == 200
    assert shown(page) == MIXED
    assert stored(tournament) == []

    # The select moved again but not read: what is stored is what was shown.
    confirmed = preview_post(
        organiser_client, tournament, page, action="confirm", encoding="cp1252"
    )
    assert confirmed.status_code == 302
    assert "Łukasz Nowak" in stored(tournament)


def test_a_gb18030_file_of_chinese_names_reads_as_chinese(organiser_client, tournament):
    # The site has no Chinese pages; the browser's languages still count.
    response = upload(
        organiser_client, tournament, CHINESE_GB18030, HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert shown(page) == CHINESE and "GB18030" in page
    assert stored(tournament) == []

    assert preview_post(organiser_client, tournament, page, action="confirm").status_code == 302
    assert stored(tournament) == sorted(CHINESE)


def test_a_chinese_file_guessed_wrong_is_put_right_by_choosing_gb18030(
    organiser_client, tournament
):
    page = upload(organiser_client, tournament, CHINESE_GB18030).content.decode()
    again = preview_post(organiser_client, tournament, page, action="read", encoding="gb18030")
    assert shown(again.content.decode()) == CHINESE
    preview_post(organiser_client, tournament, again.content.decode(), action="confirm")
    assert stored(tournament) == sorted(CHINESE)


def test_a_utf8_file_is_shown_then_stored_with_one_click(organiser_client, tournament):
    names = ["Zoë Müller", "Åsa Berg", "Łukasz Nowak", "João Silva"]
    page = upload(organiser_client, tournament, "\n".join(names).encode("utf-8-sig"))
    assert "UTF-8" in page.content.decode()
    preview_post(organiser_client, tournament, page.content.decode(), action="confirm")
    assert stored(tournament) == sorted(names)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"action": "read", "encoding": "rot13"}, "Select a valid choice"),
        ({"action": "confirm", "shown": "nonsense"}, "Select a valid choice"),
        ({"action": "confirm", "content": "not base64!"}, "upload it again"),
        ({"action": "read", "encoding": "utf-8"}, "cannot be read as UTF-8"),
        ({"action": "confirm", "shown": "utf-8"}, "cannot be read as UTF-8"),
    ],
)
def test_a_bad_encoding_choice_is_a_plain_400_and_stores_nothing(
    organiser_client, tournament, fields, said
):
    page = upload(organiser_client, tournament, MIXED_CP1250).content.decode()

    response = preview_post(organiser_client, tournament, page, **fields)

    assert response.status_code == 400
    assert said in html.unescape(response.content.decode())
    assert stored(tournament) == []


def test_an_upload_that_is_no_text_in_any_encoding_is_a_plain_400(organiser_client, tournament):
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"
    response = upload(organiser_client, tournament, png)
    assert response.status_code == 400
    assert "not a list of names" in response.content.decode()
    assert stored(tournament) == []


def test_the_service_refuses_bytes_in_another_encoding_rather_than_guess(tournament):
    with pytest.raises(DomainError) as refused:
        services.import_players(tournament=tournament, text=MIXED_CP1250)
    assert refused.value.code == "import_encoding"
    assert stored(tournament) == []

    services.import_players(tournament=tournament, text=MIXED_CP1250, encoding="cp1250")
    assert "Łukasz Nowak" in stored(tournament)
