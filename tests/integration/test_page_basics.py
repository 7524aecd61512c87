"""What every page has: a favicon at the site's root and one in each page's head."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_favicon_ico_answers_at_the_site_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an icon file's signature


def test_every_page_links_the_favicon_and_it_is_served(client):
    body = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/favicon.ico"' in body
    assert 'href="/static/favicon.svg" type="image/svg+xml"' in body
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200
    assert b"<svg" in b"".join(svg.streaming_content)


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Page not found"), ("it", "Pagina non trovata"), ("pl", "Nie znaleziono strony")],
)
def test_a_missing_page_is_the_sites_own_page_in_the_readers_language(
    client, settings, language, heading
):
    # A stale link from an old printout: the site's page, with its header and a way
    # home, not the server's bare English "Not Found".
    settings.DEBUG = False
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get("/t/no-such-table-link/")
    assert response.status_code == 404
    body = response.content.decode()
    assert f"<h1>{heading}</h1>" in body
    assert 'class="site-header"' in body and f'href="{reverse("home")}"' in body


def test_a_server_error_page_is_translated_and_needs_no_request(settings):
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("pt-br"):
        page = render_to_string("500.html")
    assert "<h1>Algo deu errado</h1>" in page
