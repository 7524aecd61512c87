"""Organiser accounts: the pages Django's auth views do not get right on their own."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import PasswordResetView
from django.shortcuts import render


class PasswordReset(PasswordResetView):
    """Django's reset form answers "we've e-mailed you" even when no mail can leave the
    site; without e-mail set up, it says who can set a new password instead."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def get(self, request, *args, **kwargs):
        if not settings.PASSWORD_RESET_BY_EMAIL:
            return render(request, "registration/password_reset_unavailable.html")
        return super().get(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        if not settings.PASSWORD_RESET_BY_EMAIL:
            return render(request, "registration/password_reset_unavailable.html")
        return super().post(request, *args, **kwargs)


password_reset = PasswordReset.as_view()
