"""A finished printout's PDF, as the page and the API both hand it out."""

from __future__ import annotations

from django.http import FileResponse, Http404
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.models import PrintJob


def pdf_response(job: PrintJob) -> FileResponse:
    """The job's PDF as a download named after the tournament; 404 until it is done."""
    if job.status != PrintJob.Status.DONE or not job.pdf:
        raise Http404(_("This printout is not ready."))
    filename = f"{slugify(job.tournament.name) or 'tournament'}-{job.kind}.pdf"
    return FileResponse(
        job.pdf.open("rb"), as_attachment=True, filename=filename, content_type="application/pdf"
    )
