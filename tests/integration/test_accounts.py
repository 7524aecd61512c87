"""Organiser accounts on a site deployed from nothing: the first organiser is made by a
command, a forgotten password is reset by e-mail only where the site can send one, and
a signed-in organiser changes their own password in the site's own pages."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import override_settings

pytestmark = pytest.mark.django_db


def create_organiser(monkeypatch, *args: str, password: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    out = io.StringIO()
    call_command("create_organiser", *args, "--password-stdin", stdout=out)
    return out.getvalue()


def test_the_first_organiser_is_made_by_a_command_and_can_sign_in(client, monkeypatch):
    output = create_organiser(
        monkeypatch, "mary", "--email", "mary@club.example", password="a long club secret"
    )
    assert "mary" in output
    assert client.login(username="mary", password="a long club secret")
    assert get_user_model().objects.get(username="mary").email == "mary@club.example"


def test_a_weak_password_or_a_taken_name_is_refused_in_plain_words(monkeypatch):
    with pytest.raises(CommandError, match="too common|too short"):
        create_organiser(monkeypatch, "mary", password="password")
    assert not get_user_model().objects.filter(username="mary").exists()
    create_organiser(monkeypatch, "mary", password="a long club secret")
    with pytest.raises(CommandError, match="already an account 'Mary'.*changepassword"):
        create_organiser(monkeypatch, "Mary", password="another long secret")


def test_without_email_the_reset_page_says_who_can_help_and_claims_no_mail(client):
    get_user_model().objects.create_user("mary", "mary@club.example", "a long club secret")
    page = client.get("/accounts/password_reset/")
    assert page.status_code == 200
    assert "cannot send e-mail" in page.content.decode()
    assert "changepassword" in page.content.decode()
    sent = client.post("/accounts/password_reset/", {"email": "mary@club.example"}, follow=True)
    assert "cannot send e-mail" in sent.content.decode()
    assert "on its way" not in sent.content.decode() and not mail.outbox


@override_settings(
    PASSWORD_RESET_BY_EMAIL=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
)
def test_with_email_a_reset_link_arrives_and_sets_a_new_password(client):
    get_user_model().objects.create_user("mary", "mary@club.example", "a long club secret")
    sent = client.post("/accounts/password_reset/", {"email": "mary@club.example"}, follow=True)
    assert "on its way" in sent.content.decode()
    assert len(mail.outbox) == 1 and "mary" in mail.outbox[0].body
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Set a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a brand new secret", "new_password2": "a brand new secret"},
        follow=True,
    )
    assert "Your new password is set" in done.content.decode()
    assert client.login(username="mary", password="a brand new secret")


def test_an_organiser_changes_their_password_in_the_site_pages(client):
    user = get_user_model().objects.create_user("mary", "", "a long club secret")
    client.force_login(user)
    home = client.get("/").content.decode()
    assert 'href="/accounts/password_change/"' in home
    page = client.get("/accounts/password_change/").content.decode()
    assert "Change your password" in page and "site.css" in page
    done = client.post(
        "/accounts/password_change/",
        {
            "old_password": "a long club secret",
            "new_password1": "a brand new secret",
            "new_password2": "a brand new secret",
        },
        follow=True,
    )
    assert "Password changed" in done.content.decode()
    client.logout()
    assert client.login(username="mary", password="a brand new secret")
