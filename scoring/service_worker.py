"""The service worker script, served from the site's root so that it may look after
the table pages (/t/...) and seat pages (/s/...) both."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def service_worker(request):
    # Never cached by HTTP: a changed worker must reach the phones on their next visit.
    return render(request, "scoring/sw.js", content_type="text/javascript; charset=utf-8")
