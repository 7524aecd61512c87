"""Organiser accounts: the pages Django's auth views do not get right on their own."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

_reset_by_email = PasswordResetView.as_view(
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)


def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's reset form answers "we've e-mailed you" even when no mail can leave the
    site; without e-mail set up, say who can set a new password instead."""
    if not settings.PASSWORD_RESET_BY_EMAIL:
        return render(request, "registration/password_reset_unavailable.html")
    return _reset_by_email(request)
