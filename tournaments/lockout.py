"""The page a locked-out sign-in gets (django-axes calls it): plain words and how long
to wait, with 429 so scripts and proxies know it is a limit, not a server fault."""

from __future__ import annotations

import math

from axes.helpers import get_cool_off
from django.shortcuts import render


def locked_out(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else None
    response = render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
