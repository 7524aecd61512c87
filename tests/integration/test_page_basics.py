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
